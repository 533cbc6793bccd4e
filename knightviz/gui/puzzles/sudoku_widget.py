"""Sudoku's controls: the size, the strategy, "fill forced cells", the puzzle line and the
built-in puzzles.

The puzzle line takes a problem string (typed or pasted, white space and line breaks
ignored); text that cannot be read stays in the line as typed, a sentence under it says what
is wrong and where, and the board keeps the last puzzle that could be read, so nothing is
lost either way.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from knightviz.gui.puzzles.base import SettingsWidget

PLAIN, MRV, DLX = "plain", "mrv", "dlx"
STRATEGIES = (PLAIN, MRV, DLX)
SIZES = (4, 6, 9, 16)
#: The characters of a problem: blanks, then the digits 1-16.
DIGITS = ".123456789ABCDEFG"
ERROR_STYLE = "color: #c62828;"


def clean(text: str) -> str:
    """The problem's characters without white space."""
    return "".join(ch for ch in text if not ch.isspace())


class SudokuSettingsWidget(SettingsWidget):
    """The controls; ``puzzle`` is the presenter (its words, its examples, its checks)."""

    def __init__(self, puzzle: Any, parent: QWidget | None = None, compact: bool = False) -> None:
        super().__init__(parent)
        self._puzzle = puzzle
        self._updating = False
        self._problem = puzzle.default_settings().problem
        self.size_combo = QComboBox()
        self.size_combo.setObjectName("sudokuSizeCombo")
        for n in SIZES:
            self.size_combo.addItem(puzzle.size_label(n), n)
        self.size_combo.setToolTip(
            self.tr("The grid's size: a new size starts from its empty grid.")
        )
        self.strategy_combo = QComboBox()
        self.strategy_combo.setObjectName("sudokuStrategyCombo")
        for key in STRATEGIES:
            self.strategy_combo.addItem(puzzle.strategy_label(key), key)
        self.strategy_combo.setToolTip(
            self.tr(
                "Plain: the first empty cell, digits ascending.\n"
                "MRV: the empty cell with the fewest candidates first.\n"
                "Dancing Links: Knuth's Algorithm X on the exact-cover matrix."
            )
        )
        self.singles_check = QCheckBox(self.tr("Fill forced cells"))
        self.singles_check.setObjectName("sudokuSinglesCheck")
        self.singles_check.setToolTip(
            self.tr(
                "After every placement, fill each cell that has one candidate left (naked "
                "singles). Forced fills are not steps. Plain and MRV only."
            )
        )
        self.example_combo = QComboBox()
        self.example_combo.setObjectName("sudokuExampleCombo")
        self.example_combo.setToolTip(self.tr("Built-in puzzles, from easy to the hardest"))
        self.edit = QLineEdit()
        self.edit.setObjectName("sudokuEdit")
        self.edit.setPlaceholderText(self.tr("81 characters: 1-9, and . or 0 for a blank"))
        self.edit.setToolTip(
            self.tr(
                "The puzzle, row by row: digits (A-G for 10-16), . or 0 for a blank. Paste "
                "one here, or type digits straight onto the board's cells (Delete clears)."
            )
        )
        self.error_label = QLabel()
        self.error_label.setObjectName("sudokuErrorLabel")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)
        self.error_label.hide()
        explain = QLabel(
            self.tr(
                "Each step puts a digit in a cell or takes the last one back. A digit is a "
                "candidate when its row, column and box do not hold it yet."
            )
        )
        explain.setWordWrap(True)
        explain.setObjectName("strategyExplainLabel")
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._size_label = QLabel(self.tr("Size"))
        self._puzzle_label = QLabel(self.tr("Puzzle"))
        form.addRow(self._size_label, self.size_combo)
        form.addRow(self.tr("Strategy"), self.strategy_combo)
        form.addRow("", self.own_choice())
        form.addRow(self._puzzle_label, self.example_combo)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(explain)
        layout.addLayout(form)
        layout.addWidget(self.edit)
        layout.addWidget(self.error_label)
        layout.addWidget(self.singles_check)
        if compact:  # a race: both racers share the window's puzzle; each its strategy
            for w in (
                explain,
                self.size_combo,
                self._size_label,
                self.example_combo,
                self._puzzle_label,
                self.edit,
            ):
                w.hide()
        self._fill_examples(self.current_size())
        self.size_combo.currentIndexChanged.connect(self._on_size)
        self.strategy_combo.currentIndexChanged.connect(self._on_strategy)
        self.singles_check.toggled.connect(self._changed)
        if self.own_check is not None:
            self.own_check.toggled.connect(lambda _on: self._sync_own())
        self.example_combo.activated.connect(self._on_example)
        self.edit.textChanged.connect(self._on_text)
        self.set_settings(puzzle.default_settings())

    # -- reading and writing ------------------------------------------------------------------

    def current_size(self) -> int:
        return int(self.size_combo.currentData())

    def settings(self, rows: int, cols: int) -> Any:
        n = len(self._problem) ** 0.5
        side = round(n)
        return self.with_own(
            self._puzzle.make_settings(
                side,
                str(self.strategy_combo.currentData()),
                self.singles_check.isChecked(),
                self._problem,
            )
        )

    def set_settings(self, settings: Any) -> None:
        self._updating = True
        try:
            self._problem = settings.problem
            n = settings.rows
            self.size_combo.setCurrentIndex(max(0, self.size_combo.findData(n)))
            self._fill_examples(n)
            self.strategy_combo.setCurrentIndex(
                max(0, self.strategy_combo.findData(settings.strategy))
            )
            self.singles_check.setChecked(settings.singles)
            self.show_own(settings)
            self._sync_own()
            if clean(self.edit.text()).upper().replace("0", ".") != settings.problem:
                self.edit.setText(settings.problem)
                self.edit.setCursorPosition(0)  # the first row in view
            self._show_error("")
            self._select_example()
        finally:
            self._updating = False

    # -- internals ----------------------------------------------------------------------------

    def _fill_examples(self, n: int) -> None:
        was = self.example_combo.blockSignals(True)
        self.example_combo.clear()
        self.example_combo.addItem(self.tr("(your own)"), "")
        for name, text in self._puzzle.examples():
            if len(clean(text)) == n * n:
                title = self._puzzle.example_title(name)
                self.example_combo.addItem(title, self._puzzle.canonical(clean(text)))
        self.example_combo.addItem(self.tr("Empty grid"), "." * (n * n))
        self.example_combo.blockSignals(was)

    def _select_example(self) -> None:
        index = self.example_combo.findData(self._problem)
        self.example_combo.setCurrentIndex(max(0, index))

    def _show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setHidden(not text)

    def _on_size(self) -> None:
        if self._updating:
            return
        n = self.current_size()
        self._fill_examples(n)
        if len(self._problem) != n * n:
            self._problem = "." * (n * n)
            self._set_line(self._problem)
        self._select_example()
        self._changed()

    def _on_strategy(self) -> None:
        self._sync_own()
        self._changed()

    def _sync_own(self) -> None:
        """Your own strategy chooses the cell and its digits, and fills no forced cells:
        the strategy and its option are greyed while it is ticked (their values kept)."""
        own = self.own_check is not None and self.own_check.isChecked()
        self.strategy_combo.setEnabled(not own)
        self.singles_check.setEnabled(not own and self.strategy_combo.currentData() != DLX)

    def _on_example(self, index: int) -> None:
        text = str(self.example_combo.itemData(index) or "")
        if not text:
            return
        self._problem = text
        self._set_line(text)
        self._changed()

    def _set_line(self, text: str) -> None:
        was = self.edit.blockSignals(True)
        self.edit.setText(text)
        self.edit.setCursorPosition(0)  # the first row in view
        self.edit.blockSignals(was)
        self._show_error("")

    def _on_text(self, text: str) -> None:
        if self._updating:
            return
        raw = clean(text)
        error = self._puzzle.problem_error(text)  # its places as the line shows them
        self._show_error(error or "")
        if error is not None:
            return
        problem = self._puzzle.canonical(raw)
        if problem == self._problem:
            return
        self._problem = problem
        n = round(len(problem) ** 0.5)
        if n != self.current_size():
            was = self.size_combo.blockSignals(True)
            self.size_combo.setCurrentIndex(max(0, self.size_combo.findData(n)))
            self.size_combo.blockSignals(was)
            self._fill_examples(n)
        self._select_example()
        self._changed()

    def _changed(self) -> None:
        if not self._updating:
            self.settings_changed.emit()
