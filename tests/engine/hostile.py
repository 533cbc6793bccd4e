"""Hostile ``.knightviz`` files, made from a valid one: the mutations the hostile-input tests
and ``benchmarks/hostile_files.py`` try (a field replaced, a part cut, grown or declaring a
size it does not have, entries missing or twice)."""

from __future__ import annotations

import io
import json
import math
import struct
import zipfile
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any

from knightviz.engine import tour_search
from knightviz.engine.board import FULL
from knightviz.engine.legal import Rules
from knightviz.engine.recording import Recording
from knightviz.engine.runfile import RunFileError, SavedRun, read_run, rebuild, write_run

from .test_recording import record

#: The valid file's puzzle: the knight on a full 6x6 board.
RULES = Rules.tour(6, 6, FULL)

PARTS = ("run.json", "steps.bin", "checkpoints.bin", "solutions.bin")

#: Values a field may be replaced by: wrong types, huge and negative numbers, non-finite
#: numbers (as Python's json writes them), deep nesting.
ODD_VALUES: list[Any] = [
    None,
    True,
    "1",
    "",
    [],
    {},
    [1, 2, 3],
    -1,
    -5,
    0,
    10**15,
    10**26,
    2**63,
    -(2**63),
    1e30,
    1.5,
    -0.5,
    math.nan,
    math.inf,
    -math.inf,
    [[[[[[[[[[0]]]]]]]]]],
]


def valid_run(tmp: Path) -> Path:
    """A valid saved run: 6x6 plain backtracking, 3,000 steps, checkpoints every 500."""
    search, rec = record(
        lambda: tour_search(6, 6, 0, heuristic="none", limit=3000), [100], checkpoint_every=500
    )
    rec.scan_markers(budget=len(rec) + 1)
    run = SavedRun(
        puzzle="knight",
        rows=6,
        cols=6,
        settings={"rows": 6, "cols": 6, "warnsdorff": False},
        start=(0, 0),
        result=search.result,
        wall_seconds=1.5,
        recording=rec.data(),
    )
    path = tmp / "good.knightviz"
    write_run(path, run)
    return path


def parts_of(path: Path) -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(path) as z:
        return [(info.filename, z.read(info)) for info in z.infolist()]


def zip_of(parts: list[tuple[str, bytes]], level: int = 6) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as z:
        for name, data in parts:
            z.writestr(name, data)
    return out.getvalue()


def bomb(
    path: Path, name: str, parts: list[tuple[str, bytes]], megabytes: int, header: Any = None
) -> Path:
    """``parts`` with ``name`` replaced by ``megabytes`` of zeros, deflated as they stream
    (never in memory at once): a 300 MB part is a file of about 300 KB. ``header``: a
    description to write instead of the one in ``parts``."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for n, data in parts:
            if n == "run.json" and header is not None:
                data = json.dumps(header).encode()
            if n != name:
                z.writestr(n, data)
                continue
            with z.open(n, "w", force_zip64=True) as f:
                zeros = b"\0" * (1 << 20)
                for _ in range(megabytes):
                    f.write(zeros)
    return path


def declare(data: bytes, name: str, size: int) -> bytes:
    """The archive ``data`` with entry ``name`` declaring ``size`` bytes once inflated (its
    local header and its central-directory record both say so; the data is unchanged)."""
    buf = bytearray(data)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        info = z.getinfo(name)
        start = z.start_dir  # type: ignore[attr-defined]
    struct.pack_into("<I", buf, info.header_offset + 22, size & 0xFFFFFFFF)
    pos = start
    while buf[pos : pos + 4] == b"PK\x01\x02":
        n, extra, comment = struct.unpack_from("<HHH", buf, pos + 28)
        if buf[pos + 46 : pos + 46 + n].decode() == name:
            struct.pack_into("<I", buf, pos + 24, size & 0xFFFFFFFF)
        pos += 46 + n + extra + comment
    return bytes(buf)


def field_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (dict keys and list indexes), the root excluded."""
    out = []
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value[:6])
    else:
        return out
    for key, child in items:
        out.append((*prefix, key))
        out.extend(field_paths(child, (*prefix, key)))
    return out


def replaced(header: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(header))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copy


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def open_run(path: Path) -> str:
    """What opening ``path`` ends in: "run" or "refused" (any other exception propagates)."""
    try:
        back = read_run(path)
        if back.recording is not None:
            rebuild(back.recording, Recording(back.recording.initial), RULES)
    except RunFileError as exc:
        text = str(exc)
        assert text and "\n" not in text and "Traceback" not in text, text
        return "refused"
    return "run"


Mutation = Callable[[list[tuple[str, bytes]]], bytes]


def unwritten_blocks(parts: list[tuple[str, bytes]], header: Any, n: int) -> bytes:
    """``n`` kept blocks of one step each over 1M-step blocks, no skipped stretch: the rest
    of each block was never written."""
    header = json.loads(json.dumps(header))
    rec = header["recording"]
    rec["block"], rec["length"] = 1 << 20, n << 20
    rec["blocks"] = [[b, 1] for b in range(n)]
    bodies = {"run.json": json.dumps(header).encode(), "steps.bin": b"\1\0\0\0" * n}
    return zip_of([(name, bodies.get(name, d)) for name, d in parts])


def far_checkpoints(parts: list[tuple[str, bytes]], header: Any, blocks: int) -> bytes:
    """``blocks`` full 1M-step blocks (a move and its backtrack, over and over, onto squares
    drawn at random so that they deflate less than 100:1) and one checkpoint, at step 0: a
    seek would replay them all in memory."""
    import random

    header = json.loads(json.dumps(header))
    rec = header["recording"]
    rec["block"], rec["length"], rec["checkpoint_every"] = 1 << 20, blocks << 20, 65536
    rec["blocks"] = [[b, 1 << 20] for b in range(blocks)]
    rec["checkpoints"] = rec["checkpoints"][:1]
    first = rec["checkpoints"][0][3]
    pick = random.Random(0)
    drawn = [pick.randrange(1, 36) for _ in range(blocks << 19)]
    bodies = {
        "run.json": json.dumps(header).encode(),
        "steps.bin": array("i", [x for x in drawn for x in (x, ~x)]).tobytes(),
        "checkpoints.bin": dict(parts)["checkpoints.bin"][: 4 * first],
    }
    return zip_of([(name, bodies.get(name, d)) for name, d in parts], level=1)


def sizes_declared(data: bytes, name: str, size: int, stored: int) -> bytes:
    """The archive ``data`` with entry ``name`` declaring ``size`` bytes inflated and
    ``stored`` bytes compressed (local header and central directory alike; the data is
    unchanged)."""
    buf = bytearray(declare(data, name, size))
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        info = z.getinfo(name)
        start = z.start_dir  # type: ignore[attr-defined]
    struct.pack_into("<I", buf, info.header_offset + 18, stored)
    pos = start
    while buf[pos : pos + 4] == b"PK\x01\x02":
        n, extra, comment = struct.unpack_from("<HHH", buf, pos + 28)
        if buf[pos + 46 : pos + 46 + n].decode() == name:
            struct.pack_into("<I", buf, pos + 20, stored)
        pos += 46 + n + extra + comment
    return bytes(buf)


def big_steps_header(header: Any, blocks: int) -> Any:
    """``header`` describing ``blocks`` full 1M-step blocks, a checkpoint at the start of
    each (so the description alone allows 4 MB of steps per block)."""
    header = json.loads(json.dumps(header))
    rec = header["recording"]
    rec["block"], rec["length"] = 1 << 20, blocks << 20
    rec["blocks"] = [[b, 1 << 20] for b in range(blocks)]
    rec["holes"] = []
    rec["checkpoints"] = [[b << 20, 0, 0, 1] for b in range(blocks)]
    return header


def huge_declared_part(parts: list[tuple[str, bytes]], header: Any) -> bytes:
    """A file of a few KB whose steps.bin declares 4 GB, inflated and stored alike, under a
    description of 1,023 full blocks that allows it."""
    header = big_steps_header(header, 1023)
    bodies = {"run.json": json.dumps(header).encode()}
    data = zip_of([(n, bodies.get(n, d)) for n, d in parts])
    return sizes_declared(data, "steps.bin", 1023 << 22, 1023 << 22)


def stored_size_lie(path: Path, parts: list[tuple[str, bytes]], header: Any) -> Path:
    """A deflate bomb of 300 MB of steps (a file of about 300 KB) that declares 3 MB stored,
    so it inflates "only" 100 times its declared stored size."""
    header = big_steps_header(header, 75)
    bomb(path, "steps.bin", parts, 300, header)
    data = path.read_bytes()
    path.write_bytes(sizes_declared(data, "steps.bin", 300 << 20, 3 << 20))
    return path


def small_bomb(path: Path, parts: list[tuple[str, bytes]], header: Any) -> Path:
    """60 MB of zero steps deflated into about 60 KB, a description that agrees: under the
    size from which the inflation ratio was checked, every byte was allocated, copied and
    replayed."""
    paths = [(n, b"\0\0\0\0" * 15 if n == "checkpoints.bin" else d) for n, d in parts]
    return bomb(path, "steps.bin", paths, 60, big_steps_header(header, 15))


def other_method(path: Path, parts: list[tuple[str, bytes]], method: int, megabytes: int) -> Path:
    """run.json replaced by ``megabytes`` of spaces compressed with ``method`` (bzip2:
    about 200 bytes for 256 MB), declaring 1 MB once inflated: the bzip2 and LZMA readers
    inflate all they read at once."""
    with zipfile.ZipFile(path, "w", method) as z:
        with z.open("run.json", "w", force_zip64=True) as f:
            blank = b" " * (1 << 20)
            for _ in range(megabytes):
                f.write(blank)
        for n, data in parts:
            if n != "run.json":
                z.writestr(n, data)
    path.write_bytes(declare(path.read_bytes(), "run.json", 1 << 20))
    return path


def many_lists(parts: list[tuple[str, bytes]]) -> bytes:
    """A description of 8 MB of one-number lists (the numbers random, so it deflates only
    about 2:1, within the inflation bound): parsed, over 100 MB of lists."""
    import random

    pick = random.Random(0)
    items = b",".join(b"[%d]" % pick.randrange(10**5) for _ in range((8 << 20) // 9))
    text = b"[" + items + b"]"
    return zip_of([(n, text if n == "run.json" else d) for n, d in parts], level=1)


def long_number(parts: list[tuple[str, bytes]], header: Any) -> bytes:
    """A description holding a 5,000-digit number."""
    text = json.dumps(header).replace('"wall_seconds": 1.5', '"wall_seconds": ' + "9" * 5000)
    return zip_of([(n, text.encode() if n == "run.json" else d) for n, d in parts])


def encrypted(parts: list[tuple[str, bytes]]) -> bytes:
    """Every entry flagged as encrypted."""
    buf = bytearray(zip_of(parts))
    with zipfile.ZipFile(io.BytesIO(bytes(buf))) as z:
        infos = z.infolist()
        start = z.start_dir  # type: ignore[attr-defined]
    for info in infos:
        buf[info.header_offset + 6] |= 1
    pos = start
    while buf[pos : pos + 4] == b"PK\x01\x02":
        buf[pos + 8] |= 1
        n, extra, comment = struct.unpack_from("<HHH", buf, pos + 28)
        pos += 46 + n + extra + comment
    return bytes(buf)


_CHILD = r"""
import json, resource, sys
from knightviz.engine.board import FULL
from knightviz.engine.legal import Rules
from knightviz.engine.recording import Recording
from knightviz.engine.runfile import RunFileError, read_run, rebuild

def status(key):
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1]) * 1024
    return 0

# At most 1 GB more address space: a reader that allocates what a file declares fails here
# with MemoryError (refused "for memory": a failure too) instead of taking the machine.
limit = status("VmSize:") + (1 << 30)
resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
try:  # the peak so far forgotten (Linux 4.0 on): only opening the file counts
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
except OSError:
    pass
before = status("VmRSS:")
try:
    run = read_run(sys.argv[1])
    if run.recording is not None:
        rebuild(run.recording, Recording(run.recording.initial), Rules.tour(6, 6, FULL))
    outcome, message = "run", ""
except RunFileError as exc:
    outcome, message = "refused", str(exc)
peak = status("VmHWM:")
print(json.dumps({"outcome": outcome, "message": message, "peak": peak - before}))
"""


def opened_in_child(path: Path) -> dict[str, Any]:
    """How opening ``path`` ends in a new process (read, then the recording rebuilt, as the
    window does): its outcome, the refusal's message and the peak resident memory it added
    (bytes). Any other exception fails the caller's assert with the child's stderr."""
    import os
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "KNIGHTVIZ_ENGINE": "python"},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result
