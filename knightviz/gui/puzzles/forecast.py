"""How the forecast above the board is asked for: a puzzle's own search, probe and
start-square sweep, wrapped for the solver layer's ``Forecaster``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from knightviz.engine import Outcome, TourConfig, kernels
from knightviz.engine.events import Search
from knightviz.engine.forecast import PLAIN_8X8, known_plain
from knightviz.engine.sweep import run_start
from knightviz.gui.puzzles.base import Puzzle
from knightviz.gui.solver.forecast import ForecastRequest


def forecast_key(
    puzzle: Puzzle[Any], settings: Any, start: int, anyway: bool = False
) -> tuple[Any, ...]:
    """The setup a forecast is of; the backend in it (a trial on the compiled engine
    measures another full speed); ``anyway``: the search under a verdict (Search anyway)."""
    backend = "numba" if kernels.ready() and kernels.choose() == kernels.NUMBA else "python"
    return (puzzle.key, settings, start if puzzle.movable_start else -1, backend, anyway)


def make_request(
    puzzle: Puzzle[Any], settings: Any, start: int, key: tuple[Any, ...]
) -> ForecastRequest:
    """How to forecast ``settings`` from ``start``: the puzzle's own search, probe and
    sweep options."""

    anyway = bool(key[4])

    def make_search() -> Search:
        return puzzle.make_search(settings, start, anyway, None)

    options = puzzle.sweep_options(settings) if puzzle.movable_start else None
    rows, cols = settings.rows, settings.cols
    try_square = None
    sweep_key = None
    if options is not None:
        strategy, closed, shape = options.strategy, options.closed, options.shape

        def try_square(square: int, cap: int, stop: Callable[[], bool]) -> int | None:
            if square in shape.holes:
                return None
            config = TourConfig(rows, cols, square, strategy, closed, cap, shape=shape)
            run = run_start(config, stop, chunk=None)
            return run.steps if run.outcome is Outcome.SOLVED else None

        sweep_key = (puzzle.key, rows, cols, strategy, closed, key[3], shape)
    plain = (
        options is not None
        and options.shape.classic
        and not options.strategy.guided
        and options.strategy.backtrack
        and not options.closed
    )
    known = known_plain(rows, cols, start) if plain else (False, None)
    known_quick = None
    if known[0]:
        known_quick = {sq: steps for sq, steps in PLAIN_8X8.items() if steps is not None}
    return ForecastRequest(
        key=key,
        make_search=make_search,
        probe=puzzle.tree_probe(settings, start),
        known=known,
        squares=rows * cols if options is not None else 0,
        try_square=try_square,
        known_quick=known_quick,
        sweep_key=sweep_key,
    )
