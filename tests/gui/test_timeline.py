"""Going back in time: step back, the timeline, markers, replay, history, the budget."""

from __future__ import annotations

import math
import random

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from knightviz.engine import Outcome, make_queens_search, tour_search
from knightviz.gui.session import State

from .automation import click
from .conftest import (
    child,
    configure,
    digits,
    paused_plain_6x6,
    place,
    set_speed,
    start_and_finish,
)


def fresh(puzzle: str, settings, k: int, start: int = 0):
    """A fresh search stopped after exactly k steps."""
    if puzzle == "knight":
        search = tour_search(
            settings.rows,
            settings.cols,
            start,
            heuristic="warnsdorff" if settings.warnsdorff else "none",
            tie_break=settings.tie_break,
            seed=settings.seed,
            backtrack=settings.backtrack,
            closed=settings.closed,
            backend="python",
        )
    else:
        search = make_queens_search(
            settings.rows, first=not settings.all_solutions, backend="python"
        )
    made = 0
    while made < k:
        step = search.advance_quiet(k - made)
        if not step:
            break
        made += step
    return search


def levels(stack):
    return [(v.square, v.candidates, v.tried) for v in stack]


CONFIGS = [
    ("knight", {"rows": 5, "cols": 5, "warnsdorff": False}),
    ("knight", {"rows": 6, "cols": 6, "warnsdorff": True, "tie_break": "random", "seed": 4}),
    ("knight", {"rows": 6, "cols": 6, "warnsdorff": True, "closed": True}),
    ("knight", {"rows": 8, "cols": 8, "warnsdorff": False, "backtrack": False}),
    ("queens", {"n": 6}),
    ("queens", {"n": 7, "all_solutions": False}),
    ("queens", {"n": 5, "variant": "bitboards"}),
]


@pytest.mark.parametrize(("puzzle", "changes"), CONFIGS)
def test_seeking_equals_a_fresh_search_stopped_there(window, qtbot, puzzle, changes):
    configure(window, puzzle, **changes)
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot, timeout=60_000)
    s = window.session
    settings = s.run.settings
    rng = random.Random(7)
    total = result.steps
    ks = sorted({0, 1, total, *(rng.randrange(total + 1) for _ in range(8))})
    for k in [*ks, *reversed(ks)]:  # there and back: independent of the path taken
        s.seek(k)
        ref = fresh(puzzle, settings, k)
        assert s.position == k
        assert window.model.path == list(ref.path)
        assert (window.model.moves, window.model.backtracks) == (ref.moves, ref.backtracks)
        if k < total:  # (the last step's stack: the search ended, see the engine tests)
            assert levels(s.display_stack()) == levels(ref.stack())
    # Step back after step forward is the identity.
    s.seek(total // 2)
    before = (list(window.model.path), window.model.moves, window.model.backtracks)
    s.step()
    s.step_back()
    assert (list(window.model.path), window.model.moves, window.model.backtracks) == before


def test_step_back_button_and_keys_down_to_zero(window, qtbot):
    configure(window, rows=5, cols=5)
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    back = child(window, "stepBackButton")
    assert back.isEnabled()
    n = result.steps
    QTest.mouseClick(back, Qt.MouseButton.LeftButton)
    assert window.session.position == n - 1
    window.board.setFocus()
    QTest.keyClick(window.board, Qt.Key.Key_Backspace)
    QTest.keyClick(window.board, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    QTest.keyClick(window.board, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    assert window.session.position == n - 4
    for _ in range(n):
        window.step_back()
    assert window.session.position == 0
    assert window.model.path == [0]
    assert digits(child(window, "stepsLabel").text()) == 0
    assert not back.isEnabled()
    assert child(window, "timelineSlider").value() == 0
    window.step()  # forward again, through the recording
    assert window.session.position == 1


def test_step_back_while_running_pauses_first(window, qtbot):
    configure(window, warnsdorff=False)
    set_speed(window, math.inf)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps > 50_000, timeout=5000)
    window.step_back()
    qtbot.waitUntil(lambda: window.controller.paused, timeout=1000)
    s = window.session
    qtbot.waitUntil(lambda: s.position == s.live_steps - 1, timeout=2000)
    ref = fresh("knight", window.session.run.settings, window.session.position)
    assert window.model.path == list(ref.path)
    window.reset()


def test_start_replays_the_recording_then_the_search_goes_on(window, qtbot):
    paused_plain_6x6(window, qtbot, 20_000)
    s = window.session
    live = s.live_steps
    s.seek(live // 3)
    assert s.replaying and s.position == live // 3
    # Stepping forward behind the live edge replays the recording (the search waits).
    s.step()
    assert s.position == live // 3 + 1 and s.live_steps == live
    with qtbot.waitSignal(window.controller.run_finished, timeout=30_000) as blocker:
        window.start_or_pause()  # plays up to the live edge, then the search resumes
    result = blocker.args[0]
    expected = tour_search(6, 6, 0, heuristic="none", backend="python").run()
    assert (result.moves, result.backtracks) == (expected.moves, expected.backtracks)
    assert window.model.path == list(expected.solution)


def test_a_seek_right_after_a_live_step_waits_for_that_step(window, qtbot):
    """Step (the solver makes one step, its frame on the way), then seek at once: the seek
    must wait for the step, or the step lands on the position sought (a path with a square
    twice, which broke the explored gauge)."""
    paused_plain_6x6(window, qtbot, 5_000)
    s = window.session
    live = s.live_steps
    with qtbot.waitSignal(window.controller.pause_reached, timeout=2000):
        s.step()
        s.seek(live // 2)  # before the step's frame has arrived
    qtbot.waitUntil(lambda: s.position == live // 2, timeout=2000)
    assert s.live_steps == live + 1, "the step was lost or counted twice"
    ref = fresh("knight", s.run.settings, live // 2)
    assert window.model.path == list(ref.path)
    assert len(set(window.model.path)) == len(window.model.path)
    window.reset()


def test_timeline_drag_and_step_box(window, qtbot):
    configure(window, rows=6, cols=6, warnsdorff=False)
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    slider = child(window, "timelineSlider")
    assert slider.maximum() == result.steps
    slider.setValue(1234)  # as a drag does, value by value
    qtbot.waitUntil(lambda: window.session.position == 1234, timeout=1000)
    assert digits(child(window, "stepsLabel").text()) == 1234
    box = child(window, "stepEdit")
    box.setFocus()
    box.selectAll()
    QTest.keyClicks(box, "100,000")
    QTest.keyClick(box, Qt.Key.Key_Return)
    assert window.session.position == 100_000
    assert slider.value() == 100_000
    assert box.text().replace(",", "") == "100000"


def test_markers_on_the_timeline(window, qtbot):
    configure(window, "queens", n=6)
    set_speed(window, math.inf)
    start_and_finish(window, qtbot)
    rec = window.session.recording
    qtbot.waitUntil(lambda: rec.markers.scanned == window.session.end, timeout=3000)
    window.view._show_timeline()
    marks = child(window, "timelineSlider").marks()
    words = [w for _, _, w in marks]
    assert sum(1 for w in words if w.startswith("solution")) == 4
    assert any("deepest" in w for w in words)
    assert any("longest backtrack" in w for w in words)
    assert any("end of the run" in w for w in words)
    # The marks are true: the board at a solution mark holds a solution.
    for step, _, w in marks:
        if w.startswith("solution"):
            window.session.seek(step)
            assert len(window.model.path) == 6


def test_a_click_on_the_timeline_goes_there_or_onto_a_marker(window, qtbot):
    from PySide6.QtCore import QPoint

    configure(window, rows=6, cols=6, warnsdorff=False)
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    rec = window.session.recording
    qtbot.waitUntil(lambda: rec.markers.scanned == window.session.end, timeout=3000)
    window.view._show_timeline()
    slider = child(window, "timelineSlider")
    y = slider.height() // 2
    # Three quarters along: about three quarters of the run (a pixel is a few thousand steps).
    x = round(slider._x(0.75 * result.steps))
    QTest.mouseClick(slider, Qt.MouseButton.LeftButton, pos=QPoint(x, y))
    qtbot.waitUntil(lambda: window.session.position != result.steps, timeout=1000)
    per_pixel = result.steps / (slider._x(result.steps) - slider._x(0))
    assert abs(window.session.position - 0.75 * result.steps) <= 2 * per_pixel
    assert window.session.position != result.steps  # not a page step from the end
    # Within a few pixels of a marker: exactly its step.
    for step in (rec.markers.longest_backtrack_step, result.steps):
        window.session.seek(0)
        x = round(slider._x(step)) + 3
        QTest.mouseClick(slider, Qt.MouseButton.LeftButton, pos=QPoint(x, y))
        qtbot.waitUntil(lambda step=step: window.session.position == step, timeout=1000)


def test_history_double_click_brings_the_recording_back(window, qtbot):
    configure(window, rows=5, cols=5, warnsdorff=False)
    set_speed(window, math.inf)
    first = start_and_finish(window, qtbot)
    configure(window, rows=6, cols=6)
    start_and_finish(window, qtbot)
    table = window.history
    rect = table.visualRect(table.model().index(0, 2))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    s = window.session
    assert s.state is State.FINISHED
    assert s.end == first.steps and s.position == first.steps
    assert child(window, "timelineSlider").maximum() == first.steps
    s.seek(100)
    assert window.model.path == list(fresh("knight", s.run.settings, 100).path)


def test_a_stopped_run_brought_back_goes_on_where_it_stopped(window, qtbot):
    configure(window, rows=6, cols=6, warnsdorff=False)
    set_speed(window, math.inf)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps > 30_000, timeout=5000)
    window.reset()  # stopped: a history row with its recording
    stopped = window.history.records()[0]
    assert stopped.result.outcome is Outcome.CANCELLED
    table = window.history
    rect = table.visualRect(table.model().index(0, 2))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.position == stopped.result.steps
    with qtbot.waitSignal(window.controller.run_finished, timeout=30_000) as blocker:
        window.start_or_pause()  # the search catches up (no events), then goes on
    result = blocker.args[0]
    expected = tour_search(6, 6, 0, heuristic="none", backend="python").run()
    assert (result.moves, result.backtracks) == (expected.moves, expected.backtracks)
    assert len(window.session.recording) == expected.steps


@pytest.mark.slow
def test_a_run_longer_than_the_budget_keeps_a_prefix_and_the_newest_part(window, qtbot):
    window.recordings.set_budget(4 << 20)  # 4 MB: about a million steps
    configure(window, rows=6, cols=6, warnsdorff=False)
    place(window, 0, 1)
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot, timeout=60_000)  # 5.2 million steps
    rec = window.session.recording
    assert len(rec) == result.steps
    assert rec.nbytes <= (4 << 20) + (4 << 20)  # the budget, and one block appending
    gaps = rec.gaps()
    assert gaps and 0 < gaps[0][0] < gaps[-1][1] < result.steps
    window.view._show_timeline()
    assert child(window, "timelineSlider").gaps == gaps
    middle = (gaps[0][0] + gaps[0][1]) // 2
    while (
        middle in rec.checkpoints.steps
    ):  # a checkpoint is exact even in a gap: a step between two
        middle += 1
    window.session.seek(middle)
    assert not window.session.exact  # the nearest kept position, said so
    assert "nearest kept step" in child(window, "timelineTotal").text()
    window.session.seek(result.steps - 10)
    assert window.session.exact
    ref = fresh("knight", window.session.run.settings, result.steps - 10, start=1)
    assert window.model.path == list(ref.path)


def test_older_recordings_go_first(window, qtbot):
    window.recordings.set_budget(2 << 20)
    configure(window, rows=5, cols=5, warnsdorff=False)
    place(window, 0, 2)
    set_speed(window, math.inf)
    start_and_finish(window, qtbot)  # 730,816 steps: about 2.8 MB
    old = window.session.recording
    start_and_finish(window, qtbot)
    new = window.session.recording
    assert window.recordings.alive(new)
    assert not window.recordings.alive(old)  # released to make room
    table = window.history
    rect = table.visualRect(table.model().index(0, 2))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert "recording" in window.statusBar().currentMessage()


def _timeline_widths(window) -> tuple[int, int, int]:
    """The slider's, the step box's and the total's widths once the window is laid out."""
    QApplication.sendPostedEvents()  # the layout requests a new text may have posted
    window.layout().activate()
    slider, edit = child(window, "timelineSlider"), child(window, "stepEdit")
    total = child(window, "timelineTotal")
    assert child(window, "timeline").rect().contains(total.geometry())  # seen, not cut off
    return slider.width(), edit.width(), total.width()


def test_the_timeline_keeps_its_width_through_a_run_and_a_reset(window, qtbot):
    """A figure that grew during a run ("of 17,654") used to widen the total and shrink the
    slider for the rest of the session, Reset included: the total has its room from the
    start, so nothing under the board moves."""
    configure(window, rows=5, cols=5, warnsdorff=False)
    set_speed(window, math.inf)
    before = _timeline_widths(window)
    result = start_and_finish(window, qtbot)
    assert child(window, "timelineTotal").text().endswith(f"{result.steps:,}")
    assert _timeline_widths(window) == before
    click(window, "resetButton")
    qtbot.waitUntil(lambda: child(window, "timelineSlider").maximum() == 0)
    assert _timeline_widths(window) == before


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_timeline_total_has_room_for_any_figure_a_run_reaches(qtbot, language):
    """Up to 10 digits (minutes at 90 M steps/s) the total is shown whole and exact at one
    width; a longer one as "1.2 × 10¹⁵", exact on hover; none moves the slider."""
    from knightviz.gui.i18n import ENGLISH, Translations
    from knightviz.gui.panels.timeline import Timeline

    saved = QLocale()
    translations = Translations()
    assert translations.apply(language)
    try:
        timeline = Timeline()
        qtbot.addWidget(timeline)
        timeline.resize(640, 40)
        timeline.show()
        widths = set()
        for steps in (0, 17_654, 16_501_401, 3_000_000_000, 9_999_999_999, 1_234 * 10**12, 0):
            timeline.show_state(steps // 2, steps, None, [], True)
            timeline.layout().activate()
            widths.add((timeline.slider.width(), timeline.total.width()))
            assert timeline.rect().contains(timeline.total.geometry())
            assert timeline.total.shows_all(), steps
            exact = timeline.tr("of {0}").format(f"{steps:,}")
            assert timeline.total.toolTip() == exact
            if steps < 10**10:
                assert timeline.total.text() == exact
            else:
                assert timeline.total.text().endswith("1.2 × 10¹⁵")
        assert len(widths) == 1, widths
    finally:
        translations.apply(ENGLISH)
        QLocale.setDefault(saved)
