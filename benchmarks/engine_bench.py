"""knightviz's engine and command line against the classic reference programs.

Run from the repository root:

    .venv/bin/python -m benchmarks.engine_bench            # everything (about 1-2 minutes)
    .venv/bin/python -m benchmarks.engine_bench --quick    # skip the slow parts
    .venv/bin/python -m benchmarks                         # every benchmarks/engine_* module

What it measures, each in the same run so that ratios are fair on a noisy machine (every
timing is the best of ``--repeats`` runs, 2 by default):

1. plain 8×8 from (0, 0): the engine (``heuristic="none"``) with its FULL event stream
   consumed chunk by chunk, against ``reference_recursive`` (docs/reference.md §1). Both must
   give the published matrix and 16,501,401 steps. Target: engine at least 1.5× faster.
2. 1000×1000 open Warnsdorff tour from the corner (0, 0), tie-break ``roth``, backtracking
   on: the engine (construction, i.e. table building, plus run) against
   ``reference_greedy`` (setup plus walk), each in a fresh subprocess so that peak RSS is
   per run. Targets: engine no slower than the reference; engine peak RSS under 400 MB.
   The engine's tour is checked (every square once, knight moves only).
3. The CLI as subprocesses (wall time, start-up included):
   ``knightviz sweep --size 30 --tie-break roth --format json`` (target: 900 of 900 starts
   solved and under 20 s), ``knightviz count --size 5`` (must print 1728) and
   ``knightviz queens --size 12 --format count`` (must print 14200): times reported.

``--quick`` skips the recursive reference of item 1 (about 10 s per run) and the sweep,
and runs everything once. Exit status 0 when every target checked passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from . import reference_greedy, reference_recursive

ROOT = Path(__file__).resolve().parent.parent

PLAIN_STEPS = 16_501_401
PUBLISHED_8X8 = [
    [0, 59, 38, 33, 30, 17, 8, 63],
    [37, 34, 31, 60, 9, 62, 29, 16],
    [58, 1, 36, 39, 32, 27, 18, 7],
    [35, 48, 41, 26, 61, 10, 15, 28],
    [42, 57, 2, 49, 40, 23, 6, 19],
    [47, 50, 45, 54, 25, 20, 11, 14],
    [56, 43, 52, 3, 22, 13, 24, 5],
    [51, 46, 55, 44, 53, 4, 21, 12],
]
BIG = 1000
RSS_LIMIT_MB = 400.0
SWEEP_LIMIT_S = 20.0


@dataclass
class Row:
    """One line of the report."""

    name: str
    figure: str
    reference: str = ""
    ratio: str = ""
    target: str = ""
    verdict: str = ""  # PASS, FAIL or "" (reported only)
    note: str = ""


def best_of(repeats: int, fn: Callable[[], object]) -> tuple[float, object]:
    """Best wall time of ``repeats`` calls, and the last call's value."""
    best = float("inf")
    value: object = None
    for _ in range(repeats):
        gc.collect()
        t0 = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - t0)
    return best, value


# -- 1. plain 8×8 ------------------------------------------------------------------------


def engine_plain(n: int = 8) -> tuple[int, object]:
    """The engine's plain search, consuming every chunk: (events seen, result)."""
    from knightviz.engine import tour_search

    s = tour_search(n, n, 0, heuristic="none")
    seen = 0
    while chunk := s.advance(65536):
        seen += len(chunk)
    return seen, s.result


def solution_matrix(solution: Sequence[int], n: int) -> list[list[int]]:
    board = [[-1] * n for _ in range(n)]
    for number, square in enumerate(solution):
        board[square // n][square % n] = number
    return board


def bench_plain(repeats: int, with_reference: bool) -> list[Row]:
    rows: list[Row] = []
    eng_s, value = best_of(repeats, engine_plain)
    seen, result = value  # type: ignore[misc]
    matrix = solution_matrix(result.solution or (), 8)
    checks = [
        seen == PLAIN_STEPS,
        result.outcome == "solved",
        result.steps == PLAIN_STEPS,
        matrix == PUBLISHED_8X8,
    ]
    note = (
        f"{seen:,} events streamed, moves {result.moves:,}, backtracks "
        f"{result.backtracks:,}, {seen / eng_s / 1e6:.2f} M events/s"
    )
    if not with_reference:
        rows.append(
            Row(
                "plain 8x8 (0,0), engine",
                f"{eng_s:.2f} s",
                target="16,501,401 events, matrix",
                verdict="PASS" if all(checks) else "FAIL",
                note=note,
            )
        )
        return rows
    ref_s, ref = best_of(repeats, reference_recursive.solve)
    ref_board, ref_moves, ref_backtracks = ref  # type: ignore[misc]
    checks += [
        ref_board == PUBLISHED_8X8,
        matrix == ref_board,
        (result.moves, result.backtracks) == (ref_moves, ref_backtracks),
    ]
    ratio = ref_s / eng_s
    rows.append(
        Row(
            "plain 8x8 (0,0): time",
            f"{eng_s:.2f} s",
            f"{ref_s:.2f} s",
            f"{ratio:.2f}x faster",
            ">= 1.5x faster",
            "PASS" if ratio >= 1.5 else "FAIL",
            note + f"; reference: moves {ref_moves:,}, backtracks {ref_backtracks:,}",
        )
    )
    rows.append(
        Row(
            "plain 8x8 (0,0): agreement",
            "agree" if all(checks) else "DISAGREE",
            target="same matrix and counts",
            verdict="PASS" if all(checks) else "FAIL",
            note="" if all(checks) else f"checks (events, solved, steps, matrix, ...): {checks}",
        )
    )
    return rows


# -- 2. 1000×1000 Warnsdorff/Roth, one subprocess per run ------------------------------------


def valid_tour(path: Sequence[int], rows: int, cols: int) -> bool:
    """Every square exactly once, consecutive squares a knight's move apart."""
    n = rows * cols
    if len(path) != n:
        return False
    seen = bytearray(n)
    for sq in path:
        if not 0 <= sq < n or seen[sq]:
            return False
        seen[sq] = 1
    for a, b in pairwise(path):
        (ra, ca), (rb, cb) = divmod(a, cols), divmod(b, cols)
        if {abs(ra - rb), abs(ca - cb)} != {1, 2}:
            return False
    return True


def child(kind: str, size: int, tie_break: str) -> None:
    """Run one 1000×1000 search in this (fresh) process and print a JSON line."""
    if kind == "engine":
        from knightviz.engine import tour_search

        gc.collect()
        t0 = time.perf_counter()
        s = tour_search(size, size, 0, tie_break=tie_break, backtrack=True)
        t1 = time.perf_counter()
        result = s.run()
        t2 = time.perf_counter()
        seconds = t2 - t0
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        path: Sequence[int] = result.solution or ()
        extra = {
            "outcome": str(result.outcome),
            "moves": result.moves,
            "backtracks": result.backtracks,
            "build": t1 - t0,
            "search": t2 - t1,
        }
    else:
        gc.collect()
        t0 = time.perf_counter()
        path = reference_greedy.greedy_tour(size, size, 0, tie_break)
        seconds = time.perf_counter() - t0
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        extra = {"outcome": "solved" if len(path) == size * size else "stuck"}
    digest = hashlib.sha256(array("q", path).tobytes()).hexdigest()[:16]
    out = {
        "kind": kind,
        "seconds": seconds,
        "rss_mb": rss / 1024,  # ru_maxrss is in KiB on Linux
        "squares": len(path),
        "valid": valid_tour(path, size, size),
        "digest": digest,
        **extra,
    }
    print(json.dumps(out))


def run_child(kind: str, size: int, tie_break: str) -> dict[str, object]:
    cmd = [sys.executable, "-m", "benchmarks.engine_bench", "--child", kind, str(size), tie_break]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{proc.stderr}")
    data: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return data


def bench_big(repeats: int, size: int = BIG) -> list[Row]:
    eng: list[dict[str, object]] = []
    ref: list[dict[str, object]] = []
    for _ in range(repeats):  # interleaved, so both see the same machine load
        eng.append(run_child("engine", size, "roth"))
        ref.append(run_child("reference", size, "roth"))
    e = min(eng, key=lambda d: float(d["seconds"]))  # type: ignore[arg-type]
    r = min(ref, key=lambda d: float(d["seconds"]))  # type: ignore[arg-type]
    e_s, r_s = float(e["seconds"]), float(r["seconds"])  # type: ignore[arg-type]
    e_rss = max(float(d["rss_mb"]) for d in eng)  # type: ignore[arg-type]
    r_rss = max(float(d["rss_mb"]) for d in ref)  # type: ignore[arg-type]
    ratio = r_s / e_s
    name = f"{size}x{size} roth (0,0)"
    same = e["digest"] == r["digest"]
    build, search = float(e["build"]), float(e["search"])  # type: ignore[arg-type]
    return [
        Row(
            name + ": time",
            f"{e_s:.2f} s",
            f"{r_s:.2f} s",
            f"{ratio:.2f}x faster",
            "no slower (>= 1.0x)",
            "PASS" if ratio >= 1.0 else "FAIL",
            f"engine: construct (tables) {build:.2f} s + run {search:.2f} s, "
            f"{e['outcome']}, moves {e['moves']:,}, backtracks {e['backtracks']:,}; "
            f"reference greedy/roth: {r['outcome']} after {r['squares']:,} squares",
        ),
        Row(
            name + ": peak RSS",
            f"{e_rss:.0f} MB",
            f"{r_rss:.0f} MB",
            f"{e_rss / r_rss:.2f}x",
            f"< {RSS_LIMIT_MB:.0f} MB",
            "PASS" if e_rss < RSS_LIMIT_MB else "FAIL",
            "ru_maxrss of a fresh interpreter per run (includes Python itself)",
        ),
        Row(
            name + ": tour",
            "valid" if e["valid"] else "INVALID",
            "valid" if r["valid"] else "stuck/invalid",
            target="every square once",
            verdict="PASS" if e["valid"] and e["outcome"] == "solved" else "FAIL",
            note="engine's tour is "
            + ("identical to" if same else "DIFFERENT from")
            + " the greedy reference's",
        ),
    ]


# -- 3. the command line -----------------------------------------------------------------


def cli_command() -> list[str]:
    script = Path(sys.executable).parent / "knightviz"
    if script.exists():
        return [str(script)]
    found = shutil.which("knightviz")
    return [found] if found else [sys.executable, "-m", "knightviz"]


def time_cli(args: list[str], repeats: int) -> tuple[float, subprocess.CompletedProcess[str]]:
    best = float("inf")
    proc: subprocess.CompletedProcess[str] | None = None
    for _ in range(repeats):
        t0 = time.perf_counter()
        proc = subprocess.run(
            [*cli_command(), *args], cwd=ROOT, capture_output=True, text=True, check=False
        )
        best = min(best, time.perf_counter() - t0)
    assert proc is not None
    return best, proc


def bench_cli(repeats: int, with_sweep: bool) -> list[Row]:
    rows: list[Row] = []
    if with_sweep:
        args = ["sweep", "--size", "30", "--tie-break", "roth", "--format", "json"]
        secs, proc = time_cli(args, repeats)
        try:
            data = json.loads(proc.stdout)
            outcomes = [s["outcome"] for s in data["starts"]]
            solved = outcomes.count("solved")
            summary = data.get("summary", {})
            note = (
                f"solved {solved} of {len(outcomes)}; total steps "
                f"{summary.get('total_steps', '?'):,}, worst {summary.get('worst_steps', '?'):,}"
                f" ({summary.get('worst_square', '?')}); search alone "
                f"{summary.get('seconds', '?')} s"
            )
        except (ValueError, KeyError, TypeError) as exc:
            solved, outcomes = -1, []
            note = f"could not read output ({exc}); exit {proc.returncode}"
        ok = solved == 900 == len(outcomes) and secs < SWEEP_LIMIT_S
        rows.append(
            Row(
                "cli sweep 30x30 roth",
                f"{secs:.2f} s, {solved}/900",
                target=f"900/900, < {SWEEP_LIMIT_S:.0f} s",
                verdict="PASS" if ok else "FAIL",
                note="knightviz " + " ".join(args) + ": " + note,
            )
        )
    for args, expected in (
        (["count", "--size", "5"], "1728"),
        (["queens", "--size", "12", "--format", "count"], "14200"),
    ):
        secs, proc = time_cli(args, repeats)
        got = proc.stdout.strip()
        rows.append(
            Row(
                f"cli {args[0]} {args[2]}",
                f"{secs:.2f} s",
                target=f"prints {expected}",
                verdict="PASS" if got == expected and proc.returncode == 0 else "FAIL",
                note=f"knightviz {' '.join(args)} printed {got or proc.stderr.strip()[:80]!r}",
            )
        )
    return rows


# -- report ------------------------------------------------------------------------------


def print_table(rows: list[Row]) -> None:
    header = ("benchmark", "knightviz", "reference", "ratio", "target", "result")
    cells = [header] + [
        (r.name, r.figure, r.reference or "-", r.ratio or "-", r.target, r.verdict or "info")
        for r in rows
    ]
    widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
    for i, line in enumerate(cells):
        print("  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    print()
    for r in rows:
        if r.note:
            print(f"- {r.name}: {r.note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.engine_bench", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="skip the slow parts, run once")
    parser.add_argument("--repeats", type=int, default=None, help="runs per figure (best)")
    parser.add_argument("--child", nargs=3, metavar=("KIND", "SIZE", "TIE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, size, tie = args.child
        child(kind, int(size), tie)
        return 0
    repeats = args.repeats or (1 if args.quick else 2)
    print(
        f"knightviz benchmarks: Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"best of {repeats}{', quick' if args.quick else ''}"
    )
    rows: list[Row] = []
    sections: list[tuple[str, Callable[[], list[Row]]]] = [
        ("plain 8x8", lambda: bench_plain(repeats, with_reference=not args.quick)),
        (f"{BIG}x{BIG} Warnsdorff/roth", lambda: bench_big(repeats)),
        ("command line", lambda: bench_cli(repeats, with_sweep=not args.quick)),
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
    raise SystemExit(main())
