"""Sudoku as a puzzle spec: the problem (``problem``), the backtracking searches
(``search``: plain and MRV, with forced cells on request; ``dlx``: Algorithm X with
dancing links) and the text layouts (``formats``). The definitions are docs/reference.md's
Sudoku section.

Nothing here imports numba or the kernels: ``make_search`` asks the backend policy, and
only a search that is to run compiled imports its compiled class (``_compiled_class``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from knightviz.engine import backends, handover
from knightviz.engine.events import Result, Search
from knightviz.engine.puzzles.spec import CommandSpec, PuzzleSpec, Verdict
from knightviz.engine.tree import Children, next_event

from . import formats as layouts
from . import problem as model
from . import text as words
from .dlx import DlxReplay, DlxSearch
from .problem import SudokuProblem
from .search import MRV, PLAIN, Replay, SudokuSearch

if TYPE_CHECKING:
    from knightviz.engine.parallel.checkpoint import Checkpoint

DLX = "dlx"
STRATEGIES = (PLAIN, MRV, DLX)
SINGLES = "singles"

#: Norvig's first "top95" puzzle: 19,454,728 steps plain, 898 with MRV (to the first
#: solution, placements and removals counted; docs/reference.md).
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

#: Built-in problems, easy first (each has exactly one solution).
EXAMPLES: tuple[tuple[str, str], ...] = (
    ("4×4 starter", "..3..4.221......"),
    ("6×6 starter", ".2.4.6.5.......56...4.3.3....5...31."),
    ("easy", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"),
    (
        "easy (Project Euler 96, grid 1)",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    ),
    (
        "AI Escargot (Arto Inkala)",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ),
    (
        "Arto Inkala's 2012 puzzle",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ),
    (
        "Easter Monster",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    ),
    (
        "against brute force (17 givens)",
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    ),
    ("hard (19 million plain steps)", HARD),
)


def _singles(strategy: str, options: Mapping[str, Any] | None) -> bool:
    """Forced cells apply to plain and MRV only (DLX has no such option)."""
    return strategy != DLX and bool((options or {}).get(SINGLES, False))


class SudokuSpec(PuzzleSpec[SudokuProblem]):
    key: ClassVar[str] = "sudoku"
    order: ClassVar[int] = 20
    title: ClassVar[str] = "Sudoku"
    strategies: ClassVar[tuple[str, ...]] = STRATEGIES
    event_names: ClassVar[tuple[str, str]] = ("placement", "removal")
    formats: ClassVar[tuple[str, ...]] = layouts.FORMATS
    custom_functions: ClassVar[tuple[str, ...]] = ("cell", "digits")
    command: ClassVar[CommandSpec | None] = CommandSpec(
        name="sudoku",
        help="solve or count a sudoku (4×4, 6×6, 9×9 or 16×16) by backtracking",
        strategies=STRATEGIES,
        formats=layouts.FORMATS,
        sizes=tuple(model.BOXES),
        flags=((SINGLES, "fill forced cells (naked singles) between steps"),),
        flag_strategies=((SINGLES, (PLAIN, MRV)),),
        examples=EXAMPLES,
    )

    # -- problems ------------------------------------------------------------------------

    def parse(self, text: str, size: int | None = None) -> SudokuProblem:
        return model.parse(text, size)

    def text(self, problem: SudokuProblem) -> str:
        return model.text(problem)

    def describe(self, problem: SudokuProblem) -> str:
        return model.describe(problem)

    def dims(self, problem: SudokuProblem) -> tuple[int, int]:
        return problem.n, problem.n

    def values(self, problem: SudokuProblem) -> int:
        return problem.n

    # -- searching -----------------------------------------------------------------------

    def make_search(
        self,
        problem: SudokuProblem,
        strategy: str,
        *,
        every: bool = False,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
        backend: str | None = None,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Search:
        """Compiled when ``backends.choose(backend)`` says so (every strategy has its
        compiled class), the pure-Python reference otherwise."""
        if strategy == DLX:
            dlx_kind: type[DlxSearch] = DlxSearch
            if backends.choose(backend) == backends.NUMBA:
                from .compiled import NumbaDlxSearch

                dlx_kind = NumbaDlxSearch
            dlx = dlx_kind(
                problem, first=not every, on_solution=on_solution, limit=limit, cancel=cancel
            )
            dlx.requested = backend
            return dlx
        if strategy not in (PLAIN, MRV):
            raise ValueError(f"unknown sudoku strategy {strategy!r} (known: plain, mrv, dlx)")
        kind: type[SudokuSearch] = SudokuSearch
        if backends.choose(backend) == backends.NUMBA:
            kind = self._compiled_class(strategy) or SudokuSearch
        search = kind(
            problem,
            strategy,
            singles=_singles(strategy, options),
            first=not every,
            on_solution=on_solution,
            limit=limit,
            cancel=cancel,
        )
        search.requested = backend
        return search

    def _compiled_class(self, strategy: str) -> type[SudokuSearch] | None:
        """The compiled subclass of ``SudokuSearch`` (plain and MRV, forced cells or not),
        imported here, never at module import."""
        from .compiled import NumbaSudokuSearch

        return NumbaSudokuSearch

    def custom_search(
        self,
        problem: SudokuProblem,
        calls: Any,
        *,
        every: bool = False,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Search:
        """Plain or MRV as the user's ``cell`` picks, digits as ``digits`` orders them;
        forced fills are not offered to a strategy of one's own."""
        from .custom import UserSudokuSearch

        return UserSudokuSearch(
            problem,
            calls,
            first=not every,
            on_solution=on_solution,
            limit=limit,
            cancel=cancel,
        )

    def verdict(self, problem: SudokuProblem) -> Verdict | None:
        return model.verdict(problem)

    def solution_depth(
        self, problem: SudokuProblem, strategy: str, options: Mapping[str, Any] | None = None
    ) -> int | None:
        """Every blank takes one placement, unless forced fills take some."""
        return None if _singles(strategy, options) else problem.blanks

    def children(
        self, problem: SudokuProblem, strategy: str, options: Mapping[str, Any] | None = None
    ) -> Children | None:
        return children(problem, strategy, _singles(strategy, options))

    def next_event(
        self,
        problem: SudokuProblem,
        strategy: str,
        path: Sequence[int],
        last: int | None,
        children: Children | None = None,
    ) -> int | None:
        """The search's next event from ``path`` (plain, MRV or DLX, without forced fills:
        no options reach here; or in ``children``'s order)."""
        kids = children or grid_children(problem, strategy, False)
        return next_event(
            kids,
            path,
            last,
            root_depth=0,
            solved=lambda p: len(p) == problem.blanks,
            stop_on_solution=True,
        )

    def count(
        self,
        problem: SudokuProblem,
        *,
        jobs: int | None = None,
        scheduler: str | None = None,
        checkpoint: Checkpoint | None = None,
    ) -> int:
        """Every solution, on ``jobs`` processes (every core by default) or a Dask cluster,
        by the compiled counter when numba is here (``counting``); ``checkpoint`` records
        the pieces and resumes a count stopped before its end."""
        from . import counting

        return counting.count(problem, jobs=jobs, scheduler=scheduler, checkpoint=checkpoint)

    def warm_up(self) -> None:
        """Compile (or load from numba's cache) the Sudoku loops with the engine's own."""
        from . import compiled, counting

        compiled.warm_up()
        counting.warm_up()

    # -- writing -------------------------------------------------------------------------

    def format_result(
        self,
        problem: SudokuProblem,
        result: Result,
        solutions: Sequence[tuple[int, ...]],
        fmt: str,
    ) -> str:
        return layouts.render(problem, result, solutions, fmt)

    def payload(
        self, problem: SudokuProblem, result: Result, solutions: Sequence[tuple[int, ...]]
    ) -> dict[str, Any]:
        return layouts.payload(problem, result, solutions)

    # -- words and labels (text.py): --trace and the page --------------------------------

    def event_text(self, problem: SudokuProblem, event: int) -> str:
        return words.event_text(problem, event)

    def name(self, lang: str = "en") -> str:
        return words.name(lang)

    def labels(self, problem: SudokuProblem) -> tuple[str, ...]:
        return words.labels(problem)

    def fixed(self, problem: SudokuProblem) -> tuple[tuple[int, int], ...]:
        return words.fixed(problem)

    def regions(self, problem: SudokuProblem) -> tuple[int, int]:
        return words.regions(problem)

    def derived(
        self,
        problem: SudokuProblem,
        path: Sequence[int],
        options: Mapping[str, Any] | None = None,
    ) -> tuple[tuple[int, int], ...]:
        return words.derived(problem, path, options)


def _drop(solution: tuple[int, ...]) -> None:
    """A solution counted, not kept."""


def children(problem: SudokuProblem, strategy: str, singles: bool = False) -> Children:
    """Path -> the placement events the strategy tries at that node, in its order (none at
    a dead end or a full grid), as ``stack_at``'s levels have them."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown sudoku strategy {strategy!r} (known: plain, mrv, dlx)")

    @lru_cache(maxsize=4096)
    def at(path: tuple[int, ...]) -> tuple[int, ...]:
        if strategy == DLX:
            dlx = DlxReplay(problem)
            for x in path:
                dlx.place(x)
            return dlx.events()
        replay = Replay(problem, strategy, singles)
        for x in path:
            replay.place(x)
        return replay.events()

    def kids(path: Sequence[int]) -> Sequence[int]:
        return at(tuple(path))

    return kids


#: ``children`` under a name the spec's methods' own ``children`` argument leaves free.
grid_children = children


def _adopt_plain_mrv() -> handover.Adopt:
    """The compiled search's ``adopt``, imported when a search is handed over."""
    from .compiled import NumbaSudokuSearch

    return NumbaSudokuSearch.adopt


def _adopt_dlx() -> handover.Adopt:
    from .compiled import NumbaDlxSearch

    return NumbaDlxSearch.adopt


# A search begun on the pure-Python engine moves onto the compiled one once it is loaded.
handover.register(SudokuSearch, _adopt_plain_mrv)
handover.register(DlxSearch, _adopt_dlx)

#: Found by ``knightviz.engine.puzzles.specs``.
SPEC = SudokuSpec()
