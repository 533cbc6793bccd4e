"""The control panel (board, strategy, speed, run buttons) and the live counters.

Widgets here only show state and say what the user asked for; the main window decides.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from knightviz.engine import TieBreak

MAX_SIDE = 100
#: Slider positions 0 … SLIDER_MAX - 1 span 1 … 10,000 steps/s logarithmically;
#: SLIDER_MAX itself is "unlimited".
SLIDER_MAX = 100
MIN_SPEED = 1.0
MAX_SPEED = 10_000.0


def slider_to_speed(value: int) -> float:
    """Steps per second for a slider position (math.inf at the right end)."""
    if value >= SLIDER_MAX:
        return math.inf
    decades = math.log10(MAX_SPEED / MIN_SPEED)
    return float(round(MIN_SPEED * 10 ** (decades * value / (SLIDER_MAX - 1)), 2))


def speed_to_slider(speed: float) -> int:
    if math.isinf(speed):
        return SLIDER_MAX
    decades = math.log10(MAX_SPEED / MIN_SPEED)
    speed = min(max(speed, MIN_SPEED), MAX_SPEED)
    return round(math.log10(speed / MIN_SPEED) / decades * (SLIDER_MAX - 1))


def format_speed(speed: float) -> str:
    if math.isinf(speed):
        return QCoreApplication.translate("ControlPanel", "unlimited")
    if speed < 10:
        return QCoreApplication.translate("ControlPanel", "{0:.1f} steps/s").format(speed)
    return QCoreApplication.translate("ControlPanel", "{0:,} steps/s").format(round(speed))


@dataclass(frozen=True, slots=True)
class RunSettings:
    """Everything the user chose for a run except the start square and the speed."""

    rows: int = 8
    cols: int = 8
    warnsdorff: bool = False
    tie_break: str = TieBreak.FIRST.value
    backtrack: bool = True
    closed: bool = False
    seed: int = 0

    def describe(self) -> str:
        """Short strategy text for the history table."""
        parts = [f"Warnsdorff ({self.tie_break})" if self.warnsdorff else "plain"]
        parts.append("backtracking" if self.backtrack else "no backtracking")
        parts.append("closed" if self.closed else "open")
        return " · ".join(parts)


TIE_BREAKS = (
    (TieBreak.FIRST.value, "first in order"),
    (TieBreak.LAST.value, "last in order"),
    (TieBreak.ROTH.value, "farthest from centre (Roth)"),
    (TieBreak.RANDOM.value, "random"),
)


class ControlPanel(QWidget):
    """Board size, strategy, speed and the run buttons."""

    settings_changed = Signal()
    speed_changed = Signal(float)
    start_clicked = Signal()
    step_clicked = Signal()
    reset_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._updating = False

        board_box = QGroupBox(self.tr("Board"))
        self.rows_spin = _spin("rowsSpin", self.tr("Rows"))
        self.cols_spin = _spin("colsSpin", self.tr("Columns"))
        self.square_check = QCheckBox(self.tr("Square board"))
        self.square_check.setObjectName("squareCheck")
        self.square_check.setChecked(True)
        self.square_check.setToolTip(self.tr("Keep rows and columns equal"))
        grid = QGridLayout(board_box)
        grid.addWidget(QLabel(self.tr("Rows")), 0, 0)
        grid.addWidget(self.rows_spin, 0, 1)
        grid.addWidget(QLabel(self.tr("Columns")), 0, 2)
        grid.addWidget(self.cols_spin, 0, 3)
        grid.addWidget(self.square_check, 1, 0, 1, 4)

        strategy_box = QGroupBox(self.tr("Strategy"))
        self.warnsdorff_check = QCheckBox(self.tr("Warnsdorff's rule (fewest exits first)"))
        self.warnsdorff_check.setObjectName("warnsdorffCheck")
        self.warnsdorff_check.setToolTip(
            self.tr("Try the square with the fewest onward moves first")
        )
        self.tie_break_combo = QComboBox()
        self.tie_break_combo.setObjectName("tieBreakCombo")
        for value, label in TIE_BREAKS:
            self.tie_break_combo.addItem(self.tr(label), value)
        self.tie_break_combo.setToolTip(self.tr("Which candidate wins when degrees tie"))
        self.backtrack_check = QCheckBox(self.tr("Backtracking"))
        self.backtrack_check.setObjectName("backtrackCheck")
        self.backtrack_check.setChecked(True)
        self.backtrack_check.setToolTip(
            self.tr("Off: a greedy walk that stops at the first dead end")
        )
        self.closed_check = QCheckBox(self.tr("Closed tour (end a knight's move from start)"))
        self.closed_check.setObjectName("closedCheck")
        form = QFormLayout(strategy_box)
        form.addRow(self.warnsdorff_check)
        form.addRow(self.tr("Tie-break"), self.tie_break_combo)
        form.addRow(self.backtrack_check)
        form.addRow(self.closed_check)

        run_box = QGroupBox(self.tr("Run"))
        self.speed_slider = QSlider(Qt.Orientation.Horizontal)
        self.speed_slider.setObjectName("speedSlider")
        self.speed_slider.setRange(0, SLIDER_MAX)
        self.speed_slider.setPageStep(10)
        self.speed_slider.setValue(speed_to_slider(5.0))
        self.speed_slider.setToolTip(self.tr("1 to 10,000 steps per second; far right: unlimited"))
        self.speed_label = QLabel()
        self.speed_label.setObjectName("speedLabel")
        self.speed_label.setMinimumWidth(110)
        self.speed_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        speed_row = QHBoxLayout()
        speed_row.addWidget(QLabel(self.tr("Speed")))
        speed_row.addWidget(self.speed_slider, 1)
        speed_row.addWidget(self.speed_label)
        self.start_button = QPushButton(self.tr("Start"))
        self.start_button.setObjectName("startButton")
        self.start_button.setDefault(True)
        self.step_button = QPushButton(self.tr("Step"))
        self.step_button.setObjectName("stepButton")
        self.reset_button = QPushButton(self.tr("Reset"))
        self.reset_button.setObjectName("resetButton")
        for button, tip in (
            (self.start_button, self.tr("Start, pause or resume the search (Space)")),
            (self.step_button, self.tr("Make exactly one move or backtrack (N or Right)")),
            (self.reset_button, self.tr("Stop the search and clear the board (R)")),
        ):
            button.setToolTip(tip)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setMinimumHeight(32)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button, 2)
        buttons.addWidget(self.step_button, 1)
        buttons.addWidget(self.reset_button, 1)
        run_layout = QVBoxLayout(run_box)
        run_layout.addLayout(speed_row)
        run_layout.addLayout(buttons)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(board_box)
        layout.addWidget(strategy_box)
        layout.addWidget(run_box)

        self.rows_spin.valueChanged.connect(self._on_rows)
        self.cols_spin.valueChanged.connect(self._on_cols)
        self.square_check.toggled.connect(self._on_square)
        for check in (self.warnsdorff_check, self.backtrack_check, self.closed_check):
            check.toggled.connect(self._emit_settings)
        self.tie_break_combo.currentIndexChanged.connect(self._emit_settings)
        self.speed_slider.valueChanged.connect(self._on_speed)
        self.start_button.clicked.connect(self.start_clicked)
        self.step_button.clicked.connect(self.step_clicked)
        self.reset_button.clicked.connect(self.reset_clicked)
        self._on_speed(self.speed_slider.value())
        self._sync_enabled()

    # -- reading and writing ------------------------------------------------------------

    def settings(self) -> RunSettings:
        return RunSettings(
            rows=self.rows_spin.value(),
            cols=self.cols_spin.value(),
            warnsdorff=self.warnsdorff_check.isChecked(),
            tie_break=str(self.tie_break_combo.currentData()),
            backtrack=self.backtrack_check.isChecked(),
            closed=self.closed_check.isChecked(),
        )

    def set_settings(self, s: RunSettings) -> None:
        """Show ``s`` (restoring a history row); emits settings_changed once."""
        self._updating = True
        try:
            self.square_check.setChecked(s.rows == s.cols)
            self.rows_spin.setValue(s.rows)
            self.cols_spin.setValue(s.cols)
            self.warnsdorff_check.setChecked(s.warnsdorff)
            index = self.tie_break_combo.findData(s.tie_break)
            self.tie_break_combo.setCurrentIndex(max(0, index))
            self.backtrack_check.setChecked(s.backtrack)
            self.closed_check.setChecked(s.closed)
        finally:
            self._updating = False
        self._emit_settings()

    def speed(self) -> float:
        return slider_to_speed(self.speed_slider.value())

    def set_run_state(self, running: bool, paused: bool) -> None:
        """Relabel Start as Pause/Resume; Step only when paused or idle."""
        if not running:
            self.start_button.setText(self.tr("Start"))
        elif paused:
            self.start_button.setText(self.tr("Resume"))
        else:
            self.start_button.setText(self.tr("Pause"))
        self.step_button.setEnabled(not running or paused)

    # -- internals ----------------------------------------------------------------------

    def _on_rows(self, value: int) -> None:
        if self.square_check.isChecked() and self.cols_spin.value() != value:
            self.cols_spin.blockSignals(True)
            self.cols_spin.setValue(value)
            self.cols_spin.blockSignals(False)
        self._emit_settings()

    def _on_cols(self, value: int) -> None:
        if self.square_check.isChecked() and self.rows_spin.value() != value:
            self.rows_spin.blockSignals(True)
            self.rows_spin.setValue(value)
            self.rows_spin.blockSignals(False)
        self._emit_settings()

    def _on_square(self, on: bool) -> None:
        if on and self.cols_spin.value() != self.rows_spin.value():
            self.cols_spin.setValue(self.rows_spin.value())

    def _on_speed(self, value: int) -> None:
        speed = slider_to_speed(value)
        self.speed_label.setText(format_speed(speed))
        self.speed_changed.emit(speed)

    def _sync_enabled(self) -> None:
        self.tie_break_combo.setEnabled(self.warnsdorff_check.isChecked())

    def _emit_settings(self) -> None:
        self._sync_enabled()
        if not self._updating:
            self.settings_changed.emit()


def _spin(name: str, label: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setRange(1, MAX_SIDE)
    spin.setValue(8)
    spin.setAccessibleName(label)
    spin.setKeyboardTracking(False)
    return spin


class CounterPanel(QGroupBox):
    """Moves, backtracks, steps, depth, elapsed time and rate; refreshed at screen rate."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Counters"), parent)
        value_font = QFont(self.font())
        value_font.setPointSizeF(value_font.pointSizeF() * 1.25)
        value_font.setBold(True)
        value_font.setStyleHint(QFont.StyleHint.Monospace)
        value_font.setFamilies(["DejaVu Sans Mono", "Menlo", "Consolas", "monospace"])
        self.moves_label = self._value("movesLabel", value_font)
        self.backtracks_label = self._value("backtracksLabel", value_font)
        self.steps_label = self._value("stepsLabel", value_font)
        self.depth_label = self._value("depthLabel", value_font)
        self.elapsed_label = self._value("elapsedLabel", value_font)
        self.rate_label = self._value("rateLabel", value_font)
        form = QFormLayout(self)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        form.addRow(self.tr("Moves"), self.moves_label)
        form.addRow(self.tr("Backtracks"), self.backtracks_label)
        form.addRow(self.tr("Steps"), self.steps_label)
        form.addRow(self.tr("Squares covered"), self.depth_label)
        form.addRow(self.tr("Elapsed"), self.elapsed_label)
        form.addRow(self.tr("Steps per second"), self.rate_label)
        self.show_counts(0, 0, 1, 64, 0.0, 0.0)

    def _value(self, name: str, font: QFont) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setFont(font)
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def show_counts(
        self, moves: int, backtracks: int, covered: int, total: int, seconds: float, rate: float
    ) -> None:
        self.moves_label.setText(f"{moves:,}")
        self.backtracks_label.setText(f"{backtracks:,}")
        self.steps_label.setText(f"{moves + backtracks:,}")
        self.depth_label.setText(f"{covered:,} / {total:,}")
        self.elapsed_label.setText(format_seconds(seconds))
        self.rate_label.setText(f"{round(rate):,}")


def format_seconds(seconds: float) -> str:
    if 0 < seconds < 1:
        return f"{seconds * 1000:.1f} ms"
    if seconds < 60:
        return f"{seconds:.2f} s"
    minutes, secs = divmod(seconds, 60)
    return f"{int(minutes)} min {secs:04.1f} s"
