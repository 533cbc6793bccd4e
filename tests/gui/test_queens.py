"""N-Queens in the window: counts, the solutions list, both variants, the constraints panel."""

from __future__ import annotations

import io
import json
import math

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from knightviz.cli import main as cli_main
from knightviz.engine import Board, Outcome, make_queens_search, run
from knightviz.engine.bitboards import BitboardQueensSearch
from knightviz.engine.explain import bitboards, conflicts, last_scan
from knightviz.gui.panels.history import MOVES, OUTCOME, PUZZLE, SOLUTIONS, STRATEGY
from knightviz.gui.solver.regimes import RECORDED_CALL

from .conftest import child, configure, digits, set_speed, start_and_finish


def cli_json(*args: str) -> dict:
    out = io.StringIO()
    import contextlib

    with contextlib.redirect_stdout(out):
        assert cli_main(list(args)) == 0
    return json.loads(out.getvalue())


def test_all_92_solutions_of_8x8_counts_list_and_history(window, qtbot):
    configure(window, "queens")
    assert child(window, "puzzleCombo").currentData() == "queens"
    assert window.view.counters.titles["moves"].text() == "Placements"
    assert window.view.counters.titles["backtracks"].text() == "Removals"
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    assert result.outcome is Outcome.SOLVED
    assert (result.count, result.moves, result.backtracks) == (92, 2056, 2056)
    cli = cli_json("queens", "--size", "8", "--format", "json")
    assert (cli["count"], cli["moves"], cli["backtracks"]) == (92, 2056, 2056)
    qtbot.waitUntil(lambda: digits(child(window, "solutionsLabel").text()) == 92, timeout=2000)
    assert digits(child(window, "movesLabel").text()) == 2056
    assert digits(child(window, "backtracksLabel").text()) == 2056
    assert digits(child(window, "stepsLabel").text()) == 4112
    view = child(window, "solutionsList")
    model = view.model()
    qtbot.waitUntil(lambda: model.rowCount() == 92, timeout=2000)
    texts = [model.index(r, 0).data() for r in range(92)]
    assert texts[0].endswith("a1 e2 h3 f4 c5 g6 b7 d8")
    assert (
        [t.split(".", 1)[1].strip() for t in texts] == cli["solutions_text"]
        if ("solutions_text" in cli)
        else [" ".join(s) for s in cli["solutions"]]
    )
    table = window.history
    assert table.item(0, PUZZLE).text() == "N-Queens"
    assert digits(table.item(0, SOLUTIONS).text()) == 92
    assert digits(table.item(0, MOVES).text()) == 2056
    assert "all solutions" in table.item(0, STRATEGY).text()
    assert "92 solutions" in window.status_text()


def test_first_solution_after_113_placements(window, qtbot):
    configure(window, "queens", all_solutions=False)
    set_speed(window, math.inf)
    result = start_and_finish(window, qtbot)
    assert result.outcome is Outcome.SOLVED
    assert result.moves == 113
    assert window.model.path == list(result.solution)
    board = Board(8, 8)
    assert [board.name(sq) for sq in window.model.path] == [
        "a1",
        "e2",
        "h3",
        "f4",
        "c5",
        "g6",
        "b7",
        "d8",
    ]
    assert "first solution" in window.history.item(0, STRATEGY).text()
    assert "a1 e2 h3 f4 c5 g6 b7 d8" in window.status_text()


def test_first_vs_all_compare_in_history(window, qtbot):
    set_speed(window, math.inf)
    for all_solutions in (False, True):
        configure(window, "queens", all_solutions=all_solutions)
        start_and_finish(window, qtbot)
    rows = [digits(window.history.item(r, MOVES).text()) for r in range(2)]
    assert rows == [113, 2056]


def test_clicking_a_solution_shows_it_on_the_board(window, qtbot):
    configure(window, "queens", n=6)
    set_speed(window, math.inf)
    start_and_finish(window, qtbot)
    view = child(window, "solutionsList")
    qtbot.waitUntil(lambda: view.model().rowCount() == 4, timeout=2000)
    reference = make_queens_search(6)
    run(reference)
    index = view.model().index(2, 0)
    rect = view.visualRect(index)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.board.model().path == list(reference.solutions[2])
    # Starting again leaves the preview for the live run.
    window.reset()
    assert window.board.model() is window.session.model


#: What the window says about the step on the board (objectNames).
STEP_READOUTS = (
    "movesLabel",
    "backtracksLabel",
    "stepsLabel",
    "depthLabel",
    "solutionsLabel",
    "exploredLabel",
    "narrationLabel",
    "codeVariablesLabel",
    "stepEdit",
)


def step_readouts(window) -> dict[str, object]:
    shown: dict[str, object] = {name: child(window, name).text() for name in STEP_READOUTS}
    shown["exploredBar"] = child(window, "exploredBar").fraction
    return shown


def test_a_solution_chosen_from_the_list_sets_every_counter_to_its_step(window, qtbot):
    """The board went to the chosen solution's step while Solutions still read 92, the gauge
    "all of it" and the narration the end of the search: the window must read as the
    timeline at that step does."""
    configure(window, "queens", all_solutions=True)
    set_speed(window, math.inf)
    start_and_finish(window, qtbot)
    view = child(window, "solutionsList")
    qtbot.waitUntil(lambda: view.model().rowCount() == 92, timeout=2000)
    rect = view.visualRect(view.model().index(10, 0))
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    session = window.session
    qtbot.waitUntil(lambda: session.preview_model is not None, timeout=2000)
    step = digits(child(window, "stepsLabel").text())
    assert 0 < step < session.end
    chosen = step_readouts(window)
    assert digits(str(chosen["solutionsLabel"])) == 11
    session.seek(step)  # the timeline at the same step: the reference
    assert session.preview_model is None and session.position == step
    qtbot.waitUntil(lambda: step_readouts(window) == chosen, timeout=2000)


@pytest.mark.parametrize("n", [6, 8])
def test_both_variants_make_the_same_placements(window, qtbot, n):
    set_speed(window, math.inf)
    results, lists = [], []
    for variant in ("sets", "bitboards"):
        configure(window, "queens", n=n, variant=variant)
        results.append(start_and_finish(window, qtbot))
        lists.append(list(window.session.found))
    a, b = results
    assert (a.moves, a.backtracks, a.count) == (b.moves, b.backtracks, b.count)
    assert lists[0] == lists[1] and len(lists[0]) == a.count
    assert "bitboards" in window.history.item(1, STRATEGY).text()


def test_solution_is_on_the_board_when_reported_at_paced_speed(window, qtbot):
    configure(window, "queens", n=4)
    set_speed(window, 60)
    seen = []

    def on_solution(solution):
        seen.append((tuple(window.model.path), solution))

    window.session.solution_found.connect(on_solution)
    result = start_and_finish(window, qtbot, timeout=20_000)
    assert result.count == 2 and len(seen) == 2
    for path, solution in seen:
        assert path == solution  # the board holds the solution as it is announced


def test_constraints_panel_names_the_rejecting_constraint(window, qtbot):
    configure(window, "queens", n=8)
    set_speed(window, math.inf)
    window.step()  # paused, stepping: explanations shown
    qtbot.waitUntil(lambda: window.model.steps == 1, timeout=1000)
    label = child(window, "rejectionLabel")
    for _ in range(40):
        steps = window.model.steps
        window.step()
        qtbot.waitUntil(lambda steps=steps: window.model.steps == steps + 1, timeout=1000)
        window.view._on_tick()
        scan = last_scan(8, window.model.path, window.model.last_events)
        if scan is not None and scan.rejected:
            break
    assert scan is not None and scan.rejected
    last = scan.rejected[-1]
    board = Board(8, 8)
    text = label.text()
    assert f"{board.name(last)} rejected" in text
    for _kind, holder in conflicts(8, scan.queens, last):
        assert board.name(holder) in text  # the queen that holds the constraint is named
    window.reset()


def test_bitboard_view_shows_the_two_integers(window, qtbot):
    configure(window, "queens", n=8, variant="bitboards")
    set_speed(window, math.inf)
    window.step(), window.step()
    qtbot.waitUntil(lambda: window.model.steps == 2, timeout=1000)
    window.session.step(5)
    qtbot.waitUntil(lambda: window.model.steps == 7, timeout=1000)
    window.view._on_tick()
    view = child(window, "bitboardView")
    assert view.isVisible()
    q, a = bitboards(8, window.model.path)
    assert f"0x{q:016X}" in view.toPlainText()
    assert f"0x{a:016X}" in view.toPlainText()
    # The engine's own bitboard search holds the same integers at the same point.
    search = BitboardQueensSearch(8)
    search.advance(7)
    assert (search.queens_bits, search.attacked_bits) == (q, a)
    window.reset()


def test_pause_step_reset_and_close_mid_run_at_unlimited(window, qtbot):
    configure(window, "queens", n=14)  # 27 million placements: long enough to steer
    set_speed(window, math.inf)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps > 20_000, timeout=5000)
    search = window.controller.worker.search
    with qtbot.waitSignal(window.controller.pause_reached, timeout=1000):
        window.start_or_pause()
    steps = window.model.steps
    assert search.steps == steps  # the board shows where the search stopped
    window.step()
    qtbot.waitUntil(lambda: window.model.steps == steps + 1, timeout=1000)
    assert search.steps <= steps + 2  # really paused: one step, and the next looked ahead
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps > steps + 20_000, timeout=5000)
    with qtbot.waitSignal(window.controller.run_finished, timeout=1000) as blocker:
        window.reset()
    assert blocker.args[0].outcome is Outcome.CANCELLED
    assert window.history.item(0, OUTCOME).text() == "stopped"
    assert window.model.path == [] and window.model.steps == 0
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps > 10_000, timeout=5000)
    thread = window.controller.solver_thread
    search = window.controller.worker.search
    asked = search.steps
    window.close()
    # Closing stops and joins the thread at once: within the engine call under way, the search
    # left unfinished (how long it takes: benchmarks/gui_responsiveness.py).
    assert thread is not None and not thread.isRunning()
    assert search.steps - asked <= RECORDED_CALL and search.result is None


@pytest.mark.parametrize("speed", [5000.0, math.inf])
def test_no_solution_on_3x3_shows_the_deepest_position(window, qtbot, speed):
    configure(window, "queens", n=3)
    set_speed(window, speed)
    result = start_and_finish(window, qtbot)
    assert result.outcome is Outcome.EXHAUSTED
    assert len(window.model.path) == 2  # how far it got: two queens
    assert "No way to place 3 queens" in window.status_text()
    assert window.history.item(0, OUTCOME).text() == "no solution"


def test_queens_board_size_limited_and_square(window):
    configure(window, "queens")
    rows = child(window, "rowsSpin")
    assert rows.maximum() == 30
    assert not child(window, "squareCheck").isEnabled()
    rows.setValue(12)
    assert child(window, "colsSpin").value() == 12
    assert window.session.settings.rows == 12
    configure(window, "knight")
    assert rows.maximum() == 100
