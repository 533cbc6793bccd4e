"""Saved runs replayed against their puzzle's rules: a recording holding an impossible step
(a backtrack with nothing to take back, a move no knight makes, a square visited twice, a
second queen on a row, a queen taken away that was not placed) is refused when it is read,
naming the step, instead of failing wherever the window shows it."""

from __future__ import annotations

import random
from array import array

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knightviz.engine import kernels, legal, make_queens_search, tour_search
from knightviz.engine.board import FULL, Shape
from knightviz.engine.legal import IllegalStep, Rules, _kernel, _loop, _vector
from knightviz.engine.recording import Recording
from knightviz.engine.runfile import RunFileError, SavedRun, read_run, rebuild, write_run

from .test_recording import record

KNIGHT_6 = Rules.tour(6, 6, FULL)
QUEENS_6 = Rules.n_queens(6, 6)


def knight_run() -> SavedRun:
    """6x6 from a6 (square 0), plain backtracking, 3,000 steps, a checkpoint every 500."""
    search, rec = record(
        lambda: tour_search(6, 6, 0, heuristic="none", limit=3000), [100], checkpoint_every=500
    )
    return SavedRun("knight", 6, 6, {}, (0, 0), search.result, recording=rec.data())


def queens_run() -> SavedRun:
    search, rec = record(lambda: make_queens_search(6), [50], checkpoint_every=64)
    return SavedRun("queens", 6, 6, {}, (0, 0), search.result, recording=rec.data())


def opened(tmp_path, run: SavedRun, rules: Rules) -> Recording:
    """``run`` written, read and rebuilt (as File › Open run does)."""
    path = tmp_path / "run.knightviz"
    write_run(path, run)
    back = read_run(path)
    assert back.recording is not None
    return rebuild(back.recording, Recording(back.recording.initial), rules)


def changed(run: SavedRun, edits: dict[int, int]) -> SavedRun:
    """``run`` with some of its steps replaced (step index: new event)."""
    assert run.recording is not None
    b, fill, steps = run.recording.blocks[0]
    steps = array("i", steps)
    for i, x in edits.items():
        steps[i] = x
    run.recording.blocks[0] = (b, fill, steps)
    return run


def first_steps(run: SavedRun, n: int) -> list[int]:
    assert run.recording is not None
    return list(run.recording.blocks[0][2][:n])


def test_the_valid_runs_open(tmp_path):
    assert len(opened(tmp_path, knight_run(), KNIGHT_6)) == 3000
    rec = opened(tmp_path, queens_run(), QUEENS_6)
    assert rec.seek(len(rec)).path == []


def test_a_knight_stepping_back_from_its_start_is_refused(tmp_path):
    run = changed(knight_run(), {0: ~0})
    with pytest.raises(RunFileError, match=r"^damaged file: step 1: the knight steps back from"):
        opened(tmp_path, run, KNIGHT_6)


def test_a_move_no_knight_makes_is_refused_with_its_squares(tmp_path):
    run = changed(knight_run(), {0: 11})  # a6 (0) to f5 (11): across the board's edge
    with pytest.raises(RunFileError, match="step 1: the knight cannot move from a6 to f5"):
        opened(tmp_path, run, KNIGHT_6)


def test_a_square_visited_twice_is_refused(tmp_path):
    run = knight_run()
    first = first_steps(run, 1)[0]
    # Step 2 leaps back onto a6, where the knight started: a knight's move, on its path.
    run = changed(run, {1: 0})
    assert KNIGHT_6.leaps(first, 0)
    with pytest.raises(RunFileError, match="step 2: the knight lands on a6, already on its path"):
        opened(tmp_path, run, KNIGHT_6)


def test_a_backtrack_off_a_square_not_on_top_is_refused_with_a_step_past_a_thousand(tmp_path):
    run = knight_run()
    steps = first_steps(run, 1300)
    i = next(i for i in range(1233, 1300) if steps[i] < 0)
    wrong = next(s for s in range(36) if s != ~steps[i])
    run = changed(run, {i: ~wrong})
    with pytest.raises(RunFileError, match=rf"step {i + 1:,}: the knight steps back from"):
        opened(tmp_path, run, KNIGHT_6)


def test_a_camel_recording_opened_as_a_knight_is_refused(tmp_path):
    """The same steps under another leaper's rules: its very first move is impossible."""
    with pytest.raises(RunFileError, match="step 1: the camel cannot move from a6"):
        opened(tmp_path, knight_run(), Rules.tour(6, 6, Shape(leaper=(1, 3))))


def test_a_move_onto_a_removed_square_is_refused(tmp_path):
    run = knight_run()
    first = first_steps(run, 1)[0]
    with pytest.raises(RunFileError, match=r"step 1: the knight lands on .*, a removed square"):
        opened(tmp_path, run, Rules.tour(6, 6, Shape(holes=frozenset({first}))))


def test_a_queen_taken_from_an_empty_board_is_refused(tmp_path):
    run = changed(queens_run(), {0: ~0})
    with pytest.raises(RunFileError, match="step 1: a queen is taken away from an empty board"):
        opened(tmp_path, run, QUEENS_6)


def test_a_second_queen_in_a_row_is_refused(tmp_path):
    run = queens_run()
    first = first_steps(run, 1)[0]
    row, col = divmod(first, 6)
    run = changed(run, {1: row * 6 + (col + 3) % 6})
    with pytest.raises(RunFileError, match=r"step 2: a queen on .* shares a row with another"):
        opened(tmp_path, run, QUEENS_6)


def test_a_queen_taken_away_that_was_not_placed_is_refused(tmp_path):
    run = queens_run()
    steps = first_steps(run, 40)
    i = next(i for i in range(2, 40) if steps[i] < 0)
    wrong = next(s for s in range(36) if s not in steps[:i] and s != ~steps[i])
    run = changed(run, {i: ~wrong})
    with pytest.raises(RunFileError, match=rf"step {i + 1}: the queen taken away from .* is not"):
        opened(tmp_path, run, QUEENS_6)


def test_a_queen_off_the_board_is_refused(tmp_path):
    run = changed(queens_run(), {0: 36})
    with pytest.raises(RunFileError, match="off the board"):
        opened(tmp_path, run, QUEENS_6)


def test_a_checkpoint_the_steps_do_not_reach_is_refused(tmp_path):
    run = knight_run()
    assert run.recording is not None
    step, path, moves, backtracks = run.recording.checkpoints[2]
    run.recording.checkpoints[2] = (step, path, moves + 1, backtracks)
    with pytest.raises(RunFileError, match="does not give the position kept there"):
        opened(tmp_path, run, KNIGHT_6)


@pytest.mark.parametrize("piece", [None, 4999])
def test_a_long_recording_is_checked_whole_and_a_late_error_found(tmp_path, monkeypatch, piece):
    """A stretch long enough for the whole-array check (checkpoints 20,000 steps apart),
    whole or in pieces."""
    if piece is not None:
        monkeypatch.setattr(legal, "PIECE", piece)
    search, rec = record(
        lambda: tour_search(6, 6, 0, heuristic="none", limit=60_000),
        [4096],
        checkpoint_every=20_000,
    )
    run = SavedRun("knight", 6, 6, {}, (0, 0), search.result, recording=rec.data())
    assert len(opened(tmp_path, run, KNIGHT_6)) == 60_000
    steps = first_steps(run, 50_000)
    i = next(i for i in range(45_000, 50_000) if steps[i] >= 0)
    run = changed(run, {i: 0})  # onto a6, where the knight started: on its path
    with pytest.raises(RunFileError, match=rf"step {i + 1:,}: the knight"):
        opened(tmp_path, run, KNIGHT_6)


# -- the two ways of checking agree ----------------------------------------------------------

CASES = [
    (KNIGHT_6, [0], lambda: tour_search(6, 6, 0, heuristic="none", limit=2000)),
    (Rules.tour(5, 5, Shape(leaper=(1, 3))), [0], None),
    (QUEENS_6, [], lambda: make_queens_search(6)),
]


def _compiled():
    if not kernels.available():
        pytest.skip("numba is not installed here (CI installs it): compiled check untested")
    kernels.load()
    return kernels.legal_check()


@pytest.mark.parametrize("way", ["numpy", "compiled"])
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(case=st.sampled_from(range(len(CASES))), seed=st.integers(0, 2**32), edits=st.integers(1, 4))
def test_the_step_loop_and_the_fast_checks_agree(way, case, seed, edits):
    rules, initial, make = CASES[case]
    pick = random.Random(seed)
    size = rules.rows * rules.cols
    if make is None:
        events = array("i", [pick.choice([x, ~x]) for x in pick.choices(range(size), k=300)])
    else:
        search = make()
        events = array("i")
        while len(events) < 2000 and (chunk := search.advance(500)):
            events.extend(chunk)
    for _ in range(edits):
        j = pick.randrange(len(events))
        x = pick.randrange(size)
        events[j] = pick.choice([x, ~x])

    def outcome(check):
        try:
            return check()
        except IllegalStep as exc:
            return str(exc)

    loop = outcome(lambda: _loop(rules, initial, events, 7, len(initial)))
    if way == "numpy":
        fast = outcome(lambda: _vector(np, rules, initial, events, 7, len(initial)))
    else:
        compiled = _compiled()
        fast = outcome(lambda: _kernel(compiled, rules, initial, events, 7, len(initial)))
    assert loop == fast
