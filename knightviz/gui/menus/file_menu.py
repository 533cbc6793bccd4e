"""The File menu: open and save runs, export a run or the history, quit.

One object (napari's ``_qt/menus/file_menu.py`` shape): it builds its actions, keeps them
enabled only when they can act (with the reason in their tooltips otherwise), asks for file
names, and does the work through ``panels/export.py``. It knows the window only as the
parent of its dialogs and through three callables: the run view on show, the history's
records, and the action that quits.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from knightviz.engine.store import RecordingStore
from knightviz.gui.menus import file_dialogs as dialogs
from knightviz.gui.panels import export as exporting
from knightviz.gui.puzzles.base import Puzzle
from knightviz.gui.session import RunRecord
from knightviz.gui.text import fmt_int
from knightviz.gui.view import RunView


class FileMenu(QMenu):
    """File › Open run, Save run, Export run, Export history, Quit."""

    #: A saved run was opened: its record (the window adds it to the history and shows it).
    run_opened = Signal(object)
    #: One line for the status bar, and how long to show it (ms).
    message = Signal(str, int)

    def __init__(
        self,
        parent: QWidget,
        puzzles: dict[str, Puzzle[Any]],
        store: RecordingStore,
        view: Callable[[], RunView],
        records: Callable[[], Sequence[RunRecord | None]],
        language: Callable[[], str] = lambda: "en",
    ) -> None:
        super().__init__(self.tr("&File"), parent)
        self._window = parent
        self._puzzles = puzzles
        self._store = store
        self._view = view
        self._records = records
        # The window's language: an interactive page is written in it.
        self._language = language
        self.folder = os.path.expanduser("~")
        #: The last GIF's frames, seconds and bytes (also in the status bar).
        self.last_gif: exporting.GifReport | None = None
        self.setToolTipsVisible(True)
        self.open_action = self._action(
            "openRunAction", self.tr("&Open run…"), self.ask_open_run, QKeySequence.StandardKey.Open
        )
        self.open_action.setStatusTip(
            self.tr("Open a run saved with Save run: its board, timeline and history row")
        )
        self.save_action = self._action(
            "saveRunAction", self.tr("&Save run…"), self.ask_save_run, QKeySequence.StandardKey.Save
        )
        self.export_run_action = self._action(
            "exportRunAction", self.tr("&Export run…"), self.ask_export_run, QKeySequence("Ctrl+E")
        )
        self.export_history_action = self._action(
            "exportHistoryAction", self.tr("Export &history…"), self.ask_export_history
        )
        self.addActions([self.open_action, self.save_action])
        self.addSeparator()
        self.addActions([self.export_run_action, self.export_history_action])
        self.addSeparator()
        self.quit_action = QAction(self.tr("&Quit"), self)
        self.quit_action.setObjectName("quitAction")
        # Ctrl+Q where the platform has no standard Quit key (Windows, offscreen).
        self.quit_action.setShortcuts(
            QKeySequence.keyBindings(QKeySequence.StandardKey.Quit) or [QKeySequence("Ctrl+Q")]
        )
        self.quit_action.setStatusTip(self.tr("Close the window and quit (the settings are kept)"))
        self.quit_action.triggered.connect(parent.close)
        self.addAction(self.quit_action)
        self.update_actions()

    def _action(
        self,
        name: str,
        text: str,
        slot: Callable[[], None],
        key: QKeySequence | QKeySequence.StandardKey | None = None,
    ) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if key is not None:
            action.setShortcut(key)
        action.triggered.connect(slot)
        return action

    def update_actions(self) -> None:
        """Enabled only when they can act; the tooltip says why not."""
        why = exporting.why_not_exportable(self._view().session)
        for action, tip in (
            (
                self.export_run_action,
                self.tr("Export the run on the board: text, JSON, image, interactive page"),
            ),
            (self.save_action, self.tr("Save the run with its recording, to open it later")),
        ):
            action.setEnabled(why is None)
            action.setToolTip(tip if why is None else why)
            action.setStatusTip(tip if why is None else why)
        empty = not self._records()
        tip = (
            self.tr("No runs in the history yet.")
            if empty
            else self.tr("Export every run of the history as CSV or JSON")
        )
        self.export_history_action.setEnabled(not empty)
        self.export_history_action.setToolTip(tip)
        self.export_history_action.setStatusTip(tip)

    # -- the work, without dialogs (automation) -----------------------------------------------

    def export_run(
        self,
        path: str,
        fmt: str,
        *,
        first: int | None = None,
        last: int | None = None,
        delay_ms: int = exporting.GIF_DELAY_MS,
        side: int | None = None,
        progress: Any = None,
    ) -> bool:
        """Write the run on the board to ``path`` in ``fmt`` (docs/api.md, "Automation"). False,
        after a message box, on failure."""
        view = self._view()
        run = exporting.RunExport.from_session(view.session)
        if run is None:
            self._error(self.tr("Export run"), exporting.why_not_exportable(view.session))
            return False
        board = view.board
        try:
            report = exporting.write_export(
                run,
                path,
                fmt,
                shown=board.model(),
                details=board.details(),
                closing=board.closing(),
                first=first,
                last=last,
                delay_ms=delay_ms,
                side=side,
                progress=progress,
                lang=self._language(),
            )
        except exporting.ExportError as exc:
            self._error(self.tr("Export run"), str(exc))
            return False
        if report is not None:
            self.last_gif = report
            text = self.tr("Saved {0}: {1} frames, {2} KB in {3} s.").format(
                path, fmt_int(report.frames), fmt_int(report.bytes >> 10), f"{report.seconds:.1f}"
            )
        else:
            text = self.tr("Exported the run to {0}.").format(path)
        self.message.emit(text, 8000)
        return True

    def export_history(self, path: str, fmt: str) -> bool:
        """Write every history row to ``path`` as ``csv`` or ``json``."""
        try:
            runs = [r for r in self._records() if r is not None]
            exporting.write_history(runs, path, fmt)
        except exporting.ExportError as exc:
            self._error(self.tr("Export history"), str(exc))
            return False
        self.message.emit(self.tr("Exported the history to {0}.").format(path), 8000)
        return True

    def save_run(self, path: str) -> bool:
        """Save the run on the board, its recording included, to a ``.knightviz`` file."""
        session = self._view().session
        run = exporting.RunExport.from_session(session)
        if run is None:
            self._error(self.tr("Save run"), exporting.why_not_exportable(session))
            return False
        record = exporting.record_of(self._records(), run.recording)
        try:
            saved = exporting.save_run_file(run, record, session.seconds(), path)
        except exporting.ExportError as exc:
            self._error(self.tr("Save run"), str(exc))
            return False
        note = exporting.gaps_note(saved)
        self.message.emit(
            (self.tr("Saved the run to {0}.").format(path) + " " + note).strip(), 10_000
        )
        return True

    def open_run(self, path: str) -> bool:
        """Open a saved run: it joins the history and comes back with its timeline."""
        try:
            record = exporting.open_run_file(path, self._puzzles, self._store)
        except exporting.ExportError as exc:
            self._error(self.tr("Open run"), str(exc))
            return False
        self.run_opened.emit(record)
        self.message.emit(
            self.tr("Opened {0}: drag the timeline, or Back/Step.").format(os.path.basename(path)),
            8000,
        )
        return True

    def _error(self, title: str, text: str | None) -> None:
        dialogs.warn(self._window, title, text or "")

    # -- with dialogs (the menu's actions) -----------------------------------------------------

    def _remember_folder(self, path: str) -> None:
        self.folder = os.path.dirname(path) or self.folder

    def ask_export_run(self) -> None:
        session = self._view().session
        run = exporting.RunExport.from_session(session)
        if run is None:
            self._error(self.tr("Export run"), exporting.why_not_exportable(session))
            return
        choices = exporting.run_formats(run.puzzle, run.settings)
        chosen = dialogs.ask_save_path(
            self._window, self.tr("Export run"), self.folder, run.file_name, choices
        )
        if chosen is None:
            return
        path, fmt = chosen
        self._remember_folder(path)
        if fmt != "gif":
            self.export_run(path, fmt)
            return
        length = len(run.recording) if run.recording is not None else 0
        gif = dialogs.ask_gif(self._window, length, session.position)
        if gif is None:
            return
        first, last, delay, side = gif
        progress = dialogs.Progress(self._window, self.tr("Drawing the GIF's frames…"))
        try:
            self.export_run(
                path, fmt, first=first, last=last, delay_ms=delay, side=side, progress=progress
            )
        finally:
            progress.close()

    def ask_export_history(self) -> None:
        chosen = dialogs.ask_save_path(
            self._window,
            self.tr("Export history"),
            self.folder,
            "knightviz-history",
            dialogs.history_formats(),
        )
        if chosen is not None:
            self._remember_folder(chosen[0])
            self.export_history(*chosen)

    def ask_save_run(self) -> None:
        session = self._view().session
        run = exporting.RunExport.from_session(session)
        if run is None:
            self._error(self.tr("Save run"), exporting.why_not_exportable(session))
            return
        chosen = dialogs.ask_save_path(
            self._window,
            self.tr("Save run"),
            self.folder,
            run.file_name,
            [dialogs.run_file_format()],
        )
        if chosen is not None:
            self._remember_folder(chosen[0])
            self.save_run(chosen[0])

    def ask_open_run(self) -> None:
        path = dialogs.ask_open_path(self._window, self.folder)
        if path:
            self._remember_folder(path)
            self.open_run(path)
