"""What a real cluster would take for the next counts: the figures of docs/cli.md ("Counting
on every core and on a cluster"), worked out from Knuth's estimate of the pruned trees and
checked on small cases.

    .venv/bin/python -m benchmarks.record_estimates [--probes N] [--batches K]

For each count: the nodes of the tree the counters search (the tour count's pruned tree
from one start square per orbit of the board's symmetries, or the N-Queens tree by classes
of symmetric solutions), estimated by ``--batches`` independent runs of ``--probes`` random
probes per root (the spread of the batches gives the error); then core-hours at the rate the
compiled counters reach on this machine, measured here on a count whose nodes are known
exactly. The small cases (5x5, 6x6, N = 14..16) are estimated the same way and counted, so
the estimate's error is seen where the truth is known.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from knightviz.engine import Board, kernels, verdict
from knightviz.engine.count import count_below, symmetry_orbits
from knightviz.engine.queens_count import count_queens_d4, prefix_nodes, roots


def tour_roots(n: int) -> list[tuple[int, int]]:
    board = Board(n, n)
    return [(o[0], len(o)) for o in symmetry_orbits(board) if verdict(board, o[0], False) is None]


def estimate_tours(n: int, probes: int, batches: int) -> list[float]:
    """Nodes of the whole n x n count (every start), one estimate per batch."""
    from knightviz.engine.kernels.counting import tours_log_nodes_compiled

    out = []
    for b in range(batches):
        total = 0.0
        for sq, _ in tour_roots(n):
            total += 1 + math.exp(tours_log_nodes_compiled(n, n, (sq,), False, probes, 7919 * b))
        out.append(total)
    return out


def estimate_queens(n: int, probes: int, batches: int) -> list[float]:
    from knightviz.engine.kernels.counting import queens_log_nodes_compiled

    starts = roots(n)
    out = []
    for b in range(batches):
        total = float(prefix_nodes(starts))
        for root in starts:
            total += math.exp(queens_log_nodes_compiled(n, root, probes, 104729 * b + 1))
        out.append(total)
    return out


def spread(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    err = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, err


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.record_estimates")
    parser.add_argument("--probes", type=int, default=200_000, help="probes per root per batch")
    parser.add_argument("--batches", type=int, default=8)
    args = parser.parse_args()
    kernels.load()

    t0 = time.perf_counter()
    a6 = count_below(6, 6, (0,), backend="numba")
    tour_rate = (a6.nodes + 1) / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    q16 = count_queens_d4(16, backend="numba")
    queens_rate = q16.nodes / (time.perf_counter() - t0)
    print(f"rates on this machine, one core: tours {tour_rate / 1e6:.1f} M nodes/s (6x6 from a6),")
    print(f"  queens {queens_rate / 1e6:.1f} M nodes/s (N = 16)\n")

    print("tours (every start square), estimated vs counted:")
    for n in (5, 6, 7):
        mean, err = spread(estimate_tours(n, args.probes, args.batches))
        line = f"  {n}x{n}: about {mean:.4g} nodes (± {err / mean:.1%})"
        if n < 7:
            exact = sum(
                1 + count_below(n, n, (sq,), backend="numba").nodes for sq, _ in tour_roots(n)
            )
            line += f"; counted {exact:,} ({mean / exact - 1:+.1%})"
        hours = mean / tour_rate / 3600
        line += f"; {hours:.3g} core-hours at {tour_rate / 1e6:.0f} M nodes/s"
        print(line)

    print("\nN-Queens (by classes of symmetric solutions), estimated vs counted:")
    for n in (14, 15, 16, 20, 21, 22, 23):
        mean, err = spread(estimate_queens(n, args.probes // 4, args.batches))
        line = f"  N = {n}: about {mean:.4g} nodes (± {err / mean:.1%})"
        if n <= 16:
            exact = count_queens_d4(n, backend="numba").nodes
            line += f"; counted {exact:,} ({mean / exact - 1:+.1%})"
        hours = mean / queens_rate / 3600
        line += f"; {hours:.3g} core-hours at {queens_rate / 1e6:.0f} M nodes/s"
        print(line)


if __name__ == "__main__":
    main()
