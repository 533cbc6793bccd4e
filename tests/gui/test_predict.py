"""Issue 20, "your turn" (``predictAction``): the learner predicts each step, answering on
the board (a click) or with B (back); scripted right and wrong answers on 5x5 plain and
6-queens against the engine's own events, the score and the wording, pausing and stepping
back inside the mode, the score in the run's history row, and Chinese."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from knightviz.engine import tour_search
from knightviz.engine.queens import QueensSearch

from .automation import child, eventually, history_cell, run_to_end, setup


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


def banner(window) -> str:
    return child(window, "predictionLabel").text()


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
    events = engine_events(QueensSearch(6, backend="python"), 14)
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
    cell = history_cell(window, 0, "Strategy")
    assert f"your turn: {len(events) - 1} of {len(events)} right (best run 8)" in cell


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
    assert "your turn: 24 of 24 right (best run 24)" in history_cell(window, 0, "Strategy")
