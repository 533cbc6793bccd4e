"""Qt fixtures: a main window that is always closed, and no test may leave a thread running."""

from __future__ import annotations

import gc
import math
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication

from knightviz.gui import MainWindow
from knightviz.gui.puzzles.knight import KnightSettings
from knightviz.gui.puzzles.queens import QueensSettings


def pytest_configure(config: pytest.Config) -> None:
    # The offscreen platform's own notice when a window is shown; not from our code.
    config.addinivalue_line("qt_log_ignore", "This plugin does not support propagateSizeHints")


@pytest.fixture(autouse=True)
def isolated_settings(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory):
    """Every test gets its own settings file and data directory (the run history), and
    leaves the application's style and palette as it found them: no test reads or writes the
    user's files, and none sees another's settings. (Autouse fixtures run in name order:
    this one is set up before, and torn down after, the ones that close the windows.)"""
    from PySide6.QtCore import QStandardPaths

    from knightviz.gui import config, theme

    QStandardPaths.setTestModeEnabled(True)
    directory = tmp_path_factory.mktemp("knightviz-home")
    config.isolate(directory)
    yield directory
    for widget in QApplication.topLevelWidgets():
        widget.close()
    theme.reset_application()


@pytest.fixture(autouse=True)
def no_thread_left_running(qapp: QApplication, monkeypatch: pytest.MonkeyPatch):
    """Fail any test that leaves a QThread running (napari's ``_dangling_qthreads``): every
    ``QThread.start`` is recorded with where it was called from; after the test (and after
    its windows are closed) none may still run. Also restores the interpreter's switch
    interval check: no run may leave it changed."""
    import sys
    import traceback
    import weakref

    from PySide6.QtCore import QThread

    from knightviz.gui.solver import SwitchInterval

    started: weakref.WeakKeyDictionary[QThread, str] = weakref.WeakKeyDictionary()
    original = QThread.start

    def start(self: QThread, *args: Any) -> None:
        started[self] = "".join(traceback.format_stack(limit=6)[:-1])
        original(self, *args)

    monkeypatch.setattr(QThread, "start", start)
    interval = sys.getswitchinterval()
    yield
    leaked = [(thread, where) for thread, where in list(started.items()) if thread.isRunning()]
    for widget in QApplication.topLevelWidgets():
        widget.close()  # the windows' one shutdown path joins their threads
    still = [(thread, where) for thread, where in list(started.items()) if thread.isRunning()]
    for thread, _ in still:  # never let Qt destroy a running thread: that aborts the process
        thread.quit()
        thread.wait(3000)
    assert not leaked, "test left QThread(s) running, started at:\n" + "\n".join(
        where for _, where in leaked
    )
    assert SwitchInterval.users() == 0, "a run did not release the switch interval"
    assert sys.getswitchinterval() == interval, "the GIL switch interval was not restored"


#: A full collection (every object) once in this many tests; in between, a collection looks
#: only at the objects made since (``gc.freeze``), so that its cost does not grow with what
#: the test process has imported (numba, Dask: a full one took 0.2 s, most of a GUI test).
FULL_COLLECTION_EVERY = 50
_collections = [0]


def collect_garbage() -> None:
    """Collect every cycle made since the last full collection (see FULL_COLLECTION_EVERY)."""
    if _collections[0] % FULL_COLLECTION_EVERY == 0:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
    else:
        gc.collect()
    _collections[0] += 1


@pytest.fixture(autouse=True)
def no_timer_left_running(qapp: QApplication):
    """Fail a test that leaves an active QTimer behind on a closed window's objects.

    The scan runs with Python's cyclic collector held off (after a collection): a
    collection in the middle of it, triggered by a wrapper it creates, could delete an
    earlier test's closed window whose Python side owned it, between the list of top-level
    widgets and the look at one of them (a segfault about once in two whole GUI runs)."""
    yield
    collect_garbage()
    QApplication.processEvents()
    gc.disable()
    try:
        active = [
            t
            for w in QApplication.topLevelWidgets()
            if shiboken6.isValid(w) and not w.isVisible()
            for t in w.findChildren(QTimer)
            if t.isActive() and t.interval() < 1000
        ]
        assert not active, f"active timers left: {[t.parent() for t in active]}"
    finally:
        gc.enable()


@pytest.fixture
def language():
    """Switch the application's language in a test; English and the locale come back after."""
    from PySide6.QtCore import QLocale

    from knightviz.gui.i18n import ENGLISH, Translations

    saved = QLocale()
    translations = Translations()
    yield translations
    translations.apply(ENGLISH)
    QLocale.setDefault(saved)


@pytest.fixture
def window(qtbot) -> MainWindow:
    """The window with its explanatory panels open (Explain): the panels' tests read them."""
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1600, 900)  # three columns and the explanatory docks beside them
    w.explain_action.setChecked(True)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()


UNLIMITED = math.inf


def set_speed(window: MainWindow, speed: float) -> None:
    window.run_controls.set_speed(speed)


def configure(window: MainWindow, puzzle: str = "knight", **changes: Any) -> None:
    """Show settings for ``puzzle`` through the control panel, as a user would get them."""
    base = KnightSettings() if puzzle == "knight" else QueensSettings()
    fields = {name: getattr(base, name) for name in base.__dataclass_fields__}
    fields.update(changes)
    if "n" in fields:
        fields["rows"] = fields["cols"] = fields.pop("n")
    settings = type(base)(**fields)
    window.panel.set_settings(puzzle, settings)


def child(window: QObject, name: str) -> Any:
    found = window.findChild(QObject, name)
    assert found is not None, name
    return found


def digits(text: str) -> int:
    return int("".join(ch for ch in text if ch.isdigit()))


def finish(window: MainWindow, qtbot, timeout: int = 20_000):
    with qtbot.waitSignal(window.controller.run_finished, timeout=timeout) as blocker:
        pass
    return blocker.args[0]


def start_and_finish(window: MainWindow, qtbot, timeout: int = 20_000):
    with qtbot.waitSignal(window.controller.run_finished, timeout=timeout) as blocker:
        window.start_or_pause()
    return blocker.args[0]


def place(window: MainWindow, row: int, col: int = 0) -> None:
    """Put the piece on (row, col) of the single board, as a drag there would (the race's
    boards follow)."""
    window.board.start_changed.emit(row * window.session.settings.cols + col)


def paused_plain_6x6(window: MainWindow, qtbot, steps: int) -> None:
    """Plain 6×6 from a6 at unlimited speed, paused (and confirmed) past ``steps`` steps."""
    configure(window, rows=6, cols=6, warnsdorff=False)
    set_speed(window, math.inf)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps > steps, timeout=5000)
    with qtbot.waitSignal(window.controller.pause_reached, timeout=1000):
        window.start_or_pause()
