"""N-Queens counted one class of symmetric solutions at a time (the square's 8 symmetries).

The 8 symmetries of the square (D4) map solutions to solutions. Each class (orbit) is
counted once, at its *canonical* member: the one whose rows' files, read as a sequence
``p[0], p[1], …`` (``p[y]`` the file of the queen on row y), is lexicographically smallest
among the 8 images; it adds 8 / (number of symmetries that leave it unchanged), its orbit's
size. So the total is exact, and the number of classes comes with it.

Why the search can skip most non-canonical solutions early. Every solution has one queen on
each border line: top row at file a = p[0], bottom row at file b, left file at row c, right
file at row d. The 8 images' first entries are exactly a, b, c, d and their mirrors n−1−a, …
(each symmetry puts one border line on top, one way round). A canonical solution therefore
has a ≤ all of them. Two cases, which split the classes:

* **a = 0, a corner queen.** A solution has at most one corner queen (any two corners share
  a line), so no symmetry but the identity fixes it (the diagonal flip through (0, 0) would
  put queens on (1, p[1]) and (p[1], 1), one anti-diagonal) and its class has 8 members, two
  of them with the queen on (0, 0): it and its flip, whose second entry is the row of the
  queen on file 1. Count the one with ``p[1]`` < that row: file 1 stays empty on rows 2 …
  p[1]. Weight 8.
* **a ≥ 1, no corner queen** (a canonical member with a corner queen would have a = 0).
  Then a ≤ n−1−a; the bottom queen's file is in [a, n−1−a]; the side files' queens are on
  rows in [a, n−1−a], so rows above a and below n−1−a keep both side files empty, and from
  row a on, while k side files are still empty, at least k rows must remain before row
  n−1−a. These conditions prune the search; at each complete solution the images whose
  first entry equals a are compared in full (an early exit at the first difference), which
  decides canonical or not and gives the symmetry count.

tests/engine/test_queens_count.py checks the totals against the known Q(n) and the plain
mirror count, and the classes against the known numbers of distinct solutions.

Like tour counting, the count splits by prefixes (queens on the first rows): ``roots`` and
``children`` grow them, ``count_below`` counts below one; ``knightviz.engine.parallel``
runs many at once. ``count_queens`` is the plain count (the first row's mirror only), the
reference the class count is checked against. The rules themselves are in ``queens_rules``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import backends
from .board import BoardError
from .queens import check_size
from .queens_rules import Rules

#: A budget that never runs out.
UNLIMITED = 1 << 62
#: The compiled counters' masks are 64-bit: above this size they would not do (nor would
#: any counter finish: the largest N ever counted is 27).
KERNEL_MAX = 62


@dataclass(frozen=True, slots=True)
class QueensCounted:
    """Solutions (``total``) and classes (``unique``) below a prefix, and nodes (queens
    placed below it); exact when ``finished``."""

    total: int
    unique: int
    nodes: int
    finished: bool = True


def roots(n: int) -> list[tuple[int, ...]]:
    """The prefixes every canonical solution starts with: a corner queen and the second
    row's queen, or a first-row queen at file 1 … (n−1)/2."""
    if n < 4:
        return [(0,)] if n == 1 else []
    corner = [(0, c) for c in range(2, n)]
    return corner + [(a,) for a in range(1, (n - 1) // 2 + 1)]


def weight(p: Sequence[int]) -> int:
    """8 / (symmetries fixing p) if p is its class's canonical member, else 0."""
    n = len(p)
    if n == 1:
        return 1
    m = n - 1
    inv = [0] * n
    for y, x in enumerate(p):
        inv[x] = y
    if p[0] == 0:  # a corner queen: the flip through it is the one rival (see above)
        return 8 if p[1] < inv[1] else 0
    a = p[0]
    images = (
        lambda i: m - p[i],
        lambda i: p[m - i],
        lambda i: m - p[m - i],
        lambda i: inv[i],
        lambda i: m - inv[m - i],
        lambda i: m - inv[i],
        lambda i: inv[m - i],
    )
    fixed = 1
    for image in images:
        first = image(0)
        if first > a:
            continue
        if first < a:
            return 0
        for i in range(1, n):
            q = image(i)
            if q != p[i]:
                if q < p[i]:
                    return 0
                break
        else:
            fixed += 1
    return 8 // fixed


def _state(n: int, prefix: Sequence[int]) -> tuple[int, int, int]:
    full = (1 << n) - 1
    cols = left = right = 0
    for x in prefix:
        b = 1 << x
        cols |= b
        left = ((left | b) << 1) & full
        right = (right | b) >> 1
    return cols, left, right


def children(n: int, prefix: Sequence[int]) -> list[int]:
    """The files a queen may take on the next row below ``prefix`` (the rules applied)."""
    if len(prefix) >= n:
        return []
    rules = Rules(n, prefix)
    cols, left, right = _state(n, prefix)
    free = rules.allowed(len(prefix), rules.full & ~(cols | left | right), cols)
    return [x for x in range(n) if free >> x & 1]


def count_below(
    n: int, prefix: Sequence[int], budget: int = UNLIMITED, *, backend: str | None = None
) -> QueensCounted:
    """Solutions and classes that continue ``prefix`` (a prefix of a root, grown by
    ``children``), and the queens placed below it; stops after ``budget`` of them."""
    if n <= KERNEL_MAX and backends.choose(backend) == backends.NUMBA:
        from .kernels.counting import queens_below_compiled

        total, unique, nodes, finished = queens_below_compiled(n, tuple(prefix), budget)
        return QueensCounted(total, unique, nodes, finished)
    return _below(n, prefix, budget)


def _below(n: int, prefix: Sequence[int], budget: int) -> QueensCounted:
    k = len(prefix)
    if k == n:
        w = weight(prefix)
        return QueensCounted(w, int(w > 0), 0)
    rules = Rules(n, prefix)
    full = rules.full
    p = list(prefix) + [0] * (n - k)
    cols = [0] * (n + 1)
    left = [0] * (n + 1)
    right = [0] * (n + 1)
    avail = [0] * (n + 1)
    cols[k], left[k], right[k] = _state(n, prefix)
    avail[k] = rules.allowed(k, full & ~(cols[k] | left[k] | right[k]), cols[k])
    y = k
    last = n - 1
    total = unique = nodes = 0
    while y >= k:
        a = avail[y]
        if not a:
            y -= 1
            continue
        b = a & -a
        avail[y] = a ^ b
        p[y] = b.bit_length() - 1
        nodes += 1
        if y == last:
            w = weight(p)
            total += w
            unique += w > 0
        else:
            c = cols[y] | b
            lt = ((left[y] | b) << 1) & full
            rt = (right[y] | b) >> 1
            y += 1
            cols[y], left[y], right[y] = c, lt, rt
            avail[y] = rules.allowed(y, full & ~(c | lt | rt), c)
        if nodes >= budget:
            return QueensCounted(total, unique, nodes, False)
    return QueensCounted(total, unique, nodes, True)


def count_queens_d4(n: int, *, backend: str | None = None) -> QueensCounted:
    """All solutions of n-Queens and their classes, in this thread (``parallel`` splits it)."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise BoardError(f"the queens board size must be a positive whole number, not {n!r}")
    total = unique = 0
    starts = roots(n)
    nodes = prefix_nodes(starts)
    for root in starts:
        got = count_below(n, root, backend=backend)
        total += got.total
        unique += got.unique
        nodes += got.nodes
    return QueensCounted(total, unique, nodes)


def prefix_nodes(prefixes: Sequence[Sequence[int]]) -> int:
    """Nodes of the search tree on the way to these prefixes (each distinct one once)."""
    return len({tuple(p[:i]) for p in prefixes for i in range(1, len(p) + 1)})


# -- the plain count: every solution, the first row's mirror only ---------------------------


def count_queens(n: int, *, backend: str | None = None) -> int:
    """Number of N-Queens solutions: bitmasks, an explicit stack, and mirror symmetry."""
    check_size(n)
    if n <= KERNEL_MAX and backends.choose(backend) == backends.NUMBA:
        from .kernels.counting import count_queens_compiled

        return count_queens_compiled(n)
    full = (1 << n) - 1
    total = 0
    # First row: queens in the left half count twice (mirror); the middle file once.
    for first_col in range(n):
        mirror = n - 1 - first_col
        if first_col > mirror:
            break
        weight = 1 if first_col == mirror else 2
        total += weight * _plain_below(n, full, 1 << first_col)
    return total


def _plain_below(n: int, full: int, bit: int) -> int:
    if n == 1:
        return 1
    cols = [0] * n
    left = [0] * n
    right = [0] * n
    avail = [0] * n
    cols[1], left[1], right[1] = bit, (bit << 1) & full, bit >> 1
    avail[1] = full & ~(cols[1] | left[1] | right[1])
    depth = 1
    last = n - 1
    count = 0
    while depth >= 1:
        a = avail[depth]
        if not a:
            depth -= 1
            continue
        b = a & -a
        avail[depth] = a ^ b
        if depth == last:
            count += 1
            continue
        c, lt, rt = cols[depth] | b, ((left[depth] | b) << 1) & full, (right[depth] | b) >> 1
        depth += 1
        cols[depth], left[depth], right[depth] = c, lt, rt
        avail[depth] = full & ~(c | lt | rt)
    return count
