"""The positions of a run of one's own strategy, rebuilt in a child process of their own:
after any step, the same stack as the run's own search had there, and the children its
tree and "your turn" show, the user's order (random strategies included) kept."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from knightviz.engine import puzzles
from knightviz.engine.puzzles.sudoku import HARD
from knightviz.engine.strategies import UserExplainer, UserStrategy, user_search

pytestmark = pytest.mark.own_engine

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "strategies"


def example(name: str, seed: int = 0) -> UserStrategy:
    return UserStrategy.from_file(str(EXAMPLES / f"{name}.py"), seed)


#: b5 on 5x5 starts no tour (the colours): searched anyway, Warnsdorff with random ties
#: backtracks at once, through many ties.
ANYWAY = {"search_anyway": True}
CASES = [
    ("knight", "6x6 a6", "edge_first", 0),
    ("knight", "5x5 b5", "random_ties", 7),
    ("queens", "8", "queens_middle", 0),
    ("sudoku", HARD, "mrv", 0),
]


@pytest.mark.parametrize(("key", "text", "name", "seed"), CASES)
def test_the_stack_after_any_step_is_the_runs(key, text, name, seed):
    """Stopped at random steps (moves and backtracks), the run's own stack equals the one
    rebuilt from its path and last event: levels, candidates in order, how many tried."""
    spec = puzzles.spec(key)
    problem = spec.parse(text)
    strategy = example(name, seed)
    options = ANYWAY if name == "random_ties" else None
    run = user_search(key, problem, strategy, options=options)
    explainer = UserExplainer(key, problem, strategy, options=options)
    rng = random.Random(2026)
    checked = backtracks = 0
    last = None
    while run.result is None and checked < 25:
        chunk = run.advance(rng.choice((1, 2, 7, 40, 120)))
        if not len(chunk):
            break
        last = chunk[-1]
        backtracks += last < 0
        rebuilt = explainer.stack_at(run.path, last)
        assert list(rebuilt) == list(run.stack()), (checked, last)
        checked += 1
    assert checked >= 10 and explainer.error is None
    assert backtracks, "no stop after a backtrack"
    run.close()
    explainer.close()
    assert not explainer.alive


@pytest.mark.parametrize(("key", "text", "name", "seed"), CASES)
def test_children_are_the_top_levels_candidates(key, text, name, seed):
    spec = puzzles.spec(key)
    problem = spec.parse(text)
    strategy = example(name, seed)
    options = ANYWAY if name == "random_ties" else None
    run = user_search(key, problem, strategy, options=options)
    explainer = UserExplainer(key, problem, strategy, options=options)
    run.advance(50)
    top = run.stack()[-1]
    assert explainer.kids(run.path) == tuple(top.candidates)
    assert explainer.kids(list(run.path)) == tuple(top.candidates)  # any sequence
    run.close()
    explainer.close()


def test_the_built_in_rewritten_has_the_built_ins_children():
    """Warnsdorff's rule as an example strategy: the tree's children are the built-in's."""
    spec = puzzles.spec("knight")
    problem = spec.parse("6x6 a6")
    built_in = spec.children(problem, "warnsdorff")
    assert built_in is not None
    explainer = UserExplainer("knight", problem, example("warnsdorff"))
    search = spec.make_search(problem, "warnsdorff", backend="python")
    search.advance(20)
    path = list(search.path)
    for depth in range(1, len(path) + 1):
        assert explainer.kids(path[:depth]) == tuple(built_in(path[:depth]))
    explainer.close()


def test_another_seed_orders_a_random_strategy_otherwise():
    spec = puzzles.spec("knight")
    problem = spec.parse("8x8 d5")
    orders = set()
    for seed in range(6):
        explainer = UserExplainer("knight", problem, example("random_ties", seed))
        orders.add(explainer.kids((27,)))
        assert explainer.kids((27,)) == explainer.kids([27])
        explainer.close()
    assert len(orders) > 1


def test_a_path_the_strategy_never_takes_has_no_stack():
    spec = puzzles.spec("knight")
    explainer = UserExplainer("knight", spec.parse("5x5 a5"), example("warnsdorff"))
    assert explainer.stack_at((0, 1), None) == ()  # a5 to b5 is no knight's move
    assert explainer.kids((0, 7)) != ()  # a5 to c4 is
    explainer.close()


def test_a_failing_strategy_stops_explaining_with_its_error():
    source = "def order(position, candidates):\n    return 1 / 0\n"
    explainer = UserExplainer(
        "knight", puzzles.spec("knight").parse("5x5 a5"), UserStrategy(source=source)
    )
    assert explainer.kids((0,)) == ()
    assert explainer.error is not None and explainer.error.kind == "exception"
    assert explainer.stack_at((0,), None) == ()
    assert not explainer.alive


def test_a_node_already_asked_about_is_answered_from_memory(tmp_path):
    """Rebuilding a position asks the strategy only about nodes it has not seen: the
    positions the panels ask for share their first nodes."""
    log = tmp_path / "calls.txt"
    source = (
        "def order(position, candidates):\n"
        f"    with open({str(log)!r}, 'a') as f:\n"
        "        f.write('x')\n"
        "    return candidates\n"
    )
    spec = puzzles.spec("knight")
    problem = spec.parse("6x6 a6")
    explainer = UserExplainer("knight", problem, UserStrategy(source=source))
    run = user_search("knight", problem, UserStrategy(source=source.replace("'x'", "''")))
    run.advance(12)
    path = list(run.path)
    run.close()
    explainer.stack_at(path, path[-1])
    first = len(log.read_text())
    assert first == len(path)  # one call a node on the path
    explainer.stack_at(path[:-1], ~path[-1])
    explainer.stack_at(path, path[-1], ended=True)
    assert len(log.read_text()) == first
    explainer.close()


def test_a_question_before_the_child_is_up_need_not_wait():
    spec = puzzles.spec("queens")
    problem = spec.parse("6")
    explainer = UserExplainer("queens", problem, example("queens_middle"), patience=0.0)
    assert explainer.kids(()) == ()  # the interpreter is not up yet: no waiting for it
    for _ in range(1000):  # the interpreter starting: up to ten seconds
        if explainer.ready:
            break
        threading.Event().wait(0.01)
    assert explainer.ready
    top = 5 * 6  # the first queen goes on the top rank (squares 30 to 35, a6 to f6)
    middle_first = tuple(top + c for c in (2, 3, 1, 4, 0, 5))
    assert explainer.stack_at((), None)[-1].candidates == middle_first  # (it waits)
    explainer.close()


def test_probes_walked_in_the_child_estimate_the_plain_searchs_tree():
    """Knuth's walks below the root through the identity strategy: the estimate of the
    plain search's tree, as the built-in's probes give it (5×5 paths from a5)."""
    import math

    from knightviz.engine.estimate import TreeEstimator, tour_probe

    spec = puzzles.spec("knight")
    explainer = UserExplainer(
        "knight", spec.parse("5x5 a5"), UserStrategy(source="def order(p, c):\n    return c\n")
    )
    values = explainer.probe((0,), seed=3, count=1500)
    assert len(values) == 1500 and all(v >= 0 for v in values)
    mine = math.log10(sum(math.exp(v) for v in values) / len(values))
    theirs = TreeEstimator(tour_probe(5, 5, 0), seed=1).run(3000).log10_nodes
    assert abs(mine - theirs) < 0.3
    assert explainer.probe((0,), seed=3, count=5) == values[:5]  # seeded: repeatable
    explainer.close()


def test_a_pruning_strategys_probes_see_only_what_it_keeps():
    """Keeping one candidate a node makes the tree a single path: every walk is the same,
    its estimate the path's length plus one."""
    import math

    source = "def order(position, candidates):\n    return candidates[:1]\n"
    spec = puzzles.spec("queens")
    explainer = UserExplainer("queens", spec.parse("6"), UserStrategy(source=source))
    values = explainer.probe((), seed=0, count=20)
    assert len(set(values)) == 1
    depth = round(math.exp(values[0])) - 1  # 1 + 1 + ... : the nodes below the root
    assert 1 <= depth <= 6
    explainer.close()


def test_a_slow_answer_is_given_up_on_then_taken_when_asked_again():
    """With ``patience`` (a window's thread asks), a question the strategy is slow over is
    answered empty at once and not remembered; its late reply is read before the next
    question, which gets the strategy's answer."""
    source = (
        "import time\n"
        "def order(position, candidates):\n"
        "    time.sleep(0.3)\n"
        "    return sorted(candidates, reverse=True)\n"
    )
    spec = puzzles.spec("queens")
    explainer = UserExplainer("queens", spec.parse("5"), UserStrategy(source=source), patience=0.05)
    for _ in range(1000):
        if explainer.ready:
            break
        threading.Event().wait(0.01)
    assert explainer.kids(()) == ()  # 0.3 s of thinking: given up on
    answer = ()
    for _ in range(200):  # asked again until the strategy's answer comes (its memo helps)
        answer = tuple(explainer.kids(()))
        if answer:
            break
        threading.Event().wait(0.05)
    assert answer == tuple(4 * 5 + c for c in (4, 3, 2, 1, 0))
    assert explainer.error is None
    assert explainer.stack_at((), None)[-1].candidates == answer  # in step again
    explainer.close()


def test_a_deep_trees_walks_stay_finite():
    """100×100 paths number far more than a double holds: each walk's logarithm is still a
    finite figure (a walk added up as a plain float overflowed, and the estimate's spread
    then failed)."""
    import math

    spec = puzzles.spec("knight")
    explainer = UserExplainer(
        "knight",
        spec.parse("100x100 a100"),
        UserStrategy(source="def order(p, c):\n    return c\n"),
    )
    values = explainer.probe((0,), seed=1, count=3)
    assert len(values) == 3 and all(math.isfinite(v) for v in values)
    assert max(values) > 1024 * math.log(2)  # past the largest double
    explainer.close()
