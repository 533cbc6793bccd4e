"""The event model shared by every puzzle, every consumer and every test.

A search advances in *chunks*: ``array('i')`` of C ints, one per event, because a Python
object per event would cost more than the search step itself (the compiled backend fills
such a chunk with one memcpy). ``x >= 0`` means "a piece
moved onto (was placed on) square x"; ``x < 0`` means "the piece on square ``~x`` was
taken back" (a backtrack). Depth is implicit: each move pushes, each backtrack pops.
``decode`` turns chunks into readable event objects for code that prefers them.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol


class Outcome(str, Enum):
    """How a search ended. ``str`` so it prints and serialises as its value."""

    SOLVED = "solved"
    EXHAUSTED = "exhausted"
    LIMIT = "limit"
    CANCELLED = "cancelled"
    IMPOSSIBLE = "impossible"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Move:
    """A piece moved onto ``square``; ``depth`` is the path length after it (start = 0)."""

    square: int
    row: int
    col: int
    depth: int


@dataclass(frozen=True, slots=True)
class Backtrack:
    """The piece left ``square``; ``depth`` is the depth the square had."""

    square: int
    row: int
    col: int
    depth: int


@dataclass(frozen=True, slots=True)
class Result:
    """The final outcome of one search, with the counts defined in docs/reference.md."""

    outcome: Outcome
    moves: int
    backtracks: int
    reason: str | None = None
    #: Squares in visiting order (knight: the tour, start first; queens: the placed
    #: squares in placing order), or None when there is no solution.
    solution: tuple[int, ...] | None = None
    seconds: float = 0.0
    #: Solutions found: 0 or 1 for a tour; all of them for an enumerating search.
    count: int = 0

    @property
    def steps(self) -> int:
        return self.moves + self.backtracks

    @property
    def solved(self) -> bool:
        return self.outcome is Outcome.SOLVED


@dataclass(frozen=True, slots=True)
class Finished:
    """The last event of a stream."""

    result: Result


Event = Move | Backtrack | Finished


@dataclass(frozen=True, slots=True)
class StackLevel:
    """One level of a search's stack, as the search itself sees it.

    Knight: ``square`` is the path's square at this depth, ``candidates`` the squares the
    strategy tries from it, in the order it tries them, and ``tried`` how many of them it has
    taken so far (below the top, the square at the next depth is ``candidates[tried - 1]``).
    Queens: one level per rank from rank 1; ``square`` is that rank's queen (-1 on the top
    level while the rank is being filled), ``candidates`` the rank's squares from file a,
    ``tried`` how many files have been taken (the queen is ``candidates[tried - 1]``).
    """

    square: int
    candidates: tuple[int, ...]
    tried: int


class EventSource(Protocol):
    """The least a search must do to be watched: the event stream and its end.

    ``advance(n)`` runs at most ``n`` events and returns them encoded; it returns an empty
    chunk once ``result`` is set. ``initial`` are the squares occupied before the first event
    (the knight's start square; nothing for queens). ``TrackedSearch`` makes a ``Search`` of
    any of them (a puzzle whose search is not built on ``SearchBase``).
    """

    rows: int
    cols: int
    initial: tuple[int, ...]

    @property
    def result(self) -> Result | None: ...

    def advance(self, max_events: int) -> array[int]: ...


class Search(EventSource, Protocol):
    """What the GUI worker, the CLI and the tests drive: any puzzle's search, with every
    capability they use (``SearchBase`` and ``TrackedSearch`` provide all of them).

    ``advance_quiet(n)`` does the work of ``advance(n)`` without producing events and returns
    how many steps it made; ``advance_into`` writes the steps into a buffer instead (the
    timeline's recording). ``moves``, ``backtracks``, ``depth``, the path (``snapshot_path``)
    and the ``stack`` are the state after every step made so far, whichever way it was made.
    Setting ``trace`` asks for "considered" events between steps (``trace.py``).
    Both backends (``backend``: "python" or "numba") give identical streams and state.
    """

    #: On request, "considered" events between steps; set it at any time.
    trace: bool

    @property
    def backend(self) -> str: ...

    @property
    def moves(self) -> int: ...

    @property
    def backtracks(self) -> int: ...

    @property
    def tracing(self) -> bool:
        """The next chunk may hold considered events (tracing is on, or events examined
        before it was switched off are still to come): consumers filter only then."""
        ...

    def advance_quiet(self, max_steps: int) -> int: ...

    def advance_into(self, target: memoryview) -> int: ...

    @property
    def recent_backtracks(self) -> tuple[int, ...]: ...

    @property
    def depth(self) -> int:
        """Steps of the path beyond ``initial``: the path holds len(initial) + depth."""
        ...

    @property
    def max_depth(self) -> int: ...

    def snapshot_path(self) -> array[int]: ...

    def stack(self) -> Sequence[StackLevel]: ...


@dataclass(slots=True)
class Tracker:
    """Follows a chunk stream and keeps the occupied squares in order (depth = len - 1).

    Used to decode and to verify streams; the GUI board model does the same on its side.
    """

    path: list[int] = field(default_factory=list)

    def apply(self, chunk: Iterable[int]) -> None:
        path = self.path
        for x in chunk:
            if x >= 0:
                path.append(x)
            else:
                top = path.pop()
                if top != ~x:
                    raise AssertionError(f"backtrack off {~x} but the last move was {top}")


def decode(search: Search, chunk_size: int = 4096) -> Iterator[Event]:
    """Run ``search`` to the end as a stream of event objects, ending with Finished."""
    cols = search.cols
    depth = len(search.initial) - 1
    while True:
        chunk = search.advance(chunk_size)
        if not chunk:
            break
        for x in chunk:
            if x >= 0:
                depth += 1
                yield Move(x, x // cols, x % cols, depth)
            else:
                sq = ~x
                yield Backtrack(sq, sq // cols, sq % cols, depth)
                depth -= 1
    assert search.result is not None
    yield Finished(search.result)


def run(search: Search, chunk_size: int = 65536) -> Result:
    """Drive ``search`` to its end, discarding the events."""
    while search.advance_quiet(chunk_size):
        pass
    assert search.result is not None
    return search.result
