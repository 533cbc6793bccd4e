"""Sudoku in the window: its controls, typing on the board, runs on both engines' counts,
pencil marks, verdicts, the comparison, a race, "your turn" and the exports."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel

from knightviz.engine import Outcome
from knightviz.engine.puzzles import ProblemError, spec
from knightviz.gui.puzzles.sudoku import SudokuPuzzle, SudokuSettings, default_problem
from knightviz.gui.puzzles.sudoku_paint import DigitsLayer, pencil_place

from .conftest import child, digits, set_speed, start_and_finish

SPEC = spec("sudoku")


def settings(**changes) -> SudokuSettings:
    return replace(SudokuSettings(problem=default_problem()), **changes)


def show(window, s: SudokuSettings) -> None:
    window.panel.set_settings("sudoku", s)


def engine_result(s: SudokuSettings):
    """The engine's own run of the same search (Python), for the counts to agree with."""
    search = SPEC.make_search(
        SPEC.parse(s.problem), s.strategy, backend="python", options={"singles": s.singles}
    )
    return search.run()


def full_grid(text: str) -> bool:
    return "." not in text and "0" not in text


def test_in_the_selector_with_its_strategies(window):
    combo = child(window, "puzzleCombo")
    assert combo.findData("sudoku") >= 0
    combo.setCurrentIndex(combo.findData("sudoku"))
    strategies = child(window, "sudokuStrategyCombo")
    assert [strategies.itemData(i) for i in range(strategies.count())] == ["plain", "mrv", "dlx"]
    assert child(window, "sudokuEdit").text() == default_problem()
    assert window.view.counters.titles["moves"].text() == "Placements"
    assert window.view.counters.titles["backtracks"].text() == "Removals"


def test_settings_round_trip_through_decode(window):
    puzzle = SudokuPuzzle()
    for s in (settings(), settings(strategy="mrv", singles=True), settings(strategy="dlx")):
        values = {name: getattr(s, name) for name in s.__dataclass_fields__}
        assert puzzle.decode_settings(json.loads(json.dumps(values))) == s
    with pytest.raises(ValueError):
        puzzle.decode_settings({"problem": "12x", "rows": 9, "cols": 9})
    with pytest.raises(ValueError):
        puzzle.decode_settings({"strategy": "guess"})


# -- the puzzle line and typing on the board ---------------------------------------------------


def sudoku_on(window, s: SudokuSettings | None = None) -> None:
    combo = child(window, "puzzleCombo")
    combo.setCurrentIndex(combo.findData("sudoku"))
    if s is not None:
        show(window, s)


def cell_point(window, cell: int, fx: float = 0.5, fy: float = 0.5) -> QPointF:
    board = window.board
    n = window.session.settings.rows
    rect = board.square_rect(*divmod(cell, n))
    return QPointF(rect.left() + fx * rect.width(), rect.top() + fy * rect.height())


def click_cell(window, cell: int, fx: float = 0.5, fy: float = 0.5) -> None:
    p = cell_point(window, cell, fx, fy)
    QTest.mouseClick(window.board, Qt.MouseButton.LeftButton, pos=p.toPoint())


def test_typing_digits_onto_cells_and_delete(window, qtbot):
    sudoku_on(window, settings(problem="." * 81))
    click_cell(window, 0)
    assert window.board.selected == 0
    QTest.keyClick(window.board, "5")
    assert window.session.settings.problem[0] == "5"
    assert child(window, "sudokuEdit").text()[0] == "5"
    assert window.board.selected == 1  # on to the next cell
    QTest.keyClick(window.board, "5")  # two 5s in row 1: a verdict
    assert window.session.settings.problem[:2] == "55"
    qtbot.waitUntil(lambda: child(window, "verdictFrame").isVisible(), timeout=2000)
    assert "row 1" in child(window, "verdictLabel").text()
    assert window.board.marked() == frozenset({0, 1})
    QTest.keyClick(window.board, Qt.Key.Key_Backspace)
    assert window.session.settings.problem[:2] == "5."
    QTest.keyClick(window.board, Qt.Key.Key_Delete)
    assert window.session.settings.problem[1] == "."
    QTest.keyClick(window.board, Qt.Key.Key_Left)
    QTest.keyClick(window.board, Qt.Key.Key_Delete)
    assert window.session.settings.problem == "." * 81
    QTest.keyClick(window.board, "x")  # no digit: nothing changes
    assert window.session.settings.problem == "." * 81


def test_paste_into_the_puzzle_line_and_invalid_text_keeps_everything(window, qtbot):
    sudoku_on(window)
    hard = next(text for name, text in SPEC.command.examples if "19 million" in name)
    edit = child(window, "sudokuEdit")
    edit.clear()
    QGuiApplication.clipboard().setText(hard)
    edit.setFocus()
    edit.paste()
    assert window.session.settings.problem == hard.replace("0", ".")
    error = child(window, "sudokuErrorLabel")
    assert error.isHidden()
    # A typo: the text stays as typed, a sentence says where, the board keeps the puzzle.
    edit.setText(hard[:10] + "x" + hard[11:])
    assert edit.text() == hard[:10] + "x" + hard[11:]
    assert not error.isHidden() and "11" in error.text() and "x" in error.text()
    assert window.session.settings.problem == hard.replace("0", ".")
    edit.setText(hard[:40])  # too short
    assert "40 cells" in error.text()
    edit.setText("." * 15 + "5")  # a 4×4 with a 5
    assert "too large" in error.text()
    edit.setText("1" + "." * 15)  # a good 4×4: the size follows
    assert error.isHidden()
    assert window.session.settings.rows == 4
    assert child(window, "sudokuSizeCombo").currentData() == 4


def test_the_built_in_puzzles_are_offered_easy_to_hardest(window):
    sudoku_on(window)
    combo = child(window, "sudokuExampleCombo")
    names = [combo.itemText(i) for i in range(combo.count())]
    nine = [name for name, text in SPEC.command.examples if len(text) == 81]
    assert [n for n in names if n in nine] == nine
    combo.setCurrentIndex(names.index(nine[-1]))
    combo.activated.emit(names.index(nine[-1]))
    hardest = dict(SPEC.command.examples)[nine[-1]]
    assert window.session.settings.problem == SPEC.text(SPEC.parse(hardest))


# -- runs ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "strategy,singles", [("plain", False), ("mrv", False), ("mrv", True), ("dlx", False)]
)
def test_a_run_to_the_end_counts_as_the_engine_and_solves(window, qtbot, strategy, singles):
    s = settings(strategy=strategy, singles=singles)
    sudoku_on(window, s)
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    expected = engine_result(s)
    assert result.outcome is Outcome.SOLVED
    assert (result.moves, result.backtracks) == (expected.moves, expected.backtracks)
    assert digits(child(window, "movesLabel").text()) == expected.moves
    assert digits(child(window, "backtracksLabel").text()) == expected.backtracks
    text = window.view.session.puzzle.solution_text(s, result.solution)
    assert full_grid(text)
    assert all(g in ".0" or g == t for g, t in zip(s.problem, text, strict=True))
    n = 9
    rows = [text[r * n : r * n + n] for r in range(n)]
    assert all(len(set(row)) == n for row in rows)
    assert all(len({rows[r][c] for r in range(n)}) == n for c in range(n))
    narration = window.view.session.puzzle.narrate(s, window.session.model, result)
    assert narration.startswith("Every cell filled")


def test_pencil_marks_when_paused_are_the_candidates(window, qtbot):
    hard = next(text for name, text in SPEC.command.examples if "19 million" in name)
    s = settings(problem=hard.replace("0", "."), strategy="plain")
    sudoku_on(window, s)
    set_speed(window, 50)
    QTest.keyClick(window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.session.model.steps >= 5, timeout=5000)
    with qtbot.waitSignal(window.controller.pause_reached, timeout=5000):
        QTest.keyClick(window, Qt.Key.Key_Space)
    assert window.board.details
    layer = next(x for x in window.board.layers() if isinstance(x, DigitsLayer))
    state = layer.state(window.board.model())
    n = 9
    grid = state.digits
    for c in range(81):
        r, k = divmod(c, n)
        box = [(r // 3 * 3 + i // 3) * n + k // 3 * 3 + i % 3 for i in range(9)]
        seen = {grid[x] for x in range(r * n, r * n + n)}
        seen |= {grid[x * n + k] for x in range(n)} | {grid[x] for x in box}
        want = 0 if grid[c] else sum(1 << (d - 1) for d in range(1, 10) if d not in seen)
        assert state.candidates[c] == want, c
    placed = {x % 81 for x in window.board.model().path}
    assert all(state.kinds[c] == "p" for c in placed)
    assert all(state.kinds[c] == "g" for c, ch in enumerate(s.problem) if ch != ".")
    picture = window.board.grab().toImage()  # painted without error, with the marks
    assert not picture.isNull()
    window.session.reset()


def test_the_whole_tree_estimate_is_of_the_puzzle_run(window, qtbot):
    """Another puzzle on the same 9×9 board is another tree: the empty grid's plain search
    (over 6.67 × 10^21 solutions) is not estimated at the hard puzzle's few hundred million
    steps learnt before."""

    def estimated(s: SudokuSettings) -> float:
        sudoku_on(window, s)
        set_speed(window, 20)
        QTest.keyClick(window, Qt.Key.Key_Space)
        qtbot.waitUntil(lambda: window.session.tree_estimate() is not None, timeout=20_000)
        found = window.session.tree_estimate()
        assert found is not None
        with qtbot.waitSignal(window.controller.pause_reached, timeout=5000):
            QTest.keyClick(window, Qt.Key.Key_Space)
        window.session.reset()
        return found.log10_nodes

    hard = next(text for name, text in SPEC.command.examples if "19 million" in name)
    assert estimated(settings(problem=hard.replace("0", "."), strategy="plain")) < 12
    assert estimated(settings(problem="." * 81, strategy="plain")) > 21


def test_an_invalid_puzzle_is_refused_before_any_search_with_the_cells_marked(window, qtbot):
    problem = "5...5" + "." * 76  # two 5s in row 1
    sudoku_on(window, settings(problem=problem))
    qtbot.waitUntil(lambda: child(window, "verdictFrame").isVisible(), timeout=2000)
    assert "Two 5s in row 1" in child(window, "verdictLabel").text()
    assert window.board.marked() == frozenset({0, 4})
    assert not window.session.begin()
    column = "5" + "." * 8 + "5" + "." * 71  # two 5s in column 1 (and box 1)
    show(window, settings(problem=column))
    qtbot.waitUntil(lambda: "column 1" in child(window, "verdictLabel").text(), timeout=2000)
    assert window.board.marked() == frozenset({0, 9})


def test_the_comparison_after_plain_then_mrv(window, qtbot):
    s = settings(strategy="plain")
    sudoku_on(window, s)
    set_speed(window, math.inf)
    plain = start_and_finish(window, qtbot)
    child(window, "sudokuStrategyCombo").setCurrentIndex(1)  # MRV
    assert window.session.settings.strategy == "mrv"
    mrv = start_and_finish(window, qtbot)
    text = child(window, "comparisonLabel").text()
    for steps in (plain.steps, mrv.steps):
        assert f"{steps:,}" in text, text
    if plain.steps != mrv.steps:
        assert "times as many" in text or "as many" in text
    assert "on the same puzzle:" in text, text  # a Sudoku has no square to start from


def test_a_race_plain_against_mrv_to_the_end(window, qtbot):
    from knightviz.gui.session import State as RaceState

    sudoku_on(window)
    window.race_action.setChecked(True)
    lanes = window.race.views
    assert [lane.session.settings.strategy for lane in lanes] == ["plain", "mrv"]
    assert lanes[0].session.settings.problem == lanes[1].session.settings.problem
    set_speed(window, math.inf)
    QTest.keyClick(window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.race.state is RaceState.FINISHED, timeout=30_000)
    for lane in lanes:
        expected = engine_result(lane.session.settings)
        assert lane.session.result.steps == expected.steps
        assert lane.session.result.outcome is Outcome.SOLVED
    window.race_action.setChecked(False)


# -- your turn -------------------------------------------------------------------------------


def test_your_turn_asks_which_cell_and_which_digit(window, qtbot):
    s = settings(strategy="plain")
    sudoku_on(window, s)
    set_speed(window, 60)
    search = SPEC.make_search(SPEC.parse(s.problem), "plain", backend="python")
    events = list(search.advance(10))
    p = window.view.predictor
    window.predict_action.trigger()
    QTest.keyClick(window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: p.asking and p.question.position == 0, timeout=5000)
    assert "which digit goes in which cell" in child(window, "predictionLabel").text()
    first = events[0]
    cell, digit = first % 81, first // 81 + 1
    # Wrong: another digit's place in the right cell.
    other = next(d for d in range(1, 10) if d != digit)
    pr, pc = pencil_place(9, 3, 3, other)
    click_cell(window, cell, (pc + 0.5) / 3, (pr + 0.5) / 3)
    label = child(window, "predictionLabel")
    qtbot.waitUntil(lambda: label.text().startswith("Not "), timeout=2000)
    assert window.session.position == 0
    # Right: the digit's own place.
    pr, pc = pencil_place(9, 3, 3, digit)
    verdicts = p.verdicts
    click_cell(window, cell, (pc + 0.5) / 3, (pr + 0.5) / 3)
    qtbot.waitUntil(lambda: p.verdicts == verdicts + 1, timeout=5000)
    assert window.session.position == 1
    assert window.session.model.path[-1] == first
    assert child(window, "predictionLabel").text().startswith("✗ It was")  # first try counted
    # The next one right at the first try.
    qtbot.waitUntil(lambda: p.asking and p.question.position == 1, timeout=5000)
    second = events[1]
    pr, pc = pencil_place(9, 3, 3, second // 81 + 1)
    verdicts = p.verdicts
    click_cell(window, second % 81, (pc + 0.5) / 3, (pr + 0.5) / 3)
    qtbot.waitUntil(lambda: p.verdicts == verdicts + 1, timeout=5000)
    assert child(window, "predictionLabel").text().startswith("✓ Right.")
    window.predict_action.trigger()
    window.session.reset()


# -- exports ---------------------------------------------------------------------------------


def test_exports_text_and_gif(window, qtbot, tmp_path):
    s = settings(strategy="mrv")
    sudoku_on(window, s)
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    for fmt in ("grid", "line", "json"):
        path = tmp_path / f"run.{fmt}"
        assert window.export_run(str(path), fmt)
        expected = SPEC.format_result(SPEC.parse(s.problem), result, [result.solution], fmt)
        assert path.read_text(encoding="utf-8") == expected
    gif = tmp_path / "run.gif"
    assert window.export_run(str(gif), "gif")
    assert gif.read_bytes()[:3] == b"GIF"
    png = tmp_path / "run.png"
    assert window.export_run(str(png), "png")


@pytest.fixture
def messages(monkeypatch) -> list[tuple[str, str]]:
    """Warnings recorded instead of shown (a modal box would block the test)."""
    from PySide6.QtWidgets import QMessageBox

    shown: list[tuple[str, str]] = []

    def warning(parent, title, text, *args, **kwargs):
        shown.append((title, text))
        return QMessageBox.StandardButton.Ok

    def exec_(box):
        shown.append((box.windowTitle(), box.text()))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", warning)
    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return shown


def test_the_interactive_page_is_the_recorded_run(window, qtbot, tmp_path, messages):
    """File › Export run › Interactive page writes the run the window recorded: the page's
    data holds its steps and counts, and its solution marker is the last step."""
    import json
    import re

    sudoku_on(window, settings(strategy="mrv"))
    set_speed(window, math.inf)
    start_and_finish(window, qtbot)
    model = window.session.model
    path = tmp_path / "run.html"
    assert window.export_run(str(path), "html")
    text = path.read_text(encoding="utf-8")
    found = re.search(r"const KV_DATA = (.*?);\n</script>", text, re.S)
    assert found, "the page carries its run's data"
    data = json.loads(found.group(1))
    result = data["result"]
    assert (result["moves"], result["backtracks"]) == (model.moves, model.backtracks)
    assert data["length"] == model.moves + model.backtracks
    assert data["markers"]["solutions"] == [data["length"]]
    assert data["labels"]["names"] == [str(d) for d in range(1, 10)]


@pytest.mark.parametrize("strategy", ["plain", "mrv", "dlx"])
@pytest.mark.parametrize("singles", [False, True])
def test_each_event_lights_the_line_that_makes_it(strategy, singles):
    from knightviz.gui.puzzles.programs import BACKTRACK, EXHAUSTED, MOVE, SOLVED
    from knightviz.gui.puzzles.sudoku_words import program

    p = program(strategy, singles)
    lines = p.text.splitlines()
    assert lines[p.line_for(MOVE) - 1].strip().startswith(("place(", "choose("))
    assert lines[p.line_for(BACKTRACK) - 1].strip().startswith(("remove(", "unchoose("))
    assert lines[p.line_for(SOLVED) - 1].strip().startswith("return True")
    assert lines[p.line_for(EXHAUSTED) - 1].strip().startswith("return False")
    assert ("fill_forced" in p.text) == (singles and strategy != "dlx")


# -- the generic parts it needed -----------------------------------------------------------


def test_the_start_map_says_why_it_does_not_apply(window):
    sudoku_on(window)
    action = window.map_action
    assert not action.isEnabled()
    assert "a Sudoku has no start square" in action.toolTip()
    combo = child(window, "puzzleCombo")
    combo.setCurrentIndex(combo.findData("queens"))
    assert "N-Queens" in action.toolTip()
    combo.setCurrentIndex(combo.findData("knight"))
    assert action.isEnabled()


def test_a_board_model_of_several_values_per_square():
    from knightviz.gui.board.model import BoardModel

    n = 4
    model = BoardModel(n, n, (), values=n)
    x = 3 * n * n + 5  # digit 4 in cell 5
    model.apply([x, 2 * n * n + 6])
    assert model.index[x] == 0 and model.current == 6
    model.apply([~(2 * n * n + 6)])
    assert model.current == 5
    assert [sq for sq, _ in model.live_flashes()] == [6]  # the cell flashes, not the event
    model.apply([2 * n * n + 6])
    assert model.live_flashes() == []  # placed again: no flash


def test_typing_is_refused_while_a_run_goes(window, qtbot):
    sudoku_on(window, settings(strategy="plain", problem="." * 81))
    set_speed(window, 5)
    QTest.keyClick(window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.session.running, timeout=2000)
    click_cell(window, 80)
    QTest.keyClick(window.board, "7")
    assert window.session.settings.problem == "." * 81
    window.session.reset()


@pytest.mark.parametrize("strategy", ["plain", "dlx"])
def test_a_saved_run_opens_with_its_puzzle_and_steps(window, qtbot, tmp_path, strategy):
    """Its steps hold digits, not squares (a step is the cell and the digit in one): the file
    says how many values a square holds, and opening it checks the steps against that."""
    s = settings(strategy=strategy)
    sudoku_on(window, s)
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    path = tmp_path / "run.knightviz"
    assert window.save_run(str(path))
    show(window, settings(strategy="plain", problem="." * 81))
    assert window.open_run(str(path))
    assert window.session.shown_setup().settings == s
    assert result.steps > 0 and window.session.model.steps == result.steps
    assert window.session.model.path == list(result.solution or ())


@given(
    st.text(alphabet=".0123456789ABCDEFGabcx |+-", min_size=0, max_size=90)
    | st.sampled_from([4, 6, 9, 16]).flatmap(
        lambda n: st.text(alphabet=".0123456789ABCDEFG"[: n + 2], min_size=n * n, max_size=n * n)
    )
)
@hsettings(max_examples=200, deadline=None)
def test_the_puzzle_line_refuses_exactly_what_the_engine_cannot_read(qapp, text):
    puzzle = SudokuPuzzle()
    error = puzzle.problem_error(text)
    try:
        problem = SPEC.parse(text)
    except ProblemError:
        assert error is not None
        return
    assert error is None
    canon = puzzle.canonical(text.replace(" ", ""))
    assert SPEC.parse(canon) == problem and "0" not in canon


def test_the_narration_counts_the_forced_fills_of_a_placement(qapp):
    puzzle = SudokuPuzzle()
    hard = next(text for name, text in SPEC.command.examples if "19 million" in name)
    s = settings(problem=SPEC.text(SPEC.parse(hard)), strategy="mrv", singles=True)
    search = SPEC.make_search(
        SPEC.parse(s.problem), "mrv", backend="python", options={"singles": True}
    )
    from knightviz.engine.puzzles.sudoku.problem import propagate
    from knightviz.gui.board.model import BoardModel

    model = BoardModel(9, 9, (), 9)
    seen = 0
    for x in search.advance(40):
        model.apply([x])
        text = puzzle.narrate(s, model, None)
        if x < 0:
            continue
        path = model.path
        forced = len(propagate(SPEC.parse(s.problem), path, True).forced) - len(
            propagate(SPEC.parse(s.problem), path[:-1], True).forced
        )
        if forced == 1:
            assert text.endswith("1 more cell had one candidate left: filled."), text
            seen += 1
        elif forced > 1:
            assert text.endswith(f"{forced} more cells had one candidate left: filled."), text
            seen += 1
        else:
            assert "candidate left: filled" not in text
    assert seen


def test_hovering_a_stack_level_outlines_its_cells(window, qtbot):
    sudoku_on(window, settings(strategy="plain"))
    window.explain_action.setChecked(True)
    set_speed(window, 100)
    QTest.keyClick(window, Qt.Key.Key_Space)
    # A placement of a digit above 1 on the path: its event is past the board's squares.
    qtbot.waitUntil(lambda: any(x >= 81 for x in window.session.model.path), timeout=10_000)
    with qtbot.waitSignal(window.controller.pause_reached, timeout=5000):
        QTest.keyClick(window, Qt.Key.Key_Space)
    view = window.view
    path = window.session.model.path
    row = next(i for i, x in enumerate(path) if x >= 81)
    qtbot.waitUntil(lambda: view.stack_view.stack_model.level(row) is not None, timeout=2000)
    view._on_level_hovered(row)
    assert path[row] in window.board._highlights
    image = window.board.grab().toImage()  # painted: the mark on its cell
    assert not image.isNull()
    window.session.reset()


def test_the_guide_has_a_sudoku_section_painted_by_its_layers(window, qtbot):
    guide = window.help.show_guide()
    qtbot.waitExposed(guide)
    texts = [label.text() for label in guide.findChildren(QLabel)]
    section = next(t for t in texts if t.startswith("<h3>Sudoku</h3>"))
    assert "pencil marks" in section
    assert len(SudokuPuzzle().legend()) == 1 and len(guide.pictures) >= 7
    guide.close()


def test_its_size_leaves_the_other_puzzles_boards_alone(window):
    sudoku_on(window, settings(rows=16, cols=16, problem="." * 256))
    assert window.session.model.rows == 16
    assert child(window, "rowsSpin").isHidden() or not child(window, "rowsSpin").isVisible()
    combo = child(window, "puzzleCombo")
    combo.setCurrentIndex(combo.findData("knight"))
    assert (window.session.settings.rows, window.session.settings.cols) == (8, 8)
