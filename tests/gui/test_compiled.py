"""The window on the compiled engine: the unlimited regime runs without events (quiet)."""

from __future__ import annotations

import math
import os

import pytest

from knightviz.engine import Result, backends, kernels, make_queens_search, tour_search

from .conftest import child, configure, digits, place, set_speed, start_and_finish


@pytest.fixture(autouse=True)
def compiled(monkeypatch):
    if not kernels.available():
        if os.environ.get("CI"):
            pytest.fail("numba is not installed but CI is set")
        pytest.skip("the compiled engine (numba) is not installed")
    kernels.load()
    monkeypatch.setenv(kernels.ENV, kernels.AUTO)


def test_plain_8x8_at_unlimited_on_the_compiled_engine(window, qtbot):
    configure(window, warnsdorff=False)
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot, timeout=60_000)
    assert window.session.backend == "numba"
    assert (result.moves, result.backtracks) == (8_250_732, 8_250_669)
    assert digits(child(window, "stepsLabel").text()) == 16_501_401
    assert window.model.path == list(result.solution)
    assert "compiled" in child(window, "engineLabel").text()


def test_pause_step_resume_on_the_compiled_engine(window, qtbot):
    configure(window, warnsdorff=False)
    set_speed(window, math.inf)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps > 100_000, timeout=5000)
    with qtbot.waitSignal(window.controller.pause_reached, timeout=1000):
        window.start_or_pause()
    steps = window.model.steps
    reference = tour_search(8, 8, 0, heuristic="none", backend="python")
    reference.advance_quiet(steps)
    assert window.model.path == list(reference.path)  # the snapshot is the true position
    for k in range(1, 4):
        window.step()
        qtbot.waitUntil(lambda k=k: window.model.steps == steps + k, timeout=1000)
        chunk = reference.advance(1)
        assert window.model.path == list(reference.path), chunk
    window.reset()


def test_queens_all_solutions_on_the_compiled_engine(window, qtbot):
    configure(window, "queens", n=10)
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    assert window.session.backend == "numba"
    reference = make_queens_search(10, backend="python")
    reference.run()
    assert (result.count, result.moves) == (724, reference.result.moves)
    assert window.session.found == reference.solutions


def test_a_run_begun_on_python_moves_to_the_compiled_engine_mid_run(window, qtbot, monkeypatch):
    """The first launch: the kernels still compile when the run starts, so plain 6×6 from
    c2 (2,370,789 steps) begins on the Python engine; they become ready mid-run and the
    search moves to them at once, with the status bar saying so. It ends exactly as a run
    done wholly on the compiled engine: the same result and the same recording, step for
    step."""
    monkeypatch.setattr(backends, "_ready", False)  # compiling, as far as the app can tell
    configure(window, rows=6, cols=6, warnsdorff=False)
    place(window, 4, 2)  # c2
    set_speed(window, math.inf)
    window.start_or_pause()
    assert window.session.backend == "python"
    qtbot.waitUntil(lambda: window.model.steps > 20_000, timeout=10_000)
    with qtbot.waitSignal(window.controller.pause_reached, timeout=2000):
        window.start_or_pause()
    on_python = window.model.steps
    label = child(window, "engineLabel")
    monkeypatch.setattr(backends, "_ready", True)  # the loader has finished
    window.engine.refresh()
    assert label.text() == "Engine: Python for this run, compiled for the next"
    seen: list[tuple[str, bool]] = []

    def moved(backend: str) -> None:  # after the session and the window have heard of it
        seen.append((label.text(), window.session.running))

    window.controller.backend_changed.connect(moved)
    finished: list[Result] = []
    window.controller.run_finished.connect(finished.append)
    with qtbot.waitSignals(
        [window.controller.backend_changed, window.controller.run_finished],
        order="strict",
        timeout=30_000,
    ):
        window.start_or_pause()
    assert seen == [("Engine: compiled", True)]
    assert window.session.backend == "numba"
    (result,) = finished

    reference = tour_search(6, 6, 26, heuristic="none", backend="numba")
    expected = []
    while chunk := reference.advance(1 << 18):
        expected.extend(chunk)
    assert 0 < on_python < len(expected) == 2_370_789
    assert (result.outcome, result.moves, result.backtracks, result.solution) == (
        reference.result.outcome,
        reference.result.moves,
        reference.result.backtracks,
        reference.result.solution,
    )
    recording = window.session.recording
    assert recording is not None and len(recording) == len(expected)
    assert recording.events(0, len(recording)).tolist() == expected
    assert window.model.path == list(reference.result.solution)


def test_the_engine_label_says_once_when_the_kernels_are_ready(window, qtbot, monkeypatch):
    """``loaded`` (the app freezes its start-up heap then: numba's import is most of it)
    comes once, when the loader has finished, not while the kernels are still compiling."""
    from knightviz.gui.panels.engine import EngineStatus

    monkeypatch.setattr(backends, "_ready", False)
    heard: list[int] = []
    status = EngineStatus(lambda: None)
    status.loaded.connect(lambda: heard.append(1))
    status.refresh()
    assert heard == []
    monkeypatch.setattr(backends, "_ready", True)
    with qtbot.waitSignal(status.loaded, timeout=1000):
        status.refresh()
    status.refresh()
    assert heard == [1]
    status.deleteLater()


def test_freezing_the_heap_leaves_a_full_collection_little_to_walk(monkeypatch):
    import gc

    from knightviz.gui.app import freeze_heap

    calls: list[str] = []
    monkeypatch.setattr(gc, "collect", lambda *a: calls.append("collect") or 0)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    freeze_heap()
    assert calls == ["collect", "freeze"]


def test_the_forecast_is_made_again_for_the_compiled_engine(window, qtbot, monkeypatch):
    """Plain 8×8 from a8 read "6 seconds at full speed" with the compiled engine ready (the
    run then took 171 ms): the forecast had measured the Python engine while the kernels
    loaded, and was never made again. Meanwhile it says whose speed it measured; once the
    engine is ready it is made again on it, and its figures are the compiled engine's."""
    monkeypatch.setattr(backends, "_ready", False)  # loading, as far as the app can tell
    configure(window, warnsdorff=False)
    label = child(window, "forecastLabel")
    forecaster = window.view.forecaster

    def measured_on(backend: str) -> bool:
        latest = forecaster.latest()
        return latest is not None and latest.trial.backend == backend

    qtbot.waitUntil(lambda: measured_on("python"), timeout=10_000)
    python_rate = forecaster.latest().trial.rate
    qtbot.waitUntil(lambda: "on the Python engine" in label.text(), timeout=2000)
    assert "16.5 M" in label.text()
    monkeypatch.setattr(backends, "_ready", True)
    window.engine.loaded.emit()  # the loader has finished
    qtbot.waitUntil(lambda: measured_on("numba"), timeout=10_000)
    qtbot.waitUntil(lambda: "Python engine" not in label.text(), timeout=2000)
    forecast = forecaster.latest()
    assert forecast.trial.finished or forecast.trial.rate > 3 * python_rate
    assert "at full speed" in label.text()
