"""Block memory: a recording's steps, 4 bytes each, in fixed-size blocks of anonymous memory.

A block's pages become resident only as steps fill them, so a short run costs what it
holds; a long run's blocks are made ahead of need (``BlockMaker``). Blocks may be dropped
(the budget needs the room) and stretches may be skipped without their events (a search
fast-forwarded): both are gaps, which ``Blocks`` knows and reports.
"""

from __future__ import annotations

import mmap
import threading
from array import array
from collections.abc import Callable, Sequence

#: Steps per storage block: 4 MiB.
BLOCK = 1 << 20

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


class Blocks:
    """The steps of one recording, ``block`` a block, and which of them are kept.

    Not locked: the recording that owns it holds its lock around every call.
    """

    def __init__(self, block: int, maker: Callable[[], mmap.mmap | None] | None = None) -> None:
        self.block = block
        #: Makes a long run's blocks ahead of need (see ``BlockMaker``), or None.
        self.maker = maker
        #: Steps recorded, including those in gaps.
        self.length = 0
        #: Bytes of steps held.
        self.nbytes = 0
        #: Stretches skipped without events (fast-forwarded), as (start, end) steps.
        self.holes: list[tuple[int, int]] = []
        #: Per block: an int view of anonymous memory (None: dropped, or never written).
        self.views: list[memoryview | None] = []
        #: 1 for each block that holds no steps (dropped, or never written), else 0: the
        #: gaps are found by C's byte search over it (a Python loop over every block, at
        #: each of the window's many calls a frame, grew with the run: 800 blocks after 8 s
        #: at the compiled speed, 60,000 after ten minutes).
        self.gone = bytearray()
        #: Steps written into each block (its view may be longer: room to grow into).
        self.fill: list[int] = []
        #: No block below this one (past the prefix) holds steps any more.
        self.next_drop = 0

    # -- writing ----------------------------------------------------------------------------

    def reach(self, b: int) -> None:
        """Blocks up to ``b`` exist (the new ones without steps): the block lists and the
        gaps' byte map grow together."""
        while len(self.views) <= b:
            self.views.append(None)
            self.gone.append(1)
            self.fill.append(0)

    def reset(self, count: int) -> None:
        """``count`` blocks, none holding steps (a release, a reload)."""
        self.views = [None] * count
        self.gone = bytearray(b"\x01") * count
        self.fill = [0] * count
        self.nbytes = 0
        self.next_drop = 0

    def room(self, wanted: int, spare: Callable[[int], memoryview | None]) -> memoryview:
        """A view of the current block's free slots (a new block when one is full).
        ``spare(b)``: a dropped block's memory for new block ``b``, when the budget wants
        one recycled, else None."""
        b, pos = divmod(self.length, self.block)
        self.reach(b)
        view = self.views[b]
        if view is None:
            view = self._new(b, spare)
            self.fill[b] = pos  # (after a skip, the steps before pos are a hole)
        return view[pos : pos + min(wanted, self.block - pos)]

    def _new(self, b: int, spare: Callable[[int], memoryview | None]) -> memoryview:
        """Fixed-size anonymous memory: pages become resident only as steps fill them. A
        long run's blocks come from ``maker`` (made ahead, their pages already in memory),
        or recycle a dropped one (``spare``)."""
        view = spare(b)
        if view is None:
            memory = self.maker() if self.maker is not None and b > 0 else None
            if memory is None:
                memory = mmap.mmap(-1, 4 * self.block)
            view = memoryview(memory).cast("i")
        self.views[b] = view
        self.gone[b] = 0
        return view

    def filled(self, n: int) -> None:
        """``n`` steps were written into the last ``room``."""
        b = self.length // self.block
        self.fill[b] = self.length % self.block + n
        self.length += n
        self.nbytes += 4 * n

    def skip(self, steps: int) -> None:
        """``steps`` steps made without their events: a hole, and the blocks it covers go."""
        start = self.length
        self.length += steps
        end_block, end_pos = divmod(self.length, self.block)
        self.reach(end_block)
        for b in range(start // self.block, end_block + 1):
            self.drop(b)
        # The block where the skip ends takes the steps after it; its first end_pos
        # slots are never read (the skip is a hole, and a checkpoint starts after it).
        self.fill[end_block] = end_pos
        self.holes.append((start, self.length))

    # -- dropping ---------------------------------------------------------------------------

    def oldest_droppable(self, first: int, below: int) -> int | None:
        """The oldest block from block ``first`` on that still holds steps, below block
        ``below``."""
        b = max(self.next_drop, first)
        while b < below and self.views[b] is None:
            b += 1
        self.next_drop = b
        return b if b < below else None

    def drop(self, b: int) -> None:
        if self.views[b] is not None:
            self.nbytes -= 4 * self.fill[b]
            self.views[b] = None
            self.gone[b] = 1

    def take(self, b: int) -> memoryview | None:
        """Block ``b``'s memory, dropping its steps (to be written over)."""
        view = self.views[b]
        self.drop(b)
        return view

    def release(self) -> None:
        """Every step dropped: the budget needs the room."""
        self.reset(len(self.views))
        self.holes = []

    # -- reading ----------------------------------------------------------------------------

    def gaps(self) -> list[tuple[int, int]]:
        """Stretches of steps (start, end) whose events were dropped: only coarse there."""
        spans = list(self.holes)
        gone, size = self.gone, self.block
        b = gone.find(1)
        while b >= 0:  # a run of blocks without steps
            end = gone.find(0, b)
            end = len(gone) if end < 0 else end
            spans.append((b * size, min(end * size, self.length)))
            b = gone.find(1, end)
        return merge_spans(spans)

    def replayable(self, start: int, end: int) -> bool:
        """Every step from step ``start`` to step ``end`` is kept."""
        if end <= start:
            return True
        if any(a < end and start < b for a, b in self.holes):
            return False
        first, last = start // self.block, (end - 1) // self.block
        return all(self.views[b] is not None for b in range(first, last + 1))

    def read(self, start: int, end: int, consume: Callable[[memoryview], None]) -> None:
        """Hand ``consume`` the steps ``start`` … ``end`` as views of the blocks, in order,
        without copying them."""
        start, end = max(0, start), min(end, self.length)
        if not self.replayable(start, end):
            raise ValueError(f"steps {start}..{end} fall in a gap of the recording")
        i = start
        while i < end:
            b, pos = divmod(i, self.block)
            view = self.views[b]
            assert view is not None
            take = min(end - i, self.block - pos)
            consume(view[pos : pos + take])
            i += take

    def events(self, start: int, end: int) -> array[int]:
        """The steps taking step ``start`` to step ``end`` (all kept), copied."""
        out = array("i")
        self.read(start, end, lambda view: out.frombytes(view.cast("B")))
        return out

    # -- saving and rebuilding --------------------------------------------------------------

    def kept(self) -> list[tuple[int, int, array[int]]]:
        """The blocks holding steps: (block index, steps written into it, those steps)."""
        out = []
        for b, view in enumerate(self.views):
            fill = self.fill[b]
            if view is not None and fill > 0:
                steps = array("i")
                steps.frombytes(view[:fill].cast("B"))
                out.append((b, fill, steps))
        return out

    def load(
        self,
        block: int,
        length: int,
        kept: Sequence[tuple[int, int, array[int]]],
        holes: Sequence[tuple[int, int]],
    ) -> None:
        """Become the steps ``kept`` describes (see ``kept``), ``length`` in all."""
        self.block = block
        self.length = length
        count = -(-length // block)
        self.reset(count)
        for b, fill, steps in kept:
            if not 0 <= b < count or not 0 < fill <= block or len(steps) != fill:
                raise ValueError(f"block {b} does not fit the recording")
            if self.views[b] is not None:
                raise ValueError(f"block {b} given twice")
            view = memoryview(mmap.mmap(-1, 4 * block)).cast("i")
            view[:fill] = memoryview(steps)
            self.views[b] = view
            self.gone[b] = 0
            self.fill[b] = fill
            self.nbytes += 4 * fill
        self.holes = [(a, b) for a, b in holes]
