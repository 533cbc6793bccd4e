"""Hostile ``.knightviz`` files, made from a valid one: the mutations the hostile-input tests
and ``benchmarks/hostile_files.py`` try (a field replaced, a part cut, grown or declaring a
size it does not have, entries missing or twice)."""

from __future__ import annotations

import io
import json
import math
import struct
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from knightviz.engine import tour_search
from knightviz.engine.recording import Recording
from knightviz.engine.runfile import RunFileError, SavedRun, read_run, rebuild, write_run

from .test_recording import record

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
            rebuild(back.recording, Recording(back.recording.initial))
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
    """``blocks`` full 1M-step blocks (a move and its backtrack, over and over) and one
    checkpoint, at step 0: a seek would replay them all in memory."""
    header = json.loads(json.dumps(header))
    rec = header["recording"]
    rec["block"], rec["length"], rec["checkpoint_every"] = 1 << 20, blocks << 20, 65536
    rec["blocks"] = [[b, 1 << 20] for b in range(blocks)]
    rec["checkpoints"] = rec["checkpoints"][:1]
    first = rec["checkpoints"][0][3]
    bodies = {
        "run.json": json.dumps(header).encode(),
        "steps.bin": b"\1\0\0\0\xfe\xff\xff\xff" * (blocks << 19),
        "checkpoints.bin": dict(parts)["checkpoints.bin"][: 4 * first],
    }
    return zip_of([(name, bodies.get(name, d)) for name, d in parts], level=1)
