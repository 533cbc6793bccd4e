"""Saved runs: a recording written and read back seeks identically, gaps included; damaged
or foreign files are refused with a sentence, never a traceback."""

from __future__ import annotations

import json
import zipfile

import pytest

from knightviz.engine import Outcome, Result, make_queens_search, tour_search
from knightviz.engine.board import FULL
from knightviz.engine.legal import Rules
from knightviz.engine.recording import Recording
from knightviz.engine.runfile import RunFileError, SavedRun, read_run, rebuild, write_run

from .test_recording import record


def saved(search, rec, **extra) -> SavedRun:
    rec.scan_markers(budget=len(rec) + 1)
    return SavedRun(
        puzzle="knight",
        rows=search.rows,
        cols=search.cols,
        settings={"rows": search.rows, "cols": search.cols, "warnsdorff": False},
        start=divmod(search.initial[0], search.cols) if search.initial else (0, 0),
        result=search.result,
        wall_seconds=1.5,
        recording=rec.data(),
        **extra,
    )


def round_trip(tmp_path, run: SavedRun) -> tuple[SavedRun, Recording]:
    path = tmp_path / "run.knightviz"
    write_run(path, run)
    back = read_run(path)
    assert back.recording is not None
    rules = (
        Rules.n_queens(run.rows, run.cols)
        if run.puzzle == "queens"
        else Rules.tour(run.rows, run.cols, FULL)
    )
    rec = rebuild(back.recording, Recording(back.recording.initial), rules)
    return back, rec


def same_seeks(a: Recording, b: Recording, steps) -> None:
    assert len(a) == len(b) and a.gaps() == b.gaps()
    for k in steps:
        pa, pb = a.seek(k), b.seek(k)
        assert (pa.step, pa.path, pa.moves, pa.backtracks, pa.last_events, pa.exact) == (
            pb.step,
            pb.path,
            pb.moves,
            pb.backtracks,
            pb.last_events,
            pb.exact,
        ), k


def test_a_knight_run_round_trips(tmp_path):
    search, rec = record(
        lambda: tour_search(5, 5, 0, heuristic="none", limit=20_000), [777], checkpoint_every=500
    )
    back, again = round_trip(tmp_path, saved(search, rec))
    assert back.result == search.result and back.settings["warnsdorff"] is False
    assert back.start == (0, 0) and back.wall_seconds == 1.5 and back.gaps == []
    same_seeks(rec, again, [0, 1, 2, 499, 500, 501, 9_999, 19_999, 20_000])
    assert again.markers == rec.markers and again.finished
    assert again.counts == rec.counts


def test_a_queens_run_round_trips_with_its_solutions(tmp_path):
    found = []
    search = make_queens_search(6, on_solution=found.append)
    rec = Recording(search.initial, solution_depth=6, checkpoint_every=64)
    while chunk := search.advance(100):
        rec.extend(chunk)
    rec.finish()
    run = saved(search, rec, solutions=list(found))
    run.puzzle, run.start = "queens", (0, 0)
    back, again = round_trip(tmp_path, run)
    assert back.solutions == found and len(found) == 4
    assert back.result.count == 4
    same_seeks(rec, again, range(0, len(rec) + 1, 17))
    assert again.markers.solutions == rec.markers.solutions != []


def test_gaps_are_kept_as_gaps(tmp_path):
    search, rec = record(
        lambda: tour_search(5, 5, 2, heuristic="none"),
        [4096],
        budget=40_000 * 4,
        block=5_000,
        checkpoint_every=2_000,
    )
    (start, end), *_ = rec.gaps()
    run = saved(search, rec)
    assert run.gaps == rec.gaps()
    back, again = round_trip(tmp_path, run)
    assert back.gaps == rec.gaps()
    same_seeks(rec, again, [0, 1_000, start - 1, start + 1, (start + end) // 2, end + 7, len(rec)])
    assert not again.seek((start + end) // 2).exact
    # Only what was kept is in the file.
    with zipfile.ZipFile(tmp_path / "run.knightviz") as z:
        assert z.getinfo("steps.bin").file_size == rec.nbytes - 4 * sum(
            len(c.path) for c in rec.checkpoints.items
        )


def test_skipped_steps_stay_holes(tmp_path):
    search = tour_search(5, 5, 0, heuristic="none")
    rec = Recording(search.initial, block=100, checkpoint_every=50)
    rec.extend(search.advance(230), list(search.path), (search.moves, search.backtracks))
    search.advance_quiet(1000)
    rec.skip(1000, list(search.path), (search.moves, search.backtracks))
    rec.extend(search.advance(300), list(search.path), (search.moves, search.backtracks))
    rec.finish()
    result = Result(Outcome.CANCELLED, search.moves, search.backtracks)
    run = SavedRun("knight", 5, 5, {}, (0, 0), result, recording=rec.data())
    _, again = round_trip(tmp_path, run)
    same_seeks(rec, again, [0, 100, 229, 230, 800, 1229, 1230, 1300, 1530])


def test_an_existing_file_is_replaced_only_when_complete(tmp_path, monkeypatch):
    path = tmp_path / "run.knightviz"
    path.write_bytes(b"precious")
    search, rec = record(lambda: tour_search(5, 5, 0, limit=50), [10])

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(zipfile.ZipFile, "writestr", boom)
    with pytest.raises(OSError):
        write_run(path, saved(search, rec))
    assert path.read_bytes() == b"precious"
    assert [p.name for p in tmp_path.iterdir()] == ["run.knightviz"]


def _valid(tmp_path):
    search, rec = record(lambda: tour_search(6, 6, 0, heuristic="none", limit=3000), [100])
    path = tmp_path / "good.knightviz"
    write_run(path, saved(search, rec))
    return path


def _rewrite(src, dst, change):
    with zipfile.ZipFile(src) as z:
        parts = {name: z.read(name) for name in z.namelist()}
    change(parts)
    with zipfile.ZipFile(dst, "w") as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return dst


def _header(change):
    def edit(parts):
        header = json.loads(parts["run.json"])
        change(header)
        parts["run.json"] = json.dumps(header).encode()

    return edit


@pytest.mark.parametrize(
    ("name", "make", "message"),
    [
        ("text", lambda p, good: p.write_text("hello"), "not a knightviz run"),
        ("empty", lambda p, good: p.write_bytes(b""), "not a knightviz run"),
        (
            "truncated",
            lambda p, good: p.write_bytes(good.read_bytes()[: len(good.read_bytes()) // 2]),
            "not a knightviz run",
        ),
        (
            "foreign zip",
            lambda p, good: _rewrite(good, p, lambda parts: parts.pop("run.json")),
            "no run.json",
        ),
        (
            "other json",
            lambda p, good: _rewrite(good, p, _header(lambda h: h.update(format="x"))),
            "not a knightviz run",
        ),
        (
            "newer",
            lambda p, good: _rewrite(good, p, _header(lambda h: h.update(version=99))),
            "newer knightviz",
        ),
        (
            "missing key",
            lambda p, good: _rewrite(good, p, _header(lambda h: h.pop("result"))),
            "damaged",
        ),
        (
            "steps off the board",
            lambda p, good: _rewrite(
                good, p, lambda parts: parts.update({"steps.bin": b"\x7f\0\0\0" * 3000})
            ),
            "damaged",
        ),
        (
            "steps cut short",
            lambda p, good: _rewrite(good, p, lambda parts: parts.update({"steps.bin": b"\1\0"})),
            "damaged",
        ),
        (
            "bad json",
            lambda p, good: _rewrite(good, p, lambda parts: parts.update({"run.json": b"{"})),
            "unreadable",
        ),
    ],
)
def test_damaged_and_foreign_files_are_refused_with_a_reason(tmp_path, name, make, message):
    good = _valid(tmp_path)
    bad = tmp_path / "bad.knightviz"
    make(bad, good)
    with pytest.raises(RunFileError, match=message):
        read_run(bad)


def test_a_flipped_byte_is_caught_by_the_checksum(tmp_path):
    good = _valid(tmp_path)
    data = bytearray(good.read_bytes())
    with zipfile.ZipFile(good) as z:
        info = z.getinfo("steps.bin")
    data[info.header_offset + 30 + len(info.filename) + 5] ^= 0xFF  # inside its data
    bad = tmp_path / "flipped.knightviz"
    bad.write_bytes(bytes(data))
    with pytest.raises(RunFileError):
        back = read_run(bad)
        assert back.recording is not None
        rebuild(back.recording, Recording(back.recording.initial))


def test_a_fifo_or_a_folder_is_refused_at_once_not_waited_on(tmp_path):
    """A FIFO chosen by mistake blocked the reader (the window's thread) until a writer came;
    a folder gave the system's message. Both are refused in a sentence, at once."""
    import os
    import threading

    fifo = tmp_path / "run.knightviz"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []

    def read() -> None:
        with pytest.raises(RunFileError) as refused:
            read_run(fifo)
        outcome.append(refused.value)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(30)
    if reader.is_alive():  # unblock the old reader so the test process can end
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("reading a FIFO waited for a writer")
    assert "not a regular file" in str(outcome[0])
    with pytest.raises(RunFileError, match="not a regular file"):
        read_run(tmp_path)


def test_a_run_of_values_round_trips_and_its_steps_are_checked_against_them(tmp_path):
    """A sudoku's steps are a cell and a digit in one (up to N³): the file keeps how many
    values a square holds, reads its steps back, and refuses them when it says 1."""
    from knightviz.engine.puzzles import spec

    sudoku = spec("sudoku")
    problem = sudoku.parse("1..." + "." * 12)
    search = sudoku.make_search(problem, "plain", every=True, backend="python")
    rec = Recording(search.initial, checkpoint_every=64)
    while chunk := search.advance(100):
        rec.extend(chunk)
    rec.finish()
    rec.scan_markers(budget=len(rec) + 1)
    run = SavedRun("sudoku", 4, 4, {}, (0, 0), search.result, recording=rec.data(), values=4)
    assert max(rec.events(0, len(rec))) >= 16  # digits above 1 lie past the squares
    path = tmp_path / "run.knightviz"
    write_run(path, run)
    back = read_run(path)
    assert back.values == 4 and back.recording is not None
    again = rebuild(back.recording, Recording(back.recording.initial), None)
    same_seeks(rec, again, range(0, len(rec) + 1, 7))
    write_run(path, SavedRun("sudoku", 4, 4, {}, (0, 0), search.result, recording=rec.data()))
    with pytest.raises(RunFileError, match="off the board"):
        read_run(path)
