"""Closed knight's tours built without search: Parberry's divide and conquer (1997).

I. Parberry, "An efficient algorithm for the Knight's tour problem", Discrete Applied
Mathematics 73 (1997): a board with both sides even is cut in four quarters (each side into
two even parts, halves when the side is a multiple of four, else ``2k`` and ``2k + 2``), each
quarter toured the same way, down to base boards with sides 6 to 12 (not 12 × 12) whose tours
are kept as data (:mod:`knightviz.engine.construct_data`). Every tour is *structured*: near
each corner it contains two fixed moves (``construct_base.CORNER_MOVES``). Where four quarters
meet, one structured move of each is cut and four moves across the meeting point join the four
cycles into one, leaving the outer corners' moves in place for the next level up. On n×n (n
even, at least 6) and n×(n+2), Parberry's boards, the quarters keep those shapes; the same cut
also serves other even rectangles while both sides stay at least 12 until a block is a base
(``quartered`` says which). Every other board with both sides at least 5, not both odd
(Schwenk's closed-tour boards but 3×n: 6×30, 10×24, 7×8…) is built as a grid of blocks of 5 to
10 a side, each joined to its left neighbour and the first of each row to the one above, two at
a time, with tours of their own (``GRID_TEXT``): still no search. With both sides odd (no
closed tour) the grid's top-left block carries a stored open tour from the board's corner
(``OPEN_TEXT``), and the whole is an open tour.

Every block of one shape has the same tour, so each shape's tour is made once, from its
quarters' tours by whole-array slices: a few passes over the board, linear in its size (25
million squares in about a second and a few hundred megabytes). numpy does the slicing when it
is installed (it comes with numba); the standard library's ``array`` otherwise.
"""

from __future__ import annotations

import sys
import time
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, cast

from .board import Board, file_name
from .construct_base import corner_moves
from .construct_data import BASE_TEXT, GRID_TEXT, OPEN_TEXT
from .events import Outcome, Result, StackLevel
from .search import TrackedSearch
from .verdict import closed_tour_exists, impossibility, open_tour_exists

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
    """Where four blocks' tours (two, in a grid) become one: the moves cut and those added,
    as squares of the whole board, and how deep in the division it is (0 = the whole board's
    centre; 0 for every join of a grid)."""

    row: int
    col: int
    level: int
    blocks: tuple[int, ...]  # top-left, top-right, bottom-left, bottom-right; grid: two
    cut: tuple[tuple[int, int], ...]
    added: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Plan:
    """The whole construction, small enough to draw: blocks, then joins deepest first."""

    rows: int
    cols: int
    blocks: tuple[Block, ...]
    joins: tuple[Join, ...]
    #: A grid of blocks joined two at a time (boards Parberry's quarters do not reach).
    grid: bool = False
    #: Both sides odd: the first block's tour is an open one, and so is the board's.
    open: bool = False


def _split(side: int) -> int:
    """Parberry's cut of an even side: halves on a multiple of four, else 2k and 2k + 2."""
    return 2 * (side // 4)


def is_base(rows: int, cols: int) -> bool:
    """A block toured from the stored data: both sides at most 12, not both 12 (12 × 12 is
    four 6 × 6, as in Parberry's paper, whose largest base is 10 × 12)."""
    return rows <= BASE_MAX and cols <= BASE_MAX and min(rows, cols) < BASE_MAX


def constructible(rows: int, cols: int) -> bool:
    """Both sides at least 5, not both odd (every board Schwenk gives a closed tour but those
    with a side of 3): Parberry's quarters where they reach base boards, a grid of blocks
    otherwise (``quartered`` says which)."""
    return min(rows, cols) >= 5 and (rows % 2 == 0 or cols % 2 == 0)


def open_constructible(rows: int, cols: int) -> bool:
    """Both sides at least 5: a closed tour (``constructible``), or with both sides odd an
    open one from the top-left corner."""
    return min(rows, cols) >= 5


def quartered(rows: int, cols: int) -> bool:
    """Whether Parberry's division into quarters reaches base boards: every block either a
    base board or large enough both ways to be cut in four (N×N, N×(N+2) and near-squares)."""
    return _reaches_bases(rows, cols)


@cache
def _reaches_bases(rows: int, cols: int) -> bool:
    if rows % 2 or cols % 2 or rows < 6 or cols < 6:
        return False
    if is_base(rows, cols):
        return True
    if rows < 2 * 6 or cols < 2 * 6:
        return False
    top, left = _split(rows), _split(cols)
    return all(_reaches_bases(r, c) for r in (top, rows - top) for c in (left, cols - left))


def no_construction(rows: int, cols: int, closed: bool) -> str | None:
    """Why ``--method construct`` cannot make this tour (one sentence), or None if it can."""
    board = f"{rows}x{cols}"
    if closed and not closed_tour_exists(rows, cols):
        return None  # the search's own verdict says it: no such tour at all
    if not closed and not open_tour_exists(rows, cols):
        return None
    if constructible(rows, cols):
        return None
    if not closed and open_constructible(rows, cols):
        return None
    return f"no construction for {board}: it needs both sides at least 5; try --method search"


def plan(rows: int, cols: int) -> Plan:
    """The blocks and joins for a rows × cols board (raises ``ConstructError``)."""
    _check(rows, cols)
    if not quartered(rows, cols):
        return _grid_plan(rows, cols)
    blocks: list[Block] = []
    joins: list[Join] = []

    def divide(row: int, col: int, h: int, w: int, level: int) -> tuple[int, int, int, int]:
        """Tour the block; returns the indices of the blocks in its four corners."""
        if is_base(h, w):
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
    if not open_constructible(rows, cols):
        why = no_construction(rows, cols, True) or no_construction(rows, cols, False)
        raise ConstructError(why or f"no construction for {rows}x{cols}")


def _global_move(block: Block, index: int, cols: int) -> tuple[int, int]:
    a, b = corner_moves(block.rows, block.cols)[index]
    return (_to_board(block, a, cols), _to_board(block, b, cols))


def _to_board(block: Block, local: int, cols: int) -> int:
    r, c = divmod(local, block.cols)
    return (block.row + r) * cols + block.col + c


@cache
def base_tour(rows: int, cols: int) -> tuple[int, ...]:
    """The stored structured closed tour of a base board, squares ``row * cols + col``."""
    return tuple(int(x) for x in BASE_TEXT[(rows, cols)].split())


@cache
def grid_tour(rows: int, cols: int) -> tuple[int, ...]:
    """The stored closed tour of a grid's block (``construct_base.GRID_MOVES``)."""
    return tuple(int(x) for x in GRID_TEXT[(rows, cols)].split())


@cache
def open_tour(rows: int, cols: int) -> tuple[int, ...]:
    """The stored open tour of an odd × odd block, from its top-left corner."""
    return tuple(int(x) for x in OPEN_TEXT[(rows, cols)].split())


def block_squares(p: Plan, b: Block) -> list[int]:
    """The block's stored tour as squares of the whole board, in order."""
    if p.open and b.row == b.col == 0:
        local = open_tour(b.rows, b.cols)
    else:
        local = grid_tour(b.rows, b.cols) if p.grid else base_tour(b.rows, b.cols)
    return [(b.row + sq // b.cols) * p.cols + b.col + sq % b.cols for sq in local]


# -- other even rectangles: a grid of blocks, joined two at a time ----------------------------


def _parts(side: int) -> list[int]:
    """A side of at least 5 as blocks of 8, with one 10, two 6s or one 6 at the end; an odd
    side first takes one block of 5, 7 or 9."""
    if side % 2:
        odd = next(k for k in (5, 7, 9) if side - k == 0 or side - k >= 6)
        return [odd, *_parts(side - odd)] if side > odd else [odd]
    q, r = divmod(side, 8)
    return {0: [8] * q, 2: [8] * (q - 1) + [10], 4: [8] * (q - 1) + [6, 6], 6: [8] * q + [6]}[r]


def _grid_plan(rows: int, cols: int) -> Plan:
    """Blocks of 5 to 10 a side in a grid; each joined to the block on its left, and the
    first of each row to the block above it: a tree of joins, so one cycle. A join of two
    blocks cuts one move of each and adds two: the left (upper) block gives up its corner
    square's move, the right (lower) one a move of ``GRID_MOVES``."""
    heights, widths = _parts(rows), _parts(cols)
    tops = [sum(heights[:i]) for i in range(len(heights))]
    lefts = [sum(widths[:j]) for j in range(len(widths))]
    index: dict[tuple[int, int], int] = {}
    blocks: list[Block] = []
    for i, (top, h) in enumerate(zip(tops, heights, strict=True)):
        for j, (left, w) in enumerate(zip(lefts, widths, strict=True)):
            index[(i, j)] = len(blocks)
            blocks.append(Block(top, left, h, w))

    def sq(r: int, c: int) -> int:
        return r * cols + c

    joins: list[Join] = []
    for i, r in enumerate(tops):
        for j, c in enumerate(lefts[1:], 1):  # to the left: at the top of the shared side
            cut = ((sq(r, c - 1), sq(r + 2, c - 2)), (sq(r + 1, c + 1), sq(r + 3, c)))
            added = ((sq(r, c - 1), sq(r + 1, c + 1)), (sq(r + 2, c - 2), sq(r + 3, c)))
            joins.append(Join(r, c, 0, (index[(i, j - 1)], index[(i, j)]), cut, added))
    for i, r in enumerate(tops[1:], 1):  # the first of a row to the one above: at the left
        cut = ((sq(r - 1, 0), sq(r - 2, 2)), (sq(r + 1, 1), sq(r, 3)))
        added = ((sq(r - 1, 0), sq(r + 1, 1)), (sq(r - 2, 2), sq(r, 3)))
        joins.append(Join(r, 0, 0, (index[(i - 1, 0)], index[(i, 0)]), cut, added))
    return Plan(
        rows, cols, tuple(blocks), tuple(joins), grid=True, open=bool(rows % 2 and cols % 2)
    )


def _assemble(p: Plan, np: Any) -> Any:
    """The cycle of a plan whose joins cut each block's tour into pieces: walked piece by
    piece (Python work per block), each piece written by a slice of its block's tour."""
    squares = [block_squares(p, b) for b in p.blocks]
    if not p.joins:  # one block: its stored tour is the board's
        return np.asarray(squares[0], np.int32) if np is not None else array("i", squares[0])
    tours: list[Any] = squares if np is None else [np.asarray(t, np.int32) for t in squares]
    cuts: list[list[int]] = [[] for _ in p.blocks]  # i: the move from position i to i + 1
    partner: dict[int, int] = {}
    for j in p.joins:
        for b, (x, y) in zip(j.blocks, j.cut, strict=True):
            t, k = squares[b], len(squares[b])
            i = t.index(x)
            cuts[b].append(i if t[(i + 1) % k] == y else (i - 1) % k)
        for x, y in j.added:
            partner[x] = y
            partner[y] = x
    # Pieces: from just after one cut to the next; each end square -> (piece, which end).
    pieces: list[tuple[int, int, int]] = []
    ends: dict[int, tuple[int, bool]] = {}
    for b, marks in enumerate(cuts):
        t, k = tours[b], len(tours[b])
        marks.sort()
        if p.open and b == 0:  # a path: from its start to the first cut, …, to its end
            bounds = [-1, *marks, k - 1]
            spans = [(bounds[n] + 1, bounds[n + 1]) for n in range(len(bounds) - 1)]
        else:
            spans = [((m + 1) % k, marks[(n + 1) % len(marks)]) for n, m in enumerate(marks)]
        for first, last in spans:
            ends[int(t[first])] = (len(pieces), True)
            ends[int(t[last])] = (len(pieces), False)
            pieces.append((b, first, last))
    out: list[Any] = []
    piece, forward = 0, True
    for count in range(len(pieces)):
        if p.open and count == len(pieces) - 1 and forward is False:  # pragma: no cover
            raise AssertionError("the path was entered from its end")
        b, first, last = pieces[piece]
        t, k = tours[b], len(tours[b])
        if forward:
            span = t[first : last + 1] if first <= last else _join(np, t[first:], t[: last + 1])
        else:
            back = t[::-1]  # position i of t is k - 1 - i of back
            a, z = k - 1 - last, k - 1 - first
            span = back[a : z + 1] if a <= z else _join(np, back[a:], back[: z + 1])
        out.append(span)
        leave = int(span[-1])
        if leave not in partner:  # the open path's last square
            break
        piece, forward = ends[partner[leave]]
    if piece != 0 and not p.open:  # pragma: no cover - a tree of joins closes one ring
        raise AssertionError("the joined pieces did not close into one cycle")
    if np is not None:
        return np.concatenate(out)
    whole: array[int] = array("i")
    for span in out:
        whole.extend(span)
    return whole


def _join(np: Any, a: Any, b: Any) -> Any:
    return np.concatenate((a, b)) if np is not None else list(a) + list(b)


def tour(rows: int, cols: int, start: int = 0) -> Sequence[int]:
    """A closed tour of the rows × cols board from ``start``: squares ``row * cols + col`` in
    order (a numpy int32 array when numpy is installed, else an ``array('i')``)."""
    _check(rows, cols)
    if not 0 <= start < rows * cols:
        raise ConstructError(f"square {start} is off the {rows}x{cols} board")
    np = _numpy()
    if rows % 2 and cols % 2:
        return _open_from(_assemble(_grid_plan(rows, cols), np), rows, cols, start, np)
    if quartered(rows, cols):
        out: Any = _cycle(rows, cols, cols, np, {})
    else:
        out = _assemble(_grid_plan(rows, cols), np)
    if out[0] != start:
        if np is not None:
            at = int(np.flatnonzero(out == start)[0])
            out = np.concatenate((out[at:], out[:at]))
        else:
            at = out.index(start)
            out = out[at:] + out[:at]
    return cast("Sequence[int]", out)


def solve(rows: int, cols: int, start: int = 0, closed: bool = False) -> Result:
    """The construction as a finished run, like a search's: solved with the tour (no
    backtracks), or impossible with the same verdict a search gives; ``ConstructError`` when
    a tour exists but no construction here makes it."""
    board = Board(rows, cols)
    reason = impossibility(board, start, closed)
    if reason is not None:
        return Result(Outcome.IMPOSSIBLE, 0, 0, reason=reason)
    began = time.perf_counter()
    squares = tour(rows, cols, start)
    squares = tuple(squares.tolist()) if hasattr(squares, "tolist") else tuple(squares)
    seconds = time.perf_counter() - began
    return Result(Outcome.SOLVED, rows * cols - 1, 0, solution=squares, seconds=seconds, count=1)


def _open_from(out: Any, rows: int, cols: int, start: int, np: Any) -> Sequence[int]:
    """An open tour read from ``start``, which must be one of its two ends."""
    if int(out[0]) == start:
        return cast("Sequence[int]", out)
    if int(out[-1]) == start:
        return cast("Sequence[int]", out[::-1] if np is not None else array("i", out[::-1]))
    a, z = (
        f"{file_name(c)}{rows - r}"
        for r, c in (divmod(int(out[0]), cols), divmod(int(out[-1]), cols))
    )
    raise ConstructError(
        f"the open tour built on {rows}x{cols} runs from {a} to {z}: start on one of them"
    )


def _numpy() -> Any:
    """numpy if it can be imported (tests set ``USE_NUMPY`` to try the standard library)."""
    if not USE_NUMPY:
        return None
    from .kernels.arrays import numpy_or_none

    return numpy_or_none()


USE_NUMPY = True

#: The quarters in the order the joined ring visits them (top-left, top-right, bottom-right,
#: bottom-left), each with the ends of that cut it enters and leaves by, as
#: offsets from the meeting point (see ``JOIN_MOVES``).
_RING = (
    (0, (-2, -4), (-1, -2)),
    (1, (-2, 0), (-1, 2)),
    (3, (1, 3), (0, 1)),
    (2, (1, -1), (0, -3)),
)


def _cycle(h: int, w: int, cols: int, np: Any, memo: dict[tuple[int, int], Any]) -> Any:
    """The closed tour of an h × w block as offsets ``row * cols + col`` from its top-left.

    Every block of one shape has the same tour (the division depends on the shape alone), so
    each shape is made once: from its four quarters' tours, each cut open and laid end to end
    round the meeting point. Whole-array slices, so linear in the block.
    """
    key = (h, w)
    if key in memo:
        return memo[key]
    if is_base(h, w):
        offsets = _offsets(h, w, cols)
        out = np.asarray(offsets, dtype=np.int32) if np is not None else array("i", offsets)
        memo[key] = out
        return out
    top, left = _split(h), _split(w)
    quarters = (
        (0, 0, top, left),
        (0, left, top, w - left),
        (top, 0, h - top, left),
        (top, left, h - top, w - left),
    )
    pieces = []
    for q, (er, ec), (xr, xc) in _RING:
        row, col, qh, qw = quarters[q]
        sub = _cycle(qh, qw, cols, np, memo)
        shift = row * cols + col
        enter = (top + er - row) * cols + left + ec - col  # relative to the quarter
        leave = (top + xr - row) * cols + left + xc - col
        size = qh * qw
        i = int(np.flatnonzero(sub == enter)[0]) if np is not None else sub.index(enter)
        # If the cut move follows ``enter``, walk backwards from it, else forwards.
        backwards = sub[(i + 1) % size] == leave
        parts = (sub[i::-1], sub[:i:-1]) if backwards else (sub[i:], sub[:i])
        if np is not None:
            piece = np.concatenate(parts)
            piece += shift
        else:
            piece = array("i", (x + shift for part in parts for x in part))
        pieces.append(piece)
    if np is not None:
        out = np.concatenate(pieces)
    else:
        out = array("i")
        for piece in pieces:
            out.extend(piece)
    memo[key] = out
    return out


@lru_cache(maxsize=64)
def _offsets(rows: int, cols: int, board_cols: int) -> tuple[int, ...]:
    """The base tour's squares as offsets from the block's top-left on the whole board."""
    return tuple((sq // cols) * board_cols + sq % cols for sq in base_tour(rows, cols))


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


class ConstructionRun:
    """The construction as an event stream (an ``EventSource``), so the window can show it
    with the same board, timeline and exports as a search: one move per square of the
    finished tour, never a backtrack. The steps of the construction itself are ``plan``'s;
    a front end draws them from how far the stream has got (``stage``)."""

    def __init__(self, rows: int, cols: int, start: int) -> None:
        self.rows = rows
        self.cols = cols
        self.initial: tuple[int, ...] = (start,)
        self.plan = plan(rows, cols)
        began = time.perf_counter()
        made = tour(rows, cols, start)
        self._tour = array("i", made.tolist() if hasattr(made, "tolist") else made)
        self._seconds = time.perf_counter() - began
        self._at = 1
        self._result: Result | None = None

    @property
    def result(self) -> Result | None:
        return self._result

    def advance(self, max_events: int) -> array[int]:
        chunk = self._tour[self._at : self._at + max(0, max_events)]
        self._at += len(chunk)
        if self._at >= len(self._tour) and self._result is None:
            size = len(self._tour)
            self._result = Result(
                Outcome.SOLVED,
                size - 1,
                0,
                solution=tuple(self._tour),
                seconds=self._seconds,
                count=1,
            )
        return chunk


def stage(p: Plan, placed: int) -> int:
    """How many of the plan's steps to show when ``placed`` squares of the stream have
    arrived: each block's tour, each join, then one last step, the finished tour (so the last
    join is seen before it): none at the start, all at the end."""
    steps = len(p.blocks) + len(p.joins) + 1
    size = p.rows * p.cols
    if placed >= size:
        return steps
    return min(steps - 1, max(0, (placed - 1) * steps // (size - 1)))


class ConstructionSearch(TrackedSearch):
    """A construction driven like a search (the window's worker, timeline and panels); its
    stack is empty at every step: nothing is tried, nothing taken back."""

    def __init__(self, rows: int, cols: int, start: int) -> None:
        super().__init__(ConstructionRun(rows, cols, start))

    def stack_at(
        self, path: Sequence[int], last: int | None, *, ended: bool = False
    ) -> tuple[StackLevel, ...]:
        return ()
