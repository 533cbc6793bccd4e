"""Board state on the GUI side, rebuilt from the engine's encoded event chunks.

Nothing here is puzzle-specific: a search's state is the ordered list of occupied squares
(``path``); a move pushes, a backtrack pops. The widget reads this model at screen rate, so
applying events must stay cheap: plain lists of ints, no Qt, no objects per event.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from time import monotonic

from knightviz.engine.events import StackLevel
from knightviz.engine.trace import TRACE

#: How long (seconds) a backtracked square keeps its fading red flash.
FLASH_SECONDS = 0.6


class BoardModel:
    """Occupied squares in order, each square's index in that order, and the counts.

    Its fields are read-only: every change goes through a method, which also bumps
    ``version``, so no view can miss a change or see half of one.
    """

    __slots__ = (
        "_backtracks",
        "_considered",
        "_deepest",
        "_flashes",
        "_index",
        "_last_events",
        "_moves",
        "_path",
        "_stack",
        "_upcoming",
        "_version",
        "cols",
        "rows",
        "values",
    )

    def __init__(self, rows: int, cols: int, initial: Sequence[int] = (), values: int = 1) -> None:
        self.rows = rows
        self.cols = cols
        #: How many values a square may hold: event ``x >= 0`` puts value ``x // size`` on
        #: square ``x % size`` (1: a piece is a piece, the event is its square).
        self.values = values
        self._path: list[int] = []
        self._index: list[int] = [-1] * (rows * cols * values)
        self._moves = 0
        self._backtracks = 0
        self._flashes: dict[int, float] = {}
        self._upcoming: int | None = None
        self._deepest: list[int] = []
        self._considered: list[int] = []
        self._stack: Sequence[StackLevel] | None = None
        self._last_events: tuple[int, ...] = ()
        self._version = 0
        self.reset(initial)

    # -- what views read ------------------------------------------------------------------------

    @property
    def path(self) -> list[int]:
        """The events on the path in order: the occupied squares when a square holds one
        value (read it, never change it)."""
        return self._path

    @property
    def index(self) -> list[int]:
        """Each event's place in ``path``, -1 when not on it (read it, never change it)."""
        return self._index

    @property
    def moves(self) -> int:
        return self._moves

    @property
    def backtracks(self) -> int:
        return self._backtracks

    @property
    def flashes(self) -> Mapping[int, float]:
        """Square -> monotonic time of its last backtrack (drawn as a fading flash)."""
        return self._flashes

    @property
    def upcoming(self) -> int | None:
        """The next event the search will make (paced runs only), or None."""
        return self._upcoming

    @property
    def deepest(self) -> list[int]:
        """The deepest position reached so far (copied only when a record is about to be
        lost, so a search that never backtracks never copies)."""
        return self._deepest

    @property
    def considered(self) -> list[int]:
        """The "considered" events since the last step (what the search examined before it)."""
        return self._considered

    @property
    def stack(self) -> Sequence[StackLevel] | None:
        """The engine's own stack at the last snapshot (unlimited speed), else None: views
        then derive the stack from the path and the last steps."""
        return self._stack

    @property
    def last_events(self) -> tuple[int, ...]:
        """The last two steps applied, oldest first (fewer at the start; empty after a
        snapshot): what the search just did, for explanations at paced speeds."""
        return self._last_events

    @property
    def version(self) -> int:
        """Bumped by every change, so views know when to repaint."""
        return self._version

    @property
    def size(self) -> int:
        return self.rows * self.cols

    @property
    def steps(self) -> int:
        return self._moves + self._backtracks

    @property
    def depth(self) -> int:
        """Squares occupied beyond the initial ones' first (a piece's moves on its path)."""
        return len(self._path) - 1 if self._path else 0

    def deepest_path(self) -> list[int]:
        """The deepest position seen: the recorded one or the current one if deeper."""
        path = self._path
        return path[:] if len(path) > len(self._deepest) else self._deepest[:]

    @property
    def current(self) -> int | None:
        """The square of the last event on the path, or None."""
        return self._path[-1] % (self.rows * self.cols) if self._path else None

    # -- changes --------------------------------------------------------------------------------

    def reset(self, initial: Sequence[int] = ()) -> None:
        """Back to the position before the first event."""
        index = self._index
        for sq in self._path:
            index[sq] = -1
        path: list[int] = []
        for sq in initial:
            index[sq] = len(path)
            path.append(sq)
        self._path = path
        self._moves = self._backtracks = 0
        self._flashes.clear()
        self._upcoming = None
        self._deepest = list(path)
        self._last_events = ()
        self._considered = []
        self._stack = None
        self._version += 1

    def apply(self, chunk: Sequence[int]) -> None:
        """Apply encoded events in order (x >= 0: move onto x; x < 0: backtrack off ~x;
        "considered" events, x >= TRACE, are no steps: kept in ``considered`` until the next
        step, for the narration and the code panel)."""
        path = self._path
        index = self._index
        moves = backtracks = 0
        last_back = -1
        considered = self._considered
        for x in chunk:
            if x >= 0:
                if x >= TRACE:
                    considered.append(x)
                    continue
                if considered:
                    considered = self._considered = []
                index[x] = len(path)
                path.append(x)
                moves += 1
            else:
                if considered:
                    considered = self._considered = []
                if len(path) > len(self._deepest):
                    self._deepest = path[:]  # a new record, about to be left
                sq = path.pop()
                index[sq] = -1
                backtracks += 1
                last_back = sq
        self._moves += moves
        self._backtracks += backtracks
        if last_back >= 0:  # keyed by the event: it flashes until placed again
            self._flashes[last_back] = monotonic()
        n = moves + backtracks
        if n:
            steps: list[int] = []
            for x in reversed(chunk):  # the last two steps, skipping considered events
                if x < TRACE:
                    steps.append(x)
                    if len(steps) == 2:
                        break
            steps.reverse()
            if len(steps) < 2:
                steps = [*self._last_events[-1:], *steps][-2:]
            self._last_events = tuple(steps)
        self._upcoming = None
        self._stack = None
        self._version += 1

    def replace(
        self,
        path: Sequence[int],
        moves: int,
        backtracks: int,
        flashes: Iterable[int] = (),
        stack: Sequence[StackLevel] | None = None,
        last_events: Sequence[int] = (),
    ) -> None:
        """Jump to a snapshot of the true state (events too fast to replay), or to a
        recorded position (``last_events``: its last steps, for the explanations)."""
        old = self._path
        if len(old) > len(self._deepest):
            self._deepest = old[:]
        index = self._index
        same = 0
        limit = min(len(old), len(path))
        while same < limit and old[same] == path[same]:
            same += 1
        for sq in old[same:]:
            index[sq] = -1
        new = old[:same]
        for sq in path[same:]:
            index[sq] = len(new)
            new.append(sq)
        self._path = new
        self._moves = moves
        self._backtracks = backtracks
        now = monotonic()
        for sq in flashes:
            self._flashes[sq] = now
        self._upcoming = None
        self._last_events = tuple(last_events)
        self._considered = []
        self._stack = stack
        self._version += 1

    def set_upcoming(self, square: int | None) -> None:
        """The next event a paced search will make (None: none announced)."""
        self._upcoming = square
        self._version += 1

    def finish(self, moves: int, backtracks: int) -> None:
        """The run's end: its own counts (the result's), no next event announced."""
        self._moves, self._backtracks = moves, backtracks
        self._upcoming = None
        self._version += 1

    def flash(self, square: int, age: float = 0.0) -> None:
        """A backtrack off ``square``, ``age`` seconds ago (its flash part faded)."""
        self._flashes[square] = monotonic() - age
        self._version += 1

    def clear_flashes(self) -> None:
        """No square flashes (a picture of one position, apart from the ones before)."""
        self._flashes.clear()
        self._version += 1

    def live_flashes(self, now: float | None = None) -> list[tuple[int, float]]:
        """(square, strength 1 → 0) of flashes still visible; drops the expired ones."""
        size = self.rows * self.cols
        flashes = self._flashes
        if not flashes:
            return []
        now = monotonic() if now is None else now
        out: list[tuple[int, float]] = []
        for sq, t in list(flashes.items()):
            age = now - t
            if age >= FLASH_SECONDS:
                del flashes[sq]
            elif self._index[sq] < 0:
                out.append((sq % size, 1.0 - age / FLASH_SECONDS))
        return out
