"""The solver thread: a worker object on a plain QThread turns a search into signals.

Three regimes, picked afresh before every event so a speed change acts at once:

* paced (up to ``PER_EVENT_MAX`` steps/s): one ``moved``/``backtracked`` signal per event,
  plus ``upcoming`` (the next event, looked ahead) so the board can mark the chosen square;
* fast (above that, up to 10,000 steps/s): events delivered in batches at screen rate
  through ``events_ready`` with the encoded ints;
* unlimited: the search runs flat out in chunks; at screen rate ``events_ready`` carries a
  snapshot of the true state (the occupied squares and the counts), never a backlog.

A new frame is only sent once the GUI has taken the previous one (``acknowledge``), so a
busy GUI never lets queued signals pile up. Stop and pause are ``threading.Event`` flags
checked between chunks of about a millisecond; paced sleeps wait on an event that every
command sets, so Pause, Step and Reset answer at once at every speed.
"""

from __future__ import annotations

import math
import sys
import threading
import weakref
from dataclasses import dataclass
from time import perf_counter
from typing import ClassVar

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from knightviz.engine import Outcome, Result, Search, Tracker
from knightviz.gui.model import BoardModel

#: Above this speed events are batched at screen rate instead of one signal each.
PER_EVENT_MAX = 60.0
#: Screen rate for batches and snapshots.
FRAME_SECONDS = 1.0 / 60.0
#: Events per engine call at unlimited speed: about a millisecond of work.
CHUNK = 4096
UNLIMITED = math.inf
#: Longest the unlimited loop waits for the GUI to paint a frame (a hidden window never does).
ACK_WAIT = 0.05
#: Seconds between forced GIL hand-overs while a run exists (see SolverController.start).
SWITCH_INTERVAL = 0.001


@dataclass(frozen=True, slots=True)
class Frame:
    """One screen's worth of progress: either events to replay or a snapshot to jump to."""

    #: Encoded events to apply in order (fast regime), or None.
    events: list[int] | None
    #: The occupied squares in order (unlimited regime), or None.
    path: tuple[int, ...] | None
    moves: int
    backtracks: int
    #: Squares backtracked in this frame worth flashing (snapshot frames only).
    flashes: tuple[int, ...] = ()


class SolverWorker(QObject):
    """Runs one search in its thread; every public method but ``run`` is called from the GUI."""

    moved = Signal(int, int, int)
    backtracked = Signal(int, int, int)
    upcoming = Signal(object)
    events_ready = Signal(object)
    pause_reached = Signal()
    run_finished = Signal(object)

    def __init__(self, search: Search, speed: float, paused: bool = False) -> None:
        super().__init__()
        self._search = search
        self._speed = speed
        self._stop = threading.Event()
        self._pause = threading.Event()
        self._wake = threading.Event()
        self._ack = threading.Event()
        self._ack.set()
        self._lock = threading.Lock()
        self._step_requests = 0
        if paused:
            self._pause.set()
        self._ahead: list[int] = []
        self._moves = 0
        self._backtracks = 0
        self._length = len(search.initial)
        self._compute = 0.0
        #: Set once ``run`` has emitted its last signal.
        self.done = threading.Event()

    # -- commands (GUI thread) ----------------------------------------------------------

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        self._ack.set()

    def pause(self) -> None:
        self._pause.set()
        self._wake.set()
        self._ack.set()

    def resume(self) -> None:
        self._pause.clear()
        self._wake.set()

    def step(self) -> None:
        """One event; only honoured while paused."""
        with self._lock:
            self._step_requests += 1
        self._wake.set()

    def set_speed(self, speed: float) -> None:
        self._speed = speed
        self._wake.set()

    def acknowledge(self) -> None:
        """The GUI has applied the last frame: the next one may be sent."""
        self._ack.set()

    # -- the loop (worker thread) ------------------------------------------------------

    @Slot()
    def run(self) -> None:
        try:
            result = self._loop()
        except Exception as exc:  # never leave the GUI waiting on a dead thread
            result = self._stopped(f"The search failed: {exc}")
        self.run_finished.emit(result)
        self.done.set()

    def _loop(self) -> Result:
        search = self._search
        live = getattr(search, "path", None)
        tracker: Tracker | None = None
        if not isinstance(live, list):
            live = None
            tracker = Tracker(list(search.initial))
        pending: list[int] = []
        last_frame = perf_counter()
        interval = FRAME_SECONDS
        budget = 0.0
        announced_pause = False
        while True:
            if self._stop.is_set():
                self._flush(pending, tracker, live)
                return self._stopped("Stopped before the end.")
            if self._pause.is_set():
                if not announced_pause:
                    self._flush(pending, tracker, live)
                    self.pause_reached.emit()
                    announced_pause = True
                if not self._step_requests:
                    self._wake.wait()
                    self._wake.clear()
                stepping = self._take_step_request() and not self._stop.is_set()
                if stepping and not self._single(tracker):
                    break
                continue
            announced_pause = False
            speed = self._speed
            if speed == UNLIMITED:
                if self._ahead:
                    pending.extend(self._deliver(self._ahead, tracker))
                    self._ahead = []
                if not self._ack.is_set():
                    # A frame is being applied and painted: leave the GUI the interpreter.
                    self._ack.wait(ACK_WAIT)
                t0 = perf_counter()
                chunk = search.advance(CHUNK)
                now = perf_counter()
                self._compute += now - t0
                if not chunk:
                    break
                if live is not None:
                    n, length = len(chunk), len(live)
                    delta = length - self._length
                    self._moves += (n + delta) >> 1
                    self._backtracks += (n - delta) >> 1
                    self._length = length
                    pending = []  # a snapshot supersedes undelivered events
                    flash = _last_backtrack(chunk)
                    if now - last_frame >= interval and self._ack.is_set():
                        self._send(Frame(None, tuple(live), self._moves, self._backtracks, flash))
                        last_frame = perf_counter()
                else:
                    pending.extend(self._deliver(chunk, tracker))
                    if now - last_frame >= interval and self._ack.is_set():
                        self._flush(pending, tracker, live, force=False)
                        last_frame = perf_counter()
            elif speed <= PER_EVENT_MAX:
                self._flush(pending, tracker, live)
                if not self._single(tracker):
                    break
                if self._wake.wait(1.0 / max(speed, 1e-3)):
                    self._wake.clear()
                last_frame = perf_counter()
            else:
                now = perf_counter()
                budget = min(budget + (now - last_frame) * speed, speed * 0.25 + 1)
                last_frame = now
                count = int(budget)
                if count:
                    events = self._take(count)
                    if not events:
                        break
                    budget -= len(events)
                    pending.extend(self._deliver(events, tracker))
                if pending and self._ack.is_set():
                    self._flush(pending, tracker, live)
                if self._wake.wait(FRAME_SECONDS):
                    self._wake.clear()
        self._flush(pending, tracker, live)
        self._send_upcoming(None)
        result = search.result
        if result is None:
            return self._stopped("The search ended without a result.")
        return result

    # -- helpers --------------------------------------------------------------------

    def _take_step_request(self) -> bool:
        with self._lock:
            if self._step_requests:
                self._step_requests -= 1
                return True
            return False

    def _take(self, count: int) -> list[int]:
        """The next ``count`` events (fewer at the end), starting with looked-ahead ones."""
        ahead = self._ahead
        if len(ahead) >= count:
            out, self._ahead = ahead[:count], ahead[count:]
            return out
        t0 = perf_counter()
        more = self._search.advance(count - len(ahead))
        self._compute += perf_counter() - t0
        self._ahead = []
        return [*ahead, *more]  # engine chunks are array('i'): make one list

    def _deliver(self, events: list[int], tracker: Tracker | None) -> list[int]:
        """Count events as delivered to the GUI (and track them when the search cannot)."""
        for x in events:
            if x >= 0:
                self._moves += 1
                self._length += 1
            else:
                self._backtracks += 1
                self._length -= 1
        if tracker is not None:
            tracker.apply(events)
        return events

    def _single(self, tracker: Tracker | None) -> bool:
        """Emit exactly one event as its own signal, then announce the next. False at the end."""
        events = self._take(1)
        if not events:
            return False
        x = events[0]
        self._deliver(events, tracker)
        cols = self._search.cols
        if x >= 0:
            self.moved.emit(x // cols, x % cols, self._length - 1)
        else:
            sq = ~x
            self.backtracked.emit(sq // cols, sq % cols, self._length)
        if not self._ahead:
            t0 = perf_counter()
            self._ahead = self._search.advance(1)
            self._compute += perf_counter() - t0
        self._send_upcoming(self._ahead[0] if self._ahead else None)
        return True

    def _send_upcoming(self, x: int | None) -> None:
        self.upcoming.emit(x)

    def _send(self, frame: Frame) -> None:
        self._ack.clear()
        self.events_ready.emit(frame)

    def _flush(
        self,
        pending: list[int],
        tracker: Tracker | None,
        live: list[int] | None,
        force: bool = True,
    ) -> None:
        """Send whatever the GUI has not seen yet, then empty ``pending``."""
        if self._speed == UNLIMITED and not self._ahead and (live is not None):
            # Snapshot mode: the GUI may be behind by undelivered chunks; send the state.
            if force or self._ack.is_set():
                self._send(Frame(None, tuple(live), self._moves, self._backtracks))
            pending.clear()
            return
        if pending:
            self._send(Frame(list(pending), None, self._moves, self._backtracks))
            pending.clear()

    def _stopped(self, reason: str) -> Result:
        return Result(
            Outcome.CANCELLED,
            self._moves,
            self._backtracks,
            reason=reason,
            seconds=self._compute,
        )


def _last_backtrack(chunk: list[int]) -> tuple[int, ...]:
    """The last square backtracked in ``chunk``, looking only at its tail (cheap)."""
    for x in reversed(chunk[-64:]):
        if x < 0:
            return (~x,)
    return ()


class SolverController(QObject):
    """Owns the worker and its thread; the one place that starts, steers and joins them.

    Receives the worker's signals in GUI-thread slots, applies them to the board model and
    re-emits plain GUI-side signals for the window.
    """

    frame_applied = Signal()
    paused_changed = Signal(bool)
    run_started = Signal()
    run_finished = Signal(object)

    pause_reached = Signal()

    _instances: ClassVar[weakref.WeakSet[SolverController]] = weakref.WeakSet()

    def __init__(self, model: BoardModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        SolverController._instances.add(self)
        #: The board model the run's events are applied to (replaced with the board).
        self.model = model
        self._thread: QThread | None = None
        self._worker: SolverWorker | None = None
        self._paused = False
        self._speed = UNLIMITED

    @classmethod
    def running_threads(cls) -> list[tuple[SolverController, QThread]]:
        """Every controller's thread that is still running (tests fail on leftovers)."""
        out = []
        for controller in list(cls._instances):
            thread = controller._thread
            if thread is not None and thread.isRunning():
                out.append((controller, thread))
        return out

    # -- state ----------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """A run exists (possibly paused)."""
        return self._worker is not None

    @property
    def paused(self) -> bool:
        return self._worker is not None and self._paused

    @property
    def worker(self) -> SolverWorker | None:
        return self._worker

    @property
    def solver_thread(self) -> QThread | None:
        """The running run's thread (not ``QObject.thread()``, which this must not shadow)."""
        return self._thread

    # -- commands -------------------------------------------------------------------

    def start(self, search: Search, speed: float, paused: bool = False) -> None:
        self.shutdown()
        # The solver is pure Python and holds the GIL; a GUI thread waiting for it waits
        # up to one switch interval per callback. 1 ms (default 5) halves the event loop's
        # p99 lateness during an unlimited run at no measurable cost to the solver.
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        self._speed = speed
        self._paused = paused
        worker = SolverWorker(search, speed, paused)
        thread = QThread()
        thread.setObjectName("knightviz-solver")
        worker.moveToThread(thread)
        worker.moved.connect(self._on_moved)
        worker.backtracked.connect(self._on_backtracked)
        worker.upcoming.connect(self._on_upcoming)
        worker.events_ready.connect(self._on_frame)
        worker.pause_reached.connect(self._on_pause_reached)
        worker.run_finished.connect(self._on_run_finished)
        thread.started.connect(worker.run)
        thread.finished.connect(worker.deleteLater)
        self._worker, self._thread = worker, thread
        thread.start()
        self.run_started.emit()
        if paused:
            self.paused_changed.emit(True)

    def pause(self) -> None:
        if self._worker is not None and not self._paused:
            self._paused = True
            self._worker.pause()
            self.paused_changed.emit(True)

    def resume(self) -> None:
        if self._worker is not None and self._paused:
            self._paused = False
            self._worker.resume()
            self.paused_changed.emit(False)

    def step(self) -> None:
        if self._worker is not None and self._paused:
            self._worker.step()

    def set_speed(self, speed: float) -> None:
        self._speed = speed
        if self._worker is not None:
            self._worker.set_speed(speed)

    def shutdown(self) -> None:
        """The one way a run ends early: stop → quit → wait. Safe to call at any time."""
        worker, thread = self._worker, self._thread
        self._worker = self._thread = None
        self._paused = False
        if worker is not None:
            worker.stop()
        if thread is not None:
            thread.quit()
            thread.wait()

    def stop(self) -> None:
        """Stop the run and report it as stopped (it still gets its history row)."""
        worker, thread = self._worker, self._thread
        if worker is None or thread is None:
            return
        worker.stop()
        worker.done.wait()
        # The worker's final signals are queued behind us; deliver them now, in order
        # (the last one, run_finished, joins the thread).
        QCoreApplication.sendPostedEvents(self, 0)
        if self._worker is worker:  # not delivered (should not happen): end it anyway
            self.shutdown()

    # -- slots for the worker's signals (GUI thread) ----------------------------------------

    def _current(self) -> bool:
        return self._worker is not None and self.sender() is self._worker

    @Slot(int, int, int)
    def _on_moved(self, row: int, col: int, depth: int) -> None:
        if self._current():
            model = self.model
            model.apply((row * model.cols + col,))

    @Slot(int, int, int)
    def _on_backtracked(self, row: int, col: int, depth: int) -> None:
        if self._current():
            model = self.model
            model.apply((~(row * model.cols + col),))

    @Slot(object)
    def _on_upcoming(self, x: int | None) -> None:
        if self._current():
            self.model.upcoming = x
            self.model.version += 1

    @Slot(object)
    def _on_frame(self, frame: Frame) -> None:
        worker = self._worker
        if worker is None or self.sender() is not worker:
            return
        model = self.model
        if frame.path is not None:
            model.replace(frame.path, frame.moves, frame.backtracks, frame.flashes)
        elif frame.events is not None:
            model.apply(frame.events)
        # Receivers paint synchronously; only then may the worker take the GIL back.
        self.frame_applied.emit()
        worker.acknowledge()

    @Slot()
    def _on_pause_reached(self) -> None:
        if self._current():
            self.pause_reached.emit()

    @Slot(object)
    def _on_run_finished(self, result: Result) -> None:
        if not self._current():
            return
        thread = self._thread
        self._worker = self._thread = None
        self._paused = False
        if thread is not None:
            thread.quit()
            thread.wait()
        self.run_finished.emit(result)
