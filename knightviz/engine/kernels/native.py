"""The counting kernels compiled ahead of time: machine code loaded without numba.

Importing numba and loading even one cached kernel costs a process about 0.8 s, more than a
whole count of N = 15 queens or of the 6×6 tours takes. So the kernels a counting command
runs (a part of ``loading.PARTS``) are also built, once per machine, into a shared library
(or, with no C compiler to link it, an object file that llvmlite loads, about 0.05 s) and
called through ctypes: loading it takes milliseconds, and neither numba nor numpy is
imported.

The library is built on this machine, on the first count that loads its part through numba
(``_native_build``: numba compiles C-callable entry points, llvmlite emits code for this
processor), and kept in ``directory()`` under a name keyed by the kernels' source, the
builder's source and the processor (``key``): an edited kernel or another machine's
library is never loaded, it is built anew. Anything missing, stale or failing leaves the
part to numba, silently: the counts are the same (the entry points run the same compiled
functions on the caller's memory). ``KNIGHTVIZ_NATIVE=0`` turns this off.

Cheap to import: a few modules of the standard library (not ``pathlib`` nor ``hashlib``,
which cost a count of N = 14 queens a fifth of its time), so that the quick counts
(``cli.quick``) start at once.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
from collections.abc import Sequence
from functools import lru_cache

TYPE_CHECKING = False  # (not typing's: importing typing costs a command ~7 ms)

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

ENV = "KNIGHTVIZ_NATIVE"
ENV_DIR = "KNIGHTVIZ_NATIVE_DIR"

_I64 = ctypes.c_int64
_W = ctypes.POINTER(ctypes.c_int64)
_U = ctypes.POINTER(ctypes.c_uint64)
_H = ctypes.POINTER(ctypes.c_int32)
_B = ctypes.POINTER(ctypes.c_uint8)

#: Per part: the kernel sources its code comes from (beside ``_native_build.py``), and each
#: entry point's C signature (result, arguments), as ``_native_build`` declares it.
PARTS: dict[str, tuple[tuple[str, ...], dict[str, tuple[Any, list[Any]]]]] = {
    "queens-count": (
        ("_constellations.py",),
        {
            "below": (_I64, [_I64, _W, _I64, _I64, _W, _W]),
            "probe": (ctypes.c_double, [_I64, _W, _I64, _I64, _I64, _W]),
            "constellations": (_I64, [_I64, _W]),
        },
    ),
    "tours-count": (
        ("_count.py",),
        {
            "below_bits": (_I64, [_I64, _U, _U, _H, _I64, _I64, _I64, _W, _U, _W]),
            "probe": (
                ctypes.c_double,
                [_I64, _H, _I64, _H, _H, _I64, _I64, _I64, _I64, _B, _H, _H],
            ),
        },
    ),
}

_HERE = os.path.dirname(os.path.realpath(__file__))
_lock = threading.Lock()
#: The loaded parts: entry name -> ctypes function.
_loaded: dict[str, dict[str, Any]] = {}
#: What keeps loaded code mapped (libraries, llvmlite's engines).
_keep: list[Any] = []


def enabled() -> bool:
    """Not turned off by ``KNIGHTVIZ_NATIVE=0`` (or ``off``, ``no``, ``false``)."""
    return os.environ.get(ENV, "").strip().lower() not in ("0", "off", "no", "false")


def directory() -> Path:
    """Where the built libraries are kept: ``$KNIGHTVIZ_NATIVE_DIR``, else
    ``$XDG_CACHE_HOME/knightviz/native`` (default ``~/.cache/knightviz/native``)."""
    from pathlib import Path

    return Path(_directory())


def _directory() -> str:
    explicit = os.environ.get(ENV_DIR)
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "knightviz", "native")


def _processor() -> str:
    """What the code was built for: the architecture, and on Linux the processor's model
    and feature flags (the build targets this processor's instructions)."""
    uname = getattr(os, "uname", None)
    found = [uname().machine if uname is not None else _platform().machine(), sys.platform]
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as info:
            for line in info:
                if not line.strip():
                    break  # the first processor's block is enough
                name = line.split(":", 1)[0].strip()
                if name in ("model name", "flags", "Features", "CPU part"):
                    found.append(line.strip())
    except OSError:
        found.append(_platform().processor())
    return "\n".join(found)


def _platform() -> Any:
    import platform  # (where there is no /proc/cpuinfo: a count on Linux starts sooner)

    return platform


@lru_cache(maxsize=8)
def key(part: str) -> str:
    """The part's library's name: a hash of its kernel sources, the builder and the
    processor (so an edited kernel is never run from an old library)."""
    digest = _sha256()(part.encode())
    for name in (*PARTS[part][0], "_native_build.py"):
        with open(os.path.join(_HERE, name), "rb") as source:
            digest.update(source.read())
    digest.update(_processor().encode())
    return f"{part}-{digest.hexdigest()[:24]}"


def _sha256() -> Any:
    """SHA-256 from the interpreter's own module (``_sha256`` to Python 3.11, ``_sha2``
    from 3.12): ``hashlib`` loads OpenSSL first (about 8 ms), and the digest is the same."""
    import importlib

    for name in ("_sha256", "_sha2"):
        try:
            return importlib.import_module(name).sha256
        except (ImportError, AttributeError):
            continue
    from hashlib import sha256

    return sha256


def loaded(part: str) -> bool:
    """``part`` runs from its library in this process."""
    return part in _loaded


def function(part: str, name: str) -> Any:
    """An entry point of a loaded part, or None (then numba runs it)."""
    got = _loaded.get(part)
    return None if got is None else got[name]


def load(part: str) -> bool:
    """Load ``part``'s library if it is built for these sources and this processor; False
    (and nothing loaded) otherwise."""
    if part in _loaded:
        return True
    if part not in PARTS or not enabled():
        return False
    with _lock:
        if part in _loaded:
            return True
        try:
            found = _open(part)
        except (OSError, ValueError, AttributeError, ImportError, RuntimeError):
            return False
        if found is None:
            return False
        _loaded[part] = found
        return True


def _open(part: str) -> dict[str, Any] | None:
    base = os.path.join(_directory(), key(part))
    try:
        with open(base + ".symbols", encoding="ascii") as manifest:
            lines = manifest.read().splitlines()
    except FileNotFoundError:
        return None
    symbols = dict(line.split(" ", 1) for line in lines)
    signatures = PARTS[part][1]
    if set(symbols) != set(signatures):
        return None
    shared = base + ".so"
    if os.path.isfile(shared):
        library = ctypes.CDLL(shared)
        _keep.append(library)
        address = {
            name: ctypes.cast(getattr(library, sym), ctypes.c_void_p).value or 0
            for name, sym in symbols.items()
        }
    else:
        address = _jit_object(base + ".o", symbols)
    out = {}
    for name, (result, arguments) in signatures.items():
        if not address[name]:
            return None
        out[name] = ctypes.CFUNCTYPE(result, *arguments)(address[name])
    return out


def _jit_object(path: str, symbols: dict[str, str]) -> dict[str, int]:
    """The object file's entry points, loaded by llvmlite's MCJIT (no linker was found)."""
    import llvmlite.binding as ll

    with open(path, "rb") as obj:
        data = obj.read()
    ll.initialize_native_target()
    ll.initialize_native_asmprinter()
    machine = ll.Target.from_default_triple().create_target_machine(reloc="pic")
    engine = ll.create_mcjit_compiler(ll.parse_assembly(""), machine)
    engine.add_object_file(ll.ObjectFileRef.from_data(data))
    engine.finalize_object()
    _keep.append(engine)
    return {name: int(engine.get_function_address(sym)) for name, sym in symbols.items()}


def build(part: str) -> bool:
    """Build ``part``'s library for this machine (numba and llvmlite needed: called once
    numba has loaded the part); False, and nothing kept, if anything fails. A build that
    failed is not tried again for the same sources (a ``.failed`` mark), nor one where the
    directory cannot be written: a command would otherwise pay for it every time."""
    if part not in PARTS or not enabled():
        return False
    base = directory() / key(part)
    try:
        base.parent.mkdir(parents=True, exist_ok=True)
        if not os.access(base.parent, os.W_OK) or base.with_suffix(".failed").exists():
            return False
    except OSError:
        return False
    try:
        from . import _native_build

        _path, symbols = _native_build.build(part, base)
        staged = base.with_suffix(f".symbols.{os.getpid()}")
        staged.write_text("".join(f"{k} {v}\n" for k, v in symbols.items()), "ascii")
        os.replace(staged, base.with_suffix(".symbols"))  # last: the library is complete
        return True
    except Exception as exc:  # any failure leaves the part to numba
        import contextlib

        with contextlib.suppress(OSError):
            base.with_suffix(".failed").write_text(f"{type(exc).__name__}: {exc}\n", "utf-8")
        return False


# -- the entry points, on ctypes memory (no numpy) -------------------------------------------


def _words(values: Sequence[int]) -> Any:
    return (ctypes.c_int64 * max(1, len(values)))(*values)


def queens_below(n: int, prefix: Sequence[int], budget: int) -> tuple[int, int, int, bool]:
    """``constellations.below_compiled`` from the library."""
    out = (ctypes.c_int64 * 4)()
    scratch = (ctypes.c_int64 * (8 * (n + 1)))()
    _loaded["queens-count"]["below"](n, _words(prefix), len(prefix), budget, scratch, out)
    return out[0], out[1], out[2], bool(out[3])


def queens_log_nodes(n: int, prefix: Sequence[int], probes: int, seed: int) -> float:
    """``constellations.log_nodes_compiled`` from the library."""
    scratch = (ctypes.c_int64 * (8 * (n + 1)))()
    fn = _loaded["queens-count"]["probe"]
    return float(fn(n, _words(prefix), len(prefix), probes, seed, scratch))


def queens_constellations(n: int) -> list[tuple[tuple[int, int, int, int], int]]:
    """``constellations.constellations_compiled`` from the library."""
    out = (ctypes.c_int64 * (5 * max(16, n**4 // 4)))()
    rows = _loaded["queens-count"]["constellations"](n, out)
    flat = out[: 5 * rows]
    return [((t, b, le, r), w) for t, b, le, r, w in zip(*[iter(flat)] * 5, strict=True)]


@lru_cache(maxsize=8)
def _csr(rows: int, cols: int, order: tuple[tuple[int, int], ...]) -> tuple[Any, int, Any]:
    """(targets, their number, offsets) of ``tables.tables`` for a full board."""
    nb: list[int] = []
    off = [0]
    for sq in range(rows * cols):
        r, c = divmod(sq, cols)
        nb.extend(
            (r + dr) * cols + c + dc
            for dr, dc in order
            if 0 <= r + dr < rows and 0 <= c + dc < cols
        )
        off.append(len(nb))
    return (ctypes.c_int32 * max(1, len(nb)))(*nb), len(nb), (ctypes.c_int32 * len(off))(*off)


@lru_cache(maxsize=8)
def _bits(rows: int, cols: int, order: tuple[tuple[int, int], ...]) -> tuple[Any, Any]:
    """(attacks, dirs) of ``tables.bit_tables`` for a full board."""
    down = sorted({d for d in order if d[0] > 0})
    up = sorted({d for d in order if d[0] < 0})
    moves = [*down, *[(0, 0)] * (4 - len(down)), *up, *[(0, 0)] * (4 - len(up))]
    n = rows * cols
    attacks = [0] * n
    dirs = [0] * 16
    for k, (dr, dc) in enumerate(moves):
        if dr == 0 and dc == 0:
            continue
        mask = 0
        for r in range(rows):
            for c in range(cols):
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    sq = r * cols + c
                    mask |= 1 << sq
                    attacks[sq] |= 1 << (sq + dr * cols + dc)
        if mask:
            dirs[k] = mask
            dirs[8 + k] = abs(dr * cols + dc)
    return (ctypes.c_uint64 * n)(*attacks), (ctypes.c_uint64 * 16)(*dirs)


def tours_below_bits(
    rows: int,
    cols: int,
    order: tuple[tuple[int, int], ...],
    path: Sequence[int],
    closed: bool,
    budget: int,
) -> tuple[int, int, bool]:
    """``counting.count_below_compiled`` on a full board of up to 64 squares, from the
    library."""
    n = rows * cols
    attacks, dirs = _bits(rows, cols, order)
    out = (ctypes.c_int64 * 3)()
    fn = _loaded["tours-count"]["below_bits"]
    prefix = (ctypes.c_int32 * len(path))(*path)
    fn(
        n,
        attacks,
        dirs,
        prefix,
        len(path),
        int(closed),
        budget,
        (ctypes.c_int64 * n)(),
        (ctypes.c_uint64 * (4 * n))(),
        out,
    )
    return out[0], out[1], bool(out[2])


def tours_log_nodes(
    rows: int,
    cols: int,
    order: tuple[tuple[int, int], ...],
    path: Sequence[int],
    closed: bool,
    probes: int,
    seed: int,
) -> float:
    """``counting.tours_log_nodes_compiled`` on a full board, from the library."""
    n = rows * cols
    nb, edges, off = _csr(rows, cols, order)
    fn = _loaded["tours-count"]["probe"]
    prefix = (ctypes.c_int32 * len(path))(*path)
    return float(
        fn(
            n,
            nb,
            edges,
            off,
            prefix,
            len(path),
            int(closed),
            probes,
            seed,
            (ctypes.c_uint8 * n)(),
            (ctypes.c_int32 * n)(),
            (ctypes.c_int32 * (n + 8))(),
        )
    )
