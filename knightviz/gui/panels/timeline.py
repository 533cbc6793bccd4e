"""The timeline: the whole recorded run as a slider, with its notable moments marked.

Dragging shows the board at the step under the handle; the step number can be typed ("go to
step 8,250,000"); marks show the deepest point so far (blue), each solution (gold), the start
of the longest backtrack (red) and the end; stretches whose steps were dropped (the memory
budget) are hatched: there the board shows the nearest kept position.

A QSlider holds an int: runs longer than 2³¹ − 1 steps are shown at a coarser scale
(``scale`` steps a unit), still seeking to exact steps where the recording has them.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSlider,
    QStyle,
    QStyleOptionSlider,
    QToolTip,
    QWidget,
)

from knightviz.engine.recording import Markers
from knightviz.gui.panels.elided import SteadyLabel
from knightviz.gui.text import count_of, fmt_big, fmt_int, locale, sentences
from knightviz.gui.theme import pick

INT_MAX = 2**31 - 1
DEEPEST = QColor(50, 110, 200)
SOLUTION = QColor(215, 160, 20)
LONGEST = QColor(200, 40, 40)
END = QColor(60, 60, 60)
GAP = QColor(150, 150, 150, 140)
#: The total has room for a figure this wide from the start (some two minutes of search at
#: 90 M steps/s); a longer one is written "of 1.2 × 10¹⁰", exact on hover.
WIDEST = 9_999_999_999


class TimelineSlider(QSlider):
    """maximum = recorded steps (÷ scale), value = the step shown (÷ scale)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setObjectName("timelineSlider")
        self.setMinimumHeight(30)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.scale = 1
        self.steps = 0
        self.markers: Markers | None = None
        self.gaps: list[tuple[int, int]] = []
        self.finished = False

    def set_span(self, steps: int) -> None:
        """The recorded steps; the scale follows."""
        self.steps = steps
        self.scale = max(1, math.ceil(steps / INT_MAX))
        self.blockSignals(True)
        self.setMaximum(steps // self.scale)
        self.setPageStep(max(1, self.maximum() // 20))
        self.blockSignals(False)

    def set_step(self, step: int) -> None:
        self.blockSignals(True)
        self.setValue(step // self.scale)
        self.blockSignals(False)

    def step_at(self, value: int) -> int:
        return min(self.steps, value * self.scale)

    def _x(self, step: float) -> float:
        """Where a step sits along the groove."""
        opt = QStyleOptionSlider()
        self.initStyleOption(opt)
        groove = self.style().subControlRect(
            QStyle.ComplexControl.CC_Slider, opt, QStyle.SubControl.SC_SliderGroove, self
        )
        handle = self.style().subControlRect(
            QStyle.ComplexControl.CC_Slider, opt, QStyle.SubControl.SC_SliderHandle, self
        )
        left = groove.left() + handle.width() / 2
        span = groove.width() - handle.width()
        return left + span * (step / self.steps if self.steps else 0)

    def marks(self) -> list[tuple[int, QColor, str]]:
        """(step, colour, words) of every mark shown."""
        m = self.markers
        out: list[tuple[int, QColor, str]] = []
        if m is not None:
            if m.deepest_step:
                out.append((m.deepest_step, DEEPEST, self.tr("deepest point so far")))
            if m.longest_backtrack:
                out.append(
                    (
                        m.longest_backtrack_step,
                        LONGEST,
                        self.tr(
                            "start of the longest backtrack ({0} steps)",
                            "",
                            count_of(m.longest_backtrack),
                        ).format(fmt_int(m.longest_backtrack)),
                    )
                )
            for i, step in enumerate(m.solutions[:2000], start=1):
                out.append((step, SOLUTION, self.tr("solution {0}").format(i)))
        if self.finished and self.steps:
            out.append((self.steps, END, self.tr("the end of the run")))
        return out

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self.steps:
            return
        with QPainter(self) as p:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            h = self.height()
            for start, end in self.gaps:
                x0, x1 = self._x(start), self._x(end)
                p.fillRect(
                    QRectF(x0, h / 2 - 5, max(2.0, x1 - x0), 10),
                    QBrush(GAP, Qt.BrushStyle.BDiagPattern),
                )
            # The end's bar is the text colour: dark grey on light, light grey on dark.
            ink = pick(self.palette(), END, self.palette().color(QPalette.ColorRole.WindowText))
            for step, mark, _ in self.marks():
                x = self._x(step)
                colour = ink if mark == END else mark
                p.setPen(QPen(colour.darker(130), 1))
                p.setBrush(colour)
                if colour == SOLUTION:
                    p.drawRect(QRectF(x - 1, 1, 2, 7))
                elif mark == END:
                    p.drawRect(QRectF(x - 1, 1, 2, h - 2))
                else:
                    p.drawPolygon(QPolygonF([QPointF(x - 5, 0), QPointF(x + 5, 0), QPointF(x, 7)]))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click off the handle goes to that step (onto a marker within 5 px), not a page
        further as a plain slider would: on a 16 M-step run a page is 800,000 steps."""
        opt = QStyleOptionSlider()
        self.initStyleOption(opt)
        handle = self.style().subControlRect(
            QStyle.ComplexControl.CC_Slider, opt, QStyle.SubControl.SC_SliderHandle, self
        )
        left = event.button() == Qt.MouseButton.LeftButton
        if not left or not self.steps or handle.contains(event.position().toPoint()):
            super().mousePressEvent(event)
            return
        x = event.position().x()
        near = [(abs(self._x(step) - x), step) for step, _, _ in self.marks()]
        near = [n for n in near if n[0] <= 5]
        if near:
            step = min(near)[1]
        else:
            start, end = self._x(0), self._x(self.steps)
            fraction = (x - start) / (end - start) if end > start else 0.0
            step = round(min(1.0, max(0.0, fraction)) * self.steps)
        self.setValue(step // self.scale)  # valueChanged: the board goes there
        super().mousePressEvent(event)  # now on the handle: dragging on from there

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        x = event.position().x()
        near = [(abs(self._x(step) - x), words, step) for step, _, words in self.marks()]
        near = [n for n in near if n[0] <= 5]
        if near:
            _, words, step = min(near)
            QToolTip.showText(
                event.globalPosition().toPoint(),
                self.tr("Step {0}: {1}").format(fmt_int(step), words),
                self,
            )
        elif any(self._x(a) <= x <= self._x(b) for a, b in self.gaps):
            QToolTip.showText(
                event.globalPosition().toPoint(),
                self.tr(
                    "These steps were not kept (memory budget): the board shows the nearest "
                    "kept position before them"
                ),
                self,
            )


class Timeline(QWidget):
    """Slider, "step" box and the total; says which step the user wants."""

    #: The user wants to see this step (dragging, clicking, typing).
    seek_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("timeline")
        self.slider = TimelineSlider()
        self.slider.setToolTip(
            self.tr("The whole run: drag to see any step, or click the step box to type one")
        )
        self.edit = QLineEdit()
        self.edit.setObjectName("stepEdit")
        self.edit.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.edit.setToolTip(self.tr("Go to step… (type a number and press Enter)"))
        # Room for 11 digits (hours at full speed); a longer step scrolls inside the box. The
        # slider beside it gets the rest: 13 digits' room left it 85 px on a 1024-px screen.
        self.edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("00,000,000,000") + 12)
        self.total = SteadyLabel(tip=False)
        self.total.setObjectName("timelineTotal")
        self.total.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self._reserve()
        self.title = QLabel(self.tr("Step"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.title)
        layout.addWidget(self.edit)
        layout.addWidget(self.total)
        # Dragging asks for the latest position only, at most once per event loop pass, so a
        # fast drag never queues up seeks (each takes a few milliseconds).
        self._wanted: int | None = None
        self._coalesce = QTimer(self)
        self._coalesce.setSingleShot(True)
        self._coalesce.setInterval(0)
        self._coalesce.timeout.connect(self._emit_wanted)
        self.slider.valueChanged.connect(self._on_value)
        self.edit.returnPressed.connect(self._on_typed)
        self._step = 0
        self.show_state(0, 0, None, [], False)

    def show_state(
        self,
        step: int,
        steps: int,
        markers: Markers | None,
        gaps: list[tuple[int, int]],
        finished: bool,
        exact: bool = True,
    ) -> None:
        s = self.slider
        if (steps, finished) != (s.steps, s.finished):
            s.set_span(steps)
            s.finished = finished
        s.markers = markers
        s.gaps = gaps
        if not s.isSliderDown():
            s.set_step(step)
        self._step = step
        if not self.edit.hasFocus():
            self.edit.setText(fmt_int(step))
        whole = self.tr("of {0}").format(fmt_int(steps))
        text = whole if steps <= WIDEST else self.tr("of {0}").format(fmt_big(steps))
        if not exact:  # cut with "…" where it does not fit: the whole of it on hover
            note = self.tr("(nearest kept step)")
            text, whole = sentences(text, note), sentences(whole, note)
        self.total.setText(text)
        if self.total.toolTip() != whole:
            self.total.setToolTip(whole)
        s.update()

    def _reserve(self) -> None:
        """The total as wide as its widest figure from the start: one that grew during a run
        widened it and narrowed the slider for good (Reset included)."""
        text = self.tr("of {0}").format(fmt_int(WIDEST))
        self.total.setFixedWidth(self.total.fontMetrics().horizontalAdvance(text) + 6)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.LanguageChange, QEvent.Type.FontChange):
            self._reserve()  # another word for "of", other digits or another font
        super().changeEvent(event)

    def _on_value(self, value: int) -> None:
        self._wanted = self.slider.step_at(value)
        self._coalesce.start()

    def _emit_wanted(self) -> None:
        if self._wanted is not None:
            step, self._wanted = self._wanted, None
            self.seek_requested.emit(step)

    def _on_typed(self) -> None:
        text = self.edit.text().strip()
        value, ok = locale().toLongLong(text)
        if not ok:
            digits = "".join(ch for ch in text if ch.isdigit())
            ok = bool(digits)
            value = int(digits) if ok else 0
        if ok:
            self.seek_requested.emit(int(value))
        self.edit.clearFocus()
        self.edit.setText(fmt_int(self._step))
