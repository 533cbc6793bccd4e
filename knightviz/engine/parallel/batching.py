"""Pieces grouped into tasks: a task costs a worker process (or a Dask worker, more) beyond
its work, so small pieces travel together, in groups of about equal estimated work."""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .runners import Runner
from .tasks import log_sum


@dataclass(frozen=True, slots=True)
class Batch:
    """Several pieces as one task: a task costs a worker process about 0.3 ms and a Dask
    worker more, so small pieces travel together."""

    tasks: tuple[Any, ...]

    def __call__(self) -> list[Any]:
        return [task() for task in self.tasks]


#: Batches per worker a run aims for (enough for the last ones to balance the load).
BATCHES_PER_WORKER = 16
#: Pieces in one batch at most.
BATCH_MAX = 64
#: A task carries at least this many times what it costs beyond its work (``task_seconds``
#: of its runner): a short job on a cluster, where a task costs milliseconds of the
#: scheduler's and the workers' time, goes out as fewer, larger tasks.
TASK_WORTH = 25


def batches(
    order: Sequence[int], log_sizes: Sequence[float], workers: int, least: float = 0.0
) -> list[list[int]]:
    """Consecutive runs of ``order`` grouped so that each holds about 1 / (workers ×
    BATCHES_PER_WORKER) of the estimated work (a large piece alone); one piece a batch
    when there is one worker (the cancel flag is then read between pieces).

    ``least`` is the smallest share of the work one batch should hold. When it asks for
    fewer batches than that (a short job where a task is dear), the pieces are packed
    into that many batches, but never fewer than ``workers``: each piece, largest first,
    into the lightest, so the load is as even as the estimates can make it."""
    if workers <= 1:
        return [[i] for i in order]
    whole = log_sum(log_sizes)
    sizes = [math.exp(x - whole) if whole > -math.inf else 0.0 for x in log_sizes]
    share = 1.0 / (workers * BATCHES_PER_WORKER)
    if least > share:
        bins = max(workers, int(1.0 / least))
        if bins < len(order):
            return _packed(order, sizes, bins)
    groups: list[list[int]] = []
    current: list[int] = []
    filled = 0.0
    for i in order:
        if current and (filled + sizes[i] > share or len(current) >= BATCH_MAX):
            groups.append(current)
            current, filled = [], 0.0
        current.append(i)
        filled += sizes[i]
    if current:
        groups.append(current)
    return groups


def _packed(order: Sequence[int], sizes: Sequence[float], bins: int) -> list[list[int]]:
    """``order`` in ``bins`` groups, largest piece first into the lightest (longest
    processing time first); the heaviest group first, each group's pieces in ``order``."""
    rank = {i: r for r, i in enumerate(order)}
    heap = [(0.0, b) for b in range(bins)]
    groups: list[list[int]] = [[] for _ in range(bins)]
    for i in sorted(order, key=lambda i: (-sizes[i], rank[i])):
        load, b = heapq.heappop(heap)
        groups[b].append(i)
        heapq.heappush(heap, (load + sizes[i], b))
    loads = {b: load for load, b in heap}
    kept = sorted((b for b in range(bins) if groups[b]), key=lambda b: (-loads[b], b))
    return [sorted(groups[b], key=rank.__getitem__) for b in kept]


def run_batched(
    runner: Runner,
    tasks: Sequence[Callable[[], Any]],
    order: Sequence[int],
    log_sizes: Sequence[float],
    on_result: Callable[[int, Any], None],
    poll: Callable[[], bool],
    seconds: float = math.inf,
) -> bool:
    """``runner.run`` with the tasks grouped by ``batches``; results still one by one.
    ``seconds``: the whole job's estimated time on one core (how dear a task is beside
    it)."""
    least = TASK_WORTH * runner.task_seconds / seconds if seconds > 0 else 0.0
    groups = batches(order, log_sizes, runner.workers, least)
    if all(len(g) == 1 for g in groups):
        return runner.run(tasks, [g[0] for g in groups], on_result, poll)
    grouped = [Batch(tuple(tasks[i] for i in g)) for g in groups]

    def on_batch(b: int, results: list[Any]) -> None:
        for i, result in zip(groups[b], results, strict=True):
            on_result(i, result)

    return runner.run(grouped, range(len(groups)), on_batch, poll)
