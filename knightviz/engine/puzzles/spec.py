"""What every puzzle tells the engine's users: the puzzle spec.

The command line, the page builder and the window's presenters know a puzzle through its
spec: how to read and write a problem, which strategies it has and how to make a search for
one (on either backend), what is known before searching, the children of a node of its
search tree, its text formats and the names of its two kinds of step. Adding a puzzle means
one module in this package that defines ``SPEC`` (the registry finds it), one presenter in
the window, their tests and translations: no other module names a puzzle.

No Qt here, and nothing about words on screen: presenters do the wording.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from knightviz.engine.events import Result, Search
from knightviz.engine.legal import Rules
from knightviz.engine.tree import Children

if TYPE_CHECKING:
    from knightviz.engine.parallel.checkpoint import Checkpoint

#: A problem: whatever the spec parses (a frozen dataclass, so it can key caches and runs).
P = TypeVar("P")


class ProblemError(ValueError):
    """A problem that cannot be read: one sentence, and where (1-based column; 0: no one
    place) so the command line can name the line and the column."""

    def __init__(self, message: str, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.column = column


@dataclass(frozen=True, slots=True)
class Verdict:
    """Why a problem has no solution, known without searching: a sentence (English; a
    presenter words its own) and the squares it is about (marked on the board)."""

    sentence: str
    squares: tuple[int, ...] = ()
    #: A short machine-readable reason ("duplicate", "no-candidate", ...), for presenters
    #: that word the verdict in the user's language.
    kind: str = ""
    #: The reason's figures (a digit, a row number, ...), for the same presenters.
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """A puzzle's own command (``knightviz <name> …``), made by the command line's one
    generic handler from this description: no command module of its own."""

    name: str
    help: str
    #: The strategies ``--strategy`` offers, the first the default.
    strategies: tuple[str, ...]
    #: The layouts ``--format`` offers, the first the default; "count" implies every solution.
    formats: tuple[str, ...]
    #: The sizes ``--size`` offers (empty: the size comes from the problem alone).
    sizes: tuple[int, ...] = ()
    #: Options the spec's ``make_search`` understands as flags (``--name`` sets ``True``).
    flags: tuple[tuple[str, str], ...] = ()
    #: The strategies a flag applies to, by flag (a flag not listed: every strategy); the
    #: command refuses it with another.
    flag_strategies: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: Example problems, by name (``--help`` and the window's list).
    examples: tuple[tuple[str, str], ...] = ()


class PuzzleSpec(Generic[P]):
    """One puzzle's engine side. Subclasses set the class attributes and fill in the
    methods; the defaults say "nothing known" where that is a true answer."""

    #: Stable identifier (run files, the history, the page, ``puzzleCombo``'s item data).
    key: ClassVar[str] = ""
    #: Where the puzzle selector lists it (smaller first).
    order: ClassVar[int] = 100
    #: The puzzle's English name.
    title: ClassVar[str] = ""
    #: The strategies ``make_search`` accepts, the first the default.
    strategies: ClassVar[tuple[str, ...]] = ()
    #: The two kinds of step, as counted: (a step forward, a step back).
    event_names: ClassVar[tuple[str, str]] = ("move", "backtrack")
    #: The text layouts ``format_result`` writes.
    formats: ClassVar[tuple[str, ...]] = ()
    #: The puzzle's own command, if it has one made from this spec.
    command: ClassVar[CommandSpec | None] = None
    #: The functions a user's strategy defines for this puzzle (``engine.strategies``), in
    #: the order they are named to the user; empty: the puzzle takes no such strategy.
    custom_functions: ClassVar[tuple[str, ...]] = ()

    # -- problems ------------------------------------------------------------------------

    def parse(self, text: str, size: int | None = None) -> P:
        """A problem from its text (ProblemError with the column when it cannot be read)."""
        raise NotImplementedError

    def text(self, problem: P) -> str:
        """The problem as ``parse`` reads it back."""
        raise NotImplementedError

    def describe(self, problem: P) -> str:
        """The problem in a few English words ("8-queens, every solution")."""
        raise NotImplementedError

    def dims(self, problem: P) -> tuple[int, int]:
        """The board's rows and columns."""
        raise NotImplementedError

    def values(self, problem: P) -> int:
        """How many event values a square has: an event ``x >= 0`` is square
        ``x % (rows * cols)`` holding value ``x // (rows * cols)`` (1: a piece is a piece)."""
        return 1

    def initial(self, problem: P) -> tuple[int, ...]:
        """Events in place before the first step (a piece's start square)."""
        return ()

    # -- searching -----------------------------------------------------------------------

    def make_search(
        self,
        problem: P,
        strategy: str,
        *,
        every: bool = False,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
        backend: str | None = None,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Search:
        """A search of ``problem`` with ``strategy``: to the first solution, or to the end
        (``every``) reporting each solution to ``on_solution``; ``backend`` as
        ``backends.choose`` takes it; ``options``: the strategy's flags."""
        raise NotImplementedError

    def custom_search(
        self,
        problem: P,
        calls: Any,
        *,
        every: bool = False,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Search:
        """The Python search of ``problem`` that asks ``calls`` (``strategies.calls.Calls``:
        the user's functions, checked) for the order of its candidates. Only the strategy's
        child process calls it; its search sets ``failure`` when a call fails."""
        raise NotImplementedError

    def verdict(self, problem: P) -> Verdict | None:
        """Why no solution can exist, known without searching, or None."""
        return None

    def solution_depth(
        self, problem: P, strategy: str, options: Mapping[str, Any] | None = None
    ) -> int | None:
        """The depth at which a step completes a solution (None: not fixed)."""
        return None

    def children(
        self, problem: P, strategy: str, options: Mapping[str, Any] | None = None
    ) -> Children | None:
        """A node's children (from the events on its path) in the order the strategy tries
        them: the search tree panel's and "your turn"'s source. None: no tree."""
        return None

    def count(
        self,
        problem: P,
        *,
        jobs: int | None = None,
        scheduler: str | None = None,
        checkpoint: Checkpoint | None = None,
    ) -> int:
        """Every solution of ``problem``, counted as fast as the engine can. ``checkpoint``
        (open for this count): record the plan and each finished piece there, and run only
        the pieces it does not hold yet (``parallel.checkpoint``)."""
        raise NotImplementedError

    def warm_up(self) -> None:
        """Compile (or load from numba's cache) the puzzle's own compiled loops, if it has
        any: ``backends.load`` calls it (numba imported) for every puzzle the registry has
        found, so that no search of the puzzle waits for a JIT once the kernels are ready."""

    # -- writing -------------------------------------------------------------------------

    def format_result(
        self, problem: P, result: Result, solutions: Sequence[tuple[int, ...]], fmt: str
    ) -> str:
        """The outcome in layout ``fmt`` (one of ``formats``), as the command line prints
        it; ValueError for another."""
        raise NotImplementedError

    def payload(
        self, problem: P, result: Result, solutions: Sequence[tuple[int, ...]]
    ) -> dict[str, Any]:
        """The outcome as one JSON object (``--format json``)."""
        raise NotImplementedError

    # -- added for the presenters' "your turn" and the run files' check ---------------------

    def next_event(
        self,
        problem: P,
        strategy: str,
        path: Sequence[int],
        last: int | None,
        children: Children | None = None,
    ) -> int | None:
        """The event the search takes next from ``path`` after ``last`` (None at the
        start): ``x`` or ``~x``, None when it stops there, or when the spec cannot say.
        ``children``: a node's children in another order than the strategy's (a learner's
        own strategy, rebuilt by ``strategies.UserExplainer``)."""
        return None

    def rules(self, problem: P) -> Rules | None:
        """What a recording of ``problem`` may do (a saved run is replayed against them
        before it is shown); None: nothing checked beyond the recording's consistency."""
        return None

    def event_text(self, problem: P, event: int) -> str:
        """One event as a line of ``--trace``: by default the step's kind and the square's
        number in reading order from 0 ("move 12", "backtrack 12")."""
        rows, cols = self.dims(problem)
        forward = event >= 0
        square = (event if forward else ~event) % (rows * cols)
        return f"{self.event_names[0 if forward else 1]} {square}"

    # -- the page (and any front end that draws values rather than pieces) ---------------

    def name(self, lang: str = "en") -> str:
        """The puzzle's name in language ``lang`` ("en", "zh_CN"); English by default."""
        return self.title

    def labels(self, problem: P) -> tuple[str, ...] | None:
        """The text each event value is drawn as (value ``v`` of an event is
        ``x // (rows * cols)``), or None: the board draws pieces, not values."""
        return None

    def fixed(self, problem: P) -> tuple[tuple[int, int], ...]:
        """Squares holding a value before the search, which are not events: (square, value),
        value as events encode it (0-based). Drawn bold."""
        return ()

    def regions(self, problem: P) -> tuple[int, int] | None:
        """The board's regions as (rows, cols) of one box, drawn with heavier lines; None:
        no regions."""
        return None

    def derived(
        self, problem: P, path: Sequence[int], options: Mapping[str, Any] | None = None
    ) -> tuple[tuple[int, int], ...]:
        """Squares filled as a consequence of the events on ``path`` (not events themselves:
        derived state, the same for the same path), as (square, value). None by default."""
        return ()
