"""knightviz: watch backtracking search think (knight's tours, N-Queens)."""

__version__ = "0.1.0"
