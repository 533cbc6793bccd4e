"""Sudoku steered by a user's strategy: ``cell(position, cells)`` picks the blank cell to
fill next, ``digits(position, cell, digits)`` orders (or prunes) its candidate digits.

Without ``cell`` the first blank in reading order is filled (plain); without ``digits`` the
digits go ascending. With ``cell`` returning the first blank with the fewest candidates this
is the built-in MRV, event for event; with neither it is the built-in plain. Runs in the
strategy's child process (``knightviz.engine.strategies``); forced fills are not offered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from knightviz.engine.events import Outcome, StackLevel
from knightviz.engine.search import Ending
from knightviz.engine.strategies.calls import Failed, Position

from .problem import Board, SudokuProblem, digits, geometry
from .search import NO_CELL, GridSearch

#: The ending of a run a strategy's failure stopped (``failure`` says why).
FAILED: Ending = (Outcome.CANCELLED, None)


class GridPosition(Position["UserSudokuSearch"]):
    """What ``cell`` and ``digits`` see: read-only. Cells are ``row * n + column`` in
    reading order; digits 1..n; 0 is a blank."""

    __slots__ = ()

    @property
    def n(self) -> int:
        return self._s.n

    @property
    def box_rows(self) -> int:
        return self._s.problem.box_rows

    @property
    def box_cols(self) -> int:
        return self._s.problem.box_cols

    @property
    def grid(self) -> tuple[int, ...]:
        """Every cell's digit (givens and placements), 0 for a blank."""
        return tuple(self._s._board.grid)

    @property
    def givens(self) -> tuple[int, ...]:
        return self._s.problem.cells

    @property
    def placements(self) -> tuple[int, ...]:
        """The placement events on the path: ``(digit - 1) * n * n + cell``."""
        return tuple(self._s._path)

    @property
    def depth(self) -> int:
        return len(self._s._path)

    def digit(self, cell: int) -> int:
        return self._s._board.grid[cell]

    def candidates(self, cell: int) -> tuple[int, ...]:
        """The digits no row, column or box rules out in ``cell``, ascending (a blank)."""
        return digits(self._s._board.mask(cell))

    def count(self, cell: int) -> int:
        """How many candidate digits ``cell`` has."""
        return self._s._board.mask(cell).bit_count()

    def row(self, cell: int) -> int:
        return cell // self._s.n

    def col(self, cell: int) -> int:
        return cell % self._s.n

    def box(self, cell: int) -> int:
        return geometry(self._s.n).box[cell]


class UserSudokuSearch(GridSearch):
    """Backtracking over placements: at each node the cell ``cell`` picks, its digits in
    the order ``digits`` gives; a cell with no digit left is a dead end (a removal)."""

    def __init__(
        self,
        problem: SudokuProblem,
        calls: Any,
        *,
        first: bool = True,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(problem, "custom", False, first, on_solution, limit, cancel)
        self.calls = calls
        #: What stopped the run, when the user's code failed (a ``StrategyError``).
        self.failure: Exception | None = None
        self._board = board = Board(problem)
        self._digits = _digit_table(problem.n)
        self._position = GridPosition(self)
        self._pick = calls.picker("cell", self._position)
        self._order = calls.orderer("digits", self._position)
        self._cells: list[int] = []
        self._levels: list[Sequence[int]] = []
        self._tried: list[int] = []
        if board.clash:
            self._cells.append(NO_CELL)
            self._levels.append(())
            self._tried.append(0)
        else:
            self._enter(0)
            self._complete = self._cells[-1] == NO_CELL

    def stack(self) -> Sequence[StackLevel]:
        nn = self.n * self.n
        out = []
        for d, cell in enumerate(self._cells):
            if cell == NO_CELL:
                break
            events = tuple((x - 1) * nn + cell for x in self._levels[d])
            square = self._path[d] if d < len(self._path) else -1
            out.append(StackLevel(square, events, self._tried[d]))
        return out

    def _enter(self, after: int) -> None:
        """Push the node after the path: its cell and its digits in the strategy's order
        (``after``: every cell before it is filled, where plain looks for the first blank).
        ``Failed`` when a call of the user's code fails."""
        board = self._board
        grid = board.grid
        if self._pick is not None:
            blanks = tuple([c for c, d in enumerate(grid) if not d])
            cell = self._pick(blanks) if blanks else NO_CELL
        else:
            try:
                cell = grid.index(0, after)
            except ValueError:
                cell = NO_CELL
        ordered: Sequence[int] = ()
        if cell != NO_CELL:
            ordered = self._digits[board.mask(cell)]
            if ordered and self._order is not None:
                ordered = self._order(ordered, cell)
        self._cells.append(cell)
        self._levels.append(ordered)
        self._tried.append(0)

    def top(self) -> Sequence[int]:
        """The placements the node at the path's end tries (its cell's digits, in the
        strategy's order); none at a full grid."""
        if len(self._cells) != len(self._path) + 1 or self._cells[-1] == NO_CELL:
            return ()
        nn = self.n * self.n
        cell = self._cells[-1]
        return tuple((d - 1) * nn + cell for d in self._levels[-1])

    def follow(self, x: int) -> None:
        """Place event ``x`` (a digit of the top level's cell) as the search would (the
        window's explainer rebuilds a position it passed through). ValueError: not a
        candidate there; ``Failed``: the user's code failed."""
        nn = self.n * self.n
        cell, digit = x % nn, x // nn + 1
        if not self._cells or self._cells[-1] != cell:
            raise ValueError(f"cell {cell} is not the one the strategy chose")
        self._tried[-1] = list(self._levels[-1]).index(digit) + 1
        geo = geometry(self.n)
        board = self._board
        bit = 1 << (digit - 1)
        board.grid[cell] = digit
        board.rows[geo.row[cell]] |= bit
        board.cols[geo.col[cell]] |= bit
        board.boxes[geo.box[cell]] |= bit
        self._path.append(x)
        self._enter(cell + 1)

    def _run(self, out: list[int], budget: int) -> Ending | None:
        nn = self.n * self.n
        geo = geometry(self.n)
        rowof, colof, boxof = geo.row, geo.col, geo.box
        board = self._board
        grid, rows, cols, boxes = board.grid, board.rows, board.cols, board.boxes
        path, cells, levels, tried = self._path, self._cells, self._levels, self._tried
        enter = self._enter
        emit = out.append
        peak = self._peak
        moves = backtracks = 0
        if self._pending():
            return (Outcome.SOLVED, None)
        try:
            for _ in range(budget):
                k = len(path)
                level = levels[-1]
                t = tried[-1]
                if t < len(level):
                    tried[-1] = t + 1
                    cell = cells[-1]
                    digit = level[t]
                    bit = 1 << (digit - 1)
                    grid[cell] = digit
                    rows[rowof[cell]] |= bit
                    cols[colof[cell]] |= bit
                    boxes[boxof[cell]] |= bit
                    x = (digit - 1) * nn + cell
                    path.append(x)
                    emit(x)
                    moves += 1
                    try:
                        enter(cell + 1)
                    except Failed as failed:
                        self.failure = failed.build(
                            self.moves + self.backtracks + moves + backtracks
                        )
                        return FAILED
                    if cells[-1] == NO_CELL and self._solved(tuple(path)):
                        return (Outcome.SOLVED, None)
                    continue
                if k == 0:
                    return self._exhausted()
                if k > peak:
                    peak = k
                cells.pop()
                levels.pop()
                tried.pop()
                x = path.pop()
                cell = x % nn
                bit = 1 << (x // nn)
                grid[cell] = 0
                rows[rowof[cell]] &= ~bit
                cols[colof[cell]] &= ~bit
                boxes[boxof[cell]] &= ~bit
                emit(~x)
                backtracks += 1
        finally:
            self._tally(peak, moves, backtracks)
        return None


def _digit_table(n: int) -> list[tuple[int, ...]]:
    """Every mask's digits, ascending, by mask (2**n entries: 65,536 for 16×16)."""
    return [digits(mask) for mask in range(1 << n)]
