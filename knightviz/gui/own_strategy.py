"""The learner's own strategy in the window: the editor's dock, the text Start takes, the
question before a saved strategy runs again, and its failures marked in the editor.

The window's process never executes the learner's code: the settings carry its text, and the
engine runs it in a child process (``Puzzle.run_search``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMessageBox

from knightviz.gui.panels.strategy_editor import StrategyEditor
from knightviz.gui.puzzles.base import Puzzle, own_failure_words
from knightviz.gui.run.state import State
from knightviz.gui.window_layout import make_dock

if TYPE_CHECKING:
    from knightviz.gui.session import RunSession


class OwnStrategyDesk(QObject):
    """The editor dock and what Start does with its text."""

    #: A sentence for the status bar (a refusal to start, a failure).
    message = Signal(str, int)

    def __init__(self, window: QMainWindow, puzzles: dict[str, Puzzle[Any]]) -> None:
        super().__init__(window)
        self._window = window
        self._puzzles = puzzles
        self.editor = StrategyEditor()
        title = self.tr("Your strategy")
        self.dock: QDockWidget = make_dock(window, "strategyDock", title, self.editor)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()
        self._chosen = False
        #: The strategy text of a run brought back (asked about before it runs again).
        self._saved = ""
        #: Answer for the question before a saved strategy runs (tests set it).
        self.ask = self._ask

    def retranslate(self) -> None:
        self.dock.setWindowTitle(self.tr("Your strategy"))

    # -- the choice -----------------------------------------------------------------------------

    def follow(self, puzzle_key: str, settings: list[Any]) -> None:
        """The settings on show (the single run's, or the racers'): choosing "Your own…"
        opens the editor, with the puzzle's template when it is empty."""
        puzzle = self._puzzles[puzzle_key]
        chosen = any(puzzle.own(s) for s in settings)
        if chosen and not self._chosen:
            # The last session's strategy (remembered with the settings) before a template;
            # never a run's brought back from a file: that one runs only when asked.
            kept = [s for s in settings if puzzle.own(s)]
            source = puzzle.own_source(kept[0])
            if source and not self._saved and not self.editor.text().strip():
                self.editor.restore(source, str(getattr(kept[0], "own_name", "")))
            self.editor.offer_template(puzzle.own_template())
            self._show()
        self._chosen = chosen

    # -- Start ----------------------------------------------------------------------------------

    def brought_back(self, puzzle_key: str, settings: Any) -> None:
        """A run was brought back (the history, a run file): its saved strategy is what
        Start would run again, once the user agrees; nothing of it runs now."""
        puzzle = self._puzzles[puzzle_key]
        self._saved = puzzle.own_source(settings) if puzzle.own(settings) else ""

    def take(
        self, puzzle_key: str, settings: list[Any], pinned: list[bool] | None = None
    ) -> list[Any] | None:
        """The settings a run starts with: those of "Your own…" with the editor's text (or,
        for a run brought back, its own saved text once the user agreed to run it; a racer
        ``pinned`` to a file of its own keeps that file's). None: do not start (the user
        said no, or the text cannot run)."""
        puzzle = self._puzzles[puzzle_key]
        if not any(puzzle.own(s) for s in settings):
            return settings
        saved, self._saved = self._saved, ""
        if saved and saved != self.editor.text():
            rerun = [s for s in settings if puzzle.own(s) and puzzle.own_source(s) == saved]
            if rerun:  # a saved strategy's code runs only if the user agrees
                if not self.ask():
                    self._saved = saved  # asked again at the next Start
                    return None
                return settings
        keep = pinned or [False] * len(settings)  # racers with a file of their own keep it
        editor = any(puzzle.own(s) and not k for s, k in zip(settings, keep, strict=True))
        if editor and not self._check(puzzle):
            return None
        return [
            self._with_editor(puzzle, s) if puzzle.own(s) and not k else s
            for s, k in zip(settings, keep, strict=True)
        ]

    def _with_editor(self, puzzle: Puzzle[Any], settings: Any) -> Any:
        return puzzle.with_source(settings, self.editor.text(), self.editor.name())

    def _check(self, puzzle: Puzzle[Any]) -> bool:
        """The editor's text can be handed to the engine: not empty, valid Python."""
        self.editor.clear_error()
        text = self.editor.text()
        if not text.strip():
            sentence = self.tr("The editor is empty: write a strategy, or open one.")
            self.editor.mark_error(sentence, None)
            self._show()
            self.message.emit(sentence, 8000)
            return False
        from knightviz.engine.strategies import compile_check

        error = compile_check(text, puzzle.spec.custom_functions)
        if error is not None:
            self.mark(error)
            return False
        return True

    def _ask(self) -> bool:
        answer = QMessageBox.question(
            self._window,
            self.tr("Run a saved strategy?"),
            self.tr(
                "This run was made with a strategy saved with it, not the one in the editor. "
                "Running it again executes its Python code on this computer (in a separate "
                "process). Run it?"
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    # -- failures -------------------------------------------------------------------------------

    def watch(self, session: RunSession) -> None:
        session.strategy_failed.connect(self.mark)

    def mark(self, error: Any) -> None:
        """The strategy's failure: its sentence above the text, its line marked."""
        sentence = own_failure_words(error)
        line = getattr(error, "line", None)
        self.editor.mark_error(sentence, line if isinstance(line, int) else None)
        self._show()
        self.message.emit(sentence, 15_000)

    def _show(self) -> None:
        # The columns make room as for the explanatory panels (``take_room``): the board
        # keeps its share, the history goes to a tab when the window is narrow.
        self.dock.show()
        self.dock.raise_()


def idle(state: State) -> bool:
    """A new run would begin from this state (not a pause or a resume)."""
    return state in (State.IDLE, State.FINISHED)
