"""The run on the board and its recording played back: the step on the board, seeking,
stepping back, replaying forward to the live edge, the race clock's step, the markers
scanned, and what the search stack and the explored gauge read at the step shown.

``Playback`` owns what a run leaves on the board (its model, recording, result, solutions,
state) and shows it; ``RunSession`` builds on it to start and steer runs.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from knightviz.engine import Outcome, Result
from knightviz.engine.estimate import explored_fraction
from knightviz.engine.events import StackLevel
from knightviz.engine.recording import Recording, fast_scanner
from knightviz.gui.board.model import BoardModel
from knightviz.gui.puzzles.base import Puzzle
from knightviz.gui.records import RunClock, RunSetup
from knightviz.gui.refresh import TICK_MS, RefreshScheduler
from knightviz.gui.run.state import RunState, State
from knightviz.gui.solver.controller import SolverController
from knightviz.gui.solver.frames import PER_EVENT_MAX

#: Speed a newcomer sees: Warnsdorff's 63 moves on 8×8 take about three seconds.
DEFAULT_SPEED = 20.0


class Playback(QObject):
    """The run on the board: its model, its solver, its state, its recording shown at
    any step."""

    #: State, settings, verdict or result changed: labels and the status line follow.
    changed = Signal()

    def __init__(
        self, puzzles: dict[str, Puzzle[Any]], model: BoardModel, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.puzzles = puzzles
        #: The live board (replaced for a new size or puzzle).
        self.model = model
        self.controller = SolverController(model, self)
        #: When the views of this run redraw while it goes (frames and ticks).
        self.scheduler = RefreshScheduler(
            self.controller, self._heartbeat, lambda: self.details, self
        )
        #: Idle, running, paused or finished (``state``), and whether the solver settled.
        self.lifecycle = RunState()
        self.clock = RunClock()
        self.speed = DEFAULT_SPEED
        #: The setup of the run on the board (None before any run, and after Reset).
        self.run: RunSetup | None = None
        #: The run's recording (None before any run).
        self.recording: Recording | None = None
        self.result: Result | None = None
        #: Solutions reported so far for the run on the board, in order.
        self.found: list[tuple[int, ...]] = []
        #: A pure-Python twin of the run's search, never advanced: it derives the stack at
        #: any position the run passed through (the stack panel, the gauge, the timeline).
        self.shadow: Any = None
        #: The shadows whose ``changed`` this session listens to (by id).
        self._heard: set[int] = set()
        #: A learner's strategy's shadow whose child is still starting.
        self._waiting_shadow: Any = None
        #: The explored fraction so far (never decreasing during a run), None if no tree.
        self.explored: float | None = None
        self._explored_at = -1
        #: The board shows the deepest position in place of a fruitless run's end.
        self.summary_view = False
        #: The position on the board is exactly the step shown (False: inside a gap of
        #: the recording, the nearest kept position before it).
        self.exact = True
        #: A solution picked from the list, shown instead of the live model (None: live).
        self.preview_model: BoardModel | None = None
        #: Steps the solver has delivered: the live edge of the timeline. Below it the board
        #: shows a replayed position (the solver stays paused meanwhile).
        self.live_steps = 0
        #: Steps the solver made one at a time while paused (Step, Your turn): the run's
        #: clock did not run for them, so its rate leaves them out.
        self.stepped = 0
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
        #: A model of the recording at a step other than the live one (the race clock).
        self._replay_model: BoardModel | None = None
        self._replay_step = -1

    @property
    def state(self) -> State:
        return self.lifecycle.state

    @property
    def settled(self) -> bool:
        """The solver has confirmed its pause and delivered every step it made (nothing is
        on its way to the model: a seek may replace it)."""
        return self.lifecycle.settled

    @property
    def running(self) -> bool:
        return self.controller.running

    @property
    def details(self) -> bool:
        """Slow enough to read explanations on the board: paced speeds, or paused."""
        return self.speed <= PER_EVENT_MAX or self.state is State.PAUSED

    def _heartbeat(self) -> None:
        """Screen-rate work while a run goes, before its views redraw: the live edge
        follows the solver (unless a seek waits), the markers are scanned a slice further."""
        if not self.replaying and self._pending_seek is None and not self._pending_back:
            self.live_steps = self.model.steps
        self._scan_markers()

    def _end_preview(self) -> None:
        if self.preview_model is not None:
            self.preview_model = None
            self.changed.emit()

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

    @property
    def live(self) -> bool:
        """The board shows the live end of the run (not a step behind it)."""
        return self.recording is None or (not self.summary_view and self.position >= self.end)

    def step_back(self, count: int = 1) -> None:
        """Undo ``count`` steps: the board, counters, stack, code line and narration as they
        were. Pauses a running search first."""
        self._end_preview()
        self._replay_timer.stop()
        if self.recording is None or self.state is State.IDLE:
            return
        if self.controller.running and not self.settled:
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
        if self.controller.running and not self.settled:
            # The seek happens once the solver has stopped and delivered its last steps
            # (steps still on their way would land on the position sought).
            self._pending_seek = step
            self.controller.pause()
            return
        target = min(max(0, step), self.end)
        pos = self.recording.seek(target)
        self.model.replace(pos.path, pos.moves, pos.backtracks, last_events=pos.last_events)
        self.exact = pos.exact
        self.changed.emit()

    def shown_model(self, at: int | None = None) -> BoardModel:
        """The model the board shows: a picked solution, else the recording at step ``at``
        when that is behind the live model (the race clock), else the live model."""
        if self.preview_model is not None:
            return self.preview_model
        rec = self.recording
        if at is None or rec is None or at >= self.model.steps:
            return self.model
        if self._replay_model is None or self._replay_model.size != self.model.size:
            self._replay_model = BoardModel(
                self.model.rows, self.model.cols, tuple(rec.initial), self.model.values
            )
            self._replay_step = -1
        if at != self._replay_step:
            pos = rec.seek(at)
            model = self._replay_model
            model.replace(pos.path, pos.moves, pos.backtracks, last_events=pos.last_events)
            self._replay_step = at
        return self._replay_model

    def solutions_up_to(self, step: int) -> list[tuple[int, ...]]:
        """The solutions found up to ``step`` of the run on the board, in order."""
        found = self.found
        rec = self.recording
        if not found or rec is None or step >= self.end:
            return list(found)
        if rec.markers.scanned < step:
            rec.scan_markers(budget=step - rec.markers.scanned, scanner=fast_scanner())
        return found[: bisect.bisect_right(rec.markers.solutions, step)]

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
        shown in its place (until the user moves along the timeline). A solution chosen from
        the list is its own step: the end only if the run ended there."""
        if self.result is None:
            return False
        if self.preview_model is not None:
            return self.preview_model.steps == self.result.steps
        return self.summary_view or self.model.steps == self.result.steps

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

    def solution_step(self, solution: tuple[int, ...]) -> int | None:
        """The step of the recording that completed ``solution`` (None if unknown)."""
        rec = self.recording
        if rec is None or solution not in self.found:
            return None
        index = self.found.index(solution)
        while len(rec.markers.solutions) <= index and not rec.scan_markers(scanner=fast_scanner()):
            pass
        steps = rec.markers.solutions
        return steps[index] if index < len(steps) else None

    def rate(self) -> float | None:
        """The run's own steps per second (the steps made while its clock ran, over its
        time), None before any, and None for a run made only step by step while paused
        (it read 1,479,776 steps/s next to "Elapsed 0.0 ms")."""
        seconds = self.clock.seconds()
        if self.recording is None or seconds <= 0:
            return None
        steps = self.result.steps if self.result is not None else self.end
        timed = steps - self.stepped
        return timed / seconds if timed > 0 else None

    def display_stack(self) -> Sequence[StackLevel] | None:
        """The stack at the position on the board: the engine's own at an unlimited-speed
        snapshot, else derived from the path and the last steps (exact at paced speeds, when
        paused and after the end; a chosen solution's, at the step that completed it). None
        before any run."""
        model = self.preview_model or self.model
        if self.shadow is None or self.run is None:
            return None
        if model.stack is not None:
            return model.stack
        if not model.path and self.puzzles[self.run.puzzle].movable_start:
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

    def shown_explored(self) -> float | None:
        """The explored fraction at the step the board shows. A solution chosen from the list
        gets its step's own figure, as the timeline at that step would (it read "all of it"
        at a step a fifth into the search), while the run keeps its figure for its record."""
        run = self.run
        if self.preview_model is None or self.explored is None or run is None:
            return self.update_explored()
        puzzle = self.puzzles[run.puzzle]
        result = self.result
        if self.at_end and result is not None and puzzle.complete(run.settings, result):
            return 1.0
        stack = self.display_stack()
        if stack is None or not len(stack):
            return None
        return explored_fraction(puzzle.levels(run.settings, stack))

    def update_explored(self) -> float | None:
        """The explored fraction at the position on the board (once per model version):
        never decreasing while the run goes, exactly 1 at the end of a complete search."""
        run = self.run
        if self.explored is None or run is None or self.preview_model is not None:
            return self.explored
        puzzle = self.puzzles[run.puzzle]
        result = self.result
        if self.at_end and result is not None and puzzle.complete(run.settings, result):
            self.explored = 1.0
            return 1.0
        if self.model.version == self._explored_at:
            return self.explored
        stack = self.display_stack()
        if stack is not None and len(stack):
            # (Not before a stack is known: a learner's strategy's comes a moment later.)
            self._explored_at = self.model.version
            fraction = explored_fraction(puzzle.levels(run.settings, stack))
            live = self.controller.running and not self.replaying
            # Never backwards during a run; on a replayed step, that step's own figure.
            self.explored = max(self.explored, fraction) if live else fraction
        return self.explored
