"""The live counters: moves, backtracks, steps, depth, solutions, elapsed time and rate.

Refreshed at screen rate from the session's board model, never once per event.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QSizePolicy, QWidget

from knightviz.gui.text import fmt_int, fmt_seconds


class CounterPanel(QGroupBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Counters"), parent)
        value_font = QFont(self.font())
        value_font.setPointSizeF(value_font.pointSizeF() * 1.2)
        value_font.setBold(True)
        value_font.setStyleHint(QFont.StyleHint.Monospace)
        value_font.setFamilies(["DejaVu Sans Mono", "Menlo", "Consolas", "monospace"])
        self.moves_label = self._value("movesLabel", value_font)
        self.backtracks_label = self._value("backtracksLabel", value_font)
        self.steps_label = self._value("stepsLabel", value_font)
        self.depth_label = self._value("depthLabel", value_font)
        self.solutions_label = self._value("solutionsLabel", value_font)
        self.elapsed_label = self._value("elapsedLabel", value_font)
        self.rate_label = self._value("rateLabel", value_font)
        self.titles = {
            "moves": QLabel(self.tr("Moves")),
            "backtracks": QLabel(self.tr("Backtracks")),
            "steps": QLabel(self.tr("Steps")),
            "depth": QLabel(self.tr("Squares covered")),
            "solutions": QLabel(self.tr("Solutions")),
            "elapsed": QLabel(self.tr("Elapsed")),
            "rate": QLabel(self.tr("Steps per second")),
        }
        self.titles["steps"].setToolTip(self.tr("Steps = moves + backtracks"))
        self.titles["elapsed"].setToolTip(
            self.tr("Wall time since Start, pauses excluded (slow speeds included)")
        )
        self.form = form = QFormLayout(self)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        form.setVerticalSpacing(1)
        form.setContentsMargins(9, 4, 9, 4)
        for key, label in (
            ("moves", self.moves_label),
            ("backtracks", self.backtracks_label),
            ("steps", self.steps_label),
            ("depth", self.depth_label),
            ("solutions", self.solutions_label),
            ("elapsed", self.elapsed_label),
            ("rate", self.rate_label),
        ):
            self.titles[key].setBuddy(label)
            form.addRow(self.titles[key], label)
        self.show_counts(0, 0, 1, 64, 0.0, 0.0)
        self.set_solutions_visible(False)

    def _value(self, name: str, font: QFont) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setFont(font)
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def set_titles(self, moves: str, backtracks: str, depth: str) -> None:
        """The puzzle's words: moves/backtracks for the knight, placements/removals for queens."""
        self.titles["moves"].setText(moves)
        self.titles["backtracks"].setText(backtracks)
        self.titles["depth"].setText(depth)
        self.titles["steps"].setToolTip(self.tr("Steps = {0} + {1}").format(moves, backtracks))

    def set_solutions_visible(self, visible: bool) -> None:
        self.form.setRowVisible(self.solutions_label, visible)

    def show_counts(
        self, moves: int, backtracks: int, covered: int, total: int, seconds: float, rate: float
    ) -> None:
        self.moves_label.setText(fmt_int(moves))
        self.backtracks_label.setText(fmt_int(backtracks))
        self.steps_label.setText(fmt_int(moves + backtracks))
        self.depth_label.setText(f"{fmt_int(covered)} / {fmt_int(total)}")
        self.elapsed_label.setText(fmt_seconds(seconds))
        self.rate_label.setText(fmt_int(round(rate)))

    def show_solutions(self, count: int) -> None:
        self.solutions_label.setText(fmt_int(count))
