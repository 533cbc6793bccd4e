"""The cores a count may use here, and whether a process pool would fork its workers.

Cheap to import (``os``, ``sys``, ``threading``): the quick counts (``cli.quick``) ask before
anything else of the engine loads, and the process pools (``parallel.runners``) ask the same.
"""

from __future__ import annotations

import os
import sys
import threading


def usable_cpus() -> int:
    """CPUs this process may run on (its affinity mask where the platform has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def forks() -> bool:
    """Worker processes started now would be forked: Linux (where ``fork`` is a start method
    of every Python) and this process's only thread (forking one with threads is not safe).
    Forked workers start in milliseconds with the kernels this process has loaded, so they
    pay for themselves on much shorter work than workers that each start a Python."""
    return (
        sys.platform.startswith("linux") and hasattr(os, "fork") and threading.active_count() == 1
    )
