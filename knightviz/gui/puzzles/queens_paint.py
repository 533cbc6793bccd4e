"""The queens' paint layers: attacked squares, rejected candidates, the queens.

The eight-queens article's idea made visible: every square a placed queen attacks is shaded;
at paced speeds the squares the search just rejected on the rank it is filling are crossed
out (the constraints panel says which constraint rejected each), and the square it takes
next is framed.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen

from knightviz.engine.explain import attacked, last_scan
from knightviz.gui.board.layers import Z_HINTS, Z_PIECES, Z_UNDER, Layer, PaintContext, SvgPiece

ATTACKED = QColor(200, 40, 40, 28)
HATCH = QColor(170, 30, 30, 120)
REJECTED = QColor(200, 30, 30)
NEXT = QColor("#1f8a4c")
SOLVED = QColor(40, 160, 80, 90)


class AttackLayer(Layer):
    z = Z_UNDER

    def __init__(self) -> None:
        # The model itself, its size and version: two models (a chosen solution's, a
        # smaller board's) can share a version number.
        self._key: tuple[int, int, int] = (0, -1, -1)
        self._squares: list[int] = []

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        m = ctx.model
        key = (id(m), m.rows, m.version)
        if self._key != key:
            hit = attacked(m.rows, m.path)
            self._squares = [sq for sq, h in enumerate(hit) if h]
            self._key = key
        rects = ctx.geometry.rects
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        if len(m.path) == m.rows and m.rows > 0:
            for sq in m.path:  # a solution: every queen safe
                p.fillRect(rects[sq], SOLVED)
        # A light tint and a hatch: attacked, yet the square's colour still shows through.
        hatch = QBrush(HATCH, Qt.BrushStyle.BDiagPattern)
        for sq in self._squares:
            p.fillRect(rects[sq], ATTACKED)
            p.fillRect(rects[sq], hatch)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)


class RejectLayer(Layer):
    """Crosses on the squares the last scan rejected; a frame on the next placement."""

    z = Z_HINTS

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        if not ctx.details:
            return
        m, g = ctx.model, ctx.geometry
        rects = g.rects
        scan = last_scan(m.rows, m.path, m.last_events)
        if scan is not None:
            pen = QPen(REJECTED, max(1.5, g.square / 14))
            p.setPen(pen)
            inset = g.square * 0.3
            for sq in scan.rejected:
                r = rects[sq].adjusted(inset, inset, -inset, -inset)
                p.drawLine(r.topLeft(), r.bottomRight())
                p.drawLine(r.topRight(), r.bottomLeft())
        nxt = m.upcoming
        if nxt is not None and nxt >= 0 and not ctx.conceal:  # not while asked which
            pen = QPen(NEXT, max(2.0, g.square / 12))
            pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            w = pen.widthF() / 2
            p.drawRect(rects[nxt].adjusted(w, w, -w, -w))


class QueensLayer(Layer):
    z = Z_PIECES

    def __init__(self) -> None:
        self._piece = SvgPiece("queen.svg")

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        g = ctx.geometry
        side = g.square * 0.84
        centres = g.centres
        for sq in ctx.model.path:
            c: QPointF = centres[sq]
            self._piece.draw(p, c, side, ctx.dpr)
