"""knightviz count: every directed tour of a small board, known facts first."""

from __future__ import annotations

import argparse
from typing import IO

from ...engine import parallel
from ...engine.words import log_figure
from .. import backend
from ..common import EXIT_OK, board_fact, board_of, start_square
from ..count_job import run_count


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    board = board_of(args)
    start = None if args.start is None else start_square(board, args.start)
    fact = board_fact(board, start, args.closed)
    if fact is not None:
        err.write(f"{fact}\n")
        out.write("0\n")
        return EXIT_OK
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
    return run_count(args, plan, "tours", detail, out, err)
