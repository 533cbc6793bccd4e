"""One strategy from every start square: the rows of ``knightviz sweep`` and of the GUI's map.

Both front ends run each square through ``run_start``, so their figures are the same by
construction: the same search (compiled when ``backends.choose`` says so), the same step cap,
the same known facts (a square that cannot start a tour gets no search, outcome
``impossible``, 0 steps).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from .board import FULL, Shape
from .events import Outcome
from .tour import Strategy, TourConfig

#: Steps per engine call: the cancel check runs between calls. ``run_start``'s default is
#: ``SearchBase.run``'s; a front end that must answer Cancel quickly passes less.
CHUNK = 1 << 20
#: Steps per call on the pure-Python engine when Cancel must answer quickly (``chunk=None``):
#: under 70 ms (plain backtracking 1.4-4 M steps/s, Warnsdorff about 1 M).
QUICK_CHUNK_PYTHON = 1 << 16
#: The label of a greedy walk (no backtracking) that ran out of moves: the engine reports it
#: as ``exhausted``, but it proves nothing, so front ends tell it apart.
STUCK = "stuck"


@dataclass(frozen=True, slots=True)
class StartRun:
    """What one strategy did from one start square."""

    square: int
    outcome: Outcome
    moves: int
    backtracks: int
    seconds: float = 0.0
    reason: str | None = None
    #: Exhausted without backtracking: the greedy walk got stuck (not a proof of no tour).
    stuck: bool = False

    @property
    def steps(self) -> int:
        return self.moves + self.backtracks

    @property
    def label(self) -> str:
        """solved, limit, stuck, exhausted, impossible or cancelled."""
        return STUCK if self.stuck else self.outcome.value


def run_start(
    config: TourConfig,
    cancel: Callable[[], bool] | None = None,
    *,
    chunk: int | None = CHUNK,
    backend: str | None = None,
) -> StartRun:
    """Run ``config`` to its end (solved, exhausted, stuck, its step limit, or cancelled).

    ``cancel`` is asked before every ``chunk`` steps (``None``: as often as answers Cancel
    within tens of milliseconds on the backend in use); the backend is chosen by the engine
    (``backends.choose``) unless given.
    """
    from .factory import make_tour_search  # (the searches: not for a count's workers)

    search = make_tour_search(config, cancel, backend=backend)
    if chunk is None:
        chunk = QUICK_CHUNK_PYTHON if search.backend == "python" else CHUNK
    while search.advance_quiet(chunk):
        pass
    result = search.result
    assert result is not None
    stuck = result.outcome is Outcome.EXHAUSTED and not config.strategy.backtrack
    return StartRun(
        config.start,
        result.outcome,
        result.moves,
        result.backtracks,
        result.seconds,
        result.reason,
        stuck,
    )


def sweep_starts(
    rows: int,
    cols: int,
    strategy: Strategy,
    closed: bool = False,
    limit: int | None = None,
    search_anyway: bool = False,
    *,
    squares: Iterable[int] | None = None,
    cancel: Callable[[], bool] | None = None,
    chunk: int | None = CHUNK,
    backend: str | None = None,
    shape: Shape = FULL,
) -> Iterator[StartRun]:
    """``run_start`` from each of ``squares`` (default: every square that is not a hole,
    row-major) in turn.

    Stops after the first cancelled square (which is yielded, outcome ``cancelled``).
    """
    if squares is None:
        squares = (sq for sq in range(rows * cols) if sq not in shape.holes)
    for start in squares:
        config = TourConfig(rows, cols, start, strategy, closed, limit, search_anyway, shape)
        run = run_start(config, cancel, chunk=chunk, backend=backend)
        yield run
        if run.outcome is Outcome.CANCELLED:
            return
