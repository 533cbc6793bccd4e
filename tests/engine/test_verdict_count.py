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


def test_known_5x5_counts(backend):
    b = Board(5, 5)
    assert count_tours(5, 5, backend=backend) == 1728
    for corner in ("a1", "a5", "e1", "e5"):
        assert count_tours(5, 5, b.parse(corner), backend=backend) == 304
    assert count_tours(5, 5, b.parse("c3"), backend=backend) == 64


@pytest.mark.parametrize(("rows", "cols"), [(3, 4), (4, 3), (4, 5), (3, 5), (2, 3), (1, 1), (4, 4)])
def test_pruned_counter_equals_brute_force(rows, cols, backend):
    for start in range(rows * cols):
        for closed in (False, True):
            assert count_tours(
                rows, cols, start, closed=closed, backend=backend
            ) == brute_force_count(rows, cols, start, closed)


def test_progress_is_reported_per_orbit_of_start_squares():
    seen = []
    total = count_tours(3, 4, progress=lambda done, of, found: seen.append((done, of, found)))
    done = [s[0] for s in seen]
    assert done == sorted(set(done)) and done[-1] == 12 and {s[1] for s in seen} == {12}
    assert len(seen) == 4  # (0,0)x4, (0,1)x4, (1,0)x2, (1,1)x2 under the 3x4 board's mirrors
    assert seen[-1][2] == total > 0


@pytest.mark.parametrize(
    ("rows", "cols"), [(3, 4), (4, 3), (3, 5), (4, 4), (1, 1), (3, 3), (2, 3), (3, 7)]
)
@pytest.mark.parametrize("closed", [False, True])
def test_counting_every_start_by_symmetry_equals_the_sum_over_squares(rows, cols, closed, backend):
    expected = sum(brute_force_count(rows, cols, s, closed) for s in range(rows * cols))
    assert count_tours(rows, cols, closed=closed, backend=backend) == expected


def test_symmetry_orbits_partition_the_board():
    from knightviz.engine.count import symmetry_orbits

    for rows, cols, sizes in [(5, 5, [4, 8, 4, 4, 4, 1]), (6, 6, [4, 8, 8, 4, 8, 4]), (3, 4, None)]:
        orbits = symmetry_orbits(Board(rows, cols))
        assert sorted(sq for o in orbits for sq in o) == list(range(rows * cols))
        if sizes is not None:
            assert sorted(map(len, orbits)) == sorted(sizes)


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
