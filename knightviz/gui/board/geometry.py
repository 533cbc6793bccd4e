"""Where everything on the board goes: pure arithmetic on one board → widget mapping.

Kept apart from painting so it can be tested without a paint device, and so a paint does not
build fonts: text sizes enter as numbers measured once per font (``TextMetrics``). Every
decision about what fits (which files and ranks get a label, whether move numbers can be
shown and at what size) is made here, so "never clipped" is a property tests can check.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from PySide6.QtCore import QPointF, QRectF

from knightviz.engine import file_name

#: Label steps a reader can follow (every square, every 2nd, 5th, …).
NICE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
#: Smallest pixel size at which a move number is still readable.
MIN_NUMBER_PX = 7
#: Largest pixel size a move number is drawn at, however big the square.
MAX_NUMBER_PX = 15
LABEL_PAD = 3.0
LABEL_GAP = 4.0


@dataclass(frozen=True, slots=True)
class TextMetrics:
    """Font sizes measured once per font change (see ``BoardWidget``)."""

    #: Label font: height of a line, advance of the widest digit and of the widest letter.
    label_height: float = 14.0
    label_digit: float = 8.0
    label_letter: float = 9.0
    #: Bold number font: advance of the widest digit per pixel of font size.
    number_digit_per_px: float = 0.62


def nice_step(needed: float) -> int:
    """The smallest readable step that is at least ``needed`` squares."""
    for step in NICE_STEPS:
        if step >= needed:
            return step
    return math.ceil(needed)


class BoardGeometry:
    """A rows × cols board centred in a width × height widget, labels around it."""

    def __init__(
        self, width: float, height: float, rows: int, cols: int, metrics: TextMetrics
    ) -> None:
        self.width = width
        self.height = height
        self.rows = rows
        self.cols = cols
        self.metrics = metrics
        #: Room for rank labels left and right, and for file labels above and below.
        self.band_x = metrics.label_digit * len(str(rows)) + 2 * LABEL_PAD
        self.band_y = metrics.label_height + 2 * LABEL_PAD
        w = max(1.0, width - 2 * self.band_x)
        h = max(1.0, height - 2 * self.band_y)
        self.square = side = min(w / cols, h / rows)
        bw, bh = side * cols, side * rows
        self.board = QRectF((width - bw) / 2, (height - bh) / 2, bw, bh)

    def key(self) -> tuple[float, float, int, int, TextMetrics]:
        """Everything the geometry depends on (for caches)."""
        return (self.width, self.height, self.rows, self.cols, self.metrics)

    # -- squares --------------------------------------------------------------------------

    def square_rect(self, row: int, col: int) -> QRectF:
        s = self.square
        return QRectF(self.board.left() + col * s, self.board.top() + row * s, s, s)

    def square_at(self, point: QPointF) -> tuple[int, int] | None:
        """The (row, col) under ``point``, or None off the board."""
        b = self.board
        x, y = point.x() - b.left(), point.y() - b.top()
        if x < 0 or y < 0:
            return None
        col, row = int(x / self.square), int(y / self.square)
        if row < self.rows and col < self.cols:
            return (row, col)
        return None

    def box(self, square: int, side: float) -> QRectF:
        """A side × side box centred on ``square`` (row-major index), moved in at the board's
        edges: a piece or ring drawn bigger than its square, so that it is seen on a big
        board, still covers its square but never spills past the board onto the labels."""
        c, b = self.centres[square], self.board
        left = _inside(c.x() - side / 2, side, b.left(), b.right())
        top = _inside(c.y() - side / 2, side, b.top(), b.bottom())
        return QRectF(left, top, side, side)

    @cached_property
    def centres(self) -> list[QPointF]:
        """Centre of every square, row-major (built once per geometry)."""
        s, b = self.square, self.board
        x0, y0 = b.left() + s / 2, b.top() + s / 2
        return [QPointF(x0 + c * s, y0 + r * s) for r in range(self.rows) for c in range(self.cols)]

    @cached_property
    def rects(self) -> list[QRectF]:
        s = self.square
        return [QRectF(c.x() - s / 2, c.y() - s / 2, s, s) for c in self.centres]

    # -- labels ---------------------------------------------------------------------------

    def file_step(self) -> int:
        widest = self.metrics.label_letter * len(file_name(self.cols - 1)) + 2
        return nice_step(self._spacing(widest) / self.square)

    def rank_step(self) -> int:
        return nice_step(self._spacing(self.metrics.label_height) / self.square)

    def _spacing(self, extent: float) -> float:
        """Distance two label centres need; labels wider than a square are kept inside the
        board's extent at its ends, which moves them by up to half their overhang."""
        overhang = max(0.0, extent - self.square)
        return extent + overhang / 2 + LABEL_GAP

    def file_labels(self) -> list[tuple[str, QRectF]]:
        """(text, rect) for each labelled file, below and above the board.

        Each rect is as wide as its text needs and centred on its file; labelled files are
        ``file_step()`` apart, so neighbouring labels never overlap and none is clipped.
        """
        m, b, s = self.metrics, self.board, self.square
        step = self.file_step()
        out = []
        for col in range(0, self.cols, step):
            text = file_name(col)
            w = max(s, m.label_letter * len(text) + 2)
            left = _inside(b.left() + (col + 0.5) * s - w / 2, w, b.left(), b.right())
            for top in (b.bottom() + LABEL_PAD, b.top() - LABEL_PAD - m.label_height):
                out.append((text, QRectF(left, top, w, m.label_height)))
        return out

    def rank_labels(self) -> list[tuple[str, QRectF]]:
        """(text, rect) for each labelled rank, left and right of the board; rank 1 is the
        bottom row (docs/reference.md), labelled ranks are 1, 1 + step, 1 + 2·step, …"""
        m, b, s = self.metrics, self.board, self.square
        step = self.rank_step()
        out = []
        w = self.band_x - LABEL_PAD
        for rank in range(1, self.rows + 1, step):
            row = self.rows - rank
            h = max(s, m.label_height)
            top = _inside(b.top() + (row + 0.5) * s - h / 2, h, b.top(), b.bottom())
            out.append((str(rank), QRectF(b.left() - self.band_x, top, w, h)))
            out.append((str(rank), QRectF(b.right() + LABEL_PAD, top, w, h)))
        return out

    # -- move numbers ---------------------------------------------------------------------

    def number_px(self, largest: int) -> int | None:
        """Font size for move numbers up to ``largest`` inside a square, or None when even the
        smallest readable size would not fit (then no numbers are drawn, never clipped ones)."""
        s = self.square
        digits = len(str(max(0, largest)))
        per_px = self.metrics.number_digit_per_px
        # The number sits on a disc inside the square: leave a margin on each side.
        room = s * 0.86 - 4
        px = min(MAX_NUMBER_PX, int(s * 0.36), int(room / (digits * per_px)))
        if px < MIN_NUMBER_PX or px + 4 > s * 0.86:
            return None
        return px

    def number_box(self, px: int, digits: int) -> tuple[float, float]:
        """Width and height of the disc behind a number of ``digits`` digits at ``px``."""
        w = digits * self.metrics.number_digit_per_px * px + 4
        h = px + 4
        return max(w, h), h


def _inside(start: float, extent: float, low: float, high: float) -> float:
    """``start`` moved so [start, start + extent] stays within [low, high] when it can."""
    if high - low < extent:
        return (low + high - extent) / 2  # cannot fit: centre it on the range
    return min(max(start, low), high - extent)
