"""Counts that survive a restart: a checkpoint records the plan and each finished piece; the
same count with the same file runs only what is missing and adds up the exact total; a file
of another count, a damaged one, one in use or not a checkpoint at all is refused."""

import sqlite3
from contextlib import closing

import pytest

from knightviz.engine import parallel
from knightviz.engine.parallel import Checkpoint, CheckpointError
from knightviz.engine.parallel.checkpoint import queens_command, tours_command
from knightviz.engine.puzzles import spec

#: Q(10) and its classes; directed open tours of 5x5 from every square (docs/reference.md).
Q10, Q10_CLASSES, TOURS_5X5 = 724, 92, 1728


@pytest.fixture
def many_pieces(monkeypatch):
    """Small counts split as a long one is (many pieces), so a count can stop midway."""
    monkeypatch.setattr(parallel.planning, "SPLIT_MIN_SECONDS", 0.0)


def stopped_after(pieces: int):
    """A cancel flag raised after it was looked at ``pieces`` times (in this process, once
    before each piece; a pool looks between results too): a count stopped midway."""
    looks = {"n": 0}

    def cancel() -> bool:
        looks["n"] += 1
        return looks["n"] > pieces

    return cancel


def recorded(path) -> tuple[int, int]:
    """(pieces planned, pieces done) as the file holds them."""
    with closing(sqlite3.connect(path)) as db:
        planned = db.execute("SELECT count(*) FROM pieces").fetchone()[0]
        done = db.execute("SELECT count(*) FROM done").fetchone()[0]
    return planned, done


@pytest.mark.usefixtures("many_pieces")
def test_a_count_stopped_midway_resumes_to_the_exact_total(tmp_path, backend):
    path = str(tmp_path / "q10")
    cancel = stopped_after(5)
    first = parallel.count_queens(10, checkpoint=path, cancel=cancel, backend=backend)
    assert first.stopped == "cancelled" and 0 < first.pieces_done < first.pieces
    planned, done = recorded(path)
    assert planned == first.pieces and done == first.pieces_done
    again = parallel.count_queens(10, checkpoint=path, backend=backend)
    assert again.complete and (again.count, again.unique) == (Q10, Q10_CLASSES)
    assert recorded(path) == (planned, planned)


@pytest.mark.usefixtures("many_pieces")
def test_a_resumed_count_runs_only_the_missing_pieces_and_never_plans_again(tmp_path, monkeypatch):
    path = str(tmp_path / "t5")
    cancel = stopped_after(3)
    first = parallel.count_tours(5, 5, checkpoint=path, cancel=cancel)
    ran = []
    real = parallel.InProcess.run

    def counted(self, tasks, order, on_result, poll):
        ran.extend(order)
        return real(self, tasks, order, on_result, poll)

    def no_planning(*args, **kwargs):
        raise AssertionError("a resumed count planned again")

    monkeypatch.setattr(parallel.InProcess, "run", counted)
    monkeypatch.setattr(parallel.job, "plan_tours", no_planning)
    again = parallel.count_tours(5, 5, checkpoint=path)
    assert again.complete and again.count == TOURS_5X5
    assert len(ran) == first.pieces - first.pieces_done
    ran.clear()
    assert parallel.count_tours(5, 5, checkpoint=path).count == TOURS_5X5
    assert ran == []  # a finished checkpoint: the total without counting


@pytest.mark.usefixtures("many_pieces")
def test_the_pieces_recorded_stand_whatever_the_workers_and_engine_of_the_next_run(tmp_path):
    """Stopped in this process on the compiled engine, resumed on two worker processes of
    the pure-Python one: the recorded pieces are the plan (not planned again for two
    workers), and the total is exact."""
    path = str(tmp_path / "q10")
    cancel = stopped_after(4)
    first = parallel.count_queens(10, jobs=1, checkpoint=path, cancel=cancel, backend="numba")
    assert not first.complete
    again = parallel.count_queens(10, jobs=2, checkpoint=path, backend="python")
    assert again.complete and again.count == Q10 and again.pieces == first.pieces


def test_another_count_is_refused_naming_what_differs(tmp_path):
    path = str(tmp_path / "c")
    assert parallel.count_tours(5, 5, checkpoint=path).count == TOURS_5X5
    for meaning, differs in [
        (tours_command(5, 5, None, True), "closed no there, yes here"),
        (tours_command(6, 6, None, False), "size 5x5 there, 6x6 here"),
        (tours_command(5, 5, 0, False), "start every square there, a5 here"),
        (queens_command(5), "command count there, queens --format count here"),
    ]:
        with pytest.raises(CheckpointError) as got:
            Checkpoint(path, meaning)
        line = str(got.value)
        assert line.startswith(f"--checkpoint {path} holds another count (") and differs in line
        assert "\n" not in line
    assert parallel.count_tours(5, 5, checkpoint=path).count == TOURS_5X5  # still usable


def test_a_file_that_is_not_a_checkpoint_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n" * 100)
    with pytest.raises(CheckpointError, match="is not a knightviz checkpoint"):
        Checkpoint(str(path), queens_command(8))
    assert path.read_text() == "my notes\n" * 100
    other = tmp_path / "other.db"
    with closing(sqlite3.connect(other)) as db, db:
        db.execute("CREATE TABLE t (x)")
    with pytest.raises(CheckpointError, match="is not a knightviz checkpoint"):
        Checkpoint(str(other), queens_command(8))


def test_a_damaged_plan_is_refused(tmp_path):
    path = str(tmp_path / "c")
    parallel.count_queens(8, checkpoint=path)
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE pieces SET piece = '[[1], 1, 0.0]' WHERE i = 0")
    with pytest.raises(CheckpointError, match="is damaged"):
        Checkpoint(path, queens_command(8))


def test_a_checkpoint_in_use_is_refused(tmp_path):
    path = str(tmp_path / "c")
    with (
        Checkpoint(path, queens_command(8)),
        pytest.raises(CheckpointError, match="is in use by another count"),
    ):
        Checkpoint(path, queens_command(8))
    with Checkpoint(path, queens_command(8)) as saved:  # free again once closed
        assert not saved.planned


def test_a_plan_killed_while_recorded_is_all_or_nothing(tmp_path):
    """The plan is one transaction: a file opened but never planned resumes by planning."""
    path = str(tmp_path / "c")
    with Checkpoint(path, queens_command(8)) as saved:
        assert not saved.planned
    assert parallel.count_queens(8, checkpoint=path).count == 92
    with Checkpoint(path, queens_command(8)) as saved:
        assert saved.planned and saved.pieces is not None
        assert set(saved.done) == set(range(len(saved.pieces)))


def test_figures_past_64_bits_are_recorded_exactly(tmp_path):
    path = str(tmp_path / "c")
    big = 3**90
    with Checkpoint(path, {"command": "test"}) as saved:
        saved.record_plan([parallel.StoredPiece([0]), parallel.StoredPiece([1])], {})
        saved.record(1, (big, -1))
    with Checkpoint(path, {"command": "test"}) as saved:
        assert saved.done == {1: (big, -1)}


def test_the_puzzle_count_resumes_through_its_spec(tmp_path, monkeypatch):
    """The generic path: a puzzle's own counter, given the open checkpoint."""
    sudoku = spec("sudoku")
    problem = sudoku.parse("." * 16)
    path = str(tmp_path / "s")
    meaning = {"command": "sudoku --format count", "puzzle": sudoku.text(problem)}
    with Checkpoint(path, meaning) as saved:
        assert sudoku.count(problem, jobs=1, checkpoint=saved) == 288
        assert saved.pieces is not None and len(saved.pieces) > 1
        pieces = len(saved.pieces)
    with closing(sqlite3.connect(path)) as db, db:  # as if killed before the last pieces came back
        db.execute("DELETE FROM done WHERE i >= 3")
    with Checkpoint(path, meaning) as saved:
        assert len(saved.done) == 3
        assert sudoku.count(problem, jobs=1, checkpoint=saved) == 288
        assert len(saved.done) == pieces
