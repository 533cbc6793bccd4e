"""The count commands' side of a count (count, queens --format count): announce, show
progress, report.

The count itself (plan, estimate, split, run, add up) is the engine's ``CountJob``, the one
the Python API counts with; this module chooses where it runs, says first when it will take
long, draws the progress bar and prints the total or the labelled partial count. With
--checkpoint it opens the file first (refusing another count's), so a resumed count is not
planned again.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from ..engine import Board, backends, parallel
from ..engine.parallel.checkpoint import queens_command, tours_command
from ..engine.words import log_figure
from .common import EXIT_INTERRUPTED, EXIT_NOT_FOUND, EXIT_OK, PROG, UsageError
from .progress import ProgressBar
from .quick import partial_line
from .workers import announce, notice, runner


def count_tours(
    args: argparse.Namespace, board: Board, start: int | None, out: IO[str], err: IO[str]
) -> int:
    """Every directed tour of ``board`` (from ``start``, or every square), printed."""
    where = f"from {board.name(start)}" if start is not None else "from every square"
    meaning = tours_command(board.rows, board.cols, start, args.closed, args.shape)
    with opened(args, meaning) as saved:
        try:
            with notice(err, f"planning the count {where} of {board.area:,} squares"):
                job = parallel.CountJob.tours(
                    board.rows,
                    board.cols,
                    start,
                    args.closed,
                    backend=backends.choose(),
                    shape=args.shape,
                    limit=_nodes(args.limit),
                    checkpoint=saved,
                )
        except KeyboardInterrupt:
            return _interrupted_planning("tours", out)
        detail = f"about {log_figure(job.log_nodes)} positions by Knuth's estimate"
        return _run(args, job, "tours", detail, out, err, saved)


def count_queens(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Every solution of N-Queens, counted by symmetry classes, printed."""
    with opened(args, queens_command(args.size)) as saved:
        try:
            with notice(err, f"planning the count of {args.size}-Queens solutions"):
                job = parallel.CountJob.queens(
                    args.size, backend=backends.choose(), limit=_nodes(args.limit), checkpoint=saved
                )
        except KeyboardInterrupt:
            return _interrupted_planning("solutions", out)
        detail = f"about {log_figure(job.log_nodes)} queens to place by Knuth's estimate"
        return _run(args, job, "solutions", detail, out, err, saved)


@contextmanager
def opened(
    args: argparse.Namespace, meaning: dict[str, Any]
) -> Iterator[parallel.Checkpoint | None]:
    """--checkpoint FILE open for the count ``meaning`` describes (None without it); one
    that cannot serve it (another count's, in use, not a checkpoint) is a usage error."""
    path = getattr(args, "checkpoint", None)
    if path is None:
        yield None
        return
    try:
        saved = parallel.Checkpoint(path, meaning)
    except parallel.CheckpointError as exc:
        raise UsageError(str(exc)) from None
    with saved:
        yield saved


def resuming(saved: parallel.Checkpoint | None, err: IO[str]) -> None:
    """Say in one line that a count goes on from its checkpoint (or is there whole)."""
    if saved is None or saved.pieces is None:
        return
    done, pieces = len(saved.done), len(saved.pieces)
    if done == pieces:
        err.write(
            f"{PROG}: --checkpoint {saved.path} holds the whole count ({pieces:,} pieces): "
            "nothing left to run\n"
        )
    else:
        err.write(
            f"{PROG}: resuming from --checkpoint {saved.path}: {done:,} of {pieces:,} pieces "
            "counted before\n"
        )
    err.flush()


def _nodes(steps: int | None) -> int | None:
    """--limit STEPS as nodes: a node is two steps, entering and leaving it."""
    return None if steps is None else steps // 2


def _interrupted_planning(noun: str, out: IO[str]) -> int:
    """Ctrl-C before any piece was planned to the end: the same partial line, with nothing."""
    out.write(f"partial count: 0 {noun} (interrupted by Ctrl-C while planning; not the total)\n")
    out.flush()
    return EXIT_INTERRUPTED


def _run(
    args: argparse.Namespace,
    job: parallel.CountJob,
    noun: str,
    detail: str,
    out: IO[str],
    err: IO[str],
    saved: parallel.Checkpoint | None = None,
) -> int:
    """Announce long work, run it with a progress bar, report it."""
    resuming(saved, err)
    pool = runner(args, job.backend, job.seconds(1))
    limit = _nodes(args.limit)
    try:
        log_seconds = job.log_seconds(pool.workers, limit if args.limit else None)
        if saved is None or not saved.done:
            announce(err, "count", log_seconds, pool.workers, detail)
        bar = ProgressBar(err, noun)
        try:
            result = job.run(pool, limit=limit, progress=bar, checkpoint=saved)
        finally:
            bar.close()
    finally:
        parallel.close_runner(pool)
    if saved is not None and not result.complete:
        err.write(
            f"{PROG}: the pieces finished are recorded in --checkpoint {saved.path}: the same "
            "command goes on from there\n"
        )
    return _report(result, noun, out, args.limit)


def _report(result: parallel.CountResult, noun: str, out: IO[str], limit: int | None) -> int:
    """The count alone when complete; otherwise one line labelled partial."""
    if result.complete:
        out.write(f"{result.count}\n")
        return EXIT_OK
    why = {
        "interrupted": "interrupted by Ctrl-C",
        "cancelled": "cancelled",
        "limit": f"stopped at --limit {limit:,} steps" if limit is not None else "limit",
        "lost": result.reason or "the Dask cluster stopped answering",
    }[result.stopped or "interrupted"]
    out.write(partial_line(result.count, noun, why, result.pieces_done, result.pieces))
    out.flush()
    return EXIT_INTERRUPTED if result.stopped == "interrupted" else EXIT_NOT_FOUND
