"""The board widget: geometry, dragging, clicking, arrow keys, and what it paints."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtTest import QTest

from knightviz.gui.board.geometry import BoardGeometry, TextMetrics
from knightviz.gui.board.model import BoardModel
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.puzzles.knight import KnightPuzzle
from knightviz.gui.puzzles.queens import QueensPuzzle

from .conftest import configure, set_speed


def centre(board: BoardWidget, row: int, col: int) -> QPoint:
    return board.square_rect(row, col).center().toPoint()


def drag(board: BoardWidget, src: QPoint, dst: QPoint) -> None:
    """Press, move in a few steps (the piece follows), release: a user's drag."""
    QTest.mousePress(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, src)
    for k in range(1, 6):
        p = src + (dst - src) * (k / 5)
        QTest.mouseMove(board, p)
    QTest.mouseRelease(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, dst)


def knight_board(qtbot, model: BoardModel, size: int = 500) -> BoardWidget:
    board = BoardWidget(model)
    board.set_layers(KnightPuzzle().create_layers())
    qtbot.addWidget(board)
    board.resize(size, size)
    return board


# -- geometry (no painting) ---------------------------------------------------------------------


def test_geometry_round_trips():
    g = BoardGeometry(500, 400, 5, 7, TextMetrics())
    for row in range(5):
        for col in range(7):
            rect = g.square_rect(row, col)
            assert rect.width() == rect.height() > 0
            assert g.square_at(rect.center()) == (row, col)
            assert g.rects[row * 7 + col] == rect
    outside = g.square_rect(0, 0).topLeft() - QPointF(3, 3)
    assert g.square_at(outside) is None
    assert g.square_at(QPointF(-10, -10)) is None
    assert g.square_at(g.board.bottomRight() + QPointF(1, 1)) is None


def _inside(inner: QRectF, width: float, height: float) -> bool:
    eps = 1e-6
    return (
        inner.left() >= -eps
        and inner.top() >= -eps
        and inner.right() <= width + eps
        and inner.bottom() <= height + eps
    )


@pytest.mark.parametrize(
    ("rows", "cols", "w", "h"),
    [
        (8, 8, 600, 600),
        (45, 45, 600, 600),
        (65, 65, 700, 700),
        (100, 100, 900, 900),
        (100, 100, 300, 300),
        (1, 100, 800, 500),
        (100, 1, 500, 800),
        (1, 1, 240, 240),
        (3, 97, 640, 480),
        (30, 30, 700, 700),
    ],
)
def test_labels_never_clipped_never_overlapping(rows, cols, w, h):
    """Defect 1: on big boards, fewer labels, never clipped ones."""
    metrics = TextMetrics(label_height=15.0, label_digit=7.5, label_letter=8.5)
    g = BoardGeometry(w, h, rows, cols, metrics)
    labels = g.file_labels() + g.rank_labels()
    assert labels, "at least one label on each side"
    for text, rect in labels:
        assert _inside(rect, w, h), (text, rect)
        needed = (metrics.label_letter if text.isalpha() else metrics.label_digit) * len(text)
        assert rect.width() + 0.01 >= needed, f"{text!r} does not fit its rect"
        assert rect.height() + 0.01 >= metrics.label_height
    for i, (_, a) in enumerate(labels):
        for _, b in labels[i + 1 :]:
            overlap = a.intersected(b)
            assert overlap.width() * overlap.height() < 1e-6, (a, b)
    # Files labelled: a first; ranks: 1 first; steps are "nice".
    files = [t for t, _ in g.file_labels()]
    assert files[0] == "a"
    ranks = [t for t, _ in g.rank_labels()]
    assert ranks[0] == "1"


def test_every_square_labelled_on_an_ordinary_board():
    g = BoardGeometry(600, 600, 8, 8, TextMetrics())
    assert g.file_step() == g.rank_step() == 1
    assert [t for t, _ in g.file_labels()][::2] == list("abcdefgh")


def test_numbers_only_where_they_fit():
    """Defect 2: three-digit numbers on 30×30 either fit their disc or are not drawn."""
    m = TextMetrics(number_digit_per_px=0.62)
    for side, w in ((8, 600), (30, 700), (30, 1400), (100, 900), (10, 500)):
        g = BoardGeometry(w, w, side, side, m)
        px = g.number_px(side * side - 1)
        if px is None:
            continue
        bw, bh = g.number_box(px, len(str(side * side - 1)))
        assert bw <= g.square * 0.9 + 0.01 and bh <= g.square * 0.9 + 0.01, (side, w, px)
        assert px >= 7
    assert BoardGeometry(600, 600, 8, 8, m).number_px(63) is not None
    assert BoardGeometry(900, 900, 100, 100, m).number_px(9999) is None


# -- the widget ---------------------------------------------------------------------------------


def test_drag_moves_start(window):
    board = window.board
    assert board.start_square() == (0, 0)
    drag(board, centre(board, 0, 0), centre(board, 4, 3))
    assert board.start_square() == (4, 3)
    assert window.model.path == [4 * 8 + 3]
    assert window.session.start == 4 * 8 + 3


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
    assert count_dark_pixels(image, board, 3, 5) > 20
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
    set_speed(window, 2)  # slow: the run is still going
    window.start_or_pause()
    board = window.board
    with qtbot.waitSignal(board.drag_refused, timeout=1000):
        drag(board, centre(board, *board.piece_square()), centre(board, 5, 5))
    assert board.start_square() == (0, 0)
    assert "Reset" in window.statusBar().currentMessage()
    window.reset()


KNIGHT_BODY = QColor("#26221f")


def count_dark_pixels(image: QImage, board: BoardWidget, row: int, col: int) -> int:
    """Pixels of a piece's dark body inside a square (scaled for the image's DPR)."""
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
    assert count_dark_pixels(image, board, *start) > 50
    for row, col in [(0, 0), (5, 5), (4, 6), (7, 7)]:
        assert count_dark_pixels(image, board, row, col) == 0


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
    board = knight_board(qtbot, model)
    board.show()
    qtbot.waitExposed(board)
    before = board.grab().toImage()
    model.apply([7, 14])  # a5 → c4 → e3: moves 1 and 2
    after = board.grab().toImage()
    assert dark_text_pixels(before, board, 1, 2) == 0
    assert dark_text_pixels(after, board, 1, 2) > 10  # "1" on c4
    assert dark_text_pixels(after, board, 0, 0) > 10  # "0" on the start square
    assert dark_text_pixels(after, board, 4, 4) == 0  # unvisited: no number
    model.apply([~14, ~7])
    back = board.grab().toImage()
    assert dark_text_pixels(back, board, 1, 2) == 0


def test_no_numbers_when_they_would_not_fit(qtbot):
    model = BoardModel(60, 60, (0,))
    board = knight_board(qtbot, model)
    model.apply([62, 4])
    g = board.board_geometry()
    assert g.number_px(model.size - 1) is None
    with_numbers = board.grab().toImage()
    board.set_layers(
        [
            layer
            for layer in KnightPuzzle().create_layers()
            if type(layer).__name__ != "NumbersLayer"
        ]
    )
    assert board.grab().toImage() == with_numbers  # the numbers layer drew nothing


def test_current_square_marker_visible_on_100x100(qtbot):
    """Defect 2: on 100×100 the knight and its marker stay visible (bigger than a square)."""
    model = BoardModel(100, 100, (0,))
    board = knight_board(qtbot, model, 900)
    model.apply([2 * 100 + 1, 4 * 100 + 2, 6 * 100 + 3, 8 * 100 + 4])
    image = board.grab().toImage()
    row, col = 8, 4
    s = board.square_size()
    assert s < 10
    # The knight is drawn at least 18 px wide: dark pixels around its square, not only in it.
    c = board.square_rect(row, col).center()
    dpr = image.devicePixelRatio()
    dark = 0
    for y in range(int((c.y() - 9) * dpr), int((c.y() + 9) * dpr)):
        for x in range(int((c.x() - 9) * dpr), int((c.x() + 9) * dpr)):
            p = image.pixelColor(x, y)
            if p.red() < 60 and p.green() < 60 and p.blue() < 60:
                dark += 1
    assert dark > 40 * dpr * dpr


def test_static_board_cached_at_device_pixel_ratio(qtbot):
    board = knight_board(qtbot, BoardModel(8, 8, (0,)), 400)
    board.grab()
    squares = board.layers()[0]
    first = squares._pixmap
    assert first is not None
    assert first.devicePixelRatio() == board.devicePixelRatioF()
    board.grab()
    assert squares._pixmap is first  # not rebuilt per paint
    board.resize(420, 420)
    board.grab()
    assert squares._pixmap is not first  # rebuilt for the new size


def test_queens_drawn_with_the_svg_piece(qtbot):
    model = BoardModel(4, 4, ())
    board = BoardWidget(model)
    board.set_layers(QueensPuzzle().create_layers())
    board.set_movable_start(False)
    qtbot.addWidget(board)
    board.resize(400, 400)
    model.apply([13, 11, 4, 2])  # b1 d2 a3 c4: a 4-queens solution, rank by rank
    image = board.grab().toImage()
    for sq in (13, 11, 4, 2):
        assert count_dark_pixels(image, board, *divmod(sq, 4)) > 20
    assert count_dark_pixels(image, board, 0, 0) == 0
    assert board.start_square() == (0, 0)  # no start for queens: never dragged


def test_small_board_path_draws_only_a_tail(qtbot):
    """On tiny squares the path is a fading tail, not the whole moiré."""
    from knightviz.engine import run, tour_search
    from knightviz.gui.puzzles.knight_paint import FULL_PATH_MIN, TAIL

    tour = run(tour_search(60, 60, 0, tie_break="roth")).solution
    model = BoardModel(60, 60, tour[:1])
    model.apply(tour[1:])
    board = knight_board(qtbot, model, 500)
    assert board.square_size() < FULL_PATH_MIN
    image = board.grab().toImage()
    dpr = image.devicePixelRatio()
    early = board.square_rect(*divmod(tour[len(tour) // 3], 60)).center()
    late = board.square_rect(*divmod(tour[-TAIL // 2], 60)).center()

    def path_pixels(c: QPointF) -> int:
        n = 0
        for y in range(int((c.y() - 2) * dpr), int((c.y() + 2) * dpr)):
            for x in range(int((c.x() - 2) * dpr), int((c.x() + 2) * dpr)):
                p = image.pixelColor(x, y)
                if p.blue() > p.red() + 25 and p.red() < 120:
                    n += 1
        return n

    assert path_pixels(late) > 0
    assert path_pixels(early) == 0


def test_window_board_layers_follow_the_puzzle(window):
    names = {type(layer).__name__ for layer in window.board.layers()}
    assert {"PathLayer", "NumbersLayer", "DegreesLayer", "KnightLayer"} <= names
    configure(window, "queens")
    names = {type(layer).__name__ for layer in window.board.layers()}
    assert {"AttackLayer", "RejectLayer", "QueensLayer"} <= names
    assert "KnightLayer" not in names


# -- big boards: the knight and its ring drawn bigger than a square, inside the board -----------


def edge_squares(n: int) -> list[tuple[int, int]]:
    """The four corners, the middle of each edge, and the squares next to the corners."""
    last, mid = n - 1, n // 2
    squares = {(0, 0), (0, last), (last, 0), (last, last)}
    squares |= {(0, mid), (mid, 0), (last, mid), (mid, last)}
    squares |= {(1, 1), (0, 1), (1, 0), (last - 1, last), (last, last - 1), (last - 1, last - 1)}
    return sorted(squares)


@pytest.mark.parametrize(("n", "side"), [(50, 700), (100, 700), (100, 500), (50, 380)])
def test_the_knight_and_its_ring_fit_inside_the_board_on_every_edge_square(n, side):
    """Both are drawn bigger than a square on big boards so they are seen; on an edge or a
    corner square they are moved in, still covering the square, never past the board."""
    from knightviz.gui.board.layers import marker_rect
    from knightviz.gui.puzzles.knight_paint import piece_rect

    g = BoardGeometry(side, side, n, n, TextMetrics())
    assert g.square < 14  # the ring and the piece are bigger than the square here
    board = g.board.adjusted(-1e-6, -1e-6, 1e-6, 1e-6)
    every_edge = [(r, c) for r in range(n) for c in range(n) if r in (0, n - 1) or c in (0, n - 1)]
    for row, col in every_edge:
        square = row * n + col
        cell = g.square_rect(row, col).adjusted(1e-6, 1e-6, -1e-6, -1e-6)
        for name, rect in (("piece", piece_rect(g, square)), ("ring", marker_rect(g, square))):
            assert board.contains(rect), (name, row, col, rect, g.board)
            assert rect.contains(cell), (name, row, col)  # still around its own square
            assert rect.width() > g.square  # and still bigger than it


def _outside_the_board(image: QImage, board: BoardWidget) -> list[QImage]:
    """The image's four bands around the board (labels and background), 2 px off its edge."""
    dpr = image.devicePixelRatio()
    b = board.board_geometry().board
    left, top = int((b.left() - 2) * dpr), int((b.top() - 2) * dpr)
    right, bottom = int((b.right() + 2) * dpr) + 1, int((b.bottom() + 2) * dpr) + 1
    w, h = image.width(), image.height()
    return [
        image.copy(0, 0, w, top),
        image.copy(0, bottom, w, h - bottom),
        image.copy(0, 0, left, h),
        image.copy(right, 0, w - right, h),
    ]


@pytest.mark.parametrize("n", [50, 100])
def test_nothing_of_the_knight_is_painted_past_the_board_edge(qtbot, n):
    """On each edge and corner square the pixels around the board are those of a board with
    the knight in the middle: neither the piece nor its ring spills onto the labels' bands."""
    model = BoardModel(n, n, ((n // 2) * n + n // 2,))
    board = knight_board(qtbot, model, 700)
    assert board.square_size() < 14
    reference = _outside_the_board(board.grab().toImage(), board)
    for row, col in edge_squares(n):
        model.reset((row * n + col,))
        around = _outside_the_board(board.grab().toImage(), board)
        assert around == reference, (row, col)
