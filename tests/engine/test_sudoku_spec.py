"""Sudoku's puzzle spec: the registry finds it, its searches, tree children, next events,
verdicts and text layouts (through ``make_search``, so on each default engine)."""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knightviz.engine.events import Outcome
from knightviz.engine.puzzles import spec, specs
from knightviz.engine.puzzles.sudoku import HARD
from knightviz.engine.puzzles.sudoku.problem import grid

from .helpers import drive
from .sudoku_helpers import is_solution, puzzles

SUDOKU = spec("sudoku")
STRATEGIES = ["plain", "mrv", "dlx"]


def test_the_registry_finds_it_with_its_attributes():
    assert "sudoku" in specs()
    assert SUDOKU.key == "sudoku" and SUDOKU.order == 20 and SUDOKU.title == "Sudoku"
    assert SUDOKU.strategies == ("plain", "mrv", "dlx")
    assert SUDOKU.event_names == ("placement", "removal")
    assert SUDOKU.formats == ("grid", "line", "count", "json")
    command = SUDOKU.command
    assert command is not None and command.name == "sudoku"
    assert command.sizes == (4, 6, 9, 16)
    assert [name for name, _ in command.flags] == ["singles"]
    assert HARD in dict(command.examples).values()


@pytest.mark.own_engine
def test_the_examples_have_one_solution_each(monkeypatch):
    """A fact about the examples, counted once, on the fastest engine here (the engines'
    agreement is tested elsewhere)."""
    from knightviz.engine import kernels

    monkeypatch.setenv(kernels.ENV, kernels.NUMBA if kernels.available() else "python")
    sizes = set()
    for _, source in SUDOKU.command.examples:
        problem = SUDOKU.parse(source)
        sizes.add(problem.n)
        assert SUDOKU.verdict(problem) is None
        assert SUDOKU.count(problem, jobs=1) == 1  # in this process: no pool to start nine times
        assert SUDOKU.text(problem) == source
    assert {4, 6, 9} <= sizes


def test_dims_values_and_depth():
    problem = SUDOKU.parse(HARD)
    assert SUDOKU.dims(problem) == (9, 9)
    assert SUDOKU.values(problem) == 9
    assert SUDOKU.initial(problem) == ()
    assert SUDOKU.describe(problem) == "9×9 sudoku, 17 givens"
    for strategy in STRATEGIES:
        assert SUDOKU.solution_depth(problem, strategy) == 64
    assert SUDOKU.solution_depth(problem, "mrv", {"singles": True}) is None
    assert SUDOKU.solution_depth(problem, "dlx", {"singles": True}) == 64


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("singles", [False, True])
def test_make_search_solves_the_hard_puzzle(strategy, singles):
    if strategy == "plain" and not singles:
        pytest.skip("millions of steps (test_sudoku_search's slow test)")
    problem = SUDOKU.parse(HARD)
    search = SUDOKU.make_search(problem, strategy, options={"singles": singles})
    tracker, moves, backtracks = drive(search, [1000])
    result = search.result
    assert result.solved and result.count == 1
    assert tracker.path == list(result.solution)
    assert (moves, backtracks) == (result.moves, result.backtracks)
    assert is_solution(9, grid(problem, result.solution, singles and strategy != "dlx"))
    if strategy == "mrv" and not singles:
        assert result.steps == 898


def test_make_search_refuses_an_unknown_strategy():
    with pytest.raises(ValueError, match="unknown sudoku strategy"):
        SUDOKU.make_search(SUDOKU.parse("." * 16), "random")


def test_every_reports_each_solution():
    seen = []
    search = SUDOKU.make_search(SUDOKU.parse("." * 16), "mrv", every=True, on_solution=seen.append)
    result = search.run()
    assert result.count == len(seen) == 288 == SUDOKU.count(SUDOKU.parse("." * 16))


def test_verdicts_come_through_the_spec():
    problem = SUDOKU.parse("11" + "." * 14)
    found = SUDOKU.verdict(problem)
    assert found is not None and found.sentence == "two 1s in row 1"
    result = SUDOKU.make_search(problem, "plain").run()
    assert result.outcome is Outcome.EXHAUSTED and result.count == 0


# -- the tree and "your turn" --------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    st.one_of(puzzles(4, 16), puzzles(6, 20), puzzles(9, 40)),
    st.sampled_from(STRATEGIES),
    st.booleans(),
    st.integers(1, 400),
)
def test_children_and_next_event_follow_the_search(made, strategy, singles, steps):
    """At every position the search passes, ``children`` are the top level's candidates and
    (without forced fills) ``next_event`` is the step it takes next."""
    problem, _ = made
    options = {"singles": singles}
    kids = SUDOKU.children(problem, strategy, options)
    search = SUDOKU.make_search(problem, strategy, options=options, limit=steps)
    path: list[int] = []
    last = None
    predict = not singles or strategy == "dlx"
    while True:
        stack = list(search.stack())
        if len(stack) > len(path):
            assert tuple(kids(path)) == stack[-1].candidates
        else:
            assert tuple(kids(path)) == ()
        expected = SUDOKU.next_event(problem, strategy, path, last) if predict else None
        chunk = search.advance(1)
        if not chunk:
            if predict and search.result.outcome is not Outcome.LIMIT:
                assert expected is None
            break
        x = chunk[0]
        if predict:
            assert expected == x
        if x >= 0:
            path.append(x)
        else:
            assert path.pop() == ~x
        last = x


# -- layouts --------------------------------------------------------------------------------


def run_every(source, strategy="mrv", limit=None):
    problem = SUDOKU.parse(source)
    search = SUDOKU.make_search(problem, strategy, every=True, limit=limit)
    return problem, search, search.run()


def test_line_and_grid_layouts_show_the_full_grids():
    problem, search, result = run_every("..3..4.221......", "dlx")
    line = SUDOKU.format_result(problem, result, search.solutions, "line")
    assert line.endswith("\n") and len(line) == 17
    full = SUDOKU.parse(line.strip())
    assert full.blanks == 0 and is_solution(4, full.cells)
    drawing = SUDOKU.format_result(problem, result, search.solutions, "grid").splitlines()
    assert len(drawing) == 4 + 1  # four rows, one line between the two bands
    digits = [ch for row in drawing for ch in row if ch.isdigit()]
    assert "".join(digits) == line.strip()
    assert set(drawing[2]) <= set("-+")
    assert SUDOKU.parse("\n".join(drawing)) == full  # the drawing reads back


def test_singles_solutions_print_their_forced_fills():
    source = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    problem = SUDOKU.parse(source)
    search = SUDOKU.make_search(problem, "plain", options={"singles": True})
    result = search.run()
    line = SUDOKU.format_result(problem, result, [result.solution], "line").strip()
    assert is_solution(9, SUDOKU.parse(line).cells)
    payload = SUDOKU.payload(problem, result, [result.solution])
    assert payload["forced"] == problem.blanks and payload["steps"] == 0


def test_no_solution_in_each_layout():
    problem, _, result = run_every("11" + "." * 14)
    assert SUDOKU.format_result(problem, result, [], "line") == "none\n"
    assert SUDOKU.format_result(problem, result, [], "grid").startswith("No solution\n")
    assert SUDOKU.format_result(problem, result, [], "count") == "0 solutions\n"


def test_count_and_json_layouts():
    problem, search, result = run_every("." * 16)
    assert SUDOKU.format_result(problem, result, search.solutions, "count") == "288 solutions\n"
    text = SUDOKU.format_result(problem, result, search.solutions, "json")
    data = json.loads(text)
    assert data == SUDOKU.payload(problem, result, search.solutions)
    assert data["count"] == 288 and len(set(data["solutions"])) == 288
    assert data["steps"] == data["moves"] + data["backtracks"] == result.steps
    assert data["problem"] == "." * 16 and data["n"] == 4 and data["box"] == [2, 2]
    assert data["solution"] == data["solutions"][0]
    with pytest.raises(ValueError):
        SUDOKU.format_result(problem, result, search.solutions, "matrix")


def test_a_stopped_count_says_it_is_a_lower_bound():
    problem, search, result = run_every("." * 36, "dlx", limit=300)
    assert result.outcome is Outcome.LIMIT
    assert SUDOKU.format_result(problem, result, search.solutions, "count").startswith(
        f"at least {result.count} solution"
    )


@pytest.mark.own_engine
def test_importing_the_spec_loads_no_compiled_engine():
    """The registry imports every spec at start-up: Sudoku's may not bring numba with it."""
    code = (
        "import sys\n"
        "from knightviz.engine.puzzles import spec\n"
        "s = spec('sudoku')\n"
        "s.make_search(s.parse('.' * 16), 'mrv', backend='python').run()\n"
        "print(sorted(m for m in sys.modules if m == 'numba' or m.startswith('numba.')))\n"
    )
    env = {**os.environ, "KNIGHTVIZ_ENGINE": "auto"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip() == "[]"
