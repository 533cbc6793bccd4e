"""Scripted scenes for screenshots (README, CI under Xvfb): set up, wait, grab, quit.

Driven by environment variables read in ``app.main`` so the real program, in a real window,
is what gets photographed.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from knightviz.gui.main_window import MainWindow
from knightviz.gui.panels import RunSettings, speed_to_slider


def _start(window: MainWindow, settings: RunSettings, speed: float, start: tuple[int, int]) -> None:
    """Configure a run, put the knight on ``start`` and press Start."""
    window.panel.set_settings(settings)
    window.panel.speed_slider.setValue(speed_to_slider(speed))
    window.board.set_start_square(*start)
    window._clear_board()
    window.start_or_pause()


def _compare_on_6x6(window: MainWindow) -> None:
    """Plain, then Warnsdorff, from a6 at unlimited speed: two history rows to compare."""
    for warnsdorff in (False, True):
        _start(window, RunSettings(rows=6, cols=6, warnsdorff=warnsdorff), math.inf, (0, 0))
        while window.controller.running:
            QApplication.processEvents()


def run_scene(window: MainWindow, path: str, scene: str) -> None:
    """Prepare ``scene``, then after it has had time to develop, save the grab and quit."""
    delay_ms = 800
    if scene == "midrun":
        _start(window, RunSettings(rows=6, cols=6), 10_000, (0, 0))

        def slow_down() -> None:
            window.panel.speed_slider.setValue(speed_to_slider(30))

        QTimer.singleShot(1500, slow_down)
        delay_ms = 1750
    elif scene == "warnsdorff":
        _start(window, RunSettings(rows=8, cols=8, warnsdorff=True), 20, (3, 2))
        delay_ms = 1450
    elif scene == "readme":
        # Plain vs Warnsdorff on 6×6 in the history, then a paced Warnsdorff run on 8×8
        # caught mid-tour: numbers, path, onward degrees and the chosen square.
        _compare_on_6x6(window)
        _start(window, RunSettings(rows=8, cols=8, warnsdorff=True), 40, (0, 0))
        delay_ms = 1150
    elif scene == "solved":
        _compare_on_6x6(window)
        _start(window, RunSettings(rows=8, cols=8, warnsdorff=True, closed=True), math.inf, (0, 0))
        delay_ms = 1200

    def shoot() -> None:
        window.grab().save(path)
        window.close()
        QApplication.quit()

    QTimer.singleShot(delay_ms, shoot)
