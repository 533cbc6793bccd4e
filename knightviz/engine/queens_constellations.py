"""N-Queens counted by start constellations: the border queens first, then a bitmask search.

Every solution has exactly one queen on each border line: the top row (at file t), the
bottom row (file b), the left file (row l) and the right file (row r); a corner queen is on
two of them. Those two to four queens are the solution's *constellation*. The 8 symmetries
of the square (D4) map a solution's constellation to its image's, so the solutions are
counted below one constellation of each orbit (the smallest ``(t, b, l, r)`` of its 8
images), each solution standing for ``8 / |S|`` of them (S the symmetries fixing the
constellation: its orbit's size). The idea is NQueensFAF's ("start constellations"); the
canonical choice here is the plain smallest image.

Below a constellation the search fills the *free rows* (1 … n−2 without l and r) on the
free files (1 … n−2 without t and b): every border queen's file and diagonals are one mask
per free row, worked out once, and a free row's last queen needs no step at all (the free
squares left on the last free row are its solutions). That is why it is fast: a quarter of
the rows and files are settled before the search starts and the 8-fold symmetry is used in
full.

Classes of symmetric solutions (OEIS A002562) by Burnside's lemma, one constellation at a
time: no solution is fixed by a reflection (two queens would share a diagonal), so the
classes whose constellations lie in one orbit number (c + f180 + 2·f90) / |S|, c the
solutions below the canonical constellation and f180, f90 those of them that a half turn,
a quarter turn leaves unchanged (they exist only when S holds that turn). A piece reports
``eighths`` = 8 × its share, ``weight · (c + f180 + 2·f90)``, an integer; the classes are
the sum over every piece divided by 8.

A piece (``prefix``) is ``(t, b, l, r)`` followed by the files of queens on the first free
rows; ``children`` grows it by one free row, ``count_below`` counts below it. The compiled
counter (``kernels/_constellations``) visits the same nodes in the same order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from . import backends

#: A budget that never runs out.
UNLIMITED = 1 << 62
#: The compiled counter's masks are 64-bit (diagonals shift past the board by up to three).
KERNEL_MAX = 60


@dataclass(frozen=True, slots=True)
class Counted:
    """Below a piece: weighted solutions (``total``), 8 × the classes' share (``eighths``),
    nodes (queens placed below it), exact when ``finished``."""

    total: int
    eighths: int
    nodes: int
    finished: bool = True


def _cells(n: int, key: Sequence[int]) -> set[tuple[int, int]]:
    t, b, le, r = key[:4]
    return {(0, t), (n - 1, b), (le, 0), (r, n - 1)}


def _key(n: int, cells: set[tuple[int, int]]) -> tuple[int, int, int, int] | None:
    """(t, b, l, r) of a set of border queens, or None unless one sits on each border line."""
    m = n - 1
    top = [x for y, x in cells if y == 0]
    bottom = [x for y, x in cells if y == m]
    left = [y for y, x in cells if x == 0]
    right = [y for y, x in cells if x == m]
    if not (len(top) == len(bottom) == len(left) == len(right) == 1):
        return None
    return top[0], bottom[0], left[0], right[0]


def _symmetries(n: int) -> list[tuple[str, object]]:
    m = n - 1
    return [
        ("id", lambda y, x: (y, x)),
        ("r90", lambda y, x: (x, m - y)),
        ("r180", lambda y, x: (m - y, m - x)),
        ("r270", lambda y, x: (m - x, y)),
        ("fx", lambda y, x: (y, m - x)),
        ("fy", lambda y, x: (m - y, x)),
        ("d", lambda y, x: (x, y)),
        ("a", lambda y, x: (m - x, m - y)),
    ]


def _peaceful(cells: set[tuple[int, int]]) -> bool:
    cs = sorted(cells)
    for i, (y, x) in enumerate(cs):
        for v, u in cs[i + 1 :]:
            if y == v or x == u or abs(y - v) == abs(x - u):
                return False
    return True


@lru_cache(maxsize=64)
def constellations(n: int) -> tuple[tuple[tuple[int, int, int, int], int], ...]:
    """Every canonical constellation of n-Queens with its weight (its orbit's size), in
    ascending order: the border queens of some placement with no two attacking, one per
    border line, smallest of their 8 images."""
    if n == 1:
        return (((0, 0, 0, 0), 1),)
    m = n - 1
    out = []
    maps = [g for _, g in _symmetries(n)]
    for t in range(n):
        for b in range(n):
            for le in range(n):
                if (t == 0) != (le == 0) or (b == 0) != (le == m):
                    continue
                for r in range(n):
                    if (t == m) != (r == 0) or (b == m) != (r == m):
                        continue
                    cells = _cells(n, (t, b, le, r))
                    if not _peaceful(cells):
                        continue
                    key = (t, b, le, r)
                    images = [_image(n, g, cells) for g in maps]
                    if min(images) != key:
                        continue
                    fixed = sum(1 for k in images if k == key)
                    out.append((min(images, key=lambda k: (_rank(n, k), k)), 8 // fixed))
    return tuple(out)


def _image(n: int, g: object, cells: set[tuple[int, int]]) -> tuple[int, int, int, int]:
    key = _key(n, {g(y, x) for y, x in cells})  # type: ignore[operator]
    assert key is not None  # border lines go to border lines
    return key


def _rank(n: int, key: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """Which image of a constellation is searched: the smallest rank. The bottom queen
    nearest a corner, then the side queens' upper one lowest, then the top queen farthest
    from a corner: the search runs down from the top, and the border queens prune most
    where they stand near the rows it reaches last (this orientation places about 1.65
    times fewer queens than the smallest image at N = 12 to 14, within 7 % of the best
    orientation chosen constellation by constellation)."""
    m = n - 1
    t, b, le, r = key
    return min(b, m - b), -min(le, r), -min(t, m - t)


@dataclass(frozen=True, slots=True)
class Layout:
    """One constellation's search: the free rows, per free row the files its queen may take
    given the border queens (``keep``), the rows to the next free row (``shift``), and which
    turns fix the constellation."""

    n: int
    weight: int
    rows: tuple[int, ...]
    keep: tuple[int, ...]
    shift: tuple[int, ...]
    half: bool
    quarter: bool


@lru_cache(maxsize=4096)
def layout(n: int, key: tuple[int, int, int, int]) -> Layout:
    """The search below constellation ``key`` (canonical or not)."""
    m = n - 1
    t, b, le, r = key
    cells = _cells(n, key)
    images = [_image(n, g, cells) for _, g in _symmetries(n)]
    weight = 8 // sum(1 for k in images if k == key)
    rows = tuple(y for y in range(1, m) if y not in (le, r))
    full = (1 << n) - 1
    taken = 1 | (1 << m) | (1 << t) | (1 << b)
    keep = []
    for y in rows:
        mask = taken
        for qy, qx in cells:
            for x in (qx + (y - qy), qx - (y - qy)):
                if 0 <= x < n:
                    mask |= 1 << x
        keep.append(full & ~mask)
    shift = (*(rows[i + 1] - rows[i] for i in range(len(rows) - 1)), 1)
    return Layout(n, weight, rows, tuple(keep), shift, images[2] == key, images[1] == key)


def free_rows(n: int, prefix: Sequence[int]) -> int:
    """How many rows the search below ``prefix``'s constellation fills."""
    return len(layout(n, _head(prefix)).rows)


def roots(n: int) -> list[tuple[int, ...]]:
    """The pieces a count starts from: one per canonical constellation."""
    return [key for key, _ in constellations(n)]


def weight(n: int, prefix: Sequence[int]) -> int:
    """How many solutions each solution below ``prefix`` stands for."""
    return layout(n, _head(prefix)).weight


def _head(prefix: Sequence[int]) -> tuple[int, int, int, int]:
    t, b, le, r = prefix[:4]
    return t, b, le, r


def _state(lay: Layout, files: Sequence[int]) -> tuple[int, int, int, int] | None:
    """(depth, files, left and right diagonals attacked on the next free row) after the
    queens ``files`` on the first free rows; None if one of them is not allowed."""
    c = lt = rt = 0
    for d, x in enumerate(files):
        bit = 1 << x
        if not lay.keep[d] & ~(c | lt | rt) & bit:
            return None
        c |= bit
        lt = (lt | bit) << lay.shift[d]
        rt = (rt | bit) >> lay.shift[d]
    return len(files), c, lt, rt


def children(n: int, prefix: Sequence[int]) -> list[int]:
    """The files a queen may take on the next free row below ``prefix``."""
    lay = layout(n, _head(prefix))
    state = _state(lay, prefix[4:])
    if state is None or state[0] >= len(lay.rows):
        return []
    free = _first_free(lay, state)
    return [x for x in range(n) if free >> x & 1]


def _first_free(lay: Layout, state: tuple[int, int, int, int]) -> int:
    """The free squares of the first free row below a prefix; none when the search below
    the prefix's parent would not have entered that row (the row after it has no free
    square: the search's look-ahead)."""
    k, c, lt, rt = state
    free = lay.keep[k] & ~(c | lt | rt)
    if k and k + 1 < len(lay.rows):
        s1 = lay.shift[k]
        if not lay.keep[k + 1] & ~(c | lt << s1 | rt >> s1):
            return 0
    return free


def count_below(
    n: int, prefix: Sequence[int], budget: int = UNLIMITED, *, backend: str | None = None
) -> Counted:
    """Solutions (weighted) and classes' eighths below ``prefix``, and the queens placed
    below it; stops after ``budget`` of them."""
    if n <= KERNEL_MAX and backends.choose(backend) == backends.NUMBA:
        from .kernels.constellations import below_compiled

        total, eighths, nodes, finished = below_compiled(n, tuple(prefix), budget)
        return Counted(total, eighths, nodes, finished)
    return _below(n, prefix, budget)


def _symmetric(lay: Layout, key: Sequence[int], files: Sequence[int]) -> tuple[int, int]:
    """Whether the complete placement is fixed by a half turn, and by a quarter turn."""
    n = lay.n
    m = n - 1
    t, b, le, r = key[:4]
    p = [0] * n
    p[0], p[m] = t, b
    if 0 < le < m:
        p[le] = 0
    if 0 < r < m:
        p[r] = m
    for y, x in zip(lay.rows, files, strict=True):
        p[y] = x
    half = all(p[m - y] == m - p[y] for y in range(n))
    quarter = half and all(p[p[y]] == m - y for y in range(n))
    return int(half), int(quarter)


def _below(n: int, prefix: Sequence[int], budget: int) -> Counted:
    if n == 1:  # the one queen is fixed by every symmetry, reflections too
        return Counted(1, 8, 0)
    lay = layout(n, _head(prefix))
    w = lay.weight
    files = list(prefix[4:])
    state = _state(lay, files)
    if state is None:
        return Counted(0, 0, 0)
    k, c0, l0, r0 = state
    depth = len(lay.rows)
    sym = lay.half or lay.quarter
    total = eighths = nodes = 0

    def solution(placed: list[int]) -> None:
        nonlocal total, eighths
        total += w
        if sym:
            half, quarter = _symmetric(lay, prefix, placed)
            eighths += w * (1 + half + 2 * quarter)
        else:
            eighths += w

    if k == depth:
        solution(files)
        return Counted(total, eighths, 0)
    placed = files + [0] * (depth - k)
    cols = [0] * (depth + 1)
    left = [0] * (depth + 1)
    right = [0] * (depth + 1)
    avail = [0] * (depth + 1)
    cols[k], left[k], right[k] = c0, l0, r0
    avail[k] = _first_free(lay, state)
    d = k
    while d >= k:
        a = avail[d]
        if not a:
            d -= 1
            continue
        bit = a & -a
        avail[d] = a ^ bit
        placed[d] = bit.bit_length() - 1
        nodes += 1
        if d == depth - 1:
            solution(placed)
        else:
            s = lay.shift[d]
            c = cols[d] | bit
            lt = (left[d] | bit) << s
            rt = (right[d] | bit) >> s
            free = lay.keep[d + 1] & ~(c | lt | rt)
            if d + 2 < depth:  # a row entered only if the row after it keeps a free square
                s1 = lay.shift[d + 1]
                if not lay.keep[d + 2] & ~(c | lt << s1 | rt >> s1):
                    free = 0
            d += 1
            cols[d], left[d], right[d] = c, lt, rt
            avail[d] = free
        if nodes >= budget:
            return Counted(total, eighths, nodes, False)
    return Counted(total, eighths, nodes)


def count_all(n: int, *, backend: str | None = None) -> tuple[int, int, int]:
    """(solutions, classes, nodes) of n-Queens in this thread (``parallel`` splits it)."""
    total = eighths = nodes = 0
    for key in roots(n):
        got = count_below(n, key, backend=backend)
        total += got.total
        eighths += got.eighths
        nodes += got.nodes
    return total, eighths // 8, nodes


def log_nodes(n: int, prefix: Sequence[int], probes: int = 16, seed: int = 0) -> float:
    """Natural log of Knuth's estimate of the nodes below ``prefix``: the mean over random
    walks of 1·c0 + c0·c1 + … (c_i the free squares met on the i-th free row below it)."""
    import math
    import random

    if n == 1:
        return -math.inf
    lay = layout(n, _head(prefix))
    state = _state(lay, prefix[4:])
    if state is None:
        return -math.inf
    k, c0, l0, r0 = state
    rng = random.Random(seed)
    sums = []
    for _ in range(probes):
        c, lt, rt = c0, l0, r0
        total, product = 0.0, 1.0
        for d in range(k, len(lay.rows)):
            free = lay.keep[d] & ~(c | lt | rt)
            files = [x for x in range(n) if free >> x & 1]
            if not files:
                break
            product *= len(files)
            total += product
            bit = 1 << rng.choice(files)
            c |= bit
            lt = (lt | bit) << lay.shift[d]
            rt = (rt | bit) >> lay.shift[d]
        sums.append(total)
    mean = sum(sums) / len(sums)
    return math.log(mean) if mean > 0 else -math.inf
