"""The knight's tour (any leaper, holes, closed) steered by a user's strategy: at each node
the unvisited neighbours, in the leaper's direction order, ordered once by the user's
``order(position, candidates)`` and tried in turn. With ``order`` returning its candidates
unchanged this is the built-in plain search, event for event; with Warnsdorff's rule written
as ``sorted(candidates, key=position.degree)``, the built-in Warnsdorff. Runs in the
strategy's child process (``engine.strategies``); ``KnightSpec.custom_search`` makes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from knightviz.engine.board import CLASSIC_ORDER, Board, Shape
from knightviz.engine.events import Outcome, Result, StackLevel
from knightviz.engine.search import Ending, SearchBase
from knightviz.engine.strategies.api import StrategyError
from knightviz.engine.strategies.calls import Calls, Failed, Position
from knightviz.engine.tour import Heuristic, Order, Strategy, tour_result
from knightviz.engine.verdict import impossibility

SOLVED: Ending = (Outcome.SOLVED, None)
#: The ending of a run a strategy's failure stopped (``failure`` says why).
FAILED: Ending = (Outcome.CANCELLED, None)


class TourPosition(Position["UserTourSearch"]):
    """What ``order`` sees of a knight's-tour search: read-only."""

    __slots__ = ()

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

    def visited(self, square: int) -> bool:
        return not self._s._free[square]

    def hole(self, square: int) -> bool:
        return not self._s.board.present(square)

    def neighbours(self, square: int) -> tuple[int, ...]:
        """Every square a move leads to from ``square``, visited or not."""
        return self._s._nb[square]

    def degree(self, square: int) -> int:
        """The unvisited squares a move from ``square`` leads to (its onward degree)."""
        free = self._s._free
        return sum(map(free.__getitem__, self._s._nb[square]))

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
        #: What stopped the run, when the user's code failed.
        self.failure: StrategyError | None = None
        self._closed = closed
        self._goal = board.area
        self._nb = Strategy(Heuristic.NONE, order=directions).table(board)
        #: 1 for a square not yet visited (holes are in no neighbour list).
        self._free = bytearray(b"\x01" * board.size)
        self._free[start] = 0
        self._path = [start]
        self._position = TourPosition(self)
        self._ask = calls.orderer("order", self._position)
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
            self._enter(start)

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

    def _enter(self, square: int) -> None:
        """Push the root's level: its candidates, as ``order`` orders them (``Failed`` when
        the call fails; ``_run`` does the same inline for every other node)."""
        free = self._free
        candidates: Sequence[int] = tuple([u for u in self._nb[square] if free[u]])
        if candidates and self._ask is not None:
            candidates = self._ask(candidates)
        self._levels.append(candidates)
        self._tried.append(0)

    def top(self) -> Sequence[int]:
        """The candidates of the node at the path's end, in the strategy's order (none at a
        tour, where the search stops)."""
        return self._levels[-1] if len(self._levels) == len(self._path) else ()

    def follow(self, square: int) -> None:
        """Move to ``square``, one of the top level's candidates, as the search would (the
        window's explainer rebuilds a position it passed through: its stack, its children).
        ValueError: not a candidate there; ``Failed``: the user's code failed."""
        level = self._levels[-1]
        self._tried[-1] = list(level).index(square) + 1
        self._free[square] = 0
        self._path.append(square)
        if len(self._path) == self._goal and (not self._closed or self.start in self._nb[square]):
            return  # a tour: the search stops here, no level pushed
        self._enter(square)

    def _run(self, out: list[int], budget: int) -> Ending | None:
        path, free, levels, tried = self._path, self._free, self._levels, self._tried
        goal, closed, start, nb = self._goal, self._closed, self.start, self._nb
        ask = self._ask
        push_level, push_tried = levels.append, tried.append
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
                    free[t] = 0
                    path.append(t)
                    emit(t)
                    moves += 1
                    if len(path) == goal and (not closed or start in nb[t]):
                        return SOLVED
                    candidates: Sequence[int] = tuple([u for u in nb[t] if free[u]])
                    if candidates and ask is not None:
                        try:
                            candidates = ask(candidates)
                        except Failed as failed:
                            step = self.moves + self.backtracks + moves + backtracks
                            self.failure = failed.build(step)
                            return FAILED
                    push_level(candidates)
                    push_tried(0)
                    continue
                size = len(path)
                if size == 1:
                    return (Outcome.EXHAUSTED, None)
                if size > peak:
                    peak = size
                levels.pop()
                tried.pop()
                sq = path.pop()
                free[sq] = 1
                emit(~sq)
                backtracks += 1
        finally:
            self._tally(peak, moves, backtracks)
        return None

    def _finish(self, outcome: Outcome, reason: str | None = None) -> None:
        tour = tuple(self._path) if outcome is Outcome.SOLVED else None
        self.result = tour_result(
            self, outcome, reason, tour, board=self.board, start=self.start, closed=self._closed
        )
