"""Handing a running search over to the compiled engine, mid-run.

A search picks its backend when it is made and, left to itself, keeps it: a run started
while the kernels compile (the first launch) would stay on the pure-Python engine for its
whole life, 20-30x slower. Both backends keep the same state (path, per-level cursors,
Warnsdorff keys and next pick, constraint sets, counts, the queued trace) and make the same
event stream, so a pure-Python search can be copied into a compiled one between two calls
and the run goes on, event for event, as if it had been compiled from the start: the
recording and the timeline continue seamlessly.
"""

from __future__ import annotations

from collections.abc import Callable

from . import backends
from .events import Search
from .queens import QueensSearch
from .search import SearchBase
from .tour import TourSearch

#: A search's compiled twin made from it in its state (a compiled class's ``adopt``).
Adopt = Callable[[SearchBase], Search]
#: The other puzzles' searches that can be handed over: their class, and what imports their
#: compiled class (only when a search is handed over) and returns its ``adopt``.
_others: dict[type[SearchBase], Callable[[], Adopt]] = {}


def register(kind: type[SearchBase], adopter: Callable[[], Adopt]) -> None:
    """Let running pure-Python searches of ``kind`` (exactly that class) be handed over:
    ``adopter()`` imports the compiled class and returns what makes the compiled search.
    A puzzle's package registers its searches (the engine names no puzzle)."""
    _others[kind] = adopter


def can_hand_over(search: Search) -> bool:
    """``search`` is a running pure-Python search of a kind that can be handed over: the
    knight's tour, N-Queens (not a variant built on them, such as the bitboard queens), or
    a kind a puzzle registered."""
    return (
        isinstance(search, SearchBase)
        and (type(search) in (TourSearch, QueensSearch) or type(search) in _others)
        and search.backend == backends.PYTHON
        and search.result is None
    )


def hand_over(search: Search) -> Search:
    """A compiled search in exactly the state of ``search`` (which is left as it was and
    should not be advanced again). Loads the kernels first if needed (blocking)."""
    if not can_hand_over(search):
        raise ValueError("only a running pure-Python search of a compiled kind can be handed over")
    backends.load()
    adopter = _others.get(type(search))  # type: ignore[arg-type]
    if adopter is not None:
        assert isinstance(search, SearchBase)
        return adopter()(search)
    if isinstance(search, TourSearch):
        from .kernels.tours import NumbaTourSearch

        return NumbaTourSearch.adopt(search)
    assert isinstance(search, QueensSearch)
    from .kernels.queens import NumbaQueensSearch

    return NumbaQueensSearch.adopt(search)


def upgrade(search: Search) -> Search | None:
    """The compiled continuation of ``search`` if it should have one now, else None: its
    backend was left to the engine (``auto``, and ``KNIGHTVIZ_ENGINE`` does not pin
    Python), it runs on Python, and the kernels are ready (this never waits for them)."""
    if not backends.ready() or not can_hand_over(search):
        return None
    assert isinstance(search, SearchBase)
    if backends.choose(search.requested) != backends.NUMBA:
        return None
    return hand_over(search)
