"""The solver controller: owns one worker and its thread; starts, steers and joins them.

It receives the worker's signals in GUI-thread slots, drops any that belong to an earlier run
(every signal carries its run id), applies the rest to the board model and re-emits plain
GUI-side signals. Every join is bounded: stop → quit → wait with a timeout, and if a thread
does not end in time the user is told, and the thread is kept referenced (destroying a
running QThread would abort the process), never waited on forever.
"""

from __future__ import annotations

import logging
import sys
import weakref
from typing import ClassVar

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from knightviz.engine import Result, Search
from knightviz.engine.recording import Recording
from knightviz.gui.board.model import BoardModel
from knightviz.gui.solver.feed import SolutionLog
from knightviz.gui.solver.frames import UNLIMITED, Frame
from knightviz.gui.solver.worker import SolverWorker

log = logging.getLogger("knightviz.solver")

#: How long a join may take before it is reported as failed (ms).
JOIN_MS = 3000
#: Seconds between forced GIL hand-overs while a run exists (see ``SwitchInterval``).
SWITCH_INTERVAL = 0.001


class SwitchInterval:
    """Shortens the interpreter's GIL switch interval while any run exists, then restores it.

    The solver holds the GIL in pure-Python stretches; a GUI thread waiting for it waits up to
    one switch interval per callback. 1 ms (default 5) halves the event loop's p99 lateness
    during an unlimited run. The setting is process-wide by nature, so the runs that need it
    are counted (a race has two) and the original value comes back when the last one ends.
    """

    _users: ClassVar[int] = 0
    _saved: ClassVar[float] = 0.005

    @classmethod
    def acquire(cls) -> None:
        if cls._users == 0:
            cls._saved = sys.getswitchinterval()
            sys.setswitchinterval(min(cls._saved, SWITCH_INTERVAL))
        cls._users += 1

    @classmethod
    def release(cls) -> None:
        if cls._users == 0:
            return
        cls._users -= 1
        if cls._users == 0:
            sys.setswitchinterval(cls._saved)

    @classmethod
    def users(cls) -> int:
        return cls._users


class SolverController(QObject):
    """The one place that starts, steers and joins a run's thread."""

    frame_applied = Signal()
    paused_changed = Signal(bool)
    run_started = Signal()
    run_finished = Signal(object)
    #: The run failed: a one-line summary for the status bar (details are logged).
    run_failed = Signal(str)
    pause_reached = Signal()
    #: A solution completed (its squares), in the order found.
    solution_found = Signal(object)

    _instances: ClassVar[weakref.WeakSet[SolverController]] = weakref.WeakSet()
    #: Threads that did not stop in time: kept alive so Qt never destroys them running.
    _stuck: ClassVar[list[tuple[QThread, SolverWorker]]] = []

    def __init__(self, model: BoardModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        SolverController._instances.add(self)
        #: The board model the run's events are applied to.
        self.model = model
        self._thread: QThread | None = None
        self._worker: SolverWorker | None = None
        self._run_id = 0
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

    # -- state ----------------------------------------------------------------------------

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
    def run_id(self) -> int:
        """The id of the current (or last) run; frames of other runs are dropped."""
        return self._run_id

    @property
    def solver_thread(self) -> QThread | None:
        """The running run's thread (not ``QObject.thread()``, which this must not shadow)."""
        return self._thread

    # -- commands -------------------------------------------------------------------------

    def start(
        self,
        search: Search,
        speed: float,
        paused: bool = False,
        solution_depth: int | None = None,
        solutions: SolutionLog | None = None,
        recording: Recording | None = None,
        skip: int = 0,
    ) -> None:
        self.shutdown()
        self._run_id += 1
        self._speed = speed
        self._paused = paused
        worker = SolverWorker(
            self._run_id, search, speed, paused, solution_depth, solutions, recording, skip
        )
        thread = QThread()
        thread.setObjectName(f"knightviz-solver-{self._run_id}")
        worker.moveToThread(thread)
        worker.event_ready.connect(self._on_event)
        worker.upcoming_ready.connect(self._on_upcoming)
        worker.frame_ready.connect(self._on_frame)
        worker.solution_found.connect(self._on_solution)
        worker.pause_reached.connect(self._on_pause_reached)
        worker.run_finished.connect(self._on_run_finished)
        worker.run_failed.connect(self._on_run_failed)
        thread.started.connect(worker.run)
        thread.finished.connect(worker.deleteLater)
        self._worker, self._thread = worker, thread
        SwitchInterval.acquire()
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

    def step(self, count: int = 1) -> None:
        if self._worker is not None and self._paused:
            self._worker.step(count)

    def set_speed(self, speed: float) -> None:
        self._speed = speed
        if self._worker is not None:
            self._worker.set_speed(speed)

    def shutdown(self) -> None:
        """End the run without a result: stop → quit → bounded wait. Safe at any time."""
        worker, thread = self._worker, self._thread
        self._worker = self._thread = None
        self._paused = False
        if worker is not None:
            worker.stop()
        if thread is not None and worker is not None:
            self._join(thread, worker)

    def stop(self) -> None:
        """Stop the run and report it as stopped (it still gets its history row)."""
        worker, thread = self._worker, self._thread
        if worker is None or thread is None:
            return
        worker.stop()
        if not worker.done.wait(JOIN_MS / 1000):
            self.shutdown()
            return
        # The worker's final signals are queued behind us; deliver them now, in order
        # (the last one, run_finished, joins the thread).
        QCoreApplication.sendPostedEvents(self, 0)
        if self._worker is worker:  # not delivered (should not happen): end it anyway
            self.shutdown()

    def _join(self, thread: QThread, worker: SolverWorker) -> None:
        thread.quit()
        if thread.wait(JOIN_MS):
            SwitchInterval.release()
            return
        # Never block the GUI forever, never destroy a running QThread: keep it, tell the user.
        SolverController._stuck.append((thread, worker))
        message = self.tr("The solver thread did not stop within {0} s.").format(JOIN_MS // 1000)
        log.error("%s (thread %s)", message, thread.objectName())
        self.run_failed.emit(message)

    # -- slots for the worker's signals (GUI thread) --------------------------------------------

    def _current(self, run_id: int) -> bool:
        return self._worker is not None and run_id == self._run_id

    @Slot(int, int)
    def _on_event(self, run_id: int, x: int) -> None:
        if self._current(run_id):
            self.model.apply((x,))

    @Slot(int, object)
    def _on_upcoming(self, run_id: int, x: int | None) -> None:
        if self._current(run_id):
            self.model.upcoming = x
            self.model.version += 1

    @Slot(object)
    def _on_frame(self, frame: Frame) -> None:
        worker = self._worker
        if worker is None or frame.run_id != self._run_id:
            return
        model = self.model
        if frame.path is not None:
            model.replace(frame.path, frame.moves, frame.backtracks, frame.flashes, frame.stack)
        elif frame.events is not None:
            model.apply(frame.events)
        for solution in frame.solutions:
            self.solution_found.emit(solution)
        # Receivers paint synchronously; only then may the worker take the GIL back.
        self.frame_applied.emit()
        worker.acknowledge()

    @Slot(int, object)
    def _on_solution(self, run_id: int, solution: tuple[int, ...]) -> None:
        if self._current(run_id):
            self.solution_found.emit(solution)

    @Slot(int)
    def _on_pause_reached(self, run_id: int) -> None:
        if self._current(run_id):
            self.pause_reached.emit()

    @Slot(int, object)
    def _on_run_finished(self, run_id: int, result: Result) -> None:
        if not self._current(run_id):
            return
        worker, thread = self._worker, self._thread
        self._worker = self._thread = None
        self._paused = False
        if thread is not None and worker is not None:
            self._join(thread, worker)
        self.run_finished.emit(result)

    @Slot(int, str)
    def _on_run_failed(self, run_id: int, text: str) -> None:
        if not self._current(run_id):
            return
        worker, thread = self._worker, self._thread
        self._worker = self._thread = None
        self._paused = False
        if thread is not None and worker is not None:
            self._join(thread, worker)
        last = text.strip().splitlines()[-1] if text.strip() else self.tr("unknown error")
        self.run_failed.emit(self.tr("The search failed: {0}").format(last))
