"""Benchmarks: knightviz's engine against plain reference implementations of the classics.

Run everything with ``python -m benchmarks`` (add ``--quick`` to skip the slow parts);
see ``benchmarks/README.md``.
"""

from . import _isolate  # noqa: F401  (a scratch settings home, before any window)
