"""What a puzzle must tell the window: the adapter interface.

The window, the history and a run session know a puzzle only through its adapter: its
settings (a frozen dataclass with at least ``rows`` and ``cols``), the widget that edits them,
how to make a search, what is known without searching, how to word a run and its outcome, and
the layers that paint its pieces. Adding a puzzle means writing one adapter.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from knightviz.engine import Outcome, Result, Search
from knightviz.gui.board.layers import Layer
from knightviz.gui.board.model import BoardModel
from knightviz.gui.solver.feed import SolutionLog


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

    def create_settings_widget(self, parent: QWidget | None = None) -> SettingsWidget:
        raise NotImplementedError

    def initial(self, settings: Any, start: int) -> tuple[int, ...]:
        """Squares occupied before the first event."""
        raise NotImplementedError

    def make_search(
        self, settings: Any, start: int, anyway: bool, solutions: SolutionLog | None
    ) -> Search:
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

    def slow_hint(self, settings: Any, steps: int, depth: int) -> str | None:
        """Advice when a run is taking far longer than the board's size suggests, or None."""
        return None
