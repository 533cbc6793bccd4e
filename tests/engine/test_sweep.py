"""One strategy from every start square (``engine.sweep``): the CLI's sweep and the GUI's map."""

import json

from knightviz.cli import main
from knightviz.engine import (
    Board,
    Heuristic,
    Outcome,
    Strategy,
    TieBreak,
    TourConfig,
    make_tour_search,
)
from knightviz.engine.sweep import STUCK, run_start, sweep_starts

PLAIN = Strategy(Heuristic.NONE)
GREEDY = Strategy(Heuristic.WARNSDORFF, TieBreak.FIRST, backtrack=False)


def test_a_greedy_walk_that_runs_out_of_moves_is_stuck_not_a_proof(backend):
    e6 = Board(8, 8).parse("e6")
    run = run_start(TourConfig(8, 8, e6, GREEDY), backend=backend)
    assert run.outcome is Outcome.EXHAUSTED and run.stuck and run.label == STUCK
    assert (run.square, run.moves, run.backtracks, run.steps) == (e6, 59, 0, 59)
    assert "stuck" in (run.reason or "")


def test_8x8_greedy_first_fails_from_e6_only(backend):
    runs = list(sweep_starts(8, 8, GREEDY, backend=backend))
    assert [r.square for r in runs] == list(range(64))
    failed = [Board(8, 8).name(r.square) for r in runs if r.outcome is not Outcome.SOLVED]
    assert failed == ["e6"]
    assert all(r.steps == 63 for r in runs if r.outcome is Outcome.SOLVED)


def test_each_square_is_the_search_a_single_run_would_make(backend):
    runs = list(sweep_starts(5, 5, PLAIN, limit=20_000, backend=backend))
    for run in runs:
        result = make_tour_search(TourConfig(5, 5, run.square, PLAIN, limit=20_000)).run()
        assert (run.outcome, run.moves, run.backtracks) == (
            result.outcome,
            result.moves,
            result.backtracks,
        )
        assert not run.stuck and run.label == result.outcome.value
    labels = {r.label for r in runs}
    assert labels == {"solved", "limit", "impossible"}
    # Known facts need no search: the minority colour of an odd board.
    assert all(r.steps == 0 for r in runs if r.outcome is Outcome.IMPOSSIBLE)
    assert sum(r.outcome is Outcome.IMPOSSIBLE for r in runs) == 12


def test_closed_tours_on_odd_boards_are_impossible_everywhere():
    runs = list(sweep_starts(5, 5, Strategy(), closed=True))
    assert {r.outcome for r in runs} == {Outcome.IMPOSSIBLE}


def test_a_chosen_set_of_squares_in_the_given_order():
    runs = list(sweep_starts(6, 6, Strategy(), squares=[35, 0, 7]))
    assert [r.square for r in runs] == [35, 0, 7]


def test_cancel_stops_mid_square_within_a_chunk_and_ends_the_sweep(backend):
    calls = 0

    def cancel() -> bool:
        nonlocal calls
        calls += 1
        return calls > 3

    # Plain 8x8 from a8 needs 16.5 million steps: cancelled after three chunks of 1,000.
    runs = list(sweep_starts(8, 8, PLAIN, cancel=cancel, chunk=1000, backend=backend))
    assert len(runs) == 1
    assert runs[0].outcome is Outcome.CANCELLED and runs[0].steps == 3000


def test_the_command_line_sweep_reports_the_same_runs(capsys):
    code = main(["sweep", "--size", "8", "--no-backtrack", "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["strategy"] == "warnsdorff/first, no backtracking"
    runs = list(sweep_starts(8, 8, GREEDY, limit=1_000_000))
    assert [(s["square"], s["outcome"], s["moves"], s["backtracks"]) for s in data["starts"]] == [
        (Board(8, 8).name(r.square), r.outcome.value, r.moves, r.backtracks) for r in runs
    ]
