"""Sudoku searches on the Python engine: known facts, and properties over random puzzles
(plain, MRV, with and without forced fills, and DLX)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knightviz.engine.events import Outcome
from knightviz.engine.puzzles.sudoku import HARD
from knightviz.engine.puzzles.sudoku.problem import BOXES, SudokuProblem, empty, grid, parse
from knightviz.engine.puzzles.sudoku.search import SudokuSearch

from .helpers import drive
from .sudoku_helpers import VARIANTS, all_4x4, is_solution, make, puzzles

pytestmark = pytest.mark.own_engine


def solution_grids(problem, search):
    return {grid(problem, s, search.singles) for s in search.solutions}


# -- facts -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("strategy", "singles"), VARIANTS)
def test_the_empty_4x4_grid_has_288_solutions(strategy, singles):
    problem = empty(4)
    search = make(problem, strategy, singles, first=False)
    tracker, moves, backtracks = drive(search, [7, 100])
    result = search.result
    assert result.count == 288 == len(search.solutions)
    assert solution_grids(problem, search) == all_4x4()
    assert (moves, backtracks) == (result.moves, result.backtracks)
    assert tracker.path == []
    assert result.outcome is Outcome.SOLVED


@pytest.mark.parametrize(
    ("strategy", "singles"),
    [
        variant if variant[1] else pytest.param(*variant, marks=pytest.mark.slow)
        for variant in VARIANTS
    ],
)
def test_the_empty_6x6_grid_has_28200960_solutions(strategy, singles):
    """Relabelling the digits maps the complete grids one to one onto those whose first row
    reads 123456, so there are 6! = 720 times as many of them."""
    problem = parse("123456" + "." * 30)
    search = make(problem, strategy, singles, first=False, on_solution=lambda s: None)
    assert search.run().count * 720 == 28_200_960


def test_the_hard_puzzle_takes_898_steps_with_mrv():
    result = SudokuSearch(parse(HARD), "mrv").run()
    assert result.solved and result.steps == 898
    assert result.moves - result.backtracks == parse(HARD).blanks


@pytest.mark.slow
def test_the_hard_puzzle_takes_19454728_steps_plain():
    result = SudokuSearch(parse(HARD), "plain").run()
    assert result.solved and result.steps == 19_454_728


@pytest.mark.parametrize(("strategy", "singles"), VARIANTS)
def test_the_hard_puzzle_has_one_solution(strategy, singles):
    if strategy == "plain":
        pytest.skip("millions of steps to the end: the slow test above covers plain")
    problem = parse(HARD)
    search = make(problem, strategy, singles, first=False)
    search.run()
    assert search.count == 1
    assert is_solution(9, grid(problem, search.solutions[0], singles))


@pytest.mark.parametrize(("strategy", "singles"), VARIANTS)
def test_a_complete_grid_is_solved_before_any_step(strategy, singles):
    full = tuple(sorted(all_4x4())[0])
    search = make(SudokuProblem(4, 2, 2, full), strategy, singles)
    result = search.run()
    assert result.solved and result.steps == 0 and result.solution == ()
    assert result.count == 1


def test_singles_alone_solve_and_count_their_fills():
    problem = parse(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    )
    search = SudokuSearch(problem, "plain", singles=True, first=False)
    result = search.run()
    assert result.count == 1 and result.steps == 0 and result.solution == ()
    assert search.forced == problem.blanks == result.forced


@pytest.mark.parametrize(("strategy", "singles"), VARIANTS)
def test_clashing_givens_end_at_once_with_no_solution(strategy, singles):
    problem = SudokuProblem(4, 2, 2, (1, 1) + (0,) * 14)
    result = make(problem, strategy, singles, first=False).run()
    assert result.outcome is Outcome.EXHAUSTED
    assert result.steps == 0 and result.count == 0 and result.solution is None


@pytest.mark.parametrize(("strategy", "singles"), VARIANTS)
def test_the_step_limit(strategy, singles):
    search = make(empty(9), strategy, singles, first=False, limit=500)
    result = search.run()
    assert result.outcome is Outcome.LIMIT and result.steps == 500


def test_plain_fills_cells_in_reading_order_and_tries_digits_ascending():
    # The first steps on an empty grid: r1c1=1, r1c2=2, ... never a removal on row 1.
    search = SudokuSearch(empty(9), "plain")
    chunk = search.advance(9)
    assert list(chunk) == [(d - 1) * 81 + (d - 1) for d in range(1, 10)]


def test_mrv_takes_the_first_cell_with_fewest_candidates():
    # One cell with a single candidate, far into the grid: MRV places it first.
    cells = [0] * 16
    cells[13], cells[14], cells[15] = 1, 2, 3  # r4c2..r4c4: r4c1 can only be 4
    search = SudokuSearch(SudokuProblem(4, 2, 2, tuple(cells)), "mrv")
    assert list(search.advance(1)) == [3 * 16 + 12]


# -- properties ----------------------------------------------------------------------------------

small_puzzles = st.one_of(puzzles(4, 16), puzzles(6, 14), puzzles(9, 30))


@settings(max_examples=40, deadline=None)
@given(small_puzzles)
def test_every_search_finds_the_same_valid_solutions(made):
    problem, full = made
    found = []
    for strategy, singles in VARIANTS:
        search = make(problem, strategy, singles, first=False)
        _, moves, backtracks = drive(search, [13, 500])  # removals undo the last placement
        result = search.result
        assert result.steps == result.moves + result.backtracks
        assert (moves, backtracks) == (result.moves, result.backtracks)
        grids = solution_grids(problem, search)
        assert len(grids) == result.count
        for g in grids:
            assert is_solution(problem.n, g)
            assert all(not d or d == g[c] for c, d in enumerate(problem.cells))
        if not singles:
            assert all(len(s) == problem.blanks for s in search.solutions)
        found.append(grids)
    assert full in found[0]
    assert all(grids == found[0] for grids in found)


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.integers(0, 15), st.integers(1, 4), max_size=6))
def test_counts_of_4x4_givens_match_brute_force(givens):
    """Random givens, clashing or not: the solutions are exactly the complete grids that
    keep them."""
    cells = tuple(givens.get(c, 0) for c in range(16))
    problem = SudokuProblem(4, 2, 2, cells)
    want = {g for g in all_4x4() if all(not d or g[c] == d for c, d in enumerate(cells))}
    for strategy, singles in VARIANTS:
        search = make(problem, strategy, singles, first=False)
        result = search.run()
        assert result.count == len(want)
        assert solution_grids(problem, search) == want
        assert result.outcome is (Outcome.SOLVED if want else Outcome.EXHAUSTED)
        first = make(problem, strategy, singles).run()
        assert first.count == min(1, len(want))
        if want:
            assert grid(problem, first.solution, singles) in want


@settings(max_examples=30, deadline=None)
@given(
    st.one_of(puzzles(4, 16), puzzles(6, 24), puzzles(9, 50)),
    st.sampled_from(VARIANTS),
    st.booleans(),
    st.lists(st.integers(1, 60), min_size=1, max_size=8),
)
def test_the_stack_is_what_the_path_and_last_step_say(made, variant, every, chunks):
    """After random stops, the live stack equals the one derived from the path and the
    step that led there; below the top each level has tried up to its placement."""
    problem, _ = made
    strategy, singles = variant
    search = make(problem, strategy, singles, first=not every, limit=2000)
    last = None
    for size in chunks:
        chunk = search.advance(size)
        if chunk:
            last = chunk[-1]
        live = list(search.stack())
        derived = list(search.stack_at(search.path, last, search.result is not None))
        assert live == derived
        path = search.path
        assert [level.square for level in live[: len(path)]] == path
        for level, x in zip(live, path, strict=False):
            assert level.candidates[level.tried - 1] == x
        if len(live) > len(path):
            top = live[-1]
            assert top.square == -1
            if last is not None and last < 0:
                assert top.candidates[top.tried - 1] == ~last
            else:
                assert top.tried == 0
        assert search.depth == len(path) <= search.max_depth


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(list(BOXES)), st.sampled_from(VARIANTS), st.integers(1, 300))
def test_events_are_cells_and_digits_of_the_size(n, variant, steps):
    strategy, singles = variant
    search = make(empty(n), strategy, singles, first=False)
    chunk = search.advance(steps)
    nn = n * n
    for x in chunk:
        e = x if x >= 0 else ~x
        assert 0 <= e < n * nn  # cell e % N², digit e // N² + 1 <= N
    assert search.rows == search.cols == n and search.initial == ()
