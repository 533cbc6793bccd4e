"""The board widget: paints a BoardModel and lets the user drag the piece to a start square.

Geometry lives in small pure methods on one board → widget mapping (``square_rect``,
``square_at``); ``paintEvent`` only calls ``_draw_*`` methods. The squares and labels are
cached in a pixmap of ``size × devicePixelRatio``; the moving parts are redrawn on a screen
rate timer that checks the model's version, never once per event.
"""

from __future__ import annotations

import itertools
from collections import deque
from importlib import resources
from time import monotonic

from PySide6.QtCore import (
    QByteArray,
    QEvent,
    QLineF,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QFontMetricsF,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QSizePolicy, QWidget

from knightviz.engine import file_name
from knightviz.gui.model import BoardModel

#: After a solver frame was painted, the screen-rate timer leaves painting to the next frame.
FRAME_GRACE = 0.02

LIGHT = QColor("#f0d9b5")
DARK = QColor("#b58863")
PATH = QColor(46, 62, 98)  # opaque: translucent wide pens make Qt stroke the whole path
NODE = QColor(255, 255, 255, 215)
NODE_TEXT = QColor("#2b2b2b")
FLASH = QColor(220, 40, 40)
CHOSEN = QColor("#1f8a4c")
KNIGHT_MOVES = ((2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1))
#: Squares smaller than this (logical px) show no move numbers; the path is still drawn.
MIN_NUMBER_SQUARE = 18.0
#: Pixels the mouse must travel before a press on the piece becomes a drag.
DRAG_SLOP = 3.0


def _load_svg(name: str) -> QSvgRenderer:
    data = (resources.files("knightviz.resources") / name).read_bytes()
    return QSvgRenderer(QByteArray(data))


class BoardWidget(QWidget):
    """Draws squares, labels, visited numbers, the path, flashes, candidates and the piece."""

    #: The user chose a new start square (drag, click or arrow keys).
    start_changed = Signal(int, int)
    #: The user tried to move the piece while a run is going.
    drag_refused = Signal()

    def __init__(self, model: BoardModel | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(240, 240)
        self.setAccessibleName(self.tr("Chess board"))
        self._model = model if model is not None else BoardModel(8, 8, (0,))
        self._start = (0, 0)
        self._interactive = True
        self._show_degrees = False
        self._closing = False
        self._piece = "knight"
        self._static: QPixmap | None = None
        self._static_key: tuple[object, ...] = ()
        self._shade: QImage | None = None
        self._shade_version = -1
        self._knight_svg = _load_svg("knight.svg")
        self._knight_cache: dict[tuple[int, float], QPixmap] = {}
        self._centres: list[QPointF] = []
        self._rects: list[QRectF] = []
        self._shade_ramp = b""
        self._polygon: QPolygonF | None = None
        self._polygon_key: tuple[int, int] = (-1, -1)
        self._number_cache: dict[tuple[int, int, float], QPixmap] = {}
        self._paint_cost = 0.0
        self._last_paint = 0.0
        #: When ``paint_frame`` last painted (solver frames drive painting at unlimited).
        self._last_frame = 0.0
        self._press: QPointF | None = None
        self._press_square: tuple[int, int] | None = None
        self._drag_pos: QPointF | None = None
        self._painted_version = -1
        self._frame_timer = QTimer(self)
        self._frame_timer.setInterval(16)
        self._frame_timer.timeout.connect(self._on_frame_timer)
        self._animating = False

    # -- public API ---------------------------------------------------------------------

    def model(self) -> BoardModel:
        return self._model

    def set_model(self, model: BoardModel) -> None:
        """Show another model (a new board size or puzzle)."""
        self._model = model
        r, c = self._start
        self._start = (min(r, model.rows - 1), min(c, model.cols - 1))
        self._invalidate_static()
        self._shade_version = -1
        self.update()

    def start_square(self) -> tuple[int, int]:
        """Where the piece stands before a run: (row, col), row 0 at the top."""
        return self._start

    def set_start_square(self, row: int, col: int) -> None:
        """Move the start square without telling anyone (the window restores settings)."""
        self._start = (row, col)
        self.update()

    def set_interactive(self, interactive: bool) -> None:
        """False while a run is going: the piece cannot be dragged then."""
        self._interactive = interactive
        self._drag_pos = None
        self._press = None
        self.unsetCursor()
        self.update()

    def is_interactive(self) -> bool:
        return self._interactive

    def set_show_degrees(self, show: bool) -> None:
        """Show Warnsdorff candidates' onward degrees (paced speeds only)."""
        if show != self._show_degrees:
            self._show_degrees = show
            self.update()

    def set_piece(self, piece: str) -> None:
        """``"knight"`` (path drawn) or ``"queen"`` (every occupied square holds a piece)."""
        self._piece = piece
        self.update()

    def set_closing(self, closing: bool) -> None:
        """Draw the segment back to the start (a solved closed tour)."""
        self._closing = closing
        self.update()

    def set_animating(self, on: bool) -> None:
        """Repaint at screen rate while a run is going (and while flashes fade)."""
        self._animating = on
        if on:
            self._frame_timer.start()
        self.refresh()

    def refresh(self) -> None:
        """Repaint if the model changed since the last paint.

        At most at screen rate, and never spending more than about a fifth of the time
        painting: the solver thread shares the interpreter with us. Skipped while frames
        from the solver arrive and are painted at once (``paint_frame``).
        """
        now = monotonic()
        if now - self._last_paint < 4 * self._paint_cost or now - self._last_frame < FRAME_GRACE:
            return
        if self._model.version != self._painted_version or self._model.flashes:
            self.update()
            if self._model.flashes and not self._frame_timer.isActive():
                self._frame_timer.start()

    # -- geometry (pure: depends only on size, board and font) ------------------------------

    def _label_band(self) -> float:
        return QFontMetricsF(self._label_font()).height() + 6.0

    def _label_font(self) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(9, min(13, int(min(self.width(), self.height()) / 50))))
        return font

    def board_rect(self) -> QRectF:
        """The squares' area in widget coordinates (labels go outside it)."""
        m = self._model
        band = self._label_band()
        w = max(1.0, self.width() - 2 * band)
        h = max(1.0, self.height() - 2 * band)
        side = min(w / m.cols, h / m.rows)
        bw, bh = side * m.cols, side * m.rows
        return QRectF((self.width() - bw) / 2, (self.height() - bh) / 2, bw, bh)

    def square_size(self) -> float:
        return self.board_rect().width() / self._model.cols

    def square_rect(self, row: int, col: int) -> QRectF:
        """The square's rectangle in widget coordinates."""
        r = self.board_rect()
        s = r.width() / self._model.cols
        return QRectF(r.left() + col * s, r.top() + row * s, s, s)

    def square_at(self, point: QPointF) -> tuple[int, int] | None:
        """The (row, col) under ``point``, or None off the board."""
        r = self.board_rect()
        if not r.contains(point):
            return None
        s = r.width() / self._model.cols
        col = int((point.x() - r.left()) / s)
        row = int((point.y() - r.top()) / s)
        if 0 <= row < self._model.rows and 0 <= col < self._model.cols:
            return (row, col)
        return None

    def piece_square(self) -> tuple[int, int]:
        """Where the knight is drawn: the search's current square, or the start square."""
        cur = self._model.current
        if cur is None:
            return self._start
        return divmod(cur, self._model.cols)

    def sizeHint(self) -> QSize:
        return QSize(640, 640)

    def heightForWidth(self, width: int) -> int:
        return width

    # -- painting ---------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        t0 = monotonic()
        with QPainter(self) as p:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            self._draw_static(p)
            self._draw_visited(p)
            self._draw_flashes(p)
            self._draw_current(p)
            if self._piece == "knight":
                self._draw_path(p)
            self._draw_numbers(p)
            self._draw_candidates(p)
            self._draw_piece(p)
            self._draw_focus(p)
        self._painted_version = self._model.version
        self._last_paint = now = monotonic()
        self._paint_cost = 0.8 * self._paint_cost + 0.2 * (now - t0)

    def _draw_static(self, p: QPainter) -> None:
        dpr = self.devicePixelRatioF()
        key = (self.size(), dpr, self._model.rows, self._model.cols, self.palette().cacheKey())
        if self._static is None or key != self._static_key:
            self._static = self._render_static(dpr)
            self._static_key = key
        p.drawPixmap(0, 0, self._static)

    def _render_static(self, dpr: float) -> QPixmap:
        pm = QPixmap(QSize(max(1, round(self.width() * dpr)), max(1, round(self.height() * dpr))))
        pm.setDevicePixelRatio(dpr)
        pm.fill(self.palette().color(QPalette.ColorRole.Window))
        m = self._model
        rect = self.board_rect()
        s = rect.width() / m.cols
        with QPainter(pm) as p:
            p.setPen(Qt.PenStyle.NoPen)
            p.fillRect(rect, LIGHT)
            for row in range(m.rows):
                top = rect.top() + row * s
                for col in range(1 - row % 2, m.cols, 2):
                    p.fillRect(QRectF(rect.left() + col * s, top, s, s), DARK)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            frame = QColor(self.palette().color(QPalette.ColorRole.WindowText))
            frame.setAlpha(90)
            p.setPen(QPen(frame, 1.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(rect.adjusted(-0.5, -0.5, 0.5, 0.5))
            self._draw_labels(p, rect, s)
        return pm

    def _draw_labels(self, p: QPainter, rect: QRectF, s: float) -> None:
        m = self._model
        font = self._label_font()
        p.setFont(font)
        p.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        fm = QFontMetricsF(font)
        band = self._label_band()
        widest = fm.horizontalAdvance(file_name(m.cols - 1)) + 4
        every = 1
        while s * every < max(widest, fm.height()) + 2:
            every += 1
        centre = Qt.AlignmentFlag.AlignCenter
        for col in range(0, m.cols, every):
            x = rect.left() + col * s
            p.drawText(QRectF(x, rect.bottom() + 1, s, band - 2), centre, file_name(col))
            p.drawText(QRectF(x, rect.top() - band + 1, s, band - 2), centre, file_name(col))
        for row in range(m.rows - 1, -1, -every):
            y = rect.top() + row * s
            text = str(m.rows - row)
            p.drawText(QRectF(rect.left() - band, y, band - 2, s), centre, text)
            p.drawText(QRectF(rect.right() + 2, y, band - 2, s), centre, text)

    def _draw_visited(self, p: QPainter) -> None:
        """Visited squares tinted along a gradient by move number (one scaled image)."""
        m = self._model
        if len(m.path) <= 1 and self._piece == "knight":
            return
        if m.size <= 1024:
            # Few squares: direct fills are cheaper than scaling an image.
            # Antialiasing off: square fills then take Qt's fast path (~8× cheaper).
            scale = 254 / max(1, m.size - 1)
            rects = self._square_rects()
            p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            for i, sq in enumerate(m.path):
                p.fillRect(rects[sq], _SHADE_COLOURS[1 + int(i * scale)])
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            return
        if self._shade is None or self._shade_version != m.version:
            self._shade = self._build_shade()
            self._shade_version = m.version
        p.save()
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        p.drawImage(self.board_rect(), self._shade)
        p.restore()

    def _build_shade(self) -> QImage:
        m = self._model
        n = m.size
        buf = bytearray(n)
        path = m.path
        if len(self._shade_ramp) != n:
            self._shade_ramp = bytes(1 + (i * 254) // max(1, n - 1) for i in range(n))
        # map() runs the stores at C speed: ~3× a Python loop on 10,000 squares.
        deque(map(buf.__setitem__, path, self._shade_ramp), maxlen=0)
        img = QImage(bytes(buf), m.cols, m.rows, m.cols, QImage.Format.Format_Indexed8)
        img.setColorTable(_SHADE_TABLE)
        # Converting owns the pixels (``buf`` goes away) and spares every paint a conversion.
        return img.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)

    def _draw_flashes(self, p: QPainter) -> None:
        for sq, strength in self._model.live_flashes():
            colour = QColor(FLASH)
            colour.setAlphaF(0.75 * strength)
            row, col = divmod(sq, self._model.cols)
            p.fillRect(self.square_rect(row, col), colour)

    def _draw_current(self, p: QPainter) -> None:
        if self._drag_pos is not None:
            target = self.square_at(self._drag_pos)
            if target is not None:  # where the knight would land if dropped now
                pen = QPen(self.palette().color(QPalette.ColorRole.Highlight), 2.0)
                pen.setStyle(Qt.PenStyle.DashLine)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRect(self.square_rect(*target).adjusted(1, 1, -1, -1))
            return
        row, col = self.piece_square()
        rect = self.square_rect(row, col)
        colour = QColor(self.palette().color(QPalette.ColorRole.Highlight))
        colour.setAlpha(110)
        p.fillRect(rect, colour)
        pen = QPen(self.palette().color(QPalette.ColorRole.Highlight), max(1.5, rect.width() / 16))
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        inset = pen.widthF() / 2
        p.drawRect(rect.adjusted(inset, inset, -inset, -inset))

    def _square_rects(self) -> list[QRectF]:
        """Every square's rectangle, cached with the centres (same geometry key)."""
        centres = self._centre_points()
        if len(self._rects) != len(centres):
            half = self.square_size() / 2
            self._rects = [QRectF(c.x() - half, c.y() - half, 2 * half, 2 * half) for c in centres]
        return self._rects

    def _centre_points(self) -> list[QPointF]:
        m = self._model
        rect = self.board_rect()
        s = rect.width() / m.cols
        key = (
            len(self._centres) == m.size
            and self._centres
            and self._centres[0] == QPointF(rect.left() + s / 2, rect.top() + s / 2)
        )
        if not key:
            x0, y0 = rect.left() + s / 2, rect.top() + s / 2
            self._centres = [
                QPointF(x0 + c * s, y0 + r * s) for r in range(m.rows) for c in range(m.cols)
            ]
            self._rects = []
        return self._centres

    def _draw_path(self, p: QPainter) -> None:
        path = self._model.path
        if len(path) < 2:
            return
        centres = self._centre_points()
        s = self.square_size()
        # Small squares: a 1-pixel cosmetic pen (Qt's fast path for 10,000 segments).
        pen = QPen(PATH, 0.0 if s < 14 else min(3.0, s * 0.05))
        pen.setCapStyle(Qt.PenCapStyle.SquareCap)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        if self._closing and len(path) > 2:
            dashed = QPen(pen)
            dashed.setStyle(Qt.PenStyle.DashLine)
            p.setPen(dashed)
            p.drawLine(centres[path[-1]], centres[path[0]])
            p.setPen(pen)
        if len(path) < 2000:
            # Separate opaque segments: one self-crossing polyline with a wide translucent
            # pen costs Qt ~20 ms on 8×8 (it strokes the whole outline); these cost ~1 ms.
            p.drawLines([QLineF(centres[a], centres[b]) for a, b in itertools.pairwise(path)])
        else:
            # Thousands of hairline segments: one polygon, no per-segment Python objects.
            key = (self._model.version, id(centres))
            if self._polygon is None or self._polygon_key != key:
                self._polygon = QPolygonF([centres[sq] for sq in path])
                self._polygon_key = key
            # Aliased hairlines take Qt's fast line path: ~5× cheaper than antialiased.
            p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            p.drawPolyline(self._polygon)
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)

    def _draw_numbers(self, p: QPainter) -> None:
        s = self.square_size()
        m = self._model
        if s < MIN_NUMBER_SQUARE or len(m.path) <= 1 or self._piece != "knight":
            return
        centres = self._centre_points()
        current = m.current if self._drag_pos is None else None
        side = int(s)
        for i, sq in enumerate(m.path):
            if sq == current:
                continue
            pm = self._number_pixmap(i, side)
            c = centres[sq]
            p.drawPixmap(QPointF(c.x() - side / 2, c.y() - side / 2), pm)

    def _number_pixmap(self, number: int, side: int) -> QPixmap:
        """A move number on its disc, rendered once per size and screen (DPR-aware)."""
        dpr = self.devicePixelRatioF()
        key = (number, side, dpr)
        pm = self._number_cache.get(key)
        if pm is not None:
            return pm
        if len(self._number_cache) > 4096:
            self._number_cache.clear()
        pm = QPixmap(QSize(max(1, round(side * dpr)), max(1, round(side * dpr))))
        pm.setDevicePixelRatio(dpr)
        pm.fill(Qt.GlobalColor.transparent)
        with QPainter(pm) as q:
            q.setRenderHint(QPainter.RenderHint.Antialiasing)
            radius = side * 0.23
            box = QRectF(side / 2 - radius, side / 2 - radius, 2 * radius, 2 * radius)
            q.setPen(Qt.PenStyle.NoPen)
            q.setBrush(NODE)
            q.drawEllipse(box)
            font = QFont(self.font())
            font.setPixelSize(max(8, int(side * 0.25)))
            font.setBold(True)
            q.setFont(font)
            q.setPen(NODE_TEXT)
            q.drawText(QRectF(0, 0, side, side), Qt.AlignmentFlag.AlignCenter, str(number))
        self._number_cache[key] = pm
        return pm

    def _draw_candidates(self, p: QPainter) -> None:
        """Warnsdorff's view of the current square: each candidate's onward degree."""
        m = self._model
        if not self._show_degrees or self._piece != "knight" or self._drag_pos is not None:
            return
        cur = m.current
        s = self.square_size()
        if cur is None or s < 14:
            return
        rows, cols, index = m.rows, m.cols, m.index
        r0, c0 = divmod(cur, cols)
        font = QFont(self.font())
        font.setPixelSize(max(8, int(s * 0.24)))
        font.setBold(True)
        p.setFont(font)
        chosen = m.upcoming if m.upcoming is not None and m.upcoming >= 0 else None
        for dr, dc in KNIGHT_MOVES:
            r, c = r0 + dr, c0 + dc
            if not (0 <= r < rows and 0 <= c < cols) or index[r * cols + c] >= 0:
                continue
            degree = 0
            for er, ec in KNIGHT_MOVES:
                rr, cc = r + er, c + ec
                if 0 <= rr < rows and 0 <= cc < cols and index[rr * cols + cc] < 0:
                    degree += 1
            rect = self.square_rect(r, c)
            is_chosen = chosen == r * cols + c
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

    def _piece_pixmap(self, side: float) -> QPixmap:
        dpr = self.devicePixelRatioF()
        px = max(4, int(side))
        key = (px, dpr)
        pm = self._knight_cache.get(key)
        if pm is None:
            pm = QPixmap(QSize(round(px * dpr), round(px * dpr)))
            pm.setDevicePixelRatio(dpr)
            pm.fill(Qt.GlobalColor.transparent)
            with QPainter(pm) as p:
                p.setRenderHint(QPainter.RenderHint.Antialiasing)
                self._knight_svg.render(p, QRectF(0, 0, px, px))
            if len(self._knight_cache) > 8:
                self._knight_cache.clear()
            self._knight_cache[key] = pm
        return pm

    def _draw_piece(self, p: QPainter) -> None:
        s = self.square_size()
        side = s * 0.86
        if self._piece == "queen":
            self._draw_queens(p, s)
            return
        pm = self._piece_pixmap(side)
        if self._drag_pos is not None:
            centre = self._drag_pos
            side *= 1.12  # lifted while dragged
        else:
            row, col = self.piece_square()
            centre = self.square_rect(row, col).center()
        target = QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side)
        p.drawPixmap(target, pm, QRectF(pm.rect()))

    def _draw_queens(self, p: QPainter, s: float) -> None:
        font = QFont(self.font())
        font.setPixelSize(max(6, int(s * 0.75)))
        p.setFont(font)
        p.setPen(QColor("#26221f"))
        for sq in self._model.path:
            row, col = divmod(sq, self._model.cols)
            p.drawText(self.square_rect(row, col), Qt.AlignmentFlag.AlignCenter, "\u265b")

    def _draw_focus(self, p: QPainter) -> None:
        if self.hasFocus() and self._interactive:
            pen = QPen(self.palette().color(QPalette.ColorRole.Highlight), 1.5)
            pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(self.board_rect().adjusted(-3, -3, 3, 3))

    # -- input ------------------------------------------------------------------------

    def _choose(self, row: int, col: int) -> None:
        if (row, col) != self._start or self._model.current != row * self._model.cols + col:
            self._start = (row, col)
            self.start_changed.emit(row, col)
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        pos = event.position()
        square = self.square_at(pos)
        if square is None:
            return
        if not self._interactive:
            self.drag_refused.emit()
            return
        self._press = pos
        self._press_square = square
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        if self._press is not None and self._press_square == self.piece_square():
            moved = (pos - self._press).manhattanLength() >= DRAG_SLOP
            if self._drag_pos is not None or moved:
                self._drag_pos = pos
                self.setCursor(Qt.CursorShape.ClosedHandCursor)
                self.update()
            return
        if self._interactive and self.square_at(pos) == self.piece_square():
            self.setCursor(Qt.CursorShape.OpenHandCursor)
        else:
            self.unsetCursor()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._press is None:
            return
        pos = event.position()
        square = self.square_at(pos)
        dragging = self._drag_pos is not None
        pressed = self._press_square
        self._press = None
        self._press_square = None
        self._drag_pos = None
        self.unsetCursor()
        if square is not None and (dragging or square == pressed):
            self._choose(*square)  # a drop on a square, or a click on one
        self.update()  # off the board: the piece goes back

    def event(self, event: QEvent) -> bool:
        # Arrow keys belong to the board while the user may move the start square, so the
        # window's Right = Step shortcut only fires when it may not.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and self._interactive
            and isinstance(event, QKeyEvent)
            and event.key() in _ARROWS
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        delta = _ARROWS.get(Qt.Key(event.key()))
        if delta is None or not self._interactive:
            super().keyPressEvent(event)
            return
        row, col = self._start
        m = self._model
        row = min(max(row + delta[0], 0), m.rows - 1)
        col = min(max(col + delta[1], 0), m.cols - 1)
        self._choose(row, col)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self._invalidate_static()
        super().changeEvent(event)

    def _invalidate_static(self) -> None:
        self._static = None
        self._centres = []
        self._rects = []

    @Slot()
    def paint_frame(self) -> None:
        """Paint a solver frame now, synchronously.

        The solver waits for this paint before it computes on (it holds the GIL otherwise,
        and a paint competing with it for the GIL takes ten times longer and delays every
        timer in the event loop).
        """
        if self.isVisible() and self._model.version != self._painted_version:
            self.repaint()
            self._last_frame = monotonic()

    def _on_frame_timer(self) -> None:
        self.refresh()
        if not self._animating and not self._model.flashes:
            self._frame_timer.stop()


def _shade_table() -> list[int]:
    """Index 0 transparent; 1…255 pale sky early in the tour to deep blue late."""
    table = [0]
    for k in range(255):
        t = k / 254
        r = int(110 + (40 - 110) * t)
        g = int(200 + (90 - 200) * t)
        b = int(230 + (200 - 230) * t)
        table.append(QColor(r, g, b, 60).rgba())
    return table


_SHADE_TABLE = _shade_table()
_SHADE_COLOURS = [QColor.fromRgba(c) for c in _SHADE_TABLE]

_ARROWS: dict[Qt.Key, tuple[int, int]] = {
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
}
