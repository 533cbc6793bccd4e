"""Construction against search: Parberry's closed tours and Warnsdorff/Roth on big boards.

Run from the repository root:

    .venv/bin/python -m benchmarks.construct            # 1,000² and 5,000² (~1-3 minutes)
    .venv/bin/python -m benchmarks.construct --sizes 1000

Each measurement runs in a fresh interpreter (so its peak RSS is its own; numpy, and numba for
the search, imported and loaded before the clock starts, their cost shown apart):

1. ``construct.tour(n, n)``: a closed tour by Parberry's construction. Targets: 1,000×1,000 in
   under 0.5 s; 5,000×5,000 in under 10 s and under 1.5 GB peak RSS. The tour is verified
   (every square once, knight moves, closed) after the peak is read.
2. The engine's Warnsdorff search with Roth's tie-break (farthest from the centre), on the
   compiled backend when numba is installed, from the corner, backtracking on, with a budget
   of 2·n² steps: the same sizes. The engine refuses boards above 4,000,000 squares
   (``board.MAX_SQUARES``); the child lifts that limit for 5,000² (its tables alone are about
   1 GB there). Whether the tour it finds is closed is reported (it does not try to close).

The report gives each figure, the ratio search/construction from this one run, and PASS/FAIL
for the construction's targets. Exit status 0 when every target passes.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

from .engine_bench import Row, print_table

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {1000: (0.5, None), 5000: (10.0, 1.5 * 1024)}  # seconds, MB


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child_construct(n: int) -> dict[str, object]:
    t0 = time.perf_counter()
    import numpy  # noqa: F401  (its import is not the construction's time)

    from knightviz.engine import construct

    t1 = time.perf_counter()
    tour = construct.tour(n, n)
    t2 = time.perf_counter()
    peak = rss_mb()
    ok = construct.is_closed_tour(n, n, tour)
    return {"import": t1 - t0, "seconds": t2 - t1, "rss": peak, "closed": ok, "valid": ok}


def child_search(n: int) -> dict[str, object]:
    t0 = time.perf_counter()
    from knightviz.engine import board, kernels, tour_search

    if kernels.available():
        kernels.load()
    t1 = time.perf_counter()
    board.MAX_SQUARES = max(board.MAX_SQUARES, n * n)  # the engine's own limit is 4,000,000
    search = tour_search(n, n, 0, tie_break="roth", backtrack=True, limit=2 * n * n)
    result = search.run()
    t2 = time.perf_counter()
    peak = rss_mb()
    tour = result.solution
    valid = closed = False
    if tour is not None:
        import numpy

        from knightviz.engine import construct

        t = numpy.asarray(tour, dtype=numpy.int64)
        r, c = numpy.divmod(t, n)
        steps = numpy.abs(numpy.diff(r)) * numpy.abs(numpy.diff(c))
        valid = len(tour) == n * n and bool((steps == 2).all()) and len(set(tour)) == n * n
        closed = valid and construct.is_closed_tour(n, n, tour)
    return {
        "import": t1 - t0,
        "seconds": t2 - t1,
        "rss": peak,
        "backend": search.backend,
        "outcome": str(result.outcome),
        "moves": result.moves,
        "backtracks": result.backtracks,
        "valid": valid,
        "closed": closed,
    }


def fresh(kind: str, n: int) -> dict[str, object]:
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.construct", "--child", kind, str(n)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    data: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return data


def bench(n: int) -> list[Row]:
    built = fresh("construct", n)
    searched = fresh("search", n)
    secs, rss = float(built["seconds"]), float(built["rss"])  # type: ignore[arg-type]
    s_secs, s_rss = float(searched["seconds"]), float(searched["rss"])  # type: ignore[arg-type]
    limit_s, limit_mb = TARGETS.get(n, (None, None))
    ok_time = limit_s is None or secs < limit_s
    ok_mem = limit_mb is None or rss < limit_mb
    ok = bool(built["valid"]) and bool(built["closed"])
    return [
        Row(
            f"{n}x{n} construct: time",
            f"{secs:.3f} s",
            f"{s_secs:.3f} s (search)",
            f"search {s_secs / secs:.0f}x",
            f"< {limit_s} s" if limit_s else "",
            ("PASS" if ok_time and ok else "FAIL") if limit_s else "",
            f"closed tour verified: {ok}; numpy import {float(built['import']):.2f} s apart",  # type: ignore[arg-type]
        ),
        Row(
            f"{n}x{n} construct: peak RSS",
            f"{rss:.0f} MB",
            f"{s_rss:.0f} MB (search)",
            f"search {s_rss / rss:.1f}x",
            f"< {limit_mb:.0f} MB" if limit_mb else "",
            ("PASS" if ok_mem else "FAIL") if limit_mb else "",
            "ru_maxrss of the whole interpreter, read before the check",
        ),
        Row(
            f"{n}x{n} Warnsdorff/Roth",
            f"{searched['outcome']}",
            note=f"backend {searched['backend']} (load {float(searched['import']):.2f} s apart); "  # type: ignore[arg-type]
            f"{searched['moves']:,} moves, {searched['backtracks']:,} backtracks; "
            f"valid tour: {searched['valid']}; closed: {searched['closed']}",
        ),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.construct", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--child", nargs=2, metavar=("KIND", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, n = args.child[0], int(args.child[1])
        print(json.dumps((child_construct if kind == "construct" else child_search)(n)))
        return 0
    rows: list[Row] = []
    for n in args.sizes:
        rows += bench(n)
    print_table(rows)
    return 0 if all(r.verdict != "FAIL" for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
