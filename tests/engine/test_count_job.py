"""The count as one object (``parallel.CountJob``): planned, estimated, run; the command
line's ``count`` and the Python API count through it and must agree."""

import math

import pytest

from knightviz.engine import parallel
from knightviz.engine.parallel import CountJob, InProcess


def test_a_job_is_planned_before_any_work_then_runs_to_the_api_total(backend, monkeypatch):
    monkeypatch.setattr(parallel.planning, "SPLIT_MIN_SECONDS", 0.0)  # split even small work
    job = CountJob.tours(5, 5, backend=backend)
    assert job.backend == backend
    roots = len(job.plan.pieces)  # a piece per start square (orbit), not split yet
    assert 0 < roots < 25 and all(len(p.task.path) <= 2 for p in job.plan.pieces)
    assert math.log(1000) < job.log_nodes < math.log(10**7)
    result = job.run(InProcess())
    assert result.complete and result.count == 1728
    assert result.pieces > roots  # split for the runner when it ran
    api = parallel.count_tours(5, 5, backend=backend)
    assert (api.count, api.nodes, api.pieces) == (result.count, result.nodes, result.pieces)


def test_a_queens_job_counts_solutions_and_classes(backend):
    result = CountJob.queens(8, backend=backend).run(InProcess())
    assert (result.count, result.unique) == (92, 12)
    api = parallel.count_queens(8, backend=backend)
    assert (api.count, api.unique, api.nodes) == (result.count, result.unique, result.nodes)


def test_the_estimate_shrinks_with_workers_and_with_a_limit():
    job = CountJob.tours(6, 6, 0, backend="python")
    one, two = job.log_seconds(1), job.log_seconds(2)
    assert two == pytest.approx(one - math.log(2))
    assert job.seconds(1) == pytest.approx(math.exp(one))
    rate = parallel.RATES[("tours", "python", True)]
    assert job.log_seconds(1, limit=1000) == pytest.approx(math.log(1000) - math.log(rate))
    assert job.log_seconds(1, limit=0) == pytest.approx(-math.log(rate))  # at least one node
    assert job.log_seconds(1, limit=10**30) == pytest.approx(one)  # a limit past the work


def test_a_limit_stops_the_job_where_the_api_stops(backend):
    job = CountJob.tours(5, 5, 0, backend=backend)
    got = job.run(InProcess(), limit=1000)
    api = parallel.count_tours(5, 5, 0, limit=1000, backend=backend)
    assert got.stopped == api.stopped == "limit"
    assert (got.count, got.nodes) == (api.count, api.nodes)


def test_ctrl_c_while_the_plan_splits_is_a_count_interrupted_with_nothing_counted(monkeypatch):
    def interrupted(plan, workers=1):
        raise KeyboardInterrupt

    monkeypatch.setattr(parallel.job, "refine", interrupted)
    job = CountJob.tours(5, 5, 0, backend="python")
    result = job.run(InProcess())
    assert result.stopped == "interrupted" and not result.complete
    assert result.pieces_done == 0 and result.count == job.plan.count
