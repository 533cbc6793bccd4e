"""The ``Search`` protocol: every capability its drivers use, on every search.

The GUI's feed drives searches through the protocol alone (no probing for attributes), so
``TrackedSearch`` must give a search that only makes events the same counts, depth, path and
recent backtracks as the engine's own searches keep.
"""

from __future__ import annotations

from array import array
from dataclasses import replace

import pytest

from knightviz.engine import TrackedSearch, make_queens_search, tour_search
from knightviz.engine.trace import is_considered


class EventsOnly:
    """An engine search seen through its events alone (a puzzle not built on SearchBase)."""

    def __init__(self, search) -> None:
        self._search = search
        self.rows, self.cols, self.initial = search.rows, search.cols, search.initial

    @property
    def result(self):
        return self._search.result

    def advance(self, n: int):
        return self._search.advance(n)


def searches():
    return [
        lambda: tour_search(5, 5, 0, heuristic="none", backend="python", limit=40_000),
        lambda: tour_search(6, 6, 7, heuristic="warnsdorff", backend="python"),
        lambda: make_queens_search(6, backend="python"),
    ]


@pytest.mark.parametrize("make", searches())
def test_a_tracked_search_keeps_the_state_the_engine_keeps(make):
    engine, tracked = make(), TrackedSearch(EventsOnly(make()))
    assert tracked.initial == engine.initial and tracked.backend == "python"
    sizes = [1, 7, 300, 5, 4096]
    i = 0
    while True:
        n = sizes[i % len(sizes)]
        # Three ways to advance, in turn: events, quiet, into a buffer.
        way = i % 3
        i += 1
        if way == 0:
            a, b = engine.advance(n), tracked.advance(n)
            assert a == b
            made = len(a)
        elif way == 1:
            made = engine.advance_quiet(n)
            assert tracked.advance_quiet(n) == made
        else:
            buf_a, buf_b = array("i", [0] * n), array("i", [0] * n)
            made = engine.advance_into(memoryview(buf_a))
            assert tracked.advance_into(memoryview(buf_b)) == made
            assert buf_a[:made] == buf_b[:made]
        assert (tracked.moves, tracked.backtracks, tracked.steps) == (
            engine.moves,
            engine.backtracks,
            engine.steps,
        )
        assert tracked.depth == engine.depth and tracked.max_depth == engine.max_depth
        assert tracked.snapshot_path() == engine.snapshot_path()
        assert tracked.recent_backtracks == engine.recent_backtracks
        assert not tracked.tracing and tracked.stack() == ()
        if not made:
            break
    assert tracked.result is not None and engine.result is not None
    assert replace(tracked.result, seconds=0) == replace(engine.result, seconds=0)


def test_tracing_says_when_a_chunk_may_hold_considered_events():
    """The feed filters considered events out of the recording only when ``tracing``."""
    search = tour_search(8, 8, 0, heuristic="none", backend="python")
    assert not search.tracing
    search.trace = True
    assert search.tracing
    assert any(is_considered(x) for x in search.advance(6))
    # Switched off with examinations of the next step still queued: they come first.
    search.trace = False
    assert search.tracing
    rest = search.advance(50)
    assert is_considered(rest[0])
    assert not search.tracing
    assert not any(is_considered(x) for x in search.advance(50))
