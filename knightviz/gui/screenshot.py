"""Scripted scenes for screenshots (README, CI under Xvfb): set up, wait, grab, quit.

Driven by environment variables read in ``app.main`` so the real program, in a real window,
is what gets photographed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from knightviz.gui.main_window import MainWindow
from knightviz.gui.puzzles import make_puzzles


def _settings(key: str, rows: int, cols: int, **changes: Any) -> Any:
    """A puzzle's default settings on a rows × cols board, with ``changes``."""
    base = make_puzzles()[key].default_settings()
    return replace(base, rows=rows, cols=cols, **changes)


def knight(rows: int = 8, cols: int = 8, **changes: Any) -> Any:
    return _settings("knight", rows, cols, **changes)


def queens(n: int = 8, **changes: Any) -> Any:
    return _settings("queens", n, n, **changes)


def configure(
    window: MainWindow,
    puzzle: str,
    settings: Any,
    speed: float,
    start: tuple[int, int] = (0, 0),
) -> None:
    """Show ``settings`` for ``puzzle``, put the piece on ``start``, set the speed."""
    window.panel.set_settings(puzzle, settings)
    window.run_controls.set_speed(speed)
    if window.puzzles[puzzle].movable_start:
        window.view.set_start(start[0] * settings.cols + start[1])


def start(
    window: MainWindow, puzzle: str, settings: Any, speed: float, at: tuple[int, int] = (0, 0)
) -> None:
    """Configure a run and press Start."""
    configure(window, puzzle, settings, speed, at)
    window.start_or_pause()


def finish(window: MainWindow) -> None:
    while window.controller.running:
        QApplication.processEvents()


def _compare_on_6x6(window: MainWindow) -> None:
    """Plain, then Warnsdorff, from a6 at unlimited speed: two history rows to compare."""
    for warnsdorff in (False, True):
        start(window, "knight", knight(6, 6, warnsdorff=warnsdorff), math.inf)
        finish(window)


def _scene_midrun(window: MainWindow) -> int:
    start(window, "knight", knight(6, 6, warnsdorff=False), 10_000)
    QTimer.singleShot(1500, lambda: window.run_controls.set_speed(30))
    return 1750


def _scene_warnsdorff(window: MainWindow) -> int:
    start(window, "knight", knight(8, 8), 20, (3, 2))
    return 1450


def _scene_readme(window: MainWindow) -> int:
    """The card's flow from a8: Warnsdorff's rule, then plain backtracking, and the two
    compared beside the board (8×8 on the compiled engine: 16.5 M steps in a fraction of
    a second; 5×5 without it)."""
    from knightviz.engine import kernels

    side = 8 if kernels.available() else 5
    if side == 8:
        kernels.load()
    for warnsdorff in (True, False):
        start(window, "knight", knight(side, side, warnsdorff=warnsdorff), math.inf)
        finish(window)
    return 600


def _scene_paced(window: MainWindow) -> int:
    # Plain vs Warnsdorff on 6×6 in the history, then a paced Warnsdorff run on 8×8
    # caught mid-tour: numbers, path, onward degrees and the chosen square.
    _compare_on_6x6(window)
    start(window, "knight", knight(8, 8), 40)
    return 1150


def _scene_solved(window: MainWindow) -> int:
    _compare_on_6x6(window)
    start(window, "knight", knight(8, 8, closed=True), math.inf)
    return 1200


def _scene_queens(window: MainWindow) -> int:
    """8×8 queens at a paced speed, caught with a rejection on the board and in the panel."""
    start(window, "queens", queens(8), 8)
    return 2600


def _scene_queens_bits(window: MainWindow) -> int:
    start(window, "queens", queens(8, variant="bitboards"), 8)
    return 2600


def _scene_queens_list(window: MainWindow) -> int:
    start(window, "queens", queens(8), math.inf)
    finish(window)
    return 600


def _scene_knight30(window: MainWindow) -> int:
    start(window, "knight", knight(30, 30, tie_break="roth"), 300)
    return 2500


def _scene_knight100(window: MainWindow) -> int:
    start(window, "knight", knight(100, 100, tie_break="roth"), 4000)
    return 1800


def _scene_explain(window: MainWindow) -> int:
    """A paused plain run: the stack, the code line and the narration of a backtrack."""
    start(window, "knight", knight(6, 6, warnsdorff=False), 3000)
    QTimer.singleShot(900, lambda: window.run_controls.set_speed(8))
    QTimer.singleShot(2300, window.session.pause)
    return 3600


def _scene_gauge(window: MainWindow) -> int:
    """A long plain run from d4 at unlimited speed: the gauge and the tree estimate."""
    start(window, "knight", knight(8, 8, warnsdorff=False), math.inf, (4, 3))
    return 5000


def _scene_scrub(window: MainWindow) -> int:
    """A finished 6×6 plain run scrubbed back to the start of its longest backtrack."""
    start(window, "knight", knight(6, 6, warnsdorff=False), math.inf)
    finish(window)
    rec = window.session.recording
    assert rec is not None
    while not rec.scan_markers():
        pass
    window.session.seek(rec.markers.longest_backtrack_step)
    return 700


def _scene_race(window: MainWindow) -> int:
    """8×8 from a8, plain against Warnsdorff at 50 steps/s: Warnsdorff has just finished at
    63 while the plain search goes on."""
    configure(window, "knight", knight(8, 8), 50)
    window.race_action.setChecked(True)
    window.start_or_pause()
    return 3600


def _map(window: MainWindow, settings: Any, at: tuple[int, int] = (0, 0)) -> None:
    """Map every start square for ``settings`` and wait for the whole map."""
    configure(window, "knight", settings, math.inf, at)
    window.start_map()
    while window.startmap.running:
        QApplication.processEvents()


def _scene_map(window: MainWindow) -> int:
    """Plain backtracking on 8×8, a million steps a square at most: most starts hit the cap."""
    _map(window, knight(8, 8, warnsdorff=False))
    return 500


def _scene_map_greedy(window: MainWindow) -> int:
    """Warnsdorff, ties first, no backtracking: every start but e6 finds a tour in 63."""
    _map(window, knight(8, 8, backtrack=False), (2, 4))
    return 500


def _scene_map6(window: MainWindow) -> int:
    """6×6 plain: from some squares a tour in thousands of steps, from others not in a million."""
    _map(window, knight(6, 6, warnsdorff=False), (0, 0))
    return 500


def _scene_map5(window: MainWindow) -> int:
    """5×5 plain: tours, squares over the cap and the colour no tour can start on."""
    _map(window, knight(5, 5, warnsdorff=False), (2, 2))
    return 500


def _scene_map_running(window: MainWindow) -> int:
    """8×8 plain caught mid-map: progress and Cancel under the board."""
    configure(window, "knight", knight(8, 8, warnsdorff=False), math.inf)
    window.start_map()
    return 1200


def _scene_race_maps(window: MainWindow) -> int:
    """Two 8×8 maps side by side: plain backtracking (every start over the million-step
    cap) against Warnsdorff's rule (63 steps from every square)."""
    from knightviz.engine import kernels

    if kernels.available():
        kernels.load()  # the plain map is 64 M steps: on the compiled engine, 0.6 s
    configure(window, "knight", knight(8, 8), math.inf, (2, 4))
    window.race_action.setChecked(True)
    window.start_map()
    while any(m.running for m in window.maps()):
        QApplication.processEvents()
    return 600


def _scene_dark(window: MainWindow) -> int:
    """Dark mode: a paced Warnsdorff run mid-tour, with a history, in the dark."""
    window.set_appearance("dark")
    return _scene_paced(window)


def _scene_dark_plain(window: MainWindow) -> int:
    """Dark mode, plain backtracking caught paused: flashes, stack, code line, banner."""
    window.set_appearance("dark")
    return _scene_explain(window)


def _scene_shortcuts(window: MainWindow) -> int:
    """Help › Keyboard shortcuts over the window (the whole screen is grabbed)."""
    window.help.show_shortcuts()
    return 700


def _scene_guide(window: MainWindow) -> int:
    """Help › What am I looking at? over the window (the whole screen is grabbed)."""
    window.help.show_guide()
    return 700


def _scene_guide_dark(window: MainWindow) -> int:
    window.set_appearance("dark")
    return _scene_guide(window)


#: Scenes with a dialog: the whole screen is grabbed, not only the main window.
SCREEN_SCENES = {"shortcuts", "guide", "guide-dark"}


def _scene_chart(window: MainWindow) -> int:
    """The steps chart after plain and Warnsdorff runs on 6×6 from three squares, showing
    the depth over time of the last plain run (the saw-tooth), with the board mid-way."""
    window.chart_action.setChecked(True)
    for square in ((0, 0), (2, 3), (5, 5)):
        for warnsdorff in (True, False):
            start(window, "knight", knight(6, 6, warnsdorff=warnsdorff), math.inf, square)
            finish(window)
    QApplication.processEvents()
    window.seek(window.session.end // 3)
    return 900


def _scene_chart_zoom(window: MainWindow) -> int:
    """The chart's depth plot zoomed into 2,000 steps of a plain 6×6 run: the saw-tooth."""
    _scene_chart(window)
    window.chart.zoom(100_000, 102_000)
    return 900


def _scene_construct(window: MainWindow) -> int:
    """12×12 by construction at 30 squares/s, caught with three of its four 6×6 block
    tours drawn."""
    start(window, "knight", knight(12, 12, construct=True, closed=True), 30)
    return 2700


def _scene_construct_join(window: MainWindow) -> int:
    """12×12 by construction, caught at its join: four moves cut (red), four added (green)."""
    start(window, "knight", knight(12, 12, construct=True, closed=True), 30)
    return 4300


def _scene_construct_dark(window: MainWindow) -> int:
    """The construction's join on 12×12 in dark mode."""
    window.set_appearance("dark")
    return _scene_construct_join(window)


SCENES: dict[str, Callable[[MainWindow], int]] = {
    "construct": _scene_construct,
    "construct-join": _scene_construct_join,
    "construct-dark": _scene_construct_dark,
    "race-maps": _scene_race_maps,
    "race": _scene_race,
    "map": _scene_map,
    "map-greedy": _scene_map_greedy,
    "map5": _scene_map5,
    "map6": _scene_map6,
    "map-running": _scene_map_running,
    "dark": _scene_dark,
    "dark-plain": _scene_dark_plain,
    "shortcuts": _scene_shortcuts,
    "guide": _scene_guide,
    "guide-dark": _scene_guide_dark,
    "chart": _scene_chart,
    "chart-zoom": _scene_chart_zoom,
    "scrub": _scene_scrub,
    "explain": _scene_explain,
    "gauge": _scene_gauge,
    "idle": lambda window: 800,
    "midrun": _scene_midrun,
    "warnsdorff": _scene_warnsdorff,
    "readme": _scene_readme,
    "paced": _scene_paced,
    "solved": _scene_solved,
    "queens": _scene_queens,
    "queens-bits": _scene_queens_bits,
    "queens-list": _scene_queens_list,
    "knight30": _scene_knight30,
    "knight100": _scene_knight100,
}


def run_scene(window: MainWindow, path: str, scene: str) -> None:
    """Prepare ``scene``, then after it has had time to develop, save the grab and quit.

    ``zh-<scene>`` is any scene in Chinese (the window switched first), e.g. ``zh-readme``.
    """
    if scene.startswith("zh-"):
        window.set_language("zh_CN")
        scene = scene[3:]
    delay_ms = SCENES.get(scene, SCENES["idle"])(window)

    def shoot() -> None:
        screen = window.screen()
        if scene in SCREEN_SCENES and screen is not None:
            screen.grabWindow(0).save(path)
        else:
            window.grab().save(path)
        window.close()
        QApplication.quit()

    QTimer.singleShot(delay_ms, shoot)
