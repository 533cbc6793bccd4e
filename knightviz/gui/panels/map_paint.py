"""The start-square map's picture: its colour scale, its marks, the figures in squares.

Shared by the overlay on the board and the legend under it, so both draw the same colours
and marks.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPixmap

from knightviz.engine.sweep import STUCK
from knightviz.gui.board.layers import new_pixmap
from knightviz.gui.text import fmt_float

#: The default step cap per start square (``knightviz sweep``'s default --limit).
DEFAULT_CAP = 1_000_000
MIN_CAP = 1_000
MAX_CAP = 2_000_000_000

# What the map says about a square, by outcome label.
SOLVED, LIMIT, EXHAUSTED, IMPOSSIBLE = "solved", "limit", "exhausted", "impossible"
FAILED = (STUCK, EXHAUSTED)

#: viridis (matplotlib), dark purple to yellow; the map runs it backwards: few steps yellow.
VIRIDIS = (
    "#440154",
    "#472d7b",
    "#3b528b",
    "#2c728e",
    "#21918c",
    "#28ae80",
    "#5ec962",
    "#addc30",
    "#fde725",
)
FAILED_COLOUR = QColor("#d62728")
LIMIT_COLOUR = QColor("#cfcfcf")
LIMIT_HATCH = QColor("#7a7a7a")
IMPOSSIBLE_COLOUR = QColor("#2e2e2e")
IMPOSSIBLE_CROSS = QColor("#bdbdbd")
#: Smallest legible figure in a square (px); below it squares carry colour only.
MIN_FIGURE_PX = 7
#: A figure takes at most this share of its square's width, and its height…
FIGURE_WIDTH = 0.88
FIGURE_HEIGHT = 0.32
#: …and is never bigger than this (px).
MAX_FIGURE_PX = 22
#: Squares this big (px) or bigger get a thin grid line.
MIN_GRID = 8
#: The overlay's opacity while a run is on the board (the run stays readable).
DIMMED = 0.28


def compact(steps: int) -> str:
    """A step count in a few characters: 63, 950, 1k, 1.2k, 34k, 3.4M, 17M (for squares)."""
    if steps < 1000:
        return str(steps)
    for size, suffix in ((1e3, "k"), (1e6, "M"), (1e9, "G")):
        value = steps / size
        if value < 9.95:
            r = round(value, 1)
            return (str(int(r)) if r == int(r) else fmt_float(r, 1)) + suffix
        if round(value) < 1000 or suffix == "G":
            return f"{round(value)}{suffix}"
    raise AssertionError("unreachable")  # pragma: no cover


class LogScale:
    """Steps → [0, 1] on a logarithmic scale from a tour without backtracking (squares − 1
    steps) to the cap, so that two maps with the same board and cap compare colour for
    colour."""

    def __init__(self, squares: int, cap: int) -> None:
        self.lo = max(1, squares - 1)
        self.hi = max(cap, self.lo + 1)
        self._span = math.log(self.hi / self.lo)

    def fraction(self, steps: int) -> float:
        if steps <= self.lo:
            return 0.0
        return min(1.0, math.log(steps / self.lo) / self._span)

    def colour(self, steps: int) -> QColor:
        return ramp(1.0 - self.fraction(steps))

    def ticks(self) -> list[int]:
        """The ends and every power of ten between them."""
        out = [self.lo]
        power = 10 ** math.ceil(math.log10(self.lo))
        while power < self.hi:
            if power > self.lo:
                out.append(power)
            power *= 10
        out.append(self.hi)
        return out


_RAMP = [QColor(c) for c in VIRIDIS]


def ramp(t: float) -> QColor:
    """viridis at ``t`` in [0, 1] (0 dark purple, 1 yellow), linearly between its stops."""
    t = min(1.0, max(0.0, t)) * (len(_RAMP) - 1)
    i = min(int(t), len(_RAMP) - 2)
    f = t - i
    a, b = _RAMP[i], _RAMP[i + 1]
    return QColor(
        round(a.red() + (b.red() - a.red()) * f),
        round(a.green() + (b.green() - a.green()) * f),
        round(a.blue() + (b.blue() - a.blue()) * f),
    )


def ink(fill: QColor) -> QColor:
    """Black or white, whichever reads better on ``fill``."""
    luma = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF()
    return QColor(20, 20, 20) if luma > 0.55 else QColor(250, 250, 250)


# -- the marks, shared by the overlay and the legend's swatches -------------------------------


def paint_limit(p: QPainter, rect: QRectF) -> None:
    """Over the cap: light grey, hatched."""
    p.fillRect(rect, LIMIT_COLOUR)
    p.save()
    p.setClipRect(rect)
    p.setPen(QPen(LIMIT_HATCH, max(1.0, rect.width() / 28)))
    gap = max(4.0, rect.width() / 5)
    x = rect.left() - rect.height()
    while x < rect.right():
        p.drawLine(QPointF(x, rect.bottom()), QPointF(x + rect.height(), rect.top()))
        x += gap
    p.restore()


def paint_failed(p: QPainter, rect: QRectF) -> None:
    """Stuck or exhausted without a tour: red."""
    p.fillRect(rect, FAILED_COLOUR)


def paint_impossible(p: QPainter, rect: QRectF) -> None:
    """No tour can exist from here (a known fact, no search): dark, crossed."""
    p.fillRect(rect, IMPOSSIBLE_COLOUR)
    inset = rect.width() * 0.28
    r = rect.adjusted(inset, inset, -inset, -inset)
    p.save()
    pen = QPen(IMPOSSIBLE_CROSS, max(1.2, rect.width() / 18))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.drawLine(r.topLeft(), r.bottomRight())
    p.drawLine(r.topRight(), r.bottomLeft())
    p.restore()


def mark_pixmap(paint: Callable[[QPainter, QRectF], None], side: int, dpr: float) -> QPixmap:
    pm = new_pixmap(side, side, dpr)
    with QPainter(pm) as p:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint(p, QRectF(0, 0, side, side))
        p.setPen(QPen(QColor(0, 0, 0, 90), 1.0))
        p.drawRect(QRectF(0.5, 0.5, side - 1, side - 1))
    return pm


class FigureFonts:
    """The bold font of the squares' figures, shrunk per figure to fit its square."""

    def __init__(self, base: QFont, side: float) -> None:
        self._base = QFont(base)
        self._base.setBold(True)
        self._side = side
        self._px = min(MAX_FIGURE_PX, int(side * FIGURE_HEIGHT))
        self._fonts: dict[int, tuple[QFont, QFontMetricsF]] = {}

    def _font(self, px: int) -> tuple[QFont, QFontMetricsF]:
        found = self._fonts.get(px)
        if found is None:
            font = QFont(self._base)
            font.setPixelSize(px)
            found = self._fonts[px] = (font, QFontMetricsF(font))
        return found

    def fitting(self, text: str) -> QFont | None:
        """The font to write ``text`` in its square, or None if it cannot be read there."""
        px = self._px
        if px < MIN_FIGURE_PX:
            return None
        font, fm = self._font(px)
        room = self._side * FIGURE_WIDTH
        width = fm.horizontalAdvance(text)
        if width > room:
            px = int(px * room / width)
            if px < MIN_FIGURE_PX:
                return None
            font = self._font(px)[0]
        return font
