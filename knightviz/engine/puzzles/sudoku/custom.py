"""Sudoku steered by a user's strategy: ``cell(position, cells)`` picks the blank cell to
fill next, ``digits(position, cell, digits)`` orders (or prunes) its candidate digits.

Without ``cell`` the first blank in reading order is filled (plain); without ``digits`` the
digits go ascending. With ``cell`` returning the first blank with the fewest candidates this
is the built-in MRV, event for event; with neither it is the built-in plain. Runs in the
strategy's child process (``knightviz.engine.strategies``); forced fills are not offered.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from knightviz.engine.events import Outcome, StackLevel
from knightviz.engine.search import Ending

from .problem import Board, SudokuProblem, digits, geometry
from .search import NO_CELL, GridSearch

#: The ending of a run a strategy's failure stopped (``failure`` says why).
FAILED: Ending = (Outcome.CANCELLED, None)


class GridPosition:
    """What ``cell`` and ``digits`` see: read-only. Cells are ``row * n + column`` in
    reading order; digits 1..n; 0 is a blank."""

    __slots__ = ("_s",)

    def __init__(self, search: UserSudokuSearch) -> None:
        self._s = search

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

    @property
    def seed(self) -> int:
        return int(self._s.calls.seed)

    @property
    def random(self) -> random.Random:
        r: random.Random = self._s.calls.random
        return r

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
        self.failure: Exception | None = None
        self._board = board = Board(problem)
        self._position = GridPosition(self)
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

    def _enter(self, step: int) -> None:
        """Push the node after the path: its cell and its digits in the strategy's order."""
        board = self._board
        grid = board.grid
        calls = self.calls
        if calls.has("cell"):
            blanks = tuple(c for c, d in enumerate(grid) if not d)
            cell = calls.pick("cell", step, blanks, self._position) if blanks else NO_CELL
        else:
            cell = next((c for c, d in enumerate(grid) if not d), NO_CELL)
        if cell == NO_CELL:
            ordered: Sequence[int] = ()
        else:
            found = digits(board.mask(cell))
            if found and calls.has("digits"):
                ordered = calls.order("digits", step, found, self._position, cell)
            else:
                ordered = found
        self._cells.append(cell)
        self._levels.append(ordered)
        self._tried.append(0)

    def _run(self, out: list[int], budget: int) -> Ending | None:
        nn = self.n * self.n
        board = self._board
        path, cells, levels, tried = self._path, self._cells, self._levels, self._tried
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
                    board.put(cell, digit)
                    x = (digit - 1) * nn + cell
                    path.append(x)
                    emit(x)
                    moves += 1
                    try:
                        self._enter(self.moves + self.backtracks + moves + backtracks)
                    except Exception as e:
                        self.failure = e
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
                board.clear(x % nn)
                emit(~x)
                backtracks += 1
        finally:
            self._tally(peak, moves, backtracks)
        return None
