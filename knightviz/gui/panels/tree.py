"""The search tree of the run on the board, as an icicle: the root on top, one row per
depth, each node split among its candidates in equal shares (Knuth's measure, so the
finished width is the explored gauge's figure).

Two ways to look:

* **Whole tree** (linear zoom): the wheel zooms along the width around the mouse, dragging
  pans, a double-click fits all. A node narrower than a pixel is drawn as one column down to
  the deepest point of its subtree, in its state's colour (8×8 plain's nodes go down to
  10⁻⁶⁰ of the root: no view could draw them one by one).
* **Follow the search** (the default while a run goes): the deepest levels of the current
  path, one band each, every band the children of the path's node above it spread over the
  whole width, so each level is readable however narrow it is in the whole tree.

The layout (a list of segments) is made from ``engine.tree.TreeIndex`` when the position or
the view changes (a few times a second at most while a run goes); painting only draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import monotonic

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QHideEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from knightviz.engine.estimate import Probe
from knightviz.engine.tree import Node, NodeState, TreeIndex, update_budget
from knightviz.gui.panels.elided import SteadyLabel
from knightviz.gui.panels.tree_hover import TreeHover
from knightviz.gui.text import count_of, fmt_big, fmt_int
from knightviz.gui.theme import is_dark

#: Colours of the node states (the stack panel's: finished grey, the path green).
STATE_COLOURS = {
    NodeState.FINISHED: QColor(150, 150, 150),
    NodeState.SOLUTION: QColor("#e69f00"),
    NodeState.PATH: QColor("#1f8a4c"),
    NodeState.UNTRIED: QColor(60, 110, 190),
}
#: A band's height in "follow" (px), the funnel between two bands, and the least row
#: height of the whole tree.
BAND = 30
FUNNEL = 9.0
MIN_ROW = 5
#: Segments at most per layout (a bound on its time; the rest aggregate).
MAX_SEGMENTS = 40_000
#: While a run goes the layout is made again at most this often (s).
LIVE_EVERY = 0.25
#: A paused, ended or brought-back run's recording is read into the index for up to this
#: long in one turn (s): all of plain 8x8's 16.5 million steps take 40 ms compiled, a
#: quarter of a second with numpy; a longer read goes on over the next turns.
CATCH_UP = 0.1


@dataclass(slots=True)
class Segment:
    """A drawn piece: one node in its row (``rows`` > 1: an aggregated column)."""

    row: int
    x0: float
    x1: float
    state: NodeState
    node: Node
    rows: int = 1


class TreeCanvas(TreeHover):
    """The drawing: segments in rows; hover (``TreeHover``), click, wheel and drag."""

    #: Click on a node: the step at which the search entered it.
    seek_requested = Signal(int)
    #: The user zoomed or panned (the panel leaves "follow").
    view_moved = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("searchTreeCanvas")
        self.setMouseTracking(True)
        self.setMinimumSize(160, 120)
        self.index: TreeIndex | None = None
        self.at = 0
        self.follow = True
        #: Whole-tree view: the part of the root's width shown, and the first row.
        self.vx0, self.vx1 = 0.0, 1.0
        self.top = 0
        self.segments: list[Segment] = []
        #: Follow: each band's parent interval (x, w) and the band's first depth.
        self.bands: list[tuple[float, float]] = []
        self.row_h = float(BAND)
        self.first_depth = 0
        self.name: Callable[[int], str] = str
        self.subtree_probe: Callable[[Sequence[int]], Probe | None] = lambda _p: None
        self._press: QPointF | None = None
        self._dragged = False
        self._last_backtrack: Node | None = None
        self.layout_seconds = 0.0

    def sizeHint(self) -> QSize:
        return QSize(360, 300)

    # -- layout --------------------------------------------------------------------------------

    def relayout(self) -> None:
        started = monotonic()
        index = self.index
        self.segments = []
        self.bands = []
        self._last_backtrack = None
        if index is None:
            self.update()
            return
        at = min(self.at, index.limit)
        if self.follow:
            self._layout_follow(index, at)
        else:
            self._layout_whole(index, at)
        if at > 0 and index.event(at) < 0:
            left = self._left_at(index, at)
            self._last_backtrack = left
        self.layout_seconds = monotonic() - started
        self.update()

    def _left_at(self, index: TreeIndex, at: int) -> Node | None:
        """The node the last step (a backtrack) left, for its mark."""
        for seg in self.segments:
            if seg.node.left == at:
                return seg.node
        return None

    def _layout_follow(self, index: TreeIndex, at: int) -> None:
        bands = max(1, int(self.height() // BAND))
        chain = index.path_tail(at, bands)
        self.row_h = float(BAND)
        first = max(0, len(chain) - bands)  # the path node above the first band
        self.first_depth = chain[first].depth + 1 if first < len(chain) else 0
        width = float(self.width())
        for row, parent in enumerate(chain[first:]):
            self.bands.append((parent.x, parent.w))
            for kid in index.kids(parent, at):
                # By its slot, not by widths that underflow 1,000 levels down.
                x0 = kid.slot / kid.slots * width
                x1 = (kid.slot + 1) / kid.slots * width
                self.segments.append(Segment(row, x0, x1, kid.state, kid))

    def _layout_whole(self, index: TreeIndex, at: int) -> None:
        deepest = index.deepest(0, at) if at > 0 else index.root_depth
        depths = deepest - index.root_depth + 1
        self.row_h = max(float(MIN_ROW), min(float(BAND), self.height() / max(depths, 1)))
        rows = max(1, int(self.height() // self.row_h))
        self.top = min(max(0, self.top), max(0, depths - rows))
        self.first_depth = index.root_depth + self.top
        last_depth = self.first_depth + rows - 1
        scale = self.width() / max(self.vx1 - self.vx0, 1e-300)
        vx0, vx1 = self.vx0, self.vx1
        segments = self.segments

        def px(x: float) -> float:
            return (x - vx0) * scale

        stack = [index.root(at)]
        while stack and len(segments) < MAX_SEGMENTS:
            node = stack.pop()
            if node.x + node.w <= vx0 or node.x >= vx1 or node.depth > last_depth:
                continue
            row = node.depth - self.first_depth
            x0, x1 = px(node.x), px(node.x + node.w)
            if x1 - x0 < 1.0 and node.state is not NodeState.UNTRIED:
                # Narrower than a pixel: one column to the deepest point below it.
                end = node.left if node.left is not None else at
                low = min(index.deepest(node.entered, end), last_depth) if end > 0 else node.depth
                if low >= self.first_depth:
                    top_row = max(row, 0)
                    segments.append(
                        Segment(
                            top_row,
                            x0,
                            x0 + 1.0,
                            node.state,
                            node,
                            low - self.first_depth - top_row + 1,
                        )
                    )
                continue
            if row >= 0:
                segments.append(Segment(row, x0, x1, node.state, node))
            if node.state is not NodeState.UNTRIED:
                kids = list(index.kids(node, at))
                stack.extend(reversed(kids))

    # -- reading (the panel's contract) ----------------------------------------------------------

    def node_at(self, x: float, y: float) -> Node | None:
        row = int(y // self.row_h)
        best = None
        for seg in self.segments:
            if seg.row <= row < seg.row + seg.rows and seg.x0 <= x < max(seg.x1, seg.x0 + 1):
                best = seg.node  # the last drawn wins (children after their parents)
        return best

    # -- painting ------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        pal = self.palette()
        dark = is_dark(pal)
        with QPainter(self) as p:
            p.fillRect(self.rect(), pal.color(QPalette.ColorRole.Base))
            if self.index is None:
                p.setPen(pal.color(QPalette.ColorRole.PlaceholderText))
                p.drawText(
                    self.rect(),
                    int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                    self.tr("The tree of the run on the board appears here: press Start."),
                )
                return
            h = self.row_h
            gap = FUNNEL if self.follow else (1.0 if h >= 8 else 0.0)
            text_pen = QPen(QColor("white"))
            fm = self.fontMetrics()
            outline = QPen(pal.color(QPalette.ColorRole.Mid))
            for seg in self.segments:
                colour = STATE_COLOURS[seg.state]
                rect = QRectF(seg.x0, seg.row * h, max(seg.x1 - seg.x0, 1.0), seg.rows * h - gap)
                if seg.state is NodeState.UNTRIED:
                    if rect.width() >= 3:
                        faint = QColor(colour)
                        faint.setAlpha(60 if dark else 35)
                        p.fillRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), faint)
                        p.setPen(outline)
                        p.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5))
                    continue
                p.fillRect(rect, colour)
                if rect.width() >= 4 and seg.rows == 1:
                    p.setPen(pal.color(QPalette.ColorRole.Base))
                    p.drawLine(rect.topRight(), rect.bottomRight())
                name = self.name(seg.node.square) if seg.node.path else self.tr("start")
                if seg.rows == 1 and h >= 12 and rect.width() >= fm.horizontalAdvance(name) + 6:
                    p.setPen(text_pen)
                    p.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), name)
            if self.follow:
                self._paint_funnels(p)
            left = self._last_backtrack
            if left is not None:
                for seg in self.segments:
                    if seg.node is left:
                        p.setPen(Qt.PenStyle.NoPen)
                        p.setBrush(QColor("#d62728"))
                        y = seg.row * h
                        cx = (seg.x0 + max(seg.x1, seg.x0 + 1)) / 2
                        p.drawPolygon([QPointF(cx - 5, y), QPointF(cx + 5, y), QPointF(cx, y + 6)])
                        break

    def _paint_funnels(self, p: QPainter) -> None:
        """Follow: the path's node in one band widens into the whole band below it (its
        children), a funnel in the gap between the two."""
        fill = QColor(STATE_COLOURS[NodeState.PATH])
        fill.setAlpha(45)
        edge = QPen(STATE_COLOURS[NodeState.PATH])
        h = self.row_h
        width = float(self.width())
        for seg in self.segments:
            if seg.state is NodeState.PATH and seg.row + 1 < len(self.bands):
                top = (seg.row + 1) * h - FUNNEL
                bottom = (seg.row + 1) * h
                shape = [
                    QPointF(seg.x0, top),
                    QPointF(seg.x1, top),
                    QPointF(width, bottom),
                    QPointF(0.0, bottom),
                ]
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(fill)
                p.drawPolygon(shape)
                p.setPen(edge)
                p.drawLine(shape[0], shape[3])
                p.drawLine(shape[1], shape[2])

    # -- the mouse ----------------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.index is None:
            return
        steps = event.angleDelta().y() / 120
        if steps == 0:
            return
        self._leave_follow()
        factor = 0.8**steps
        x = event.position().x() / max(self.width(), 1)
        span = self.vx1 - self.vx0
        centre = self.vx0 + x * span
        span = min(1.0, max(span * factor, 1e-300))
        self.vx0 = min(max(0.0, centre - x * span), 1.0 - span)
        self.vx1 = self.vx0 + span
        self.view_moved.emit()
        self.relayout()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position()
            self._dragged = False

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None:
            return
        delta = event.position() - self._press
        if not self._dragged and abs(delta.x()) + abs(delta.y()) < 4:
            return
        self._dragged = True
        self._leave_follow()
        span = self.vx1 - self.vx0
        shift = -delta.x() / max(self.width(), 1) * span
        self.vx0 = min(max(0.0, self.vx0 + shift), 1.0 - span)
        self.vx1 = self.vx0 + span
        rows = int(-delta.y() / max(self.row_h, 1))
        if rows:
            self.top = max(0, self.top + rows)
        self._press = event.position()
        self.view_moved.emit()
        self.relayout()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._press is None:
            return
        if not self._dragged:
            node = self.node_at(event.position().x(), event.position().y())
            if node is not None and node.entered >= 0:
                self.seek_requested.emit(node.entered)
        self._press = None

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.fit_all()

    def fit_all(self) -> None:
        self._leave_follow()
        self.vx0, self.vx1, self.top = 0.0, 1.0, 0
        self.view_moved.emit()
        self.relayout()

    def _leave_follow(self) -> None:
        if self.follow:
            self.follow = False
            self.vx0, self.vx1 = 0.0, 1.0

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.relayout()


class SearchTree(QWidget):
    """The dock's widget (automation name ``searchTree``): the canvas, a "follow" switch and
    a line saying what is shown."""

    seek_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None, suffix: str = "") -> None:
        """``suffix``: a racer's tree, its widgets named with ``_1``/``_2`` appended."""
        super().__init__(parent)
        self.setObjectName("searchTree" + suffix)
        self.canvas = TreeCanvas()
        self.follow_check = QCheckBox(self.tr("Follow the search"))
        self.follow_check.setObjectName("treeFollowCheck" + suffix)
        self.follow_check.setChecked(True)
        self.follow_check.setToolTip(
            self.tr(
                "On: the deepest levels of the current path, one band each. Off: the whole "
                "tree (wheel: zoom; drag: pan; double-click: all)"
            )
        )
        self.info = SteadyLabel()
        self.info.setObjectName("treeInfoLabel" + suffix)
        row = QHBoxLayout()
        row.setContentsMargins(4, 2, 4, 0)
        row.addWidget(self.follow_check)
        row.addWidget(self.info, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.canvas, 1)
        self.legend = QLabel()
        self.legend.setObjectName("treeLegend" + suffix)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setWordWrap(True)
        layout.addWidget(self.legend)
        self._live_at = 0.0
        self._taken_in = False  # show_at read a live run's new steps since the last layout
        self._live = False  # the step shown is a running search's live edge
        self._behind = False  # the index has not read up to the step shown yet
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._relayout)
        self.follow_check.toggled.connect(self._on_follow)
        self.canvas.view_moved.connect(self._on_view_moved)
        self.canvas.seek_requested.connect(self.seek_requested)
        self.retranslate()

    def retranslate(self) -> None:
        parts = []
        names = {
            NodeState.PATH: self.tr("current path"),
            NodeState.FINISHED: self.tr("finished"),
            NodeState.SOLUTION: self.tr("solution below"),
            NodeState.UNTRIED: self.tr("not tried yet"),
        }
        for state, name in names.items():
            colour = STATE_COLOURS[state].name()
            # An item never broken over two lines (a narrow racer's tree wrapped "yet").
            words = name.replace(" ", "&nbsp;")
            parts.append(f'<span style="color:{colour}">■</span>&nbsp;{words}')
        self.legend.setText(" &nbsp; ".join(parts))
        self._show_info()

    # -- what the view calls ---------------------------------------------------------------------

    def set_concealed(self, on: bool) -> None:
        """While "your turn" asks: the candidates not tried yet keep their squares."""
        self.canvas.concealed = on

    def set_index(
        self,
        index: TreeIndex | None,
        name: Callable[[int], str],
        subtree_probe: Callable[[Sequence[int]], Probe | None],
    ) -> None:
        canvas = self.canvas
        canvas.index = index
        canvas.name = name
        canvas.subtree_probe = subtree_probe
        canvas.vx0, canvas.vx1, canvas.top = 0.0, 1.0, 0
        canvas.follow = self.follow_check.isChecked()
        self._relayout()

    def show_at(self, at: int, live: bool) -> None:
        """The tree at step ``at``; ``live``: a run going (the layout a few times a second).
        Hidden, the panel only takes note of the step: shown, it lays the tree out there (it
        kept the step it last saw, "1 nodes at step 0" beside a run brought back meanwhile)."""
        canvas = self.canvas
        self._live = live
        if not self.isVisible():
            self._timer.stop()
            self._taken_in = False
            canvas.at = at
            self._show_info()  # the same words whenever asked (a language switch)
            return
        if not live:
            self._taken_in = False  # paused or ended: take in all, over the next turns
            if self._timer.isActive():
                self._timer.stop()  # now, and no timer left behind
                canvas.at = -1
        if canvas.index is None or (at == canvas.at and not live):
            return
        if live:
            canvas.index.update(update_budget())
            self._taken_in = True
        canvas.at = at
        if live:
            # The layout in a turn of its own (not after this one's reading of new steps).
            if not self._timer.isActive():
                wait = LIVE_EVERY - (monotonic() - self._live_at)
                self._timer.start(max(0, int(wait * 1000)))
            return
        self._relayout()

    def hideEvent(self, event: QHideEvent) -> None:
        self._timer.stop()
        super().hideEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._relayout()

    def _relayout(self) -> None:
        self._live_at = monotonic()
        index = self.canvas.index
        if self._taken_in:
            self._taken_in = False  # a live run's steps were read in this frame already
        elif index is not None:
            self._behind = not self._take_in(index)
            if self._behind and self.isVisible():
                self._timer.start(0)  # a long recording is taken in over the next turns
        self.canvas.relayout()
        self._show_info()

    def _take_in(self, index: TreeIndex) -> bool:
        """Read the recording's new steps into the index (True: all of them). A live run's
        turn reads about a millisecond's worth, the search going on meanwhile; any other
        step is read up to ``CATCH_UP`` at once, so a run brought back from the history
        shows its tree at the board's step, not a part of it growing 65,536 steps a turn."""
        if self._live or not self.isVisible():
            return index.update(update_budget())
        until = monotonic() + CATCH_UP
        while not index.update(update_budget()):
            if monotonic() >= until:
                return False
        return True

    def _show_info(self) -> None:
        index = self.canvas.index
        if index is None:
            self.info.setText("")
            return
        at = min(self.canvas.at, index.limit)
        if self._behind and not self._live and self.canvas.at > at:
            # Not a tree at another step than the board's: how far the reading has come.
            end = self.canvas.at
            text = self.tr("Reading the run: {0} of {1} steps…", "", count_of(end))
            self.info.setText(text.format(fmt_int(at), fmt_int(end)))
            return
        count = index.node_count(at)
        text = self.tr("{0} nodes at step {1}", "", count_of(count)).format(
            fmt_int(count), fmt_int(at)
        )
        if not self.canvas.follow:
            span = self.canvas.vx1 - self.canvas.vx0
            if span < 0.999:
                text += self.tr(", zoomed ×{0}").format(fmt_big(1 / span))
        self.info.setText(text)

    # -- the contract ----------------------------------------------------------------------------

    def node_count(self) -> int:
        index = self.canvas.index
        return 0 if index is None else index.node_count(min(self.canvas.at, index.limit))

    def explored_fraction(self) -> float | None:
        index = self.canvas.index
        return None if index is None else index.explored_fraction(self.canvas.at)

    def node_at(self, x: float, y: float) -> tuple[int, int] | None:
        """(depth, square) of the node drawn at (x, y) in the canvas, or None."""
        node = self.canvas.node_at(x, y)
        return None if node is None else (node.depth, node.square)

    # -- reactions -------------------------------------------------------------------------------

    def _on_follow(self, on: bool) -> None:
        self.canvas.follow = on
        if not on:
            self.canvas.vx0, self.canvas.vx1, self.canvas.top = 0.0, 1.0, 0
        self._relayout()

    def _on_view_moved(self) -> None:
        if self.follow_check.isChecked():
            self.follow_check.blockSignals(True)
            self.follow_check.setChecked(False)
            self.follow_check.blockSignals(False)
        self._show_info()
