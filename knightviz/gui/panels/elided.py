"""A one-line label that ends in "…" when its text does not fit, the whole text on hover."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
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
