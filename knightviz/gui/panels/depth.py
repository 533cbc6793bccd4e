"""A run's depth over time, from its recording: the saw-tooth of backtracking, in numpy.

The depth (the path's length) after step k is the depth before the stretch of kept steps it
lies in, plus one for every move and minus one for every backtrack since. A stretch that
follows a gap (steps dropped to the memory budget) starts at an unknown depth: it is worked
back from the first anchor inside it (a checkpoint, or the end of the recording).

A long run is cut into about ``buckets`` equal stretches of steps, each drawn as its lowest
and highest depth, so the saw-tooth of millions of steps stays visible in 2,000 columns.

Imported on first show of the steps chart (numpy is part of that cost), never at start-up.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from knightviz.engine.recording import Recording

#: Columns of a long run's depth plot: min and max depth in each.
BUCKETS = 2000
#: Steps read from the recording at a time (bounded memory on runs of any length).
CHUNK = 1 << 20

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class DepthProfile:
    """Depth over steps 0 … ``steps``: per bucket of ``bucket`` steps (bucket k holds steps
    k·bucket … (k+1)·bucket − 1), the lowest and highest depth; NaN where every step of a
    bucket was dropped. ``bucket`` 1: the exact depth after every step."""

    steps: int
    bucket: int
    low: FloatArray
    high: FloatArray
    gaps: tuple[tuple[int, int], ...]
    solution_depth: int | None

    @property
    def x(self) -> FloatArray:
        """First step of each bucket."""
        return np.arange(len(self.low), dtype=np.float64) * self.bucket

    @property
    def deepest(self) -> int:
        """The deepest position among the kept steps."""
        known = self.high[~np.isnan(self.high)]
        return int(known.max()) if len(known) else 0

    def polyline(self) -> tuple[FloatArray, FloatArray]:
        """Points to draw: every step's depth, or each bucket as a stroke from its lowest to
        its highest depth (NaN breaks the line at gaps)."""
        if self.bucket == 1:
            return self.x, self.low
        x = np.repeat(self.x + self.bucket / 2, 2)
        y = np.column_stack((self.low, self.high)).ravel()
        return x, y


def depth_profile(
    recording: Recording,
    buckets: int = BUCKETS,
    end: int | None = None,
    max_depth: int | None = None,
) -> DepthProfile:
    """The depth profile of ``recording`` up to step ``end`` (default: all of it).

    ``max_depth``: a bound on the depth (the board's squares), when known: below 32,768
    the running sums are kept in 16 bits, which halves the cost of a long run.
    """
    small = max_depth is not None and max_depth < 1 << 15
    with recording.lock:
        total = len(recording)
        n = total if end is None else max(0, min(end, total))
        gaps = tuple(recording.gaps())
        anchors = recording.depth_anchors()
        anchor_steps = [s for s, _ in anchors]
        bucket = max(1, -(-n // max(1, buckets)))  # ceil
        count = n // bucket + 1
        low = np.full(count, np.nan)
        high = np.full(count, np.nan)
        for a, b in _kept(gaps, total):
            if a > n:
                break
            i = bisect.bisect_left(anchor_steps, a)
            if i == len(anchors) or anchors[i][0] > b:
                continue  # no known depth in this stretch (cannot happen: the end is one)
            s, d = anchors[i]
            depth = d - _delta(recording, a, s)  # the depth at step a
            _put(low, high, bucket, a, np.array([depth]))
            start = a
            stop = min(b, n)
            while start < stop:
                take = min(CHUNK, stop - start)
                ev = np.frombuffer(recording.events(start, start + take), dtype=np.int32)
                ups = (ev >= 0).view(np.int8)  # 1 a move, 0 a backtrack
                ups += ups
                ups -= 1  # +1 a move, -1 a backtrack
                depths = np.cumsum(ups, dtype=np.int16 if small else np.int32)
                depths += depth
                _put(low, high, bucket, start + 1, depths)
                depth = int(depths[-1])
                start += take
    return DepthProfile(n, bucket, low, high, gaps, recording.solution_depth)


def _kept(gaps: tuple[tuple[int, int], ...], total: int) -> list[tuple[int, int]]:
    """Stretches (a, b) of steps kept between the gaps: the depths at steps a … b follow
    from the depth at a and the steps a+1 … b."""
    out = []
    at = 0
    for a, b in gaps:
        out.append((at, a))
        at = max(at, b)
    out.append((at, total))
    return [(a, b) for a, b in out if a <= b]


def _delta(recording: Recording, a: int, s: int) -> int:
    """Moves minus backtracks in steps a+1 … s."""
    delta = 0
    while a < s:
        take = min(CHUNK, s - a)
        ev = np.frombuffer(recording.events(a, a + take), dtype=np.int32)
        delta += 2 * int(np.count_nonzero(ev >= 0)) - take
        a += take
    return delta


def _put(low: FloatArray, high: FloatArray, bucket: int, first: int, depths: np.ndarray) -> None:
    """Fold the depths after steps ``first``, ``first`` + 1, … into their buckets."""
    if bucket == 1:
        low[first : first + len(depths)] = depths
        high[first : first + len(depths)] = depths
        return
    k0 = first // bucket
    k1 = (first + len(depths) - 1) // bucket
    # Offsets into ``depths`` where each bucket starts (the first one part-way, maybe).
    starts = np.arange(k0 + 1, k1 + 1, dtype=np.int64) * bucket - first
    offsets = np.concatenate(([0], starts))
    lo = np.minimum.reduceat(depths, offsets)
    hi = np.maximum.reduceat(depths, offsets)
    low[k0 : k1 + 1] = np.fmin(low[k0 : k1 + 1], lo)
    high[k0 : k1 + 1] = np.fmax(high[k0 : k1 + 1], hi)
