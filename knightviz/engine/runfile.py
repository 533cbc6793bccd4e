"""Saved runs (``.knightviz`` files): a run's puzzle, settings, start, result and recording,
so a run prepared at home opens in class with its timeline to scrub.

A file is a zip archive (every entry checked by its CRC-32 when read):

- ``run.json``: ``format`` ("knightviz-run"), ``version``, ``puzzle`` (the adapter's key),
  ``rows``, ``cols``, ``settings`` (the puzzle's own, as a JSON object), ``start`` ([row,
  col]), ``anyway``, ``wall_seconds``, ``explored``, ``result`` (outcome, moves, backtracks,
  reason, solution, seconds, count), ``solutions`` (how many are kept in solutions.bin), and
  ``recording``: its length, block size, checkpoint interval, solution depth, counts,
  the skipped stretches (``holes``), the kept blocks (index and steps written), the
  checkpoints (step, moves, backtracks, path length), the markers, and ``gaps`` (the
  stretches whose steps were dropped, for information: they are simply not in the file).
- ``steps.bin``: the kept blocks' steps, one after another, 4 bytes each (little-endian
  signed: a square moved onto, or ``~square`` taken back: the engine's event encoding).
- ``checkpoints.bin``: the checkpoints' paths, one after another (4 bytes a square).
- ``solutions.bin``: each kept solution as its length, then its squares (4 bytes each).

Nothing here knows Qt or a puzzle's settings class: the app turns ``settings`` into its own.
"""

from __future__ import annotations

import bisect
import json
import math
import os
import stat
import sys
import zipfile
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from . import legal
from .board import MAX_SQUARES
from .events import Outcome, Result
from .files import atomic_file
from .legal import Rules
from .recording import BLOCK, Markers, Recording, RecordingData, merge_spans

FORMAT = "knightviz-run"
VERSION = 1
SUFFIX = ".knightviz"


class RunFileError(ValueError):
    """A file that is not a knightviz run, is damaged, or was made by a newer knightviz."""


@dataclass(slots=True)
class SavedRun:
    """One run as a file holds it."""

    puzzle: str
    rows: int
    cols: int
    settings: dict[str, Any]
    start: tuple[int, int]
    result: Result
    wall_seconds: float = 0.0
    solutions: list[tuple[int, ...]] = field(default_factory=list)
    anyway: bool = False
    explored: float | None = None
    recording: RecordingData | None = None
    #: Values a square can hold (a step ``x`` is square ``x % (rows * cols)`` holding value
    #: ``x // (rows * cols)``): 1 for a piece, more for a puzzle of digits.
    values: int = 1

    @property
    def gaps(self) -> list[tuple[int, int]]:
        """Stretches of the recording whose steps were not kept (dropped or skipped)."""
        rec = self.recording
        if rec is None:
            return []
        kept = {b for b, _, _ in rec.blocks}
        spans = list(rec.holes)
        for b in range(-(-rec.length // rec.block)):
            if b not in kept:
                spans.append((b * rec.block, min((b + 1) * rec.block, rec.length)))
        return merge_spans(spans)


# -- writing ---------------------------------------------------------------------------------


def _le(values: array[int]) -> bytes:
    """4-byte little-endian signed ints, whatever the machine."""
    if sys.byteorder == "little":
        return values.tobytes()
    swapped = array("i", values)
    swapped.byteswap()
    return swapped.tobytes()


def _result_json(result: Result) -> dict[str, Any]:
    return {
        "outcome": result.outcome.value,
        "moves": result.moves,
        "backtracks": result.backtracks,
        "reason": result.reason,
        "solution": list(result.solution) if result.solution is not None else None,
        "seconds": result.seconds,
        "count": result.count,
    }


def write_run(path: str | os.PathLike[str], run: SavedRun) -> None:
    """Write ``run`` to ``path`` (atomically: a failed write leaves no half-written file,
    and an existing file is replaced only once the new one is complete)."""
    rec = run.recording
    header: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "puzzle": run.puzzle,
        "rows": run.rows,
        "cols": run.cols,
        "values": run.values,
        "settings": run.settings,
        "start": list(run.start),
        "anyway": run.anyway,
        "wall_seconds": run.wall_seconds,
        "explored": run.explored,
        "result": _result_json(run.result),
        "solutions": len(run.solutions),
        "recording": None,
    }
    steps = bytearray()
    paths = bytearray()
    if rec is not None:
        m = rec.markers
        header["recording"] = {
            "initial": list(rec.initial),
            "length": rec.length,
            "block": rec.block,
            "checkpoint_every": rec.checkpoint_every,
            "solution_depth": rec.solution_depth,
            "finished": rec.finished,
            "counts": list(rec.counts),
            "holes": [list(h) for h in rec.holes],
            "blocks": [[b, fill] for b, fill, _ in rec.blocks],
            "checkpoints": [[s, mv, bt, len(p)] for s, p, mv, bt in rec.checkpoints],
            "markers": {
                "deepest_step": m.deepest_step,
                "deepest": m.deepest,
                "solutions": m.solutions,
                "longest_backtrack_step": m.longest_backtrack_step,
                "longest_backtrack": m.longest_backtrack,
                "scanned": m.scanned,
            },
            "scan_state": list(rec.scan_state),
            "gaps": [list(g) for g in run.gaps],
        }
        for _, _, values in rec.blocks:
            steps += _le(values)
        for _, p, _, _ in rec.checkpoints:
            paths += _le(p)
    solutions = bytearray()
    for sol in run.solutions:
        solutions += _le(array("i", [len(sol), *sol]))
    with atomic_file(path) as raw, zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("run.json", json.dumps(header, indent=1))
        # Steps compress about 4:1; level 1 is several times faster than the default
        # and almost as small (63 MB of steps for plain 8x8 from a8).
        z.writestr("steps.bin", bytes(steps), compresslevel=1)
        z.writestr("checkpoints.bin", bytes(paths), compresslevel=1)
        z.writestr("solutions.bin", bytes(solutions), compresslevel=1)


# -- reading ---------------------------------------------------------------------------------


#: Bounds a file must keep before anything in it is inflated: every refusal is cheap.
MAX_HEADER = 8 << 20  # run.json: a long run's description is a few hundred KB
MAX_NUMBER = 1 << 62  # any count (SQLite keeps 64-bit integers)
MAX_VALUES = 64  # values a square can hold (a 16×16 grid of digits: 16)
MAX_BLOCK = BLOCK  # steps in a recording block (knightviz writes exactly this many)
MAX_BLOCKS = 1 << 20  # blocks of a recording, kept or not (10^12 steps at 1 << 20 each)
MAX_KEPT = 1 << 14  # blocks held in memory (64 GB of steps: far past any budget)
MAX_CHECKPOINT_EVERY = 1 << 20  # steps between checkpoints (knightviz makes 65,536)
#: A seek replays at most this many (checkpoint interval + block) stretches from a checkpoint:
#: knightviz's own recordings need one (a checkpoint after the chunk that passed the interval).
MAX_REPLAY_BLOCKS = 2
#: Parts larger than this must not inflate more than MAX_RATIO times their stored size:
#: real steps deflate 4 to 10 times, a deflate bomb about 1000 times. Below it a part
#: inflates to at most this much, so a small file never claims much memory.
RATIO_FROM = 1 << 20
MAX_RATIO = 100
#: The compression methods knightviz writes; any other is refused before it is opened (the
#: bzip2 and LZMA readers inflate a whole read at once, with no bound).
METHODS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
#: What the description may hold, counted in its bytes before it is parsed: parsing costs
#: up to 60 bytes a value, so these keep it to tens of MB (a real one has a few objects,
#: a list per kept block and checkpoint, and a number per solution marker).
MAX_HEADER_OBJECTS = 1 << 10
MAX_HEADER_LISTS = 1 << 18
MAX_HEADER_STRINGS = 1 << 14
MAX_HEADER_VALUES = 1 << 20
#: Digits of a whole number in the description (2^62 has 19; longer ones are still read, to
#: be refused by name, but not thousands: their conversion alone is slow).
MAX_DIGITS = 64
_CHUNK = 1 << 20
BINARY = ("steps.bin", "checkpoints.bin", "solutions.bin")


def _int(value: Any, what: str, low: int = 0, high: int = MAX_NUMBER) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RunFileError(f"damaged file: {what} is not a whole number from {low} to {high:,}")
    return value


def _ints(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and abs(v) <= MAX_NUMBER for v in value
    ):
        raise RunFileError(f"damaged file: {what} is not a list of whole numbers")
    return value


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RunFileError(f"damaged file: {what} is not a number")
    x = float(value)
    if not math.isfinite(x) or x < 0:
        raise RunFileError(f"damaged file: {what} is not a finite number ≥ 0")
    return x


def _in_board(values: Sequence[int], size: int, what: str, signed: bool = False) -> None:
    if not values:
        return
    low = -size if signed else 0
    if min(values) < low or max(values) >= size:
        raise RunFileError(f"damaged file: {what} names squares off the board")


def _not_finite(text: str) -> float:
    raise RunFileError(f"damaged file: its description holds a number that is not finite ({text})")


def _finite(text: str) -> float:
    x = float(text)
    if not math.isfinite(x):
        _not_finite(text)
    return x


def _entries(z: zipfile.ZipFile, real: int) -> dict[str, zipfile.ZipInfo]:
    """The archive's entries by name: each once, none missing, and each part's declared
    sizes possible for a file of ``real`` bytes (checked before anything is inflated: what
    a part declares decides what reading it may allocate)."""
    entries: dict[str, zipfile.ZipInfo] = {}
    for info in z.infolist():
        if info.filename in entries:
            raise RunFileError(f"damaged file: {info.filename} is in it twice")
        entries[info.filename] = info
    if "run.json" not in entries:
        raise RunFileError("not a knightviz run file (no run.json inside)")
    for name in BINARY:
        if name not in entries:
            raise RunFileError(f"damaged file: {name} is missing")
    stored = 0
    for name in ("run.json", *BINARY):
        info = entries[name]
        if info.flag_bits & 0x1:
            raise RunFileError(f"not a knightviz run file: {name} is encrypted")
        if info.compress_type not in METHODS:
            raise RunFileError(
                f"not a knightviz run file: {name} is compressed in a way knightviz does "
                "not write (only stored or deflated)"
            )
        stored += info.compress_size
        if info.compress_size > real or stored > real:
            raise RunFileError(f"damaged file: {name} declares more stored bytes than the file has")
        if info.compress_type == zipfile.ZIP_STORED and info.file_size != info.compress_size:
            raise RunFileError(f"damaged file: {name} is not the size it declares")
        ratio = info.file_size // max(1, info.compress_size)
        if info.file_size > RATIO_FROM and ratio > MAX_RATIO:
            raise RunFileError(
                f"damaged file: {name} would inflate {ratio:,} times its stored size"
            )
    return entries


def _fits(info: zipfile.ZipInfo, limit: int) -> None:
    if info.file_size > limit:
        raise RunFileError(
            f"damaged file: {info.filename} declares {info.file_size:,} bytes, "
            f"its description allows {limit:,}"
        )


def _pieces(z: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> Iterator[bytes]:
    """An entry's bytes in pieces of at most 1 MB: never more than ``limit`` nor than it
    declares (the deflate reader inflates no more than it is asked for)."""
    _fits(info, limit)
    done = 0
    with z.open(info) as f:
        while done < info.file_size:
            chunk = f.read(min(_CHUNK, info.file_size - done))
            if not chunk:
                break
            done += len(chunk)
            yield chunk
        if done != info.file_size or f.read(1):
            raise RunFileError(f"damaged file: {info.filename} is not the size it declares")


def _read_ints(z: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> array[int]:
    """A binary part as 4-byte numbers, inflated piece by piece into one array (made once,
    at the size declared: ``_entries`` and ``_fits`` have bounded it by the file's real
    size and the description)."""
    if info.file_size % 4:
        raise RunFileError("damaged file: a binary part is not made of 4-byte numbers")
    _fits(info, limit)  # (before the array is made)
    values = array("i", [0]) * (info.file_size // 4)  # (made once: no regrowing copies)
    into = memoryview(values).cast("B")
    done = 0
    for chunk in _pieces(z, info, limit):
        into[done : done + len(chunk)] = chunk
        done += len(chunk)
    into.release()
    if sys.byteorder != "little":
        values.byteswap()
    return values


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RunFileError("damaged file: its description holds a number too long to be a count")
    return int(text)


def _header(z: zipfile.ZipFile, info: zipfile.ZipInfo) -> dict[str, Any]:
    data = bytearray()
    for chunk in _pieces(z, info, MAX_HEADER):
        data += chunk
    # (counted before parsing, which costs tens of bytes per value: a few KB of
    # "[[],[],...]" deflated made 8 MB of text and 200 MB of lists)
    for mark, most in (
        (b"{", MAX_HEADER_OBJECTS),
        (b"[", MAX_HEADER_LISTS),
        (b'"', 2 * MAX_HEADER_STRINGS),
        (b",", MAX_HEADER_VALUES),
    ):
        if data.count(mark) > most:
            raise RunFileError("damaged file: its description (run.json) holds too many values")
    text = data.decode("utf-8")
    del data
    try:
        header = json.loads(text, parse_constant=_not_finite, parse_float=_finite, parse_int=_whole)
    except RecursionError:
        raise RunFileError("damaged file: its description (run.json) is nested too deep") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise RunFileError("not a knightviz run file")
    version = header.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RunFileError("damaged file: its version is not a whole number")
    if version > VERSION:
        raise RunFileError(
            f"saved by a newer knightviz (file version {version}, this one reads up to {VERSION})"
        )
    return header


def _limits(header: dict[str, Any]) -> dict[str, int]:
    """The most bytes each binary part may hold, from the description alone (checked before
    anything is inflated), and the recording's counts against the memory they would take."""
    rows = _int(header["rows"], "rows", 1, MAX_SQUARES)
    cols = _int(header["cols"], "cols", 1, MAX_SQUARES)
    size = rows * cols
    if size > MAX_SQUARES:
        raise RunFileError(f"damaged file: a board of {size:,} squares")
    solutions = _int(header["solutions"], "solutions", 0, MAX_NUMBER)
    limits = {"steps.bin": 0, "checkpoints.bin": 0, "solutions.bin": 0}
    limits["solutions.bin"] = min(4 * solutions * (size + 1), MAX_NUMBER)
    rec = header["recording"]
    if rec is None:
        return limits
    if not isinstance(rec, dict):
        raise RunFileError("damaged file: the recording")
    length = _int(rec["length"], "the recording's length")
    block = _int(rec["block"], "the block size", 1, MAX_BLOCK)
    count = -(-length // block)
    if count > MAX_BLOCKS:
        raise RunFileError(
            f"damaged file: a recording of {length:,} steps in blocks of {block:,} "
            f"({count:,} blocks, at most {MAX_BLOCKS:,})"
        )
    blocks = rec["blocks"]
    if not isinstance(blocks, list) or len(blocks) > min(count, MAX_KEPT):
        raise RunFileError("damaged file: the recording's blocks")
    fills = [_ints(entry, "a block") for entry in blocks]
    if any(len(e) != 2 or not 0 <= e[0] < count or not 0 < e[1] <= block for e in fills):
        raise RunFileError("damaged file: a block lies outside the recording")
    limits["steps.bin"] = 4 * sum(e[1] for e in fills)
    checkpoints = rec["checkpoints"]
    if not isinstance(checkpoints, list):
        raise RunFileError("damaged file: the checkpoints")
    ns = [_ints(entry, "a checkpoint") for entry in checkpoints]
    if any(len(e) != 4 or not 0 <= e[3] <= size for e in ns):
        raise RunFileError("damaged file: a checkpoint")
    limits["checkpoints.bin"] = 4 * sum(e[3] for e in ns)
    holes = [_ints(h, "a skipped stretch") for h in rec["holes"]]
    if any(len(h) != 2 or not 0 <= h[0] <= h[1] <= length for h in holes):
        raise RunFileError("damaged file: a skipped stretch lies outside the recording")
    every = _int(rec["checkpoint_every"], "the checkpoint interval", 1, MAX_CHECKPOINT_EVERY)
    # (what seeks will replay, from the description alone: refused before any step is read)
    _check_replays(length, block, [(e[0], e[1]) for e in fills], holes, [e[0] for e in ns], every)
    return limits


def _open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """``path`` opened for reading if it is a regular file; RunFileError otherwise. Opened
    without blocking first: a FIFO or a device chosen by mistake must not hang the reader
    (the window's thread) waiting for a writer or for endless bytes."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RunFileError("not a run file: it is not a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_run(path: str | os.PathLike[str]) -> SavedRun:
    """The run saved in ``path``; RunFileError (with a sentence saying why) if the file is
    not a knightviz run, is damaged, or comes from a newer knightviz. OSError if it cannot
    be read at all. Work and memory are bounded by what the file's description allows: a
    part claiming more than that is refused before it is inflated."""
    try:
        with _open_regular(path) as raw, zipfile.ZipFile(raw) as z:
            entries = _entries(z, os.fstat(raw.fileno()).st_size)
            header = _header(z, entries["run.json"])
            limits = _limits(header)
            steps, paths, solutions_data = (
                _read_ints(z, entries[name], limits[name]) for name in BINARY
            )
        return _parse(header, steps, paths, solutions_data)
    except RunFileError:
        raise
    except zipfile.BadZipFile:
        raise RunFileError("not a knightviz run file, or a damaged one") from None
    except KeyError as exc:
        raise RunFileError(f"damaged file: {exc.args[0] if exc.args else exc} is missing") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise RunFileError("damaged file: its description (run.json) is unreadable") from None
    except RecursionError:
        raise RunFileError("damaged file: its description is nested too deep") from None
    except MemoryError:
        raise RunFileError("the file needs more memory than there is") from None
    except OSError:
        raise  # cannot be read at all (the caller says so)
    except Exception:  # anything else a damaged file can provoke is still a refusal
        raise RunFileError("damaged file: it cannot be read as a knightviz run") from None


def _parse(
    header: dict[str, Any], steps: array[int], paths: array[int], solutions_data: array[int]
) -> SavedRun:
    puzzle = header["puzzle"]
    if not isinstance(puzzle, str):
        raise RunFileError("damaged file: no puzzle")
    rows, cols = _int(header["rows"], "rows", 1), _int(header["cols"], "cols", 1)
    size = rows * cols
    values = _int(header.get("values", 1), "values", 1, MAX_VALUES)  # 1 before there were more
    space = size * values  # the steps' values: square and value in one
    settings = header["settings"]
    if not isinstance(settings, dict):
        raise RunFileError("damaged file: settings")
    start_list = _ints(header["start"], "start")
    if len(start_list) != 2 or not (0 <= start_list[0] < rows and 0 <= start_list[1] < cols):
        raise RunFileError("damaged file: the start square is off the board")
    r = header["result"]
    solution = r["solution"]
    if solution is not None:
        solution = tuple(_ints(solution, "the solution"))
        _in_board(solution, space, "the solution")
    reason = r["reason"]
    if reason is not None and not isinstance(reason, str):
        raise RunFileError("damaged file: the reason")
    result = Result(
        Outcome(r["outcome"]),
        _int(r["moves"], "moves"),
        _int(r["backtracks"], "backtracks"),
        reason,
        solution,
        _number(r["seconds"], "seconds"),
        _int(r["count"], "count"),
    )
    _in_board(solutions_data, max(space, size + 1), "a solution")
    solutions: list[tuple[int, ...]] = []
    i = 0
    for _ in range(_int(header["solutions"], "solutions")):
        n = solutions_data[i]
        solutions.append(tuple(solutions_data[i + 1 : i + 1 + n]))
        i += 1 + n
    if i != len(solutions_data) or any(len(s) > size for s in solutions):
        raise RunFileError("damaged file: the solutions")
    _in_board([sq for s in solutions for sq in s], space, "a solution")
    explored = header["explored"]
    run = SavedRun(
        puzzle=puzzle,
        rows=rows,
        cols=cols,
        settings=settings,
        start=(start_list[0], start_list[1]),
        result=result,
        wall_seconds=_number(header["wall_seconds"], "wall time"),
        solutions=solutions,
        anyway=bool(header["anyway"]),
        explored=None if explored is None else _number(explored, "explored"),
        values=values,
    )
    rec = header["recording"]
    if rec is not None:
        run.recording = _recording(rec, space, steps, paths)
    return run


def _recording(
    rec: dict[str, Any], size: int, steps: array[int], paths: array[int]
) -> RecordingData:
    _in_board(steps, size, "the recorded steps", signed=True)
    _in_board(paths, size, "a checkpoint")
    initial = _ints(rec["initial"], "the initial squares")
    _in_board(initial, size, "the initial squares")
    length = _int(rec["length"], "the recording's length")
    block = _int(rec["block"], "the block size", 1)
    blocks = []
    offset = 0
    for entry in rec["blocks"]:
        b, fill = _ints(entry, "a block")
        blocks.append((b, fill, steps[offset : offset + fill]))
        offset += fill
    if offset != len(steps):
        raise RunFileError("damaged file: the recorded steps do not match their description")
    checkpoints = []
    offset = 0
    for entry in rec["checkpoints"]:
        step, moves, backtracks, n = _ints(entry, "a checkpoint")
        checkpoints.append((step, paths[offset : offset + n], moves, backtracks))
        offset += n
    if offset != len(paths):
        raise RunFileError("damaged file: the checkpoints do not match their description")
    holes = rec["holes"]  # (checked with the blocks and checkpoints, by _limits)
    every = rec["checkpoint_every"]
    m = rec["markers"]
    markers = Markers(
        _int(m["deepest_step"], "a marker"),
        _int(m["deepest"], "a marker"),
        _ints(m["solutions"], "the solution markers"),
        _int(m["longest_backtrack_step"], "a marker"),
        _int(m["longest_backtrack"], "a marker"),
        _int(m["scanned"], "a marker"),
    )
    depth = rec["solution_depth"]
    counts = _ints(rec["counts"], "the counts")
    scan_state = _ints(rec["scan_state"], "the scan state")
    return RecordingData(
        initial=tuple(initial),
        length=length,
        block=block,
        checkpoint_every=every,
        solution_depth=None if depth is None else _int(depth, "the solution depth"),
        finished=bool(rec["finished"]),
        counts=(counts[0], counts[1]),
        holes=[(h[0], h[1]) for h in holes],
        blocks=blocks,
        checkpoints=checkpoints,
        markers=markers,
        scan_state=(scan_state[0], scan_state[1]),
    )


def _check_replays(
    length: int,
    block: int,
    blocks: list[tuple[int, int]],
    holes: Sequence[Sequence[int]],
    checkpoints: list[int],
    every: int,
) -> None:
    """What a seek will replay stays bounded, as in a recording knightviz made: a kept
    block's steps end at its fill or where a skipped stretch begins (never unwritten steps
    read as moves), and from any checkpoint the next checkpoint, gap or end is at most
    ``MAX_REPLAY_BLOCKS`` intervals and blocks away (a seek replays that stretch in memory)."""
    spans = merge_spans([(h[0], h[1]) for h in holes])
    hole_starts = [a for a, _ in spans]
    for b, fill in blocks:
        end = min((b + 1) * block, length)
        written = b * block + fill
        j = bisect.bisect_right(hole_starts, written)
        skipped = j > 0 and spans[j - 1][1] >= end
        if written > end or (written < end and not skipped):
            raise RunFileError(f"damaged file: block {b} has steps that were never written")
    limit = MAX_REPLAY_BLOCKS * (every + block)
    kept = sorted(b for b, _ in blocks)
    run_end: dict[
        int, int
    ] = {}  # kept block -> the last block of its run of consecutive kept blocks
    for i in range(len(kept) - 1, -1, -1):
        following = run_end.get(kept[i] + 1)
        run_end[kept[i]] = following if following is not None else kept[i]
    bounds = sorted(set(checkpoints))
    for i, a in enumerate(bounds):
        reach = bounds[i + 1] if i + 1 < len(bounds) else length
        if reach - a <= limit:
            continue
        first = a // block
        reach = min(reach, (run_end[first] + 1) * block) if first in run_end else a
        j = bisect.bisect_right(hole_starts, a)
        if j and spans[j - 1][1] > a:
            reach = a  # inside a skipped stretch
        elif j < len(hole_starts):
            reach = min(reach, hole_starts[j])
        if reach - a > limit:
            raise RunFileError(
                f"damaged file: {reach - a:,} steps from the checkpoint at step {a:,} to the "
                f"next (at most {limit:,})"
            )


def rebuild(data: RecordingData, into: Recording, rules: Rules | None = None) -> Recording:
    """Load ``data`` into the new, empty recording ``into`` and check that it seeks: any
    inconsistency in a file that passed ``read_run`` is a RunFileError here. With the
    puzzle's ``rules``, every kept step and checkpoint is replayed against them first, so a
    recording holding an impossible move is refused (with its step) before the window
    shows any of it."""
    try:
        into.load(data)
        if rules is not None:
            legal.check(into, rules, len(data.initial))
        for step in {0, data.length // 3, data.length // 2, data.length}:
            into.seek(step)
    except legal.IllegalStep as exc:
        into.release()
        raise RunFileError(f"damaged file: {exc}") from None
    except (ValueError, IndexError, AssertionError):
        into.release()
        raise RunFileError("damaged file: its recording does not replay") from None
    except (MemoryError, OSError):
        into.release()
        raise RunFileError("its recording needs more memory than there is") from None
    return into
