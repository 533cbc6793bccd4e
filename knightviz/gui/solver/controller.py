"""The solver controller: steers one run's worker on its job's thread and joins it.

It receives the worker's signals in GUI-thread slots, drops any that belong to an earlier run
(every signal carries its run id), applies the rest to the board model and re-emits plain
GUI-side signals. The thread is owned by a ``Job`` (start, stop flag, job id, bounded join),
as are the start-square map's and the tree estimate's.
"""

from __future__ import annotations

import sys
from typing import ClassVar

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer, Signal, Slot

from knightviz.engine import Result, Search
from knightviz.engine.recording import Recording
from knightviz.gui.board.model import BoardModel
from knightviz.gui.solver.feed import SolutionLog
from knightviz.gui.solver.frames import Frame
from knightviz.gui.solver.jobs import JOIN_MS, Job
from knightviz.gui.solver.worker import SolverWorker

#: Seconds between forced GIL hand-overs while a run exists (see ``SwitchInterval``).
SWITCH_INTERVAL = 0.0002


class SwitchInterval:
    """Shortens the interpreter's GIL switch interval while any run exists, then restores it.

    The solver holds the GIL in pure-Python stretches; a GUI thread waiting for it waits up to
    one switch interval each time it takes the GIL back, which a paint does many times. 1 ms
    (default 5) halved the event loop's p99 lateness during an unlimited run; 0.2 ms took
    another 2 to 4 ms off it on the compiled engine with every dock open (the solver's speed
    unchanged within noise). The setting is process-wide by nature, so the runs that need it
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

    #: A frame's model is applied: whoever paces the frames (``pace_frames``) shows it and
    #: calls ``frame_done``; the worker sends the next frame only then.
    frame_applied = Signal()
    paused_changed = Signal(bool)
    run_started = Signal()
    run_finished = Signal(object)
    #: The run failed: a one-line summary for the status bar (details are logged).
    run_failed = Signal(str)
    pause_reached = Signal()
    #: A solution completed (its squares), in the order found.
    solution_found = Signal(object)
    #: The run's search moved to another engine mid-run ("numba").
    backend_changed = Signal(str)

    def __init__(self, model: BoardModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        #: The board model the run's events are applied to.
        self.model = model
        self.job = Job("solver", self, auto_join=False)
        self.job.stuck.connect(self.run_failed)
        self._paused = False
        #: Someone calls ``frame_done`` after each frame (else the controller does, a turn
        #: of the event loop later).
        self._paced = False

    # -- state ----------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """A run exists (possibly paused)."""
        return self.job.active()

    @property
    def paused(self) -> bool:
        return self.job.active() and self._paused

    @property
    def worker(self) -> SolverWorker | None:
        worker = self.job.worker
        return worker if isinstance(worker, SolverWorker) else None

    @property
    def solver_thread(self) -> QThread | None:
        """The running run's thread."""
        return self.job.qthread

    @property
    def run_id(self) -> int:
        """The id of the current (or last) run; frames of other runs are dropped."""
        return self.job.job_id

    def frame_current(self, run_id: int) -> bool:
        """A frame of run ``run_id`` still matters: that run is the one going."""
        return self.worker is not None and self._current(run_id)

    # -- frames ---------------------------------------------------------------------------

    def pace_frames(self) -> None:
        """From now on the frames' pace is set by the caller (the refresh scheduler): it
        calls ``frame_done`` once a frame is shown."""
        self._paced = True

    def frame_done(self, run_id: int) -> None:
        """The frame of run ``run_id`` is shown: the worker may send the next one."""
        worker = self.worker
        if worker is not None and self._current(run_id):
            worker.acknowledge()

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
        self._paused = paused
        worker = SolverWorker(search, speed, paused, solution_depth, solutions, recording, skip)
        worker.event_ready.connect(self._on_event)
        worker.upcoming_ready.connect(self._on_upcoming)
        worker.frame_ready.connect(self._on_frame)
        worker.solution_found.connect(self._on_solution)
        worker.pause_reached.connect(self._on_pause_reached)
        worker.run_finished.connect(self._on_run_finished)
        worker.run_failed.connect(self._on_run_failed)
        worker.backend_changed.connect(self._on_backend_changed)
        SwitchInterval.acquire()
        self.job.start(worker)
        self.run_started.emit()
        if paused:
            self.paused_changed.emit(True)

    def pause(self) -> None:
        worker = self.worker
        if worker is not None and not self._paused:
            self._paused = True
            worker.pause()
            self.paused_changed.emit(True)

    def resume(self) -> None:
        worker = self.worker
        if worker is not None and self._paused:
            self._paused = False
            worker.resume()
            self.paused_changed.emit(False)

    def step(self, count: int = 1) -> None:
        worker = self.worker
        if worker is not None and self._paused:
            worker.step(count)

    def set_speed(self, speed: float) -> None:
        worker = self.worker
        if worker is not None:
            worker.set_speed(speed)

    def shutdown(self) -> None:
        """End the run without a result: stop → quit → bounded wait. Safe at any time."""
        self._paused = False
        if self.job.active():
            self.job.stop()
            SwitchInterval.release()

    def stop(self) -> None:
        """Stop the run and report it as stopped (it still gets its history row)."""
        worker = self.worker
        if worker is None:
            return
        worker.stop()
        if not worker.done.wait(JOIN_MS / 1000):
            self.shutdown()
            return
        # The worker's final signals are queued behind us; deliver them now, in order
        # (the last one, run_finished, joins the thread).
        QCoreApplication.sendPostedEvents(self, 0)
        if self.job.worker is worker:  # not delivered (should not happen): end it anyway
            self.shutdown()

    def _end(self) -> None:
        """The run has ended on its own: join its thread."""
        self._paused = False
        held = self.job.release()
        if held is not None:
            self.job.join(*held)
            SwitchInterval.release()

    # -- slots for the worker's signals (GUI thread) --------------------------------------------

    def _current(self, run_id: int) -> bool:
        return self.job.current(run_id)

    @Slot(int, int)
    def _on_event(self, run_id: int, x: int) -> None:
        if self._current(run_id):
            self.model.apply((x,))

    @Slot(int, object)
    def _on_upcoming(self, run_id: int, x: int | None) -> None:
        if self._current(run_id):
            self.model.set_upcoming(x)

    @Slot(object)
    def _on_frame(self, frame: Frame) -> None:
        worker = self.worker
        if worker is None or not self._current(frame.run_id):
            return
        model = self.model
        if frame.path is not None:
            model.replace(frame.path, frame.moves, frame.backtracks, frame.flashes, frame.stack)
        elif frame.events is not None:
            model.apply(frame.events)
        for solution in frame.solutions:
            self.solution_found.emit(solution)
        self.frame_applied.emit()
        if not self._paced:
            run_id = frame.run_id
            QTimer.singleShot(0, self, lambda: self.frame_done(run_id))

    @Slot(int, object)
    def _on_solution(self, run_id: int, solution: tuple[int, ...]) -> None:
        if self._current(run_id):
            self.solution_found.emit(solution)

    @Slot(int, str)
    def _on_backend_changed(self, run_id: int, backend: str) -> None:
        if self._current(run_id):
            self.backend_changed.emit(backend)

    @Slot(int)
    def _on_pause_reached(self, run_id: int) -> None:
        if self._current(run_id):
            self.pause_reached.emit()

    @Slot(int, object)
    def _on_run_finished(self, run_id: int, result: Result) -> None:
        if not self._current(run_id):
            return
        self._end()
        self.run_finished.emit(result)

    @Slot(int, str)
    def _on_run_failed(self, run_id: int, text: str) -> None:
        if not self._current(run_id):
            return
        self._end()
        last = text.strip().splitlines()[-1] if text.strip() else self.tr("unknown error")
        self.run_failed.emit(self.tr("The search failed: {0}").format(last))
