"""Every panel for a run of one's own strategy: the stack, the explored gauge and the
estimate, the search tree and "your turn", each from the learner's own order (rebuilt in a
child process of its own, never in the window's), as for the built-ins."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from knightviz.engine import puzzles
from knightviz.engine.strategies import UserStrategy, user_search
from knightviz.gui.puzzles import own as own_module
from knightviz.gui.session import State

from .automation import eventually
from .conftest import configure, set_speed, start_and_finish

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "strategies"
IDENTITY = "def order(position, candidates):\n    return candidates\n"


def own(window, source: str, name: str | None = None, **changes) -> None:
    configure(window, own=True, **changes)
    window.own.editor.set_text(source, name)


def levels(stack) -> list[tuple[int, tuple[int, ...], int]]:
    return [(lv.square, tuple(lv.candidates), lv.tried) for lv in stack]


def test_the_stack_is_the_learners_at_every_step_paced_and_paused(window, qtbot):
    """Edge-first on 5×5, step by step: the stack shown at each step is the one the
    learner's search had there (taken from the engine's own run of the same file)."""
    source = (EXAMPLES / "edge_first.py").read_text()
    own(window, source, "edge_first.py", n=5)
    set_speed(window, 2)
    problem = puzzles.spec("knight").parse("5x5 a5")
    twin = user_search("knight", problem, UserStrategy(source=source))
    for step in range(1, 9):
        window.step()
        qtbot.waitUntil(lambda s=step: window.session.model.steps == s, timeout=10_000)
        twin.advance(1)
        eventually(
            qtbot,
            lambda: bool(window.session.display_stack()),
            lambda: f"no stack shown at step {window.session.model.steps}",
            timeout=10_000,
        )
        assert levels(window.session.display_stack()) == levels(twin.stack()), step
    twin.close()
    assert window.session.state is State.PAUSED
    window.view.refresh()
    assert window.view.stack_view.model().rowCount() == len(window.session.display_stack())
    window.reset()


def test_seek_back_after_a_backtrack_shows_that_steps_stack(window, qtbot):
    set_speed(window, math.inf)
    own(window, IDENTITY, n=5, warnsdorff=False)
    result = start_and_finish(window, qtbot, 30_000)
    assert result.backtracks > 0
    spec = puzzles.spec("knight")
    finder = spec.make_search(spec.parse("5x5 a5"), "plain", backend="python")
    events = list(finder.advance(400))
    back = next(i for i, x in enumerate(events) if x < 0) + 1  # just after the first backtrack
    window.seek(back)
    twin = user_search("knight", spec.parse("5x5 a5"), UserStrategy(source=IDENTITY))
    twin.advance(back)  # the learner's search itself, stopped there
    eventually(qtbot, lambda: bool(window.session.display_stack()), "no stack", 10_000)
    assert levels(window.session.display_stack()) == levels(twin.stack())
    assert window.session.display_stack()[-1].tried > 0  # the square left counts as tried
    twin.close()


def test_the_gauge_estimate_and_tree_follow_the_learners_search(window, qtbot):
    """The identity strategy walks the plain search's tree: the same explored fraction at
    the end, an estimate of the same tree, and the tree's root with a5's two moves."""
    set_speed(window, math.inf)
    configure(window, n=5, warnsdorff=False)
    start_and_finish(window, qtbot, 30_000)
    s = window.session
    built_in = s.shown_explored()
    own(window, IDENTITY, n=5, warnsdorff=False)
    start_and_finish(window, qtbot, 30_000)
    eventually(qtbot, lambda: s.shadow is not None, "no explainer for the run", 10_000)
    assert built_in is not None and 0 < built_in < 1
    # (Within 1 %: at the tour's last squares the built-in's levels also list visited
    # neighbours, which the learner's never receives.)
    assert s.shown_explored() == pytest.approx(built_in, rel=0.01)
    window.view.tree_panel.setVisible(True)
    window.view.refresh()
    eventually(qtbot, lambda: window.view.tree_panel.canvas.index is not None, "no tree", 10_000)
    index = window.view.tree_panel.canvas.index
    root = index.root(window.session.end)
    assert root.children == 2  # a5's two knight moves
    first = [kid.path[-1] for kid in index.kids(root, window.session.end)]
    assert first == list(window.session.shadow.kids((0,)))  # in the learner's order


def test_your_turn_asks_the_learners_next_move(window, qtbot):
    """Middle columns first on 6 queens: the question's answer is the learner's choice
    (c6 or d6 first), not the built-in's a6."""
    queens = window.puzzles["queens"]
    settings = dataclasses.replace(queens.default_settings(), rows=6, cols=6, own=True)
    window.panel.set_settings("queens", settings)
    assert window.own.editor.open(str(EXAMPLES / "queens_middle.py"))
    set_speed(window, 60)
    window.predict_action.trigger()
    QTest.keyClick(window, Qt.Key.Key_Space)
    p = window.view.predictor
    eventually(qtbot, lambda: p.asking, "no question", 15_000)
    n = 6
    assert p.question.position == 0
    assert p.question.expected == (n - 1) * n + 2  # c6: the first of the middle columns
    window.predict_action.trigger()
    window.reset()


def test_a_run_files_strategy_is_not_run_to_explain_it(window, qtbot, tmp_path):
    """Opening a run of a strategy never run in this session shows its recording with no
    stack (its code would have to run); running it again (asked first) explains it."""
    witness = tmp_path / "ran.txt"
    source = (
        "def order(position, candidates):\n"
        f"    open({str(witness)!r}, 'a').write('x')\n"
        "    return candidates\n"
    )
    set_speed(window, math.inf)
    own(window, source, "writer.py", n=5)
    start_and_finish(window, qtbot, 30_000)
    saved = tmp_path / "own.knightviz"
    assert window.save_run(str(saved))
    window.reset()
    for puzzle in window.puzzles.values():
        puzzle.own_shadows.close()
    own_module._TRUSTED.clear()  # as in a new session
    witness.unlink()
    assert window.open_run(str(saved))
    window.seek(3)
    assert window.session.shadow is None and window.session.display_stack() is None
    assert not witness.exists()


def test_the_explainers_end_with_the_window(window, qtbot):
    set_speed(window, math.inf)
    own(window, IDENTITY, n=5)
    start_and_finish(window, qtbot, 30_000)
    eventually(qtbot, lambda: window.session.shadow is not None, "no explainer", 10_000)
    explainer = window.session.shadow.explainer
    assert explainer.alive
    window.close()
    assert not explainer.alive


def test_the_whole_tree_estimate_probes_the_learners_tree(window, qtbot):
    """A paced run lasts long enough for Knuth's probes: they walk the learner's own
    children (identity: the plain search's tree, estimated by the built-in at the same
    order of size: 5×5 paths from a5 number some hundreds of thousands)."""
    own(window, IDENTITY, n=5, warnsdorff=False)
    set_speed(window, 200)
    window.start_or_pause()
    s = window.session
    eventually(qtbot, lambda: s.tree_estimate() is not None, "no estimate", 30_000)
    eventually(qtbot, lambda: s.tree_estimate().probes >= 200, "too few probes", 30_000)
    mine = s.tree_estimate()
    window.reset()
    from knightviz.engine.estimate import TreeEstimator, tour_probe

    built_in = TreeEstimator(tour_probe(5, 5, 0), seed=1).run(2000)
    assert abs(mine.log10_nodes - built_in.log10_nodes) < 0.5
    assert mine.log10_nodes > math.log10(17_654)  # more than the run itself visited


def test_the_algorithm_panel_shows_where_the_learners_function_is_called(window, qtbot):
    """Not the built-in rule's program (Warnsdorff's was shown while the learner's ran):
    one that calls the learner's functions, for each puzzle."""
    own(window, IDENTITY, n=5, warnsdorff=True)
    set_speed(window, math.inf)
    start_and_finish(window, qtbot, 30_000)
    window.view.refresh()
    text = window.view.code_panel.view.toPlainText()
    for key, call in (
        ("knight", "order(position"),
        ("queens", "order(position"),
        ("sudoku", "cell(position"),
    ):
        puzzle = window.puzzles[key]
        settings = dataclasses.replace(puzzle.default_settings(), own=True)
        program = puzzle.program(settings).text
        assert call in program, key
        assert "your strategy" in program
        assert program != puzzle.program(puzzle.builtin(settings)).text
    assert "order(position, free)" in text  # the run's own, in the panel
