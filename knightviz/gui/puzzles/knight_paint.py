"""The knight's paint layers: the path, move numbers, Warnsdorff degrees and the piece.

Readable at every board size: on small squares the path shows only its recent tail (the
visited shading already orders the rest), numbers appear only where they fit, and the knight
and the current-square ring never shrink below a visible size.
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap, QPolygonF

from knightviz.engine.board import CLASSIC_ORDER, FULL
from knightviz.engine.explain import onward_degrees
from knightviz.gui.board.geometry import BoardGeometry
from knightviz.gui.board.layers import (
    Z_HINTS,
    Z_NUMBERS,
    Z_PIECES,
    Z_UNDER,
    Layer,
    PaintContext,
    SvgPiece,
    new_pixmap,
    number_font,
)

PATH = QColor(46, 62, 98)  # opaque: translucent wide pens make Qt stroke the whole path
NODE = QColor(255, 255, 255, 215)
NODE_TEXT = QColor("#2b2b2b")
CHOSEN = QColor("#1f8a4c")
#: Below this square size (px) the full path becomes a moiré: draw only its tail.
FULL_PATH_MIN = 12.0
#: Segments in the tail drawn on small squares.
TAIL = 160
#: The knight is drawn at least this big (logical px), even on 100×100.
MIN_PIECE = 18.0


class PathLayer(Layer):
    z = Z_UNDER

    def __init__(self) -> None:
        self._polygon: QPolygonF | None = None
        self._key: tuple[object, ...] = ()
        self.enabled = True  # off while a construction draws its own lines

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        path = ctx.model.path
        if len(path) < 2 or not self.enabled:
            return
        g = ctx.geometry
        centres = g.centres
        s = g.square
        if s < FULL_PATH_MIN:
            self._tail(p, ctx)
            return
        pen = QPen(PATH, min(3.0, max(1.0, s * 0.05)))
        pen.setCapStyle(Qt.PenCapStyle.SquareCap)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        if ctx.closing and len(path) > 2:
            dashed = QPen(pen)
            dashed.setStyle(Qt.PenStyle.DashLine)
            p.setPen(dashed)
            p.drawLine(centres[path[-1]], centres[path[0]])
            p.setPen(pen)
        if len(path) < 2000:
            # Separate opaque segments: one self-crossing polyline with a wide translucent
            # pen costs Qt ~20 ms on 8×8 (it strokes the whole outline); these cost ~1 ms.
            p.drawLines([QLineF(centres[a], centres[b]) for a, b in itertools.pairwise(path)])
            return
        key = (ctx.model.version, g.key())
        if self._polygon is None or self._key != key:
            self._polygon = QPolygonF([centres[sq] for sq in path])
            self._key = key
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.drawPolyline(self._polygon)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)

    def _tail(self, p: QPainter, ctx: PaintContext) -> None:
        """The last TAIL moves, fading in from transparent: where the knight just went."""
        path = ctx.model.path
        centres = ctx.geometry.centres
        tail = path[-TAIL - 1 :]
        groups = 4
        size = max(1, (len(tail) - 1 + groups - 1) // groups)
        for k in range(groups):
            segment = tail[k * size : (k + 1) * size + 1]
            if len(segment) < 2:
                continue
            colour = QColor(PATH)
            colour.setAlphaF(0.25 + 0.75 * (k + 1) / groups)
            p.setPen(QPen(colour, 1.5))
            p.drawPolyline(QPolygonF([centres[sq] for sq in segment]))
        if ctx.closing and len(path) > 2:
            dashed = QPen(PATH, 1.5)
            dashed.setStyle(Qt.PenStyle.DashLine)
            p.setPen(dashed)
            p.drawLine(centres[path[-1]], centres[path[0]])


class NumbersLayer(Layer):
    """Move numbers on discs, only where the largest number of the board fits."""

    z = Z_NUMBERS

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int, float], QPixmap] = {}
        self._font_key = ""
        self.enabled = True  # off while a construction draws its own lines

    def invalidate(self) -> None:
        self._cache.clear()

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        if not self.enabled:
            return
        m, g = ctx.model, ctx.geometry
        if len(m.path) <= 1:
            return
        px = g.number_px(m.size - 1)
        if px is None:
            return
        if ctx.font.key() != self._font_key:
            self._cache.clear()
            self._font_key = ctx.font.key()
        centres = g.centres
        current = m.current if ctx.drag_pos is None else None
        for i, sq in enumerate(m.path):
            if sq == current:
                continue
            pm = self._pixmap(i, px, ctx)
            c = centres[sq]
            w, h = pm.width() / ctx.dpr, pm.height() / ctx.dpr
            p.drawPixmap(QPointF(c.x() - w / 2, c.y() - h / 2), pm)

    def _pixmap(self, number: int, px: int, ctx: PaintContext) -> QPixmap:
        key = (number, px, ctx.dpr)
        pm = self._cache.get(key)
        if pm is not None:
            return pm
        if len(self._cache) > 8192:
            self._cache.clear()
        text = str(number)
        w, h = ctx.geometry.number_box(px, len(text))
        pm = new_pixmap(w, h, ctx.dpr)
        with QPainter(pm) as q:
            q.setRenderHint(QPainter.RenderHint.Antialiasing)
            q.setPen(Qt.PenStyle.NoPen)
            q.setBrush(NODE)
            q.drawRoundedRect(QRectF(0, 0, w, h), h / 2, h / 2)
            q.setFont(number_font(ctx.font, px))
            q.setPen(NODE_TEXT)
            q.drawText(QRectF(0, 0, w, h), Qt.AlignmentFlag.AlignCenter, text)
        self._cache[key] = pm
        return pm


class DegreesLayer(Layer):
    """Warnsdorff's view of the current square: each candidate's onward degree (from the
    engine), and the one the search takes next framed in green (not while the learner is
    asked which one that is)."""

    z = Z_HINTS

    def __init__(self) -> None:
        self.enabled = False
        #: The board's holes and piece (the knight's puzzle sets them with its settings).
        self.shape = FULL
        self._font_key: tuple[str, int] = ("", 0)
        self._font = QFont()

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        m, g = ctx.model, ctx.geometry
        if not self.enabled or not ctx.details or ctx.drag_pos is not None:
            return
        cur = ctx.current
        s = g.square
        if cur is None or s < 14:
            return
        index = m.index
        px = max(8, int(s * 0.24))
        key = (ctx.font.key(), px)
        if key != self._font_key:
            self._font = number_font(ctx.font, px)
            self._font_key = key
        p.setFont(self._font)
        chosen = m.upcoming if m.upcoming is not None and m.upcoming >= 0 else None
        if ctx.conceal:
            chosen = None
        rects = g.rects
        visited = index.__getitem__
        degrees = onward_degrees(
            m.rows, m.cols, cur, lambda u: visited(u) >= 0, CLASSIC_ORDER, self.shape
        )
        for square, degree in degrees:
            rect = rects[square]
            is_chosen = chosen == square
            if is_chosen:
                pen = QPen(CHOSEN, max(2.0, s / 12))
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                w = pen.widthF() / 2
                p.drawRect(rect.adjusted(w, w, -w, -w))
            badge = QRectF(rect.right() - s * 0.4, rect.top() + s * 0.04, s * 0.36, s * 0.32)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(CHOSEN if is_chosen else QColor(30, 30, 30, 170))
            p.drawRoundedRect(badge, 3, 3)
            p.setPen(QColor("white"))
            p.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(degree))


class KnightLayer(Layer):
    """The knight on the current square (or following the cursor while dragged)."""

    z = Z_PIECES

    def __init__(self) -> None:
        self._piece = SvgPiece("knight.svg")
        #: Drawn on the start square throughout a run (a construction moves no knight).
        self.at_start = False

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        g = ctx.geometry
        if ctx.drag_pos is not None:  # lifted while dragged
            self._piece.draw(p, ctx.drag_pos, piece_side(g.square) * 1.12, ctx.dpr)
            return
        current = ctx.current
        if self.at_start and ctx.start is not None:  # a construction: no knight walks
            current = ctx.start[0] * ctx.model.cols + ctx.start[1]
        if current is not None:
            rect = piece_rect(g, current)
            self._piece.draw(p, rect.center(), rect.width(), ctx.dpr)


def piece_side(square: float) -> float:
    """The knight's side on squares of ``square`` px: a little smaller than the square, and
    up to three squares wide where MIN_PIECE is bigger than a square (100×100)."""
    return max(square * 0.86, min(MIN_PIECE, square * 3))


def piece_rect(g: BoardGeometry, square: int) -> QRectF:
    """Where the knight on ``square`` is drawn: centred on it, moved in at the board's edge
    when it is bigger than a square (it then still covers its square, inside the board)."""
    return g.box(square, piece_side(g.square))
