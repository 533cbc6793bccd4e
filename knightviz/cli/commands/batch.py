"""knightviz batch: the classic non-recursive program, start squares on stdin and one
tour a line on stdout (docs/reference.md §3)."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from typing import IO

from ...engine import BATCH_ORDER, Heuristic, Strategy, TieBreak, TourConfig, make_tour_search
from ..common import EXIT_OK, UsageError
from ..scanf import scanf_ints

#: The longest input line read: many starts to a line are fine, a line without end
#: (``batch < /dev/zero``) is a usage error once this much of it is read, never a read
#: that fills the memory.
MAX_LINE = 1_000_000


def bounded_lines(inp: IO[str], limit: int = MAX_LINE) -> Iterator[str]:
    """The lines of ``inp`` as they come, each read no further than ``limit`` characters
    (UsageError past it)."""
    number = 0
    while line := inp.readline(limit + 1):
        number += 1
        if len(line) > limit and not (len(line) == limit + 1 and line.endswith("\n")):
            raise UsageError(
                f"a batch line is at most {limit:,} characters; line {number:,} is longer"
            )
        yield line


def batch_tour(number: int) -> str:
    """One output line of the batch program for start square ``number`` (1..64)."""
    if not 1 <= number <= 64:
        return "-1"
    strategy = Strategy(Heuristic.WARNSDORFF, TieBreak.LAST, order=BATCH_ORDER)
    result = make_tour_search(TourConfig(8, 8, number - 1, strategy)).run()
    if result.solution is None:
        return "-1"
    return " ".join(str(sq + 1) for sq in result.solution)


def batch(inp: IO[str], out: IO[str]) -> int:
    """Answer each start square of ``inp`` as it is read, until -1 or the end."""
    for number in scanf_ints(bounded_lines(inp)):
        if number == -1:
            break
        # A bad token: the classic program stops silently; knightviz answers -1 and reads on.
        out.write(("-1" if number is None else batch_tour(number)) + "\n")
        out.flush()
    return EXIT_OK


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    if isinstance(sys.stdin, io.TextIOWrapper):
        # Undecodable bytes are just a bad token, never a traceback.
        sys.stdin.reconfigure(errors="surrogateescape")
    return batch(sys.stdin, out)
