"""Knuth's random probes on a job's thread, reported as they accumulate.

The probes are pure Python; they run in batches, between which the estimate so far is sent
to the GUI thread, so the window never waits for them. A few hundred probes already give the
order of magnitude; the work stops after MAX_PROBES or MAX_SECONDS, or at once when asked.
One ``TreeEstimates`` per session keeps each tree's estimator, so coming back to a board and
start square goes on from the probes already made.
"""

from __future__ import annotations

from time import perf_counter

from PySide6.QtCore import QObject, Signal, Slot

from knightviz.engine.estimate import Probe, TreeEstimate, TreeEstimator
from knightviz.gui.solver.jobs import BackgroundWorker, Job

BATCH = 20
MAX_PROBES = 3000
MAX_SECONDS = 10.0
#: Pause between batches: the probes take at most about half of one core's interpreter time,
#: so the window and the solver's calls into the engine are never kept waiting long.
BREATHE = 0.002


class EstimateWorker(BackgroundWorker):
    """Runs batches of probes of one estimator until it has enough, or is stopped."""

    #: (job id, the estimate so far), after each batch.
    estimated = Signal(int, object)

    def __init__(self, estimator: TreeEstimator) -> None:
        super().__init__()
        self._estimator = estimator

    def work(self) -> None:
        t0 = perf_counter()
        while not self.stopped() and self._estimator.probes < MAX_PROBES:
            estimate = self._estimator.run(BATCH)
            self.estimated.emit(self.job_id, estimate)
            if perf_counter() - t0 > MAX_SECONDS:
                break
            self._stop.wait(BREATHE)


class TreeEstimates(QObject):
    """The whole-tree estimate of the run on a session's board: one job, one estimator per
    tree (a tree is named by its ``key``: puzzle, board and start)."""

    #: The estimate of the tree in hand improved.
    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.job = Job("estimate", self)
        self._estimators: dict[tuple[object, ...], TreeEstimator] = {}
        self._latest: dict[tuple[object, ...], TreeEstimate] = {}
        self._key: tuple[object, ...] | None = None

    def latest(self) -> TreeEstimate | None:
        """The estimate so far of the tree in hand (None before the first batch)."""
        return self._latest.get(self._key) if self._key is not None else None

    def start(self, key: tuple[object, ...], probe: Probe) -> None:
        """Estimate the tree ``key`` (goes on from earlier probes of the same tree)."""
        self.stop()
        self._key = key
        estimator = self._estimators.get(key)
        if estimator is None:
            estimator = self._estimators[key] = TreeEstimator(probe, seed=0)
        if estimator.probes >= MAX_PROBES:
            return
        worker = EstimateWorker(estimator)
        worker.estimated.connect(self._on_estimated)
        self.job.start(worker)

    def forget(self) -> None:
        """No tree in hand (the board was cleared): stop probing, keep what was learnt."""
        self.stop()
        self._key = None

    def stop(self) -> None:
        self.job.stop()

    @Slot(int, object)
    def _on_estimated(self, job_id: int, estimate: TreeEstimate) -> None:
        if self.job.current(job_id) and self._key is not None:
            self._latest[self._key] = estimate
            self.changed.emit()
