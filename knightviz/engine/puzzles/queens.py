"""N-Queens as a puzzle spec: thin wrappers over the engine's queens functions
(``factory``, ``bitboards``, ``tree``, ``formats``, ``parallel``), the eight-queens article's
search (docs/reference.md §4).

A problem is ``Queens``: the board's side and whether the search stops at the first
solution. Its text is the side, then ``first`` for a first solution only: ``8``, ``8 first``
(``8x8`` is read too). The strategies are the article's two ways of remembering the board,
``sets`` (constraint IDs) and ``bitboards`` (two integers): they make the same placements.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from knightviz.engine import formats as layouts
from knightviz.engine.bitboards import BitboardQueensSearch
from knightviz.engine.board import Board, BoardError, parse_size
from knightviz.engine.events import Result, Search
from knightviz.engine.factory import make_queens_search
from knightviz.engine.legal import Rules
from knightviz.engine.puzzles.spec import ProblemError, PuzzleSpec
from knightviz.engine.queens import check_size
from knightviz.engine.tree import Children, next_event, queens_children

if TYPE_CHECKING:
    from knightviz.engine.parallel.checkpoint import Checkpoint

SETS, BITBOARDS = "sets", "bitboards"


@dataclass(frozen=True, slots=True)
class Queens:
    """One N-Queens problem: n queens on an n × n board, every solution or the first."""

    n: int = 8
    first: bool = False

    @property
    def board(self) -> Board:
        return Board(self.n, self.n)


class QueensSpec(PuzzleSpec[Queens]):
    key: ClassVar[str] = "queens"
    order: ClassVar[int] = 10
    title: ClassVar[str] = "N-Queens"
    strategies: ClassVar[tuple[str, ...]] = (SETS, BITBOARDS)
    event_names: ClassVar[tuple[str, str]] = ("placement", "removal")
    formats: ClassVar[tuple[str, ...]] = layouts.QUEENS_FORMATS[:-1]
    custom_functions: ClassVar[tuple[str, ...]] = ("order",)

    # -- problems ------------------------------------------------------------------------

    def parse(self, text: str, size: int | None = None) -> Queens:
        words = text.split()
        if not words:
            raise ProblemError("an N-Queens problem needs the board's side, like '8'")
        try:
            rows, cols = parse_size(words[0])
        except BoardError as exc:
            raise ProblemError(str(exc), 1) from None
        if rows != cols:
            raise ProblemError("the N-Queens board is square", 1)
        if size is not None and rows != size:
            raise ProblemError(f"the board is {rows}x{rows}, not {size}x{size}", 1)
        try:
            check_size(rows)
        except BoardError as exc:
            raise ProblemError(str(exc), 1) from None
        first = False
        for word in words[1:]:
            if word not in ("first", "all"):
                raise ProblemError(f"cannot read {word!r}: 'first' or 'all'", text.index(word) + 1)
            first = word == "first"
        return Queens(rows, first)

    def text(self, problem: Queens) -> str:
        return f"{problem.n} first" if problem.first else str(problem.n)

    def describe(self, problem: Queens) -> str:
        which = "a first solution" if problem.first else "every solution"
        return f"{problem.n}-queens, {which}"

    def dims(self, problem: Queens) -> tuple[int, int]:
        return problem.n, problem.n

    # -- searching -----------------------------------------------------------------------

    def make_search(
        self,
        problem: Queens,
        strategy: str,
        *,
        every: bool = False,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
        backend: str | None = None,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Search:
        """``every``: to the end even for a first-solution problem. The bitboards run on
        the Python engine only."""
        first = problem.first and not every
        if strategy == BITBOARDS:
            return BitboardQueensSearch(
                problem.n, first=first, on_solution=on_solution, limit=limit, cancel=cancel
            )
        if strategy != SETS:
            raise ValueError(f"unknown N-Queens strategy {strategy!r}")
        return make_queens_search(
            problem.n,
            first=first,
            on_solution=on_solution,
            limit=limit,
            cancel=cancel,
            backend=backend,
        )

    def custom_search(
        self,
        problem: Queens,
        calls: Any,
        *,
        every: bool = False,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Search:
        from .queens_custom import UserQueensSearch

        return UserQueensSearch(
            problem.n,
            calls,
            first=problem.first and not every,
            on_solution=on_solution,
            limit=limit,
            cancel=cancel,
        )

    def solution_depth(
        self, problem: Queens, strategy: str, options: Mapping[str, Any] | None = None
    ) -> int | None:
        return problem.n

    def children(
        self, problem: Queens, strategy: str, options: Mapping[str, Any] | None = None
    ) -> Children | None:
        return queens_children(problem.n)

    def next_event(
        self,
        problem: Queens,
        strategy: str,
        path: Sequence[int],
        last: int | None,
        children: Children | None = None,
    ) -> int | None:
        n = problem.n
        return next_event(
            children or queens_children(n),
            path,
            last,
            root_depth=0,
            solved=lambda p: len(p) == n,
            stop_on_solution=problem.first,
        )

    def rules(self, problem: Queens) -> Rules:
        return Rules.n_queens(problem.n, problem.n)

    def count(
        self,
        problem: Queens,
        *,
        jobs: int | None = None,
        scheduler: str | None = None,
        checkpoint: Checkpoint | None = None,
    ) -> int:
        """Every solution, one symmetry class at a time (``parallel.count_queens``)."""
        from knightviz.engine.parallel.api import count_queens

        got = count_queens(problem.n, jobs=jobs or 1, scheduler=scheduler, checkpoint=checkpoint)
        return got.count

    # -- writing -------------------------------------------------------------------------

    def format_result(
        self,
        problem: Queens,
        result: Result,
        solutions: Sequence[tuple[int, ...]],
        fmt: str,
    ) -> str:
        """``knightviz queens --format fmt`` (``json``: the payload); ``results`` has no
        first-solution mode (ValueError)."""
        if fmt == "json":
            return json.dumps(self.payload(problem, result, solutions)) + "\n"
        if fmt not in self.formats:
            raise ValueError(f"unknown N-Queens format: {fmt!r}")
        return layouts.queens_text(problem.board, solutions, result, fmt, problem.first)

    def payload(
        self, problem: Queens, result: Result, solutions: Sequence[tuple[int, ...]]
    ) -> dict[str, Any]:
        return layouts.queens_payload(problem.board, solutions, result, problem.first)


#: Found by ``knightviz.engine.puzzles.specs``.
SPEC = QueensSpec()
