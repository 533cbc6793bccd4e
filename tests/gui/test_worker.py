"""The solver worker and the board model, without a window."""

from __future__ import annotations

import math

from PySide6.QtCore import QObject, Signal, Slot

from knightviz.engine import Tracker, run, tour_search
from knightviz.gui.model import BoardModel
from knightviz.gui.worker import SolverController, SolverWorker


def test_model_applies_chunks_like_the_engine_tracker():
    search = tour_search(5, 5, 0, heuristic="none")
    model = BoardModel(5, 5, search.initial)
    tracker = Tracker(list(search.initial))
    while chunk := search.advance(777):
        model.apply(chunk)
        tracker.apply(chunk)
        assert model.path == tracker.path
    assert (model.moves, model.backtracks) == (search.result.moves, search.result.backtracks)
    assert all(model.index[sq] == i for i, sq in enumerate(model.path))


def test_model_replace_keeps_index_consistent():
    model = BoardModel(5, 5, (0,))
    model.apply([7, 14, 5])
    model.replace([0, 7, 4, 13], 10, 7, flashes=[14])
    assert model.path == [0, 7, 4, 13]
    assert model.index[14] == -1 and model.index[5] == -1 and model.index[13] == 3
    assert model.steps == 17
    assert [sq for sq, _ in model.live_flashes()] == [14]


class Sink(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    @Slot(int, int, int)
    def on_moved(self, row: int, col: int, depth: int) -> None:
        self.count += 1


class Source(QObject):
    moved = Signal(int, int, int)


def test_one_hundred_thousand_emits(qtbot):
    """The PySide6 6.12.0 trap: a leaked reference per emit crashed after ~570 signals."""
    source, sink = Source(), Sink()
    source.moved.connect(sink.on_moved)
    for i in range(100_000):
        source.moved.emit(i & 7, 3, i)
    assert sink.count == 100_000
    # The worker's own signals, with object payloads too.
    worker = SolverWorker(tour_search(5, 5, 0), 1.0)
    worker.moved.connect(sink.on_moved)
    payloads = []
    worker.upcoming.connect(payloads.append)
    for i in range(100_000):
        worker.moved.emit(i & 7, 3, i)
        worker.upcoming.emit(None if i & 1 else i)
    assert sink.count == 200_000
    assert len(payloads) == 100_000 and payloads[-1] is None


def test_worker_paced_signals_cross_threads_many_times(qtbot):
    """A real worker thread emitting per-event signals: thousands of queued emits."""
    search = tour_search(5, 5, 0, heuristic="none")
    model = BoardModel(5, 5, search.initial)
    controller = SolverController(model)
    controller.start(search, 60.0, paused=True)
    worker = controller.worker
    try:
        for _ in range(3000):
            worker.step()
        qtbot.waitUntil(lambda: model.steps == 3000, timeout=10_000)
        with qtbot.waitSignal(controller.run_finished, timeout=10_000):
            controller.set_speed(math.inf)
            controller.resume()
    finally:
        controller.shutdown()
    expected = run(tour_search(5, 5, 0, heuristic="none"))
    assert (model.moves, model.backtracks) == (expected.moves, expected.backtracks)
    assert controller.solver_thread is None


class PathlessSearch:
    """A search without a ``path`` attribute (like a future puzzle): the worker tracks it."""

    def __init__(self) -> None:
        self._inner = tour_search(5, 5, 0, heuristic="none")
        self.rows, self.cols, self.initial = 5, 5, self._inner.initial

    @property
    def result(self):
        return self._inner.result

    def advance(self, n: int) -> list[int]:
        return self._inner.advance(n)


def test_worker_runs_any_search_on_the_event_model(qtbot):
    search = PathlessSearch()
    model = BoardModel(5, 5, search.initial)
    controller = SolverController(model)
    with qtbot.waitSignal(controller.run_finished, timeout=10_000) as blocker:
        controller.start(search, math.inf)
    result = blocker.args[0]
    assert (model.moves, model.backtracks) == (result.moves, result.backtracks)
    assert model.path == list(result.solution)
