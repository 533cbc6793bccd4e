"""Considered events: only on request, never steps, each one true, the same on both backends;
stacks re-derived at any passed position equal the live ones."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knightviz.engine import kernels, make_queens_search, make_tour_search
from knightviz.engine.explain import Constraint, conflicts
from knightviz.engine.trace import Kind, decode, is_considered, steps_only

from .test_backends import strategies, tour_configs

BACKENDS = ["python", "numba"] if kernels.available() else ["python"]
QUEENS_KIND = {
    Constraint.COLUMN: Kind.COLUMN,
    Constraint.ASCENDING: Kind.ASCENDING,
    Constraint.DESCENDING: Kind.DESCENDING,
}


def drain(search, sizes):
    out = []
    i = 0
    while chunk := search.advance(sizes[i % len(sizes)]):
        i += 1
        out.extend(chunk)
    return out


def check_tour_trace(config, events):
    """Every considered event says something true about the position it was made in."""
    rows, cols = config.rows, config.cols
    order = config.strategy.order
    path = [config.start]
    pending: list = []
    for x in events:
        if not is_considered(x):
            square = path[-1]
            r0, c0 = divmod(square, cols)
            for c in pending:
                if c.kind is Kind.OFF_BOARD:
                    dr, dc = order[c.payload]
                    assert not (0 <= r0 + dr < rows and 0 <= c0 + dc < cols)
                elif c.kind is Kind.VISITED:
                    assert c.payload in path
                elif c.kind is Kind.DEGREE:
                    assert c.payload not in path
                    ur, uc = divmod(c.payload, cols)
                    degree = sum(
                        1
                        for dr, dc in order
                        if 0 <= ur + dr < rows
                        and 0 <= uc + dc < cols
                        and (ur + dr) * cols + uc + dc not in path
                    )
                    assert c.value == degree
                elif c.kind is Kind.TIE:
                    assert x >= 0 and c.payload == x and c.value >= 2
            if x >= 0:
                if pending and not config.strategy.guided:
                    # plain: the move is the first free target after the examined ones
                    assert x not in path
                path.append(x)
            else:
                assert path.pop() == ~x
            pending = []
        else:
            pending.append(decode(x))


@given(tour_configs(max_side=7), st.lists(st.integers(1, 50), min_size=1, max_size=3))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_tour_trace_adds_only_true_considered_events(config, sizes):
    config = type(config)(
        config.rows,
        config.cols,
        config.start,
        config.strategy,
        config.closed,
        min(config.limit or 3000, 3000),
        config.search_anyway,
    )
    plain = drain(make_tour_search(config, backend="python"), [4096])
    streams = []
    for backend in BACKENDS:
        traced = make_tour_search(config, backend=backend)
        traced.trace = True
        streams.append(drain(traced, sizes))
        assert steps_only(streams[-1]) == plain  # counts and steps never change
        assert (traced.result.moves, traced.result.backtracks) == (
            sum(1 for x in plain if x >= 0),
            sum(1 for x in plain if x < 0),
        )
    assert all(s == streams[0] for s in streams)  # the same trace on every backend
    check_tour_trace(config, streams[0])


@given(st.integers(1, 7), st.booleans(), st.lists(st.integers(1, 40), min_size=1, max_size=3))
@settings(max_examples=40, deadline=None)
def test_queens_trace_names_the_first_rejecting_constraint(n, first, sizes):
    plain = drain(make_queens_search(n, first=first, backend="python"), [4096])
    streams = []
    for backend in BACKENDS:
        traced = make_queens_search(n, first=first, backend=backend)
        traced.trace = True
        streams.append(drain(traced, sizes))
        assert steps_only(streams[-1]) == plain
    assert all(s == streams[0] for s in streams)
    queens: list[int] = []
    for x in streams[0]:
        if is_considered(x):
            c = decode(x)
            found = conflicts(n, queens, c.payload)
            assert found and QUEENS_KIND[found[0][0]] is c.kind
            assert c.payload // n == n - 1 - len(queens)  # on the rank being filled
        elif x >= 0:
            assert not conflicts(n, queens, x)
            queens.append(x)
        else:
            assert queens.pop() == ~x


def test_plain_trace_from_a_corner_by_hand():
    """8×8 from a8 (row 0, col 0): the first direction (2, 1) reaches b6 (square 17) at
    once; from b6 (row 2, col 1) the first direction (2, 1) reaches c4 (square 34), and so
    on down the board until the fourth move, from row 6, where (2, 1) leaves the board."""
    from knightviz.engine import tour_search

    search = tour_search(8, 8, 0, heuristic="none", backend="python")
    search.trace = True
    events = list(search.advance(6))
    assert events[:3] == [17, 34, 51]  # rows 2, 4, 6: (2, 1) each time, nothing examined
    off = decode(events[3])
    assert off.kind is Kind.OFF_BOARD and off.payload == 0  # from row 6, (2, 1) is off
    assert events[4] == 61  # (1, 2) from d2 (row 6, col 3): f1, move 4 of the published matrix


def test_trace_toggled_mid_run_changes_no_step():
    from knightviz.engine import tour_search

    reference = drain(tour_search(6, 6, 0, heuristic="none", limit=5000), [4096])
    search = tour_search(6, 6, 0, heuristic="none", limit=5000)
    got = []
    for i in range(300):
        search.trace = i % 3 == 0
        got.extend(search.advance(7))
    search.trace = False
    got.extend(drain(search, [4096]))
    assert steps_only(got) == reference


@pytest.mark.slow
@given(tour_configs(max_side=6), st.sampled_from(BACKENDS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_stack_at_any_passed_position_equals_the_live_stack(config, backend):
    config = type(config)(
        config.rows, config.cols, config.start, config.strategy, config.closed, 1500, True
    )
    live = make_tour_search(config, backend=backend)
    shadow = make_tour_search(config, backend="python")
    path = list(live.initial)
    last = None
    while True:
        if live.result is None:
            derived = shadow.stack_at(path, last)
            stack = live.stack()
            assert len(derived) == len(stack)
            for d in range(len(stack)):
                assert derived[d] == stack[d], (d, path, last)
        chunk = live.advance(1)
        if not chunk:
            break
        last = chunk[0]
        if last >= 0:
            path.append(last)
        else:
            path.pop()
    if live.result.outcome.value == "exhausted":
        ended = shadow.stack_at(path, last, ended=True)
        assert list(ended) == list(live.stack())


@given(st.integers(1, 7), st.sampled_from(BACKENDS), strategies)
@settings(max_examples=30, deadline=None)
def test_queens_stack_at_equals_the_live_stack(n, backend, _unused):
    live = make_queens_search(n, backend=backend)
    shadow = make_queens_search(n, backend="python")
    placed: list[int] = []
    last = None
    while True:
        derived, stack = shadow.stack_at(placed, last), live.stack()
        assert list(derived) == list(stack), (placed, last)
        chunk = live.advance(1)
        if not chunk:
            break
        last = chunk[0]
        if last >= 0:
            placed.append(last)
        else:
            placed.pop()
