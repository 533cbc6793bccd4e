"""Dark mode: every panel dark, switched at run time, remembered, following the system."""

from __future__ import annotations

import statistics

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QColor
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from knightviz.gui import MainWindow, config
from knightviz.gui.board.layers import DARK_DIMMED, LIGHT, LIGHT_DIMMED
from knightviz.gui.theme import is_dark

from .conftest import configure


def lightness(widget: QWidget) -> float:
    """The median lightness of a widget's own painting (its background dominates)."""
    image = widget.grab().toImage()
    w, h = image.width(), image.height()
    values = [
        image.pixelColor(x, y).lightness()
        for x in range(1, w - 1, max(1, w // 40))
        for y in range(1, h - 1, max(1, h // 20))
    ]
    return statistics.median(values)


def panels(w: MainWindow) -> dict[str, QWidget]:
    return {
        "verdict banner": w.view.verdict_banner,
        "history": w.history.viewport(),
        "code": w.view.code_panel.view.viewport(),
        "stack": w.view.stack_view.viewport(),
        "counters": w.view.counters,
        "run controls": w.run_controls,
        "setup": w.panel,
        "narration": w.view.narration,
        "status bar": w.statusBar(),
        "menu bar": w.menuBar(),
        "timeline": w.view.timeline,
        "gauge": w.view.gauge,
    }


def board_corner(w: MainWindow) -> QColor:
    return w.board.grab().toImage().pixelColor(2, 2)


def square_colour(w: MainWindow, row: int, col: int) -> QColor:
    rect = w.board.square_rect(row, col)
    image = w.board.grab().toImage()
    return image.pixelColor(int(rect.left() + 3), int(rect.bottom() - 3))


def test_dark_mode_darkens_every_panel_and_switches_back(window, qtbot):
    configure(window, "knight", n=4)  # the verdict banner shows
    assert window.verdict() is not None
    for name, widget in panels(window).items():
        assert lightness(widget) > 150, f"{name} is not light in light mode"
    assert square_colour(window, 2, 2) == LIGHT  # a light square, clear of the labels

    window.set_appearance("dark")
    qtbot.waitUntil(lambda: is_dark(window.board.palette()))
    assert window.theme.dark()
    for name, widget in panels(window).items():
        assert lightness(widget) < 110, f"{name} is still light in dark mode"
    assert board_corner(window).lightness() < 80
    assert square_colour(window, 2, 2) == LIGHT_DIMMED
    assert square_colour(window, 2, 3) == DARK_DIMMED
    # The banner's text stays readable: light text on its dark amber.
    banner = window.view.verdict_banner
    assert banner.colours()[0] == "#4a3b12"
    assert banner.label.palette().color(banner.label.foregroundRole()) == QColor("#ffe7a3")

    window.set_appearance("light")
    qtbot.waitUntil(lambda: not is_dark(window.board.palette()))
    for name, widget in panels(window).items():
        assert lightness(widget) > 150, f"{name} did not come back to light"
    assert square_colour(window, 2, 2) == LIGHT


def test_the_appearance_menu_and_memory(window, qtbot):
    menu = window.findChild(QMenu, "appearanceMenu")
    assert menu is not None
    actions = [a for a in menu.actions() if isinstance(a, QAction)]
    assert [a.data() for a in actions] == ["system", "light", "dark"]
    assert actions[0].isChecked()
    actions[2].trigger()
    assert actions[2].isChecked() and not actions[0].isChecked()
    assert config.appearance() == "dark"
    assert is_dark(QApplication.palette())
    window.close()

    w2 = MainWindow()
    qtbot.addWidget(w2)
    assert is_dark(QApplication.palette())
    assert w2.findChild(QAction, "appearanceDarkAction").isChecked()
    w2.reset_settings()
    assert not is_dark(QApplication.palette())
    assert config.appearance() == "system"
    assert w2.findChild(QAction, "appearanceSystemAction").isChecked()


def test_following_the_system_scheme(window, qtbot):
    assert window.theme.mode() == "system"
    window.theme._on_system_changed(Qt.ColorScheme.Dark)
    assert is_dark(QApplication.palette())
    qtbot.waitUntil(lambda: lightness(window.history.viewport()) < 110)
    window.theme._on_system_changed(Qt.ColorScheme.Light)
    assert not is_dark(QApplication.palette())
    # A forced scheme ignores the desktop.
    window.set_appearance("light")
    window.theme._on_system_changed(Qt.ColorScheme.Dark)
    assert not is_dark(QApplication.palette())
