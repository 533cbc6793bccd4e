"""The compiled hot loops (numba) of the searches, one per loop of the pure-Python reference.

Every kernel works on flat numpy arrays owned by one search object and a small int64
``st`` array of scalars (depth, counts, ...), so a call resumes exactly where the last one
stopped. A kernel runs at most ``budget`` events; with ``emit`` it writes them into ``out``
(same encoding as the Python engine: ``x`` move onto x, ``~x`` backtrack off x). Squares
backtracked are also written into the 8-slot ring ``ring`` (for the board's flashes when no
events are delivered). Each kernel returns a status: RUNNING (budget spent), or why it ended.

What every loop does the same way (an event written or not, a backtrack remembered, the
state a call leaves behind) is one small helper each, inlined into every loop by numba
(``inline="always"``), so the loops cost what they cost when these lines were copied into
each. The knight's loops and the queens' share them, so they live in this one file: numba's
cache is checked against a kernel's own file only, and a helper changed in another file would
leave stale machine code behind.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# Statuses returned by the kernels.
RUNNING, SOLVED, EXHAUSTED, STUCK, SOLUTIONS_FULL = 0, 1, 2, 3, 4
# Slots of the ``st`` state array.
DEPTH, MOVES, BACKTRACKS, PEAK, LOW, NEXT, RINGN, EVENTS = 0, 1, 2, 3, 4, 5, 6, 7
STATE_SLOTS = 8
RING = 8
#: Boards up to this many squares have the bit-board kernel (one 64-bit word).
BITS_MAX = 64

# -- what every loop shares ------------------------------------------------------------


@njit(cache=True, nogil=True, inline="always")
def _write(out, k, emit, x):
    """Event ``x`` into slot k when events are wanted. (The caller moves k on: helpers
    that return an updated counter measured up to twice as slow in the plain loops.)"""
    if emit:
        out[k] = x


@njit(cache=True, nogil=True, inline="always")
def _write_dead_end(out, k, emit, t):
    """Onto t and straight back off it (two events, slots k and k + 1): a target with
    nowhere to go."""
    if emit:
        out[k] = t
        out[k + 1] = ~t


@njit(cache=True, nogil=True, inline="always")
def _remember(ring, ringn, sq):
    """``sq`` was backtracked: into the ring of the last eight, at count ``ringn`` (the
    caller counts it)."""
    ring[ringn & 7] = sq


@njit(cache=True, nogil=True, inline="always")
def _closes(nb8, t, start, closed):
    """A path covering the board that ends on t is a tour (closed: t a move from start)."""
    adjacent = False
    for j in range(8):
        if nb8[t * 8 + j] == start:
            adjacent = True
    return not closed or adjacent


@njit(cache=True, nogil=True, inline="always")
def _save(st, d, peak, low, ringn, k, moves, backs):
    """What a call leaves for the next and for its caller: depth, deepest level (now
    included), the lowest level it touched, squares in the ring, events made, counts."""
    st[MOVES] += moves
    st[BACKTRACKS] += backs
    st[DEPTH] = d
    st[PEAK] = max(peak, d)
    st[LOW] = low
    st[RINGN] = ringn
    st[EVENTS] = k


# -- plain: fixed order ----------------------------------------------------------------


@njit(cache=True, nogil=True, inline="always")
def free_mask(nb8, visited, t):
    """Bit i set when the i-th target of t is unvisited: eight loads, no branches."""
    b = t * 8
    return (
        (visited[nb8[b]] ^ 1)
        | ((visited[nb8[b + 1]] ^ 1) << 1)
        | ((visited[nb8[b + 2]] ^ 1) << 2)
        | ((visited[nb8[b + 3]] ^ 1) << 3)
        | ((visited[nb8[b + 4]] ^ 1) << 4)
        | ((visited[nb8[b + 5]] ^ 1) << 5)
        | ((visited[nb8[b + 6]] ^ 1) << 6)
        | ((visited[nb8[b + 7]] ^ 1) << 7)
    )


@njit(cache=True, nogil=True)
def _row_length(nb8, sq, n):
    k = 0
    while k < 8 and nb8[sq * 8 + k] != n:
        k += 1
    return k


@njit(cache=True, nogil=True)
def plain_run(
    nb8, low, visited, path, cur, avail, st, out, budget, emit, closed, backtracking, ring, goal
):
    """Classic order. ``avail[d]``: the targets of path[d] still to try, as a bit mask over
    its row (the unvisited ones when the level was entered: they stay unvisited whenever the
    search is back at that level); ``cur[d]``: how many of the row have been looked at.
    ``goal``: the squares a tour visits (the board less its holes, which no row holds).

    A target with no free square beyond it (a dead end) is a move and a backtrack in one
    iteration, without touching the state: most of the tree's leaves are such.
    """
    n = visited.shape[0] - 1
    start = path[0]
    d = st[DEPTH]
    peak = st[PEAK]
    low_d = d
    moves = 0
    backs = 0
    ringn = 0
    k = 0
    status = RUNNING
    a = avail[d]
    sq = path[d]
    while k < budget:
        if a != 0:
            i = low[a]
            t = nb8[sq * 8 + i]
            g = free_mask(nb8, visited, t)
            if g == 0 and d + 2 < goal and backtracking and k + 2 <= budget:
                a &= a - 1  # a dead end: onto t and straight back
                cur[d] = i + 1
                _write_dead_end(out, k, emit, t)
                k += 2
                moves += 1
                backs += 1
                if d + 1 > peak:
                    peak = d + 1
                _remember(ring, ringn, t)
                ringn += 1
                continue
            a &= a - 1
            cur[d] = i + 1
            avail[d] = a
            visited[t] = 1
            d += 1
            path[d] = t
            cur[d] = 0
            sq = t
            a = g
            _write(out, k, emit, t)
            k += 1
            moves += 1
            if d == goal - 1 and _closes(nb8, t, start, closed):
                status = SOLVED
                break
        else:
            if d == 0 or not backtracking:
                cur[d] = _row_length(nb8, sq, n)
                status = EXHAUSTED if d == 0 else STUCK
                break
            if d > peak:
                peak = d
            visited[sq] = 0
            _write(out, k, emit, ~sq)
            k += 1
            backs += 1
            _remember(ring, ringn, sq)
            ringn += 1
            d -= 1
            if d < low_d:
                low_d = d
            sq = path[d]
            a = avail[d]
    avail[d] = a
    _save(st, d, peak, low_d, ringn, k, moves, backs)
    return status


# -- plain on boards of up to 64 squares: the visited set as one 64-bit word -------------
#
# The same search as ``plain_run``, in bulk where the outcome is known: besides a dead end
# (a target with no free square beyond it), a target all of whose free targets are dead
# ends (a "two-level" subtree: onto t, onto and back off each of its free targets in table
# order, back off t) is taken in one iteration when it fits in the budget. Which targets
# are such is read off ``crowded``, the board of squares with at least two free neighbours,
# computed once per level with eight shifts. The cursors and the recent backtracks
# are not kept up to date in the loop: both are rebuilt when a call ends. (Compiling the
# loop twice, with and without event writes, measured no faster and took longer to build.)


@njit(cache=True, nogil=True)
def _bits_mask(nb8, valid, free, t):
    """Bit i set when the i-th target of t is in ``free`` (a sentinel, n <= 64, is shifted
    by n & 63 and masked off by ``valid``)."""
    b = t * 8
    one = np.uint64(1)
    m = np.uint64(63)
    return (
        np.int64(
            ((free >> (np.uint64(nb8[b]) & m)) & one)
            | (((free >> (np.uint64(nb8[b + 1]) & m)) & one) << np.uint64(1))
            | (((free >> (np.uint64(nb8[b + 2]) & m)) & one) << np.uint64(2))
            | (((free >> (np.uint64(nb8[b + 3]) & m)) & one) << np.uint64(3))
            | (((free >> (np.uint64(nb8[b + 4]) & m)) & one) << np.uint64(4))
            | (((free >> (np.uint64(nb8[b + 5]) & m)) & one) << np.uint64(5))
            | (((free >> (np.uint64(nb8[b + 6]) & m)) & one) << np.uint64(6))
            | (((free >> (np.uint64(nb8[b + 7]) & m)) & one) << np.uint64(7))
        )
        & valid[t]
    )


@njit(cache=True, nogil=True)
def _crowded(f, m0, m1, m2, m3, m4, m5, m6, m7, s0, s1, s2, s3, s4, s5, s6, s7):
    """Squares with at least two neighbours in ``f`` (a knight step shifts the board)."""
    b0 = (f & m0) << s0
    b1 = (f & m1) << s1
    b2 = (f & m2) << s2
    b3 = (f & m3) << s3
    b4 = (f & m4) >> s4
    b5 = (f & m5) >> s5
    b6 = (f & m6) >> s6
    b7 = (f & m7) >> s7
    two = b0 & b1
    one = b0 | b1
    two |= one & b2
    one |= b2
    two |= one & b3
    one |= b3
    two |= one & b4
    one |= b4
    two |= one & b5
    one |= b5
    two |= one & b6
    one |= b6
    two |= one & b7
    return two


@njit(cache=True, nogil=True)
def plain_bits_run(
    nb8,
    low,
    valid,
    dirs,
    attacks,
    path,
    cur,
    avail,
    twos,
    st,
    out,
    budget,
    emit,
    closed,
    backtracking,
    ring,
    board,
    goal,
):
    """``plain_run`` for boards of at most 64 squares (``BITS_MAX``), from the same state
    but ``twos`` (per level, the ``crowded`` board) instead of a visited array; ``board``
    the squares that are not holes, ``goal`` how many."""
    n = path.shape[0] - 1
    start = path[0]
    d = st[DEPTH]
    one = np.uint64(1)
    free = board  # the board, then less the path
    for j in range(d + 1):
        free &= ~(one << np.uint64(path[j]))
    m0, m1, m2, m3, m4, m5, m6, m7 = (
        dirs[0],
        dirs[1],
        dirs[2],
        dirs[3],
        dirs[4],
        dirs[5],
        dirs[6],
        dirs[7],
    )
    s0, s1, s2, s3, s4, s5, s6, s7 = (
        dirs[8],
        dirs[9],
        dirs[10],
        dirs[11],
        dirs[12],
        dirs[13],
        dirs[14],
        dirs[15],
    )
    crowded = _crowded(free, m0, m1, m2, m3, m4, m5, m6, m7, s0, s1, s2, s3, s4, s5, s6, s7)
    peak = st[PEAK]
    low_d = d
    moves = 0
    backs = 0
    # Backtracks, newest last, one entry per iteration: a square x (x backtracked), or ~t
    # with the free board of the moment (a two-level subtree: its targets, then t).
    # This loop writes its events and groups in place, without ``_write``, ``_remember``
    # or ``_closes``: through them it measured 2 to 3 % slower (20 % through _remember).
    groups = np.empty(RING, np.int64)
    boards = np.empty(RING, np.uint64)
    ngroups = 0
    k = 0
    status = RUNNING
    a = avail[d]
    sq = path[d]
    while k < budget:
        if a != 0:
            i = low[a]
            t = nb8[sq * 8 + i]
            a &= a - 1
            beyond = attacks[t] & free
            if (beyond & crowded) == 0 and d + 3 < goal and backtracking:
                if beyond == 0:
                    if k + 2 <= budget:  # a dead end: onto t and straight back
                        if emit:
                            out[k] = t
                            out[k + 1] = ~t
                        k += 2
                        moves += 1
                        backs += 1
                        if d + 1 > peak:
                            peak = d + 1
                        groups[ngroups & 7] = t
                        ngroups += 1
                        continue
                else:
                    p = 0  # every free target of t is a dead end once t is visited
                    x = beyond
                    while x:
                        p += 1
                        x &= x - one
                    if k + 2 + 2 * p <= budget:
                        if emit:
                            out[k] = t
                            k += 1
                            g = _bits_mask(nb8, valid, free, t)
                            while g:
                                u = nb8[t * 8 + low[g]]
                                g &= g - 1
                                out[k] = u
                                out[k + 1] = ~u
                                k += 2
                            out[k] = ~t
                            k += 1
                        else:
                            k += 2 + 2 * p
                        moves += 1 + p
                        backs += 1 + p
                        if d + 2 > peak:
                            peak = d + 2
                        groups[ngroups & 7] = ~t
                        boards[ngroups & 7] = free
                        ngroups += 1
                        continue
            g = _bits_mask(nb8, valid, free, t)
            if g == 0 and d + 2 < goal and backtracking and k + 2 <= budget:
                if emit:
                    out[k] = t
                    out[k + 1] = ~t
                k += 2
                moves += 1
                backs += 1
                if d + 1 > peak:
                    peak = d + 1
                groups[ngroups & 7] = t
                ngroups += 1
                continue
            avail[d] = a
            twos[d] = crowded
            free &= ~(one << np.uint64(t))
            crowded = _crowded(free, m0, m1, m2, m3, m4, m5, m6, m7, s0, s1, s2, s3, s4, s5, s6, s7)
            d += 1
            path[d] = t
            sq = t
            a = g
            if emit:
                out[k] = t
            k += 1
            moves += 1
            if d == goal - 1:
                adjacent = False
                for j in range(8):
                    if nb8[t * 8 + j] == start:
                        adjacent = True
                if not closed or adjacent:
                    status = SOLVED
                    break
        else:
            if d == 0 or not backtracking:
                status = EXHAUSTED if d == 0 else STUCK
                break
            if d > peak:
                peak = d
            free |= one << np.uint64(sq)
            if emit:
                out[k] = ~sq
            k += 1
            backs += 1
            groups[ngroups & 7] = sq
            ngroups += 1
            d -= 1
            if d < low_d:
                low_d = d
            sq = path[d]
            a = avail[d]
            crowded = twos[d]
    avail[d] = a
    # Cursors: below the top, one past the target being explored; at the top, one past
    # the last target tried (the highest of those no longer available), or the row's end.
    for j in range(low_d, d):
        here = path[j] * 8
        nxt = path[j + 1]
        for i in range(8):
            if nb8[here + i] == nxt:
                cur[j] = i + 1
    if status == EXHAUSTED or status == STUCK:
        cur[d] = _row_length(nb8, sq, n)
    else:
        tried = _bits_mask(nb8, valid, free, sq) & ~a
        c = 0
        while tried:
            c += 1
            tried >>= 1
        cur[d] = c
    # The last (up to RING) squares backtracked, oldest first, unpacked from the groups.
    m = min(backs, RING)
    j = m
    gi = ngroups - 1
    while j > 0:
        e = groups[gi & 7]
        j -= 1
        if e >= 0:
            ring[j] = e
        else:
            t = ~e
            ring[j] = t
            g = _bits_mask(nb8, valid, boards[gi & 7], t)
            i = 7
            while g and j > 0:  # its targets, last first
                if (g >> i) & 1:
                    j -= 1
                    ring[j] = nb8[t * 8 + i]
                    g &= ~(1 << i)
                i -= 1
        gi -= 1
    _save(st, d, peak, low_d, m, k, moves, backs)
    return status


# -- Warnsdorff: keyed by onward degree ------------------------------------------------


@njit(cache=True, nogil=True)
def _kth_candidate(nb, off, key, vis, sq, k):
    """The k-th unvisited neighbour of sq by (key, table order), or -1."""
    cand = np.empty(8, np.int64)
    keys = np.empty(8, np.int64)
    m = 0
    for j in range(off[sq], off[sq + 1]):
        u = nb[j]
        ku = key[u]
        if ku < vis:
            i = m
            while i > 0 and keys[i - 1] > ku:  # stable: equal keys keep table order
                keys[i] = keys[i - 1]
                cand[i] = cand[i - 1]
                i -= 1
            keys[i] = ku
            cand[i] = u
            m += 1
    if k < m:
        return cand[k]
    return -1


@njit(cache=True, nogil=True)
def guided_run(
    nb,
    off,
    key,
    path,
    tried,
    near_start,
    st,
    out,
    budget,
    emit,
    closed,
    backtracking,
    scale,
    start_dead,
    ring,
    goal,
):
    """Warnsdorff: ``tried[d]`` = how many of path[d]'s ordered candidates were taken;
    ``goal`` the squares a tour visits."""
    vis = 16 * scale
    start = path[0]
    d = st[DEPTH]
    nxt = st[NEXT]
    peak = st[PEAK]
    low = d
    moves = 0
    backs = 0
    ringn = 0
    k = 0
    status = RUNNING
    while k < budget:
        t = tried[d]
        if t == 0:
            best = nxt
        else:
            best = _kth_candidate(nb, off, key, vis, path[d], t)
        if best >= 0:
            tried[d] = t + 1
            key[best] += vis
            nxt = -1
            best_key = vis
            for j in range(off[best], off[best + 1]):
                u = nb[j]
                ku = key[u] - scale
                key[u] = ku
                if ku < best_key:
                    nxt = u
                    best_key = ku
            d += 1
            path[d] = best
            tried[d] = 0
            _write(out, k, emit, best)
            k += 1
            moves += 1
            if d == goal - 1:
                if not closed or near_start[best]:
                    status = SOLVED
                    break
                nxt = -1  # a full path that does not close: back off
            elif closed and near_start[best] and key[start] < start_dead:
                nxt = -1  # the start has no way back left: back off
            continue
        sq = path[d]
        if d == 0:
            status = EXHAUSTED
            break
        if not backtracking:
            status = STUCK
            break
        if d > peak:
            peak = d
        d -= 1
        if d < low:
            low = d
        key[sq] -= vis
        for j in range(off[sq], off[sq + 1]):
            key[nb[j]] += scale
        _write(out, k, emit, ~sq)
        k += 1
        backs += 1
        _remember(ring, ringn, sq)
        ringn += 1
    st[NEXT] = nxt
    _save(st, d, peak, low, ringn, k, moves, backs)
    return status


# -- N-Queens --------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def queens_run(placed, cursor, files, up, down, st, out, budget, emit, first, sols, ring):
    """Rank by rank from the bottom; ``cursor[k]`` = next file to try on the k-th rank.

    ``st[DEPTH]`` is the number of queens placed. Each solution is copied into ``sols``
    (one row each; ``st[NEXT]`` counts them); the kernel returns SOLUTIONS_FULL when that
    buffer is full so the caller can hand them on.
    """
    n = files.shape[0]
    d = st[DEPTH]
    peak = st[PEAK]
    low = d
    moves = 0
    backs = 0
    nsol = 0
    cap = sols.shape[0]
    ringn = 0
    k = 0
    status = RUNNING
    while k < budget:
        if d < n:
            row = n - 1 - d
            col = cursor[d]
            while col < n and (files[col] or up[row + col] or down[row - col + n]):
                col += 1
            if col < n:
                cursor[d] = col + 1
                files[col] = 1
                up[row + col] = 1
                down[row - col + n] = 1
                sq = row * n + col
                placed[d] = sq
                d += 1
                cursor[d] = 0
                _write(out, k, emit, sq)
                k += 1
                moves += 1
                if d == n:
                    for i in range(n):
                        sols[nsol, i] = placed[i]
                    nsol += 1
                    if first:
                        status = SOLVED
                        break
                    if nsol == cap:
                        status = SOLUTIONS_FULL
                        break
                continue
            if d == 0:
                status = EXHAUSTED  # the caller tells solved-all from none by its count
                break
        if d > peak:
            peak = d
        d -= 1
        if d < low:
            low = d
        sq = placed[d]
        row = sq // n
        col = sq - row * n
        files[col] = 0
        up[row + col] = 0
        down[row - col + n] = 0
        _write(out, k, emit, ~sq)
        k += 1
        backs += 1
        _remember(ring, ringn, sq)
        ringn += 1
    st[NEXT] = nsol
    _save(st, d, peak, low, ringn, k, moves, backs)
    return status
