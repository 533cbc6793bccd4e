"""Whole-window knight runs: the counts match the engine's, and control answers at every speed."""

from __future__ import annotations

import math
import threading

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from knightviz.engine import Outcome, run, tour_search
from knightviz.engine.trace import is_considered
from knightviz.gui import MainWindow
from knightviz.gui.panels.history import BACKTRACKS, MOVES, OUTCOME, START, STEPS, STRATEGY
from knightviz.gui.solver import SolverWorker
from knightviz.gui.solver.jobs import Job
from knightviz.gui.solver.regimes import RECORDED_CALL

from .conftest import child, configure, digits, finish, set_speed, start_and_finish
from .test_board import centre, drag


def test_main_window_created_without_showing(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    assert not w.isVisible()
    names = [
        "board",
        "puzzleCombo",
        "rowsSpin",
        "colsSpin",
        "squareCheck",
        "warnsdorffCheck",
        "tieBreakCombo",
        "seedSpin",
        "backtrackCheck",
        "closedCheck",
        "allSolutionsCheck",
        "queensVariantCombo",
        "speedSlider",
        "speedLabel",
        "startButton",
        "stepButton",
        "resetButton",
        "movesLabel",
        "backtracksLabel",
        "stepsLabel",
        "depthLabel",
        "elapsedLabel",
        "rateLabel",
        "solutionsLabel",
        "solutionsList",
        "historyTable",
        "verdictLabel",
        "searchAnywayButton",
    ]
    for name in names:
        assert w.findChild(QWidget, name) is not None, name
    assert child(w, "speedSlider").maximum() == 100
    combo = child(w, "puzzleCombo")
    assert [combo.itemData(i) for i in range(combo.count())] == ["knight", "queens", "sudoku"]
    variants = child(w, "queensVariantCombo")
    assert [variants.itemData(i) for i in range(variants.count())] == ["sets", "bitboards"]
    assert "Drag the knight" in w.status_text()
    assert not w.windowIcon().isNull()


def test_warnsdorff_from_dragged_start_63_moves_and_history_row(window, qtbot):
    board = window.board
    drag(board, centre(board, 0, 0), centre(board, 3, 4))
    assert board.start_square() == (3, 4)
    warnsdorff = child(window, "warnsdorffCheck")
    assert warnsdorff.isChecked()  # the default: a newcomer sees a tour at once
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    assert result.outcome is Outcome.SOLVED
    assert result.moves == 63 and result.backtracks == 0
    c = window.view.counters
    assert digits(c.moves_label.text()) == 63
    assert digits(c.steps_label.text()) == 63
    table = window.history
    assert table.rowCount() == 1
    assert table.item(0, START).text() == "e5"
    assert table.item(0, MOVES).text() == "63"
    assert len(window.model.path) == 64
    assert window.model.path[0] == 3 * 8 + 4
    assert "Tour found from e5" in window.status_text()


def test_plain_5x5_corner_counts_equal_engine(window, qtbot):
    expected = run(tour_search(5, 5, 0, heuristic="none"))
    configure(window, rows=5, cols=5, warnsdorff=False)
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    assert (result.moves, result.backtracks) == (expected.moves, expected.backtracks)
    c = window.view.counters
    assert digits(c.moves_label.text()) == expected.moves
    assert digits(c.backtracks_label.text()) == expected.backtracks
    assert digits(c.steps_label.text()) == expected.steps
    assert window.model.path == list(expected.solution)
    row = window.history.rowCount() - 1
    assert digits(window.history.item(row, STEPS).text()) == expected.steps
    assert digits(window.history.item(row, BACKTRACKS).text()) == expected.backtracks


@pytest.mark.parametrize("speed", [10_000.0, 500.0])
def test_fast_batched_speeds_deliver_every_event(window, qtbot, speed):
    """Batched at screen rate: the GUI's counts equal the engine's, not a sample."""
    expected = run(tour_search(5, 5, 0, heuristic="warnsdorff", tie_break="last"))
    configure(window, rows=5, cols=5, tie_break="last")
    set_speed(window, speed)
    result = start_and_finish(window, qtbot)
    assert (window.model.moves, window.model.backtracks) == (expected.moves, expected.backtracks)
    assert result.solution == expected.solution


def test_closed_tour_run(window, qtbot):
    expected = run(tour_search(6, 6, 0, heuristic="warnsdorff", closed=True))
    configure(window, rows=6, cols=6, closed=True)
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    assert result.outcome is Outcome.SOLVED
    assert (result.moves, result.backtracks) == (expected.moves, expected.backtracks)
    tour = result.solution
    r0, c0 = divmod(tour[0], 6)
    r1, c1 = divmod(tour[-1], 6)
    assert sorted((abs(r0 - r1), abs(c0 - c1))) == [1, 2]
    assert "closed" in window.history.item(0, STRATEGY).text()
    assert window.board.closing()
    window.reset()
    assert not window.board.closing()


def test_greedy_walk_gets_stuck(window, qtbot):
    configure(window, warnsdorff=False, backtrack=False)
    set_speed(window, 10_000)
    result = start_and_finish(window, qtbot)
    assert result.outcome is Outcome.EXHAUSTED
    assert result.backtracks == 0
    assert "stuck" in window.status_text()
    assert window.history.item(0, OUTCOME).text() == "no tour"
    assert len(window.model.path) == result.moves + 1 < 64


def wait_paused(window: MainWindow, qtbot) -> None:
    with qtbot.waitSignal(window.controller.pause_reached, timeout=1000):
        window.start_or_pause()


def test_pause_step_resume_reset_at_unlimited(window, qtbot):
    configure(window, warnsdorff=False)
    set_speed(window, math.inf)  # plain 8×8 from a8: 16.5 million events
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps > 20_000, timeout=5000)
    search = window.controller.worker.search
    asked = search.steps
    wait_paused(window, qtbot)
    # Pause answers at once: the search stopped within the engine call under way when it was
    # asked (how long that takes is measured in benchmarks/gui_responsiveness.py).
    assert search.steps - asked <= RECORDED_CALL and search.result is None
    start_button = child(window, "startButton")
    assert start_button.text() == "Resume"
    steps = window.model.steps
    assert search.steps == steps  # the board shows where the search stopped
    step_button = child(window, "stepButton")
    assert step_button.isEnabled()
    for k in range(1, 4):  # each press: exactly one event
        QTest.mouseClick(step_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda k=k: window.model.steps == steps + k, timeout=1000)
        # Really paused: the search is at most the next step (looked ahead) past the board.
        assert search.steps <= steps + k + 1
        assert window.model.steps == steps + k
    window.step()  # the N key's action
    qtbot.waitUntil(lambda: window.model.steps == steps + 4, timeout=1000)
    assert search.steps <= steps + 5
    assert window.model.steps == steps + 4
    window.start_or_pause()  # resume
    qtbot.waitUntil(lambda: window.model.steps > steps + 50_000, timeout=5000)
    asked = search.steps
    with qtbot.waitSignal(window.controller.run_finished, timeout=1000) as blocker:
        QTest.mouseClick(child(window, "resetButton"), Qt.MouseButton.LeftButton)
    assert search.steps - asked <= RECORDED_CALL  # stopped within the call under way
    assert blocker.args[0].outcome is Outcome.CANCELLED
    assert not window.controller.running
    assert window.model.path == [0] and window.model.steps == 0
    assert window.history.rowCount() == 1
    assert window.history.item(0, OUTCOME).text() == "stopped"


def test_keyboard_keys(window, qtbot):
    configure(window, warnsdorff=False)
    set_speed(window, math.inf)
    window.board.setFocus()
    QTest.keyClick(window.board, Qt.Key.Key_N)  # idle: N starts paused and makes one step
    qtbot.waitUntil(lambda: window.model.steps == 1, timeout=1000)
    assert window.controller.paused
    QTest.keyClick(window.board, Qt.Key.Key_Right)  # during a run Right steps too
    qtbot.waitUntil(lambda: window.model.steps == 2, timeout=1000)
    QTest.keyClick(window.board, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.model.steps > 10_000, timeout=3000)
    QTest.keyClick(window.board, Qt.Key.Key_Space)
    assert window.controller.paused
    with qtbot.waitSignal(window.controller.run_finished, timeout=1000):
        QTest.keyClick(window.board, Qt.Key.Key_R)
    assert window.model.steps == 0


def test_speed_change_mid_run(window, qtbot):
    configure(window, warnsdorff=False)
    set_speed(window, 2)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps >= 1, timeout=5000)
    assert window.model.steps <= 2  # two steps a second, not thousands
    set_speed(window, math.inf)  # takes effect at once, not after the 0.5 s sleep
    qtbot.waitUntil(lambda: window.model.steps > 10_000, timeout=1000)
    paced: list[int] = []  # steps delivered one signal each (paced speeds only)
    window.controller.worker.event_ready.connect(
        lambda run_id, x: paced.append(x) if not is_considered(x) else None
    )
    set_speed(window, 20)
    qtbot.waitUntil(lambda: len(paced) >= 3, timeout=5000)  # goes on, one step at a time
    window.reset()


def test_paced_run_one_signal_per_event_and_degrees(window, qtbot):
    set_speed(window, 50)
    assert window.board.details()
    degrees = next(x for x in window.board.layers() if type(x).__name__ == "DegreesLayer")
    assert degrees.enabled
    window.start_or_pause()
    worker = window.controller.worker
    events = []
    worker.event_ready.connect(lambda run_id, x: events.append(x))
    qtbot.waitUntil(lambda: len(events) >= 5, timeout=2000)
    assert all(x >= 0 for x in events)  # Warnsdorff on 8×8: moves only
    qtbot.waitUntil(lambda: window.model.upcoming is not None, timeout=1000)
    window.reset()


def test_settings_change_mid_run_stops_first(window, qtbot):
    configure(window, warnsdorff=False)
    set_speed(window, math.inf)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps > 1000, timeout=2000)
    child(window, "rowsSpin").setValue(6)
    assert not window.controller.running
    assert window.history.rowCount() == 1
    assert window.model.rows == 6 and window.model.path == [0]


def test_tie_break_and_seed_follow_warnsdorff(window):
    tie = child(window, "tieBreakCombo")
    seed = child(window, "seedSpin")
    warnsdorff = child(window, "warnsdorffCheck")
    assert tie.isEnabled() and not seed.isVisible()
    tie.setCurrentIndex(tie.findData("random"))
    assert seed.isVisible() and seed.isEnabled()
    warnsdorff.setChecked(False)
    assert not tie.isEnabled() and not seed.isVisible()


def test_history_double_click_brings_back_settings_and_start(window, qtbot):
    board = window.board
    configure(window, rows=6, cols=6, tie_break="roth")
    drag(board, centre(board, 0, 0), centre(board, 2, 3))
    set_speed(window, math.inf)
    start_and_finish(window, qtbot)
    configure(window, warnsdorff=False)
    drag(board, centre(board, 2, 3), centre(board, 7, 7))
    table = window.history
    rect = table.visualRect(table.model().index(0, 2))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    s = window.session.settings
    assert (s.rows, s.cols, s.warnsdorff, s.tie_break) == (6, 6, True, "roth")
    assert board.start_square() == (2, 3) and window.session.start == 2 * 6 + 3
    assert child(window, "tieBreakCombo").currentData() == "roth"


def test_close_mid_run_at_unlimited(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    configure(w, warnsdorff=False)
    set_speed(w, math.inf)
    w.start_or_pause()
    qtbot.waitUntil(lambda: w.model.steps > 10_000, timeout=3000)
    thread = w.controller.solver_thread
    search = w.controller.worker.search
    asked = search.steps
    assert w.close()
    # Closing stops and joins the thread at once: within the engine call under way, the search
    # left unfinished (how long it takes: benchmarks/gui_responsiveness.py).
    assert thread is not None and not thread.isRunning()
    assert search.steps - asked <= RECORDED_CALL and search.result is None
    qtbot.wait(50)  # any late queued signal must be harmless


def test_click_position_used_by_drag_helper_is_inside(window):
    assert window.board.square_at(QPoint(*centre(window.board, 7, 7).toTuple())) == (7, 7)


@pytest.mark.parametrize(("side", "warnsdorff"), [(1, False), (30, True), (100, True)])
def test_board_sizes_from_1_to_100(window, qtbot, side, warnsdorff):
    configure(window, rows=side, cols=side, warnsdorff=warnsdorff, tie_break="roth")
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot, timeout=60_000)
    assert result.outcome is Outcome.SOLVED
    assert len(window.model.path) == side * side
    assert not window.board.grab().toImage().isNull()


def test_rectangular_board(window, qtbot):
    child(window, "squareCheck").setChecked(False)
    child(window, "rowsSpin").setValue(3)
    child(window, "colsSpin").setValue(7)
    configure(window, rows=3, cols=7, warnsdorff=False)
    expected = run(tour_search(3, 7, 0, heuristic="none"))
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    assert (result.moves, result.backtracks) == (expected.moves, expected.backtracks)
    rect = window.board.square_rect(2, 6)
    assert rect.width() == rect.height()


def test_stepping_shows_warnsdorff_degrees_even_at_unlimited(window, qtbot):
    set_speed(window, math.inf)
    assert not window.board.details()  # too fast to read
    window.step()
    qtbot.waitUntil(lambda: window.model.steps == 1, timeout=1000)
    assert window.board.details()  # paused: a student is stepping
    qtbot.waitUntil(lambda: window.model.upcoming is not None, timeout=1000)
    chosen = window.model.upcoming
    window.step()
    qtbot.waitUntil(lambda: window.model.steps == 2, timeout=1000)
    assert window.model.current == chosen  # the marked candidate is the one taken
    window.reset()
    assert not window.board.details()


@pytest.mark.parametrize("speed", [1.0, 300.0])
def test_pause_and_reset_answer_at_slow_speeds(window, qtbot, speed, monkeypatch):
    """The worker's sleeps between paced steps (and batches) last an hour here unless a
    command cuts them short: that Pause and Reset are answered at all shows that they do."""
    asleep = threading.Event()
    sleep = SolverWorker.sleep

    def sleep_an_hour(worker: SolverWorker, seconds: float) -> None:
        asleep.set()
        sleep(worker, 3600.0)

    monkeypatch.setattr(SolverWorker, "sleep", sleep_an_hour)
    configure(window, warnsdorff=False)
    set_speed(window, speed)
    window.start_or_pause()
    qtbot.waitUntil(asleep.is_set, timeout=5000)  # the worker is inside its paced sleep
    wait_paused(window, qtbot)
    asleep.clear()
    window.start_or_pause()  # resume
    qtbot.waitUntil(asleep.is_set, timeout=5000)
    window.reset()  # stops and joins the thread (or says it could not)
    assert not window.controller.running
    assert not Job._stuck


def test_finish_helper_waits_for_the_run(window, qtbot):
    configure(window, rows=5, cols=5)
    set_speed(window, math.inf)
    window.start_or_pause()
    assert finish(window, qtbot).outcome is Outcome.SOLVED


@pytest.mark.parametrize(("speed", "refreshes"), [(math.inf, 2), (1000.0, 2), (10.0, 6)])
def test_above_paced_speeds_the_figures_refresh_twenty_times_a_second(
    window, monkeypatch, speed, refreshes
):
    """Six ticks 20 ms apart on a fake clock: at paced speeds each shows the figures (every
    event is read there); above them, twice (no one reads a counter changing 60 times a
    second, and repainting them was a third of every frame's work)."""
    from knightviz.gui import refresh as refresh_module

    set_speed(window, speed)
    clock = [1000.0]
    monkeypatch.setattr(refresh_module, "monotonic", lambda: clock[0])
    shown: list[float] = []
    monkeypatch.setattr(window.view, "_show_counters", lambda: shown.append(clock[0]))
    scheduler = window.session.scheduler
    scheduler._text_at = 0.0
    for _ in range(6):
        clock[0] += 0.020
        scheduler.tick()
    assert len(shown) == refreshes
