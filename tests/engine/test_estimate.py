"""Knuth's estimates: the random-probe tree size and the explored fraction."""

from __future__ import annotations

import pytest

from knightviz.engine import kernels, tour_search
from knightviz.engine.board import CLASSIC_ORDER, neighbour_table
from knightviz.engine.estimate import (
    TreeEstimator,
    explored_fraction,
    queens_probe,
    tour_probe,
)
from knightviz.engine.queens import QueensSearch


def count_tree_nodes(rows: int, cols: int, start: int) -> int:
    """Every node of the tree of knight paths from ``start`` (exhaustive, independent)."""
    nb = neighbour_table(rows, cols, CLASSIC_ORDER)
    visited = bytearray(rows * cols)
    visited[start] = 1
    stack = [iter(nb[start])]
    path = [start]
    nodes = 1
    while stack:
        for t in stack[-1]:
            if not visited[t]:
                visited[t] = 1
                path.append(t)
                stack.append(iter(nb[t]))
                nodes += 1
                break
        else:
            stack.pop()
            visited[path.pop()] = 0
    return nodes


@pytest.mark.parametrize(("start", "probes"), [(0, 20_000), (12, 20_000)])
def test_probe_mean_is_within_a_few_percent_of_the_enumerated_tree(start, probes):
    exact = count_tree_nodes(5, 5, start)
    estimate = TreeEstimator(tour_probe(5, 5, start), seed=7).run(probes)
    assert estimate.probes == probes
    assert abs(estimate.nodes - exact) / exact < 0.05
    assert abs(estimate.nodes - exact) < 4 * estimate.stderr
    assert (
        estimate.low <= exact <= estimate.high or abs(estimate.nodes - exact) < 3 * estimate.stderr
    )


def test_probes_are_seeded_and_build_up():
    a = TreeEstimator(tour_probe(6, 6, 0), seed=3)
    b = TreeEstimator(tour_probe(6, 6, 0), seed=3)
    a.run(100)
    first = a.run(100)
    assert first == b.run(200)
    assert first.probes == 200


def test_queens_tree_of_8x8_has_2057_nodes():
    """Knuth's backtrack tree of the eight queens: 2,057 nodes with the root (REFERENCE.md)."""
    exact = 1 + QueensSearchCounts.placements(8)
    assert exact == 2057
    estimate = TreeEstimator(queens_probe(8), seed=1).run(20_000)
    assert abs(estimate.nodes - exact) / exact < 0.03


class QueensSearchCounts:
    @staticmethod
    def placements(n: int) -> int:
        search = QueensSearch(n)
        return search.run().moves


def stack_levels(nb, path, top_finished):
    """(children, finished) per depth for a plain search, from the path and cursors."""
    index = {sq: i for i, sq in enumerate(path)}
    levels = []
    for d, sq in enumerate(path):
        valid = [c for c in nb[sq] if not (c in index and index[c] <= d)]
        # Below the top: the valid children before the current one are finished.
        finished = valid.index(path[d + 1]) if d < len(path) - 1 else top_finished
        levels.append((len(valid), finished))
    return levels


@pytest.mark.parametrize(("rows", "cols", "start"), [(4, 4, 0), (4, 4, 5), (3, 4, 1), (3, 5, 0)])
def test_explored_fraction_never_decreases_and_ends_at_exactly_one(rows, cols, start):
    """Exhaustive searches (no tour exists: searched anyway), followed event by event."""
    search = tour_search(rows, cols, start, heuristic="none", search_anyway=True)
    nb = neighbour_table(rows, cols, CLASSIC_ORDER)
    path = [start]
    top_finished = [0]  # per depth: valid children finished at the top level
    previous = 0.0
    while chunk := search.advance(1):
        x = chunk[0]
        if x >= 0:
            path.append(x)
            top_finished.append(0)
        else:
            path.pop()
            top_finished.pop()
            top_finished[-1] += 1
        fraction = explored_fraction(stack_levels(nb, path, top_finished[-1]))
        assert fraction >= previous - 1e-12
        previous = fraction
    assert search.result.outcome.value == "exhausted"
    assert previous == 1.0


def test_explored_fraction_by_hand():
    assert explored_fraction([]) == 0.0
    assert explored_fraction([(4, 0)]) == 0.0
    assert explored_fraction([(4, 1)]) == 0.25
    # Root: 1 of 2 children done; current child: 2 of 4 done → 1/2 + 1/2 · 2/4.
    assert explored_fraction([(2, 1), (4, 2)]) == 0.75
    assert explored_fraction([(3, 3)]) == 1.0


BACKENDS = ["python", "numba"] if kernels.available() else ["python"]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("rows", "cols", "start", "heuristic"),
    [(4, 4, 0, "none"), (3, 5, 0, "none"), (4, 4, 5, "warnsdorff"), (3, 6, 1, "warnsdorff")],
)
def test_gauge_from_the_live_stack_never_decreases_and_reaches_one(
    rows, cols, start, heuristic, backend
):
    from knightviz.engine.estimate import tour_levels

    search = tour_search(
        rows, cols, start, heuristic=heuristic, search_anyway=True, backend=backend
    )
    previous = 0.0
    while search.advance(1 if search.steps < 3000 else 97):
        fraction = explored_fraction(tour_levels(search.stack()))
        assert fraction >= previous - 1e-12
        previous = fraction
    assert search.result.outcome.value == "exhausted"
    assert explored_fraction(tour_levels(search.stack())) == 1.0


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_queens_gauge_never_decreases_and_reaches_one(n, backend):
    from knightviz.engine.estimate import queens_levels

    search = QueensSearch(n, backend=backend)
    previous = 0.0
    while search.advance(1):
        fraction = explored_fraction(queens_levels(n, search.stack()))
        assert fraction >= previous - 1e-12
        previous = fraction
    assert explored_fraction(queens_levels(n, search.stack())) == 1.0
