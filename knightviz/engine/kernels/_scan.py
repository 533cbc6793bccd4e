"""The recording's marker scan, compiled: one pass over a chunk of steps, no allocation.

Mirrors ``recording.scan`` exactly (tests compare them): the depth after the chunk, its
deepest depth and where, the moves reaching a target depth, the longest run of backtracks
and where it starts, and the runs of backtracks at the chunk's end and start.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def scan_kernel(a, depth, target, solutions):
    """Fills ``solutions`` (capacity len(a)) and returns (count of solutions, depth after,
    deepest, its index, longest run, its start, tail run, head run)."""
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
    # Room for a solution per step only when a solution depth is watched (N-Queens).
    solutions = np.empty(max(1, len(a)) if target is not None else 1, np.int64)
    t = -(1 << 62) if target is None else target
    found, after, deepest, at, longest, run_start, tail, head = scan_kernel(a, depth, t, solutions)
    return (
        int(after),
        int(deepest),
        int(at),
        solutions[:found].tolist(),
        int(longest),
        int(run_start),
        int(tail),
        int(head),
    )


def warm_up() -> None:
    scanner(np.array([1, ~1], np.int32), 1, 2)
