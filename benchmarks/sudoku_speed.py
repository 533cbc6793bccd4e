"""The compiled Sudoku searches against the C reference, and the fast count.

Run from the repository root:

    .venv/bin/python -m benchmarks.sudoku_speed            # ~1 minute
    .venv/bin/python -m benchmarks.sudoku_speed --quick    # one pass of each

What it measures, side by side in one run (each figure the best of ``--repeats`` passes,
the C and compiled passes interleaved so that both see the same machine load):

1. plain and MRV over the 60 hard puzzles of ``benchmarks/sudoku/hard.txt``:
   ``benchmarks/sudoku/sudoku.c`` (``cc -O2 -march=native``, timed inside C around each
   search) against the compiled engine (``NumbaSudokuSearch.run()``, kernels loaded and
   warmed up first, the search made outside the timing). Both are timed in processor time
   (the thread's), which a machine shared with other work disturbs far less than the wall
   clock. The steps of every puzzle must be equal. Target: compiled <= 1.2x C. DLX compiled
   over the same puzzles is reported too (no C reference).
2. Every solution of the empty 6×6 (28,200,960): the C program's plain count on one core
   against ``SPEC.count`` on every core (wall time, worker processes included). Target:
   under 5 s. Reported too: our count without the rule of interchangeable digits (every
   grid counted by the compiled MRV counter, pieces on every core).

Prints a markdown table; exit status 1 when a target fails or a step count disagrees.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"
SOURCE = ROOT / "benchmarks" / "sudoku" / "sudoku.c"
HARD = ROOT / "benchmarks" / "sudoku" / "hard.txt"
SIX_BY_SIX = 28_200_960


@dataclass
class Line:
    name: str
    ours: str
    reference: str = "-"
    ratio: str = "-"
    target: str = ""
    verdict: str = "info"


def build() -> Path | None:
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    OUT.mkdir(parents=True, exist_ok=True)
    binary = OUT / "sudoku"
    subprocess.run([cc, "-O2", "-march=native", "-o", str(binary), str(SOURCE)], check=True)
    return binary


def puzzles() -> list[str]:
    lines = HARD.read_text(encoding="ascii").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def run_c(binary: Path, strategy: str) -> tuple[float, list[int]]:
    with HARD.open("rb") as source:
        out = subprocess.run(
            [str(binary), strategy, "1"], stdin=source, capture_output=True, check=True
        ).stdout.decode()
    lines = out.strip().splitlines()
    steps = [int(line.split()[1]) for line in lines[:-1]]
    return float(lines[-1].split()[-1]), steps


def run_ours(texts: list[str], strategy: str) -> tuple[float, list[int]]:
    from knightviz.engine.puzzles.sudoku.compiled import NumbaDlxSearch, NumbaSudokuSearch
    from knightviz.engine.puzzles.sudoku.problem import parse

    total = 0.0
    steps = []
    for text in texts:
        search: NumbaSudokuSearch | NumbaDlxSearch
        if strategy == "dlx":
            search = NumbaDlxSearch(parse(text))
        else:
            search = NumbaSudokuSearch(parse(text), strategy)
        t0 = time.thread_time()
        result = search.run()
        total += time.thread_time() - t0
        steps.append(result.steps)
    return total, steps


def bench_searches(binary: Path | None, repeats: int) -> tuple[list[Line], bool]:
    texts = puzzles()
    lines: list[Line] = []
    ok = True
    for strategy in ("plain", "mrv"):
        ours: list[float] = []
        theirs: list[float] = []
        agree = True
        total_steps = 0
        for _ in range(repeats):
            secs, steps = run_ours(texts, strategy)
            ours.append(secs)
            total_steps = sum(steps)
            if binary is not None:
                c_secs, c_steps = run_c(binary, strategy)
                theirs.append(c_secs)
                agree = agree and c_steps == steps
        name = f"{strategy}, {len(texts)} hard puzzles ({total_steps:,} steps)"
        if binary is None:
            lines.append(Line(name, f"{min(ours):.4f} s"))
            continue
        ratio = min(ours) / min(theirs)
        passed = agree and ratio <= 1.2
        ok = ok and passed
        lines.append(
            Line(
                name + ("" if agree else ": STEPS DIFFER"),
                f"{min(ours):.4f} s",
                f"{min(theirs):.4f} s",
                f"{ratio:.2f}x",
                "<= 1.2x C",
                "PASS" if passed else "FAIL",
            )
        )
    secs = min(run_ours(texts, "dlx")[0] for _ in range(repeats))
    steps = sum(run_ours(texts, "dlx")[1])
    lines.append(Line(f"dlx, the same puzzles ({steps:,} steps)", f"{secs:.4f} s"))
    return lines, ok


def bench_count(binary: Path | None) -> tuple[list[Line], bool]:
    from knightviz.engine.parallel.runners import close_runner, make_runner, usable_cpus
    from knightviz.engine.puzzles.sudoku import SPEC, counting
    from knightviz.engine.puzzles.sudoku.problem import empty

    cpus = usable_cpus()
    t0 = time.perf_counter()
    total = SPEC.count(empty(6))
    ours = time.perf_counter() - t0
    reference = "-"
    ratio = "-"
    c_secs = 0.0
    if binary is not None:
        out = subprocess.run(
            [str(binary), "count", "6", "1"], capture_output=True, text=True, check=True
        ).stdout.split()
        c_secs = float(out[-1])
        reference = f"{c_secs:.2f} s (C, 1 core)"
        ratio = f"{ours / c_secs:.3f}x"
        if int(out[1]) != SIX_BY_SIX:
            total = -1
    passed = total == SIX_BY_SIX and ours < 5.0
    lines = [
        Line(
            f"count the empty 6x6 ({total:,})",
            f"{ours:.3f} s ({cpus} cores)",
            reference,
            ratio,
            "< 5 s",
            "PASS" if passed else "FAIL",
        )
    ]
    # Without the rule of interchangeable digits: every grid counted, pieces on every core.
    grids = counting._grow(empty(6), counting.PIECES_PER_WORKER * cpus, sort_first_row=False)
    assert grids is not None
    tasks = [counting.CountTask(6, g, "numba") for g in grids]
    found = 0

    def add(_index: int, result: int) -> None:
        nonlocal found
        found += result

    t0 = time.perf_counter()
    runner = make_runner(cpus, None, "numba")
    try:
        runner.run(tasks, range(len(tasks)), add, lambda: False)
    finally:
        close_runner(runner)
    plain = time.perf_counter() - t0
    lines.append(
        Line(
            f"count the empty 6x6, every grid ({found:,})",
            f"{plain:.2f} s ({cpus} cores, {len(tasks)} pieces)",
            reference,
            f"{plain / c_secs:.2f}x" if binary is not None else "-",
        )
    )
    return lines, passed and found == SIX_BY_SIX


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.sudoku_speed", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="one pass of each")
    parser.add_argument("--repeats", type=int, default=None, help="passes per figure (best)")
    args = parser.parse_args(argv)
    repeats = args.repeats or (1 if args.quick else 3)

    from knightviz.engine import kernels
    from knightviz.engine.puzzles.sudoku import SPEC

    kernels.load()
    SPEC.warm_up()
    binary = build()
    if binary is None:
        print("no C compiler (cc, gcc, clang) found: the C reference is skipped")
    search_lines, searches_ok = bench_searches(binary, repeats)
    count_lines, count_ok = bench_count(binary)
    print(f"Machine: {os.cpu_count()} CPUs; times: best of {repeats}.")
    print()
    print("| benchmark | knightviz (compiled) | C reference | ratio | target | result |")
    print("|---|---|---|---|---|---|")
    for line in search_lines + count_lines:
        print(
            f"| {line.name} | {line.ours} | {line.reference} | {line.ratio} | "
            f"{line.target or '-'} | {line.verdict} |"
        )
    return 0 if searches_ok and count_ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
