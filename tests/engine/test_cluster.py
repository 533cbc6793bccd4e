"""Counting on a real Dask cluster: a LocalCluster of two worker processes on localhost."""

import os
import signal
import threading
import time
from dataclasses import replace

import pytest

from knightviz.engine import Board, parallel
from knightviz.engine.count import count_tours
from knightviz.engine.queens_count import count_queens
from knightviz.engine.sweep import sweep_starts
from knightviz.engine.tour import Heuristic, Strategy

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.cluster


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=50,  # a killed worker is expected here, not news
    ) as local:
        yield local


def test_every_5x5_start_counts_as_in_one_process(cluster, backend):
    address = cluster.scheduler_address
    board = Board(5, 5)
    assert parallel.count_tours(5, 5, scheduler=address, backend=backend).count == 1728
    for square in range(board.size):
        got = parallel.count_tours(5, 5, square, scheduler=address, backend=backend)
        assert got.complete and got.count == count_tours(5, 5, square, backend=backend)


@pytest.mark.parametrize("n", range(6, 11))
def test_queens_6_to_10_count_as_in_one_process(cluster, n, backend, monkeypatch):
    monkeypatch.setattr(parallel.planning, "SPLIT_MIN_SECONDS", 0.0)  # many pieces, even for these
    got = parallel.count_queens(n, scheduler=cluster.scheduler_address, backend=backend)
    assert got.complete and got.count == count_queens(n, backend=backend)


def test_a_sweep_runs_as_in_one_process(cluster, backend):
    plain = Strategy(Heuristic.NONE)
    expected = [replace(r, seconds=0.0) for r in sweep_starts(5, 5, plain, limit=20_000)]
    got = parallel.sweep(5, 5, plain, limit=20_000, scheduler=cluster.scheduler_address)
    assert got.stopped is None and [replace(r, seconds=0.0) for r in got.runs] == expected


def test_a_worker_killed_mid_count_is_survived(cluster, monkeypatch):
    """SIGKILL one worker process as soon as the first piece comes back: Dask runs its
    pieces again elsewhere (its nanny starts a new one) and the count is still exact."""
    monkeypatch.setattr(parallel.planning, "SPLIT_MIN_SECONDS", 0.0)
    monkeypatch.setattr(parallel.batching, "TASK_WORTH", 0)  # a task a piece, however short
    victims = [w.process.process.pid for w in cluster.workers.values()]
    killed = threading.Event()

    def progress(p):
        if p.done and not killed.is_set() and p.done < p.total:
            os.kill(victims[0], signal.SIGKILL)
            killed.set()

    got = parallel.count_queens(
        12, scheduler=cluster.scheduler_address, progress=progress, backend="python"
    )
    assert killed.is_set()
    assert got.complete and (got.count, got.unique) == (14200, 1787)
    deadline = time.monotonic() + 60  # the nanny brings the worker back for the next test
    while len(cluster.scheduler_info["workers"]) < 2:
        assert time.monotonic() < deadline
        time.sleep(0.1)


def test_an_unreachable_scheduler_is_a_clear_error_within_seconds():
    t0 = time.monotonic()
    with pytest.raises(parallel.ClusterError, match="cannot reach the Dask scheduler"):
        parallel.DaskCluster("tcp://127.0.0.1:9", "python", timeout=2.0)
    assert time.monotonic() - t0 < 10


def test_each_worker_holds_its_threads_pieces_and_one_more(cluster, monkeypatch):
    """Pieces go out largest first, to chosen workers: each keeps every thread busy and one
    piece waiting, the next sent to the worker that finished one. The scheduler alone
    would queue pieces as it likes (a large one behind another leaves a worker idle at the
    end); one piece at a time, a worker would wait a round trip between pieces."""
    monkeypatch.setattr(parallel.planning, "SPLIT_MIN_SECONDS", 0.0)
    monkeypatch.setattr(parallel.batching, "TASK_WORTH", 0)
    runner = parallel.DaskCluster(cluster.scheduler_address, "python")
    threads = runner.client.nthreads()
    sent: list = []
    worst: dict[str, int] = {}
    submit = runner.client.submit

    def counted(*args, **kwargs):
        (worker,) = kwargs["workers"]
        assert kwargs["allow_other_workers"]  # a worker that has gone is no dead end
        there = sum(not f.done() for f, w in sent if w == worker) + 1
        worst[worker] = max(worst.get(worker, 0), there)
        future = submit(*args, **kwargs)
        sent.append((future, worker))
        return future

    monkeypatch.setattr(runner.client, "submit", counted)
    try:
        plan = parallel.plan_queens(10, backend="python", workers=runner.workers)
        got = parallel.total(plan, parallel.run_plan(plan, runner))
    finally:
        runner.close()
    assert got.complete and got.count == count_queens(10, backend="python")
    assert len(sent) > 4 * len(threads)
    assert set(worst) == set(threads)
    assert all(worst[w] <= threads[w] + 1 for w in threads)


def test_a_short_count_goes_out_as_one_task_per_worker(cluster, monkeypatch):
    """A Dask task costs milliseconds of the scheduler's and the workers' time: a count
    estimated at a fraction of a second sends each worker one task holding its share of
    the pieces, still exact; a long one still sends its pieces one by one."""
    monkeypatch.setattr(parallel.planning, "SPLIT_MIN_SECONDS", 0.0)
    runner = parallel.DaskCluster(cluster.scheduler_address, "python")
    threads = runner.client.nthreads()
    sent: list = []
    submit = runner.client.submit

    def counted(*args, **kwargs):
        sent.append(kwargs["workers"][0])
        return submit(*args, **kwargs)

    monkeypatch.setattr(runner.client, "submit", counted)
    try:
        plan = parallel.plan_queens(9, backend="python", workers=runner.workers)
        assert len(plan.pieces) > 4 * len(threads)
        assert plan.seconds(1) * len(threads) < parallel.TASK_WORTH * runner.task_seconds
        got = parallel.total(plan, parallel.run_plan(plan, runner))
        assert got.complete and got.count == count_queens(9, backend="python")
        assert sorted(sent) == sorted(threads)  # one task for each worker
        sent.clear()
        plan.whole = plan.log_nodes + 12.0  # the same pieces, as if a job of hours
        got = parallel.total(plan, parallel.run_plan(plan, runner))
        assert got.complete and got.count == count_queens(9, backend="python")
        assert len(sent) > 4 * len(threads)
    finally:
        runner.close()


def test_the_counts_client_sends_each_message_at_once(cluster):
    """Dask's client batches what it sends every 10 ms, made for graphs of thousands of
    tasks; a count sends a few large pieces and its closing message, each waited on."""
    runner = parallel.DaskCluster(cluster.scheduler_address, "python")
    try:
        assert runner.client.scheduler_comm.interval == 0
        plan = parallel.plan_tours(5, 5, 0, backend="python", workers=runner.workers)
        got = parallel.total(plan, parallel.run_plan(plan, runner))
    finally:
        runner.close()
    assert got.complete and got.count == 304  # directed open tours from a corner of 5x5


def test_a_cluster_with_no_worker_yet_counts_once_one_comes():
    """No worker to choose: the pieces wait at the scheduler (a count is never called
    complete with pieces not run)."""
    with distributed.LocalCluster(
        n_workers=0, processes=False, dashboard_address=":0", silence_logs=50
    ) as empty:
        got: list = []
        count = threading.Thread(
            target=lambda: got.append(
                parallel.count_tours(5, 5, scheduler=empty.scheduler_address, backend="python")
            )
        )
        count.start()
        deadline = time.monotonic() + 60
        while not empty.scheduler.tasks:  # its pieces reach a cluster with no worker
            assert not got and time.monotonic() < deadline
            time.sleep(0.01)
        assert not got
        empty.scale(1)
        count.join(timeout=120)
        assert not count.is_alive()
    assert got[0].complete and got[0].count == 1728
