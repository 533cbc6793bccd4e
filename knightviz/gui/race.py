"""The race: two run views side by side, one race clock, the same steps on both boards.

Each racer is a full run session (its own search on its own solver thread, its own
recording) shown by its own run view. The searches run freely; what the boards show is driven
by one race clock ``k`` that never runs ahead of the slower search, and the board of a search
that is ahead shows its own recording at step ``k``. So at every moment both step counters
read the same, exactly, at any speed, until one finishes; the clock stops on each finish
(never jumps over it), so the other board is seen at the finisher's very step count. A search
that gets far ahead is paused until the other catches up, so the faster one never wastes time
or recording memory. The race is the window's conductor while it is on.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from knightviz.engine import Outcome, Result
from knightviz.engine.store import RecordingStore
from knightviz.gui.board.model import BoardModel
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.puzzles.base import Puzzle
from knightviz.gui.refresh import TICK_MS
from knightviz.gui.run.state import Event, RunState, State
from knightviz.gui.session import (
    DEFAULT_SPEED,
    Controls,
    RaceLink,
    RunClock,
    RunRecord,
    RunSession,
)
from knightviz.gui.solver.controller import SolverController
from knightviz.gui.text import count_of, fmt_int, fmt_seconds
from knightviz.gui.view import RunView

#: How far (in steps) a search may run ahead of the race clock at unlimited speed before it
#: is paused: about a hundredth of a second of compiled search.
UNLIMITED_LEAD = 1 << 20

#: How a lane's badge is drawn: waiting, winner, finished (second), no solution.
PLAIN, WINNER, SECOND, NONE = "plain", "winner", "second", "none"


class Lane:
    """One racer: its run view, and where it stands in the race."""

    def __init__(self, view: RunView) -> None:
        self.view = view
        self.index = view.lane
        self.reset()

    # -- what tests and the window use -------------------------------------------------------

    @property
    def session(self) -> RunSession:
        return self.view.session

    @property
    def board(self) -> BoardWidget:
        return self.view.board

    @property
    def model(self) -> BoardModel:
        """The model on this racer's board (the session's, or its recording at the clock)."""
        return self.view.board.model()

    @property
    def controller(self) -> SolverController:
        return self.session.controller

    @property
    def result(self) -> Result | None:
        return self.session.result

    def live_steps(self) -> int:
        """How far this racer's search has got."""
        if self.finish is not None:
            return self.finish
        return self.session.model.steps

    def reset(self) -> None:
        """Before a race: nothing shown, nothing finished."""
        #: The step shown (the race clock, or the finish when this racer is done).
        self.shown = 0
        #: Steps at the end of this racer's run (None while it runs).
        self.finish: int | None = None
        #: Its finish has been shown on the board (the clock has reached it).
        self.finish_shown = False
        #: Stopped by the race when the other finished (its run ends at this step).
        self.stopped_at: int | None = None
        #: Paused by the race because it is too far ahead of the clock.
        self.throttled = False
        #: Place in the finishing order (1 or 2), None while racing.
        self.place: int | None = None

    def show_step(self, k: int) -> None:
        """Put this racer at step ``k`` (at most its finish) on its board."""
        if self.finish is not None and k >= self.finish and self.stopped_at is None:
            self.shown = self.finish
            self.view.show_clock(None)  # its final position, as a single run shows it
            return
        target = k if self.finish is None else min(k, self.finish)
        self.shown = target
        self.view.show_clock(target)


class Race(QObject):
    """Two run views on one clock: shared Start/Pause/Step/Reset, speed, size and start."""

    #: State changed (buttons, badges, status).
    changed = Signal()
    #: Screen-rate heartbeat while the race goes (counters, badges).
    ticked = Signal()
    #: (lane index 1 or 2, steps): a racer's finish has just been shown; the other board is
    #: at the same step count at this moment.
    racer_finished = Signal(int, int)
    #: A racer's run ended: its RunRecord (``race`` links the two runs).
    run_recorded = Signal(object)
    #: A run could not start (one line for the status bar).
    refused = Signal(str)

    def __init__(
        self, puzzles: dict[str, Puzzle[Any]], store: RecordingStore, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.puzzles = puzzles
        self.lanes = [Lane(RunView(puzzles, store, self, lane)) for lane in (1, 2)]
        #: Idle, running, paused or finished: the race's own state, apart from the racers'.
        self.lifecycle = RunState()
        #: The race clock: the step both boards show (until a racer's finish).
        self.k = 0
        #: While paused, the clock goes no further than this (Step raises it by one).
        self.goal = 0
        #: Stop the other racer when one finishes (else it keeps going).
        self.stop_loser = False
        self.clock = RunClock()
        self.speed = DEFAULT_SPEED
        self.number = 0  # races started so far (links the two history rows)
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)
        self._ticking = False
        for lane in self.lanes:
            lane.view.run_recorded.connect(
                lambda record, lane=lane: self._on_recorded(lane, record)
            )
            lane.session.failed.connect(lambda text, lane=lane: self._on_failed(lane, text))

    # -- setup --------------------------------------------------------------------------------

    @property
    def views(self) -> list[RunView]:
        return [lane.view for lane in self.lanes]

    def configure(self, puzzle_key: str, settings: list[Any]) -> None:
        """The puzzle and each racer's settings (same board size); ends any race first."""
        self.reset()
        for lane, s in zip(self.lanes, settings, strict=True):
            lane.view.configure(puzzle_key, s)
        self.changed.emit()

    def set_start(self, square: int) -> None:
        """Both racers start on the same square."""
        if self.running:
            return
        self.reset()
        for lane in self.lanes:
            lane.view.set_start(square)
        self.changed.emit()

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        for lane in self.lanes:
            lane.session.set_speed(speed)

    @property
    def state(self) -> State:
        return self.lifecycle.state

    @property
    def running(self) -> bool:
        return self.lifecycle.going

    # -- commands (the window's conductor) ----------------------------------------------------

    def start_or_pause(self) -> None:
        """Space: start when idle or finished, pause when running, resume when paused."""
        if self.state is State.RUNNING:
            self.pause()
        elif self.state is State.PAUSED:
            self.resume()
        else:
            self.begin()

    def begin(self, paused: bool = False) -> bool:
        """Start both racers from the same square; False (and ``refused``) if one cannot."""
        self.reset()
        for lane in self.lanes:
            verdict = lane.session.verdict()
            if verdict is not None:
                self.refused.emit(
                    self.tr("Racer {0} cannot start: {1}").format(lane.index, verdict)
                )
                self.changed.emit()
                return False
        self.number += 1
        for lane in self.lanes:
            lane.session.set_speed(self.speed)
            lane.session.begin(paused=paused)
        self.k = self.goal = 0
        self.clock.start()
        if paused:
            self.clock.pause()
        self.lifecycle.start(paused)
        self._timer.start()
        self._show()
        self.changed.emit()
        return True

    def pause(self) -> None:
        if not self.lifecycle.allows(Event.PAUSE):
            return
        self.lifecycle.pause()
        self.goal = self.k
        self.clock.pause()
        for lane in self._racing():
            lane.session.controller.pause()
        self.changed.emit()

    def resume(self) -> None:
        if not self.lifecycle.allows(Event.RESUME):
            return
        self.lifecycle.resume()
        self.clock.resume()
        for lane in self._racing():
            lane.throttled = False
            lane.session.controller.resume()
        self.changed.emit()

    def step(self) -> None:
        """One step on both boards (from idle: the race starts paused, then steps)."""
        if self.state in (State.RUNNING, State.FINISHED):
            return
        if self.state is State.IDLE and not self.begin(paused=True):
            return
        self.goal = self.k + 1
        self._tick()

    def step_back(self) -> None:
        """A race only goes forward (each board's own timeline is its run's, afterwards)."""

    def seek(self, step: int) -> None:
        """A race has no timeline of its own."""

    def stop(self) -> None:
        """Stop both racers (each still gets its history row)."""
        for lane in self.lanes:
            lane.session.stop()

    def reset(self) -> None:
        """Stop any race (its runs still get their rows) and clear both boards."""
        self._timer.stop()
        for lane in self.lanes:
            if lane.session.running:
                lane.stopped_at = lane.shown
            lane.session.reset()
        for lane in self.lanes:
            lane.reset()
            lane.view.show_clock(None)
        self.k = self.goal = 0
        self.clock.reset()
        self.lifecycle.reset()
        self.changed.emit()

    def shutdown(self) -> None:
        self._timer.stop()
        for lane in self.lanes:
            lane.session.shutdown()
            lane.view.startmap.shutdown()

    def controls(self) -> Controls:
        return Controls(running=self.running, paused=self.state is State.PAUSED)

    def status_text(self) -> str:
        if self.state is State.RUNNING:
            return self.tr("Racing: both boards make the same steps. Space pauses, R resets.")
        if self.state is State.PAUSED:
            return self.tr("Race paused: N makes one step on both boards, Space resumes.")
        if self.state is State.FINISHED:
            lanes = sorted(self.lanes, key=lambda lane: lane.place or 3)
            first = lanes[0]
            steps = first.finish or 0
            return self.tr(
                "Racer {0} finished first, in {1} steps; racer {2} took {3}.", "", count_of(steps)
            ).format(
                first.index,
                fmt_int(steps),
                lanes[1].index,
                fmt_int(lanes[1].finish or 0),
            )
        return self.tr(
            "Race: choose a strategy for each board, drag the knight, press Start (Space)."
        )

    def titles(self) -> list[str]:
        """Each lane's title: the racer and its strategy."""
        return [
            self.tr("Racer {0}: {1}").format(
                lane.index, lane.session.puzzle.describe(lane.session.settings)
            )
            for lane in self.lanes
        ]

    def finish_message(self, index: int, steps: int) -> str:
        """What the status bar says when racer ``index`` has just been seen finishing."""
        other = self.lanes[2 - index]
        if other.finish_shown and (other.finish or 0) < steps:
            # The second to end: the other stopped earlier, so it is not at this step.
            return self.tr(
                "Racer {0} finished too, at {1} steps; racer {2} took {3}.", "", count_of(steps)
            ).format(index, fmt_int(steps), other.index, fmt_int(other.finish or 0))
        return self.tr(
            "Racer {0} finished at {1} steps; racer {2} was at the same step.", "", count_of(steps)
        ).format(index, fmt_int(steps), other.index)

    def clock_text(self) -> str:
        return self.tr("Race clock: step {0} · {1}").format(
            fmt_int(self.k), fmt_seconds(self.clock.seconds())
        )

    def badge(self, lane: Lane) -> tuple[str, str]:
        """What a lane's badge says, and how it is drawn (PLAIN, WINNER, SECOND, NONE)."""
        verdict = lane.session.verdict() if self.state is State.IDLE else None
        if verdict is not None:
            return "⚠ " + verdict, PLAIN
        if lane.place is None:
            if self.state is State.IDLE:
                return self.tr("Ready"), PLAIN
            run = lane.session.run
            if run is not None and lane.session.puzzles[run.puzzle].constructs(run.settings):
                return self.tr("Constructing…"), PLAIN
            return self.tr("Searching…"), PLAIN
        result = lane.result
        n = lane.finish or 0
        steps = fmt_int(n)
        if lane.stopped_at is not None:
            return self.tr("Stopped at {0} steps", "", count_of(n)).format(steps), NONE
        solved = result is not None and result.outcome is Outcome.SOLVED
        if all(other.place == 1 for other in self.lanes):
            return self.tr("✔ Tie: {0} steps", "", count_of(n)).format(
                steps
            ), WINNER if solved else NONE
        if lane.place == 1:
            if solved:
                return self.tr("✔ Finished first: {0} steps", "", count_of(n)).format(steps), WINNER
            return self.tr("✖ Ended first, no solution: {0} steps", "", count_of(n)).format(
                steps
            ), NONE
        if solved:
            return self.tr("Finished second: {0} steps", "", count_of(n)).format(steps), SECOND
        return self.tr("Ended second, no solution: {0} steps", "", count_of(n)).format(steps), NONE

    # -- the clock ----------------------------------------------------------------------------

    def _racing(self) -> list[Lane]:
        return [lane for lane in self.lanes if lane.finish is None]

    def _lead_allowed(self) -> int:
        """Steps a search may be ahead of the clock before it is paused."""
        if math.isinf(self.speed):
            return UNLIMITED_LEAD
        return max(4, int(self.speed))  # about a second of steps at this speed

    @Slot()
    def _tick(self) -> None:
        if self.state not in (State.RUNNING, State.PAUSED) or self._ticking:
            return
        self._ticking = True
        try:
            self._advance()
        finally:
            self._ticking = False

    def _advance(self) -> None:
        racing = self._racing()
        if racing:
            target = min(lane.live_steps() for lane in racing)
        else:
            target = max(lane.finish or 0 for lane in self.lanes)
        if self.state is State.PAUSED:
            target = min(target, self.goal)
        # The clock never jumps over a finish: both boards are seen at that step.
        for lane in self.lanes:
            if lane.finish is not None and not lane.finish_shown and self.k <= lane.finish:
                target = min(target, lane.finish)
        self.k = max(self.k, target)
        newly = [
            lane
            for lane in self.lanes
            if lane.finish is not None and not lane.finish_shown and lane.finish <= self.k
        ]
        self._show()
        self.ticked.emit()  # counters now, so a finish is announced with both boards at it
        for lane in newly:
            lane.finish_shown = True
            # A tie (both end at the same step) is two first places.
            lane.place = (
                2
                if lane.stopped_at is not None
                else 1
                + sum(
                    other.place is not None and (other.finish or 0) < (lane.finish or 0)
                    for other in self.lanes
                )
            )
            if self.stop_loser:
                for other in self._racing():
                    other.stopped_at = self.k
                    other.session.stop()
            self.racer_finished.emit(lane.index, lane.finish or 0)
        if self.state is State.RUNNING:
            self._throttle()
        elif self.state is State.PAUSED:
            for lane in self._racing():
                c = lane.session.controller
                if lane.live_steps() < self.goal and c.running and c.paused:
                    c.step(1)
        if all(lane.finish_shown for lane in self.lanes):
            self._timer.stop()
            self.clock.pause()
            self.lifecycle.finish()
            self.changed.emit()
        elif newly:
            self.changed.emit()

    def _throttle(self) -> None:
        allowed = self._lead_allowed()
        for lane in self._racing():
            lead = lane.live_steps() - self.k
            c = lane.session.controller
            if not c.running:
                continue
            if lead > allowed and not lane.throttled and not c.paused:
                lane.throttled = True
                c.pause()
            elif lane.throttled and lead <= allowed // 2:
                lane.throttled = False
                c.resume()

    def _show(self) -> None:
        for lane in self.lanes:
            lane.show_step(self.k)

    # -- reactions ----------------------------------------------------------------------------

    def _on_recorded(self, lane: Lane, record: RunRecord) -> None:
        result = record.result
        stop = lane.stopped_at
        if stop is not None and result.steps > stop and lane.session.recording is not None:
            # Stopped because the other finished: its run ends where the race clock was.
            pos = lane.session.recording.seek(stop)
            result = replace(result, moves=pos.moves, backtracks=pos.backtracks)
        lane.finish = stop if stop is not None else result.steps
        if self.state is State.IDLE:
            lane.finish_shown = True
        link = RaceLink(self.number, lane.index) if self.number else None
        self.run_recorded.emit(
            replace(record, result=result, race=link, wall_seconds=self.clock.seconds())
        )
        if self._timer.isActive():
            self._tick()

    def _on_failed(self, lane: Lane, message: str) -> None:
        lane.finish = lane.live_steps()
        self.refused.emit(self.tr("Racer {0} failed: {1}").format(lane.index, message))
