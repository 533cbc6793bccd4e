"""A run session: everything one run needs, and nothing the window needs to know.

The session owns the board model, the solver controller, the settings (per puzzle, so
switching puzzles and back restores them), the start square, the run's settings snapshot and
its clock. The window only lays out and wires; a race is two sessions side by side, so nothing
here is global.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from PySide6.QtCore import QElapsedTimer, QObject, QTimer, Signal, Slot

from knightviz.engine import Board, Outcome, Result
from knightviz.gui.board.model import BoardModel
from knightviz.gui.puzzles.base import Puzzle
from knightviz.gui.solver.controller import SolverController
from knightviz.gui.solver.feed import SolutionLog
from knightviz.gui.solver.frames import PER_EVENT_MAX

#: Speed a newcomer sees: Warnsdorff's 63 moves on 8×8 take about three seconds.
DEFAULT_SPEED = 20.0
#: Screen rate of counters and panels.
TICK_MS = 16


class State(str, Enum):
    IDLE = "idle"  # nothing run yet on this setup, the piece on its start square
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"  # the last run's final position is on the board


class RunClock:
    """Wall time of a run, pauses excluded."""

    def __init__(self) -> None:
        self._timer = QElapsedTimer()
        self._before = 0.0

    def start(self) -> None:
        self._before = 0.0
        self._timer.start()

    def pause(self) -> None:
        if self._timer.isValid():
            self._before += self._timer.nsecsElapsed() / 1e9
            self._timer.invalidate()

    def resume(self) -> None:
        if not self._timer.isValid():
            self._timer.start()

    def reset(self) -> None:
        self._before = 0.0
        self._timer.invalidate()

    def seconds(self) -> float:
        extra = self._timer.nsecsElapsed() / 1e9 if self._timer.isValid() else 0.0
        return self._before + extra


@dataclass(frozen=True, slots=True)
class RunRecord:
    """A finished (or stopped) run, as the history keeps it."""

    puzzle: str
    settings: Any
    start: tuple[int, int]
    start_name: str
    result: Result
    #: Wall time from Start to the end, pauses excluded (the Elapsed counter).
    wall_seconds: float
    #: The strategy in words, as the adapter described it when the run ended.
    strategy: str
    #: What happened, in a sentence (the status line when the run ended).
    summary: str
    #: Solutions kept (N-Queens), in order.
    solutions: tuple[tuple[int, ...], ...] = ()
    number: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


class RunSession(QObject):
    """One run's world: model, controller, settings snapshot, start square, clock."""

    #: State, settings, verdict or result changed: labels and the status line follow.
    changed = Signal()
    #: Screen-rate heartbeat while a run is going (counters, panels).
    ticked = Signal()
    #: The board model was replaced (new size or puzzle): views must show the new one.
    model_replaced = Signal(object)
    #: A run ended; carries its RunRecord.
    run_recorded = Signal(object)
    #: A solution completed (its squares).
    solution_found = Signal(object)
    #: The run failed (one line for the status bar).
    failed = Signal(str)

    def __init__(self, puzzles: dict[str, Puzzle], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.puzzles = puzzles
        self.puzzle: Puzzle = next(iter(puzzles.values()))
        self._settings: dict[str, Any] = {k: p.default_settings() for k, p in puzzles.items()}
        self.start: tuple[int, int] = (0, 0)
        s = self.settings
        self.model = BoardModel(s.rows, s.cols, self.puzzle.initial(s, 0))
        self.controller = SolverController(self.model, self)
        self.clock = RunClock()
        self.speed = DEFAULT_SPEED
        self.state = State.IDLE
        #: The settings, start and solutions of the run on the board (None before any run).
        self.run_settings: Any = None
        self.run_start: tuple[int, int] = (0, 0)
        self.run_puzzle: Puzzle = self.puzzle
        self.solutions = SolutionLog()
        #: Solutions reported so far for the run on the board, in order.
        self.found: list[tuple[int, ...]] = []
        self.solution_count = 0
        self.result: Result | None = None
        #: Set while "Search anyway" runs: the final position is worth keeping.
        self.anyway = False
        self.error: str | None = None
        self.backend = "python"
        #: A solution picked from the list, shown instead of the live model (None: live).
        self.preview_model: BoardModel | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)
        c = self.controller
        c.run_finished.connect(self._on_run_finished)
        c.run_failed.connect(self._on_run_failed)
        c.paused_changed.connect(self._on_paused_changed)
        c.solution_found.connect(self._on_solution)

    # -- settings -----------------------------------------------------------------------------

    @property
    def settings(self) -> Any:
        """The current puzzle's settings for the next run."""
        return self._settings[self.puzzle.key]

    def settings_for(self, key: str) -> Any:
        return self._settings[key]

    def configure(self, puzzle_key: str, settings: Any) -> None:
        """Switch puzzle and/or settings; stops a run first (it still gets its record)."""
        if self.controller.running:
            self.stop()
        puzzle = self.puzzles[puzzle_key]
        old_rows = self.model.rows
        self.puzzle = puzzle
        self._settings[puzzle_key] = settings
        if (settings.rows, settings.cols) != (self.model.rows, self.model.cols):
            self.start = keep_square(self.start, old_rows, settings.rows, settings.cols)
        self._new_model()

    def set_start(self, row: int, col: int) -> None:
        if self.controller.running:
            return
        self.start = (row, col)
        self._clear()

    def start_index(self) -> int:
        return self.start[0] * self.settings.cols + self.start[1]

    def verdict(self) -> str | None:
        """Why no solution can exist here, known without searching (None if one may)."""
        return self.puzzle.verdict(self.settings, self.start_index())

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.controller.set_speed(speed)
        self.changed.emit()

    @property
    def details(self) -> bool:
        """Slow enough to read explanations on the board: paced speeds, or paused."""
        return self.speed <= PER_EVENT_MAX or self.state is State.PAUSED

    # -- runs -----------------------------------------------------------------------------

    def begin(self, paused: bool = False, anyway: bool = False) -> bool:
        """Start a run with the current settings; False if a known fact forbids it."""
        settings, puzzle = self.settings, self.puzzle
        start = self.start_index()
        if not anyway and puzzle.verdict(settings, start) is not None:
            self.changed.emit()
            return False
        self.controller.shutdown()
        self.solutions = SolutionLog()
        search = puzzle.make_search(settings, start, anyway, self.solutions)
        #: Which engine runs this search: "python" or "numba" (chosen by the engine).
        self.backend = str(getattr(search, "backend", "python"))
        self.run_settings, self.run_start, self.run_puzzle = settings, self.start, puzzle
        self.anyway = anyway
        self.preview_model = None
        self.found = []
        self.solution_count = 0
        self.result = None
        self.error = None
        self.model.reset(search.initial)
        self.clock.start()
        if paused:
            self.clock.pause()
        self.state = State.PAUSED if paused else State.RUNNING
        self.controller.start(
            search,
            self.speed,
            paused,
            solution_depth=puzzle.solution_depth(settings),
            solutions=self.solutions,
        )
        self._timer.start()
        self.changed.emit()
        return True

    def preview(self, solution: tuple[int, ...]) -> BoardModel:
        """A model showing ``solution`` (picked from the list) until the run goes on."""
        s = self.run_settings or self.settings
        model = BoardModel(s.rows, s.cols, ())
        model.apply(solution)
        self.preview_model = model
        return model

    def _end_preview(self) -> None:
        if self.preview_model is not None:
            self.preview_model = None
            self.changed.emit()

    def start_or_pause(self) -> None:
        """Space: start when idle, pause when running, resume when paused."""
        self._end_preview()
        if not self.controller.running:
            self.begin()
        elif self.controller.paused:
            self.controller.resume()
        else:
            self.controller.pause()

    def step(self, count: int = 1) -> None:
        """One event: starts a paused run when idle; ignored while running unpaused."""
        self._end_preview()
        if not self.controller.running and not self.begin(paused=True):
            return
        if self.controller.paused:
            self.controller.step(count)

    def pause(self) -> None:
        self.controller.pause()

    def stop(self) -> None:
        """Stop the run; it gets its record and its final position stays on the board."""
        self.controller.stop()

    def reset(self) -> None:
        """Stop any run (it still gets its record) and clear the board."""
        self.controller.stop()
        self._clear()

    def shutdown(self) -> None:
        """The one shutdown path (window close, application quit): stop → quit → wait."""
        self._timer.stop()
        self.controller.shutdown()

    # -- reactions ------------------------------------------------------------------------

    @Slot(object)
    def _on_run_finished(self, result: Result) -> None:
        self._timer.stop()
        self.clock.pause()
        wall = self.clock.seconds()
        settings, puzzle = self.run_settings, self.run_puzzle
        self.result = result
        self.state = State.FINISHED
        if result.outcome is Outcome.SOLVED and result.solution is not None:
            if puzzle.solution_depth(settings) is None:
                self.model.replace(result.solution, result.moves, result.backtracks)
            elif self.found:  # all solutions: the last one found stays on the board
                self.model.replace(self.found[-1], result.moves, result.backtracks)
        elif result.outcome is not Outcome.CANCELLED:
            # Nothing found: show how far the search got (the deepest position it reached).
            self.model.replace(self.model.deepest_path(), result.moves, result.backtracks)
        self.model.moves, self.model.backtracks = result.moves, result.backtracks
        self.model.upcoming = None
        self.model.version += 1
        board = Board(settings.rows, settings.cols)
        r, c = self.run_start
        record = RunRecord(
            puzzle=puzzle.key,
            settings=settings,
            start=self.run_start,
            start_name=board.name(r * settings.cols + c) if puzzle.movable_start else "—",
            result=result,
            wall_seconds=wall,
            strategy=puzzle.describe(settings),
            summary=puzzle.describe_result(settings, board.square(r, c), result, self.model),
            solutions=tuple(self.found),
        )
        self.run_recorded.emit(record)
        self.changed.emit()

    @Slot(str)
    def _on_run_failed(self, message: str) -> None:
        self._timer.stop()
        self.clock.pause()
        self.error = message
        self.state = State.FINISHED if self.result is not None else State.IDLE
        self.failed.emit(message)
        self.changed.emit()

    @Slot(bool)
    def _on_paused_changed(self, paused: bool) -> None:
        if not self.controller.running:
            return
        if paused:
            self.clock.pause()
            self.state = State.PAUSED
        else:
            self.clock.resume()
            self.state = State.RUNNING
        self.changed.emit()

    @Slot(object)
    def _on_solution(self, solution: tuple[int, ...]) -> None:
        self.found.append(solution)
        self.solution_found.emit(solution)

    def _tick(self) -> None:
        self.ticked.emit()

    # -- helpers --------------------------------------------------------------------------

    def _new_model(self) -> None:
        s = self.settings
        self.model = BoardModel(s.rows, s.cols, self.puzzle.initial(s, self.start_index()))
        self.controller.model = self.model
        self.model_replaced.emit(self.model)
        self._clear()

    def _clear(self) -> None:
        """Back to the position before a run: the piece on its start square."""
        self._timer.stop()
        self.model.reset(self.puzzle.initial(self.settings, self.start_index()))
        self.clock.reset()
        self.state = State.IDLE
        self.result = None
        self.found = []
        self.solution_count = 0
        self.anyway = False
        self.error = None
        self.preview_model = None
        self.changed.emit()

    # -- what the window shows --------------------------------------------------------------

    def seconds(self) -> float:
        return self.clock.seconds()

    def slow_hint(self) -> str | None:
        """Advice when the run is taking far longer than the board suggests."""
        if self.state not in (State.RUNNING, State.PAUSED) or self.run_settings is None:
            return None
        return self.run_puzzle.slow_hint(self.run_settings, self.model.steps, self.model.depth)


def keep_square(start: tuple[int, int], old_rows: int, rows: int, cols: int) -> tuple[int, int]:
    """The same square (file and rank, as the user names it) on a resized board, or the
    nearest one when it is off the new board. Ranks count from the bottom, so a start on d4
    stays on d4 when 8×8 shrinks to 4×4, and a8 (the top-left corner) becomes a4."""
    row, col = start
    rank = old_rows - row
    rank = min(max(rank, 1), rows)
    return (rows - rank, min(col, cols - 1))


def is_unlimited(speed: float) -> bool:
    return math.isinf(speed)
