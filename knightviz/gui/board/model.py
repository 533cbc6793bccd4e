"""Board state on the GUI side, rebuilt from the engine's encoded event chunks.

Nothing here is knight-specific: a search's state is the ordered list of occupied squares
(``path``); a move pushes, a backtrack pops. The widget reads this model at screen rate, so
applying events must stay cheap: plain lists of ints, no Qt, no objects per event.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from time import monotonic

from knightviz.engine.events import StackLevel
from knightviz.engine.trace import TRACE

#: How long (seconds) a backtracked square keeps its fading red flash.
FLASH_SECONDS = 0.6


class BoardModel:
    """Occupied squares in order, each square's index in that order, and the counts."""

    __slots__ = (
        "backtracks",
        "cols",
        "considered",
        "deepest",
        "flashes",
        "index",
        "last_events",
        "moves",
        "path",
        "rows",
        "stack",
        "upcoming",
        "version",
    )

    def __init__(self, rows: int, cols: int, initial: Sequence[int] = ()) -> None:
        self.rows = rows
        self.cols = cols
        self.path: list[int] = []
        self.index: list[int] = [-1] * (rows * cols)
        self.moves = 0
        self.backtracks = 0
        #: square -> monotonic time of its last backtrack (drawn as a fading flash).
        self.flashes: dict[int, float] = {}
        #: The next event the search will make (paced runs only), or None.
        self.upcoming: int | None = None
        #: The deepest position reached so far (copied only when a record is about to be
        #: lost, so a search that never backtracks never copies).
        self.deepest: list[int] = []
        #: "Considered" events since the last step (what the search examined before it).
        self.considered: list[int] = []
        #: The engine's own stack at the last snapshot (unlimited speed), else None: views
        #: then derive the stack from the path and the last steps.
        self.stack: Sequence[StackLevel] | None = None
        #: The last two steps applied, oldest first (fewer at the start; empty after a
        #: snapshot): what the search just did, for explanations at paced speeds.
        self.last_events: tuple[int, ...] = ()
        #: Bumped on every change so views know when to repaint.
        self.version = 0
        self.reset(initial)

    @property
    def size(self) -> int:
        return self.rows * self.cols

    @property
    def steps(self) -> int:
        return self.moves + self.backtracks

    @property
    def depth(self) -> int:
        """Squares occupied beyond the initial ones' first (knight: moves on the path)."""
        return len(self.path) - 1 if self.path else 0

    def deepest_path(self) -> list[int]:
        """The deepest position seen: the recorded one or the current one if deeper."""
        return self.path[:] if len(self.path) > len(self.deepest) else self.deepest[:]

    @property
    def current(self) -> int | None:
        return self.path[-1] if self.path else None

    def reset(self, initial: Sequence[int] = ()) -> None:
        """Back to the position before the first event."""
        index = self.index
        for sq in self.path:
            index[sq] = -1
        self.path = []
        for sq in initial:
            index[sq] = len(self.path)
            self.path.append(sq)
        self.moves = self.backtracks = 0
        self.flashes.clear()
        self.upcoming = None
        self.deepest = list(self.path)
        self.last_events = ()
        self.considered = []
        self.stack = None
        self.version += 1

    def apply(self, chunk: Sequence[int]) -> None:
        """Apply encoded events in order (x >= 0: move onto x; x < 0: backtrack off ~x;
        "considered" events, x >= TRACE, are no steps: kept in ``considered`` until the next
        step, for the narration and the code panel)."""
        path = self.path
        index = self.index
        moves = backtracks = 0
        last_back = -1
        considered = self.considered
        for x in chunk:
            if x >= 0:
                if x >= TRACE:
                    considered.append(x)
                    continue
                if considered:
                    considered = self.considered = []
                index[x] = len(path)
                path.append(x)
                moves += 1
            else:
                if considered:
                    considered = self.considered = []
                if len(path) > len(self.deepest):
                    self.deepest = path[:]  # a new record, about to be left
                sq = path.pop()
                index[sq] = -1
                backtracks += 1
                last_back = sq
        self.moves += moves
        self.backtracks += backtracks
        if last_back >= 0:
            self.flashes[last_back] = monotonic()
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
                steps = [*self.last_events[-1:], *steps][-2:]
            self.last_events = tuple(steps)
        self.upcoming = None
        self.stack = None
        self.version += 1

    def replace(
        self,
        path: Sequence[int],
        moves: int,
        backtracks: int,
        flashes: Iterable[int] = (),
        stack: Sequence[StackLevel] | None = None,
    ) -> None:
        """Jump to a snapshot of the true state (used when events come too fast to replay)."""
        old = self.path
        if len(old) > len(self.deepest):
            self.deepest = old[:]
        index = self.index
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
        self.path = new
        self.moves = moves
        self.backtracks = backtracks
        now = monotonic()
        for sq in flashes:
            self.flashes[sq] = now
        self.upcoming = None
        self.last_events = ()
        self.considered = []
        self.stack = stack
        self.version += 1

    def live_flashes(self, now: float | None = None) -> list[tuple[int, float]]:
        """(square, strength 1 → 0) of flashes still visible; drops the expired ones."""
        if not self.flashes:
            return []
        now = monotonic() if now is None else now
        out: list[tuple[int, float]] = []
        for sq, t in list(self.flashes.items()):
            age = now - t
            if age >= FLASH_SECONDS:
                del self.flashes[sq]
            elif self.index[sq] < 0:
                out.append((sq, 1.0 - age / FLASH_SECONDS))
        return out
