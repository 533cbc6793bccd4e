"""The first minute: before Start, the window says what the run will take (the
forecast above the board), names nearer start squares that end sooner, and races the
strategy against its rival in one click; the board keeps its size whatever banner shows."""

from __future__ import annotations

import re

from knightviz.engine import Board, Outcome
from knightviz.engine.forecast import PLAIN_8X8
from knightviz.gui.session import State

from .automation import child, eventually, run_to_end, setup

B8 = Board(8, 8)


def forecast_text(window) -> str:
    label = child(window, "forecastLabel")
    return label.text() if not child(window, "forecastFrame").isHidden() else ""


def plain_words(window) -> str:
    return re.sub(r"<[^>]+>", "", forecast_text(window))


def put_knight(window, name: str) -> None:
    square = B8.parse(name)
    window.view.set_start(square)
    window.view.start_chosen.emit(square)


def test_before_start_warnsdorff_from_c3_is_forecast_to_end_after_63_steps(window, qtbot):
    setup(window, "knight", 8, speed=20)
    put_knight(window, "c3")
    eventually(
        qtbot,
        lambda: "63" in plain_words(window) and "c3" in plain_words(window),
        lambda: f"the forecast reads {plain_words(window)!r}",
        timeout=10_000,
    )
    words = plain_words(window)
    assert "20 steps/s" in words  # the time at the current speed, and at full speed
    assert "full speed" in words
    assert 'href="race"' in forecast_text(window)


def test_plain_from_c3_is_forecast_as_endless_with_nearer_quick_squares(window, qtbot):
    setup(window, "knight", 8, speed=20, warnsdorff=False)
    put_knight(window, "c3")
    eventually(
        qtbot,
        lambda: "square:" in forecast_text(window),
        lambda: f"the forecast reads {plain_words(window)!r}",
        timeout=10_000,
    )
    words = plain_words(window)
    assert "3 × 10⁹" in words  # the published table: no tour within 3 × 10⁹ steps
    offered = [int(n) for n in re.findall(r'href="square:(\d+)"', forecast_text(window))]
    assert offered and all(PLAIN_8X8[sq] is not None for sq in offered)
    # The nearest of the published quick squares (c4, one square away) comes first.
    assert B8.name(offered[0]) == "c4"
    # A click on a square moves the knight there, and the forecast follows it.
    window.view.forecast_banner.label.linkActivated.emit(f"square:{offered[1]}")
    assert window.session.start == offered[1]
    assert window.board.start_square() == divmod(offered[1], 8)
    name = B8.name(offered[1])
    eventually(
        qtbot,
        lambda: f"from {name} ends after about" in plain_words(window),
        lambda: f"the forecast reads {plain_words(window)!r}",
        timeout=10_000,
    )


def test_the_race_link_races_plain_against_warnsdorff_from_the_same_square(window, qtbot):
    setup(window, "knight", 6, warnsdorff=False)
    square = Board(6, 6).parse("b5")
    window.view.set_start(square)
    window.view.start_chosen.emit(square)
    eventually(qtbot, lambda: 'href="race"' in forecast_text(window), "no race link", 10_000)
    with qtbot.waitSignal(window.race.racer_finished, timeout=30_000) as first:
        window.view.forecast_banner.label.linkActivated.emit("race")
        assert window.race_mode
        sessions = [lane.session for lane in window.race.lanes]
        assert [s.settings.warnsdorff for s in sessions] == [False, True]
        assert {s.start for s in sessions} == {square}
        assert {(s.settings.rows, s.settings.cols) for s in sessions} == {(6, 6)}
        assert window.race.running  # one click: the race is on
    index, steps = first.args
    assert index == 2 and steps == 35  # lane 2, Warnsdorff's rule first, without a backtrack
    window.race.stop()
    qtbot.waitUntil(lambda: not window.race.running, timeout=10_000)


def test_no_forecast_work_while_a_run_goes(window, qtbot):
    setup(window, "knight", 8, speed=20, warnsdorff=False)
    put_knight(window, "c3")
    forecaster = window.view.forecaster
    qtbot.waitUntil(lambda: forecaster.job.active(), timeout=5000)
    window.session.start_or_pause()
    assert window.session.state is State.RUNNING
    assert not forecaster.job.running()
    window.session.reset()


def test_the_board_keeps_its_size_when_a_banner_comes_or_goes(window, qtbot):
    """A verdict, a stuck run's hint, the forecast, or none: the same board."""
    setup(window, "knight", 6, speed=20)
    qtbot.waitUntil(lambda: not child(window, "forecastFrame").isHidden(), timeout=10_000)
    size = window.board.size()
    setup(window, "knight", 4)  # no tour on 4×4: the verdict
    qtbot.waitUntil(lambda: not child(window, "verdictFrame").isHidden(), timeout=2000)
    assert window.board.size() == size
    setup(window, "knight", 6, warnsdorff=False)
    result = run_to_end(window, qtbot, timeout=60_000)
    assert result.outcome is Outcome.SOLVED
    assert window.board.size() == size
