"""The main window: layout, menus and wiring only; a run session does the rest."""

from __future__ import annotations

import logging
import math
import os
import threading
from collections import deque
from dataclasses import replace
from importlib import resources
from time import monotonic
from typing import Any

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, QRect, Qt, QTimer, Signal, Slot
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QColor,
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
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from knightviz.engine import Board, kernels
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.config import DARK, LIGHT, SYSTEM, set_preferred_language
from knightviz.gui.history_store import HistoryStore
from knightviz.gui.i18n import LANGUAGES, Translations, retranslate_tree
from knightviz.gui.panels import export as exporting
from knightviz.gui.panels.banner import INFO, WARNING, Banner
from knightviz.gui.panels.chart import ChartPanel
from knightviz.gui.panels.code import CodePanel
from knightviz.gui.panels.controls import ControlPanel, RunControls
from knightviz.gui.panels.counters import CounterPanel
from knightviz.gui.panels.elided import ElidedLabel
from knightviz.gui.panels.gauge import GaugePanel
from knightviz.gui.panels.help import HelpMenu
from knightviz.gui.panels.history import HistoryTable
from knightviz.gui.panels.race import Race, RaceState, RaceView
from knightviz.gui.panels.solutions import SolutionsPanel
from knightviz.gui.panels.stack import StackView
from knightviz.gui.panels.startmap import StartMap, StartMapLegend
from knightviz.gui.panels.timeline import Timeline
from knightviz.gui.prefs import WindowPrefs
from knightviz.gui.puzzles.base import CURRENT, DONE, NEXT, Puzzle
from knightviz.gui.puzzles.knight import KnightPuzzle
from knightviz.gui.puzzles.queens import QueensPuzzle, solution_text
from knightviz.gui.puzzles.queens_panels import ConstraintsPanel
from knightviz.gui.session import RecordingStore, RunRecord, RunSession, State
from knightviz.gui.solver.controller import SolverController
from knightviz.gui.text import fmt_big, fmt_duration, fmt_int
from knightviz.gui.theme import ThemeController

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


class StatusLabel(ElidedLabel):
    """The status line: one line, elided with "…" when too long, the full text on hover."""

    floor = 20

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("statusLabel")


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
        self.puzzles: dict[str, Puzzle] = {
            "knight": KnightPuzzle(self),
            "queens": QueensPuzzle(self),
        }
        #: Every run's recording, under one memory budget (Run, Recording memory…).
        self.recordings = RecordingStore()
        self.session = RunSession(self.puzzles, self, self.recordings)
        self.board = BoardWidget(self.session.model)
        self.panel = ControlPanel(self.puzzles)
        self.run_controls = RunControls(self.session.speed)
        self.counters = CounterPanel()
        self.history = HistoryTable(self.puzzles)
        self.solutions_panel = SolutionsPanel()
        self.constraints_panel = ConstraintsPanel()
        self.stack_view = StackView()
        self.code_panel = CodePanel()
        self.gauge = GaugePanel()
        self.timeline = Timeline()
        #: Race mode: two sessions side by side on one clock (Compare, Race).
        self.race = Race(self.puzzles, self.recordings, self)
        self.race_view = RaceView(self.race, self.puzzles)
        self.race_view.set_defaults()
        self._race_docks: list[QDockWidget] = []
        #: The start-square map of the board, and its legend (Compare, Map all start squares).
        self.startmap = StartMap(self.board, self)
        self.map_legend = StartMapLegend(self.startmap)
        self.chart = ChartPanel(self.puzzles)  # draws (and imports pyqtgraph) once shown
        self._explained_version = -1
        self._explain_tick = 0
        self._runs = 0
        self._layers_puzzle = ""
        self._rate_samples: deque[tuple[float, int]] = deque(maxlen=64)
        self._shutting_down = False

        self._build_layout()
        self._build_actions()
        self._wire()
        self._apply_puzzle()
        self._sync()
        self._fit_to_screen()
        self._build_preferences()
        self.board.setFocus()
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    # -- what tests and automation use ----------------------------------------------------------

    @property
    def controller(self) -> SolverController:
        """The current session's solver controller (``run_finished`` carries the Result)."""
        return self.session.controller

    @property
    def model(self) -> Any:
        """The current session's board model."""
        return self.session.model

    def status_text(self) -> str:
        """The status line's full text (it may be shown elided)."""
        return self.status_label.full_text()

    def verdict(self) -> str | None:
        """The announced reason no solution can exist, or None."""
        return None if self.verdict_banner.isHidden() else self.verdict_banner.text()

    def hint(self) -> str | None:
        """The "this run looks stuck" advice, or None."""
        return None if self.hint_banner.isHidden() else self.hint_banner.text()

    # -- the start-square map -----------------------------------------------------------------

    @Slot()
    def start_map(self) -> None:
        """Map the current strategy from every start square (in the background); in race
        mode each racer's strategy on its own board, side by side."""
        if not self.session.puzzle.movable_start:
            return
        self.map_action.blockSignals(True)
        self.map_action.setChecked(True)
        self.map_action.blockSignals(False)
        if self.race_mode:
            for view in self.race_view.lane_views:
                view.startmap.start(self.session.puzzle, view.lane.session.settings)
        else:
            self.startmap.start(self.session.puzzle, self.session.settings)

    def maps(self) -> list[StartMap]:
        """The maps on show: the board's, or in race mode one per racer."""
        if self.race_mode:
            return [view.startmap for view in self.race_view.lane_views]
        return [self.startmap]

    def map_result(self, lane: int = 1) -> dict[str, int | None]:
        """Square name → steps (None: no tour can exist there, nothing searched); in race
        mode racer ``lane``'s (1 or 2)."""
        return self.maps()[min(lane, len(self.maps())) - 1].result()

    def map_outcomes(self, lane: int = 1) -> dict[str, str]:
        """Square name → solved, limit, stuck, exhausted or impossible."""
        return self.maps()[min(lane, len(self.maps())) - 1].outcomes()

    @Slot(bool)
    def _on_map_toggled(self, on: bool) -> None:
        if on:
            self.start_map()
        else:
            for startmap in self._all_maps():
                startmap.clear()

    def _all_maps(self) -> list[StartMap]:
        return [self.startmap, *(view.startmap for view in self.race_view.lane_views)]

    @Slot(bool)
    def _on_map_finished(self, complete: bool) -> None:
        """Every map on show has ended (both, in race mode)."""
        maps = self.maps()
        if any(m.running for m in maps):
            return
        self.map_finished.emit(complete and not any(m.cancelled for m in maps))

    def _sync_map(self) -> None:
        """The map follows the settings: made again for new ones while shown; none for a
        puzzle without a start square."""
        puzzle = self.session.puzzle
        self.map_action.setEnabled(puzzle.movable_start)
        if puzzle.movable_start:
            self.map_action.setToolTip(
                self.tr(
                    "Run the current strategy from every start square and colour each "
                    "square by the steps it took"
                )
            )
            self.map_action.setStatusTip(self.map_action.toolTip())
        else:
            self.map_action.setToolTip(
                self.tr("No start square to map: N-Queens always starts from an empty board")
            )
            self.map_action.setStatusTip(self.map_action.toolTip())
            self.map_action.setChecked(False)  # clears the map
            return
        if self.race_mode:
            pairs = [(v.startmap, v.lane.session.settings) for v in self.race_view.lane_views]
        else:
            pairs = [(self.startmap, self.session.settings)]
        if self.map_action.isChecked() and any(
            not m.matches(puzzle, settings) for m, settings in pairs
        ):
            self.start_map()

    # -- construction ---------------------------------------------------------------------------

    def _build_layout(self) -> None:
        self.verdict_banner = Banner("verdictFrame", WARNING)
        self.verdict_banner.label.setObjectName("verdictLabel")
        self.search_anyway_button = QPushButton(self.tr("Search anyway"))
        self.search_anyway_button.setObjectName("searchAnywayButton")
        self.search_anyway_button.setToolTip(
            self.tr("Run the exhaustive search and watch it prove that no solution exists")
        )
        self.search_anyway_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.verdict_banner.add_button(self.search_anyway_button)
        self.hint_banner = Banner("hintFrame", INFO)
        self.hint_banner.label.setObjectName("hintLabel")

        centre = QWidget()
        centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(0, 0, 0, 0)
        centre_layout.addWidget(self.verdict_banner)
        centre_layout.addWidget(self.hint_banner)
        centre_layout.addWidget(self.board, 1)
        centre_layout.addWidget(self.map_legend)
        centre_layout.addWidget(self.timeline)
        self.narration = QLabel()
        self.narration.setObjectName("narrationLabel")
        self.narration.setWordWrap(True)
        self.narration.setTextFormat(Qt.TextFormat.PlainText)
        self.narration.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        lines = self.narration.fontMetrics().lineSpacing()
        self.narration.setFixedHeight(2 * lines + 4)  # two lines, never a jumping layout
        self.narration.setToolTip(self.tr("What the search just did, and why"))
        centre_layout.addWidget(self.narration)
        centre_layout.addWidget(self.gauge)
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
        side_layout.addWidget(self.counters)
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
            "constraintsDock", self.tr("Constraints"), self.constraints_panel
        )
        self.solutions_dock = self._dock(
            "solutionsDock", self.tr("Solutions"), self.solutions_panel
        )
        self.code_dock = self._dock("codeDock", self.tr("Algorithm"), self.code_panel)
        self.stack_dock = self._dock("stackDock", self.tr("Search stack"), self.stack_view)
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.addDockWidget(right, self.code_dock)
        self.addDockWidget(right, self.constraints_dock)
        self.addDockWidget(right, self.stack_dock)
        self.addDockWidget(right, self.solutions_dock)
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

        self.status_label = StatusLabel()
        self.statusBar().addWidget(self.status_label, 1)
        self.engine_label = QLabel()
        self.engine_label.setObjectName("engineLabel")
        self.statusBar().addPermanentWidget(self.engine_label)
        self._engine_timer = QTimer(self)
        self._engine_timer.setInterval(250)
        self._engine_timer.timeout.connect(self._show_engine)
        self._engine_loader: threading.Thread | None = None
        self._engine_error = ""
        self._show_engine()

    # -- the compiled engine --------------------------------------------------------------------

    def start_engine_loader(self) -> None:
        """Load or compile the fast engine in the background, once the window has painted.

        Runs started before it is ready use the pure-Python engine (the engine chooses); the
        status bar says which engine new runs get.
        """
        if (
            self._engine_loader is not None
            or kernels.ready()
            or not kernels.available()
            or os.environ.get(kernels.ENV, "").strip().lower() == kernels.PYTHON
        ):
            self._show_engine()
            return
        self._engine_loader = threading.Thread(
            target=self._load_engine, name="knightviz-engine-loader", daemon=True
        )
        self._engine_loader.start()
        self._engine_timer.start()
        self._show_engine()

    def _load_engine(self) -> None:
        try:
            kernels.load()
        except Exception as exc:  # any failure: stay on the Python engine
            self._engine_error = str(exc) or type(exc).__name__
            logging.getLogger("knightviz").warning("compiled engine unavailable: %s", exc)

    @Slot()
    def _show_engine(self) -> None:
        loading = self._engine_loader is not None and self._engine_loader.is_alive()
        running = self.session.controller.running
        if kernels.ready() and running and self.session.backend == "python":
            text = self.tr("Engine: Python for this run, compiled for the next")
            tip = self.tr(
                "This run started before the compiled engine was ready; the next run will "
                "use it (numba, C speed)."
            )
        elif kernels.ready():
            text = self.tr("Engine: compiled")
            tip = self.tr("Searches run on the compiled engine (numba): C speed.")
        elif loading:
            text = self.tr("Engine: Python (preparing the compiled engine…)")
            tip = self.tr(
                "The compiled engine is loading in the background; runs started now use "
                "the Python engine."
            )
        elif self._engine_error:
            text = self.tr("Engine: Python")
            tip = self.tr("The compiled engine could not be loaded: {0}").format(self._engine_error)
        else:
            text = self.tr("Engine: Python")
            tip = self.tr("Searches run on the pure-Python reference engine.")
        self.engine_label.setText(text)
        self.engine_label.setToolTip(tip)
        if not loading:
            self._engine_timer.stop()

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

    def _build_actions(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        # Export and save (knightviz/gui/panels/export.py does the work).
        file_menu.setToolTipsVisible(True)
        self.open_run_action = QAction(self.tr("&Open run…"), self)
        self.open_run_action.setObjectName("openRunAction")
        self.open_run_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_run_action.setStatusTip(
            self.tr("Open a run saved with Save run: its board, timeline and history row")
        )
        self.open_run_action.triggered.connect(self._ask_open_run)
        self.save_run_action = QAction(self.tr("&Save run…"), self)
        self.save_run_action.setObjectName("saveRunAction")
        self.save_run_action.setShortcut(QKeySequence.StandardKey.Save)
        self.save_run_action.triggered.connect(self._ask_save_run)
        self.export_run_action = QAction(self.tr("&Export run…"), self)
        self.export_run_action.setObjectName("exportRunAction")
        self.export_run_action.setShortcut(QKeySequence("Ctrl+E"))
        self.export_run_action.triggered.connect(self._ask_export_run)
        self.export_history_action = QAction(self.tr("Export &history…"), self)
        self.export_history_action.setObjectName("exportHistoryAction")
        self.export_history_action.triggered.connect(self._ask_export_history)
        for action in (self.open_run_action, self.save_run_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(self.export_run_action)
        file_menu.addAction(self.export_history_action)
        file_menu.addSeparator()
        self._file_folder = os.path.expanduser("~")
        self.session.changed.connect(self._update_file_actions)
        self.history.model().rowsInserted.connect(self._update_file_actions)
        self._update_file_actions()
        quit_action = QAction(self.tr("&Quit"), self)
        # Ctrl+Q where the platform has no standard Quit key (Windows, offscreen).
        quit_action.setShortcuts(
            QKeySequence.keyBindings(QKeySequence.StandardKey.Quit) or [QKeySequence("Ctrl+Q")]
        )
        quit_action.setStatusTip(self.tr("Close the window and quit (the settings are kept)"))
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)

        # Space, N, → and R are not QAction shortcuts: a shortcut would take Space from a
        # focused check box or button. The window handles them in keyPressEvent, which
        # only sees keys the focused widget did not want; the menus show them after a tab.
        self.run_menu = run_menu = self.menuBar().addMenu(self.tr("&Run"))
        self.start_action = QAction(self)
        self.start_action.setObjectName("startAction")
        self.start_action.setStatusTip(self.tr("Start, pause or resume the search"))
        self.start_action.triggered.connect(self.start_or_pause)
        self.step_action = QAction(self)
        self.step_action.setObjectName("stepAction")
        self.step_action.setStatusTip(self.tr("Make exactly one move or backtrack"))
        self.step_action.triggered.connect(self.step)
        self.step_back_action = QAction(self)
        self.step_back_action.setObjectName("stepBackAction")
        self.step_back_action.setStatusTip(self.tr("Undo exactly one step"))
        self.step_back_action.triggered.connect(self.step_back)
        self.reset_action = QAction(self)
        self.reset_action.setObjectName("resetAction")
        self.reset_action.setStatusTip(self.tr("Stop the search and clear the board"))
        self.reset_action.triggered.connect(self.reset)
        self._word_run_actions()
        for action in (self.start_action, self.step_action, self.step_back_action):
            run_menu.addAction(action)
        run_menu.addAction(self.reset_action)
        run_menu.addSeparator()
        self.budget_action = QAction(self.tr("Recording &memory…"), self)
        self.budget_action.setObjectName("budgetAction")
        self.budget_action.setStatusTip(
            self.tr("How much memory the recordings of runs may use (for going back)")
        )
        self.budget_action.triggered.connect(self._ask_budget)
        run_menu.addAction(self.budget_action)

        # Comparisons (the race, the start-square map, the steps chart): a menu and a
        # toolbar of their own, each feature adds its action to both.
        self.compare_menu = self.menuBar().addMenu(self.tr("&Compare"))
        self.compare_toolbar = self.addToolBar(self.tr("Compare"))
        self.compare_toolbar.setObjectName("compareToolBar")
        self.compare_toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.compare_toolbar.setMovable(False)
        self.race_action = QAction(self.tr("&Race two strategies"), self)
        self.race_action.setObjectName("raceAction")
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
        self.compare_menu.addAction(self.race_action)
        self.compare_toolbar.addAction(self.race_action)
        self.map_action = QAction(self.tr("Map all start squares"), self)
        self.map_action.setObjectName("mapAction")
        self.map_action.setCheckable(True)
        self.map_action.toggled.connect(self._on_map_toggled)
        self.compare_menu.addAction(self.map_action)
        self.compare_toolbar.addAction(self.map_action)
        self.chart_action = QAction(self.tr("Steps &chart"), self)
        self.chart_action.setObjectName("chartAction")
        self.chart_action.setCheckable(True)
        self.chart_action.setToolTip(
            self.tr("Steps per run for the history, and the depth over time of this run")
        )
        self.chart_action.setStatusTip(self.chart_action.toolTip())
        self.chart_action.setIconText(self.tr("Steps chart"))  # the toolbar: no mnemonic
        self.chart_action.toggled.connect(self._show_chart)
        self.chart_dock.toggleViewAction().toggled.connect(self.chart_action.setChecked)
        self.compare_menu.addAction(self.chart_action)
        self.compare_toolbar.addAction(self.chart_action)

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
        s = self.session
        self.panel.settings_changed.connect(self._on_settings_changed)
        rc = self.run_controls
        rc.speed_changed.connect(self._on_speed_changed)
        rc.start_clicked.connect(self.start_or_pause)
        rc.step_clicked.connect(self.step)
        rc.step_back_clicked.connect(self.step_back)
        self.timeline.seek_requested.connect(self.seek)
        rc.reset_clicked.connect(self.reset)
        self.board.start_changed.connect(self._on_start_changed)
        self.board.drag_refused.connect(self._on_drag_refused)
        self.history.record_activated.connect(self._on_record_activated)
        self.search_anyway_button.clicked.connect(self.search_anyway)
        for startmap in self._all_maps():
            startmap.map_finished.connect(self._on_map_finished)
            startmap.map_failed.connect(self._on_failed)
        self.solutions_panel.solution_clicked.connect(self._on_solution_clicked)
        self.stack_view.level_hovered.connect(self._on_level_hovered)
        s.changed.connect(self._sync)
        s.ticked.connect(self._tick)
        s.model_replaced.connect(self._on_model_replaced)
        s.run_recorded.connect(self._on_run_recorded)
        s.solution_found.connect(self.solutions_panel.add)
        s.failed.connect(self._on_failed)
        s.controller.frame_applied.connect(self.board.paint_frame)
        race, rv = self.race, self.race_view
        race.changed.connect(self._sync)
        race.run_recorded.connect(self._on_run_recorded)
        race.refused.connect(self._on_race_refused)
        race.racer_finished.connect(self._on_racer_finished)
        rv.settings_changed.connect(self._on_settings_changed)
        rv.start_changed.connect(self._on_start_changed)
        rv.drag_refused.connect(self._on_drag_refused)

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
        self.reset_settings_action = QAction(self.tr("Reset &settings"), self)
        self.reset_settings_action.setObjectName("resetSettingsAction")
        self.reset_settings_action.setStatusTip(
            self.tr("Forget every remembered setting and show the defaults now")
        )
        self.reset_settings_action.triggered.connect(self.reset_settings)
        self.view_menu.addAction(self.reset_settings_action)
        self._word_panel_toggles()

        self.history_store = HistoryStore(self.puzzles)
        for record in self.history_store.load():
            self.history.add_record(record)
            self._runs = max(self._runs, record.number)
        self.clear_history_action = QAction(self.tr("&Clear history…"), self)
        self.clear_history_action.setObjectName("clearHistoryAction")
        self.clear_history_action.setStatusTip(
            self.tr("Remove every run from the history, here and on disk")
        )
        self.clear_history_action.triggered.connect(lambda: self.clear_history(confirm=True))
        self.run_menu.addAction(self.clear_history_action)

        self.help = HelpMenu(self.help_menu, self, self.puzzles)

        self.prefs = WindowPrefs(
            self,
            self.puzzles,
            self.panel,
            self.run_controls,
            self.board,
            self.session,
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
        self.statusBar().showMessage(self.tr("Settings reset to the defaults."), 4000)

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

    # -- commands ---------------------------------------------------------------------------

    @Slot()
    def start_or_pause(self) -> None:
        """Space: start when idle, pause when running, resume when paused."""
        if self.race_mode:
            self.race.start_or_pause()
            return
        self.session.start_or_pause()

    @Slot()
    def step(self) -> None:
        """One event: starts a paused run when idle; ignored while running unpaused."""
        if self.race_mode:
            self.race.step()
            return
        self.session.step()

    @Slot()
    def step_back(self) -> None:
        """Shift+N, Shift+→, Backspace: undo exactly one step (pauses a running search)."""
        if not self.race_mode:
            self.session.step_back()

    @Slot(int)
    def seek(self, step: int) -> None:
        """Show the board at a step of the recording (the timeline, the step box)."""
        self.session.seek(step)

    @Slot()
    def reset(self) -> None:
        """Stop any run (it still gets its history row) and clear the board."""
        if self.race_mode:
            self.race.reset()
            return
        self.session.reset()
        self.board.set_model(self.session.model)

    @Slot()
    def search_anyway(self) -> None:
        self.session.begin(anyway=True)

    # -- export and save (File menu; the work is in panels/export.py) ------------------------

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
        """Write the run on the board to ``path``: ``fmt`` is one of ``c``, ``py``,
        ``matrix``, ``sequence`` (or ``batch``), ``algebraic`` (knight), ``algebraic``,
        ``results``, ``ascii`` (N-Queens), ``json``, ``png``, ``svg``, ``gif`` (steps
        ``first`` to ``last``, default the whole run; ``delay_ms`` a frame; ``side``: the
        longest side in px). False, after a message box, on failure."""
        run = exporting.RunExport.from_session(self.session)
        if run is None:
            self._file_error(self.tr("Export run"), exporting.why_not_exportable(self.session))
            return False
        try:
            report = exporting.write_export(
                run,
                path,
                fmt,
                shown=self.board.model(),
                details=self.board.details(),
                closing=self.board.closing(),
                first=first,
                last=last,
                delay_ms=delay_ms,
                side=side,
                progress=progress,
            )
        except exporting.ExportError as exc:
            self._file_error(self.tr("Export run"), str(exc))
            return False
        if report is not None:
            #: The last GIF's frames, seconds and bytes (also in the status bar).
            self.last_gif = report
            text = self.tr("Saved {0}: {1} frames, {2} KB in {3} s.").format(
                path, fmt_int(report.frames), fmt_int(report.bytes >> 10), f"{report.seconds:.1f}"
            )
        else:
            text = self.tr("Exported the run to {0}.").format(path)
        self.statusBar().showMessage(text, 8000)
        return True

    def export_history(self, path: str, fmt: str) -> bool:
        """Write every history row to ``path`` as ``csv`` or ``json``."""
        try:
            exporting.write_history(self.history.records(), path, fmt)
        except exporting.ExportError as exc:
            self._file_error(self.tr("Export history"), str(exc))
            return False
        self.statusBar().showMessage(self.tr("Exported the history to {0}.").format(path), 8000)
        return True

    def save_run(self, path: str) -> bool:
        """Save the run on the board, its recording included, to a ``.knightviz`` file."""
        run = exporting.RunExport.from_session(self.session)
        if run is None:
            self._file_error(self.tr("Save run"), exporting.why_not_exportable(self.session))
            return False
        record = exporting.record_of(self.history.records(), run.recording)
        try:
            saved = exporting.save_run_file(run, record, self.session.seconds(), path)
        except exporting.ExportError as exc:
            self._file_error(self.tr("Save run"), str(exc))
            return False
        note = exporting.gaps_note(saved)
        self.statusBar().showMessage(
            (self.tr("Saved the run to {0}.").format(path) + " " + note).strip(), 10_000
        )
        return True

    def open_run(self, path: str) -> bool:
        """Open a saved run: it joins the history and comes back with its timeline."""
        try:
            record = exporting.open_run_file(path, self.puzzles, self.recordings)
        except exporting.ExportError as exc:
            self._file_error(self.tr("Open run"), str(exc))
            return False
        self._on_run_recorded(record)
        self._on_record_activated(self.history.records()[-1])
        self.statusBar().showMessage(
            self.tr("Opened {0}: drag the timeline, or Back/Step.").format(os.path.basename(path)),
            8000,
        )
        return True

    def _file_error(self, title: str, text: str | None) -> None:
        exporting.warn(self, title, text or "")

    @Slot()
    def _update_file_actions(self) -> None:
        why = exporting.why_not_exportable(self.session)
        for action, tip in (
            (self.export_run_action, self.tr("Export the run on the board: text, JSON, image")),
            (self.save_run_action, self.tr("Save the run with its recording, to open it later")),
        ):
            action.setEnabled(why is None)
            action.setToolTip(tip if why is None else why)
            action.setStatusTip(tip if why is None else why)
        empty = not self.history.records()
        tip = (
            self.tr("No runs in the history yet.")
            if empty
            else self.tr("Export every run of the history as CSV or JSON")
        )
        self.export_history_action.setEnabled(not empty)
        self.export_history_action.setToolTip(tip)
        self.export_history_action.setStatusTip(tip)

    def _remember_folder(self, path: str) -> None:
        self._file_folder = os.path.dirname(path) or self._file_folder

    def _ask_export_run(self) -> None:
        run = exporting.RunExport.from_session(self.session)
        if run is None:
            self._file_error(self.tr("Export run"), exporting.why_not_exportable(self.session))
            return
        choices = exporting.run_formats(run.puzzle.key, run.settings)
        chosen = exporting.ask_save_path(
            self, self.tr("Export run"), self._file_folder, run.file_name, choices
        )
        if chosen is None:
            return
        path, fmt = chosen
        self._remember_folder(path)
        if fmt != "gif":
            self.export_run(path, fmt)
            return
        length = len(run.recording) if run.recording is not None else 0
        gif = exporting.ask_gif(self, length, self.session.position)
        if gif is None:
            return
        first, last, delay, side = gif
        progress = exporting.Progress(self, self.tr("Drawing the GIF's frames…"))
        try:
            self.export_run(
                path, fmt, first=first, last=last, delay_ms=delay, side=side, progress=progress
            )
        finally:
            progress.close()

    def _ask_export_history(self) -> None:
        chosen = exporting.ask_save_path(
            self,
            self.tr("Export history"),
            self._file_folder,
            "knightviz-history",
            exporting.history_formats(),
        )
        if chosen is not None:
            self._remember_folder(chosen[0])
            self.export_history(*chosen)

    def _ask_save_run(self) -> None:
        run = exporting.RunExport.from_session(self.session)
        if run is None:
            self._file_error(self.tr("Save run"), exporting.why_not_exportable(self.session))
            return
        chosen = exporting.ask_save_path(
            self,
            self.tr("Save run"),
            self._file_folder,
            run.file_name,
            [exporting.run_file_format()],
        )
        if chosen is not None:
            self._remember_folder(chosen[0])
            self.save_run(chosen[0])

    def _ask_open_run(self) -> None:
        path = exporting.ask_open_path(self, self._file_folder)
        if path:
            self._remember_folder(path)
            self.open_run(path)

    @Slot()
    def shutdown(self) -> None:
        """The one shutdown path: stop → quit → wait (closeEvent and aboutToQuit)."""
        self._shutting_down = True
        self._engine_timer.stop()
        self.race.shutdown()
        for startmap in self._all_maps():
            startmap.shutdown()
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
        """Puzzle, board or strategy changed: stop a run first, then show the new setup."""
        self.session.configure(self.panel.puzzle_key(), self.panel.settings())
        if self.race_mode:
            self._configure_race()
        self._apply_puzzle()

    def _apply_puzzle(self) -> None:
        """Layers, counters and panels follow the puzzle."""
        s = self.session
        puzzle = s.puzzle
        if self.race_mode:
            self.race_view.apply_puzzle(
                puzzle, [lane.session.settings for lane in self.race.lanes], s.start
            )
        if puzzle.key != self._layers_puzzle:
            layers = puzzle.create_layers()
            self.board.set_layers(layers)
            self._layers_puzzle = puzzle.key
            queens = puzzle.key == "queens"
            self.counters.set_solutions_visible(queens)
            self.constraints_dock.setVisible(queens and not self.race_mode)
            self.solutions_dock.setVisible(queens and not self.race_mode)
            # The article's sets beside the code; the stack in front of the solutions.
            (self.constraints_dock if queens else self.code_dock).raise_()
            self.stack_dock.raise_()
        puzzle.configure_layers(self.board.layers(), s.settings)
        self.board.set_movable_start(puzzle.movable_start)
        if puzzle.movable_start:
            self.board.set_start_square(*s.start)
        self.counters.set_titles(*puzzle.counter_titles())
        n = s.settings.rows
        self.constraints_panel.set_board(n, getattr(s.settings, "variant", "sets"))
        self.solutions_panel.set_describe(lambda sol, n=n: solution_text(n, sol))
        self.solutions_panel.clear()
        self._sync_map()
        self._sync()

    @Slot(float)
    def _on_speed_changed(self, speed: float) -> None:
        self.session.set_speed(speed)
        self.race.set_speed(speed)

    @Slot(int, int)
    def _on_start_changed(self, row: int, col: int) -> None:
        """The start square, from any board: the race's two boards and the single one move
        together."""
        if self.race_mode and self.race.running:
            return
        self.session.set_start(row, col)
        self.board.set_start_square(row, col)
        if self.race_mode:
            self.race.set_start(row, col)

    @Slot()
    def _on_drag_refused(self) -> None:
        self.statusBar().showMessage(
            self.tr("The piece cannot be moved during a run: press Reset (R) first."), 4000
        )

    @Slot(object)
    def _on_model_replaced(self, model: Any) -> None:
        self.board.set_model(model)

    @Slot(object)
    def _on_run_recorded(self, record: RunRecord) -> None:
        self._runs += 1
        numbered = replace(record, number=self._runs)
        link = record.extra.get("race")
        if isinstance(link, dict):
            link["runs"].append(self._runs)
        self.history.add_record(numbered)
        self.history_store.add(numbered)
        if isinstance(link, dict):
            self.history.update_links()
        self.chart.add_record(numbered)

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

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self.statusBar().showMessage(message, 10_000)

    @Slot(object)
    def _on_record_activated(self, record: RunRecord) -> None:
        """Bring a run back: its settings and start, and (if still kept) its recording, the
        board at its end and the timeline to scrub."""
        self.race_action.setChecked(False)
        self.session.reset()
        self.panel.set_settings(record.puzzle, record.settings)
        if self.puzzles[record.puzzle].movable_start:
            self.board.set_start_square(*record.start)
            self.session.set_start(*record.start)
        if self.session.restore(record):
            self.solutions_panel.clear()
            for solution in record.solutions:
                self.solutions_panel.add(solution)
            self._sync()
            message = self.tr(
                "Run {0} brought back with its recording: drag the timeline, or Back/Step."
            ).format(record.number)
        elif record.extra.get("from_disk"):
            message = self.tr(
                "Run {0} (an earlier session): settings and start brought back. Press Start "
                "to run it again."
            ).format(record.number)
        else:
            message = self.tr(
                "Run {0}: settings and start brought back; its recording was released to "
                "make room for newer ones (Run, Recording memory…). Press Start."
            ).format(record.number)
        self.statusBar().showMessage(message, 8000)

    @Slot(object)
    def _on_solution_clicked(self, solution: tuple[int, ...]) -> None:
        s = self.session
        if s.state is State.RUNNING:
            s.pause()
        self.board.set_model(s.preview(solution))

    # -- display ----------------------------------------------------------------------------

    @Slot()
    def _sync(self) -> None:
        """Everything derived from the session's state: buttons, banners, board, status."""
        if self._shutting_down:
            return
        if self.race_mode:
            self._sync_race()
            return
        s = self.session
        running, paused = s.controller.running, s.controller.paused
        playing = s.playing
        can_back = s.recording is not None and s.state is not State.IDLE and s.position > 0
        behind = s.replaying or (s.state is State.FINISHED and s.position < s.end)
        self.run_controls.set_run_state(running, paused, can_back, playing, behind)
        self.step_action.setEnabled((not running or paused) and not playing)
        self.step_back_action.setEnabled(can_back and not playing)
        self._show_timeline()
        self.chart.show_session(s)
        if s.preview_model is None:
            self.board.set_model(s.model)
        self.board.set_interactive(not running)
        self.board.set_animating(running)
        self.board.set_details(s.details)
        solved_closed = (
            s.state is State.FINISHED
            and s.result is not None
            and s.result.solved
            and bool(getattr(s.run_settings, "closed", False))
        )
        self.board.set_closing(solved_closed)
        verdict = s.verdict() if s.state is State.IDLE else None
        if verdict is None:
            self.verdict_banner.hide()
        else:
            self.verdict_banner.show_text("⚠ " + verdict)
        self._update_hint()
        self.status_label.set_full_text(self._status(verdict))
        self._refresh_counters()
        self._explain(force=True)
        self._show_engine()

    # -- languages ------------------------------------------------------------------------------

    def language(self) -> str:
        return self._language

    @Slot(str)
    def set_language(self, code: str) -> bool:
        """Switch the whole window (and Qt's own dialogs) to ``code`` at once; False if its
        translations cannot be loaded."""
        if not self.translations.apply(code):
            self.statusBar().showMessage(self.tr("No translations for {0}.").format(code), 6000)
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
        self.stack_view.retranslate()
        self.constraints_panel.retranslate()
        # What _apply_puzzle words (not all of it: the solutions found stay listed).
        s = self.session
        self.counters.set_titles(*s.puzzle.counter_titles())
        if self.race_mode:
            self.race_view.apply_puzzle(
                s.puzzle, [lane.session.settings for lane in self.race.lanes], s.start
            )
        self._word_panel_toggles()
        self._sync_map()
        for startmap in self._all_maps():
            startmap.reword()
        self.map_legend.refresh()
        for view in self.race_view.lane_views:
            view.map_legend.refresh()
        self.race_view.refresh()
        self.chart.retranslate()
        self.help.retranslate()
        self._show_engine()
        self._explained_version = -1
        self._sync()

    # -- the race -------------------------------------------------------------------------------

    @property
    def race_mode(self) -> bool:
        return self.race_action.isChecked()

    @property
    def sessions(self) -> list[Any]:
        """Race mode: the two racers (each with its ``session``, ``board``, ``model``,
        ``result``; widgets named with ``_1``/``_2``). Otherwise: the one session."""
        if self.race_mode:
            return list(self.race.lanes)
        return [self.session]

    @Slot(bool)
    def set_race_mode(self, on: bool) -> None:
        """Race mode on or off: any run is stopped (it keeps its row) and the boards swap."""
        if self.race_action.isChecked() != on:
            self.race_action.setChecked(on)  # comes back here through toggled
            return
        for startmap in self.maps():
            startmap.clear()  # the maps of the mode left; the new mode's follow the action
        if on:
            self.session.reset()
            self.board.set_model(self.session.model)
            self._race_docks = [
                d for d in (self.code_dock, self.stack_dock, self.solutions_dock) if d.isVisible()
            ]
            for dock in self._race_docks:
                dock.hide()
            self.centre_stack.setCurrentWidget(self.race_view)
            self.race.set_speed(self.session.speed)  # the one speed shown, whatever set it
            self._configure_race()
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
        self.panel.strategy_box.setVisible(not on)
        self.counters.setVisible(not on)
        self._apply_puzzle()
        self.board.setFocus() if not on else self.race.lanes[0].board.setFocus()

    def _configure_race(self) -> None:
        key = self.panel.puzzle_key()
        s = self.session.settings
        settings = self.race_view.lane_settings(key, s.rows, s.cols)
        self.race_view.show_puzzle(key)
        self.race.configure(key, settings)
        if self.puzzles[key].movable_start:
            self.race.set_start(*self.session.start)
        self.race_view.apply_puzzle(self.puzzles[key], settings, self.session.start)

    def _sync_race(self) -> None:
        race = self.race
        running = race.running
        paused = race.state is RaceState.PAUSED
        self.run_controls.set_run_state(running, paused)
        self.run_controls.step_back_button.setEnabled(False)
        self.step_action.setEnabled(race.state in (RaceState.IDLE, RaceState.PAUSED))
        self.step_back_action.setEnabled(False)
        self.verdict_banner.hide()
        self.hint_banner.hide()
        self.race_view.refresh()
        self.status_label.set_full_text(self._race_status())

    def _race_status(self) -> str:
        race = self.race
        if race.state is RaceState.RUNNING:
            return self.tr("Racing: both boards make the same steps. Space pauses, R resets.")
        if race.state is RaceState.PAUSED:
            return self.tr("Race paused: N makes one step on both boards, Space resumes.")
        if race.state is RaceState.FINISHED:
            lanes = sorted(race.lanes, key=lambda lane: lane.place or 3)
            first = lanes[0]
            return self.tr("Racer {0} finished first, in {1} steps; racer {2} took {3}.").format(
                first.index,
                fmt_int(first.finish or 0),
                lanes[1].index,
                fmt_int(lanes[1].finish or 0),
            )
        return self.tr(
            "Race: choose a strategy for each board, drag the knight, press Start (Space)."
        )

    @Slot(str)
    def _on_race_refused(self, message: str) -> None:
        self.statusBar().showMessage(message, 10_000)
        self._sync()

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
        self.statusBar().showMessage(text, 6000)

    def _status(self, verdict: str | None) -> str:
        s = self.session
        puzzle = s.puzzle
        if s.state is State.RUNNING:
            return self.tr("Searching… Space pauses, N steps, R resets.")
        if s.state is State.PAUSED:
            return self.tr("Paused: N makes one step, Space resumes, R resets.")
        if s.state is State.FINISHED and s.result is not None:
            return s.run_puzzle.describe_result(
                s.run_settings, _index(s.run_start, s.run_settings.cols), s.result, s.model
            )
        if verdict is not None:
            return self.tr("No solution can exist here; press “Search anyway” to watch the proof.")
        if puzzle.movable_start:
            board = Board(s.settings.rows, s.settings.cols)
            return self.tr(
                "Start square {0}. Drag the knight to choose another, then press Start (Space)."
            ).format(board.name(s.start_index()))
        return self.tr("Press Start (Space) to place the queens, rank by rank.")

    def _update_hint(self) -> None:
        hint = self.session.slow_hint()
        if hint is None:
            self.hint_banner.hide()
        elif hint != self.hint_banner.text() or self.hint_banner.isHidden():
            self.hint_banner.show_text(hint)

    @Slot()
    def _tick(self) -> None:
        s = self.session
        self._refresh_counters()
        self.board.refresh()
        self.solutions_panel.flush()
        self.solutions_panel.set_count(len(s.found))
        if self.constraints_dock.isVisible():
            self.constraints_panel.show_model(s.model, s.details)
        self._update_hint()
        self._explain()
        self._show_timeline()
        self.chart.show_session(s)

    def _show_timeline(self) -> None:
        s = self.session
        rec = s.recording
        if rec is None or s.state is State.IDLE:
            self.timeline.show_state(0, 0, None, [], False)
            self.timeline.setEnabled(False)
            return
        self.timeline.setEnabled(True)
        finished = s.state is State.FINISHED
        self.timeline.show_state(s.position, s.end, rec.markers, rec.gaps(), finished, s.exact)

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

    def _explain(self, force: bool = False) -> None:
        """Stack, code line, narration and gauge for the position on the board.

        Exact for every event at paced speeds and while paused; at higher speeds refreshed
        a few times a second, which is all anyone can read.
        """
        s = self.session
        model = s.model if s.preview_model is None else s.preview_model
        if not force and model.version == self._explained_version:
            return
        self._explain_tick += 1
        if not force and not s.details and self._explain_tick % 4:
            return
        self._explained_version = model.version
        settings = s.run_settings if s.run_settings is not None else s.settings
        puzzle = s.run_puzzle if s.run_settings is not None else s.puzzle
        finished = s.result if s.state is State.FINISHED and s.at_end else None
        self.code_panel.view.set_program(puzzle.program(settings))
        stack = s.display_stack()
        if stack is None:
            self.stack_view.show_source(None)
            self.code_panel.view.show_line(0)
            self.code_panel.variables.setText("")
            self.narration.setText("")
        else:
            if self.stack_dock.isVisible():
                self.stack_view.show_source(puzzle.stack_source(settings, model, stack))
            self.code_panel.view.show_line(puzzle.code_line(settings, model, finished))
            self.code_panel.variables.setText(puzzle.code_variables(settings, model, stack))
            self.narration.setText(puzzle.narrate(settings, model, finished))
        self.gauge.show_fraction(s.update_explored())
        self.gauge.show_estimate(self._estimate_text())

    def _estimate_text(self) -> str:
        s = self.session
        estimate = s.tree_estimate()
        if estimate is None:
            return ""
        rate = self._current_rate()
        text = self.tr("Whole tree ≈ {0} steps (± {1}, {2} probes)").format(
            fmt_big(estimate.steps),
            f"{min(estimate.relative_error, 9.99):.0%}",
            fmt_int(estimate.probes),
        )
        if rate > 0 and s.state in (State.RUNNING, State.PAUSED):
            left = max(0.0, estimate.steps - s.model.steps) / rate
            text += self.tr(": about {0} at this speed").format(fmt_duration(left))
        return text

    def _current_rate(self) -> float:
        samples = self._rate_samples
        if len(samples) >= 2 and samples[-1][0] > samples[0][0]:
            return (samples[-1][1] - samples[0][1]) / (samples[-1][0] - samples[0][0])
        seconds = self.session.seconds()
        return self.session.model.steps / seconds if seconds > 0 else 0.0

    @Slot(int)
    def _on_level_hovered(self, row: int) -> None:
        """Show a stack level on the board: its square and its candidates."""
        if row < 0:
            self.board.set_highlights({})
            return
        level = self.stack_view.stack_model.level(row)
        if level is None:
            return
        colours = {
            CURRENT: QColor("#1f8a4c"),
            NEXT: QColor(60, 110, 190),
            DONE: QColor(130, 130, 130),
        }
        marks = {
            chip.square: colours[chip.state]
            for chip in self.stack_view.stack_model.chips(row)
            if chip.state in colours and chip.square >= 0
        }
        if level.square >= 0:
            marks[level.square] = QColor(230, 150, 20)
        self.board.set_highlights(marks)

    def _refresh_counters(self) -> None:
        s = self.session
        m = s.model
        seconds = s.seconds()
        now = monotonic()
        samples = self._rate_samples
        if not s.controller.running:
            samples.clear()
        samples.append((now, m.steps))
        while len(samples) > 2 and now - samples[0][0] > 0.5:
            samples.popleft()
        rate = 0.0
        if s.controller.running and len(samples) >= 2 and samples[-1][0] > samples[0][0]:
            rate = (samples[-1][1] - samples[0][1]) / (samples[-1][0] - samples[0][0])
        elif seconds > 0:
            rate = m.steps / seconds
        covered = len(m.path)
        self.counters.show_counts(
            m.moves,
            m.backtracks,
            covered,
            m.size if s.puzzle.movable_start else m.rows,
            seconds,
            rate if math.isfinite(rate) else 0.0,
        )
        self.counters.show_solutions(len(s.found))
        if not s.controller.running:
            self.solutions_panel.flush()
            self.solutions_panel.set_count(len(s.found))
            if self.constraints_dock.isVisible():
                self.constraints_panel.show_model(s.model, s.details)


def _index(start: tuple[int, int], cols: int) -> int:
    return start[0] * cols + start[1]
