"""The compiled Sudoku loops (numba): the search of ``SudokuSearch`` and the fast counter.

Imported only once the compiled backend is chosen (``compiled`` and ``count`` import it).
Candidates are bit masks (bit ``d - 1`` for digit d): one word per row, column and box in
``masks`` (rows, then columns, then boxes), a cell's three units in ``unit``. The search
kernel resumes from its arrays like the engine's other kernels (``kernels/_search.py``):
``st`` holds its scalars in the same slots, so ``kernels.compiled.Compiled`` reads a call's
end the same way, and it writes the same events as the pure-Python search: ``x`` places
digit ``x // N² + 1`` in cell ``x % N²``, ``~x`` removes it.

Its own state, per level d (the d-th placement on the path): ``cell[d]`` the cell the level
fills (-1 when there is none: a solution, or a contradiction of the forced fills), ``avail[d]``
the digits still to try there, ``path[d]`` the placement made, ``tmark[d]`` how many forced
fills the ``trail`` held before that placement (a removal undoes the fills above it).

Everything lives in this one file: numba's cache is checked against a kernel's own file.
The loops share their small steps through ``inline="always"`` helpers (compiled into each
loop, at no cost measured); two pieces stay written out in each loop because as helpers
they measured MRV's loop slower (``benchmarks/sudoku_speed.py``): the counts written into
``st`` at the end (8 %) and a removal's event and ring entry (10 %).
"""

from __future__ import annotations

import numpy as np
from numba import njit

# Statuses and ``st`` slots: the values of ``knightviz/engine/kernels/_search.py`` (checked
# by ``compiled``), repeated here so that this file's cache depends on this file alone.
RUNNING, SOLVED, EXHAUSTED, SOLUTIONS_FULL = 0, 1, 2, 4
DEPTH, MOVES, BACKTRACKS, PEAK, LOW, NEXT, RINGN, EVENTS = 0, 1, 2, 3, 4, 5, 6, 7
#: Sudoku's own slots: forced fills made so far, and the trail's length.
FORCED, TRAIL = 8, 9
STATE_SLOTS = 10
RING = 8


def lowest_bits() -> np.ndarray:
    """Per 16-bit mask, the index of its lowest set bit (-1 for 0): a digit from its bit."""
    masks = np.arange(1 << 16, dtype=np.int64)
    low = np.full(1 << 16, -1, np.int8)
    for b in range(15, -1, -1):
        low[((masks >> b) & 1) == 1] = b
    return low


@njit(cache=True, nogil=True, inline="always")
def _popcount(x):
    """Bits set in x, by the usual bit-parallel sums: LLVM turns them into one popcnt
    instruction (measured 20 % faster than a table in the MRV loop)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@njit(cache=True, nogil=True, inline="always")
def _cands(unit, masks, full, c):
    b = 3 * c
    return full & ~(masks[unit[b]] | masks[unit[b + 1]] | masks[unit[b + 2]])


@njit(cache=True, nogil=True, inline="always")
def _put(unit, masks, c, bit):
    b = 3 * c
    masks[unit[b]] |= bit
    masks[unit[b + 1]] |= bit
    masks[unit[b + 2]] |= bit


@njit(cache=True, nogil=True, inline="always")
def _take(unit, masks, c, bit):
    b = 3 * c
    masks[unit[b]] &= ~bit
    masks[unit[b + 1]] &= ~bit
    masks[unit[b + 2]] &= ~bit


@njit(cache=True, nogil=True, inline="always")
def _store(sols, nsol, path, d):
    """A solution (the first d placements of ``path``) into row ``nsol`` of ``sols``, its
    length in the last column."""
    for j in range(d):
        sols[nsol, j] = path[j]
    sols[nsol, sols.shape[1] - 1] = d


@njit(cache=True, nogil=True, inline="always")
def _after_solution(nsol, cap, first):
    """The status once a call has stored ``nsol`` solutions: the loop stops on the first
    one wanted or a full buffer, else runs on."""
    if first:
        return SOLVED
    if nsol == cap:
        return SOLUTIONS_FULL
    return RUNNING


@njit(cache=True, nogil=True, inline="always")
def _back(d, peak, low_d, one):
    """One level down for a removal: the depth, the peak (a backtrack's depth is a local
    maximum) and the lowest depth of the call."""
    if d > peak:
        peak = d
    d -= one
    if d < low_d:
        low_d = d
    return d, peak, low_d


@njit(cache=True, nogil=True)
def propagate(unit, low, grid, masks, trail, t, full, nn):
    """Naked singles, the shared rule: sweep the blank cells in reading order, fill the first
    with one candidate and sweep again from the start, until a sweep fills nothing. Fills
    go onto ``trail`` from index t; returns (its new length, the first blank cell found with no
    candidate, a contradiction that ends the sweeps, or ``nn`` when there is none)."""
    c = np.uint64(0)
    one = np.uint64(1)
    while c < nn:
        if grid[c] == 0:
            m = _cands(unit, masks, full, c)
            if m == 0:
                return t, c
            if m & (m - 1) == 0:
                grid[c] = np.int64(low[m]) + 1
                _put(unit, masks, c, m)
                trail[t] = c
                t += one
                c = np.uint64(0)
                continue
        c += one
    return t, np.uint64(nn)


@njit(cache=True, nogil=True)
def search_run(
    unit,
    low,
    blank,
    grid,
    masks,
    cell,
    pos,
    avail,
    cand,
    path,
    trail,
    tmark,
    st,
    out,
    budget,
    emit,
    n,
    mrv,
    singles,
    first,
    sols,
    ring,
):
    """The search from its arrays, up to ``budget`` events (written to ``out`` with
    ``emit``). ``blank``: the problem's blank cells in reading order; ``pos[d]``: the index
    in ``blank`` of ``cell[d]`` (plain goes on from there); ``cell[d] == n * n`` when level
    d has no cell. Solutions (the path's placements) go into the rows of ``sols``;
    ``st[NEXT]`` counts this call's, the last column of a row its length. ``cand[d]``: the
    digits level d had when it was entered (``avail[d]`` those still to try). Depths and
    cells are unsigned: numba checks a signed index for a negative value on every access."""
    nn = n * n
    none = np.uint64(nn)
    one = np.uint64(1)
    full = (1 << n) - 1
    nb = np.uint64(blank.shape[0])
    cap = sols.shape[0]
    d = np.uint64(st[DEPTH])
    peak = np.uint64(st[PEAK])
    t = np.uint64(st[TRAIL])
    forced = np.int64(0)
    low_d = d
    moves = 0
    backs = 0
    nsol = 0
    ringn = 0
    k = 0
    status = RUNNING
    while k < budget:
        a = avail[d]
        if a != 0:
            i = np.int64(low[a])
            bit = np.int64(1) << i
            avail[d] = a ^ bit
            c = cell[d]
            grid[c] = i + 1
            _put(unit, masks, c, bit)
            x = i * nn + np.int64(c)
            path[d] = x
            tmark[d] = t
            if emit:
                out[k] = x
            k += 1
            moves += 1
            start = pos[d] + one
            d += one
            if singles:
                before = t
                t, bad = propagate(unit, low, grid, masks, trail, t, full, nn)
                forced += np.int64(t - before)
                if bad != none:
                    cell[d] = bad  # a contradiction: the placement comes off next
                    avail[d] = 0
                    cand[d] = 0
                    continue
            # The next level's cell and digits.
            best = nb
            bm = 0
            if mrv:
                fewest = 99
                for j in range(nb):
                    e = blank[j]
                    if grid[e] == 0:
                        m = _cands(unit, masks, full, e)
                        p = _popcount(m)
                        if p < fewest:
                            fewest = p
                            best = np.uint64(j)
                            bm = m
                            if p == 0:
                                break
            else:
                j = start
                while j < nb and grid[blank[j]] != 0:
                    j += one
                if j < nb:
                    best = j
                    bm = _cands(unit, masks, full, blank[j])
            if best < nb:
                cell[d] = blank[best]
                pos[d] = best
                avail[d] = bm
                cand[d] = bm
                continue
            cell[d] = none  # no blank left: a solution
            avail[d] = 0
            cand[d] = 0
            _store(sols, nsol, path, d)
            nsol += 1
            status = _after_solution(nsol, cap, first)
            if status != RUNNING:
                break
        else:
            if d == 0:
                status = EXHAUSTED
                break
            d, peak, low_d = _back(d, peak, low_d, one)
            tm = tmark[d]
            while t > tm:
                t -= one
                e = trail[t]
                _take(unit, masks, e, np.int64(1) << (np.int64(grid[e]) - 1))
                grid[e] = 0
            x = path[d]
            c = cell[d]
            _take(unit, masks, c, np.int64(1) << (np.int64(x) // nn))
            grid[c] = 0
            if emit:
                out[k] = ~x
            k += 1
            backs += 1
            ring[ringn & 7] = x
            ringn += 1
    st[MOVES] += moves
    st[BACKTRACKS] += backs
    st[DEPTH] = d
    st[PEAK] = max(peak, d)
    st[LOW] = low_d
    st[NEXT] = nsol
    st[RINGN] = ringn
    st[EVENTS] = k
    st[FORCED] += forced
    st[TRAIL] = t
    return status


# -- plain without forced fills: level d fills the d-th blank cell --------------------------


@njit(cache=True, nogil=True)
def plain_run(u3, blank, low, masks, lv, path, st, out, budget, emit, n, first, sols, ring):
    """Plain order with no forced fills, where level d always fills ``blank[d]``: the
    loop of ``search_run`` less the choice of cell. Per level d, ``u3[3d:3d+3]`` the units
    of ``blank[d]`` (indexes into ``masks``), ``lv[2d]`` the digits still to try and
    ``lv[2d+1]`` the bit of the digit placed (two arrays, not five: fewer pointers in the
    loop measured a fifth faster). The path and the grid are not written in the loop: the
    path is rebuilt from the placed bits when the call ends (from the lowest level it
    touched), and backtracks go into ``ring`` as ``level << 16 | bit``."""
    nn = n * n
    one = np.uint64(1)
    two = np.uint64(2)
    three = np.uint64(3)
    full = (1 << n) - 1
    nb = np.uint64(blank.shape[0])
    cap = sols.shape[0]
    d = np.uint64(st[DEPTH])
    peak = np.uint64(st[PEAK])
    low_d = d
    backs = 0
    nsol = 0
    k = 0
    status = RUNNING
    while k < budget:
        a = lv[two * d]
        if a != 0:
            bit = a & -a
            lv[two * d] = a ^ bit
            b = three * d
            masks[u3[b]] |= bit
            masks[u3[b + one]] |= bit
            masks[u3[b + two]] |= bit
            lv[two * d + one] = bit
            if emit:
                out[k] = np.int64(low[bit]) * nn + blank[d]
            k += 1
            d += one
            if d < nb:
                b = three * d
                lv[two * d] = full & ~(masks[u3[b]] | masks[u3[b + one]] | masks[u3[b + two]])
                continue
            lv[two * d] = 0  # every cell filled: a solution
            for j in range(d):
                sols[nsol, j] = np.int64(low[lv[two * j + one]]) * nn + blank[j]
            sols[nsol, sols.shape[1] - 1] = d
            nsol += 1
            status = _after_solution(nsol, cap, first)
            if status != RUNNING:
                break
        else:
            if d == 0:
                status = EXHAUSTED
                break
            d, peak, low_d = _back(d, peak, low_d, one)
            bit = lv[two * d + one]
            b = three * d
            masks[u3[b]] &= ~bit
            masks[u3[b + one]] &= ~bit
            masks[u3[b + two]] &= ~bit
            if emit:
                out[k] = ~(np.int64(low[bit]) * nn + blank[d])
            k += 1
            ring[backs & 7] = np.int64(d << np.uint64(16)) | bit
            backs += 1
    for j in range(low_d, d):
        path[j] = np.int64(low[lv[two * j + one]]) * nn + blank[j]
    st[MOVES] += k - backs
    st[BACKTRACKS] += backs
    st[DEPTH] = d
    st[PEAK] = max(peak, d)
    st[LOW] = low_d
    st[NEXT] = nsol
    st[RINGN] = backs
    st[EVENTS] = k
    return status


# -- counting ------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def count_run(unit, low, blank, grid, masks, n):
    """Every solution below the position of ``grid`` and ``masks`` (left as found): depth
    first, at each node the blank cell with the fewest candidates (the first found with at
    most one). Returns (solutions, placements)."""
    full = (1 << n) - 1
    nb = blank.shape[0]
    cell = np.empty(nb + 1, np.int64)
    avail = np.empty(nb + 1, np.int64)
    placed = np.empty(nb + 1, np.int64)
    where = np.empty(nb + 1, np.int64)
    # The cells still blank, packed: a level's cell is swapped to the end of the live part
    # (and back when the level is left), so a node scans only the cells still to fill.
    live = np.empty(nb, np.int64)
    left = 0
    for j in range(nb):
        if grid[blank[j]] == 0:
            live[left] = blank[j]
            left += 1
    if left == 0:
        return 1, 0
    solutions = 0
    nodes = 0
    d = 0
    entering = True
    while True:
        if entering:
            entering = False
            best = 0
            fewest = 99
            bm = 0
            for j in range(left):
                q = _cands(unit, masks, full, live[j])
                p = _popcount(q)
                if p < fewest:
                    fewest = p
                    best = j
                    bm = q
                    if p <= 1:
                        break
            where[d] = best
            cell[d] = live[best]
            live[best], live[left - 1] = live[left - 1], live[best]
            left -= 1
            avail[d] = bm
        a = avail[d]
        if a != 0:
            i = np.int64(low[a])
            bit = np.int64(1) << i
            avail[d] = a ^ bit
            nodes += 1
            if left == 0:
                solutions += 1
                continue
            _put(unit, masks, cell[d], bit)
            placed[d] = bit
            d += 1
            entering = True
        else:
            left += 1
            j = where[d]
            live[j], live[left - 1] = live[left - 1], live[j]
            if d == 0:
                break
            d -= 1
            _take(unit, masks, cell[d], placed[d])
    return solutions, nodes


# -- DLX: Algorithm X with dancing links -------------------------------------------------------
#
# The matrix of ``dlx.Matrix`` as int32 arrays (node 0 the root, then the column headers,
# then four nodes per (cell, digit) row); per level d, ``heads[d]`` the column covered there
# (-1: none, a solution) and ``curs[d]`` the row taken there (the header before the first).


@njit(cache=True, nogil=True, inline="always")
def _cover(left, right, up, down, col, size, h):
    right[left[h]] = right[h]
    left[right[h]] = left[h]
    i = down[h]
    while i != h:
        j = right[i]
        while j != i:
            down[up[j]] = down[j]
            up[down[j]] = up[j]
            size[col[j]] -= 1
            j = right[j]
        i = down[i]


@njit(cache=True, nogil=True, inline="always")
def _uncover(left, right, up, down, col, size, h):
    i = up[h]
    while i != h:
        j = left[i]
        while j != i:
            size[col[j]] += 1
            down[up[j]] = j
            up[down[j]] = j
            j = left[j]
        i = up[i]
    right[left[h]] = h
    left[right[h]] = h


@njit(cache=True, nogil=True)
def dlx_run(
    left,
    right,
    up,
    down,
    col,
    size,
    event,
    heads,
    curs,
    path,
    st,
    out,
    budget,
    emit,
    first,
    sols,
    ring,
):
    """``DlxSearch._run`` on the arrays: up to ``budget`` events, solutions into ``sols``
    (the last column of a row its length), backtracks into ``ring``."""
    cap = sols.shape[0]
    d = st[DEPTH]
    peak = st[PEAK]
    low_d = d
    moves = 0
    backs = 0
    nsol = 0
    ringn = 0
    k = 0
    status = RUNNING
    while k < budget:
        head = heads[d]
        if head >= 0:
            r = down[curs[d]]
            if r != head:
                curs[d] = r
                j = right[r]  # take the row: cover its other columns
                while j != r:
                    _cover(left, right, up, down, col, size, col[j])
                    j = right[j]
                x = event[r]
                path[d] = x
                if emit:
                    out[k] = x
                k += 1
                moves += 1
                d += 1
                best = -1  # the uncovered column with the fewest rows, the first such
                fewest = 1 << 30
                h = right[0]
                while h != 0:
                    s = size[h]
                    if s < fewest:
                        best = h
                        fewest = s
                        if s == 0:
                            break
                    h = right[h]
                heads[d] = best
                curs[d] = best
                if best >= 0:
                    _cover(left, right, up, down, col, size, best)
                    continue
                _store(sols, nsol, path, d)
                nsol += 1
                status = _after_solution(nsol, cap, first)
                if status != RUNNING:
                    break
                continue
        if d == 0:
            status = EXHAUSTED
            break
        if head >= 0:
            _uncover(left, right, up, down, col, size, head)
        d, peak, low_d = _back(d, peak, low_d, 1)
        r = curs[d]  # give the row back: uncover its other columns, right to left
        j = left[r]
        while j != r:
            _uncover(left, right, up, down, col, size, col[j])
            j = left[j]
        x = path[d]
        if emit:
            out[k] = ~x
        k += 1
        backs += 1
        ring[ringn & 7] = x
        ringn += 1
    st[MOVES] += moves
    st[BACKTRACKS] += backs
    st[DEPTH] = d
    st[PEAK] = max(peak, d)
    st[LOW] = low_d
    st[NEXT] = nsol
    st[RINGN] = ringn
    st[EVENTS] = k
    return status
