"""Closed knight's tours built without search: Parberry's divide and conquer (1997).

I. Parberry, "An efficient algorithm for the Knight's tour problem", Discrete Applied
Mathematics 73 (1997): a board with both sides even is cut in four quarters (each side into
two even parts, halves when the side is a multiple of four, else ``2k`` and ``2k + 2``), each
quarter toured the same way, down to base boards with both sides 6 to 12 whose tours are kept
as data (:mod:`knightviz.engine.construct_data`). Every tour is *structured*: near each corner
it contains two fixed moves (:data:`knightviz.engine.construct_base.CORNER_MOVES`). Where four
quarters meet, one structured move of each is cut and four moves across the meeting point join
the four cycles into one, leaving the outer corners' moves in place for the next level up. On
n×n (n even, at least 6) and n×(n+2), Parberry's boards, the quarters keep those shapes; the
same cut also serves other even rectangles while both sides stay at least 12 until both are at
most 12 (``plan`` says which).

The tour is assembled from the pieces of the base tours between the cuts: a walk over a few
pieces per block (not per square), then every square written by whole-array operations, so the
time is linear in the board and 25 million squares take a few hundred megabytes. numpy does the
writing when it is installed (it comes with numba); the standard library's ``array`` otherwise.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .construct_base import corner_moves
from .construct_data import BASE_TEXT
from .verdict import closed_tour_exists, open_tour_exists

#: The largest side of a base board; a block larger than this is cut in four.
BASE_MAX = 12
#: Squares beyond which the construction refuses (memory: about 12 bytes a square at peak).
MAX_SQUARES = 100_000_000

# The join at a meeting point (R, C), the top-left square of the bottom-right quarter: which
# structured move each quarter gives up (index into ``corner_moves``: corner * 2 + move, corners
# top-left, top-right, bottom-left, bottom-right), and the four moves that replace them, as
# (row, col) offsets from (R, C). Found once by trying every pairing (the four cut cycles close
# into one ring: top-left, top-right, bottom-right, bottom-left quarter).
_CUT_TL_QUARTER = 3 * 2 + 0  # its bottom-right corner, first move
_CUT_TR_QUARTER = 2 * 2 + 1  # its bottom-left corner, second move
_CUT_BL_QUARTER = 1 * 2 + 1  # its top-right corner, second move
_CUT_BR_QUARTER = 0 * 2 + 0  # its top-left corner, first move
JOIN_MOVES: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((-1, -2), (-2, 0)),
    ((-1, 2), (1, 3)),
    ((0, 1), (1, -1)),
    ((0, -3), (-2, -4)),
)


class ConstructError(ValueError):
    """No construction applies to this board; the message says why, in one sentence."""


@dataclass(frozen=True, slots=True)
class Block:
    """A base board placed on the board: its top-left square and its size."""

    row: int
    col: int
    rows: int
    cols: int


@dataclass(frozen=True, slots=True)
class Join:
    """Where four blocks' tours become one: the four moves cut and the four added, as squares
    of the whole board, and how deep in the division it is (0 = the whole board's centre)."""

    row: int
    col: int
    level: int
    blocks: tuple[int, int, int, int]  # top-left, top-right, bottom-left, bottom-right
    cut: tuple[tuple[int, int], ...]
    added: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Plan:
    """The whole construction, small enough to draw: blocks, then joins deepest first."""

    rows: int
    cols: int
    blocks: tuple[Block, ...]
    joins: tuple[Join, ...]


def _split(side: int) -> int:
    """Parberry's cut of an even side: halves on a multiple of four, else 2k and 2k + 2."""
    return 2 * (side // 4)


def constructible(rows: int, cols: int) -> bool:
    """Whether the division reaches base boards: both sides even and at least 6, and every
    block either a base board or large enough both ways to be cut in four."""
    return _reaches_bases(rows, cols)


@lru_cache(maxsize=None)
def _reaches_bases(rows: int, cols: int) -> bool:
    if rows % 2 or cols % 2 or rows < 6 or cols < 6:
        return False
    if rows <= BASE_MAX and cols <= BASE_MAX:
        return True
    if rows < 2 * 6 or cols < 2 * 6:
        return False
    top, left = _split(rows), _split(cols)
    return all(
        _reaches_bases(r, c) for r in (top, rows - top) for c in (left, cols - left)
    )


def no_construction(rows: int, cols: int, closed: bool) -> str | None:
    """Why ``--method construct`` cannot make this tour (one sentence), or None if it can."""
    board = f"{rows}x{cols}"
    if closed and not closed_tour_exists(rows, cols):
        return None  # the search's own verdict says it: no such tour at all
    if not closed and not open_tour_exists(rows, cols):
        return None
    if constructible(rows, cols):
        return None
    m, n = sorted((rows, cols))
    if m % 2 or n % 2:
        return (
            f"no construction for {board}: Parberry's construction needs both sides even "
            "(on an odd side it would need open tours, not built here); search finds one"
        )
    return (
        f"no construction for {board}: Parberry's division into quarters needs the sides "
        f"close enough in length to reach base boards of 6 to {BASE_MAX}; search finds one"
    )


def plan(rows: int, cols: int) -> Plan:
    """The blocks and joins for a rows × cols board (raises ``ConstructError``)."""
    _check(rows, cols)
    blocks: list[Block] = []
    joins: list[Join] = []

    def divide(row: int, col: int, h: int, w: int, level: int) -> tuple[int, int, int, int]:
        """Tour the block; returns the indices of the blocks in its four corners."""
        if h <= BASE_MAX and w <= BASE_MAX:
            blocks.append(Block(row, col, h, w))
            i = len(blocks) - 1
            return (i, i, i, i)
        top, left = _split(h), _split(w)
        tl = divide(row, col, top, left, level + 1)
        tr = divide(row, col + left, top, w - left, level + 1)
        bl = divide(row + top, col, h - top, left, level + 1)
        br = divide(row + top, col + left, h - top, w - left, level + 1)
        mid_r, mid_c = row + top, col + left
        quarters = (tl[3], tr[2], bl[1], br[0])  # the blocks touching the meeting point
        cut = tuple(
            _global_move(blocks[b], k, cols)
            for b, k in zip(
                quarters,
                (_CUT_TL_QUARTER, _CUT_TR_QUARTER, _CUT_BL_QUARTER, _CUT_BR_QUARTER),
                strict=True,
            )
        )
        added = tuple(
            ((mid_r + a[0]) * cols + mid_c + a[1], (mid_r + b[0]) * cols + mid_c + b[1])
            for a, b in JOIN_MOVES
        )
        joins.append(Join(mid_r, mid_c, level, quarters, cut, added))
        return (tl[0], tr[1], bl[2], br[3])

    divide(0, 0, rows, cols, 0)
    joins.sort(key=lambda j: -j.level)
    return Plan(rows, cols, tuple(blocks), tuple(joins))


def _check(rows: int, cols: int) -> None:
    if rows * cols > MAX_SQUARES:
        raise ConstructError(
            f"a {rows}x{cols} board has {rows * cols:,} squares; the construction's limit is "
            f"{MAX_SQUARES:,}"
        )
    if not constructible(rows, cols):
        why = no_construction(rows, cols, True) or no_construction(rows, cols, False)
        raise ConstructError(why or f"no construction for {rows}x{cols}")


def _global_move(block: Block, index: int, cols: int) -> tuple[int, int]:
    a, b = corner_moves(block.rows, block.cols)[index]
    return (_to_board(block, a, cols), _to_board(block, b, cols))


def _to_board(block: Block, local: int, cols: int) -> int:
    r, c = divmod(local, block.cols)
    return (block.row + r) * cols + block.col + c


@lru_cache(maxsize=None)
def base_tour(rows: int, cols: int) -> tuple[int, ...]:
    """The stored structured closed tour of a base board, squares ``row * cols + col``."""
    return tuple(int(x) for x in BASE_TEXT[(rows, cols)].split())


@lru_cache(maxsize=None)
def _cut_positions(rows: int, cols: int) -> tuple[int, ...]:
    """For each structured move of the base tour: i such that the move joins its i-th and
    (i + 1)-th squares (cyclically)."""
    tour = base_tour(rows, cols)
    where = {sq: i for i, sq in enumerate(tour)}
    size = len(tour)
    out = []
    for a, b in corner_moves(rows, cols):
        i, j = where[a], where[b]
        out.append(i if (i + 1) % size == j else j)
    return tuple(out)


def tour(rows: int, cols: int, start: int = 0) -> Sequence[int]:
    """A closed tour of the rows × cols board from ``start``: squares ``row * cols + col`` in
    order (a numpy int32 array when numpy is installed, else an ``array('i')``)."""
    _check(rows, cols)
    if not 0 <= start < rows * cols:
        raise ConstructError(f"square {start} is off the {rows}x{cols} board")
    segments = _segments(rows, cols)
    np = _numpy()
    out = _fill_numpy(np, rows, cols, segments) if np is not None else _fill(rows, cols, segments)
    if start:
        at = int((out == start).nonzero()[0][0]) if np is not None else out.index(start)
        out = np.concatenate((out[at:], out[:at])) if np is not None else out[at:] + out[:at]
    return out


def _numpy() -> Any:
    """numpy if it can be imported (tests set ``USE_NUMPY`` to try the standard library)."""
    if not USE_NUMPY:
        return None
    try:
        import numpy
    except ImportError:  # pragma: no cover - numpy comes with numba
        return None
    return numpy


USE_NUMPY = True

# A piece of a base tour in the finished cycle: block origin (row * cols + col on the whole
# board), block shape, first and last position in the base tour, direction (+1 or -1).
Segments = tuple[list[int], list[tuple[int, int]], list[int], list[int], list[int]]


def _segments(rows: int, cols: int) -> Segments:
    """Walk the finished cycle piece by piece: the base tours cut where joins are, the pieces
    linked by the joins' added moves. Python work per block, not per square."""
    p = _fast_plan(rows, cols)
    origins, shapes, cuts_of, added = p
    seg_origin: list[int] = []
    seg_shape: list[tuple[int, int]] = []
    seg_first: list[int] = []
    seg_last: list[int] = []
    seg_dir: list[int] = []
    if len(origins) == 1:
        size = shapes[0][0] * shapes[0][1]
        return ([origins[0]], [shapes[0]], [0], [size - 1], [1])
    # The arcs of every block: between consecutive cuts of its cycle.
    arc_block: list[int] = []
    arc_first: list[int] = []
    arc_last: list[int] = []
    end_of: dict[int, int] = {}  # a square ending an arc -> arc * 2 + (0 first end, 1 last)
    for b, cuts in enumerate(cuts_of):
        h, w = shapes[b]
        size = h * w
        base = base_tour(h, w)
        origin = origins[b]
        cuts.sort()
        for k, c in enumerate(cuts):
            first = (c + 1) % size
            last = cuts[(k + 1) % len(cuts)]
            a = len(arc_block)
            arc_block.append(b)
            arc_first.append(first)
            arc_last.append(last)
            r0, c0 = divmod(base[first], w)
            r1, c1 = divmod(base[last], w)
            end_of[origin + r0 * cols + c0] = 2 * a
            end_of[origin + r1 * cols + c1] = 2 * a + 1
    arc = 0
    forward = True
    count = len(arc_block)
    for _ in range(count):
        b = arc_block[arc]
        h, w = shapes[b]
        first, last = arc_first[arc], arc_last[arc]
        seg_origin.append(origins[b])
        seg_shape.append((h, w))
        if forward:
            seg_first.append(first)
            seg_last.append(last)
            seg_dir.append(1)
            exit_pos = last
        else:
            seg_first.append(last)
            seg_last.append(first)
            seg_dir.append(-1)
            exit_pos = first
        r, c = divmod(base_tour(h, w)[exit_pos], w)
        end = end_of[added[origins[b] + r * cols + c]]
        arc, forward = end >> 1, not (end & 1)
    if arc != 0:  # pragma: no cover - the joins always close one ring (tests walk them all)
        raise AssertionError("the joined pieces did not close into one cycle")
    return (seg_origin, seg_shape, seg_first, seg_last, seg_dir)


def _fast_plan(
    rows: int, cols: int
) -> tuple[list[int], list[tuple[int, int]], list[list[int]], dict[int, int]]:
    """``plan`` without objects: block origins and shapes, each block's cut positions, and
    the added moves as a map square -> square (both ways)."""
    origins: list[int] = []
    shapes: list[tuple[int, int]] = []
    cuts_of: list[list[int]] = []
    added: dict[int, int] = {}
    stack = [(0, 0, rows, cols)]
    corner_block: dict[tuple[int, int], int] = {}  # (row, col) of a block's corner square
    pending: list[tuple[int, int]] = []
    while stack:
        row, col, h, w = stack.pop()
        if h <= BASE_MAX and w <= BASE_MAX:
            b = len(origins)
            origins.append(row * cols + col)
            shapes.append((h, w))
            cuts_of.append([])
            corner_block[(row, col)] = b
            corner_block[(row, col + w - 1)] = b
            corner_block[(row + h - 1, col)] = b
            corner_block[(row + h - 1, col + w - 1)] = b
            continue
        top, left = _split(h), _split(w)
        pending.append((row + top, col + left))
        stack.append((row, col, top, left))
        stack.append((row, col + left, top, w - left))
        stack.append((row + top, col, h - top, left))
        stack.append((row + top, col + left, h - top, w - left))
    for mid_r, mid_c in pending:
        for (dr, dc), k in (
            ((-1, -1), _CUT_TL_QUARTER),
            ((-1, 0), _CUT_TR_QUARTER),
            ((0, -1), _CUT_BL_QUARTER),
            ((0, 0), _CUT_BR_QUARTER),
        ):
            b = corner_block[(mid_r + dr, mid_c + dc)]
            cuts_of[b].append(_cut_positions(*shapes[b])[k])
        for (ar, ac), (br, bc) in JOIN_MOVES:
            a = (mid_r + ar) * cols + mid_c + ac
            z = (mid_r + br) * cols + mid_c + bc
            added[a] = z
            added[z] = a
    return origins, shapes, cuts_of, added


def _pieces(segments: Segments) -> list[tuple[int, tuple[int, int], int, int, int]]:
    """Each segment as runs that do not wrap round the end of their base tour."""
    out = []
    for origin, shape, first, last, step in zip(*segments, strict=True):
        size = shape[0] * shape[1]
        if step == 1 and last < first:
            out.append((origin, shape, first, size - 1, 1))
            out.append((origin, shape, 0, last, 1))
        elif step == -1 and last > first:
            out.append((origin, shape, first, 0, -1))
            out.append((origin, shape, size - 1, last, -1))
        else:
            out.append((origin, shape, first, last, step))
    return out


@lru_cache(maxsize=64)
def _offsets(rows: int, cols: int, board_cols: int) -> tuple[int, ...]:
    """The base tour's squares as offsets from the block's top-left on the whole board."""
    return tuple((sq // cols) * board_cols + sq % cols for sq in base_tour(rows, cols))


def _fill(rows: int, cols: int, segments: Segments) -> array[int]:
    out: array[int] = array("i")
    for origin, shape, first, last, step in _pieces(segments):
        offs = _offsets(shape[0], shape[1], cols)
        out.extend(origin + offs[k] for k in range(first, last + step, step))
    return out


def _fill_numpy(np: Any, rows: int, cols: int, segments: Segments) -> Any:
    pieces = _pieces(segments)
    shapes = sorted({p[1] for p in pieces})
    table = np.concatenate(
        [np.asarray(_offsets(h, w, cols), dtype=np.int32) for h, w in shapes]
    )
    start_of: dict[tuple[int, int], int] = {}
    at = 0
    for h, w in shapes:
        start_of[(h, w)] = at
        at += h * w
    n = len(pieces)
    origin = np.fromiter((p[0] for p in pieces), dtype=np.int32, count=n)
    first = np.fromiter((start_of[p[1]] + p[2] for p in pieces), dtype=np.int32, count=n)
    step = np.fromiter((p[4] for p in pieces), dtype=np.int32, count=n)
    length = np.fromiter((abs(p[3] - p[2]) + 1 for p in pieces), dtype=np.int64, count=n)
    begin = np.zeros(n, dtype=np.int32)
    np.cumsum(length[:-1], out=begin[1:])
    # Position in ``table`` of every square of the tour: first + step * (i - begin).
    index = np.arange(rows * cols, dtype=np.int32)
    index -= np.repeat(begin, length)
    index *= np.repeat(step, length)
    index += np.repeat(first, length)
    out = table[index]
    del index
    out += np.repeat(origin, length)
    return out


def is_closed_tour(rows: int, cols: int, squares: Sequence[int]) -> bool:
    """Every square once, each step a knight's move, the last a knight's move from the first
    (vectorised when numpy is installed: tests check 60×60 boards and benchmarks far more)."""
    size = rows * cols
    if len(squares) != size:
        return False
    np = _numpy()
    if np is not None:
        t = np.asarray(squares, dtype=np.int64)
        if t.min() < 0 or t.max() >= size:
            return False
        if np.bincount(t, minlength=size).max() != 1:
            return False
        r, c = np.divmod(t, cols)
        dr = np.abs(r - np.roll(r, -1))
        dc = np.abs(c - np.roll(c, -1))
        return bool((dr * dc == 2).all())
    if sorted(squares) != list(range(size)):
        return False
    for i in range(size):
        r0, c0 = divmod(squares[i], cols)
        r1, c1 = divmod(squares[(i + 1) % size], cols)
        if abs(r0 - r1) * abs(c0 - c1) != 2:
            return False
    return True


if __name__ == "__main__":  # pragma: no cover
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    print(list(tour(n, n)))
