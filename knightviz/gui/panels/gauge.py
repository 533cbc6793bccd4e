"""How much is left: the explored fraction on a log scale, and the estimated tree size.

The bar spans 1e-15 … 1 logarithmically (each tick a factor of 1,000): plain backtracking
from most 8×8 squares sits at the far left for as long as anyone will wait, which is the
point. The estimate beside it says how many steps the whole tree would take, and how long at
the current speed.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from knightviz.engine import Outcome, Result
from knightviz.gui.panels.elided import SteadyLabel
from knightviz.gui.text import fmt_big

#: The bar's left end (the smallest fraction shown).
FLOOR_EXP = -15
FILL = QColor(60, 140, 90)


def scientific(value: float) -> str:
    """3.2e-09 style, the form the automation contract promises."""
    return f"{value:.1e}"


def explored_words(
    fraction: float | None, result: Result | None = None, backtracked: bool = False
) -> str:
    """How much of its tree a run had explored, in words a newcomer reads: "none yet",
    "all of it", "42 %", "1 part in 9.1 × 10¹⁵". ``result``: the run has ended so;
    ``backtracked``: it has finished branches (a figure of 0 is then too small to tell:
    on 100×100 the finished branches are some 10,000 levels deep)."""
    if fraction is None:
        return "—"
    if fraction >= 1.0:
        return QCoreApplication.translate("Gauge", "all of it")
    if fraction <= 0.0 and backtracked:
        return QCoreApplication.translate("Gauge", "less than 1 part in 10²⁰")
    if fraction <= 0.0:
        if result is not None and result.outcome is Outcome.SOLVED:
            return QCoreApplication.translate("Gauge", "none: straight to a solution")
        if result is not None:
            return QCoreApplication.translate("Gauge", "none")
        return QCoreApplication.translate("Gauge", "nothing finished yet")
    if fraction >= 0.01:
        return QCoreApplication.translate("Gauge", "{0} %").format(round(fraction * 100))
    return QCoreApplication.translate("Gauge", "1 part in {0}").format(fmt_big(1.0 / fraction))


class LogBar(QWidget):
    """A thin bar filled to log10(fraction) between 1e-15 and 1."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("exploredBar")
        self.fraction = 0.0
        self.setMinimumWidth(120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(14)

    def sizeHint(self) -> QSize:
        return QSize(200, 16)

    def set_fraction(self, fraction: float) -> None:
        if fraction != self.fraction:
            self.fraction = fraction
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        with QPainter(self) as p:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            pal = self.palette()
            r = QRectF(0.5, 2.5, self.width() - 1, self.height() - 5)
            p.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
            p.setBrush(pal.color(QPalette.ColorRole.Base))
            p.drawRoundedRect(r, 3, 3)
            share = position(self.fraction)
            if share > 0:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(FILL)
                p.drawRoundedRect(QRectF(r.left(), r.top(), r.width() * share, r.height()), 3, 3)
            p.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
            for k in range(1, -FLOOR_EXP // 3):  # ticks at 1e-12, 1e-9, 1e-6, 1e-3
                x = r.left() + r.width() * k * 3 / -FLOOR_EXP
                p.drawLine(int(x), int(r.top()) + 2, int(x), int(r.bottom()) - 2)


def position(fraction: float) -> float:
    """Where a fraction sits on the bar, 0 … 1."""
    if fraction <= 0:
        return 0.0
    return min(1.0, max(0.0, (math.log10(fraction) - FLOOR_EXP) / -FLOOR_EXP))


class GaugePanel(QWidget):
    """Bar, the fraction as a number, and the tree estimate, on one line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gaugePanel")
        self.title = QLabel(self.tr("Explored"))
        self.bar = LogBar()
        self.explored_label = SteadyLabel(tip=False)
        self.explored_label.setObjectName("exploredLabel")
        self.explored_label.setAlignment(Qt.AlignmentFlag.AlignRight)
        # A fixed share of the row, never its text's width: a wider figure mid-run widened
        # the window (the board jumped from 220 to 354 px).
        self.explored_label.setToolTip(
            self.tr(
                "The part of the whole search tree already behind the search (Knuth's "
                "estimate from the stack), on a logarithmic scale from 10⁻¹⁵ to 1"
            )
        )
        self.estimate_label = SteadyLabel()
        self.estimate_label.setObjectName("treeEstimateLabel")
        self.estimate_label.setToolTip(
            self.tr(
                "The whole tree's size by Knuth's random probes, with its spread, and the "
                "time an exhaustive search would take at the current speed"
            )
        )
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.title)
        row.addWidget(self.bar, 1)
        row.addWidget(self.explored_label, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.estimate_label)
        self.show_fraction(None)
        self.show_estimate("")

    def show_fraction(
        self,
        fraction: float | None,
        ended: bool = False,
        result: Result | None = None,
        backtracked: bool = False,
    ) -> None:
        """None: no estimate for this run (a greedy walk has no tree to explore).
        ``ended``: the board shows the end of the run, whose ``result`` it was;
        ``backtracked``: the position shown is past the run's first backtrack."""
        if fraction is None:
            self.bar.set_fraction(0.0)
            self.explored_label.setText("—")
            return
        self.bar.set_fraction(fraction)
        words = explored_words(fraction, result if ended else None, backtracked)
        if 0 < fraction < 0.01:
            words = f"{words} ({scientific(fraction)})"
        self.explored_label.setText(words)

    def show_estimate(self, text: str) -> None:
        self.estimate_label.setText(text)
        self.estimate_label.setToolTip(text or self.estimate_label.toolTip())
