"""Panels: controls, counters, history, solutions, banners (and, later, stack and code)."""
