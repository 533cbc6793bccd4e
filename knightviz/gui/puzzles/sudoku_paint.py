"""Sudoku's paint layers: the grid, the digits and their pencil marks, the cell decided.

A Sudoku is read as a grid of digits, not a chessboard: a plain paper-white grid with thick
box lines and its rows and columns numbered from the top left (cells are named ``r3c5``).
Givens are bold, the search's placements another colour, forced fills (naked singles) a third
style; every empty cell's candidates are small pencil marks, each digit in its own place of
the cell (the place a click on it answers in "your turn"), at paced speeds and when paused.
The cell of the last step is tinted with its row, column and box lightly marked.

Everything drawn is derived from the problem and the placement events on the path
(``State``), cached per model version.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen, QPixmap

from knightviz.gui.board.layers import (
    Z_HINTS,
    Z_PIECES,
    Z_SQUARES,
    Z_UNDER,
    Layer,
    PaintContext,
    label_font,
    new_pixmap,
)
from knightviz.gui.board.model import BoardModel
from knightviz.gui.theme import is_dark

PAPER = QColor("#fbfaf6")
PAPER_BOX = QColor("#eeeae0")  # every other box, so boxes read at a glance
PAPER_DARK = QColor("#2b2b2b")
PAPER_BOX_DARK = QColor("#353535")
GIVEN = QColor("#1b1b1b")
GIVEN_DARK = QColor("#f2f2f2")
PLACED = QColor("#1f5fbf")
PLACED_DARK = QColor("#7fb2ff")
FORCED = QColor("#2e7d32")
FORCED_DARK = QColor("#7bd88a")
PENCIL = QColor(90, 90, 90)
PENCIL_DARK = QColor(185, 185, 185)
DECIDED = QColor(255, 193, 7, 70)  # the cell's row, column and box
DECIDED_CELL = QColor(255, 160, 0, 120)
NEXT = QColor("#1f8a4c")


@dataclass(frozen=True, slots=True)
class State:
    """The grid at one position: each cell's digit and how it got there, the candidates of
    the empty ones (bitmasks), and the cell of the last step."""

    n: int
    box_rows: int
    box_cols: int
    #: Digit per cell (0: empty).
    digits: tuple[int, ...]
    #: "g" given, "p" placed by the search, "f" forced fill, "" empty.
    kinds: tuple[str, ...]
    #: Candidate bitmask per empty cell (bit d - 1: digit d), 0 for a filled one.
    candidates: tuple[int, ...]
    #: The cell of the last step (placement or removal), or -1.
    focus: int


def pencil_layout(n: int, box_rows: int, box_cols: int) -> tuple[int, int]:
    """(rows, cols) of the pencil marks inside a cell: the shape of a box turned on its side
    for 2×3 boxes (3 across, 2 down reads best), else the box's own."""
    return (min(box_rows, box_cols), max(box_rows, box_cols))


def pencil_place(n: int, box_rows: int, box_cols: int, digit: int) -> tuple[int, int]:
    """(row, col) of ``digit``'s pencil mark in a cell."""
    _, cols = pencil_layout(n, box_rows, box_cols)
    return divmod(digit - 1, cols)


def pencil_digit(n: int, box_rows: int, box_cols: int, fx: float, fy: float) -> int:
    """The digit whose pencil mark is at (fx, fy) of a cell (0..1 from its top left)."""
    rows, cols = pencil_layout(n, box_rows, box_cols)
    r = min(rows - 1, int(fy * rows))
    c = min(cols - 1, int(fx * cols))
    return min(n, r * cols + c + 1)


def digit_text(d: int) -> str:
    return ".123456789ABCDEFG"[d]


class StateLayer(Layer):
    """A layer that paints from the grid's ``State`` (the presenter's ``state`` function,
    set by ``configure``; cached per model and version)."""

    def __init__(self) -> None:
        self.state_of: Callable[[BoardModel], State | None] = lambda _m: None

    def state(self, model: BoardModel) -> State | None:
        return self.state_of(model)


def _colours(palette: QPalette) -> dict[str, QColor]:
    dark = is_dark(palette)
    return {
        "paper": PAPER_DARK if dark else PAPER,
        "box": PAPER_BOX_DARK if dark else PAPER_BOX,
        "g": GIVEN_DARK if dark else GIVEN,
        "p": PLACED_DARK if dark else PLACED,
        "f": FORCED_DARK if dark else FORCED,
        "pencil": PENCIL_DARK if dark else PENCIL,
    }


class GridLayer(StateLayer):
    """The paper, the thin cell lines, the thick box lines, and the rows and columns
    numbered from the top left (over the chessboard's squares and labels), in one pixmap."""

    z = Z_SQUARES

    def __init__(self) -> None:
        super().__init__()
        self._pixmap: QPixmap | None = None
        self._key: tuple[object, ...] = ()
        self.boxes = (3, 3)

    def invalidate(self) -> None:
        self._pixmap = None

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        g = ctx.geometry
        key = (g.key(), ctx.dpr, ctx.palette.cacheKey(), ctx.font.key(), self.boxes)
        if self._pixmap is None or key != self._key:
            self._pixmap = self._render(ctx)
            self._key = key
        p.drawPixmap(0, 0, self._pixmap)

    def _render(self, ctx: PaintContext) -> QPixmap:
        g = ctx.geometry
        pm = new_pixmap(g.width, g.height, ctx.dpr)
        pm.fill(ctx.palette.color(QPalette.ColorRole.Window))
        colours = _colours(ctx.palette)
        rect, s = g.board, g.square
        br, bc = self.boxes
        ink = QColor(ctx.palette.color(QPalette.ColorRole.WindowText))
        with QPainter(pm) as p:
            p.fillRect(rect, colours["paper"])
            for r0 in range(0, g.rows, br):
                for c0 in range(0, g.cols, bc):
                    if (r0 // br + c0 // bc) % 2:  # boxes chequered, whatever their count
                        box = QRectF(rect.left() + c0 * s, rect.top() + r0 * s, bc * s, br * s)
                        p.fillRect(box, colours["box"])
            thin = QColor(ink)
            thin.setAlpha(70)
            p.setPen(QPen(thin, 1.0))
            for i in range(1, g.cols):
                x = rect.left() + i * s
                p.drawLine(int(x), int(rect.top()), int(x), int(rect.bottom()))
            for i in range(1, g.rows):
                y = rect.top() + i * s
                p.drawLine(int(rect.left()), int(y), int(rect.right()), int(y))
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            thick = QPen(ink, max(2.0, s / 16))
            p.setPen(thick)
            for i in range(0, g.cols + 1, bc):
                x = rect.left() + i * s
                p.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()))
            for i in range(0, g.rows + 1, br):
                y = rect.top() + i * s
                p.drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y))
            p.setFont(label_font(ctx.font, g))
            p.setPen(ink)
            centre = Qt.AlignmentFlag.AlignCenter
            band_x, band_y = g.band_x, g.band_y
            for i in range(g.cols):  # columns 1.. above and below
                x = rect.left() + i * s
                p.drawText(QRectF(x, rect.top() - band_y, s, band_y), centre, str(i + 1))
                p.drawText(QRectF(x, rect.bottom(), s, band_y), centre, str(i + 1))
            for i in range(g.rows):  # rows 1.. left and right, from the top
                y = rect.top() + i * s
                p.drawText(QRectF(rect.left() - band_x, y, band_x, s), centre, str(i + 1))
                p.drawText(QRectF(rect.right(), y, band_x, s), centre, str(i + 1))
        return pm


class DecidedLayer(StateLayer):
    """The cell of the last step, its row, column and box lightly tinted."""

    z = Z_UNDER

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        st = self.state(ctx.model)
        if st is None or st.focus < 0:
            return
        g = ctx.geometry
        rect, s, n = g.board, g.square, st.n
        row, col = divmod(st.focus, n)
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.fillRect(QRectF(rect.left(), rect.top() + row * s, n * s, s), DECIDED)
        p.fillRect(QRectF(rect.left() + col * s, rect.top(), s, n * s), DECIDED)
        r0, c0 = row - row % st.box_rows, col - col % st.box_cols
        p.fillRect(
            QRectF(rect.left() + c0 * s, rect.top() + r0 * s, st.box_cols * s, st.box_rows * s),
            DECIDED,
        )
        p.fillRect(g.rects[st.focus], DECIDED_CELL)
        p.restore()


class DigitsLayer(StateLayer):
    """The digits: givens bold, placements and forced fills in their colours, and each
    empty cell's candidates as pencil marks (with details: paced speeds, or paused)."""

    z = Z_PIECES

    def __init__(self) -> None:
        super().__init__()
        #: Pencil marks are drawn (with details).
        self.pencil = True

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        st = self.state(ctx.model)
        if st is None:
            return
        g = ctx.geometry
        s = g.square
        colours = _colours(ctx.palette)
        rects = g.rects
        big = QFont(ctx.font)
        big.setPixelSize(max(6, int(s * 0.62)))
        bold = QFont(big)
        bold.setBold(True)
        forced = QFont(big)
        forced.setItalic(True)
        fonts = {"g": bold, "p": big, "f": forced}
        centre = Qt.AlignmentFlag.AlignCenter
        p.save()
        for kind in ("g", "p", "f"):
            p.setFont(fonts[kind])
            p.setPen(colours[kind])
            for c, k in enumerate(st.kinds):
                if k == kind:
                    p.drawText(rects[c], centre, digit_text(st.digits[c]))
        rows, cols = pencil_layout(st.n, st.box_rows, st.box_cols)
        small_px = int(min(s / cols, s / rows) * 0.78)
        # While "your turn" asks, too: the marks are the choices, and where to click them.
        if (ctx.details or ctx.conceal) and self.pencil and small_px >= 6:
            small = QFont(ctx.font)
            small.setPixelSize(small_px)
            p.setFont(small)
            p.setPen(colours["pencil"])
            w, h = s / cols, s / rows
            for c, mask in enumerate(st.candidates):
                if not mask or st.kinds[c]:
                    continue
                r = rects[c]
                d = 1
                while mask:
                    if mask & 1:
                        pr, pc = divmod(d - 1, cols)
                        box = QRectF(r.left() + pc * w, r.top() + pr * h, w, h)
                        p.drawText(box, centre, digit_text(d))
                    mask >>= 1
                    d += 1
        p.restore()


class NextLayer(Layer):
    """At paced speeds, a dashed frame on the cell the search fills next (not while the
    learner is asked which)."""

    z = Z_HINTS

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        nxt = ctx.model.upcoming
        if nxt is None or nxt < 0 or ctx.conceal or not ctx.details:
            return
        g = ctx.geometry
        rect = g.rects[nxt % ctx.model.size]
        pen = QPen(NEXT, max(2.0, g.square / 14))
        pen.setStyle(Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        w = pen.widthF() / 2
        p.drawRect(rect.adjusted(w, w, -w, -w))
