"""The steps chart's two plots, drawn with pyqtgraph: steps per run, and depth over time.

Imported by ``chart.py`` on the chart's first show, never at start-up: pyqtgraph and numpy
take about a third of a second to import (docs/benchmarks.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainterPath, QPalette
from PySide6.QtWidgets import QGraphicsPathItem, QWidget

from knightviz.engine import Outcome
from knightviz.gui.panels.chart_axes import CategoryAxis, LogAxis, StepsAxis, compact
from knightviz.gui.panels.depth import DepthProfile
from knightviz.gui.text import fmt_int

#: Strategy colours, in order of first appearance: Okabe and Ito's palette for colour
#: vision deficiency, without its yellow (unreadable on white); each reads on light and dark.
STRATEGY_COLOURS = (
    QColor("#d55e00"),  # vermillion
    QColor("#0072b2"),  # blue
    QColor("#009e73"),  # bluish green
    QColor("#cc79a7"),  # reddish purple
    QColor("#e69f00"),  # orange
    QColor("#56b4e9"),  # sky blue
    QColor("#8c6d31"),  # brown
    QColor("#7f7f7f"),  # grey
)
#: Outcomes of a run that ended before the search did (drawn hollow).
UNFINISHED = {Outcome.CANCELLED, Outcome.LIMIT}
#: Up to this many runs, each point carries its steps as text.
LABELLED_POINTS = 24
#: A run's point on the steps-per-run plot (px across).
POINT_SIZE = 11
#: Buckets the depth plot draws at least, however narrow it is.
MIN_COLUMNS = 100


def strategy_colour(index: int) -> QColor:
    return STRATEGY_COLOURS[index % len(STRATEGY_COLOURS)]


@dataclass(frozen=True, slots=True)
class ChartPoint:
    """One run on the steps-per-run plot."""

    number: int
    group: str
    strategy: str
    steps: int
    finished: bool
    #: Where it is drawn: group index (plus an offset), log10 of the steps.
    x: float
    y: float
    tip: str


def show_note(plot: pg.PlotWidget, note: pg.TextItem | None, text: str) -> pg.TextItem | None:
    """A line in the middle of an empty plot (a title that long would widen the chart)."""
    item = plot.getPlotItem()
    if note is not None:
        item.removeItem(note)
    if not text:
        return None
    colour = plot.palette().color(QPalette.ColorRole.PlaceholderText)
    label = pg.TextItem(text, color=colour, anchor=(0.5, 0.5))
    (x0, x1), (y0, y1) = item.getViewBox().viewRange()
    label.setPos((x0 + x1) / 2, (y0 + y1) / 2)
    item.addItem(label)
    return label


def style_plot(plot: pg.PlotWidget, palette: QPalette, levels: int = 2) -> None:
    """Background and ink from the palette: light and dark both read. ``levels``: how many
    levels of ticks (and grid lines) the axes draw."""
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    plot.setBackground(base)
    item = plot.getPlotItem()
    pen = pg.mkPen(text)
    for name in ("left", "bottom"):
        axis = item.getAxis(name)
        axis.setPen(pen)
        axis.setTextPen(pen)
        # Grid lines at the labelled ticks and at most the level below, not a third, finer
        # level (a line per depth on the depth plot: a mesh that took 8 ms of every paint).
        axis.setStyle(maxTickLevel=levels - 1)
    title = item.titleLabel
    title.setAttr("color", text.name())
    title.setText(title.text)


class HistoryPlot(pg.PlotWidget):
    """Steps per run, log scale, grouped by start square, coloured by strategy."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.x_axis = CategoryAxis("bottom")
        self.y_axis = LogAxis("left")
        super().__init__(parent, axisItems={"bottom": self.x_axis, "left": self.y_axis})
        self.setObjectName("stepsPerRunPlot")
        item = self.getPlotItem()
        item.setMenuEnabled(False)
        item.hideButtons()
        item.showGrid(x=False, y=True, alpha=0.25)
        item.setLabel("left", self.tr("steps (log scale)"))
        item.setLabel("bottom", self.tr("start square"))
        self.titled = True
        self._show_title()
        self.setMouseEnabled(x=False, y=False)
        self.points: list[ChartPoint] = []
        self._items: list[pg.GraphicsObject] = []
        #: Each point's figure, and the point it belongs to (placed by ``_fit``).
        self.figures: list[tuple[ChartPoint, pg.TextItem]] = []
        self._note: pg.TextItem | None = None
        #: The points' log10 range, the top with room above the highest point.
        self._span = (0.0, 3.0)
        self._groups = 1
        item.getViewBox().sigResized.connect(self._fit)

    def retranslate(self) -> None:
        """The fixed axis text in the current language (the rest is drawn with the points)."""
        self.getPlotItem().setLabel("left", self.tr("steps (log scale)"))
        self._show_title()

    def show_title(self, shown: bool) -> None:
        """The title above the plot: left out where a tab already names it (a line of the
        plot's height back)."""
        if shown != self.titled:
            self.titled = shown
            self._show_title()

    def _show_title(self) -> None:
        item = self.getPlotItem()
        if self.titled:
            item.setTitle(self.tr("Steps per run"), size="10pt")
        else:
            item.setTitle(None)

    def show_points(
        self,
        points: Sequence[ChartPoint],
        groups: Sequence[str],
        axis_title: str,
        colours: dict[str, QColor],
        palette: QPalette,
    ) -> None:
        self.points = list(points)
        item = self.getPlotItem()
        for old in self._items:
            item.removeItem(old)
        self._items = []
        self.figures = []
        self.x_axis.set_labels(groups)
        item.setLabel("bottom", axis_title)
        self._show_title()
        base = palette.color(QPalette.ColorRole.Base)
        by_strategy: dict[str, list[ChartPoint]] = {}
        for p in points:
            by_strategy.setdefault(p.strategy, []).append(p)
        for strategy, mine in by_strategy.items():
            colour = colours[strategy]
            # One pen and two brushes shared by every point: pyqtgraph draws a symbol once
            # per pen and brush object (a pen each cost 0.1 ms a point: 1 s for 10,000 runs).
            pen, filled, hollow = pg.mkPen(colour, width=2), pg.mkBrush(colour), pg.mkBrush(base)
            scatter = pg.ScatterPlotItem(
                x=[p.x for p in mine],
                y=[p.y for p in mine],
                data=[p.number for p in mine],
                symbol="o",
                size=POINT_SIZE,
                pen=[pen] * len(mine),
                brush=[filled if p.finished else hollow for p in mine],
                hoverable=True,
                hoverSize=15,
                tip=self._tip,
                name=strategy,
            )
            item.addItem(scatter)
            self._items.append(scatter)
        if len(points) <= LABELLED_POINTS:  # their steps read at once
            text = palette.color(QPalette.ColorRole.Text)
            # Repeats of one run (same group, strategy and figure) stand a little aside
            # each: one label says it for all of them.
            last: dict[tuple[int, str, str], ChartPoint] = {}
            for p in points:
                last[(round(p.x), p.strategy, compact(p.steps))] = p
            for p in last.values():
                label = pg.TextItem(compact(p.steps), color=text, anchor=(0, 0))
                label.textItem.document().setDocumentMargin(0)
                label.updateTextPos()
                item.addItem(label)
                self._items.append(label)
                self.figures.append((p, label))
        if points:
            ys = [p.y for p in points]
            lo, hi = math.floor(min(ys)), max(ys)
            self._span = (float(lo), max(hi + 0.45, lo + 1))  # room for figures above
        else:
            self._span = (0.0, 3.0)
        self._groups = max(len(groups), 1)
        self._fit()
        self._note = show_note(
            self, self._note, "" if points else self.tr("Each run appears here when it ends")
        )

    def _fit(self) -> None:
        """The ranges for the plot's size: half a label's height beyond the lowest and the
        highest power of ten (a label there was cut off, so not drawn), and each point's
        figure where it covers nothing else."""
        vb = self.getPlotItem().getViewBox()
        lo, hi = self._span
        height = vb.height()
        margin = self.y_axis.label_room() / 2
        pad = (hi - lo) * 0.02
        if height > 4 * margin:
            pad = margin * (hi - lo) / (height - 2 * margin)
        y0, y1 = lo - pad, hi + pad
        x0, x1 = -0.6, self._groups - 0.4
        self.setYRange(y0, y1, padding=0)
        self.setXRange(x0, x1, padding=0)
        self._place_figures((x0, x1), (y0, y1), vb.width(), height)

    def _place_figures(
        self,
        xs: tuple[float, float],
        ys: tuple[float, float],
        width: float,
        height: float,
    ) -> None:
        """Each figure beside its point, to the right, left, above or below, the first place
        that covers no point, no figure and stays in the plot; none where none does (the
        point's tooltip still tells it)."""
        if not self.figures:
            return
        if width <= 0 or height <= 0:
            for _, label in self.figures:
                label.hide()
            return
        sx = width / (xs[1] - xs[0])
        sy = height / (ys[1] - ys[0])

        def pixel(x: float, y: float) -> tuple[float, float]:
            return (x - xs[0]) * sx, (ys[1] - y) * sy

        radius = POINT_SIZE / 2 + 1
        dots = [
            QRectF(px - radius, py - radius, 2 * radius, 2 * radius)
            for px, py in (pixel(p.x, p.y) for p in self.points)
        ]
        area = QRectF(0, 0, width, height)
        taken: list[QRectF] = []
        gap = 3.0
        for p, label in self.figures:
            box = label.textItem.boundingRect()
            w, h = box.width(), box.height()
            px, py = pixel(p.x, p.y)
            spots = (
                QRectF(px + radius + gap, py - h / 2, w, h),
                QRectF(px - radius - gap - w, py - h / 2, w, h),
                QRectF(px - w / 2, py - radius - gap - h, w, h),
                QRectF(px - w / 2, py + radius + gap, w, h),
            )
            spot = next(
                (
                    r
                    for r in spots
                    if area.contains(r)
                    and not any(r.intersects(o) for o in taken)
                    and not any(r.intersects(d) for d in dots)
                ),
                None,
            )
            if spot is None:
                label.hide()
                continue
            taken.append(spot)
            label.setPos(xs[0] + spot.left() / sx, ys[1] - spot.top() / sy)
            label.show()

    def figure_boxes(self) -> list[tuple[ChartPoint, QRectF]]:
        """The figures drawn, each with its box in the scene (for tests and scripts)."""
        return [
            (p, label.textItem.sceneBoundingRect())
            for p, label in self.figures
            if label.isVisible()
        ]

    def _tip(self, x: float, y: float, data: Any) -> str:
        for p in self.points:
            if p.number == data:
                return p.tip
        return ""


def band_path(profile: DepthProfile) -> QPainterPath:
    """The area each bucket covers, from its lowest to its highest depth, over the steps it
    holds: one closed outline per stretch of buckets with steps (an empty bucket, a gap,
    breaks it)."""
    import numpy as np

    path = QPainterPath()
    left = np.asarray(profile.x, dtype=float)
    right = left + profile.bucket
    low, high = np.asarray(profile.low, dtype=float), np.asarray(profile.high, dtype=float)
    have = np.isfinite(low) & np.isfinite(high)
    edges = np.flatnonzero(np.diff(np.concatenate(([0], have.view(np.int8), [0]))))
    for a, b in zip(edges[::2], edges[1::2], strict=True):
        # The top edge left to right, step by step; the bottom edge back.
        xs = np.concatenate(
            (
                np.column_stack((left[a:b], right[a:b])).ravel(),
                np.column_stack((right[a:b], left[a:b]))[::-1].ravel(),
            )
        )
        ys = np.concatenate((np.repeat(high[a:b], 2), np.repeat(low[a:b], 2)[::-1]))
        outline = pg.arrayToQPath(xs, ys, connect="all")
        outline.closeSubpath()
        path.addPath(outline)
    return path


class DepthPlot(pg.PlotWidget):
    """Depth against step for the current run, with where the board is and the goal.

    The mouse wheel zooms along the steps (and dragging pans): the chart then draws the
    steps in view at up to one column a step, so the saw-tooth itself appears; a
    double-click shows the whole run again."""

    #: The user zoomed or panned: draw the steps now in view.
    view_changed = Signal()
    #: Double-click: back to the whole run.
    view_reset = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, axisItems={"bottom": StepsAxis("bottom")})
        self.setObjectName("depthPlot")
        item = self.getPlotItem()
        item.setMenuEnabled(False)
        item.hideButtons()
        item.showGrid(x=True, y=True, alpha=0.2)
        item.setLabel("bottom", self.tr("step"))
        item.setLabel("left", self.tr("depth"))
        item.setTitle(self.tr("Depth over time"), size="10pt")
        self.setMouseEnabled(x=True, y=False)
        item.getViewBox().sigRangeChangedManually.connect(self._on_manual_range)
        self.setToolTip(self.tr("Wheel: zoom into the steps; drag: pan; double-click: all"))
        self.retranslate()
        #: Every step's depth, when the plot shows a column a step (zoomed in, or a short run).
        self.curve = pg.PlotDataItem(connect="finite", antialias=False)
        #: A long run's band: the area from each bucket's lowest to its highest depth, filled.
        #: (Drawn as a stroke per bucket, it took 13 to 30 ms to paint while a run went on:
        #: a vertical line is a span per pixel row; a filled area is a span per row.)
        self.band = QGraphicsPathItem()
        self.band.setPen(pg.mkPen(None))
        #: A long run's mean depth per bucket: its slow swings, inside the band.
        self.mean_curve = pg.PlotDataItem(connect="finite", antialias=True)
        item.addItem(self.band)
        item.addItem(self.curve)
        item.addItem(self.mean_curve)
        self.position_line = pg.InfiniteLine(angle=90, movable=False)
        self.goal_line = pg.InfiniteLine(
            angle=0,
            movable=False,
            label="",
            labelOpts={"position": 0.01, "anchors": [(0, 1), (0, 1)]},
        )
        item.addItem(self.position_line)
        item.addItem(self.goal_line)
        #: The stretches of steps the recording dropped, shaded behind the curves.
        self.gap_shade = QGraphicsPathItem()
        self.gap_shade.setPen(pg.mkPen(None))
        self.gap_shade.setBrush(pg.mkBrush(QColor(128, 128, 128, 50)))
        self.gap_shade.setZValue(-10)
        item.addItem(self.gap_shade)
        self._gaps: list[tuple[int, int]] = []
        self.profile: DepthProfile | None = None
        #: What the curves show: the profile, its buckets merged to the plot's width.
        self.drawn: DepthProfile | None = None
        self._note: pg.TextItem | None = None
        self.position = 0
        self.goal: int | None = None
        item.getViewBox().sigResized.connect(self._on_resized)

    def restyle(self, palette: QPalette) -> None:
        text = palette.color(QPalette.ColorRole.Text)
        link = palette.color(QPalette.ColorRole.Highlight)
        self._band = QColor(link)
        self._band.setAlpha(150)
        self.band.setBrush(pg.mkBrush(self._band))
        self.curve.setPen(pg.mkPen(link, width=1))
        mean = QColor(text)
        mean.setAlpha(210)
        # One pixel: Qt's fast path for smooth lines (1.5 took 85 ms to paint 2,000 points).
        self.mean_curve.setPen(pg.mkPen(mean, width=1))
        marker = QColor(text)
        marker.setAlpha(170)
        self.position_line.setPen(pg.mkPen(marker, width=1.5, style=Qt.PenStyle.DashLine))
        goal = QColor("#009e73")
        self.goal_line.setPen(pg.mkPen(goal, width=1.5, style=Qt.PenStyle.DotLine))
        self.goal_line.label.setColor(goal)
        back = palette.color(QPalette.ColorRole.Base)
        back.setAlpha(200)
        self.goal_line.label.fill = pg.mkBrush(back)

    def retranslate(self) -> None:
        item = self.getPlotItem()
        item.setLabel("bottom", self.tr("step"))
        item.setLabel("left", self.tr("depth"))

    def _on_manual_range(self, *args: Any) -> None:
        self.view_changed.emit()

    def mouseDoubleClickEvent(self, event: Any) -> None:
        super().mouseDoubleClickEvent(event)
        self.view_reset.emit()

    def view_steps(self) -> tuple[float, float]:
        """The steps in view (first, last)."""
        (x0, x1), _ = self.getPlotItem().getViewBox().viewRange()
        return float(x0), float(x1)

    def _banded(self) -> bool:
        return self.profile is not None and self.profile.bucket > 1

    def show_profile(
        self,
        profile: DepthProfile | None,
        goal: int | None,
        title: str,
        total: int = 0,
        zoomed: bool = False,
        note: str = "",
    ) -> None:
        """Draw ``profile`` (of a run of ``total`` steps); ``zoomed``: it is the part in
        view, which stays where it is."""
        self.profile = profile
        self.goal = goal
        item = self.getPlotItem()
        if title != item.titleLabel.text:  # (laying out its HTML again costs a millisecond)
            item.setTitle(title, size="10pt")
        if profile is None:
            self._show_gaps([])
            self.curve.setData([], [])
            self.band.setPath(QPainterPath())
            self.mean_curve.setData([], [])
            self.goal_line.hide()
            self.position_line.hide()
            vb = item.getViewBox()
            vb.setLimits(xMin=None, xMax=None, minXRange=None)
            self.setXRange(0, 10, padding=0)
            self.setYRange(0, 10, padding=0)
            self._note = show_note(self, self._note, note)
            return
        self._note = show_note(self, self._note, "")
        self._draw_curves()
        shown = [
            (max(a, profile.first), min(b, profile.steps))
            for a, b in profile.gaps
            if a < profile.steps and b > profile.first
        ]
        ceiling = self._ceiling()
        self._show_gaps(shown, ceiling)
        if goal is not None:
            # Shown first: pyqtgraph words a hidden line's label never, and it stayed blank
            # when the chart was open before the first run.
            self.goal_line.show()
            self.goal_line.setValue(goal)
            label = self.tr("solution depth {0}").format(fmt_int(goal))
            if label != self.goal_line.label.format or not self.goal_line.label.toPlainText():
                self.goal_line.label.setFormat(label)
        else:
            self.goal_line.hide()
        self.setYRange(0, ceiling, padding=0)
        vb = self.getPlotItem().getViewBox()
        end = max(total, profile.steps, 1)
        vb.setLimits(xMin=-0.01 * end, xMax=1.01 * end, minXRange=min(20, end))
        if not zoomed:
            self.setXRange(0, end, padding=0.01)
        # The view's new transform now, not at the next paint: pyqtgraph updates it as a
        # paint begins, and that change asked for a second full paint of the plot (two
        # paints of 5-15 ms for each refresh of a running search's curve; now one).
        vb.prepareForPaint()

    def _ceiling(self) -> float:
        """The top of the depth axis: room above the deepest point and the goal for the
        goal's label (a line of text; a fifth of the depth was too little in a low plot)."""
        profile = self.profile
        top = max(self.goal or 0, profile.deepest if profile is not None else 0, 1)
        ceiling = top * 1.18 + 1
        room = self.goal_line.label.textItem.boundingRect().height() + 4
        height = self.getPlotItem().getViewBox().height()
        if height > 3 * room:
            ceiling = max(ceiling, top * height / (height - room))
        return ceiling

    def _on_resized(self) -> None:
        if self.profile is not None:  # the goal's label keeps its room
            ceiling = self._ceiling()
            self._show_gaps(self._gaps, ceiling)
            self.setYRange(0, ceiling, padding=0)

    def _show_gaps(self, gaps: Sequence[tuple[int, int]], top: float = 0.0) -> None:
        """Shade the stretches of dropped steps, from depth 0 to ``top``: one path for all
        (a region item each, built anew at every refresh, took 3 to 6 ms of a running
        search's refresh whenever the recording dropped another stretch)."""
        self._gaps = list(gaps)
        path = QPainterPath()
        for a, b in gaps:
            path.addRect(QRectF(a, 0.0, b - a, top))
        self.gap_shade.setPath(path)

    def gaps_shown(self) -> list[tuple[float, float]]:
        """The shaded stretches (first and last step), for tests and scripts."""
        boxes = [poly.boundingRect() for poly in self.gap_shade.path().toSubpathPolygons()]
        return [(box.left(), box.right()) for box in boxes]

    def _draw_curves(self) -> None:
        """The profile at two to four buckets a pixel column (``DepthProfile.columns``)."""
        profile = self.profile
        if profile is None:
            return
        columns = max(MIN_COLUMNS, 2 * int(self.getPlotItem().getViewBox().width()))
        shown = profile.columns(columns)
        self.drawn = shown
        if self._banded():
            self.curve.setData([], [])
            self.band.setPath(band_path(shown))
            self.mean_curve.setData(shown.x + shown.bucket / 2, shown.mean)
        else:
            self.band.setPath(QPainterPath())
            x, y = shown.polyline()
            self.curve.setData(x, y, connect="finite")
            self.mean_curve.setData([], [])

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        if getattr(self, "drawn", None) is not None and self._banded():  # (built by now)
            self._draw_curves()  # as many columns as the new width holds

    def show_position(self, step: int) -> None:
        self.position = step
        if self.profile is None:
            return
        self.position_line.setValue(step)
        self.position_line.show()
