"""The search tree derived from a recording (``engine.tree``): against a tree built by brute
force from the same events, and against the explored gauge's own figure."""

from __future__ import annotations

import random

import pytest

from knightviz.engine import make_queens_search, tour_search
from knightviz.engine.estimate import explored_fraction, queens_levels, tour_levels
from knightviz.engine.recording import Recording
from knightviz.engine.tree import (
    LARGE,
    SMALL,
    NodeState,
    TreeIndex,
    queens_children,
    tour_children,
)


def record(search, chunk=997):
    rec = Recording(search.initial, checkpoint_every=500)
    while events := search.advance(chunk):
        rec.extend(events, list(search.path))
    rec.finish()
    return rec


def brute_tree(rec):
    """Every node entered, by replaying the events: path → (entered, left or None)."""
    path = list(rec.initial)
    nodes = {tuple(path): [0, None]}
    for step, x in enumerate(rec.events(0, len(rec)), start=1):
        if x >= 0:
            path.append(x)
            nodes[tuple(path)] = [step, None]
        else:
            nodes[tuple(path)][1] = step
            path.pop()
    return nodes


def walk(index, at):
    """Every node the index shows at step ``at``, entered ones only."""
    out = {}
    stack = [index.root(at)]
    while stack:
        node = stack.pop()
        if node.state is NodeState.UNTRIED:
            continue
        out[node.path] = (node.entered, node.left, node.state)
        if node.state is not NodeState.UNTRIED:
            stack.extend(index.kids(node, at))
    return out


def knight_index(rows, cols, start, **kw):
    search = tour_search(rows, cols, start, **kw)
    rec = record(search)
    shadow = tour_search(rows, cols, start, backend="python", **kw)  # as the window's shadow
    return TreeIndex(rec, tour_children(shadow), rows * cols), rec, shadow


def test_the_tree_is_the_brute_force_tree_of_the_events_5x5_plain():
    index, rec, _ = knight_index(5, 5, 0, heuristic="none", limit=3000)
    full = brute_tree(rec)
    for at in (0, 1, 2, 17, 500, 1499, 2999, len(rec)):
        seen = walk(index, at)
        expected = {p: v for p, v in full.items() if v[0] <= at}
        assert set(seen) == set(expected), at
        for p, (entered, left, state) in seen.items():
            e_entered, e_left = expected[p]
            assert entered == e_entered
            assert left == (e_left if e_left is not None and e_left <= at else None)
            assert (state is NodeState.PATH) == (left is None)
        assert index.node_count(at) == len(expected) == rec.seek(at).moves + 1


def test_the_finished_width_is_the_explored_gauge_5x5_plain_and_8x8_warnsdorff():
    for kw, size in (({"heuristic": "none", "limit": 3000}, 5), ({"heuristic": "warnsdorff"}, 8)):
        index, rec, shadow = knight_index(size, size, 0, **kw)
        for at in sorted({0, 1, 10, len(rec) // 3, len(rec) // 2, len(rec) - 1, len(rec)}):
            pos = rec.seek(at)
            last = pos.last_events[-1] if pos.last_events else None
            stack = shadow.stack_at(pos.path, last)
            gauge = explored_fraction(tour_levels(stack))
            assert index.explored_fraction(at) == pytest.approx(gauge, abs=1e-12), (kw, at)
            assert [n.square for n in index.path_nodes(at)] == pos.path


def test_an_exhausted_search_is_wholly_finished():
    index, rec, _ = knight_index(4, 4, 0, heuristic="none", search_anyway=True)
    end = len(rec)
    assert index.explored_fraction(end) == 1.0
    assert index.explored_fraction(end // 2) < 1.0
    states = {s for _, _, s in walk(index, end).values()}
    assert NodeState.SOLUTION not in states


def test_six_queens_has_four_solution_leaves_and_shares_that_add_up():
    search = make_queens_search(6)
    rec = record(search)
    rec.solution_depth = 6
    index = TreeIndex(rec, queens_children(6), 6)
    end = len(rec)
    nodes = walk(index, end)
    leaves = [p for p, (_, _, s) in nodes.items() if len(p) == 6 and s is NodeState.SOLUTION]
    assert len(leaves) == 4 == len(search.solutions)
    assert index.explored_fraction(end) == 1.0
    # Mid-run: the gauge's own figure (the article's queens stack).
    for at in (end // 4, end // 2, 3 * end // 4):
        pos = rec.seek(at)
        last = pos.last_events[-1] if pos.last_events else None
        stack = make_queens_search(6).stack_at(pos.path, last)
        gauge = explored_fraction(queens_levels(6, stack))
        assert index.explored_fraction(at) == pytest.approx(gauge, abs=1e-12)
    # Every node's children share its interval exactly.
    root = index.root(end)
    kids = list(index.kids(root, end))
    assert sum(k.w for k in kids) == pytest.approx(1.0)
    assert [round(k.x, 12) for k in kids] == [round(i / 6, 12) for i in range(6)]


def test_leaving_a_node_across_large_blocks_matches_a_scan():
    """A run several large blocks long: the pyramid's skips find the same steps."""
    index, rec, _ = knight_index(6, 6, 0, heuristic="none", limit=6 * LARGE)
    events = rec.events(0, len(rec))
    depth = [len(rec.initial)]
    for x in events:
        depth.append(depth[-1] + (1 if x >= 0 else -1))
    rng = random.Random(5)
    moves = [s for s in range(1, len(rec) + 1) if events[s - 1] >= 0]
    for entered in rng.sample(moves, 300):
        d = depth[entered]
        expected = next((t for t in range(entered + 1, len(rec) + 1) if depth[t] < d), None)
        assert index.leave(entered, d, len(rec)) == expected
        upto = rng.randrange(entered, len(rec) + 1)
        assert index.leave(entered, d, upto) == (
            expected if expected is not None and expected <= upto else None
        )
        last = expected if expected is not None else len(rec)
        assert index.deepest(entered, last) == max(depth[entered : last + 1])


def test_the_index_grows_with_the_recording():
    search = tour_search(5, 5, 0, heuristic="none", limit=4000)
    rec = Recording(search.initial, checkpoint_every=500)
    shadow = tour_search(5, 5, 0, heuristic="none")
    index = TreeIndex(rec, tour_children(shadow), 25)
    while events := search.advance(301):
        rec.extend(events, list(search.path))
        index.update()
        at = len(rec)
        assert index.node_count(at) == rec.seek(at).moves + 1
    assert index.limit == len(rec) == 4000


def test_the_vectorised_and_compiled_pyramids_equal_the_plain_one(monkeypatch, fast_pass):
    np = pytest.importorskip("numpy")
    assert np is not None
    import knightviz.engine.tree as tree
    from knightviz.engine import kernels

    search = make_queens_search(9)  # 352 solutions in tens of thousands of steps
    rec = record(search)
    quick = TreeIndex(rec, queens_children(9), 9)
    monkeypatch.setattr(kernels, "block_depths", lambda: None)
    monkeypatch.setattr(tree, "loaded_numpy", lambda: None)
    plain = TreeIndex(rec, queens_children(9), 9)
    assert len(rec) > 4 * LARGE
    for name in ("_small_min", "_small_max", "_small_end", "_large_min", "_large_max"):
        assert getattr(quick, name) == getattr(plain, name), name
    assert quick._solutions == plain._solutions
    assert len(quick._solutions) + len(quick._tail_solutions) == 352  # Q(9)


def test_a_budgeted_update_catches_up_and_reads_only_what_it_took_in():
    search = make_queens_search(8)
    rec = record(search)
    whole = TreeIndex(rec, queens_children(8), 8)
    index = TreeIndex(rec, queens_children(8), 8, budget=1000)
    assert index.limit < len(rec)
    rounds = 0
    while not index.update(budget=1000):
        rounds += 1
        assert index.limit % SMALL == 0 and index.limit <= len(rec)
        assert index.node_count(index.limit) == rec.seek(index.limit).moves + 1
    assert rounds >= len(rec) // 1000 - 1
    assert index.limit == whole.limit == len(rec)
    for name in ("_small_min", "_small_max", "_small_end", "_large_min", "_large_max"):
        assert getattr(index, name) == getattr(whole, name), name
    assert index._solutions + index._tail_solutions == whole._solutions + whole._tail_solutions


def test_the_path_chain_is_the_brute_force_path_at_any_step_reused_or_not():
    """``path_nodes`` (which reuses the chain it worked out before for the shared part of
    the path) gives the path's nodes with the entry steps of a replay, seeking at random,
    and their shares as a walk of ``kids`` from the root gives them."""
    index, rec, _ = knight_index(5, 5, 0, heuristic="none", limit=60_000)
    brute = brute_tree(rec)
    rng = random.Random(7)
    steps = [rng.randrange(len(rec) + 1) for _ in range(60)] + [len(rec), 0, 1]
    for at in steps:
        chain = index.path_nodes(at)
        assert [n.path for n in chain][-1] == tuple(rec.seek(at).path)
        for node in chain:
            entered, left = brute[node.path]
            assert node.entered == entered and node.state is NodeState.PATH
            assert left is None or left > at
        fresh = TreeIndex(rec, index.children, 25)
        node = fresh.root(at)
        for expected in chain[1:]:
            node = next(k for k in fresh.kids(node, at) if k.state is NodeState.PATH)
            assert (node.path, node.x, node.w) == (expected.path, expected.x, expected.w)


def _events(search, limit=None):
    out = []
    while (chunk := search.advance(4096)) and (limit is None or len(out) < limit):
        out.extend(chunk)
    return out[:limit] if limit else out


@pytest.mark.parametrize(
    ("rows", "cols", "start", "heuristic", "tie", "closed", "backtrack", "limit"),
    [
        (5, 5, 0, "none", "first", False, True, 30_000),  # plain, deep backtracking
        (5, 5, 12, "none", "first", False, True, None),  # exhausted from the centre
        (6, 6, 0, "warnsdorff", "first", False, True, None),
        (6, 6, 7, "warnsdorff", "roth", True, True, 20_000),  # closed: a full path backs off
        (5, 5, 0, "warnsdorff", "last", False, True, None),
        (7, 7, 0, "warnsdorff", "first", False, False, None),  # greedy: stops when stuck
        (3, 4, 0, "none", "first", False, True, None),
    ],
)
def test_next_event_predicts_every_step_of_a_tour_search(
    rows, cols, start, heuristic, tie, closed, backtrack, limit
):
    """The "your turn" mode's question: from each position of a run, the event the search
    takes next, derived from the path and the last event alone, is the recorded one."""
    from knightviz.engine.board import CLASSIC_ORDER, neighbour_table
    from knightviz.engine.tree import next_event

    kw = dict(heuristic=heuristic, tie_break=tie, closed=closed, backtrack=backtrack)
    kw["search_anyway"] = True
    events = _events(tour_search(rows, cols, start, **kw, backend="python"), limit)
    children = tour_children(tour_search(rows, cols, start, **kw, backend="python"))
    table = neighbour_table(rows, cols, CLASSIC_ORDER)

    def solved(p):
        return len(p) == rows * cols and (not closed or p[0] in table[p[-1]])

    def predicted(path, last):
        return next_event(
            children,
            path,
            last,
            root_depth=1,
            solved=solved,
            stop_on_solution=True,
            backtrack=backtrack,
        )

    path, last = [start], None
    for x in events:
        assert predicted(path, last) == x, (len(path), last)
        if x >= 0:
            path.append(x)
        else:
            assert path.pop() == ~x
        last = x
    if limit is None or len(events) < limit:  # the search stopped here: nothing comes next
        assert predicted(path, last) is None


@pytest.mark.parametrize("first", [False, True])
@pytest.mark.parametrize("n", [4, 6, 7])
def test_next_event_predicts_every_step_of_n_queens(n, first):
    from knightviz.engine.tree import next_event

    events = _events(make_queens_search(n, first=first, backend="python"))
    children = queens_children(n)
    path, last = [], None
    for x in [*events, None]:
        want = next_event(
            children,
            path,
            last,
            root_depth=0,
            solved=lambda p: len(p) == n,
            stop_on_solution=first,
        )
        assert want == x
        if x is None:
            break
        if x >= 0:
            path.append(x)
        else:
            assert path.pop() == ~x
        last = x


def test_the_path_tail_on_its_own_is_the_chains_tail(monkeypatch):
    """Following the search on a long path works out only its deepest levels: the same
    nodes (path, entry step, place among siblings) as the whole chain, shares unknown."""
    import math

    from knightviz.engine import tree as tree_module

    index, rec, _ = knight_index(5, 5, 0, heuristic="none", limit=40_000)
    rng = random.Random(3)
    for at in [rng.randrange(1, len(rec) + 1) for _ in range(30)]:
        whole = TreeIndex(rec, index.children, 25).path_nodes(at)
        monkeypatch.setattr(tree_module, "TAIL_FROM_ROOT", 0)
        alone = TreeIndex(rec, index.children, 25)
        tail = alone.path_tail(at, 6)
        monkeypatch.undo()
        want = whole[-len(tail) :]
        assert len(tail) == min(7, len(whole))
        for a, b in zip(tail, want, strict=True):
            assert (a.path, a.entered, a.slot, a.slots) == (b.path, b.entered, b.slot, b.slots)
        if len(whole) > 7:
            assert math.isnan(tail[0].w)


def test_an_index_catching_up_never_reads_past_a_gap():
    """Blocks dropped to the memory budget while the index is behind: its limit stays
    before the first gap, and reading at the limit works (it raised 'fall in a gap')."""
    search = tour_search(5, 5, 2, heuristic="none")  # 730,816 steps
    rec = Recording(search.initial, budget=40_000 * 4, block=5_000, checkpoint_every=2_000)
    index = TreeIndex(rec, tour_children(tour_search(5, 5, 2, heuristic="none")), 25)
    saw_gap = False
    while events := search.advance(4096):
        rec.extend(events, list(search.path))
        index.update(budget=8192)  # keeps up: blocks it took in are dropped later
        gaps = rec.gaps()
        saw_gap = saw_gap or bool(gaps)
        assert all(index.limit <= a for a, _ in gaps)
        at = index.limit
        index.path_tail(at, 6)
        assert index.node_count(at) == rec.seek(at).moves + 1 if rec.replayable(0, at) else True
    assert saw_gap


def test_the_block_searches_find_the_first_and_last_value_below_a_bound():
    """The searches behind every walk through the pyramid (windows growing fourfold, then
    halved), against a plain scan, on ranges short and long, found and not."""
    from array import array

    from knightviz.engine.tree import _under

    rng = random.Random(11)
    for _ in range(400):
        n = rng.choice([1, 5, 17, 64, 300, 5_000])
        values = array("i", (rng.randrange(40, 60) for _ in range(n)))
        for _ in range(rng.randrange(4)):  # a few values below the rest, anywhere
            values[rng.randrange(n)] = rng.randrange(0, 40)
        lo = rng.randrange(n)
        hi = rng.randrange(lo, n + 1)
        bound = rng.choice([0, 20, 40, 45, 61])
        hits = [i for i in range(lo, hi) if values[i] < bound]
        assert _under(values, lo, hi, bound) == (hits[0] if hits else -1)
        assert _under(values, lo, hi, bound, last=True) == (hits[-1] if hits else -1)


def test_walks_through_hundreds_of_large_blocks_match_a_scan(fast_pass):
    """A run of 178 large blocks, its nodes entered up to 730,000 steps before: where a node
    is left, the deepest point below it and when each node of a path was entered, as a
    scan of the depths gives them."""
    np = pytest.importorskip("numpy")
    search = tour_search(5, 5, 2, heuristic="none")
    rec = record(search, chunk=8192)
    index = TreeIndex(rec, tour_children(tour_search(5, 5, 2, heuristic="none")), 25)
    events = np.asarray(rec.events(0, len(rec)), dtype=np.int64)
    depth = np.concatenate(([1], 1 + np.cumsum(np.where(events >= 0, 1, -1))))
    assert len(rec) > 170 * LARGE
    rng = random.Random(13)
    moves = np.flatnonzero(events >= 0) + 1
    for entered in (int(moves[i]) for i in rng.sample(range(len(moves)), 120)):
        d = int(depth[entered])
        below = np.flatnonzero(depth[entered + 1 :] < d)
        left = entered + 1 + int(below[0]) if len(below) else None
        upto = rng.choice([len(rec), rng.randrange(entered, len(rec) + 1)])
        expected = left if left is not None and left <= upto else None
        assert index.leave(entered, d, upto) == expected
        last = rng.randrange(entered, (left or len(rec)) + 1)
        assert index.deepest(entered, last) == int(depth[entered : last + 1].max())
    for at in [rng.randrange(len(rec) + 1) for _ in range(40)] + [len(rec)]:
        path = index.path_at(at)
        for d in range(len(path), 1, -1):  # the last step, up to ``at``, shallower than d
            shallower = np.flatnonzero(depth[: at + 1] < d)
            assert index._last_below(at, d) == int(shallower[-1]), (at, d)
