"""Strategies of one's own: the built-ins rewritten with the API give the built-ins' exact
counts, the identity strategy the built-in plain searches' events, and the run leaves no
process behind. Each search starts a child interpreter: the problems are small."""

from __future__ import annotations

import os
import pickle
import threading
from pathlib import Path

import pytest

from knightviz.engine import puzzles
from knightviz.engine.events import Outcome, run
from knightviz.engine.puzzles.sudoku import HARD
from knightviz.engine.strategies import StrategyError, UserStrategy, compile_check, user_search

#: The user's search is Python in a child process whatever the default engine: one run.
pytestmark = pytest.mark.own_engine


EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "strategies"
#: Arto Inkala's puzzle.
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def example(name: str, seed: int = 0) -> UserStrategy:
    return UserStrategy.from_file(str(EXAMPLES / f"{name}.py"), seed)


def gone(pid: int | None) -> bool:
    """No process with ``pid`` is left, not even a zombie (reaped)."""
    assert pid is not None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def events(search) -> list[int]:
    out: list[int] = []
    while chunk := search.advance(1000):
        out.extend(chunk)
    return out


# -- the built-ins rewritten -------------------------------------------------------------


def test_warnsdorff_from_a8_takes_63_steps():
    search = user_search("knight", puzzles.spec("knight").parse("8x8 a8"), example("warnsdorff"))
    result = run(search)
    assert result.solved and result.steps == 63 and result.backtracks == 0
    assert search.describe == "Warnsdorff's rule: fewest onward moves first"
    assert not search.pruned and gone(search.pid)


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("warnsdorff", "6x6 c3 ties=first"),
        ("warnsdorff", "7x7 d4 ties=first"),
        ("roth", "8x8 a8 ties=roth"),
        ("roth", "7x9 b2 ties=roth"),
        ("roth", "10x10 e5 ties=roth"),
    ],
)
def test_rewritten_warnsdorff_and_roth_match_the_built_ins(name, problem):
    spec = puzzles.spec("knight")
    tour = spec.parse(problem)
    built_in = run(spec.make_search(tour, "warnsdorff", backend="python"))
    mine = run(user_search("knight", tour, example(name)))
    assert (mine.outcome, mine.moves, mine.backtracks) == (
        built_in.outcome,
        built_in.moves,
        built_in.backtracks,
    )
    assert mine.solution == built_in.solution


def test_rewritten_mrv_takes_898_steps_on_the_hard_puzzle():
    result = run(user_search("sudoku", puzzles.spec("sudoku").parse(HARD), example("mrv")))
    assert result.solved and result.steps == 898


@pytest.mark.parametrize("text", [INKALA, "." * 16, "12..34..........", "." * 36])
def test_rewritten_mrv_matches_the_built_in(text):
    spec = puzzles.spec("sudoku")
    problem = spec.parse(text)
    built_in = run(spec.make_search(problem, "mrv", backend="python"))
    mine = run(user_search("sudoku", problem, example("mrv")))
    assert (mine.outcome, mine.steps, mine.solution) == (
        built_in.outcome,
        built_in.steps,
        built_in.solution,
    )


# -- the identity strategy is the built-in plain search, event for event -----------------


@pytest.mark.parametrize(
    ("key", "text", "strategy", "limit"),
    [
        ("knight", "5x5 a5 plain", "plain", 20_000),
        ("knight", "6x6 a6 plain closed", "plain", 5_000),
        ("queens", "6", "sets", None),
        ("sudoku", INKALA, "plain", 20_000),
    ],
)
def test_the_identity_strategy_makes_the_built_in_plain_events(key, text, strategy, limit):
    spec = puzzles.spec(key)
    problem = spec.parse(text)
    built_in = spec.make_search(problem, strategy, backend="python", limit=limit)
    mine = user_search(key, problem, example("identity"), limit=limit)
    assert events(mine) == events(built_in)
    assert mine.result is not None and built_in.result is not None
    assert (mine.result.outcome, mine.result.count) == (
        built_in.result.outcome,
        built_in.result.count,
    )
    assert mine.depth == built_in.depth and list(mine.snapshot_path()) == list(
        built_in.snapshot_path()
    )


def test_every_solution_is_reported():
    """8 queens have 92 solutions; counting mode reports each one."""
    found: list[tuple[int, ...]] = []
    search = user_search(
        "queens",
        puzzles.spec("queens").parse("8"),
        example("identity"),
        every=True,
        on_solution=found.append,
    )
    result = run(search)
    assert result.count == 92 and len(set(found)) == 92 and result.outcome is Outcome.SOLVED


def test_a_seeded_strategy_repeats_its_run():
    tour = puzzles.spec("knight").parse("8x8 c5")
    first = run(user_search("knight", tour, example("random_ties", seed=7)))
    again = run(user_search("knight", tour, example("random_ties", seed=7)))
    assert first.solved and (first.steps, first.solution) == (again.steps, again.solution)


# -- bounds, Stop, and what is left behind -----------------------------------------------


def test_a_step_limit_stops_exactly_there():
    search = user_search(
        "knight", puzzles.spec("knight").parse("5x5 a5"), example("identity"), limit=777
    )
    result = run(search)
    assert result.outcome is Outcome.LIMIT and result.steps == 777 and gone(search.pid)


def test_stop_ends_a_slow_strategy_and_its_process():
    slow = (
        "import time\n\n"
        "def order(position, candidates):\n    time.sleep(0.5)\n    return candidates\n"
    )
    stop = threading.Event()
    search = user_search(
        "knight", puzzles.spec("knight").parse("5x5 a5"), UserStrategy(slow), cancel=stop.is_set
    )
    timer = threading.Timer(0.3, stop.set)
    timer.start()
    result = run(search)
    timer.join()
    assert result.outcome is Outcome.CANCELLED and search.error is None
    assert gone(search.pid)


def test_a_search_dropped_unfinished_leaves_no_process():
    search = user_search("knight", puzzles.spec("knight").parse("8x8 a8"), example("identity"))
    search.advance(10)
    pid = search.pid
    assert search.alive
    search.close()
    assert gone(pid) and search.result is not None


# -- the text is checked, never executed, in the calling process -------------------------


def test_compile_check_parses_only():
    assert (
        compile_check("raise SystemExit(3)\n\ndef order(position, candidates):\n    return []\n")
        is None
    )
    error = compile_check("def order(position, candidates)\n    return candidates\n")
    assert error is not None and error.kind == "syntax" and error.line == 1
    error = compile_check("def other(p, c):\n    return c\n")
    assert error is not None and error.kind == "no-function"


def test_a_strategy_error_crosses_processes_whole():
    error = StrategyError("x() returned 9 twice (at step 3).", "wrong-return", {"value": "9"}, 4, 3)
    back = pickle.loads(pickle.dumps(error))
    assert (back.message, back.kind, back.args_, back.line, back.step) == (
        error.message,
        error.kind,
        error.args_,
        error.line,
        error.step,
    )
