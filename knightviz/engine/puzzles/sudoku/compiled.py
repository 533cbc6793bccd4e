"""The compiled Sudoku search: ``SudokuSearch`` with its state in numpy arrays.

The same stream, counts, forced fills, solutions, limits and results as the pure-Python
search it subclasses; only the hot loop (``kernels``) and the state accessors are replaced.
Plain without forced cells runs on its own loop (``kernels.plain_run``: level d always
fills the d-th blank cell, so the loop never looks for a cell); MRV, and plain with forced
cells, on ``kernels.search_run``. Imported only when a search is to run compiled.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import numpy.typing as npt

from knightviz.engine.events import Outcome, StackLevel
from knightviz.engine.kernels import _search
from knightviz.engine.kernels.compiled import CompiledSolving, as_array
from knightviz.engine.search import Ending, SearchBase

from . import kernels
from .dlx import NO_COLUMN, DlxSearch, LevelStack
from .problem import SudokuProblem, geometry
from .search import MRV, NO_CELL, PLAIN, GridSearch, SudokuSearch, SudokuStack

I8 = npt.NDArray[np.int8]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]

#: Solutions the kernel hands back per call at most (every solution wanted).
SOLUTIONS_PER_CALL = 256

# The kernels repeat the engine's state slots and statuses (their cache must depend on
# their own file only): the same values, or ``Compiled`` would read the wrong slots.
assert (kernels.DEPTH, kernels.MOVES, kernels.BACKTRACKS, kernels.PEAK, kernels.LOW) == (
    _search.DEPTH,
    _search.MOVES,
    _search.BACKTRACKS,
    _search.PEAK,
    _search.LOW,
)
assert (kernels.NEXT, kernels.RINGN, kernels.EVENTS, kernels.RING) == (
    _search.NEXT,
    _search.RINGN,
    _search.EVENTS,
    _search.RING,
)
assert (kernels.SOLVED, kernels.EXHAUSTED) == (_search.SOLVED, _search.EXHAUSTED)

_LOW: I8 | None = None


def lowest_bits() -> I8:
    """The kernels' lowest-bit table, built once per process."""
    global _LOW
    if _LOW is None:
        low: I8 = kernels.lowest_bits()
        low.flags.writeable = False
        _LOW = low
    return _LOW


def units(n: int) -> U64:
    """Per cell, its row, column and box as indexes into the masks (rows, columns, boxes)."""
    geo = geometry(n)
    out = np.empty(3 * n * n, np.uint64)
    out[0::3] = geo.row
    out[1::3] = np.asarray(geo.col) + n
    out[2::3] = np.asarray(geo.box) + 2 * n
    return out


class CompiledGrid(CompiledSolving, GridSearch):
    """What both compiled Sudoku searches share: the state slots (``kernels``' own, with
    the forced fills), the ring of backtracks, taking over a running search, and a call
    that runs ``_kernel`` until the budget or the end (not just until the kernel's
    solutions buffer is full), so a chunk is as long as the pure-Python search's."""

    #: This call's solutions, a row each: its placements, then its length in the last column.
    _sols: I32

    def _init_common(self, size: int) -> None:
        super()._init_common(size)
        self._st = np.zeros(kernels.STATE_SLOTS, np.int64)
        self._kring = np.zeros(_search.RING, np.int64)
        self._made = 0

    def _take_over(self, source: GridSearch) -> None:
        """Counts, timing, trace, solutions and the pending root solution of ``source``."""
        self._adopt_common(source)
        self._take_solutions(source)
        self.forced = source.forced
        self._st[kernels.FORCED] = source.forced
        self._complete = source._complete

    def _kernel(self, out: I32, budget: int, emit: bool) -> int:
        """One kernel call: its status."""
        raise NotImplementedError

    def _unring(self) -> None:
        """The kernel's ring of backtracks as events in ``_ring``."""
        self._ring[:] = self._kring

    def _call(self, out: I32, budget: int, emit: bool) -> Ending | None:
        self._made = 0
        if self._pending():
            return (Outcome.SOLVED, None)
        while True:
            status = self._kernel(out[self._made :] if emit else out, budget - self._made, emit)
            self._unring()
            self._after_call()
            self._made += int(self._st[_search.EVENTS])
            self.forced = int(self._st[kernels.FORCED])
            sols = self._sols
            for i in range(int(self._st[_search.NEXT])):
                row = sols[i]
                self._found(tuple(row[: int(row[-1])].tolist()))
            if status != kernels.SOLUTIONS_FULL or self._made >= budget:
                break
        return self._ending(status)

    def _events_made(self) -> int:
        return self._made


class NumbaSudokuSearch(CompiledGrid, SudokuSearch):
    """``SudokuSearch`` on the kernels: the pure-Python state made by ``_setup`` is copied
    into arrays once, and the kernels carry it on from there."""

    backend = "numba"

    def _setup(self) -> None:
        super()._setup()  # the pure-Python state, copied into arrays below
        n = self.n
        nn = n * n
        self._init_common(nn)
        self._low = lowest_bits()
        self._unit = units(n)
        self._masks = np.array([*self._rows, *self._cols, *self._boxes], np.int64)
        self._fast = self.strategy == PLAIN and not self.singles
        blank = [c for c, d in enumerate(self.problem.cells) if not d]
        nb = len(blank)
        self._blank = np.array(blank, np.uint64)
        self._occupied = np.zeros(nb + 1, np.int32)
        if self._fast:  # per level, the digits left and the one placed, interleaved
            self._lv = np.zeros(2 * (nb + 1), np.int64)
            self._avail = self._lv[0::2]
        else:
            self._avail = np.zeros(nb + 1, np.int64)
        self._avail[0] = self._left[0]
        self._sols = np.zeros((1 if self.first else SOLUTIONS_PER_CALL, nb + 1), np.int32)
        #: The top level has no cell (the givens clash, or no blank at all).
        self._stuck = self._cell[0] == NO_CELL
        if self._fast:
            self._u3 = self._unit.reshape(nn, 3)[self._blank.astype(np.int64)].ravel()
            return
        self._gridn = np.array(self._grid, np.int8)
        self._cells = np.full(nb + 1, nn, np.uint64)
        self._pos = np.zeros(nb + 1, np.uint64)
        self._cands = np.zeros(nb + 1, np.int64)
        self._trailn = np.zeros(nn, np.uint64)
        self._tmark = np.zeros(nb + 1, np.uint64)
        cell = self._cell[0]
        if cell != NO_CELL:
            self._cells[0] = cell
            self._pos[0] = blank.index(cell)
        self._cands[0] = self._cand[0]
        self._trailn[: len(self._trail)] = self._trail
        self._st[kernels.TRAIL] = len(self._trail)
        self._st[kernels.FORCED] = self.forced

    @classmethod
    def adopt(cls, source: SearchBase) -> NumbaSudokuSearch:
        """A compiled search in exactly the state of ``source``, a running pure-Python
        search (``handover``): the grid, the levels, the forced fills' trail, the counts
        and the solutions found (the same list, the same receiver)."""
        if not isinstance(source, SudokuSearch) or source.backend != "python":
            raise ValueError("only a pure-Python sudoku search can be adopted")
        if source.result is not None:
            raise ValueError("only a running search can be handed over")
        new = cls(
            source.problem,
            source.strategy,
            singles=source.singles,
            first=source.first,
            limit=source.limit,
            cancel=source._cancel,
        )
        new._take_over(source)
        path = source._path
        depth = len(path)
        nn = new.n * new.n
        new._occupied[:depth] = path
        new._masks[:] = [*source._rows, *source._cols, *source._boxes]
        new._avail[: depth + 1] = source._left
        if new._fast:
            new._lv[1 : 2 * depth : 2] = [1 << (x // nn) for x in path]
            return new
        blank = new._blank.tolist()
        where = {c: i for i, c in enumerate(blank)}
        new._gridn[:] = source._grid
        new._cells[: depth + 1] = [nn if c == NO_CELL else c for c in source._cell]
        new._pos[: depth + 1] = [where.get(c, 0) for c in source._cell]
        new._cands[: depth + 1] = source._cand
        new._trailn[: len(source._trail)] = source._trail
        new._tmark[: len(source._mark)] = source._mark
        new._st[kernels.TRAIL] = len(source._trail)
        return new

    # -- state ----------------------------------------------------------------------------

    def _levels(self) -> tuple[array[int], array[int], array[int]]:
        depth = self._length()
        nn = self.n * self.n
        if not self._fast:
            kept = self._cells[: depth + 1].astype(np.int64)
            kept[kept == nn] = NO_CELL
            return (
                as_array(kept.astype(np.int32)),
                as_array(self._cands[: depth + 1].astype(np.int32)),
                as_array(self._avail[: depth + 1].astype(np.int32)),
            )
        # Plain without forced cells keeps no cell or candidates per level: level d's cell
        # is the d-th blank (none past the last, or when the givens clash), its candidates
        # those the units held before the placements from level d on.
        blank = self._blank.tolist()
        path = self._occupied[:depth].tolist()
        masks = self._masks.tolist()
        unit = self._unit.tolist()
        full = (1 << self.n) - 1
        cells = array("i", [NO_CELL] * (depth + 1))
        cands = array("i", [0] * (depth + 1))
        for d in range(depth, -1, -1):
            if d < depth:
                x = path[d]
                c, bit = x % nn, 1 << (x // nn)
                for u in unit[3 * c : 3 * c + 3]:
                    masks[u] &= ~bit
            if d < len(blank) and not self._stuck:
                c = blank[d]
                cells[d] = c
                r, k, b = unit[3 * c : 3 * c + 3]
                cands[d] = full & ~(masks[r] | masks[k] | masks[b])
        return cells, cands, as_array(self._avail[: depth + 1].astype(np.int32))

    def stack(self) -> SudokuStack:
        return SudokuStack(self.n, self.snapshot_path(), *self._levels())

    # -- the kernels ----------------------------------------------------------------------

    def _kernel(self, out: I32, budget: int, emit: bool) -> int:
        if self._fast:
            return int(
                kernels.plain_run(
                    self._u3,
                    self._blank,
                    self._low,
                    self._masks,
                    self._lv,
                    self._occupied,
                    self._st,
                    out,
                    budget,
                    emit,
                    self.n,
                    self.first,
                    self._sols,
                    self._kring,
                )
            )
        return int(
            kernels.search_run(
                self._unit,
                self._low,
                self._blank,
                self._gridn,
                self._masks,
                self._cells,
                self._pos,
                self._avail,
                self._cands,
                self._occupied,
                self._trailn,
                self._tmark,
                self._st,
                out,
                budget,
                emit,
                self.n,
                self.strategy == MRV,
                self.singles,
                self.first,
                self._sols,
                self._kring,
            )
        )

    def _unring(self) -> None:
        """Plain's ring entries are ``level << 16 | bit``."""
        m = min(int(self._st[_search.RINGN]), _search.RING)
        if not m:
            return
        ring = self._kring
        if not self._fast:
            self._ring[:] = ring
            return
        nn = self.n * self.n
        blank = self._blank
        for i in range(_search.RING):
            e = int(ring[i])
            self._ring[i] = ((e & 0xFFFF).bit_length() - 1) * nn + int(blank[e >> 16])


class NumbaDlxSearch(CompiledGrid, DlxSearch):
    """``DlxSearch`` with its matrix in int32 arrays and ``kernels.dlx_run`` as its loop:
    the same stream, stack, solutions and results."""

    backend = "numba"

    def __init__(self, problem: SudokuProblem, **kwargs: Any) -> None:
        super().__init__(problem, **kwargs)  # the matrix built, the givens taken
        m = self._matrix
        self._init_common(problem.n * problem.n)
        self._left, self._right = np.array(m.left, np.int32), np.array(m.right, np.int32)
        self._up, self._down = np.array(m.up, np.int32), np.array(m.down, np.int32)
        self._col = np.array(m.col, np.int32)
        self._size = np.array(m.size, np.int32)
        self._event = np.array(m.event, np.int32)
        levels = problem.blanks + 1
        self._heads = np.full(levels, NO_COLUMN, np.int32)
        self._curs = np.full(levels, NO_COLUMN, np.int32)
        self._heads[0] = self._curs[0] = self._head[0]
        self._occupied = np.zeros(levels, np.int32)
        self._sols = np.zeros((1 if self.first else SOLUTIONS_PER_CALL, levels), np.int32)

    @classmethod
    def adopt(cls, source: SearchBase) -> NumbaDlxSearch:
        """A compiled search in exactly the state of ``source``, a running pure-Python DLX
        search (``handover``): the matrix as it stands, the levels, counts and solutions."""
        if not isinstance(source, DlxSearch) or source.backend != "python":
            raise ValueError("only a pure-Python DLX search can be adopted")
        if source.result is not None:
            raise ValueError("only a running search can be handed over")
        new = cls(source.problem, first=source.first, limit=source.limit, cancel=source._cancel)
        new._take_over(source)
        m = source._matrix
        for mine, theirs in (
            (new._left, m.left),
            (new._right, m.right),
            (new._up, m.up),
            (new._down, m.down),
            (new._size, m.size),
        ):
            mine[:] = theirs
        depth = len(source._path)
        new._occupied[:depth] = source._path
        new._heads[: depth + 1] = source._head
        new._curs[: depth + 1] = source._cur
        return new

    def stack(self) -> LevelStack:
        depth = self._length()
        down, event = self._down, self._event
        path = self._occupied[:depth].tolist()
        levels = []
        for k in range(depth + 1):
            head, cur = int(self._heads[k]), int(self._curs[k])
            if head == NO_COLUMN:
                break
            rows = []
            i = int(down[head])
            while i != head:
                rows.append(i)
                i = int(down[i])
            tried = 0 if cur == head else rows.index(cur) + 1
            square = path[k] if k < depth else -1
            levels.append(StackLevel(square, tuple(int(event[r]) for r in rows), tried))
        return LevelStack(levels)

    def _kernel(self, out: I32, budget: int, emit: bool) -> int:
        return int(
            kernels.dlx_run(
                self._left,
                self._right,
                self._up,
                self._down,
                self._col,
                self._size,
                self._event,
                self._heads,
                self._curs,
                self._occupied,
                self._st,
                out,
                budget,
                emit,
                self.first,
                self._sols,
                self._kring,
            )
        )


def warm_up() -> None:
    """Compile (or load from numba's cache) the search loops, with the argument types of
    real runs: each strategy, forced cells on and off, events and quiet."""
    problem = SudokuProblem(4, 2, 2, (1, 0, 0, 0) + (0,) * 12)
    for strategy in (PLAIN, MRV):
        for singles in (False, True):
            search = NumbaSudokuSearch(problem, strategy, singles=singles, first=False)
            search.advance(20)
            search.advance_quiet(20)
    dlx = NumbaDlxSearch(problem, first=False)
    dlx.advance(20)
    dlx.advance_quiet(20)
