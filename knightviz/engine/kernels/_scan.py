"""The recording's marker scan, compiled: one pass over a chunk of steps, no allocation.

The solutions found in a chunk go to a small buffer (``SOLUTIONS``); a chunk with more is
scanned again into one of its exact size. A buffer the chunk's length (8 MB for a frame's
million steps) cost 10 to 50 ms to allocate now and then on these machines, in the
window's thread, which then missed its timers.

Mirrors ``recording.scan`` exactly (tests compare them): the depth after the chunk, its
deepest depth and where, the moves reaching a target depth, the longest run of backtracks
and where it starts, and the runs of backtracks at the chunk's end and start.
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: Solutions a chunk's scan holds before it scans the chunk again with room for all.
SOLUTIONS = 1024


def _with_solutions(kernel, *args):
    """``kernel(*args, solutions)`` (whose result starts with the count of solutions found)
    with a ``SOLUTIONS`` buffer, run again with room for all when it found more (rare: small
    N-Queens boards). Returns (the solutions as a list, the kernel's result)."""
    solutions = np.empty(SOLUTIONS, np.int64)
    out = kernel(*args, solutions)
    found = out[0]
    if found > SOLUTIONS:
        solutions = np.empty(found, np.int64)
        out = kernel(*args, solutions)
    return solutions[:found].tolist(), out


@njit(cache=True, nogil=True)
def scan_kernel(a, depth, target, solutions):
    """Fills ``solutions`` (as many as fit; the count is of all) and returns (count of
    solutions, depth after, deepest, its index, longest run, its start, tail run, head
    run)."""
    n = a.shape[0]
    deepest = -(1 << 62)  # the first maximum of the depths after each step
    at = 0
    found = 0
    run = 0
    longest = 0
    run_start = 0
    head = 0
    in_head = True
    d = depth
    for i in range(n):
        if a[i] >= 0:
            d += 1
            in_head = False
            run = 0
            if d > deepest:
                deepest = d
                at = i
            if d == target:
                if found < solutions.shape[0]:
                    solutions[found] = i
                found += 1
        else:
            d -= 1
            run += 1
            if in_head:
                head += 1
            if run > longest:
                longest = run
                run_start = i - run + 1
    if n == 0:
        deepest = depth
    return found, d, deepest, at, longest, run_start, run, head


def scanner(chunk, depth, target):
    """``recording.Scanner`` over the compiled kernel."""
    a = chunk if isinstance(chunk, np.ndarray) else np.frombuffer(chunk, np.int32)
    t = -(1 << 62) if target is None else target
    solutions, out = _with_solutions(scan_kernel, a, depth, t)
    after, deepest, at, longest, run_start, tail, head = out[1:]
    return (
        int(after),
        int(deepest),
        int(at),
        solutions,
        int(longest),
        int(run_start),
        int(tail),
        int(head),
    )


@njit(cache=True, nogil=True)
def blocks_kernel(a, depth, small, target, mins, maxs, ends, solutions):
    """Per block of ``small`` steps: the lowest and highest depth after its steps and the
    depth after its last; the indices of moves reaching ``target``. Returns (count of
    solutions, depth after). One pass, where numpy makes seven (the search tree's index
    takes in 40 million steps a second of a compiled run in the window's thread)."""
    found = 0
    d = depth
    for b in range(a.shape[0] // small):
        start = d
        lo = 1 << 62
        hi = -(1 << 62)
        for i in range(b * small, (b + 1) * small):
            d += 1 + 2 * (a[i] >> 31)  # branch-free: +1 for a move, -1 for a backtrack
            lo = min(lo, d)
            hi = max(hi, d)
        mins[b] = lo
        maxs[b] = hi
        ends[b] = d
        if lo <= target <= hi:  # rare: look for the moves that reached it (3x faster)
            e = start
            for i in range(b * small, (b + 1) * small):
                e += 1 + 2 * (a[i] >> 31)
                if e == target and a[i] >= 0:
                    if found < solutions.shape[0]:
                        solutions[found] = i
                    found += 1
    return found, d


def block_depths(chunk, depth, small, target):
    """``blocks_kernel`` on a chunk of whole blocks: (mins, maxs, ends) as int32 bytes, the
    solutions' indices in the chunk, and the depth after it."""
    a = chunk if isinstance(chunk, np.ndarray) else np.frombuffer(chunk, np.int32)
    count = len(a) // small
    mins = np.empty(count, np.int32)
    maxs = np.empty(count, np.int32)
    ends = np.empty(count, np.int32)
    t = -(1 << 62) if target is None else target
    solutions, (_, after) = _with_solutions(blocks_kernel, a, depth, small, t, mins, maxs, ends)
    return mins.tobytes(), maxs.tobytes(), ends.tobytes(), solutions, int(after)


@njit(cache=True, nogil=True)
def fold_kernel(a, depth, bucket, first, low, high, total, seen):
    """The depths after the steps ``a`` (the first of them at index ``first`` of the
    profile) folded into buckets of ``bucket``: lowest and highest (NaN: none yet), sum
    and count. Returns the depth after the last step. One pass, where numpy makes ten."""
    big = 1 << 62
    d = depth
    k = first // bucket
    left = (k + 1) * bucket - first
    lo = big
    hi = -big
    tot = 0
    cnt = 0
    for i in range(a.shape[0]):
        d += 1 + 2 * (a[i] >> 31)
        lo = min(lo, d)
        hi = max(hi, d)
        tot += d
        cnt += 1
        left -= 1
        if left == 0:
            _flush(k, lo, hi, tot, cnt, low, high, total, seen)
            k += 1
            left = bucket
            lo = big
            hi = -big
            tot = 0
            cnt = 0
    if cnt:
        _flush(k, lo, hi, tot, cnt, low, high, total, seen)
    return d


@njit(cache=True, nogil=True, inline="always")
def _flush(k, lo, hi, tot, cnt, low, high, total, seen):
    if np.isnan(low[k]) or lo < low[k]:
        low[k] = lo
    if np.isnan(high[k]) or hi > high[k]:
        high[k] = hi
    total[k] += tot
    seen[k] += cnt


def fold(events, depth, bucket, first, low, high, total, seen):
    """``fold_kernel`` on a chunk of steps (bytes, an int32 array or an ``array``)."""
    a = events if isinstance(events, np.ndarray) else np.frombuffer(events, np.int32)
    return int(fold_kernel(a, depth, bucket, first, low, high, total, seen))


@njit(cache=True, nogil=True)
def legal_kernel(e, floor, cols, p, q, removed, queens, size, out):
    """``legal._loop`` without its words: the index of the first illegal event of ``e`` (a
    path's squares, then steps), or -1; the path left in ``out``. Returns (index, depth,
    backtracks)."""
    rows = size // cols
    taken = np.zeros(size, np.bool_)
    row = np.zeros(rows, np.bool_)
    col = np.zeros(cols, np.bool_)
    diag = np.zeros(rows + cols, np.bool_)
    other = np.zeros(rows + cols, np.bool_)
    depth = 0
    backs = 0
    for i in range(len(e)):
        x = e[i]
        if x >= 0:
            if x >= size or removed[x] or depth >= size:
                return i, depth, backs
            r, c = x // cols, x % cols
            if p >= 0 and depth > 0:
                t = out[depth - 1]
                dr, dc = abs(t // cols - r), abs(t % cols - c)
                if not ((dr == p and dc == q) or (dr == q and dc == p)):
                    return i, depth, backs
            if queens:
                if row[r] or col[c] or diag[r + c] or other[r - c + cols]:
                    return i, depth, backs
                row[r] = col[c] = diag[r + c] = other[r - c + cols] = True
            elif taken[x]:
                return i, depth, backs
            taken[x] = True
            out[depth] = x
            depth += 1
        else:
            x = ~x
            if depth <= floor or out[depth - 1] != x:
                return i, depth, backs
            depth -= 1
            backs += 1
            taken[x] = False
            if queens:
                r, c = x // cols, x % cols
                row[r] = col[c] = diag[r + c] = other[r - c + cols] = False
    return -1, depth, backs


def legal_check(path, events, floor, cols, leaper, removed, queens):
    """``legal_kernel`` on a position's path and the steps after it: (the index of the first
    illegal one in path + steps, or -1; the path at the end; the backtracks)."""
    e = np.concatenate([np.asarray(path, dtype=np.int32), np.frombuffer(events, dtype=np.int32)])
    size = len(removed)
    out = np.empty(size + 1, np.int32)
    p, q = leaper if leaper is not None else (-1, -1)
    bad, depth, backs = legal_kernel(e, floor, cols, p, q, removed, queens, size, out)
    return int(bad), out[:depth].tolist(), int(backs)


def warm_up() -> None:
    legal_check([0], np.array([5, ~5], np.int32), 1, 4, (1, 1), np.zeros(16, np.bool_), False)
    scanner(np.array([1, ~1], np.int32), 1, 2)
    block_depths(np.array([1, ~1], np.int32), 1, 2, 2)
    acc = np.full(3, np.nan), np.full(3, np.nan), np.zeros(3), np.zeros(3)
    fold(np.array([1, ~1], np.int32), 1, 1, 1, *acc)
