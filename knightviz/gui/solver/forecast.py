"""The forecast of the run on the board, made in the background before Start.

A ``ForecastWorker`` runs the search itself quietly for a moment (``engine.forecast.trial``),
then, when that did not end it, Knuth's probes of the whole tree, and reports; then, for a
puzzle with a start square, it tries the same strategy from every square under a small step
cap (the start-square map's ``run_start``), to name the squares from which it ends quickly,
and reports again. 8×8 plain backtracking takes its figures from the published table.

``Forecaster`` keeps what it learnt per setup (coming back to a square is instant) and per
board and strategy (the quick squares), and runs one worker at a time; the view stops it
when a run starts, so it never competes with the run for the processor.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from time import perf_counter
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from knightviz.engine.estimate import Probe, TreeEstimator
from knightviz.engine.events import Search
from knightviz.engine.forecast import KNOWN_BEYOND, Forecast, trial
from knightviz.gui.solver.jobs import BackgroundWorker, Job

#: How long the search itself is tried (s).
TRIAL_SECONDS = 0.25
#: How long Knuth's probes may take, and how many are enough for an order of magnitude.
ESTIMATE_SECONDS = 0.25
ESTIMATE_PROBES = 400
#: The whole look at every start square takes about this long (s): its step cap follows.
SWEEP_SECONDS = 2.0
#: The least and greatest step cap per square.
SWEEP_CAP = (5_000, 50_000_000)
#: A request waits this long for the settings to settle (ms): dragging through sizes or
#: squares starts no work for each one.
SETTLE_MS = 250


@dataclass(frozen=True, slots=True)
class ForecastRequest:
    """What to forecast: a key naming the setup, and how to make each part."""

    key: tuple[Any, ...]
    make_search: Callable[[], Search]
    probe: Probe | None
    known: tuple[bool, float | None]
    #: Squares of the board (0: no start square to choose).
    squares: int
    #: From a square under a cap: its steps when the search ended (solved) within it.
    try_square: Callable[[int, int, Callable[[], bool]], int | None] | None
    #: The quick squares when known without trying (8×8 plain): square → steps.
    known_quick: Mapping[int, float] | None
    #: Key of the quick squares (board and strategy): shared by every start.
    sweep_key: tuple[Any, ...] | None


class ForecastWorker(BackgroundWorker):
    """Trial, estimate, quick squares, reporting after each part."""

    #: (job id, Forecast).
    forecast = Signal(int, object)

    def __init__(self, request: ForecastRequest, quick: Mapping[int, float] | None) -> None:
        super().__init__()
        self._request = request
        self._quick = quick

    def work(self) -> None:
        req = self._request
        t = trial(req.make_search(), TRIAL_SECONDS, self.stopped)
        if self.stopped():
            return
        tree = None
        if not t.finished and req.probe is not None:
            estimator = TreeEstimator(req.probe, seed=0)
            t0 = perf_counter()
            while estimator.probes < ESTIMATE_PROBES and not self.stopped():
                estimator.run(20)
                if perf_counter() - t0 > ESTIMATE_SECONDS:
                    break
            if self.stopped():
                return
            tree = estimator.estimate().log10_steps
        forecast = Forecast(t, known=req.known, tree_log10=tree)
        quick = self._quick if self._quick is not None else req.known_quick
        if quick is not None:
            cap = KNOWN_BEYOND if req.known_quick is not None else self._cap(t.rate, req)
            forecast = replace(forecast, quick=quick, quick_cap=cap)
        self.forecast.emit(self.job_id, forecast)
        if quick is not None or req.try_square is None or not req.squares:
            return
        if forecast.steps is not None and forecast.steps <= 10 * req.squares:
            return  # it ends at once from here: no need to look elsewhere
        cap = self._cap(t.rate, req)
        found: dict[int, float] = {}
        for square in range(req.squares):
            steps = req.try_square(square, int(cap), self.stopped)
            if self.stopped():
                return
            if steps is not None:
                found[square] = float(steps)
        self.forecast.emit(self.job_id, replace(forecast, quick=found, quick_cap=cap))

    @staticmethod
    def _cap(rate: float, req: ForecastRequest) -> float:
        """Steps per square: the whole look about ``SWEEP_SECONDS`` at the measured rate."""
        per_second = rate if rate > 0 else 1e6
        cap = per_second * SWEEP_SECONDS / max(req.squares, 1)
        return float(min(max(cap, SWEEP_CAP[0]), SWEEP_CAP[1]))


class Forecaster(QObject):
    """One setup's forecast at a time; what was learnt is kept."""

    #: The forecast of the setup in hand changed.
    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.job = Job("forecast", self)
        self._done: dict[tuple[Any, ...], Forecast] = {}
        self._quick: dict[tuple[Any, ...], tuple[Mapping[int, float], float]] = {}
        self._key: tuple[Any, ...] | None = None
        self._request: ForecastRequest | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self._start)

    def latest(self) -> Forecast | None:
        """The forecast of the setup in hand so far (None before the trial's report)."""
        if self._key is None:
            return None
        return self._done.get(self._key)

    @property
    def key(self) -> tuple[Any, ...] | None:
        return self._key

    def wants(self, key: tuple[Any, ...]) -> bool:
        """A request for ``key`` would start work (it is not the setup in hand, or that one
        is neither known nor under way)."""
        busy = self._timer.isActive() or self.job.running()
        return key != self._key or (key not in self._done and not busy)

    def request(self, request: ForecastRequest) -> None:
        """Forecast this setup (at once if known, else after the settings settle)."""
        key = request.key
        if not self.wants(key):
            return
        self.job.stop()
        self._key = key
        self._request = request
        self.changed.emit()
        if key in self._done and self._complete(self._done[key]):
            return
        self._timer.start()

    def stop(self) -> None:
        """No work now (a run started, or the window closes); what was learnt is kept."""
        self._timer.stop()
        self.job.stop()

    def _complete(self, forecast: Forecast) -> bool:
        req = self._request
        if req is None or req.try_square is None or not req.squares:
            return True
        return forecast.quick_cap > 0 or (
            forecast.steps is not None and forecast.steps <= 10 * req.squares
        )

    @Slot()
    def _start(self) -> None:
        req = self._request
        if req is None:
            return
        quick = None
        if req.sweep_key is not None and req.sweep_key in self._quick:
            quick = self._quick[req.sweep_key][0]
        worker = ForecastWorker(req, quick)
        worker.forecast.connect(self._on_forecast)
        self.job.start(worker)

    @Slot(int, object)
    def _on_forecast(self, job_id: int, forecast: Forecast) -> None:
        if not self.job.current(job_id) or self._key is None or self._request is None:
            return
        self._done[self._key] = forecast
        sweep_key = self._request.sweep_key
        if forecast.quick_cap > 0 and sweep_key is not None:
            self._quick[sweep_key] = (forecast.quick, forecast.quick_cap)
        self.changed.emit()


def seconds_log10(steps: float, rate: float) -> float:
    """log10 of the seconds ``steps`` take at ``rate`` steps per second (inf: never)."""
    if rate <= 0 or not math.isfinite(rate):
        return math.inf
    return math.log10(max(steps, 1.0)) - math.log10(rate)
