"""Counting at record pace: the compiled counters against C, on every core, and
on a Dask cluster.

Run from the repository root:

    .venv/bin/python -m benchmarks.engine_counting            # everything (~6 minutes)
    .venv/bin/python -m benchmarks.engine_counting --quick    # skip N = 18 and the cluster
    .venv/bin/python -m benchmarks.engine_counting --commands # only the whole commands

Every ratio is measured in one run, the C program and knightviz back to back, interleaved,
each figure the best of ``--repeats``:

1. one core, ``count --size 6 --start a6`` (524,486 tours): the compiled counter
   (``count.count_below`` in this process, kernels loaded) against
   ``benchmarks/reference_count.c`` (``cc -O2``, timed inside C around the count), both
   the plain C counter and its one-word version; the same tours and the same nodes.
   Target: <= 1.0x the C time (of the faster C).
2. two cores, ``count --size 6`` (6,637,920): ``parallel.count_tours(6, 6, jobs=2)``
   (planning, the process pool and the count) against one C process over the same start
   squares (one per orbit of the board's symmetries). Target: <= 0.6x the C time.
3. two cores, ``queens --size 15/16 --format count``: ``parallel.count_queens(n, jobs=2)``
   against ``benchmarks/reference_queens.c`` (the classic bitmask counter with the first
   row's mirror) on one core. Target: <= 0.55x the C time.
4. whole commands, ``knightviz count --size 6`` and ``knightviz queens --size 14..17
   --format count`` (a fresh process: start-up, loading the kernels, planning, the pool)
   against the one-core C counters: the one-word tour counter over the same start squares,
   the C mirror queens counter and ``benchmarks/reference_queens_constellations.c`` (the
   start-constellation technique knightviz counts with, ``cc -O2 -march=native``). Targets:
   <= 1.0x the C counter (the mirror one for queens), and <= 0.25x it at N = 17.
5. ``knightviz queens --size 18 --format count`` on this 2-core machine, wall time of the
   command: prints 666090624 in < 40 s.
6. ``parallel.count_tours(6, 6, scheduler=...)`` on a ``LocalCluster`` of two worker
   processes (connecting included) against ``jobs=2``, best of at least 15 (a third of a
   second each): overhead < 20 %. The commands' wall times are shown beside it.

Exit status 0 when every target checked passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from .engine_bench import Row, cli_command, print_table

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"
A6_TOURS, A6_NODES = 524_486, 13_712_933
ALL_6X6 = 6_637_920
QUEENS = {
    14: 365_596,
    15: 2_279_184,
    16: 14_772_512,
    17: 95_815_104,
    18: 666_090_624,
}


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def build(name: str, *flags: str) -> Path | None:
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    OUT.mkdir(parents=True, exist_ok=True)
    binary = OUT / name
    source = ROOT / "benchmarks" / f"{name}.c"
    subprocess.run([cc, "-O2", *flags, "-o", str(binary), str(source)], check=True)
    return binary


def c_figures(args: list[str]) -> dict[str, float]:
    words = subprocess.run(args, capture_output=True, text=True, check=True).stdout.split()
    return {words[i]: float(words[i + 1]) for i in range(0, len(words), 2)}


def interleaved(repeats: int, runs: dict[str, Callable[[], float]]) -> dict[str, float]:
    """Best time of each run, the runs taking turns (so a busy moment hits them all)."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeats):
        for name, run in runs.items():
            best[name] = min(best[name], run())
    return best


def timed(fn: Callable[[], object], check: Callable[[object], bool]) -> Callable[[], float]:
    def run() -> float:
        t0 = time.perf_counter()
        value = fn()
        seconds = time.perf_counter() - t0
        if not check(value):
            raise AssertionError(f"wrong result: {value!r}")
        return seconds

    return run


def c_run(args: list[str], tours: int, nodes: int | None = None) -> Callable[[], float]:
    def run() -> float:
        got = c_figures(args)
        key = "tours" if "tours" in got else "solutions"
        if got[key] != tours or (nodes is not None and got["nodes"] != nodes):
            raise AssertionError(f"C counted {got}")
        return got["seconds"]

    return run


def bench_a6(counter: Path, repeats: int) -> list[Row]:
    from knightviz.engine.count import count_below

    runs = {
        "knightviz": timed(
            lambda: count_below(6, 6, (0,), backend="numba"),
            lambda r: (r.count, r.nodes + 1) == (A6_TOURS, A6_NODES),  # type: ignore[attr-defined]
        ),
        "C plain": c_run([str(counter), "6", "6", "0", "open", "1", "plain"], A6_TOURS, A6_NODES),
        "C one-word": c_run([str(counter), "6", "6", "0", "open", "1", "bits"], A6_TOURS, A6_NODES),
    }
    best = interleaved(repeats, runs)
    k = best["knightviz"]
    rows = [
        Row(
            "count 6x6 from a6, one core",
            f"{k:.3f} s ({A6_NODES / k / 1e6:.0f} M nodes/s)",
            f"{best['C one-word']:.3f} s ({A6_NODES / best['C one-word'] / 1e6:.0f} M nodes/s, "
            "C one-word)",
            f"{k / best['C one-word']:.2f}x",
            "<= 1.0x C",
            verdict(k <= best["C one-word"]),
            note=f"{A6_TOURS:,} tours, {A6_NODES:,} nodes in both; the plain C counter: "
            f"{best['C plain']:.3f} s ({A6_NODES / best['C plain'] / 1e6:.1f} M nodes/s), "
            f"knightviz {k / best['C plain']:.2f}x of it",
        )
    ]
    # What ``knightviz count --size 6 --start a6`` runs: the plan keeps one first move of
    # the two the diagonal's mirror exchanges (half the nodes), on one core.
    from knightviz.engine import parallel

    mirrored = interleaved(
        repeats,
        {
            "plan": timed(
                lambda: parallel.count_tours(6, 6, 0, jobs=1, backend="numba"),
                lambda r: r.count == A6_TOURS,  # type: ignore[attr-defined]
            ),
            "C one-word": c_run(
                [str(counter), "6", "6", "0", "open", "1", "bits"], A6_TOURS, A6_NODES
            ),
        },
    )
    nodes = parallel.count_tours(6, 6, 0, jobs=1, backend="numba").nodes
    p, c = mirrored["plan"], mirrored["C one-word"]
    rows.append(
        Row(
            "count --size 6 --start a6, one core (the command: the mirror)",
            f"{p:.3f} s ({nodes:,} nodes)",
            f"{c:.3f} s ({A6_NODES:,} nodes, C one-word)",
            f"{p / c:.2f}x",
            "<= 1.0x C",
            verdict(p <= c),
            note="parallel.count_tours(6, 6, a6, jobs=1), planning included; the same "
            "tours from half the nodes (the C counter does not use the mirror)",
        )
    )
    return rows


def orbit_starts() -> list[int]:
    from knightviz.engine import Board, verdict
    from knightviz.engine.count import symmetry_orbits

    board = Board(6, 6)
    return [o[0] for o in symmetry_orbits(board) if verdict(board, o[0], False) is None]


def bench_all_6x6(counter: Path, repeats: int) -> list[Row]:
    from knightviz.engine import parallel

    starts = ",".join(map(str, orbit_starts()))
    got = c_figures([str(counter), "6", "6", starts, "open", "1", "bits"])
    runs = {
        "jobs=2": timed(
            lambda: parallel.count_tours(6, 6, jobs=2, backend="numba"),
            lambda r: r.count == ALL_6X6,  # type: ignore[attr-defined]
        ),
        "jobs=1": timed(
            lambda: parallel.count_tours(6, 6, jobs=1, backend="numba"),
            lambda r: r.count == ALL_6X6,  # type: ignore[attr-defined]
        ),
        "C one-word": c_run([str(counter), "6", "6", starts, "open", "1", "bits"], got["tours"]),
        "C plain": c_run([str(counter), "6", "6", starts, "open", "1", "plain"], got["tours"]),
    }
    best = interleaved(repeats, runs)
    two, c = best["jobs=2"], best["C one-word"]
    nodes = parallel.count_tours(6, 6, jobs=1, backend="numba").nodes
    return [
        Row(
            "count 6x6, all starts, 2 cores",
            f"{two:.3f} s",
            f"{c:.3f} s (C one-word, 1 core)",
            f"{two / c:.2f}x",
            "<= 0.6x C",
            verdict(two <= 0.6 * c),
            note=f"6,637,920 tours; {nodes:,} nodes (C: {int(got['nodes']):,} over starts "
            f"{starts}: knightviz also uses the mirror that fixes a diagonal start square, "
            f"the C counter does not); knightviz on one core (jobs=1) {best['jobs=1']:.3f} s = "
            f"{best['jobs=1'] / c:.2f}x; the plain C counter {best['C plain']:.3f} s "
            f"(knightviz 2 cores {two / best['C plain']:.2f}x of it); knightviz's times "
            "include planning and starting the worker processes",
        )
    ]


def bench_queens(counter: Path, repeats: int) -> list[Row]:
    from knightviz.engine import parallel

    rows = []
    for n in (15, 16):
        runs = {
            "jobs=2": timed(
                lambda n=n: parallel.count_queens(n, jobs=2, backend="numba"),  # type: ignore[misc]
                lambda r, n=n: r.count == QUEENS[n],  # type: ignore[attr-defined,misc]
            ),
            "C": c_run([str(counter), str(n)], QUEENS[n]),
        }
        best = interleaved(repeats, runs)
        two, c = best["jobs=2"], best["C"]
        c_nodes = int(c_figures([str(counter), str(n)])["nodes"])
        one = parallel.count_queens(n, jobs=1, backend="numba")
        rows.append(
            Row(
                f"queens {n} count, 2 cores",
                f"{two:.3f} s",
                f"{c:.3f} s (C mirror, 1 core)",
                f"{two / c:.2f}x",
                "<= 0.55x C",
                verdict(two <= 0.55 * c),
                note=f"{QUEENS[n]:,} solutions, {one.unique:,} classes; nodes: knightviz "
                f"{one.nodes:,} (start constellations), C {c_nodes:,} (mirror), "
                f"{c_nodes / one.nodes:.2f}x more; knightviz one core {one.seconds:.3f} s",
            )
        )
    return rows


def bench_queens_18() -> list[Row]:
    t0 = time.perf_counter()
    proc = subprocess.run(
        [*cli_command(), "queens", "--size", "18", "--format", "count"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - t0
    ok = proc.stdout.strip() == str(QUEENS[18])
    return [
        Row(
            "knightviz queens --size 18 --format count",
            f"{wall:.1f} s, prints {proc.stdout.strip()}",
            target="666090624 < 40 s",
            verdict=verdict(ok and wall < 40),
            note=f"wall time of the command, {os.cpu_count()} CPUs",
        )
    ]


def bench_commands(mirror: Path, constellations: Path, counter: Path, repeats: int) -> list[Row]:
    """Whole counting commands (a fresh process: start-up, loading the kernels, planning,
    the pool and the count) against the one-core C counters, interleaved; and queens 17 on
    two cores against the C mirror counter. A first run of each command beforehand builds
    the kernels' library if this machine has none yet (``kernels/native``)."""
    rows = []
    cli_run(["queens", "--size", "14", "--format", "count"], str(QUEENS[14]))()
    cli_run(["count", "--size", "6"], str(ALL_6X6))()
    starts = ",".join(map(str, orbit_starts()))
    got = c_figures([str(counter), "6", "6", starts, "open", "1", "bits"])
    best = interleaved(
        repeats,
        {
            "command": cli_run(["count", "--size", "6"], str(ALL_6X6)),
            "C one-word": c_run(
                [str(counter), "6", "6", starts, "open", "1", "bits"], got["tours"]
            ),
        },
    )
    ours, c = best["command"], best["C one-word"]
    rows.append(
        Row(
            "knightviz count --size 6 (whole command)",
            f"{ours:.3f} s",
            f"{c:.3f} s (C one-word, 1 core)",
            f"{ours / c:.2f}x",
            "<= 1.0x C",
            verdict(ours <= c),
            note="the command's wall time on every CPU; C on one core over the same start "
            "squares, timed inside",
        )
    )
    for n in (14, 15, 16, 17):
        runs = {
            "command": cli_run(["queens", "--size", str(n), "--format", "count"], str(QUEENS[n])),
            "C mirror": c_run([str(mirror), str(n)], QUEENS[n]),
            "C constellations": c_run([str(constellations), str(n)], QUEENS[n]),
        }
        best = interleaved(repeats if n < 17 else 1, runs)
        ours, c, cc = best["command"], best["C mirror"], best["C constellations"]
        target = 0.25 if n == 17 else 1.0
        rows.append(
            Row(
                f"knightviz queens --size {n} --format count (whole command)",
                f"{ours:.3f} s",
                f"{c:.3f} s (C mirror), {cc:.3f} s (C constellations)",
                f"{ours / c:.2f}x / {ours / cc:.2f}x",
                f"<= {target}x C mirror",
                verdict(ours <= target * c),
                note="the command's wall time on every CPU; C on one core, timed inside",
            )
        )
    return rows


#: The commands' environment: Python may write its bytecode cache, as on a user's machine
#: (a test runner's PYTHONDONTWRITEBYTECODE=1 made every edited module compile again on
#: every start, 10 ms and more of a whole command).
CLI_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def cli_run(args: list[str], expected: str) -> Callable[[], float]:
    def run() -> float:
        t0 = time.perf_counter()
        proc = subprocess.run(
            [*cli_command(), *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
            env=CLI_ENV,
        )
        seconds = time.perf_counter() - t0
        if proc.stdout.strip() != expected:
            raise AssertionError(f"{args}: {proc.stdout!r} {proc.stderr!r}")
        return seconds

    return run


POOL_RUN = (
    "import time; from knightviz.engine import kernels, parallel; kernels.load();"
    "t0 = time.perf_counter(); r = parallel.count_tours(6, 6, jobs=2, backend='numba');"
    "print(r.count, time.perf_counter() - t0)"
)


def pool_run() -> float:
    """``count_tours(6, 6, jobs=2)`` timed inside a fresh interpreter with no threads (so its
    workers are forked, as the command's are), kernels loaded before the clock starts."""
    words = subprocess.run(
        [sys.executable, "-c", POOL_RUN], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    if int(words[0]) != ALL_6X6:
        raise AssertionError(words)
    return float(words[1])


def bench_cluster(repeats: int) -> list[Row]:
    """The same count through the library: on the cluster (connecting included) in this
    process, and with ``jobs=2`` in a fresh one (this process holds the cluster's scheduler,
    whose threads would make its pool start workers from a fork server, not by fork as a
    command does); then the commands' wall times (importing Dask included). The count takes
    a third of a second, so the figure is the best of many (and the medians are shown)."""
    try:
        import distributed
    except ImportError:
        return [Row("6x6 on a LocalCluster", "skipped: distributed is not installed")]
    from knightviz.engine import parallel

    samples: dict[str, list[float]] = {"dask": [], "jobs=2": []}

    def kept(name: str, run: Callable[[], float]) -> Callable[[], float]:
        def again() -> float:
            seconds = run()
            samples[name].append(seconds)
            return seconds

        return again

    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        parallel.count_tours(6, 6, scheduler=address, backend="numba")  # workers load kernels
        best = interleaved(
            repeats,
            {
                "dask": kept(
                    "dask",
                    timed(
                        lambda: parallel.count_tours(6, 6, scheduler=address, backend="numba"),
                        lambda r: r.count == ALL_6X6,  # type: ignore[attr-defined]
                    ),
                ),
                "jobs=2": kept("jobs=2", pool_run),
                "dask command": cli_run(
                    ["count", "--size", "6", "--scheduler", address], str(ALL_6X6)
                ),
                "jobs=2 command": cli_run(["count", "--size", "6", "--jobs", "2"], str(ALL_6X6)),
            },
        )
    overhead = best["dask"] / best["jobs=2"] - 1
    medians = {name: statistics.median(times) for name, times in samples.items()}
    return [
        Row(
            "count 6x6 on a 2-worker LocalCluster",
            f"{best['dask']:.3f} s",
            f"{best['jobs=2']:.3f} s (jobs=2)",
            f"{1 + overhead:.2f}x",
            "overhead < 20 %",
            verdict(overhead < 0.20),
            note="parallel.count_tours, kernels loaded, connecting to the scheduler included; "
            f"best of {repeats}, medians {medians['dask']:.3f} s and {medians['jobs=2']:.3f} s "
            f"({medians['dask'] / medians['jobs=2']:.2f}x); "
            f"the commands, wall time: knightviz count --size 6 --scheduler "
            f"{best['dask command']:.3f} s, --jobs 2 {best['jobs=2 command']:.3f} s "
            f"({best['dask command'] / best['jobs=2 command']:.2f}x: the command with "
            "--scheduler also imports Dask's distributed, about a second)",
        )
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.engine_counting", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="skip N = 18 and the cluster")
    parser.add_argument(
        "--commands", action="store_true", help="only the whole commands (section 4)"
    )
    parser.add_argument("--repeats", type=int, default=None, help="runs per figure (best)")
    args = parser.parse_args(argv)
    from knightviz.engine import kernels

    if not kernels.available():
        print("numba is not installed: the compiled counters cannot be measured")
        return 0
    kernels.load()
    counter, queens = build("reference_count"), build("reference_queens")
    constellations = build("reference_queens_constellations", "-march=native")
    if counter is None or queens is None or constellations is None:
        print("no C compiler: the counters cannot be compared with C")
        return 0
    repeats = args.repeats or (1 if args.quick else 3)
    print(
        f"knightviz counting: Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"best of {repeats}{', quick' if args.quick else ''}"
    )
    rows: list[Row] = []
    sections: list[tuple[str, Callable[[], list[Row]]]] = [
        ("a6 on one core vs C", lambda: bench_a6(counter, max(repeats, 3))),
        ("6x6 on two cores vs C", lambda: bench_all_6x6(counter, max(repeats, 5))),
        ("queens 15, 16 on two cores vs C", lambda: bench_queens(queens, max(repeats, 5))),
        (
            "queens 14-17, whole commands vs C",
            lambda: bench_commands(queens, constellations, counter, max(repeats, 3)),
        ),
    ]
    if args.commands:
        sections = sections[-1:]
    elif not args.quick:
        sections += [
            ("queens 18", bench_queens_18),
            ("cluster", lambda: bench_cluster(max(repeats, 15))),
        ]
    for title, fn in sections:
        print(f"... {title}", flush=True)
        t0 = time.perf_counter()
        rows += fn()
        print(f"    ({time.perf_counter() - t0:.1f} s)", flush=True)
    print()
    print_table(rows)
    failed = [r for r in rows if r.verdict == "FAIL"]
    print()
    print(
        "ALL TARGETS PASS"
        if not failed
        else f"{len(failed)} FAILED: " + "; ".join(r.name for r in failed)
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
