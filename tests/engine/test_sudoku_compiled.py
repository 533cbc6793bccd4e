"""The compiled Sudoku search against the pure-Python one, event for event, and the fast
count against known totals and brute force (skipped where numba is not installed)."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knightviz.engine import handover, kernels
from knightviz.engine.events import Outcome
from knightviz.engine.puzzles.sudoku import HARD, SPEC, counting
from knightviz.engine.puzzles.sudoku.dlx import DlxSearch
from knightviz.engine.puzzles.sudoku.problem import BOXES, Board, SudokuProblem, empty, grid, parse
from knightviz.engine.puzzles.sudoku.search import SudokuSearch

from .sudoku_helpers import all_4x4, complete_grids, is_solution, puzzles

pytestmark = pytest.mark.own_engine

if not kernels.available():
    pytest.skip("numba is not installed here (CI installs it)", allow_module_level=True)


@pytest.fixture(scope="module", autouse=True)
def _loaded() -> None:
    kernels.load()


def compiled_class() -> type[SudokuSearch]:
    from knightviz.engine.puzzles.sudoku.compiled import NumbaSudokuSearch

    return NumbaSudokuSearch


def both(problem, strategy, singles, **kwargs):
    """The pure-Python search and its compiled twin."""
    if strategy == "dlx":
        from knightviz.engine.puzzles.sudoku.compiled import NumbaDlxSearch

        return DlxSearch(problem, **kwargs), NumbaDlxSearch(problem, **kwargs)
    return tuple(
        kind(problem, strategy, singles=singles, **kwargs)
        for kind in (SudokuSearch, compiled_class())
    )


VARIANTS = [("plain", False), ("plain", True), ("mrv", False), ("mrv", True), ("dlx", False)]


@st.composite
def clashing(draw: st.DrawFn, n: int) -> SudokuProblem:
    """Random givens, clashes and cells with no candidate allowed."""
    cells = draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    keep = draw(st.floats(0.0, 0.4))
    cells = [d if i < keep * n * n else 0 for i, d in enumerate(cells)]
    order = draw(st.permutations(range(n * n)))
    br, bc = BOXES[n]
    return SudokuProblem(n, br, bc, tuple(cells[i] for i in order))


@st.composite
def blanked(draw: st.DrawFn, n: int) -> SudokuProblem:
    """A random complete grid with a third to all of its cells blanked (long searches,
    several solutions, dead ends of the forced fills)."""
    full = draw(complete_grids(n))
    blanks = draw(st.integers(n * n // 3, n * n))
    order = draw(st.permutations(range(n * n)))
    gone = set(order[:blanks])
    br, bc = BOXES[n]
    return SudokuProblem(n, br, bc, tuple(0 if c in gone else d for c, d in enumerate(full)))


def any_puzzle() -> st.SearchStrategy[SudokuProblem]:
    sizes = st.sampled_from([4, 6, 9])
    return st.one_of(sizes.flatmap(blanked), sizes.flatmap(blanked), sizes.flatmap(clashing))


def same_state(a, b) -> None:
    assert (a.moves, a.backtracks, a.forced, a.count) == (b.moves, b.backtracks, b.forced, b.count)
    assert (a.depth, a.max_depth) == (b.depth, b.max_depth)
    assert list(a.path) == list(b.path) == list(b.snapshot_path())
    assert a.recent_backtracks == b.recent_backtracks
    assert list(a.stack()) == list(b.stack())
    assert a.solutions == b.solutions


calls = st.lists(
    st.tuples(st.sampled_from(["advance", "quiet", "into"]), st.integers(1, 3000)),
    min_size=1,
    max_size=6,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_puzzle(), st.sampled_from(VARIANTS), st.booleans(), calls)
def test_compiled_makes_the_python_stream(problem, variant, every, steps):
    """Any mix of advance, advance_quiet and advance_into, the same events, state, stack and
    solutions after every call, and the same result."""
    strategy, singles = variant
    made = both(problem, strategy, singles, first=not every, limit=6000)
    python, numba = made
    assert numba.backend == "numba"
    for _ in range(3):
        for how, size in steps:
            if how == "advance":
                assert python.advance(size) == numba.advance(size)
            elif how == "quiet":
                assert python.advance_quiet(size) == numba.advance_quiet(size)
            else:
                targets = [np.zeros(size, np.int32) for _ in made]
                counts = [s.advance_into(memoryview(t)) for s, t in zip(made, targets, strict=True)]
                assert counts[0] == counts[1]
                assert targets[0][: counts[0]].tolist() == targets[1][: counts[1]].tolist()
            same_state(python, numba)
    python.run()
    numba.run()
    same_state(python, numba)
    assert python.result is not None and numba.result is not None
    assert replace(numba.result, seconds=python.result.seconds) == python.result


@pytest.mark.parametrize(("strategy", "singles"), VARIANTS)
def test_make_search_runs_compiled(strategy, singles):
    search = SPEC.make_search(parse(HARD), strategy, backend="numba", options={"singles": singles})
    assert search.backend == "numba"
    result = search.run()
    assert result.solved and result.solution is not None
    assert is_solution(9, grid(parse(HARD), result.solution, singles))


def test_the_hard_puzzle_takes_19454728_steps_plain_and_898_with_mrv():
    kind = compiled_class()
    plain = kind(parse(HARD), "plain").run()
    mrv = kind(parse(HARD), "mrv").run()
    assert plain.solved and plain.steps == 19_454_728
    assert mrv.solved and mrv.steps == 898


def test_dlx_on_the_hard_puzzle_steps_as_python():
    python, numba = both(parse(HARD), "dlx", False)
    assert python.run().steps == numba.run().steps
    assert numba.result is not None and numba.result.solution == python.result.solution


@pytest.mark.parametrize(("strategy", "singles"), VARIANTS)
def test_the_empty_4x4_has_288_solutions_compiled(strategy, singles):
    search = both(empty(4), strategy, singles, first=False)[1]
    chunks = 0
    while search.advance_quiet(97):
        chunks += 1
    assert search.result is not None and search.result.outcome is Outcome.SOLVED
    assert search.count == len(search.solutions) == 288
    assert len(set(search.solutions)) == 288


# -- the count ---------------------------------------------------------------------------------


@pytest.mark.parametrize("jobs", [1, 2])
def test_count_of_the_empty_4x4_is_288(jobs):
    assert SPEC.count(empty(4), jobs=jobs) == 288


def test_the_empty_6x6_is_720_times_its_sorted_first_rows():
    """The rule of interchangeable digits: 28,200,960 / 6! first-row-sorted grids."""
    grids, factor = counting.pieces(empty(6), 1)
    assert factor == math.factorial(6)
    assert grids == [(1, 2, 3, 4, 5, 6) + (0,) * 30]
    assert counting.count_below(grids[0], 6) * factor == 28_200_960


def test_count_of_the_empty_6x6_is_28200960():
    assert SPEC.count(empty(6), jobs=2) == 28_200_960


@pytest.mark.slow
def test_the_counter_alone_finds_28200960_6x6_grids():
    """No rule of interchangeable digits here: the compiled counter over every grid."""
    assert counting.count_below(empty(6).cells, 6) == 28_200_960


@settings(max_examples=120, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=16, max_size=16),
    st.integers(1, 40),
    st.sampled_from(["numba", "python"]),
)
def test_count_matches_brute_force_on_4x4(cells, wanted, backend):
    """Pieces (any number of them) times the factor, on either backend: the number of
    complete 4×4 grids that keep the givens."""
    problem = SudokuProblem(4, 2, 2, tuple(cells))
    grids, factor = counting.pieces(problem, wanted)
    expected = sum(
        all(g == 0 or g == f for g, f in zip(cells, full, strict=True)) for full in all_4x4()
    )
    if Board(problem).clash:
        assert SPEC.count(problem, jobs=1) == 0
        return
    assert sum(counting.count_below(g, 4, backend) for g in grids) * factor == expected


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([6, 9]).flatmap(lambda n: puzzles(n, 14)), st.integers(1, 30))
def test_count_matches_the_python_search(made, wanted):
    problem, _full = made
    search = SudokuSearch(problem, "mrv", first=False)
    search.run()
    grids, factor = counting.pieces(problem, wanted)
    assert sum(counting.count_below(g, problem.n) for g in grids) * factor == search.count


# -- handing a running search over ---------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_puzzle(), st.sampled_from(VARIANTS), st.booleans(), calls, calls)
def test_a_python_search_handed_over_goes_on_as_python(problem, variant, every, before, after):
    """Two pure-Python twins run alike; one is handed over to the compiled engine mid-run
    and both go on: the same events, state, stack and solutions, and the same result."""
    strategy, singles = variant
    first, second = (
        make_python(problem, strategy, singles, first=not every, limit=6000) for _ in range(2)
    )
    for how, size in before:
        for search in (first, second):
            if how == "advance":
                search.advance(size)
            else:
                search.advance_quiet(size)
    if not handover.can_hand_over(second):
        assert second.result is not None  # only a finished search stays where it is
        return
    numba = handover.hand_over(second)
    assert numba.backend == "numba"
    same_state(first, numba)
    for how, size in after:
        if how == "advance":
            assert first.advance(size) == numba.advance(size)
        else:
            assert first.advance_quiet(size) == numba.advance_quiet(size)
        same_state(first, numba)
    first.run()
    numba.run()
    same_state(first, numba)
    assert replace(numba.result, seconds=first.result.seconds) == first.result


def make_python(problem, strategy, singles, **kwargs):
    if strategy == "dlx":
        return DlxSearch(problem, **kwargs)
    return SudokuSearch(problem, strategy, singles=singles, **kwargs)
