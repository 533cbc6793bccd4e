"""--strategy-file: a search whose order the user's Python file chooses (solve, the
N-piece command and every spec-made puzzle command), run in a child process by
``engine.strategies``.

A file that cannot be used (unreadable, a syntax error, no function the puzzle calls) is a
usage error (exit 2) before anything runs; a strategy that fails while searching (an
exception, a call over a second, the memory limit, a wrong return, a crash) stops the run
with one line on stderr and exit 3, after the output of what it found, if any.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .common import UsageError

if TYPE_CHECKING:  # imported where used: every command imports this module
    from ..engine.events import Search
    from ..engine.strategies import StrategyError, UserStrategy

#: The exit status of a run that the user's strategy stopped.
EXIT_STRATEGY = 3


class StrategyFailed(Exception):
    """The user's strategy stopped the run: the line for stderr (the file, the sentence)."""

    def __init__(self, path: str, error: StrategyError) -> None:
        super().__init__(f"{path}: {error.message}")
        self.error = error


def load(args: argparse.Namespace, puzzle_key: str) -> UserStrategy | None:
    """The strategy of --strategy-file, checked (UsageError when unusable), or None."""
    path = getattr(args, "strategy_file", None)
    if path is None:
        return None
    from ..engine.puzzles import spec
    from ..engine.strategies import UserStrategy, compile_check

    try:
        strategy = UserStrategy.from_file(path)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text") from None
    error = compile_check(strategy.source, spec(puzzle_key).custom_functions)
    if error is not None:
        raise UsageError(f"{path}: {error.message}")
    return strategy


def refuse(args: argparse.Namespace, given: Mapping[str, bool]) -> None:
    """Options that choose the order themselves, which --strategy-file replaces."""
    if getattr(args, "strategy_file", None) is None:
        return
    for option, used in given.items():
        if used:
            raise UsageError(f"{option} cannot be combined with --strategy-file (it chooses)")


def search(
    args: argparse.Namespace,
    puzzle_key: str,
    problem: Any,
    strategy: UserStrategy,
    *,
    every: bool = False,
    limit: int | None = None,
    on_solution: Callable[[tuple[int, ...]], None] | None = None,
    options: Mapping[str, Any] | None = None,
) -> Search:
    from ..engine.strategies import user_search

    return user_search(
        puzzle_key,
        problem,
        strategy,
        every=every,
        limit=limit,
        on_solution=on_solution,
        options=options,
    )


def check(args: argparse.Namespace, search: object) -> None:
    """Raise StrategyFailed when the user's strategy stopped ``search``."""
    error = getattr(search, "error", None)
    if error is None:
        return
    from ..engine.strategies import StrategyError

    if isinstance(error, StrategyError):
        raise StrategyFailed(args.strategy_file, error)
