"""The compiled counters (numba): directed tours with the dead-end rules, and N-Queens by D4.

Each counter works from a *prefix* (the first squares of a path, or the first queens) and
counts everything below it, so that a count can be split into independent subproblems
(``knightviz.engine.parallel``). Each also counts the nodes it visits (positions it stands
in below the prefix) and stops after ``budget`` of them, so that a bounded count is exact up
to where it stopped. They mirror the pure-Python references in ``knightviz.engine.count``
and ``knightviz.engine.queens_count`` node for node; the tests check both against each
other. What the counters and their probes share (the state after a prefix, the rules, the
random walk's generator) is one helper each, inlined by numba, in this file (numba's cache
is checked against a kernel's own file only).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros

#: LLVM's count-trailing-zeros (one instruction); numba's own intrinsic, typed loosely here.
trailing_zeros: Any = _trailing_zeros

# -- tours: the rules (see knightviz/engine/count.py) -------------------------------------


@njit(cache=True, nogil=True)
def tours_below(nb, off, path, closed, budget):
    """Tours and nodes below ``path`` (a prefix that passed the rules), any board size.

    The plain algorithm (benchmarks/reference_count.c does the same in C): degrees of every
    square kept up to date, with running totals of unvisited squares of degree 0 and 1.
    Returns (tours, nodes, finished): nodes are positions entered below the prefix;
    ``finished`` is False when ``budget`` nodes were reached first.
    """
    n = off.shape[0] - 1
    k = path.shape[0]
    visited, deg, zero, single, remaining = _walked(nb, off, path)
    start = path[0]
    tours = 0
    nodes = 0
    if remaining == 0:
        return tours, nodes, True
    stack = np.empty(n, np.int32)
    cursor = np.empty(n, np.int32)
    d = 0
    stack[0] = path[k - 1]
    cursor[0] = off[path[k - 1]]
    while d >= 0:
        here = stack[d]
        end = off[here + 1]
        descended = False
        while cursor[d] < end:
            t = nb[cursor[d]]
            cursor[d] += 1
            if visited[t]:
                continue
            dt = deg[t]
            zero, single, remaining, near = _enter(
                t, nb, off, visited, deg, zero, single, remaining
            )
            if remaining == 0:
                nodes += 1
                if not closed or _adjacent(nb, off, t, start):
                    tours += 1
            elif _passes(zero, single, near, remaining, dt, closed and deg[start] == 0):
                nodes += 1
                d += 1
                stack[d] = t
                cursor[d] = off[t]
                descended = True
                break
            zero, single, remaining = _leave(t, nb, off, visited, deg, zero, single, remaining)
            if nodes >= budget:
                return tours, nodes, False
        if descended:
            if nodes >= budget:
                return tours, nodes, False  # the state is thrown away: no unwinding
            continue
        d -= 1
        if d >= 0:
            zero, single, remaining = _leave(here, nb, off, visited, deg, zero, single, remaining)
    return tours, nodes, True


@njit(cache=True, nogil=True, inline="always")
def _walked(nb, off, path):
    """The counters' state after ``path``: visited squares, every square's degree, the
    numbers of unvisited squares of degree 0 and 1, and the squares still to visit."""
    n = off.shape[0] - 1
    visited = np.zeros(n, np.uint8)
    deg = np.empty(n, np.int32)
    zero, single, remaining = _walked_into(nb, off, path, visited, deg)
    return visited, deg, zero, single, remaining


@njit(cache=True, nogil=True, inline="always")
def _walked_into(nb, off, path, visited, deg):
    """``_walked`` into the caller's ``visited`` (zeroed) and ``deg``."""
    n = off.shape[0] - 1
    zero, single = _degrees(off, deg)
    remaining = n
    for i in range(path.shape[0]):
        zero, single, remaining, _ = _enter(path[i], nb, off, visited, deg, zero, single, remaining)
    return zero, single, remaining


@njit(cache=True, nogil=True, inline="always")
def _passes(zero, single, near, remaining, dt, start_cut_off):
    """The rules (see knightviz/engine/count.py), after a move onto a square that had ``dt``
    unvisited neighbours, ``near`` of which it left with one: no dead square but a last one
    next to it, no two squares that could only end the path, a closed tour's start still
    reachable."""
    return not ((zero > 0 and (remaining > 1 or dt == 0)) or single - near > 1 or start_cut_off)


@njit(cache=True, nogil=True)
def _degrees(off, deg):
    """Every square's degree on the empty board; the numbers of degree 0 and 1."""
    zero = 0
    single = 0
    for u in range(off.shape[0] - 1):
        d = off[u + 1] - off[u]
        deg[u] = d
        if d == 0:
            zero += 1
        elif d == 1:
            single += 1
    return zero, single


@njit(cache=True, nogil=True)
def _adjacent(nb, off, a, b):
    for j in range(off[a], off[a + 1]):
        if nb[j] == b:
            return True
    return False


@njit(cache=True, nogil=True, inline="always")
def _off_square(nb, off, sq, visited, deg):
    visited[sq] = 0
    for j in range(off[sq], off[sq + 1]):
        deg[nb[j]] += 1


@njit(cache=True, nogil=True, inline="always")
def _recount(sq, dsq, nb, off, visited, deg, zero, single):
    """The running totals after ``sq`` (degree ``dsq``) was taken off the path."""
    if dsq == 0:
        zero += 1
    elif dsq == 1:
        single += 1
    for j in range(off[sq], off[sq + 1]):
        u = nb[j]
        if visited[u] == 0:
            du = deg[u]  # already raised by one
            if du == 2:
                single -= 1
            elif du == 1:
                zero -= 1
                single += 1
    return zero, single


@njit(cache=True, nogil=True, inline="always")
def _planes(f, masks, shifts):
    """The squares with at least 1, 2 and 3 neighbours in ``f``: eight whole-board knight
    shifts (``masks`` and ``shifts``, four up then four down), added bit-parallel up to
    three."""
    b0 = (f & masks[0]) << shifts[0]
    b1 = (f & masks[1]) << shifts[1]
    b2 = (f & masks[2]) << shifts[2]
    b3 = (f & masks[3]) << shifts[3]
    b4 = (f & masks[4]) >> shifts[4]
    b5 = (f & masks[5]) >> shifts[5]
    b6 = (f & masks[6]) >> shifts[6]
    b7 = (f & masks[7]) >> shifts[7]
    g2 = b0 & b1
    g1 = b0 | b1
    g3 = g2 & b2
    g2 |= g1 & b2
    g1 |= b2
    g3 |= g2 & b3
    g2 |= g1 & b3
    g1 |= b3
    g3 |= g2 & b4
    g2 |= g1 & b4
    g1 |= b4
    g3 |= g2 & b5
    g2 |= g1 & b5
    g1 |= b5
    g3 |= g2 & b6
    g2 |= g1 & b6
    g1 |= b6
    g3 |= g2 & b7
    g2 |= g1 & b7
    g1 |= b7
    return g1, g2, g3


@njit(cache=True, nogil=True)
def tours_below_bits(attacks, dirs, path, closed, budget):
    """``tours_below`` for boards of at most 64 squares: the unvisited squares are one word.

    Per node, the squares with at least 1, 2 and 3 unvisited neighbours come from eight
    whole-board knight shifts of that word (a bit-parallel count to three). A move onto t
    takes one neighbour from exactly the squares around t, so the degree-0 and degree-1
    squares after each candidate move are a few AND/ORs away: the rules cost a handful of
    instructions per candidate and one count per node entered. Same nodes, same results.
    """
    n = attacks.shape[0]
    return tours_below_bits_into(
        attacks, dirs, path, closed, budget, np.empty(n, np.int64), np.empty(4 * n, np.uint64)
    )


@njit(cache=True, nogil=True)
def tours_below_bits_into(attacks, dirs, path, closed, budget, stack, words):
    """``tours_below_bits`` on the caller's memory (``stack``: n words, ``words``: 4n
    unsigned): no allocation, so that the ahead-of-time build (``native``) needs no
    runtime."""
    n = attacks.shape[0]
    k = path.shape[0]
    one = np.uint64(1)
    free = ~np.uint64(0) >> np.uint64(64 - n)
    for i in range(k):
        free &= ~(one << np.uint64(path[i]))
    start = path[0]
    around_start = attacks[start]
    masks = (dirs[0], dirs[1], dirs[2], dirs[3], dirs[4], dirs[5], dirs[6], dirs[7])
    shifts = (dirs[8], dirs[9], dirs[10], dirs[11], dirs[12], dirs[13], dirs[14], dirs[15])
    remaining = n - k
    tours = 0
    nodes = 0
    if remaining == 0:
        return tours, nodes, True
    avail = words[0:n]
    ge1 = words[n : 2 * n]
    ge2 = words[2 * n : 3 * n]
    ge3 = words[3 * n : 4 * n]
    d = 0
    stack[0] = path[k - 1]
    avail[0] = attacks[path[k - 1]] & free
    g1, g2, g3 = _planes(free, masks, shifts)
    ge1[0] = g1
    ge2[0] = g2
    ge3[0] = g3
    while d >= 0:
        a = avail[d]
        if a == 0:
            d -= 1
            if d >= 0:
                free |= one << np.uint64(stack[d + 1])
                remaining += 1
                g1 = ge1[d]
                g2 = ge2[d]
                g3 = ge3[d]
            continue
        t = trailing_zeros(a)
        avail[d] = a & (a - one)
        f = free & ~(one << np.uint64(t))
        rem = remaining - 1
        around = attacks[t]
        if rem == 0:
            nodes += 1
            if not closed or (around & (one << np.uint64(start))) != 0:
                tours += 1
        else:
            n1 = (g1 & ~around) | (g2 & around)  # at least one unvisited neighbour, after t
            n2 = (g2 & ~around) | (g3 & around)  # at least two
            dead = f & ~n1
            ends = f & n1 & ~n2 & ~around
            if (
                (dead != 0 and (rem > 1 or (dead & around) == 0))
                or (ends & (ends - one)) != 0
                or (closed and (around_start & f) == 0)
            ):
                continue
            nodes += 1
            d += 1
            stack[d] = t
            avail[d] = around & f
            free = f
            remaining = rem
            g1, g2, g3 = _planes(f, masks, shifts)
            ge1[d] = g1
            ge2[d] = g2
            ge3[d] = g3
        if nodes >= budget:
            return tours, nodes, False
    return tours, nodes, True


# -- N-Queens by classes of symmetric solutions (see knightviz/engine/queens_count.py) ------


@njit(cache=True, nogil=True, inline="always")
def _placed(prefix, full):
    """The files, left diagonals and right diagonals the queens of ``prefix`` attack on the
    next row, as bit masks."""
    one = np.int64(1)
    c = np.int64(0)
    lt = np.int64(0)
    rt = np.int64(0)
    for i in range(prefix.shape[0]):
        b = one << prefix[i]
        c |= b
        lt = ((lt | b) << 1) & full
        rt = (rt | b) >> 1
    return c, lt, rt


@njit(cache=True, nogil=True)
def _image(g, i, m, p, inv):
    """Entry i of the image of p under symmetry g (1..7; 0 is p itself)."""
    if g == 1:
        return m - p[i]
    if g == 2:
        return p[m - i]
    if g == 3:
        return m - p[m - i]
    if g == 4:
        return inv[i]
    if g == 5:
        return m - inv[m - i]
    if g == 6:
        return m - inv[i]
    return inv[m - i]


@njit(cache=True, nogil=True)
def queens_weight(p, inv):
    """``queens_count.weight``: 8 / |symmetries fixing p| if p is canonical, else 0."""
    n = p.shape[0]
    if n == 1:
        return 1
    m = n - 1
    for y in range(n):
        inv[p[y]] = y
    if p[0] == 0:
        return 8 if p[1] < inv[1] else 0
    a = p[0]
    fixed = 1
    for g in range(1, 8):
        first = _image(g, 0, m, p, inv)
        if first > a:
            continue
        if first < a:
            return 0
        same = True
        for i in range(1, n):
            q = _image(g, i, m, p, inv)
            if q != p[i]:
                if q < p[i]:
                    return 0
                same = False
                break
        if same:
            fixed += 1
    return 8 // fixed


@njit(cache=True, nogil=True)
def queens_below(n, prefix, excl, corner, a, budget):
    """``queens_count._below``: (total, classes, nodes, finished) below ``prefix``.

    ``excl``: per row, the files the rules forbid; ``corner``: the corner case; ``a``: the
    first row's file (the side-file rule applies on rows a .. n-1-a when not ``corner``).
    The files of a placement are read back from the stack of taken files at each complete
    one (rare), not stored per node.
    """
    k = prefix.shape[0]
    m = n - 1
    one = np.int64(1)
    full = (one << n) - 1
    side = one | (one << m)
    p = np.zeros(n, np.int64)
    inv = np.zeros(n, np.int64)
    cols = np.zeros(n + 1, np.int64)
    left = np.zeros(n + 1, np.int64)
    right = np.zeros(n + 1, np.int64)
    avail = np.zeros(n + 1, np.int64)
    keep = np.empty(n, np.int64)
    for y in range(n):
        keep[y] = full & ~excl[y]
    for i in range(k):
        p[i] = prefix[i]
    c, lt, rt = _placed(prefix, full)
    total = 0
    unique = 0
    nodes = 0
    if k == n:
        w = queens_weight(p, inv)
        return w, 1 if w > 0 else 0, 0, True
    # The side-file rule can bind only where at most two rows are left before row n-1-a
    # (two side files at most are empty), and applies from row a on.
    hi = n - 1 - a
    tight = n if corner else max(a, hi - 1)
    y = k
    cols[y] = c
    left[y] = lt
    right[y] = rt
    av = keep[y] & ~(c | lt | rt)
    if tight <= y <= hi:
        av = _sides(av, c, side, hi + 1 - y, m)
    avail[y] = av
    while y >= k:
        av = avail[y]
        if av == 0:
            y -= 1
            continue
        b = av & -av
        avail[y] = av ^ b
        nodes += 1
        if y == m:
            for i in range(k, m):
                p[i] = trailing_zeros(cols[i + 1] ^ cols[i])
            p[m] = trailing_zeros(b)
            w = queens_weight(p, inv)
            total += w
            if w > 0:
                unique += 1
        else:
            c = cols[y] | b
            lt = ((left[y] | b) << 1) & full
            rt = (right[y] | b) >> 1
            y += 1
            cols[y] = c
            left[y] = lt
            right[y] = rt
            av = keep[y] & ~(c | lt | rt)
            if tight <= y <= hi:
                av = _sides(av, c, side, hi + 1 - y, m)
            avail[y] = av
        if nodes >= budget:
            return total, unique, nodes, False
    return total, unique, nodes, True


@njit(cache=True, nogil=True, inline="always")
def _sides(free, cols, side, rows_left, m):
    """The side-file rule: k side files still empty need k rows before row n-1-a."""
    empty = 2 - (cols & 1) - ((cols >> m) & 1)
    if empty > rows_left:
        return np.int64(0)
    if empty == rows_left:
        return free & side
    return free


@njit(cache=True, nogil=True, inline="always")
def _allowed(y, free, cols, excl, corner, a, n, side):
    free &= ~excl[y]
    if not corner and a <= y and y <= n - 1 - a:
        empty = 2 - (cols & 1) - ((cols >> (n - 1)) & 1)
        rows_left = n - a - y
        if empty > rows_left:
            return np.int64(0)
        if empty == rows_left:
            free &= side
    return free


# -- Knuth's estimate of the trees these counters search (log space: no overflow) ----------


@njit(cache=True, nogil=True, inline="always")
def _seeded(seed):
    """A fresh xorshift64* state (a one-element array) for ``seed``."""
    state = np.empty(1, np.uint64)
    state[0] = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(1)
    return state


@njit(cache=True, nogil=True)
def _random(state):
    """xorshift64*: the next pseudo-random 64-bit word (state is a one-element array)."""
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return x * np.uint64(2685821657736338717)


@njit(cache=True, nogil=True)
def _log_add(a, b):
    if a == -np.inf:
        return b
    if b == -np.inf:
        return a
    if a < b:
        a, b = b, a
    return a + np.log1p(np.exp(b - a))


@njit(cache=True, nogil=True)
def tours_probe(nb, off, path, closed, probes, seed):
    """Knuth's estimate of the nodes below ``path`` in the count's pruned tree: the mean,
    over ``probes`` random walks to a leaf, of 1·c0 + c0·c1 + … (c_i children met at depth
    i); returned as its natural logarithm (-inf for none). Any board size."""
    n = off.shape[0] - 1
    visited = np.zeros(n, np.uint8)
    deg = np.empty(n, np.int32)
    walked = np.empty(n + 8, np.int32)
    return tours_probe_into(nb, off, path, closed, probes, seed, visited, deg, walked)


@njit(cache=True, nogil=True)
def tours_probe_into(nb, off, path, closed, probes, seed, visited, deg, walked):
    """``tours_probe`` on the caller's memory (``visited`` zeroed, n bytes; ``deg`` and
    ``walked``, n and n + 8 words): no allocation, for the ahead-of-time build
    (``native``)."""
    n = off.shape[0] - 1
    k = path.shape[0]
    zero, single, remaining = _walked_into(nb, off, path, visited, deg)
    start = path[0]
    kids = walked[n : n + 8]
    x = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(1)  # as ``_seeded``
    mean_log = -np.inf
    for _probe in range(probes):
        here = path[k - 1]
        total_log = -np.inf
        product_log = 0.0
        steps = 0
        while remaining > 0:
            c = 0
            for j in range(off[here], off[here + 1]):
                t = nb[j]
                if visited[t]:
                    continue
                dt = deg[t]
                zero, single, remaining, near = _enter(
                    t, nb, off, visited, deg, zero, single, remaining
                )
                ok = remaining == 0 or _passes(
                    zero, single, near, remaining, dt, closed and deg[start] == 0
                )
                zero, single, remaining = _leave(t, nb, off, visited, deg, zero, single, remaining)
                if ok:
                    kids[c] = t
                    c += 1
            if c == 0:
                break
            product_log += np.log(c)
            total_log = _log_add(total_log, product_log)
            x ^= x >> np.uint64(12)  # as ``_random``, on a scalar state
            x ^= x << np.uint64(25)
            x ^= x >> np.uint64(27)
            word = x * np.uint64(2685821657736338717)
            here = kids[(word >> np.uint64(11)) % np.uint64(c)]
            zero, single, remaining, _ = _enter(
                here, nb, off, visited, deg, zero, single, remaining
            )
            walked[steps] = here
            steps += 1
        for i in range(steps - 1, -1, -1):
            zero, single, remaining = _leave(
                walked[i], nb, off, visited, deg, zero, single, remaining
            )
        mean_log = _log_add(mean_log, total_log)
    return mean_log - np.log(probes)


@njit(cache=True, nogil=True)
def _enter(sq, nb, off, visited, deg, zero, single, remaining):
    visited[sq] = 1
    remaining -= 1
    d = deg[sq]
    if d == 0:
        zero -= 1
    elif d == 1:
        single -= 1
    near = 0
    for j in range(off[sq], off[sq + 1]):
        u = nb[j]
        du = deg[u] - 1
        deg[u] = du
        if visited[u] == 0:
            if du == 1:
                single += 1
                near += 1
            elif du == 0:
                single -= 1
                zero += 1
    return zero, single, remaining, near


@njit(cache=True, nogil=True)
def _leave(sq, nb, off, visited, deg, zero, single, remaining):
    dsq = deg[sq]
    _off_square(nb, off, sq, visited, deg)
    zero, single = _recount(sq, dsq, nb, off, visited, deg, zero, single)
    return zero, single, remaining + 1


@njit(cache=True, nogil=True)
def queens_probe(n, prefix, excl, corner, a, probes, seed):
    """Knuth's estimate (natural log) of the nodes below ``prefix`` in ``queens_below``'s
    tree (the same rules; the final canonical test is not a node and is ignored)."""
    k = prefix.shape[0]
    one = np.int64(1)
    full = (one << n) - 1
    side = one | (one << (n - 1))
    c0, l0, r0 = _placed(prefix, full)
    state = _seeded(seed)
    mean_log = -np.inf
    for _probe in range(probes):
        c = c0
        lt = l0
        rt = r0
        total_log = -np.inf
        product_log = 0.0
        for y in range(k, n):
            av = _allowed(y, full & ~(c | lt | rt), c, excl, corner, a, n, side)
            if av == 0:
                break
            count = 0
            x = av
            while x != 0:
                x &= x - 1
                count += 1
            product_log += np.log(count)
            total_log = _log_add(total_log, product_log)
            pick = (_random(state) >> np.uint64(11)) % np.uint64(count)
            x = av
            for _ in range(pick):
                x &= x - 1
            b = x & -x
            c |= b
            lt = ((lt | b) << 1) & full
            rt = (rt | b) >> 1
        mean_log = _log_add(mean_log, total_log)
    return mean_log - np.log(probes)


# -- N-Queens, every solution: the first row's mirror only (``queens_count.count_queens``) --


@njit(cache=True, nogil=True)
def count_queens(n):
    """Number of N-Queens solutions (n <= 62): bitmasks and mirror symmetry."""
    if n == 1:
        return 1
    full = (np.int64(1) << n) - 1
    cols = np.zeros(n + 1, np.int64)
    left = np.zeros(n + 1, np.int64)
    right = np.zeros(n + 1, np.int64)
    avail = np.zeros(n + 1, np.int64)
    total = 0
    last = n - 1
    for first_col in range(n):
        mirror = n - 1 - first_col
        if first_col > mirror:
            break
        weight = 1 if first_col == mirror else 2
        bit = np.int64(1) << first_col
        cols[1] = bit
        left[1] = (bit << 1) & full
        right[1] = bit >> 1
        avail[1] = full & ~(cols[1] | left[1] | right[1])
        depth = 1
        count = 0
        while depth >= 1:
            a = avail[depth]
            if a == 0:
                depth -= 1
                continue
            b = a & -a
            avail[depth] = a ^ b
            if depth == last:
                count += 1
                continue
            c = cols[depth] | b
            lt = ((left[depth] | b) << 1) & full
            rt = (right[depth] | b) >> 1
            depth += 1
            cols[depth] = c
            left[depth] = lt
            right[depth] = rt
            avail[depth] = full & ~(c | lt | rt)
        total += weight * count
    return total
