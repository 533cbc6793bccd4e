"""The compiled tables (numba): what a search looks up, built once per board and strategy.

Neighbour tables (CSR, and eight slots a square for the plain kernels), the bit-board
tables of boards of up to 64 squares, the tie-break ranks (Roth's distance, and Python's own
Mersenne Twister shuffle for the random tie-break), and a path's positions. Self-contained:
numba's cache sees only a kernel's own file, so nothing here calls into another kernel file.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit


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
