"""Any board, any leaper: Edit board, presets, the Piece box, verdicts on the
board, and a run on a shaped board through the history, export and a saved file."""

from __future__ import annotations

import json
from itertools import pairwise

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtTest import QTest

from knightviz.engine import Outcome
from knightviz.engine.board import Board, Shape

from .automation import history_cell
from .conftest import UNLIMITED, child, configure, place, set_speed, start_and_finish
from .test_export import cli_out, exported


def centre(window, row, col):
    return window.board.square_rect(row, col).center().toPoint()


def click(window, row, col):
    QTest.mouseClick(window.board, Qt.MouseButton.LeftButton, pos=centre(window, row, col))


def holes(window) -> frozenset[int]:
    return window.session.settings.shape.holes


def pixel(window, row, col) -> QColor:
    image = window.board.grab().toImage()
    point = centre(window, row, col)
    dpr = window.board.devicePixelRatioF()
    return image.pixelColor(int(point.x() * dpr), int(point.y() * dpr))


def test_edit_board_removes_and_restores_squares_by_click_and_drag(window, qtbot):
    configure(window, "knight", rows=6, cols=6)
    action = child(window, "editBoardAction")
    assert action.isCheckable() and not action.isChecked()
    before = pixel(window, 2, 2)
    action.trigger()
    assert window.board.editing()
    click(window, 2, 2)
    assert holes(window) == {2 * 6 + 2}
    window_colour = window.board.palette().color(QPalette.ColorRole.Window)
    assert pixel(window, 2, 2) == window_colour != before  # drawn absent, not a dark square
    # A drag from a square on the board removes every square it passes.
    board = window.board
    QTest.mousePress(board, Qt.MouseButton.LeftButton, pos=centre(window, 4, 0))
    for col in (1, 2, 3):
        QTest.mouseMove(board, centre(window, 4, col))
    QTest.mouseRelease(board, Qt.MouseButton.LeftButton, pos=centre(window, 4, 3))
    assert holes(window) == {14, 24, 25, 26, 27}
    # A stroke that starts on a removed square restores.
    QTest.mousePress(board, Qt.MouseButton.LeftButton, pos=centre(window, 4, 1))
    QTest.mouseMove(board, centre(window, 4, 2))
    QTest.mouseRelease(board, Qt.MouseButton.LeftButton, pos=centre(window, 4, 2))
    assert holes(window) == {14, 24, 27}
    # Off: a click moves the piece again, never onto a removed square.
    action.trigger()
    click(window, 2, 2)
    assert window.session.start != 14
    click(window, 5, 5)
    assert window.session.start == 35


def test_removing_the_start_square_moves_the_piece(window):
    configure(window, "knight", rows=5, cols=5)
    place(window, 0, 0)
    child(window, "editBoardAction").trigger()
    click(window, 0, 0)
    assert holes(window) == {0} and window.session.start == 1


def test_presets_and_the_size_controls_keep_the_holes_inside(window):
    configure(window, "knight", rows=8, cols=8)
    child(window, "presetCornersAction").trigger()
    assert holes(window) == {0, 7, 56, 63}
    child(window, "presetCentreAction").trigger()
    assert holes(window) == {27, 28, 35, 36}
    child(window, "presetCrossAction").trigger()
    assert len(holes(window)) == 16 and 0 in holes(window) and 27 not in holes(window)
    child(window, "presetRingAction").trigger()
    assert holes(window) == {r * 8 + c for r in range(2, 6) for c in range(2, 6)}
    child(window, "presetCornersAction").trigger()
    child(window, "squareCheck").setChecked(False)
    child(window, "colsSpin").setValue(6)  # (0, 7) and (7, 7) are outside now
    assert holes(window) == {0, 7 * 6}
    child(window, "colsSpin").setValue(8)  # they stay dropped; those inside kept
    assert holes(window) == {0, 56}
    child(window, "presetFullAction").trigger()
    assert holes(window) == frozenset()


def test_the_camel_gets_its_verdict_and_its_squares_marked(window):
    configure(window, "knight", rows=8, cols=8)
    combo = child(window, "pieceCombo")
    assert [combo.itemData(i) for i in range(combo.count())] == [
        "knight",
        "camel",
        "zebra",
        "giraffe",
        "custom",
    ]
    combo.setCurrentIndex(combo.findData("camel"))
    assert window.session.settings.leaper == "camel"
    text = child(window, "verdictLabel").text()
    assert "never leaves its colour" in text and "b8" in text
    marked = window.board.marked()
    assert len(marked) == 32 and 1 in marked and 0 not in marked
    # The code panel lists the camel's moves, in the knight's order scaled to (1, 3).
    assert "MOVES = [(3, 1), (1, 3), (-1, 3)," in child(window, "codeView").toPlainText()
    combo.setCurrentIndex(combo.findData("knight"))
    assert window.board.marked() == frozenset()


def test_a_custom_leaper_from_the_spin_boxes(window):
    combo = child(window, "pieceCombo")
    a, b = child(window, "leaperASpin"), child(window, "leaperBSpin")
    combo.setCurrentIndex(combo.findData("custom"))
    assert a.isVisible() and b.isVisible()
    a.setValue(2)
    b.setValue(5)
    assert window.session.settings.leaper == "2,5"
    a.setValue(6)  # b follows: never below a
    assert b.value() >= 6 and window.session.settings.shape.leaper == (6, b.value())
    combo.setCurrentIndex(combo.findData("zebra"))
    assert not a.isVisible()


def test_a_zebra_tour_on_a_board_with_a_hole_through_history_export_and_file(
    window, qtbot, tmp_path
):
    configure(window, "knight", rows=10, cols=10, leaper="zebra", holes="44,45")
    place(window, 0, 2)
    set_speed(window, UNLIMITED)
    result = start_and_finish(window, qtbot)
    assert result.outcome is Outcome.SOLVED
    board = Board(10, 10, Shape(frozenset({44, 45}), (2, 3)))
    tour = window.session.model.path
    assert sorted(tour) == [sq for sq in range(100) if sq not in (44, 45)]
    assert all(
        sorted((abs(x // 10 - y // 10), abs(x % 10 - y % 10))) == [2, 3] for x, y in pairwise(tour)
    )
    # Export: the command line's bytes for the same board.
    cli = ["--size", "10", "--holes", "e6,f6", "--leaper", "zebra", "--start", "c10"]
    assert exported(window, tmp_path, "c") == cli_out("solve", *cli, "--format", "c")
    ours = json.loads(exported(window, tmp_path, "json", ".json"))
    assert ours["holes"] == [[4, 4], [4, 5]] and ours["leaper"] == [2, 3]
    assert board.area == 98 == len(tour)
    # The history says so, and keeps the shape: a row brought back restores board and piece.
    assert history_cell(window, 0, "Board") == "10×10 − 2, zebra (2, 3)"
    configure(window, "knight", rows=8, cols=8)
    assert holes(window) == frozenset()
    window.history.record_activated.emit(window.history.records()[-1])
    assert window.session.settings.holes == "44,45"
    assert window.session.settings.leaper == "zebra"
    assert window.board.holes() == {44, 45}
    assert child(window, "pieceCombo").currentData() == "zebra"
    # Save and open: the file keeps the shape too.
    path = str(tmp_path / "zebra.knightviz")
    assert window.file_menu.save_run(path)
    configure(window, "knight", rows=8, cols=8)
    assert window.file_menu.open_run(path)
    assert window.session.settings.holes == "44,45" and window.session.settings.leaper == "zebra"


def test_the_start_map_skips_removed_squares(window, qtbot):
    configure(window, "knight", rows=5, cols=5, holes="12")
    child(window, "mapAction").setChecked(True)
    startmap = window.view.startmap
    qtbot.waitUntil(lambda: startmap.total and len(startmap.runs()) == 24, timeout=60_000)
    assert 12 not in startmap.runs()


def test_timeline_and_stack_on_a_board_with_a_hole(window, qtbot):
    """Plain backtracking on 5x5 less c3 from a5: back along the timeline, the board and the
    stack never hold the removed square, and the stack's candidates are the knight's moves
    on this board."""
    configure(window, "knight", rows=5, cols=5, warnsdorff=False, holes="12")
    place(window, 0, 0)
    set_speed(window, UNLIMITED)
    result = start_and_finish(window, qtbot)
    assert result.outcome is Outcome.SOLVED and result.steps == 60_231
    assert "if move == SQUARES:" in child(window, "codeView").toPlainText()
    table = Board(5, 5, Shape(frozenset({12}))).neighbours()
    for step in (1, 100, 5_000, 60_000):
        window.seek(step)
        assert window.session.model.steps == step
        path = window.session.model.path
        assert 12 not in path and len(set(path)) == len(path) and path[0] == 0
        stack = window.session.display_stack()
        assert stack is not None and len(stack) == len(path)
        for level in stack:
            assert 12 not in level.candidates
            assert set(level.candidates) <= set(table[level.square])
