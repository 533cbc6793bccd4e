"""Sudoku by backtracking: plain (the first blank cell) or MRV (the blank with the fewest
candidates), each with forced cells (naked singles) filled between steps on request.

A placement is a step forward, its removal a step back (the events of docs/reference.md's
Sudoku section); forced fills are derived state, neither events nor steps.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields

from knightviz.engine.events import Outcome, Result, StackLevel
from knightviz.engine.search import Ending, SolvingSearch
from knightviz.engine.stack import Levels

from .problem import Board, SudokuProblem, digits, geometry

PLAIN, MRV = "plain", "mrv"
STRATEGIES = (PLAIN, MRV)
#: A level's cell when the grid is full (a solution: nothing left to choose).
NO_CELL = -1


@dataclass(frozen=True, slots=True)
class SudokuResult(Result):
    """A Sudoku search's result: the counts of every search, and the forced fills (derived
    state, not steps, so ``Result`` has no place for them)."""

    forced: int = 0


def choose(board: Board, strategy: str, start: int = 0) -> tuple[int, int]:
    """The cell the strategy decides next and its candidates (bitmask), or (NO_CELL, 0)
    when the grid is full. Plain: the first blank at or after ``start`` (every cell before
    it is filled); MRV: the first blank with the fewest candidates."""
    grid = board.grid
    size = len(grid)
    if strategy == PLAIN:
        c = start
        while c < size and grid[c]:
            c += 1
        return (c, board.mask(c)) if c < size else (NO_CELL, 0)
    best, best_mask, fewest = NO_CELL, 0, board.n + 1
    for c in range(size):
        if grid[c]:
            continue
        m = board.mask(c)
        k = m.bit_count()
        if k < fewest:
            best, best_mask, fewest = c, m, k
            if not k:
                break
    return best, best_mask


class SudokuStack(Levels):
    """The search stack from the arrays the search keeps (both backends keep the same):
    level d is the node after ``path[:d]``; its ``square`` is the placement taken there
    (-1 on the top level), its ``candidates`` the placement events of its cell's candidate
    digits ascending, ``tried`` how many of them have been taken. A full grid's top level
    (nothing to decide) is left out; a dead end's is kept, with no candidates."""

    def __init__(
        self,
        n: int,
        path: array[int],
        cells: array[int],
        cands: array[int],
        lefts: array[int],
    ) -> None:
        self._n = n
        self._path = path
        self._cells = cells
        self._cands = cands
        self._lefts = lefts
        depth = len(path)
        self._size = depth if cells[depth] == NO_CELL else depth + 1

    def __len__(self) -> int:
        return self._size

    def cell(self, d: int) -> int:
        """The cell decided at level ``d`` (the one with no candidate on a dead end)."""
        return self._cells[d]

    def _level(self, d: int) -> StackLevel:
        nn = self._n * self._n
        cell = self._cells[d]
        mask = self._cands[d]
        events = tuple((digit - 1) * nn + cell for digit in digits(mask))
        square = self._path[d] if d < len(self._path) else -1
        return StackLevel(square, events, (mask & ~self._lefts[d]).bit_count())


class Replay:
    """The search's nodes along a path, replayed from the problem: each node's cell and
    candidates as the search decides them there (for ``stack_at`` and the tree)."""

    def __init__(self, problem: SudokuProblem, strategy: str, singles: bool) -> None:
        if strategy not in STRATEGIES:
            raise ValueError(f"no sudoku strategy {strategy!r} (known: plain, mrv)")
        self.problem = problem
        self.strategy = strategy
        self.singles = singles
        self.board = Board(problem)
        self.trail: list[int] = []
        self.bad = NO_CELL
        if self.board.clash:
            self.bad = -2  # no node at all: the givens clash
        elif singles:
            self.bad = self.board.singles(self.trail)
        self.node = self._node(0)

    def _node(self, start: int) -> tuple[int, int]:
        if self.bad == -2:
            return (NO_CELL, 0)
        if self.bad >= 0:
            return (self.bad, 0)
        return choose(self.board, self.strategy, start)

    def place(self, x: int) -> None:
        """Take placement ``x`` (one of the node's candidates) and move to the next node."""
        n = self.board.n
        cell = x % (n * n)
        self.board.put(cell, x // (n * n) + 1)
        if self.singles:
            self.bad = self.board.singles(self.trail)
        self.node = self._node(cell + 1)

    def events(self) -> tuple[int, ...]:
        cell, mask = self.node
        nn = self.board.n * self.board.n
        return tuple((d - 1) * nn + cell for d in digits(mask))


class GridSearch(SolvingSearch):
    """What the Sudoku searches (backtracking and DLX) share: the problem, the counts
    (``forced``: the forced fills, none for DLX), a grid complete before any step (its
    solution ``()`` reported by the first advance call) and the result."""

    def __init__(
        self,
        problem: SudokuProblem,
        strategy: str,
        singles: bool,
        first: bool,
        on_solution: Callable[[tuple[int, ...]], None] | None,
        limit: int | None,
        cancel: Callable[[], bool] | None,
    ) -> None:
        super().__init__(first, on_solution, limit, cancel)
        self.problem = problem
        self.strategy = strategy
        self.singles = singles
        self.n = self.rows = self.cols = problem.n
        self.initial = ()
        self.forced = 0
        #: The grid is complete before any step: the solution () is still to be reported.
        self._complete = False

    def _pending(self) -> bool:
        """Reports the solution () of a grid complete before any step, once; True when
        that ends the search (only the first solution wanted)."""
        if not self._complete:
            return False
        self._complete = False
        return self._solved(())

    def _no_solution(self) -> str:
        return "This sudoku has no solution."

    def _result(self, outcome: Outcome, reason: str | None) -> SudokuResult:
        common = super()._result(outcome, reason)
        kept = {f.name: getattr(common, f.name) for f in fields(common)}
        return SudokuResult(**kept, forced=self.forced)


class SudokuSearch(GridSearch):
    """Backtracking over placements; ``first`` stops at the first solution.

    The pure-Python reference implementation; the compiled subclass keeps the same state in
    arrays and makes the same stream. The state (all flat, so it maps onto arrays):

    - ``_grid`` (N² ints): the digit in each cell, 0 blank: givens, placements, forced fills;
      ``_rows``, ``_cols``, ``_boxes`` (N ints each): the digits each unit holds, bit d-1
      for digit d. A cell's candidates are ``full & ~(rows[r] | cols[c] | boxes[b])``.
    - ``_path`` (SearchBase's): the placement events on the path, ``(d-1)*N² + cell``.
    - per level k = 0 .. depth (level k is the node after ``_path[:k]``, the top level the
      node being worked on): ``_cell[k]`` the cell decided there (-1 when the grid is full;
      on a dead end of singles the cell left with no candidate), ``_cand[k]`` its candidate
      digits when the node was entered (bitmask; 0 on a dead end), ``_left[k]`` those not
      yet tried. The next digit is the lowest bit of ``_left[k]``; ``tried`` is
      ``popcount(_cand[k] & ~_left[k])``. The top level is made right after each
      placement, so ``stack()`` needs no search.
    - singles only: ``_trail`` the cells filled by forced fills in filling order (the
      givens' own fills first, never undone), and ``_mark[k]`` (k < depth) the trail's
      length before placement k's fills: its removal clears the trail back to the mark.
    - ``forced``: forced fills made so far, the givens' own included; ``count`` solutions.

    A step: if the top level has a digit left, place it (an event), fill singles, and push
    the next node (its cell and candidates; a full grid is a solution); else pop the level
    and remove the last placement (an event, undoing its fills), or end at the root.
    A grid complete before any step (every cell given or forced) is the solution ``()``,
    reported by the first advance call. Givens that clash end the search at once, with no
    solution.

    A compiled subclass (as ``kernels/queens.py`` subclasses ``QueensSearch``) overrides
    ``_setup`` (its arrays, from the same start: givens placed, their singles filled, the
    root level chosen; ``Board`` and ``choose`` make them), ``_levels`` (the three per-level
    arrays up to the depth, for ``stack()``), ``depth``, ``max_depth``, ``snapshot_path``,
    ``_events``, ``_events_into`` and ``_quiet``; it reports the pending root solution
    (``_complete``) as ``_run`` does, and keeps ``forced``, ``count`` and ``_found``.
    """

    def __init__(
        self,
        problem: SudokuProblem,
        strategy: str = PLAIN,
        *,
        singles: bool = False,
        first: bool = True,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(problem, strategy, singles, first, on_solution, limit, cancel)
        if strategy not in STRATEGIES:
            raise ValueError(f"no sudoku strategy {strategy!r} (known: plain, mrv)")
        self._setup()

    def _setup(self) -> None:
        board = Board(self.problem)
        self._grid = board.grid
        self._rows, self._cols, self._boxes = board.rows, board.cols, board.boxes
        self._trail: list[int] = []
        self._mark: list[int] = []
        if board.clash:
            cell, mask = NO_CELL, 0
        else:
            bad = board.singles(self._trail) if self.singles else -1
            self.forced = len(self._trail)
            cell, mask = (bad, 0) if bad >= 0 else choose(board, self.strategy)
            self._complete = cell == NO_CELL
        self._cell = [cell]
        self._cand = [mask]
        self._left = [mask]

    # -- state ----------------------------------------------------------------------------

    def _levels(self) -> tuple[array[int], array[int], array[int]]:
        return array("i", self._cell), array("i", self._cand), array("i", self._left)

    def stack(self) -> SudokuStack:
        return SudokuStack(self.n, self.snapshot_path(), *self._levels())

    def stack_at(
        self, path: Sequence[int], last_event: int | None, ended: bool = False
    ) -> SudokuStack:
        """The stack at a position the search passed through (``path``: its placements,
        ``last_event`` the step that led there): below the top each level has tried up to
        its placement; the top has tried nothing after a placement, or up to the placement
        just removed after a removal. (``ended`` changes nothing: an exhausted search ends
        at the root with every candidate tried, as its last removal says.)"""
        replay = Replay(self.problem, self.strategy, self.singles)
        cells, cands, lefts = array("i"), array("i"), array("i")
        nn = self.n * self.n
        for x in path:
            cell, mask = replay.node
            below = (1 << (x // nn + 1)) - 1  # the digits up to x's
            cells.append(cell)
            cands.append(mask)
            lefts.append(mask & ~below)
            replay.place(x)
        cell, mask = replay.node
        left = mask
        if last_event is not None and last_event < 0 and (~last_event) % nn == cell:
            left = mask & ~((1 << ((~last_event) // nn + 1)) - 1)
        cells.append(cell)
        cands.append(mask)
        lefts.append(left)
        return SudokuStack(self.n, array("i", path), cells, cands, lefts)

    # -- the hot loop ---------------------------------------------------------------------

    def _run(self, out: list[int], budget: int) -> Ending | None:
        n = self.n
        nn = n * n
        geo = geometry(n)
        rowof, colof, boxof, full = geo.row, geo.col, geo.box, geo.full
        grid, rows, cols, boxes = self._grid, self._rows, self._cols, self._boxes
        path, cells, cands, lefts = self._path, self._cell, self._cand, self._left
        trail, marks = self._trail, self._mark
        singles, mrv = self.singles, self.strategy == MRV
        emit = out.append
        peak = self._peak
        moves = backtracks = forced = 0
        if self._pending():
            return (Outcome.SOLVED, None)
        try:
            for _ in range(budget):
                k = len(path)
                rest = lefts[k]
                if rest:
                    low = rest & -rest
                    lefts[k] = rest ^ low
                    cell = cells[k]
                    grid[cell] = low.bit_length()
                    rows[rowof[cell]] |= low
                    cols[colof[cell]] |= low
                    boxes[boxof[cell]] |= low
                    x = (low.bit_length() - 1) * nn + cell
                    path.append(x)
                    emit(x)
                    moves += 1
                    bad = -1
                    if singles:
                        marks.append(len(trail))
                        # Forced fills: sweep from the start, fill the first single, again.
                        while True:
                            for c in range(nn):
                                if grid[c]:
                                    continue
                                m = full & ~(rows[rowof[c]] | cols[colof[c]] | boxes[boxof[c]])
                                if not m:
                                    bad = c
                                    break
                                if not m & (m - 1):
                                    grid[c] = m.bit_length()
                                    rows[rowof[c]] |= m
                                    cols[colof[c]] |= m
                                    boxes[boxof[c]] |= m
                                    trail.append(c)
                                    forced += 1
                                    break
                            else:
                                break
                            if bad >= 0:
                                break
                    if bad >= 0:
                        nxt, mask = bad, 0
                    elif mrv:
                        nxt, mask, fewest = NO_CELL, 0, n + 1
                        for c in range(nn):
                            if grid[c]:
                                continue
                            m = full & ~(rows[rowof[c]] | cols[colof[c]] | boxes[boxof[c]])
                            b = m.bit_count()
                            if b < fewest:
                                nxt, mask, fewest = c, m, b
                                if not b:
                                    break
                    else:
                        c = cell + 1
                        while c < nn and grid[c]:
                            c += 1
                        if c < nn:
                            nxt = c
                            mask = full & ~(rows[rowof[c]] | cols[colof[c]] | boxes[boxof[c]])
                        else:
                            nxt, mask = NO_CELL, 0
                    cells.append(nxt)
                    cands.append(mask)
                    lefts.append(mask)
                    if nxt == NO_CELL and self._solved(tuple(path)):
                        return (Outcome.SOLVED, None)
                    continue
                if k == 0:
                    return self._exhausted()
                if k > peak:
                    peak = k
                cells.pop()
                cands.pop()
                lefts.pop()
                if singles:
                    mark = marks.pop()
                    while len(trail) > mark:
                        c = trail.pop()
                        low = 1 << (grid[c] - 1)
                        grid[c] = 0
                        rows[rowof[c]] &= ~low
                        cols[colof[c]] &= ~low
                        boxes[boxof[c]] &= ~low
                x = path.pop()
                cell = x % nn
                low = 1 << (x // nn)
                grid[cell] = 0
                rows[rowof[cell]] &= ~low
                cols[colof[cell]] &= ~low
                boxes[boxof[cell]] &= ~low
                emit(~x)
                backtracks += 1
        finally:
            self._tally(peak, moves, backtracks)
            self.forced += forced
        return None
