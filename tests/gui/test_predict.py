"""The "your turn" mode (``predictAction``): the learner predicts each step, answering on
the board (a click) or with B (back); scripted right and wrong answers on 5x5 plain and
6-queens against the engine's own events, the score and the wording, pausing and stepping
back inside the mode, the score in the run's history row, and Chinese."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from knightviz.engine import Board, make_queens_search, tour_search

from .automation import (
    UNLIMITED_SLIDER,
    child,
    click,
    eventually,
    history_cell,
    history_column,
    run_to_end,
    set_slider_speed,
    setup,
)


def engine_events(search, n: int) -> list[int]:
    out: list[int] = []
    while len(out) < n and (chunk := search.advance(4096)):
        out.extend(chunk)
    return out[:n]


def click_square(window, square: int) -> None:
    board = window.board
    row, col = divmod(square, window.session.settings.cols)
    centre = board.square_rect(row, col).center()
    QTest.mouseClick(board, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y())))


def asked_at(window, qtbot, position: int) -> None:
    p = window.view.predictor
    eventually(
        qtbot,
        lambda: p.asking and p.question.position == position,
        lambda: (
            f"no question at step {position}: position {window.session.position}, "
            f"asking {p.asking}, banner {child(window, 'predictionLabel').text()!r}"
        ),
        timeout=5000,
    )


def answer(window, qtbot, event: int, guess: int | None = None) -> None:
    """Answer the open question with ``guess`` (default: right) and wait for the step."""
    p = window.view.predictor
    at = p.question.position
    guess = event if guess is None else guess
    verdicts = p.verdicts
    if guess < 0:
        QTest.keyClick(window, Qt.Key.Key_B)
    else:
        click_square(window, guess)
    eventually(qtbot, lambda: window.session.position == at + 1, "the step was not taken")
    eventually(qtbot, lambda: p.verdicts == verdicts + 1, "no verdict")


def history_tip(window, row: int, title: str) -> str:
    table = child(window, "historyTable")
    return str(table.item(row, history_column(table, title)).toolTip())


def banner(window) -> str:
    return child(window, "predictionLabel").text()


@pytest.mark.slow
def test_knight_right_wrong_second_try_backtrack_and_step_back(window, qtbot):
    setup(window, "knight", 5, speed=60, warnsdorff=False)
    events = engine_events(tour_search(5, 5, 0, heuristic="none", backend="python"), 2000)
    window.predict_action.trigger()
    assert child(window, "predictionFrame").isVisible()
    QTest.keyClick(window, Qt.Key.Key_Space)
    asked_at(window, qtbot, 0)
    assert "which square does the knight try next" in banner(window)
    # Right: the first free square in the fixed order.
    answer(window, qtbot, events[0])
    assert banner(window).startswith("✓ Right. Move 1: a5 → ")
    assert child(window, "predictionScore").text() == "1 of 1 right, 1 in a row"
    # Wrong first: a second try, with the choices marked (the right one among them).
    asked_at(window, qtbot, 1)
    options = window.view.predictor.question.options
    wrong = next(
        sq for sq in range(25) if sq not in options and sq not in window.board.model().path
    )
    click_square(window, wrong)
    eventually(qtbot, lambda: banner(window).startswith("Not "), "no second try")
    assert window.session.position == 1  # nothing moved
    marked = set(window.board._highlights)
    assert events[1] in marked and set(options) <= marked and wrong in marked
    answer(window, qtbot, events[1])
    assert banner(window).startswith("✗ It was ")  # the first try counts
    assert child(window, "predictionScore").text() == "1 of 2 right, 0 in a row"
    assert window.board._highlights == {}  # the marks go with the question
    # Only backtracks from now on: the moves in between are stepped through unasked.
    child(window, "predictBacktracksAction").trigger()
    first_back = next(i for i, x in enumerate(events) if x < 0 and i >= 2)
    asked_at(window, qtbot, first_back)
    answer(window, qtbot, events[first_back])  # B
    assert banner(window).startswith("✓ Right. ")
    assert child(window, "predictionScore").text() == "2 of 3 right, 1 in a row"
    # Pause: no question while paused; Space goes on.
    next_back = next(i for i, x in enumerate(events) if x < 0 and i > first_back)
    QTest.keyClick(window, Qt.Key.Key_Space)
    eventually(qtbot, lambda: not window.view.predictor.running, "not paused")
    assert not window.view.predictor.asking
    # Step back inside the mode: the same backtrack is asked again.
    here = window.session.position
    QTest.keyClick(window, Qt.Key.Key_Backspace)
    eventually(qtbot, lambda: window.session.position == here - 1, "no step back")
    QTest.keyClick(window, Qt.Key.Key_Space)
    if here - 1 == first_back:
        asked_at(window, qtbot, first_back)
    else:
        asked_at(window, qtbot, next_back)
    # Off: the run stays paused where it is; the banner goes.
    window.predict_action.trigger()
    assert not child(window, "predictionFrame").isVisible()
    assert window.board.picking is False


def test_six_queens_scripted_answers_score_and_history_row(window, qtbot):
    setup(window, "queens", 6, speed=60, all_solutions=True)
    events = engine_events(make_queens_search(6, backend="python"), 14)
    assert any(x < 0 for x in events)  # a removal among them: answered with B
    window.predict_action.trigger()
    QTest.keyClick(window, Qt.Key.Key_Space)
    for i, event in enumerate(events):
        asked_at(window, qtbot, i)
        if i == 0:  # the whole question first, then its short form
            assert "where does the search put the next queen" in banner(window)
        else:
            assert banner(window).endswith("Click its square, or press B for back.")
        if i == 5:  # one wrong first try: a square of the right rank, not the search's
            q = window.view.predictor.question
            wrong = next(sq for sq in range(36) if sq != event and sq not in q.options)
            click_square(window, wrong)
            eventually(qtbot, lambda: banner(window).startswith("Not "), "no second try")
        answer(window, qtbot, event)
        if i == 5:
            assert banner(window).startswith("✗ It ")  # the first try counts
        elif event < 0:
            assert banner(window).startswith("✓ Right. No free file left on rank")
    assert (
        child(window, "predictionScore").text()
        == f"{len(events) - 1} of {len(events)} right, 8 in a row"
    )
    # The hint lists the free squares of the rank being filled.
    child(window, "predictHintAction").trigger()
    asked_at(window, qtbot, len(events))
    assert "Hint: free squares left on this rank" in child(window, "narrationLabel").text()
    # The run's history row carries the score (one row for the session of predictions).
    window.predict_action.trigger()
    setup_speed = child(window, "speedSlider")
    setup_speed.setValue(setup_speed.maximum())
    run_to_end(window, qtbot)
    eventually(qtbot, lambda: window.history.rowCount() == 1, "no history row")
    assert history_cell(window, 0, "Outcome").endswith(
        f" · your turn {len(events) - 1}/{len(events)}"
    )
    assert history_cell(window, 0, "Strategy") == "all solutions · constraint sets"
    assert (
        f"Your turn: {len(events) - 1} of {len(events)} right, best run 8 in a row."
        in history_tip(window, 0, "Outcome")
    )


def test_not_in_a_race_and_chinese(window, qtbot):
    window.predict_action.trigger()
    window.race_action.trigger()
    assert not window.predict_action.isChecked() and not window.predict_action.isEnabled()
    window.race_action.trigger()
    assert window.predict_action.isEnabled()
    setup(window, "knight", 5, speed=20, warnsdorff=True)
    window.predict_action.trigger()
    window.set_language("zh_CN")
    QTest.keyClick(window, Qt.Key.Key_Space)
    asked_at(window, qtbot, 0)
    text = banner(window)
    assert text and not any("a" <= ch <= "z" for ch in text.replace("B", "")), text
    window.set_language("en")


@pytest.mark.slow
def test_a_whole_warnsdorff_tour_predicted_to_its_end(window, qtbot):
    """Every decision of 5x5 Warnsdorff from a5 answered right (by the engine's own
    events): the run ends with the tour, the banner says so, the row has 24 of 24."""
    setup(window, "knight", 5, speed=60, warnsdorff=True)
    events = engine_events(tour_search(5, 5, 0, backend="python"), 100)
    assert len(events) == 24 and all(x >= 0 for x in events)
    window.predict_action.trigger()
    QTest.keyClick(window, Qt.Key.Key_Space)
    for i, event in enumerate(events):
        asked_at(window, qtbot, i)
        answer(window, qtbot, event)
        if i < len(events) - 1:
            assert "fewest onward moves" in banner(window)
    assert banner(window).startswith("✓ Right. Tour complete: all 25 squares visited.")
    eventually(qtbot, lambda: not window.controller.running, "the run did not end")
    eventually(qtbot, lambda: "The search has ended." in banner(window), banner(window))
    assert child(window, "predictionScore").text() == "24 of 24 right, 24 in a row"
    eventually(qtbot, lambda: window.history.rowCount() == 1, "no history row")
    assert history_cell(window, 0, "Outcome") == "solved · your turn 24/24"
    assert "Your turn: 24 of 24 right, best run 24 in a row." in history_tip(window, 0, "Outcome")


# -- asking before telling -----------------------------------------------------------------------


def square_look(window, square: int) -> frozenset[int]:
    """The colours that fill a good part (8 %) of a square, its edge left out, as the screen
    shows them: its own colour, an outline, a badge or a frame; not the antialiased seams
    (which differ with where a square falls between pixels)."""
    board = window.board
    image = board.grab().toImage()
    row, col = divmod(square, window.session.settings.cols)
    rect = board.square_rect(row, col).adjusted(1, 1, -1, -1).toAlignedRect()
    pixels = Counter(
        image.pixel(x, y)
        for y in range(rect.top() + 1, rect.bottom())
        for x in range(rect.left() + 1, rect.right())
    )
    total = sum(pixels.values())
    return frozenset(colour for colour, n in pixels.items() if n >= 0.08 * total)


def free_square_like(window, square: int, avoid) -> int:
    """A square of ``square``'s colour far from the path and from ``avoid``: how a square
    with nothing to say looks."""
    s = window.session.settings
    path = window.board.model().path
    r0, c0 = divmod(path[-1], s.cols)

    def far(sq: int) -> bool:
        r, c = divmod(sq, s.cols)
        return abs(r - r0) > 2 or abs(c - c0) > 2

    return next(
        sq
        for sq in range(s.rows * s.cols - 1, -1, -1)
        if sum(divmod(sq, s.cols)) % 2 == sum(divmod(square, s.cols)) % 2
        and sq not in avoid
        and sq not in path
        and far(sq)
        and all(far_from_start(sq, p, s.cols) for p in path)
    )


def far_from_start(sq: int, other: int, cols: int) -> bool:
    (r, c), (r2, c2) = divmod(sq, cols), divmod(other, cols)
    return abs(r - r2) > 2 or abs(c - c2) > 2


def name(square: int) -> str:
    return Board(8, 8).name(square)


def untried_in_stack(window) -> list[tuple[str, int | None]]:
    """The deepest stack level's untried candidates as the panel words them ("·c8(3)"):
    (square, degree or None), left to right."""
    model = child(window, "stackView").model()
    text = str(model.index(model.rowCount() - 1, 1).data())
    out: list[tuple[str, int | None]] = []
    for word in text.split():
        if word.startswith("·"):
            square, _, degree = word[1:].partition("(")
            out.append((square, int(degree[:-1]) if degree else None))
    return out


def test_no_board_mark_tells_the_next_square_while_asked(window, qtbot):
    """Warnsdorff at 20 steps/s on 8x8 from a8: while asked, the candidates show no onward
    degrees and the square the rule takes next is not framed (all look like any free
    square of their colour), whatever the marks setting; with the hint the degrees show,
    but candidates with the same degree still look alike."""
    setup(window, "knight", 8, speed=20, warnsdorff=True)
    events = engine_events(tour_search(8, 8, 0, backend="python"), 3)
    window.predict_action.trigger()
    QTest.keyClick(window, Qt.Key.Key_Space)
    asked_at(window, qtbot, 0)
    answer(window, qtbot, events[0])  # a8 -> b6
    asked_at(window, qtbot, 1)
    assert window.board.model().upcoming == events[1]  # the search has the answer ready
    options = window.view.predictor.question.options
    assert len(options) == 5
    for setting in ("predictMarksAfterWrongAction", "predictMarksNeverAction"):
        child(window, setting).trigger()
        plain = square_look(window, free_square_like(window, options[0], options))
        looks = {sq: square_look(window, sq) for sq in options}
        assert all(look == plain for look in looks.values()), (setting, looks, plain)
    # The stack lists the untried candidates in board order, without their degrees.
    assert untried_in_stack(window) == [(name(sq), None) for sq in sorted(options)]
    # "Never mark the choices" means never, the hint on or not.
    child(window, "predictHintAction").trigger()
    plain = square_look(window, free_square_like(window, options[0], options))
    assert all(square_look(window, sq) == plain for sq in options)
    child(window, "predictHintAction").trigger()
    # Marked at once: every choice outlined alike.
    child(window, "predictMarksAlwaysAction").trigger()
    looks = {sq: square_look(window, sq) for sq in options}
    assert len(set(looks.values())) == 1
    # The hint shows the degrees: c8 and a4 both have 3, and still look alike.
    child(window, "predictMarksAfterWrongAction").trigger()
    child(window, "predictHintAction").trigger()
    c8, a4 = 2, 32
    assert {c8, a4} <= set(options) and events[1] in (c8, a4)
    assert square_look(window, c8) == square_look(window, a4)
    assert square_look(window, c8) != square_look(window, free_square_like(window, c8, options))
    degrees = dict(untried_in_stack(window))
    assert [n for n, _ in untried_in_stack(window)] == [name(sq) for sq in sorted(options)]
    assert degrees[name(c8)] == degrees[name(a4)] == 3
    # Answered: the board explains again (the next question is asked at step 2).
    child(window, "predictHintAction").trigger()
    answer(window, qtbot, events[1])
    asked_at(window, qtbot, 2)
    QTest.keyClick(window, Qt.Key.Key_Space)  # the questions paused: the badges are back
    eventually(qtbot, lambda: not window.view.predictor.running, "not paused")
    path = window.board.model().path
    options = [u for u in Board(8, 8).neighbours()[path[-1]] if u not in path]
    eventually(
        qtbot,
        lambda: (
            square_look(window, options[0])
            != square_look(window, free_square_like(window, options[0], options))
        ),
        "no badges once nothing is asked",
    )


def test_a_tie_is_right_for_the_rule_and_the_tie_break_is_named(window, qtbot):
    """8x8 from a8 with Warnsdorff: b6 and c7 both have 5 onward moves (the tie-break
    "first in order" takes b6), then c8 and a4 both have 3 (it takes c8). Either square of
    a tie is right for the rule (no second try); the feedback names the tie and the
    tie-break, whichever was guessed; with "last in order" the other square is taken."""
    b6, c7, c8, d7 = 17, 10, 2, 11
    setup(window, "knight", 8, speed=60, warnsdorff=True, tie_break="first")
    events = engine_events(tour_search(8, 8, 0, backend="python"), 3)
    assert events[:2] == [b6, c8]
    window.predict_action.trigger()
    QTest.keyClick(window, Qt.Key.Key_Space)
    asked_at(window, qtbot, 0)
    answer(window, qtbot, b6, guess=c7)  # tied with b6: right at the first try
    assert banner(window).startswith(
        "✓ Right for the rule: b6 and c7 both have the fewest onward moves (5). "
        "The tie-break “first in order” takes b6, not c7."
    ), banner(window)
    assert child(window, "predictionScore").text() == "1 of 1 right, 1 in a row"
    asked_at(window, qtbot, 1)
    answer(window, qtbot, c8)  # the very square the tie-break takes
    assert banner(window).startswith(
        "✓ Right. c8 and a4 both have the fewest onward moves (3); "
        "the tie-break “first in order” takes c8."
    ), banner(window)
    assert child(window, "predictionScore").text() == "2 of 2 right, 2 in a row"
    # A wrong guess at a tie: the tie still said.
    click(window, "resetButton")
    QTest.keyClick(window, Qt.Key.Key_Space)
    asked_at(window, qtbot, 0)
    answer(window, qtbot, b6)
    asked_at(window, qtbot, 1)
    child(window, "predictMarksNeverAction").trigger()  # one guess only
    answer(window, qtbot, c8, guess=d7)
    assert banner(window).startswith(
        "✗ It was c8, not d7. c8 and a4 both have the fewest onward moves (3); "
        "the tie-break “first in order” takes c8."
    ), banner(window)
    # The other tie-break takes the other square.
    click(window, "resetButton")
    setup(window, "knight", 8, speed=60, warnsdorff=True, tie_break="last")
    QTest.keyClick(window, Qt.Key.Key_Space)
    asked_at(window, qtbot, 0)
    answer(window, qtbot, c7, guess=b6)
    assert banner(window).startswith(
        "✓ Right for the rule: b6 and c7 both have the fewest onward moves (5). "
        "The tie-break “last in order” takes c7, not b6."
    ), banner(window)
    # Asked in English, answered in Chinese: the verdict is in the language it is given in.
    click(window, "resetButton")
    QTest.keyClick(window, Qt.Key.Key_Space)
    asked_at(window, qtbot, 0)
    window.set_language("zh_CN")
    answer(window, qtbot, c7)
    tied = "✓ 猜对了。b6 和 c7 的出口数并列最少（5）；并列取舍“按顺序取最后一个”选 c7。"  # noqa: RUF001
    assert banner(window).startswith(tied), banner(window)
    window.set_language("en")


def test_the_score_belongs_to_its_run(window, qtbot):
    """A run's score starts at nothing and goes with its run: Reset forgets the last
    verdict and the score on the banner (the questions paused or not), and a run made
    after "your turn" was turned off gets a history row without a score (the last
    predicted run's was carried over to it)."""
    setup(window, "queens", 4, speed=60, all_solutions=False)
    events = engine_events(make_queens_search(4, backend="python"), 1)
    window.predict_action.trigger()
    for rows in (1, 2):
        QTest.keyClick(window, Qt.Key.Key_Space)
        asked_at(window, qtbot, 0)
        answer(window, qtbot, events[0])
        assert child(window, "predictionScore").text() == "1 of 1 right, 1 in a row"
        QTest.keyClick(window, Qt.Key.Key_Space)  # the questions paused
        eventually(qtbot, lambda: not window.view.predictor.running, "not paused")
        if rows == 2:
            window.predict_action.trigger()  # off: the run stays where it is
        click(window, "resetButton")  # the run is recorded with its score
        eventually(qtbot, lambda r=rows: window.history.rowCount() == r, "no history row")
        if rows == 1:
            eventually(
                qtbot,
                lambda: child(window, "predictionScore").text() == "No answers yet",
                lambda: child(window, "predictionScore").text(),
            )
            assert "✓" not in banner(window), banner(window)
    set_slider_speed(window, UNLIMITED_SLIDER)
    run_to_end(window, qtbot)  # not predicted
    eventually(qtbot, lambda: window.history.rowCount() == 3, "no third history row")
    cells = [history_cell(window, row, "Outcome") for row in range(3)]
    assert sum(cell.endswith(" · your turn 1/1") for cell in cells) == 2, cells


def test_no_frame_on_the_next_queen_while_asked(window, qtbot):
    """8-queens at 20 steps/s after a1: rank 2's free squares c2…h2 look alike (each as
    the others of its colour), and the constraints panel frames none of the column and
    diagonals the next queen takes; once the questions pause, both show it again."""
    setup(window, "queens", 8, speed=20, all_solutions=True)
    events = engine_events(make_queens_search(8, backend="python"), 2)
    window.predict_action.trigger()
    QTest.keyClick(window, Qt.Key.Key_Space)
    asked_at(window, qtbot, 0)
    answer(window, qtbot, events[0])
    asked_at(window, qtbot, 1)
    assert window.board.model().upcoming == events[1]
    options = window.view.predictor.question.options
    assert events[1] in options and len(options) == 6
    for parity in (0, 1):
        same = [sq for sq in options if sum(divmod(sq, 8)) % 2 == parity]
        assert len({square_look(window, sq) for sq in same}) == 1, same
    strips = window.view.constraints_panel
    assert (strips.columns.focus, strips.ascending.focus, strips.descending.focus) == (
        None,
        None,
        None,
    )
    QTest.keyClick(window, Qt.Key.Key_Space)  # the questions paused: the frames come back
    eventually(qtbot, lambda: not window.view.predictor.running, "not paused")
    eventually(
        qtbot,
        lambda: strips.columns.focus == events[1] % 8,
        lambda: f"columns framed: {strips.columns.focus}",
    )
    same = [sq for sq in options if sum(divmod(sq, 8)) % 2 == sum(divmod(events[1], 8)) % 2]
    assert len({square_look(window, sq) for sq in same}) == 2


def test_the_banner_never_cuts_the_verdict_or_the_question_on_a_narrow_board(window, qtbot):
    """1024 px wide, the board's column 356 px: a tie's verdict and the whole question take
    four lines of the banner's three. It shows the question short instead, whole."""
    window.explain_action.setChecked(False)
    window.resize(1024, 550)
    qtbot.waitUntil(lambda: window.width() == 1024)
    setup(window, "knight", 8, speed=60, warnsdorff=True, tie_break="first")
    window.predict_action.trigger()
    QTest.keyClick(window, Qt.Key.Key_Space)
    asked_at(window, qtbot, 0)
    answer(window, qtbot, 17, guess=10)  # b6, guessed c7: a tie
    asked_at(window, qtbot, 1)
    label = child(window, "predictionLabel")
    qtbot.waitUntil(lambda: label.heightForWidth(label.width()) <= label.height())
    words = banner(window)
    assert words.startswith("✓ Right for the rule: b6 and c7")
    assert words.endswith("Your turn: the next step?")
    click(window, "resetButton")


def test_the_search_tree_keeps_the_untried_squares_to_itself_while_asked(window, qtbot):
    """The tree draws a node's candidates in the order the search tries them: hovering the
    first untried one named the answer. While asked, an untried node's hover names none."""
    from knightviz.engine.tree import NodeState

    window.tree_dock.show()
    window.tree_dock.raise_()
    canvas = child(window, "searchTree").canvas
    setup(window, "knight", 8, speed=60, warnsdorff=True, tie_break="first")
    window.predict_action.trigger()
    QTest.keyClick(window, Qt.Key.Key_Space)
    asked_at(window, qtbot, 0)
    answer(window, qtbot, 17)  # b6
    asked_at(window, qtbot, 1)

    def untried():
        return [s.node for s in canvas.segments if s.state is NodeState.UNTRIED]

    qtbot.waitUntil(lambda: bool(untried()))
    names = {Board(8, 8).name(sq) for sq in range(64)}
    for node in untried():
        words = canvas.describe(node)
        assert not names & set(words.replace(",", " ").split()), words
    window.predict_action.trigger()  # your turn off: the tree says it all again
    qtbot.waitUntil(lambda: not window.view.predictor.asking)
    assert any(Board(8, 8).name(n.square) in canvas.describe(n) for n in untried())
    click(window, "resetButton")
