"""The application's icon, at every size it was drawn for."""

from __future__ import annotations

from importlib import resources

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QIcon, QPixmap


def app_icon() -> QIcon:
    """The icon at every size it was drawn for (resources/icons), else from the SVG."""
    icon = QIcon()
    folder = resources.files("knightviz.resources") / "icons"
    for size in (16, 24, 32, 48, 64, 128, 256):
        png = folder / f"knightviz-{size}.png"
        pixmap = QPixmap()
        if png.is_file() and pixmap.loadFromData(QByteArray(png.read_bytes()), "PNG"):
            icon.addPixmap(pixmap)
    if icon.isNull():
        data = (resources.files("knightviz.resources") / "icon.svg").read_bytes()
        pixmap = QPixmap()
        pixmap.loadFromData(QByteArray(data), "SVG")
        icon.addPixmap(pixmap)
    return icon
