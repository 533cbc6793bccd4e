"""A strategy of one's own against the built-in Python engine: steps per second.

Run from the repository root:

    .venv/bin/python -m benchmarks.user_strategy            # ~1 minute
    .venv/bin/python -m benchmarks.user_strategy --quick    # fewer steps, one pass

The user's strategy here returns its candidates unchanged (``examples/strategies/
identity.py``), so both searches make the same steps (the tests check that event for
event); what differs is the price of asking the user's function at every node and of the
child process that runs it. Each search is driven at unlimited speed as the window drives
it (``advance_into`` blocks of 65,536 steps into one buffer) for a fixed number of steps:

1. knight's tour, plain, 8×8 from a8;
2. Sudoku, plain, on the hard puzzle (``engine.puzzles.sudoku.HARD``).

The user's rate is timed from its first step (the child's start, about 0.1 to 0.5 s, is
reported apart). Each figure is the best of ``--repeats`` passes, the two searches
interleaved so that both see the same machine load. Target: the user's rate at least 40 %
of the built-in Python engine's. Prints a markdown table; exit 1 when a target fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from array import array
from pathlib import Path
from typing import Any

from knightviz.engine import puzzles
from knightviz.engine.events import Search
from knightviz.engine.strategies import UserStrategy, user_search

ROOT = Path(__file__).resolve().parent.parent
IDENTITY = ROOT / "examples" / "strategies" / "identity.py"
BLOCK = 1 << 16
TARGET = 0.40


def drive(search: Search, steps: int) -> tuple[float, float, int]:
    """(seconds to the first block, seconds for the rest, steps made) at unlimited speed."""
    buffer = array("i", bytes(4 * BLOCK))
    made = 0
    t0 = time.perf_counter()
    with memoryview(buffer) as view:
        made += search.advance_into(view[:1])  # the first step: the child is up
        t1 = time.perf_counter()
        while made < steps:
            n = search.advance_into(view[: min(BLOCK, steps - made)])
            if not n:
                break
            made += n
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1, made


def case(key: str, text: str, steps: int, repeats: int) -> dict[str, Any]:
    spec = puzzles.spec(key)
    problem = spec.parse(text)
    mine = UserStrategy.from_file(str(IDENTITY))
    best_builtin = best_user = float("inf")
    start = 0.0
    made_b = made_u = 0
    for _ in range(repeats):
        b = spec.make_search(problem, "plain", backend="python", limit=steps)
        first, rest, made_b = drive(b, steps)
        best_builtin = min(best_builtin, first + rest)
        u = user_search(key, problem, mine, limit=steps)
        start, rest, made_u = drive(u, steps)
        best_user = min(best_user, rest / max(made_u - 1, 1) * made_u)
        u.close()
    builtin_rate = made_b / best_builtin
    user_rate = made_u / best_user
    return {
        "case": f"{key} plain, {text if len(text) < 20 else 'the hard puzzle'}",
        "steps": min(made_b, made_u),
        "builtin": builtin_rate,
        "user": user_rate,
        "start": start,
        "ratio": user_rate / builtin_rate,
        "same": made_b == made_u,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    steps = 300_000 if args.quick else 2_000_000
    repeats = 1 if args.quick else args.repeats
    hard = puzzles.spec("sudoku").text(puzzles.spec("sudoku").parse(_hard()))
    rows = [case("knight", "8x8 a8 plain", steps, repeats), case("sudoku", hard, steps, repeats)]
    print(
        "| search | steps | built-in Python (steps/s) | your strategy (steps/s) | ratio | "
        "child start (s) | target |"
    )
    print("|---|---:|---:|---:|---:|---:|---|")
    status = 0
    for r in rows:
        ok = r["ratio"] >= TARGET and r["same"]
        status |= not ok
        print(
            f"| {r['case']} | {r['steps']:,} | {r['builtin']:,.0f} | {r['user']:,.0f} | "
            f"{r['ratio']:.0%} | {r['start']:.2f} | >= {TARGET:.0%}: {'met' if ok else 'MISSED'} |"
        )
    return status


def _hard() -> str:
    from knightviz.engine.puzzles.sudoku import HARD

    return HARD


if __name__ == "__main__":
    sys.exit(main())
