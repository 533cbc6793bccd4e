"""A run's recording: every event in 4 bytes, with checkpoints, to step back and scrub.

Events are stored as they come (``array('i')`` blocks of ``BLOCK`` events, 4 bytes each), and
every ``checkpoint_every`` events or so a checkpoint keeps the whole position (the occupied
squares and the counts). Seeking to step k replays at most one checkpoint interval (plus a
chunk) of events from the nearest checkpoint at or before k, so it costs the same anywhere in
a run of any length.

A memory budget bounds the recording. Past it, the first half of the budget stays (the
prefix) and the newest events are kept in the other half, dropping the oldest blocks after
the prefix as new ones arrive; what was dropped is a gap. Checkpoints inside the gap are kept
(thinned so that they stay few), so a seek into the gap still shows a true position, only not
at every step: ``Position.exact`` says so, and ``gaps()`` tells the timeline where.

Nothing here knows the puzzle: a position is the ordered list of occupied squares, moves
push and backtracks pop (the engine's event model).
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field

#: Events per storage block: 4 MiB.
BLOCK = 1 << 20
#: Default budget of a recording (bytes).
DEFAULT_BUDGET = 512 << 20
#: Checkpoints kept inside gaps, at most (they are thinned beyond this).
MAX_GAP_CHECKPOINTS = 4096


@dataclass(frozen=True, slots=True)
class Position:
    """The state after ``step`` events."""

    step: int
    path: list[int]
    moves: int
    backtracks: int
    #: The last (up to two) events before ``step``, oldest first; empty when unknown.
    last_events: tuple[int, ...]
    #: False when ``step`` lies in a gap and this is the nearest kept position before it.
    exact: bool = True


@dataclass(slots=True)
class _Checkpoint:
    step: int
    path: array[int]
    moves: int
    backtracks: int


@dataclass(slots=True)
class Markers:
    """Notable moments, as steps: where the timeline puts its marks."""

    #: The first step at which the deepest position so far was reached, and its depth.
    deepest_step: int = 0
    deepest: int = 0
    #: Steps whose move completed a solution (the puzzle says which depth that is).
    solutions: list[int] = field(default_factory=list)
    #: The first step of the longest run of consecutive backtracks, and its length.
    longest_backtrack_step: int = 0
    longest_backtrack: int = 0


class Recording:
    """Events and checkpoints of one run; appended by the solver, sought by the window."""

    def __init__(
        self,
        initial: Sequence[int],
        *,
        budget: int = DEFAULT_BUDGET,
        checkpoint_every: int = 65_536,
        solution_depth: int | None = None,
        block: int = BLOCK,
    ) -> None:
        if checkpoint_every < 1 or block < 1:
            raise ValueError("checkpoint_every and block must be positive")
        #: Events per storage block (tests use small ones to make gaps cheaply).
        self.block = block
        self.budget = budget
        self.checkpoint_every = checkpoint_every
        self.solution_depth = solution_depth
        self._blocks: list[array[int] | None] = []
        self._length = 0
        self._prefix_blocks: int | None = None  # set once the budget is first exceeded
        self._event_bytes = 0
        self._checkpoint_bytes = 0
        first = _Checkpoint(0, array("i", initial), 0, 0)
        self._checkpoints: list[_Checkpoint] = [first]
        self._steps: list[int] = [0]
        self._checkpoint_bytes = 4 * len(initial)
        # The position after the last event (kept without replaying: path length and counts).
        self._depth = len(initial)
        self._moves = 0
        self._backtracks = 0
        self.markers = Markers(deepest=len(initial))
        self._run = 0  # consecutive backtracks at the end so far
        self.finished = False

    # -- appending ------------------------------------------------------------------------------

    def __len__(self) -> int:
        """Events recorded (steps), including those dropped into a gap."""
        return self._length

    @property
    def nbytes(self) -> int:
        """Memory held: events and checkpoints."""
        return self._event_bytes + self._checkpoint_bytes

    def extend(self, chunk: Sequence[int], path_after: Sequence[int] | None = None) -> None:
        """Append events. ``path_after`` is the position after them (the search's own path):
        when given, a checkpoint costs a copy and no replay."""
        n = len(chunk)
        if n == 0:
            return
        self._scan(chunk)
        start = self._length
        data = chunk if isinstance(chunk, array) else array("i", chunk)
        offset = 0
        while offset < n:
            b, pos = divmod(start + offset, self.block)
            while len(self._blocks) <= b:
                self._blocks.append(array("i"))
            block = self._blocks[b]
            take = min(n - offset, self.block - pos)
            if block is not None:
                block.extend(data[offset : offset + take])
                self._event_bytes += 4 * take
            offset += take
        self._length += n
        if self._length - self._steps[-1] >= self.checkpoint_every:
            path = array("i", path_after) if path_after is not None else self._replay_path()
            self._add_checkpoint(_Checkpoint(self._length, path, self._moves, self._backtracks))
        self._enforce_budget()

    def finish(self) -> None:
        """The run ended: no more events."""
        self.finished = True

    def _scan(self, chunk: Sequence[int]) -> None:
        """Counts, depth and markers of a chunk (one pass, integer work only)."""
        depth, moves, run = self._depth, 0, self._run
        step = self._length
        m = self.markers
        target = self.solution_depth
        deepest, longest = m.deepest, m.longest_backtrack
        for x in chunk:
            step += 1
            if x >= 0:
                moves += 1
                depth += 1
                run = 0
                if depth > deepest:
                    deepest = depth
                    m.deepest_step = step
                if depth == target:
                    m.solutions.append(step)
            else:
                depth -= 1
                run += 1
                if run > longest:
                    longest = run
                    m.longest_backtrack_step = step - run + 1
        m.deepest, m.longest_backtrack = deepest, longest
        self._depth, self._run = depth, run
        self._moves += moves
        self._backtracks += len(chunk) - moves

    def _add_checkpoint(self, checkpoint: _Checkpoint) -> None:
        self._checkpoints.append(checkpoint)
        self._steps.append(checkpoint.step)
        self._checkpoint_bytes += 4 * len(checkpoint.path)

    def _replay_path(self) -> array[int]:
        """The position at the end, rebuilt from the last checkpoint (no snapshot given)."""
        pos = self.seek(self._length)
        return array("i", pos.path)

    # -- the budget ------------------------------------------------------------------------------

    def _enforce_budget(self) -> None:
        if self.nbytes <= self.budget:
            return
        if self._prefix_blocks is None:
            # Keep the first half of the budget as the prefix; the rest is the newest part.
            self._prefix_blocks = max(1, (self.budget // 2) // (4 * self.block))
        last = (self._length - 1) // self.block
        b = self._prefix_blocks
        while self.nbytes > self.budget and b < last:
            block = self._blocks[b]
            if block is not None:
                self._event_bytes -= 4 * len(block)
                self._blocks[b] = None
            b += 1
        self._thin_gap_checkpoints()

    def _thin_gap_checkpoints(self) -> None:
        """Keep at most MAX_GAP_CHECKPOINTS checkpoints inside gaps (every other one goes)."""
        gaps = self.gaps()
        inside = [i for i, s in enumerate(self._steps) if any(a < s < b for a, b in gaps)]
        if len(inside) <= MAX_GAP_CHECKPOINTS:
            return
        drop = set(inside[1::2])
        kept = [c for i, c in enumerate(self._checkpoints) if i not in drop]
        self._checkpoints = kept
        self._steps = [c.step for c in kept]
        self._checkpoint_bytes = sum(4 * len(c.path) for c in kept)

    def gaps(self) -> list[tuple[int, int]]:
        """Stretches of steps (start, end) whose events were dropped: only coarse there."""
        out: list[tuple[int, int]] = []
        for b, block in enumerate(self._blocks):
            if block is None:
                start, end = b * self.block, min((b + 1) * self.block, self._length)
                if out and out[-1][1] == start:
                    out[-1] = (out[-1][0], end)
                else:
                    out.append((start, end))
        return out

    # -- reading ---------------------------------------------------------------------------------

    def _event(self, i: int) -> int | None:
        """Event number ``i`` (0-based), or None if it was dropped."""
        block = self._blocks[i // self.block]
        return None if block is None else block[i % self.block]

    def replayable(self, start: int, end: int) -> bool:
        """Every event from step ``start`` to step ``end`` is kept."""
        if end <= start:
            return True
        first, last = start // self.block, (end - 1) // self.block
        return all(self._blocks[b] is not None for b in range(first, last + 1))

    def events(self, start: int, end: int) -> array[int]:
        """The events taking step ``start`` to step ``end`` (all kept: see ``replayable``)."""
        start, end = max(0, start), min(end, self._length)
        if not self.replayable(start, end):
            raise ValueError(f"events {start}..{end} fall in a gap of the recording")
        out = array("i")
        i = start
        while i < end:
            b, pos = divmod(i, self.block)
            block = self._blocks[b]
            assert block is not None
            take = min(end - i, self.block - pos)
            out.extend(block[pos : pos + take])
            i += take
        return out

    def seek(self, step: int) -> Position:
        """The position after ``step`` events (clamped to the recording).

        Replays from the latest checkpoint at or before ``step``; an earlier one could only
        need more events, so if that one cannot replay (a gap in between), none can, and the
        checkpoint itself is the answer (``exact`` False).
        """
        step = min(max(0, step), self._length)
        base = self._checkpoints[bisect.bisect_right(self._steps, step) - 1]
        if not self.replayable(base.step, step):
            return Position(
                base.step, list(base.path), base.moves, base.backtracks, (), exact=False
            )
        path = list(base.path)
        moves, backtracks = base.moves, base.backtracks
        events = self.events(base.step, step)
        for x in events:
            if x >= 0:
                path.append(x)
                moves += 1
            else:
                path.pop()
                backtracks += 1
        if len(events) >= 2:
            last: tuple[int, ...] = tuple(events[-2:])
        elif self.replayable(max(0, step - 2), step):
            last = tuple(self.events(max(0, step - 2), step))
        else:
            last = ()
        return Position(step, path, moves, backtracks, last)
