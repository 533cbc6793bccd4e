"""The comparison at the centre: after every run, this run's steps beside the last run of the
same puzzle, board and start square with another strategy, and how many times as many, in
words; it follows the history's chosen row, and it speaks Chinese too."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from knightviz.engine import Board, Outcome, Result
from knightviz.gui.i18n import CHINESE, ENGLISH
from knightviz.gui.panels.comparison import comparison_text, partner
from knightviz.gui.puzzles import make_puzzles
from knightviz.gui.puzzles.knight import KnightSettings
from knightviz.gui.puzzles.queens import QueensSettings
from knightviz.gui.session import RunRecord, RunSetup

from .automation import child, click, run_to_end, setup

WARNSDORFF = KnightSettings(warnsdorff=True)
PLAIN = KnightSettings(warnsdorff=False)


def record(settings, steps: int, start: int = 0, outcome=Outcome.SOLVED, puzzle="knight"):
    moves = (steps + 63) // 2 if steps >= 63 else steps
    result = Result(outcome, moves, steps - moves)
    assert result.steps == steps
    return RunRecord(RunSetup(puzzle, settings, start), result, 0.0, "", "")


@pytest.fixture
def puzzles(qapp):
    return make_puzzles()


def test_the_cards_two_runs_read_as_one_sentence_whichever_ran_last(puzzles):
    warnsdorff, plain = record(WARNSDORFF, 63), record(PLAIN, 16_501_401)
    expected = (
        "Warnsdorff's rule: 63 steps. Plain backtracking from the same square: "
        "16,501,401 steps, 261,927 times as many."
    )
    assert comparison_text(puzzles, plain, warnsdorff) == expected
    assert comparison_text(puzzles, warnsdorff, plain) == expected


def test_the_partner_is_the_last_run_of_the_same_problem_with_another_strategy(puzzles):
    a8, c3 = 0, Board(8, 8).parse("c3")
    runs = [
        record(PLAIN, 16_501_401),  # 0: the partner of the last run
        record(replace(WARNSDORFF, tie_break="last"), 70),  # 1: another Warnsdorff
        record(PLAIN, 100, start=c3),  # 2: another square
        record(replace(PLAIN, rows=6, cols=6), 100),  # 3: another board
        record(replace(PLAIN, leaper="camel"), 100),  # 4: another piece
        record(replace(PLAIN, holes="27"), 100),  # 5: a square removed
        record(PLAIN, 16_501_401),  # 6: the same strategy again: no comparison
        record(WARNSDORFF, 63, start=a8),  # 7
    ]
    assert partner(puzzles, runs, runs[7]) is runs[6]
    assert partner(puzzles, runs, runs[6]) is runs[1]
    assert partner(puzzles, runs, runs[2]) is None
    assert partner(puzzles, runs, runs[3]) is None
    # Nothing before it: the first such run after it.
    assert partner(puzzles, runs, runs[0]) is runs[1]


@pytest.mark.parametrize(
    ("small", "large", "words"),
    [
        (Outcome.SOLVED, Outcome.SOLVED, "7.5 times as many"),
        (Outcome.SOLVED, Outcome.CANCELLED, "stopped after 300 steps, at least 7.5 times as many"),
        (Outcome.SOLVED, Outcome.LIMIT, "step limit reached after 300 steps, at least 7.5 times"),
        (Outcome.CANCELLED, Outcome.SOLVED, "300 steps, at most 7.5 times as many"),
        (Outcome.CANCELLED, Outcome.CANCELLED, "stopped after 300 steps."),
    ],
)
def test_a_run_stopped_early_bounds_the_ratio(puzzles, small, large, words):
    text = comparison_text(
        puzzles, record(WARNSDORFF, 40, outcome=small), record(PLAIN, 300, outcome=large)
    )
    assert words in text
    if small is large is Outcome.CANCELLED:
        assert "times" not in text


def test_ratios_are_rounded_as_a_reader_says_them(puzzles):
    def words(a: int, b: int) -> str:
        return comparison_text(puzzles, record(WARNSDORFF, a), record(PLAIN, b))

    assert words(63, 16_501_400).endswith("261,927 times as many.")
    assert words(100, 150).endswith("1.5 times as many.")
    assert words(100, 104).endswith("about as many.")
    assert words(100, 100).endswith("100 steps, the same number.")


def test_one_run_invites_the_rival_and_queens_compare_on_the_same_board(puzzles):
    text = comparison_text(puzzles, record(WARNSDORFF, 63), None)
    assert text == (
        "Warnsdorff's rule: 63 steps. Run plain backtracking from the same square to compare."
    )
    first = record(QueensSettings(all_solutions=False), 218, puzzle="queens")
    every = record(QueensSettings(all_solutions=True), 4_112, puzzle="queens")
    assert comparison_text(puzzles, every, first) == (
        "The search for a first solution: 218 steps. The search for every solution on the "
        "same board: 4,112 steps, 19 times as many."
    )
    # Two strategies of one name (two tie-breaks): told apart by their full descriptions.
    last = record(replace(WARNSDORFF, tie_break="last"), 70)
    both = comparison_text(puzzles, last, record(WARNSDORFF, 63))
    assert both.startswith("Warnsdorff (ties: first)")
    assert "Warnsdorff (ties: last)" in both


def test_in_chinese(puzzles, language):
    assert language.apply(CHINESE)
    text = comparison_text(puzzles, record(PLAIN, 16_501_401), record(WARNSDORFF, 63))
    assert text == (
        "Warnsdorff 规则：63 步。从同一格出发的普通回溯：16,501,401 步，是前者的 261,927 倍。"  # noqa: RUF001
    )


def test_after_two_runs_the_window_compares_them_and_follows_the_chosen_row(window, qtbot):
    """The card's flow on 5×5 from a5: Warnsdorff's rule, then plain backtracking."""
    label = child(window, "comparisonLabel")
    assert "Press Start" in window.comparison.text()
    setup(window, "knight", 5, speed=math.inf, warnsdorff=True)
    assert run_to_end(window, qtbot).steps == 24
    assert window.comparison.text() == (
        "Warnsdorff's rule: 24 steps. Run plain backtracking from the same square to compare."
    )
    child(window, "warnsdorffCheck").setChecked(False)
    assert run_to_end(window, qtbot).steps == 17_654
    expected = (
        "Warnsdorff's rule: 24 steps. Plain backtracking from the same square: "
        "17,654 steps, 736 times as many."
    )
    assert window.comparison.text() == expected
    assert label.isVisible() and "<b>Plain backtracking</b>" in label.text()
    # And as two bars of one scale: 24 steps a sliver beside 17,654.
    bars = child(window, "comparisonBars")
    assert bars.rows() == [("Warnsdorff's rule", 24, True), ("Plain backtracking", 17_654, True)]
    assert bars.bar_widths(1000) == [2, 1000]
    qtbot.waitUntil(bars.isVisible)
    # A third run from another square has no partner; choosing row 1 brings the pair back.
    window.view.set_start(Board(5, 5).parse("a1"))
    assert run_to_end(window, qtbot).steps == 56
    assert "Run Warnsdorff's rule from the same square" in window.comparison.text()
    assert bars.rows() == [] and not bars.isVisible()
    window.history.selectRow(1)
    assert window.comparison.text() == expected
    assert window.history.chosen() is window.history.records()[1]
    # Cleared with the history: the invitation again.
    window.clear_history()
    assert "Press Start" in window.comparison.text()


def test_the_comparison_follows_a_language_switch(window, qtbot, language):
    setup(window, "knight", 5, speed=math.inf, warnsdorff=True)
    run_to_end(window, qtbot)
    window.translations = language
    assert window.set_language(CHINESE)
    assert window.comparison.text().startswith("Warnsdorff 规则：24 步。")  # noqa: RUF001
    assert child(window, "comparisonBox").title() == "对比"
    assert window.set_language(ENGLISH)


def test_explain_shows_and_hides_the_puzzles_panels(qtbot):
    from knightviz.gui import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    docks = (w.code_dock, w.stack_dock, w.constraints_dock, w.solutions_dock)
    assert all(d.isHidden() for d in docks)  # a first launch: none open
    w.explain_action.trigger()
    assert not w.code_dock.isHidden() and not w.stack_dock.isHidden()
    assert w.constraints_dock.isHidden()  # the knight's panels only
    setup(w, "queens", 6)
    assert all(not d.isHidden() for d in docks)
    w.stack_dock.close()
    assert w.explain_action.isChecked()  # others still open
    for dock in (w.code_dock, w.constraints_dock, w.solutions_dock):
        dock.close()
    assert not w.explain_action.isChecked()  # all closed by hand: Explain reads off
    w.explain_action.trigger()
    assert all(not d.isHidden() for d in docks)
    w.explain_action.trigger()
    assert all(d.isHidden() for d in docks)
    w.close()


def test_quitting_in_a_race_restores_the_normal_window_at_the_next_launch(qtbot):
    from knightviz.gui import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.resize(1100, 760)
    w.explain_action.setChecked(True)
    qtbot.waitUntil(lambda: w.size().width() == 1100)
    size = w.size()
    w.set_race_mode(True)
    w.resize(1400, 800)  # the two boards took more room
    w.close()
    again = MainWindow()
    qtbot.addWidget(again)
    again.show()
    assert not again.race_mode
    assert again.size() == size
    assert not again.code_dock.isHidden() and not again.stack_dock.isHidden()
    assert again.explain_action.isChecked()
    again.close()


def test_the_first_four_history_columns_are_puzzle_strategy_outcome_and_steps(window, qtbot):
    setup(window, "knight", 5, speed=math.inf)
    run_to_end(window, qtbot)
    table = child(window, "historyTable")
    headers = [table.horizontalHeaderItem(c).text() for c in range(4)]
    assert headers == ["Puzzle", "Strategy", "Outcome", "Steps"]
    assert [table.item(0, c).text() for c in (0, 2, 3)] == ["Knight's tour", "solved", "24"]
    click(window, "resetButton")


@pytest.mark.parametrize(("width", "docked"), [(1366, True), (1920, False)])
def test_explain_on_a_laptop_moves_the_history_beside_the_stack(qtbot, width, docked):
    """Four columns do not fit 1366 px: the history becomes a tab beside the Search stack
    (the board keeps its room), and comes back under the counters when Explain is off."""
    from knightviz.gui import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.resize(width, 718)
    qtbot.waitUntil(lambda: w.width() == width)
    w.arrange_docks()
    history = child(w, "historyTable")
    results = child(w, "resultsPanel")
    w.explain_action.trigger()
    assert not w.code_dock.isHidden() and not w.stack_dock.isHidden()
    runs = child(w, "runsDock")
    assert runs.isHidden() is not docked
    assert results.isAncestorOf(history) is not docked
    qtbot.waitUntil(lambda: min(w.board.width(), w.board.height()) >= 350)
    w.explain_action.trigger()
    assert runs.isHidden() and results.isAncestorOf(history)
    assert child(w, "historyBox").title() == "Runs"
    w.close()


def test_one_step_reads_in_the_singular(window, puzzles):
    """Qt's plural forms (the window installs the English ones): "1 step", not "1 steps"."""
    assert comparison_text(puzzles, record(WARNSDORFF, 1), None).startswith(
        "Warnsdorff's rule: 1 step. "
    )
    stopped = comparison_text(
        puzzles, record(WARNSDORFF, 1, outcome=Outcome.CANCELLED), record(PLAIN, 2)
    )
    assert stopped.startswith("Warnsdorff's rule: stopped after 1 step. ")
