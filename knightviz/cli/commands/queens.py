"""knightviz queens: N-Queens, every solution in order, the first, or the count."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import IO

from ...engine import Outcome, backends, make_queens_search
from ...engine.board import Board
from ...engine.events import Search
from ...engine.events import run as run_search
from ...engine.formats import queens_ending, queens_solution_text
from ...engine.words import log_figure
from .. import strategy_file
from ..common import EXIT_NOT_FOUND, EXIT_OK, UsageError
from ..count_job import count_queens
from ..workers import announce


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    n = args.size
    if args.plan:
        from ..count_plan import queens

        return queens(args, out, err)
    if args.first and args.format == "results":
        # That program has no such mode: its output always ends with the total count.
        raise UsageError("--first cannot be combined with --format results")
    mine = strategy_file.load(args, "queens")

    def make(on_solution: Callable[[tuple[int, ...]], None] | None = None) -> Search:
        if mine is None:
            return make_queens_search(
                n, first=args.first, on_solution=on_solution, limit=args.limit
            )
        from ...engine.puzzles.queens import Queens

        made = strategy_file.search(
            args, "queens", Queens(n, args.first), mine, limit=args.limit, on_solution=on_solution
        )
        made_searches.append(made)
        return made

    made_searches: list[Search] = []
    if args.format == "count":
        if args.first:
            raise UsageError("--first cannot be combined with --format count")
        if args.html is not None:
            raise UsageError("--html cannot be combined with --format count (no steps to show)")
        if mine is None:
            return count_queens(args, out, err)
        counted = run_search(make(lambda s: None))
        strategy_file.check(args, made_searches[-1])
        out.write(f"{counted.count}\n")
        return EXIT_OK if counted.outcome is not Outcome.LIMIT else EXIT_NOT_FOUND
    # Imported here: a count needs none of them.
    from ...engine.puzzles.queens import SPEC, Queens
    from ..html import queens_page
    from ..trace_text import trace_line

    if mine is None:
        _announce(args, err)
    board = Board(n, n)
    if args.format == "json":
        kept: list[tuple[int, ...]] = []
        search = make(kept.append)
        result = run_search(search) if args.html is None else queens_page(args, search)
        strategy_file.check(args, search)
        out.write(SPEC.format_result(Queens(n, args.first), result, kept, "json"))
        return EXIT_OK if result.count or not args.first else EXIT_NOT_FOUND

    def show(solution: tuple[int, ...]) -> None:
        out.write(queens_solution_text(board, solution, args.format))

    if args.trace:
        # The trace first, then the solutions as usual (not interleaved with it).
        found: list[tuple[int, ...]] = []
        search = make(found.append)
        search.trace = True
        while chunk := search.advance(4096):
            out.write("".join(trace_line(board, x, queens=True) + "\n" for x in chunk))
        for solution in found:
            show(solution)
    else:
        search = make(show)
    if args.html is None:
        result = run_search(search)
    elif args.trace:  # the traced search has run: the same search again, for the page
        result = queens_page(args, make())
    else:
        result = queens_page(args, search)
    for made in made_searches:
        strategy_file.check(args, made)
    if result.outcome is Outcome.LIMIT:
        out.write(
            f"partial: {result.count} solution{'' if result.count == 1 else 's'} found before "
            f"--limit {args.limit:,} steps (not all of them)\n"
        )
        return EXIT_NOT_FOUND
    out.write(queens_ending(result, args.format, args.first))
    if args.first and result.count == 0:
        return EXIT_NOT_FOUND
    return EXIT_OK


def _announce(args: argparse.Namespace, err: IO[str]) -> None:
    """Listing every solution of a large board takes long: say so first (Knuth's estimate
    of the whole tree: every queen on every free square of the next rank)."""
    if args.first or args.size <= 12 or args.limit is not None:
        return
    from ...engine.count_estimate import queens_plain_log_nodes

    log_nodes = queens_plain_log_nodes(args.size, probes=200)
    rate = backends.QUEENS_LIST_RATE[backends.choose()]
    announce(
        err,
        "search",
        log_nodes - math.log(rate),
        1,
        f"about {log_figure(log_nodes)} queens to place by Knuth's estimate",
    )
