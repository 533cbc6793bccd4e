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

from PySide6.QtCore import QByteArray, QCoreApplication, QRect, Qt, QTimer, Slot
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QColor,
    QGuiApplication,
    QIcon,
    QKeyEvent,
    QKeySequence,
    QPixmap,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from knightviz.engine import Board, kernels
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.panels.banner import INFO, WARNING, Banner
from knightviz.gui.panels.chart import ChartPanel
from knightviz.gui.panels.code import CodePanel
from knightviz.gui.panels.controls import ControlPanel, RunControls
from knightviz.gui.panels.counters import CounterPanel
from knightviz.gui.panels.gauge import GaugePanel
from knightviz.gui.panels.history import HistoryTable
from knightviz.gui.panels.solutions import SolutionsPanel
from knightviz.gui.panels.stack import StackView
from knightviz.gui.panels.timeline import Timeline
from knightviz.gui.puzzles.base import CURRENT, DONE, NEXT, Puzzle
from knightviz.gui.puzzles.knight import KnightPuzzle
from knightviz.gui.puzzles.queens import QueensPuzzle, solution_text
from knightviz.gui.puzzles.queens_panels import ConstraintsPanel
from knightviz.gui.session import RecordingStore, RunRecord, RunSession, State
from knightviz.gui.solver.controller import SolverController
from knightviz.gui.text import fmt_big, fmt_duration, fmt_int

#: Largest default window; smaller screens get 92 % of their available area.
DEFAULT_SIZE = (1280, 880)
#: Keys handled by the window when the focused widget does not want them.
RUN_KEYS = {Qt.Key.Key_Space, Qt.Key.Key_N, Qt.Key.Key_Right, Qt.Key.Key_R}


def app_icon() -> QIcon:
    data = (resources.files("knightviz.resources") / "icon.svg").read_bytes()
    pixmap = QPixmap()
    pixmap.loadFromData(QByteArray(data), "SVG")
    return QIcon(pixmap)


class StatusLabel(QLabel):
    """The status line: one line, elided with "…" when too long, the full text on hover."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("statusLabel")
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._full = ""

    def set_full_text(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        self._elide()

    def full_text(self) -> str:
        return self._full

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        fm = self.fontMetrics()
        self.setText(fm.elidedText(self._full, Qt.TextElideMode.ElideRight, max(20, self.width())))


class MainWindow(QMainWindow):
    """Board in the middle, controls and counters on the right, history and panels docked."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
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
        self.splitter.addWidget(centre)
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
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)

        # Space, N, → and R are not QAction shortcuts: a shortcut would take Space from a
        # focused check box or button. The window handles them in keyPressEvent, which
        # only sees keys the focused widget did not want; the menus show them after a tab.
        run_menu = self.menuBar().addMenu(self.tr("&Run"))
        self.start_action = QAction(self.tr("Start / &Pause") + "\tSpace", self)
        self.start_action.setObjectName("startAction")
        self.start_action.triggered.connect(self.start_or_pause)
        self.step_action = QAction(self.tr("&Step") + "\tN", self)
        self.step_action.setObjectName("stepAction")
        self.step_action.triggered.connect(self.step)
        self.step_back_action = QAction(self.tr("Step &back") + "\tShift+N", self)
        self.step_back_action.setObjectName("stepBackAction")
        self.step_back_action.triggered.connect(self.step_back)
        self.reset_action = QAction(self.tr("&Reset") + "\tR", self)
        self.reset_action.setObjectName("resetAction")
        self.reset_action.triggered.connect(self.reset)
        for action in (self.start_action, self.step_action, self.step_back_action):
            run_menu.addAction(action)
        run_menu.addAction(self.reset_action)
        run_menu.addSeparator()
        self.budget_action = QAction(self.tr("Recording &memory…"), self)
        self.budget_action.setObjectName("budgetAction")
        self.budget_action.triggered.connect(self._ask_budget)
        run_menu.addAction(self.budget_action)

        # Comparisons (the race, the start-square map, the steps chart): a menu and a
        # toolbar of their own, each feature adds its action to both.
        self.compare_menu = self.menuBar().addMenu(self.tr("&Compare"))
        self.compare_toolbar = self.addToolBar(self.tr("Compare"))
        self.compare_toolbar.setObjectName("compareToolBar")
        self.compare_toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.compare_toolbar.setMovable(False)
        self.chart_action = QAction(self.tr("Steps &chart"), self)
        self.chart_action.setObjectName("chartAction")
        self.chart_action.setCheckable(True)
        self.chart_action.setToolTip(
            self.tr("Steps per run for the history, and the depth over time of this run")
        )
        self.chart_action.toggled.connect(self._show_chart)
        self.chart_dock.toggleViewAction().toggled.connect(self.chart_action.setChecked)
        self.compare_menu.addAction(self.chart_action)
        self.compare_toolbar.addAction(self.chart_action)

        view_menu = self.menuBar().addMenu(self.tr("&View"))
        for dock in (
            self.code_dock,
            self.stack_dock,
            self.history_dock,
            self.constraints_dock,
            self.solutions_dock,
            self.chart_dock,
        ):
            view_menu.addAction(dock.toggleViewAction())

        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        about = QAction(self.tr("&About knightviz"), self)
        about.triggered.connect(self._about)
        help_menu.addAction(about)

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
        self.solutions_panel.solution_clicked.connect(self._on_solution_clicked)
        self.stack_view.level_hovered.connect(self._on_level_hovered)
        s.changed.connect(self._sync)
        s.ticked.connect(self._tick)
        s.model_replaced.connect(self._on_model_replaced)
        s.run_recorded.connect(self._on_run_recorded)
        s.solution_found.connect(self.solutions_panel.add)
        s.failed.connect(self._on_failed)
        s.controller.frame_applied.connect(self.board.paint_frame)

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

    # -- commands ---------------------------------------------------------------------------

    @Slot()
    def start_or_pause(self) -> None:
        """Space: start when idle, pause when running, resume when paused."""
        self.session.start_or_pause()

    @Slot()
    def step(self) -> None:
        """One event: starts a paused run when idle; ignored while running unpaused."""
        self.session.step()

    @Slot()
    def step_back(self) -> None:
        """Shift+N, Shift+→, Backspace: undo exactly one step (pauses a running search)."""
        self.session.step_back()

    @Slot(int)
    def seek(self, step: int) -> None:
        """Show the board at a step of the recording (the timeline, the step box)."""
        self.session.seek(step)

    @Slot()
    def reset(self) -> None:
        """Stop any run (it still gets its history row) and clear the board."""
        self.session.reset()
        self.board.set_model(self.session.model)

    @Slot()
    def search_anyway(self) -> None:
        self.session.begin(anyway=True)

    @Slot()
    def shutdown(self) -> None:
        """The one shutdown path: stop → quit → wait (closeEvent and aboutToQuit)."""
        self._shutting_down = True
        self._engine_timer.stop()
        self.session.shutdown()

    def closeEvent(self, event: QCloseEvent) -> None:
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
        self._apply_puzzle()

    def _apply_puzzle(self) -> None:
        """Layers, counters and panels follow the puzzle."""
        s = self.session
        puzzle = s.puzzle
        if puzzle.key != self._layers_puzzle:
            layers = puzzle.create_layers()
            self.board.set_layers(layers)
            self._layers_puzzle = puzzle.key
            queens = puzzle.key == "queens"
            self.counters.set_solutions_visible(queens)
            self.constraints_dock.setVisible(queens)
            self.solutions_dock.setVisible(queens)
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
        self._sync()

    @Slot(float)
    def _on_speed_changed(self, speed: float) -> None:
        self.session.set_speed(speed)

    @Slot(int, int)
    def _on_start_changed(self, row: int, col: int) -> None:
        self.session.set_start(row, col)

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
        self.history.add_record(numbered)
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

    def _about(self) -> None:
        QMessageBox.about(
            self,
            self.tr("About knightviz"),
            self.tr(
                "<h3>knightviz</h3><p>Watch backtracking search think: every move and every "
                "backtrack of a knight's tour or N-Queens search, live.</p><p>Toggle "
                "Warnsdorff's rule and compare the steps in the history.</p>"
            ),
        )


def _index(start: tuple[int, int], cols: int) -> int:
    return start[0] * cols + start[1]
