"""knightviz tree: the first levels of a search's tree at a step, as the window's Search
tree panel draws them."""

from __future__ import annotations

import argparse
import json
from typing import IO, Any

from ...engine import Board
from ...engine.puzzles import spec
from ...engine.puzzles.knight import Tour, strategy_of
from ...engine.tree import TreeIndex, first_levels, record_search
from ..common import (
    EXIT_NOT_FOUND,
    EXIT_OK,
    UsageError,
    board_of,
    described,
    start_square,
    tour_config,
)
from ..options import MAX_TREE_DEPTH, MAX_TREE_STEPS


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    if not 0 <= args.depth <= MAX_TREE_DEPTH:
        raise UsageError(f"--depth must be from 0 to {MAX_TREE_DEPTH}")
    if not 0 <= args.steps <= MAX_TREE_STEPS:
        raise UsageError(f"--steps must be from 0 to {MAX_TREE_STEPS:,}")
    rows, cols = args.size
    # The puzzle's spec answers the domain's questions: its search, its tree's children in
    # the strategy's order, the depth that completes a solution.
    problem: Any
    backend: str | None = None
    if args.queens:
        if rows != cols:
            raise UsageError("--queens needs a square board (--size N)")
        board = Board(rows, cols)
        puzzle = spec("queens")
        problem = puzzle.parse(str(rows))
        strategy = puzzle.strategies[0]
        backend = "python"
        what = f"N-Queens search on {board}"
    else:
        board = board_of(args)  # its holes and its piece: the tree is of this board's search
        start = start_square(board, args.start)
        puzzle = spec("knight")
        problem = Tour.of(tour_config(args, start, None))
        strategy = strategy_of(problem)
        fact = None if args.search_anyway else puzzle.verdict(problem)
        if fact is not None:
            out.write(f"{fact.sentence}\n")
            return EXIT_NOT_FOUND
        how = (
            "plain backtracking"
            if args.heuristic == "none"
            else (f"Warnsdorff's rule (ties: {args.tie_break})")
        )
        if args.no_backtrack:
            how += " without backtracking"
        what = (
            f"{'closed ' if args.closed else ''}tour by {how} from {board.name(start)} on "
            f"{described(board)}"
        )
    options = {"search_anyway": True} if args.search_anyway and not args.queens else None
    search = puzzle.make_search(problem, strategy, backend=backend, options=options)
    children = puzzle.children(problem, strategy)
    assert children is not None  # a search's tree (construction is solve's alone)
    goal = puzzle.solution_depth(problem, strategy)
    rec = record_search(search, args.steps, goal)
    index = TreeIndex(rec, children, goal)
    at = index.limit
    ended = search.result is not None or at < args.steps
    nodes = list(first_levels(index, at, args.depth))
    if args.format == "json":
        payload = {
            "search": what,
            "step": at,
            "finished": ended,
            "explored": index.explored_fraction(at),
            "nodes": [
                {
                    "depth": n.depth - index.root_depth,
                    "square": None if n.square < 0 else board.name(n.square),
                    "share": f"1/{d}",
                    "state": n.state.value,
                    "entered": n.entered if n.entered >= 0 else None,
                    "steps_below": n.steps_below,
                }
                for n, d in nodes
            ],
        }
        out.write(json.dumps(payload) + "\n")
        return EXIT_OK
    status = "the search ended there" if ended else "the search goes on"
    out.write(
        f"search tree of the {what} after {at:,} steps ({status}); explored "
        f"{index.explored_fraction(at):.6g} of the whole tree\n"
        f"{'depth':>5}  {'square':<{6 + 2 * args.depth}}  {'share':<12}  {'state':<9}  "
        "steps below\n"
    )
    for n, d in nodes:
        level = n.depth - index.root_depth
        name = "(empty)" if n.square < 0 else board.name(n.square)
        below = "" if n.steps_below is None else f"{n.steps_below:,}"
        out.write(
            f"{level:>5}  {'  ' * level + name:<{6 + 2 * args.depth}}  {'1/' + str(d):<12}  "
            f"{n.state.value:<9}  {below}\n".rstrip()
            + "\n"
        )
    return EXIT_OK
