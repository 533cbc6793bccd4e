"""The Python searches a user's strategy steers: the knight's tour (any leaper, holes,
closed) and N-Queens, each asking ``Calls`` for the order of its candidates at each node.

The node's candidates are computed when the node is entered (the unvisited neighbours in
the leaper's direction order; the free columns of the row, ascending) and ordered once by
the user's ``order``; the search then tries them in turn, as the built-ins do. With
``order`` returning its candidates unchanged these are the built-in plain searches, event
for event. Run in the child process; the puzzles' specs make them (``custom_search``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from knightviz.engine.board import CLASSIC_ORDER, Board, Shape
from knightviz.engine.events import Outcome, Result, StackLevel
from knightviz.engine.search import Ending, SearchBase, SolvingSearch
from knightviz.engine.strategies.calls import Calls
from knightviz.engine.tour import Heuristic, Order, Strategy
from knightviz.engine.verdict import impossibility

SOLVED: Ending = (Outcome.SOLVED, None)
#: The ending of a run a strategy's failure stopped (``failure`` says why).
FAILED: Ending = (Outcome.CANCELLED, None)


class TourPosition:
    """What ``order`` sees of a knight's-tour search: read-only."""

    __slots__ = ("_s",)

    def __init__(self, search: UserTourSearch) -> None:
        self._s = search

    @property
    def rows(self) -> int:
        return self._s.rows

    @property
    def cols(self) -> int:
        return self._s.cols

    @property
    def start(self) -> int:
        return self._s.start

    @property
    def square(self) -> int:
        """The square the piece is on (whose onward moves are the candidates)."""
        return self._s._path[-1]

    @property
    def path(self) -> tuple[int, ...]:
        """The squares visited, in order, the start first."""
        return tuple(self._s._path)

    @property
    def depth(self) -> int:
        return len(self._s._path) - 1

    @property
    def size(self) -> int:
        """The squares a tour visits (the board less its holes)."""
        return self._s._goal

    @property
    def seed(self) -> int:
        return self._s.calls.seed

    @property
    def random(self) -> random.Random:
        return self._s.calls.random

    def visited(self, square: int) -> bool:
        return bool(self._s._visited[square])

    def hole(self, square: int) -> bool:
        return not self._s.board.present(square)

    def neighbours(self, square: int) -> tuple[int, ...]:
        """Every square a move leads to from ``square``, visited or not."""
        return self._s._nb[square]

    def degree(self, square: int) -> int:
        """The unvisited squares a move from ``square`` leads to (its onward degree)."""
        visited = self._s._visited
        return sum(1 for w in self._s._nb[square] if not visited[w])

    def row(self, square: int) -> int:
        return square // self._s.cols

    def col(self, square: int) -> int:
        return square % self._s.cols

    def name(self, square: int) -> str:
        """The square's algebraic name (``a8`` is square 0)."""
        return self._s.board.name(square)


class UserTourSearch(SearchBase):
    """A tour search trying each square's unvisited neighbours in the order ``order``
    returns them (a Warnsdorff-like rule written by the user, or anything else)."""

    def __init__(
        self,
        rows: int,
        cols: int,
        start: int,
        shape: Shape,
        closed: bool,
        calls: Calls,
        *,
        directions: Order = CLASSIC_ORDER,
        search_anyway: bool = False,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(limit, cancel)
        self.board = board = Board(rows, cols, shape)
        if not 0 <= start < board.size or not board.present(start):
            raise ValueError(f"start square {start} is not on the {board} board")
        self.rows, self.cols = rows, cols
        self.start = start
        self.initial = (start,)
        self.calls = calls
        self.failure: Exception | None = None
        self._closed = closed
        self._goal = board.area
        self._nb = Strategy(Heuristic.NONE, order=directions).table(board)
        self._visited = bytearray(board.size)
        self._visited[start] = 1
        self._path = [start]
        self._position = TourPosition(self)
        self._levels: list[Sequence[int]] = [()]
        self._tried = [0]
        reason = None if search_anyway else impossibility(board, start, closed)
        if reason is not None:
            self.result = Result(Outcome.IMPOSSIBLE, 0, 0, reason=reason)
        elif self._goal == 1 and not closed:
            self._finish(Outcome.SOLVED)
        else:
            self._levels = []
            self._tried = []
            self._enter(start, 0)

    @property
    def depth(self) -> int:
        return len(self._path) - 1

    @property
    def max_depth(self) -> int:
        return max(self._peak, len(self._path)) - 1

    def stack(self) -> Sequence[StackLevel]:
        return [
            StackLevel(sq, tuple(level), tried)
            for sq, level, tried in zip(self._path, self._levels, self._tried, strict=False)
        ]

    def _enter(self, square: int, step: int) -> None:
        """Push the level of the node just entered: its candidates, as ``order`` orders them."""
        visited = self._visited
        candidates = tuple(u for u in self._nb[square] if not visited[u])
        if candidates and self.calls.has("order"):
            ordered = self.calls.order("order", step, candidates, self._position)
        else:
            ordered = candidates
        self._levels.append(ordered)
        self._tried.append(0)

    def _run(self, out: list[int], budget: int) -> Ending | None:
        path, visited, levels, tried = self._path, self._visited, self._levels, self._tried
        goal, closed, start, nb = self._goal, self._closed, self.start, self._nb
        emit = out.append
        peak = self._peak
        moves = backtracks = 0
        try:
            for _ in range(budget):
                k = tried[-1]
                level = levels[-1]
                if k < len(level):
                    tried[-1] = k + 1
                    t = level[k]
                    visited[t] = 1
                    path.append(t)
                    emit(t)
                    moves += 1
                    if len(path) == goal and (not closed or start in nb[t]):
                        return SOLVED
                    try:
                        self._enter(t, self.moves + self.backtracks + moves + backtracks)
                    except Exception as e:
                        self.failure = e
                        return FAILED
                    continue
                size = len(path)
                if size == 1:
                    return (Outcome.EXHAUSTED, None)
                if size > peak:
                    peak = size
                levels.pop()
                tried.pop()
                sq = path.pop()
                visited[sq] = 0
                emit(~sq)
                backtracks += 1
        finally:
            self._tally(peak, moves, backtracks)
        return None

    def _finish(self, outcome: Outcome, reason: str | None = None) -> None:
        tour = tuple(self._path) if outcome is Outcome.SOLVED else None
        if outcome is Outcome.EXHAUSTED and reason is None:
            kind = "closed tour" if self._closed else "tour"
            reason = (
                f"The search tried every possibility: no {kind} from "
                f"{self.board.name(self.start)} on a {self.board} board."
            )
        elif outcome is Outcome.LIMIT and reason is None:
            reason = f"Stopped at the step limit ({self.limit:,} steps) without a tour."
        self.result = Result(
            outcome,
            self.moves,
            self.backtracks,
            reason=reason,
            solution=tour,
            seconds=self._seconds,
            count=int(tour is not None),
        )


class QueensPosition:
    """What ``order`` sees of an N-Queens search: read-only. Rows are filled from the
    bottom (row ``n - 1``, rank 1) upward; a square is ``row * n + column``."""

    __slots__ = ("_s",)

    def __init__(self, search: UserQueensSearch) -> None:
        self._s = search

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

    @property
    def seed(self) -> int:
        return self._s.calls.seed

    @property
    def random(self) -> random.Random:
        return self._s.calls.random

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
        self.failure: Exception | None = None
        self._file = bytearray(n)
        self._up = bytearray(2 * n)
        self._down = bytearray(2 * n + 1)
        self._position = QueensPosition(self)
        self._levels: list[Sequence[int]] = []
        self._tried: list[int] = []
        self._enter(0)

    def stack(self) -> Sequence[StackLevel]:
        n = self.n
        out = []
        for d, (level, tried) in enumerate(zip(self._levels, self._tried, strict=True)):
            row = n - 1 - d
            square = self._path[d] if d < len(self._path) else -1
            out.append(StackLevel(square, tuple(row * n + c for c in level), tried))
        return out

    def _enter(self, step: int) -> None:
        n = self.n
        k = len(self._path)
        if k == n:
            self._levels.append(())
            self._tried.append(0)
            return
        row = n - 1 - k
        files, up, down = self._file, self._up, self._down
        columns = tuple(c for c in range(n) if not (files[c] or up[row + c] or down[row - c + n]))
        if columns and self.calls.has("order"):
            ordered = self.calls.order("order", step, columns, self._position)
        else:
            ordered = columns
        self._levels.append(ordered)
        self._tried.append(0)

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
                        self._enter(self.moves + self.backtracks + moves + backtracks)
                    except Exception as e:
                        self.failure = e
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
