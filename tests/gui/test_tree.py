"""The search tree panel (``searchTree``): its contract against the recording and
the explored gauge, along the timeline, for both puzzles."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from knightviz.engine.tree import NodeState

from .automation import child, eventually, run_to_end, setup


def show_tree(window, follow: bool) -> object:
    window.tree_dock.show()
    window.tree_dock.raise_()
    tree = child(window, "searchTree")
    child(window, "treeFollowCheck").setChecked(follow)
    return tree


def check_at(window, qtbot, tree, step: int) -> None:
    session = window.session
    session.seek(step)
    eventually(qtbot, lambda: session.position == step, "seek")
    pos = session.recording.seek(step)
    eventually(
        qtbot,
        lambda: tree.node_count() == pos.moves + 1,
        lambda: f"step {step}: {tree.node_count()} nodes, {pos.moves} moves",
    )
    gauge = session.update_explored()
    assert gauge is not None
    assert tree.explored_fraction() == pytest.approx(gauge, abs=1e-12), step


@pytest.mark.parametrize(
    ("puzzle", "n", "strategy"),
    [
        ("knight", 5, {"warnsdorff": False}),
        ("queens", 6, {"all_solutions": True}),
        ("knight", 8, {"warnsdorff": True}),
    ],
)
def test_the_tree_counts_the_nodes_and_equals_the_gauge_along_the_timeline(
    window, qtbot, puzzle, n, strategy
):
    tree = show_tree(window, follow=False)
    setup(window, puzzle, n, **strategy)
    run_to_end(window, qtbot)
    end = len(window.session.recording)
    for step in (end, 1, end // 7, end // 2, 3 * end // 4, end - 1, end):
        check_at(window, qtbot, tree, step)
    if puzzle == "queens":  # every possibility tried: the whole width
        assert tree.explored_fraction() == 1.0


def test_hover_names_a_node_and_a_click_seeks_where_the_search_entered_it(window, qtbot):
    tree = show_tree(window, follow=False)
    setup(window, "queens", 6, all_solutions=True)
    run_to_end(window, qtbot)
    canvas = tree.canvas
    qtbot.waitUntil(lambda: bool(canvas.segments), timeout=2000)
    # A rank-2 node wide enough to click: its square, and the step it was entered at.
    seg = next(s for s in canvas.segments if s.row == 2 and s.x1 - s.x0 > 6)
    point = QPoint(int((seg.x0 + seg.x1) / 2), int(seg.row * canvas.row_h + 3))
    depth, square = tree.node_at(point.x(), point.y())
    assert (depth, square) == (seg.node.depth, seg.node.square)
    assert seg.node.state in (NodeState.FINISHED, NodeState.SOLUTION)
    assert "depth 2" in canvas.describe(seg.node)
    QTest.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=point)
    session = window.session
    eventually(qtbot, lambda: session.position == seg.node.entered, "the click did not seek")
    assert window.board.model().path == list(seg.node.path)
    # The tree now shows the tree as it was at that step.
    assert tree.node_count() == session.recording.seek(seg.node.entered).moves + 1


def test_follow_shows_the_deepest_levels_of_the_path(window, qtbot):
    tree = show_tree(window, follow=True)
    setup(window, "knight", 5, warnsdorff=False)
    run_to_end(window, qtbot)
    session = window.session
    session.seek(len(session.recording) // 2)
    canvas = tree.canvas
    path = window.board.model().path
    eventually(
        qtbot,
        # Band i: the children of the path's node at the band's depth; the last band,
        # those of the square the knight stands on (none of them on the path yet).
        lambda: (
            len(canvas.bands) > 2
            and [s.node.square for s in canvas.segments if s.state is NodeState.PATH]
            == path[len(path) - len(canvas.bands) + 1 :]
        ),
        "follow does not show the path's last levels",
    )
    # Each band is the children of the path's node above it, in equal shares of the width.
    for row in range(len(canvas.bands)):
        widths = [s.x1 - s.x0 for s in canvas.segments if s.row == row]
        assert widths and max(widths) - min(widths) < 1e-6
        assert sum(widths) == pytest.approx(canvas.width())


def test_zoom_and_pan_leave_follow_and_double_click_fits_all(window, qtbot):
    tree = show_tree(window, follow=True)
    setup(window, "queens", 6, all_solutions=True)
    run_to_end(window, qtbot)
    canvas = tree.canvas
    QTest.mouseDClick(canvas, Qt.MouseButton.LeftButton, pos=QPoint(20, 20))
    assert not child(window, "treeFollowCheck").isChecked()
    assert (canvas.vx0, canvas.vx1) == (0.0, 1.0)
    root = [s for s in canvas.segments if s.row == 0]
    assert len(root) == 1 and root[0].x1 - root[0].x0 == pytest.approx(canvas.width())


def test_a_path_deeper_than_a_double_can_share(window, qtbot):
    """40x40 Warnsdorff: 1,600 levels, the path's shares underflow to 0 below about 10^-308;
    following the search still lays every band out by each node's place among its siblings."""
    tree = show_tree(window, follow=True)
    setup(window, "knight", 40, warnsdorff=True, tie_break="roth")
    run_to_end(window, qtbot)
    canvas = tree.canvas
    chain = canvas.index.path_nodes(canvas.at)
    assert len(chain) == 1600 and chain[-1].w == 0.0  # underflowed
    qtbot.waitUntil(lambda: bool(canvas.segments), timeout=5000)
    assert all(0.0 <= s.x0 < s.x1 <= canvas.width() + 1e-9 for s in canvas.segments)
    assert tree.node_count() == 1600


def test_a_race_has_one_tree_per_racer_at_the_race_clock(window, qtbot):
    """Plain against Warnsdorff on 5x5: the tree dock shows both racers' trees side by
    side, each counting its racer's nodes at the step its board shows."""
    from knightviz.gui.session import State

    from .conftest import UNLIMITED, configure, set_speed

    configure(window, "knight", n=5)
    set_speed(window, UNLIMITED)
    window.tree_dock.show()
    window.race_action.setChecked(True)
    assert window.tree_dock.isVisible()
    trees = [child(window, "searchTree_1"), child(window, "searchTree_2")]
    assert all(t.isVisible() for t in trees)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.race.state is State.FINISHED, timeout=30_000)
    for lane, tree in zip(window.race.views, trees, strict=True):
        eventually(
            qtbot,
            lambda lane=lane, tree=tree: (
                tree.node_count() == lane.session.shown_model(lane.clock_step).moves + 1
            ),
            lambda tree=tree: f"{tree.node_count()} nodes",
        )
    assert trees[1].node_count() == 25  # Warnsdorff: 24 moves from a5, no backtrack
    window.race_action.setChecked(False)
    assert child(window, "searchTree").isVisible()


@pytest.mark.parametrize("shown", ["before", "after"])
def test_the_tree_follows_a_run_brought_back_from_the_history_at_once(window, qtbot, shown):
    """Plain 6x6 (496,301 steps), then another run, then the first brought back from the
    history with the tree shown before the double-click or opened after it: the tree is at
    the board's step at once. It read "1 nodes at step 0" beside the board at the run's end
    until the timeline moved (the hidden panel never heard of the step), and a shown one
    took the recording in 65,536 steps a turn, a wrong tree meanwhile."""
    setup(window, "knight", 6, warnsdorff=False)
    run_to_end(window, qtbot, timeout=60_000)
    first = window.history.records()[-1]
    setup(window, "knight", 5, warnsdorff=True)
    run_to_end(window, qtbot)
    if shown == "before":
        tree = show_tree(window, follow=True)
    window.history.record_activated.emit(first)
    if shown == "after":
        tree = show_tree(window, follow=True)
    session = window.session
    end = len(session.recording)
    assert session.position == end > 400_000
    # No turn of the event loop in between: the tree shows the board's step at once.
    assert tree.node_count() == session.recording.seek(end).moves + 1
    info = child(window, "treeInfoLabel").text()
    assert f"step {end:,}" in info, info


def test_a_run_read_over_several_turns_says_how_far_the_reading_has_come(
    window, qtbot, monkeypatch
):
    """A recording too long to read at once (here: one block of steps a turn) shows how far
    the reading has come, never a tree at another step than the board's, then the tree."""
    from knightviz.gui import view as view_module
    from knightviz.gui.panels import tree as tree_module

    monkeypatch.setattr(tree_module, "CATCH_UP", 0.0)
    # numpy's share a turn, whatever loaded before: the compiled pass takes in a million
    # steps a turn, the whole 6×6 run at once (the test then depended on the tests before).
    for module in (tree_module, view_module):
        monkeypatch.setattr(module, "update_budget", lambda: 1 << 16)
    tree = show_tree(window, follow=True)
    setup(window, "knight", 6, warnsdorff=False)
    run_to_end(window, qtbot, timeout=60_000)
    first = window.history.records()[-1]
    setup(window, "knight", 5, warnsdorff=True)
    run_to_end(window, qtbot)
    window.history.record_activated.emit(first)
    session = window.session
    end = len(session.recording)
    info = child(window, "treeInfoLabel")
    assert info.text().startswith("Reading the run: ")
    assert info.text().endswith(f" of {end:,} steps…")
    moves = session.recording.seek(end).moves
    eventually(qtbot, lambda: tree.node_count() == moves + 1, lambda: info.text())
    assert info.text() == f"{moves + 1:,} nodes at step {end:,}"


def test_view_search_tree_brings_its_tab_to_the_front(window, qtbot):
    """The tree dock is a tab beside the Search stack: View › Search tree showed it behind
    the stack, so nothing seemed to happen."""
    tree = child(window, "searchTree")
    dock = child(window, "treeDock")
    assert not dock.isVisible()
    menu = window.view_menu
    entry = next(a for a in menu.actions() if a.text().replace("&", "") == "Search tree")
    entry.trigger()
    qtbot.waitUntil(tree.isVisible, timeout=2000)
    assert not tree.visibleRegion().isEmpty()
    assert window.tabifiedDockWidgets(dock)  # a tab among others, in front
    entry.trigger()
    assert not dock.isVisible()


def test_view_search_tree_brings_it_forward_from_behind_another_tab(window, qtbot):
    """Shown, then sent behind the Search stack by a change of puzzle (which raises the
    stack): View › Search tree, checked, hid it instead of showing it."""
    from .automation import set_puzzle

    tree = child(window, "searchTree")
    dock = child(window, "treeDock")
    entry = next(a for a in window.view_menu.actions() if a.text() == "Search tree")
    entry.trigger()
    qtbot.waitUntil(lambda: not tree.visibleRegion().isEmpty(), timeout=2000)
    set_puzzle(window, "queens")
    set_puzzle(window, "knight")
    qtbot.waitUntil(lambda: tree.visibleRegion().isEmpty(), timeout=2000)
    assert dock.isVisible() and entry.isChecked()  # shown, behind the stack's tab
    entry.trigger()
    qtbot.waitUntil(lambda: not tree.visibleRegion().isEmpty(), timeout=2000)
    assert dock.isVisible() and entry.isChecked()
    entry.trigger()  # in front: the choice hides it
    assert not dock.isVisible() and not entry.isChecked()
