"""Verdicts without search, checked square by square against exhaustive counting."""

import pytest

from knightviz.engine import (
    Board,
    Outcome,
    closed_tour_exists,
    impossibility,
    open_tour_exists,
    tour_search,
)
from knightviz.engine.board import CLASSIC_ORDER, neighbour_table
from knightviz.engine.count import count_tours


def brute_force_count(rows, cols, start, closed):
    """Every directed path, no pruning: the oracle for the pruned counter."""
    nb = neighbour_table(rows, cols, CLASSIC_ORDER)
    n = rows * cols
    visited = [False] * n
    visited[start] = True
    total = 0
    stack = [(start, iter(nb[start]))]
    while stack:
        sq, it = stack[-1]
        for t in it:
            if not visited[t]:
                visited[t] = True
                if len(stack) + 1 == n:
                    total += (not closed) or start in nb[t]
                    visited[t] = False
                    continue
                stack.append((t, iter(nb[t])))
                break
        else:
            stack.pop()
            if stack:
                visited[sq] = False
    if n == 1:
        return 0 if closed else 1
    return total


def test_known_5x5_counts():
    b = Board(5, 5)
    assert count_tours(5, 5) == 1728
    for corner in ("a1", "a5", "e1", "e5"):
        assert count_tours(5, 5, b.parse(corner)) == 304
    assert count_tours(5, 5, b.parse("c3")) == 64


@pytest.mark.parametrize(("rows", "cols"), [(3, 4), (4, 3), (4, 5), (3, 5), (2, 3), (1, 1), (4, 4)])
def test_pruned_counter_equals_brute_force(rows, cols):
    for start in range(rows * cols):
        for closed in (False, True):
            assert count_tours(rows, cols, start, closed=closed) == brute_force_count(
                rows, cols, start, closed
            )


def test_progress_is_reported_per_start():
    seen = []
    total = count_tours(3, 4, progress=lambda done, of, found: seen.append((done, of, found)))
    assert [s[0] for s in seen] == list(range(1, 13)) and {s[1] for s in seen} == {12}
    assert seen[-1][2] == total > 0


@pytest.mark.parametrize("rows", range(1, 6))
@pytest.mark.parametrize("cols", range(1, 6))
def test_verdicts_agree_with_exhaustive_search_up_to_5x5(rows, cols):
    board = Board(rows, cols)
    for start in range(board.size):
        for closed in (False, True):
            exists = count_tours(rows, cols, start, closed=closed) > 0
            assert (impossibility(board, start, closed) is None) == exists, (
                board.name(start),
                closed,
            )


@pytest.mark.parametrize(("rows", "cols"), [(3, 7), (7, 3), (3, 8), (8, 3)])
def test_dead_start_table_on_3xn(rows, cols):
    board = Board(rows, cols)
    for start in range(board.size):
        reason = impossibility(board, start, False)
        result = tour_search(rows, cols, start, heuristic="none", search_anyway=True).run()
        assert (reason is None) == (result.outcome is Outcome.SOLVED), board.name(start)


def test_existence_theorems_on_small_boards():
    assert [n for n in range(1, 9) if open_tour_exists(n, n)] == [1, 5, 6, 7, 8]
    assert [n for n in range(1, 11) if closed_tour_exists(n, n)] == [6, 8, 10]
    assert open_tour_exists(3, 4) and not open_tour_exists(3, 5) and open_tour_exists(7, 3)
    assert not closed_tour_exists(3, 8) and closed_tour_exists(3, 10) and closed_tour_exists(5, 6)
