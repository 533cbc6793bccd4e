"""The main window: layout, docks, menus, keys and language; wiring only.

A run is shown by a ``RunView`` (its board and panels, refreshed in one place); the window
holds the views on show (the single run's, or the race's two) and one conductor that the run
keys and buttons drive: the single run's session, or the race.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QTimer, Signal, Slot
from PySide6.QtGui import QCloseEvent, QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QMainWindow,
    QMenu,
    QSplitter,
)

from knightviz.engine.store import RecordingStore
from knightviz.gui.board.model import BoardModel
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.config import SYSTEM, set_preferred_language
from knightviz.gui.history_store import HistoryStore
from knightviz.gui.i18n import Translations, retranslate_tree
from knightviz.gui.icon import app_icon
from knightviz.gui.menus.file_menu import FileMenu
from knightviz.gui.menus.menus import (
    BoardMenu,
    CompareMenu,
    PredictMenu,
    RunMenu,
    ViewMenu,
    connect,
    run_key,
)
from knightviz.gui.own_strategy import OwnStrategyDesk, idle
from knightviz.gui.panels.chart import ChartPanel
from knightviz.gui.panels.comparison import ComparisonPanel
from knightviz.gui.panels.controls import ControlPanel, RunControls
from knightviz.gui.panels.engine import OWN as OWN_ENGINE
from knightviz.gui.panels.engine import EngineStatus
from knightviz.gui.panels.help import HelpMenu
from knightviz.gui.panels.history import HistoryTable
from knightviz.gui.panels.race import LaneParts, RaceView
from knightviz.gui.panels.startmap import StartMap
from knightviz.gui.prefs import WindowPrefs, fit_to_screen
from knightviz.gui.puzzles import make_puzzles
from knightviz.gui.race import Race
from knightviz.gui.session import RunRecord, RunSession, State
from knightviz.gui.solver.controller import SolverController
from knightviz.gui.theme import ThemeController
from knightviz.gui.view import RunView
from knightviz.gui.window_layout import (
    DEFAULT_SIZE,
    RaceReturn,
    WindowParts,
    arrange_docks,
    build_layout,
    enter_race,
    fit_code_dock,
    leave_race,
    place_history,
    place_toolbars,
    show_explanations,
    sync_explain,
)

__all__ = ["DEFAULT_SIZE", "MainWindow"]


#: How often runs kept waiting by a locked history file are tried again (ms).
HISTORY_RETRY_MS = 2000
#: How often the comparison says how far a racer still searching has got (the race's own
#: counters show every step; the comparison's words need not be set at the screen's rate).
RACING_REFRESH_SECONDS = 0.25


class MainWindow(QMainWindow):
    """Board in the middle, controls and counters on the right, history and panels docked."""

    #: The start-square map ended: True when every square is mapped, False when cancelled.
    map_finished = Signal(bool)

    def __init__(self, translations: Translations | None = None) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        #: The application's languages (View, Language); the window's own when not given.
        self.translations = translations if translations is not None else Translations(self)
        #: The language the window's texts are in now (they follow ``translations``).
        self._language = self.translations.language
        self.setWindowTitle(self.tr("knightviz — watch backtracking search think"))
        self.setWindowIcon(app_icon())
        self.setDockNestingEnabled(True)
        self.puzzles = make_puzzles(self)
        #: Every run's recording, under one memory budget (Run, Recording memory…).
        self.recordings = RecordingStore()
        #: The single run's view; the race has two more (``race.views``).
        self.view = RunView(self.puzzles, self.recordings, self)
        self.race = Race(self.puzzles, self.recordings, self)
        self.race_view = RaceView(
            [LaneParts(v.lane, v.board, v.map_legend, v.counters) for v in self.race.views],
            self.puzzles,
        )
        self.panel = ControlPanel(self.puzzles)
        self.run_controls = RunControls(self.session.speed)
        self.history = HistoryTable(self.puzzles)
        self.chart = ChartPanel(self.puzzles)  # draws (and imports pyqtgraph) once shown
        self.comparison = ComparisonPanel(self.puzzles)
        self._runs = 0
        self._racing_shown_at = 0.0
        self._puzzle_key = ""
        self._shutting_down = False
        #: What the window comes back to after a race (None: no race on).
        self._race_return: RaceReturn | None = None

        #: The columns, docks and status bar's widgets (``window_layout``).
        self.parts: WindowParts = build_layout(
            self,
            self.view,
            race_view=self.race_view,
            race_trees=[v.tree_panel for v in self.race.views],
            panel=self.panel,
            run_controls=self.run_controls,
            comparison=self.comparison,
            history=self.history,
            chart=self.chart,
            backend=self._engine_of_run,
        )
        #: The learner's own strategy: its editor dock, and what Start takes from it.
        self.own = OwnStrategyDesk(self, self.puzzles)
        self.parts.take_room(self.own.dock)  # the board keeps its room beside the editor
        self._build_menus()
        self._wire()
        self._on_settings_changed()
        self.first_launch_shape()
        self._build_preferences()
        self._sync_explain()
        self.board.setFocus()
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    # -- what tests and automation use (README, "Automation") ---------------------------------

    @property
    def session(self) -> RunSession:
        """The single run's session."""
        return self.view.session

    @property
    def controller(self) -> SolverController:
        """The single run's solver controller (``run_finished`` carries the Result)."""
        return self.session.controller

    @property
    def model(self) -> BoardModel:
        return self.session.model

    @property
    def board(self) -> BoardWidget:
        return self.view.board

    @property
    def startmap(self) -> StartMap:
        return self.view.startmap

    @property
    def engine(self) -> EngineStatus:
        """The status bar's engine indicator (loading, compiled, pure Python)."""
        return self.parts.engine

    @property
    def splitter(self) -> QSplitter:
        """Board | controls and the comparison | counters and the history."""
        return self.parts.splitter

    @property
    def code_dock(self) -> QDockWidget:
        return self.parts.code_dock

    @property
    def stack_dock(self) -> QDockWidget:
        return self.parts.stack_dock

    @property
    def constraints_dock(self) -> QDockWidget:
        return self.parts.constraints_dock

    @property
    def solutions_dock(self) -> QDockWidget:
        return self.parts.solutions_dock

    @property
    def tree_dock(self) -> QDockWidget:
        return self.parts.tree_dock

    @property
    def chart_dock(self) -> QDockWidget:
        return self.parts.chart_dock

    @property
    def race_mode(self) -> bool:
        return self.race_action.isChecked()

    @property
    def views(self) -> list[RunView]:
        """The run views on show: the single run's, or the race's two."""
        return self.race.views if self.race_mode else [self.view]

    @property
    def conductor(self) -> RunSession | Race:
        """What the run keys and buttons drive."""
        return self.race if self.race_mode else self.session

    @property
    def sessions(self) -> list[Any]:
        """Race mode: the two racers (each with its ``session``, ``board``, ``model``,
        ``result``, ``place``, ``finish``). Otherwise: the one session."""
        return list(self.race.lanes) if self.race_mode else [self.session]

    @property
    def last_gif(self) -> Any:
        return self.file_menu.last_gif

    def status_text(self) -> str:
        """The status line's full text (it may be shown elided)."""
        return self.parts.status_label.full_text()

    def verdict(self) -> str | None:
        """The announced reason no solution can exist, or None."""
        return self.view.verdict_banner.shown_text()

    def hint(self) -> str | None:
        """The "this run looks stuck" advice, or None."""
        return self.view.hint_banner.shown_text()

    def export_run(self, path: str, fmt: str, **options: Any) -> bool:
        return self.file_menu.export_run(path, fmt, **options)

    def export_history(self, path: str, fmt: str) -> bool:
        return self.file_menu.export_history(path, fmt)

    def save_run(self, path: str) -> bool:
        return self.file_menu.save_run(path)

    def open_run(self, path: str) -> bool:
        return self.file_menu.open_run(path)

    # -- the start-square map -----------------------------------------------------------------

    @Slot()
    def start_map(self) -> None:
        """Map the strategy of every board on show from every start square (background)."""
        if not self.session.puzzle.movable_start:
            return
        self.map_action.blockSignals(True)
        self.map_action.setChecked(True)
        self.map_action.blockSignals(False)
        for view in self.views:
            view.show_map(True)

    def maps(self) -> list[StartMap]:
        """The maps on show: the board's, or in race mode one per racer."""
        return [view.startmap for view in self.views]

    def map_result(self, lane: int = 1) -> dict[str, int | None]:
        """Square name → steps (None: no tour can exist there); in race mode racer ``lane``'s."""
        maps = self.maps()
        return maps[min(lane, len(maps)) - 1].result()

    def map_outcomes(self, lane: int = 1) -> dict[str, str]:
        """Square name → solved, limit, stuck, exhausted or impossible."""
        maps = self.maps()
        return maps[min(lane, len(maps)) - 1].outcomes()

    @Slot(bool)
    def _on_map_toggled(self, on: bool) -> None:
        if on:
            self.start_map()
        else:
            for view in (self.view, *self.race.views):
                view.show_map(False)

    @Slot(bool)
    def _on_map_finished(self, complete: bool) -> None:
        """Every map on show has ended (both, in race mode)."""
        maps = self.maps()
        if not any(m.running for m in maps):
            self.map_finished.emit(complete and not any(m.cancelled for m in maps))

    # -- construction ---------------------------------------------------------------------------

    def arrange_docks(self) -> None:
        """The panels' first-launch places (and View › Reset settings'): see
        ``window_layout.arrange_docks``."""
        arrange_docks(self, self.parts)

    def first_launch_shape(self) -> None:
        """The size and panels' places of a first launch (View › Reset settings)."""
        fit_to_screen(self, DEFAULT_SIZE)
        self.arrange_docks()

    def start_engine_loader(self) -> None:
        """Load or compile the fast engine in the background, once the window has painted."""
        self.engine.start_loader()

    def _build_menus(self) -> None:
        self.file_menu = FileMenu(
            self,
            self.puzzles,
            self.recordings,
            lambda: self.view,
            self.history.lazy_records,
            language=self.language,
        )
        self.run_menu = RunMenu(self)
        self.compare_menu = CompareMenu(self)
        self.board_menu = BoardMenu(self)
        self.edit_board_action = self.board_menu.edit_action
        self.view_menu = ViewMenu(self, self.parts.docks, self.translations.language)
        self.explain_action = self.view_menu.explain_action
        self.help_menu = QMenu(self.tr("&Help"), self)
        menus = (self.file_menu, self.run_menu, self.board_menu, self.compare_menu, self.view_menu)
        for menu in menus:
            self.menuBar().addMenu(menu)
        self.menuBar().addMenu(self.help_menu)
        place_toolbars(self, [self.compare_menu.toolbar, self.board_menu.toolbar])
        run, compare = self.run_menu, self.compare_menu
        self.predict_menu = PredictMenu(self, run, compare.toolbar)
        self.predict_action = self.predict_menu.predict_action
        compare.toolbar.addSeparator()
        compare.toolbar.addAction(self.explain_action)
        self.start_action, self.step_action = run.start_action, run.step_action
        self.step_back_action, self.reset_action = run.step_back_action, run.reset_action
        self.race_action, self.map_action = compare.race_action, compare.map_action
        self.chart_action = compare.chart_action
        self.language_menu = self.view_menu.language_menu
        self.reset_settings_action = self.view_menu.reset_settings_action
        self.clear_history_action = run.clear_history_action
        connect(self.start_action, self.start_or_pause)
        connect(self.step_action, self.step)
        connect(self.step_back_action, self.step_back)
        connect(self.reset_action, self.reset)
        connect(run.budget_action, lambda: run.ask_budget(self.recordings))
        connect(self.clear_history_action, lambda: self.clear_history(confirm=True))
        connect(self.reset_settings_action, self.reset_settings)
        self.race_action.toggled.connect(self.set_race_mode)
        self.predict_action.toggled.connect(self.set_predict)
        self.predict_menu.bind(self.view.predictor)
        self.view.predictor.changed.connect(self._sync)
        self.board_menu.bind(self.view.board, self.panel)
        self.board_menu.message.connect(self._show_message)
        self.map_action.toggled.connect(self._on_map_toggled)
        self.chart_action.toggled.connect(self._show_chart)
        self.chart_dock.toggleViewAction().toggled.connect(self.chart_action.setChecked)
        self.explain_action.toggled.connect(self._show_explanations)
        for dock in self.parts.panel_docks.values():
            dock.toggleViewAction().toggled.connect(lambda _=False: self._sync_explain())
        self.view_menu.language_chosen.connect(self.set_language)
        self.view_menu.appearance_chosen.connect(self.set_appearance)

    def _wire(self) -> None:
        self.panel.settings_changed.connect(self._on_settings_changed)
        rc = self.run_controls
        rc.speed_changed.connect(self._on_speed_changed)
        rc.start_clicked.connect(self.start_or_pause)
        rc.step_clicked.connect(self.step)
        rc.step_back_clicked.connect(self.step_back)
        rc.reset_clicked.connect(self.reset)
        self.history.record_activated.connect(self._on_record_activated)
        self.history.record_chosen.connect(self._compare)
        self.history.model().rowsInserted.connect(self.file_menu.update_actions)
        self.file_menu.run_opened.connect(self._on_run_opened)
        self.file_menu.message.connect(self._show_message)
        for view in (self.view, *self.race.views):
            view.changed.connect(self._sync)
            view.message.connect(self._show_message)
            view.start_chosen.connect(self._on_start_chosen)
            view.map_finished.connect(self._on_map_finished)
        self.view.run_recorded.connect(self._on_run_recorded)
        self.view.race_requested.connect(self.race_rival)
        self.view.settings_typed.connect(
            lambda settings: self.panel.set_settings(self.panel.puzzle_key(), settings)
        )
        self.view.refreshed.connect(lambda: self.chart.show_session(self.session))
        self.engine.loaded.connect(self.view.engine_ready)  # a forecast for the new engine
        race = self.race
        race.changed.connect(self._sync)
        race.ticked.connect(self._show_race)
        race.run_recorded.connect(self._on_run_recorded)
        race.refused.connect(lambda text: self._show_message(text, 10_000))
        race.racer_finished.connect(self._on_racer_finished)
        self.race_view.settings_changed.connect(self._on_settings_changed)
        self.race_view.finish_rule_changed.connect(self._on_finish_rule)
        self.own.message.connect(self._show_message)
        for view in (self.view, *self.race.views):
            self.own.watch(view.session)

    # -- remembered settings, run history on disk, appearance, help -------------------------

    def _build_preferences(self) -> None:
        """Settings restored (saved in closeEvent), the history loaded from disk, the
        appearance applied, the Help menu; their actions in the View, Run and Help menus."""
        self.theme = ThemeController(self)
        self.theme.apply()
        self.view_menu.check(appearance=self.theme.mode())
        self.history_store = HistoryStore(self.puzzles)
        # Runs kept waiting by a locked history file are tried again this often, so they
        # are written soon after the lock goes (a try waits no longer than 50 ms).
        self.history_retry = QTimer(self)
        self.history_retry.setInterval(HISTORY_RETRY_MS)
        self.history_retry.timeout.connect(self._retry_history)
        # The ids of the rows on disk, in one query: the table reads a row when it first
        # needs it, the chart when it is first shown.
        index = self.history_store.row_ids()
        self.history_store.skipped = self.history.set_source(
            [i for i, _ in index], self.history_store.read
        )
        self.history.history_model().skipped.connect(self._on_history_rows_skipped)
        self.chart.set_source(self.history.records)
        self._runs = max((n for _, n in index), default=self._runs)
        self.help = HelpMenu(self.help_menu, self, self.puzzles)
        self.prefs = WindowPrefs(
            self,
            self.puzzles,
            self.panel,
            self.run_controls,
            lambda: self.session.start,
            self._on_start_chosen,
            self.parts.splitter,
            self.first_launch_shape,
        )
        self.prefs.restore()
        self.parts.balance.stop()  # the remembered columns stand
        if not self.parts.runs_dock.isHidden():  # remembered with the explanatory panels open
            place_history(self.parts, docked=True)
        # What went wrong with the history or the settings, in the window, not only the log;
        # once the window is up (a message shown before would share the bar with the status
        # line, drawn over each other).
        self.startup_warning = " ".join(
            w for w in (self.history_store.warning(), self.prefs.warning()) if w
        )
        if self.startup_warning:
            QTimer.singleShot(0, self, self._show_startup_warning)

    @Slot()
    def _retry_history(self) -> None:
        """Runs kept waiting by a locked history: written once the lock goes."""
        if self.history_store.retry():
            self.history_retry.stop()
            self._show_message(self.tr("The runs that waited were saved to the history."), 6000)

    @Slot(int)
    def _on_history_rows_skipped(self, rows: int) -> None:
        """Older rows found unreadable once scrolled to (or drawn in the chart)."""
        self._show_message(self.history_store.skipped_text(rows), 10_000)

    @Slot()
    def _show_startup_warning(self) -> None:
        self._show_message(self.startup_warning, 30_000)

    def set_appearance(self, mode: str) -> None:
        """View › Appearance: ``system``, ``light`` or ``dark``, at once and remembered."""
        self.theme.set_mode(mode)
        self.view_menu.check(appearance=mode)

    @Slot()
    def reset_settings(self) -> None:
        """View › Reset settings: forget them all and show the defaults now."""
        self.session.reset()
        self.prefs.reset()
        self.set_appearance(SYSTEM)
        self._show_message(self.tr("Settings reset to the defaults."), 4000)

    def clear_history(self, confirm: bool = False) -> None:
        """Run › Clear history: the table and the file on disk."""
        if confirm and not self.history.confirm_clear():
            return
        self.history.clear_records()
        self.chart.clear_records()
        failed = self.history_store.clear()
        if failed:
            self._show_message(failed, 10_000)
        self._runs = 0
        self.file_menu.update_actions()

    # -- commands: to the conductor -----------------------------------------------------------

    @Slot()
    def start_or_pause(self) -> None:
        """Space: start when idle, pause when running, resume when paused."""
        blocked = self.conductor.controls().blocked
        if blocked and not self.conductor.running:
            self._show_message(blocked, 6000)
            return
        if not self._take_own_strategy():
            return
        if self.view.predictor.enabled and not self.race_mode:
            self.view.predictor.play_or_pause()  # (your own strategy taken first, as Start)
            return
        self.conductor.start_or_pause()

    @Slot()
    def step(self) -> None:
        """One event: starts a paused run when idle; ignored while running unpaused. In
        "your turn", the step asked about is taken without an answer."""
        if self.view.predictor.asking and not self.race_mode:
            self.view.predictor.skip()
            return
        if not self._take_own_strategy():
            return
        self.conductor.step()

    def _take_own_strategy(self) -> bool:
        """Before a new run begins: "Your own…" takes the editor's text now (a saved
        strategy runs again only if the user agrees). False: do not start."""
        conductor = self.conductor
        if not idle(conductor.state):
            return True
        if not self.race_mode and self.session.position < self.session.end:
            return True  # Start plays the recording on: nothing runs
        key = self.panel.puzzle_key()
        pinned = None
        if self.race_mode:
            shown = self.race_view.lanes_on(key, self.panel.settings())
            pinned = [c.widgets[key].own_pinned for c in self.race_view.columns]
        else:
            shown = [self.panel.settings()]
        taken = self.own.take(key, shown, pinned)
        if taken is None:
            return False
        if taken == shown:
            return True
        if self.race_mode:
            self.race.configure(key, taken)
        else:
            self.view.configure(key, taken[0])
        return True

    @Slot()
    def step_back(self) -> None:
        """Shift+N, Shift+→, Backspace: undo exactly one step (pauses a running search)."""
        self.conductor.step_back()

    @Slot(int)
    def seek(self, step: int) -> None:
        """Show the board at a step of the recording (the timeline, the step box)."""
        self.conductor.seek(step)

    @Slot()
    def reset(self) -> None:
        """Stop any run (it still gets its history row) and clear the board."""
        self.conductor.reset()

    @Slot()
    def search_anyway(self) -> None:
        self.view.search_anyway()

    def _engine_of_run(self) -> str | None:
        """The running search's engine for the status bar ("own": one's own strategy's
        child process), None when nothing runs."""
        s = self.session
        if not s.running:
            return None
        if s.run is not None and self.puzzles[s.run.puzzle].own(s.run.settings):
            return OWN_ENGINE
        return str(s.backend)

    @Slot()
    def shutdown(self) -> None:
        """The one shutdown path: a run going is stopped (it keeps its history row), then
        every thread is stopped and joined (closeEvent and aboutToQuit)."""
        if self._shutting_down:
            return
        self.conductor.stop()
        self._shutting_down = True
        self.engine.stop()
        self.race.shutdown()
        self.view.stop_forecast()
        self.view.startmap.shutdown()
        self.session.shutdown()
        for puzzle in self.puzzles.values():
            puzzle.own_shadows.close()  # the explaining children of one's own strategies
        self.history_retry.stop()
        self.history_store.close()  # runs still waiting stay in the journal beside the file

    def closeEvent(self, event: QCloseEvent) -> None:
        """A race ends first (its rows kept): the window is remembered as before it."""
        if self.race_mode and not self._shutting_down:
            self.set_race_mode(False)
        self.prefs.save()
        self.shutdown()
        super().closeEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Run keys that the focused widget did not take (a check box keeps its Space);
        B answers "back" when the search waits for a guess."""
        if not self.race_mode and self.view.predictor.key(event):
            return
        command = {
            "start": self.start_or_pause,
            "step": self.step,
            "back": self.step_back,
            "reset": self.reset,
        }.get(run_key(event))
        if command is None:
            super().keyPressEvent(event)
            return
        command()
        event.accept()

    # -- reactions ------------------------------------------------------------------------------

    @Slot()
    def _on_settings_changed(self) -> None:
        """Puzzle, board or strategy changed: stop a run first, then show the new setup (on
        the single board and on both racers')."""
        key, settings = self.panel.puzzle_key(), self.panel.settings()
        self.view.configure(key, settings)
        self.race_view.show_puzzle(key)
        self.race.configure(key, self.race_view.lanes_on(key, settings))
        self.race.set_start(self.session.start)
        if key != self._puzzle_key:  # a new puzzle: its panels explain, not the last one's
            self._puzzle_key = key
            if self.explain_action.isChecked():
                self._show_explanations(True)
        self.compare_menu.word_map(
            self.session.puzzle.movable_start, self.session.puzzle.map_refusal()
        )
        self.board_menu.word(self.panel.widgets[key].editable_board)
        racers = self.race_view.lanes_on(key, settings) if self.race_mode else [settings]
        self.own.follow(key, racers)
        self._sync()

    @Slot(float)
    def _on_speed_changed(self, speed: float) -> None:
        self.session.set_speed(speed)
        self.race.set_speed(speed)

    @Slot(int)
    def _on_start_chosen(self, square: int) -> None:
        """The start square, from any board: the race's two boards and the single one move
        together."""
        if self.conductor.running:
            return
        self.view.set_start(square)
        self.race.set_start(square)
        self._sync()

    @Slot(bool)
    def _on_finish_rule(self, stop: bool) -> None:
        self.race.stop_loser = stop

    @Slot(object)
    def _on_run_recorded(self, record: RunRecord) -> None:
        self._runs += 1
        numbered = replace(record, number=self._runs)
        self.history.add_record(numbered)
        if not self.history_store.add(numbered):
            self._show_message(self.history_store.error_text(), 10_000)
            self.history_retry.start()
        self.chart.add_record(numbered)
        self.history.choose(numbered)  # the comparison follows (``record_chosen``)
        self.file_menu.update_actions()

    @Slot(object)
    def _on_run_opened(self, record: RunRecord) -> None:
        self._on_run_recorded(record)
        last = self.history.last()
        if last is not None:
            self._on_record_activated(last, quiet=True)

    @Slot(object)
    def _on_record_activated(self, record: RunRecord, quiet: bool = False) -> None:
        """Bring a run back: its settings and start, and (if still kept) its recording, the
        board at its end and the timeline to scrub."""
        self.race_action.setChecked(False)
        self.session.reset()
        self.own.brought_back(record.puzzle, record.settings)
        self.panel.set_settings(record.puzzle, record.settings)
        if self.puzzles[record.puzzle].movable_start:
            self._on_start_chosen(record.start)
        message = self.view.bring_back(record)
        if not quiet:
            self._show_message(message, 8000)
        self._sync()

    @Slot(object)
    def _compare(self, record: RunRecord | None) -> None:
        """The comparison: ``record`` (the history's chosen run) against its partner; a
        racer that has ended against the other racer while it still searches."""
        rival = self._racing_rival(record)
        if record is not None and rival is not None:
            self.comparison.show_racing(record, *rival)
            return
        row = -1 if record is None else self.history.row_of(record)
        self.comparison.show_record(self.history.lazy_records(), record, row)

    def _racing_rival(self, record: RunRecord | None) -> tuple[str, int] | None:
        """The other racer's strategy and steps so far, when ``record`` is a racer of the
        race going on whose other racer has not ended (it has no row to compare with)."""
        race = self.race
        link = None if record is None else record.race
        going = race.state in (State.RUNNING, State.PAUSED)
        if record is None or link is None or link.race != race.number or not going:
            return None
        other = race.lanes[2 - link.lane]
        if other.finish is not None:
            return None
        puzzle = self.puzzles[record.puzzle]
        return puzzle.strategy_name(other.session.settings), other.live_steps()

    @Slot(bool)
    def _show_chart(self, shown: bool) -> None:
        """Compare, Steps chart: the dock, raised and tall enough to read (its first show
        imports pyqtgraph: a third of a second, once)."""
        parts = self.parts
        if shown != parts.chart_dock.isHidden():
            return
        parts.chart_dock.setVisible(shown)
        if shown:
            parts.chart_dock.raise_()
            if self.dockWidgetArea(parts.chart_dock) == self.dockWidgetArea(parts.code_dock):
                fit_code_dock(self, parts)  # the chart's plots get the column's height

    @Slot(str, int)
    def _show_message(self, text: str, ms: int) -> None:
        self.statusBar().showMessage(text, ms)

    @Slot(bool)
    def _show_explanations(self, on: bool) -> None:
        """Explain: the current puzzle's explanatory panels shown or hidden."""
        shows = self.puzzles[self.panel.puzzle_key()].panels()
        show_explanations(self, self.parts, on, shows, self.race_mode)

    def _sync_explain(self) -> None:
        sync_explain(self.parts, self.explain_action, self.session.puzzle.panels(), self.race_mode)

    # -- the race -------------------------------------------------------------------------------

    @Slot(bool)
    def set_race_mode(self, on: bool) -> None:
        """Race mode on or off: any run is stopped (it keeps its row) and the boards swap."""
        if self.race_action.isChecked() != on:
            self.race_action.setChecked(on)  # comes back here through toggled
            return
        mapped = self.map_action.isChecked()
        if on:
            self.set_predict(False)
        self.predict_action.setEnabled(not on)
        self.explain_action.setEnabled(not on)
        for view in (self.view, *self.race.views):
            view.show_map(False)
        if on:
            self.session.reset()
            self.view.stop_forecast()
        if on:
            self._race_return = enter_race(self, self.parts, self.race_view)
        else:
            leave_race(self, self.parts, self._race_return)
            self._race_return = None
        if on:
            self.race.set_speed(self.session.speed)  # the one speed shown, whatever set it
            self.race.set_start(self.session.start)
            self.race.lanes[0].board.setFocus()
        else:
            self.race.reset()
            self.board.setFocus()
        self.panel.strategy_box.setVisible(not on)
        self.view.counters.setVisible(not on)
        if mapped:
            self.start_map()
        self._sync()

    @Slot(bool)
    def set_predict(self, on: bool) -> None:
        """Your turn on or off (the single run only: a race has no one to ask)."""
        if self.predict_action.isChecked() != on:
            self.predict_action.setChecked(on)
            return
        self.view.predictor.set_enabled(on and not self.race_mode)

    @Slot()
    def race_rival(self) -> None:
        """The forecast's race link: this strategy against its rival (plain backtracking
        against Warnsdorff's rule), from this square, on this board, started at once."""
        key, settings = self.panel.puzzle_key(), self.panel.settings()
        rival = self.puzzles[key].rival(settings)
        if rival is None or self.session.running:
            return
        start = self.session.start
        self.race_view.set_lane_settings(key, (settings, rival[0]))
        self.race.configure(key, self.race_view.lanes_on(key, settings))
        self.set_race_mode(True)
        self.race.set_start(start)
        self.race.begin()
        self._sync()

    @Slot()
    def _show_race(self) -> None:
        """The lanes' titles and badges and the race clock, as the race says; the steps
        of a racer still searching in the comparison."""
        race = self.race
        badges = [race.badge(lane) for lane in race.lanes]
        self.race_view.show_lanes(race.titles(), badges, race.clock_text(), not race.running)
        shown = self.comparison.racing_record()
        now = time.monotonic()
        if shown is not None and now - self._racing_shown_at >= RACING_REFRESH_SECONDS:
            self._racing_shown_at = now
            self._compare(shown)

    @Slot(int, int)
    def _on_racer_finished(self, index: int, steps: int) -> None:
        self._show_message(self.race.finish_message(index, steps), 6000)

    # -- display ----------------------------------------------------------------------------

    @Slot()
    def _sync(self) -> None:
        """What the conductor says: run buttons and actions, the status line, the race."""
        if self._shutting_down:
            return
        conductor = self.conductor
        controls = conductor.controls()
        controls, status = self.view.predictor.dress(controls, conductor.status_text())
        self.run_controls.set_run_state(controls)
        self.step_action.setEnabled(controls.can_step)
        self.step_back_action.setEnabled(controls.can_back and not controls.playing)
        self.parts.status_label.set_full_text(status)
        if self.race_mode:
            self._show_race()
        self.file_menu.update_actions()
        self.engine.refresh()

    # -- languages ------------------------------------------------------------------------------

    def language(self) -> str:
        return self._language

    @Slot(str)
    def set_language(self, code: str) -> bool:
        """Switch the whole window (and Qt's own dialogs) to ``code`` at once; False if its
        translations cannot be loaded."""
        if not self.translations.apply(code):
            self._show_message(self.tr("No translations for {0}.").format(code), 6000)
            return False
        set_preferred_language(code)
        self._retranslate()
        return True

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        """Fixed texts swapped in place, texts built from the state built again."""
        old, new = self._language, self.translations.language
        if old == new:
            return
        self._language = new
        self.view_menu.check(language=new)
        app = QCoreApplication.instance()
        tops = app.topLevelWidgets() if isinstance(app, QApplication) else [self]
        for top in {id(w): w for w in [self, *tops]}.values():
            retranslate_tree(top, self.translations, old, new)
        self.run_menu.word()
        self.history.retranslate()
        self.comparison.retranslate()
        self.run_controls.retranslate()
        for view in (self.view, *self.race.views):
            view.retranslate()
        self.view_menu.word_panel_toggles()
        self.compare_menu.word_map(
            self.session.puzzle.movable_start, self.session.puzzle.map_refusal()
        )
        self.chart.retranslate()
        self.help.retranslate()
        self.engine.refresh()
        self._sync()
