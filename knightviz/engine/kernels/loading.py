"""Loading the compiled kernels: numba's cache, every kernel compiled, the compiler's memory.

Reached only through ``backends.load`` (which keeps the state: loaded or not, and how long
it took); cheap to import, as nothing here imports numba until ``import_kernels``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

TYPE_CHECKING = False  # (not typing's: importing typing costs a command ~7 ms)

if TYPE_CHECKING:
    from pathlib import Path


def cache_dir() -> Path | None:
    """Where numba keeps compiled kernels when it cannot write next to the source.

    None when the package directory is writable (numba's own ``__pycache__`` is used).
    Otherwise ``$XDG_CACHE_HOME/knightviz/numba`` (default ``~/.cache/knightviz/numba``).
    """
    from pathlib import Path  # (here: a quick count never asks, and pathlib is not free)

    here = Path(__file__).resolve().parent
    pycache = here / "__pycache__"
    if os.access(pycache if pycache.is_dir() else here, os.W_OK):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "knightviz" / "numba"


def configure_cache() -> None:
    """Point numba at ``cache_dir()`` when the package directory is read-only."""
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


def import_kernels() -> Callable[[], None]:
    """Import numba and every kernel module; returns what compiles (or cache-loads) them
    all, with the argument types of real runs."""
    from . import _scan, constellations, counting, queens, tours

    def warm_up() -> None:
        tours.warm_up()
        queens.warm_up()
        counting.warm_up()
        constellations.warm_up()
        _scan.warm_up()
        for other in list(_others):  # the puzzles' own loops
            other()

    return warm_up


#: Groups of kernels a command may load alone (``backends.load(part)``): the module of
#: this package whose ``warm_up`` compiles (or cache-loads) them.
PARTS = {"queens-count": "constellations", "tours-count": "counting"}


def load_part(part: str) -> None:
    """Import numba and one group of kernels (``PARTS``), and compile or cache-load it."""
    import importlib

    module = importlib.import_module(f"{__package__}.{PARTS[part]}")
    module.warm_up()


#: Warm-ups of compiled loops kept outside this package (a puzzle's own, registered by the
#: puzzle registry as it finds each puzzle): run by ``backends.load`` with the engine's.
_others: list[Callable[[], None]] = []


def register_warm_up(warm_up: Callable[[], None]) -> None:
    """Have ``backends.load`` compile (or cache-load) more loops. Registered after the
    kernels are loaded, they compile on their first use instead."""
    if warm_up not in _others:
        _others.append(warm_up)


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
