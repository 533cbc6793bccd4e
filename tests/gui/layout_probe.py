"""The window on a laptop's screen, measured: run by ``test_screens.py`` in a process of
its own, because Qt's offscreen platform takes its screen's size (from a JSON file) only
when the application starts.

``python tests/gui/layout_probe.py WIDTH HEIGHT LANGUAGE`` opens the window as a first
launch does on a WIDTH × HEIGHT screen whose desktop panel and title bar take 50 px, walks
the card's flow for both puzzles (two runs with two strategies, then a race), and prints
what it measured at each stage as one JSON object. The test reads it and judges.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QCoreApplication, QEvent, QRect, qInstallMessageHandler  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QPushButton,
    QToolBar,
    QWidget,
)

#: The room a desktop's panel and the window's title bar take from the screen's height.
CHROME = 50
#: A control row's height (px): the largest empty gap the controls' column may show.
ROW = 32

warnings: list[str] = []


def settle() -> None:
    QCoreApplication.sendPostedEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()


def wait_for(condition: Callable[[], bool], seconds: float = 60.0) -> bool:
    """Let the event loop run until ``condition`` holds (False on a timeout)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        QCoreApplication.processEvents()
        time.sleep(0.002)
    settle()
    return True


def rect_in(widget: QWidget, ancestor: QWidget) -> QRect:
    top_left = widget.mapTo(ancestor, widget.rect().topLeft())
    return QRect(top_left, widget.size())


def fully_shown(widget: QWidget, window: QWidget) -> bool:
    """Visible, of a size, inside the window and not cut by a scrolled or clipped parent."""
    if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
        return False
    if not window.rect().contains(rect_in(widget, window)):
        return False
    return widget.visibleRegion().boundingRect().size() == widget.size()


def controls_not_shown(w: Any) -> list[str]:
    """The current puzzle's controls (setup and run) not wholly in view without scrolling."""
    kinds = (QCheckBox, QComboBox, QAbstractSpinBox, QPushButton)
    out = []
    for root in (w.panel, w.panel.puzzle_bar, w.run_controls):
        for widget in root.findChildren(QWidget):
            shown = isinstance(widget, kinds) and widget.isVisible()
            if shown and not fully_shown(widget, w):
                out.append(widget.objectName() or type(widget).__name__)
    if w.findChild(QWidget, "setupScroll").verticalScrollBar().maximum() > 0:
        out.append("setupScroll scrolls")
    return out


def column_gaps(w: Any) -> list[int]:
    """The empty heights in the controls' column: between its boxes, inside the settings,
    and below the last one."""
    side = w.findChild(QWidget, "sidePanel")
    parts = [w.panel.puzzle_bar, w.panel.board_box, w.panel.strategy_box, w.run_controls]
    parts.append(w.comparison)
    spans = sorted(
        (rect_in(p, side).top(), rect_in(p, side).bottom()) for p in parts if p.isVisible()
    )
    gaps = [b[0] - a[1] - 1 for a, b in itertools.pairwise(spans)]
    gaps.append(side.height() - 1 - spans[-1][1])
    return gaps


def history_columns(w: Any) -> dict[str, bool]:
    """Whether each of the history's first four columns is wholly in its view."""
    table = w.history
    header = table.horizontalHeader()
    view = table.viewport().width()
    shown = {}
    for column in range(4):
        left = header.sectionViewportPosition(column)
        name = table.horizontalHeaderItem(column).text()
        shown[name] = left >= 0 and left + header.sectionSize(column) <= view
    return shown


def comparison(w: Any) -> dict[str, Any]:
    label = w.findChild(QWidget, "comparisonLabel")
    return {
        "text": w.comparison.text(),
        "shown": fully_shown(label, w),
        "fits": label.heightForWidth(label.width()) <= label.height() + 1,
    }


def sizes(w: Any) -> dict[str, list[int]]:
    names = ("board", "sidePanel", "resultsPanel", "comparisonBox", "historyTable")
    found = {n: w.findChild(QWidget, n) for n in names}
    return {n: [x.width(), x.height()] for n, x in found.items() if x is not None}


def measure(w: Any) -> dict[str, Any]:
    from tests.gui.test_i18n import clipped

    settle()
    return {
        "controls_not_shown": controls_not_shown(w),
        "gaps": column_gaps(w),
        "history": history_columns(w),
        "history_shown": fully_shown(w.history.viewport(), w),
        "comparison": comparison(w),
        "board": min(w.board.width(), w.board.height()),
        "window": [w.width(), w.height()],
        "clipped": [list(map(str, c)) for c in clipped(w)],
        "docks_shown": sorted(
            d.objectName() for d in w.findChildren(type(w.code_dock)) if d.isVisible()
        ),
        "explain_on_toolbar": any(
            w.explain_action in bar.actions() and bar.isVisible()
            for bar in w.findChildren(QToolBar)
        ),
    }


def configure(w: Any, puzzle: str, **changes: Any) -> None:
    from dataclasses import replace

    settings = replace(w.puzzles[puzzle].default_settings(), **changes)
    w.panel.set_settings(puzzle, settings)
    w.run_controls.set_speed(math.inf)
    settle()


def run_to_end(w: Any) -> bool:
    w.start_or_pause()
    return wait_for(lambda: not w.controller.running)


def run_and_stop(w: Any, steps: int) -> dict[str, list[int]]:
    """Start, let it make ``steps`` steps, pause (sizes taken running and paused), stop."""
    before = sizes(w)
    w.start_or_pause()
    assert wait_for(lambda: w.session.model.steps >= steps)
    running = sizes(w)
    w.start_or_pause()
    wait_for(lambda: w.session.state.value != "running")
    paused = sizes(w)
    w.reset()
    wait_for(lambda: not w.controller.running)
    after = sizes(w)
    return {"before": before, "running": running, "paused": paused, "after": after}


#: The window's width and its least width, while each race is in view.
RACE_WIDTHS: list[list[int]] = []


def race(w: Any) -> bool:
    """Race the strategy against its rival until one finishes, then back to one board."""
    w.race.stop_loser = True
    if w.session.puzzle.rival(w.panel.settings()) is not None:
        w.race_rival()
    else:
        w.set_race_mode(True)
        w.race.begin()
    done = wait_for(lambda: not w.race.running, 120)
    settle()
    RACE_WIDTHS.append([w.width(), w.minimumSizeHint().width()])
    w.set_race_mode(False)
    settle()
    return done


def main() -> int:
    width, height, language = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]

    def handler(kind: Any, context: Any, message: str) -> None:
        if "propagateSizeHints" not in message and kind.name != "QtDebugMsg":
            warnings.append(message)

    qInstallMessageHandler(handler)
    home = tempfile.mkdtemp(prefix="knightviz-probe-")
    os.environ["XDG_CONFIG_HOME"] = os.path.join(home, "config")
    os.environ["XDG_DATA_HOME"] = os.path.join(home, "data")
    app = QApplication([])
    from PySide6.QtCore import QStandardPaths

    from knightviz.gui import MainWindow, config
    from knightviz.gui.i18n import Translations

    QStandardPaths.setTestModeEnabled(True)
    config.isolate(Path(home))
    translations = Translations()
    assert translations.apply(language)
    w = MainWindow(translations)
    w.show()
    free = (width, height - CHROME)
    if w.width() > free[0] or w.height() > free[1] or w.isMaximized():
        w.showNormal()
        w.setGeometry(0, 0, *free)
    settle()
    report: dict[str, Any] = {"first": measure(w)}
    w.arrange_docks()  # as View › Reset settings would: the same places

    configure(w, "knight", warnsdorff=True)
    assert run_to_end(w)
    report["knight_one"] = measure(w)
    configure(w, "knight", warnsdorff=False)
    report["knight_sizes"] = run_and_stop(w, 20_000)
    report["knight_two"] = measure(w)
    configure(w, "knight", rows=6, cols=6, warnsdorff=False)
    report["knight_race_done"] = race(w)
    report["knight_race"] = measure(w)

    configure(w, "queens", rows=8, cols=8, all_solutions=True)
    assert run_to_end(w)
    configure(w, "queens", rows=8, cols=8, all_solutions=False)
    report["queens_sizes"] = run_and_stop(w, 40)
    configure(w, "queens", rows=8, cols=8, all_solutions=False)
    assert run_to_end(w)
    report["queens_two"] = measure(w)
    report["queens_race_done"] = race(w)
    report["queens_race"] = measure(w)
    report["race_widths"] = RACE_WIDTHS
    report["warnings"] = warnings
    w.close()
    app.processEvents()
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
