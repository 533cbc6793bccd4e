"""N-Queens on the knight's event model: a placement is a move, a removal a backtrack.

Queens go rank by rank from rank 1 (the bottom row) upward, files a, b, … in turn, so the
solutions come out in the order docs/reference.md §4 prints them (``a1 e2 h3 f4 c5 g6 b7 d8``
first). A square is free when its file and both diagonals are free: three sets of
"constraint IDs", kept as bytearrays and undone on removal.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence

from . import trace
from .board import Board, BoardError
from .events import Outcome, StackLevel
from .explain import Constraint, conflicts
from .search import Ending, SolvingSearch
from .stack import QueensStack

MAX_QUEENS = 1000


def check_size(n: int) -> Board:
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_QUEENS:
        raise BoardError(f"the queens board size must be from 1 to {MAX_QUEENS}, not {n!r}")
    return Board(n, n)


class QueensSearch(SolvingSearch):
    """Backtracking over placements; ``first`` stops at the first solution.

    The pure-Python reference implementation; ``factory.make_queens_search`` makes this or
    its compiled subclass (same stream, same state), as the backend policy chooses.
    """

    def __init__(
        self,
        n: int,
        *,
        first: bool = False,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(first, on_solution, limit, cancel)
        self.board = check_size(n)
        self.n = self.rows = self.cols = n
        self.initial = ()
        self._setup()

    def stack(self) -> QueensStack:
        return QueensStack(self.n, self.snapshot_path(), self._cursors())

    def stack_at(
        self, placed: Sequence[int], last_event: int | None, ended: bool = False
    ) -> QueensStack:
        """The stack at a position the search passed through: each rank's cursor is one past
        its queen; the rank being filled has tried nothing after a placement, or up to the
        queen just removed after a removal. (``ended`` changes nothing here: an exhausted
        queens search ends on its first rank, every file tried, as the last removal says.)"""
        n = self.n
        cursor = array("i", (sq % n + 1 for sq in placed))
        if len(placed) < n:
            removed = ~last_event if last_event is not None and last_event < 0 else None
            same_rank = removed is not None and removed // n == n - 1 - len(placed)
            cursor.append(removed % n + 1 if same_rank and removed is not None else 0)
        cursor.extend([0] * (n + 1 - len(cursor)))
        return QueensStack(n, array("i", placed), cursor)

    def _considered(self, before: Sequence[StackLevel], event: int) -> list[int]:
        """The files of the rank being filled examined from where it left off, each with the
        first constraint (column, x + y, x - y) that rejects it, until the placement; all the
        rest before a removal. Nothing after a solution (no rank is scanned then)."""
        n = self.n
        queens = [level.square for level in before if level.square >= 0]
        if len(queens) == n:
            return []
        level = before[-1]
        out: list[int] = []
        for sq in level.candidates[level.tried :]:
            if event >= 0 and sq == event:
                break
            found = conflicts(n, queens, sq)
            if not found:
                break  # free: the search would have placed a queen here
            kind = {
                Constraint.COLUMN: trace.Kind.COLUMN,
                Constraint.ASCENDING: trace.Kind.ASCENDING,
                Constraint.DESCENDING: trace.Kind.DESCENDING,
            }[found[0][0]]
            out.append(trace.encode(kind, sq))
        return out

    def _cursors(self) -> array[int]:
        return array("i", self._cursor)

    def _setup(self) -> None:
        n = self.n
        self._cursor = [0]
        self._file = bytearray(n)
        self._up = bytearray(2 * n)  # row + col
        self._down = bytearray(2 * n)  # row - col + n

    def _run(self, out: list[int], budget: int) -> Ending | None:
        n = self.n
        placed, cursor = self._path, self._cursor
        files, up, down = self._file, self._up, self._down
        emit = out.append
        peak = self._peak
        moves = backtracks = 0
        try:
            for _ in range(budget):
                k = len(placed)
                if k < n:
                    row = n - 1 - k
                    col = cursor[k]
                    while col < n and (files[col] or up[row + col] or down[row - col + n]):
                        col += 1
                    if col < n:
                        cursor[k] = col + 1
                        files[col] = up[row + col] = down[row - col + n] = 1
                        sq = row * n + col
                        placed.append(sq)
                        cursor.append(0)
                        emit(sq)
                        moves += 1
                        if k + 1 == n and self._solved(tuple(placed)):
                            return (Outcome.SOLVED, None)
                        continue
                    if k == 0:
                        return self._exhausted()
                if k > peak:
                    peak = k
                cursor.pop()
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


def algebraic(board: Board, solution: tuple[int, ...]) -> list[str]:
    """Names of a solution's squares by rank from 1 upward (its placing order)."""
    return [board.name(sq) for sq in solution]
