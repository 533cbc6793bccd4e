"""One owner of background work: the solver, the start-square map and the tree estimate.

A ``Job`` runs one ``BackgroundWorker`` at a time on a plain QThread (the worker is moved onto
it): ``start`` gives the worker a fresh job id (signals carry it, so results of an earlier job
are recognised and dropped), ``stop`` sets the worker's stop flag, and every join is bounded:
stop → quit → wait, and a thread that does not end in time is kept referenced (destroying a
running QThread aborts the process) and reported, never waited on forever.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from typing import ClassVar

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

log = logging.getLogger("knightviz.jobs")

#: How long a join may take before it is reported as failed (ms).
JOIN_MS = 3000
#: How much nicer than the window's thread background work runs (Linux: a thread's own
#: nice value, 0 to 19).
BACKGROUND_NICE = 10


def lower_this_thread() -> None:
    """Background work yields the CPU to the window's thread when the two want the same core.

    At unlimited speed the solver takes a whole core; whenever anything else on the machine
    took the other one, the window's thread waited behind the solver for a scheduler tick or
    more, and its timers fired late (p99 13 to 19 ms on the compiled engine with every dock
    open, 10 to 12 ms with the solver at nice 10, on this 2-core machine). On Linux a
    thread has a nice value of its own; elsewhere Qt's low priority does the same.
    """
    if sys.platform.startswith("linux"):
        tid = threading.get_native_id()
        try:
            now = os.getpriority(os.PRIO_PROCESS, tid)
            os.setpriority(os.PRIO_PROCESS, tid, min(19, now + BACKGROUND_NICE))
        except OSError:  # a sandbox may forbid it: the work runs all the same
            log.debug("could not lower the priority of thread %d", tid)
        return
    thread = QThread.currentThread()
    if thread is not None:
        thread.setPriority(QThread.Priority.LowPriority)


class BackgroundWorker(QObject):
    """Work for a job's thread: ``work`` checks ``stopped()`` between slices of work."""

    #: (job id): ``work`` has returned (its job then joins the thread at once).
    work_done = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        #: Set by the job when it starts this worker; every signal should carry it.
        self.job_id = 0
        self._stop = threading.Event()
        #: Set once ``run`` has returned (after the worker's last signal).
        self.done = threading.Event()

    def stop(self) -> None:
        """Any thread: ask the work to end at its next look at the flag."""
        self._stop.set()

    def stopped(self) -> bool:
        return self._stop.is_set()

    @Slot()
    def run(self) -> None:
        lower_this_thread()
        try:
            self.work()
        finally:
            self.done.set()
            self.work_done.emit(self.job_id)

    def work(self) -> None:
        raise NotImplementedError


class Job(QObject):
    """Starts, stops and joins one kind of background work (one worker at a time)."""

    #: A thread did not stop in time (a sentence for the status bar).
    stuck = Signal(str)

    #: Threads that did not stop in time: kept alive so Qt never destroys them running.
    _stuck: ClassVar[list[tuple[QThread, BackgroundWorker]]] = []

    def __init__(self, name: str, parent: QObject | None = None, auto_join: bool = True) -> None:
        """``auto_join``: join the thread as soon as the work returns (off where the owner
        handles the worker's last signal itself and joins then)."""
        super().__init__(parent)
        self._name = name
        self._auto_join = auto_join
        self._thread: QThread | None = None
        self._worker: BackgroundWorker | None = None
        self._id = 0

    @property
    def job_id(self) -> int:
        """The id of the current (or last) job."""
        return self._id

    @property
    def worker(self) -> BackgroundWorker | None:
        return self._worker

    @property
    def qthread(self) -> QThread | None:
        """The current job's thread (not ``QObject.thread()``, which this must not shadow)."""
        return self._thread

    def active(self) -> bool:
        """A worker has been started and not yet released (it may have finished its work)."""
        return self._worker is not None

    def running(self) -> bool:
        """The current worker is still working."""
        return self._worker is not None and not self._worker.done.is_set()

    def current(self, job_id: int) -> bool:
        """``job_id`` is the job in hand (a signal from an earlier one is stale)."""
        return self._worker is not None and job_id == self._id

    def start(self, worker: BackgroundWorker) -> int:
        """End any job in hand (bounded join), then run ``worker`` on a new thread."""
        self.stop()
        self._id += 1
        worker.job_id = self._id
        thread = QThread()
        thread.setObjectName(f"knightviz-{self._name}-{self._id}")
        worker.moveToThread(thread)
        worker.work_done.connect(self._on_work_done)
        thread.started.connect(worker.run)
        thread.finished.connect(worker.deleteLater)
        self._worker, self._thread = worker, thread
        thread.start()
        return self._id

    @Slot(int)
    def _on_work_done(self, job_id: int) -> None:
        """The work ended on its own: no thread is left idling."""
        if self._auto_join and self.current(job_id):
            held = self.release()
            if held is not None:
                self.join(*held)

    def release(self) -> tuple[QThread, BackgroundWorker] | None:
        """Forget the job in hand without stopping it (its owner joins it)."""
        worker, thread = self._worker, self._thread
        self._worker = self._thread = None
        if worker is None or thread is None:
            return None
        return thread, worker

    def stop(self) -> bool:
        """Stop the job in hand and join its thread (bounded); True if it ended in time."""
        held = self.release()
        if held is None:
            return True
        thread, worker = held
        worker.stop()
        return self.join(thread, worker)

    def join(self, thread: QThread, worker: BackgroundWorker) -> bool:
        """quit → wait (bounded). A thread that does not end is kept and reported."""
        thread.quit()
        if thread.wait(JOIN_MS):
            return True
        Job._stuck.append((thread, worker))
        message = QCoreApplication.translate(
            "Job", "A background thread did not stop within {0} s."
        ).format(JOIN_MS // 1000)
        log.error("%s (thread %s)", message, thread.objectName())
        self.stuck.emit(message)
        return False
