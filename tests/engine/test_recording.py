"""Recordings: seeking anywhere equals a fresh search stopped there; budgets make honest gaps."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knightviz.engine import make_queens_search, tour_search
from knightviz.engine.recording import Recording


def fresh(make, k):
    """A fresh search stopped after exactly k events: its path, counts and last events."""
    search = make()
    path = list(search.initial)
    events = []
    moves = backtracks = 0
    while len(events) < k:
        chunk = search.advance(k - len(events))
        if not chunk:
            break
        for x in chunk:
            events.append(x)
            if x >= 0:
                path.append(x)
                moves += 1
            else:
                path.pop()
                backtracks += 1
    return path, moves, backtracks, tuple(events[-2:])


def record(make, chunk_sizes, snapshot=True, **kwargs):
    search = make()
    rec = Recording(search.initial, **kwargs)
    i = 0
    while chunk := search.advance(chunk_sizes[i % len(chunk_sizes)]):
        i += 1
        rec.extend(chunk, list(search.path) if snapshot else None)
    rec.finish()
    return search, rec


SEARCHES = [
    lambda: tour_search(5, 5, 0, heuristic="none", limit=3000),
    lambda: tour_search(6, 6, 0, heuristic="warnsdorff", tie_break="random", seed=3),
    lambda: tour_search(4, 4, 0, heuristic="none", search_anyway=True, limit=5000),
    lambda: tour_search(6, 6, 7, heuristic="warnsdorff", closed=True, limit=4000),
    lambda: tour_search(8, 8, 0, heuristic="none", backtrack=False),
    lambda: make_queens_search(6),
    lambda: make_queens_search(5, first=True),
]


@given(
    st.sampled_from(range(len(SEARCHES))),
    st.lists(st.integers(1, 700), min_size=1, max_size=4),
    st.integers(1, 300),
    st.booleans(),
    st.lists(st.floats(0, 1), min_size=1, max_size=6),
)
@settings(max_examples=60, deadline=None)
def test_seek_equals_a_fresh_search_stopped_there(which, chunks, every, snapshot, spots):
    make = SEARCHES[which]
    search, rec = record(make, chunks, snapshot, checkpoint_every=every)
    assert len(rec) == search.result.steps
    for spot in spots:  # in any order: seeking does not depend on the path taken
        k = round(spot * len(rec))
        pos = rec.seek(k)
        path, moves, backtracks, last = fresh(make, k)
        assert pos.exact and pos.step == k
        assert (pos.path, pos.moves, pos.backtracks) == (path, moves, backtracks)
        assert pos.last_events == last
    end = rec.seek(len(rec))
    assert end.path == list(search.path)


def test_step_back_after_step_forward_is_the_identity():
    _, rec = record(lambda: tour_search(5, 5, 0, heuristic="none"), [1000])
    rng = random.Random(5)
    for _ in range(200):
        k = rng.randrange(1, len(rec))
        assert rec.seek(k - 1) == rec.seek(k - 1)
        back = rec.seek(k - 1)
        forward = rec.seek(k)
        x = forward.last_events[-1]
        # Undoing event k from position k gives position k - 1 exactly.
        undone = forward.path[:-1] if x >= 0 else [*forward.path, ~x]
        assert undone == back.path
        assert (forward.moves - (x >= 0), forward.backtracks - (x < 0)) == (
            back.moves,
            back.backtracks,
        )


def test_markers_deepest_solutions_longest_backtrack():
    _, rec = record(lambda: make_queens_search(6), [37], solution_depth=6, block=50)
    assert rec.scan_markers(budget=61) is False  # a slice at a time
    while not rec.scan_markers(budget=61):
        pass
    events = rec.events(0, len(rec))
    depth, deepest, deepest_step = 0, 0, 0
    runs, run, run_start = [], 0, 0
    solutions = []
    for step, x in enumerate(events, start=1):
        if x >= 0:
            depth += 1
            if depth == 6:
                solutions.append(step)
            if depth > deepest:
                deepest, deepest_step = depth, step
            if run:
                runs.append((run, run_start))
            run = 0
        else:
            depth -= 1
            if run == 0:
                run_start = step
            run += 1
    runs.append((run, run_start))
    m = rec.markers
    assert (m.deepest, m.deepest_step) == (deepest, deepest_step)
    assert m.solutions == solutions and len(solutions) == 4
    longest = max(r for r, _ in runs)
    assert m.longest_backtrack == longest
    assert m.longest_backtrack_step == next(s for r, s in runs if r == longest)


def test_a_run_longer_than_the_budget_keeps_a_prefix_and_the_newest_part():
    make = lambda: tour_search(5, 5, 2, heuristic="none")  # noqa: E731  (730,816 events)
    budget = 40_000 * 4  # room for about 40,000 events
    search, rec = record(make, [4096], budget=budget, block=5_000, checkpoint_every=2_000)
    total = len(rec)
    assert total == search.result.steps == 730_816
    assert rec.nbytes <= budget + 4 * 5_000  # one block of slack while appending
    gaps = rec.gaps()
    assert len(gaps) == 1
    start, end = gaps[0]
    assert 0 < start < end < total
    assert start >= 15_000  # the prefix: about half the budget
    # Exact outside the gap; inside it, an honest earlier position.
    for k in (0, 1_000, start - 1, end + 2_500, total - 1, total):
        pos = rec.seek(k)
        assert pos.exact, k
        assert (pos.path, pos.moves, pos.backtracks) == fresh(make, k)[:3]
    inside = rec.seek((start + end) // 2)
    assert not inside.exact and inside.step <= (start + end) // 2
    assert (inside.path, inside.moves, inside.backtracks) == fresh(make, inside.step)[:3]


def test_gap_checkpoints_are_thinned(monkeypatch):
    from knightviz.engine import recording

    monkeypatch.setattr(recording.budget, "MAX_GAP_CHECKPOINTS", 8)
    _, rec = record(
        lambda: tour_search(5, 5, 2, heuristic="none"),
        [500],
        budget=20_000 * 4,
        block=1_000,
        checkpoint_every=500,
    )
    (start, end), *_ = rec.gaps()
    inside = [s for s in rec.checkpoints.steps if start < s < end]
    assert 0 < len(inside) <= 16


@pytest.mark.parametrize("snapshot", [True, False])
def test_checkpoints_without_snapshots_are_rebuilt(snapshot):
    make = lambda: tour_search(5, 5, 0, heuristic="none")  # noqa: E731
    _, rec = record(make, [333], snapshot, checkpoint_every=1000)
    for c in rec.checkpoints.items[::5]:
        assert (list(c.path), c.moves, c.backtracks) == fresh(make, c.step)[:3]


def brute_markers(events, depth, target):
    deepest, deepest_step, solutions = depth, 0, []
    best_run, best_start, run = 0, 0, 0
    for step, x in enumerate(events, start=1):
        if x >= 0:
            depth += 1
            run = 0
            if depth > deepest:
                deepest, deepest_step = depth, step
            if depth == target:
                solutions.append(step)
        else:
            depth -= 1
            run += 1
            if run > best_run:
                best_run, best_start = run, step - run + 1
    return deepest, deepest_step, solutions, best_run, best_start


@pytest.mark.parametrize("use_numpy", [False, True, "compiled"])
@given(
    which=st.sampled_from(range(len(SEARCHES))),
    chunks=st.lists(st.integers(1, 400), min_size=1, max_size=3),
    block=st.integers(7, 300),
    slice_=st.integers(1, 500),
)
@settings(max_examples=40, deadline=None)
def test_markers_equal_a_brute_force_scan_however_sliced(use_numpy, which, chunks, block, slice_):
    from knightviz.engine.recording import numpy_scanner

    scanner = None
    if use_numpy == "compiled":
        from knightviz.engine import kernels

        if not kernels.available():
            pytest.skip("numba is not installed")
        kernels.load()
        scanner = kernels.scanner()
    elif use_numpy:
        pytest.importorskip("numpy")
        scanner = numpy_scanner()
        assert scanner is not None
    make = SEARCHES[which]
    target = 6 if which == 5 else None
    search, rec = record(make, chunks, block=block, solution_depth=target)
    while not rec.scan_markers(budget=slice_, scanner=scanner):
        pass
    events = rec.events(0, len(rec))
    deepest, deepest_step, solutions, run, run_start = brute_markers(
        events, len(search.initial), target
    )
    m = rec.markers
    assert (m.deepest, m.deepest_step) == (deepest, deepest_step)
    assert m.solutions == solutions
    assert (m.longest_backtrack, m.longest_backtrack_step) == (run, run_start)


def test_skip_makes_a_gap_with_the_true_position_after_it():
    make = lambda: tour_search(5, 5, 0, heuristic="none")  # noqa: E731
    search = make()
    rec = Recording(search.initial, block=100, checkpoint_every=50)
    rec.extend(search.advance(230), list(search.path), (search.moves, search.backtracks))
    search.advance_quiet(1000)  # fast-forwarded: no events
    rec.skip(1000, list(search.path), (search.moves, search.backtracks))
    rec.extend(search.advance(300), list(search.path), (search.moves, search.backtracks))
    assert len(rec) == 1530
    (start, end), *_ = rec.gaps()
    assert start <= 230 and end >= 1230
    at = rec.seek(1230)
    assert at.exact and (at.path, at.moves, at.backtracks) == fresh(make, 1230)[:3]
    inside = rec.seek(800)
    assert not inside.exact and inside.step <= 800
    assert rec.seek(1500).path == fresh(make, 1500)[0]


def test_the_budget_asks_for_room_before_dropping_anything():
    asked = []

    def more(recording, wanted):
        asked.append(wanted)
        return wanted + 4 * 1000  # room granted (older recordings were released)

    _, rec = record(
        lambda: tour_search(5, 5, 0, heuristic="none"),
        [500],
        budget=4 * 2_000,
        block=500,
        more_budget=more,
    )
    assert asked and not rec.gaps()
    assert rec.budget >= rec.nbytes
    rec.release()
    assert rec.nbytes == 4 * 1 and len(rec.gaps()) == 1


def test_markers_skip_holes():
    search = tour_search(5, 5, 0, heuristic="none")
    rec = Recording(search.initial, block=100, checkpoint_every=50)
    rec.extend(search.advance(230), list(search.path), (search.moves, search.backtracks))
    search.advance_quiet(1000)
    rec.skip(1000, list(search.path), (search.moves, search.backtracks))
    after = search.advance(300)
    rec.extend(after, list(search.path), (search.moves, search.backtracks))
    while not rec.scan_markers(budget=77):
        pass
    # Every marker lies outside the hole, and the deepest one is a real position.
    (start, end), *_ = rec.gaps()
    m = rec.markers
    for step in (m.deepest_step, m.longest_backtrack_step):
        assert not start < step <= end
    assert len(rec.seek(m.deepest_step).path) == m.deepest


@pytest.mark.parametrize("budget", [None, 30_000 * 4])
def test_blocks_made_ahead_hold_the_same_run(budget):
    """Blocks from a BlockMaker (made in a thread, pages faulted in) record what plain ones do,
    whether kept whole or dropped past the budget and recycled."""
    from knightviz.engine.recording import BlockMaker

    make = lambda: tour_search(5, 5, 2, heuristic="none", limit=200_000)  # noqa: E731
    kwargs = {"block": 4_096, "checkpoint_every": 1_000}
    if budget is not None:
        kwargs["budget"] = budget
    _, plain = record(make, [3_000], **kwargs)
    maker = BlockMaker(block=4_096)
    _, made = record(make, [3_000], blocks=maker, **kwargs)
    assert maker._thread is not None  # the maker was asked for blocks
    assert len(made) == len(plain) == 200_000
    assert made.gaps() == plain.gaps()
    assert (budget is None) == (made.gaps() == [])
    for k in range(0, 200_001, 9_973):
        assert made.seek(k) == plain.seek(k)
    if budget is None:
        assert made.events(0, len(made)) == plain.events(0, len(plain))


@pytest.mark.parametrize("start", [0, 1_000, 123_457])
def test_vectorised_replay_equals_the_loop(start):
    """numpy's replay of a stretch of a real run gives the path the plain loop gives."""
    np = pytest.importorskip("numpy")
    from array import array

    from knightviz.engine.recording import replay

    search = tour_search(6, 6, 0, heuristic="none", limit=400_000)
    events = array("i")
    while chunk := search.advance(50_000):
        events.extend(chunk)
    path: list[int] = [0]
    for x in events[:start]:
        path.append(x) if x >= 0 else path.pop()
    for length in (4_096, 10_007, 200_000):
        stretch = events[start : start + length]
        expected = list(path)
        for x in stretch:
            expected.append(x) if x >= 0 else expected.pop()
        got, backs = replay(path, stretch)
        assert np is not None
        assert got == expected
        assert backs == sum(1 for x in stretch if x < 0)


def test_a_half_imported_numpy_is_not_used(monkeypatch):
    """The compiled engine imports numpy in a thread; until that import ends, a scan or a
    replay on another thread must not touch the half-made module."""
    import importlib.machinery
    import sys
    import types
    from array import array

    from knightviz.engine.recording import loaded_numpy, numpy_scanner, replay

    half = types.ModuleType("numpy")
    half.__spec__ = importlib.machinery.ModuleSpec("numpy", None)
    half.__spec__._initializing = True
    monkeypatch.setitem(sys.modules, "numpy", half)
    assert loaded_numpy() is None and numpy_scanner() is None
    events = array("i", [1, 2, ~2, 3] * 2_000)
    path, backs = replay([0], events)
    assert backs == 2_000 and path[:3] == [0, 1, 3] and len(path) == 1 + 2 * 2_000


def test_read_hands_out_the_blocks_own_steps_without_copying_them():
    search = tour_search(5, 5, 2, heuristic="none")
    rec = Recording(search.initial, block=1_000, checkpoint_every=500)
    while len(rec) < 12_345:
        rec.extend(search.advance(777), list(search.path))
    for start, end in [(0, 12_000), (999, 1_001), (1_000, 3_000), (17, 17), (2_500, 12_345)]:
        views: list[memoryview] = []
        rec.read(start, end, views.append)
        assert all(len(v) <= 1_000 for v in views)
        assert [x for v in views for x in v] == list(rec.events(start, end))
    gapped = Recording(search.initial, budget=4 * 3_000, block=1_000, checkpoint_every=500)
    while len(gapped) < 10_000:
        gapped.extend(search.advance(500), list(search.path))
    a, _ = gapped.gaps()[0]
    with pytest.raises(ValueError, match="gap"):
        gapped.read(0, a + 1, lambda _v: None)


@pytest.mark.parametrize("extra", [0, 1, 2500])
def test_a_chunk_with_more_solutions_than_the_scan_holds_gives_them_all(extra):
    """The compiled scans keep a small buffer of solutions and scan again when a chunk
    has more (a buffer the chunk's length cost tens of ms to allocate in the window)."""
    from knightviz.engine import kernels

    if not kernels.available():
        pytest.skip("numba is not installed")
    np = pytest.importorskip("numpy")
    from knightviz.engine.kernels import _scan

    kernels.load()
    target = 9
    # From depth 8: a move to the target and back, SOLUTIONS + extra times, then a dive
    # through it (one solution more).
    pairs = _scan.SOLUTIONS + extra
    events = [3, ~3] * pairs + [1, 2, ~2, ~1]
    chunk = np.array(events, np.int32)
    _, _, solutions, _, _ = brute_markers(events, 8, target)
    assert len(solutions) == pairs + 1
    found = kernels.scanner()(chunk, 8, target)[3]
    assert [i + 1 for i in found] == solutions  # indices in the chunk; steps count from 1
    small = 4
    whole = len(events) // small * small
    mins, maxs, ends, in_blocks, after = kernels.block_depths()(chunk[:whole], 8, small, target)
    assert [i + 1 for i in in_blocks] == [s for s in solutions if s <= whole]
    depths = np.cumsum([1 if x >= 0 else -1 for x in events[:whole]]) + 8
    assert after == depths[-1]
    assert np.frombuffer(mins, np.int32).tolist() == depths.reshape(-1, small).min(1).tolist()
    assert np.frombuffer(maxs, np.int32).tolist() == depths.reshape(-1, small).max(1).tolist()
    assert np.frombuffer(ends, np.int32).tolist() == depths[small - 1 :: small].tolist()


@pytest.mark.parametrize("budget", [None, 4 * 700])
def test_the_gaps_are_exactly_the_steps_whose_events_cannot_be_read(budget):
    """Appends, skips, the budget dropping blocks, a release and a rebuild from saved data,
    in a seeded random order: after each, the gaps are sorted stretches that neither touch
    nor overlap, and a step's event can be read exactly when it lies in none of them."""
    rng = random.Random(17)
    search = tour_search(5, 5, 0, heuristic="none")
    kwargs = {} if budget is None else {"budget": budget}
    rec = Recording(search.initial, block=100, checkpoint_every=50, **kwargs)

    def check(r: Recording) -> None:
        gaps = r.gaps()
        assert all(a < b < c < d for (a, b), (c, d) in itertools.pairwise(gaps))
        assert all(0 <= a < b <= len(r) for a, b in gaps)
        for step in {0, len(r) - 1, *(rng.randrange(len(r)) for _ in range(30))}:
            if 0 <= step < len(r):
                hidden = any(a <= step < b for a, b in gaps)
                assert r.replayable(step, step + 1) is not hidden, (step, gaps)

    for _ in range(120):
        roll = rng.random()
        if roll < 0.75:
            events = search.advance(rng.choice([1, 37, 100, 250]))
            if not events:
                break
            rec.extend(events, list(search.path), (search.moves, search.backtracks))
        else:
            n = rng.choice([1, 99, 100, 300])
            search.advance_quiet(n)
            rec.skip(n, list(search.path), (search.moves, search.backtracks))
        check(rec)
    assert len(rec.gaps()) >= (2 if budget is None else 1)
    copy = Recording(search.initial)
    copy.load(rec.data())
    assert copy.gaps() == rec.gaps()
    check(copy)
    rec.release()
    assert rec.gaps() == [(0, len(rec))]
