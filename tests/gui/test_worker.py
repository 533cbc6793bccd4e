"""The solver thread and the board model, without a window."""

from __future__ import annotations

import logging
import math
import sys
import threading

import pytest
from PySide6.QtCore import QObject, Signal, Slot

from knightviz.engine import Outcome, TrackedSearch, Tracker, make_queens_search, run, tour_search
from knightviz.gui.board.model import BoardModel
from knightviz.gui.solver import Frame, SolutionLog, SolverController, SolverWorker, SwitchInterval
from knightviz.gui.solver import controller as controller_module
from knightviz.gui.solver import jobs as jobs_module
from knightviz.gui.solver.jobs import Job


def test_model_applies_chunks_like_the_engine_tracker():
    search = tour_search(5, 5, 0, heuristic="none")
    model = BoardModel(5, 5, search.initial)
    tracker = Tracker(list(search.initial))
    deepest = 1
    while chunk := search.advance(777):
        model.apply(chunk)
        tracker.apply(chunk)
        assert model.path == tracker.path
        assert model.last_events == tuple(chunk[-2:])
        deepest = max(deepest, len(model.deepest_path()))
    assert (model.moves, model.backtracks) == (search.result.moves, search.result.backtracks)
    assert all(model.index[sq] == i for i, sq in enumerate(model.path))
    assert len(model.deepest_path()) == 25


def test_model_keeps_the_deepest_position_seen():
    model = BoardModel(5, 5, (0,))
    model.apply([7, 14, 5])
    model.apply([~5, ~14, ~7])
    assert model.path == [0]
    assert model.deepest_path() == [0, 7, 14, 5]
    model.apply([11])
    assert model.deepest_path() == [0, 7, 14, 5]
    model.reset((0,))
    assert model.deepest_path() == [0]


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

    @Slot(int, int)
    def on_event(self, run_id: int, x: int) -> None:
        self.count += 1


class Source(QObject):
    event = Signal(int, int)


def test_one_hundred_thousand_emits(qtbot):
    """The PySide6 6.12.0 trap: a leaked reference per emit crashed after ~570 signals."""
    source, sink = Source(), Sink()
    source.event.connect(sink.on_event)
    for i in range(100_000):
        source.event.emit(1, i)
    assert sink.count == 100_000
    # The worker's own signals, with object payloads too.
    worker = SolverWorker(tour_search(5, 5, 0), 1.0)
    worker.event_ready.connect(sink.on_event)
    payloads = []
    worker.upcoming_ready.connect(lambda run_id, x: payloads.append(x))
    for i in range(100_000):
        worker.event_ready.emit(1, i)
        worker.upcoming_ready.emit(1, None if i & 1 else i)
    assert sink.count == 200_000
    assert len(payloads) == 100_000 and payloads[-1] is None


def test_worker_paced_signals_cross_threads_many_times(qtbot):
    """A real worker thread emitting per-event signals: thousands of queued emits."""
    search = tour_search(5, 5, 0, heuristic="none")
    model = BoardModel(5, 5, search.initial)
    controller = SolverController(model)
    # Paused at a batched speed: each step request is one step, one signal (at paced speeds
    # stepping also walks through considered events: see the next test).
    controller.start(search, 200.0, paused=True)
    try:
        controller.step(3000)
        qtbot.waitUntil(lambda: model.steps == 3000, timeout=10_000)
        with qtbot.waitSignal(controller.run_finished, timeout=10_000):
            controller.set_speed(math.inf)
            controller.resume()
    finally:
        controller.shutdown()
    expected = run(tour_search(5, 5, 0, heuristic="none"))
    assert (model.moves, model.backtracks) == (expected.moves, expected.backtracks)
    assert controller.solver_thread is None


def test_regime_switches_lose_and_repeat_nothing(qtbot):
    """Paced → batched → unlimited → paused steps → paced → unlimited: one exact stream."""
    expected = run(tour_search(5, 5, 2, heuristic="none"))  # 730,816 steps
    # Pure Python: the compiled engine (loaded by an earlier window test in this process)
    # would finish these steps in a few milliseconds, before the pause could come.
    search = tour_search(5, 5, 2, heuristic="none", backend="python")
    model = BoardModel(5, 5, search.initial)
    controller = SolverController(model)

    def check() -> None:  # the model stays a consistent position at every frame
        assert model.path[0] == 2
        assert all(model.index[sq] == i for i, sq in enumerate(model.path))

    controller.frame_applied.connect(check)
    try:
        controller.start(search, 60.0)
        qtbot.waitUntil(lambda: model.steps >= 5, timeout=2000)
        controller.set_speed(5000.0)
        qtbot.waitUntil(lambda: model.steps >= 200, timeout=2000)
        controller.set_speed(math.inf)
        qtbot.wait(5)
        with qtbot.waitSignal(controller.pause_reached, timeout=2000):
            controller.pause()  # the worker's last frame comes before it says so
        before = model.steps
        controller.step(7)
        qtbot.waitUntil(lambda: model.steps == before + 7, timeout=2000)
        controller.set_speed(60.0)
        controller.resume()
        qtbot.waitUntil(lambda: model.steps >= before + 9, timeout=2000)
        with qtbot.waitSignal(controller.run_finished, timeout=20_000) as blocker:
            controller.set_speed(math.inf)
    finally:
        controller.shutdown()
    result = blocker.args[0]
    assert (result.moves, result.backtracks) == (expected.moves, expected.backtracks)
    assert (model.moves, model.backtracks) == (expected.moves, expected.backtracks)
    assert model.path == list(expected.solution)


def test_stepping_at_paced_speed_walks_through_considered_events(qtbot):
    from knightviz.engine.trace import is_considered

    reference = tour_search(6, 6, 0, heuristic="none")
    reference.trace = True
    expected = list(reference.advance(400))
    search = tour_search(6, 6, 0, heuristic="none")
    model = BoardModel(6, 6, search.initial)
    controller = SolverController(model)
    seen = []
    steps = [x for x in expected if not is_considered(x)]
    controller.start(search, 20.0, paused=True)
    # Called in the solver's thread as each event is emitted: ahead of the board, which
    # applies the same events when the GUI thread gets to them.
    controller.worker.event_ready.connect(lambda run_id, x: seen.append(x))
    try:
        controller.step(400)
        qtbot.waitUntil(lambda: len(seen) == 400, timeout=10_000)
        qtbot.waitUntil(lambda: model.steps == len(steps), timeout=10_000)
    finally:
        controller.shutdown()
    assert seen == expected
    assert any(is_considered(x) for x in seen)
    assert model.steps == len(steps)
    tracker = Tracker([0])
    tracker.apply(steps)
    assert model.path == tracker.path


class PathlessSearch:
    """A search that only makes events (like a future puzzle): TrackedSearch tracks it."""

    def __init__(self) -> None:
        self._inner = tour_search(5, 5, 0, heuristic="none")
        self.rows, self.cols, self.initial = 5, 5, self._inner.initial

    @property
    def result(self):
        return self._inner.result

    def advance(self, n: int):
        return self._inner.advance(n)


def test_worker_runs_any_search_on_the_event_model(qtbot):
    search = TrackedSearch(PathlessSearch())
    model = BoardModel(5, 5, search.initial)
    controller = SolverController(model)
    with qtbot.waitSignal(controller.run_finished, timeout=10_000) as blocker:
        controller.start(search, math.inf)
    result = blocker.args[0]
    assert (model.moves, model.backtracks) == (result.moves, result.backtracks)
    assert model.path == list(result.solution)


class Exploding(PathlessSearch):
    def advance(self, n: int):
        if self._inner.steps > 100:
            raise RuntimeError("boom in the engine")
        return self._inner.advance(min(n, 10))


def test_a_failing_search_reports_its_traceback_not_a_cancelled_result(qtbot, caplog):
    model = BoardModel(5, 5, (0,))
    controller = SolverController(model)
    finished = []
    controller.run_finished.connect(finished.append)
    with (
        caplog.at_level(logging.ERROR, logger="knightviz.solver"),
        qtbot.waitSignal(controller.run_failed, timeout=5000) as blocker,
    ):
        controller.start(TrackedSearch(Exploding()), math.inf)
    assert "boom in the engine" in blocker.args[0]
    assert not finished
    assert not controller.running and controller.solver_thread is None
    assert any("Traceback" in r.getMessage() and "boom" in r.getMessage() for r in caplog.records)


def test_stale_frames_of_an_earlier_run_are_dropped(qtbot):
    model = BoardModel(5, 5, (0,))
    controller = SolverController(model)
    controller.start(tour_search(5, 5, 0, heuristic="none"), 1.0, paused=True)
    try:
        stale = Frame(controller.run_id - 1, [7, 14], None, 2, 0)
        controller._on_frame(stale)
        controller._on_event(controller.run_id - 1, 7)
        assert model.path == [0] and model.steps == 0
        controller._on_event(controller.run_id, 7)
        assert model.path == [0, 7]
    finally:
        controller.shutdown()


def test_switch_interval_changed_only_while_runs_exist(qtbot):
    before = sys.getswitchinterval()
    a, b = BoardModel(5, 5, (0,)), BoardModel(5, 5, (0,))
    ca, cb = SolverController(a), SolverController(b)
    ca.start(tour_search(5, 5, 0, heuristic="none"), 1.0, paused=True)
    cb.start(tour_search(5, 5, 0, heuristic="none"), 1.0, paused=True)
    # (CPython keeps it in whole microseconds)
    assert sys.getswitchinterval() == pytest.approx(min(before, controller_module.SWITCH_INTERVAL))
    assert SwitchInterval.users() == 2
    ca.shutdown()
    assert sys.getswitchinterval() < before or before <= controller_module.SWITCH_INTERVAL
    cb.shutdown()
    assert SwitchInterval.users() == 0
    assert sys.getswitchinterval() == before


class Stubborn(PathlessSearch):
    """Ignores stop: one engine call that lasts until the test releases it."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = threading.Event()
        self.release = threading.Event()

    def advance(self, n: int):
        self.inside.set()
        self.release.wait(30)
        return self._inner.advance(1)


def test_join_is_bounded_and_says_so(qtbot, monkeypatch, caplog):
    monkeypatch.setattr(jobs_module, "JOIN_MS", 100)
    model = BoardModel(5, 5, (0,))
    controller = SolverController(model)
    stubborn = Stubborn()
    controller.start(TrackedSearch(stubborn), math.inf)
    qtbot.waitUntil(stubborn.inside.is_set, timeout=5000)  # inside the engine call
    messages = []
    controller.run_failed.connect(messages.append)
    with caplog.at_level(logging.ERROR, logger="knightviz.jobs"):
        controller.shutdown()  # returns after the 0.1 s join, with the call still going on
    stubborn.release.set()
    assert messages and "did not stop" in messages[0]
    assert not controller.running
    stuck_thread, _ = Job._stuck[-1]
    assert stuck_thread.wait(3000)  # it does end once the engine call returns
    Job._stuck.clear()


@pytest.mark.parametrize(("n", "speed"), [(4, 60.0), (6, 3000.0), (8, math.inf)])
def test_queens_solutions_reported_once_each_in_order(qtbot, n, speed):
    log = SolutionLog()
    search = make_queens_search(n, on_solution=log.add)
    model = BoardModel(n, n, ())
    controller = SolverController(model)
    found = []
    controller.solution_found.connect(found.append)
    with qtbot.waitSignal(controller.run_finished, timeout=30_000) as blocker:
        controller.start(search, speed, solution_depth=n, solutions=log)
    reference = make_queens_search(n)
    run(reference)
    assert found == reference.solutions
    assert blocker.args[0].count == len(reference.solutions)
    assert blocker.args[0].outcome is Outcome.SOLVED


def test_solution_log_keeps_a_bounded_prefix():
    log = SolutionLog(keep=3)
    for i in range(10):
        log.add((i,))
    assert log.count == 10
    assert log.found == [(0,), (1,), (2,)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a thread's nice value")
def test_the_solver_runs_nicer_than_the_window(qtbot):
    """The solver (any background job) yields the CPU to the window's thread when both
    want a core."""
    import os

    def nice() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    seen: list[int] = []

    class Probe(Stubborn):
        def advance(self, n: int):
            seen.append(nice())
            return super().advance(n)

    window_nice = nice()
    controller = SolverController(BoardModel(5, 5, (0,)))
    probe = Probe()
    probe.release.set()
    controller.start(TrackedSearch(probe), math.inf)
    try:
        qtbot.waitUntil(probe.inside.is_set, timeout=5000)
    finally:
        controller.shutdown()
    assert seen and seen[0] == min(19, window_nice + jobs_module.BACKGROUND_NICE)
    assert nice() == window_nice  # the window's own thread is untouched
