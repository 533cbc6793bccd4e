"""Building the ahead-of-time kernels (``native``): numba compiles C-callable entry points,
llvmlite turns them into machine code for this processor, a linker (when there is one)
into a shared library.

Imported only to build (it imports numba). Each entry point takes plain integers and
pointers to 64-bit words, the caller's memory: the kernels it calls allocate nothing, so
the code needs neither numba's runtime nor Python's. What numba still declares for its
error paths (Python's API, its runtime) is defined here as a trap: those paths are dead
(the kernels raise nothing), and the library then needs only the C maths library.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any


def _queens_count() -> dict[str, Any]:
    """The constellation counter's entry points (see ``native.PARTS``)."""
    from numba import cfunc, types
    from numba.np.numpy_support import carray

    from . import _constellations as k

    i64 = types.int64
    words = types.CPointer(types.int64)

    @cfunc(types.int64(i64, words, i64, i64, words, words))
    def below(n, prefix, length, budget, scratch, out):
        got = k.below_into(
            n, carray(prefix, (length,)), budget, carray(scratch, (k.SCRATCH * (n + 1),))
        )
        res = carray(out, (4,))
        res[0] = got[0]
        res[1] = got[1]
        res[2] = got[2]
        res[3] = 1 if got[3] else 0
        return 0

    @cfunc(types.float64(i64, words, i64, i64, i64, words))
    def probe(n, prefix, length, probes, seed, scratch):
        return k.probe_into(
            n, carray(prefix, (length,)), probes, seed, carray(scratch, (k.SCRATCH * (n + 1),))
        )

    @cfunc(types.int64(i64, words))
    def constellations(n, out):
        cap = max(16, n * n * n * n // 4)
        return k.constellations_into(n, carray(out, (cap, 5)))

    return {"below": below, "probe": probe, "constellations": constellations}


def _tours_count() -> dict[str, Any]:
    """The tour counter's entry points: the one-word count and the probe (``native``)."""
    from numba import cfunc, types
    from numba.np.numpy_support import carray

    from . import _count as k

    i64 = types.int64
    words = types.CPointer(types.int64)
    halves = types.CPointer(types.int32)
    uwords = types.CPointer(types.uint64)
    nbytes = types.CPointer(types.uint8)

    @cfunc(types.int64(i64, uwords, uwords, halves, i64, i64, i64, words, uwords, words))
    def below_bits(n, attacks, dirs, path, length, closed, budget, stack, scratch, out):
        got = k.tours_below_bits_into(
            carray(attacks, (n,)),
            carray(dirs, (16,)),
            carray(path, (length,)),
            closed != 0,
            budget,
            carray(stack, (n,)),
            carray(scratch, (4 * n,)),
        )
        res = carray(out, (3,))
        res[0] = got[0]
        res[1] = got[1]
        res[2] = 1 if got[2] else 0
        return 0

    @cfunc(
        types.float64(i64, halves, i64, halves, halves, i64, i64, i64, i64, nbytes, halves, halves)
    )
    def probe(n, nb, edges, off, path, length, closed, probes, seed, visited, deg, walked):
        return k.tours_probe_into(
            carray(nb, (edges,)),
            carray(off, (n + 1,)),
            carray(path, (length,)),
            closed != 0,
            probes,
            seed,
            carray(visited, (n,)),
            carray(deg, (n,)),
            carray(walked, (n + 8,)),
        )

    return {"below_bits": below_bits, "probe": probe}


BUILDERS = {"queens-count": _queens_count, "tours-count": _tours_count}

_DECLARE = re.compile(r"declare (?P<head>.*?)@(?P<name>\"[^\"]+\"|[\w.$]+)\((?P<tail>.*)$")
_EXTERNAL = re.compile(
    r"^@(?P<name>\"[^\"]+\"|[\w.$]+) = external (?:dso_local )?global (?P<ty>\S+)"
)


def _self_contained(ir: str) -> str:
    """The module with every external function but LLVM's intrinsics and the C maths
    library's defined as a trap, every external variable as a private zero."""
    maths = {"log", "log1p", "exp", "expm1", "sqrt", "pow", "fabs", "floor", "ceil"}
    out = []
    for line in ir.splitlines():
        m = _DECLARE.match(line)
        if m and not m["name"].startswith("llvm.") and m["name"] not in maths:
            head = re.sub(r"\b(dso_local|noalias|noundef|local_unnamed_addr)\b ?", "", m["head"])
            body = "{\n  call void @llvm.trap()\n  unreachable\n}"
            line = f"define internal {head}@{m['name']}({m['tail']} {body}"
        e = _EXTERNAL.match(line)
        if e:
            line = f"@{e['name']} = internal global {e['ty']} zeroinitializer"
        out.append(line)
    if "declare void @llvm.trap()" not in ir:
        out.append("declare void @llvm.trap()")
    return "\n".join(out) + "\n"


def linker() -> str | None:
    """A C compiler driver to link with (``$CC``, else cc, gcc or clang), or None."""
    if sys.platform == "win32":
        return None
    for name in (os.environ.get("CC", ""), "cc", "gcc", "clang"):
        found = shutil.which(name) if name else None
        if found:
            return found
    return None


def build(part: str, target: Path) -> tuple[Path, dict[str, str]]:
    """Compile ``part``'s entry points into ``target`` plus ``.so`` (linked) or ``.o``
    (for llvmlite to load); returns the file and each entry's symbol."""
    import llvmlite.binding as ll

    entries = BUILDERS[part]()
    ll.initialize_native_target()
    ll.initialize_native_asmprinter()
    machine = ll.Target.from_default_triple().create_target_machine(
        cpu=ll.get_host_cpu_name(),
        features=ll.get_host_cpu_features().flatten(),
        opt=3,
        reloc="pic",
        codemodel="default",
    )
    modules = [
        ll.parse_assembly(_self_contained(str(fn._library._final_module)))
        for fn in entries.values()
    ]
    for other in modules[1:]:
        modules[0].link_in(other)
    modules[0].verify()
    data = machine.emit_object(modules[0])
    symbols = {name: fn.native_name for name, fn in entries.items()}
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        staged = Path(tmp) / "lib.o"
        staged.write_bytes(data)
        cc = linker()
        if cc is not None:
            linked = Path(tmp) / "lib.so"
            done = subprocess.run(
                [cc, "-shared", "-o", str(linked), str(staged), "-lm"],
                capture_output=True,
                check=False,
            )
            if done.returncode == 0:
                staged = linked
        final = target.with_suffix(staged.suffix)
        os.replace(staged, final)
    return final, symbols
