"""The controls: puzzle, board size and strategy (the setup), and speed and run buttons.

Widgets here only show state and say what the user asked for; the window decides. The setup
can scroll; the run controls never do, so Start, Step and Reset stay visible at any size.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from knightviz.gui.puzzles.base import Puzzle, SettingsWidget
from knightviz.gui.session import Controls
from knightviz.gui.text import fmt_speed

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
    exact = MIN_SPEED * 10 ** (decades * value / (SLIDER_MAX - 1))
    # Two significant figures: the label says "20 steps/s" and the board gets exactly 20
    # (it got 19.63); neighbouring positions, 10 % apart, stay distinct.
    places = 1 - math.floor(math.log10(exact))
    return float(round(exact, places))


def speed_to_slider(speed: float) -> int:
    if math.isinf(speed):
        return SLIDER_MAX
    decades = math.log10(MAX_SPEED / MIN_SPEED)
    speed = min(max(speed, MIN_SPEED), MAX_SPEED)
    return round(math.log10(speed / MIN_SPEED) / decades * (SLIDER_MAX - 1))


class ControlPanel(QWidget):
    """Puzzle selector, board size and the puzzle's own settings."""

    #: The puzzle, the board size or a strategy setting changed.
    settings_changed = Signal()

    def __init__(self, puzzles: dict[str, Puzzle[Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._puzzles = puzzles
        self._updating = False

        self.puzzle_combo = QComboBox()
        self.puzzle_combo.setObjectName("puzzleCombo")
        for key, puzzle in puzzles.items():
            self.puzzle_combo.addItem(puzzle.title(), key)
        self.puzzle_combo.setToolTip(self.tr("Which puzzle the search solves"))
        shrinkable(self.puzzle_combo)
        #: The puzzle selector: the window puts it above the scrolled settings, so the
        #: mouse wheel over a strategy's text can never scroll it away.
        self.puzzle_bar = QWidget()
        self.puzzle_bar.setObjectName("puzzleBar")
        puzzle_row = QHBoxLayout(self.puzzle_bar)
        puzzle_row.setContentsMargins(0, 0, 0, 4)
        self.puzzle_label = QLabel(self.tr("Puzzle"))
        self.puzzle_label.setBuddy(self.puzzle_combo)
        puzzle_row.addWidget(self.puzzle_label)
        puzzle_row.addWidget(self.puzzle_combo, 1)

        self.board_box = QGroupBox(self.tr("Board"))
        self.rows_spin = _spin("rowsSpin", self.tr("Rows"))
        self.rows_spin.setToolTip(self.tr("Rows of the board (N-Queens: N, up to 30)"))
        self.cols_spin = _spin("colsSpin", self.tr("Columns"))
        self.cols_spin.setToolTip(self.tr("Columns of the board (1 to 100)"))
        self.square_check = QCheckBox()
        self.square_check.setObjectName("squareCheck")
        self.square_check.setChecked(True)
        self.square_check.setToolTip(self.tr("Keep rows and columns equal"))
        self.rows_label = QLabel(self.tr("Rows"))
        self.rows_label.setBuddy(self.rows_spin)
        self.cols_label = QLabel(self.tr("Columns"))
        self.cols_label.setBuddy(self.cols_spin)
        self.square_check.setText(self.tr("Square"))
        grid = QGridLayout(self.board_box)
        grid.addWidget(self.rows_label, 0, 0)
        grid.addWidget(self.rows_spin, 0, 1)
        grid.addWidget(self.cols_label, 0, 2)
        grid.addWidget(self.cols_spin, 0, 3)
        grid.addWidget(self.square_check, 0, 4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)

        self.strategy_box = QGroupBox(self.tr("Strategy"))
        self.widgets: dict[str, SettingsWidget] = {}
        # One puzzle's settings shown, the others hidden in the same layout: the box as
        # tall as the shown one's (a stacked layout sizes to the tallest word-wrapped page:
        # N-Queens had the knight's empty rows below its own).
        box_layout = QVBoxLayout(self.strategy_box)
        for key, puzzle in puzzles.items():
            widget = puzzle.create_settings_widget()
            for combo in widget.findChildren(QComboBox):
                shrinkable(combo)
            self.widgets[key] = widget
            widget.hide()
            box_layout.addWidget(widget)
            widget.settings_changed.connect(self._emit)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.board_box)
        layout.addWidget(self.strategy_box)
        layout.addStretch(1)

        self.puzzle_combo.currentIndexChanged.connect(self._on_puzzle)
        self.rows_spin.valueChanged.connect(self._on_rows)
        self.cols_spin.valueChanged.connect(self._on_cols)
        self.square_check.toggled.connect(self._on_square)
        self._on_puzzle()

    # -- reading and writing ------------------------------------------------------------------

    def puzzle_key(self) -> str:
        return str(self.puzzle_combo.currentData())

    def puzzle(self) -> Puzzle[Any]:
        return self._puzzles[self.puzzle_key()]

    def settings(self) -> Any:
        """The current puzzle's settings as shown (size and strategy)."""
        widget = self.widgets[self.puzzle_key()]
        return widget.settings(self.rows_spin.value(), self.cols_spin.value())

    def set_settings(self, puzzle_key: str, settings: Any) -> None:
        """Show ``settings`` for ``puzzle_key`` (restoring a run); emits settings_changed once."""
        self._updating = True
        try:
            self.puzzle_combo.setCurrentIndex(self.puzzle_combo.findData(puzzle_key))
            self._apply_puzzle_limits()
            if not self.puzzle().sized_by_settings:  # else the spins keep the other boards'
                self.square_check.setChecked(settings.rows == settings.cols)
                self.rows_spin.setValue(settings.rows)
                self.cols_spin.setValue(settings.cols)
            self.widgets[puzzle_key].set_settings(settings)
        finally:
            self._updating = False
        self._emit()

    def fit_height(self, height: int) -> None:
        """Hide the strategies' explanations when the settings would not fit in ``height``
        px (a laptop screen): the controls stay in view without scrolling, and the
        explanation stays the Strategy box's tooltip."""
        labels = [
            label
            for widget in self.widgets.values()
            for label in widget.findChildren(QLabel, "strategyExplainLabel")
        ]
        if not labels:
            return
        current = self.widgets[self.puzzle_key()].findChildren(QLabel, "strategyExplainLabel")
        need = self.sizeHint().height()
        if current and current[0].isHidden():
            width = max(100, self.strategy_box.width() - 30)
            need += sum(label.heightForWidth(width) + 6 for label in current)
        compact = need > height
        for label in labels:
            label.setHidden(compact)
        tip = "\n".join(label.text() for label in current) if compact else ""
        self.strategy_box.setToolTip(tip)

    # -- internals ----------------------------------------------------------------------------

    def _on_puzzle(self) -> None:
        current = self.widgets[self.puzzle_key()]
        for widget in self.widgets.values():
            if widget is not current:
                widget.hide()
        current.show()
        self._apply_puzzle_limits()
        self._emit()

    def _apply_puzzle_limits(self) -> None:
        puzzle = self.puzzle()
        self._updating, was = True, self._updating
        try:
            for spin in (self.rows_spin, self.cols_spin):
                spin.setMaximum(puzzle.max_side)
            if puzzle.square_only:
                self.square_check.setChecked(True)
            self.square_check.setEnabled(not puzzle.square_only)
            # A puzzle whose own controls say the size (its problem does) has no spin boxes.
            self.board_box.setHidden(puzzle.sized_by_settings)
        finally:
            self._updating = was

    def _on_rows(self, value: int) -> None:
        if self.square_check.isChecked() and self.cols_spin.value() != value:
            self.cols_spin.blockSignals(True)
            self.cols_spin.setValue(value)
            self.cols_spin.blockSignals(False)
        self._emit()

    def _on_cols(self, value: int) -> None:
        if self.square_check.isChecked() and self.rows_spin.value() != value:
            self.rows_spin.blockSignals(True)
            self.rows_spin.setValue(value)
            self.rows_spin.blockSignals(False)
        self._emit()

    def _on_square(self, on: bool) -> None:
        if on and self.cols_spin.value() != self.rows_spin.value():
            self.cols_spin.setValue(self.rows_spin.value())

    def _emit(self) -> None:
        rows, cols = self.rows_spin.value(), self.cols_spin.value()
        for widget in self.widgets.values():
            widget.board_changed(rows, cols)
        if not self._updating:
            self.settings_changed.emit()


class SettingsScroll(QScrollArea):
    """The scrolled settings: tells its panel the height it may have (``fit_to``, from the
    column that holds it)."""

    def __init__(self, panel: ControlPanel) -> None:
        super().__init__()
        self.setObjectName("setupScroll")
        self.setWidget(panel)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumHeight(80)
        self._panel = panel

    def sizeHint(self) -> QSize:
        """The settings' whole height (QScrollArea keeps the first one it saw: N-Queens'
        shorter settings left the knight's height, empty, below them)."""
        hint = self._panel.sizeHint()
        frame = 2 * self.frameWidth()
        return QSize(hint.width() + frame, hint.height() + frame)

    def fit_to(self, room: int) -> None:
        """``room`` px for the settings: their explanations give way when they would not
        fit (the strategy's tooltip keeps them)."""
        self._panel.fit_height(room - 2 * self.frameWidth())
        self.updateGeometry()


def shrinkable(combo: QComboBox) -> None:
    """Let a combo box be narrower than its longest item (elided), so a narrow side panel
    never clips it."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(10)


def _spin(name: str, label: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setRange(1, 100)
    spin.setValue(8)
    spin.setAccessibleName(label)
    spin.setKeyboardTracking(False)
    return spin


def button_words(widget: QWidget) -> list[str]:
    """Every text the run buttons show (their width must fit the widest)."""
    tr = widget.tr
    return [tr("Start"), tr("Pause"), tr("Resume"), tr("Play"), tr("Step"), tr("Back"), tr("Reset")]


class RunControls(QGroupBox):
    """Speed and the run buttons: always visible."""

    speed_changed = Signal(float)
    start_clicked = Signal()
    step_clicked = Signal()
    step_back_clicked = Signal()
    reset_clicked = Signal()

    def __init__(self, speed: float, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Run"), parent)
        self.speed_slider = QSlider(Qt.Orientation.Horizontal)
        self.speed_slider.setObjectName("speedSlider")
        self.speed_slider.setRange(0, SLIDER_MAX)
        self.speed_slider.setPageStep(10)
        self.speed_slider.setValue(speed_to_slider(speed))
        self.speed_slider.setToolTip(
            self.tr("1 to 10,000 steps per second; far right: unlimited (as fast as it goes)")
        )
        self.speed_slider.setAccessibleName(self.tr("Speed"))
        self.speed_label = QLabel()
        self.speed_label.setObjectName("speedLabel")
        self.speed_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.speed_title = QLabel(self.tr("Speed"))
        speed_row = QHBoxLayout()
        speed_row.addWidget(self.speed_title)
        speed_row.addWidget(self.speed_slider, 1)
        speed_row.addWidget(self.speed_label)
        self.start_button = QPushButton(self.tr("Start"))
        self.start_button.setObjectName("startButton")
        self.start_button.setDefault(True)
        self.step_button = QPushButton(self.tr("Step"))
        self.step_button.setObjectName("stepButton")
        self.step_back_button = QPushButton(self.tr("Back"))
        self.step_back_button.setObjectName("stepBackButton")
        self.reset_button = QPushButton(self.tr("Reset"))
        self.reset_button.setObjectName("resetButton")
        self._start_tip = self.tr("Start, pause or resume the search (Space)")
        for button, tip in (
            (self.start_button, self._start_tip),
            (self.step_button, self.tr("Make exactly one move or backtrack (N or →)")),
            (
                self.step_back_button,
                self.tr("Undo exactly one step (Shift+N, Shift+→ or Backspace)"),
            ),
            (self.reset_button, self.tr("Stop the search and clear the board (R)")),
        ):
            button.setToolTip(tip)
            # The buttons never take keyboard focus: Space then always reaches the window.
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setMinimumHeight(30)
            # As narrow as their words (the style's 80 px each made the column 360 wide).
            words = max(button.fontMetrics().horizontalAdvance(t) for t in button_words(self))
            button.setMinimumWidth(words + 20)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button, 2)
        buttons.addWidget(self.step_back_button, 1)
        buttons.addWidget(self.step_button, 1)
        buttons.addWidget(self.reset_button, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(speed_row)
        layout.addLayout(buttons)
        self.speed_slider.valueChanged.connect(self._on_speed)
        self.start_button.clicked.connect(self.start_clicked)
        self.step_button.clicked.connect(self.step_clicked)
        self.step_back_button.clicked.connect(self.step_back_clicked)
        self.reset_button.clicked.connect(self.reset_clicked)
        self._update_speed_label()

    def speed(self) -> float:
        return slider_to_speed(self.speed_slider.value())

    def set_speed(self, speed: float) -> None:
        self.speed_slider.setValue(speed_to_slider(speed))

    def set_run_state(self, controls: Controls) -> None:
        """Relabel Start as Pause/Resume (Play behind the end of the recording); Step only
        when paused or idle; Back when there is a step to undo; Start disabled, with the
        reason in its tooltip, when it cannot start."""
        c = controls
        if c.playing or c.predicting:
            self.start_button.setText(self.tr("Pause"))
        elif c.behind:
            self.start_button.setText(self.tr("Play"))
        elif not c.running:
            self.start_button.setText(self.tr("Start"))
        elif c.paused:
            self.start_button.setText(self.tr("Resume"))
        else:
            self.start_button.setText(self.tr("Pause"))
        blocked = bool(c.blocked) and not c.running
        self.start_button.setEnabled(not blocked)
        self.start_button.setToolTip(c.blocked if blocked else self._start_tip)
        self.step_button.setEnabled(c.can_step and not blocked)
        self.step_back_button.setEnabled(c.can_back and not c.playing)

    def retranslate(self) -> None:
        """The speed in the current language (the buttons follow ``set_run_state``)."""
        self._start_tip = self.tr("Start, pause or resume the search (Space)")
        self._update_speed_label()

    def _on_speed(self, value: int) -> None:
        self._update_speed_label()
        self.speed_changed.emit(slider_to_speed(value))

    def _update_speed_label(self) -> None:
        self.speed_label.setText(fmt_speed(self.speed()))
        # Wide enough for the widest text, so the slider does not jump as the value changes.
        fm = self.speed_label.fontMetrics()
        widest = max(fm.horizontalAdvance(fmt_speed(s)) for s in (9.9, 10_000.0, math.inf))
        self.speed_label.setMinimumWidth(widest + 4)
