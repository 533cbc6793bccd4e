"""A pure-Python search handed over to the compiled engine mid-run goes on exactly as a run
done entirely on either backend: the same events (traced ones too), counts, stacks, results
and solutions, wherever the hand-over happens."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knightviz.engine import (
    TourConfig,
    backends,
    kernels,
    make_queens_search,
    make_tour_search,
    tour_search,
)
from knightviz.engine.bitboards import BitboardQueensSearch
from knightviz.engine.handover import can_hand_over, hand_over, upgrade

from .test_backends import level_tuple, needs_numba, result_tuple, tour_configs

pytestmark = needs_numba


@pytest.fixture(autouse=True)
def _kernels():
    kernels.load()


def observed(search):
    """Everything a driver can see between two calls, the whole stack included."""
    return (
        search.moves,
        search.backtracks,
        search.steps,
        search.depth,
        search.max_depth,
        list(search.snapshot_path()),
        list(search.path),
        search.recent_backtracks,
        search.tracing,
        [level_tuple(level) for level in search.stack()],
    )


def drain(search, sizes):
    out = []
    i = 0
    while chunk := search.advance(sizes[i % len(sizes)]):
        out.extend(chunk)
        i += 1
    return out


def advance_to(search, k, sizes):
    """Events until ``k`` have been made (or the search ends), in chunks of ``sizes``."""
    out = []
    i = 0
    while len(out) < k:
        chunk = search.advance(min(sizes[i % len(sizes)], k - len(out)))
        if not chunk:
            break
        out.extend(chunk)
        i += 1
    return out


def limited(config, limit=3000):
    if config.limit is not None and config.limit <= limit:
        return config
    return TourConfig(
        config.rows,
        config.cols,
        config.start,
        config.strategy,
        config.closed,
        limit,
        config.search_anyway,
    )


def handed_over_run(make, k, sizes):
    """Python for ``k`` events, then compiled to the end: (events, the final search)."""
    search = make("python")
    first = advance_to(search, k, sizes)
    if search.result is not None:  # over before the hand-over (traced events may be queued)
        return first + drain(search, sizes), search
    before = observed(search)
    compiled = hand_over(search)
    assert compiled.backend == "numba"
    assert observed(compiled) == before  # the same position, cursors and counts
    return first + drain(compiled, sizes), compiled


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    tour_configs(max_side=8),
    st.floats(0, 1),
    st.lists(st.integers(1, 400), min_size=1, max_size=3),
    st.booleans(),
)
def test_tour_moved_at_step_k_equals_either_backend(config, where, sizes, traced):
    config = limited(config)

    def make(backend):
        search = make_tour_search(config, backend=backend)
        search.trace = traced
        return search

    python, numba = make("python"), make("numba")
    expected = drain(python, sizes)
    assert drain(numba, sizes) == expected
    k = round(where * len(expected))
    events, search = handed_over_run(make, k, sizes)
    assert events == expected
    assert result_tuple(search.result) == result_tuple(python.result)
    assert observed(search) == observed(python)


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(1, 9),
    st.booleans(),
    st.sampled_from([None, 1, 40, 2500]),
    st.floats(0, 1),
    st.lists(st.integers(1, 300), min_size=1, max_size=3),
    st.booleans(),
)
def test_queens_moved_at_step_k_equals_either_backend(n, first, limit, where, sizes, traced):
    found = {"python": [], "numba": [], "moved": []}

    def make(backend, log="moved"):
        search = make_queens_search(
            n, first=first, limit=limit, on_solution=found[log].append, backend=backend
        )
        search.trace = traced
        return search

    python = make("python", "python")
    expected = drain(python, sizes)
    assert drain(make("numba", "numba"), sizes) == expected
    events, search = handed_over_run(make, round(where * len(expected)), sizes)
    assert events == expected
    assert result_tuple(search.result) == result_tuple(python.result)
    assert found["moved"] == found["python"] == found["numba"]


def test_kept_solutions_continue_in_the_same_list():
    search = make_queens_search(6, backend="python")
    advance_to(search, 200, [50])
    kept = search.solutions
    compiled = hand_over(search)
    drain(compiled, [1000])
    assert compiled.solutions is kept and len(kept) == compiled.count == 4
    assert compiled.result.count == 4


@pytest.mark.parametrize(
    "kwargs",
    [
        {"rows": 6, "cols": 6, "start": 0, "heuristic": "none"},  # the bit-board kernel
        {"rows": 9, "cols": 9, "start": 40, "heuristic": "none"},  # over 64 squares
        {"rows": 30, "cols": 30, "start": 3, "tie_break": "first"},
        {"rows": 12, "cols": 12, "start": 5, "tie_break": "random", "seed": 7, "closed": True},
    ],
)
@pytest.mark.parametrize("k", [1, 999, 31_337])
def test_quiet_runs_moved_mid_run_end_with_the_same_counts(kwargs, k):
    """Driven without events (the unlimited speed), a moved run keeps its counts: the same
    result and final stack as a run done wholly on either backend."""
    kwargs = kwargs | {"limit": 120_000}
    python = tour_search(**kwargs, backend="python")
    python.run()
    numba = tour_search(**kwargs, backend="numba")
    numba.run()
    moved = tour_search(**kwargs, backend="python")
    moved.advance_quiet(k)
    if moved.result is None:
        before = observed(moved)
        moved = hand_over(moved)
        assert observed(moved) == before
    moved.run()
    for other in (python, numba):
        assert result_tuple(moved.result) == result_tuple(other.result)
        assert observed(moved) == observed(other)


@pytest.mark.own_engine
def test_upgrade_only_where_the_engine_chose(monkeypatch):
    monkeypatch.setenv(kernels.ENV, "auto")
    with monkeypatch.context() as before_ready:
        before_ready.setattr(backends, "_ready", False)
        auto = tour_search(6, 6, 0, heuristic="none")  # made while the kernels compile
        queens = make_queens_search(8)
    assert (auto.backend, queens.backend) == ("python", "python")
    pinned = tour_search(6, 6, 0, heuristic="none", backend="python")
    for search in (auto, queens, pinned):
        search.advance(100)
    moved = upgrade(auto)
    assert moved is not None and moved.backend == "numba" and moved.steps == 100
    assert upgrade(queens) is not None
    assert upgrade(pinned) is None  # asked for Python by name
    assert upgrade(moved) is None  # compiled already
    monkeypatch.setenv(kernels.ENV, "python")
    assert upgrade(auto) is None  # the environment pins Python
    monkeypatch.setenv(kernels.ENV, "auto")
    with monkeypatch.context() as not_ready:
        not_ready.setattr(backends, "_ready", False)
        assert upgrade(auto) is None  # never waits for the compiler


def test_what_cannot_be_handed_over():
    bitboards = BitboardQueensSearch(6)  # its own state: stays on Python
    assert not can_hand_over(bitboards)
    done = tour_search(5, 5, 0, backend="python")
    done.run()
    assert not can_hand_over(done)  # finished
    with pytest.raises(ValueError, match="running pure-Python"):
        hand_over(done)
