"""Qt fixtures: a main window that is always closed, and no test may leave a thread running."""

from __future__ import annotations

import math

import pytest
from PySide6.QtWidgets import QApplication

from knightviz.gui import MainWindow
from knightviz.gui.panels import speed_to_slider


def pytest_configure(config: pytest.Config) -> None:
    # The offscreen platform's own notice when a window is shown; not from our code.
    config.addinivalue_line("qt_log_ignore", "This plugin does not support propagateSizeHints")


@pytest.fixture(autouse=True)
def no_thread_left_running(qapp: QApplication):
    """Fail any test that leaves a solver QThread running (napari's idea)."""
    yield
    from knightviz.gui.worker import SolverController

    leaked = SolverController.running_threads()
    for controller, _thread in leaked:
        controller.shutdown()
    for widget in QApplication.topLevelWidgets():
        widget.close()
    assert not leaked, f"test left {len(leaked)} solver thread(s) running"


@pytest.fixture
def window(qtbot) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1100, 800)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()


def set_speed(window: MainWindow, speed: float) -> None:
    window.panel.speed_slider.setValue(speed_to_slider(speed))


UNLIMITED = math.inf
