"""The knight's tour as a puzzle spec: thin wrappers over the engine's tour functions
(``factory``, ``verdict``, ``tree``, ``formats``, ``construct``), so the command line, the
page builder and the window's presenter ask one object the tour's domain questions.

A problem is a ``Tour``: the board (size, removed squares, piece), the start, open or
closed, and the strategy's parameters. Its text is compact words, the size and the start
first, then what differs from the defaults, in any order::

    8x8 a8                         Warnsdorff's rule, ties to the first, open tour
    6x6 c3 closed plain            plain backtracking, a closed tour
    8x8 a1 ties=random seed=7 greedy leaper=camel holes=d4,e5
    8x8 a1 construct               Parberry's construction (no search)

The strategies are ``warnsdorff``, ``plain`` and ``construct``; ``make_search``'s
``strategy`` names one, which replaces the problem's own (its tie-break, seed and
backtracking kept), so ``make_search(p, strategy_of(p))`` runs the problem as written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from knightviz.engine import construct
from knightviz.engine import formats as layouts
from knightviz.engine.board import (
    CLASSIC_ORDER,
    FULL,
    KNIGHT,
    Board,
    BoardError,
    Shape,
    leaper_name,
    parse_holes,
    parse_leaper,
    parse_size,
    parse_square,
)
from knightviz.engine.events import Result, Search
from knightviz.engine.factory import make_tour_search
from knightviz.engine.legal import Rules
from knightviz.engine.puzzles.spec import ProblemError, PuzzleSpec, Verdict
from knightviz.engine.tour import Heuristic, Strategy, TieBreak, TourConfig, TourSearch
from knightviz.engine.tree import Children, next_event, tour_children
from knightviz.engine.verdict import explain, marked, verdict

if TYPE_CHECKING:
    from knightviz.engine.parallel.checkpoint import Checkpoint

WARNSDORFF, PLAIN, CONSTRUCT = "warnsdorff", "plain", "construct"
#: The verdict's ``kind`` when the start square is removed (the others: ``verdict.Verdict``).
REMOVED = "removed"


@dataclass(frozen=True, slots=True)
class Tour:
    """One knight's-tour problem: everything that defines its search but the run's bounds."""

    rows: int = 8
    cols: int = 8
    start: int = 0
    closed: bool = False
    shape: Shape = FULL
    strategy: Strategy = field(default_factory=Strategy)
    #: Parberry's construction instead of a search.
    construct: bool = False

    @classmethod
    def of(cls, config: TourConfig) -> Tour:
        """The problem a search configuration searches (its bounds left out)."""
        c = config
        return cls(c.rows, c.cols, c.start, c.closed, c.shape, c.strategy)

    @property
    def board(self) -> Board:
        return Board(self.rows, self.cols, self.shape)

    def config(self, limit: int | None = None, search_anyway: bool = False) -> TourConfig:
        """The engine's search configuration of this problem."""
        return TourConfig(
            self.rows,
            self.cols,
            self.start,
            self.strategy,
            self.closed,
            limit,
            search_anyway,
            self.shape,
        )


def strategy_of(problem: Tour) -> str:
    """The name among ``KnightSpec.strategies`` of the problem's own strategy."""
    if problem.construct:
        return CONSTRUCT
    return WARNSDORFF if problem.strategy.guided else PLAIN


def with_strategy(problem: Tour, strategy: str) -> Tour:
    """``problem`` run with ``strategy`` (its tie-break, seed and backtracking kept)."""
    if strategy not in KnightSpec.strategies:
        raise ValueError(f"unknown knight's tour strategy {strategy!r}")
    if strategy == strategy_of(problem):
        return problem
    heuristic = Heuristic.WARNSDORFF if strategy == WARNSDORFF else Heuristic.NONE
    return replace(
        problem,
        strategy=replace(problem.strategy, heuristic=heuristic),
        construct=strategy == CONSTRUCT,
    )


class KnightSpec(PuzzleSpec[Tour]):
    key: ClassVar[str] = "knight"
    order: ClassVar[int] = 0
    title: ClassVar[str] = "Knight's tour"
    strategies: ClassVar[tuple[str, ...]] = (WARNSDORFF, PLAIN, CONSTRUCT)
    event_names: ClassVar[tuple[str, str]] = ("move", "backtrack")
    formats: ClassVar[tuple[str, ...]] = ("matrix", "c", "py", "sequence", "algebraic")
    custom_functions: ClassVar[tuple[str, ...]] = ("order",)

    # -- problems ------------------------------------------------------------------------

    def parse(self, text: str, size: int | None = None) -> Tour:
        words = text.split()
        if len(words) < 2:
            raise ProblemError("a tour needs a size and a start, like '8x8 a8'")
        try:
            rows, cols = parse_size(words[0])
            start = parse_square(words[1], rows, cols)
        except BoardError as exc:
            raise ProblemError(str(exc), _column(text, 0 if "size" in str(exc) else 1)) from None
        if size is not None and (rows, cols) != (size, size):
            raise ProblemError(f"the board is {rows}x{cols}, not {size}x{size}", 1)
        closed = built = False
        heuristic, tie, seed, backtrack = Heuristic.WARNSDORFF, TieBreak.FIRST, 0, True
        holes: frozenset[int] = frozenset()
        leaper = KNIGHT
        for i, word in enumerate(words[2:], start=2):
            name, _, value = word.partition("=")
            try:
                if word == "closed":
                    closed = True
                elif word == "greedy":
                    backtrack = False
                elif word in (WARNSDORFF, PLAIN, CONSTRUCT):
                    heuristic = Heuristic.NONE if word == PLAIN else Heuristic.WARNSDORFF
                    built = word == CONSTRUCT
                elif name == "ties":
                    tie = TieBreak(value)
                elif name == "seed" and value.isdigit():
                    seed = int(value)
                elif name == "leaper":
                    leaper = parse_leaper(value)
                elif name == "holes":
                    holes = parse_holes(value, rows, cols)
                else:
                    raise ValueError(f"cannot read {word!r}")
            except ValueError as exc:
                raise ProblemError(str(exc), _column(text, i)) from None
        problem = Tour(
            rows,
            cols,
            start,
            closed,
            Shape(holes, leaper),
            Strategy(heuristic, tie, seed, backtrack),
            built,
        )
        try:
            problem.board  # noqa: B018 (validates the shape)
        except BoardError as exc:
            raise ProblemError(str(exc)) from None
        return problem

    def text(self, problem: Tour) -> str:
        p, s = problem, problem.strategy
        board = p.board
        words = [f"{p.rows}x{p.cols}", board.name(p.start)]
        if p.closed:
            words.append("closed")
        if strategy_of(p) != WARNSDORFF:
            words.append(strategy_of(p))
        if s.tie_break is not TieBreak.FIRST:
            words.append(f"ties={s.tie_break.value}")
        if s.seed:
            words.append(f"seed={s.seed}")
        if not s.backtrack:
            words.append("greedy")
        if p.shape.leaper != KNIGHT:
            words.append(f"leaper={leaper_name(p.shape.leaper)}")
        if p.shape.holes:
            words.append("holes=" + ",".join(board.name(sq) for sq in sorted(p.shape.holes)))
        return " ".join(words)

    def describe(self, problem: Tour) -> str:
        p = problem
        kind = "closed tour" if p.closed else "tour"
        how = "construction" if p.construct else p.strategy.describe()
        return f"{p.rows}×{p.cols} knight's {kind} from {p.board.name(p.start)}, {how}"

    def dims(self, problem: Tour) -> tuple[int, int]:
        return problem.rows, problem.cols

    def initial(self, problem: Tour) -> tuple[int, ...]:
        return (problem.start,)

    # -- searching -----------------------------------------------------------------------

    def make_search(
        self,
        problem: Tour,
        strategy: str,
        *,
        every: bool = False,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
        backend: str | None = None,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Search:
        """``options``: ``search_anyway`` (search where a known fact says no tour exists).
        A tour search stops at its tour: ``every`` is refused (``count`` counts them)."""
        if every:
            raise ValueError("a knight's tour search stops at its first tour: count them")
        p = with_strategy(problem, strategy)
        if p.construct:
            return construct.ConstructionSearch(p.rows, p.cols, p.start)
        anyway = bool((options or {}).get("search_anyway", False))
        return make_tour_search(p.config(limit, anyway), cancel, backend=backend)

    def custom_search(
        self,
        problem: Tour,
        calls: Any,
        *,
        every: bool = False,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Search:
        """The tour stops at its first tour (``every`` changes nothing); holes, leaper,
        direction order and closing kept from the problem."""
        from .knight_custom import UserTourSearch

        p = problem
        return UserTourSearch(
            p.rows,
            p.cols,
            p.start,
            p.shape,
            p.closed,
            calls,
            directions=p.strategy.order,
            search_anyway=bool((options or {}).get("search_anyway", False)),
            limit=limit,
            cancel=cancel,
        )

    def verdict(self, problem: Tour) -> Verdict | None:
        """A known fact (``engine.verdict``): its code in ``kind``, the squares it is about."""
        board = problem.board
        if not board.present(problem.start):
            name = board.name(problem.start)
            return Verdict(f"The start square {name} is removed from the board.", (), REMOVED)
        code = verdict(board, problem.start, problem.closed)
        if code is None:
            return None
        return Verdict(
            explain(code, board, problem.start),
            marked(code, board, problem.start),
            code.value,
        )

    def solution_depth(
        self, problem: Tour, strategy: str, options: Mapping[str, Any] | None = None
    ) -> int | None:
        """A path over every square is a tour (None for a closed one: it must also close).
        The search stops at it: the run's result is its one solution."""
        return None if problem.closed else problem.board.area

    def children(
        self, problem: Tour, strategy: str, options: Mapping[str, Any] | None = None
    ) -> Children | None:
        p = with_strategy(problem, strategy)
        if p.construct:
            return None
        return tour_children(_tables(p.config()))

    def next_event(
        self,
        problem: Tour,
        strategy: str,
        path: Sequence[int],
        last: int | None,
        children: Children | None = None,
    ) -> int | None:
        """The event the search takes next from ``path`` after ``last`` ("your turn")."""
        p = with_strategy(problem, strategy)
        kids = children or self.children(p, strategy)
        if kids is None:
            return None
        size = p.board.area
        table = p.board.neighbours(CLASSIC_ORDER)

        def solved(q: Sequence[int]) -> bool:
            return len(q) == size and (not p.closed or q[0] in table[q[-1]])

        return next_event(
            kids,
            path,
            last,
            root_depth=1,
            solved=solved,
            stop_on_solution=True,
            backtrack=p.strategy.backtrack,
        )

    def rules(self, problem: Tour) -> Rules:
        return Rules.tour(problem.rows, problem.cols, problem.shape)

    def count(
        self,
        problem: Tour,
        *,
        jobs: int | None = None,
        scheduler: str | None = None,
        checkpoint: Checkpoint | None = None,
    ) -> int:
        """Directed tours from the start (``parallel.count_tours``)."""
        from knightviz.engine.parallel.api import count_tours

        p = problem
        done = count_tours(
            p.rows,
            p.cols,
            p.start,
            p.closed,
            jobs=jobs or 1,
            scheduler=scheduler,
            shape=p.shape,
            checkpoint=checkpoint,
        )
        return done.count

    # -- writing -------------------------------------------------------------------------

    def format_result(
        self,
        problem: Tour,
        result: Result,
        solutions: Sequence[tuple[int, ...]],
        fmt: str,
    ) -> str:
        """``knightviz solve --format fmt`` (``batch`` is ``sequence``, ``json`` the payload)."""
        if fmt == "json":
            return json.dumps(self.payload(problem, result, solutions)) + "\n"
        if fmt == "batch":
            fmt = "sequence"
        if fmt not in self.formats:
            raise ValueError(f"unknown knight's tour format: {fmt!r}")
        return layouts.solve_text(problem.board, result, fmt)

    def payload(
        self, problem: Tour, result: Result, solutions: Sequence[tuple[int, ...]]
    ) -> dict[str, Any]:
        p, s = problem, problem.strategy
        return layouts.solve_payload(
            p.board,
            p.start,
            heuristic=CONSTRUCT if p.construct else s.heuristic.value,
            tie_break=s.tie_break.value,
            seed=s.seed,
            backtrack=s.backtrack,
            closed=p.closed,
            result=result,
        )


@lru_cache(maxsize=4)
def _tables(config: TourConfig) -> TourSearch:
    """A Python search of ``config``, for its neighbour table and tie-break ranks only (a
    large board's take a moment to build, and "your turn" asks at every decision)."""
    return TourSearch(config)


def _column(text: str, word: int) -> int:
    """The 1-based column where word number ``word`` of ``text`` begins."""
    at = 0
    for i, part in enumerate(text.split()):
        at = text.index(part, at)
        if i == word:
            return at + 1
        at += len(part)
    return 0


#: Found by ``knightviz.engine.puzzles.specs``.
SPEC = KnightSpec()
