"""Construct, the knight's third strategy: offered where it applies, and on the board the
construction's steps (blocks' tours, then joins), not a search."""

from __future__ import annotations

from PySide6.QtGui import QColor

from knightviz.engine import Board, Outcome
from knightviz.engine import construct as engine
from knightviz.gui.puzzles.knight_construct import ADDED, BLOCK_COLOURS, CUT

from .automation import child, eventually, run_to_end, setup


def pixel(window, square_a: int, square_b: int) -> QColor:
    """The board's colour midway between two squares' centres (on the line joining them)."""
    board = window.board
    image = board.grab().toImage()
    dpr = image.devicePixelRatio()
    g = board.board_geometry()
    a, b = g.centres[square_a], g.centres[square_b]
    return image.pixelColor(round((a.x() + b.x()) / 2 * dpr), round((a.y() + b.y()) / 2 * dpr))


def close(c: QColor, want: QColor, tolerance: int = 60) -> bool:
    return (
        abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue())
        <= tolerance
    )


def test_construct_is_offered_only_where_it_applies(window, qtbot):
    setup(window, "knight", 12)
    check = child(window, "constructCheck")
    assert check.isEnabled()
    check.setChecked(True)
    assert not child(window, "warnsdorffCheck").isEnabled()
    assert not child(window, "backtrackCheck").isEnabled()
    for n, words in ((7, "both its sides are odd"), (4, "at least 5")):
        setup(window, "knight", n)
        assert not check.isEnabled() and not check.isChecked()
        assert words in check.toolTip()
    child(window, "squareCheck").setChecked(False)  # a long thin rectangle: a grid of blocks
    child(window, "rowsSpin").setValue(6)
    child(window, "colsSpin").setValue(30)
    assert check.isEnabled()
    child(window, "colsSpin").setValue(29)  # one odd side: a row of deeper blocks
    assert check.isEnabled()
    child(window, "colsSpin").setValue(30)
    child(window, "rowsSpin").setValue(3)  # 3 x 30 has closed tours, but not built here
    assert not check.isEnabled() and "at least 5" in check.toolTip()
    child(window, "squareCheck").setChecked(True)
    setup(window, "knight", 10)
    assert check.isEnabled()
    assert child(window, "warnsdorffCheck").isEnabled()  # unchecked when it went away


def test_a_constructed_run_is_a_closed_tour_without_backtracks(window, qtbot):
    setup(window, "knight", 12, speed=20)
    child(window, "constructCheck").setChecked(True)
    with qtbot.waitSignal(window.controller.run_finished, timeout=30_000) as blocker:
        child(window, "startButton").click()
        status = child(window, "statusLabel")
        eventually(qtbot, lambda: "Constructing, not searching" in status.text(), status.text)
        window.run_controls.set_speed(float("inf"))
    result = blocker.args[0]
    assert result.outcome is Outcome.SOLVED and result.backtracks == 0
    assert engine.is_closed_tour(12, 12, result.solution)
    eventually(
        qtbot,
        lambda: "without search" in child(window, "statusLabel").text(),
        lambda: child(window, "statusLabel").text(),
    )
    narration = child(window, "narrationLabel")
    assert "one closed tour of all 144 squares" in narration.text()
    assert "construction" in window.panel.puzzle().describe(window.session.settings)


def test_the_board_draws_blocks_then_the_join_then_the_tour(window, qtbot):
    setup(window, "knight", 12)
    child(window, "constructCheck").setChecked(True)
    run_to_end(window, qtbot)
    plan = engine.plan(12, 12)
    join = plan.joins[0]
    first = plan.blocks[0]
    local = engine.base_tour(first.rows, first.cols)
    a, b = ((first.row + sq // first.cols) * 12 + first.col + sq % first.cols for sq in local[:2])
    edge = (a, b)  # a move of the first block's tour (not one the join cuts)
    assert frozenset(edge) not in {frozenset(m) for m in join.cut}
    narration = child(window, "narrationLabel")
    size = 144
    steps = len(plan.blocks) + len(plan.joins) + 1

    def at(stage: int) -> int:
        """The first timeline step at which the board shows ``stage`` steps."""
        return next(k for k in range(size) if engine.stage(plan, k + 1) == stage)

    window.seek(at(0))
    eventually(qtbot, lambda: "step 0 of 6" in narration.text(), narration.text)
    assert not close(pixel(window, *edge), BLOCK_COLOURS[0])  # nothing drawn yet
    window.seek(at(1))
    eventually(qtbot, lambda: "block 1 of 4" in narration.text(), narration.text)
    assert close(pixel(window, *edge), BLOCK_COLOURS[0])
    window.seek(at(steps - 1))
    eventually(qtbot, lambda: "join at g6" in narration.text(), narration.text)
    cut, added = join.cut[0], join.added[0]
    assert close(pixel(window, *added), ADDED)
    assert close(pixel(window, *cut), CUT, tolerance=120)  # dashed: a dash or its gap
    window.seek(size - 1)
    eventually(qtbot, lambda: "one closed tour" in narration.text(), narration.text)
    done = pixel(window, *added)  # one colour, one tour: the path's blue (the wood is warm)
    assert not close(done, ADDED) and done.blue() > done.red()
    assert Board(12, 12).name(join.row * 12 + join.col) == "g6"


def test_a_racer_can_construct_beside_a_search(window, qtbot):
    from knightviz.gui.session import State as RaceState

    from .conftest import configure, set_speed

    configure(window, "knight", n=12, closed=True)
    window.race_action.setChecked(True)
    child(window, "constructCheck_2").setChecked(True)
    finish = child(window, "raceFinishCombo")  # the plain search stops when it is built
    finish.setCurrentIndex(finish.findData(True))
    set_speed(window, 20)
    window.start_or_pause()
    badge = child(window, "raceBadge_2")
    eventually(qtbot, lambda: badge.text() == "Constructing…", badge.text)
    assert child(window, "raceBadge_1").text() == "Searching…"
    set_speed(window, float("inf"))
    qtbot.waitUntil(lambda: window.race.state is RaceState.FINISHED, timeout=30_000)
    built = window.race.lanes[1].result
    assert built.solved and built.backtracks == 0
    assert engine.is_closed_tour(12, 12, built.solution)
    assert "Finished first: 143" in child(window, "raceBadge_2").text()
