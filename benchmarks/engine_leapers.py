"""Board shapes and leapers: the classic full-board knight is as fast as before.

Run from the repository root:

    .venv/bin/python -m benchmarks.engine_leapers [--base REV] [--repeats N]

Extracts ``REV`` (default ``2676a2f``, the commit before the shapes-and-leapers engine work) with
``git archive`` into a temporary directory and times, in fresh interpreters taking turns
(best of ``--repeats``), this tree and that one on:

- plain 8×8 from a8 on the compiled engine, ``advance_quiet`` (16,501,401 steps);
- plain 6×6 from a6 on the pure-Python engine, 2,000,000 steps;
- Warnsdorff/Roth 300×300 from a corner on the pure-Python engine (tables + search);
- counting 5×6 (every start) compiled.

and, on this tree only, the same searches on shaped boards (a hole, a camel, a zebra). Prints
each figure and this tree's time as a ratio of the base's. No targets: a report.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time
from knightviz.engine import kernels, tour_search
from knightviz.engine.count import count_tours
kernels.load()
out = {}
def best(name, fn):
    t = time.perf_counter()
    value = fn()
    out[name] = (time.perf_counter() - t, value)
def quiet(s):
    while s.advance_quiet(1 << 22):
        pass
    return s.result.steps
def run(*a, **k):
    return lambda: quiet(tour_search(*a, **k))
best("plain 8x8 a8, compiled", run(8, 8, 0, heuristic="none", backend="numba"))
best("plain 6x6 a6 2M steps, python", run(6, 6, 0, heuristic="none", backend="python",
                                          limit=2_000_000))
best("roth 300x300, python", run(300, 300, 0, tie_break="roth", backend="python"))
best("count 5x6, compiled", lambda: count_tours(5, 6, backend="numba"))
if "--shaped" in sys.argv:
    from knightviz.engine.board import Shape
    hole = Shape(frozenset({12}))
    zebra = Shape(frozenset({0, 1}), (2, 3))
    best("plain 5x5 less c3 a5, compiled", run(5, 5, 0, heuristic="none", shape=hole))
    corner = Shape(frozenset({0}))
    best("count 5x5 less a5, compiled", lambda: count_tours(5, 5, shape=corner))
    best("roth 300x300 zebra, python", run(300, 300, 2, tie_break="roth", shape=zebra,
                                            backend="python", limit=200000))
print(json.dumps(out))
"""


def measure(tree: Path, shaped: bool) -> dict[str, tuple[float, object]]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    args = [sys.executable, "-c", CHILD, *(["--shaped"] if shaped else [])]
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=True, cwd=tree)
    return {k: (v[0], v[1]) for k, v in json.loads(done.stdout).items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks.engine_leapers")
    parser.add_argument("--base", default="2676a2f")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="one repeat")
    args = parser.parse_args(argv)
    repeats = 1 if args.quick else args.repeats
    archive = subprocess.run(
        ["git", "archive", args.base, "knightviz"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tempfile.TemporaryDirectory(prefix="knightviz-base-") as tmp:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        ours: dict[str, tuple[float, object]] = {}
        base: dict[str, tuple[float, object]] = {}
        for i in range(repeats):
            for tree, into in ((ROOT, ours), (Path(tmp), base)):
                got = measure(tree, shaped=tree == ROOT and i == 0)
                for name, (seconds, value) in got.items():
                    if name not in into or seconds < into[name][0]:
                        into[name] = (seconds, value)
    print(f"{'':<42} {'this tree':>10} {'base':>10} {'ratio':>7}  result")
    for name, (seconds, value) in ours.items():
        if name in base:
            b, bv = base[name]
            same = "same" if bv == value else f"DIFFERS: {bv} -> {value}"
            print(f"{name:<42} {seconds:>9.3f}s {b:>9.3f}s {seconds / b:>6.2f}x  {value} ({same})")
        else:
            print(f"{name:<42} {seconds:>9.3f}s {'':>10} {'':>7}  {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
