"""The solver worker: a QObject moved onto a plain QThread that turns a search into signals.

Every public method but ``run`` is called from the GUI thread and only sets flags: stop and
pause are ``threading.Event``s checked between ticks of about a millisecond, and sleeps wait
on an event every command sets, so Pause, Step and Stop answer at once at every speed. A new
frame is only sent once the GUI has taken the previous one (``acknowledge``), so a busy GUI
never lets queued signals pile up. Every signal carries the run id it belongs to.
"""

from __future__ import annotations

import logging
import threading
import traceback
from collections.abc import Sequence

from PySide6.QtCore import Signal

from knightviz.engine import Outcome, Result, Search, kernels
from knightviz.engine.recording import Recording
from knightviz.engine.trace import TRACE
from knightviz.gui.solver.feed import EventFeed, SolutionLog
from knightviz.gui.solver.frames import PER_EVENT_MAX, UNLIMITED, Frame
from knightviz.gui.solver.jobs import BackgroundWorker
from knightviz.gui.solver.regimes import Batched, Paced, Regime, Unlimited

log = logging.getLogger("knightviz.solver")


class SolverWorker(BackgroundWorker):
    """Runs one search in its thread (its job id is the run id every signal carries)."""

    #: (run id, encoded event): one signal per event at paced speeds.
    event_ready = Signal(int, int)
    #: (run id, the next event or None): where the search goes next, looked ahead.
    upcoming_ready = Signal(int, object)
    #: A Frame (batched and unlimited speeds).
    frame_ready = Signal(object)
    #: (run id, solution squares): a solution completed at paced speed.
    solution_found = Signal(int, object)
    #: (run id): the worker is paused and has delivered everything.
    pause_reached = Signal(int)
    #: (run id, Result): the run ended (solved, exhausted, limit, or stopped).
    run_finished = Signal(int, object)
    #: (run id, traceback text): the search raised; the run is over.
    run_failed = Signal(int, str)
    #: (run id, backend): the search moved to another engine mid-run ("numba": the
    #: compiled kernels became ready while it ran on Python).
    backend_changed = Signal(int, str)

    def __init__(
        self,
        search: Search,
        speed: float,
        paused: bool = False,
        solution_depth: int | None = None,
        solutions: SolutionLog | None = None,
        recording: Recording | None = None,
        skip: int = 0,
    ) -> None:
        super().__init__()
        self.search = search
        self.feed = EventFeed(search, solution_depth, solutions, recording)
        #: Steps to make without events before anything else (continuing a recorded run).
        self.skip = skip
        self.speed = speed
        self._pause = threading.Event()
        self._announce = threading.Event()
        self._wake = threading.Event()
        self._ack = threading.Event()
        self._ack.set()
        self._lock = threading.Lock()
        self._step_requests = 0
        self._paused_seen = False
        #: The search may still move to the compiled engine (it runs on Python now).
        self._may_move = search.backend == kernels.PYTHON
        if paused:
            self._pause.set()

    @property
    def run_id(self) -> int:
        return self.job_id

    # -- commands (GUI thread) ------------------------------------------------------------

    def stop(self) -> None:
        super().stop()
        self._wake.set()
        self._ack.set()

    def pause(self) -> None:
        # Every request gets its confirmation (pause_reached), even one that comes before
        # the worker has seen the resume before it: the GUI may be waiting on it.
        self._announce.set()
        self._pause.set()
        self._wake.set()
        self._ack.set()

    def resume(self) -> None:
        self._pause.clear()
        self._wake.set()

    def step(self, count: int = 1) -> None:
        """``count`` events; only honoured while paused."""
        with self._lock:
            self._step_requests += count
        self._wake.set()

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self._paused_seen = False  # re-decide tracing while paused
        self._wake.set()

    def acknowledge(self) -> None:
        """The GUI has applied the last frame: the next one may be sent."""
        self._ack.set()

    # -- the loop (worker thread) -------------------------------------------------------

    def work(self) -> None:
        try:
            result = self._loop()
        except Exception:  # the GUI must hear of it, with the traceback, not a fake result
            text = traceback.format_exc()
            log.error("the search failed:\n%s", text)
            self.run_failed.emit(self.run_id, text)
        else:
            self.run_finished.emit(self.run_id, result)

    def _loop(self) -> Result:
        if self.skip:
            self.feed.fast_forward(self.skip, self._stop.is_set)
            self._follow_backend()
            self.send_snapshot(())
        paced, batched, unlimited = Paced(self), Batched(self), Unlimited(self)
        current: Regime = paced
        announced_pause = True  # enter the first regime afresh
        while True:
            self._move_to_compiled()
            if self._stop.is_set():
                current.flush()
                return self._stopped()
            if self._pause.is_set():
                if not announced_pause or not self._paused_seen or self._announce.is_set():
                    self._announce.clear()
                    self._paused_seen = True
                    current.flush()
                    # Stepping at a paced speed walks through every examination too; paused
                    # at higher speeds, a step is a step.
                    self.feed.set_trace(self.speed <= PER_EVENT_MAX)
                    self.pause_reached.emit(self.run_id)
                    announced_pause = True
                if not self._step_requests:
                    self._wake.wait()
                    self._wake.clear()
                stepping = self._take_step_request() and not self._stop.is_set()
                if stepping and (self.single() is None or self._at_end()):
                    break  # the last event was just shown: the run ends now, not a step later
                if stepping and not self._step_requests:
                    # Confirm after the step's frame (queued before it): until then the GUI
                    # must not move the board, or the step would land on another position.
                    self._announce.set()
                continue
            speed = self.speed
            if speed == UNLIMITED:
                regime: Regime = unlimited
            elif speed <= PER_EVENT_MAX:
                regime = paced
            else:
                regime = batched
            if regime is not current or announced_pause:
                current.flush()
                current = regime
                current.enter()
                # Considered events only where someone can read them: paced speeds.
                self.feed.set_trace(regime is paced)
            announced_pause = False
            self._paused_seen = False
            if not current.tick():
                break
        current.flush()
        self.upcoming_ready.emit(self.run_id, None)
        result = self.search.result
        if result is None:
            raise RuntimeError("the search ended without a result")
        return result

    def _move_to_compiled(self) -> None:
        """Between two engine calls: a run begun on the pure-Python engine (the first launch
        compiles the kernels meanwhile) moves to the compiled one as soon as it is ready,
        where the engine chose the backend; the stream goes on unchanged, 20-30x faster."""
        if not self._may_move or not kernels.ready():
            return
        self._may_move = False  # ready stays ready: the answer will not change in this run
        self.feed.upgrade()
        self._follow_backend()

    def _follow_backend(self) -> None:
        """Tell the GUI if the feed's search now runs on another engine."""
        if self.feed.search is not self.search:
            self.search = self.feed.search
            self._may_move = False
            self.backend_changed.emit(self.run_id, self.search.backend)

    # -- helpers for the regimes (worker thread) --------------------------------------------

    def single(self) -> int | None:
        """Emit exactly one event as its own signal, then announce the next.

        Returns how many solutions the event completed (0 or 1), or None at the end.
        """
        feed = self.feed
        events = feed.take(1)
        if not events:
            return None
        self.event_ready.emit(self.run_id, events[0])
        for solution in feed.new_solutions():
            self.solution_found.emit(self.run_id, solution)
        self.upcoming_ready.emit(self.run_id, feed.peek_step())
        return feed.last_found

    def _at_end(self) -> bool:
        """Nothing looked ahead and the search has ended."""
        feed = self.feed
        return not feed.ahead and feed.search.result is not None

    def last_was_considered(self) -> bool:
        """The event just sent was a considered event (not a step)."""
        return self.feed.last_taken >= TRACE

    def sleep(self, seconds: float) -> None:
        """Wait, cut short by any command."""
        if self._wake.wait(seconds):
            self._wake.clear()

    def acknowledged(self) -> bool:
        return self._ack.is_set()

    def wait_ack(self, seconds: float) -> None:
        self._ack.wait(seconds)

    def send_events(self, events: Sequence[int]) -> None:
        feed = self.feed
        self._send(
            Frame(
                self.run_id,
                list(events),
                None,
                feed.moves,
                feed.backtracks,
                solutions=feed.new_solutions(),
                solution_count=feed.delivered_solutions(),
            )
        )

    def send_snapshot(self, flashes: tuple[int, ...]) -> None:
        feed = self.feed
        self._send(
            Frame(
                self.run_id,
                None,
                feed.path(),
                feed.moves,
                feed.backtracks,
                flashes,
                solutions=feed.new_solutions(),
                solution_count=feed.delivered_solutions(),
                stack=feed.stack(),
            )
        )

    def _send(self, frame: Frame) -> None:
        self._ack.clear()
        self.frame_ready.emit(frame)

    def _take_step_request(self) -> bool:
        with self._lock:
            if self._step_requests:
                self._step_requests -= 1
                return True
            return False

    def _stopped(self) -> Result:
        feed = self.feed
        return Result(
            Outcome.CANCELLED,
            feed.moves,
            feed.backtracks,
            reason="Stopped before the end.",
            seconds=feed.compute,
            count=feed.delivered_solutions(),
        )
