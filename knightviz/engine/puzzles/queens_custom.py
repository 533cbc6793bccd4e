"""N-Queens steered by a user's strategy: each row's free columns (left to right) ordered
once by the user's ``order(position, candidates)`` and tried in turn; unchanged, the built-in
search, event for event. Runs in the strategy's child process (``engine.strategies``);
``QueensSpec.custom_search`` makes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from knightviz.engine.board import Board
from knightviz.engine.events import Outcome, StackLevel
from knightviz.engine.search import Ending, SolvingSearch
from knightviz.engine.strategies.api import StrategyError
from knightviz.engine.strategies.calls import Calls, Failed, Position

SOLVED: Ending = (Outcome.SOLVED, None)
#: The ending of a run a strategy's failure stopped (``failure`` says why).
FAILED: Ending = (Outcome.CANCELLED, None)


class QueensPosition(Position["UserQueensSearch"]):
    """What ``order`` sees of an N-Queens search: read-only. Rows are filled from the
    bottom (row ``n - 1``, rank 1) upward; a square is ``row * n + column``."""

    __slots__ = ()

    @property
    def n(self) -> int:
        return self._s.n

    @property
    def row(self) -> int:
        """The row being filled (0 at the top)."""
        return self._s.n - 1 - len(self._s._path)

    @property
    def queens(self) -> tuple[int, ...]:
        """The squares of the queens placed, in placing order."""
        return tuple(self._s._path)

    @property
    def depth(self) -> int:
        return len(self._s._path)

    def free(self, row: int, column: int) -> bool:
        """No queen attacks the square (its column and both diagonals are free)."""
        s = self._s
        n = s.n
        return not (s._file[column] or s._up[row + column] or s._down[row - column + n])

    def degree(self, column: int) -> int:
        """The free squares left in the rows still to fill if a queen goes to ``column`` of
        the row being filled."""
        s = self._s
        n = s.n
        row = self.row
        total = 0
        for r in range(row):
            for c in range(n):
                if c != column and r + c != row + column and r - c != row - column:
                    total += self.free(r, c)
        return total


class UserQueensSearch(SolvingSearch):
    """N-Queens trying the free columns of each row in the order ``order`` returns them."""

    def __init__(
        self,
        n: int,
        calls: Calls,
        *,
        first: bool,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(first, on_solution, limit, cancel)
        self.n = self.rows = self.cols = n
        self.board = Board(n, n)
        self.initial = ()
        self.calls = calls
        #: What stopped the run, when the user's code failed.
        self.failure: StrategyError | None = None
        self._file = bytearray(n)
        self._up = bytearray(2 * n)
        self._down = bytearray(2 * n + 1)
        self._position = QueensPosition(self)
        self._ask = calls.orderer("order", self._position)
        self._levels: list[Sequence[int]] = []
        self._tried: list[int] = []
        self._enter()

    def stack(self) -> Sequence[StackLevel]:
        n = self.n
        out = []
        for d, (level, tried) in enumerate(zip(self._levels, self._tried, strict=True)):
            row = n - 1 - d
            square = self._path[d] if d < len(self._path) else -1
            out.append(StackLevel(square, tuple(row * n + c for c in level), tried))
        return out

    def _enter(self) -> None:
        """Push the level of the node after the path (``Failed`` when the call fails)."""
        n = self.n
        k = len(self._path)
        if k == n:
            self._levels.append(())
            self._tried.append(0)
            return
        row = n - 1 - k
        files, up, down = self._file, self._up, self._down
        columns = tuple(c for c in range(n) if not (files[c] or up[row + c] or down[row - c + n]))
        ordered: Sequence[int] = columns
        if columns and self._ask is not None:
            ordered = self._ask(columns)
        self._levels.append(ordered)
        self._tried.append(0)

    def top(self) -> Sequence[int]:
        """The squares the node at the path's end tries, in the strategy's order."""
        n = self.n
        if len(self._levels) != len(self._path) + 1:
            return ()
        row = n - 1 - len(self._path)
        return tuple(row * n + c for c in self._levels[-1])

    def follow(self, square: int) -> None:
        """Place a queen on ``square`` (its column one of the top level's candidates) as the
        search would (the window's explainer rebuilds a position it passed through).
        ValueError: not a candidate there; ``Failed``: the user's code failed."""
        n = self.n
        row, col = divmod(square, n)
        if row != n - 1 - len(self._path):
            raise ValueError(f"square {square} is not on the rank being filled")
        self._tried[-1] = list(self._levels[-1]).index(col) + 1
        self._file[col] = self._up[row + col] = self._down[row - col + n] = 1
        self._path.append(square)
        self._enter()

    def _run(self, out: list[int], budget: int) -> Ending | None:
        n = self.n
        placed, levels, tried = self._path, self._levels, self._tried
        files, up, down = self._file, self._up, self._down
        emit = out.append
        peak = self._peak
        moves = backtracks = 0
        try:
            for _ in range(budget):
                k = len(placed)
                level = levels[-1]
                t = tried[-1]
                if t < len(level):
                    tried[-1] = t + 1
                    col = level[t]
                    row = n - 1 - k
                    files[col] = up[row + col] = down[row - col + n] = 1
                    sq = row * n + col
                    placed.append(sq)
                    emit(sq)
                    moves += 1
                    if k + 1 == n and self._solved(tuple(placed)):
                        return SOLVED
                    try:
                        self._enter()
                    except Failed as failed:
                        step = self.moves + self.backtracks + moves + backtracks
                        self.failure = failed.build(step)
                        return FAILED
                    continue
                if k == 0:
                    return self._exhausted()
                if k > peak:
                    peak = k
                levels.pop()
                tried.pop()
                sq = placed.pop()
                row, col = divmod(sq, n)
                files[col] = up[row + col] = down[row - col + n] = 0
                emit(~sq)
                backtracks += 1
        finally:
            self._tally(peak, moves, backtracks)
        return None

    def _no_solution(self) -> str:
        return f"No way to place {self.n} queens on a {self.board} board."
