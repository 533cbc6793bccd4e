"""The compiled backend's loader: cheap to import (no numba here), safe from any thread.

``available()`` says whether numba could be imported, ``ready()`` whether the kernels are
compiled (or loaded from numba's cache) in this process, ``load()`` does that, blocking
(the GUI calls it from a background thread once its window has painted). A new search picks
its backend with ``choose``: an explicit ``backend=`` argument wins, then the environment
variable ``KNIGHTVIZ_ENGINE`` (``python``, ``numba`` or ``auto``), then the auto rule:
numba when the kernels are ready, Python otherwise, so that nothing ever waits for a JIT.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from pathlib import Path
from time import perf_counter
from typing import Any

ENV = "KNIGHTVIZ_ENGINE"
PYTHON, NUMBA, AUTO = "python", "numba", "auto"
BACKENDS = (PYTHON, NUMBA)

_lock = threading.Lock()
_ready = False
#: Seconds spent by ``load`` in this process: "import" (numba and the kernel module) and
#: "compile" (compiling, or loading every kernel from the cache, by a warm-up run).
timings: dict[str, float] = {}


class BackendError(ValueError):
    """An engine backend that does not exist or cannot run here; the message says why."""


def available() -> bool:
    """numba (and numpy) can be imported here; checked without importing them."""
    try:
        return all(importlib.util.find_spec(name) is not None for name in ("numba", "numpy"))
    except (ImportError, ValueError):
        return False


def ready() -> bool:
    """The kernels are compiled or loaded in this process, so a search can use them at once."""
    return _ready


def cache_dir() -> Path | None:
    """Where numba keeps compiled kernels when it cannot write next to the source.

    None when the package directory is writable (numba's own ``__pycache__`` is used).
    Otherwise ``$XDG_CACHE_HOME/knightviz/numba`` (default ``~/.cache/knightviz/numba``).
    """
    here = Path(__file__).resolve().parent
    pycache = here / "__pycache__"
    if os.access(pycache if pycache.is_dir() else here, os.W_OK):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "knightviz" / "numba"


def _configure_cache() -> None:
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    target = cache_dir()
    if target is None:
        return
    target.mkdir(parents=True, exist_ok=True)
    os.environ["NUMBA_CACHE_DIR"] = str(target)
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba was imported before us: tell it directly
        config.CACHE_DIR = str(target)  # type: ignore[attr-defined]


def load() -> None:
    """Import numba and compile or cache-load every kernel (blocking; idempotent)."""
    global _ready
    if _ready:
        return
    with _lock:
        if _ready:
            return
        if not available():
            raise BackendError("the compiled engine needs numba, which is not installed")
        _configure_cache()
        t0 = perf_counter()
        from . import _scan, searches

        t1 = perf_counter()
        searches.warm_up()
        _scan.warm_up()
        t2 = perf_counter()
        timings["import"] = t1 - t0
        timings["compile"] = t2 - t1
        timings["released"] = release_compiler_memory()
        _ready = True


#: madvise(2) advice: reclaim these pages now (Linux 5.4 and later); safe for any mapping.
_MADV_PAGEOUT = 21


def release_compiler_memory() -> int:
    """Hand the JIT compiler's library pages back to the operating system.

    Importing numba maps LLVM (llvmlite's library, about 150 MB) and reads most of it in;
    once every kernel is compiled or loaded from the cache, LLVM is not used again (a call
    runs machine code numba already holds). On Linux the library's pages are reclaimed with
    ``madvise(MADV_PAGEOUT)``: about 100 MB less resident memory for a long run; the pages
    come back from the file if anything ever needs them. Returns the bytes advised (0
    elsewhere, or if the kernel refuses).
    """
    if not sys.platform.startswith("linux"):
        return 0
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        madvise = libc.madvise
        madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        madvise.restype = ctypes.c_int
        released = 0
        with open("/proc/self/maps", encoding="ascii", errors="replace") as maps:
            for line in maps:
                fields = line.split()
                if len(fields) < 6 or "llvmlite" not in fields[5]:
                    continue
                start, end = (int(x, 16) for x in fields[0].split("-"))
                if madvise(start, end - start, _MADV_PAGEOUT) == 0:
                    released += end - start
        return released
    except (OSError, AttributeError, ValueError):
        return 0


def scanner() -> Any:
    """The compiled marker scan for recordings (``recording.Scanner``), or None when the
    kernels are not loaded."""
    if not _ready:
        return None
    from . import _scan

    return _scan.scanner


def block_depths() -> Any:
    """The compiled per-block depth pass for the search tree's index, or None when the
    kernels are not loaded."""
    if not _ready:
        return None
    from . import _scan

    return _scan.block_depths


def depth_fold() -> Any:
    """The compiled depth fold for the steps chart (``_scan.fold``), or None when the
    kernels are not loaded."""
    if not _ready:
        return None
    from . import _scan

    return _scan.fold


def choose(requested: str | None = None) -> str:
    """The backend for a new search: "python" or "numba" (see the module docstring)."""
    wanted = requested
    if wanted is None or wanted == AUTO:
        wanted = os.environ.get(ENV, "").strip().lower() or AUTO
        source = f"{ENV}={wanted}"
    else:
        source = f"backend={wanted!r}"
    if wanted == AUTO:
        return NUMBA if _ready else PYTHON
    if wanted == PYTHON:
        return PYTHON
    if wanted == NUMBA:
        load()
        return NUMBA
    raise BackendError(f"unknown engine backend ({source}): use python, numba or auto")
