"""Runs of the learner's own strategy in the window: the engine runs it in a child process
and streams its events into the same recording as the built-ins'."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

from knightviz.engine import Outcome
from knightviz.gui.session import State

from .conftest import child, configure, set_speed, start_and_finish

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "strategies"

IDENTITY = "def order(position, candidates):\n    return candidates\n"


def own(window, source: str, name: str | None = None, **changes) -> None:
    """Knight's settings with "Your own…" chosen and ``source`` in the editor."""
    configure(window, own=True, **changes)
    window.own.editor.set_text(source, name)


def finished(window, qtbot, timeout: int = 30_000):
    return start_and_finish(window, qtbot, timeout)


def test_identity_strategy_gives_the_builtin_counts(window, qtbot):
    set_speed(window, math.inf)
    configure(window, n=5, warnsdorff=False)
    builtin = finished(window, qtbot)
    own(window, IDENTITY, n=5, warnsdorff=False)
    mine = finished(window, qtbot)
    assert builtin.steps == 17_654  # plain 5×5 from a5 (known)
    assert (mine.outcome, mine.moves, mine.backtracks) == (
        builtin.outcome,
        builtin.moves,
        builtin.backtracks,
    )
    assert mine.solution == builtin.solution
    # The same recording the built-ins fill: the timeline ends at the last step.
    assert window.session.end == mine.steps
    assert window.session.search is not None and not window.session.search.alive
    row = window.history.row_texts(window.history.last())
    assert "your strategy" in row.cells[1]


def test_example_file_is_named_in_the_history_and_matches_warnsdorff(window, qtbot):
    set_speed(window, math.inf)
    configure(window, n=8, warnsdorff=True)
    builtin = finished(window, qtbot)
    path = EXAMPLES / "warnsdorff.py"
    configure(window, n=8, own=True)
    assert window.own.editor.open(str(path))
    mine = finished(window, qtbot)
    assert mine.steps == builtin.steps == 63  # a tour without a backtrack
    record = window.history.last()
    assert record.settings.own_name == "warnsdorff.py"
    assert record.settings.own_source == path.read_text()
    assert window.history.row_texts(record).cells[1] == "warnsdorff.py"


def test_an_exception_marks_its_line(window, qtbot):
    set_speed(window, math.inf)
    source = "def order(position, candidates):\n    x = 1\n    return candidates[10] / x\n"
    own(window, source, n=5)
    result = finished(window, qtbot)
    assert result.outcome is Outcome.CANCELLED
    editor = window.own.editor
    assert editor.edit.error_line == 3
    assert editor.edit.textCursor().blockNumber() == 2
    assert "IndexError" in editor.error_label.text()
    assert "line 3" in editor.error_label.text()
    assert window.own.dock.isVisible()
    assert "IndexError" in window.parts.status_label.full_text()
    assert "IndexError" in window.view.narration.text()


def test_a_syntax_error_is_marked_before_anything_runs(window, qtbot):
    own(window, "def order(position, candidates):\n    return candidates +\n", n=5)
    window.start_or_pause()
    assert window.session.state is State.IDLE
    assert window.own.editor.edit.error_line == 2
    assert "Syntax error" in window.own.editor.error_label.text()


@pytest.mark.slow
def test_an_endless_loop_is_stopped_and_the_window_keeps_answering(window, qtbot):
    set_speed(window, math.inf)
    own(window, "def order(position, candidates):\n    while True:\n        pass\n", n=5)
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    try:
        result = finished(window, qtbot)
    finally:
        timer.stop()
    assert result.outcome is Outcome.CANCELLED
    assert len(ticks) >= 10  # the event loop ran all along (over a second)
    text = window.own.editor.error_label.text()
    assert "endless loop" in text and "order()" in text


def test_a_wrong_return_says_what_and_when(window, qtbot):
    set_speed(window, math.inf)
    own(window, "def order(position, candidates):\n    return candidates + candidates\n", n=5)
    finished(window, qtbot)
    text = window.own.editor.error_label.text()
    assert "twice" in text and "order()" in text and "step" in text


def test_a_pruning_strategy_says_it_may_miss_solutions(window, qtbot):
    set_speed(window, math.inf)
    own(window, "def order(position, candidates):\n    return candidates[:1]\n", n=5)
    finished(window, qtbot)
    assert "missed" in window.view.narration.text()


def test_race_own_strategy_against_warnsdorff(window, qtbot):
    set_speed(window, math.inf)
    configure(window, n=8)
    window.race_action.setChecked(True)
    child(window, "warnsdorffCheck_1").setChecked(False)
    # (each puzzle's strategy box has one: the knight's)
    window.race_view.columns[0].widgets["knight"].own_check.setChecked(True)
    assert window.own.dock.isVisible()
    assert window.own.editor.open(str(EXAMPLES / "edge_first.py"))
    rows = window.history.rowCount()
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.race.state is State.FINISHED, timeout=60_000)
    assert window.history.rowCount() == rows + 2
    names = {window.history.row_texts(r).cells[1] for r in window.history.records()[-2:]}
    assert "edge_first.py" in names
    assert any("Warnsdorff" in n for n in names)
    assert all(
        lane.session.search is None or not getattr(lane.session.search, "alive", False)
        for lane in window.race.lanes
    )


def test_a_run_file_opens_without_running_its_strategy_and_asks_before_again(
    window, qtbot, tmp_path
):
    set_speed(window, math.inf)
    witness = tmp_path / "ran.txt"
    source = (
        "def order(position, candidates):\n"
        f"    open({str(witness)!r}, 'a').write('x')\n"
        "    return candidates\n"
    )
    own(window, source, "writer.py", n=5)
    finished(window, qtbot)
    assert witness.exists()  # it ran once, asked for
    witness.unlink()
    saved = tmp_path / "own.knightviz"
    assert window.save_run(str(saved))
    window.own.editor.set_text(IDENTITY)  # another strategy in the editor now
    assert window.open_run(str(saved))
    record = window.history.last()
    assert record.settings.own_source == source  # kept in the file
    assert window.session.end > 0  # its recording shown, nothing run
    assert not witness.exists()
    asked: list[bool] = []

    def say_no() -> bool:
        asked.append(True)
        return False

    window.own.ask = say_no
    window.session.seek(0)  # Start would now play the recording: go to its end first
    window.session.seek(window.session.end)
    window.reset()
    window.start_or_pause()
    assert asked == [True]
    assert window.session.state is State.IDLE
    assert not witness.exists()
    window.own.ask = lambda: True
    finished(window, qtbot)
    assert witness.exists()


def test_queens_and_sudoku_run_their_own_strategies_like_the_builtins(window, qtbot):
    set_speed(window, math.inf)
    queens = window.puzzles["queens"]
    window.panel.set_settings("queens", queens.default_settings())
    builtin = finished(window, qtbot)
    window.panel.set_settings("queens", dataclasses.replace(queens.default_settings(), own=True))
    window.own.editor.set_text(IDENTITY)
    mine = finished(window, qtbot)
    assert builtin.count == mine.count == 92  # every solution of 8-queens
    assert mine.steps == builtin.steps
    assert len(window.session.found) == 92
    sudoku = window.puzzles["sudoku"]
    base = dataclasses.replace(sudoku.default_settings(), strategy="mrv")
    window.panel.set_settings("sudoku", base)
    builtin = finished(window, qtbot)
    window.panel.set_settings("sudoku", dataclasses.replace(base, own=True))
    assert window.own.editor.open(str(EXAMPLES / "mrv.py"))
    mine = finished(window, qtbot)
    assert mine.outcome is Outcome.SOLVED
    assert (mine.moves, mine.backtracks) == (builtin.moves, builtin.backtracks)
    assert window.history.row_texts(window.history.last()).cells[1] == "mrv.py"


def test_step_pause_and_seek_work_as_for_the_builtins(window, qtbot):
    own(window, IDENTITY, n=5, warnsdorff=False)
    set_speed(window, 2)  # paced: each step its own
    window.step()
    qtbot.waitUntil(lambda: window.session.model.steps == 1, timeout=10_000)
    window.step()
    qtbot.waitUntil(lambda: window.session.model.steps == 2, timeout=10_000)
    assert window.session.state is State.PAUSED
    # The learner's own stack (rebuilt in a process of its own, never in the window's).
    qtbot.waitUntil(lambda: bool(window.session.display_stack()), timeout=10_000)
    assert len(window.session.display_stack()) == 3  # a5 and the two squares taken
    assert "tried" in window.view.narration.text()
    window.seek(1)
    assert window.session.model.steps == 1
    window.reset()
    assert window.session.state is State.IDLE
    qtbot.waitUntil(lambda: not window.session.search.alive, timeout=5_000)


def test_race_two_strategies_of_ones_own(window, qtbot):
    set_speed(window, math.inf)
    configure(window, n=8)
    window.race_action.setChecked(True)
    first, second = (c.widgets["knight"] for c in window.race_view.columns)
    assert first.own_file_button.isVisibleTo(first)
    assert first.pin_own_file(str(EXAMPLES / "edge_first.py"))
    assert first.own_check.isChecked()
    second.own_check.setChecked(True)
    assert window.own.editor.open(str(EXAMPLES / "warnsdorff.py"))  # racer 2: the editor
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.race.state is State.FINISHED, timeout=60_000)
    names = [window.history.row_texts(r).cells[1] for r in window.history.records()[-2:]]
    assert sorted(names) == ["edge_first.py", "warnsdorff.py"]
    steps = {r.settings.own_name: r.result.steps for r in window.history.records()[-2:]}
    assert steps["warnsdorff.py"] == 63


def test_closing_mid_run_leaves_no_child_process(window, qtbot):
    set_speed(window, math.inf)
    own(window, "def order(position, candidates):\n    while True:\n        pass\n", n=5)
    window.start_or_pause()
    search = window.session.search
    assert search is not None
    qtbot.waitUntil(lambda: search.alive, timeout=5_000)
    window.close()  # while the learner's function loops
    assert not search.alive


def test_the_status_bar_says_where_ones_own_strategy_runs(window, qtbot):
    """Not "Python for this run, compiled for the next": a strategy of one's own always
    runs on Python, in its own process."""
    own(window, "def order(position, candidates):\n    return candidates\n", n=6)
    set_speed(window, 5)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.session.model.steps >= 1, timeout=10_000)
    window.parts.engine.refresh()
    assert "your strategy" in window.parts.engine.text()
    window.reset()
    window.parts.engine.refresh()
    assert "your strategy" not in window.parts.engine.text()
