"""The board widget: geometry, dragging, clicking, arrow keys, and what it paints."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtTest import QTest

from knightviz.gui.board import BoardWidget
from knightviz.gui.model import BoardModel


def centre(board: BoardWidget, row: int, col: int) -> QPoint:
    return board.square_rect(row, col).center().toPoint()


def drag(board: BoardWidget, src: QPoint, dst: QPoint) -> None:
    """Press, move in a few steps (the piece follows), release: a user's drag."""
    QTest.mousePress(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, src)
    for k in range(1, 6):
        p = src + (dst - src) * (k / 5)
        QTest.mouseMove(board, p)
    QTest.mouseRelease(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, dst)


def test_geometry_round_trips(qtbot):
    board = BoardWidget(BoardModel(5, 7, (0,)))
    qtbot.addWidget(board)
    board.resize(500, 400)
    for row in range(5):
        for col in range(7):
            rect = board.square_rect(row, col)
            assert rect.width() == rect.height() > 0
            assert board.square_at(rect.center()) == (row, col)
    outside = board.square_rect(0, 0).topLeft() - QPointF(3, 3)
    assert board.square_at(outside) is None
    assert board.square_at(QPointF(-10, -10)) is None


def test_drag_moves_start(window):
    board = window.board
    assert board.start_square() == (0, 0)
    drag(board, centre(board, 0, 0), centre(board, 4, 3))
    assert board.start_square() == (4, 3)
    assert window.model.path == [4 * 8 + 3]


def test_drag_off_board_puts_piece_back(window):
    board = window.board
    drag(board, centre(board, 0, 0), centre(board, 3, 3))
    off = QPoint(2, board.height() - 2)
    assert board.square_at(QPointF(off)) is None
    drag(board, centre(board, 3, 3), off)
    assert board.start_square() == (3, 3)


def test_piece_follows_cursor_while_dragged(window, qtbot):
    board = window.board
    src, mid = centre(board, 0, 0), centre(board, 3, 5)
    QTest.mousePress(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, src)
    QTest.mouseMove(board, src + QPoint(10, 10))
    QTest.mouseMove(board, mid)
    image = board.grab().toImage()
    assert count_knight_pixels(image, board, 3, 5) > 20
    QTest.mouseRelease(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, mid)
    assert board.start_square() == (3, 5)


def test_click_moves_start_when_idle(window):
    board = window.board
    QTest.mouseClick(board, Qt.MouseButton.LeftButton, pos=centre(board, 6, 2))
    assert board.start_square() == (6, 2)


def test_arrow_keys_move_start(window):
    board = window.board
    board.setFocus()
    QTest.keyClick(board, Qt.Key.Key_Down)
    QTest.keyClick(board, Qt.Key.Key_Down)
    QTest.keyClick(board, Qt.Key.Key_Right)
    assert board.start_square() == (2, 1)
    QTest.keyClick(board, Qt.Key.Key_Up)
    QTest.keyClick(board, Qt.Key.Key_Left)
    QTest.keyClick(board, Qt.Key.Key_Left)  # clamped at the edge
    assert board.start_square() == (1, 0)
    assert window.controller.running is False  # Right moved the knight, it did not step


def test_drag_refused_while_running(window, qtbot):
    window.panel.speed_slider.setValue(10)  # slow: the run is still going
    window.start_or_pause()
    board = window.board
    with qtbot.waitSignal(board.drag_refused, timeout=1000):
        drag(board, centre(board, *board.piece_square()), centre(board, 5, 5))
    assert board.start_square() == (0, 0)
    assert "Reset" in window.statusBar().currentMessage()
    window.reset()


KNIGHT_BODY = QColor("#26221f")


def count_knight_pixels(image: QImage, board: BoardWidget, row: int, col: int) -> int:
    """Pixels of the knight's dark body inside a square (scaled for the image's DPR)."""
    dpr = image.devicePixelRatio()
    rect = board.square_rect(row, col)
    count = 0
    for y in range(int(rect.top() * dpr) + 1, int(rect.bottom() * dpr) - 1, 2):
        for x in range(int(rect.left() * dpr) + 1, int(rect.right() * dpr) - 1, 2):
            c = image.pixelColor(x, y)
            if (
                abs(c.red() - KNIGHT_BODY.red()) < 12
                and abs(c.green() - KNIGHT_BODY.green()) < 12
                and abs(c.blue() - KNIGHT_BODY.blue()) < 12
            ):
                count += 1
    return count


def test_knight_drawn_where_start_square_says(window):
    board = window.board
    drag(board, centre(board, 0, 0), centre(board, 5, 6))
    image = board.grab().toImage()
    start = board.start_square()
    assert start == (5, 6)
    assert count_knight_pixels(image, board, *start) > 50
    for row, col in [(0, 0), (5, 5), (4, 6), (7, 7)]:
        assert count_knight_pixels(image, board, row, col) == 0


def dark_text_pixels(image: QImage, board: BoardWidget, row: int, col: int) -> int:
    """Pixels of number text (dark grey) in the middle of a square."""
    dpr = image.devicePixelRatio()
    rect = board.square_rect(row, col)
    c = rect.center()
    half = rect.width() * 0.2
    count = 0
    for y in range(int((c.y() - half) * dpr), int((c.y() + half) * dpr)):
        for x in range(int((c.x() - half) * dpr), int((c.x() + half) * dpr)):
            p = image.pixelColor(x, y)
            if p.red() < 110 and p.green() < 110 and p.blue() < 110:
                count += 1
    return count


def test_visited_square_shows_its_number(qtbot):
    model = BoardModel(5, 5, (0,))
    board = BoardWidget(model)
    qtbot.addWidget(board)
    board.resize(500, 500)
    board.show()
    qtbot.waitExposed(board)
    before = board.grab().toImage()
    model.apply([7, 14])  # a8 → c7 → e6: moves 1 and 2
    after = board.grab().toImage()
    assert dark_text_pixels(before, board, 1, 2) == 0
    assert dark_text_pixels(after, board, 1, 2) > 10  # "1" on c7
    assert dark_text_pixels(after, board, 0, 0) > 10  # "0" on the start square
    assert dark_text_pixels(after, board, 4, 4) == 0  # unvisited: no number
    model.apply([~14, ~7])
    back = board.grab().toImage()
    assert dark_text_pixels(back, board, 1, 2) == 0


def test_numbers_hidden_on_small_squares_path_still_drawn(qtbot):
    model = BoardModel(60, 60, (0,))
    board = BoardWidget(model)
    qtbot.addWidget(board)
    board.resize(500, 500)
    model.apply([62, 4])
    assert board.square_size() < 18
    image = board.grab().toImage()
    assert not image.isNull()


def test_static_board_cached_at_device_pixel_ratio(qtbot):
    board = BoardWidget(BoardModel(8, 8, (0,)))
    qtbot.addWidget(board)
    board.resize(400, 400)
    board.grab()
    assert board._static is not None
    assert board._static.devicePixelRatio() == board.devicePixelRatioF()
    first = board._static
    board.grab()
    assert board._static is first  # not rebuilt per paint


def test_queen_mode_draws_every_placed_piece_without_path(qtbot):
    """N-Queens will reuse the widget: place = x, remove = ~x, no initial squares."""
    model = BoardModel(4, 4, ())
    board = BoardWidget(model)
    board.set_piece("queen")
    qtbot.addWidget(board)
    board.resize(400, 400)
    model.apply([1, 7, 8, 14])  # the 4-queens solution, row by row
    image = board.grab().toImage()
    for sq in (1, 7, 8, 14):
        assert count_knight_pixels(image, board, *divmod(sq, 4)) > 5  # a dark piece glyph
    assert count_knight_pixels(image, board, 0, 0) == 0
