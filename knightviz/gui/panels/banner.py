"""A one-paragraph notice above the board (no tour can exist here; this run looks stuck).

Colours come from the palette's lightness, so the banner reads well in light and dark mode.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
    QShowEvent,
    QTextDocument,
)
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from knightviz.gui.theme import is_dark

WARNING = "warning"
INFO = "info"

_COLOURS = {
    # kind: (light background, light border, light text, dark background, dark border, dark text)
    WARNING: ("#fff3cd", "#e0b84c", "#5c4400", "#4a3b12", "#a8872e", "#ffe7a3"),
    INFO: ("#e3efff", "#7aa7e0", "#173a66", "#1d3350", "#4a78b0", "#cfe2ff"),
}


class NoticeSlot(QWidget):
    """The place above the board for one banner at a time, always ``lines`` lines high: a
    banner that comes or goes (a verdict, a stuck run's hint, the forecast) never moves the
    board (it jumped from 364 to 262 px when a hint appeared mid-run)."""

    #: The slot came into view (the banners' work, the forecast, may begin).
    shown = Signal()

    def __init__(self, banners: list[Banner], lines: int = 3) -> None:
        super().__init__()
        self.setObjectName("noticeSlot")
        self._lines = lines
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.setSpacing(0)
        for banner in banners:
            layout.addWidget(banner)
        layout.addStretch(1)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._fit()
        super().changeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.shown.emit()

    def _fit(self) -> None:
        # Laid out, not lineSpacing × lines: Chinese falls back to a taller font.
        doc = QTextDocument()
        doc.setDefaultFont(self.font())
        doc.setDocumentMargin(0)
        doc.setHtml("<br>".join(["Ag 国"] * self._lines))
        height = math.ceil(doc.size().height()) + 18
        self.setFixedHeight(height)
        layout = self.layout()
        bottom = layout.contentsMargins().bottom() if layout is not None else 0
        for banner in self.findChildren(Banner):
            banner.setMaximumHeight(height - bottom)  # its text is fitted to that


def banner_colours(kind: str, dark: bool) -> tuple[str, str, str]:
    """(background, border, text) of a banner of ``kind`` in a light or dark palette."""
    colours = _COLOURS[kind]
    bg, border, text = colours[3:] if dark else colours[:3]
    return bg, border, text


class Banner(QFrame):
    """``rich``: the text is HTML whose links (``<a href>``) the label's ``linkActivated``
    reports, reachable with Tab too."""

    def __init__(
        self, name: str, kind: str, parent: QWidget | None = None, rich: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self._kind = kind
        self.label = QLabel()
        self.label.setWordWrap(True)
        if rich:
            self.label.setTextFormat(Qt.TextFormat.RichText)
            self.label.setTextInteractionFlags(
                Qt.TextInteractionFlag.LinksAccessibleByMouse
                | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
            )
        else:
            self.label.setTextFormat(Qt.TextFormat.PlainText)
            self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.button: QPushButton | None = None
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(10, 6, 6, 6)
        self._layout.addWidget(self.label, 1)
        #: The wordings to choose from, longest first, and the label width last chosen for.
        self._wordings: tuple[str, ...] = ()
        self._fitted_width = -1
        self._restyle()
        self.hide()

    def add_button(self, button: QPushButton) -> None:
        self.button = button
        self._layout.addWidget(button, 0, Qt.AlignmentFlag.AlignVCenter)

    def add_widget(self, widget: QWidget) -> None:
        """A widget at the banner's right (a score beside a question)."""
        self._layout.addWidget(widget, 0, Qt.AlignmentFlag.AlignVCenter)

    def show_text(self, text: str) -> None:
        self._wordings = ()
        self.label.setText(text)
        self.show()

    def show_texts(self, wordings: Sequence[str]) -> None:
        """The first of ``wordings`` (longest first) that fits the banner's height whole,
        else the last; chosen again when the banner's width changes. A long hint was cut
        off at the slot's foot on narrower windows and in Chinese."""
        self._wordings = tuple(wordings)
        self._fitted_width = -1
        self._fit()
        self.show()

    def wordings(self) -> tuple[str, ...]:
        """The wordings the shown text was chosen from (empty: one text, as given)."""
        return self._wordings

    def label_width(self) -> int:
        """The label's width in the banner's place (laid out or not yet)."""
        parent = self.parentWidget()
        width = parent.contentsRect().width() if parent is not None else self.width()
        margins = self._layout.contentsMargins()
        width -= margins.left() + margins.right()
        for i in range(1, self._layout.count()):
            item = self._layout.itemAt(i)
            other = item.widget() if item is not None else None
            if other is not None and not other.isHidden():
                width -= other.sizeHint().width() + self._layout.spacing()
        return max(1, width)

    def _fit(self) -> None:
        if not self._wordings:
            return
        width = self.label_width()
        if width == self._fitted_width:
            return
        self._fitted_width = width
        margins = self._layout.contentsMargins()
        room = self.maximumHeight() - margins.top() - margins.bottom()
        chosen = self._wordings[-1]
        for text in self._wordings:
            self.label.setText(text)
            if self.label.heightForWidth(width) <= room:
                chosen = text
                break
        if self.label.text() != chosen:
            self.label.setText(chosen)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def text(self) -> str:
        return self.label.text()

    def shown_text(self) -> str | None:
        """The text while the banner is shown, else None."""
        return None if self.isHidden() else self.label.text()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:
            self._restyle()
        super().changeEvent(event)

    def colours(self) -> tuple[str, str, str]:
        """(background, border, text) for the palette in use now."""
        return banner_colours(self._kind, is_dark(self.palette()))

    def paintEvent(self, event: QPaintEvent) -> None:
        # Painted, not a style sheet: a style sheet would give the banner a palette of its
        # own, and a switch between light and dark would no longer reach it.
        bg, border, _ = self.colours()
        with QPainter(self) as p:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setPen(QPen(QColor(border), 1))
            p.setBrush(QColor(bg))
            p.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6)

    def _restyle(self) -> None:
        _, _, text = self.colours()
        pal = QPalette(self.palette())
        pal.setColor(QPalette.ColorRole.WindowText, QColor(text))
        self.label.setPalette(pal)
        self.update()
