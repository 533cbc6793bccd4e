"""The compiled N-Queens counter by start constellations (see
knightviz/engine/queens_constellations.py, which it mirrors node for node).

A file of its own: a queens count loads these kernels and nothing else (numba checks its
cache against a kernel's own file, and loading every kernel of the engine costs a command
more than this count of N = 15 takes).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit
from numba.core.extending import intrinsic
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros

trailing_zeros: Any = _trailing_zeros


@intrinsic
def _ctpop(typingctx: Any, src: Any) -> Any:
    """LLVM's population count (one instruction where the processor has one)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return src(src), codegen


popcount: Any = _ctpop


@njit(cache=True, nogil=True, inline="always")
def _image(g, m, t, b, l, r):
    """(t, b, l, r) of the image of the border queens under symmetry g (0..7: identity,
    quarter turn, half turn, three-quarter turn, the four reflections)."""
    ys = (0, m, l, r)
    xs = (t, b, 0, m)
    top = bottom = left = right = -1
    for i in range(4):
        y = ys[i]
        x = xs[i]
        if g == 1:
            y, x = x, m - y
        elif g == 2:
            y, x = m - y, m - x
        elif g == 3:
            y, x = m - x, y
        elif g == 4:
            x = m - x
        elif g == 5:
            y = m - y
        elif g == 6:
            y, x = x, y
        elif g == 7:
            y, x = m - x, m - y
        if y == 0:
            top = x
        if y == m:
            bottom = x
        if x == 0:
            left = y
        if x == m:
            right = y
    return top, bottom, left, right


@njit(cache=True, nogil=True, inline="always")
def _before(a0, a1, a2, a3, b0, b1, b2, b3):
    """(a0, a1, a2, a3) < (b0, b1, b2, b3), lexicographically."""
    if a0 != b0:
        return a0 < b0
    if a1 != b1:
        return a1 < b1
    if a2 != b2:
        return a2 < b2
    return a3 < b3


@njit(cache=True, nogil=True)
def symmetry(n, t, b, l, r, canonical):
    """(weight, half, quarter): the orbit's size (0 with ``canonical`` when (t, b, l, r)
    is not the smallest of its images), and whether a half turn, a quarter turn fixes it
    (the same for every member: both turns commute with every symmetry, up to direction)."""
    m = n - 1
    fixed = 0
    half = False
    quarter = False
    for g in range(8):
        it, ib, il, ir = _image(g, m, t, b, l, r)
        if canonical and _before(it, ib, il, ir, t, b, l, r):
            return 0, False, False
        if it == t and ib == b and il == l and ir == r:
            fixed += 1
            if g == 2:
                half = True
            elif g == 1:
                quarter = True
    return 8 // fixed, half, quarter


@njit(cache=True, nogil=True, inline="always")
def _peaceful(n, t, b, l, r):
    m = n - 1
    ys = (0, m, l, r)
    xs = (t, b, 0, m)
    for i in range(4):
        for j in range(i + 1, 4):
            y, x, v, u = ys[i], xs[i], ys[j], xs[j]
            if y == v and x == u:
                continue  # a corner queen, on two border lines
            if y == v or x == u or abs(y - v) == abs(x - u):
                return False
    return True


@njit(cache=True, nogil=True)
def oriented(n, t, b, l, r):
    """The image searched (``queens_constellations.oriented``): the bottom queen nearest a
    corner, then the side queens' upper one lowest, then the top queen farthest from one."""
    m = n - 1
    bt, bb, bl, br = t, b, l, r
    best = (min(b, m - b), -min(l, r), -min(t, m - t))
    for g in range(1, 8):
        it, ib, il, ir = _image(g, m, t, b, l, r)
        rank = (min(ib, m - ib), -min(il, ir), -min(it, m - it))
        if rank < best or (rank == best and _before(it, ib, il, ir, bt, bb, bl, br)):
            best = rank
            bt, bb, bl, br = it, ib, il, ir
    return bt, bb, bl, br


def capacity(n):
    """Rows ``constellations_into`` may fill (more than n-Queens has constellations)."""
    return max(16, n * n * n * n // 4)


@njit(cache=True, nogil=True)
def constellations(n):
    """One constellation of each orbit, in the order of the orbits' smallest members:
    rows of (t, b, l, r, weight), each in the orientation searched (``oriented``)."""
    out = np.empty((max(16, n * n * n * n // 4), 5), np.int64)
    k = constellations_into(n, out)
    return out[:k].copy()


@njit(cache=True, nogil=True)
def constellations_into(n, out):
    """``constellations`` into ``out`` (``capacity(n)`` rows of 5); returns how many rows.
    No allocation: the ahead-of-time build (``native``) calls it on the caller's memory."""
    m = n - 1
    k = 0
    for t in range(n):
        for b in range(n):
            for l in range(n):
                if (t == 0) != (l == 0) or (b == 0) != (l == m):
                    continue
                for r in range(n):
                    if (t == m) != (r == 0) or (b == m) != (r == m):
                        continue
                    if not _peaceful(n, t, b, l, r):
                        continue
                    w, _h, _q = symmetry(n, t, b, l, r, True)
                    if w == 0:
                        continue
                    ot, ob, ol, orr = oriented(n, t, b, l, r)
                    out[k, 0] = ot
                    out[k, 1] = ob
                    out[k, 2] = ol
                    out[k, 3] = orr
                    out[k, 4] = w
                    k += 1
    return k


@njit(cache=True, nogil=True, inline="always")
def _layout(n, t, b, l, r, rows, keep, shift):
    """The free rows, per free row the files left by the border queens, the rows to the
    next free row; returns how many free rows."""
    m = n - 1
    one = np.int64(1)
    full = (one << n) - 1
    taken = one | (one << m) | (one << t) | (one << b)
    ys = (0, m, l, r)
    xs = (t, b, 0, m)
    depth = 0
    for y in range(1, m):
        if y == l or y == r:
            continue
        mask = taken
        for i in range(4):
            s = y - ys[i]
            x = xs[i] + s
            if 0 <= x < n:
                mask |= one << x
            x = xs[i] - s
            if 0 <= x < n:
                mask |= one << x
        rows[depth] = y
        keep[depth] = full & ~mask
        depth += 1
    for i in range(depth - 1):
        shift[i] = rows[i + 1] - rows[i]
    if depth > 0:
        shift[depth - 1] = 1
    return depth


@njit(cache=True, nogil=True)
def _fixed(n, t, b, l, r, rows, cols, depth, last_bit, p):
    """(half, quarter): whether the complete placement (free rows' files read back from
    the stack of taken files) is fixed by a half turn, by a quarter turn (``p``: n slots
    of scratch)."""
    m = n - 1
    p[0] = t
    p[m] = b
    if 0 < l < m:
        p[l] = 0
    if 0 < r < m:
        p[r] = m
    for i in range(depth - 1):
        p[rows[i]] = trailing_zeros(cols[i + 1] ^ cols[i])
    if depth > 0:
        p[rows[depth - 1]] = trailing_zeros(last_bit)
    for y in range(n):
        if p[m - y] != m - p[y]:
            return 0, 0
    for y in range(n):
        if p[p[y]] != m - y:
            return 1, 0
    return 1, 1


@njit(cache=True, nogil=True)
def below(n, prefix, budget):
    """(total, eighths, nodes, finished) below ``prefix`` = (t, b, l, r, files of the first
    free rows…): ``queens_constellations._below``, with the last free row's queens counted
    by one population count (unless a turn fixes the constellation)."""
    return below_into(n, prefix, budget, np.zeros(SCRATCH * (n + 1), np.int64))


#: Words of scratch per (n + 1) that ``below_into`` and ``probe_into`` use.
SCRATCH = 8


@njit(cache=True, nogil=True)
def below_into(n, prefix, budget, scratch):
    """``below`` on the caller's zeroed ``scratch`` (``SCRATCH * (n + 1)`` words): no
    allocation, so that the ahead-of-time build (``native``) needs no runtime."""
    if n == 1:
        return 1, 8, 0, True
    t = prefix[0]
    b = prefix[1]
    l = prefix[2]
    r = prefix[3]
    w, half, quarter = symmetry(n, t, b, l, r, False)
    sym = half or quarter
    z = n + 1
    rows = scratch[0:z]
    keep = scratch[z : 2 * z]
    shift = scratch[2 * z : 3 * z]
    cols = scratch[3 * z : 4 * z]
    left = scratch[4 * z : 5 * z]
    right = scratch[5 * z : 6 * z]
    avail = scratch[6 * z : 7 * z]
    p = scratch[7 * z : 8 * z]
    depth = _layout(n, t, b, l, r, rows, keep, shift)
    one = np.int64(1)
    c = np.int64(0)
    lt = np.int64(0)
    rt = np.int64(0)
    k = prefix.shape[0] - 4
    for d in range(k):
        bit = one << prefix[4 + d]
        if (keep[d] & ~(c | lt | rt) & bit) == 0:
            return 0, 0, 0, True
        cols[d] = c
        c |= bit
        lt = (lt | bit) << shift[d]
        rt = (rt | bit) >> shift[d]
    cols[k] = c
    nodes = 0
    if k == depth:
        if sym:
            lb = c ^ cols[depth - 1] if depth > 0 else np.int64(0)
            h, q = _fixed(n, t, b, l, r, rows, cols, depth, lb, p)
            return w, w * (1 + h + 2 * q), 0, True
        return w, w, 0, True
    left[k] = lt
    right[k] = rt
    avail[k] = keep[k] & ~(c | lt | rt)
    if k == depth - 1:  # one free row below the prefix: its free squares are the solutions
        f = avail[k]
        got = min(popcount(f), budget)
        extra = _extra(n, t, b, l, r, rows, cols, depth, f, got, p) if sym else 0
        return w * got, w * (got + extra), got, got < budget
    if k > 0:  # as the search below the prefix's parent would have done
        s1 = shift[k]
        if keep[k + 1] & ~(c | (lt << s1) | (rt >> s1)) == 0:
            return 0, 0, 0, True
    if budget >= UNBOUNDED:
        sols, extra, nodes = _search_all(
            n, t, b, l, r, sym, rows, keep, shift, cols, left, right, avail, k, depth, budget, p
        )
    else:
        sols, extra, nodes = _search(
            n, t, b, l, r, sym, rows, keep, shift, cols, left, right, avail, k, depth, budget, p
        )
    if nodes >= budget:
        return w * sols, w * (sols + extra), budget, False
    return w * sols, w * (sols + extra), nodes, True


def _searcher(bounded: bool) -> Any:
    """``_search`` with a budget (``bounded``) or without (a count's pieces): one source,
    two machine codes, the budget's checks compiled out of the second (they cost every
    node about 6 %)."""

    @njit(cache=True, nogil=True)
    def search(
        n, t, b, l, r, sym, rows, keep, shift, cols, left, right, avail, k, depth, budget, p
    ):
        """The loop of ``below`` from free row k: (solutions, extra eighths, nodes).

        The current row's masks and free squares stay in registers: they go to the stack only
        on entering the next row, and come back from it on leaving (about a tenth faster than
        reading and writing the stack at every node). The stack index is unsigned (numba then
        indexes without checking for a negative one). The budget is looked at only where a
        node can lead to a solution (entering a row, or the last row's queens): a node with no
        free square below adds none, so a run that passes the budget there returns the same
        solutions with the nodes cut to the budget, as if it had stopped at that node
        (``below`` cuts them)."""
        one = np.uint64(1)
        base = np.uint64(k)
        last = np.uint64(depth - 1)
        d = base
        a = avail[d]
        c = cols[d]
        lt = left[d]
        rt = right[d]
        s = shift[d]
        sols = 0
        extra = 0
        nodes = 0
        while True:
            if a == 0:
                if d == base:
                    return sols, extra, nodes
                d -= one
                a = avail[d]
                c = cols[d]
                lt = left[d]
                rt = right[d]
                s = shift[d]
                continue
            bit = a & -a
            a ^= bit
            nodes += 1
            cn = c | bit
            ln = (lt | bit) << s
            rn = (rt | bit) >> s
            e = d + one
            f = keep[e] & ~(cn | ln | rn)
            if e == last:
                # The last free row's queens: one node and one solution each.
                if bounded and nodes >= budget:
                    return sols, extra, nodes
                got = min(popcount(f), budget - nodes) if bounded else popcount(f)
                if sym and got > 0:
                    cols[e] = cn
                    extra += _extra(n, t, b, l, r, rows, cols, depth, f, got, p)
                sols += got
                nodes += got
            elif f != 0:
                # Enter the row only if the row after it keeps a free square.
                s1 = shift[e]
                if keep[e + one] & ~(cn | (ln << s1) | (rn >> s1)) == 0:
                    continue
                if bounded and nodes >= budget:
                    return sols, extra, nodes
                avail[d] = a
                d = e
                a = f
                c = cn
                lt = ln
                rt = rn
                s = s1
                cols[d] = cn
                left[d] = ln
                right[d] = rn

    return search


_search = _searcher(True)
_search_all = _searcher(False)
#: A budget no count reaches: ``below`` then runs ``_search_all``.
UNBOUNDED = 1 << 62


@njit(cache=True, nogil=True)
def _extra(n, t, b, l, r, rows, cols, depth, f, got, p):
    """Burnside's extra terms of the first ``got`` solutions among the last free row's
    free squares ``f``: one for each fixed by a half turn, two more if by a quarter turn."""
    extra = 0
    for _ in range(got):
        bit = f & -f
        f ^= bit
        h, q = _fixed(n, t, b, l, r, rows, cols, depth, bit, p)
        extra += h + 2 * q
    return extra


@njit(cache=True, nogil=True)
def probe(n, prefix, probes, seed):
    """Knuth's estimate (natural log) of the nodes below ``prefix`` in ``below``'s tree:
    the mean over ``probes`` random walks of 1·c0 + c0·c1 + … (c_i the free squares met
    on the i-th free row below the prefix); -inf for none."""
    return probe_into(n, prefix, probes, seed, np.zeros(SCRATCH * (n + 1), np.int64))


@njit(cache=True, nogil=True)
def probe_into(n, prefix, probes, seed, scratch):
    """``probe`` on the caller's ``scratch`` (``SCRATCH * (n + 1)`` words)."""
    if n == 1:
        return -np.inf
    t = prefix[0]
    b = prefix[1]
    l = prefix[2]
    r = prefix[3]
    z = n + 1
    rows = scratch[0:z]
    keep = scratch[z : 2 * z]
    shift = scratch[2 * z : 3 * z]
    depth = _layout(n, t, b, l, r, rows, keep, shift)
    one = np.int64(1)
    c0 = np.int64(0)
    l0 = np.int64(0)
    r0 = np.int64(0)
    k = prefix.shape[0] - 4
    for d in range(k):
        bit = one << prefix[4 + d]
        c0 |= bit
        l0 = (l0 | bit) << shift[d]
        r0 = (r0 | bit) >> shift[d]
    x = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(1)
    mean_log = -np.inf
    for _probe in range(probes):
        c = c0
        lt = l0
        rt = r0
        total_log = -np.inf
        product_log = 0.0
        for d in range(k, depth):
            av = keep[d] & ~(c | lt | rt)
            if av == 0:
                break
            count = popcount(av)
            product_log += np.log(count)
            total_log = _log_add(total_log, product_log)
            x ^= x >> np.uint64(12)
            x ^= x << np.uint64(25)
            x ^= x >> np.uint64(27)
            pick = ((x * np.uint64(2685821657736338717)) >> np.uint64(11)) % np.uint64(count)
            for _ in range(pick):
                av &= av - 1
            bit = av & -av
            c |= bit
            lt = (lt | bit) << shift[d]
            rt = (rt | bit) >> shift[d]
        mean_log = _log_add(mean_log, total_log)
    return mean_log - np.log(probes)


@njit(cache=True, nogil=True)
def _log_add(a, b):
    if a == -np.inf:
        return b
    if b == -np.inf:
        return a
    if a < b:
        a, b = b, a
    return a + np.log1p(np.exp(b - a))
