"""The live counters: moves, backtracks, steps, depth, solutions, elapsed time and rate.

Refreshed at screen rate from the run view, never once per event. One widget for both
layouts: a form beside the single board, and a compact grid (titles over values, two by two)
under each board of a race, its labels named with the lane's suffix (``movesLabel_1``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFormLayout, QGridLayout, QGroupBox, QLabel, QSizePolicy, QWidget

from knightviz.gui.text import fmt_int, fmt_seconds

#: The counters of the compact layout, two by two.
COMPACT = ("moves", "backtracks", "steps", "depth")


class CounterPanel(QGroupBox):
    def __init__(
        self, suffix: str = "", compact: bool = False, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.compact = compact
        if not compact:
            self.setTitle(self.tr("Counters"))
        else:
            self.setFlat(True)
        value_font = QFont(self.font())
        value_font.setPointSizeF(value_font.pointSizeF() * (1.15 if compact else 1.2))
        value_font.setBold(True)
        value_font.setStyleHint(QFont.StyleHint.Monospace)
        value_font.setFamilies(["DejaVu Sans Mono", "Menlo", "Consolas", "monospace"])
        names = {
            "moves": "movesLabel",
            "backtracks": "backtracksLabel",
            "steps": "stepsLabel",
            "depth": "depthLabel",
            "solutions": "solutionsLabel",
            "elapsed": "elapsedLabel",
            "rate": "rateLabel",
        }
        self.values = {
            key: self._value(name + suffix, value_font, compact) for key, name in names.items()
        }
        self.moves_label = self.values["moves"]
        self.backtracks_label = self.values["backtracks"]
        self.steps_label = self.values["steps"]
        self.depth_label = self.values["depth"]
        self.solutions_label = self.values["solutions"]
        self.elapsed_label = self.values["elapsed"]
        self.rate_label = self.values["rate"]
        self.titles = {key: QLabel() for key in names}
        self.form: QFormLayout | None = None
        if compact:
            grid = QGridLayout(self)
            grid.setContentsMargins(0, 0, 0, 0)
            grid.setVerticalSpacing(0)
            for i, key in enumerate(COMPACT):
                row, column = divmod(i, 2)
                self.titles[key].setAlignment(Qt.AlignmentFlag.AlignCenter)
                grid.addWidget(self.titles[key], 2 * row, column)
                grid.addWidget(self.values[key], 2 * row + 1, column)
        else:
            self.form = form = QFormLayout(self)
            form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
            form.setVerticalSpacing(1)
            form.setContentsMargins(9, 4, 9, 4)
            for key in names:
                self.titles[key].setBuddy(self.values[key])
                form.addRow(self.titles[key], self.values[key])
        self._solutions = False
        self.set_titles(self.tr("Moves"), self.tr("Backtracks"), self.tr("Squares covered"))
        self.retranslate()
        self.show_counts(0, 0, 1, 64)
        self.show_time(0.0, None)
        self.show_solutions(0)
        self.set_solutions_visible(False)

    def _value(self, name: str, font: QFont, compact: bool) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setFont(font)
        if compact:
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        else:
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def retranslate(self) -> None:
        """The fixed titles in the current language (the puzzle's come from ``set_titles``)."""
        self.titles["steps"].setText(self.tr("Steps"))
        self.titles["solutions"].setText(self.tr("Solutions"))
        self.titles["elapsed"].setText(self.tr("Elapsed"))
        self.titles["rate"].setText(self.tr("Steps per second"))
        self.titles["elapsed"].setToolTip(
            self.tr("Wall time since Start, pauses excluded (slow speeds included)")
        )
        self.titles["rate"].setToolTip(
            self.tr(
                "Steps per second: measured while the board follows the search; the run's "
                "own rate (its steps over its time) at any other step"
            )
        )

    def set_titles(self, moves: str, backtracks: str, depth: str) -> None:
        """The puzzle's words: moves/backtracks for the knight, placements/removals for queens."""
        self.titles["moves"].setText(moves)
        self.titles["backtracks"].setText(backtracks)
        self.titles["depth"].setText(depth)
        self.titles["steps"].setToolTip(self.tr("Steps = {0} + {1}").format(moves, backtracks))

    def set_solutions_visible(self, visible: bool) -> None:
        self._solutions = visible
        if self.form is not None:
            self.form.setRowVisible(self.solutions_label, visible)

    def solutions_shown(self) -> bool:
        return self._solutions

    def show_counts(self, moves: int, backtracks: int, covered: int, total: int) -> None:
        self.moves_label.setText(fmt_int(moves))
        self.backtracks_label.setText(fmt_int(backtracks))
        self.steps_label.setText(fmt_int(moves + backtracks))
        self.depth_label.setText(f"{fmt_int(covered)} / {fmt_int(total)}")

    def show_time(self, seconds: float, rate: float | None) -> None:
        """Elapsed time and steps per second (None: no rate to show, a dash)."""
        self.elapsed_label.setText(fmt_seconds(seconds))
        self.rate_label.setText("—" if rate is None else fmt_int(round(rate)))

    def show_solutions(self, count: int) -> None:
        self.solutions_label.setText(fmt_int(count))
