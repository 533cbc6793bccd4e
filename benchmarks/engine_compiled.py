"""The compiled engine (numba) against a C reference, and the command line's big jobs.

Run from the repository root:

    .venv/bin/python -m benchmarks.engine_compiled            # everything (~4-6 minutes)
    .venv/bin/python -m benchmarks.engine_compiled --quick    # skip count --size 6 and the sweep

What it measures, side by side in one run (each timing the best of ``--repeats``):

1. numba's costs: ``import numba``; ``kernels.load()`` with an empty cache (compiling every
   kernel) and again with the cache filled; each in a fresh interpreter.
2. plain 8×8 from a8 (16,501,401 steps): ``benchmarks/reference_classic.c`` compiled with
   ``cc -O2`` (skipped with a message when there is no C compiler), timed inside the C
   program around the search; against the compiled engine in this process (kernels loaded
   beforehand), (a) with every event delivered to Python as ``array('i')`` chunks of 65,536
   and (b) with ``advance_quiet`` (counts and state only). Targets: (a) <= 1.0x the C time,
   (b) <= 0.7x. Both must give the published matrix and 8,250,732 + 8,250,669.
3. 1000×1000 Warnsdorff/Roth from a corner, backtracking on, in a fresh interpreter with the
   kernels loaded first: construction (tables) + search <= 0.25 s; peak RSS < 400 MB.
4. The command line as subprocesses, wall time with interpreter start-up:
   ``knightviz solve`` (8×8 Warnsdorff) < 0.3 s, ``knightviz count --size 5`` < 0.5 s,
   ``knightviz sweep --size 100 --tie-break roth`` < 60 s (10,000 starts),
   ``knightviz count --size 6`` prints 6637920 in < 180 s.

Exit status 0 when every target checked passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .engine_bench import PUBLISHED_8X8, Row, cli_command, print_table, solution_matrix

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"
C_SOURCE = ROOT / "benchmarks" / "reference_classic.c"
PLAIN_MOVES, PLAIN_BACKTRACKS = 8_250_732, 8_250_669
PLAIN_STEPS = PLAIN_MOVES + PLAIN_BACKTRACKS


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


# -- 1. numba's own costs -------------------------------------------------------------


def fresh(code: str, env: dict[str, str] | None = None) -> dict[str, float]:
    full = {**os.environ, **(env or {})}
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=full
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr)
    data: dict[str, float] = json.loads(proc.stdout.strip().splitlines()[-1])
    return data


LOAD = (
    "import json, time; t0 = time.perf_counter();"
    "from knightviz.engine import kernels; kernels.load();"
    "print(json.dumps({'total': time.perf_counter() - t0, **kernels.timings}))"
)


def bench_numba_costs(repeats: int) -> list[Row]:
    imp = min(
        fresh(
            "import json, time; t0 = time.perf_counter(); import numba;"
            "print(json.dumps({'s': time.perf_counter() - t0}))"
        )["s"]
        for _ in range(repeats)
    )
    with tempfile.TemporaryDirectory() as cache:
        env = {"NUMBA_CACHE_DIR": cache}
        first = fresh(LOAD, env)
        cached = min((fresh(LOAD, env) for _ in range(repeats)), key=lambda d: d["total"])
    return [
        Row("numba: import numba", f"{imp:.2f} s", note="fresh interpreter"),
        Row(
            "numba: first load (compile)",
            f"{first['total']:.2f} s",
            note=f"import {first['import']:.2f} s + compile {first['compile']:.2f} s, "
            "empty NUMBA_CACHE_DIR",
        ),
        Row(
            "numba: cached load",
            f"{cached['total']:.2f} s",
            note=f"import {cached['import']:.2f} s + load {cached['compile']:.2f} s",
        ),
    ]


# -- 2. plain 8x8 against C ---------------------------------------------------------------


def build_c() -> Path | None:
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    OUT.mkdir(parents=True, exist_ok=True)
    binary = OUT / "reference_classic"
    subprocess.run([cc, "-O2", "-o", str(binary), str(C_SOURCE)], check=True)
    return binary


def run_c(binary: Path, repeats: int) -> tuple[float, list[list[int]], int, int]:
    out = subprocess.run(
        [str(binary), "8", str(repeats)], capture_output=True, text=True, check=True
    ).stdout
    lines = out.strip().splitlines()
    matrix = [[int(v) for v in line.split()] for line in lines[:8]]
    words = lines[-1].split()
    return float(words[5]), matrix, int(words[1]), int(words[3])


def engine_plain(quiet: bool) -> tuple[float, int, object]:
    from knightviz.engine import tour_search

    s = tour_search(8, 8, 0, heuristic="none", backend="numba")
    seen = 0
    t0 = time.perf_counter()
    if quiet:
        while made := s.advance_quiet(1 << 24):
            seen += made
    else:
        while chunk := s.advance(65536):
            seen += len(chunk)
    return time.perf_counter() - t0, seen, s.result


def bench_plain(repeats: int) -> list[Row]:
    from knightviz.engine import kernels

    kernels.load()
    binary = build_c()
    rows: list[Row] = []
    runs: dict[str, list[float]] = {"events": [], "quiet": [], "c": []}
    checks: list[bool] = []
    c_note = ""
    for _ in range(repeats):  # interleaved, so that all three see the same machine load
        for quiet in (False, True):
            secs, seen, result = engine_plain(quiet)
            runs["quiet" if quiet else "events"].append(secs)
            checks += [
                seen == PLAIN_STEPS,
                (result.moves, result.backtracks) == (PLAIN_MOVES, PLAIN_BACKTRACKS),  # type: ignore[attr-defined]
                solution_matrix(result.solution, 8) == PUBLISHED_8X8,  # type: ignore[attr-defined]
            ]
        if binary is not None:
            secs, matrix, moves, backtracks = run_c(binary, 1)
            runs["c"].append(secs)
            checks += [
                matrix == PUBLISHED_8X8,
                (moves, backtracks) == (PLAIN_MOVES, PLAIN_BACKTRACKS),
            ]
            c_note = f"C: moves {moves:,}, backtracks {backtracks:,}, published matrix"
    ev, qu = min(runs["events"]), min(runs["quiet"])
    rows.append(
        Row(
            "plain 8x8 a8: agreement",
            "agree" if all(checks) else "DISAGREE",
            target="matrix, 8,250,732 + 8,250,669",
            verdict=verdict(all(checks)),
            note=c_note,
        )
    )
    if binary is None:
        print("no C compiler (cc, gcc, clang) found: the C reference is skipped")
        rows.append(Row("plain 8x8 a8: events", f"{ev:.3f} s", note="no C compiler: no ratio"))
        rows.append(Row("plain 8x8 a8: quiet", f"{qu:.3f} s", note="no C compiler: no ratio"))
        return rows
    c = min(runs["c"])
    for name, secs, limit in (("events", ev, 1.0), ("quiet", qu, 0.7)):
        ratio = secs / c
        rows.append(
            Row(
                f"plain 8x8 a8: {name}",
                f"{secs:.3f} s",
                f"{c:.3f} s (C -O2)",
                f"{ratio:.2f}x C",
                f"<= {limit:.1f}x C",
                verdict(ratio <= limit),
                f"{PLAIN_STEPS / secs / 1e6:.0f} M steps/s; all runs "
                + ", ".join(f"{x:.3f}" for x in runs[name])
                + "; C runs "
                + ", ".join(f"{x:.3f}" for x in runs["c"]),
            )
        )
    return rows


# -- 3. 1000x1000 ------------------------------------------------------------------------


def child_big(size: int) -> None:
    from knightviz.engine import kernels, tour_search

    kernels.load()
    t0 = time.perf_counter()
    s = tour_search(size, size, 0, tie_break="roth", backtrack=True)
    t1 = time.perf_counter()
    result = s.run()
    t2 = time.perf_counter()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    tour = result.solution or ()
    ok = len(tour) == size * size and len(set(tour)) == size * size
    print(
        json.dumps(
            {
                "backend": s.backend,
                "build": t1 - t0,
                "search": t2 - t1,
                "rss": rss,
                "outcome": str(result.outcome),
                "moves": result.moves,
                "backtracks": result.backtracks,
                "ok": ok,
            }
        )
    )


def bench_big(repeats: int, size: int = 1000) -> list[Row]:
    runs = []
    for _ in range(repeats):
        proc = subprocess.run(
            [sys.executable, "-m", "benchmarks.engine_compiled", "--child", str(size)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        runs.append(json.loads(proc.stdout.strip().splitlines()[-1]))
    best = min(runs, key=lambda d: d["build"] + d["search"])
    total = best["build"] + best["search"]
    rss = max(d["rss"] for d in runs)
    return [
        Row(
            f"{size}x{size} roth: time",
            f"{total:.3f} s",
            target="<= 0.25 s",
            verdict=verdict(total <= 0.25 and best["ok"] and best["backend"] == "numba"),
            note=f"construct (tables) {best['build']:.3f} s + run {best['search']:.3f} s; "
            f"{best['outcome']}, {best['moves']:,} moves, {best['backtracks']:,} backtracks, "
            f"tour valid: {best['ok']}",
        ),
        Row(
            f"{size}x{size} roth: peak RSS",
            f"{rss:.0f} MB",
            target="< 400 MB",
            verdict=verdict(rss < 400),
            note="ru_maxrss of the whole interpreter, numba and the tour tuple included",
        ),
    ]


# -- 4. the command line -----------------------------------------------------------------


def time_cli(args: list[str], repeats: int) -> tuple[float, subprocess.CompletedProcess[str]]:
    best = float("inf")
    proc = None
    for _ in range(repeats):
        t0 = time.perf_counter()
        proc = subprocess.run([*cli_command(), *args], cwd=ROOT, capture_output=True, text=True)
        best = min(best, time.perf_counter() - t0)
    assert proc is not None
    return best, proc


def bench_cli(repeats: int, slow: bool) -> list[Row]:
    rows = []
    cases: list[tuple[list[str], float, object]] = [
        (["solve"], 0.3, None),
        (["count", "--size", "5"], 0.5, "1728"),
    ]
    if slow:
        cases += [
            (["sweep", "--size", "100", "--tie-break", "roth", "--format", "json"], 60.0, "sweep"),
            (["count", "--size", "6"], 180.0, "6637920"),
        ]
    for args, limit, expected in cases:
        secs, proc = time_cli(args, repeats if limit < 5 else 1)
        note = ""
        if expected == "sweep":
            data = json.loads(proc.stdout)
            solved = data["summary"]["solved"]
            ok = solved == len(data["starts"]) == 10_000
            note = (
                f"solved {solved} of {len(data['starts'])}; total steps "
                f"{data['summary']['total_steps']:,}, worst {data['summary']['worst_steps']:,} "
                f"({data['summary']['worst_square']}); search alone {data['summary']['seconds']} s"
            )
        elif expected is None:
            ok = proc.returncode == 0
        else:
            ok = proc.stdout.strip() == expected
            note = f"printed {proc.stdout.strip()!r}"
        rows.append(
            Row(
                "knightviz " + " ".join(args[:3]),
                f"{secs:.2f} s",
                target=f"< {limit:g} s",
                verdict=verdict(ok and secs < limit),
                note=note,
            )
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.engine_compiled", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="skip the slow parts, run once")
    parser.add_argument("--repeats", type=int, default=None, help="runs per figure (best)")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child_big(args.child)
        return 0
    from knightviz.engine import kernels

    if not kernels.available():
        print("numba is not installed: the compiled engine cannot be measured")
        return 0
    repeats = args.repeats or (1 if args.quick else 3)
    print(
        f"knightviz compiled engine: Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"best of {repeats}{', quick' if args.quick else ''}"
    )
    rows: list[Row] = []
    for title, fn in (
        ("numba costs", lambda: bench_numba_costs(repeats)),
        ("plain 8x8 vs C", lambda: bench_plain(max(repeats, 3))),
        ("1000x1000 roth", lambda: bench_big(repeats)),
        ("command line", lambda: bench_cli(repeats, not args.quick)),
    ):
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
    raise SystemExit(main())
