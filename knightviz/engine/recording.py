"""A run's recording: every step in 4 bytes, with checkpoints, to step back and scrub.

Steps are stored as they come (``array('i')`` blocks of ``BLOCK`` steps, 4 bytes each), and
every ``checkpoint_every`` steps or so a checkpoint keeps the whole position (the occupied
squares and the counts). Seeking to step k replays at most one checkpoint interval (plus a
chunk) from the nearest checkpoint at or before k, so it costs the same anywhere in a run of
any length.

A memory budget bounds the recording. Past it (after asking ``more_budget`` whether older
recordings can make room), the first half of the budget stays (the prefix) and the newest
steps are kept in the other half, dropping the oldest blocks after the prefix as new ones
arrive; what was dropped is a gap. Checkpoints inside the gap are kept (thinned so that they
stay few), so a seek into the gap still shows a true position, only not at every step:
``Position.exact`` says so, and ``gaps()`` tells the timeline where.

The solver's thread appends while the window's thread seeks: a lock keeps them apart. The
notable moments (``markers``) are found by ``scan_markers``, a slice at a time, off the
solver's thread, so recording costs the search a copy of its events and nothing per event.

Nothing here knows the puzzle: a position is the ordered list of occupied squares, moves
push and backtracks pop (the engine's event model).
"""

from __future__ import annotations

import bisect
import mmap
import threading
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

#: Steps per storage block: 4 MiB.
BLOCK = 1 << 20
#: Default budget of all recordings together (bytes).
DEFAULT_BUDGET = 512 << 20
#: Checkpoints kept inside gaps, at most (they are thinned beyond this).
MAX_GAP_CHECKPOINTS = 4096


#: madvise(2) advice: fault a range's pages in now, for writing (Linux 5.14 and later).
_MADV_POPULATE_WRITE = 23


def merge_spans(spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Stretches (start, end) sorted, those that touch or overlap made one."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(end, out[-1][1]))
        else:
            out.append((start, end))
    return out


class BlockMaker:
    """A long run's blocks, made ahead in a thread of their own with their pages already in
    memory, so a search writing 100 million steps a second never stops for fresh memory.

    Faulting pages in costs about as much as the search itself on some machines (64 MB for
    plain 8×8: ~40 ms). ``madvise(MADV_POPULATE_WRITE)`` does it in the kernel, through
    ctypes, so without the interpreter lock: truly beside the search. Elsewhere the blocks
    are still made ahead, their pages faulted in as the search writes.
    """

    def __init__(self, block: int = BLOCK, ahead: int = 2) -> None:
        self.size = 4 * block
        self.ahead = ahead
        self._ready: list[mmap.mmap] = []
        self._lock = threading.Lock()
        self._want = threading.Event()
        self._madvise = _madvise()
        self._thread: threading.Thread | None = None  # started by the first long run

    def __call__(self) -> mmap.mmap | None:
        """A ready block, or None when none is ready yet (the caller makes a plain one)."""
        with self._lock:
            block = self._ready.pop() if self._ready else None
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="knightviz-blocks", daemon=True
                )
                self._thread.start()
        self._want.set()
        return block

    def _run(self) -> None:
        while True:
            self._want.wait()
            self._want.clear()
            while True:
                with self._lock:
                    if len(self._ready) >= self.ahead:
                        break
                block = mmap.mmap(-1, self.size)
                self._populate(block)
                with self._lock:
                    self._ready.append(block)

    def _populate(self, block: mmap.mmap) -> None:
        if self._madvise is None:
            return
        import ctypes

        anchor = ctypes.c_char.from_buffer(block)
        address = ctypes.addressof(anchor)
        del anchor  # (the buffer export must end: nothing else may hold the block)
        self._madvise(address, self.size, _MADV_POPULATE_WRITE)


def _madvise() -> Callable[[int, int, int], int] | None:
    """libc's madvise through ctypes (which releases the GIL for the call), or None."""
    import sys

    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        function = libc.madvise
        function.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        function.restype = ctypes.c_int
        return function
    except (OSError, AttributeError):
        return None


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
    #: Steps scanned so far (markers are exact up to here).
    scanned: int = 0


#: (chunk, depth before, solution depth) -> (depth after, deepest, its index, solution
#: indices, the longest backtrack run (length, start index), backtracks at the chunk's end,
#: backtracks at its start): a faster scan, when one is available (numpy).
Scanner = Callable[
    [Sequence[int], int, int | None],
    tuple[int, int, int, list[int], int, int, int, int],
]


@dataclass(slots=True)
class RecordingData:
    """Everything a recording holds, to save it in a file and rebuild one that seeks
    identically (``Recording.data``, ``Recording.load``). Dropped blocks are simply absent:
    the rebuilt recording has the same gaps."""

    initial: tuple[int, ...]
    #: Steps recorded, including those in gaps.
    length: int
    block: int
    checkpoint_every: int
    solution_depth: int | None
    finished: bool
    #: Moves and backtracks recorded.
    counts: tuple[int, int]
    #: Stretches skipped without events (fast-forwarded), as (start, end) steps.
    holes: list[tuple[int, int]]
    #: The kept blocks: (block index, steps written into it, those steps).
    blocks: list[tuple[int, int, array[int]]]
    #: (step, path, moves, backtracks), steps ascending, the first at step 0.
    checkpoints: list[tuple[int, array[int], int, int]]
    markers: Markers
    #: Where the marker scan stands (depth, current run of backtracks) at ``markers.scanned``.
    scan_state: tuple[int, int] = (0, 0)


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
        #: Steps per storage block (tests use small ones to make gaps cheaply).
        self.block = block
        self.budget = budget
        self.checkpoint_every = checkpoint_every
        self.solution_depth = solution_depth
        #: Asked for a larger budget (given the bytes wanted) before dropping anything.
        self.more_budget = more_budget
        self.lock = threading.RLock()
        self.initial = tuple(initial)
        #: Steps, ``block`` a block: int views of anonymous memory (None: dropped).
        self._blocks: list[memoryview | None] = []
        #: 1 for each block that holds no steps (dropped, or never written), else 0: the
        #: gaps are found by C's byte search over it (a Python loop over every block, at
        #: each of the window's many calls a frame, grew with the run: 800 blocks after 8 s
        #: at the compiled speed, 60,000 after ten minutes).
        self._gone = bytearray()
        #: Steps written into each block (its array may be longer: room to grow into).
        self._fill: list[int] = []
        #: No block below this one (past the prefix) holds steps any more.
        self._next_drop = 0
        #: Makes a long run's blocks ahead of need (see ``BlockMaker``), or None.
        self.blocks = blocks
        self._length = 0
        self._prefix_blocks: int | None = None  # set once the budget is first exceeded
        #: Stretches skipped without events (fast-forwarded), as (start, end) steps.
        self._holes: list[tuple[int, int]] = []
        self._event_bytes = 0
        first = _Checkpoint(0, array("i", initial), 0, 0)
        self._checkpoints: list[_Checkpoint] = [first]
        self._steps: list[int] = [0]
        self._checkpoint_bytes = 4 * len(initial)
        self._depth = len(initial)
        self._moves = 0
        self._backtracks = 0
        self.markers = Markers(deepest=len(initial))
        self._scan_depth = len(initial)
        self._scan_run = 0
        self.finished = False

    # -- appending ------------------------------------------------------------------------------

    def __len__(self) -> int:
        """Steps recorded, including those dropped into a gap."""
        return self._length

    @property
    def nbytes(self) -> int:
        """Memory held: steps and checkpoints."""
        return self._event_bytes + self._checkpoint_bytes

    @property
    def counts(self) -> tuple[int, int]:
        """Moves and backtracks recorded."""
        return self._moves, self._backtracks

    def depth_anchors(self) -> list[tuple[int, int]]:
        """(step, depth) wherever the depth is known without replaying: every checkpoint
        kept, and the end. Each stretch of kept steps holds one (a stretch after a gap ends
        in a checkpoint or at the end), so its depths follow from its own steps."""
        with self.lock:
            anchors = [(c.step, len(c.path)) for c in self._checkpoints]
            if anchors[-1][0] != self._length:
                anchors.append((self._length, self._depth))
            return anchors

    def checkpoint_due(self, steps: int) -> bool:
        """Appending this many steps would make a checkpoint (pass the position then)."""
        return self._length + steps - self._steps[-1] >= self.checkpoint_every

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
            data = chunk if isinstance(chunk, array) else array("i", chunk)
            with memoryview(data) as source:
                offset = 0
                while offset < n:
                    target = self._room(n - offset)
                    take = len(target)
                    target[:] = source[offset : offset + take]
                    self._filled(take)
                    offset += take
            self._committed(n, path_after, counts, data)

    def reserve(self, wanted: int) -> memoryview:
        """A writable view of up to ``wanted`` free slots at the end (fewer at the end of a
        block): a search writes its steps there directly (``advance_into``), then
        ``commit``. Release the view before anything else touches the recording."""
        with self.lock:
            return self._room(wanted)

    def commit(
        self, n: int, path_after: Sequence[int] | None, counts: tuple[int, int] | None
    ) -> None:
        """``n`` steps were written into the last ``reserve``d view."""
        if n <= 0:
            return
        with self.lock:
            start = self._length
            self._filled(n)
            written = self.events(start, start + n) if counts is None else ()
            self._committed(n, path_after, counts, written)

    def _reach(self, b: int) -> None:
        """Blocks up to ``b`` exist (the new ones without steps): the block lists and the
        gaps' byte map grow together."""
        while len(self._blocks) <= b:
            self._blocks.append(None)
            self._gone.append(1)
            self._fill.append(0)

    def _empty_blocks(self, count: int) -> None:
        """``count`` blocks, none holding steps (a release, a reload)."""
        self._blocks = [None] * count
        self._gone = bytearray(b"\x01") * count
        self._fill = [0] * count
        self._event_bytes = 0

    def _room(self, wanted: int) -> memoryview:
        """A view of the current block's free slots (a new block when one is full)."""
        b, pos = divmod(self._length, self.block)
        self._reach(b)
        view = self._blocks[b]
        if view is None:
            view = self._new_block(b)
            self._fill[b] = pos  # (after a skip, the steps before pos are a hole)
        return view[pos : pos + min(wanted, self.block - pos)]

    def _new_block(self, b: int) -> memoryview:
        """Fixed-size anonymous memory: pages become resident only as steps fill them, so a
        short run costs what it holds. A long run's blocks come from ``blocks`` (made ahead,
        their pages already in memory), or recycle a dropped one."""
        view = None
        if self._prefix_blocks is not None and self.nbytes + 4 * self.block > self.budget:
            # Past the budget: the oldest block after the prefix gives up its memory, already
            # in place, instead of fresh pages faulted in (a long run's steady state).
            victim = self._oldest_droppable(b)
            if victim is not None:
                view = self._blocks[victim]
                self._drop(victim)
                self._thin_gap_checkpoints()
        if view is None:
            memory = self.blocks() if self.blocks is not None and b > 0 else None
            if memory is None:
                memory = mmap.mmap(-1, 4 * self.block)
            view = memoryview(memory).cast("i")
        self._blocks[b] = view
        self._gone[b] = 0
        return view

    def _oldest_droppable(self, below: int) -> int | None:
        """The oldest block after the prefix that still holds steps, below block ``below``."""
        assert self._prefix_blocks is not None
        b = max(self._next_drop, self._prefix_blocks)
        while b < below and self._blocks[b] is None:
            b += 1
        self._next_drop = b
        return b if b < below else None

    def _filled(self, n: int) -> None:
        b = self._length // self.block
        self._fill[b] = self._length % self.block + n
        self._length += n
        self._event_bytes += 4 * n

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
        if self._length - self._steps[-1] >= self.checkpoint_every:
            path = array("i", path_after) if path_after is not None else self._replay_path()
            self._add_checkpoint(_Checkpoint(self._length, path, moves, backtracks))
        self._enforce_budget()

    def skip(self, steps: int, path_after: Sequence[int], counts: tuple[int, int]) -> None:
        """Steps made without their events (a search fast-forwarded): a gap, with the
        position at its end kept as a checkpoint."""
        if steps <= 0:
            return
        with self.lock:
            start = self._length
            self._length += steps
            end_block, end_pos = divmod(self._length, self.block)
            self._reach(end_block)
            for b in range(start // self.block, end_block + 1):
                self._drop(b)
            # The block where the skip ends takes the steps after it; its first end_pos
            # slots are never read (the skip is a hole, and a checkpoint starts after it).
            self._fill[end_block] = end_pos
            self._holes.append((start, self._length))
            self._moves, self._backtracks = counts
            self._depth = len(path_after)
            self._add_checkpoint(_Checkpoint(self._length, array("i", path_after), *counts))
            self._enforce_budget()

    def finish(self) -> None:
        """The run ended: no more steps."""
        self.finished = True

    def _add_checkpoint(self, checkpoint: _Checkpoint) -> None:
        if checkpoint.step == self._steps[-1]:
            old = self._checkpoints.pop()
            self._steps.pop()
            self._checkpoint_bytes -= 4 * len(old.path)
        self._checkpoints.append(checkpoint)
        self._steps.append(checkpoint.step)
        self._checkpoint_bytes += 4 * len(checkpoint.path)

    def _replay_path(self) -> array[int]:
        """The position at the end, rebuilt from the last checkpoint (no snapshot given)."""
        return array("i", self.seek(self._length).path)

    # -- the budget ------------------------------------------------------------------------------

    def _enforce_budget(self) -> None:
        if self.nbytes <= self.budget:
            return
        if self.more_budget is not None:
            self.budget = max(self.budget, self.more_budget(self, self.nbytes))
            if self.nbytes <= self.budget:
                return
        if self._prefix_blocks is None:
            # Keep the first half of the budget as the prefix; the rest is the newest part.
            self._prefix_blocks = max(1, (self.budget // 2) // (4 * self.block))
        last = (self._length - 1) // self.block
        dropped = False
        while self.nbytes > self.budget:
            victim = self._oldest_droppable(last)
            if victim is None:
                break
            self._drop(victim)
            dropped = True
        if dropped:
            self._thin_gap_checkpoints()

    def _drop(self, b: int) -> None:
        if self._blocks[b] is not None:
            self._event_bytes -= 4 * self._fill[b]
            self._blocks[b] = None
            self._gone[b] = 1

    def _thin_gap_checkpoints(self) -> None:
        """Keep at most MAX_GAP_CHECKPOINTS checkpoints inside gaps (every other one goes)."""
        gaps = self.gaps()
        steps = self._steps
        spans = [(bisect.bisect_right(steps, a), bisect.bisect_left(steps, b)) for a, b in gaps]
        if sum(j - i for i, j in spans) <= MAX_GAP_CHECKPOINTS:
            return
        inside = [k for i, j in spans for k in range(i, j)]
        drop = set(inside[1::2])
        kept = [c for i, c in enumerate(self._checkpoints) if i not in drop]
        self._checkpoints = kept
        self._steps = [c.step for c in kept]
        self._checkpoint_bytes = sum(4 * len(c.path) for c in kept)

    def release(self) -> None:
        """Drop every step and checkpoint but the first (the budget needs the room)."""
        with self.lock:
            self._empty_blocks(len(self._blocks))
            self._next_drop = 0
            self._checkpoints = self._checkpoints[:1]
            self._steps = [0]
            self._checkpoint_bytes = 4 * len(self._checkpoints[0].path)
            self._holes = []

    def gaps(self) -> list[tuple[int, int]]:
        """Stretches of steps (start, end) whose events were dropped: only coarse there."""
        spans = list(self._holes)
        gone, size = self._gone, self.block
        b = gone.find(1)
        while b >= 0:  # a run of blocks without steps
            end = gone.find(0, b)
            end = len(gone) if end < 0 else end
            spans.append((b * size, min(end * size, self._length)))
            b = gone.find(1, end)
        return merge_spans(spans)

    # -- reading ---------------------------------------------------------------------------------

    def replayable(self, start: int, end: int) -> bool:
        """Every step from step ``start`` to step ``end`` is kept."""
        if end <= start:
            return True
        if any(a < end and start < b for a, b in self._holes):
            return False
        first, last = start // self.block, (end - 1) // self.block
        return all(self._blocks[b] is not None for b in range(first, last + 1))

    def events(self, start: int, end: int) -> array[int]:
        """The steps taking step ``start`` to step ``end`` (all kept: see ``replayable``),
        copied."""
        out = array("i")
        self.read(start, end, lambda view: out.frombytes(view.cast("B")))
        return out

    def read(self, start: int, end: int, consume: Callable[[memoryview], None]) -> None:
        """Hand ``consume`` the steps ``start`` … ``end`` as views of the recording's own
        blocks, in order, without copying them (the window's readers copied 8 MB a frame),
        all under the lock, so no block is recycled under a reader: keep each call short,
        the solver waits for the lock to write."""
        with self.lock:
            start, end = max(0, start), min(end, self._length)
            if not self.replayable(start, end):
                raise ValueError(f"steps {start}..{end} fall in a gap of the recording")
            i = start
            while i < end:
                b, pos = divmod(i, self.block)
                view = self._blocks[b]
                assert view is not None
                take = min(end - i, self.block - pos)
                consume(view[pos : pos + take])
                i += take

    def seek(self, step: int) -> Position:
        """The position after ``step`` steps (clamped to the recording).

        Replays from the latest checkpoint at or before ``step``; an earlier one could only
        need more steps, so if that one cannot replay (a gap in between), none can, and the
        checkpoint itself is the answer (``exact`` False).
        """
        with self.lock:
            step = min(max(0, step), self._length)
            base = self._checkpoints[bisect.bisect_right(self._steps, step) - 1]
            if not self.replayable(base.step, step):
                return Position(
                    base.step, list(base.path), base.moves, base.backtracks, (), exact=False
                )
            events = self.events(base.step, step)
            path, backs = replay(base.path, events)
            moves = base.moves + len(events) - backs
            backtracks = base.backtracks + backs
            if len(events) >= 2:
                last: tuple[int, ...] = tuple(events[-2:])
            elif self.replayable(max(0, step - 2), step):
                last = tuple(self.events(max(0, step - 2), step))
            else:
                last = ()
            return Position(step, path, moves, backtracks, last)

    # -- saving and rebuilding --------------------------------------------------------------------

    def data(self) -> RecordingData:
        """A copy of everything this recording holds (see ``RecordingData``)."""
        with self.lock:
            blocks = []
            for b, view in enumerate(self._blocks):
                fill = self._fill[b]
                if view is not None and fill > 0:
                    steps = array("i")
                    steps.frombytes(view[:fill].cast("B"))
                    blocks.append((b, fill, steps))
            m = self.markers
            return RecordingData(
                initial=self.initial,
                length=self._length,
                block=self.block,
                checkpoint_every=self.checkpoint_every,
                solution_depth=self.solution_depth,
                finished=self.finished,
                counts=(self._moves, self._backtracks),
                holes=list(self._holes),
                blocks=blocks,
                checkpoints=[
                    (c.step, array("i", c.path), c.moves, c.backtracks) for c in self._checkpoints
                ],
                markers=Markers(
                    m.deepest_step,
                    m.deepest,
                    list(m.solutions),
                    m.longest_backtrack_step,
                    m.longest_backtrack,
                    m.scanned,
                ),
                scan_state=(self._scan_depth, self._scan_run),
            )

    def load(self, data: RecordingData) -> None:
        """Become the recording ``data`` describes (this one must be new and empty). The
        budget grows to hold it if need be: what was saved is kept."""
        with self.lock:
            if self._length or len(self._checkpoints) > 1:
                raise ValueError("only an empty recording can be loaded into")
            if data.block < 1 or data.checkpoint_every < 1:
                raise ValueError("block and checkpoint_every must be positive")
            if not data.checkpoints or data.checkpoints[0][0] != 0:
                raise ValueError("the first checkpoint must be at step 0")
            self.block = data.block
            self.checkpoint_every = data.checkpoint_every
            self.solution_depth = data.solution_depth
            self.initial = tuple(data.initial)
            self._length = data.length
            count = -(-data.length // data.block)
            self._empty_blocks(count)
            for b, fill, steps in data.blocks:
                if not 0 <= b < count or not 0 < fill <= data.block or len(steps) != fill:
                    raise ValueError(f"block {b} does not fit the recording")
                if self._blocks[b] is not None:
                    raise ValueError(f"block {b} given twice")
                view = memoryview(mmap.mmap(-1, 4 * data.block)).cast("i")
                view[:fill] = memoryview(steps)
                self._blocks[b] = view
                self._gone[b] = 0
                self._fill[b] = fill
                self._event_bytes += 4 * fill
            self._next_drop = 0
            self._prefix_blocks = None
            self._holes = [(a, b) for a, b in data.holes]
            checkpoints = [
                _Checkpoint(s, array("i", p), mv, bt) for s, p, mv, bt in data.checkpoints
            ]
            steps_at = [c.step for c in checkpoints]
            if steps_at != sorted(set(steps_at)) or steps_at[-1] > data.length:
                raise ValueError("checkpoints out of order")
            self._checkpoints = checkpoints
            self._steps = steps_at
            self._checkpoint_bytes = sum(4 * len(c.path) for c in checkpoints)
            self._moves, self._backtracks = data.counts
            self._depth = len(self.seek(data.length).path)
            m = data.markers
            self.markers = Markers(
                m.deepest_step,
                m.deepest,
                list(m.solutions),
                m.longest_backtrack_step,
                m.longest_backtrack,
                min(m.scanned, data.length),
            )
            self._scan_depth, self._scan_run = data.scan_state
            if self.markers.scanned == 0:
                self._scan_depth, self._scan_run = len(self.initial), 0
            self.finished = data.finished
            self.budget = max(self.budget, self.nbytes)

    # -- markers ---------------------------------------------------------------------------------

    def scan_markers(self, budget: int = 1 << 21, scanner: Scanner | None = None) -> bool:
        """Find the notable moments in up to ``budget`` more steps; True when up to date.

        A gap cannot be scanned: its steps are skipped (the depth after it is the next
        checkpoint's), so markers never point into a gap.
        """
        m = self.markers
        with self.lock:
            end = min(self._length, m.scanned + budget)
            while m.scanned < end:
                start = m.scanned
                stop = min(end, (start // self.block + 1) * self.block)
                hole = next(((a, b) for a, b in self._holes if a <= start < b), None)
                if hole is not None:  # skipped steps: resume at the checkpoint after them
                    c = self._checkpoints[bisect.bisect_left(self._steps, hole[1])]
                    m.scanned, self._scan_depth, self._scan_run = c.step, len(c.path), 0
                    continue
                stop = min([stop, *(a for a, _ in self._holes if a > start)])
                block = self._blocks[start // self.block]
                if block is None:  # jump over the gap to the next checkpoint
                    i = bisect.bisect_left(self._steps, stop)
                    if i < len(self._steps):
                        c = self._checkpoints[i]
                        m.scanned, self._scan_depth, self._scan_run = c.step, len(c.path), 0
                    else:
                        m.scanned = stop
                    continue
                pos = start % self.block
                self._scan(block[pos : pos + stop - start], start, scanner)  # a view, no copy
                m.scanned = stop
            return m.scanned >= self._length

    def _scan(self, chunk: Sequence[int], start: int, scanner: Scanner | None) -> None:
        m = self.markers
        if scanner is not None:
            after, deepest, at, solutions, longest, run_start, tail, head = scanner(
                chunk, self._scan_depth, self.solution_depth
            )
        else:
            after, deepest, at, solutions, longest, run_start, tail, head = scan(
                chunk, self._scan_depth, self.solution_depth
            )
        if deepest > m.deepest:
            m.deepest, m.deepest_step = deepest, start + at + 1
        m.solutions.extend(start + i + 1 for i in solutions)
        # A run of backtracks may continue from the previous chunk.
        joined = self._scan_run + head
        if head == len(chunk):  # the whole chunk extends the run
            if joined > m.longest_backtrack:
                m.longest_backtrack = joined
                m.longest_backtrack_step = start - self._scan_run + 1
            self._scan_run = joined
        else:
            if joined > m.longest_backtrack:
                m.longest_backtrack = joined
                m.longest_backtrack_step = start - self._scan_run + 1
            if longest > m.longest_backtrack:
                m.longest_backtrack = longest
                m.longest_backtrack_step = start + run_start + 1
            self._scan_run = tail
        self._scan_depth = after


def scan(
    chunk: Sequence[int], depth: int, target: int | None
) -> tuple[int, int, int, list[int], int, int, int, int]:
    """One chunk's notable moments at C speed where it can: depth after it, its deepest
    depth and where, the indices of moves reaching ``target``, the longest run of
    backtracks (length, start index), and the runs of backtracks at its end and start."""
    n = len(chunk)
    ups = bytes(map((0).__le__, chunk))  # 1 for a move, 0 for a backtrack
    depths = list(accumulate(map((2).__mul__, ups), initial=depth))  # depth + 2 · moves so far
    # depth after i+1 events = depth + 2·(moves) - (i+1): subtract the event count.
    real = list(map(int.__sub__, depths[1:], range(1, n + 1)))
    deepest = max(real) if real else depth
    at = real.index(deepest) if real else 0
    solutions: list[int] = []
    if target is not None:
        i = real.index(target) if target in real else -1
        while i >= 0:
            solutions.append(i)
            try:
                i = real.index(target, i + 1)
            except ValueError:
                i = -1
    # The longest run of zeros (backtracks) in ``ups``, by doubling then bisecting.
    longest = 0
    size = 1
    while b"\0" * size in ups:
        longest = size
        size *= 2
    low, high = longest, size
    while high - low > 1:
        mid = (low + high) // 2
        if b"\0" * mid in ups:
            low = mid
        else:
            high = mid
    longest = low
    run_start = ups.find(b"\0" * longest) if longest else 0
    tail = n - len(ups.rstrip(b"\0"))
    head = n - len(ups.lstrip(b"\0"))
    return real[-1] if real else depth, deepest, at, solutions, longest, run_start, tail, head


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


def fast_scanner() -> Scanner | None:
    """The fastest scan available without waiting: the compiled one when the kernels are
    loaded, numpy's when numpy is already imported, else None (the pure-Python ``scan``)."""
    from . import kernels

    compiled: Scanner | None = kernels.scanner()
    return compiled if compiled is not None else numpy_scanner()


def numpy_scanner() -> Scanner | None:
    """A vectorised ``scan`` when numpy is already imported (the compiled engine brings it);
    None otherwise (importing numpy just for this would cost the window a startup pause)."""
    np = loaded_numpy()
    if np is None:
        return None

    def scan_np(
        chunk: Sequence[int], depth: int, target: int | None
    ) -> tuple[int, int, int, list[int], int, int, int, int]:
        a = np.asarray(chunk, dtype=np.int32)
        n = len(a)
        if n == 0:
            return depth, depth, 0, [], 0, 0, 0, 0
        step = np.where(a >= 0, 1, -1).astype(np.int64)
        real = np.cumsum(step) + depth
        at = int(real.argmax())
        deepest = int(real[at])
        solutions: list[int] = []
        if target is not None:
            solutions = np.flatnonzero(real == target).tolist()
        back = (a < 0).astype(np.int8)
        # Runs of backtracks: boundaries where the flag changes.
        edges = np.flatnonzero(np.diff(np.concatenate(([0], back, [0]))))
        starts, ends = edges[0::2], edges[1::2]
        if len(starts):
            lengths = ends - starts
            k = int(lengths.argmax())
            longest, run_start = int(lengths[k]), int(starts[k])
            head = int(lengths[0]) if starts[0] == 0 else 0
            tail = int(lengths[-1]) if ends[-1] == n else 0
        else:
            longest = run_start = head = tail = 0
        return int(real[-1]), deepest, at, solutions, longest, run_start, tail, head

    return scan_np
