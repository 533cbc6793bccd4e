"""Typed entry points of the compiled tables (``_tables``), built once and cached.

Neighbour tables as CSR (targets, offsets) and padded to eight slots a square, the bit-board
tables of boards of up to 64 squares, and the tie-break ranks, each per board, direction
order (any leaper's offsets) and holes; read-only arrays, shared by every search of that
board.
"""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ..tour import Order, Strategy, TieBreak
from . import _tables

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]
U64 = npt.NDArray[np.uint64]

NO_HOLES: frozenset[int] = frozenset()
WORD = (1 << 64) - 1
#: Index of the lowest set bit of every byte (the plain kernels' next target).
LOWEST_BIT = _tables.lowest_bit_table()


@lru_cache(maxsize=8)
def tables(rows: int, cols: int, order: Order, holes: frozenset[int] = NO_HOLES) -> tuple[I32, I32]:
    """Neighbour table as CSR (targets, offsets), per board, direction order (any leaper's
    offsets) and holes (no row holds a hole; a hole's row is empty)."""
    dr = np.array([d[0] for d in order], np.int64)
    dc = np.array([d[1] for d in order], np.int64)
    nb, off = _tables.neighbour_csr(rows, cols, dr, dc)
    if holes:
        nb, off = _without(nb, off, holes)
    nb.flags.writeable = off.flags.writeable = False
    return nb, off


def _without(nb: I32, off: I32, holes: frozenset[int]) -> tuple[I32, I32]:
    """A CSR table less the holes: as targets, and as sources (their rows emptied)."""
    gone = np.zeros(off.shape[0] - 1, np.bool_)
    gone[list(holes)] = True
    source = np.repeat(np.arange(off.shape[0] - 1), np.diff(off))
    keep = ~gone[nb] & ~gone[source]
    counts = np.bincount(source[keep], minlength=off.shape[0] - 1)
    new_off = np.zeros(off.shape[0], np.int32)
    np.cumsum(counts, out=new_off[1:])
    return nb[keep].astype(np.int32), new_off


@lru_cache(maxsize=8)
def padded(rows: int, cols: int, order: Order, holes: frozenset[int] = NO_HOLES) -> I32:
    """The plain kernel's eight-per-square neighbour rows (see ``_tables.padded_rows``)."""
    nb, off = tables(rows, cols, order, holes)
    nb8: I32 = _tables.padded_rows(nb, off, rows * cols)
    nb8.flags.writeable = False
    return nb8


def bit_directions(order: Order) -> tuple[I64, I64]:
    """The kernel's shift directions of a leaper's moves: four down the board (a shift to
    higher squares), then four up, (0, 0) where a leaper with a == b has none."""
    down = sorted({d for d in order if d[0] > 0})
    up = sorted({d for d in order if d[0] < 0})
    padded_dirs = [*down, *[(0, 0)] * (4 - len(down)), *up, *[(0, 0)] * (4 - len(up))]
    drs = np.array([d[0] for d in padded_dirs], np.int64)
    dcs = np.array([d[1] for d in padded_dirs], np.int64)
    return drs, dcs


@lru_cache(maxsize=8)
def bit_tables(
    rows: int, cols: int, order: Order, holes: frozenset[int] = NO_HOLES
) -> tuple[I64, U64, U64]:
    """The plain kernel's tables for boards of up to 64 squares (see ``_tables.bit_tables``)."""
    drs, dcs = bit_directions(order)
    nb8 = padded(rows, cols, order, holes)
    valid, dirs, attacks = _tables.bit_tables(nb8, rows, cols, drs, dcs)
    made: tuple[I64, U64, U64] = (valid, dirs, attacks)
    for table in made:
        table.flags.writeable = False
    return made


def board_mask(n: int, holes: frozenset[int]) -> np.uint64:
    """The squares of a board of n <= 64 squares that are not holes, as one word."""
    word = (1 << n) - 1
    for hole in holes:
        word &= ~(1 << hole)
    return np.uint64(word)


@lru_cache(maxsize=8)
def _ranks(rows: int, cols: int, tie: TieBreak, seed: int) -> tuple[I64, int]:
    """Per-square tie-break ranks and their scale, as ``Strategy.ranks`` defines them."""
    n = rows * cols
    if tie is TieBreak.ROTH:
        ranks, scale = _tables.roth_ranks(rows, cols)
    elif tie is TieBreak.RANDOM:
        state = random.Random(seed).getstate()[1]
        mt = np.array(state[:624], np.int64)
        pos = np.array([state[624]], np.int64)
        ranks, scale = _tables.shuffled_ranks(n, mt, pos), n
    else:
        ranks, scale = np.zeros(n, np.int64), 1
    ranks.flags.writeable = False
    return ranks, int(scale)


def strategy_ranks(strategy: Strategy, rows: int, cols: int) -> tuple[I64, int]:
    tie = strategy.tie_break if strategy.guided else TieBreak.FIRST
    if tie in (TieBreak.FIRST, TieBreak.LAST):
        return _ranks(rows, cols, TieBreak.FIRST, 0)
    return _ranks(rows, cols, tie, strategy.seed if tie is TieBreak.RANDOM else 0)


def crowded(free: int, dirs: U64) -> int:
    """``_search._crowded`` in Python ints: the squares with at least two neighbours in
    ``free`` (the bit-board kernel's per-level table, rebuilt when a search is adopted)."""
    one = two = 0
    for k in range(8):
        mask, shift = int(dirs[k]), int(dirs[8 + k])
        moved = ((free & mask) << shift) & WORD if k < 4 else (free & mask) >> shift
        two |= one & moved
        one |= moved
    return two
