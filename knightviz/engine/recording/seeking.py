"""Seeking: checkpoints of whole positions, and the position after any step from them.

Every ``checkpoint_every`` steps or so a checkpoint keeps the whole position (the occupied
squares and the counts). Seeking to step k replays at most one checkpoint interval (plus a
chunk) from the nearest checkpoint at or before k, so it costs the same anywhere in a run of
any length. Inside a gap the nearest checkpoint before it is the answer, marked inexact.

Nothing here knows the puzzle: a position is the ordered list of occupied squares, moves
push and backtracks pop (the engine's event model).
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .blocks import Blocks


@dataclass(frozen=True, slots=True)
class Position:
    """The state after ``step`` steps."""

    step: int
    path: list[int]
    moves: int
    backtracks: int
    #: The last (up to two) steps before ``step``, oldest first; empty when unknown.
    last_events: tuple[int, ...]
    #: False when ``step`` lies in a gap and this is the nearest kept position before it.
    exact: bool = True


@dataclass(slots=True)
class Checkpoint:
    """The whole position after ``step`` steps."""

    step: int
    path: array[int]
    moves: int
    backtracks: int


class Checkpoints:
    """A recording's checkpoints, steps ascending, the first at step 0."""

    def __init__(self, first: Checkpoint) -> None:
        self.items: list[Checkpoint] = [first]
        #: Their steps, for bisecting.
        self.steps: list[int] = [first.step]
        #: Bytes of positions held.
        self.nbytes = 4 * len(first.path)

    def add(self, checkpoint: Checkpoint) -> None:
        """A new last checkpoint (it replaces one at the same step)."""
        if checkpoint.step == self.steps[-1]:
            old = self.items.pop()
            self.steps.pop()
            self.nbytes -= 4 * len(old.path)
        self.items.append(checkpoint)
        self.steps.append(checkpoint.step)
        self.nbytes += 4 * len(checkpoint.path)

    def at_or_before(self, step: int) -> Checkpoint:
        return self.items[bisect.bisect_right(self.steps, step) - 1]

    def index_at_or_after(self, step: int) -> int:
        return bisect.bisect_left(self.steps, step)

    def at_or_after(self, step: int) -> Checkpoint | None:
        i = self.index_at_or_after(step)
        return self.items[i] if i < len(self.items) else None

    def replace(self, kept: Iterable[Checkpoint]) -> None:
        """Keep ``kept`` only (a subset, or a reload), steps ascending from step 0."""
        self.items = list(kept)
        self.steps = [c.step for c in self.items]
        self.nbytes = sum(4 * len(c.path) for c in self.items)

    def as_tuples(self) -> list[tuple[int, array[int], int, int]]:
        """(step, path, moves, backtracks) of each, copied."""
        return [(c.step, array("i", c.path), c.moves, c.backtracks) for c in self.items]


def seek(blocks: Blocks, checkpoints: Checkpoints, step: int) -> Position:
    """The position after ``step`` steps (clamped to the recording).

    Replays from the latest checkpoint at or before ``step``; an earlier one could only
    need more steps, so if that one cannot replay (a gap in between), none can, and the
    checkpoint itself is the answer (``exact`` False).
    """
    step = min(max(0, step), blocks.length)
    base = checkpoints.at_or_before(step)
    if not blocks.replayable(base.step, step):
        return Position(base.step, list(base.path), base.moves, base.backtracks, (), exact=False)
    events = blocks.events(base.step, step)
    path, backs = replay(base.path, events)
    moves = base.moves + len(events) - backs
    backtracks = base.backtracks + backs
    if len(events) >= 2:
        last: tuple[int, ...] = tuple(events[-2:])
    elif blocks.replayable(max(0, step - 2), step):
        last = tuple(blocks.events(max(0, step - 2), step))
    else:
        last = ()
    return Position(step, path, moves, backtracks, last)


def replay(path: Sequence[int], events: array[int]) -> tuple[list[int], int]:
    """The path after ``events`` (moves push, backtracks pop), and how many backtracks.

    Vectorised when numpy is loaded (a quarter of a million steps in about a millisecond
    instead of twenty): a level's square is the last move onto that level after which the
    search never drops below it, and levels the events never went below are the path's own.
    """
    np = loaded_numpy()
    n = len(events)
    if np is None or n < 4096:
        out = list(path)
        for x in events:
            if x >= 0:
                out.append(x)
            else:
                out.pop()
        return out, sum(map((0).__gt__, events))
    a = np.frombuffer(events, dtype=np.int32)
    moves = a >= 0
    depth = np.cumsum(np.where(moves, 1, -1), dtype=np.int64) + len(path)  # after each event
    low = np.minimum.accumulate(depth[::-1])[::-1]  # the lowest depth from each event on
    keep = int(min(len(path), low[0]))  # levels never popped
    # Moves never undone later: their depth is the lowest of everything after them.
    # (One per level above ``keep``, in order: a later one would have to pop this one.)
    final = np.flatnonzero(moves & (depth == low))
    out = list(path[:keep])
    out.extend(a[final].tolist())
    return out, int(n - np.count_nonzero(moves))


def loaded_numpy() -> Any:
    """numpy if it is already imported, completely: the compiled engine loads in a thread of
    its own and imports numpy there, and until that import ends ``sys.modules`` holds a
    half-made module (no ``diff`` yet). None otherwise: importing numpy just for this would
    cost the window a pause."""
    import sys

    np = sys.modules.get("numpy")
    if np is None or getattr(getattr(np, "__spec__", None), "_initializing", False):
        return None
    return np
