"""The count's orchestration (count, queens --format count): plan, estimate, run, report.

One place, so that the engine's count job can take it over in one change: plan the pieces
on the chosen backend, announce long work, split it, run it on the workers with a progress
bar, and print the count or the labelled partial count.
"""

from __future__ import annotations

import argparse
import math
from typing import IO

from ..engine import Board, parallel
from ..engine.words import log_figure
from . import backend
from .common import EXIT_INTERRUPTED, EXIT_NOT_FOUND, EXIT_OK
from .progress import ProgressBar
from .workers import announce, runner


def count_tours(
    args: argparse.Namespace, board: Board, start: int | None, out: IO[str], err: IO[str]
) -> int:
    """Every directed tour of ``board`` (from ``start``, or every square), printed."""
    plan = parallel.plan_tours(
        board.rows,
        board.cols,
        start,
        args.closed,
        backend=backend.choose(),
        split=False,
        shape=args.shape,
    )
    detail = f"about {log_figure(plan.log_nodes)} positions by Knuth's estimate"
    return _run(args, plan, "tours", detail, out, err)


def count_queens(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Every solution of N-Queens, counted by symmetry classes, printed."""
    plan = parallel.plan_queens(args.size, backend=backend.choose(), split=False)
    detail = f"about {log_figure(plan.log_nodes)} queens to place by Knuth's estimate"
    return _run(args, plan, "solutions", detail, out, err)


def _run(
    args: argparse.Namespace,
    plan: parallel.Plan,
    noun: str,
    detail: str,
    out: IO[str],
    err: IO[str],
) -> int:
    """Announce long work, split it, run it with a progress bar, report it."""
    pool = runner(args, plan.backend, plan.seconds(1))
    try:
        rate = parallel.RATES[(plan.kind, plan.backend, plan.small)] * pool.workers
        log_seconds = _bounded(plan.log_nodes, args.limit) - math.log(rate)
        announce(err, "count", log_seconds, pool.workers, detail)
        bar = ProgressBar(err, noun)
        limit = None if args.limit is None else args.limit // 2
        try:
            parallel.refine(plan, pool.workers)
            outcome = parallel.run_plan(plan, pool, limit=limit, progress=bar)
        except KeyboardInterrupt:  # while splitting, before any piece ran
            outcome = parallel.RunOutcome([None] * len(plan.pieces), "interrupted")
        finally:
            bar.close()
    finally:
        parallel.close_runner(pool)
    return _report(parallel.total(plan, outcome), noun, out, args.limit)


def _bounded(log_nodes: float, limit: int | None) -> float:
    """The work a --limit leaves (a node is two steps: entering and leaving it)."""
    return log_nodes if not limit else min(log_nodes, math.log(max(1, limit // 2)))


def _report(result: parallel.CountResult, noun: str, out: IO[str], limit: int | None) -> int:
    """The count alone when complete; otherwise one line labelled partial."""
    if result.complete:
        out.write(f"{result.count}\n")
        return EXIT_OK
    why = {
        "interrupted": "interrupted by Ctrl-C",
        "cancelled": "cancelled",
        "limit": f"stopped at --limit {limit:,} steps" if limit is not None else "limit",
    }[result.stopped or "interrupted"]
    out.write(
        f"partial count: {result.count} {noun} ({why}; {result.pieces_done:,} of "
        f"{result.pieces:,} pieces finished; not the total)\n"
    )
    out.flush()
    return EXIT_INTERRUPTED if result.stopped == "interrupted" else EXIT_NOT_FOUND
