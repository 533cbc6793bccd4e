"""What a puzzle must tell the window: the adapter interface.

The window, the history and a run session know a puzzle only through its adapter: its
settings (a frozen dataclass with at least ``rows`` and ``cols``), the widget that edits them,
how to make a search, what is known without searching, how to word a run and its outcome, and
the layers that paint its pieces. Adding a puzzle means writing one adapter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from knightviz.engine import Outcome, Result, Search
from knightviz.engine.estimate import Probe
from knightviz.engine.events import StackLevel
from knightviz.engine.trace import decode
from knightviz.gui.board.layers import Layer
from knightviz.gui.board.model import BoardModel
from knightviz.gui.puzzles.programs import BACKTRACK, EXHAUSTED, MOVE, SOLVED, Program
from knightviz.gui.solver.feed import SolutionLog

DONE = "done"  # a candidate taken and finished
CURRENT = "current"  # being explored below
NEXT = "next"  # not yet tried
SKIPPED = "skipped"  # not a candidate any more (on the path, or attacked)


@dataclass(frozen=True, slots=True)
class Chip:
    """One candidate of a stack level, as the stack panel draws it."""

    text: str
    state: str
    #: Warnsdorff's onward degree (or None).
    degree: int | None = None
    square: int = -1


@dataclass(slots=True)
class StackSource:
    """A stack and how to word it: what the stack panel shows (built by the adapter)."""

    stack: Sequence[StackLevel]
    #: The chips of a level: (depth, level) -> chips.
    chips: Callable[[int, StackLevel], list[Chip]]
    #: The row's first column: (depth, level) -> text (contains the square's name).
    label: Callable[[int, StackLevel], str]
    #: The widest first column this stack can need (in the current language), or "".
    widest: str = ""


class Settings(Protocol):
    """Every puzzle's settings have a board size; the rest is the puzzle's own."""

    @property
    def rows(self) -> int: ...

    @property
    def cols(self) -> int: ...


class SettingsWidget(QWidget):
    """Edits a puzzle's own settings (not the board size, which every puzzle shares)."""

    settings_changed = Signal()

    def settings(self, rows: int, cols: int) -> Any:
        raise NotImplementedError

    def set_settings(self, settings: Any) -> None:
        raise NotImplementedError


class Puzzle(QObject):
    """One puzzle's adapter. Subclasses fill in every method."""

    #: Stable identifier (item data of ``puzzleCombo``, history, saved runs).
    key = ""
    #: Largest board side the window offers.
    max_side = 100
    #: Rows and columns always equal.
    square_only = False
    #: The user places a piece before the run (the knight's start square).
    movable_start = True

    def title(self) -> str:
        raise NotImplementedError

    def default_settings(self) -> Any:
        raise NotImplementedError

    def with_size(self, settings: Any, rows: int, cols: int) -> Any:
        return replace(settings, rows=rows, cols=cols)

    def create_settings_widget(
        self, parent: QWidget | None = None, compact: bool = False
    ) -> SettingsWidget:
        """The strategy's controls; ``compact``: in as few lines as possible (a race)."""
        raise NotImplementedError

    def initial(self, settings: Any, start: int) -> tuple[int, ...]:
        """Squares occupied before the first event."""
        raise NotImplementedError

    def make_search(
        self,
        settings: Any,
        start: int,
        anyway: bool,
        solutions: SolutionLog | None,
        backend: str | None = None,
    ) -> Search:
        """The engine search; ``backend`` forces one (the explaining shadow uses Python)."""
        raise NotImplementedError

    def solution_depth(self, settings: Any) -> int | None:
        """A move that brings the path to this length completes a solution, for puzzles that
        report many (None: the run's result is its one solution)."""
        return None

    def verdict(self, settings: Any, start: int) -> str | None:
        """Why no solution can exist, known without searching, or None."""
        return None

    def describe(self, settings: Any) -> str:
        """The strategy in a few words (history, status bar)."""
        raise NotImplementedError

    def describe_result(self, settings: Any, start: int, result: Result, model: BoardModel) -> str:
        """The status line after a run: what happened, in the user's terms."""
        raise NotImplementedError

    def outcome_text(self, result: Result) -> str:
        """One or two words for the history's Outcome column."""
        outcome = result.outcome
        if outcome is Outcome.SOLVED:
            return self.tr("solved")
        if outcome is Outcome.EXHAUSTED:
            return self.tr("no solution")
        if outcome is Outcome.LIMIT:
            return self.tr("step limit")
        if outcome is Outcome.CANCELLED:
            return self.tr("stopped")
        return self.tr("impossible")

    def counter_titles(self) -> tuple[str, str, str]:
        """Titles of the moves, backtracks and depth counters."""
        return (self.tr("Moves"), self.tr("Backtracks"), self.tr("Squares covered"))

    def create_layers(self) -> list[Layer]:
        """Fresh paint layers for one board widget (each keeps its own caches)."""
        raise NotImplementedError

    def configure_layers(self, layers: list[Layer], settings: Any) -> None:
        """Adjust this puzzle's layers to the settings (e.g. degrees only with Warnsdorff)."""

    def slow_hint(
        self, settings: Any, steps: int, depth: int, explored: float | None = None
    ) -> str | None:
        """Advice when a run is taking far longer than the board's size suggests, or None.
        ``explored``: the explored fraction of the whole tree, when known."""
        return None

    # -- explaining the search (stack panel, code panel, narration, gauge) ---------------------

    def program(self, settings: Any) -> Program:
        """The algorithm of this strategy, for the code panel."""
        raise NotImplementedError

    def stack_source(
        self, settings: Any, model: BoardModel, stack: Sequence[StackLevel]
    ) -> StackSource:
        """How the stack panel words this puzzle's stack levels."""
        raise NotImplementedError

    def levels(self, settings: Any, stack: Sequence[StackLevel]) -> Iterator[tuple[int, int]]:
        """(children, finished) per level, for the explored gauge."""
        raise NotImplementedError

    def tree_probe(self, settings: Any, start: int) -> Probe | None:
        """One random root-to-leaf walk of this search's tree (Knuth), or None when the
        search has no tree to estimate (a greedy walk)."""
        return None

    def narrate(self, settings: Any, model: BoardModel, finished: Result | None) -> str:
        """One line: what the search just did, and why."""
        return ""

    def code_line(self, settings: Any, model: BoardModel, finished: Result | None) -> int:
        """The program line the last event executed (see ``programs.py``), or 0."""
        program = self.program(settings)
        if finished is not None:
            if finished.outcome is Outcome.SOLVED:
                return program.line_for(SOLVED)
            if finished.outcome is Outcome.EXHAUSTED:
                return program.line_for(EXHAUSTED)
        if model.considered:
            return program.line_for(decode(model.considered[-1]).kind)
        if model.last_events:
            return program.line_for(MOVE if model.last_events[-1] >= 0 else BACKTRACK)
        return 0

    def code_variables(self, settings: Any, model: BoardModel, stack: Sequence[StackLevel]) -> str:
        """The program's variables at the highlighted line, in one line."""
        return ""
