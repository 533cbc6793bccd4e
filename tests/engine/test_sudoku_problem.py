"""Sudoku problems: reading and writing them, verdicts before any search, forced fills."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knightviz.engine.puzzles.spec import ProblemError
from knightviz.engine.puzzles.sudoku.problem import (
    cell_name,
    empty,
    geometry,
    grid,
    parse,
    propagate,
    text,
    verdict,
)

from .sudoku_helpers import complete_grids, is_solution, puzzles, units

pytestmark = pytest.mark.own_engine

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def with_digits(n: int, placed: dict[str, int]) -> str:
    """A problem with ``placed`` digits by cell name ("r3c5") and blanks elsewhere."""
    cells = ["."] * (n * n)
    for name, d in placed.items():
        r, c = (int(x) for x in name[1:].split("c"))
        cells[(r - 1) * n + c - 1] = ".123456789ABCDEFG"[d]
    return "".join(cells)


# -- reading -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [4, 6, 9, 16])
def test_sizes_follow_from_the_length_and_their_boxes(n):
    problem = parse("." * (n * n))
    assert problem.n == n
    assert problem.box_rows * problem.box_cols == n
    assert (problem.box_rows, problem.box_cols) == {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4)}[n]
    assert problem.blanks == n * n


def test_blanks_digits_letters_and_white_space():
    problem = parse(EASY)
    assert parse(EASY.replace(".", "0")) == problem
    assert parse("\n".join(EASY[i : i + 9] for i in range(0, 81, 9)) + "\n") == problem
    assert text(problem) == EASY
    assert problem.cells[0] == 5 and problem.cells[2] == 0
    sixteen = parse("G" + "a" + "." * 254)
    assert sixteen.cells[:2] == (16, 10)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([4, 6, 9, 16]).flatmap(lambda n: puzzles(n, n * n)))
def test_text_reads_back(made):
    problem, _ = made
    assert parse(text(problem)) == problem
    assert parse(text(problem), problem.n) == problem


@pytest.mark.parametrize(
    ("source", "size", "column", "words"),
    [
        ("12x4" + "." * 12, None, 3, "'x' is no digit"),
        (".." + "5" + "." * 13, None, 3, "5 is too large for a 4×4"),
        ("." * 30 + "A" + "." * 50, None, 31, "A is too large for a 9×9"),
        (" " * 4 + "." * 20 + "#", 4, 25, "'#' is no digit"),
        ("." * 17, 4, 17, "too many cells"),
        ("." * 80, None, 0, "not 80"),
        ("." * 80, 9, 0, "only 80 cells"),
        ("." * 25, 5, 0, "not 5×5"),
    ],
)
def test_parse_errors_name_the_column(source, size, column, words):
    with pytest.raises(ProblemError) as caught:
        parse(source, size)
    assert caught.value.column == column
    assert words in caught.value.message


def test_units_are_rows_columns_and_boxes_of_the_definition():
    for n in (4, 6, 9, 16):
        geo = geometry(n)
        assert [list(u) for u in (*geo.rows, *geo.cols, *geo.boxes)] == units(n)
        # boxes numbered in reading order: box 1 holds cell 0, the last box the last cell
        assert geo.box[0] == 0 and geo.box[n * n - 1] == n - 1
    assert cell_name(9, 2 * 9 + 4) == "r3c5"


# -- verdicts ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("placed", "sentence", "unit", "index"),
    [
        ({"r3c1": 5, "r3c9": 5}, "two 5s in row 3", "row", 3),
        ({"r1c4": 5, "r8c4": 5}, "two 5s in column 4", "column", 4),
        ({"r1c4": 5, "r2c5": 5}, "two 5s in box 2", "box", 2),
        ({"r7c7": 9, "r9c8": 9}, "two 9s in box 9", "box", 9),
    ],
)
def test_two_equal_digits_in_a_unit(placed, sentence, unit, index):
    problem = parse(with_digits(9, placed))
    found = verdict(problem)
    assert found is not None
    assert found.sentence == sentence
    assert found.kind == "duplicate"
    assert dict(found.args) == {"digit": next(iter(placed.values())), "unit": unit, "index": index}
    named = {(r - 1) * 9 + c - 1 for r, c in ((int(k[1]), int(k[3])) for k in placed)}
    assert set(found.squares) == named


def test_sixteen_by_sixteen_names_its_digits_as_written():
    found = verdict(parse(with_digits(16, {"r2c1": 12, "r2c16": 12})))
    assert found is not None and found.sentence == "two Cs in row 2"


def test_a_blank_with_no_candidate():
    # r3c5: 1-4 in its row, 5-7 in its column, 8 and 9 in its box; nothing repeated
    placed = {"r3c1": 1, "r3c2": 2, "r3c3": 3, "r3c7": 4, "r5c5": 5, "r6c5": 6, "r7c5": 7}
    placed |= {"r1c4": 8, "r2c6": 9}
    found = verdict(parse(with_digits(9, placed)))
    assert found is not None
    assert found.sentence == "r3c5 has no candidate"
    assert found.kind == "no-candidate"
    assert found.squares == (2 * 9 + 4,)
    assert found.args["cell"] == 2 * 9 + 4


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([4, 6, 9]).flatmap(lambda n: puzzles(n, n * n)))
def test_blanked_complete_grids_have_no_verdict(made):
    problem, _ = made
    assert verdict(problem) is None


# -- forced fills --------------------------------------------------------------------------------


def test_singles_alone_solve_an_easy_puzzle():
    problem = parse(EASY)
    filled = propagate(problem)
    assert filled.contradiction == -1
    assert len(filled.forced) == problem.blanks
    assert is_solution(9, filled.grid)
    assert all(problem.cells[c] == 0 for c in filled.forced)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([4, 6, 9]).flatmap(complete_grids), st.data())
def test_forced_fills_agree_with_every_completion(full, data):
    """A forced digit is implied by the cells already there, so a grid that completes the
    givens holds it too, and never meets a contradiction."""
    n = int(len(full) ** 0.5)
    blanks = data.draw(st.sets(st.integers(0, n * n - 1), max_size=n * n))
    base = empty(n)
    cells = tuple(0 if c in blanks else d for c, d in enumerate(full))
    problem = type(base)(n, base.box_rows, base.box_cols, cells)
    filled = propagate(problem)
    assert filled.contradiction == -1
    assert len(set(filled.forced)) == len(filled.forced)
    for c in filled.forced:
        assert problem.cells[c] == 0
        assert filled.grid[c] == full[c]
    # without singles the grid is the givens alone
    assert grid(problem, (), singles=False) == problem.cells
