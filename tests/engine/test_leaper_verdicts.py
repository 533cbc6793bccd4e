"""The verdicts of shaped boards and leapers against the exhaustive search.

On every small case (all patterns of up to two holes on 5x5 and 4x6 for the knight, all
leapers with b <= 3 on full boards up to 6x6), each start square is searched to the end
(the counter: every path that could still become a tour) for open and for closed tours.
A verdict "no tour" must never meet a tour; and the tests record how many of the
impossible cases the verdicts catch before any search (the figures of docs/reference.md §7).
"""

from itertools import combinations

import pytest

from knightviz.engine import kernels
from knightviz.engine.board import KNIGHT, Board, Shape
from knightviz.engine.count import count_below
from knightviz.engine.verdict import Verdict, impossibility, marked, unreachable, verdict

BACKEND = kernels.NUMBA if kernels.available() else kernels.PYTHON


def tally(boards):
    """(cases, impossible, caught) over every start, open and closed, of ``boards``; fails
    at once if a verdict meets a tour."""
    cases = impossible = caught = 0
    for board in boards:
        for start in range(board.size):
            if start in board.holes:
                continue
            for closed in (False, True):
                code = verdict(board, start, closed)
                tours = count_below(
                    board.rows, board.cols, (start,), closed, backend=BACKEND, shape=board.shape
                ).count
                if code is not None:
                    assert tours == 0, (board, board.name(start), closed, code)
                cases += 1
                impossible += tours == 0
                caught += code is not None
    return cases, impossible, caught


def hole_patterns(rows, cols, most=2):
    n = rows * cols
    for k in range(most + 1):
        for holes in combinations(range(n), k):
            yield Board(rows, cols, Shape(frozenset(holes)))


@pytest.mark.slow  # seconds compiled, minutes in pure Python
def test_no_verdict_is_contradicted_on_5x5_with_up_to_two_holes():
    assert tally(hole_patterns(5, 5)) == (15_050, 13_285, 12_125)


@pytest.mark.slow  # seconds compiled, minutes in pure Python
def test_no_verdict_is_contradicted_on_4x6_with_up_to_two_holes():
    assert tally(hole_patterns(4, 6)) == (13_296, 11_772, 8_552)


LEAPERS_B3 = [(a, b) for b in range(1, 4) for a in range(1, b + 1)]


@pytest.mark.slow  # seconds compiled, minutes in pure Python
def test_no_verdict_is_contradicted_for_leapers_up_to_b3_on_boards_up_to_6x6():
    boards = [
        Board(rows, cols, Shape(leaper=leaper))
        for leaper in LEAPERS_B3
        for rows in range(1, 7)
        for cols in range(rows, 7)
        # the knight on full boards has the classic verdicts (tests/engine/test_verdict_count);
        # its larger boards' counts take hours in Python
        if leaper != KNIGHT or rows * cols <= 25
    ]
    assert tally(boards) == (3_060, 3_013, 2_865)


def test_no_verdict_is_contradicted_on_4x4_with_one_hole():
    cases, impossible, caught = tally(hole_patterns(4, 4, most=1))
    assert caught <= impossible <= cases


def test_camel_and_ferz_never_leave_their_colour():
    for leaper in ((1, 3), (1, 1)):
        board = Board(8, 8, Shape(leaper=leaper))
        assert verdict(board, 0, False) is Verdict.SAME_COLOUR
        out = unreachable(board, 0)
        assert len(out) == 32 and all(not board.is_light(sq) for sq in out)
        assert "never leaves its colour" in impossibility(board, 0, False)
        assert "b8" in impossibility(board, 0, False)


def test_a_sub_lattice_a_square_with_no_move_and_a_cut_board():
    board = Board(6, 6, Shape(leaper=(2, 4)))
    assert verdict(board, 0, False) is Verdict.SAME_COLOUR  # 2 + 4 even comes first
    assert verdict(Board(9, 9, Shape(leaper=(3, 6))), 0, False) is Verdict.SUB_LATTICE
    knight3 = Board(3, 3, Shape(frozenset({0})))
    assert verdict(knight3, 1, False) is Verdict.NO_MOVES
    assert marked(Verdict.NO_MOVES, knight3, 1) == (4,)
    # 3x4 with its two middle squares of the top row removed: b3 and c3 gone.
    cut = Board(2, 5, Shape(frozenset({2})))
    assert verdict(cut, 0, False) in (Verdict.CUT, Verdict.NO_MOVES)
    assert "b" in impossibility(cut, 0, False)


def test_colour_counts_of_leapers_that_alternate():
    corner = Board(8, 8, Shape(frozenset({0})))  # a8 gone: 31 light, 32 dark
    assert verdict(corner, 1, False) is None
    assert verdict(corner, 9, False) is Verdict.COLOUR_START
    assert verdict(corner, 1, True) is Verdict.COLOURS_CLOSED
    two = Board(8, 8, Shape(frozenset({0, 63})))  # both light corners: 30 to 32
    assert verdict(two, 1, False) is Verdict.COLOURS_OPEN
    assert "32" in impossibility(two, 1, False) and "30" in impossibility(two, 1, False)


def test_squares_with_one_move():
    # The knight on 3x4 less d3: a1's moves b3 (taken) and c2 - ...; count ends by search.
    board = Board(4, 4, Shape(frozenset({5})))
    ends = marked(Verdict.ENDS_OPEN, board, 0)
    assert all(len(board.neighbours()[sq]) == 1 for sq in ends)
    code = verdict(board, 0, True)
    assert code is Verdict.ENDS_CLOSED or code is Verdict.COLOURS_CLOSED or code is None
