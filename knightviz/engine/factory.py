"""Searches made on the backend the policy chooses (``backends.choose``).

``TourSearch`` and ``QueensSearch`` are the pure-Python references; their compiled
subclasses (``kernels.tours``, ``kernels.queens``) make the same stream from the same state.
Which one a new search is, is decided here, once, when it is made: the puzzle modules know
nothing of the kernels, and the kernels import the puzzles they subclass, never the other
way round.
"""

from __future__ import annotations

from collections.abc import Callable

from . import backends
from .board import CLASSIC_ORDER, FULL, Shape
from .queens import QueensSearch
from .tour import Heuristic, Order, Strategy, TieBreak, TourConfig, TourSearch


def make_tour_search(
    config: TourConfig,
    cancel: Callable[[], bool] | None = None,
    *,
    backend: str | None = None,
) -> TourSearch:
    """A knight's-tour search of ``config``: compiled when ``backends.choose(backend)``
    says so, the pure-Python reference otherwise."""
    if backends.choose(backend) == backends.NUMBA:
        from .kernels.tours import NumbaTourSearch

        search: TourSearch = NumbaTourSearch(config, cancel)
    else:
        search = TourSearch(config, cancel)
    search.requested = backend
    return search


def make_queens_search(
    n: int,
    *,
    first: bool = False,
    on_solution: Callable[[tuple[int, ...]], None] | None = None,
    limit: int | None = None,
    cancel: Callable[[], bool] | None = None,
    backend: str | None = None,
) -> QueensSearch:
    """An N-Queens search (``first``: stop at the first solution): compiled when
    ``backends.choose(backend)`` says so, the pure-Python reference otherwise."""
    kind: type[QueensSearch] = QueensSearch
    if backends.choose(backend) == backends.NUMBA:
        from .kernels.queens import NumbaQueensSearch

        kind = NumbaQueensSearch
    search = kind(n, first=first, on_solution=on_solution, limit=limit, cancel=cancel)
    search.requested = backend
    return search


def tour_search(
    rows: int = 8,
    cols: int = 8,
    start: int = 0,
    *,
    heuristic: Heuristic | str = Heuristic.WARNSDORFF,
    tie_break: TieBreak | str = TieBreak.FIRST,
    seed: int = 0,
    backtrack: bool = True,
    closed: bool = False,
    limit: int | None = None,
    search_anyway: bool = False,
    order: Order = CLASSIC_ORDER,
    cancel: Callable[[], bool] | None = None,
    backend: str | None = None,
    shape: Shape = FULL,
) -> TourSearch:
    """``make_tour_search`` with plain keyword arguments."""
    strategy = Strategy(Heuristic(heuristic), TieBreak(tie_break), seed, backtrack, order)
    config = TourConfig(rows, cols, start, strategy, closed, limit, search_anyway, shape)
    return make_tour_search(config, cancel, backend=backend)
