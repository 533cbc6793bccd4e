"""N-Queens counted by start constellations: against brute force, and compiled against the
pure-Python reference node for node."""

import itertools
import random

import pytest

from knightviz.engine import kernels
from knightviz.engine.queens_constellations import (
    UNLIMITED,
    children,
    constellations,
    count_all,
    count_below,
    free_rows,
    log_nodes,
    roots,
    weight,
)

# docs/reference.md: Q(N) for N = 1..16; distinct solutions up to symmetry (OEIS A002562).
TOTALS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512]
CLASSES = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955]


def compiled():
    if not kernels.available():
        pytest.skip("numba is not installed here")


def all_solutions(n):
    return [
        p
        for p in itertools.permutations(range(n))
        if len({p[y] + y for y in range(n)}) == n and len({p[y] - y for y in range(n)}) == n
    ]


def border(p):
    """A solution's constellation: (t, b, l, r)."""
    n = len(p)
    return p[0], p[n - 1], p.index(0), p.index(n - 1)


def orbit(n, key):
    """The 8 images of a constellation, by brute force on its squares."""
    m = n - 1
    t, b, le, r = key
    cells = {(0, t), (m, b), (le, 0), (r, m)}
    maps = [
        lambda y, x: (y, x),
        lambda y, x: (x, m - y),
        lambda y, x: (m - y, m - x),
        lambda y, x: (m - x, y),
        lambda y, x: (y, m - x),
        lambda y, x: (m - y, x),
        lambda y, x: (x, y),
        lambda y, x: (m - x, m - y),
    ]
    out = []
    for g in maps:
        img = {g(y, x) for y, x in cells}
        top = next(x for y, x in img if y == 0)
        bottom = next(x for y, x in img if y == m)
        left = next(y for y, x in img if x == 0)
        right = next(y for y, x in img if x == m)
        out.append((top, bottom, left, right))
    return out


@pytest.mark.parametrize("n", range(4, 9))
def test_one_constellation_per_orbit_weighted_by_its_size(n):
    """Every solution's constellation lies in the orbit of exactly one root, and a root
    counts exactly the solutions with that constellation, times its orbit's size."""
    by_key: dict[tuple[int, ...], int] = {}
    for p in all_solutions(n):
        key = border(p)
        by_key[key] = by_key.get(key, 0) + 1
    seen = set()
    for key, w in constellations(n):
        images = set(orbit(n, key))
        assert not images & seen
        seen |= images
        assert w == len(images) == weight(n, key)
        assert count_below(n, key, backend="python").total == w * by_key.get(key, 0)
    assert set(by_key) <= seen


@pytest.mark.parametrize("n", range(1, 12))
def test_totals_and_classes(n, backend):
    total, classes, _nodes = count_all(n, backend=backend)
    assert (total, classes) == (TOTALS[n - 1], CLASSES[n - 1])


def test_totals_and_classes_to_15_compiled():
    compiled()
    for n in range(12, 16):
        total, classes, _nodes = count_all(n, backend="numba")
        assert (total, classes) == (TOTALS[n - 1], CLASSES[n - 1])


@pytest.mark.parametrize("n", [5, 8, 10, 11])
def test_compiled_visits_the_same_nodes_as_the_reference(n):
    """Every constellation and every piece one queen below it, and bounded counts."""
    compiled()
    rng = random.Random(n)
    for key in roots(n):
        pieces = [key, *((*key, x) for x in children(n, key))]
        for piece in pieces:
            want = count_below(n, piece, backend="python")
            assert count_below(n, piece, backend="numba") == want, piece
            for budget in rng.sample(range(1, want.nodes + 1), min(3, want.nodes)):
                part = count_below(n, piece, budget, backend="python")
                assert part == count_below(n, piece, budget, backend="numba")
                assert (part.nodes, part.finished) == (budget, False)


@pytest.mark.parametrize("n", [6, 9, 11])
def test_a_count_is_the_sum_over_its_pieces(n, backend):
    """Below a constellation: a node for each queen on the first free row, plus the nodes
    below it; a complete piece is one solution."""
    total = eighths = nodes = 0
    for key in roots(n):
        if free_rows(n, key) == 0:
            got = count_below(n, key, backend=backend)
            total, eighths = total + got.total, eighths + got.eighths
            continue
        for x in children(n, key):
            got = count_below(n, (*key, x), backend=backend)
            total, eighths, nodes = total + got.total, eighths + got.eighths, nodes + 1 + got.nodes
    assert (total, eighths // 8, nodes) == count_all(n, backend=backend)


def test_a_budget_stops_at_exactly_that_many_nodes(backend):
    key = max(roots(10), key=lambda k: count_below(10, k, backend=backend).nodes)
    whole = count_below(10, key, UNLIMITED, backend=backend)
    assert whole.nodes > 100
    for budget in (1, 7, 100, whole.nodes - 1):
        part = count_below(10, key, budget, backend=backend)
        assert (part.nodes, part.finished) == (budget, False) and part.total <= whole.total


def test_fewer_nodes_than_the_mirror_alone():
    # the first row's mirror places 1,028 queens for 8-Queens (docs/reference.md) and
    # 428,094 for 12
    assert count_all(8)[2] < 1_028 / 3
    assert count_all(12)[2] < 428_094 / 3


def test_the_estimate_is_the_size_for_a_single_path():
    """Knuth's estimate is exact on a tree that is a path (one choice per row)."""
    import math

    n = 8
    for key in roots(n):
        if free_rows(n, key) != 1:
            continue
        got = count_below(n, key)
        if got.nodes:
            assert math.isclose(math.exp(log_nodes(n, key, probes=4)), got.nodes)
