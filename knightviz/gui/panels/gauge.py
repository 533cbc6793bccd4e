"""How much is left: the explored fraction as a plain bar with its figure, and the
estimated tree size.

The bar is linear, filled as far as the figure beside it says: 2 % fills a fiftieth of it.
(It was logarithmic from 10⁻¹⁵ to 1, where 2 % filled seven eighths and a learner read it as
almost done.) Plain backtracking from most 8×8 squares leaves it empty for as long as anyone
will wait, which is the point; the figure tells how small the part is ("1 part in 3.1 ×
10⁸"), the estimate below how many steps the whole tree would take, and how long at the
current speed.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from knightviz.engine import Outcome, Result
from knightviz.gui.panels.elided import SteadyLabel
from knightviz.gui.text import fmt_big

FILL = QColor(60, 140, 90)
#: Light ticks across the bar: a quarter, a half, three quarters.
TICKS = (0.25, 0.5, 0.75)


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


class ExploredBar(QWidget):
    """A thin bar filled in proportion to the explored fraction, 0 … 1."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("exploredBar")
        self.fraction = 0.0
        self.setMinimumWidth(90)  # the figure beside it gets its room first on a narrow column
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
            share = min(1.0, max(0.0, self.fraction))
            if share > 0:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(FILL)
                p.drawRoundedRect(QRectF(r.left(), r.top(), r.width() * share, r.height()), 3, 3)
            # The quarters marked on the empty track: the filled part reads as one length.
            p.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
            for tick in TICKS:
                x = r.left() + r.width() * tick
                if tick > share:
                    p.drawLine(int(x), int(r.top()) + 2, int(x), int(r.bottom()) - 2)


class GaugePanel(QWidget):
    """Bar, the fraction as a number, and the tree estimate, on one line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gaugePanel")
        self.title = QLabel(self.tr("Explored"))
        self.bar = ExploredBar()
        self.explored_label = SteadyLabel(tip=False)
        self.explored_label.setObjectName("exploredLabel")
        # Beside the bar, which it reads (at the row's far end it was read apart from it).
        self.explored_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.explored_label.setContentsMargins(4, 0, 0, 0)
        # A fixed share of the row, never its text's width: a wider figure mid-run widened
        # the window (the board jumped from 220 to 354 px).
        self.explored_label.setToolTip(
            self.tr(
                "The part of the whole search tree already behind the search (Knuth's "
                "estimate from the stack): the bar fills in proportion, so a part of a "
                "millionth leaves it empty"
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
