"""The start-square map's legend, under its board: what is mapped, the colour bar and the
marks, the cap, and while mapping a progress bar and Cancel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QPointF,
    QRectF,
    QSize,
    Qt,
    Slot,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from knightviz.gui.panels.elided import ElidedLabel
from knightviz.gui.panels.map_paint import (
    IMPOSSIBLE,
    LIMIT,
    MAX_CAP,
    MIN_CAP,
    SOLVED,
    VIRIDIS,
    LogScale,
    compact,
    mark_pixmap,
    paint_failed,
    paint_impossible,
    paint_limit,
    ramp,
)
from knightviz.gui.panels.startmap import StartMap
from knightviz.gui.text import fmt_int, fmt_seconds

# -- the legend ---------------------------------------------------------------------------------


class ColourBar(QWidget):
    """The log colour scale, few steps (yellow) to the cap (purple), powers of ten marked."""

    def __init__(self, owner: StartMap, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mapColourBar")
        self._map = owner
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(160)

    def scale(self) -> LogScale:
        m = self._map
        squares = m.rows * m.cols if m.shown else 64
        return LogScale(squares, m.cap_used if m.shown else m.cap)

    def _font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.85))
        return font

    def sizeHint(self) -> QSize:
        return QSize(320, self.minimumSizeHint().height())

    def minimumSizeHint(self) -> QSize:
        fm = QFontMetricsF(self._font())
        return QSize(160, int(12 + 3 + fm.height() + 2))

    def tick_labels(self) -> list[tuple[float, str]]:
        """(x, text) of the labels drawn: the ends, and powers of ten with room for them."""
        scale = self.scale()
        fm = QFontMetricsF(self._font())
        left, width = 4.0, max(1.0, self.width() - 8.0)
        placed: list[tuple[float, str, float]] = []
        ticks = scale.ticks()
        for i, value in enumerate(ticks):
            text = compact(value) if i < len(ticks) - 1 else compact(value) + self.tr(" (cap)")
            x = left + scale.fraction(value) * width
            w = fm.horizontalAdvance(text)
            start = min(max(x - w / 2, 0.0), self.width() - w)
            if placed and start < placed[-1][2] + 6:
                if i < len(ticks) - 1:
                    continue
                while placed and start < placed[-1][2] + 6 and len(placed) > 1:
                    placed.pop()  # the cap always shows
            placed.append((x, text, start + w))
        return [(x, text) for x, text, _ in placed]

    def paintEvent(self, event: QPaintEvent) -> None:
        left, width = 4.0, max(1.0, self.width() - 8.0)
        bar = QRectF(left, 1, width, 12)
        gradient = QLinearGradient(bar.topLeft(), bar.topRight())
        for k in range(len(VIRIDIS)):
            t = k / (len(VIRIDIS) - 1)
            gradient.setColorAt(t, ramp(1.0 - t))
        font = self._font()
        fm = QFontMetricsF(font)
        text_colour = self.palette().color(QPalette.ColorRole.WindowText)
        with QPainter(self) as p:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.fillRect(bar, gradient)
            p.setPen(QPen(QColor(0, 0, 0, 90), 1.0))
            p.drawRect(bar)
            p.setFont(font)
            for x, text in self.tick_labels():
                p.setPen(QPen(text_colour, 1.0))
                p.drawLine(QPointF(x, bar.bottom()), QPointF(x, bar.bottom() + 3))
                w = fm.horizontalAdvance(text)
                start = min(max(x - w / 2, 0.0), self.width() - w)
                p.drawText(QPointF(start, bar.bottom() + 3 + fm.ascent()), text)


class MarkKey(QWidget):
    """The marks' key (over cap, no tour, impossible): beside the colour bar where the
    legend is wide enough, else on a line of its own (``inline``). Beside the bar it asks
    for no width of its own: the legend moves it down rather than widen the window."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("mapMarkKey")
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.inline = True

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(0, hint.height()) if self.inline else hint


class StartMapLegend(QWidget):
    """Under its board while the map is shown: what the colours and marks mean, the cap,
    and while running a progress bar and Cancel."""

    def __init__(self, owner: StartMap, suffix: str = "", parent: QWidget | None = None) -> None:
        """``suffix``: appended to every object name (a race's ``_1``, ``_2``)."""
        super().__init__(parent)
        self._map = owner
        self.title = ElidedLabel()
        self.title.setObjectName("mapTitleLabel")
        self.summary = ElidedLabel()
        self.summary.setObjectName("mapSummaryLabel")
        self.cap_spin = QSpinBox()
        self.cap_spin.setObjectName("mapCapSpin")
        self.cap_spin.setRange(MIN_CAP, MAX_CAP)
        self.cap_spin.setValue(owner.cap)
        self.cap_spin.setGroupSeparatorShown(True)
        self.cap_spin.setStepType(QSpinBox.StepType.AdaptiveDecimalStepType)
        self.cap_spin.setKeyboardTracking(False)
        self.cap_spin.setSuffix(self.tr(" steps"))
        self.cap_spin.setAccessibleName(self.tr("Step cap per start square"))
        self.cap_spin.setToolTip(
            self.tr(
                "Each start square's search stops after this many steps (moves + "
                "backtracks); such squares are hatched grey. Changing it maps again."
            )
        )
        cap_label = QLabel(self.tr("Cap"))
        cap_label.setBuddy(self.cap_spin)
        self.progress = QProgressBar()
        self.progress.setObjectName("mapProgress")
        self.progress.setFormat(self.tr("%v of %m"))
        self.progress.setMaximumWidth(160)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("mapCancelButton")
        self.cancel_button.setToolTip(self.tr("Stop mapping; the squares done so far stay"))
        self.again_button = QPushButton(self.tr("Map again"))
        self.again_button.setObjectName("mapAgainButton")
        self.again_button.setToolTip(self.tr("Map every start square again"))
        for button in (self.cancel_button, self.again_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.bar = ColourBar(owner)
        self.piece_label = QLabel()
        self.piece_label.setObjectName("mapPieceLabel")
        self.piece_label.setToolTip(self.tr("The square the knight stands on"))

        # Three rows: what is mapped and the cap; how it went (or progress and Cancel);
        # what the colours and marks mean.
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title, 1)
        top.addSpacing(8)
        top.addWidget(cap_label)
        top.addWidget(self.cap_spin)
        middle = QHBoxLayout()
        middle.setContentsMargins(0, 0, 0, 0)
        middle.addWidget(self.summary, 1)
        middle.addSpacing(10)
        middle.addWidget(self.piece_label)
        middle.addWidget(self.progress)
        middle.addWidget(self.cancel_button)
        middle.addWidget(self.again_button)
        bottom = QHBoxLayout()
        bottom.setContentsMargins(0, 0, 0, 0)
        steps_label = QLabel(self.tr("Steps"))
        steps_label.setToolTip(
            self.tr("Steps (moves + backtracks) from each start square, on a log scale")
        )
        bottom.addWidget(steps_label, 0, Qt.AlignmentFlag.AlignTop)
        bottom.addWidget(self.bar, 1)
        self._steps_label = steps_label
        self.marks = MarkKey()
        self._marks: list[tuple[QLabel, Callable[[QPainter, QRectF], None]]] = []
        for paint, text, tip in (
            (
                paint_limit,
                self.tr("over cap"),
                self.tr("Over the cap: the search reached the cap without finding a tour"),
            ),
            (
                paint_failed,
                self.tr("no tour found"),
                self.tr(
                    "The strategy ended without a tour: a greedy walk stuck with no "
                    "backtracking, or a search that tried every possibility"
                ),
            ),
            (
                paint_impossible,
                self.tr("impossible"),
                self.tr(
                    "No tour can exist: a known fact rules out a tour from this square, "
                    "nothing searched"
                ),
            ),
        ):
            swatch = QLabel()
            self._marks.append((swatch, paint))
            label = QLabel(text)
            for w in (swatch, label):
                w.setToolTip(tip)
            self.marks.row.addSpacing(6)
            self.marks.row.addWidget(swatch)
            self.marks.row.addWidget(label)
        self.marks.row.addStretch(1)
        bottom.addWidget(self.marks)
        self._bottom = bottom
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addLayout(middle)
        layout.addLayout(bottom)
        self._layout = layout

        self.cap_spin.valueChanged.connect(owner.set_cap)
        self.cancel_button.clicked.connect(owner.cancel)
        self.again_button.clicked.connect(owner.restart)
        owner.map_changed.connect(self.refresh)
        # Queued: the board's paint reports it, and the label is not to be set mid-paint.
        owner.piece_changed.connect(self.refresh, Qt.ConnectionType.QueuedConnection)
        self._swatch_dpr = 0.0
        self.setObjectName("mapLegend" + suffix)
        for child in self.findChildren(QWidget):
            if child.objectName():
                child.setObjectName(child.objectName() + suffix)
        self.refresh()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._place_marks()

    def _place_marks(self) -> None:
        """The marks' key beside the colour bar if both fit at their widths, else below."""
        spacing = max(0, self._bottom.spacing())
        need = (
            self._steps_label.sizeHint().width()
            + self.bar.minimumSizeHint().width()
            + self.marks.sizeHint().width()
            + 2 * spacing
        )
        inline = need <= self.contentsRect().width()
        if inline == self.marks.inline:
            return
        self.marks.inline = inline
        if inline:
            self._layout.removeWidget(self.marks)
            self._bottom.addWidget(self.marks)
        else:
            self._bottom.removeWidget(self.marks)
            self._layout.addWidget(self.marks)
        self.marks.updateGeometry()

    @Slot()
    def refresh(self) -> None:
        m = self._map
        self.setVisible(m.shown)
        self._place_marks()  # the words may have changed (a language switch)
        if self.cap_spin.value() != m.cap:
            self.cap_spin.blockSignals(True)
            self.cap_spin.setValue(m.cap)
            self.cap_spin.blockSignals(False)
        self._paint_swatches()
        if not m.shown:
            return
        self.title.set_full_text(self.tr("Map of {0}").format(m.describe()))
        running = m.running
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)
        self.again_button.setVisible(not running and m.cancelled)
        self.piece_label.setText(m.brief(m.piece))
        self.piece_label.setVisible(not running and bool(self.piece_label.text()))
        self.progress.setRange(0, max(1, m.total))
        self.progress.setValue(m.done)
        self.summary.set_full_text(self.summary_text())
        self.bar.update()

    def summary_text(self) -> str:
        m = self._map
        c = m.counts()
        parts = [self.tr("{0} of {1} solved").format(fmt_int(c[SOLVED]), fmt_int(m.total))]
        if c["failed"]:
            parts.append(self.tr("{0} no tour found").format(fmt_int(c["failed"])))
        if c[LIMIT]:
            parts.append(self.tr("{0} over the cap").format(fmt_int(c[LIMIT])))
        if c[IMPOSSIBLE]:
            parts.append(self.tr("{0} impossible").format(fmt_int(c[IMPOSSIBLE])))
        #: between the parts of the map's summary (3 solved, 2 over the cap)
        text = self.tr(", ").join(parts)
        if m.running:
            return self.tr("mapping… {0}").format(text)
        if m.cancelled:
            return self.tr("cancelled: {0}").format(text)
        return self.tr("{0} (in {1})").format(text, fmt_seconds(m.seconds))

    def _paint_swatches(self) -> None:
        dpr = self.devicePixelRatioF()
        if dpr == self._swatch_dpr:
            return
        self._swatch_dpr = dpr
        side = max(12, int(QFontMetricsF(self.font()).height()))
        for swatch, paint in self._marks:
            swatch.setPixmap(mark_pixmap(paint, side, dpr))
