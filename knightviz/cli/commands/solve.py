"""knightviz solve: one knight's tour, searched (or traced) or built by construction."""

from __future__ import annotations

import argparse
import json
import time
from typing import IO

from ...engine import Board, Result, Search, construct, make_tour_search
from ...engine.formats import solve_payload, solve_text
from ...engine.puzzles.knight import SPEC, Tour
from ...engine.strategies import UserStrategy
from .. import strategy_file
from ..common import (
    EXIT_NOT_FOUND,
    EXIT_OK,
    PROG,
    UsageError,
    board_of,
    start_square,
    tour_config,
)
from ..html import tour_page
from ..trace_text import trace_line
from ..workers import NOTICE_SECONDS

#: Steps per call while solving: short enough (milliseconds on either engine) that a long
#: search is noticed within a second.
SLICE = 1 << 16

#: solve's options that only a search has, with their defaults: refused with --method
#: construct when named or set (an abbreviation, ``--tie roth``, sets one too).
SEARCH_ONLY: tuple[tuple[str, str, object], ...] = (
    ("--heuristic", "heuristic", "warnsdorff"),
    ("--tie-break", "tie_break", "first"),
    ("--seed", "seed", 0),
    ("--no-backtrack", "no_backtrack", False),
    ("--limit", "limit", None),
    ("--trace", "trace", False),
    ("--search-anyway", "search_anyway", False),
)


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    board = board_of(args)
    start = start_square(board, args.start)
    if args.method == "construct":
        if args.strategy_file is not None:
            raise UsageError(
                "--strategy-file is for --method search; a construction does not search"
            )
        return _construct(args, board, start, out, err)
    config = tour_config(args, start, args.limit)
    mine = _strategy_file(args)

    def make() -> Search:
        if mine is None:
            return make_tour_search(config)
        anyway = {"search_anyway": args.search_anyway}
        return strategy_file.search(
            args, "knight", Tour.of(config), mine, limit=args.limit, options=anyway
        )

    search = make()
    if args.trace:
        search.trace = True
        order = board.order(config.strategy.order)
        while chunk := search.advance(4096):
            out.write("".join(trace_line(board, x, order) + "\n" for x in chunk))
    if args.html is not None:
        if args.trace:
            search = make()  # the traced one has run: the same search again
        result = tour_page(args, config, search)
    else:
        result = _search(search, err)
    strategy_file.check(args, search)
    tour = result.solution
    # The tour's layouts are its spec's (the window's File › Export run writes the same).
    out.write(SPEC.format_result(Tour.of(config), result, (), args.format))
    if args.stats:
        err.write(_stats(result) + "\n")
        if tour is None and args.format in ("c", "py"):
            err.write(f"{result.reason}\n")  # stdout has the verdict only, as the tutorial's
    return EXIT_OK if tour is not None else EXIT_NOT_FOUND


def _strategy_file(args: argparse.Namespace) -> UserStrategy | None:
    """--strategy-file's strategy; the options that order the moves refused with it."""
    strategy_file.refuse(
        args,
        {
            "--heuristic": args.heuristic != "warnsdorff",
            "--tie-break": args.tie_break != "first",
            "--no-backtrack": args.no_backtrack,
        },
    )
    return strategy_file.load(args, "knight")


def _construct(
    args: argparse.Namespace, board: Board, start: int, out: IO[str], err: IO[str]
) -> int:
    """solve --method construct: the same output as a search's, from Parberry's construction."""
    given = [
        o for o, dest, default in SEARCH_ONLY if o in args.given or getattr(args, dest) != default
    ]
    if given:
        raise UsageError(f"{given[0]} is for --method search; a construction does not search")
    try:
        result = construct.solve(board.rows, board.cols, start, args.closed)
    except construct.ConstructError as exc:
        raise UsageError(str(exc)) from None
    if args.format == "json":
        payload = solve_payload(
            board,
            start,
            heuristic="none",
            tie_break="first",
            seed=0,
            backtrack=False,
            closed=args.closed,
            result=result,
        )
        payload.update(method="construct", heuristic=None, tie_break=None)
        out.write(json.dumps(payload) + "\n")
    else:
        out.write(solve_text(board, result, args.format))
    if args.stats:
        err.write(f"{result.outcome.value}: built without search in {result.seconds:.3f} s\n")
    return EXIT_OK if result.solution is not None else EXIT_NOT_FOUND


def _search(search: Search, err: IO[str]) -> Result:
    """Run the search to its end; past a second without an end, say so once (its steps so
    far are the only estimate a single search has: a backtracking search on a large board
    may never end), with how to bound it."""
    t0 = time.monotonic()
    said = False
    while search.advance_quiet(SLICE):
        if not said and time.monotonic() - t0 >= NOTICE_SECONDS:
            said = True
            err.write(
                f"{PROG}: no tour yet after {search.moves + search.backtracks:,} steps "
                f"({search.backtracks:,} "
                f"backtracks); this search may take very long; --limit STEPS bounds it, "
                "Ctrl-C stops it at any time\n"
            )
            err.flush()
    assert search.result is not None
    return search.result


def _stats(result: Result) -> str:
    return (
        f"{result.outcome.value}: {result.moves:,} moves, {result.backtracks:,} backtracks, "
        f"{result.steps:,} steps in {result.seconds:.3f} s"
    )
