"""A run's recording: the solver appends steps, the window seeks and scrubs.

``Recording`` appends (steps copied in, or written in place by the search through
``reserve``/``commit``, or skipped), and puts the parts together: its steps in blocks
(``blocks``), its checkpoints and seeking (``seeking``), its memory budget (``budget``),
its notable moments (``markers``) and what it saves (``data``). The solver's thread appends
while the window's thread seeks: one lock keeps them apart.
"""

from __future__ import annotations

import mmap
import threading
from array import array
from collections.abc import Callable, Sequence

from .blocks import BLOCK, Blocks
from .budget import DEFAULT_BUDGET, Budget
from .data import RecordingData
from .markers import Markers, MarkerScan, Scanner
from .seeking import Checkpoint, Checkpoints, Position, seek


class Recording:
    """Steps and checkpoints of one run; appended by the solver, sought by the window."""

    def __init__(
        self,
        initial: Sequence[int],
        *,
        budget: int = DEFAULT_BUDGET,
        checkpoint_every: int = 65_536,
        solution_depth: int | None = None,
        block: int = BLOCK,
        more_budget: Callable[[Recording, int], int] | None = None,
        blocks: Callable[[], mmap.mmap | None] | None = None,
    ) -> None:
        if checkpoint_every < 1 or block < 1:
            raise ValueError("checkpoint_every and block must be positive")
        self.checkpoint_every = checkpoint_every
        self.solution_depth = solution_depth
        #: Asked for a larger budget (given the bytes wanted) before dropping anything.
        self.more_budget = more_budget
        self.lock = threading.RLock()
        self.initial = tuple(initial)
        self._blocks = Blocks(block, blocks)
        #: The checkpoints (``steps``: their steps; ``items``: the positions), read-only.
        self.checkpoints = Checkpoints(Checkpoint(0, array("i", initial), 0, 0))
        self._budget = Budget(budget, self._blocks, self.checkpoints)
        self._scan = MarkerScan(len(initial))
        self._depth = len(initial)
        self._moves = 0
        self._backtracks = 0
        self.finished = False

    # -- the parts' figures -----------------------------------------------------------------

    @property
    def block(self) -> int:
        """Steps per storage block (tests use small ones to make gaps cheaply)."""
        return self._blocks.block

    @property
    def blocks(self) -> Callable[[], mmap.mmap | None] | None:
        """Makes a long run's blocks ahead of need (see ``BlockMaker``), or None."""
        return self._blocks.maker

    @property
    def budget(self) -> int:
        """Bytes this recording may hold (the recordings' store may change it)."""
        return self._budget.limit

    @budget.setter
    def budget(self, limit: int) -> None:
        self._budget.limit = limit

    @property
    def markers(self) -> Markers:
        """The notable moments found so far (``scan_markers``)."""
        return self._scan.markers

    def __len__(self) -> int:
        """Steps recorded, including those dropped into a gap."""
        return self._blocks.length

    @property
    def nbytes(self) -> int:
        """Memory held: steps and checkpoints."""
        return self._budget.nbytes

    @property
    def counts(self) -> tuple[int, int]:
        """Moves and backtracks recorded."""
        return self._moves, self._backtracks

    def depth_anchors(self) -> list[tuple[int, int]]:
        """(step, depth) wherever the depth is known without replaying: every checkpoint
        kept, and the end. Each stretch of kept steps holds one (a stretch after a gap ends
        in a checkpoint or at the end), so its depths follow from its own steps."""
        with self.lock:
            anchors = [(c.step, len(c.path)) for c in self.checkpoints.items]
            length = self._blocks.length
            if anchors[-1][0] != length:
                anchors.append((length, self._depth))
            return anchors

    # -- appending --------------------------------------------------------------------------

    def checkpoint_due(self, steps: int) -> bool:
        """Appending this many steps would make a checkpoint (pass the position then)."""
        return self._blocks.length + steps - self.checkpoints.steps[-1] >= self.checkpoint_every

    def extend(
        self,
        chunk: Sequence[int],
        path_after: Sequence[int] | None = None,
        counts: tuple[int, int] | None = None,
    ) -> None:
        """Append steps (no "considered" events). ``path_after``: the position after them,
        and ``counts``: (moves, backtracks) after them, both the search's own: given, a
        checkpoint costs a copy and nothing is counted per step."""
        n = len(chunk)
        if n == 0:
            return
        with self.lock:
            blocks = self._blocks
            data = chunk if isinstance(chunk, array) else array("i", chunk)
            with memoryview(data) as source:
                offset = 0
                while offset < n:
                    target = blocks.room(n - offset, self._budget.spare)
                    take = len(target)
                    target[:] = source[offset : offset + take]
                    blocks.filled(take)
                    offset += take
            self._committed(n, path_after, counts, data)

    def reserve(self, wanted: int) -> memoryview:
        """A writable view of up to ``wanted`` free slots at the end (fewer at the end of a
        block): a search writes its steps there directly (``advance_into``), then
        ``commit``. Release the view before anything else touches the recording."""
        with self.lock:
            return self._blocks.room(wanted, self._budget.spare)

    def commit(
        self, n: int, path_after: Sequence[int] | None, counts: tuple[int, int] | None
    ) -> None:
        """``n`` steps were written into the last ``reserve``d view."""
        if n <= 0:
            return
        with self.lock:
            start = self._blocks.length
            self._blocks.filled(n)
            written = self.events(start, start + n) if counts is None else ()
            self._committed(n, path_after, counts, written)

    def _committed(
        self,
        n: int,
        path_after: Sequence[int] | None,
        counts: tuple[int, int] | None,
        steps: Sequence[int],
    ) -> None:
        """Counts, depth and checkpoints after ``n`` appended steps."""
        if counts is not None:
            moves, backtracks = counts
        else:
            backs = sum(map((0).__gt__, steps))  # C-speed count of backtracks
            moves, backtracks = self._moves + n - backs, self._backtracks + backs
        delta = (moves - self._moves) - (backtracks - self._backtracks)
        self._moves, self._backtracks = moves, backtracks
        self._depth = len(path_after) if path_after is not None else self._depth + delta
        length = self._blocks.length
        if length - self.checkpoints.steps[-1] >= self.checkpoint_every:
            path = array("i", path_after) if path_after is not None else self._replay_path()
            self.checkpoints.add(Checkpoint(length, path, moves, backtracks))
        self._enforce_budget()

    def skip(self, steps: int, path_after: Sequence[int], counts: tuple[int, int]) -> None:
        """Steps made without their events (a search fast-forwarded): a gap, with the
        position at its end kept as a checkpoint."""
        if steps <= 0:
            return
        with self.lock:
            self._blocks.skip(steps)
            self._moves, self._backtracks = counts
            self._depth = len(path_after)
            length = self._blocks.length
            self.checkpoints.add(Checkpoint(length, array("i", path_after), *counts))
            self._enforce_budget()

    def finish(self) -> None:
        """The run ended: no more steps."""
        self.finished = True

    def _replay_path(self) -> array[int]:
        """The position at the end, rebuilt from the last checkpoint (no snapshot given)."""
        return array("i", self.seek(self._blocks.length).path)

    def _enforce_budget(self) -> None:
        more = self.more_budget
        self._budget.enforce(None if more is None else lambda wanted: more(self, wanted))

    def release(self) -> None:
        """Drop every step and checkpoint but the first (the budget needs the room)."""
        with self.lock:
            self._blocks.release()
            self.checkpoints.replace(self.checkpoints.items[:1])

    # -- reading ----------------------------------------------------------------------------

    def gaps(self) -> list[tuple[int, int]]:
        """Stretches of steps (start, end) whose events were dropped: only coarse there."""
        return self._blocks.gaps()

    def replayable(self, start: int, end: int) -> bool:
        """Every step from step ``start`` to step ``end`` is kept."""
        return self._blocks.replayable(start, end)

    def events(self, start: int, end: int) -> array[int]:
        """The steps taking step ``start`` to step ``end`` (all kept: see ``replayable``),
        copied."""
        with self.lock:
            return self._blocks.events(start, end)

    def read(self, start: int, end: int, consume: Callable[[memoryview], None]) -> None:
        """Hand ``consume`` the steps ``start`` … ``end`` as views of the recording's own
        blocks, in order, without copying them (the window's readers copied 8 MB a frame),
        all under the lock, so no block is recycled under a reader: keep each call short,
        the solver waits for the lock to write."""
        with self.lock:
            self._blocks.read(start, end, consume)

    def seek(self, step: int) -> Position:
        """The position after ``step`` steps (clamped to the recording); inside a gap, the
        nearest kept position before it (``exact`` False). See ``seeking.seek``."""
        with self.lock:
            return seek(self._blocks, self.checkpoints, step)

    # -- markers ----------------------------------------------------------------------------

    def scan_markers(self, budget: int = 1 << 21, scanner: Scanner | None = None) -> bool:
        """Find the notable moments in up to ``budget`` more steps; True when up to date.

        A gap cannot be scanned: its steps are skipped (the depth after it is the next
        checkpoint's), so markers never point into a gap.
        """
        with self.lock:
            return self._scan.advance(
                self._blocks, self.checkpoints, budget, scanner, self.solution_depth
            )

    # -- saving and rebuilding --------------------------------------------------------------

    def data(self) -> RecordingData:
        """A copy of everything this recording holds (see ``RecordingData``)."""
        with self.lock:
            m = self._scan.markers
            return RecordingData(
                initial=self.initial,
                length=self._blocks.length,
                block=self._blocks.block,
                checkpoint_every=self.checkpoint_every,
                solution_depth=self.solution_depth,
                finished=self.finished,
                counts=(self._moves, self._backtracks),
                holes=list(self._blocks.holes),
                blocks=self._blocks.kept(),
                checkpoints=self.checkpoints.as_tuples(),
                markers=Markers(
                    m.deepest_step,
                    m.deepest,
                    list(m.solutions),
                    m.longest_backtrack_step,
                    m.longest_backtrack,
                    m.scanned,
                ),
                scan_state=(self._scan.depth, self._scan.run),
            )

    def load(self, data: RecordingData) -> None:
        """Become the recording ``data`` describes (this one must be new and empty). The
        budget grows to hold it if need be: what was saved is kept."""
        with self.lock:
            if self._blocks.length or len(self.checkpoints.items) > 1:
                raise ValueError("only an empty recording can be loaded into")
            if data.block < 1 or data.checkpoint_every < 1:
                raise ValueError("block and checkpoint_every must be positive")
            if not data.checkpoints or data.checkpoints[0][0] != 0:
                raise ValueError("the first checkpoint must be at step 0")
            self.checkpoint_every = data.checkpoint_every
            self.solution_depth = data.solution_depth
            self.initial = tuple(data.initial)
            self._blocks.load(data.block, data.length, data.blocks, data.holes)
            self._budget.prefix_blocks = None
            checkpoints = [
                Checkpoint(s, array("i", p), mv, bt) for s, p, mv, bt in data.checkpoints
            ]
            steps_at = [c.step for c in checkpoints]
            if steps_at != sorted(set(steps_at)) or steps_at[-1] > data.length:
                raise ValueError("checkpoints out of order")
            self.checkpoints.replace(checkpoints)
            self._moves, self._backtracks = data.counts
            self._depth = len(self.seek(data.length).path)
            m = data.markers
            scan = self._scan
            scan.markers = Markers(
                m.deepest_step,
                m.deepest,
                list(m.solutions),
                m.longest_backtrack_step,
                m.longest_backtrack,
                min(m.scanned, data.length),
            )
            scan.depth, scan.run = data.scan_state
            if scan.markers.scanned == 0:
                scan.depth, scan.run = len(self.initial), 0
            self.finished = data.finished
            self._budget.limit = max(self._budget.limit, self.nbytes)
