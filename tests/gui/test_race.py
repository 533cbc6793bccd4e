"""The race: two sessions on one clock, the same step count on both boards until one ends."""

from __future__ import annotations

import math
import os

import pytest

from knightviz.engine import Outcome, kernels
from knightviz.gui.panels.history import RACE
from knightviz.gui.session import State as RaceState

from .conftest import child, configure, digits, set_speed


def race_on(window, puzzle: str = "knight", **changes) -> None:
    configure(window, puzzle, **changes)
    window.race_action.setChecked(True)


def wait_race_over(window, qtbot, timeout: int = 30_000) -> None:
    qtbot.waitUntil(lambda: window.race.state is RaceState.FINISHED, timeout=timeout)


def test_race_mode_shows_two_boards_with_suffixed_widgets(window, qtbot):
    race_on(window)
    assert window.race_action.isCheckable()
    lanes = window.sessions
    assert len(lanes) == 2
    for i, lane in enumerate(lanes, 1):
        assert child(window, f"board_{i}") is lane.board
        assert lane.board.isVisible()
        for name in ("movesLabel", "backtracksLabel", "stepsLabel", "warnsdorffCheck"):
            assert child(window, f"{name}_{i}").isVisible(), name
    # Plain backtracking against Warnsdorff's rule by default.
    assert not child(window, "warnsdorffCheck_1").isChecked()
    assert child(window, "warnsdorffCheck_2").isChecked()
    assert not window.board.isVisible()
    window.race_action.setChecked(False)
    assert window.sessions == [window.session]
    assert window.board.isVisible()


def test_dragging_either_board_moves_both_starts(window, qtbot):
    race_on(window, n=6)
    board = window.sessions[1].board
    rect = board.square_rect(2, 3)
    from PySide6.QtCore import Qt

    piece = board.square_rect(0, 0).center().toPoint()
    qtbot.mousePress(board, Qt.MouseButton.LeftButton, pos=piece)
    qtbot.mouseMove(board, rect.center().toPoint())
    qtbot.mouseRelease(board, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    for lane in window.sessions:
        assert lane.session.start == 2 * 6 + 3
        assert lane.board.start_square() == (2, 3)
    assert window.session.start == 2 * 6 + 3


def test_lockstep_counters_equal_until_the_first_finish(window, qtbot):
    """Paced and batched speeds: at every tick both boards show the same step count, and
    the finish is announced with the other board at the finisher's step count."""
    race_on(window, n=6)
    set_speed(window, 150)
    seen: list[tuple[int, int]] = []
    finishes: list[tuple[int, int, int, int]] = []

    def on_tick():
        if not any(lane.place for lane in window.race.lanes):
            a, b = (lane.model.steps for lane in window.race.lanes)
            seen.append((a, b))

    def on_finish(index, steps):
        own = digits(child(window, f"stepsLabel_{index}").text())
        other = digits(child(window, f"stepsLabel_{3 - index}").text())
        finishes.append((index, steps, own, other))

    window.race.ticked.connect(on_tick)
    window.race.racer_finished.connect(on_finish)
    window.start_or_pause()
    qtbot.waitUntil(lambda: len(finishes) >= 1, timeout=20_000)
    window.reset()
    assert len(seen) > 5
    assert all(a == b for a, b in seen), [p for p in seen if p[0] != p[1]][:3]
    _index, steps, own, other = finishes[0]
    assert own == other == steps


def test_step_moves_both_boards_one_step(window, qtbot):
    race_on(window, n=6)
    set_speed(window, 5)
    for k in (1, 2, 3):
        window.step()
        qtbot.waitUntil(lambda k=k: window.race.k == k, timeout=3000)
        assert [lane.model.steps for lane in window.race.lanes] == [k, k]
        assert digits(child(window, "stepsLabel_1").text()) == k
        assert digits(child(window, "stepsLabel_2").text()) == k
    window.reset()
    assert window.race.state is RaceState.IDLE
    assert [lane.model.steps for lane in window.race.lanes] == [0, 0]


def test_the_other_can_be_stopped_at_the_finish(window, qtbot):
    race_on(window, n=6)
    set_speed(window, math.inf)
    combo = child(window, "raceFinishCombo")
    combo.setCurrentIndex(combo.findData(True))
    window.start_or_pause()
    wait_race_over(window, qtbot)
    plain, warnsdorff = window.race.lanes
    assert warnsdorff.result.solved and warnsdorff.result.steps == 35
    records = window.history.records()
    assert len(records) == 2
    stopped = next(r for r in records if r.race.lane == 1)
    assert stopped.result.outcome is Outcome.CANCELLED
    assert stopped.result.steps == 35  # stopped where the race clock was
    assert plain.model.steps == 35
    assert "Stopped at 35" in child(window, "raceBadge_1").text()
    assert "Finished first: 35" in child(window, "raceBadge_2").text()


def test_queens_race_sets_against_bitboards_is_a_tie(window, qtbot):
    race_on(window, "queens", n=6)
    set_speed(window, math.inf)
    window.start_or_pause()
    wait_race_over(window, qtbot)
    a, b = window.race.lanes
    assert a.result.count == b.result.count == 4  # 6-Queens has 4 solutions
    assert a.result.steps == b.result.steps
    assert "Tie" in child(window, "raceBadge_1").text()
    records = window.history.records()
    assert {r.settings.variant for r in records} == {"sets", "bitboards"}


def test_queens_first_against_all(window, qtbot):
    race_on(window, "queens", n=6)
    child(window, "allSolutionsCheck_1").setChecked(False)  # as a user would
    combo = child(window, "queensVariantCombo_2")
    combo.setCurrentIndex(combo.findData("sets"))
    assert not window.race.lanes[0].session.settings.all_solutions
    set_speed(window, math.inf)
    finishes = []
    window.race.racer_finished.connect(
        lambda i, s: finishes.append((i, s, window.race.lanes[2 - i].model.steps))
    )
    window.start_or_pause()
    wait_race_over(window, qtbot)
    first, every = window.race.lanes
    assert first.result.count == 1 and every.result.count == 4
    assert finishes[0] == (1, first.result.steps, first.result.steps)
    assert every.result.steps > first.result.steps


def test_a_known_fact_refuses_the_race(window, qtbot):
    race_on(window, n=5)
    window.race.lanes[0].board.start_changed.emit(1)  # b5: the wrong colour on 5×5
    window.start_or_pause()
    assert window.race.state is RaceState.IDLE
    assert "cannot start" in window.statusBar().currentMessage()


def test_closing_mid_race_stops_both_threads(window, qtbot):
    race_on(window)
    set_speed(window, 2000)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.race.k > 20, timeout=5000)
    window.close()
    assert not any(lane.controller.running for lane in window.race.lanes)


@pytest.fixture
def compiled(monkeypatch):
    if not kernels.available():
        if os.environ.get("CI"):
            pytest.fail("numba is not installed but CI is set")
        pytest.skip("the compiled engine (numba) is not installed")
    kernels.load()
    monkeypatch.setenv(kernels.ENV, kernels.AUTO)


def test_race_8x8_plain_against_warnsdorff(window, qtbot, compiled):
    """The classic race: Warnsdorff finishes at 63 with the plain counter at 63; the plain
    run goes on to its 16,501,401 steps; both runs are in the history, linked."""
    race_on(window)
    set_speed(window, math.inf)
    finishes: list[tuple[int, int, int]] = []

    def on_finish(index, steps):
        other = 3 - index
        finishes.append((index, steps, digits(child(window, f"stepsLabel_{other}").text())))

    window.race.racer_finished.connect(on_finish)
    window.start_or_pause()
    wait_race_over(window, qtbot, timeout=60_000)
    assert finishes[0] == (2, 63, 63)
    assert finishes[1] == (1, 16_501_401, 63)
    message = window.statusBar().currentMessage()
    assert "16,501,401" in message and "63" in message and "same step" not in message
    plain, warnsdorff = window.race.lanes
    assert warnsdorff.result.solved and warnsdorff.result.steps == 63
    assert plain.result.solved and plain.result.steps == 16_501_401
    assert digits(child(window, "stepsLabel_1").text()) == 16_501_401
    assert digits(child(window, "stepsLabel_2").text()) == 63
    records = window.history.records()
    assert [r.result.steps for r in records] == [63, 16_501_401]
    assert records[0].race.race == records[1].race.race
    assert {records[0].race.lane, records[1].race.lane} == {1, 2}
    assert "#2" in window.history.item(0, RACE).text()
    assert "#1" in window.history.item(1, RACE).text()


def test_two_maps_side_by_side_in_race_mode(window, qtbot):
    """Plain against Warnsdorff on 5×5: each board gets its own strategy's map."""
    from knightviz.cli import main as cli_main

    race_on(window, n=5)
    with qtbot.waitSignal(window.map_finished, timeout=60_000) as blocker:
        window.map_action.setChecked(True)
    assert blocker.args == [True]
    plain, warnsdorff = window.map_result(1), window.map_result(2)
    assert len(plain) == len(warnsdorff) == 25
    for lane in window.race.lanes:
        assert lane.view.map_legend.isVisible()
        assert lane.board.overlay() is not None
    import io
    import json
    from contextlib import redirect_stdout

    for result, heuristic in ((plain, "none"), (warnsdorff, "warnsdorff")):
        out = io.StringIO()
        with redirect_stdout(out):
            cli_main(["sweep", "--size", "5", "--heuristic", heuristic, "--format", "json"])
        rows = json.loads(out.getvalue())["starts"]
        expected = {r["square"]: None if r["outcome"] == "impossible" else r["steps"] for r in rows}
        assert result == expected
    window.map_action.setChecked(False)
    assert all(view.board.overlay() is None for view in window.race.lanes)


def test_the_race_runs_at_the_speed_shown(window, qtbot):
    """Race mode takes the speed the slider shows, whenever it was set (restored settings
    included): a race at 20 steps/s must not run at unlimited speed."""
    set_speed(window, 20)
    window.race_action.setChecked(True)
    assert window.race.speed == window.session.speed
    assert round(window.race.speed) == 20
    window.race_action.setChecked(False)
    window.session.set_speed(7)  # set without the slider (as restoring settings may)
    window.race_action.setChecked(True)
    assert window.race.speed == 7
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.race.k >= 2, timeout=5000)
    assert window.race.k < 20  # seven steps a second, not millions at once
    window.reset()


def test_the_comparison_pairs_the_racers_not_an_older_run(window, qtbot):
    """The first racer to end is compared with the other racer, still searching (its steps
    so far, growing), never with an earlier run of that strategy; once both have ended,
    with each other."""
    configure(window, n=8, warnsdorff=False)  # an earlier plain run of the same problem
    set_speed(window, math.inf)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps > 1000, timeout=5000)
    window.reset()
    qtbot.waitUntil(lambda: len(window.history.records()) == 1, timeout=5000)
    earlier = window.history.records()[0].result.steps
    race_on(window, n=8)
    set_speed(window, math.inf)
    window.start_or_pause()
    qtbot.waitUntil(lambda: len(window.history.records()) == 2, timeout=10_000)
    ended = window.history.records()[-1]
    assert ended.race is not None and ended.race.lane == 2 and ended.result.steps == 63
    comparison = window.comparison
    qtbot.waitUntil(lambda: "still searching" in comparison.text(), timeout=5000)
    first = digits(comparison.text().split("still searching")[1])
    qtbot.waitUntil(
        lambda: digits(comparison.text().split("still searching")[1]) > first, timeout=5000
    )
    assert f"{earlier:,}" not in comparison.text()
    rows = comparison.bars.rows()
    assert [whole for _, _, whole in rows] == [True, False]
    window.reset()  # the plain racer stops: its row comes, and the two racers are compared
    qtbot.waitUntil(lambda: len(window.history.records()) == 3, timeout=5000)
    text = comparison.text()
    stopped = window.history.records()[-1]
    assert stopped.race is not None and stopped.race.lane == 1
    assert "still searching" not in text
    assert "63 steps" in text and f"stopped after {stopped.result.steps:,} steps" in text
