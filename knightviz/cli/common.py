"""What every command shares: the exit statuses, the usage error, and the board, start
square and strategy the options name."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import IO

from ..engine import (
    Board,
    BoardError,
    Heuristic,
    Strategy,
    TieBreak,
    TourConfig,
    closed_tour_exists,
    open_tour_exists,
)
from ..engine.verdict import impossibility

PROG = "knightviz"
#: The exit statuses (docs/cli.md): found, no solution, a usage error, Ctrl-C.
EXIT_OK, EXIT_NOT_FOUND, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130


#: A command's ``run``: its exit status, its output on ``out`` and ``err``.
Handler = Callable[[argparse.Namespace, IO[str], IO[str]], int]


class UsageError(Exception):
    """Bad command-line input: reported as one line on stderr, exit status 2."""


def board_of(args: argparse.Namespace) -> Board:
    rows, cols = args.size
    return Board(rows, cols, args.shape)


def start_square(board: Board, text: str | None) -> int:
    """The start square named, or the first square that is not a hole."""
    if text is None:
        return next(sq for sq in range(board.size) if board.present(sq))
    try:
        square = board.parse(text)
    except BoardError as exc:
        raise UsageError(str(exc)) from None
    if not board.present(square):
        raise UsageError(f"start square {board.name(square)} is a hole")
    return square


def tour_config(args: argparse.Namespace, start: int, limit: int | None) -> TourConfig:
    """The search the strategy options describe, from ``start``."""
    rows, cols = args.size
    strategy = Strategy(
        Heuristic(args.heuristic), TieBreak(args.tie_break), args.seed, not args.no_backtrack
    )
    return TourConfig(
        rows, cols, start, strategy, args.closed, limit, args.search_anyway, args.shape
    )


def board_fact(board: Board, start: int | None, closed: bool) -> str | None:
    """The known fact that rules out every tour counted here, or None. (With every start
    square, a square's own fact, its colour or a dead start, rules out only that square.)"""
    if start is not None:
        return impossibility(board, start, closed)
    if not board.shape.classic:  # a fact about every square, or None
        present = [sq for sq in range(board.size) if board.present(sq)]
        if any(impossibility(board, sq, closed) is None for sq in present):
            return None
        return impossibility(board, present[0], closed)
    exists = closed_tour_exists if closed else open_tour_exists
    return None if exists(board.rows, board.cols) else impossibility(board, 0, closed)


def described(board: Board) -> str:
    """``8x8`` for the knight's full board, else with the piece and holes named."""
    if board.shape.classic:
        return str(board)
    return f"{board.rows}x{board.cols} ({board.shape.describe(board)})"
