"""Marker scans: a run's notable moments (the deepest position, each solution, the longest
run of backtracks), found a slice at a time, off the solver's thread.

Recording costs the search a copy of its events and nothing per event: the markers are found
afterwards by ``MarkerScan``, over the steps as they are stored, at C speed where it can
(the compiled scan when the kernels are loaded, numpy's when numpy is, else ``scan``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate

from .blocks import Blocks
from .seeking import Checkpoints, loaded_numpy


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


class MarkerScan:
    """Where the marker scan of one recording stands: the markers found up to
    ``markers.scanned``, and the depth and the current run of backtracks there."""

    def __init__(self, depth: int) -> None:
        self.markers = Markers(deepest=depth)
        self.depth = depth
        self.run = 0

    def advance(
        self,
        blocks: Blocks,
        checkpoints: Checkpoints,
        budget: int,
        scanner: Scanner | None,
        solution_depth: int | None,
    ) -> bool:
        """Scan up to ``budget`` more steps; True when up to date.

        A gap cannot be scanned: its steps are skipped (the depth after it is the next
        checkpoint's), so markers never point into a gap.
        """
        m = self.markers
        end = min(blocks.length, m.scanned + budget)
        while m.scanned < end:
            start = m.scanned
            stop = min(end, (start // blocks.block + 1) * blocks.block)
            hole = next(((a, b) for a, b in blocks.holes if a <= start < b), None)
            if hole is not None:  # skipped steps: resume at the checkpoint after them
                c = checkpoints.items[checkpoints.index_at_or_after(hole[1])]
                m.scanned, self.depth, self.run = c.step, len(c.path), 0
                continue
            stop = min([stop, *(a for a, _ in blocks.holes if a > start)])
            block = blocks.views[start // blocks.block]
            if block is None:  # jump over the gap to the next checkpoint
                after = checkpoints.at_or_after(stop)
                if after is not None:
                    m.scanned, self.depth, self.run = after.step, len(after.path), 0
                else:
                    m.scanned = stop
                continue
            pos = start % blocks.block
            chunk = block[pos : pos + stop - start]  # a view, no copy
            self._scan(chunk, start, scanner, solution_depth)
            m.scanned = stop
        return m.scanned >= blocks.length

    def _scan(
        self,
        chunk: Sequence[int],
        start: int,
        scanner: Scanner | None,
        solution_depth: int | None,
    ) -> None:
        m = self.markers
        if scanner is not None:
            after, deepest, at, solutions, longest, run_start, tail, head = scanner(
                chunk, self.depth, solution_depth
            )
        else:
            after, deepest, at, solutions, longest, run_start, tail, head = scan(
                chunk, self.depth, solution_depth
            )
        if deepest > m.deepest:
            m.deepest, m.deepest_step = deepest, start + at + 1
        m.solutions.extend(start + i + 1 for i in solutions)
        # A run of backtracks may continue from the previous chunk.
        joined = self.run + head
        if head == len(chunk):  # the whole chunk extends the run
            if joined > m.longest_backtrack:
                m.longest_backtrack = joined
                m.longest_backtrack_step = start - self.run + 1
            self.run = joined
        else:
            if joined > m.longest_backtrack:
                m.longest_backtrack = joined
                m.longest_backtrack_step = start - self.run + 1
            if longest > m.longest_backtrack:
                m.longest_backtrack = longest
                m.longest_backtrack_step = start + run_start + 1
            self.run = tail
        self.depth = after


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


def fast_scanner() -> Scanner | None:
    """The fastest scan available without waiting: the compiled one when the kernels are
    loaded, numpy's when numpy is already imported, else None (the pure-Python ``scan``)."""
    from .. import kernels

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
