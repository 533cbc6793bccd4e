"""Which engine runs the work: the one backend policy (pure-Python reference or compiled).

Cheap to import (no numba here) and safe from any thread. ``available()`` says whether
numba could be imported, ``ready()`` whether the kernels are compiled (or loaded from
numba's cache) in this process, ``load()`` does that, blocking (the window calls it from a
background thread once it has painted; the command line when the command's estimated time
pays for it, ``worth_loading``). A new search or count picks its backend with ``choose``:
an explicit ``backend=`` argument wins, then the environment variable ``KNIGHTVIZ_ENGINE``
(``python``, ``numba`` or ``auto``), then the auto rule: numba when the kernels are ready,
Python otherwise, so that nothing ever waits for a JIT.

The speed figures below are what every estimate of a job's time is made of (measured on the
benchmark machine by ``benchmarks/engine_compiled.py`` and ``benchmarks/engine_counting.py``).
"""

from __future__ import annotations

import os
import threading
from time import perf_counter

ENV = "KNIGHTVIZ_ENGINE"
PYTHON, NUMBA, AUTO = "python", "numba", "auto"
BACKENDS = (PYTHON, NUMBA)

# -- speed figures -----------------------------------------------------------------------------

#: Loading the compiled kernels costs about this much once per process (numba import
#: 0.25 s + loading the cached kernels 0.2 s; the very first run on a machine also compiles
#: them, about 5 s, and caches them).
KERNEL_LOAD_SECONDS = 0.5
#: Pure-Python speeds (steps per second): plain backtracking, and Warnsdorff's walk with its
#: table building.
PY_PLAIN_STEPS = 4e6
PY_GUIDED_STEPS = 1e6
#: The compiled plain search's speed (steps per second).
PLAIN_STEPS = 1e8
#: How much faster a search runs compiled, roughly (a sweep's time once the kernels load).
COMPILED_SPEEDUP = 20
#: Queens placed per second when every solution is listed.
QUEENS_LIST_RATE = {NUMBA: 3e7, PYTHON: 1.5e6}
#: Counting: nodes per second per core, by (kind, backend, board of up to 64 squares). The
#: compiled one-word figures are the counts' own speeds on one core (6x6 tours, N = 14-16),
#: as ``benchmarks/engine_plans.py`` measures them beside the plans' forecasts.
COUNT_RATES = {
    ("tours", NUMBA, True): 6.0e7,  # one-word kernel, boards of up to 64 squares
    ("tours", NUMBA, False): 1.0e7,
    ("tours", PYTHON, True): 4e5,
    ("tours", PYTHON, False): 4e5,
    ("queens", NUMBA, True): 1.0e8,  # start constellations (fewer, dearer nodes)
    ("queens", PYTHON, True): 1.5e6,
}

_lock = threading.Lock()
_ready = False
#: Seconds spent by ``load`` in this process: "import" (numba and the kernel modules),
#: "compile" (compiling, or loading every kernel from the cache, by a warm-up run), and
#: "released" (bytes of the compiler's memory handed back afterwards).
timings: dict[str, float] = {}


class BackendError(ValueError):
    """An engine backend that does not exist or cannot run here; the message says why."""


def requested() -> str:
    """What ``KNIGHTVIZ_ENGINE`` asks for, as written (lower case; ``auto`` when unset)."""
    return os.environ.get(ENV, "").strip().lower() or AUTO


def pinned_python() -> bool:
    """``KNIGHTVIZ_ENGINE=python``: nothing may load the compiled engine."""
    return requested() == PYTHON


def available() -> bool:
    """numba (and numpy) can be imported here; checked without importing them."""
    try:
        import importlib.util

        return all(importlib.util.find_spec(name) is not None for name in ("numba", "numpy"))
    except (ImportError, ValueError):
        return False


def ready() -> bool:
    """The kernels are compiled or loaded in this process, so a search can use them at once."""
    return _ready


def may_load() -> bool:
    """The compiled engine can still come to this process: numba is here, the kernels are
    not loaded yet, and the environment does not pin the pure-Python engine."""
    return not _ready and available() and not pinned_python()


#: Groups of kernels loaded alone (``load(part)``): a counting command needs one.
_parts: set[str] = set()


def parts() -> tuple[str, ...]:
    """The kernel groups loaded alone in this process (empty once every kernel is)."""
    return () if _ready else tuple(sorted(_parts))


def load(part: str | None = None) -> None:
    """Import numba and compile or cache-load every kernel (blocking; idempotent).

    With ``part`` (a key of ``loading.PARTS``), only that group: what a one-shot counting
    command runs (loading every kernel costs such a command more than its work; the
    others would still compile, or load from the cache, on their first call). ``choose``
    then picks the compiled engine, as after a full load.
    """
    global _ready
    if _ready or (part is not None and part in _parts):
        return
    with _lock:
        if _ready or (part is not None and part in _parts):
            return
        if not available():
            raise BackendError("the compiled engine needs numba, which is not installed")
        if part is not None:
            t0 = perf_counter()
            _load_part(part)
            timings[part] = perf_counter() - t0
            _parts.add(part)
            return
        from .kernels import loading

        loading.configure_cache()
        t0 = perf_counter()
        warm_up = loading.import_kernels()
        t1 = perf_counter()
        warm_up()
        t2 = perf_counter()
        timings["import"] = t1 - t0
        timings["compile"] = t2 - t1
        timings["released"] = loading.release_compiler_memory()
        _ready = True


def _load_part(part: str) -> None:
    """One group of kernels: from its library built ahead of time (``kernels.native``: no
    numba in the process) when there is one for these sources and this processor; else
    through numba, and then the library is built for the next process."""
    from .kernels import native

    if native.load(part):
        timings["native"] = 1.0
        return
    from .kernels import loading

    loading.configure_cache()
    loading.load_part(part)
    if native.enabled() and part in native.PARTS:
        t0 = perf_counter()
        native.build(part)
        timings["native build"] = perf_counter() - t0


def worth_loading(python_seconds: float, part: str | None = None) -> bool:
    """Load the kernels when work estimated at ``python_seconds`` on the pure-Python engine
    pays for it (more than ``KERNEL_LOAD_SECONDS``); True when they are loaded.

    ``KNIGHTVIZ_ENGINE=python`` or a machine without numba keep everything pure Python;
    ``KNIGHTVIZ_ENGINE=numba`` loads them anyway, with the first search.
    """
    if pinned_python() or not available() or python_seconds <= KERNEL_LOAD_SECONDS:
        return False
    load(part)
    return True


def choose(backend: str | None = None) -> str:
    """The backend for new work: "python" or "numba" (see the module docstring)."""
    wanted = backend
    if wanted is None or wanted == AUTO:
        wanted = requested()
        source = f"{ENV}={wanted}"
    else:
        source = f"backend={wanted!r}"
    if wanted == AUTO:
        return NUMBA if _ready or _parts else PYTHON
    if wanted == PYTHON:
        return PYTHON
    if wanted == NUMBA:
        if not _parts:
            load()
        return NUMBA
    raise BackendError(f"unknown engine backend ({source}): use python, numba or auto")
