"""Running a plan and adding up what comes back: progress, the limit's frontier, totals.

Results arrive in any order; the total is a sum of integers added in the plan's order, so it
is the same whatever finishes first and however many processes run it. A bounded run
(``limit``) stops exactly where running the pieces one by one in plan order would have.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from ..count import Counted
from ..queens_constellations import Counted as QueensCounted
from .batching import run_batched
from .planning import Plan
from .runners import ClusterLost, Runner
from .tasks import Piece, log_sum, pieces_log_sum

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a run is: pieces done of all, the estimated share of the work done, what
    they found, and the time so far and (once it can be told) left."""

    done: int
    total: int
    fraction: float
    count: int
    elapsed: float
    eta: float | None


@dataclass
class RunOutcome(Generic[T]):
    """What a run produced: every piece's result, in plan order (None: not run), and how
    it ended: ``complete``, or stopped by ``cancelled`` / ``interrupted`` / ``limit`` /
    ``lost`` (the cluster stopped answering)."""

    results: list[T | None]
    stopped: str | None = None
    seconds: float = 0.0
    #: With ``stopped`` "lost": what happened to the cluster, in one line.
    reason: str | None = None

    @property
    def complete(self) -> bool:
        return self.stopped is None


class Tally(Generic[T]):
    """Results as they arrive; progress by the estimates of the pieces done."""

    def __init__(
        self,
        pieces: Sequence[Piece],
        value: Callable[[T], int],
        progress: Callable[[Progress], None] | None,
        base: int = 0,
        expected: float | None = None,
    ) -> None:
        self.pieces = pieces
        self.expected = expected
        self.results: list[T | None] = [None] * len(pieces)
        self.value = value
        self.progress = progress
        self.base = base
        self.count = base
        self.done = 0
        self.t0 = time.perf_counter()
        self._whole = pieces_log_sum(pieces)
        self._done_logs: list[float] = []
        self._last = 0.0
        #: The share of the work done before this run (a resumed count's): not this run's
        #: pace, so left out of the time left.
        self._before = 0.0

    def restore(self, done: Mapping[int, T]) -> None:
        """Results of an earlier run (a checkpoint's), in place before this one starts."""
        for i in sorted(done):
            self.add(i, done[i], report=False)
        self._before = self._fraction()

    def _fraction(self) -> float:
        if self._done_logs and self._whole > -math.inf:
            return min(1.0, math.exp(log_sum(self._done_logs) - self._whole))
        return self.done / len(self.pieces) if self.pieces else 1.0

    def add(self, i: int, result: T, report: bool = True) -> None:
        if self.results[i] is None:
            self.done += 1
            self.count += self.pieces[i].weight * self.value(result)
            self._done_logs.append(self.pieces[i].log_nodes)
        self.results[i] = result
        if report:
            self.report()

    def report(self, force: bool = False) -> None:
        if self.progress is None:
            return
        now = time.perf_counter()
        if not force and now - self._last < 0.1 and self.done < len(self.pieces):
            return
        self._last = now
        elapsed = now - self.t0
        fraction = self._fraction()
        if fraction > self._before:
            eta: float | None = elapsed * (1 - fraction) / (fraction - self._before)
        elif self.expected is not None:  # nothing finished yet: the plan's own estimate
            eta = max(0.0, self.expected - elapsed)
        else:
            eta = None
        self.progress(Progress(self.done, len(self.pieces), fraction, self.count, elapsed, eta))


def run_plan(
    plan: Plan,
    runner: Runner,
    *,
    limit: int | None = None,
    progress: Callable[[Progress], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    done: Mapping[int, Any] | None = None,
    on_piece: Callable[[int, Any], None] | None = None,
) -> RunOutcome[Any]:
    """Run every piece of ``plan``; results in plan order.

    ``done``: results of pieces finished by an earlier run (a checkpoint's, by index), not
    run again; ``on_piece`` hears each piece this run finishes, as it is added (a
    checkpoint records it). Neither goes with ``limit`` (its frontier starts at the first
    piece).

    ``limit``: stop after that many nodes in all (planning's included), exactly where a run
    of the pieces one by one in plan order would have stopped, whatever the runner: pieces
    are accepted in plan order while they fit; the first that does not is counted again with
    what is left of the budget; later ones are dropped. KeyboardInterrupt and ``cancel``
    stop every worker; the outcome then holds the pieces that finished (``stopped``).
    """
    pieces = plan.pieces
    value: Callable[[Any], int] = (
        (lambda r: r.count) if plan.kind == "tours" else (lambda r: r.total)
    )
    expected = plan.seconds(runner.workers)
    tally: Tally[Any] = Tally(pieces, value, progress, plan.count, expected)
    earlier = dict(done or {})
    if earlier:
        if limit is not None:
            raise ValueError("a run resumed from earlier results has no step limit")
        tally.restore(earlier)
    budget = None if limit is None else limit - plan.nodes
    if budget is not None and budget <= 0:
        return RunOutcome([None] * len(pieces), "limit")
    tasks = [p.task if budget is None else replace(p.task, budget=budget) for p in pieces]
    stop = {"why": None if cancel is None or not cancel() else "cancelled"}
    frontier = {"next": 0, "used": 0}

    def accept(i: int, result: Any) -> None:
        if stop["why"] == "limit":
            return  # past the frontier: dropped (a batch may still be delivering)
        tally.add(i, result)
        if budget is None:
            if on_piece is not None:
                on_piece(i, result)
            return
        while frontier["next"] < len(pieces):
            j = frontier["next"]
            got = tally.results[j]
            if got is None:
                return
            if got.finished and frontier["used"] + got.nodes <= budget:
                frontier["used"] += got.nodes
                frontier["next"] += 1
                continue
            left = budget - frontier["used"]
            redo = replace(pieces[j].task, budget=left)() if left > 0 else _nothing(plan.kind)
            tally.count -= pieces[j].weight * value(got)
            tally.count += pieces[j].weight * value(redo)
            tally.results[j] = redo
            for k in range(j + 1, len(pieces)):
                if tally.results[k] is not None:
                    tally.count -= pieces[k].weight * value(tally.results[k])
                    tally.results[k] = None
            frontier["next"] = len(pieces)
            stop["why"] = "limit"
            return

    def poll() -> bool:
        if stop["why"] is None and cancel is not None and cancel():
            stop["why"] = "cancelled"
        return stop["why"] is not None

    order = sorted(
        (i for i in range(len(pieces)) if i not in earlier), key=lambda i: -pieces[i].log_nodes
    )
    if budget is not None:
        order = list(range(len(pieces)))  # the frontier moves in plan order
    t0 = time.perf_counter()
    lost: str | None = None
    try:
        run_batched(
            runner, tasks, order, [p.log_nodes for p in pieces], accept, poll, plan.seconds(1)
        )
    except KeyboardInterrupt:
        stop["why"] = "interrupted"
    except ClusterLost as exc:
        stop["why"] = "lost"
        lost = str(exc)
    tally.report(force=True)
    return RunOutcome(tally.results, stop["why"], time.perf_counter() - t0, lost)


def _nothing(kind: str) -> Any:
    """A piece's result with no budget left: nothing counted."""
    return Counted(0, 0, False) if kind == "tours" else QueensCounted(0, 0, 0, False)


@dataclass(frozen=True, slots=True)
class CountResult:
    """A count's answer: exact when ``complete``, otherwise what the finished pieces hold
    (``stopped`` says why: cancelled, interrupted or limit)."""

    count: int
    nodes: int
    pieces_done: int
    pieces: int
    seconds: float
    stopped: str | None = None
    #: N-Queens: the number of classes of symmetric solutions (None for tours).
    unique: int | None = None
    #: With ``stopped`` "lost": what happened to the cluster, in one line.
    reason: str | None = None

    @property
    def complete(self) -> bool:
        return self.stopped is None


def total(plan: Plan, outcome: RunOutcome[Any]) -> CountResult:
    """Add up an outcome in plan order (so the same pieces give the same sum)."""
    count, unique, nodes, done = plan.count, plan.unique, plan.nodes, 0
    for piece, result in zip(plan.pieces, outcome.results, strict=True):
        if result is None:
            continue
        done += 1
        nodes += result.nodes
        if plan.kind == "tours":
            count += piece.weight * result.count
        else:
            count += result.total
            unique += result.eighths
    return CountResult(
        count,
        nodes,
        done,
        len(plan.pieces),
        outcome.seconds,
        outcome.stopped,
        unique // 8 if plan.kind == "queens" else None,
        outcome.reason,
    )
