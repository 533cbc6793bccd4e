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
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from knightviz.engine import kernels
from knightviz.engine.recording import Recording

#: Columns of a long run's depth plot: min and max depth in each.
BUCKETS = 2000
#: Steps read from the recording at a time (bounded memory on runs of any length).
CHUNK = 1 << 20
#: A live profile that lost steps to the recording's budget goes on this many of its slices
#: before the end (see ``LiveProfile._past_gap``).
LEAD = 4

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

    def columns(self, least: int) -> DepthProfile:
        """This profile in ``least`` to 2 × ``least`` buckets (as it is if it has fewer),
        neighbours merged (lowest of their lows, highest of their highs, mean of their
        means). Drawing 2,000 strokes into 400 pixels painted each pixel five times over (a
        25-60 ms paint, once a second, while a run goes); fewer strokes than two a pixel
        let their joins leave pale diagonal lines across the band."""
        n = len(self.low)
        k = n // max(least, 1)
        if self.bucket == 1 or k <= 1:
            return self
        pad = (-n) % k

        def groups(a: FloatArray) -> FloatArray:
            return np.concatenate((a, np.full(pad, np.nan))).reshape(-1, k)

        # Each bucket weighs its steps (the last one may hold fewer); unknown ones nothing.
        weight = np.full(n, float(self.bucket))
        weight[-1] = max(1.0, min(float(self.bucket), self.steps - self.x[-1] + 1))
        weight[np.isnan(self.mean)] = 0.0
        w = groups(weight)
        w[np.isnan(w)] = 0.0
        total = w.sum(axis=1)
        sums = (np.nan_to_num(groups(self.mean)) * w).sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = np.where(total > 0, sums / total, np.nan)
        return replace(
            self,
            bucket=self.bucket * k,
            low=np.fmin.reduce(groups(self.low), axis=1),
            high=np.fmax.reduce(groups(self.high), axis=1),
            mean=mean,
        )

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
                depth = _fold(acc, bucket, at + 1 - first, ev, depth, small)
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


def _fold(
    acc: tuple[FloatArray, FloatArray, FloatArray, FloatArray],
    bucket: int,
    first: int,
    events: npt.NDArray[np.int32],
    depth: int,
    small: bool,
) -> int:
    """Fold the depths after ``events`` (the first at index ``first``) into their
    buckets, from ``depth``; the depth after them. The compiled pass when the kernels are
    loaded (one pass, 2 ns a step), else numpy's."""
    compiled = kernels.depth_fold()
    if compiled is not None:
        return int(compiled(events, depth, bucket, first, *acc))
    ups = (events >= 0).astype(np.int8)  # 1 a move, 0 a backtrack
    ups *= 2
    ups -= 1  # +1 a move, -1 a backtrack
    depths = np.cumsum(ups, dtype=np.int16 if small else np.int32)
    np.add(depths, depth, out=depths)
    _put(acc, bucket, first, depths)
    return int(depths[-1])


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


class LiveProfile:
    """The depth profile of a run still going, grown a slice at a time.

    Each ``advance`` reads at most ``budget`` new steps of the recording (a frame's worth of
    work, a few milliseconds), folding them into at most ``2 * buckets`` columns; when the
    columns are full, neighbours merge and a column covers twice the steps. So following a
    run of any length costs the same per frame, and never holds the recording's lock for
    long. A run whose unread steps were dropped (a gap) is read whole again instead.
    """

    def __init__(self, recording: Recording, max_depth: int, buckets: int = BUCKETS) -> None:
        self.recording = recording
        self.buckets = buckets
        self._small = max_depth < 1 << 15
        self.bucket = 1
        self.done = 0  # steps folded in
        self.depth = len(recording.initial)
        #: Steps not folded in were dropped and no depth is known after them: this profile
        #: cannot be completed (gaps with a known depth after them are skipped).
        self.lost = False
        #: Stretches of steps dropped before they were folded in (shown as gaps).
        self.skipped: list[tuple[int, int]] = []
        size = 2 * buckets
        self._low = np.full(size, np.nan)
        self._high = np.full(size, np.nan)
        self._total = np.zeros(size)
        self._seen = np.zeros(size)
        _put(self._acc(), 1, 0, np.array([self.depth]))

    def _acc(self) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
        return self._low, self._high, self._total, self._seen

    def _merge(self) -> None:
        """Halve the columns: each new one covers two old ones."""
        half = len(self._low) // 2
        low, high = self._low.reshape(half, 2), self._high.reshape(half, 2)
        merged = (
            np.fmin(low[:, 0], low[:, 1]),
            np.fmax(high[:, 0], high[:, 1]),
            self._total.reshape(half, 2).sum(axis=1),
            self._seen.reshape(half, 2).sum(axis=1),
        )
        for array, values in zip(self._acc(), merged, strict=True):
            array[:half] = values
            array[half:] = np.nan if array is self._low or array is self._high else 0.0
        self.bucket *= 2

    def advance(self, budget: int = CHUNK) -> bool:
        """Fold in up to ``budget`` more steps; True when up to date. Steps dropped before
        they were folded in are skipped (``skipped``); ``lost`` is set only when no depth
        is known after them: read the whole recording with ``depth_profile`` then."""
        rec = self.recording
        with rec.lock:
            length = len(rec)
            stop = min(length, self.done + budget)
            if stop <= self.done:
                return True
            if not rec.replayable(self.done, stop):
                resumed = self._past_gap(stop, budget)
                if resumed is None:
                    self.lost = True
                    return False
                stop = resumed
                if stop <= self.done:
                    return self.done >= length
            while (stop + 1) // self.bucket >= len(self._low):
                self._merge()

            def fold(view: memoryview) -> None:
                events = np.frombuffer(view, dtype=np.int32)
                self.depth = _fold(
                    self._acc(), self.bucket, self.done + 1, events, self.depth, self._small
                )
                self.done += len(events)

            if kernels.depth_fold() is not None:
                rec.read(self.done, stop, fold)  # in place: the compiled fold is quick
                return stop >= length
            copied = rec.events(self.done, stop)
        fold(memoryview(copied))  # numpy's fold outside the lock
        return stop >= length

    def _past_gap(self, stop: int, budget: int) -> int | None:
        """Steps ahead were dropped (the recording's memory budget, while this profile was
        behind): fold up to the gap, or, at it, go on from the first kept step after it
        (its depth worked back from its stretch's anchor), the dropped steps left unknown.
        The new ``stop``; None if no depth is known there."""
        rec = self.recording
        gaps = tuple(rec.gaps())
        stretches = _kept(gaps, len(rec))
        for a, b in stretches:
            if a <= self.done < b:
                return min(stop, b)  # the kept steps before the gap first
        after = next(((a, b) for a, b in stretches if a > self.done), None)
        if after is None:
            return None
        a, b = after
        anchors = rec.depth_anchors()
        steps = [s for s, _ in anchors]
        if b == len(rec):
            # The newest stretch: its oldest blocks go next, and a search makes steps
            # faster than they are folded in here. Starting at its first step, this profile
            # would fall into a new gap every frame; it starts LEAD slices before the end
            # instead, at an anchor (no steps to replay for its depth).
            j = bisect.bisect_right(steps, max(a, b - LEAD * budget)) - 1
            if j >= 0 and steps[j] >= a:
                a = steps[j]
        depth = _depth_at(rec, anchors, steps, a, b)
        if depth is None:
            return None
        self.skipped.append((self.done, a))
        while (a + 1) // self.bucket >= len(self._low):
            self._merge()
        _put(self._acc(), self.bucket, a, np.array([depth]))
        self.done, self.depth = a, depth
        return min(b, a + budget)

    def profile(self) -> DepthProfile:
        """The profile of the steps folded in so far."""
        count = self.done // self.bucket + 1
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = self._total[:count] / self._seen[:count]
        return DepthProfile(
            0,
            self.done,
            self.bucket,
            self._low[:count].copy(),
            self._high[:count].copy(),
            mean,
            tuple(self.skipped),
            self.recording.solution_depth,
        )
