"""Parberry's construction: every tour it builds is a closed knight's tour, without search."""

from __future__ import annotations

from itertools import pairwise

import pytest

from knightviz.engine import Board, Outcome, construct
from knightviz.engine.construct_base import corner_moves, find_structured_tour, grid_moves
from knightviz.engine.construct_data import BASE_TEXT, GRID_TEXT, OPEN_TEXT
from knightviz.engine.verdict import closed_tour_exists

from .helpers import assert_valid_tour

EVEN = range(6, 61, 2)


def edges(squares) -> set[frozenset[int]]:
    s = list(squares)
    return {frozenset(p) for p in pairwise([*s, s[0]])}


@pytest.fixture(params=[True, False], ids=["numpy", "stdlib"])
def backend(request, monkeypatch):
    """Both ways of writing the tour: numpy's whole arrays and the standard library's."""
    monkeypatch.setattr(construct, "USE_NUMPY", request.param)
    return request.param


@pytest.mark.parametrize("shape", sorted(BASE_TEXT))
def test_every_stored_base_tour_is_closed_and_structured(shape):
    rows, cols = shape
    tour = construct.base_tour(rows, cols)
    assert_valid_tour(Board(rows, cols), tour, tour[0], closed=True)
    moves = corner_moves(rows, cols)
    assert len({frozenset(m) for m in moves}) == 8  # four corners, two moves each, distinct
    assert {frozenset(m) for m in moves} <= edges(tour)


@pytest.mark.parametrize("shape", sorted(GRID_TEXT))
def test_every_stored_grid_tour_is_closed_and_has_the_grid_s_moves(shape):
    rows, cols = shape
    tour = construct.grid_tour(rows, cols)
    assert_valid_tour(Board(rows, cols), tour, tour[0], closed=True)
    assert {frozenset(m) for m in grid_moves(rows, cols)} <= edges(tour)


@pytest.mark.parametrize("shape", sorted(OPEN_TEXT))
def test_every_stored_open_tour_runs_from_the_corner_and_keeps_the_joined_corners(shape):
    rows, cols = shape
    tour = construct.open_tour(rows, cols)
    assert_valid_tour(Board(rows, cols), tour, 0, closed=False)
    assert tour[-1] not in (cols - 1, (rows - 1) * cols)  # their moves are in it


@pytest.mark.parametrize("shape", [(5, 5), (7, 7), (5, 9), (9, 5), (11, 13), (21, 15), (39, 59)])
def test_boards_with_both_sides_odd_get_open_tours_from_the_corner(shape, backend):
    rows, cols = shape
    assert not construct.constructible(rows, cols)  # no closed tour exists
    assert construct.open_constructible(rows, cols)
    tour = tuple(construct.tour(rows, cols))
    assert_valid_tour(Board(rows, cols), tour, 0, closed=False)
    back = tuple(construct.tour(rows, cols, tour[-1]))
    assert back == tour[::-1]  # read from its other end
    with pytest.raises(construct.ConstructError, match="start on one of them"):
        construct.tour(rows, cols, 1)


def test_the_base_search_finds_a_structured_tour_again():
    tour = find_structured_tour(8, 10, seed=7)
    assert_valid_tour(Board(8, 10), tuple(tour), 0, closed=True)
    assert {frozenset(m) for m in corner_moves(8, 10)} <= edges(tour)


def test_the_join_moves_are_knight_moves_that_close_one_ring():
    # Four cycles, one structured move cut from each, the four added moves: one cycle.
    for (ar, ac), (br, bc) in construct.JOIN_MOVES:
        assert {abs(ar - br), abs(ac - bc)} == {1, 2}
    p = construct.plan(12, 12)
    assert len(p.blocks) == 4 and len(p.joins) == 1
    ends = [sq for move in p.joins[0].cut for sq in move]
    assert sorted(ends) == sorted(sq for move in p.joins[0].added for sq in move)


@pytest.mark.parametrize("n", EVEN)
def test_parberry_boards_get_closed_tours(n):
    for rows, cols in ((n, n), (n, n + 2), (n + 2, n)):
        tour = tuple(int(x) for x in construct.tour(rows, cols))
        assert_valid_tour(Board(rows, cols), tour, 0, closed=True)


@pytest.mark.slow
@pytest.mark.parametrize("n", EVEN)
def test_the_standard_library_builds_the_same_tours(n, monkeypatch):
    expected = list(construct.tour(n, n))
    monkeypatch.setattr(construct, "USE_NUMPY", False)
    assert list(construct.tour(n, n)) == expected


@pytest.mark.parametrize(
    "shape",
    [
        *((12, 20), (20, 12), (14, 24), (24, 40), (16, 24), (30, 46)),  # quarters
        *((6, 30), (30, 6), (8, 50), (10, 14), (12, 40), (26, 60), (6, 42), (58, 10)),  # grids
        *((5, 6), (6, 5), (7, 8), (9, 10), (11, 12), (13, 30), (30, 17), (5, 50)),  # an odd side
    ],
)
def test_other_even_rectangles(shape, backend):
    rows, cols = shape
    assert construct.constructible(rows, cols)
    tour = tuple(construct.tour(rows, cols))
    assert_valid_tour(Board(rows, cols), tour, 0, closed=True)
    assert construct.is_closed_tour(rows, cols, tour)


def test_the_tour_starts_where_asked(backend):
    board = Board(14, 16)
    for start in (0, 1, 37, board.size - 1):
        tour = tuple(construct.tour(14, 16, start))
        assert_valid_tour(board, tour, start, closed=True)


@pytest.mark.slow
def test_every_board_with_a_closed_tour_up_to_40_by_60_but_3_by_n():
    for rows in range(5, 41):
        for cols in range(5, 61):
            if rows % 2 == 0 or cols % 2 == 0:
                tour = construct.tour(rows, cols)
                assert construct.is_closed_tour(rows, cols, tour), (rows, cols)


@pytest.mark.parametrize(
    "shape", [(12, 12), (18, 18), (26, 28), (30, 30), (6, 30), (14, 40), (5, 6), (13, 22)]
)
def test_the_plan_draws_the_tour_it_builds(shape):
    rows, cols = shape
    p = construct.plan(rows, cols)
    covered = sorted(
        (b.row + r) * cols + b.col + c
        for b in p.blocks
        for r in range(b.rows)
        for c in range(b.cols)
    )
    assert covered == list(range(rows * cols))  # the blocks tile the board
    drawn: set[frozenset[int]] = set()
    for b in p.blocks:
        drawn |= edges(construct.block_squares(p, b))
    levels = [j.level for j in p.joins]
    assert levels == sorted(levels, reverse=True)  # deepest joins first
    for join in p.joins:
        cut = {frozenset(m) for m in join.cut}
        assert cut <= drawn  # each join cuts moves still there
        drawn = (drawn - cut) | {frozenset(m) for m in join.added}
    assert drawn == edges(construct.tour(rows, cols))


def test_is_closed_tour_rejects_what_is_not(backend):
    good = list(construct.tour(6, 6))
    assert construct.is_closed_tour(6, 6, good)
    assert not construct.is_closed_tour(6, 6, good[:-1])
    swapped = good[:]
    swapped[3], swapped[4] = swapped[4], swapped[3]
    assert not construct.is_closed_tour(6, 6, swapped)
    assert not construct.is_closed_tour(6, 6, [*good[:-1], good[0]])


@pytest.mark.parametrize("rows", range(1, 41))
def test_what_is_constructible_agrees_with_schwenk(rows):
    for cols in range(1, 41):
        built = construct.constructible(rows, cols)
        if built:
            assert closed_tour_exists(rows, cols)  # never claims a tour that cannot exist
        elif closed_tour_exists(rows, cols):
            assert min(rows, cols) == 3  # Schwenk's 3 x n: the one family not built here
    n = rows
    assert construct.quartered(n, n) == (n % 2 == 0 and n >= 6)  # Parberry's own boards
    assert construct.quartered(n, n + 2) == (n % 2 == 0 and n >= 6)


def test_solve_reports_a_run_without_backtracks():
    result = construct.solve(10, 10, start=Board(10, 10).parse("c3"), closed=True)
    assert result.outcome is Outcome.SOLVED
    assert result.moves == 99 and result.backtracks == 0 and result.count == 1
    assert result.solution is not None and result.solution[0] == Board(10, 10).parse("c3")


def test_solve_gives_the_search_s_verdict_where_no_tour_exists():
    for rows, cols, closed in ((5, 5, True), (4, 4, False), (4, 8, True), (3, 6, True)):
        result = construct.solve(rows, cols, closed=closed)
        assert result.outcome is Outcome.IMPOSSIBLE
        assert result.reason and "No" in result.reason


@pytest.mark.parametrize(
    ("rows", "cols", "words"),
    [(3, 10, "at least 5"), (4, 6, "at least 5"), (4, 5, "at least 5")],
)
def test_no_construction_says_why_where_a_tour_exists(rows, cols, words):
    reason = construct.no_construction(rows, cols, closed=False)
    assert reason is not None and words in reason
    with pytest.raises(construct.ConstructError, match=words):
        construct.solve(rows, cols)


def test_boards_past_the_limit_are_refused_in_words(monkeypatch):
    monkeypatch.setattr(construct, "MAX_SQUARES", 100)
    with pytest.raises(construct.ConstructError, match="limit"):
        construct.tour(12, 12)
