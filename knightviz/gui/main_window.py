"""The main window: layout, docks, menus, keys and language; wiring only.

A run is shown by a ``RunView`` (its board and panels, refreshed in one place); the window
holds the views on show (the single run's, or the race's two) and one conductor that the run
keys and buttons drive: the single run's session, or the race.
"""

from __future__ import annotations

from dataclasses import replace
from importlib import resources
from typing import Any

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, QRect, Qt, Signal, Slot
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QGuiApplication,
    QIcon,
    QKeyEvent,
    QKeySequence,
    QPixmap,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFrame,
    QInputDialog,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from knightviz.engine.store import RecordingStore
from knightviz.gui.board.model import BoardModel
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.config import DARK, LIGHT, SYSTEM, set_preferred_language
from knightviz.gui.history_store import HistoryStore
from knightviz.gui.i18n import LANGUAGES, Translations, retranslate_tree
from knightviz.gui.menus.file_menu import FileMenu
from knightviz.gui.panels.chart import ChartPanel
from knightviz.gui.panels.controls import ControlPanel, RunControls
from knightviz.gui.panels.elided import ElidedLabel
from knightviz.gui.panels.engine import EngineStatus
from knightviz.gui.panels.help import HelpMenu
from knightviz.gui.panels.history import HistoryTable
from knightviz.gui.panels.race import LaneParts, RaceView
from knightviz.gui.panels.startmap import StartMap
from knightviz.gui.prefs import WindowPrefs
from knightviz.gui.puzzles import make_puzzles
from knightviz.gui.puzzles.base import CODE, CONSTRAINTS, SOLUTIONS, STACK
from knightviz.gui.race import Race
from knightviz.gui.session import RunRecord, RunSession
from knightviz.gui.solver.controller import SolverController
from knightviz.gui.text import fmt_int
from knightviz.gui.theme import ThemeController
from knightviz.gui.view import RunView

#: Largest default window; smaller screens get 92 % of their available area.
DEFAULT_SIZE = (1280, 880)
#: Keys handled by the window when the focused widget does not want them.
RUN_KEYS = {Qt.Key.Key_Space, Qt.Key.Key_N, Qt.Key.Key_Right, Qt.Key.Key_R}


def app_icon() -> QIcon:
    """The icon at every size it was drawn for (resources/icons), else from the SVG."""
    icon = QIcon()
    folder = resources.files("knightviz.resources") / "icons"
    for size in (16, 24, 32, 48, 64, 128, 256):
        png = folder / f"knightviz-{size}.png"
        pixmap = QPixmap()
        if png.is_file() and pixmap.loadFromData(QByteArray(png.read_bytes()), "PNG"):
            icon.addPixmap(pixmap)
    if icon.isNull():
        data = (resources.files("knightviz.resources") / "icon.svg").read_bytes()
        pixmap = QPixmap()
        pixmap.loadFromData(QByteArray(data), "SVG")
        icon.addPixmap(pixmap)
    return icon


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
        self._runs = 0
        self._shutting_down = False
        self._race_docks: list[QDockWidget] = []

        self._build_layout()
        self._build_menus()
        self._wire()
        self._on_settings_changed()
        self._fit_to_screen()
        self._build_preferences()
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
        return self.status_label.full_text()

    def verdict(self) -> str | None:
        """The announced reason no solution can exist, or None."""
        banner = self.view.verdict_banner
        return None if banner.isHidden() else banner.text()

    def hint(self) -> str | None:
        """The "this run looks stuck" advice, or None."""
        banner = self.view.hint_banner
        return None if banner.isHidden() else banner.text()

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

    def _word_map_action(self) -> None:
        movable = self.session.puzzle.movable_start
        self.map_action.setEnabled(movable)
        if movable:
            tip = self.tr(
                "Run the current strategy from every start square and colour each "
                "square by the steps it took"
            )
        else:
            tip = self.tr("No start square to map: N-Queens always starts from an empty board")
            self.map_action.setChecked(False)  # clears the maps
        self.map_action.setToolTip(tip)
        self.map_action.setStatusTip(tip)

    # -- construction ---------------------------------------------------------------------------

    def _build_layout(self) -> None:
        v = self.view
        centre = QWidget()
        centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(0, 0, 0, 0)
        for widget in (v.verdict_banner, v.hint_banner):
            centre_layout.addWidget(widget)
        centre_layout.addWidget(v.board, 1)
        for widget in (v.map_legend, v.timeline, v.narration, v.gauge):
            centre_layout.addWidget(widget)
        self.centre_stack = QStackedWidget()
        self.centre_stack.setObjectName("centreStack")
        self.centre_stack.addWidget(centre)
        self.centre_stack.addWidget(self.race_view)

        scroll = QScrollArea()
        scroll.setObjectName("setupScroll")
        scroll.setWidget(self.panel)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumHeight(80)
        side = QWidget()
        side.setObjectName("sidePanel")
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(scroll, 1)
        side_layout.addWidget(self.run_controls)
        side_layout.addWidget(v.counters)
        side.setMinimumWidth(330)
        side.setMaximumWidth(460)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(self.centre_stack)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setChildrenCollapsible(False)
        wrapper = QWidget()
        outer = QVBoxLayout(wrapper)
        outer.setContentsMargins(8, 6, 8, 2)
        outer.addWidget(self.splitter)
        self.setCentralWidget(wrapper)

        self.history_dock = self._dock(
            "historyDock", self.tr("Runs (double-click to bring one back)"), self.history
        )
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.history_dock)
        self.constraints_dock = self._dock(
            "constraintsDock", self.tr("Constraints"), v.constraints_panel
        )
        self.solutions_dock = self._dock("solutionsDock", self.tr("Solutions"), v.solutions_panel)
        self.code_dock = self._dock("codeDock", self.tr("Algorithm"), v.code_panel)
        self.stack_dock = self._dock("stackDock", self.tr("Search stack"), v.stack_view)
        #: The docks a puzzle may show (``Puzzle.panels``).
        self.panel_docks = {
            CODE: self.code_dock,
            STACK: self.stack_dock,
            CONSTRAINTS: self.constraints_dock,
            SOLUTIONS: self.solutions_dock,
        }
        right = Qt.DockWidgetArea.RightDockWidgetArea
        for dock in (self.code_dock, self.constraints_dock, self.stack_dock, self.solutions_dock):
            self.addDockWidget(right, dock)
        self.splitDockWidget(self.code_dock, self.stack_dock, Qt.Orientation.Vertical)
        self.tabifyDockWidget(self.code_dock, self.constraints_dock)
        self.tabifyDockWidget(self.stack_dock, self.solutions_dock)
        self.code_dock.raise_()
        self.stack_dock.raise_()
        self.resizeDocks([self.history_dock], [130], Qt.Orientation.Vertical)
        # The steps chart: a tab beside the history (the whole width for its two plots),
        # hidden until asked for (Compare, Steps chart).
        self.chart_dock = self._dock("chartDock", self.tr("Steps chart"), self.chart)
        self.tabifyDockWidget(self.history_dock, self.chart_dock)
        self.history_dock.raise_()
        self.chart_dock.hide()
        self.resizeDocks([self.code_dock], [380], Qt.Orientation.Horizontal)

        self.status_label = ElidedLabel()
        self.status_label.setObjectName("statusLabel")
        self.status_label.floor = 20
        self.statusBar().addWidget(self.status_label, 1)
        self.engine = EngineStatus(lambda: self.session.backend if self.session.running else None)
        self.statusBar().addPermanentWidget(self.engine)

    def start_engine_loader(self) -> None:
        """Load or compile the fast engine in the background, once the window has painted."""
        self.engine.start_loader()

    def _dock(self, name: str, title: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        return dock

    def _build_menus(self) -> None:
        self.file_menu = FileMenu(
            self, self.puzzles, self.recordings, lambda: self.view, self.history.records
        )
        self.menuBar().addMenu(self.file_menu)
        # Space, N, → and R are not QAction shortcuts: a shortcut would take Space from a
        # focused check box or button. The window handles them in keyPressEvent, which
        # only sees keys the focused widget did not want; the menus show them after a tab.
        self.run_menu = run_menu = self.menuBar().addMenu(self.tr("&Run"))
        self.start_action = self._action("startAction", self.start_or_pause)
        self.start_action.setStatusTip(self.tr("Start, pause or resume the search"))
        self.step_action = self._action("stepAction", self.step)
        self.step_action.setStatusTip(self.tr("Make exactly one move or backtrack"))
        self.step_back_action = self._action("stepBackAction", self.step_back)
        self.step_back_action.setStatusTip(self.tr("Undo exactly one step"))
        self.reset_action = self._action("resetAction", self.reset)
        self.reset_action.setStatusTip(self.tr("Stop the search and clear the board"))
        self._word_run_actions()
        run_menu.addActions(
            [self.start_action, self.step_action, self.step_back_action, self.reset_action]
        )
        run_menu.addSeparator()
        self.budget_action = self._action("budgetAction", self._ask_budget)
        self.budget_action.setText(self.tr("Recording &memory…"))
        self.budget_action.setStatusTip(
            self.tr("How much memory the recordings of runs may use (for going back)")
        )
        run_menu.addAction(self.budget_action)

        # Comparisons (the race, the start-square map, the steps chart): a menu and a
        # toolbar of their own, each feature adds its action to both.
        self.compare_menu = self.menuBar().addMenu(self.tr("&Compare"))
        self.compare_toolbar = self.addToolBar(self.tr("Compare"))
        self.compare_toolbar.setObjectName("compareToolBar")
        self.compare_toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.compare_toolbar.setMovable(False)
        self.race_action = self._action("raceAction", None, self.tr("&Race two strategies"))
        self.race_action.setCheckable(True)
        self.race_action.setIconText(self.tr("Race"))
        self.race_action.setToolTip(
            self.tr(
                "Two boards side by side, one strategy each, the same steps per tick: "
                "watch which finishes first"
            )
        )
        self.race_action.setStatusTip(self.race_action.toolTip())
        self.race_action.toggled.connect(self.set_race_mode)
        self.map_action = self._action("mapAction", None, self.tr("Map all start squares"))
        self.map_action.setCheckable(True)
        self.map_action.toggled.connect(self._on_map_toggled)
        self.chart_action = self._action("chartAction", None, self.tr("Steps &chart"))
        self.chart_action.setCheckable(True)
        self.chart_action.setToolTip(
            self.tr("Steps per run for the history, and the depth over time of this run")
        )
        self.chart_action.setStatusTip(self.chart_action.toolTip())
        self.chart_action.setIconText(self.tr("Steps chart"))  # the toolbar: no mnemonic
        self.chart_action.toggled.connect(self._show_chart)
        self.chart_dock.toggleViewAction().toggled.connect(self.chart_action.setChecked)
        for action in (self.race_action, self.map_action, self.chart_action):
            self.compare_menu.addAction(action)
            self.compare_toolbar.addAction(action)

        self.view_menu = view_menu = self.menuBar().addMenu(self.tr("&View"))
        for dock in (
            self.code_dock,
            self.stack_dock,
            self.history_dock,
            self.constraints_dock,
            self.solutions_dock,
            self.chart_dock,
        ):
            view_menu.addAction(dock.toggleViewAction())
        view_menu.addSeparator()
        self.language_menu = view_menu.addMenu(self.tr("&Language"))
        self.language_menu.setObjectName("languageMenu")
        self.language_group = QActionGroup(self)
        self.language_group.setExclusive(True)
        for code, name in LANGUAGES.items():
            action = QAction(name, self)  # each language in its own words, never translated
            action.setObjectName(f"language_{code}")
            action.setData(code)
            action.setCheckable(True)
            action.setChecked(code == self.translations.language)
            action.setStatusTip(self.tr("Show the window in this language (at once; remembered)"))
            action.triggered.connect(lambda _=False, code=code: self.set_language(code))
            self.language_group.addAction(action)
            self.language_menu.addAction(action)
        self.help_menu = self.menuBar().addMenu(self.tr("&Help"))

    def _action(self, name: str, slot: Any, text: str = "") -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if slot is not None:
            action.triggered.connect(slot)
        return action

    def _word_run_actions(self) -> None:
        """The run actions' texts, each with its key as the language names it (Space: 空格)."""
        for action, text, key in (
            (self.start_action, self.tr("Start / &Pause"), "Space"),
            (self.step_action, self.tr("&Step"), "N"),
            (self.step_back_action, self.tr("Step &back"), "Shift+N"),
            (self.reset_action, self.tr("&Reset"), "R"),
        ):
            native = QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)
            action.setText(f"{text}\t{native}")

    def _wire(self) -> None:
        self.panel.settings_changed.connect(self._on_settings_changed)
        rc = self.run_controls
        rc.speed_changed.connect(self._on_speed_changed)
        rc.start_clicked.connect(self.start_or_pause)
        rc.step_clicked.connect(self.step)
        rc.step_back_clicked.connect(self.step_back)
        rc.reset_clicked.connect(self.reset)
        self.history.record_activated.connect(self._on_record_activated)
        self.history.model().rowsInserted.connect(self.file_menu.update_actions)
        self.file_menu.run_opened.connect(self._on_run_opened)
        self.file_menu.message.connect(self._show_message)
        for view in (self.view, *self.race.views):
            view.changed.connect(self._sync)
            view.message.connect(self._show_message)
            view.start_chosen.connect(self._on_start_chosen)
            view.map_finished.connect(self._on_map_finished)
        self.view.run_recorded.connect(self._on_run_recorded)
        self.view.refreshed.connect(lambda: self.chart.show_session(self.session))
        race = self.race
        race.changed.connect(self._sync)
        race.ticked.connect(self._show_race)
        race.run_recorded.connect(self._on_run_recorded)
        race.refused.connect(lambda text: self._show_message(text, 10_000))
        race.racer_finished.connect(self._on_racer_finished)
        self.race_view.settings_changed.connect(self._on_settings_changed)
        self.race_view.finish_rule_changed.connect(self._on_finish_rule)

    def _fit_to_screen(self) -> None:
        """Open at a size the screen can show (a laptop's 768 pixels included), centred."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(*DEFAULT_SIZE)
            return
        avail: QRect = screen.availableGeometry()
        w = min(DEFAULT_SIZE[0], int(avail.width() * 0.92))
        h = min(DEFAULT_SIZE[1], int(avail.height() * 0.92))
        self.resize(w, h)
        self.move(avail.x() + (avail.width() - w) // 2, avail.y() + (avail.height() - h) // 2)

    # -- remembered settings, run history on disk, appearance, help -------------------------

    def _build_preferences(self) -> None:
        """Settings restored (saved in closeEvent), the history loaded from disk, the
        appearance applied, the Help menu; their actions in the View, Run and Help menus."""
        self.theme = ThemeController(self)
        self.theme.apply()
        self.appearance_menu = self.view_menu.addMenu(self.tr("&Appearance"))
        self.appearance_menu.setObjectName("appearanceMenu")
        self.appearance_menu.menuAction().setStatusTip(
            self.tr("Light or dark: follow the system, or choose one")
        )
        group = QActionGroup(self)
        for mode, label, tip in (
            (SYSTEM, self.tr("Follow the &system"), self.tr("Light or dark as the desktop is")),
            (LIGHT, self.tr("&Light"), self.tr("Always light")),
            (DARK, self.tr("&Dark"), self.tr("Always dark")),
        ):
            action = QAction(label, group, checkable=True)
            action.setObjectName(f"appearance{mode.capitalize()}Action")
            action.setData(mode)
            action.setStatusTip(tip)
            action.setChecked(mode == self.theme.mode())
            action.triggered.connect(lambda _=False, m=mode: self.set_appearance(m))
            self.appearance_menu.addAction(action)
        self.appearance_group = group
        self.view_menu.addSeparator()
        self.reset_settings_action = self._action(
            "resetSettingsAction", self.reset_settings, self.tr("Reset &settings")
        )
        self.reset_settings_action.setStatusTip(
            self.tr("Forget every remembered setting and show the defaults now")
        )
        self.view_menu.addAction(self.reset_settings_action)
        self._word_panel_toggles()

        self.history_store = HistoryStore(self.puzzles)
        for record in self.history_store.load():
            self.history.add_record(record)
            self._runs = max(self._runs, record.number)
        self.clear_history_action = self._action(
            "clearHistoryAction", lambda: self.clear_history(confirm=True)
        )
        self.clear_history_action.setText(self.tr("&Clear history…"))
        self.clear_history_action.setStatusTip(
            self.tr("Remove every run from the history, here and on disk")
        )
        self.run_menu.addAction(self.clear_history_action)
        self.help = HelpMenu(self.help_menu, self, self.puzzles)
        self.prefs = WindowPrefs(
            self,
            self.puzzles,
            self.panel,
            self.run_controls,
            lambda: self.session.start,
            self._on_start_chosen,
            self.splitter,
            self._fit_to_screen,
        )
        self.prefs.restore()

    def set_appearance(self, mode: str) -> None:
        """View › Appearance: ``system``, ``light`` or ``dark``, at once and remembered."""
        self.theme.set_mode(mode)
        for action in self.appearance_group.actions():
            action.setChecked(action.data() == mode)

    @Slot()
    def reset_settings(self) -> None:
        """View › Reset settings: forget them all and show the defaults now."""
        self.session.reset()
        self.prefs.reset()
        self.set_appearance(SYSTEM)
        self._show_message(self.tr("Settings reset to the defaults."), 4000)

    def clear_history(self, confirm: bool = False) -> None:
        """Run › Clear history: the table and the file on disk."""
        if confirm and (
            QMessageBox.question(
                self,
                self.tr("Clear history"),
                self.tr("Remove all {0} runs from the history? This cannot be undone.").format(
                    fmt_int(len(self.history.records()))
                ),
            )
            != QMessageBox.StandardButton.Yes
        ):
            return
        self.history.clear_records()
        self.history_store.clear()
        self._runs = 0
        self.file_menu.update_actions()

    def _ask_budget(self) -> None:
        """Run, Recording memory…: the budget shared by every kept run's recording."""
        mb, ok = QInputDialog.getInt(
            self,
            self.tr("Recording memory"),
            self.tr(
                "Memory for recordings of runs, in MB (all kept runs together; the oldest "
                "go first). In use now: {0} MB."
            ).format(fmt_int(self.recordings.nbytes >> 20)),
            self.recordings.budget >> 20,
            16,
            1 << 16,
            16,
        )
        if ok:
            self.recordings.set_budget(mb << 20)

    # -- commands: to the conductor -----------------------------------------------------------

    @Slot()
    def start_or_pause(self) -> None:
        """Space: start when idle, pause when running, resume when paused."""
        blocked = self.conductor.controls().blocked
        if blocked and not self.conductor.running:
            self._show_message(blocked, 6000)
            return
        self.conductor.start_or_pause()

    @Slot()
    def step(self) -> None:
        """One event: starts a paused run when idle; ignored while running unpaused."""
        self.conductor.step()

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
        self.view.startmap.shutdown()
        self.session.shutdown()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.prefs.save()
        self.shutdown()
        super().closeEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Run keys that the focused widget did not take (a check box keeps its Space)."""
        key = Qt.Key(event.key())
        shift = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if (
            key in (Qt.Key.Key_N, Qt.Key.Key_Right) and shift == Qt.KeyboardModifier.ShiftModifier
        ) or (key == Qt.Key.Key_Backspace and shift == Qt.KeyboardModifier.NoModifier):
            self.step_back()
            event.accept()
            return
        if key not in RUN_KEYS or event.modifiers() not in (
            Qt.KeyboardModifier.NoModifier,
            Qt.KeyboardModifier.KeypadModifier,
        ):
            super().keyPressEvent(event)
            return
        if key == Qt.Key.Key_Space:
            self.start_or_pause()
        elif key in (Qt.Key.Key_N, Qt.Key.Key_Right):
            self.step()
        else:
            self.reset()
        event.accept()

    # -- reactions ------------------------------------------------------------------------------

    @Slot()
    def _on_settings_changed(self) -> None:
        """Puzzle, board or strategy changed: stop a run first, then show the new setup (on
        the single board and on both racers')."""
        key, settings = self.panel.puzzle_key(), self.panel.settings()
        puzzle = self.puzzles[key]
        self.view.configure(key, settings)
        self.race_view.show_puzzle(key)
        self.race.configure(key, self.race_view.lane_settings(key, settings.rows, settings.cols))
        self.race.set_start(self.session.start)
        shows = puzzle.panels()
        for kind, dock in self.panel_docks.items():
            if kind in (CONSTRAINTS, SOLUTIONS):
                dock.setVisible(kind in shows and not self.race_mode)
        (self.constraints_dock if CONSTRAINTS in shows else self.code_dock).raise_()
        self.stack_dock.raise_()
        self._word_map_action()
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
        self.chart.add_record(numbered)
        self.file_menu.update_actions()

    @Slot(object)
    def _on_run_opened(self, record: RunRecord) -> None:
        self._on_run_recorded(record)
        self._on_record_activated(self.history.records()[-1], quiet=True)

    @Slot(object)
    def _on_record_activated(self, record: RunRecord, quiet: bool = False) -> None:
        """Bring a run back: its settings and start, and (if still kept) its recording, the
        board at its end and the timeline to scrub."""
        self.race_action.setChecked(False)
        self.session.reset()
        self.panel.set_settings(record.puzzle, record.settings)
        if self.puzzles[record.puzzle].movable_start:
            self._on_start_chosen(record.start)
        if self.view.bring_back(record):
            message = self.tr(
                "Run {0} brought back with its recording: drag the timeline, or Back/Step."
            ).format(record.number)
        elif record.from_disk:
            message = self.tr(
                "Run {0} (an earlier session): settings and start brought back. Press Start "
                "to run it again."
            ).format(record.number)
        else:
            message = self.tr(
                "Run {0}: settings and start brought back; its recording was released to "
                "make room for newer ones (Run, Recording memory…). Press Start."
            ).format(record.number)
        if not quiet:
            self._show_message(message, 8000)
        self._sync()

    @Slot(bool)
    def _show_chart(self, shown: bool) -> None:
        """Compare, Steps chart: the dock, raised and tall enough to read (its first show
        imports pyqtgraph: a third of a second, once)."""
        if shown != self.chart_dock.isHidden():
            return
        self.chart_dock.setVisible(shown)
        if shown:
            self.chart_dock.raise_()
            height = min(260, self.height() * 3 // 10)
            self.resizeDocks([self.chart_dock], [height], Qt.Orientation.Vertical)

    @Slot(str, int)
    def _show_message(self, text: str, ms: int) -> None:
        self.statusBar().showMessage(text, ms)

    # -- the race -------------------------------------------------------------------------------

    @Slot(bool)
    def set_race_mode(self, on: bool) -> None:
        """Race mode on or off: any run is stopped (it keeps its row) and the boards swap."""
        if self.race_action.isChecked() != on:
            self.race_action.setChecked(on)  # comes back here through toggled
            return
        mapped = self.map_action.isChecked()
        for view in (self.view, *self.race.views):
            view.show_map(False)
        if on:
            self.session.reset()
            self._race_docks = [d for d in self.panel_docks.values() if d.isVisible()]
            for dock in self._race_docks:
                dock.hide()
            self.centre_stack.setCurrentWidget(self.race_view)
            self.race.set_speed(self.session.speed)  # the one speed shown, whatever set it
            self.race.set_start(self.session.start)
            self.race.lanes[0].board.setFocus()
        else:
            self.race.reset()
            self.centre_stack.setCurrentIndex(0)
            # The layouts shrink to the one board first, and the window forgets the race's
            # minimum width: the docks back beside that would widen the window.
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            self.centralWidget().updateGeometry()
            for dock in self._race_docks:
                dock.show()
            self._race_docks = []
            self.board.setFocus()
        self.panel.strategy_box.setVisible(not on)
        self.view.counters.setVisible(not on)
        if mapped:
            self.start_map()
        self._sync()

    @Slot()
    def _show_race(self) -> None:
        """The lanes' titles and badges and the race clock, as the race says."""
        race = self.race
        titles = [
            self.tr("Racer {0}: {1}").format(
                lane.index, lane.session.puzzle.describe(lane.session.settings)
            )
            for lane in race.lanes
        ]
        badges = [race.badge(lane) for lane in race.lanes]
        self.race_view.show_lanes(titles, badges, race.clock_text(), not race.running)

    @Slot(int, int)
    def _on_racer_finished(self, index: int, steps: int) -> None:
        other = self.race.lanes[2 - index]
        if other.finish_shown and (other.finish or 0) < steps:
            # The second to end: the other stopped earlier, so it is not at this step.
            text = self.tr("Racer {0} finished too, at {1} steps; racer {2} took {3}.").format(
                index, fmt_int(steps), other.index, fmt_int(other.finish or 0)
            )
        else:
            text = self.tr(
                "Racer {0} finished at {1} steps; racer {2} was at the same step."
            ).format(index, fmt_int(steps), other.index)
        self._show_message(text, 6000)

    # -- display ----------------------------------------------------------------------------

    @Slot()
    def _sync(self) -> None:
        """What the conductor says: run buttons and actions, the status line, the race."""
        if self._shutting_down:
            return
        conductor = self.conductor
        controls = conductor.controls()
        self.run_controls.set_run_state(controls)
        self.step_action.setEnabled(controls.can_step)
        self.step_back_action.setEnabled(controls.can_back and not controls.playing)
        self.status_label.set_full_text(conductor.status_text())
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

    def _word_panel_toggles(self) -> None:
        """View menu: each panel's show/hide action says which panel (in the language)."""
        for bar in (*self.findChildren(QDockWidget), *self.findChildren(QToolBar)):
            bar.toggleViewAction().setStatusTip(
                self.tr("Show or hide “{0}”").format(bar.windowTitle())
            )

    def _retranslate(self) -> None:
        """Fixed texts swapped in place, texts built from the state built again."""
        old, new = self._language, self.translations.language
        if old == new:
            return
        self._language = new
        for action in self.language_group.actions():
            action.setChecked(action.data() == new)
        app = QCoreApplication.instance()
        tops = app.topLevelWidgets() if isinstance(app, QApplication) else [self]
        for top in {id(w): w for w in [self, *tops]}.values():
            retranslate_tree(top, self.translations, old, new)
        self._word_run_actions()
        self.history.retranslate()
        self.run_controls.retranslate()
        for view in (self.view, *self.race.views):
            view.retranslate()
        self._word_panel_toggles()
        self._word_map_action()
        self.chart.retranslate()
        self.help.retranslate()
        self.engine.refresh()
        self._sync()
