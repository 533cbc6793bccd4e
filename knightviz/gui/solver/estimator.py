"""Knuth's random probes in a background thread, reported as they accumulate.

The probes are pure Python; they run in batches in a daemon thread, between which the
estimate so far is sent to the GUI thread, so the window never waits for them. A few hundred
probes already give the order of magnitude; the thread stops after MAX_PROBES or
MAX_SECONDS, or at once when asked.
"""

from __future__ import annotations

import threading
from time import perf_counter

from PySide6.QtCore import QObject, Signal

from knightviz.engine.estimate import Probe, TreeEstimate, TreeEstimator

BATCH = 20
MAX_PROBES = 3000
MAX_SECONDS = 10.0
#: Pause between batches: the probes take at most about half of one core's interpreter time,
#: so the window and the solver's calls into the engine are never kept waiting long.
BREATHE = 0.002


class TreeEstimateJob(QObject):
    """One estimate: start, receive ``estimated`` signals, stop (bounded join)."""

    #: The estimate so far (TreeEstimate), sent after each batch of probes.
    estimated = Signal(object)

    def __init__(self, probe: Probe, seed: int = 0, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._estimator = TreeEstimator(probe, seed)
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._run, name="knightviz-tree-estimate", daemon=True
        )
        self.latest: TreeEstimate | None = None
        self.estimated.connect(self._keep)

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 1.0) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def running(self) -> bool:
        return self._thread.is_alive()

    def _keep(self, estimate: TreeEstimate) -> None:
        self.latest = estimate

    def _run(self) -> None:
        t0 = perf_counter()
        while not self._stop.is_set():
            estimate = self._estimator.run(BATCH)
            self.estimated.emit(estimate)
            if estimate.probes >= MAX_PROBES or perf_counter() - t0 > MAX_SECONDS:
                break
            self._stop.wait(BREATHE)
