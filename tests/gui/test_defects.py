"""Each defect a newcomer hit in the first version, pinned by a test (numbered in the order
they were found)."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from knightviz.engine import Board, Outcome, run, tour_search
from knightviz.gui import MainWindow
from knightviz.gui.panels.history import BOARD, SEARCH_TIME, START, WALL_TIME
from knightviz.gui.puzzles.knight import KnightPuzzle, KnightSettings
from knightviz.gui.session import DEFAULT_SPEED

from .conftest import child, configure, set_speed, start_and_finish
from .test_board import centre, drag


def test_1_labels_inside_the_window_on_big_and_thin_boards(window):
    for rows, cols in ((100, 100), (65, 65), (1, 100)):
        child(window, "squareCheck").setChecked(rows == cols)
        configure(window, rows=rows, cols=cols)
        g = window.board.board_geometry()
        w, h = window.board.width(), window.board.height()
        for text, rect in g.file_labels() + g.rank_labels():
            assert rect.left() >= -1e-6 and rect.right() <= w + 1e-6, (rows, cols, text)
            assert rect.top() >= -1e-6 and rect.bottom() <= h + 1e-6, (rows, cols, text)
        assert g.file_step() > 1 or cols < 20


def test_3_history_shows_search_time_and_wall_time_apart(window, qtbot):
    configure(window, rows=5, cols=5)
    set_speed(window, 60)  # 24 moves at 60 steps/s: about 0.4 s of wall time
    result = start_and_finish(window, qtbot)
    table = window.history
    headers = [table.horizontalHeaderItem(i).text() for i in range(table.columnCount())]
    assert "Search time" in headers and "Wall time" in headers
    record = table.records()[0]
    assert record.wall_seconds > 0.3 > result.seconds  # paced: the wall time is the long one
    assert table.item(0, WALL_TIME).text() != table.item(0, SEARCH_TIME).text()
    assert "pauses excluded" in table.horizontalHeaderItem(WALL_TIME).toolTip()


def test_4_space_toggles_a_focused_check_box_and_does_not_start(window, qtbot):
    box = child(window, "closedCheck")
    box.setFocus()
    assert box.hasFocus()
    QTest.keyClick(box, Qt.Key.Key_Space)
    assert box.isChecked()
    assert not window.controller.running
    QTest.keyClick(box, Qt.Key.Key_Space)
    assert not box.isChecked()
    # With the board focused, Space starts a run.
    window.board.setFocus()
    QTest.keyClick(window.board, Qt.Key.Key_Space)
    assert window.controller.running
    window.reset()


def test_4_run_buttons_never_take_the_focus(window):
    for name in ("startButton", "stepButton", "resetButton"):
        assert child(window, name).focusPolicy() == Qt.FocusPolicy.NoFocus


def test_5_status_follows_the_board_after_a_solved_run(window, qtbot):
    set_speed(window, math.inf)
    start_and_finish(window, qtbot)
    assert "Tour found" in window.status_text()
    child(window, "rowsSpin").setValue(5)
    assert "Tour found" not in window.status_text()
    child(window, "rowsSpin").setValue(4)
    assert "Tour found" not in window.status_text()
    assert "No solution can exist" in window.status_text()
    assert window.verdict() is not None


def test_6_seed_control_and_new_seed(window, qtbot):
    configure(window, rows=6, cols=6, tie_break="random", seed=7)
    seed = child(window, "seedSpin")
    assert seed.value() == 7 and seed.isVisible()
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    expected = run(tour_search(6, 6, 0, tie_break="random", seed=7))
    assert result.solution == expected.solution
    assert "seed 7" in window.history.records()[0].strategy
    QTest.mouseClick(child(window, "newSeedButton"), Qt.MouseButton.LeftButton)
    assert seed.value() != 7
    assert window.session.settings.seed == seed.value()


def _launch(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", KNIGHTVIZ_SCREENSHOT=os.devnull)
    code = "import sys; from knightviz.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, timeout=60
    )


def test_7_qt_standard_options_are_passed_to_qt():
    done = _launch("-style", "fusion")
    assert done.returncode == 0, done.stderr
    assert "invalid choice" not in done.stderr


def test_7_unknown_option_is_one_clear_line():
    done = _launch("--no-such-option")
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if "propagateSizeHints" not in line]
    assert lines == ["knightviz: error: unrecognized arguments: --no-such-option"]


def test_8_shrinking_keeps_the_same_square(window):
    board = window.board
    drag(board, centre(board, 0, 0), centre(board, 4, 3))  # d4 on 8×8
    assert Board(8, 8).name(window.session.start) == "d4"
    child(window, "rowsSpin").setValue(4)
    assert Board(4, 4).name(window.session.start) == "d4"
    assert board.start_square() == (0, 3) and window.session.start == 3
    child(window, "rowsSpin").setValue(8)
    assert Board(8, 8).name(window.session.start) == "d4"
    # A square that does not exist on the smaller board moves to the nearest one.
    drag(board, centre(board, 4, 3), centre(board, 0, 7))  # h8
    child(window, "rowsSpin").setValue(5)
    assert Board(5, 5).name(window.session.start) == "e5"


def test_9_defaults_show_a_whole_tour_within_seconds(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    settings = w.session.settings
    assert isinstance(settings, KnightSettings) and settings.warnsdorff
    expected = run(tour_search(settings.rows, settings.cols, 0, tie_break=settings.tie_break))
    assert expected.solved
    assert expected.steps / DEFAULT_SPEED < 5  # seconds to watch the whole tour
    assert w.run_controls.speed() == pytest.approx(DEFAULT_SPEED, rel=0.15)
    check = child(w, "warnsdorffCheck")
    assert check.font().bold() and "Warnsdorff" in check.text()


def test_10_a_run_far_longer_than_the_board_says_so(window, qtbot):
    configure(window, warnsdorff=False)
    set_speed(window, math.inf)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps > 10_000, timeout=5000)
    # The figures and the hint follow a fast run 20 times a second: the next ticks show it.
    qtbot.waitUntil(lambda: "Warnsdorff" in (window.hint() or ""), timeout=5000)
    window.reset()
    assert window.hint() is None


def test_10_hint_for_warnsdorff_suggests_roth():
    puzzle = KnightPuzzle()
    s = KnightSettings(100, 100, tie_break="first")
    assert puzzle.slow_hint(s, 9_999, 9_999) is None
    hint = puzzle.slow_hint(s, 59_600_000, 9_970)
    assert hint is not None and "Roth" in hint[0] and "More than 50,000,000 steps" in hint[0]


def test_11_window_fits_the_available_screen(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    avail: QRect = w.screen().availableGeometry()
    assert w.frameGeometry().width() <= avail.width()
    assert w.frameGeometry().height() <= avail.height()
    w.close()


def test_11_run_buttons_and_counters_visible_at_minimum_size(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.resize(w.minimumSizeHint())
    qtbot.waitExposed(w)
    QApplication.processEvents()
    win = QRect(QPoint(0, 0), w.size())
    for name in ("startButton", "stepButton", "resetButton", "movesLabel", "stepsLabel"):
        widget: QWidget = child(w, name)
        assert widget.isVisible(), name
        top_left = widget.mapTo(w, QPoint(0, 0))
        rect = QRect(top_left, widget.size())
        assert win.contains(rect), (name, rect, win)
        assert widget.visibleRegion().boundingRect().size() == widget.size(), name
    w.close()


@pytest.mark.parametrize("speed", [5000.0, math.inf])
def test_12_search_anyway_keeps_how_far_it_got(window, qtbot, speed):
    child(window, "rowsSpin").setValue(4)
    assert window.verdict() is not None
    set_speed(window, speed)
    with qtbot.waitSignal(window.controller.run_finished, timeout=30_000) as blocker:
        child(window, "searchAnywayButton").click()
    result = blocker.args[0]
    assert result.outcome is Outcome.EXHAUSTED
    assert len(window.model.path) == 15  # the deepest position reached: 15 of 16 squares
    # The board and its counters are at that step of the run; the timeline shows the rest.
    slider = child(window, "timelineSlider")
    assert slider.maximum() == result.steps
    assert slider.value() == window.model.steps < result.steps
    assert "deepest position" in window.status_text()
    assert f"{result.steps:,}" in window.status_text()


def test_13_one_spelling_of_board_sizes(window, qtbot):
    child(window, "rowsSpin").setValue(4)
    assert "4×4" in (window.verdict() or "")
    assert "4x4" not in (window.verdict() or "")
    set_speed(window, math.inf)
    with qtbot.waitSignal(window.controller.run_finished, timeout=30_000):
        child(window, "searchAnywayButton").click()
    assert window.history.item(0, BOARD).text() == "4×4"
    assert "4×4" in window.status_text()
    assert window.history.item(0, START).text() == "a4"
