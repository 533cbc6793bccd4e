"""How much work a command is, so that the engine's backend policy can choose for it.

The policy itself (``KNIGHTVIZ_ENGINE``, the choice, loading, the speed figures) is the
engine's, ``engine.backends``; this module only estimates each command's time on the
pure-Python engine from its options (docs/cli.md, "Which engine a command uses").
"""

from __future__ import annotations

import argparse

from ..engine import Board, BoardError, backends
from .common import board_fact


def plain_steps_rate(backend: str) -> float:
    """Steps per second of plain backtracking, one core."""
    return backends.PLAIN_STEPS if backend == backends.NUMBA else backends.PY_PLAIN_STEPS


def sweep_seconds(args: argparse.Namespace, backend: str) -> float:
    """Rough time of a sweep on ``backend``, one core."""
    return python_seconds(args) / (1 if backend == backends.PYTHON else backends.COMPILED_SPEEDUP)


def python_seconds(args: argparse.Namespace) -> float:
    """Rough time this command would take on the pure-Python engine (0.0 when tiny).

    The break-even is backends.KERNEL_LOAD_SECONDS: loading the kernels (0.45 s, cached) pays once
    the pure-Python engine would take longer than that. Measured (2 shared cores, Python
    3.11, benchmarks/engine_compiled.py and the figures below): plain backtracking runs
    4.3 M steps/s in Python (any 6x6 start may need billions of steps; 5x5 starts at most
    1.6 M), 100 M steps/s compiled; Warnsdorff costs ~1.6 µs a square in Python (500x500:
    0.38 s, 1000x1000: 1.69 s) against 0.16 s compiled for 1000x1000, so boards beyond
    ~250,000 squares load the kernels; a sweep is squares² of that (20x20 roth: 0.18 s in
    Python; 100x100: 5 s compiled); counting 5x5 takes 0.2 s in Python, 6x6 minutes
    (compiled: about a second); N-Queens: counting 12 takes 0.15 s and 13 0.87 s in Python,
    listing all solutions of 11 0.11 s and of 12 1.1 s.
    """
    command = args.command
    if command in ("solve", "sweep"):
        rows, cols = args.size
        squares = rows * cols
        if args.heuristic == "none":
            steps = float("inf") if squares >= 36 else 2e6 * (squares >= 25)
            per_second = backends.PY_PLAIN_STEPS
        else:
            steps = 2.0 * squares  # table building and a walk with little backtracking
            per_second = backends.PY_GUIDED_STEPS
        if command == "sweep":
            steps *= squares
        if args.limit is not None:
            steps = min(steps, float(args.limit) * (squares if command == "sweep" else 1))
        return steps / per_second
    if command == "count":
        rows, cols = args.size
        board = Board(rows, cols, args.shape)
        start = None
        if args.start is not None:
            try:
                start = board.parse(args.start)
            except BoardError:
                return 0.0  # a usage error, reported without loading anything
        if rows * cols <= 25 or board_fact(board, start, args.closed) is not None:
            return 0.0
        return float("inf")
    if command == "queens":
        if args.first:
            return 0.0
        largest_quick = 12 if args.format == "count" else 11
        return 0.0 if args.size <= largest_quick else float("inf")
    return 0.0  # batch: 8x8 Warnsdorff, milliseconds


def use_kernels(args: argparse.Namespace) -> bool:
    """Load the compiled kernels for this command when it pays (see ``python_seconds``):
    a count only the group it runs (``part``)."""
    return backends.worth_loading(python_seconds(args), part(args))


def part(args: argparse.Namespace) -> str | None:
    """The one group of kernels a counting command runs (None: load them all)."""
    if args.command == "queens" and _counting(args) and not _own_strategy(args):
        return "queens-count"
    if args.command == "count":
        return "tours-count"
    return None


def _counting(args: argparse.Namespace) -> bool:
    """A count, or its plan (which probes with the count's kernels)."""
    return bool(args.format == "count" or getattr(args, "plan", False))


def _own_strategy(args: argparse.Namespace) -> bool:
    return getattr(args, "strategy_file", None) is not None
