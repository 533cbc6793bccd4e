"""Tour counting split into pieces: the rules, prefixes, budgets, plans, processes."""

import math
import multiprocessing
import random
import shutil
import subprocess
import threading
from dataclasses import replace
from functools import partial
from pathlib import Path

import pytest

from knightviz.engine import Board, parallel, verdict
from knightviz.engine.count import (
    children,
    count_below,
    count_tours,
    first_move_orbits,
    symmetry_orbits,
)
from knightviz.engine.count_estimate import tour_log_nodes

from .test_verdict_count import brute_force_count

ROOT = Path(__file__).resolve().parents[2]


def sequential_nodes(rows, cols, start, closed, backend):
    """Nodes of the whole count from ``start``: the start itself and all below it."""
    return 1 + count_below(rows, cols, (start,), closed, backend=backend).nodes


def symmetric_nodes(rows, cols, start, closed, backend):
    """Nodes a plan's count from ``start`` visits: the start, and below it one first move
    of each group that a symmetry fixing the start exchanges (all of them when none)."""
    moves = children(rows, cols, (start,), closed)
    groups = first_move_orbits(Board(rows, cols), start, [m for m, _ in moves])
    if len(groups) == len(moves):
        return sequential_nodes(rows, cols, start, closed, backend)
    complete = dict(moves)
    below = (
        0
        if complete[g[0]]
        else count_below(rows, cols, (start, g[0]), closed, backend=backend).nodes
        for g in groups
    )
    return 1 + sum(1 + b for b in below)


def test_first_moves_group_under_the_symmetries_that_fix_the_start():
    six, five = Board(6, 6), Board(5, 5)
    corner = [m for m, _ in children(6, 6, (0,), False)]
    assert first_move_orbits(six, 0, corner) == [sorted(corner)]  # the diagonal's mirror
    centre = [m for m, _ in children(5, 5, (12,), False)]
    assert len(centre) == 8 and first_move_orbits(five, 12, centre) == [sorted(centre)]
    b1 = [m for m, _ in children(6, 6, (1,), False)]  # on no diagonal: nothing fixes it
    assert first_move_orbits(six, 1, b1) == [[m] for m in b1]
    wide = Board(3, 4)  # a rectangle: the middle row's mirror fixes the squares on it
    middle = [m for m, _ in children(3, 4, (4,), False)]
    groups = first_move_orbits(wide, 4, middle)
    assert sorted(len(g) for g in groups) == [2] * (len(middle) // 2)


@pytest.mark.parametrize(("rows", "cols", "closed"), [(5, 5, False), (3, 4, False), (4, 4, True)])
def test_the_symmetric_count_from_each_start_is_the_plain_count(rows, cols, closed):
    for start in range(rows * cols):
        got = parallel.count_tours(rows, cols, start, closed, jobs=1, backend="python")
        assert got.count == count_tours(rows, cols, start, closed=closed, backend="python"), start
        if verdict(Board(rows, cols), start, closed) is None:  # else no piece at all
            assert got.nodes == symmetric_nodes(rows, cols, start, closed, "python"), start


@pytest.fixture(scope="module")
def c_counter(tmp_path_factory):
    """benchmarks/reference_count.c, compiled: the rule set in C (skipped with no compiler)."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        pytest.skip("no C compiler")
    binary = tmp_path_factory.mktemp("c") / "reference_count"
    subprocess.run(
        [cc, "-O2", "-o", str(binary), str(ROOT / "benchmarks" / "reference_count.c")], check=True
    )

    def run(rows, cols, starts, closed=False, mode="plain"):
        args = [str(binary), str(rows), str(cols), ",".join(map(str, starts))]
        args += ["closed" if closed else "open", "1", mode]
        words = subprocess.run(args, capture_output=True, text=True, check=True).stdout.split()
        return int(words[1]), int(words[3])

    return run


@pytest.mark.parametrize(
    ("rows", "cols", "closed"), [(5, 5, False), (3, 4, False), (4, 5, False), (3, 6, True)]
)
def test_the_c_reference_counts_the_same_tours_and_nodes(c_counter, rows, cols, closed, backend):
    starts = list(range(rows * cols))
    tours = nodes = 0
    for s in starts:
        got = count_below(rows, cols, (s,), closed, backend=backend)
        tours += got.count
        nodes += 1 + got.nodes
    for mode in ("plain", "bits"):
        assert c_counter(rows, cols, starts, closed, mode) == (tours, nodes)


def test_known_node_counts_of_the_pruned_5x5_tree(backend):
    # Fixed by the rules: the C reference counter (benchmarks/reference_count.c) visits the same.
    assert count_below(5, 5, (0,), backend=backend).nodes + 1 == 5083
    assert count_below(5, 5, (12,), backend=backend).nodes + 1 == 953


@pytest.mark.parametrize(("rows", "cols"), [(3, 4), (4, 5), (5, 5), (3, 7)])
def test_a_count_is_the_sum_over_its_prefixes(rows, cols, backend):
    for start in range(rows * cols):
        whole = count_below(rows, cols, (start,), backend=backend)
        tours = nodes = 0
        for sq, complete in children(rows, cols, (start,), False):
            nodes += 1
            below = count_below(rows, cols, (start, sq), backend=backend)
            tours += below.count + complete
            nodes += below.nodes
        assert (tours, nodes) == (whole.count, whole.nodes)


def test_the_pruned_count_equals_brute_force_on_a_board_above_64_squares(backend):
    # 3x22 has 66 squares: the array kernel, not the one-word one.
    for start in (0, 1, 22):
        got = count_below(3, 22, (start,), budget=1, backend=backend)
        assert got.nodes == 1 and not got.finished
    assert count_below(5, 5, (0,), backend=backend).count == brute_force_count(5, 5, 0, False)


def test_a_budget_stops_at_exactly_that_many_nodes(backend):
    whole = count_below(5, 5, (0,), backend=backend)
    previous = 0
    for budget in (1, 10, 100, 1000, whole.nodes - 1):
        part = count_below(5, 5, (0,), budget=budget, backend=backend)
        assert (part.nodes, part.finished) == (budget, False)
        assert previous <= part.count <= whole.count
        previous = part.count
    exact = count_below(5, 5, (0,), budget=whole.nodes, backend=backend)
    assert exact.count == whole.count


def test_knuth_estimate_of_the_pruned_tree_is_near_the_truth():
    import math

    truth = count_below(5, 5, (0,), backend="python").nodes
    estimate = math.exp(tour_log_nodes(5, 5, (0,), False, probes=400, seed=1))
    assert 0.6 * truth < estimate < 1.6 * truth


def test_compiled_estimate_is_near_the_truth():
    import math

    from knightviz.engine import kernels

    if not kernels.available():
        pytest.skip("numba is not installed here")
    kernels.load()
    from knightviz.engine.kernels.counting import tours_log_nodes_compiled

    truth = count_below(5, 5, (0,), backend="python").nodes
    estimate = math.exp(tours_log_nodes_compiled(5, 5, (0,), False, 4000, 3))
    assert 0.8 * truth < estimate < 1.25 * truth


def test_plans_skip_squares_known_facts_rule_out():
    plan = parallel.plan_tours(5, 5, backend="python")
    starts = {p.task.path[0] for p in plan.pieces}
    board = Board(5, 5)
    assert all(board.is_light(s) for s in starts)  # the corners' colour only
    assert starts <= {o[0] for o in symmetry_orbits(board)}
    assert parallel.plan_tours(4, 4, backend="python").pieces == []


@pytest.mark.parametrize(("rows", "cols", "closed"), [(5, 5, False), (3, 4, False), (6, 6, True)])
def test_a_split_plan_counts_what_the_plain_count_counts(rows, cols, closed, backend, monkeypatch):
    monkeypatch.setattr(parallel.planning, "SPLIT_MIN_SECONDS", 0.0)  # split even small work
    monkeypatch.setattr(parallel.planning, "PIECES", 64)
    if (rows, cols) == (6, 6) and backend == "python":
        pytest.skip("6x6 closed tours take minutes in pure Python")
    plan = parallel.plan_tours(rows, cols, None, closed, backend=backend)
    assert len(plan.pieces) >= 64 or rows * cols < 16
    result = parallel.total(plan, parallel.run_plan(plan, parallel.InProcess()))
    assert result.complete
    assert result.count == count_tours(rows, cols, closed=closed, backend=backend)
    board = Board(rows, cols)
    expected_nodes = sum(
        symmetric_nodes(rows, cols, o[0], closed, backend)
        for o in symmetry_orbits(board)
        if verdict(board, o[0], closed) is None
    )
    assert result.nodes == expected_nodes


def test_two_processes_count_what_one_counts(backend):
    one = parallel.count_tours(5, 5, jobs=1, backend=backend)
    two = parallel.count_tours(5, 5, jobs=2, backend=backend)
    assert one.count == two.count == 1728 and one.nodes == two.nodes and two.complete
    start = Board(5, 5).parse("c3")
    assert parallel.count_tours(5, 5, start, jobs=2, backend=backend).count == 64


@pytest.mark.parametrize("seed", range(30))
def test_pieces_of_a_short_job_are_packed_evenly_into_few_batches(seed):
    """When a task is dear beside the job (``least``: the smallest share a batch should
    hold), the pieces go into max(workers, 1 / least) batches, largest first into the
    lightest: every piece once, the heaviest batch first, and no batch heavier than the
    lightest by more than one piece (what longest-processing-time-first guarantees)."""
    rng = random.Random(seed)
    workers = rng.choice([2, 3, 4])
    least = rng.choice([0.9, 0.4, 0.2, 0.1])
    n = rng.randrange(12, 60)
    logs = [rng.uniform(0.0, 9.0) for _ in range(n)]
    order = sorted(range(n), key=lambda i: -logs[i])
    groups = parallel.batches(order, logs, workers, least)
    assert sorted(i for g in groups for i in g) == list(range(n))
    assert len(groups) == max(workers, int(1 / least))
    sizes = [math.exp(x) for x in logs]
    loads = [sum(sizes[i] for i in g) for g in groups]
    assert loads == sorted(loads, reverse=True)
    assert loads[0] - loads[-1] <= max(sizes[i] for i in groups[0]) * (1 + 1e-9)
    assert all(g == sorted(g, key=order.index) for g in groups)  # each in the run's order


def test_a_task_is_worth_many_times_what_it_costs():
    """A runner whose task is dear (a Dask cluster) gets a short job as one batch per worker;
    a cheap one (a process pool), or a long job, the same pieces as batches of about 1/32."""

    class Fake:
        workers = 2

        def __init__(self, task_seconds: float) -> None:
            self.task_seconds = task_seconds
            self.sent: list = []

        def run(self, tasks, order, on_result, poll):
            for i in order:
                self.sent.append(tasks[i])
                on_result(i, tasks[i]())
            return True

    rng = random.Random(7)
    logs = [rng.uniform(0.0, 5.0) for _ in range(40)]
    order = sorted(range(40), key=lambda i: -logs[i])
    tasks = [lambda i=i: i * i for i in range(40)]
    for task_seconds, seconds, batches in [
        (0.007, 0.3, 2),
        (0.0003, 0.3, None),
        (0.007, 60.0, None),
    ]:
        runner = Fake(task_seconds)
        got: dict[int, int] = {}
        parallel.run_batched(runner, tasks, order, logs, got.__setitem__, lambda: False, seconds)
        assert got == {i: i * i for i in range(40)}
        expected = batches or len(parallel.batches(order, logs, 2))
        assert len(runner.sent) == expected
    assert len(parallel.batches(order, logs, 2)) > 4


@pytest.mark.parametrize("limit", [1, 50, 777, 4000, 4055, 4056, 10**9])
def test_a_bounded_count_stops_at_the_same_node_for_any_jobs(limit, monkeypatch):
    monkeypatch.setattr(parallel.planning, "SPLIT_MIN_SECONDS", 0.0)
    monkeypatch.setattr(parallel.planning, "PIECES", 64)
    plan_nodes = parallel.plan_tours(5, 5, backend="python").nodes
    one, two = (
        parallel.count_tours(5, 5, jobs=jobs, limit=limit, backend="python") for jobs in (1, 2)
    )
    assert replace(one, seconds=0.0) == replace(two, seconds=0.0)
    board = Board(5, 5)
    every = sum(
        symmetric_nodes(5, 5, o[0], False, "python")
        for o in symmetry_orbits(board)
        if verdict(board, o[0], False) is None
    )
    assert every == 4056  # of 8822 without the start squares' own symmetries
    if limit >= every:  # every node of the 5x5 count (the plan's orbits, by symmetry)
        assert one.complete and (one.count, one.nodes) == (1728, every)
    else:
        assert one.stopped == "limit" and one.nodes == max(limit, plan_nodes)
        assert one.count <= 1728


def test_a_bounded_count_is_the_prefix_of_the_sequential_count(monkeypatch):
    """The partial count with a limit is exactly what a one-by-one run of the plan's pieces
    holds after that many nodes (checked against counting every piece by hand)."""
    monkeypatch.setattr(parallel.planning, "SPLIT_MIN_SECONDS", 0.0)
    monkeypatch.setattr(parallel.planning, "PIECES", 32)
    plan = parallel.plan_tours(5, 5, 0, backend="python")
    wholes = [count_below(5, 5, p.task.path) for p in plan.pieces]
    limit = plan.nodes + sum(w.nodes for w in wholes[: len(wholes) // 2]) + 17
    got = parallel.total(
        plan, parallel.run_plan(plan, parallel.LocalPool(2, "python"), limit=limit)
    )
    expected, left = plan.count, limit - plan.nodes
    for piece, whole in zip(plan.pieces, wholes, strict=True):
        if whole.nodes <= left:
            expected, left = expected + piece.weight * whole.count, left - whole.nodes
            continue
        expected += piece.weight * count_below(5, 5, piece.task.path, budget=left).count
        break
    assert (got.count, got.nodes, got.stopped) == (expected, limit, "limit")


def test_cancel_stops_every_worker_and_says_partial(monkeypatch):
    monkeypatch.setattr(parallel.planning, "SPLIT_MIN_SECONDS", 0.0)
    monkeypatch.setattr(parallel.planning, "PIECES", 64)
    heard = threading.Event()
    result = parallel.count_tours(
        5,
        5,
        jobs=2,
        progress=lambda p: p.done and heard.set(),
        cancel=heard.is_set,
        backend="python",
    )
    assert result.stopped == "cancelled" and not result.complete
    assert 0 < result.pieces_done < result.pieces and result.count < 1728


def test_progress_reports_pieces_fraction_and_time_left():
    seen = []
    parallel.count_tours(5, 5, jobs=1, progress=seen.append, backend="python")
    assert seen and seen[-1].done == seen[-1].total and seen[-1].fraction == pytest.approx(1.0)
    assert seen[-1].count == 1728
    assert all(0.0 <= p.fraction <= 1.0 for p in seen)
    assert all(p.eta is None or p.eta >= 0 for p in seen)


def test_the_sweep_of_the_window_map_runs_in_a_background_thread_and_cancels():
    """The start-square map's entry point: a thread, per-square callbacks, a cancel flag."""
    from knightviz.engine.sweep import sweep_starts
    from knightviz.engine.tour import Heuristic, Strategy

    plain = Strategy(Heuristic.NONE)
    expected = list(sweep_starts(5, 5, plain, limit=20_000))
    heard = []
    box = {}

    def work():
        box["out"] = parallel.sweep(5, 5, plain, limit=20_000, jobs=2, on_run=heard.append)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join(timeout=120)
    assert not thread.is_alive()
    out = box["out"]
    assert out.stopped is None
    assert [replace(r, seconds=0.0) for r in out.runs] == [
        replace(r, seconds=0.0) for r in expected
    ]
    assert sorted(r.square for r in heard) == list(range(25))

    stop = threading.Event()
    heard.clear()

    def on_run(run):
        heard.append(run)
        stop.set()

    cancelled = parallel.sweep(
        6, 6, plain, limit=5_000_000, jobs=2, on_run=on_run, cancel=stop.is_set
    )
    assert cancelled.stopped == "cancelled"
    assert 1 <= sum(r is not None for r in cancelled.runs) < 36


def _square(x: int) -> int:
    return x * x


def test_ctrl_c_while_the_pool_starts_its_manager_thread_stops_it_cleanly(monkeypatch):
    """Ctrl-C inside the pool's first submit, while its manager thread is started but not
    yet running: the KeyboardInterrupt goes on (the count's "interrupted"), not a
    RuntimeError from joining a thread not yet started, and no worker stays behind."""
    from concurrent.futures import process as cf_process

    original = cf_process._ExecutorManagerThread.start
    late: list[threading.Timer] = []

    def start_late(self):  # the thread starts a moment after Ctrl-C has struck
        timer = threading.Timer(0.3, original, (self,))
        late.append(timer)
        timer.start()
        raise KeyboardInterrupt

    monkeypatch.setattr(cf_process._ExecutorManagerThread, "start", start_late)
    pool = parallel.LocalPool(2, "python")
    before = {p.pid for p in multiprocessing.active_children()}
    tasks = [partial(_square, i) for i in range(4)]
    with pytest.raises(KeyboardInterrupt):
        pool.run(tasks, range(4), lambda i, r: None, lambda: False)
    for timer in late:
        timer.join()
    left = {p.pid for p in multiprocessing.active_children()} - before
    assert not left
