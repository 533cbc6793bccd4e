"""Explanations for display and the bitboard queens search, checked against brute force."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knightviz.engine import Board, impossibility, make_queens_search, verdict
from knightviz.engine.bitboards import BitboardQueensSearch, attack_mask
from knightviz.engine.explain import (
    Constraint,
    attacked,
    bitboards,
    conflicts,
    constraint_ids,
    last_scan,
    onward_degrees,
    queen_xy,
)
from knightviz.engine.verdict import explain

from .helpers import drive

KNIGHT = [(2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)]


def brute_degrees(rows, cols, square, visited):
    r0, c0 = divmod(square, cols)
    out = []
    for dr, dc in KNIGHT:
        r, c = r0 + dr, c0 + dc
        if 0 <= r < rows and 0 <= c < cols and (r * cols + c) not in visited:
            u = r * cols + c
            deg = 0
            for er, ec in KNIGHT:
                rr, cc = r + er, c + ec
                w = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and w not in visited and w != square:
                    deg += 1
            out.append((u, deg))
    return out


@given(
    st.integers(1, 9),
    st.integers(1, 9),
    st.data(),
)
@settings(max_examples=200, deadline=None)
def test_onward_degrees_match_brute_force(rows, cols, data):
    n = rows * cols
    square = data.draw(st.integers(0, n - 1))
    visited = set(data.draw(st.lists(st.integers(0, n - 1), max_size=n))) | {square}
    got = onward_degrees(rows, cols, square, visited.__contains__)
    assert got == brute_degrees(rows, cols, square, visited)


def brute_attacks(n, queens, square):
    x, y = queen_xy(n, square)
    kinds = []
    for kind, f in (
        (Constraint.COLUMN, lambda a, b: a[0] == b[0]),
        (Constraint.ASCENDING, lambda a, b: a[0] + a[1] == b[0] + b[1]),
        (Constraint.DESCENDING, lambda a, b: a[0] - a[1] == b[0] - b[1]),
    ):
        holders = [q for q in queens if q != square and f(queen_xy(n, q), (x, y))]
        if holders:
            kinds.append((kind, holders[0]))
    return tuple(kinds)


@given(st.integers(1, 9), st.data())
@settings(max_examples=200, deadline=None)
def test_conflicts_attacked_and_bitboards(n, data):
    queens = data.draw(st.lists(st.integers(0, n * n - 1), unique=True, max_size=n))
    hit = attacked(n, queens)
    q_bits, a_bits = bitboards(n, queens)
    ids = constraint_ids(n, queens)
    for sq in range(n * n):
        found = conflicts(n, queens, sq)
        assert found == brute_attacks(n, queens, sq)
        x, y = queen_xy(n, sq)
        on_row = any(divmod(q, n)[0] == divmod(sq, n)[0] for q in queens if q != sq)
        expect_hit = sq not in queens and (bool(found) or on_row)
        assert hit[sq] == expect_hit
        assert ((a_bits >> (y * n + x)) & 1) == expect_hit
        assert ((q_bits >> (y * n + x)) & 1) == (sq in queens)
        assert (x in ids.columns) == any(queen_xy(n, q)[0] == x for q in queens)


def test_attack_mask_of_a_corner_queen():
    # a1 on 4×4 attacks the first file, the first rank and the long diagonal.
    mask = attack_mask(4, 0, 0)
    bits = {i for i in range(16) if mask >> i & 1}
    assert bits == {1, 2, 3, 4, 8, 12, 5, 10, 15}


@pytest.mark.parametrize("n", range(1, 10))
@pytest.mark.parametrize("first", [False, True])
def test_bitboard_search_makes_the_same_placements(n, first):
    a, b = make_queens_search(n, first=first), BitboardQueensSearch(n, first=first)
    ea, eb = [], []
    while chunk := a.advance(97):
        ea.extend(chunk)
    while chunk := b.advance(13):
        eb.extend(chunk)
    assert ea == eb
    ra, rb = a.result, b.result
    assert (ra.outcome, ra.moves, ra.backtracks, ra.count, ra.solution) == (
        rb.outcome,
        rb.moves,
        rb.backtracks,
        rb.count,
        rb.solution,
    )
    assert a.solutions == b.solutions
    _, moves, backtracks = drive(BitboardQueensSearch(n, first=first), [5, 64])
    assert (moves, backtracks) == (ra.moves, ra.backtracks)


def test_bitboard_search_state_equals_explained_bitboards():
    search = BitboardQueensSearch(8)
    for _ in range(300):
        search.advance(1)
        assert (search.queens_bits, search.attacked_bits) == bitboards(8, search.path)


@pytest.mark.parametrize("n", range(1, 8))
def test_last_scan_explains_every_event_of_the_queens_search(n):
    """Follow the article's scan independently (a cursor per rank) and compare: the squares
    examined and rejected before each event are exactly what ``last_scan`` derives."""
    search = make_queens_search(n)
    path: list[int] = []
    events: list[int] = []
    cursor = [0] * (n + 1)
    while chunk := search.advance(1):
        x = chunk[0]
        k = len(path)  # the rank being filled before this event (0 = rank 1)
        if x >= 0:
            col = x % n
            expected = [(n - 1 - k) * n + c for c in range(cursor[k], col)]
            cursor[k], cursor[k + 1] = col + 1, 0
            queens = tuple(path)
            path.append(x)
        else:
            expected = [(n - 1 - k) * n + c for c in range(cursor[k], n)] if k < n else None
            queens = tuple(path)  # the queens standing while rank k was scanned
            path.pop()
        events.append(x)
        scan = last_scan(n, path, events[-2:])
        if expected is None:
            assert scan is None  # the removal that follows a complete solution
            continue
        assert scan is not None
        assert list(scan.rejected) == expected
        assert scan.placed == (x if x >= 0 else None)
        assert scan.queens == queens
        for sq in scan.rejected:
            assert conflicts(n, scan.queens, sq), "a rejected square is attacked"
        if scan.placed is not None:
            assert not conflicts(n, scan.queens, scan.placed)


def test_verdict_codes_word_the_same_facts():
    for rows, cols in itertools.product(range(1, 7), repeat=2):
        board = Board(rows, cols)
        for start in range(board.size):
            for closed in (False, True):
                code = verdict(board, start, closed)
                text = impossibility(board, start, closed)
                assert (code is None) == (text is None)
                if code is not None:
                    assert explain(code, board, start) == text
