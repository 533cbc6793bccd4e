"""Settings remembered between sessions: the window, its panels, the puzzle and the run setup.

Saved when the window closes, restored when it opens (``WindowPrefs``); File › Reset
settings forgets them all and shows the defaults at once. What is kept (``config.settings()``,
an INI file):

- ``window/geometry``, ``window/layout`` (docks and toolbars: the panels shown and where),
  ``window/columns`` (board | controls | results); the keys of the two-column window that
  came before (``window/state``, ``window/splitter``) are left unread, so its panels, all
  open by default, do not come back;
- ``setup/puzzle``, ``setup/<puzzle>`` (that puzzle's settings dataclass as JSON: board size
  and strategy, one entry per puzzle), ``setup/start`` (``row,col``), ``setup/speed``
  (steps per second, ``inf`` for unlimited);
- ``language`` and ``appearance`` (``config``'s helpers).

Anything unreadable (an old or hand-edited file) falls back to the default of that one value.
"""

from __future__ import annotations

import dataclasses
import logging
import math
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QByteArray, QObject, QRect, QSettings, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QSplitter

from knightviz.gui import config
from knightviz.gui.config import decode_settings, encode_settings
from knightviz.gui.panels.controls import ControlPanel, RunControls
from knightviz.gui.puzzles.base import Puzzle

log = logging.getLogger("knightviz.prefs")

#: Bumped when a key changes meaning; older files are then ignored, not misread.
FORMAT = 1

GEOMETRY = "window/geometry"
STATE = "window/layout"
SPLITTER = "window/columns"
PUZZLE = "setup/puzzle"
START = "setup/start"
SPEED = "setup/speed"


def fit_size(puzzle: Puzzle[Any], settings: Any) -> Any:
    """Settings with a board the puzzle allows (1 … max_side, square when it must be)."""
    rows = min(max(1, settings.rows), puzzle.max_side)
    cols = rows if puzzle.square_only else min(max(1, settings.cols), puzzle.max_side)
    return dataclasses.replace(settings, rows=rows, cols=cols)


def fit_to_screen(window: QMainWindow, size: tuple[int, int]) -> None:
    """Open at ``size`` centred, or on a smaller screen (a laptop's 768 or 600 pixels)
    maximized: every pixel goes to the board and the controls."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        window.resize(*size)
        return
    avail: QRect = screen.availableGeometry()
    if avail.width() < size[0] or avail.height() < size[1]:
        window.setGeometry(avail)  # what a window manager's maximize gives (and without one)
        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)
        return
    w, h = size
    window.resize(w, h)
    window.move(avail.x() + (avail.width() - w) // 2, avail.y() + (avail.height() - h) // 2)


def clamp_to_screen(window: QMainWindow) -> None:
    """A window bigger than its screen's free area (a smaller monitor than last time)
    shrinks to it; a window off the screen comes back onto it."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None or window.isMaximized() or window.isFullScreen():
        return
    avail: QRect = screen.availableGeometry()
    g = window.geometry()
    w, h = min(g.width(), avail.width()), min(g.height(), avail.height())
    if (w, h) != (g.width(), g.height()):
        window.resize(w, h)
    x = min(max(g.x(), avail.left()), avail.left() + avail.width() - w)
    y = min(max(g.y(), avail.top()), avail.top() + avail.height() - h)
    if (x, y) != (g.x(), g.y()):
        window.move(x, y)


class WindowPrefs(QObject):
    """Saves and restores one main window's settings; ``reset`` shows the defaults."""

    #: Settings were cleared and the defaults shown (the language menu may follow).
    reset_done = Signal()

    def __init__(
        self,
        window: QMainWindow,
        puzzles: dict[str, Puzzle[Any]],
        panel: ControlPanel,
        run_controls: RunControls,
        start: Callable[[], int],
        set_start: Callable[[int], None],
        splitter: QSplitter,
        fit_to_screen: Callable[[], None],
    ) -> None:
        """``start``/``set_start``: the start square (``row * cols + col``) shown."""
        super().__init__(window)
        self._window = window
        self._puzzles = puzzles
        self._panel = panel
        self._run = run_controls
        self._start = start
        self._set_start = set_start
        self._splitter = splitter
        self._fit = fit_to_screen
        # The defaults, as the window was built, for Reset settings.
        self._default_splitter = splitter.saveState()
        self._default_puzzle = panel.puzzle_key()
        self._default_speed = run_controls.speed()
        self._default_start = start()
        #: Keys that could not be restored (their defaults shown), and whether the whole
        #: file was of another format: ``warning`` says so in the window.
        self.fell_back: list[str] = []
        self.other_format = False

    # -- restore ----------------------------------------------------------------------------

    def restore(self) -> None:
        """Show the remembered settings (at start-up); the defaults stay where none are.
        Each key on its own: one unreadable value falls back to its default and the rest
        are still restored (``warning`` says which fell back)."""
        s = config.settings()
        self.fell_back = []
        self.other_format = False
        if _int(s.value("format"), FORMAT) != FORMAT:
            log.warning("settings of another format in %s: ignored", s.fileName())
            self.other_format = True
            return
        current = str(s.value(PUZZLE, self._default_puzzle))
        if current not in self._puzzles:
            current = self._default_puzzle
        steps: list[tuple[str, Callable[[], None]]] = [
            *(
                (f"setup/{key}", lambda key=key: self._restore_puzzle(s, key, current))
                for key in self._puzzles
                if key != current
            ),
            (f"setup/{current}", lambda: self._restore_puzzle(s, current, current)),
            (SPEED, lambda: self._run.set_speed(_float(s.value(SPEED), self._default_speed))),
            (START, lambda: self._restore_start(s, current)),
            (GEOMETRY, lambda: self._restore_geometry(s)),
            (STATE, lambda: self._restore_bytes(s, STATE)),
            (SPLITTER, lambda: self._restore_bytes(s, SPLITTER)),
        ]
        for key, step in steps:
            try:
                step()
            except Exception as exc:  # a broken value must never stop the app, nor the rest
                log.warning("could not restore %s from %s: %s", key, s.fileName(), exc)
                self.fell_back.append(key)

    def warning(self) -> str:
        """What the user should know about the settings after ``restore`` ("" if nothing)."""
        s = config.settings()
        if self.other_format:
            return self.tr(
                "The settings in {0} are from another version of knightviz: the defaults are used."
            ).format(s.fileName())
        if self.fell_back:
            return self.tr(
                "Some remembered settings could not be read ({0}): their defaults are used."
            ).format(", ".join(self._words(key) for key in self.fell_back))
        return ""

    def _words(self, key: str) -> str:
        """A remembered setting as the user knows it (a puzzle's title for its settings)."""
        puzzle = self._puzzles.get(key.removeprefix("setup/"))
        if puzzle is not None:
            return puzzle.title()
        if key == SPEED:
            return self.tr("the speed")
        if key == START:
            return self.tr("the start square")
        return self.tr("the window's size and panels")

    def _restore_puzzle(self, s: QSettings, key: str, current: str) -> None:
        """One puzzle's settings: each field the puzzle accepts (its own range checks) is
        kept, any other falls back to its default."""
        puzzle = self._puzzles[key]
        text = s.value(f"setup/{key}")
        panel = self._panel
        if text is None:
            if key == current and current != panel.puzzle_key():
                panel.set_settings(current, puzzle.default_settings())
            return
        read = fit_size(puzzle, decode_settings(puzzle.default_settings(), text))
        settings = puzzle.default_settings()
        rejected = []
        for f in dataclasses.fields(read):
            candidate = dataclasses.replace(settings, **{f.name: getattr(read, f.name)})
            try:
                settings = puzzle.check_settings(fit_size(puzzle, candidate))
            except ValueError:
                rejected.append(f.name)
        if key == current:
            panel.set_settings(current, settings)
        else:
            panel.widgets[key].set_settings(settings)
        if rejected:
            raise ValueError(f"out of range: {', '.join(rejected)}")

    def _restore_start(self, s: QSettings, current: str) -> None:
        start = _pair(s.value(START))
        if start is not None and self._puzzles[current].movable_start:
            rows, cols = self._panel.settings().rows, self._panel.settings().cols
            if 0 <= start[0] < rows and 0 <= start[1] < cols:
                self._set_start(start[0] * cols + start[1])

    def _restore_geometry(self, s: QSettings) -> None:
        geometry = s.value(GEOMETRY)
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self._window.restoreGeometry(geometry)
            clamp_to_screen(self._window)

    def _restore_bytes(self, s: QSettings, key: str) -> None:
        value = s.value(key)
        if isinstance(value, QByteArray) and not value.isEmpty():
            if key == STATE:
                self._window.restoreState(value, FORMAT)
            else:
                self._splitter.restoreState(value)

    # -- save -------------------------------------------------------------------------------

    def save(self) -> None:
        """Remember the window and the setup (when the window closes)."""
        s = config.settings()
        s.setValue("format", FORMAT)
        w = self._window
        s.setValue(GEOMETRY, w.saveGeometry())
        s.setValue(STATE, w.saveState(FORMAT))
        s.setValue(SPLITTER, self._splitter.saveState())
        panel = self._panel
        current = panel.puzzle_key()
        s.setValue(PUZZLE, current)
        rows, cols = panel.rows_spin.value(), panel.cols_spin.value()
        for key, widget in panel.widgets.items():
            s.setValue(f"setup/{key}", encode_settings(widget.settings(rows, cols)))
        s.setValue(SPEED, repr(self._run.speed()))
        if self._puzzles[current].movable_start:
            row, col = divmod(self._start(), cols)
            s.setValue(START, f"{row},{col}")
        s.sync()
        if s.status() != QSettings.Status.NoError:
            log.warning("could not save the settings to %s", s.fileName())

    # -- reset ------------------------------------------------------------------------------

    def reset(self) -> None:
        """Forget every setting and show the defaults now."""
        s = config.settings()
        s.clear()
        s.sync()
        panel = self._panel
        for key, puzzle in self._puzzles.items():
            if key != self._default_puzzle:
                panel.widgets[key].set_settings(puzzle.default_settings())
        panel.set_settings(
            self._default_puzzle, self._puzzles[self._default_puzzle].default_settings()
        )
        self._run.set_speed(self._default_speed)
        if self._puzzles[self._default_puzzle].movable_start:
            self._set_start(self._default_start)
        self._splitter.restoreState(self._default_splitter)
        self._fit()  # the first-launch size and the panels' first-launch places
        self.reset_done.emit()


def _int(value: object, default: int) -> int:
    try:
        return int(str(value))
    except (TypeError, ValueError):
        return default


def _float(value: object, default: float) -> float:
    try:
        x = float(str(value))
    except (TypeError, ValueError):
        return default
    return x if x > 0 and not math.isnan(x) else default


def _pair(value: object) -> tuple[int, int] | None:
    try:
        a, b = str(value).split(",")
        return int(a), int(b)
    except (TypeError, ValueError):
        return None
