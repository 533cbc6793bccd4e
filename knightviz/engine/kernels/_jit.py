"""The compiled hot loops (numba), one per search, mirroring the pure-Python reference.

Every kernel works on flat numpy arrays owned by one search object and a small int64
``st`` array of scalars (depth, counts, ...), so a call resumes exactly where the last one
stopped. A kernel runs at most ``budget`` events; with ``emit`` it writes them into ``out``
(same encoding as the Python engine: ``x`` move onto x, ``~x`` backtrack off x). Squares
backtracked are also written into the 8-slot ring ``ring`` (for the board's flashes when no
events are delivered). Each kernel returns a status: RUNNING (budget spent), or why it ended.

Structure kept simple on purpose: one loop per search, one branch per event kind, so that a
``trace`` flag (events for candidates examined and rejected) can later be added the same way
as ``emit``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

# Statuses returned by the kernels.
RUNNING, SOLVED, EXHAUSTED, STUCK, SOLUTIONS_FULL = 0, 1, 2, 3, 4
# Slots of the ``st`` state array.
DEPTH, MOVES, BACKTRACKS, PEAK, LOW, NEXT, RINGN, EVENTS = 0, 1, 2, 3, 4, 5, 6, 7
STATE_SLOTS = 8
RING = 8

# -- board tables ----------------------------------------------------------------------


@njit(cache=True, nogil=True)
def neighbour_csr(rows, cols, dr, dc):
    """Knight targets of every square in the order (dr, dc), as flat CSR arrays."""
    n = rows * cols
    off = np.empty(n + 1, np.int32)
    nb = np.empty(n * len(dr), np.int32)
    k = 0
    for sq in range(n):
        off[sq] = k
        r = sq // cols
        c = sq - r * cols
        for i in range(len(dr)):
            rr = r + dr[i]
            cc = c + dc[i]
            if 0 <= rr < rows and 0 <= cc < cols:
                nb[k] = rr * cols + cc
                k += 1
    off[n] = k
    return nb[:k].copy(), off


@njit(cache=True, nogil=True)
def roth_ranks(rows, cols):
    """Rank (lower wins) = farthest from the centre first; and the scale above every rank."""
    n = rows * cols
    dist = np.empty(n, np.int64)
    far = 0
    for r in range(rows):
        dr = (2 * r - (rows - 1)) ** 2
        for c in range(cols):
            d = dr + (2 * c - (cols - 1)) ** 2
            dist[r * cols + c] = d
            if d > far:
                far = d
    for i in range(n):
        dist[i] = far - dist[i]
    return dist, far + 1


@njit(cache=True, nogil=True)
def guided_keys(nb, off, ranks, scale, start):
    """Initial keys (degree × scale + rank, start marked visited) and the first pick."""
    n = off.shape[0] - 1
    vis = 16 * scale
    key = np.empty(n, np.int64)
    for u in range(n):
        key[u] = (off[u + 1] - off[u]) * scale + ranks[u]
    key[start] += vis
    best = -1
    best_key = vis
    for j in range(off[start], off[start + 1]):
        u = nb[j]
        k = key[u] - scale
        key[u] = k
        if k < best_key:
            best = u
            best_key = k
    return key, best


@njit(cache=True, nogil=True)
def _adjacent(nb, off, a, b):
    for j in range(off[a], off[a + 1]):
        if nb[j] == b:
            return True
    return False


# -- plain: fixed order ----------------------------------------------------------------


def lowest_bit_table() -> npt.NDArray[np.int32]:
    """Index of the lowest set bit of every byte (0 for 0)."""
    table = np.zeros(256, np.int32)
    for m in range(1, 256):
        table[m] = (m & -m).bit_length() - 1
    return table


@njit(cache=True, nogil=True)
def padded_rows(nb, off, n):
    """Eight targets per square in table order, padded with the sentinel square ``n``
    (always "visited"); a row for the sentinel itself too, so any gather is in bounds."""
    nb8 = np.full((n + 1) * 8, n, np.int32)
    for sq in range(n):
        for j in range(off[sq], off[sq + 1]):
            nb8[sq * 8 + j - off[sq]] = nb[j]
    return nb8


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
                if emit:
                    out[k] = t
                    out[k + 1] = ~t
                k += 2
                moves += 1
                backs += 1
                if d + 1 > peak:
                    peak = d + 1
                ring[ringn & 7] = t
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
                cur[d] = _row_length(nb8, sq, n)
                status = EXHAUSTED if d == 0 else STUCK
                break
            if d > peak:
                peak = d
            visited[sq] = 0
            if emit:
                out[k] = ~sq
            k += 1
            backs += 1
            ring[ringn & 7] = sq
            ringn += 1
            d -= 1
            if d < low_d:
                low_d = d
            sq = path[d]
            a = avail[d]
    avail[d] = a
    if d > peak:
        peak = d
    st[MOVES] += moves
    st[BACKTRACKS] += backs
    st[DEPTH] = d
    st[PEAK] = peak
    st[LOW] = low_d
    st[RINGN] = ringn
    st[EVENTS] = k
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

BITS_MAX = 64


@njit(cache=True, nogil=True)
def bit_tables(nb8, rows, cols, drs, dcs):
    """Tables of ``plain_bits_run`` for a board of n = rows × cols <= 64 squares.

    ``valid``: per square, the bit mask of its real targets (its row in nb8 less the
    sentinels); ``dirs``: the eight leaper shifts of a whole board (source masks, four
    shifting up then four down, and their amounts), from ``drs``/``dcs`` (four moves down
    the board then four up; (0, 0) for none); ``attacks``: per square, the board of its
    targets (holes left to the free mask).
    """
    n = rows * cols
    valid = np.zeros(n + 1, np.int64)
    for sq in range(n):
        for i in range(8):
            if nb8[sq * 8 + i] != n:
                valid[sq] |= 1 << i
    dirs = np.zeros(16, np.uint64)
    attacks = np.zeros(n, np.uint64)
    for k in range(8):
        dr = drs[k]
        dc = dcs[k]
        if dr == 0 and dc == 0:
            continue
        mask = np.uint64(0)
        for r in range(rows):
            for c in range(cols):
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    sq = r * cols + c
                    mask |= np.uint64(1) << np.uint64(sq)
                    attacks[sq] |= np.uint64(1) << np.uint64(sq + dr * cols + dc)
        if mask != 0:  # a real move shifts by 1..63 (up for k < 4, down for k >= 4)
            dirs[k] = mask
            dirs[8 + k] = abs(dr * cols + dc)
    return valid, dirs, attacks


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
    if d > peak:
        peak = d
    st[MOVES] += moves
    st[BACKTRACKS] += backs
    st[DEPTH] = d
    st[PEAK] = peak
    st[LOW] = low_d
    st[RINGN] = m
    st[EVENTS] = k
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
            if emit:
                out[k] = best
            k += 1
            st[MOVES] += 1
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
        if emit:
            out[k] = ~sq
        k += 1
        st[BACKTRACKS] += 1
        ring[ringn & 7] = sq
        ringn += 1
    if d > peak:
        peak = d
    st[DEPTH] = d
    st[NEXT] = nxt
    st[PEAK] = peak
    st[LOW] = low
    st[RINGN] = ringn
    st[EVENTS] = k
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
                if emit:
                    out[k] = sq
                k += 1
                st[MOVES] += 1
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
        if emit:
            out[k] = ~sq
        k += 1
        st[BACKTRACKS] += 1
        ring[ringn & 7] = sq
        ringn += 1
    if d > peak:
        peak = d
    st[DEPTH] = d
    st[PEAK] = peak
    st[LOW] = low
    st[RINGN] = ringn
    st[EVENTS] = k
    st[NEXT] = nsol
    return status


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


# -- random tie-break: Python's own Mersenne Twister shuffle -----------------------------


@njit(cache=True, nogil=True)
def _genrand(mt, pos):
    """One 32-bit output of MT19937 from state ``mt`` (624 words) at index pos[0]."""
    if pos[0] >= 624:
        for i in range(624):
            y = (mt[i] & 0x80000000) | (mt[(i + 1) % 624] & 0x7FFFFFFF)
            v = mt[(i + 397) % 624] ^ (y >> 1)
            if y & 1:
                v ^= 0x9908B0DF
            mt[i] = v
        pos[0] = 0
    y = mt[pos[0]]
    pos[0] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@njit(cache=True, nogil=True)
def shuffled_ranks(n, mt, pos):
    """rank[square] = position in ``random.Random(seed).shuffle(list(range(n)))``.

    ``mt``/``pos`` are that generator's state (``getstate()``): the same shuffle as
    Python's (``_randbelow`` by rejection on ``getrandbits(k)``), at compiled speed.
    """
    order = np.arange(n)
    for i in range(n - 1, 0, -1):
        m = i + 1
        bits = 0
        while (m >> bits) > 0:
            bits += 1
        r = _genrand(mt, pos) >> (32 - bits)
        while r >= m:
            r = _genrand(mt, pos) >> (32 - bits)
        j = r
        tmp = order[i]
        order[i] = order[j]
        order[j] = tmp
    rank = np.empty(n, np.int64)
    for p in range(n):
        rank[order[p]] = p
    return rank


@njit(cache=True, nogil=True)
def positions(path, depth, n):
    """pos[square] = index in path[: depth + 1], or -1."""
    pos = np.full(n, -1, np.int32)
    for i in range(depth + 1):
        pos[path[i]] = i
    return pos
