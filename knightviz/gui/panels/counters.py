"""The live counters: moves, backtracks, steps, depth, solutions, elapsed time and rate.

Refreshed at screen rate from the run view, never once per event. One widget for both
layouts: a form beside the single board, and a compact grid (titles over values, two by two)
under each board of a race, its labels named with the lane's suffix (``movesLabel_1``).
"""

from __future__ import annotations

import math
from collections import deque
from time import monotonic
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QWidget

from knightviz.gui.panels.elided import SteadyLabel
from knightviz.gui.run.state import State
from knightviz.gui.text import fmt_estimate, fmt_int, fmt_seconds

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
        grid = QGridLayout(self)
        if compact:
            # Under a race's board: titles over values, two by two.
            grid.setContentsMargins(0, 0, 0, 0)
            grid.setVerticalSpacing(0)
            for i, key in enumerate(COMPACT):
                row, column = divmod(i, 2)
                self.titles[key].setAlignment(Qt.AlignmentFlag.AlignCenter)
                self.values[key].setAlignment(Qt.AlignmentFlag.AlignCenter)
                grid.addWidget(self.titles[key], 2 * row, column)
                grid.addWidget(self.values[key], 2 * row + 1, column)
        else:
            # Beside the single board: one title and value a row.
            grid.setContentsMargins(9, 4, 9, 4)
            grid.setVerticalSpacing(1)
            for row, key in enumerate(names):
                self.titles[key].setBuddy(self.values[key])
                grid.addWidget(self.titles[key], row, 0)
                grid.addWidget(self.values[key], row, 1)
            grid.setColumnStretch(1, 1)
        self._grid = grid
        self._solutions = False
        self.set_titles(self.tr("Moves"), self.tr("Backtracks"), self.tr("Squares covered"))
        self.retranslate()
        self._fix_sizes()
        self.show_counts(0, 0, 1, 64)
        self.show_time(0.0, None)
        self.show_solutions(0)
        self.set_solutions_visible(False)

    def _value(self, name: str, font: QFont, compact: bool) -> SteadyLabel:
        label = SteadyLabel()
        label.setObjectName(name)
        label.setFont(font)
        label.setAlignment(Qt.AlignmentFlag.AlignRight)
        return label

    def _fix_sizes(self) -> None:
        """Each value at least as wide as its widest text: values change many times a second
        and never resize anything (they are SteadyLabels: a repaint, no relayout)."""
        big = fmt_int(999_999_999)
        widest = {
            "depth": f"{fmt_int(10_000)} / {fmt_int(10_000)}",
            "elapsed": max((fmt_seconds(s) for s in (0.5, 59.99, 3599.0, 359_999.0)), key=len),
        }
        for key, label in self.values.items():
            fm = label.fontMetrics()
            label.setMinimumWidth(fm.horizontalAdvance(widest.get(key, big)) + 4)

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
        if hasattr(self, "_solutions"):  # after construction: the language's digits
            self._fix_sizes()

    def set_titles(self, moves: str, backtracks: str, depth: str) -> None:
        """The puzzle's words for its steps and depth (moves and backtracks, placements and
        removals)."""
        self.titles["moves"].setText(moves)
        self.titles["backtracks"].setText(backtracks)
        self.titles["depth"].setText(depth)
        self.titles["steps"].setToolTip(self.tr("Steps = {0} + {1}").format(moves, backtracks))

    def set_solutions_visible(self, visible: bool) -> None:
        self._solutions = visible
        if not self.compact:
            self.titles["solutions"].setVisible(visible)
            self.solutions_label.setVisible(visible)

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


class RateMeter:
    """Steps per second: measured over the last half second while the board follows a
    running search; the run's own rate when it shows any other step (None: no run)."""

    def __init__(self) -> None:
        self._samples: deque[tuple[float, int]] = deque(maxlen=64)

    def rate(self, session: Any) -> float | None:
        s = session
        samples = self._samples
        now = monotonic()
        live = s.state is State.RUNNING and s.live and s.preview_model is None
        if not live:
            samples.clear()
            rate: float | None = s.rate()
            return rate
        samples.append((now, s.model.steps))
        while len(samples) > 2 and now - samples[0][0] > 0.5:
            samples.popleft()
        if len(samples) >= 2 and samples[-1][0] > samples[0][0]:
            value = (samples[-1][1] - samples[0][1]) / (samples[-1][0] - samples[0][0])
            return value if math.isfinite(value) else None
        rate = s.rate()
        return rate


def estimate_words(session: Any, meter: RateMeter) -> str:
    """The whole tree's size and, while a run goes, the time the rest would take at the
    speed it runs (worded from logarithms: no overflow on any board)."""
    estimate = session.tree_estimate()
    if estimate is None:
        return ""
    rate = 0.0
    if session.state is State.RUNNING:
        rate = meter.rate(session) or 0.0
    elif session.state is State.PAUSED:
        rate = session.rate() or 0.0
    return fmt_estimate(estimate, session.model.steps, rate)
