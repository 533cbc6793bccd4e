"""Plans against counts: ``count --plan`` and ``queens --plan`` forecasts checked by counting.

Run from the repository root:

    .venv/bin/python -m benchmarks.engine_plans            # best of 3 (~1 minute)
    .venv/bin/python -m benchmarks.engine_plans --quick    # once

For ``count --size 6`` and ``queens --size 14/15/16 --format count``: the forecast that
``--plan`` prints (Knuth's estimate with the plan's probes, at ``parallel.RATES``, the
largest piece included) against the count measured on this machine: on one core in this
process (kernels loaded; the command's own way for a count of under a second), and, for a
longer count, on every core as the command runs it (a new process pool, its start
included). Target: measured within a factor of 2 of the forecast, both ways.

It also prints the speeds the counts ran at (nodes a second on one core), the figures
``backends.COUNT_RATES`` should hold, and for information the whole commands' wall times
(``count --size 6`` / ``queens --format count`` and their ``--plan``). Exit status 0 when
every target passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from .engine_bench import Row, print_table, time_cli
from .engine_counting import ALL_6X6, QUEENS

#: Target: the measured time within this factor of the forecast, either way.
FACTOR = 2.0
#: Q(n), the known counts (docs/reference.md).
ANSWERS = {**QUEENS, 14: 365_596}


def _case(
    name: str,
    forecast: Callable[[], object],
    job: Callable[[], object],
    answer: int,
    repeats: int,
) -> tuple[list[Row], float, str]:
    """The forecast and the measured counts of one case: rows, one-core speed, kind."""
    from knightviz.cli.workers import in_process_seconds
    from knightviz.engine import parallel

    made: object = forecast()
    # As the command runs it: this process alone when too short for a pool, else every core.
    pool = made.plan.seconds(1) >= in_process_seconds()  # type: ignore[attr-defined]
    cores = parallel.usable_cpus()
    one, two = float("inf"), float("inf")
    nodes = 0
    for _ in range(repeats):
        for workers in (1, cores) if pool and cores > 1 else (1,):
            count: parallel.CountJob = job()  # type: ignore[assignment]
            runner = (
                parallel.InProcess() if workers == 1 else parallel.LocalPool(workers, count.backend)
            )
            try:
                t0 = time.perf_counter()
                result = count.run(runner)
                seconds = time.perf_counter() - t0
            finally:
                parallel.close_runner(runner)
            if result.count != answer:
                raise AssertionError(f"{name}: counted {result.count}, not {answer}")
            nodes = result.nodes
            if workers == 1:
                one = min(one, seconds)
            else:
                two = min(two, seconds)
    rows = []
    runs = [(1, one)] + ([(cores, two)] if two < float("inf") else [])
    for workers, measured in runs:
        expected = _seconds(made, workers)
        ratio = measured / expected
        how = "in this process" if workers == 1 else "a new process pool"
        rows.append(
            Row(
                f"{name}, {workers} worker{'s' if workers > 1 else ''} ({how})",
                f"{measured:.3f} s measured",
                f"{expected:.3f} s forecast",
                f"{ratio:.2f}x",
                f"{1 / FACTOR:g}x to {FACTOR:g}x",
                "PASS" if 1 / FACTOR <= ratio <= FACTOR else "FAIL",
                note=f"{nodes:,} nodes counted, {_nodes(made):.3g} estimated; "
                f"{nodes / one / 1e6:.0f} M nodes/s on one core"
                if workers == 1
                else "",
            )
        )
    kind = made.plan.kind  # type: ignore[attr-defined]
    return rows, nodes / one, kind


def _seconds(forecast: object, workers: int) -> float:
    import math

    return math.exp(forecast.log_seconds(workers))  # type: ignore[attr-defined]


def _nodes(forecast: object) -> float:
    import math

    return math.exp(forecast.log_nodes)  # type: ignore[attr-defined]


def _commands(repeats: int) -> list[Row]:
    rows = []
    for args in (
        ["count", "--size", "6"],
        ["count", "--size", "6", "--plan"],
        ["queens", "--size", "16", "--format", "count"],
        ["queens", "--size", "16", "--plan"],
    ):
        seconds, proc = time_cli(args, repeats)
        rows.append(
            Row(
                f"knightviz {' '.join(args)} (whole command)",
                f"{seconds:.2f} s",
                note="" if proc.returncode == 0 else f"exit {proc.returncode}: {proc.stderr}",
                verdict="" if proc.returncode == 0 else "FAIL",
            )
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.engine_plans", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="run each count once")
    parser.add_argument("--repeats", type=int, default=None, help="runs per figure (best)")
    args = parser.parse_args(argv)
    repeats = args.repeats or (1 if args.quick else 3)

    from knightviz.cli.count_plan import forecast_queens, forecast_tours
    from knightviz.engine import FULL, backends, parallel

    backends.load()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    rows: list[Row] = []
    speeds: dict[str, list[float]] = {}
    cases: list[tuple[str, Callable[[], object], Callable[[], object], int]] = [
        (
            "count --size 6",
            lambda: forecast_tours(6, 6, None, False, FULL, backend=backends.NUMBA),
            lambda: parallel.CountJob.tours(6, 6, backend=backends.NUMBA),
            ALL_6X6,
        )
    ]
    for n in (14, 15, 16):
        cases.append(
            (
                f"queens --size {n} --format count",
                lambda n=n: forecast_queens(n, backend=backends.NUMBA),  # type: ignore[misc]
                lambda n=n: parallel.CountJob.queens(n, backend=backends.NUMBA),  # type: ignore[misc]
                ANSWERS[n],
            )
        )
    for name, forecast, job, answer in cases:
        got, speed, kind = _case(name, forecast, job, answer, repeats)
        rows += got
        speeds.setdefault(kind, []).append(speed)
    rows += _commands(repeats)
    print_table(rows)
    print()
    for kind, figures in speeds.items():
        now = backends.COUNT_RATES[(kind, backends.NUMBA, True)]
        print(
            f"{kind}: measured {statistics.median(figures):.3g} nodes/s on one core "
            f"(COUNT_RATES holds {now:.3g})"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f} (a shared machine: compare the ratios)")
    return 0 if all(r.verdict != "FAIL" for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
