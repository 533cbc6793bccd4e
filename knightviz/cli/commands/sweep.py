"""knightviz sweep: one strategy from every start square, a row per square and a summary."""

from __future__ import annotations

import argparse
import json
import math
from typing import IO, Any

from ...engine import Board, Heuristic, Outcome, TourConfig, backends, parallel
from ...engine.formats import shape_payload
from ...engine.sweep import StartRun
from .. import backend
from ..common import (
    EXIT_INTERRUPTED,
    EXIT_NOT_FOUND,
    EXIT_OK,
    board_fact,
    board_of,
    tour_config,
)
from ..progress import ProgressBar
from ..workers import announce, runner

#: How a long sweep is bounded: its --limit caps each start square's search, not the whole
#: sweep, which has a square's worth of it for every square of the board.
SWEEP_BOUND = "--limit STEPS bounds each start square's search, Ctrl-C stops it at any time"


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    board = board_of(args)
    config = tour_config(args, 0, args.limit)
    fact = None if args.search_anyway else board_fact(board, None, args.closed)
    if fact is not None:  # no square can start a tour: no square is searched
        if args.format == "json":
            summary = {"solved": 0, "starts": board.area}
            _write_json(out, _payload(args, board, config, [], summary, reason=fact))
        else:
            out.write(f"{fact}\nsolved 0 of {board.area} starts\n")
        return EXIT_NOT_FOUND
    swept = _sweep(args, board, config, err)
    rows = [_row(board, run) for run in swept.runs if run is not None]
    solved = sum(row["outcome"] == Outcome.SOLVED.value for row in rows)
    if swept.stopped is not None:
        out.write(
            f"partial sweep: {solved} solved of the {len(rows):,} of {board.area:,} starts "
            f"finished ({swept.stopped}; not the whole board)\n"
        )
        # Ctrl-C is 130; a cluster that stopped answering is a failure like any other.
        return EXIT_INTERRUPTED if swept.stopped == "interrupted" else EXIT_NOT_FOUND
    worst = max(rows, key=lambda row: row["steps"])
    summary = {
        "solved": solved,
        "starts": len(rows),
        "total_steps": sum(row["steps"] for row in rows),
        "worst_steps": worst["steps"],
        "worst_square": worst["square"],
        "seconds": round(sum(row["seconds"] for row in rows), 6),
    }
    if args.format == "json":
        _write_json(out, _payload(args, board, config, rows, summary))
    else:
        _write_table(out, rows, summary)
    return EXIT_OK if solved == len(rows) else EXIT_NOT_FOUND


def _sweep(
    args: argparse.Namespace, board: Board, config: TourConfig, err: IO[str]
) -> parallel.SweepOutcome:
    """Every start square run on the workers, long work announced, with a progress bar."""
    chosen = backends.choose()
    pool = runner(args, chosen, backend.sweep_seconds(args, chosen))
    try:
        if config.strategy.heuristic is Heuristic.NONE and args.limit is not None:
            # Plain backtracking mostly runs to its cap: the cap bounds the time.
            steps = float(args.limit) * board.area
            rate = backend.plain_steps_rate(chosen) * pool.workers
            announce(
                err,
                "sweep",
                math.log(max(steps, 1.0) / rate),
                pool.workers,
                f"at most {args.limit:,} steps from each of {board.area:,} squares",
                SWEEP_BOUND,
            )
        else:
            # A guided walk is about a step a square, from each square: the board's area
            # squared (capped by the limit), so a huge board is announced before the squares
            # are even listed.
            seconds = backend.sweep_seconds(args, chosen) / pool.workers
            per_start = board.area if args.limit is None else min(args.limit, board.area)
            announce(
                err,
                "sweep",
                math.log(max(seconds, 1e-9)),
                pool.workers,
                f"about {per_start:,} steps from each of {board.area:,} squares",
                SWEEP_BOUND,
            )
        bar = ProgressBar(err, "solved")
        try:
            return parallel.sweep(
                board.rows,
                board.cols,
                config.strategy,
                args.closed,
                args.limit,
                args.search_anyway,
                runner=pool,
                progress=bar,
                backend=chosen,
                shape=args.shape,
            )
        finally:
            bar.close()
    finally:
        parallel.close_runner(pool)


def _row(board: Board, run: StartRun) -> dict[str, Any]:
    """One start square's line of the table and entry of the JSON."""
    r, c = board.coords(run.square)
    return {
        "square": board.name(run.square),
        "row": r,
        "col": c,
        "outcome": run.outcome.value,
        "moves": run.moves,
        "backtracks": run.backtracks,
        "steps": run.steps,
        "seconds": round(run.seconds, 6),
    }


def _payload(
    args: argparse.Namespace,
    board: Board,
    config: TourConfig,
    starts: list[dict[str, Any]],
    summary: dict[str, Any],
    reason: str | None = None,
) -> dict[str, Any]:
    """The sweep as JSON, built in this one place (with ``reason``: no square was searched)."""
    payload: dict[str, Any] = {
        "rows": board.rows,
        "cols": board.cols,
        **shape_payload(board),
        "strategy": config.strategy.describe(),
        "closed": args.closed,
        "limit": args.limit,
    }
    if reason is not None:
        payload["reason"] = reason
    payload["starts"] = starts
    payload["summary"] = summary
    return payload


def _write_json(out: IO[str], payload: dict[str, Any]) -> None:
    out.write(json.dumps(payload) + "\n")


def _write_table(out: IO[str], rows: list[dict[str, Any]], summary: dict[str, Any]) -> None:
    out.write(
        f"{'square':>6} {'row':>4} {'col':>4} {'outcome':<10} {'moves':>12} "
        f"{'backtracks':>12} {'steps':>12}\n"
    )
    for row in rows:
        out.write(
            f"{row['square']:>6} {row['row']:>4} {row['col']:>4} {row['outcome']:<10} "
            f"{row['moves']:>12,} {row['backtracks']:>12,} {row['steps']:>12,}\n"
        )
    out.write(
        f"solved {summary['solved']} of {summary['starts']} starts; total steps "
        f"{summary['total_steps']:,}; worst {summary['worst_steps']:,} steps from "
        f"{summary['worst_square']}\n"
    )
