"""The window on the compiled engine: the unlimited regime runs without events (quiet)."""

from __future__ import annotations

import math
import os

import pytest

from knightviz.engine import kernels, tour_search
from knightviz.engine.queens import QueensSearch

from .conftest import child, configure, digits, set_speed, start_and_finish


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
    reference = QueensSearch(10, backend="python")
    reference.run()
    assert (result.count, result.moves) == (724, reference.result.moves)
    assert window.session.found == reference.solutions
