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


def run_scene(window: MainWindow, path: str, scene: str) -> None:
    """Prepare ``scene``, then after it has had time to develop, save the grab and quit."""
    delay_ms = 800
    if scene == "midrun":
        window.panel.set_settings(RunSettings(rows=6, cols=6))
        window.panel.speed_slider.setValue(speed_to_slider(10_000))
        window.board.set_start_square(0, 0)
        window._clear_board()
        window.start_or_pause()

        def slow_down() -> None:
            window.panel.speed_slider.setValue(speed_to_slider(30))

        QTimer.singleShot(1500, slow_down)
        delay_ms = 1750
    elif scene == "warnsdorff":
        window.panel.set_settings(RunSettings(rows=8, cols=8, warnsdorff=True))
        window.panel.speed_slider.setValue(speed_to_slider(20))
        window.board.set_start_square(3, 2)
        window._clear_board()
        window.start_or_pause()
        delay_ms = 1450
    elif scene == "readme":
        # Plain vs Warnsdorff on 6×6 in the history, then a paced Warnsdorff run on 8×8
        # caught mid-tour: numbers, path, onward degrees and the chosen square.
        window.panel.speed_slider.setValue(speed_to_slider(math.inf))
        for warnsdorff in (False, True):
            window.panel.set_settings(RunSettings(rows=6, cols=6, warnsdorff=warnsdorff))
            window.board.set_start_square(0, 0)
            window._clear_board()
            window.start_or_pause()
            while window.controller.running:
                QApplication.processEvents()
        window.panel.set_settings(RunSettings(rows=8, cols=8, warnsdorff=True))
        window.panel.speed_slider.setValue(speed_to_slider(40))
        window.board.set_start_square(0, 0)
        window._clear_board()
        window.start_or_pause()
        delay_ms = 1150
    elif scene == "solved":
        window.panel.speed_slider.setValue(speed_to_slider(math.inf))
        for warnsdorff in (False, True):
            window.panel.set_settings(RunSettings(rows=6, cols=6, warnsdorff=warnsdorff))
            window.board.set_start_square(0, 0)
            window._clear_board()
            window.start_or_pause()
            while window.controller.running:
                QApplication.processEvents()
        window.panel.set_settings(RunSettings(rows=8, cols=8, warnsdorff=True, closed=True))
        window.board.set_start_square(0, 0)
        window._clear_board()
        window.start_or_pause()
        delay_ms = 1200

    def shoot() -> None:
        window.grab().save(path)
        window.close()
        QApplication.quit()

    QTimer.singleShot(delay_ms, shoot)
