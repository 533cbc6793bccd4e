"""The main window: the one place that wires the board, panels, history and solver together."""

from __future__ import annotations

import math
from collections import deque
from importlib import resources
from time import monotonic

from PySide6.QtCore import QByteArray, QCoreApplication, QElapsedTimer, Qt, QTimer, Slot
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from knightviz.engine import Board, Outcome, Result, Search, impossibility, tour_search
from knightviz.gui.board import BoardWidget
from knightviz.gui.history import HistoryTable, RunRecord
from knightviz.gui.model import BoardModel
from knightviz.gui.panels import ControlPanel, CounterPanel, RunSettings
from knightviz.gui.worker import PER_EVENT_MAX, SolverController

HINT = "Drag the knight to choose a start square, then press Start"


def app_icon() -> QIcon:
    data = (resources.files("knightviz.resources") / "icon.svg").read_bytes()
    pixmap = QPixmap()
    pixmap.loadFromData(QByteArray(data), "SVG")
    return QIcon(pixmap)


class MainWindow(QMainWindow):
    """Board in the middle, controls and counters on the right, run history below."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.setWindowTitle(self.tr("knightviz — watch the knight's tour search"))
        self.setWindowIcon(app_icon())
        self.resize(1100, 860)

        self._settings = RunSettings()
        self.model = BoardModel(8, 8, (0,))
        self.board = BoardWidget(self.model)
        self.panel = ControlPanel()
        self.counters = CounterPanel()
        self.history = HistoryTable()
        self.controller = SolverController(self.model, self)
        self._run_settings = self._settings
        self._run_start = (0, 0)
        self._runs = 0
        self._showing_result = False
        self._elapsed = QElapsedTimer()
        self._elapsed_before = 0.0
        self._rate_samples: deque[tuple[float, int]] = deque(maxlen=64)
        self._shutting_down = False

        self._build_layout()
        self._build_actions()
        self._wire()
        self.panel.set_settings(self._settings)
        self._update_verdict()
        self._refresh_counters()
        self.board.setFocus()
        self.statusBar().showMessage(self.tr(HINT))
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    # -- construction -----------------------------------------------------------------

    def _build_layout(self) -> None:
        self.verdict_frame = QFrame()
        self.verdict_frame.setObjectName("verdictFrame")
        self.verdict_frame.setStyleSheet(
            "#verdictFrame { background: #fff3cd; border: 1px solid #e0b84c; border-radius: 6px; }"
            "#verdictFrame QLabel { color: #5c4400; }"
        )
        self.verdict_label = QLabel()
        self.verdict_label.setObjectName("verdictLabel")
        self.verdict_label.setWordWrap(True)
        self.search_anyway_button = QPushButton(self.tr("Search anyway"))
        self.search_anyway_button.setObjectName("searchAnywayButton")
        self.search_anyway_button.setToolTip(
            self.tr("Run the exhaustive search and watch it prove that no tour exists")
        )
        verdict_layout = QHBoxLayout(self.verdict_frame)
        verdict_layout.setContentsMargins(10, 6, 6, 6)
        verdict_layout.addWidget(self.verdict_label, 1)
        verdict_layout.addWidget(self.search_anyway_button)
        self.verdict_frame.hide()

        centre = QWidget()
        centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(0, 0, 0, 0)
        centre_layout.addWidget(self.verdict_frame)
        centre_layout.addWidget(self.board, 1)

        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.panel)
        side_layout.addWidget(self.counters)
        side_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(side)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setMinimumWidth(340)
        scroll.setMaximumWidth(440)

        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(centre)
        top.addWidget(scroll)
        top.setStretchFactor(0, 1)
        top.setStretchFactor(1, 0)
        top.setChildrenCollapsible(False)

        history_box = QGroupBox(self.tr("Runs (double-click to restore)"))
        history_layout = QVBoxLayout(history_box)
        history_layout.setContentsMargins(6, 6, 6, 6)
        history_layout.addWidget(self.history)

        main = QSplitter(Qt.Orientation.Vertical)
        main.addWidget(top)
        main.addWidget(history_box)
        main.setStretchFactor(0, 4)
        main.setStretchFactor(1, 1)
        main.setSizes([640, 180])
        main.setChildrenCollapsible(False)
        wrapper = QWidget()
        outer = QVBoxLayout(wrapper)
        outer.setContentsMargins(10, 8, 10, 4)
        outer.addWidget(main)
        self.setCentralWidget(wrapper)

    def _build_actions(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        self.export_action = QAction(self.tr("&Export history…"), self)
        self.export_action.setEnabled(False)
        self.export_action.setToolTip(self.tr("Coming in a later version"))
        file_menu.addAction(self.export_action)
        file_menu.addSeparator()
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)

        run_menu = self.menuBar().addMenu(self.tr("&Run"))
        self.start_action = QAction(self.tr("Start / &Pause"), self)
        self.start_action.setShortcut(QKeySequence(Qt.Key.Key_Space))
        self.start_action.triggered.connect(self.start_or_pause)
        self.step_action = QAction(self.tr("&Step"), self)
        self.step_action.setShortcuts([QKeySequence(Qt.Key.Key_N), QKeySequence(Qt.Key.Key_Right)])
        self.step_action.triggered.connect(self.step)
        self.reset_action = QAction(self.tr("&Reset"), self)
        self.reset_action.setShortcut(QKeySequence(Qt.Key.Key_R))
        self.reset_action.triggered.connect(self.reset)
        for action in (self.start_action, self.step_action, self.reset_action):
            run_menu.addAction(action)
            self.addAction(action)

        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        about = QAction(self.tr("&About knightviz"), self)
        about.triggered.connect(self._about)
        help_menu.addAction(about)

    def _wire(self) -> None:
        self.panel.settings_changed.connect(self._on_settings_changed)
        self.panel.speed_changed.connect(self._on_speed_changed)
        self.panel.start_clicked.connect(self.start_or_pause)
        self.panel.step_clicked.connect(self.step)
        self.panel.reset_clicked.connect(self.reset)
        self.board.start_changed.connect(self._on_start_changed)
        self.board.drag_refused.connect(self._on_drag_refused)
        self.history.record_activated.connect(self._on_record_activated)
        self.search_anyway_button.clicked.connect(self.search_anyway)
        self.controller.run_finished.connect(self._on_run_finished)
        self.controller.frame_applied.connect(self.board.paint_frame)
        self.controller.paused_changed.connect(self._on_paused_changed)
        self._counter_timer = QTimer(self)
        self._counter_timer.setInterval(16)
        self._counter_timer.timeout.connect(self._refresh_counters)

    # -- commands ---------------------------------------------------------------------

    @Slot()
    def start_or_pause(self) -> None:
        """Space: start when idle, pause when running, resume when paused."""
        if not self.controller.running:
            self._begin()
        elif self.controller.paused:
            self.controller.resume()
        else:
            self.controller.pause()

    @Slot()
    def step(self) -> None:
        """One event: starts a paused run when idle; ignored while running unpaused."""
        if not self.controller.running and not self._begin(paused=True):
            return
        if self.controller.paused:
            self.controller.step()

    @Slot()
    def reset(self) -> None:
        """Stop any run (it still gets its history row) and clear the board."""
        self.controller.stop()
        self._clear_board()
        self.statusBar().showMessage(self.tr(HINT))

    @Slot()
    def search_anyway(self) -> None:
        self.controller.stop()
        self._begin(anyway=True)

    @Slot()
    def shutdown(self) -> None:
        """The one shutdown path: stop → quit → wait (closeEvent and aboutToQuit)."""
        self._shutting_down = True
        self._counter_timer.stop()
        self.controller.shutdown()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)

    # -- runs -------------------------------------------------------------------------

    def make_search(self, settings: RunSettings, start: int, anyway: bool = False) -> Search:
        """The engine search for these settings (the one knight-specific piece of wiring)."""
        return tour_search(
            settings.rows,
            settings.cols,
            start,
            heuristic="warnsdorff" if settings.warnsdorff else "none",
            tie_break=settings.tie_break,
            seed=settings.seed,
            backtrack=settings.backtrack,
            closed=settings.closed,
            search_anyway=anyway,
        )

    def _begin(self, paused: bool = False, anyway: bool = False) -> bool:
        settings = self.panel.settings()
        row, col = self.board.start_square()
        start = row * settings.cols + col
        search = self.make_search(settings, start, anyway)
        if search.result is not None and search.result.outcome is Outcome.IMPOSSIBLE:
            self._show_verdict(search.result.reason or "")
            self.statusBar().showMessage(
                self.tr("No tour can exist here; press “Search anyway” to watch the proof.")
            )
            return False
        self._run_settings = settings
        self._run_start = (row, col)
        self._clear_board()
        self.model.reset(search.initial)
        self.board.set_interactive(False)
        self.board.set_animating(True)
        self._elapsed_before = 0.0
        self._elapsed.start()
        self._rate_samples.clear()
        self.controller.start(search, self.panel.speed(), paused)
        self._counter_timer.start()
        self._update_run_state()
        self.statusBar().showMessage(
            self.tr("Searching… Space pauses, N steps, R resets.")
            if not paused
            else self.tr("Paused: N makes one step, Space resumes.")
        )
        return True

    def _clear_board(self) -> None:
        row, col = self.board.start_square()
        self.model.reset((row * self.model.cols + col,))
        self._showing_result = False
        self.board.set_closing(False)
        self.board.set_interactive(True)
        self.board.set_animating(False)
        self._elapsed_before = 0.0
        self._elapsed.invalidate()
        self._rate_samples.clear()
        self._update_run_state()
        self._update_degrees()
        self._refresh_counters()

    @Slot(object)
    def _on_run_finished(self, result: Result) -> None:
        self._runs += 1
        settings, (row, col) = self._run_settings, self._run_start
        board = Board(settings.rows, settings.cols)
        record = RunRecord(
            self._runs, settings, (row, col), board.name(row * settings.cols + col), result
        )
        self.history.add_record(record)
        self._elapsed_before = self._seconds()
        self._elapsed.invalidate()
        self._counter_timer.stop()
        if self._shutting_down:
            return
        if result.solution is not None:
            self.model.replace(result.solution, result.moves, result.backtracks)
            self.board.set_closing(settings.closed)
        self.model.moves, self.model.backtracks = result.moves, result.backtracks
        self.model.upcoming = None
        self._showing_result = True
        self.board.set_interactive(True)
        self.board.set_animating(False)
        self._update_run_state()
        self._update_degrees()
        self._refresh_counters()
        self.statusBar().showMessage(self._describe(result))

    def _describe(self, r: Result) -> str:
        counts = self.tr("{0:,} moves, {1:,} backtracks, {2:,} steps").format(
            r.moves, r.backtracks, r.steps
        )
        if r.outcome is Outcome.SOLVED:
            return self.tr("Tour found: {0}.").format(counts)
        if r.outcome is Outcome.CANCELLED:
            return self.tr("Stopped after {0}.").format(counts)
        return f"{r.reason or r.outcome} ({counts})"

    # -- reactions ----------------------------------------------------------------------

    @Slot()
    def _on_settings_changed(self) -> None:
        """Board or strategy changed: stop a run first, then show the new board."""
        settings = self.panel.settings()
        if self.controller.running:
            self.controller.stop()
        if (settings.rows, settings.cols) != (self.model.rows, self.model.cols):
            row, col = self.board.start_square()
            row, col = min(row, settings.rows - 1), min(col, settings.cols - 1)
            self.model = BoardModel(settings.rows, settings.cols, (row * settings.cols + col,))
            self.controller.model = self.model
            self.board.set_model(self.model)
            self.board.set_start_square(row, col)
        self._settings = settings
        self._clear_board()
        self._update_verdict()
        self._update_degrees()

    @Slot(float)
    def _on_speed_changed(self, speed: float) -> None:
        self.controller.set_speed(speed)
        self._update_degrees()

    @Slot(int, int)
    def _on_start_changed(self, row: int, col: int) -> None:
        self._clear_board()
        self._update_verdict()
        name = Board(self.model.rows, self.model.cols).name(row * self.model.cols + col)
        self.statusBar().showMessage(self.tr("Start square: {0}. Press Start.").format(name))

    @Slot()
    def _on_drag_refused(self) -> None:
        self.statusBar().showMessage(
            self.tr("The knight cannot be moved during a run: press Reset (R) first."), 4000
        )

    @Slot(bool)
    def _on_paused_changed(self, paused: bool) -> None:
        if paused:
            if self._elapsed.isValid():
                self._elapsed_before += self._elapsed.nsecsElapsed() / 1e9
                self._elapsed.invalidate()
            self.statusBar().showMessage(self.tr("Paused: N makes one step, Space resumes."))
        else:
            self._elapsed.start()
            self.statusBar().showMessage(self.tr("Searching… Space pauses, R resets."))
        self._update_run_state()
        self._update_degrees()

    @Slot(object)
    def _on_record_activated(self, record: RunRecord) -> None:
        self.controller.stop()
        self.panel.set_settings(record.settings)
        row, col = record.start
        self.board.set_start_square(row, col)
        self._clear_board()
        self._update_verdict()
        self.statusBar().showMessage(
            self.tr("Restored run {0}: {1} from {2}. Press Start.").format(
                record.number, record.settings.describe(), record.start_name
            )
        )

    # -- display ----------------------------------------------------------------------

    def _update_run_state(self) -> None:
        running, paused = self.controller.running, self.controller.paused
        self.panel.set_run_state(running, paused)
        self.step_action.setEnabled(not running or paused)

    def _update_degrees(self) -> None:
        """Degrees only when a student can read them: paced speeds, or paused (stepping)."""
        slow = self.panel.speed() <= PER_EVENT_MAX or self.controller.paused
        self.board.set_show_degrees(self.panel.settings().warnsdorff and slow)

    def _update_verdict(self) -> None:
        s = self.panel.settings()
        row, col = self.board.start_square()
        reason = impossibility(Board(s.rows, s.cols), row * s.cols + col, s.closed)
        if reason is None:
            self.verdict_frame.hide()
        else:
            self._show_verdict(reason)

    def _show_verdict(self, reason: str) -> None:
        self.verdict_label.setText("⚠ " + reason)
        self.verdict_frame.show()

    def verdict(self) -> str | None:
        """The announced reason no tour can exist, or None (for tests and automation)."""
        return None if self.verdict_frame.isHidden() else self.verdict_label.text()[2:]

    def _seconds(self) -> float:
        extra = self._elapsed.nsecsElapsed() / 1e9 if self._elapsed.isValid() else 0.0
        return self._elapsed_before + extra

    @Slot()
    def _refresh_counters(self) -> None:
        m = self.model
        seconds = self._seconds()
        now = monotonic()
        samples = self._rate_samples
        samples.append((now, m.steps))
        while len(samples) > 2 and now - samples[0][0] > 0.5:
            samples.popleft()
        rate = 0.0
        if self.controller.running and len(samples) >= 2 and samples[-1][0] > samples[0][0]:
            rate = (samples[-1][1] - samples[0][1]) / (samples[-1][0] - samples[0][0])
        elif seconds > 0:
            rate = m.steps / seconds
        self.counters.show_counts(
            m.moves, m.backtracks, len(m.path), m.size, seconds, rate if math.isfinite(rate) else 0
        )

    def _about(self) -> None:
        QMessageBox.about(
            self,
            self.tr("About knightviz"),
            self.tr(
                "<h3>knightviz</h3><p>Watch backtracking search think: every move and every "
                "backtrack of a knight's tour search, live.</p><p>Toggle Warnsdorff's rule "
                "and compare the steps in the history table.</p>"
            ),
        )
