"""knightviz count: every directed tour of a small board, known facts first."""

from __future__ import annotations

import argparse
from typing import IO

from ..common import EXIT_OK, board_fact, board_of, start_square
from ..count_job import count_tours


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    board = board_of(args)
    start = None if args.start is None else start_square(board, args.start)
    fact = board_fact(board, start, args.closed)
    if fact is not None:
        err.write(f"{fact}\n")
        out.write("plan: nothing to count, the count is 0\n" if args.plan else "0\n")
        return EXIT_OK
    if args.plan:
        from ..count_plan import tours

        return tours(args, board, start, out, err)
    return count_tours(args, board, start, out, err)
