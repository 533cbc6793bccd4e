"""Paint layers: each draws one aspect of the board and keeps its own cache.

The widget paints its layers in order of ``z``. Shared layers (squares and labels, the
visited shading, backtrack flashes, the current-square marker) live here; puzzles add their
own (a piece's path, numbers, degrees; placed pieces and the squares they attack).
A layer's cache is keyed on what it depends on (geometry, device pixel ratio, palette, model
version), so a repaint with nothing new costs a pixmap blit.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from importlib import resources

from PySide6.QtCore import QByteArray, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPalette, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer

from knightviz.gui.board.geometry import BoardGeometry
from knightviz.gui.board.model import BoardModel
from knightviz.gui.theme import is_dark

# Stacking order.
Z_SQUARES = 0
Z_SHADE = 10
Z_FLASH = 20
Z_UNDER = 30  # path, attacked squares
Z_NUMBERS = 40
Z_MARKER = 50
Z_HINTS = 60  # degrees, rejected squares
Z_MAP = 65  # a window's overlay (the start-square map): over the run, under the piece
Z_PIECES = 70
Z_OVERLAY = 80
Z_FOCUS = 90

LIGHT = QColor("#f0d9b5")
DARK = QColor("#b58863")
#: The squares in dark mode: the same wood, dimmed, so the board does not glare in a dark
#: window while white number discs, the dark path and the red flash keep their contrast.
LIGHT_DIMMED = QColor("#d2bd99")
DARK_DIMMED = QColor("#97714f")
FLASH = QColor(220, 40, 40)
#: The current square's ring: drawn at least this big (logical px) so it is seen on any board.
MIN_MARKER = 14.0
#: Around a square smaller than MIN_MARKER the ring is the highlight on a light halo this
#: wide, so that it shows on any colour.
HALO = 4.0


@dataclass(slots=True)
class PaintContext:
    """What every layer may read during one paint."""

    geometry: BoardGeometry
    model: BoardModel
    palette: QPalette
    dpr: float
    font: QFont
    #: Where the piece stands before a run (row, col), or None for puzzles without one.
    start: tuple[int, int] | None
    #: The cursor position while the piece is dragged, else None.
    drag_pos: QPointF | None = None
    #: Slow enough to read per-square explanations (paced speeds, or paused).
    details: bool = False
    #: The learner is asked for the next step ("your turn"): nothing may set the square
    #: the search takes next apart from the other choices.
    conceal: bool = False
    #: A solved closed tour: draw the segment back to the start.
    closing: bool = False
    #: Squares to outline, e.g. a stack level hovered in a panel: square -> colour.
    highlights: dict[int, QColor] = field(default_factory=dict)
    #: Squares removed from the board (drawn as absent), and squares a verdict is about
    #: (out of reach: hatched).
    holes: frozenset[int] = frozenset()
    marked: frozenset[int] = frozenset()

    @property
    def current(self) -> int | None:
        """The square the search stands on, or the start square before any event."""
        path = self.model.path
        if path:
            return self.model.current
        if self.start is None:
            return None
        return self.start[0] * self.model.cols + self.start[1]


class Layer:
    """One aspect of the board. Subclasses set ``z`` and implement ``paint``."""

    z = Z_OVERLAY

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        raise NotImplementedError

    def invalidate(self) -> None:
        """Drop caches (palette or font changed)."""


class Overlay(Layer):
    """A layer a window lays over the board (``BoardWidget.set_overlay``), apart from the
    puzzle's own; it may explain a square in a tooltip."""

    z = Z_MAP

    def tooltip(self, square: int) -> str | None:
        """The tooltip for ``square`` (board index), or None for none."""
        return None


def load_svg(name: str) -> QSvgRenderer:
    data = (resources.files("knightviz.resources") / name).read_bytes()
    return QSvgRenderer(QByteArray(data))


def new_pixmap(width: float, height: float, dpr: float) -> QPixmap:
    pm = QPixmap(QSize(max(1, round(width * dpr)), max(1, round(height * dpr))))
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    return pm


class SvgPiece:
    """An SVG piece rendered once per pixel size and screen (DPR-aware), then blitted."""

    def __init__(self, name: str) -> None:
        self._svg = load_svg(name)
        self._cache: dict[tuple[int, float], QPixmap] = {}

    def pixmap(self, side: float, dpr: float) -> QPixmap:
        px = max(4, int(side))
        key = (px, dpr)
        pm = self._cache.get(key)
        if pm is None:
            pm = new_pixmap(px, px, dpr)
            with QPainter(pm) as p:
                p.setRenderHint(QPainter.RenderHint.Antialiasing)
                self._svg.render(p, QRectF(0, 0, px, px))
            if len(self._cache) > 8:
                self._cache.clear()
            self._cache[key] = pm
        return pm

    def draw(self, p: QPainter, centre: QPointF, side: float, dpr: float) -> None:
        pm = self.pixmap(side, dpr)
        target = QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side)
        p.drawPixmap(target, pm, QRectF(pm.rect()))


# -- shared layers --------------------------------------------------------------------------


class SquaresLayer(Layer):
    """The chequered squares, the frame and the file/rank labels, cached in one pixmap."""

    z = Z_SQUARES

    def __init__(self) -> None:
        self._pixmap: QPixmap | None = None
        self._key: tuple[object, ...] = ()

    def invalidate(self) -> None:
        self._pixmap = None

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        g = ctx.geometry
        key = (g.key(), ctx.dpr, ctx.palette.cacheKey(), ctx.font.key(), ctx.holes)
        if self._pixmap is None or key != self._key:
            self._pixmap = self._render(ctx)
            self._key = key
        p.drawPixmap(0, 0, self._pixmap)

    def _render(self, ctx: PaintContext) -> QPixmap:
        g = ctx.geometry
        pm = new_pixmap(g.width, g.height, ctx.dpr)
        pm.fill(ctx.palette.color(QPalette.ColorRole.Window))
        rect, s = g.board, g.square
        light, dark = square_colours(ctx.palette)
        with QPainter(pm) as p:
            p.setPen(Qt.PenStyle.NoPen)
            p.fillRect(rect, light)
            for row in range(g.rows):
                top = rect.top() + row * s
                for col in range(1 - row % 2, g.cols, 2):
                    p.fillRect(QRectF(rect.left() + col * s, top, s, s), dark)
            if ctx.holes:
                _draw_holes(p, ctx)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            frame = QColor(ctx.palette.color(QPalette.ColorRole.WindowText))
            frame.setAlpha(90)
            p.setPen(QPen(frame, 1.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(rect.adjusted(-0.5, -0.5, 0.5, 0.5))
            p.setFont(label_font(ctx.font, g))
            p.setPen(ctx.palette.color(QPalette.ColorRole.WindowText))
            centre = Qt.AlignmentFlag.AlignCenter
            for text, r in g.file_labels():
                p.drawText(r, centre, text)
            right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
            for i, (text, r) in enumerate(g.rank_labels()):
                p.drawText(r, right if i % 2 == 0 else left, text)
        return pm


def _draw_holes(p: QPainter, ctx: PaintContext) -> None:
    """A removed square is absent: the window's own colour, a faint dashed outline where
    the square was (so the board's shape reads, and a hole is not taken for a dark square)."""
    g = ctx.geometry
    rect, s = g.board, g.square
    window = ctx.palette.color(QPalette.ColorRole.Window)
    edge = QColor(ctx.palette.color(QPalette.ColorRole.WindowText))
    edge.setAlpha(70)
    pen = QPen(edge, 1.0, Qt.PenStyle.DashLine)
    for sq in ctx.holes:
        row, col = divmod(sq, g.cols)
        cell = QRectF(rect.left() + col * s, rect.top() + row * s, s, s)
        p.fillRect(cell, window)
        if s >= 8:
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(cell.adjusted(1.5, 1.5, -1.5, -1.5))
            p.setPen(Qt.PenStyle.NoPen)


class MarkedLayer(Layer):
    """Squares a verdict is about (out of the piece's reach): hatched in the highlight's
    colour, so the reason's squares are seen on the board."""

    z = Z_SQUARES + 1

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        if not ctx.marked:
            return
        g = ctx.geometry
        colour = QColor(200, 40, 40, 150)
        brush = QBrush(colour, Qt.BrushStyle.BDiagPattern)
        p.save()
        p.setPen(QPen(colour, 1.5))
        p.setBrush(brush)
        for sq in ctx.marked:
            row, col = divmod(sq, g.cols)
            p.drawRect(g.square_rect(row, col).adjusted(1.5, 1.5, -1.5, -1.5))
        p.restore()


def square_colours(palette: QPalette) -> tuple[QColor, QColor]:
    """(light, dark) squares for a light or a dark palette."""
    return (LIGHT_DIMMED, DARK_DIMMED) if is_dark(palette) else (LIGHT, DARK)


def label_font(base: QFont, g: BoardGeometry) -> QFont:
    """The label font for a widget of this size (``BoardWidget`` measures the same font)."""
    font = QFont(base)
    font.setPixelSize(label_px(g.width, g.height))
    return font


def label_px(width: float, height: float) -> int:
    return max(10, min(13, int(min(width, height) / 50)))


def number_font(base: QFont, px: int) -> QFont:
    """The bold font of move numbers and badges (``BoardWidget`` measures it once)."""
    font = QFont(base)
    font.setPixelSize(px)
    font.setBold(True)
    return font


def _shade_table() -> list[int]:
    """Index 0 transparent; 1…255 a faint blue early in the run to a deep blue late."""
    table = [0]
    for k in range(255):
        t = k / 254
        # One blue, faint early and deep late: a pale blue over the board's beige and
        # brown read grey, mauve and olive, never the "pale to deep blue" the guide said.
        r = int(60 + (25 - 60) * t)
        g = int(110 + (60 - 110) * t)
        b = int(230 + (200 - 230) * t)
        table.append(QColor(r, g, b, 40 + int(120 * t)).rgba())
    return table


SHADE_TABLE = _shade_table()
SHADE_COLOURS = [QColor.fromRgba(c) for c in SHADE_TABLE]


class ShadeLayer(Layer):
    """Visited squares tinted along a gradient by their order (early pale, late deep)."""

    z = Z_SHADE

    def __init__(self) -> None:
        #: Off for puzzles whose order of placement says nothing (no start square).
        self.enabled = True
        self._image: QImage | None = None
        self._version = -1
        self._ramp = b""

    def invalidate(self) -> None:
        self._image = None

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        m = ctx.model
        if not self.enabled or m.values > 1 or (len(m.path) <= 1 and ctx.start is not None):
            return
        if m.size <= 1024:
            # Few squares: direct fills are cheaper than scaling an image. Antialiasing off:
            # square fills then take Qt's fast path (~8x cheaper).
            scale = 254 / max(1, m.size - 1)
            rects = ctx.geometry.rects
            p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            for i, sq in enumerate(m.path):
                p.fillRect(rects[sq], SHADE_COLOURS[1 + int(i * scale)])
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            return
        if self._image is None or self._version != m.version:
            self._image = self._build(m)
            self._version = m.version
        p.save()
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        p.drawImage(ctx.geometry.board, self._image)
        p.restore()

    def _build(self, m: BoardModel) -> QImage:
        n = m.size
        buf = bytearray(n)
        if len(self._ramp) != n:
            self._ramp = bytes(1 + (i * 254) // max(1, n - 1) for i in range(n))
        # map() runs the stores at C speed: ~3x a Python loop on 10,000 squares.
        deque(map(buf.__setitem__, m.path, self._ramp), maxlen=0)
        img = QImage(bytes(buf), m.cols, m.rows, m.cols, QImage.Format.Format_Indexed8)
        img.setColorTable(SHADE_TABLE)
        # Converting owns the pixels (``buf`` goes away) and spares every paint a conversion.
        return img.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)


class FlashLayer(Layer):
    """Squares just backtracked off fade from red."""

    z = Z_FLASH

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        rects = ctx.geometry.rects
        for sq, strength in ctx.model.live_flashes():
            colour = QColor(FLASH)
            colour.setAlphaF(0.75 * strength)
            p.fillRect(rects[sq], colour)


class MarkerLayer(Layer):
    """The square the search stands on: a tint and a ring, never smaller than MIN_MARKER."""

    z = Z_MARKER

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        g = ctx.geometry
        if ctx.drag_pos is not None:
            target = g.square_at(ctx.drag_pos)
            if target is not None:  # where the piece would land if dropped now
                pen = QPen(ctx.palette.color(QPalette.ColorRole.Highlight), 2.0)
                pen.setStyle(Qt.PenStyle.DashLine)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(g.square_rect(*target).adjusted(1, 1, -1, -1))
            return
        current = ctx.current
        if current is None:
            return
        rect = g.rects[current]
        highlight = ctx.palette.color(QPalette.ColorRole.Highlight)
        tint = QColor(highlight)
        tint.setAlpha(110)
        p.fillRect(rect, tint)
        if rect.width() >= MIN_MARKER:
            pen = QPen(highlight, max(1.5, rect.width() / 16))
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            inset = pen.widthF() / 2
            p.drawRect(rect.adjusted(inset, inset, -inset, -inset))
            return
        # Tiny squares: a ring around the square, with a light halo so it shows on any colour.
        ring = marker_rect(g, current).adjusted(HALO / 2, HALO / 2, -HALO / 2, -HALO / 2)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(255, 255, 255, 220), HALO))
        p.drawRoundedRect(ring, 3, 3)
        p.setPen(QPen(highlight, 2.0))
        p.drawRoundedRect(ring, 3, 3)


def marker_rect(g: BoardGeometry, square: int) -> QRectF:
    """Where the current-square ring is drawn, to the outer edge of its pen: on the square, or
    around a square smaller than MIN_MARKER in a box that big (a square and a ring: a ring
    can be moved in from the board's edge and still enclose a corner square)."""
    rect = g.rects[square]
    if rect.width() >= MIN_MARKER:
        return rect
    return g.box(square, MIN_MARKER + 4 + HALO)


class HighlightLayer(Layer):
    """Squares picked out by a panel (a stack level under the mouse, a solution)."""

    z = Z_OVERLAY

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        if not ctx.highlights:
            return
        rects = ctx.geometry.rects
        size = len(rects)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for sq, colour in ctx.highlights.items():
            rect = rects[sq % size]  # an event's square, when a square holds several values
            pen = QPen(colour, max(2.0, rect.width() / 10))
            p.setPen(pen)
            w = pen.widthF() / 2
            p.drawRect(rect.adjusted(w, w, -w, -w))


class FocusLayer(Layer):
    """A dashed frame while the board has keyboard focus and the start may be moved."""

    z = Z_FOCUS

    def __init__(self) -> None:
        self.visible = False

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        if self.visible:
            # Crisp, not antialiased: a dashed outline of the whole board, antialiased,
            # cost more than the rest of the board at every frame of a run.
            pen = QPen(ctx.palette.color(QPalette.ColorRole.Highlight), 2)
            pen.setStyle(Qt.PenStyle.DashLine)
            p.save()
            p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(ctx.geometry.board.adjusted(-3, -3, 3, 3).toAlignedRect())
            p.restore()
