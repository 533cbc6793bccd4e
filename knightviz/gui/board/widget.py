"""The board widget: paints a BoardModel through its layers; the piece is dragged to a start.

``paintEvent`` only asks each layer to paint; where things go is ``BoardGeometry``'s job and
what they look like is each layer's. The moving parts are repainted on a screen-rate timer
that checks the model's version, never once per event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from time import monotonic

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QHideEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from knightviz.gui.board.geometry import BoardGeometry, TextMetrics
from knightviz.gui.board.layers import (
    FlashLayer,
    FocusLayer,
    HighlightLayer,
    Layer,
    MarkedLayer,
    MarkerLayer,
    Overlay,
    PaintContext,
    ShadeLayer,
    SquaresLayer,
    label_px,
    number_font,
)
from knightviz.gui.board.model import BoardModel

#: After a solver frame was painted, the screen-rate timer leaves painting to the next frame.
FRAME_GRACE = 0.02
#: Pixels the mouse must travel before a press on the piece becomes a drag.
DRAG_SLOP = 3.0

_ARROWS: dict[Qt.Key, tuple[int, int]] = {
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
}


class BoardWidget(QWidget):
    """Squares, labels and the puzzle's layers; drag, click or arrow keys move the start."""

    #: The user chose a new start square (drag, click or arrow keys): ``row * cols + col``.
    start_changed = Signal(int)
    #: The user tried to move the piece while a run is going.
    drag_refused = Signal()
    #: The mouse is over a square (row, col), or left the board (-1, -1).
    hovered = Signal(int, int)
    #: A square clicked while the board takes answers (``set_picking``): ``row * cols + col``.
    square_picked = Signal(int)
    #: Edit board mode: the user removed or restored squares; the new holes (square ints).
    holes_edited = Signal(object)
    #: Typing mode (``set_typing``): a character typed on the selected square, "" for
    #: Delete, "\b" for Backspace: (square, text).
    square_typed = Signal(int, str)

    def __init__(self, model: BoardModel | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(220, 220)
        self.setAccessibleName(self.tr("Chess board"))
        self._model = model if model is not None else BoardModel(8, 8, (0,))
        self._start: tuple[int, int] | None = (0, 0)
        self._movable = True
        self._interactive = True
        self._details = False
        self._conceal = False
        self._closing = False
        self._highlights: dict[int, QColor] = {}
        self._focus_layer = FocusLayer()
        self._shade_layer = ShadeLayer()
        self._holes: frozenset[int] = frozenset()
        self._marked: frozenset[int] = frozenset()
        self._editing = False
        #: While a stroke of the editor goes on: True removes squares, False restores them.
        self._stroke: bool | None = None
        self._base: list[Layer] = [
            SquaresLayer(),
            MarkedLayer(),
            self._shade_layer,
            FlashLayer(),
            MarkerLayer(),
            HighlightLayer(),
            self._focus_layer,
        ]
        self._puzzle_layers: list[Layer] = []
        self._overlay: Overlay | None = None
        self._layers = sorted(self._base, key=lambda layer: layer.z)
        self._metrics = TextMetrics()
        self._metrics_key: tuple[str, int] = ("", 0)
        self._geometry: BoardGeometry | None = None
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
        self._picking = False
        #: Typing mode: a click selects a square, arrows move it, keys type on it.
        self._typing = False
        self._selected: int | None = None
        self._hover: int | None = None
        #: (square, fx, fy) -> the event a click answers ("your turn"), or None: the square.
        self._picker: Callable[[int, float, float], int] | None = None

    # -- public API -----------------------------------------------------------------------

    def model(self) -> BoardModel:
        return self._model

    def set_model(self, model: BoardModel) -> None:
        """Show another model (a new board size or puzzle, another run)."""
        if model is self._model:
            return
        self._model = model
        if self._start is not None:
            r, c = self._start
            self._start = (min(r, model.rows - 1), min(c, model.cols - 1))
        if self._selected is not None and self._selected >= model.size:
            self._selected = None
        self._geometry = None
        self._painted_version = -1
        self.update()

    def set_holes(self, holes: frozenset[int]) -> None:
        """Squares removed from the board (drawn as absent; the piece never goes there)."""
        if holes != self._holes:
            self._holes = frozenset(holes)
            self.update()

    def holes(self) -> frozenset[int]:
        return self._holes

    def set_marked(self, squares: Iterable[int]) -> None:
        """Squares the verdict is about (out of reach), hatched."""
        marked = frozenset(squares)
        if marked != self._marked:
            self._marked = marked
            self.update()

    def marked(self) -> frozenset[int]:
        return self._marked

    def set_editing(self, on: bool) -> None:
        """Edit board mode: a click or a drag removes squares (or, starting on a removed
        one, restores them) instead of moving the piece."""
        self._editing = on
        self._stroke = None
        self.unsetCursor()
        self.update()

    def editing(self) -> bool:
        return self._editing

    def _edit(self, row: int, col: int) -> None:
        """One square of an editor's stroke: removed or restored as the stroke began (the
        last square is never removed: a board keeps one square)."""
        square = row * self._model.cols + col
        if self._stroke is None:
            self._stroke = square not in self._holes
        if self._stroke and square not in self._holes:
            if len(self._holes) + 1 >= self._model.size:
                return
            holes = self._holes | {square}
        elif not self._stroke and square in self._holes:
            holes = self._holes - {square}
        else:
            return
        self._holes = holes
        self.update()
        self.holes_edited.emit(holes)

    def set_layers(self, layers: Iterable[Layer]) -> None:
        """The puzzle's own layers, painted between the shared ones by their ``z``."""
        self._puzzle_layers = list(layers)
        self._sort_layers()

    def layers(self) -> list[Layer]:
        return list(self._layers)

    def set_overlay(self, overlay: Overlay | None) -> None:
        """Lay ``overlay`` over the board (the start-square map), or remove it (None).

        Apart from the puzzle's layers, which stay as they are; its tooltips are shown.
        """
        if overlay is not self._overlay:
            self._overlay = overlay
            self._sort_layers()

    def overlay(self) -> Overlay | None:
        return self._overlay

    def _sort_layers(self) -> None:
        extra: list[Layer] = [] if self._overlay is None else [self._overlay]
        self._layers = sorted(self._base + self._puzzle_layers + extra, key=lambda x: x.z)
        self.update()

    def start_square(self) -> tuple[int, int]:
        """Where the piece stands before a run: (row, col), row 0 at the top."""
        return self._start if self._start is not None else (0, 0)

    def set_start_square(self, row: int, col: int) -> None:
        """Move the start square without telling anyone (the window restores settings);
        nothing for a puzzle without one (``set_movable_start(False)``)."""
        if not self._movable:
            return
        self._start = (row, col)
        self.update()

    def set_start(self, square: int) -> None:
        """The start square as the engine names it (``row * cols + col``)."""
        self.set_start_square(*divmod(square, self._model.cols))

    def set_movable_start(self, movable: bool) -> None:
        """False for puzzles without a start square (pieces placed): no start, no order shading."""
        self._shade_layer.enabled = self._movable = movable
        if not movable:
            self._start = None
        elif self._start is None:
            self._start = (0, 0)
        self.update()

    def set_interactive(self, interactive: bool) -> None:
        """False while a run is going: the piece cannot be dragged then."""
        self._interactive = interactive
        self._drag_pos = None
        self._press = None
        self.unsetCursor()
        self.update()

    def set_picking(self, picking: bool) -> None:
        """A click on a square answers a question ("your turn") instead of moving the
        start: the board emits ``square_picked``, whatever the run's state."""
        if picking != self._picking:
            self._picking = picking
            self.unsetCursor()
            self.update()

    @property
    def picking(self) -> bool:
        return self._picking

    def set_picker(self, picker: Callable[[int, float, float], int] | None) -> None:
        """What a click answers: ``picker(square, fx, fy)`` with the click's place in the
        square (0..1 from its top left) gives the event; None: the square itself."""
        self._picker = picker

    def set_typing(self, on: bool) -> None:
        """Typing mode, for a puzzle whose squares take characters (its problem is typed
        onto the board): a click selects a square, arrows move the selection, a key types
        on it (``square_typed``), Delete or Backspace clears it; only while interactive."""
        if on != self._typing:
            self._typing = on
            if not on:
                self._selected = None
            self.update()

    @property
    def typing(self) -> bool:
        return self._typing

    @property
    def selected(self) -> int | None:
        """The square typing goes to (typing mode), or None."""
        return self._selected

    def select(self, square: int | None) -> None:
        self._selected = square
        self.update()

    def _typing_now(self) -> bool:
        return self._typing and self._interactive and not self._picking and not self._editing

    def set_details(self, details: bool) -> None:
        """Show per-square explanations (degrees, rejected squares): paced or paused."""
        if details != self._details:
            self._details = details
            self.update()

    def details(self) -> bool:
        return self._details

    def set_concealed(self, conceal: bool) -> None:
        """Ask before telling ("your turn"): the square the search takes next is drawn as
        its other choices are (no frame, no colour of its own)."""
        if conceal != self._conceal:
            self._conceal = conceal
            self.update()

    def concealed(self) -> bool:
        return self._conceal

    def set_closing(self, closing: bool) -> None:
        """Draw the segment back to the start (a solved closed tour)."""
        self._closing = closing
        self.update()

    def closing(self) -> bool:
        return self._closing

    def set_highlights(self, highlights: dict[int, QColor]) -> None:
        """Outline these squares (a panel's row under the mouse); empty to clear."""
        if highlights != self._highlights:
            self._highlights = dict(highlights)
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
            if self._model.flashes and self.isVisible() and not self._frame_timer.isActive():
                self._frame_timer.start()  # never for a closed window (showEvent restarts)

    # -- geometry ---------------------------------------------------------------------------

    def board_geometry(self) -> BoardGeometry:
        """The board → widget mapping for the current size, model and font (cached)."""
        metrics = self._text_metrics()
        m = self._model
        g = self._geometry
        if g is None or g.key() != (self.width(), self.height(), m.rows, m.cols, metrics):
            g = BoardGeometry(self.width(), self.height(), m.rows, m.cols, metrics)
            self._geometry = g
        return g

    def _text_metrics(self) -> TextMetrics:
        """Measure the label and number fonts once per font and label size."""
        px = label_px(self.width(), self.height())
        key = (self.font().key(), px)
        if key != self._metrics_key:
            font = QFont(self.font())
            font.setPixelSize(px)
            fm = QFontMetricsF(font)
            digit = max(fm.horizontalAdvance(d) for d in "0123456789")
            letter = max(fm.horizontalAdvance(ch) for ch in "abcdefghijklmnopqrstuvwxyz")
            nfm = QFontMetricsF(number_font(self.font(), 100))
            per_px = max(nfm.horizontalAdvance(d) for d in "0123456789") / 100
            self._metrics = TextMetrics(fm.height(), digit, letter, per_px)
            self._metrics_key = key
        return self._metrics

    def square_size(self) -> float:
        return self.board_geometry().square

    def square_rect(self, row: int, col: int) -> QRectF:
        """The square's rectangle in widget coordinates."""
        return self.board_geometry().square_rect(row, col)

    def square_at(self, point: QPointF) -> tuple[int, int] | None:
        """The (row, col) under ``point``, or None off the board."""
        return self.board_geometry().square_at(QPointF(point))

    def tooltip_at(self, point: QPointF) -> str | None:
        """The overlay's tooltip for the square under ``point`` (None: no overlay, off the
        board, or nothing to say)."""
        square = self.square_at(point)
        if self._overlay is None or square is None:
            return None
        return self._overlay.tooltip(square[0] * self._model.cols + square[1])

    def piece_square(self) -> tuple[int, int]:
        """Where the piece is drawn: the search's current square, or the start square."""
        cur = self._model.current
        if cur is None:
            return self.start_square()
        return divmod(cur, self._model.cols)

    def sizeHint(self) -> QSize:
        return QSize(600, 600)

    def minimumSizeHint(self) -> QSize:
        return QSize(220, 220)

    # -- painting -----------------------------------------------------------------------------

    def paint_context(self) -> PaintContext:
        return PaintContext(
            geometry=self.board_geometry(),
            model=self._model,
            palette=self.palette(),
            dpr=self.devicePixelRatioF(),
            font=self.font(),
            start=self._start,
            drag_pos=self._drag_pos,
            details=self._details,
            conceal=self._conceal,
            closing=self._closing,
            highlights=self._with_selection(),
            holes=self._holes,
            marked=self._marked,
        )

    def _with_selection(self) -> dict[int, QColor]:
        """The panels' highlights, and the selected square while typing takes keys."""
        sel = self._selected
        if sel is None or not self._typing_now() or sel >= self._model.size:
            return self._highlights
        out = dict(self._highlights)
        out[sel] = self.palette().color(self.palette().ColorRole.Highlight)
        return out

    def paintEvent(self, event: QPaintEvent) -> None:
        t0 = monotonic()
        self._focus_layer.visible = self.hasFocus() and self._interactive
        ctx = self.paint_context()
        with QPainter(self) as p:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            for layer in self._layers:
                layer.paint(p, ctx)
        self._painted_version = self._model.version
        self._last_paint = now = monotonic()
        self._paint_cost = 0.8 * self._paint_cost + 0.2 * (now - t0)

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

    def hideEvent(self, event: QHideEvent) -> None:
        # Nothing to animate while hidden (a closed window's timer must not tick on).
        self._frame_timer.stop()
        super().hideEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._animating or self._model.flashes:
            self._frame_timer.start()

    def _on_frame_timer(self) -> None:
        self.refresh()
        if not self._animating and not self._model.flashes:
            self._frame_timer.stop()

    # -- input --------------------------------------------------------------------------------

    def _choose(self, row: int, col: int) -> None:
        if row * self._model.cols + col in self._holes:
            self.update()  # no piece on a removed square: it goes back
            return
        if (row, col) != self._start or self._model.current != row * self._model.cols + col:
            self._start = (row, col)
            self.start_changed.emit(row * self._model.cols + col)
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self._picking and event.button() == Qt.MouseButton.LeftButton:
            pos = event.position()
            square = self.square_at(pos)
            if square is not None:
                sq = square[0] * self._model.cols + square[1]
                if self._picker is not None:
                    rect = self.square_rect(*square)
                    fx = (pos.x() - rect.left()) / max(1.0, rect.width())
                    fy = (pos.y() - rect.top()) / max(1.0, rect.height())
                    sq = self._picker(sq, min(max(fx, 0.0), 1.0), min(max(fy, 0.0), 1.0))
                self.square_picked.emit(sq)
            event.accept()
            return
        if self._typing_now() and event.button() == Qt.MouseButton.LeftButton:
            square = self.square_at(event.position())
            if square is not None:
                self.setFocus(Qt.FocusReason.MouseFocusReason)
                self.select(square[0] * self._model.cols + square[1])
            event.accept()
            return
        if self._editing and event.button() == Qt.MouseButton.LeftButton:
            square = self.square_at(event.position())
            if square is not None and not self._interactive:
                self.drag_refused.emit()
            elif square is not None:
                self._stroke = None
                self._edit(*square)
            event.accept()
            return
        if event.button() != Qt.MouseButton.LeftButton or self._start is None:
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
        square = self.square_at(pos)
        self.hovered.emit(*(square if square is not None else (-1, -1)))
        self._hover = None if square is None else square[0] * self._model.cols + square[1]
        if self._editing:
            if self._stroke is not None and square is not None:
                self._edit(*square)  # a drag goes on removing (or restoring)
            self.setCursor(
                Qt.CursorShape.CrossCursor if square is not None else Qt.CursorShape.ArrowCursor
            )
            return
        if self._press is not None and self._press_square == self.piece_square():
            moved = (pos - self._press).manhattanLength() >= DRAG_SLOP
            if self._drag_pos is not None or moved:
                self._drag_pos = pos
                self.setCursor(Qt.CursorShape.ClosedHandCursor)
                self.update()
            return
        if self._picking and square is not None:
            self.setCursor(Qt.CursorShape.PointingHandCursor)
        elif self._start is not None and self._interactive and square == self.piece_square():
            self.setCursor(Qt.CursorShape.OpenHandCursor)
        else:
            self.unsetCursor()

    def leaveEvent(self, event: QEvent) -> None:
        self._hover = None
        self.hovered.emit(-1, -1)
        super().leaveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._editing:
            self._stroke = None
            return
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
        # window's Right = Step key only acts when they may not.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and self._interactive
            and self._start is not None
            and isinstance(event, QKeyEvent)
            and event.key() in _ARROWS
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
        ):
            event.accept()
            return True
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and self._typing_now()
            and (self._typed(event) is not None or event.key() in _ARROWS)
        ):
            event.accept()  # typing wins over the window's one-key shortcuts
            return True
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            pos = QPointF(event.pos())
            text = self.tooltip_at(pos)
            square = self.square_at(pos)
            if text and square is not None:
                # Bound to the square: moving to the next one asks again.
                rect = self.square_rect(*square).toAlignedRect()
                QToolTip.showText(event.globalPos(), text, self, rect)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def _typed(self, event: QKeyEvent) -> str | None:
        """What a key types in typing mode ("" clears), or None: not a typing key (arrows
        move the selection)."""
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
            return None
        if event.key() == Qt.Key.Key_Delete:
            return ""
        if event.key() == Qt.Key.Key_Backspace:
            return "\b"
        text = event.text()
        if len(text) == 1 and (text.isalnum() or text in ".0"):
            return text
        return None

    def _type(self, event: QKeyEvent) -> bool:
        """A key in typing mode (True: taken)."""
        delta = _ARROWS.get(Qt.Key(event.key()))
        m = self._model
        if delta is not None and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            sel = self._selected if self._selected is not None else 0
            row, col = divmod(sel, m.cols)
            row = min(max(row + delta[0], 0), m.rows - 1)
            col = min(max(col + delta[1], 0), m.cols - 1)
            self.select(row * m.cols + col)
            return True
        text = self._typed(event)
        target = self._selected if self._selected is not None else self._hover
        if text is None or target is None:
            return False
        self.square_typed.emit(target, text)
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self._typing_now() and self._type(event):
            event.accept()
            return
        delta = _ARROWS.get(Qt.Key(event.key()))
        if (
            delta is None
            or not self._interactive
            or self._start is None
            or event.modifiers() != Qt.KeyboardModifier.NoModifier
        ):
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
            for layer in self._layers:
                layer.invalidate()
            self._geometry = None
        super().changeEvent(event)
