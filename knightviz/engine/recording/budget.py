"""The memory budget: how many bytes a recording may hold, and what goes past that.

Past the budget (after asking whether older recordings can make room), the first half of
the budget stays (the prefix) and the newest steps are kept in the other half, dropping the
oldest blocks after the prefix as new ones arrive; what was dropped is a gap. Checkpoints
inside the gap are kept (thinned so that they stay few), so a seek into the gap still shows a
true position, only not at every step.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable

from .blocks import Blocks
from .seeking import Checkpoints

#: Default budget of all recordings together (bytes).
DEFAULT_BUDGET = 512 << 20
#: Checkpoints kept inside gaps, at most (they are thinned beyond this).
MAX_GAP_CHECKPOINTS = 4096


class Budget:
    """One recording's budget over its steps and its checkpoints."""

    def __init__(self, limit: int, blocks: Blocks, checkpoints: Checkpoints) -> None:
        self.limit = limit
        self.blocks = blocks
        self.checkpoints = checkpoints
        #: Blocks kept from the start, set once the budget is first exceeded.
        self.prefix_blocks: int | None = None

    @property
    def nbytes(self) -> int:
        """Memory held: steps and checkpoints."""
        return self.blocks.nbytes + self.checkpoints.nbytes

    def spare(self, b: int) -> memoryview | None:
        """Memory for new block ``b`` past the budget: the oldest block after the prefix
        gives up its memory, already in place, instead of fresh pages faulted in (a long
        run's steady state). None when nothing is to be dropped."""
        blocks = self.blocks
        if self.prefix_blocks is None or self.nbytes + 4 * blocks.block <= self.limit:
            return None
        victim = blocks.oldest_droppable(self.prefix_blocks, b)
        if victim is None:
            return None
        view = blocks.take(victim)
        self.thin()
        return view

    def enforce(self, more: Callable[[int], int] | None) -> None:
        """Drop the oldest blocks after the prefix until the recording fits, after asking
        ``more`` (given the bytes wanted) for a larger budget."""
        if self.nbytes <= self.limit:
            return
        if more is not None:
            self.limit = max(self.limit, more(self.nbytes))
            if self.nbytes <= self.limit:
                return
        blocks = self.blocks
        if self.prefix_blocks is None:
            # Keep the first half of the budget as the prefix; the rest is the newest part.
            self.prefix_blocks = max(1, (self.limit // 2) // (4 * blocks.block))
        last = (blocks.length - 1) // blocks.block
        dropped = False
        while self.nbytes > self.limit:
            victim = blocks.oldest_droppable(self.prefix_blocks, last)
            if victim is None:
                break
            blocks.drop(victim)
            dropped = True
        if dropped:
            self.thin()

    def thin(self) -> None:
        """Keep at most MAX_GAP_CHECKPOINTS checkpoints inside gaps (every other one goes)."""
        steps = self.checkpoints.steps
        gaps = self.blocks.gaps()
        spans = [(bisect.bisect_right(steps, a), bisect.bisect_left(steps, b)) for a, b in gaps]
        if sum(j - i for i, j in spans) <= MAX_GAP_CHECKPOINTS:
            return
        inside = [k for i, j in spans for k in range(i, j)]
        drop = set(inside[1::2])
        self.checkpoints.replace(c for i, c in enumerate(self.checkpoints.items) if i not in drop)
