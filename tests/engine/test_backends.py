"""Both engine backends against each other and against what the event stream implies.

The compiled backend must be indistinguishable from the pure-Python reference: the same
events in the same order, the same results, the same paths and stacks at every pause. The
stack is also re-derived here from the event stream alone, and ``advance_quiet`` must leave
a search exactly where ``advance`` would.
"""

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from knightviz.engine import (
    BATCH_ORDER,
    CLASSIC_ORDER,
    Board,
    Heuristic,
    Outcome,
    StackLevel,
    Strategy,
    TieBreak,
    TourConfig,
    backends,
    kernels,
    make_queens_search,
    make_tour_search,
)
from knightviz.engine.board import neighbour_table
from knightviz.engine.count import count_tours
from knightviz.engine.queens_count import count_queens

needs_numba = pytest.mark.skipif(
    not kernels.available(), reason="numba is not installed here (CI installs it)"
)

strategies = st.builds(
    Strategy,
    heuristic=st.sampled_from(list(Heuristic)),
    tie_break=st.sampled_from(list(TieBreak)),
    seed=st.integers(0, 1000),
    backtrack=st.booleans(),
    order=st.sampled_from([CLASSIC_ORDER, BATCH_ORDER]),
)


@st.composite
def tour_configs(draw, max_side=9):
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    return TourConfig(
        rows,
        cols,
        draw(st.integers(0, rows * cols - 1)),
        draw(strategies),
        closed=draw(st.booleans()),
        limit=draw(st.sampled_from([None, 0, 1, 2, 7, 500, 3000])),
        search_anyway=draw(st.booleans()),
    )


def level_tuple(level):
    return (level.square, level.candidates, level.tried)


def state(search):
    """Everything a caller can observe between calls (stack: sampled levels)."""
    stack = search.stack()
    picks = sorted({0, len(stack) // 2, len(stack) - 1})
    return (
        search.moves,
        search.backtracks,
        search.depth,
        search.max_depth,
        list(search.snapshot_path()),
        list(search.path),
        len(stack),
        [level_tuple(stack[d]) for d in picks],
        result_tuple(search.result),
    )


def result_tuple(r):
    """A result without its timing."""
    if r is None:
        return None
    return (r.outcome, r.moves, r.backtracks, r.reason, r.solution, r.count)


def same_result(a, b):
    assert result_tuple(a) == result_tuple(b)


def stream_both(make, sizes, stack_every):
    """Drive a Python and a compiled search side by side; compare after every chunk."""
    py, nb = make("python"), make("numba")
    assert (py.backend, nb.backend) == ("python", "numba")
    i = 0
    while True:
        size = sizes[i % len(sizes)]
        a, b = py.advance(size), nb.advance(size)
        assert type(a) is type(b)
        assert list(a) == list(b), f"chunk {i} differs"
        assert py.recent_backtracks == nb.recent_backtracks
        if i % stack_every == 0 or not a:
            assert state(py) == state(nb)
            full_py, full_nb = py.stack(), nb.stack()
            assert [level_tuple(x) for x in full_py] == [level_tuple(x) for x in full_nb]
        i += 1
        if not a:
            break
    same_result(py.result, nb.result)


@pytest.mark.slow
@needs_numba
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    tour_configs(),
    st.lists(st.integers(1, 700), min_size=1, max_size=3),
    st.integers(1, 5),
)
def test_tour_backends_agree_event_by_event(config, sizes, stack_every):
    kernels.load()
    limited = config if config.limit is not None else _with_limit(config, 5000)
    stream_both(lambda b: make_tour_search(limited, backend=b), sizes, stack_every)


def _with_limit(config, limit):
    return TourConfig(
        config.rows,
        config.cols,
        config.start,
        config.strategy,
        config.closed,
        limit,
        config.search_anyway,
    )


@pytest.mark.slow
@needs_numba
@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 11),
    st.booleans(),
    st.sampled_from([None, 0, 1, 3, 400, 20_000]),
    st.lists(st.integers(1, 500), min_size=1, max_size=3),
)
def test_queens_backends_agree_event_by_event(n, first, limit, sizes):
    kernels.load()
    found = {"python": [], "numba": []}

    def make(b):
        return make_queens_search(
            n, first=first, limit=limit, on_solution=found[b].append, backend=b
        )

    stream_both(make, sizes, 3)
    assert found["python"] == found["numba"]


@needs_numba
def test_big_boards_agree(backend):
    """Larger searches than the property test can afford, compared as a whole."""
    kernels.load()
    for kwargs in (
        {
            "rows": 60,
            "cols": 60,
            "tie_break": "random",
            "seed": 11,
            "closed": True,
            "limit": 50_000,
        },
        {"rows": 50, "cols": 47, "tie_break": "roth", "start": 1000, "limit": 100_000},
        {"rows": 30, "cols": 30, "tie_break": "first", "start": 3, "limit": 200_000},
        {"rows": 8, "cols": 8, "heuristic": "none", "start": 27, "limit": 300_000},
    ):
        from knightviz.engine import tour_search

        a = tour_search(**kwargs, backend="python")
        b = tour_search(**kwargs, backend=backend)
        sa, sb = [], []
        while chunk := a.advance(9973):
            sa.extend(chunk)
        while chunk := b.advance(9973):
            sb.extend(chunk)
        assert sa == sb
        same_result(a.result, b.result)
        assert [level_tuple(x) for x in a.stack()[-50:]] == [
            level_tuple(x) for x in b.stack()[-50:]
        ]


# -- advance_quiet ---------------------------------------------------------------------


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tour_configs(max_side=8), st.lists(st.integers(1, 900), min_size=1, max_size=3))
@pytest.mark.parametrize("backend_name", ["python", "numba"])
def test_quiet_ends_every_chunk_where_events_would(backend_name, config, sizes):
    if backend_name == "numba":
        if not kernels.available():
            pytest.skip("numba is not installed here (CI installs it)")
        kernels.load()
    config = config if config.limit is not None else _with_limit(config, 4000)
    loud = make_tour_search(config, backend=backend_name)
    quiet = make_tour_search(config, backend=backend_name)
    i = 0
    while True:
        size = sizes[i % len(sizes)]
        chunk = loud.advance(size)
        made = quiet.advance_quiet(size)
        assert made == len(chunk) <= size
        assert state(loud) == state(quiet)
        backtracked = [~x for x in chunk if x < 0]
        assert quiet.recent_backtracks == tuple(backtracked[-8:]) == loud.recent_backtracks
        i += 1
        if not made:
            break
    same_result(loud.result, quiet.result)
    assert loud.result.steps == quiet.result.steps


def test_quiet_queens_keep_every_solution(backend):
    loud = make_queens_search(8, backend=backend)
    quiet = make_queens_search(8, backend=backend)
    while loud.advance(37):
        assert quiet.advance_quiet(37) > 0
        assert (loud.count, loud.moves, loud.depth) == (quiet.count, quiet.moves, quiet.depth)
    assert quiet.advance_quiet(37) == 0
    assert loud.solutions == quiet.solutions and len(loud.solutions) == 92
    same_result(loud.result, quiet.result)


# -- the stack, re-derived from the stream -------------------------------------------


def ordered_candidates(table, strategy, board, visited, square):
    """Warnsdorff's order as the rule states it: fewest onward moves, then the tie-break."""
    cands = [u for u in table[square] if u not in visited]
    if not strategy.guided:
        return tuple(table[square])
    ranks, _ = strategy.ranks(board)

    def degree(u):
        return sum(1 for w in table[u] if w not in visited)

    return tuple(sorted(cands, key=lambda u: (degree(u), ranks[u])))


def derived_tour_stack(search, events, terminal):
    """The stack implied by the events: levels pushed by moves, popped by backtracks."""
    strategy = search.config.strategy
    board = search.board
    table = strategy.table(board)
    path = [search.start]
    tried = [0]
    for x in events:
        if x >= 0:
            cands = ordered_candidates(table, strategy, board, set(path), path[-1])
            tried[-1] = cands.index(x) + 1
            path.append(x)
            tried.append(0)
        else:
            assert path.pop() == ~x
            tried.pop()
    if terminal and not strategy.guided:
        tried[-1] = len(table[path[-1]])  # a plain level ends with its whole row looked at
    return [
        StackLevel(sq, ordered_candidates(table, strategy, board, set(path[: d + 1]), sq), t)
        for d, (sq, t) in enumerate(zip(path, tried, strict=True))
    ]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tour_configs(max_side=8), st.integers(0, 3000))
@pytest.mark.parametrize("backend_name", ["python", "numba"])
def test_tour_stack_is_what_the_stream_implies(backend_name, config, steps):
    if backend_name == "numba":
        if not kernels.available():
            pytest.skip("numba is not installed here (CI installs it)")
        kernels.load()
    search = make_tour_search(config, backend=backend_name)
    assume(search.result is None or search.result.outcome is not Outcome.IMPOSSIBLE)
    events = list(search.advance(steps)) if steps else []
    terminal = search.result is not None and search.result.outcome is Outcome.EXHAUSTED
    terminal = terminal and len(search.advance(1)) == 0
    stack = search.stack()
    expected = derived_tour_stack(search, events, terminal)
    assert list(stack) == expected
    assert len(stack) == search.depth + 1 == len(search.path)
    for d in range(len(stack) - 1):  # below the top, the child is the last candidate taken
        assert stack[d].candidates[stack[d].tried - 1] == stack[d + 1].square


@pytest.mark.parametrize("n", [1, 4, 6, 8])
def test_queens_stack_is_what_the_stream_implies(n, backend):
    search = make_queens_search(n, backend=backend)
    tried = [0]
    placed = []
    while chunk := search.advance(13):
        for x in chunk:
            if x >= 0:
                tried[len(placed)] = x % n + 1
                placed.append(x)
                tried.append(0)
            else:
                assert placed.pop() == ~x
                tried.pop()
        stack = search.stack()
        assert len(stack) == min(len(placed) + 1, n)
        for d, level in enumerate(stack):
            row = n - 1 - d
            assert level.candidates == tuple(range(row * n, row * n + n))
            assert level.square == (placed[d] if d < len(placed) else -1)
            assert level.tried == tried[d]
            if d < len(placed):
                assert level.candidates[level.tried - 1] == placed[d]


def test_stack_is_a_snapshot_and_a_sequence(backend):
    search = make_tour_search(TourConfig(8, 8, 0, Strategy(Heuristic.NONE)), backend=backend)
    search.advance(1000)
    stack = search.stack()
    frozen = [level_tuple(x) for x in stack]
    search.advance(1000)
    assert [level_tuple(x) for x in stack] == frozen  # the search moved on; the snapshot not
    assert stack[-1] == stack[len(stack) - 1] and stack[1:3] == [stack[1], stack[2]]
    with pytest.raises(IndexError):
        stack[len(stack)]
    with pytest.raises(AttributeError):
        stack[0].tried = 5  # frozen


def test_max_depth_and_recent_backtracks(backend):
    search = make_tour_search(TourConfig(6, 6, 0, Strategy(Heuristic.NONE)), backend=backend)
    deepest = depth = 0
    while chunk := search.advance(777):
        for x in chunk:
            depth += 1 if x >= 0 else -1
            deepest = max(deepest, depth)
        assert search.max_depth == deepest and search.depth == depth
        assert len(search.recent_backtracks) <= 8
    assert search.result.solved and deepest == 35


# -- choosing a backend --------------------------------------------------------------


@pytest.mark.own_engine
def test_env_forces_python_and_explicit_argument_wins(monkeypatch):
    monkeypatch.setenv("KNIGHTVIZ_ENGINE", "python")
    assert make_tour_search(TourConfig()).backend == "python"
    assert make_queens_search(6).backend == "python"
    if kernels.available():
        assert make_tour_search(TourConfig(), backend="numba").backend == "numba"
    monkeypatch.setenv("KNIGHTVIZ_ENGINE", "fortran")
    with pytest.raises(ValueError, match="unknown engine backend"):
        make_tour_search(TourConfig())
    with pytest.raises(kernels.BackendError):
        make_queens_search(5, backend="gpu")


@pytest.mark.own_engine
@needs_numba
def test_auto_uses_the_kernels_only_once_ready(monkeypatch):
    monkeypatch.delenv("KNIGHTVIZ_ENGINE", raising=False)
    monkeypatch.setattr(backends, "_ready", False)
    assert make_tour_search(TourConfig()).backend == "python"
    monkeypatch.undo()
    monkeypatch.delenv("KNIGHTVIZ_ENGINE", raising=False)
    kernels.load()
    assert kernels.ready()
    assert make_tour_search(TourConfig()).backend == "numba"
    assert make_queens_search(5).backend == "numba"
    monkeypatch.setenv("KNIGHTVIZ_ENGINE", "numba")
    assert make_queens_search(5).backend == "numba"


def run_without_numba(code, env=None):
    """Run ``code`` in a fresh interpreter in which numba cannot be imported."""
    prelude = "import sys; sys.modules['numba'] = None\n"
    full_env = {**os.environ, **(env or {})}
    full_env.pop("KNIGHTVIZ_ENGINE", None)
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-c", prelude + code],
        capture_output=True,
        text=True,
        env=full_env,
        timeout=120,
    )


@pytest.mark.own_engine
def test_everything_works_without_numba():
    code = """
from knightviz.engine import kernels, tour_search
from knightviz.engine.count import count_tours
from knightviz.engine.factory import make_queens_search
from knightviz.engine.queens_count import count_queens
from knightviz.cli import main
assert not kernels.available()
s = tour_search(8, 8, 0, heuristic="none", limit=50_000)
assert s.backend == "python"
assert len(s.advance(100)) == 100 and s.advance_quiet(1000) == 1000
assert s.stack()[0].square == 0 and s.run().steps == 50_000
assert count_tours(5, 5, 0) == 304 and count_queens(10) == 724
q = make_queens_search(6)
assert q.backend == "python" and q.run().count == 4
assert main(["count", "--size", "5", "--start", "a1"]) == 0
assert main(["solve", "--heuristic", "none", "--size", "6", "--format", "sequence"]) == 0
assert "numba" not in sys.modules or sys.modules["numba"] is None
"""
    done = run_without_numba(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "304"


@pytest.mark.own_engine
def test_forcing_numba_without_it_is_a_clear_error():
    code = """
from knightviz.engine import tour_search
try:
    tour_search(8, 8)
except ValueError as exc:
    print(exc)
"""
    done = run_without_numba(code, {"KNIGHTVIZ_ENGINE": "numba"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "the compiled engine needs numba, which is not installed"
    cli = run_without_numba(
        "from knightviz.cli import main; sys.exit(main(['solve']))", {"KNIGHTVIZ_ENGINE": "numba"}
    )
    assert cli.returncode == 2 and cli.stdout == ""
    assert (
        cli.stderr == "knightviz: error: the compiled engine needs numba, which is not installed\n"
    )


@needs_numba
def test_cache_dir_respects_xdg_when_the_package_is_read_only(tmp_path, monkeypatch):
    monkeypatch.setattr(kernels.loading.os, "access", lambda path, mode: False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert kernels.cache_dir() == tmp_path / "knightviz" / "numba"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert kernels.cache_dir() == tmp_path / ".cache" / "knightviz" / "numba"
    monkeypatch.undo()
    assert kernels.cache_dir() is None  # a writable checkout: numba's own __pycache__


def test_counting_backends_agree(backend):
    for rows, cols in ((3, 4), (4, 5), (5, 5)):
        board = Board(rows, cols)
        for start in range(0, board.size, 3):
            assert count_tours(rows, cols, start, backend=backend) == count_tours(
                rows, cols, start, backend="python"
            )
    assert [count_queens(n, backend=backend) for n in range(1, 11)] == [
        1,
        0,
        0,
        2,
        10,
        4,
        40,
        92,
        352,
        724,
    ]


@needs_numba
def test_neighbour_rows_of_the_compiled_backend_are_the_engine_tables():
    from knightviz.engine.kernels.tables import tables

    for rows, cols in ((1, 1), (3, 9), (8, 8), (13, 6)):
        for order in (CLASSIC_ORDER, BATCH_ORDER, BATCH_ORDER[::-1]):
            nb, off = tables(rows, cols, order)
            expected = neighbour_table(rows, cols, order)
            assert [tuple(nb[off[s] : off[s + 1]]) for s in range(rows * cols)] == list(expected)


def test_compiler_pages_are_released_and_kernels_still_run():
    """After loading, LLVM's library pages go back to the OS (Linux); calls do not need them."""
    from knightviz.engine import kernels, tour_search

    if not kernels.available():
        pytest.skip("numba is not installed")
    kernels.load()
    if sys.platform.startswith("linux"):
        assert kernels.release_compiler_memory() > 50 << 20  # llvmlite's mappings
    compiled = tour_search(6, 6, 0, heuristic="none", backend="numba").run()
    reference = tour_search(6, 6, 0, heuristic="none", backend="python").run()
    assert (compiled.steps, compiled.solution) == (reference.steps, reference.solution)
