"""Knight's-tour search: an explicit-stack depth-first search emitting move/backtrack events.

Two loops, chosen once per search by the strategy, never by flags per step:

* ``plain``: the neighbours of each square are tried in a fixed order (docs/reference.md §1).
  Each stack level is a live iterator over the square's neighbour tuple, so the inner
  scan runs at C speed and the counts equal the classic recursive program's.
* ``warnsdorff``: candidates are tried in order of onward degree. Each square carries an
  integer *key* = degree × S + tie-break rank (+ a large offset once visited), kept up to
  date incrementally, so picking the next square is one pass of ``<`` comparisons and the
  tie-break costs nothing per step. A level stores only how many candidates it has tried;
  on the rare return to a level the ordered candidate list is rebuilt, which gives the same
  list because the state below was restored. This keeps a 1000×1000 search to a few bytes
  per level.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from operator import length_hint, sub
from time import perf_counter

from . import trace
from .board import CLASSIC_ORDER, FULL, Board, NeighbourTable, Shape, neighbour_table
from .events import Outcome, Result, StackLevel
from .search import Ending, SearchBase
from .stack import DerivedTourStack, TourStack
from .verdict import impossibility


class Heuristic(str, Enum):
    NONE = "none"
    WARNSDORFF = "warnsdorff"

    def __str__(self) -> str:
        return self.value


class TieBreak(str, Enum):
    FIRST = "first"
    LAST = "last"
    ROTH = "roth"
    RANDOM = "random"

    def __str__(self) -> str:
        return self.value


Order = tuple[tuple[int, int], ...]
SOLVED: Ending = (Outcome.SOLVED, None)
EXHAUSTED: Ending = (Outcome.EXHAUSTED, None)


@dataclass(frozen=True, slots=True)
class Strategy:
    """How candidates are ordered; the search asks it for tables once, then runs."""

    heuristic: Heuristic = Heuristic.WARNSDORFF
    tie_break: TieBreak = TieBreak.FIRST
    seed: int = 0
    backtrack: bool = True
    #: Direction order that defines "first"/"last" (docs/reference.md §1 or §3).
    order: Order = CLASSIC_ORDER

    @property
    def guided(self) -> bool:
        return self.heuristic is Heuristic.WARNSDORFF

    def describe(self) -> str:
        if not self.guided:
            name = "plain"
        else:
            name = f"warnsdorff/{self.tie_break.value}"
            if self.tie_break is TieBreak.RANDOM:
                name += f"(seed {self.seed})"
        return name if self.backtrack else f"{name}, no backtracking"

    def directions(self, board: Board) -> Order:
        """The board's leaper's moves in the order ties are broken: first minimum wins."""
        order = board.order(self.order)
        if self.guided and self.tie_break is TieBreak.LAST:
            return order[::-1]
        return order

    def table(self, board: Board) -> NeighbourTable:
        """Neighbour table in the order ties are broken: first minimum wins."""
        return neighbour_table(board.rows, board.cols, self.directions(board), board.holes)

    def ranks(self, board: Board) -> tuple[list[int], int]:
        """Per-square tie-break rank (lower wins) and the scale S that exceeds every rank."""
        n = board.size
        if not self.guided or self.tie_break in (TieBreak.FIRST, TieBreak.LAST):
            return [0] * n, 1
        if self.tie_break is TieBreak.ROTH:
            rows, cols = board.rows, board.cols
            # Squared distance from the centre, doubled to stay in integers.
            col_d = [(2 * c - (cols - 1)) ** 2 for c in range(cols)]
            dist = [(2 * r - (rows - 1)) ** 2 + cd for r in range(rows) for cd in col_d]
            far = max(dist)
            return [far - d for d in dist], far + 1
        order = list(range(n))
        random.Random(self.seed).shuffle(order)
        rank = [0] * n
        for position, square in enumerate(order):
            rank[square] = position
        return rank, n


@dataclass(frozen=True, slots=True)
class TourConfig:
    """Everything that defines one knight's-tour search."""

    rows: int = 8
    cols: int = 8
    start: int = 0
    strategy: Strategy = field(default_factory=Strategy)
    closed: bool = False
    #: Stop with outcome ``limit`` after this many steps (None: no limit).
    limit: int | None = None
    #: Search even where a known fact says no tour exists (to watch it proved).
    search_anyway: bool = False
    #: Holes and leaper (a full board and the knight by default).
    shape: Shape = FULL


def tour_result(
    search: SearchBase,
    outcome: Outcome,
    reason: str | None,
    tour: tuple[int, ...] | None,
    *,
    board: Board,
    start: int,
    closed: bool,
) -> Result:
    """A tour search's result, its reason worded for the user when the outcome alone says
    it: the built-in searches' and a learner's strategy's alike."""
    if outcome is Outcome.EXHAUSTED and reason is None:
        kind = "closed tour" if closed else "tour"
        reason = (
            f"The search tried every possibility: no {kind} from "
            f"{board.name(start)} on a {board} board."
        )
    elif outcome is Outcome.LIMIT and reason is None:
        reason = f"Stopped at the step limit ({search.limit:,} steps) without a tour."
    return Result(
        outcome,
        search.moves,
        search.backtracks,
        reason=reason,
        solution=tour,
        seconds=search._seconds,
        count=int(tour is not None),
    )


class TourSearch(SearchBase):
    """One knight's-tour search; call ``advance`` until it returns an empty chunk.

    The pure-Python reference implementation; ``factory.make_tour_search`` makes this or
    its compiled subclass (same stream, same state), as the backend policy chooses.
    """

    def __init__(self, config: TourConfig, cancel: Callable[[], bool] | None = None) -> None:
        super().__init__(config.limit, cancel)
        self.config = config
        self.board = board = Board(config.rows, config.cols, config.shape)
        if not 0 <= config.start < board.size:
            raise ValueError(f"start square {config.start} is off the {board} board")
        if not board.present(config.start):
            raise ValueError(f"start square {board.name(config.start)} is a hole")
        self.rows, self.cols = board.rows, board.cols
        self.start = config.start
        self.initial = (config.start,)
        self._closed = config.closed
        self._strategy = config.strategy
        self._n = board.size
        #: Squares a tour visits (the board less its holes).
        self._goal = board.area
        self._iters: list[Iterator[int]] = []
        self._tried: list[int] = []
        self._ranks: list[int] | _LazyRanks = []
        reason = None if config.search_anyway else impossibility(board, self.start, config.closed)
        if reason is not None:
            self._nothing_to_search()
            self.result = Result(Outcome.IMPOSSIBLE, 0, 0, reason=reason)
            return
        t0 = perf_counter()
        self._setup()
        self._seconds += perf_counter() - t0
        if self._goal == 1 and not self._closed:
            self._finish(Outcome.SOLVED)

    # -- state ----------------------------------------------------------------------------

    @property
    def depth(self) -> int:
        """Moves in the current path (its length - 1)."""
        return len(self._path) - 1

    @property
    def max_depth(self) -> int:
        return max(self._peak, len(self._path)) - 1

    def stack(self) -> TourStack:
        path = self.snapshot_path()
        if self._strategy.guided:
            cursor = array("i", self._tried)
            ranks = self._ranks.__getitem__
        else:
            remaining = map(length_hint, self._iters)  # a tuple iterator's items left
            cursor = array("i", map(sub, map(len, map(self._nb.__getitem__, path)), remaining))
            ranks = None
        return TourStack(path, cursor, self._nb.__getitem__, ranks)

    def stack_at(
        self, path: Sequence[int], last_event: int | None, ended: bool = False
    ) -> Sequence[StackLevel]:
        """The stack this search had at a position it passed through (a recording's step).

        Below the top, each level's cursor follows from the path (its current child); the
        top level's from the last event: nothing tried after a move (or at the start), up to
        the square just left after a backtrack. ``ended``: the search stopped there because
        its top level ran out (a stuck greedy walk, an exhausted search); the plain search has
        then looked at every neighbour, while Warnsdorff's count of candidates taken stays.
        """
        squares = array("i", path)
        ranks = self._ranks.__getitem__ if self._strategy.guided else None
        probe = TourStack(squares, array("i", bytes(4 * len(squares))), self._nb.__getitem__, ranks)
        top = probe[len(squares) - 1].candidates
        if ended and not self._strategy.guided:
            tried = len(top)
        elif last_event is not None and last_event < 0 and ~last_event in top:
            tried = top.index(~last_event) + 1
        else:
            tried = 0
        return DerivedTourStack(probe, squares, tried)

    def _considered(self, before: Sequence[StackLevel], event: int) -> list[int]:
        """Plain: each direction examined in order (off the board, visited) until the move,
        or all of them before a backtrack. Warnsdorff, on entering a level: every direction
        (off the board, visited, or the candidate's onward degree), then the tie if several
        share the lowest degree; nothing when it goes on with an ordered list."""
        level = before[-1]
        square, tried = level.square, level.tried
        rows, cols = self.rows, self.cols
        r0, c0 = divmod(square, cols)
        order = self.board.order(self._strategy.order)
        holes = self.board.holes
        on = [
            (k, (r0 + dr) * cols + c0 + dc)
            for k, (dr, dc) in enumerate(order)
            if 0 <= r0 + dr < rows
            and 0 <= c0 + dc < cols
            and (r0 + dr) * cols + c0 + dc not in holes
        ]
        visited = set(self._path_before(before))
        table = self._strategy.table(self.board)  # cached per board: both backends use it
        out: list[int] = []
        if not self._strategy.guided:
            first = 0
            if tried:
                neighbours = table[square]
                last = neighbours[tried - 1]
                first = next(k for k, u in on if u == last) + 1
            target = dict(on)
            for k in range(first, len(order)):
                u = target.get(k)
                if u is None:
                    out.append(trace.encode(trace.Kind.OFF_BOARD, k))
                elif event >= 0 and u == event:
                    break
                else:
                    out.append(trace.encode(trace.Kind.VISITED, u))
            return out
        candidates = level.candidates
        if tried or (event < 0 and candidates):
            return out  # going on with the ordered list, or pruned (no way back to the start)
        target = dict(on)
        degrees: dict[int, int] = {}
        for k in range(len(order)):
            u = target.get(k)
            if u is None:
                out.append(trace.encode(trace.Kind.OFF_BOARD, k))
            elif u in visited:
                out.append(trace.encode(trace.Kind.VISITED, u))
            else:
                degrees[u] = sum(1 for w in table[u] if w not in visited)
                out.append(trace.encode(trace.Kind.DEGREE, u, degrees[u]))
        if candidates:
            low = degrees[candidates[0]]
            tied = sum(1 for d in degrees.values() if d == low)
            if tied > 1:
                out.append(trace.encode(trace.Kind.TIE, candidates[0], tied))
        return out

    @staticmethod
    def _path_before(before: Sequence[StackLevel]) -> list[int]:
        return [level.square for level in before]

    # -- internals ----------------------------------------------------------------------

    def _nothing_to_search(self) -> None:
        """State for a search that never runs (a known fact answered it)."""
        self._path = [self.start]
        self._nb = self._strategy.table(self.board)
        self._iters = [iter(self._nb[self.start])]
        self._tried = [0]
        self._ranks = _LazyRanks(self._strategy, self.board)

    def _setup(self) -> None:
        strategy = self._strategy
        self._path = [self.start]
        self._nb = strategy.table(self.board)
        if strategy.guided:
            self._init_guided()
        else:
            self._visited = bytearray(self._n)
            self._visited[self.start] = 1
            self._iters = [iter(self._nb[self.start])]

    def _tour(self) -> tuple[int, ...]:
        return tuple(self._path)

    def _run(self, out: list[int], budget: int) -> Ending | None:
        if self._strategy.guided:
            return self._run_guided(out, budget)
        return self._run_plain(out, budget)

    def _finish(self, outcome: Outcome, reason: str | None = None) -> None:
        tour = self._tour() if outcome is Outcome.SOLVED else None
        self.result = tour_result(
            self, outcome, reason, tour, board=self.board, start=self.start, closed=self._closed
        )

    def _stuck(self) -> Ending:
        return (
            Outcome.EXHAUSTED,
            f"The greedy walk got stuck after {self.depth + 1} squares "
            f"(of {self._goal}), with no backtracking allowed.",
        )

    def _closes(self, square: int) -> bool:
        return self.start in self._nb[square]

    # plain: fixed order -----------------------------------------------------------------

    def _run_plain(self, out: list[int], budget: int) -> Ending | None:
        nb = self._nb
        visited = self._visited
        path = self._path
        iters = self._iters
        n = self._goal
        emit = out.append
        backtracking = self._strategy.backtrack
        closed = self._closed
        peak = self._peak
        moves = backtracks = 0
        try:
            for _ in range(budget):
                for t in iters[-1]:
                    if not visited[t]:
                        visited[t] = 1
                        path.append(t)
                        iters.append(iter(nb[t]))
                        emit(t)
                        moves += 1
                        if len(path) == n and (not closed or self._closes(t)):
                            return SOLVED
                        break
                else:
                    size = len(path)
                    if size == 1:
                        return EXHAUSTED
                    if not backtracking:
                        return self._stuck()
                    if size > peak:
                        peak = size
                    iters.pop()
                    sq = path.pop()
                    visited[sq] = 0
                    emit(~sq)
                    backtracks += 1
        finally:
            self._peak = peak
            self.moves += moves
            self.backtracks += backtracks
        return None

    # warnsdorff: keyed by onward degree -------------------------------------------------

    def _init_guided(self) -> None:
        nb = self._nb
        ranks, scale = self._strategy.ranks(self.board)
        self._ranks = ranks
        self._scale = scale
        self._visited_offset = visited_offset = 16 * scale
        key = [len(targets) * scale + rank for targets, rank in zip(nb, ranks, strict=True)]
        self._key = key
        self._tried = [0]
        start = self.start
        key[start] += visited_offset
        best, best_key = -1, visited_offset
        for u in nb[start]:
            k = key[u] - scale
            key[u] = k
            if k < best_key:
                best, best_key = u, k
        self._next = best  # greedy pick at the top level, valid while _tried[-1] == 0
        # For closed tours: a bound below which the start has no unvisited neighbour left.
        self._start_dead = visited_offset + scale + ranks[start]
        self._near_start = bytearray(self._n)
        for u in nb[start]:
            self._near_start[u] = 1

    def _ordered(self, square: int) -> list[int]:
        key = self._key
        limit = self._visited_offset
        return sorted((u for u in self._nb[square] if key[u] < limit), key=key.__getitem__)

    def _run_guided(self, out: list[int], budget: int) -> Ending | None:
        nb = self._nb
        key = self._key
        path = self._path
        tried = self._tried
        scale = self._scale
        vis = self._visited_offset
        n = self._goal
        emit = out.append
        backtracking = self._strategy.backtrack
        closed = self._closed
        near_start = self._near_start
        start = self.start
        start_dead = self._start_dead
        nxt = self._next
        peak = self._peak
        moves = backtracks = 0
        try:
            for _ in range(budget):
                k = tried[-1]
                if k == 0:
                    best = nxt
                else:
                    cands = self._ordered(path[-1])
                    best = cands[k] if k < len(cands) else -1
                if best >= 0:
                    tried[-1] = k + 1
                    key[best] += vis
                    nxt, best_key = -1, vis
                    for u in nb[best]:
                        kk = key[u] - scale
                        key[u] = kk
                        if kk < best_key:
                            nxt, best_key = u, kk
                    path.append(best)
                    tried.append(0)
                    emit(best)
                    moves += 1
                    if len(path) == n:
                        if not closed or near_start[best]:
                            return SOLVED
                        nxt = -1  # a full path that does not close: back off
                    elif closed and near_start[best] and key[start] < start_dead:
                        nxt = -1  # the start has no way back left: back off
                    continue
                cur = path[-1]
                size = len(path)
                if size == 1:
                    return EXHAUSTED
                if not backtracking:
                    return self._stuck()
                if size > peak:
                    peak = size
                path.pop()
                tried.pop()
                key[cur] -= vis
                for u in nb[cur]:
                    key[u] += scale
                emit(~cur)
                backtracks += 1
        finally:
            self._next = nxt
            self._peak = peak
            self.moves += moves
            self.backtracks += backtracks
        return None


class _LazyRanks:
    """Tie-break ranks computed on first use (a search answered by a known fact never
    needs them, and on a huge board they take a while)."""

    def __init__(self, strategy: Strategy, board: Board) -> None:
        self._strategy = strategy
        self._board = board
        self._ranks: list[int] | None = None

    def __getitem__(self, square: int) -> int:
        if self._ranks is None:
            self._ranks = self._strategy.ranks(self._board)[0]
        return self._ranks[square]
