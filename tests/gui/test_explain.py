"""Why it backtracks: the stack panel, the code line, the narration and the gauge."""

from __future__ import annotations

import math
import re

import pytest
from PySide6.QtCore import QObject, QPoint, Qt, Slot
from PySide6.QtTest import QTest

from knightviz.engine import Board, Outcome, make_queens_search, tour_search
from knightviz.engine.trace import decode, is_considered
from knightviz.gui.puzzles.programs import (
    BACKTRACK,
    MOVE,
    PLAIN,
    QUEENS_BITS,
    QUEENS_SETS,
    WARNSDORFF,
    Program,
)
from knightviz.gui.session import State

from .conftest import child, configure, paused_plain_6x6, place, set_speed, start_and_finish


class Applied(QObject):
    """Hears each event in the GUI thread, after the controller has applied it (queued
    slots of one signal run in the order they were connected)."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[int] = []

    @Slot(int, int)
    def on_event(self, run_id: int, x: int) -> None:
        self.events.append(x)


def step_once(window, qtbot, events: Applied) -> int:
    """Press Step (N) once while paused: exactly one event, considered or a step, applied
    to the board model before this returns."""
    before = len(events.events)
    window.step()
    qtbot.waitUntil(lambda: len(events.events) == before + 1, timeout=2000)
    window.session.scheduler.tick()
    return events.events[-1]


def reference_stack(search):
    return [(lvl.square, lvl.candidates, lvl.tried) for lvl in search.stack()]


def start_paused(window, qtbot) -> Applied:
    """Begin a paused run and listen to every event the worker sends."""
    events = Applied()
    window.session.begin(paused=True)
    window.controller.worker.event_ready.connect(events.on_event)
    return events


@pytest.mark.parametrize(
    ("puzzle", "changes"),
    [
        ("knight", {"rows": 5, "cols": 5, "warnsdorff": False}),
        ("knight", {"rows": 6, "cols": 6, "warnsdorff": True}),
        ("queens", {"n": 6}),
    ],
)
@pytest.mark.slow
def test_stack_panel_equals_the_engine_stack_after_every_step(window, qtbot, puzzle, changes):
    configure(window, puzzle, **changes)
    set_speed(window, 20)  # paced: stepping walks through considered events too
    s = window.session.settings
    if puzzle == "knight":
        heuristic = "warnsdorff" if s.warnsdorff else "none"
        ref = tour_search(s.rows, s.cols, 0, heuristic=heuristic, backend="python")
    else:
        ref = make_queens_search(s.rows, backend="python")
    ref.trace = True
    events = start_paused(window, qtbot)
    view = child(window, "stackView")
    board = Board(s.rows, s.cols)
    checked = 0
    for _ in range(400):
        if not window.controller.running:
            break  # the run is over (Warnsdorff: a tour in 35 moves)
        x = step_once(window, qtbot, events)
        assert x == ref.advance(1)[0]  # the same traced stream as the engine's
        if is_considered(x):
            continue
        # The panel shows the engine's own stack at this position, level by level.
        shown = window.session.display_stack()
        assert [(v.square, v.candidates, v.tried) for v in shown] == reference_stack(ref)
        model = view.model()
        assert model.rowCount() == len(shown)
        for row in (0, model.rowCount() - 1):
            square = shown[row].square
            if square >= 0:
                assert board.name(square) in model.index(row, 0).data()
        checked += 1
    assert checked > 20
    window.reset()


def test_code_line_follows_the_documented_mapping_event_by_event(window, qtbot):
    configure(window, rows=5, cols=5, warnsdorff=False)
    set_speed(window, 20)
    events = start_paused(window, qtbot)
    code = child(window, "codeView")
    assert code.program() is PLAIN
    seen_lines = set()
    for _ in range(130):
        x = step_once(window, qtbot, events)
        if is_considered(x):
            expected = PLAIN.line_for(decode(x).kind)
        else:
            expected = PLAIN.line_for(MOVE if x >= 0 else BACKTRACK)
        assert code.current_line() == expected
        seen_lines.add(expected)
    # Off the board, visited, move and backtrack all happen in the first 130 events of 5×5.
    assert {6, 8, 10, 13} <= seen_lines
    narration = child(window, "narrationLabel").text()
    assert narration
    window.reset()
    assert code.current_line() == 0


@pytest.mark.parametrize("program", [PLAIN, WARNSDORFF, QUEENS_SETS, QUEENS_BITS])
def test_each_mapped_line_says_what_the_event_does(program: Program):
    lines = program.text.splitlines()
    assert (
        "visit(" in lines[program.line_for(MOVE) - 1]
        or "put(" in lines[program.line_for(MOVE) - 1]
        or "place(" in lines[program.line_for(MOVE) - 1]
    )
    assert "backtrack" in lines[program.line_for(BACKTRACK) - 1]
    from knightviz.engine.trace import Kind

    words = {
        Kind.OFF_BOARD: "board",
        Kind.VISITED: "visited",
        Kind.DEGREE: "degree",
        Kind.TIE: "sort",
        Kind.COLUMN: ("column", "attacked"),
        Kind.ASCENDING: ("x + y", "+ rank", "attacked"),
        Kind.DESCENDING: ("x - y", "- rank", "attacked"),
    }
    for kind, word in words.items():
        line = program.line_for(kind)
        if line:
            text = lines[line - 1]
            options = word if isinstance(word, tuple) else (word,)
            assert any(w in text for w in options), (program.key, kind, text)


def test_hovering_a_stack_level_marks_it_on_the_board(window, qtbot):
    paused_plain_6x6(window, qtbot, 200)
    window.view._explain(force=True)
    view = child(window, "stackView")
    view.scrollToTop()
    rect = view.visualRect(view.model().index(0, 0))
    QTest.mouseMove(view.viewport(), rect.center())
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    marks = window.board._highlights
    level = window.session.display_stack()[0]
    assert level.square in marks  # the level's square
    assert any(sq in marks for sq in level.candidates)
    QTest.mouseMove(view.viewport(), QPoint(-5, -5))
    window.reset()


def test_gauge_reaches_exactly_one_when_exhausted(window, qtbot):
    child(window, "rowsSpin").setValue(4)
    set_speed(window, 5000)
    with qtbot.waitSignal(window.controller.run_finished, timeout=30_000) as blocker:
        child(window, "searchAnywayButton").click()
    assert blocker.args[0].outcome is Outcome.EXHAUSTED
    window.view._explain(force=True)
    assert window.session.explored == 1.0
    assert child(window, "exploredLabel").text() == "all of it"
    assert window.history.records()[0].explored == 1.0


def filled(bar) -> float:
    """The share of the bar's width painted in the gauge's fill colour (along its middle)."""
    from knightviz.gui.panels.gauge import FILL

    image = bar.grab().toImage()
    y = image.height() // 2
    green = sum(
        1
        for x in range(image.width())
        if all(
            abs(a - b) <= 8
            for a, b in zip(image.pixelColor(x, y).getRgb()[:3], FILL.getRgb()[:3], strict=True)
        )
    )
    return green / image.width()


def test_the_explored_bar_fills_as_far_as_its_figure_says(window, qtbot):
    """On the logarithmic bar (10⁻¹⁵ to 1) 2 % filled seven eighths of it, and a learner
    read it as almost done: the bar is linear, the figure beside it says the rest."""
    configure(window, n=4, warnsdorff=False)
    set_speed(window, math.inf)
    with qtbot.waitSignal(window.controller.run_finished, timeout=30_000):
        child(window, "searchAnywayButton").click()  # 4×4: no tour, the whole tree searched
    bar, label = child(window, "exploredBar"), child(window, "exploredLabel")
    end = len(window.session.recording)
    step = 0
    window.seek(step)
    while bar.fraction < 0.02:
        step += 1
        window.seek(step)
    assert label.text() == "2 %"
    assert filled(bar) == pytest.approx(bar.fraction, abs=0.02)
    assert filled(bar) < 0.05
    window.seek(end // 2)
    assert 0.4 < bar.fraction < 0.6 and filled(bar) == pytest.approx(bar.fraction, abs=0.02)
    window.seek(end)
    assert label.text() == "all of it" and filled(bar) > 0.95


def test_long_plain_run_shows_a_tiny_fraction_and_a_tree_estimate(window, qtbot):
    configure(window, warnsdorff=False)
    place(window, 4, 3)  # d4
    set_speed(window, math.inf)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps > 300_000, timeout=10_000)
    qtbot.waitUntil(lambda: window.session.tree_estimate() is not None, timeout=10_000)
    qtbot.waitUntil(lambda: (window.session.tree_estimate().probes or 0) >= 80, timeout=10_000)
    window.view._explain(force=True)
    text = child(window, "exploredLabel").text()
    match = re.search(r"\d\.\de[-+]\d\d", text)
    assert match, text
    fraction = float(match.group())
    assert 0 <= fraction < 1e-6
    estimate = child(window, "treeEstimateLabel").text()
    assert "×" in estimate and "steps" in estimate  # e.g. "≈ 5.4 × 10²¹ steps"
    window.reset()
    record = window.history.records()[0]
    assert record.explored is not None and record.explored < 1e-6
    assert record.tree_log10 > 15


def test_explored_never_decreases_while_running(window, qtbot):
    configure(window, rows=6, cols=6, warnsdorff=False)
    set_speed(window, 3000)
    window.start_or_pause()
    seen = []
    for _ in range(30):
        steps = window.model.steps
        qtbot.waitUntil(lambda steps=steps: window.model.steps > steps, timeout=5000)
        window.view._explain(force=True)
        seen.append(window.session.explored)
    window.reset()
    assert seen == sorted(seen) and seen[-1] > 0


def test_no_gauge_for_a_greedy_walk(window, qtbot):
    configure(window, backtrack=False)
    set_speed(window, math.inf)
    start_and_finish(window, qtbot)
    window.view._explain(force=True)
    assert window.session.explored is None
    assert child(window, "exploredLabel").text() == "—"
    assert window.session.state is State.FINISHED


def test_explored_in_words_never_says_nothing_after_a_backtrack(qapp):
    """A fraction too small for a double (100×100: branches 10,000 levels deep) is not
    "nothing": once the run has backtracked, it is less than the smallest figure shown."""
    from knightviz.engine import Result
    from knightviz.gui.panels.gauge import explored_words

    assert explored_words(0.0) == "nothing finished yet"
    assert explored_words(0.0, backtracked=True) == "less than 1 part in 10²⁰"
    solved = Result(Outcome.SOLVED, 63, 0)
    assert explored_words(0.0, solved) == "none: straight to a solution"
    assert explored_words(1.0, solved, True) == "all of it"
    assert explored_words(0.42) == "42 %"
    assert explored_words(1e-9).startswith("1 part in 1.0 × 10⁹")
