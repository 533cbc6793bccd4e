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
from typing import Any

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
    """Depth over steps ``first`` … ``steps``: per bucket of ``bucket`` steps (bucket k
    holds steps first + k·bucket … first + (k+1)·bucket − 1), the lowest and highest depth;
    NaN where every step of a bucket was dropped. ``bucket`` 1: the depth after every step."""

    first: int
    steps: int
    bucket: int
    low: FloatArray
    high: FloatArray
    #: The mean depth of each bucket (the slow swings of a long run, inside its band).
    mean: FloatArray
    gaps: tuple[tuple[int, int], ...]
    solution_depth: int | None

    @property
    def x(self) -> FloatArray:
        """First step of each bucket."""
        return self.first + np.arange(len(self.low), dtype=np.float64) * self.bucket

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
    first: int = 0,
) -> DepthProfile:
    """The depth profile of ``recording`` from step ``first`` to step ``end`` (default: all
    of it): what the plot shows, zoomed in or not.

    ``max_depth``: a bound on the depth (the board's squares), when known: below 32,768
    the running sums are kept in 16 bits, which halves the cost of a long run.
    """
    small = max_depth is not None and max_depth < 1 << 15
    with recording.lock:
        length = len(recording)
        n = length if end is None else max(0, min(end, length))
        first = max(0, min(first, n))
        gaps = tuple(recording.gaps())
        anchors = recording.depth_anchors()
        anchor_steps = [s for s, _ in anchors]
        bucket = max(1, -(-(n - first) // max(1, buckets)))  # ceil
        count = (n - first) // bucket + 1
        low = np.full(count, np.nan)
        high = np.full(count, np.nan)
        total = np.zeros(count)
        seen = np.zeros(count)
        acc = (low, high, total, seen)
        for a, b in _kept(gaps, length):
            if a > n:
                break
            if b < first:
                continue
            a = max(a, first)
            depth = _depth_at(recording, anchors, anchor_steps, a, b)
            if depth is None:
                continue  # no known depth in this stretch (cannot happen: the end is one)
            _put(acc, bucket, a - first, np.array([depth]))
            at = a
            stop = min(b, n)
            while at < stop:
                take = min(CHUNK, stop - at)
                ev = np.frombuffer(recording.events(at, at + take), dtype=np.int32)
                ups = (ev >= 0).astype(np.int8)  # 1 a move, 0 a backtrack
                ups *= 2
                ups -= 1  # +1 a move, -1 a backtrack
                depths = np.cumsum(ups, dtype=np.int16 if small else np.int32)
                np.add(depths, depth, out=depths)
                _put(acc, bucket, at + 1 - first, depths)
                depth = int(depths[-1])
                at += take
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = total / seen  # NaN where nothing was kept
    return DepthProfile(first, n, bucket, low, high, mean, gaps, recording.solution_depth)


def _depth_at(
    recording: Recording,
    anchors: list[tuple[int, int]],
    anchor_steps: list[int],
    step: int,
    end: int,
) -> int | None:
    """The depth at ``step``, from the nearest anchor before it in its stretch of kept
    steps (which starts at ``step`` or earlier), else the first one after it (up to
    ``end``, where the stretch ends)."""
    j = bisect.bisect_right(anchor_steps, step) - 1
    i = bisect.bisect_left(anchor_steps, step)
    if j >= 0 and recording.replayable(anchor_steps[j], step):
        return anchors[j][1] + _delta(recording, anchor_steps[j], step)
    if i < len(anchors) and anchor_steps[i] <= end:
        return anchors[i][1] - _delta(recording, step, anchor_steps[i])
    return None


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


def _put(
    acc: tuple[FloatArray, FloatArray, FloatArray, FloatArray],
    bucket: int,
    first: int,
    depths: npt.NDArray[Any],
) -> None:
    """Fold the depths after steps ``first``, ``first`` + 1, … (counted from the profile's
    first step) into their buckets: lowest, highest, sum and count."""
    low, high, total, seen = acc
    if bucket == 1:
        end = first + len(depths)
        low[first:end] = high[first:end] = total[first:end] = depths
        seen[first:end] = 1
        return
    k0 = first // bucket
    k1 = (first + len(depths) - 1) // bucket
    # Offsets into ``depths`` where each bucket starts (the first one part-way, maybe).
    starts = np.arange(k0 + 1, k1 + 1, dtype=np.int64) * bucket - first
    offsets = np.concatenate(([0], starts))
    span = slice(k0, k1 + 1)
    low[span] = np.fmin(low[span], np.minimum.reduceat(depths, offsets))
    high[span] = np.fmax(high[span], np.maximum.reduceat(depths, offsets))
    # A bucket sums in 32 bits when that cannot overflow (faster).
    deepest = max(int(np.nanmax(high[span])), -int(np.nanmin(low[span])))
    wide = min(bucket, len(depths)) * deepest >= 1 << 31
    total[span] += np.add.reduceat(depths, offsets, dtype=np.int64 if wide else np.int32)
    seen[span] += np.diff(np.append(offsets, len(depths)))
