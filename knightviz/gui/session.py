"""A run session: everything one run needs, and nothing the window needs to know.

The session owns the board model, the solver controller, the settings (per puzzle, so
switching puzzles and back restores them), the start square, the run's settings snapshot and
its clock. The window only lays out and wires; a race is two sessions side by side, so nothing
here is global.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from PySide6.QtCore import QElapsedTimer, QObject, QTimer, Signal, Slot

from knightviz.engine import Board, Outcome, Result
from knightviz.engine.estimate import TreeEstimate, explored_fraction
from knightviz.engine.events import StackLevel
from knightviz.engine.recording import DEFAULT_BUDGET, BlockMaker, Recording, fast_scanner
from knightviz.gui.board.model import BoardModel
from knightviz.gui.puzzles.base import Puzzle
from knightviz.gui.solver.controller import SolverController
from knightviz.gui.solver.estimator import TreeEstimateJob
from knightviz.gui.solver.feed import SolutionLog
from knightviz.gui.solver.frames import PER_EVENT_MAX

#: Speed a newcomer sees: Warnsdorff's 63 moves on 8×8 take about three seconds.
DEFAULT_SPEED = 20.0
#: Screen rate of counters and panels.
TICK_MS = 16
#: A run still going after this long gets its tree estimated (probes in the background).
ESTIMATE_AFTER_MS = 1500


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
    #: The board's squares when the run ended (the summary is worded again from it when
    #: the language changes).
    path: tuple[int, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


class RecordingStore:
    """Every kept run's recording under one memory budget; the oldest go first.

    A recording that outgrows its share asks here (``more``) before it drops anything of
    its own: older recordings not on show are released, oldest first. Called from solver
    threads, so a lock guards the list.
    """

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        self.budget = budget
        self._lock = threading.Lock()
        self._kept: list[Recording] = []  # oldest first
        self._pinned: set[int] = set()  # ids of recordings on show (never released)
        self.maker = BlockMaker()  # one for all runs: a long run's blocks made ahead

    def new(self, initial: Sequence[int], solution_depth: int | None) -> Recording:
        with self._lock:
            room = max(0, self.budget - sum(r.nbytes for r in self._kept))
            recording = Recording(
                initial,
                budget=max(room, 1 << 20),
                solution_depth=solution_depth,
                more_budget=self.more,
                blocks=self.maker,
            )
            self._kept.append(recording)
            return recording

    def more(self, recording: Recording, wanted: int) -> int:
        """The budget ``recording`` may use, after releasing older ones if it needs room."""
        with self._lock:
            others = [r for r in self._kept if r is not recording]
            held = sum(r.nbytes for r in others)
            for old in others:
                if held + wanted <= self.budget:
                    break
                if id(old) in self._pinned or old.nbytes <= 4 * len(old.initial):
                    continue
                held -= old.nbytes
                old.release()
            return max(0, self.budget - held)

    def set_budget(self, budget: int) -> None:
        """A new budget: older recordings are released until all fit (the newest stays)."""
        with self._lock:
            self.budget = budget
            held = sum(r.nbytes for r in self._kept)
            for old in self._kept[:-1]:
                if held <= budget:
                    break
                held -= old.nbytes
                old.release()
            if self._kept:
                self._kept[-1].budget = max(1 << 20, budget - (held - self._kept[-1].nbytes))

    def pin(self, recording: Recording | None) -> None:
        """The recording on show (only one per session is pinned at a time)."""
        with self._lock:
            self._pinned = {id(recording)} if recording is not None else set()

    def alive(self, recording: Recording | None) -> bool:
        """Still holds its steps (not released to make room)."""
        return (
            recording is not None
            and recording in self._kept
            and (recording.nbytes > 4 * len(recording.initial) or len(recording) == 0)
        )

    @property
    def nbytes(self) -> int:
        return sum(r.nbytes for r in self._kept)


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

    def __init__(
        self,
        puzzles: dict[str, Puzzle],
        parent: QObject | None = None,
        store: RecordingStore | None = None,
    ) -> None:
        super().__init__(parent)
        self.puzzles = puzzles
        #: Where recordings live (the window shares one among its sessions).
        self.store = store if store is not None else RecordingStore()
        #: The run's recording (None before any run).
        self.recording: Recording | None = None
        #: Steps the solver has delivered: the live edge of the timeline. Below it the board
        #: shows a replayed position (the solver stays paused meanwhile).
        self.live_steps = 0
        self._pending_seek: int | None = None
        self._pending_back = 0
        self._replay_timer = QTimer(self)
        self._replay_timer.setInterval(TICK_MS)
        self._replay_timer.timeout.connect(self._replay_tick)
        self._replay_budget = 0.0
        self._marker_timer = QTimer(self)
        self._marker_timer.setSingleShot(True)
        self._marker_timer.setInterval(0)
        self._marker_timer.timeout.connect(self._scan_markers_later)
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
        #: The position on the board is exactly the step shown (False: inside a gap of
        #: the recording, the nearest kept position before it).
        self.exact = True
        self.backend = "python"
        #: A pure-Python twin of the run's search, never advanced: it derives the stack at
        #: any position the run passed through (the stack panel, the gauge, the timeline).
        self.shadow: Any = None
        #: The explored fraction so far (never decreasing during a run), None if no tree.
        self.explored: float | None = None
        #: The board shows the deepest position in place of a fruitless run's end.
        self.summary_view = False
        self.estimate_job: TreeEstimateJob | None = None
        self._explored_at = -1
        #: A solution picked from the list, shown instead of the live model (None: live).
        self.preview_model: BoardModel | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)
        self._estimate_timer = QTimer(self)
        self._estimate_timer.setSingleShot(True)
        self._estimate_timer.setInterval(ESTIMATE_AFTER_MS)
        self._estimate_timer.timeout.connect(self._estimate_now)
        #: Tree estimates already made, by what the tree depends on (board and start).
        self._estimates: dict[tuple[object, ...], TreeEstimateJob] = {}
        c = self.controller
        c.run_finished.connect(self._on_run_finished)
        c.run_failed.connect(self._on_run_failed)
        c.paused_changed.connect(self._on_paused_changed)
        c.pause_reached.connect(self._on_pause_reached)
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

    def begin(
        self, paused: bool = False, anyway: bool = False, continuing: Recording | None = None
    ) -> bool:
        """Start a run with the current settings; False if a known fact forbids it.

        ``continuing``: a recording of this very setup that stopped early (a run brought
        back from the history): the new search first catches up with it, without events,
        then goes on recording into it.
        """
        settings, puzzle = self.settings, self.puzzle
        start = self.start_index()
        if not anyway and continuing is None and puzzle.verdict(settings, start) is not None:
            self.changed.emit()
            return False
        self.controller.shutdown()
        self.solutions = SolutionLog()
        search = puzzle.make_search(settings, start, anyway, self.solutions)
        #: Which engine runs this search: "python" or "numba" (chosen by the engine).
        self.backend = str(getattr(search, "backend", "python"))
        self.shadow = puzzle.make_search(settings, start, anyway, None, backend="python")
        self.explored = 0.0 if puzzle.tree_probe(settings, start) is not None else None
        self.summary_view = False
        self._explored_at = -1
        self._stop_estimate()
        self.estimate_job = None
        # Probes compete for the interpreter: a run over in a moment does not need them.
        self._estimate_timer.start()
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
        if continuing is None:
            self.recording = self.store.new(search.initial, puzzle.solution_depth(settings))
        self.store.pin(self.recording)
        self.live_steps = 0
        self._pending_seek = None
        self.controller.start(
            search,
            self.speed,
            paused,
            solution_depth=puzzle.solution_depth(settings),
            solutions=self.solutions,
            recording=self.recording,
            skip=len(continuing) if continuing is not None else 0,
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
        """Space: start when idle, pause when running, resume when paused. Behind the live
        edge (after a seek), Start plays the recording forward first."""
        self._end_preview()
        if self._replay_timer.isActive():
            self._replay_timer.stop()
            self.changed.emit()
            return
        if self.replaying or (self.state is State.FINISHED and self.position < self.end):
            self._play()
            return
        if self.state is State.FINISHED and self._can_continue():
            self._continue()
            return
        if not self.controller.running:
            self.begin()
        elif self.controller.paused:
            self.controller.resume()
        else:
            self.controller.pause()

    def step(self, count: int = 1) -> None:
        """One event: starts a paused run when idle; ignored while running unpaused. Behind
        the live edge, the next recorded step."""
        self._end_preview()
        if self._replay_timer.isActive():
            return
        if self.replaying or (self.state is State.FINISHED and self.position < self.end):
            self.seek(self.position + count)
            return
        if self.state is State.FINISHED:
            return
        if not self.controller.running and not self.begin(paused=True):
            return
        if self.controller.paused:
            self.controller.step(count)

    # -- the timeline -------------------------------------------------------------------------

    @property
    def position(self) -> int:
        """The step on the board."""
        return self.model.steps

    @property
    def end(self) -> int:
        """The last step that can be shown: the live edge while a run exists, else the end
        of the recording."""
        if self.recording is None:
            return self.model.steps
        if self.controller.running:
            return self.live_steps
        return len(self.recording)

    @property
    def playing(self) -> bool:
        """The recording is being played forward (Start behind the live edge)."""
        return self._replay_timer.isActive()

    @property
    def replaying(self) -> bool:
        """The board shows a recorded step behind a running (paused) search."""
        return self.controller.running and self.position < self.live_steps

    def step_back(self, count: int = 1) -> None:
        """Undo ``count`` steps: the board, counters, stack, code line and narration as they
        were. Pauses a running search first."""
        self._end_preview()
        self._replay_timer.stop()
        if self.recording is None or self.state is State.IDLE:
            return
        if self.controller.running and not self.controller.paused:
            self._pending_back = count  # from where the search stops, once it has
            self.controller.pause()
            return
        self.seek(self.position - count)

    def seek(self, step: int) -> None:
        """Show the board at ``step`` of the recording (clamped to 0 … the live edge or the
        end). A running search is paused first; it goes on from its own edge later, after
        the recording has been replayed up to it."""
        self._end_preview()
        self.summary_view = False
        if self.recording is None or self.state is State.IDLE:
            return
        if self.controller.running and not self.controller.paused:
            self._pending_seek = step
            self.controller.pause()  # the seek happens once the solver has stopped
            return
        target = min(max(0, step), self.end)
        pos = self.recording.seek(target)
        self.model.replace(pos.path, pos.moves, pos.backtracks)
        self.model.last_events = pos.last_events
        self.model.version += 1
        self.exact = pos.exact
        self.changed.emit()

    def _play(self) -> None:
        """Replay the recording forward at the chosen speed, then hand over to the search."""
        self._replay_budget = 0.0
        self._replay_timer.start()
        self.changed.emit()

    def _replay_tick(self) -> None:
        end = self.end
        speed = self.speed
        if math.isinf(speed):
            target = end
        else:
            self._replay_budget += speed * TICK_MS / 1000
            ahead = int(self._replay_budget)
            self._replay_budget -= ahead
            target = min(end, self.position + ahead)
        if target != self.position:
            self.seek(target)
        if self.position >= end:
            self._replay_timer.stop()
            if self.controller.running and self.controller.paused:
                self.controller.resume()  # at the live edge: the search itself goes on
            self.changed.emit()

    def _can_continue(self) -> bool:
        """A stopped run brought back can go on (its search is rebuilt and caught up)."""
        return (
            self.result is not None
            and self.result.outcome is Outcome.CANCELLED
            and self.recording is not None
            and self.store.alive(self.recording)
            and not self.recording.gaps()
        )

    def _continue(self) -> None:
        recording = self.recording
        assert recording is not None
        self.begin(continuing=recording)

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
        self._replay_timer.stop()
        self._marker_timer.stop()
        self.controller.shutdown()
        self._stop_estimate()

    # -- explaining ---------------------------------------------------------------------------

    def display_stack(self) -> Sequence[StackLevel] | None:
        """The stack at the position on the board: the engine's own at an unlimited-speed
        snapshot, else derived from the path and the last steps (exact at paced speeds, when
        paused and after the end). None before any run or while a solution is previewed."""
        model = self.model
        if self.shadow is None or self.preview_model is not None:
            return None
        if model.stack is not None:
            return model.stack
        if not model.path and self.run_puzzle.movable_start:
            return None
        last = model.last_events[-1] if model.last_events else None
        ended = (
            self.state is State.FINISHED
            and self.result is not None
            and self.result.outcome is Outcome.EXHAUSTED
            and bool(model.last_events)
            and model.steps == self.result.steps  # at the very end, not a step before it
        )
        stack: Sequence[StackLevel] = self.shadow.stack_at(model.path, last, ended=ended)
        return stack

    def update_explored(self) -> float | None:
        """The explored fraction at the position on the board (once per model version)."""
        if self.explored is None or self.run_settings is None:
            return self.explored
        if self.at_end and self.result is not None and self.result.outcome is Outcome.EXHAUSTED:
            self.explored = 1.0
            return 1.0
        if self.model.version == self._explored_at:
            return self.explored
        self._explored_at = self.model.version
        stack = self.display_stack()
        if stack is not None and len(stack):
            fraction = explored_fraction(self.run_puzzle.levels(self.run_settings, stack))
            live = self.controller.running and not self.replaying
            # Never backwards during a run; on a replayed step, that step's own figure.
            self.explored = max(self.explored, fraction) if live else fraction
        return self.explored

    def tree_estimate(self) -> TreeEstimate | None:
        job = self.estimate_job
        return job.latest if job is not None else None

    def estimate_now(self) -> None:
        """Start the tree estimate at once (tests, and runs paused before it began)."""
        self._estimate_timer.stop()
        self._estimate_now()

    @Slot()
    def _estimate_now(self) -> None:
        if self.run_settings is None or self.state is State.IDLE:
            return
        puzzle, settings = self.run_puzzle, self.run_settings
        r, c = self.run_start
        start = r * settings.cols + c
        probe = puzzle.tree_probe(settings, start)
        if probe is None:
            return
        key = (puzzle.key, settings.rows, settings.cols, start if puzzle.movable_start else -1)
        job = self._estimates.get(key)
        if job is None:
            job = TreeEstimateJob(probe, seed=0, parent=self)
            self._estimates[key] = job
            job.start()
        self.estimate_job = job

    def _stop_estimate(self) -> None:
        self._estimate_timer.stop()
        for job in self._estimates.values():
            if job.running():
                job.stop()

    # -- reactions ------------------------------------------------------------------------

    @Slot(object)
    def _on_run_finished(self, result: Result) -> None:
        self._timer.stop()
        self._estimate_timer.stop()
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
        self.model.moves, self.model.backtracks = result.moves, result.backtracks
        self.model.upcoming = None
        self.model.version += 1
        if self.recording is not None:
            self.recording.finish()
            self.live_steps = len(self.recording)
        if result.outcome not in (Outcome.SOLVED, Outcome.CANCELLED):
            # Nothing found: show how far the search got (the deepest position it reached).
            self._show_deepest()
        else:
            self._scan_markers_later()
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
            path=tuple(self.model.path),
            extra=self._record_extra(),
        )
        self.run_recorded.emit(record)
        self.changed.emit()

    def _show_deepest(self) -> None:
        rec = self.recording
        if rec is None:
            self.model.replace(self.model.deepest_path(), self.model.moves, self.model.backtracks)
            return
        while not rec.scan_markers(scanner=fast_scanner()):
            pass
        self.seek(rec.markers.deepest_step)
        self.summary_view = True

    @property
    def at_end(self) -> bool:
        """The board sums up the finished run: at its last step, or at the deepest position
        shown in its place (until the user moves along the timeline)."""
        return self.result is not None and (
            self.summary_view or self.model.steps == self.result.steps
        )

    def _record_extra(self) -> dict[str, Any]:
        explored = self.update_explored()
        estimate = self.tree_estimate()
        return {
            "explored": explored,
            "tree_steps": estimate.steps if estimate is not None else None,
            "backend": self.backend,
            "recording": self.recording,
            "anyway": self.anyway,
        }

    def restore(self, record: RunRecord) -> bool:
        """Bring a finished run back from the history, with its recording (if still kept):
        the board at its end, the timeline to scrub. False if its recording was released."""
        recording = record.extra.get("recording")
        if not self.store.alive(recording):
            return False
        assert isinstance(recording, Recording)
        self.reset()
        puzzle = self.puzzles[record.puzzle]
        self.puzzle = puzzle
        self._settings[record.puzzle] = record.settings
        if puzzle.movable_start:
            self.start = record.start
        self._new_model()
        settings = record.settings
        start = record.start[0] * settings.cols + record.start[1]
        anyway = bool(record.extra.get("anyway"))
        self.run_settings, self.run_start, self.run_puzzle = settings, record.start, puzzle
        self.shadow = puzzle.make_search(settings, start, anyway, None, backend="python")
        self.recording = recording
        self.store.pin(recording)
        self.result = record.result
        self.found = list(record.solutions)
        self.explored = record.extra.get("explored")
        self.anyway = anyway
        self.state = State.FINISHED
        self.live_steps = len(recording)
        self.seek(len(recording))
        return True

    @Slot(str)
    def _on_run_failed(self, message: str) -> None:
        self._timer.stop()
        self.clock.pause()
        self.error = message
        self.state = State.FINISHED if self.result is not None else State.IDLE
        self.failed.emit(message)
        self.changed.emit()

    @Slot()
    def _on_pause_reached(self) -> None:
        """The solver has stopped and delivered everything: the live edge is known."""
        if not self.replaying:
            self.live_steps = self.model.steps
        if self._pending_seek is not None:
            step, self._pending_seek = self._pending_seek, None
            self.seek(step)
        if self._pending_back:
            back, self._pending_back = self._pending_back, 0
            self.seek(self.position - back)

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
        if not self.replaying and self._pending_seek is None and not self._pending_back:
            self.live_steps = self.model.steps
        self._scan_markers()
        self.ticked.emit()

    def _scan_markers(self) -> bool:
        """Find the timeline's notable moments a slice at a time: a little while the search
        runs (the GUI thread shares the interpreter with it), about 5 ms a pass otherwise."""
        rec = self.recording
        if rec is None:
            return True
        scanner = fast_scanner()
        budget = 1 << 20 if scanner is not None else 1 << 14
        if self.state is State.RUNNING:
            budget >>= 4
        return rec.scan_markers(budget=budget, scanner=scanner)

    def _scan_markers_later(self) -> None:
        if not self._scan_markers():
            self._marker_timer.start()
        else:
            self._marker_timer.stop()
            self.changed.emit()

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
        self._replay_timer.stop()
        self._marker_timer.stop()
        self._pending_seek = None
        self._pending_back = 0
        self.live_steps = 0
        self.recording = None
        self.exact = True
        self.model.reset(self.puzzle.initial(self.settings, self.start_index()))
        self.clock.reset()
        self.state = State.IDLE
        self.result = None
        self.found = []
        self.solution_count = 0
        self.anyway = False
        self.error = None
        self.preview_model = None
        self.shadow = None
        self.explored = None
        self._stop_estimate()
        self.estimate_job = None
        self.changed.emit()

    # -- what the window shows --------------------------------------------------------------

    def seconds(self) -> float:
        return self.clock.seconds()

    def slow_hint(self) -> str | None:
        """Advice when the run is taking far longer than the board suggests."""
        if self.state not in (State.RUNNING, State.PAUSED) or self.run_settings is None:
            return None
        return self.run_puzzle.slow_hint(
            self.run_settings, self.model.steps, self.model.depth, self.explored
        )


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
