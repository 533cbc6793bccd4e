"""The start-square map (Compare, Map all start squares): figures, marks, threads, clicks."""

import json

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QColor, QHelpEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QToolTip

from knightviz.cli import main as cli_main
from knightviz.engine import Board
from knightviz.gui.board.model import BoardModel
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.panels.map_legend import StartMapLegend
from knightviz.gui.panels.map_paint import (
    FAILED_COLOUR,
    IMPOSSIBLE_COLOUR,
    LogScale,
    compact,
    ramp,
)
from knightviz.gui.panels.startmap import StartMap
from knightviz.gui.puzzles.knight import KnightPuzzle, KnightSettings

from .conftest import UNLIMITED, configure, set_speed, start_and_finish

GREEDY = {"warnsdorff": True, "tie_break": "first", "backtrack": False}


def map_now(window, qtbot, timeout=60_000):
    with qtbot.waitSignal(window.map_finished, timeout=timeout) as blocker:
        window.start_map()
    return blocker.args[0]


def centre(board, name):
    row, col = Board(board.model().rows, board.model().cols).coords(
        Board(board.model().rows, board.model().cols).parse(name)
    )
    return board.square_rect(row, col).center()


def pixel(board, name):
    """The colour near a square's top-left corner (clear of its figure and the grid)."""
    b = Board(board.model().rows, board.model().cols)
    rect = board.square_rect(*b.coords(b.parse(name)))
    image = board.grab().toImage()
    dpr = image.devicePixelRatio()
    point = rect.topLeft() + QPointF(rect.width() * 0.12, rect.height() * 0.12)
    return image.pixelColor(int(point.x() * dpr), int(point.y() * dpr))


def close(a: QColor, b: QColor, tol: int = 12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def test_greedy_first_on_8x8_fails_from_e6_only(window, qtbot):
    configure(window, n=8, **GREEDY)
    assert map_now(window, qtbot) is True
    outcomes = window.map_outcomes()
    assert len(outcomes) == 64
    assert [name for name, o in outcomes.items() if o != "solved"] == ["e6"]
    assert outcomes["e6"] == "stuck"
    result = window.map_result()
    assert result["e6"] == 59 and {v for k, v in result.items() if k != "e6"} == {63}
    # Shown: the action checked, the overlay on the board, the legend under it.
    assert window.map_action.isChecked() and window.board.overlay() is window.startmap.layer
    assert window.view.map_legend.isVisible()
    assert "63 of 64 solved" in window.view.map_legend.summary.full_text()
    assert "1 no tour found" in window.view.map_legend.summary.full_text()
    # e6 is marked failed (red); a solved square carries the fast end of the scale.
    assert close(pixel(window.board, "e6"), FAILED_COLOUR)
    assert close(pixel(window.board, "d4"), ramp(1.0))


def test_the_map_of_5x5_plain_equals_the_command_line_sweep(window, qtbot, capsys):
    configure(window, n=5, warnsdorff=False)
    assert map_now(window, qtbot) is True
    assert cli_main(["sweep", "--size", "5", "--heuristic", "none", "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["limit"] == window.startmap.cap_used == 1_000_000
    expected = {
        s["square"]: None if s["outcome"] == "impossible" else s["steps"] for s in data["starts"]
    }
    assert window.map_result() == expected
    assert window.map_outcomes() == {s["square"]: s["outcome"] for s in data["starts"]}
    assert sum(v is None for v in expected.values()) == 12
    assert "limit" in window.map_outcomes().values()  # b4 needs more than a million steps
    # Impossible squares are dark and crossed, squares over the cap hatched grey.
    assert close(pixel(window.board, "b5"), IMPOSSIBLE_COLOUR)


def test_cancel_mid_map_keeps_the_squares_done_and_joins_the_thread(window, qtbot):
    configure(window, n=8, warnsdorff=False)  # plain 8x8: up to a million steps a square
    window.start_map()
    qtbot.waitUntil(lambda: window.startmap.done >= 1, timeout=60_000)
    legend = window.view.map_legend
    assert legend.progress.isVisible() and legend.cancel_button.isVisible()
    with qtbot.waitSignal(window.map_finished) as blocker:
        legend.cancel_button.click()
    assert blocker.args == [False]
    # Cancel returns with the thread joined, in the middle of a square.
    assert not window.startmap.running and window.startmap.job.qthread is None
    kept = window.map_outcomes()
    assert 1 <= len(kept) < 64
    assert "cancelled" not in kept.values()  # only finished squares are kept
    QApplication.processEvents()
    assert window.map_outcomes() == kept  # nothing arrives afterwards
    assert legend.again_button.isVisible() and not legend.cancel_button.isVisible()
    assert legend.summary.full_text().startswith("cancelled")
    tip = window.board.tooltip_at(centre(window.board, "h1"))
    assert tip is not None and tip.startswith("h1: not mapped (the map was cancelled)")


def test_closing_the_window_mid_map_stops_the_thread(window, qtbot):
    configure(window, n=8, warnsdorff=False)
    window.start_map()
    qtbot.waitUntil(lambda: window.startmap.running, timeout=5_000)
    thread = window.startmap.job.qthread
    window.close()
    assert not thread.isRunning() and not window.startmap.running


# Showing a tooltip raises its window: the offscreen platform's notice, not from our code.
@pytest.mark.qt_log_ignore("This plugin does not support raise")
def test_hovering_a_square_tells_its_figure_and_outcome(window, qtbot):
    configure(window, n=8, **GREEDY)
    map_now(window, qtbot)
    board = window.board
    tip = board.tooltip_at(centre(board, "e6"))
    assert tip is not None and tip.startswith("e6: stuck after 59 steps, no tour")
    assert "Click to start here." in tip
    assert board.tooltip_at(centre(board, "a1")).startswith("a1: tour found in 63 steps")
    assert board.tooltip_at(QPointF(1, 1)) is None  # off the board
    # Through Qt's tooltip event, as a pause of the mouse would.
    pos = centre(board, "e6").toPoint()
    event = QHelpEvent(QEvent.Type.ToolTip, pos, board.mapToGlobal(pos))
    QApplication.sendEvent(board, event)
    assert QToolTip.text() == tip
    QToolTip.hideText()
    # No map, no tooltip.
    window.map_action.setChecked(False)
    assert board.overlay() is None and board.tooltip_at(centre(board, "e6")) is None


def test_impossible_squares_say_why(window, qtbot):
    configure(window, n=5, **GREEDY)
    map_now(window, qtbot)
    tip = window.board.tooltip_at(centre(window.board, "b5"))
    assert tip.startswith("b5: no tour can exist here, nothing searched.")
    assert "odd number of squares" in tip


def test_clicking_a_square_makes_it_the_start(window, qtbot):
    configure(window, n=8, **GREEDY)
    map_now(window, qtbot)
    before = window.map_result()
    pos = centre(window.board, "e6").toPoint()
    QTest.mouseClick(window.board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)
    assert window.session.start == 2 * 8 + 4 and window.board.start_square() == (2, 4)
    assert "e6" in window.status_text()
    assert window.board.overlay() is not None and window.map_result() == before


def test_new_settings_map_again_and_queens_has_no_map(window, qtbot):
    configure(window, n=8, **GREEDY)
    map_now(window, qtbot)
    with qtbot.waitSignal(window.map_finished, timeout=60_000):
        configure(window, n=6, **GREEDY)
        # At once: nothing of the 8x8 map is left.
        assert "h8" not in window.map_result() and window.startmap.rows == 6
    assert len(window.map_result()) == 36 and window.startmap.settings.rows == 6
    assert window.view.map_legend.title.full_text().startswith("Map of 6×6 · Warnsdorff")
    configure(window, "queens", n=8)
    assert not window.map_action.isEnabled() and not window.map_action.isChecked()
    assert "N-Queens" in window.map_action.toolTip()
    assert window.board.overlay() is None and not window.view.map_legend.isVisible()
    window.start_map()  # ignored: no start square
    assert not window.startmap.shown
    configure(window, n=6, **GREEDY)
    assert window.map_action.isEnabled() and not window.startmap.shown


def test_toggling_the_action_off_hides_the_map(window, qtbot):
    configure(window, n=6, **GREEDY)
    with qtbot.waitSignal(window.map_finished, timeout=60_000):
        window.map_action.trigger()
    assert window.map_action.isChecked() and window.startmap.shown
    window.map_action.trigger()
    assert not window.startmap.shown and window.map_result() == {}
    assert window.board.overlay() is None and not window.view.map_legend.isVisible()


def test_the_cap_is_settable_and_shown(window, qtbot):
    configure(window, n=5, warnsdorff=False)
    window.startmap.set_cap(2_000)  # before any map: kept for the next
    assert window.view.map_legend.cap_spin.value() == 2_000
    assert map_now(window, qtbot) is True
    outcomes, result = window.map_outcomes(), window.map_result()
    limited = [k for k, v in outcomes.items() if v == "limit"]
    assert limited and all(result[k] == 2_000 for k in limited)
    assert any(text == "2k (cap)" for _, text in window.view.map_legend.bar.tick_labels())
    assert window.board.tooltip_at(centre(window.board, limited[0])).startswith(
        f"{limited[0]}: no tour within the cap of 2,000 steps"
    )
    with qtbot.waitSignal(window.map_finished, timeout=60_000):
        window.view.map_legend.cap_spin.setValue(5_000)  # maps again with the new cap
    assert window.startmap.cap_used == 5_000
    assert all(v <= 5_000 for v in window.map_result().values() if v is not None)


def test_two_maps_at_once_one_per_board(qtbot):
    """The race shows a plain and a Warnsdorff map side by side: two independent maps."""
    puzzle = KnightPuzzle()
    boards = [BoardWidget(), BoardWidget()]
    maps = [StartMap(b) for b in boards]
    legends = [StartMapLegend(m) for m in maps]
    for w in boards + legends:
        qtbot.addWidget(w)
    plain = KnightSettings(6, 6, warnsdorff=False)
    guided = KnightSettings(6, 6)
    for board in boards:
        board.set_model(BoardModel(6, 6, (0,)))
    with qtbot.waitSignals([m.map_finished for m in maps], timeout=60_000):
        maps[0].start(puzzle, plain, cap=50_000)
        maps[1].start(puzzle, guided, cap=50_000)
    assert all(b.overlay() is m.layer for b, m in zip(boards, maps, strict=True))
    slow, fast = (m.result() for m in maps)
    assert set(slow) == set(fast) and len(fast) == 36
    assert min(fast.values()) == 35 and sum(fast.values()) < sum(slow.values())
    assert not any(m.running for m in maps)


@pytest.mark.parametrize(
    ("steps", "text"),
    [
        (0, "0"),
        (63, "63"),
        (999, "999"),
        (1000, "1k"),
        (1234, "1.2k"),
        (9960, "10k"),
        (34_567, "35k"),
        (999_999, "1M"),
        (3_400_000, "3.4M"),
        (16_501_401, "17M"),
        (2_000_000_000, "2G"),
    ],
)
def test_compact_figures(steps, text):
    assert compact(steps) == text


def test_the_log_scale_runs_from_a_tour_without_backtracking_to_the_cap():
    scale = LogScale(64, 1_000_000)
    assert scale.ticks() == [63, 100, 1000, 10_000, 100_000, 1_000_000]
    assert scale.fraction(63) == 0.0 and scale.fraction(1_000_000) == 1.0
    assert 0.0 < scale.fraction(1000) < scale.fraction(10_000) < 1.0
    assert close(scale.colour(63), ramp(1.0)) and close(scale.colour(1_000_000), ramp(0.0))


def test_a_run_on_the_board_dims_the_map_and_reset_brings_it_back(window, qtbot):
    configure(window, n=8, **GREEDY)
    map_now(window, qtbot)
    window.board.repaint()
    qtbot.waitUntil(lambda: window.view.map_legend.piece_label.text() == "a8: tour in 63 steps")
    assert close(pixel(window.board, "d4"), ramp(1.0))
    set_speed(window, UNLIMITED)
    start_and_finish(window, qtbot)
    assert not close(pixel(window.board, "d4"), ramp(1.0))  # the tour shows through
    assert window.board.tooltip_at(centre(window.board, "e6")).startswith("e6: stuck")
    window.reset()
    assert close(pixel(window.board, "d4"), ramp(1.0))
