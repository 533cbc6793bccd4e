"""What a run is and what it leaves: its setup, its record in the history, what the run
buttons offer a conductor (a single run or a race), the run clock.

Plain frozen values (and the clock), shared by the session, the race, the panels and the
history, so none of them holds a run in a shape of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QElapsedTimer

from knightviz.engine import Result
from knightviz.engine.recording import Recording


@dataclass(frozen=True, slots=True)
class RunSetup:
    """What a run is: the puzzle (its adapter's key), its settings and the start square."""

    puzzle: str
    settings: Any
    #: The start square (``row * cols + col``); 0 for puzzles without a start square.
    start: int = 0


@dataclass(frozen=True, slots=True)
class RaceLink:
    """A run raced against another: the race's number and this run's lane (1 or 2)."""

    race: int
    lane: int


@dataclass(frozen=True, slots=True)
class RunRecord:
    """A finished (or stopped) run, as the history keeps it."""

    setup: RunSetup
    result: Result
    #: Wall time from Start to the end, pauses excluded (the Elapsed counter).
    wall_seconds: float
    #: The strategy in words, as the adapter described it when the run ended.
    strategy: str
    #: What happened, in a sentence (the status line when the run ended).
    summary: str
    #: The start square's name ("—" for a puzzle without one).
    start_name: str = "—"
    #: Solutions kept (puzzles that report many), in order.
    solutions: tuple[tuple[int, ...], ...] = ()
    number: int = 0
    #: The board's squares when the run ended (the summary is worded again from it when
    #: the language changes).
    path: tuple[int, ...] = ()
    #: The explored fraction of the whole tree when the run ended (None: no tree).
    explored: float | None = None
    #: Knuth's estimate of the whole tree, in steps (None: not estimated).
    #: Knuth's estimate of the whole tree, as log10 of its steps (a 100×100 board's is far
    #: past a double's range): None when not estimated.
    tree_log10: float | None = None
    #: The engine that ran it: "python" or "numba".
    backend: str = "python"
    #: Its recording while still kept (never saved in the history file).
    recording: Recording | None = field(default=None, compare=False, repr=False)
    #: Run with "Search anyway" (a known fact said no solution can exist).
    anyway: bool = False
    race: RaceLink | None = None
    #: Read from the history file (an earlier session of the app).
    from_disk: bool = False
    #: When it ended (ISO 8601), for rows read from the history file.
    finished_at: str = ""
    #: "Your turn" during the run: (right, asked, best streak); None if nothing was asked.
    predictions: tuple[int, int, int] | None = None

    @property
    def puzzle(self) -> str:
        return self.setup.puzzle

    @property
    def settings(self) -> Any:
        return self.setup.settings

    @property
    def start(self) -> int:
        return self.setup.start


@dataclass(frozen=True, slots=True)
class Controls:
    """What the run buttons offer, as a conductor (a session or a race) sees it."""

    running: bool = False
    paused: bool = False
    #: There is a step to undo.
    can_back: bool = False
    #: The recording is being played forward (Start reads Pause).
    playing: bool = False
    #: The board is behind the end of the recording (Start reads Play).
    behind: bool = False
    #: Why Start cannot start now (a sentence for its tooltip), or "".
    blocked: str = ""
    #: "Your turn" goes from question to question (Start reads Pause).
    predicting: bool = False

    @property
    def can_step(self) -> bool:
        return (not self.running or self.paused or self.behind) and not self.playing


class RunClock:
    """Wall time of a run, pauses excluded."""

    def __init__(self) -> None:
        self._timer = QElapsedTimer()
        self._before = 0.0

    def start(self, before: float = 0.0) -> None:
        self._before = before
        self._timer.start()

    def pause(self) -> None:
        if self._timer.isValid():
            self._before += self._timer.nsecsElapsed() / 1e9
            self._timer.invalidate()

    def resume(self) -> None:
        if not self._timer.isValid():
            self._timer.start()

    def reset(self, seconds: float = 0.0) -> None:
        """Stopped, reading ``seconds`` (a run brought back reads its own time)."""
        self._before = seconds
        self._timer.invalidate()

    def seconds(self) -> float:
        extra = self._timer.nsecsElapsed() / 1e9 if self._timer.isValid() else 0.0
        return self._before + extra


def keep_square(square: int, old_rows: int, old_cols: int, rows: int, cols: int) -> int:
    """The same square (file and rank, as the user names it) on a resized board, or the
    nearest one when it is off the new board. Ranks count from the bottom, so a start on d4
    stays on d4 when 8×8 shrinks to 4×4, and a8 (the top-left corner) becomes a4."""
    row, col = divmod(square, old_cols)
    rank = min(max(old_rows - row, 1), rows)
    return (rows - rank) * cols + min(col, cols - 1)
