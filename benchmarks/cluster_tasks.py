"""How many tasks a short count sends a Dask cluster: the 6x6 count on a
2-worker ``LocalCluster`` with one task per piece batch, as before (``task_seconds`` 0),
and with the pieces packed into one task per worker (the runner's own ``task_seconds``),
interleaved with ``jobs=2`` in a fresh interpreter; ratios of the bests and of the medians.

    .venv/bin/python -m benchmarks.cluster_tasks [COUNTS]      # 20 of each by default
"""

from __future__ import annotations

import statistics
import sys
import time

from .engine_counting import ALL_6X6, pool_run


def main(argv: list[str] | None = None) -> int:
    counts = int((argv if argv is not None else sys.argv[1:] or ["20"])[0])
    try:
        import distributed
    except ImportError:
        print("distributed is not installed: pip install 'knightviz[cluster]'")
        return 0
    from knightviz.engine import kernels, parallel

    kernels.load()
    ways = {"one task per batch": 0.0, "packed": parallel.DaskCluster.task_seconds}
    times: dict[str, list[float]] = {name: [] for name in [*ways, "jobs=2"]}
    with distributed.LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        parallel.count_tours(6, 6, scheduler=address, backend="numba")  # workers load kernels
        try:
            for _ in range(counts):
                for name, cost in ways.items():
                    parallel.DaskCluster.task_seconds = cost
                    t0 = time.perf_counter()
                    result = parallel.count_tours(6, 6, scheduler=address, backend="numba")
                    times[name].append(time.perf_counter() - t0)
                    if result.count != ALL_6X6:
                        raise AssertionError(result)
                times["jobs=2"].append(pool_run())
        finally:
            parallel.DaskCluster.task_seconds = ways["packed"]
    pool = times["jobs=2"]
    print(f"6x6 count, {counts} of each, interleaved: best / median")
    for name, got in times.items():
        line = f"  {name:20s} {min(got):.3f} s / {statistics.median(got):.3f} s"
        if name != "jobs=2":
            line += (
                f"   over jobs=2: {min(got) / min(pool):.2f}x / "
                f"{statistics.median(got) / statistics.median(pool):.2f}x"
            )
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
