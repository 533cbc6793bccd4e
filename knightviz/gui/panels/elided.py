"""A one-line label that ends in "…" when its text does not fit, the whole text on hover."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QSizePolicy


class ElidedLabel(QLabel):
    """One line that ends in "…" when it does not fit; the whole text on hover.

    Its width never pushes a layout wider (the size policy ignores the text's width).
    """

    #: Elide as if at least this wide: a label squeezed to nothing still shows "…".
    floor = 0

    def __init__(self) -> None:
        super().__init__()
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._full = ""

    def set_full_text(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        self._elide()

    def full_text(self) -> str:
        return self._full

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        fm = self.fontMetrics()
        width = max(self.floor, self.width())
        self.setText(fm.elidedText(self._full, Qt.TextElideMode.ElideRight, width))


class SteadyLabel(QLabel):
    """A label whose size never follows its text: ``lines`` lines high, as wide as its
    layout gives it, the text wrapped (or elided with "…", the whole text on hover).

    A running search rewords the narration, the estimate and the code's variables many times
    a second; a plain QLabel asks its layout to recompute the window's geometry at every new
    text (and a wrapped one may change height: the board jumped). This one only repaints.
    """

    def __init__(
        self, lines: int = 1, wrap: bool = False, tip: bool = True, grow: bool = False
    ) -> None:
        """``tip``: the whole text is the tooltip (else the tooltip is the caller's);
        ``grow``: one line that widens (never narrows) to fit its widest text so far."""
        super().__init__()
        self._text = ""
        self._lines = lines
        self._wrap = wrap
        self._tip = tip
        self._grow = grow
        horizontal = QSizePolicy.Policy.Preferred if grow else QSizePolicy.Policy.Ignored
        self.setSizePolicy(horizontal, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(lines * self.fontMetrics().lineSpacing() + 4)

    def setText(self, text: str) -> None:
        if text != self._text:
            self._text = text
            if self._tip:
                self.setToolTip(text)
            if self._grow:
                need = self.fontMetrics().horizontalAdvance(text) + 6
                if need > self.minimumWidth():
                    self.setMinimumWidth(need)  # rare: a wider text than any before
            self.update()

    def text(self) -> str:
        return self._text

    def shows_all(self) -> bool:
        """The whole text fits (else it is cut with "…", the whole text on hover)."""
        rect = self.contentsRect().adjusted(0, 2, 0, -2)
        fm = self.fontMetrics()
        if not self._wrap:
            return fm.horizontalAdvance(self._text) <= rect.width()
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        needed = fm.boundingRect(rect, flags | int(Qt.TextFlag.TextWordWrap), self._text)
        return needed.height() <= rect.height()

    def sizeHint(self) -> QSize:
        return QSize(max(40, self.minimumWidth()), self.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.minimumWidth(), self.height())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self.setFixedHeight(self._lines * self.fontMetrics().lineSpacing() + 4)
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        rect = self.contentsRect().adjusted(0, 2, 0, -2)
        fm = self.fontMetrics()
        with QPainter(self) as p:
            p.setPen(self.palette().color(self.foregroundRole()))
            if not self._wrap:
                text = fm.elidedText(self._text, Qt.TextElideMode.ElideRight, rect.width())
                p.drawText(rect, int(self.alignment() | Qt.AlignmentFlag.AlignVCenter), text)
                return
            flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            flags |= int(Qt.TextFlag.TextWordWrap)
            needed = fm.boundingRect(rect, flags, self._text)
            if needed.height() <= rect.height():
                p.drawText(rect, flags, self._text)
                return
            # Too long: the lines that fit, the last one ending in "…".
            words, lines, line = self._text.split(), [], ""
            for word in words:
                trial = f"{line} {word}".strip()
                if fm.horizontalAdvance(trial) <= rect.width() or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
            shown = lines[: self._lines]
            rest = " ".join(lines[self._lines - 1 :])
            shown[-1] = fm.elidedText(rest, Qt.TextElideMode.ElideRight, rect.width())
            y = rect.top()
            for text in shown:
                p.drawText(rect.left(), y + fm.ascent(), text)
                y += fm.lineSpacing()
