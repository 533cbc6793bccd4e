"""The compiled backend (numba): the kernels, and what reaches them without waiting.

Cheap to import (no numba here) and safe from any thread. Which backend runs, and loading
the kernels, is ``backends``' business (the one policy); its names are also here, for the
callers that reach the compiled engine through this package. The getters below hand out a
compiled helper only when the kernels are loaded already, so nothing ever waits for a JIT.

What is where: ``tables`` (neighbour tables, ranks), ``tours`` and ``queens`` (the compiled
searches, on the loops of ``_search``), ``counting`` (the counters of ``_count``), ``_scan``
(the recording's passes), ``loading`` (numba's cache and the warm-up).
"""

from __future__ import annotations

from ..backends import (
    AUTO,
    BACKENDS,
    ENV,
    NUMBA,
    PYTHON,
    BackendError,
    available,
    choose,
    load,
    ready,
    timings,
)
from .loading import cache_dir, release_compiler_memory

TYPE_CHECKING = False  # (not typing's: importing typing costs a command ~7 ms)
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "AUTO",
    "BACKENDS",
    "ENV",
    "NUMBA",
    "PYTHON",
    "BackendError",
    "available",
    "block_depths",
    "cache_dir",
    "choose",
    "depth_fold",
    "legal_check",
    "load",
    "ready",
    "release_compiler_memory",
    "scanner",
    "timings",
]


def scanner() -> Any:
    """The compiled marker scan for recordings (``recording.Scanner``), or None when the
    kernels are not loaded."""
    if not ready():
        return None
    from . import _scan

    return _scan.scanner


def legal_check() -> Any:
    """The compiled check of a recording's steps against a puzzle's rules
    (``_scan.legal_check``), or None when the kernels are not loaded."""
    if not ready():
        return None
    from . import _scan

    return _scan.legal_check


def block_depths() -> Any:
    """The compiled per-block depth pass for the search tree's index, or None when the
    kernels are not loaded."""
    if not ready():
        return None
    from . import _scan

    return _scan.block_depths


def depth_fold() -> Any:
    """The compiled depth fold for the steps chart (``_scan.fold``), or None when the
    kernels are not loaded."""
    if not ready():
        return None
    from . import _scan

    return _scan.fold
