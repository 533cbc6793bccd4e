"""N-Queens counted by classes of symmetric solutions (D4), whole and in pieces."""

import itertools

import pytest

from knightviz.engine import parallel
from knightviz.engine.queens_constellations import count_all
from knightviz.engine.queens_count import (
    children,
    count_below,
    count_queens,
    count_queens_d4,
    prefix_nodes,
    roots,
    weight,
)

# docs/reference.md: Q(N) for N = 1..16; distinct solutions up to symmetry (OEIS A002562).
TOTALS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512]
CLASSES = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955]


def all_solutions(n):
    return [
        p
        for p in itertools.permutations(range(n))
        if len({p[y] + y for y in range(n)}) == n and len({p[y] - y for y in range(n)}) == n
    ]


def images(p):
    """The 8 images of a solution under the square's symmetries (as row -> file tuples)."""
    n = len(p)
    m = n - 1
    squares = [(y, p[y]) for y in range(n)]
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (r, m - c),
        lambda r, c: (m - r, c),
        lambda r, c: (m - r, m - c),
        lambda r, c: (c, r),
        lambda r, c: (m - c, m - r),
        lambda r, c: (c, m - r),
        lambda r, c: (m - c, r),
    ]
    out = []
    for f in maps:
        q = [0] * n
        for r, c in squares:
            rr, cc = f(r, c)
            q[rr] = cc
        out.append(tuple(q))
    return out


@pytest.mark.parametrize("n", range(1, 9))
def test_weight_is_the_orbit_size_at_the_canonical_member_only(n):
    """Against the definition, by brute force: every solution, all 8 images."""
    for p in all_solutions(n):
        orbit = set(images(p))
        expected = len(orbit) if p == min(orbit) else 0
        assert weight(p) == expected, p


def test_every_canonical_solution_passes_the_pruning_rules():
    """The rules only prune what cannot be canonical: growing every prefix with
    ``children`` reaches every canonical solution of n = 4..8."""
    for n in range(4, 9):
        reached = set()
        stack = [tuple(r) for r in roots(n)]
        while stack:
            prefix = stack.pop()
            if len(prefix) == n:
                reached.add(prefix)
                continue
            stack.extend((*prefix, x) for x in children(n, prefix))
        canonical = {p for p in all_solutions(n) if p == min(images(p))}
        assert canonical <= reached


@pytest.mark.parametrize("n", range(1, 13))
def test_totals_and_classes(n, backend):
    got = count_queens_d4(n, backend=backend)
    assert (got.total, got.unique) == (TOTALS[n - 1], CLASSES[n - 1])
    assert got.total == count_queens(n, backend=backend)  # the mirror-only counter


def test_totals_and_classes_to_16_compiled():
    from knightviz.engine import kernels

    if not kernels.available():
        pytest.skip("numba is not installed here")
    for n in range(13, 16):  # 16 takes seconds: benchmarks/engine_counting.py runs it
        got = count_queens_d4(n, backend="numba")
        assert (got.total, got.unique) == (TOTALS[n - 1], CLASSES[n - 1])


def test_fewer_nodes_than_the_mirror_alone():
    # the mirror-only search places 2,056 queens for 8-Queens (docs/reference.md: placements of
    # the whole tree) halved: 1,028 with the first row's mirror; the classes count fewer.
    assert count_queens_d4(8).nodes == 501
    assert count_queens_d4(12).nodes == 196_914  # mirror alone: 428,094


@pytest.mark.parametrize("n", [6, 9, 11])
def test_a_count_is_the_sum_over_its_prefixes(n, backend):
    whole = count_queens_d4(n, backend=backend)
    total = unique = 0
    nodes = prefix_nodes(roots(n))
    for root in roots(n):
        for x in children(n, root):
            got = count_below(n, (*root, x), backend=backend)
            total, unique, nodes = total + got.total, unique + got.unique, nodes + 1 + got.nodes
    assert (total, unique, nodes) == (whole.total, whole.unique, whole.nodes)


def test_a_budget_stops_at_exactly_that_many_nodes(backend):
    whole = count_below(10, (1,), backend=backend)
    for budget in (1, 7, 100, whole.nodes - 1):
        part = count_below(10, (1,), budget, backend=backend)
        assert (part.nodes, part.finished) == (budget, False) and part.total <= whole.total


@pytest.mark.parametrize("n", range(6, 11))
def test_split_and_two_processes(n, backend, monkeypatch):
    monkeypatch.setattr(parallel.planning, "SPLIT_MIN_SECONDS", 0.0)
    monkeypatch.setattr(parallel.planning, "PIECES", 48)
    one = parallel.count_queens(n, jobs=1, backend=backend)
    two = parallel.count_queens(n, jobs=2, backend=backend)
    assert (one.count, one.unique, one.nodes) == (two.count, two.unique, two.nodes)
    assert (one.count, one.unique) == (TOTALS[n - 1], CLASSES[n - 1])
    assert one.nodes == count_all(n, backend=backend)[2]  # the count splits constellations
