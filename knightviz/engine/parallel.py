"""Counting and sweeping on every core, or on a Dask cluster: independent subproblems.

A count is split into *pieces*: the tours below a prefix of the first moves (one start
square per orbit of the board's symmetries), or the N-Queens solutions below the queens of
the first rows. No piece depends on another, so they can run anywhere in any order; the
total is a sum of integers added in the plan's order, so it is the same whatever finishes
first and however many processes run it. A sweep's pieces are its start squares.

The plan splits the piece with the largest estimated tree (Knuth's random probes of the
pruned tree, ``kernels/_count``) until there are enough pieces and none is much larger than
a share of the whole; those estimates also give the progress fraction and the time left,
and, before any work, the size of the job (``Plan.log_nodes``).

Where the pieces run (``Runner``): in this process (``jobs=1``), in a
``concurrent.futures.ProcessPoolExecutor`` (``jobs>1``), or on an existing Dask
distributed cluster (``scheduler=ADDRESS``; the optional extra ``knightviz[cluster]``). A
cancel flag, or Ctrl-C in the caller's thread, stops every worker at once; what finished by
then is returned as a partial result, never mistaken for a total.
"""

from __future__ import annotations

import contextlib
import heapq
import importlib
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Generic, Protocol, TypeVar

from . import backends
from .board import FULL, Board, Shape
from .count import (
    UNLIMITED,
    Counted,
    children,
    count_below,
    first_move_orbits,
    symmetry_orbits,
)
from .queens_count import KERNEL_MAX, QueensCounted, prefix_nodes, roots
from .queens_count import children as queens_children
from .queens_count import count_below as queens_below
from .sweep import CHUNK, StartRun, run_start
from .tour import Strategy, TourConfig
from .verdict import verdict

#: The environment variable that names a Dask scheduler (like ``--scheduler``).
ENV_SCHEDULER = "KNIGHTVIZ_SCHEDULER"
#: How long connecting to a Dask scheduler may take before it is reported unreachable.
CONNECT_SECONDS = 5.0
#: Pieces a plan aims for (more when more workers than PIECES / 32 are there). Independent
#: of ``jobs`` below that, so a bounded count (``limit``) stops at the same node either way.
PIECES = 256
#: A piece no bigger than this share of the estimated whole (then the plan stops splitting).
SHARE = 1 / 128
#: Boards above this many squares are not split below their start squares.
SPLIT_MAX_SQUARES = 256
#: Work estimated below this many seconds on one core is not split at all (splitting costs
#: more than it saves). Depends on the work alone, never on ``jobs``.
SPLIT_MIN_SECONDS = 0.3
#: Random probes per estimate of a piece made by splitting, and of a root piece (whose
#: estimates add up to the figure announced before a long count); the pure-Python engine
#: makes PY_PROBES_LESS times fewer.
PROBES = 8
ROOT_PROBES = 256
PY_PROBES_LESS = 16
#: Pieces the pure-Python engine's plans aim for (its planning is slower, its counting too).
PIECES_PY = 128
#: Steps between two looks at the cancel flag when a sweep runs in the caller's thread.
SWEEP_CHUNK = 1 << 16

#: Nodes per second per core (the backend policy's speed figures), by (kind, backend, board
#: of up to 64 squares): used to say how long a job will take before it starts.
RATES = backends.COUNT_RATES

T = TypeVar("T")


class ClusterError(RuntimeError):
    """The Dask path cannot run: ``distributed`` missing, or the scheduler unreachable.
    The message is one line for the user."""


def usable_cpus() -> int:
    """CPUs this process may run on (its affinity mask where the platform has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def scheduler_address(given: str | None) -> str | None:
    """The Dask scheduler to use: ``given``, else ``$KNIGHTVIZ_SCHEDULER``, else None."""
    if given:
        return given
    return os.environ.get(ENV_SCHEDULER, "").strip() or None


# -- the pieces (picklable: module-level classes, plain fields) -----------------------------


@dataclass(frozen=True, slots=True)
class TourTask:
    """Count the tours below ``path``."""

    rows: int
    cols: int
    path: tuple[int, ...]
    closed: bool
    backend: str
    budget: int = UNLIMITED
    shape: Shape = FULL

    def __call__(self) -> Counted:
        return count_below(
            self.rows,
            self.cols,
            self.path,
            self.closed,
            self.budget,
            backend=self.backend,
            shape=self.shape,
        )


@dataclass(frozen=True, slots=True)
class QueensTask:
    """Count the N-Queens solutions (and classes) below ``prefix``."""

    n: int
    prefix: tuple[int, ...]
    backend: str
    budget: int = UNLIMITED

    def __call__(self) -> QueensCounted:
        return queens_below(self.n, self.prefix, self.budget, backend=self.backend)


@dataclass(frozen=True, slots=True)
class SweepTask:
    """Run one start square of a sweep (``sweep.run_start``)."""

    config: TourConfig
    backend: str
    chunk: int = CHUNK

    def __call__(self) -> StartRun:
        return run_start(self.config, chunk=self.chunk, backend=self.backend)


def _call(task: Callable[[], T]) -> T:
    return task()


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
    whole = _log_sum(list(log_sizes), [])
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


@dataclass(frozen=True, slots=True)
class Piece:
    """One independent subproblem: its task, its multiplicity (a start square's orbit) and
    its estimated size (natural log of nodes, for balance and progress)."""

    task: Any
    weight: int = 1
    log_nodes: float = 0.0


@dataclass
class Plan:
    """The pieces of a count, and what planning found on the way (tours completed inside
    a prefix, the prefix nodes themselves), exact."""

    kind: str
    pieces: list[Piece]
    count: int = 0
    unique: int = 0
    nodes: int = 0
    backend: str = backends.PYTHON
    #: Boards of up to 64 squares count on one word (faster; see RATES).
    small: bool = True
    #: How ``refine`` splits a piece (None: not split further).
    grow: Callable[[Piece], tuple[list[Piece], int, int, int]] | None = None

    #: The whole job's estimate as it was before splitting (the roots' estimates have many
    #: more probes than the pieces', so it stays the job's figure; the pieces' own estimates
    #: still give each one's share of it).
    whole: float | None = None

    @property
    def log_nodes(self) -> float:
        """Natural log of the estimated nodes of the whole job (planning's included)."""
        if self.whole is not None:
            return self.whole
        return _log_sum([math.log(self.nodes)] if self.nodes else [], self.pieces)

    def seconds(self, workers: int) -> float:
        """Estimated time on ``workers`` cores of the benchmark machine (may be inf)."""
        rate = RATES[(self.kind, self.backend, self.small)] * max(1, workers)
        exponent = self.log_nodes - math.log(rate)
        return math.exp(exponent) if exponent < 700 else math.inf


def _log_sum(extra: list[float], pieces: Sequence[Piece]) -> float:
    logs = extra + [p.log_nodes for p in pieces]
    if not logs:
        return -math.inf
    top = max(logs)
    if top == -math.inf:
        return top
    return top + math.log(sum(math.exp(x - top) for x in logs))


# -- planning ------------------------------------------------------------------------------


def _tour_log_nodes(
    rows: int,
    cols: int,
    path: Sequence[int],
    closed: bool,
    backend: str,
    probes: int,
    shape: Shape = FULL,
) -> float:
    if backend == backends.NUMBA:
        from .kernels.counting import tours_log_nodes_compiled

        seed = hash(tuple(path)) & 0xFFFF_FFFF
        return tours_log_nodes_compiled(rows, cols, path, closed, probes, seed, shape)
    from .count_estimate import tour_log_nodes

    fewer = max(1, probes // PY_PROBES_LESS)
    return tour_log_nodes(rows, cols, path, closed, probes=fewer, shape=shape)


def _queens_log_nodes(n: int, prefix: Sequence[int], backend: str, probes: int) -> float:
    if backend == backends.NUMBA and n <= KERNEL_MAX:
        from .kernels.counting import queens_log_nodes_compiled

        seed = hash(tuple(prefix)) & 0xFFFF_FFFF
        return queens_log_nodes_compiled(n, prefix, probes, seed)
    from .count_estimate import queens_log_nodes

    return queens_log_nodes(n, prefix, probes=max(1, probes // PY_PROBES_LESS))


def _split(
    pieces: list[Piece],
    grow: Callable[[Piece], tuple[list[Piece], int, int, int]],
    target: int,
) -> tuple[list[Piece], int, int, int]:
    """Split the largest piece until ``target`` pieces and none above ``SHARE`` of the
    whole; ``grow`` gives a piece's children pieces and the (count, unique, nodes) found
    on the way. Returns the pieces in a fixed order (their tasks' order)."""
    heap = [(-p.log_nodes, i, p) for i, p in enumerate(pieces)]
    heapq.heapify(heap)
    found = unique = nodes = 0
    serial = len(heap)
    whole = _log_sum([], pieces)
    while heap and len(heap) < target * 4:
        neg, _, top = heap[0]
        if len(heap) >= target and -neg <= whole + math.log(SHARE):
            break
        heapq.heappop(heap)
        kids, c, u, k = grow(top)
        found += c
        unique += u
        nodes += k
        for kid in kids:
            heapq.heappush(heap, (-kid.log_nodes, serial, kid))
            serial += 1
        if not kids and not heap:
            break
    ordered = sorted((p for _, _, p in heap), key=_order_key)
    return ordered, found, unique, nodes


def _order_key(piece: Piece) -> tuple[Any, ...]:
    task = piece.task
    if isinstance(task, TourTask):
        return task.path
    if isinstance(task, QueensTask):
        return task.prefix
    return (0,)


def plan_tours(
    rows: int,
    cols: int,
    start: int | None = None,
    closed: bool = False,
    *,
    backend: str | None = None,
    workers: int = 1,
    split: bool = True,
    shape: Shape = FULL,
) -> Plan:
    """The pieces of counting the directed tours from ``start`` (or every square): one per
    start square (per orbit of the board's symmetries), then, with ``split``, ``refine``d.

    Squares a known fact rules out (``verdict``: wrong colour, no tour on this board, …)
    get no piece at all: they start no tour.
    """
    board = Board(rows, cols, shape)
    if start is not None and not board.present(start):
        raise ValueError(f"start square {board.name(start)} is a hole")
    chosen = backends.choose(backend)
    orbits = symmetry_orbits(board) if start is None else [[start]]
    pieces: list[Piece] = []
    plan = Plan("tours", [], backend=chosen, small=board.size <= 64)
    for orbit in orbits:
        if verdict(board, orbit[0], closed) is not None:
            continue
        plan.nodes += 1  # the start square itself
        if board.area == 1:
            plan.count += len(orbit) * int(not closed)
            continue
        start_sq = orbit[0]
        moves = children(rows, cols, (start_sq,), closed, shape)
        groups = first_move_orbits(board, start_sq, [sq for sq, _ in moves])
        if len(groups) == len(moves):  # no symmetry fixes the start: one piece
            task = TourTask(rows, cols, (start_sq,), closed, chosen, shape=shape)
            pieces.append(Piece(task, len(orbit), 0.0))
            continue
        # A symmetry fixes the start: one first move of each group, weighted by its size.
        complete = dict(moves)
        for group in groups:
            plan.nodes += 1
            weight = len(orbit) * len(group)
            if complete[group[0]]:
                plan.count += weight
                continue
            task = TourTask(rows, cols, (start_sq, group[0]), closed, chosen, shape=shape)
            pieces.append(Piece(task, weight, 0.0))
    plan.pieces = _estimate_all(
        pieces,
        lambda t: _tour_log_nodes(rows, cols, t.path, closed, chosen, ROOT_PROBES, shape),
    )

    def grow(piece: Piece) -> tuple[list[Piece], int, int, int]:
        task: TourTask = piece.task
        kids = []
        found = 0
        moves = children(rows, cols, task.path, closed, shape)
        for sq, complete in moves:
            if complete:
                found += piece.weight
                continue
            path = (*task.path, sq)
            log_nodes = _tour_log_nodes(rows, cols, path, closed, chosen, PROBES, shape)
            kids.append(Piece(replace(task, path=path), piece.weight, log_nodes))
        return kids, found, 0, len(moves)

    plan.grow = grow if board.size <= SPLIT_MAX_SQUARES else None
    return refine(plan, workers) if split else plan


def plan_queens(
    n: int, *, backend: str | None = None, workers: int = 1, split: bool = True
) -> Plan:
    """The pieces of counting the n-Queens solutions by symmetry classes (``queens_count``):
    one per root (a first row, or a corner and a second row), then, with ``split``,
    ``refine``d."""
    chosen = backends.choose(backend)
    if n > KERNEL_MAX:
        chosen = backends.PYTHON
    plan = Plan("queens", [], backend=chosen)
    starts = roots(n)
    plan.nodes = prefix_nodes(starts)
    pieces = [Piece(QueensTask(n, root, chosen)) for root in starts]
    plan.pieces = _estimate_all(
        pieces, lambda t: _queens_log_nodes(n, t.prefix, chosen, ROOT_PROBES)
    )

    def grow(piece: Piece) -> tuple[list[Piece], int, int, int]:
        task: QueensTask = piece.task
        kids = []
        total = unique = 0
        files = queens_children(n, task.prefix)
        for x in files:
            prefix = (*task.prefix, x)
            if len(prefix) == n:  # a complete placement: counted here
                got = queens_below(n, prefix, backend=chosen)
                total += got.total
                unique += got.unique
                continue
            log_nodes = _queens_log_nodes(n, prefix, chosen, PROBES)
            kids.append(Piece(replace(task, prefix=prefix), 1, log_nodes))
        return kids, total, unique, len(files)

    plan.grow = grow if n <= KERNEL_MAX else None
    return refine(plan, workers) if split else plan


def refine(plan: Plan, workers: int = 1) -> Plan:
    """Split the plan's pieces (largest estimate first) until there are enough to balance
    ``workers`` (``PIECES`` at least, the same for any smaller number of workers). Work
    estimated under ``SPLIT_MIN_SECONDS`` stays whole. Planning's finds go to the plan."""
    if plan.grow is None or plan.seconds(1) < SPLIT_MIN_SECONDS:
        return plan
    target = max(PIECES if plan.backend == backends.NUMBA else PIECES_PY, 32 * workers)
    plan.whole = plan.log_nodes
    pieces, found, unique, nodes = _split(plan.pieces, plan.grow, target)
    plan.pieces = pieces
    plan.count += found
    plan.unique += unique
    plan.nodes += nodes
    plan.grow = None
    return plan


def _estimate_all(pieces: list[Piece], estimate: Callable[[Any], float]) -> list[Piece]:
    """Each piece's estimate; beyond 64 pieces, 64 of them spread evenly stand for the rest."""
    if len(pieces) <= 64:
        return [replace(p, log_nodes=estimate(p.task)) for p in pieces]
    step = len(pieces) / 64
    sample = [estimate(pieces[int(i * step)].task) for i in range(64)]
    mean = _log_sum(sample, []) - math.log(len(sample))
    return [replace(p, log_nodes=mean) for p in pieces]


# -- running -------------------------------------------------------------------------------


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
    it ended: ``complete``, or stopped by ``cancelled`` / ``interrupted`` / ``limit``."""

    results: list[T | None]
    stopped: str | None = None
    seconds: float = 0.0

    @property
    def complete(self) -> bool:
        return self.stopped is None


class Runner(Protocol):
    """Where pieces run. ``run`` calls ``on_result(index, result)`` in the caller's thread
    as pieces finish, in any order, until all are done (True) or ``poll()`` says stop
    (False; it is asked between results and about ten times a second), then stops every
    worker at once. KeyboardInterrupt stops them too, and propagates."""

    workers: int
    #: What one task costs beyond its work: sending it, starting it, its result back.
    task_seconds: float

    def run(
        self,
        tasks: Sequence[Callable[[], Any]],
        order: Sequence[int],
        on_result: Callable[[int, Any], None],
        poll: Callable[[], bool],
    ) -> bool: ...


class InProcess:
    """Every piece in turn, in this thread (``jobs=1``)."""

    workers = 1
    task_seconds = 0.0

    def run(
        self,
        tasks: Sequence[Callable[[], Any]],
        order: Sequence[int],
        on_result: Callable[[int, Any], None],
        poll: Callable[[], bool],
    ) -> bool:
        for i in order:
            if poll():
                return False
            on_result(i, tasks[i]())
        return not poll()


def _worker_init(backend: str) -> None:
    """In each worker process: Ctrl-C is the parent's business; the kernels load once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    backends.choose(backend)


def _context() -> multiprocessing.context.BaseContext:
    """fork where it is safe (Linux, one thread: workers inherit the loaded kernels at no
    cost); forkserver from a threaded process (the window's background thread); spawn
    elsewhere."""
    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and threading.active_count() == 1 and "fork" in methods:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


class LocalPool:
    """``jobs`` worker processes of a ``ProcessPoolExecutor``."""

    #: Measured: a task costs a worker process about 0.3 ms (``Batch``).
    task_seconds = 0.0003

    def __init__(self, jobs: int, backend: str) -> None:
        self.workers = jobs
        self.backend = backend

    def run(
        self,
        tasks: Sequence[Callable[[], Any]],
        order: Sequence[int],
        on_result: Callable[[int, Any], None],
        poll: Callable[[], bool],
    ) -> bool:
        pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=_context(),
            initializer=_worker_init,
            initargs=(self.backend,),
        )
        finished = False
        try:
            index: dict[Future[Any], int] = {}
            for i in order:
                index[pool.submit(_call, tasks[i])] = i
            pending = set(index)
            while pending:
                if poll():
                    return False
                done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=index.__getitem__):
                    on_result(index[future], future.result())
                    if poll():
                        return False
            finished = True
            return True
        finally:
            _shutdown(pool, kill=not finished)


def _shutdown(pool: ProcessPoolExecutor, kill: bool) -> None:
    """Stop the pool; with ``kill``, its workers at once (mid-piece), not after their piece."""
    if not kill:
        pool.shutdown(wait=True)
        return
    stop = getattr(pool, "kill_workers", None)  # Python 3.14
    if stop is not None:
        stop()
    else:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        for process in processes:
            with contextlib.suppress(OSError, AttributeError):
                process.kill()
    pool.shutdown(wait=True, cancel_futures=True)


class DaskCluster:
    """An existing Dask distributed cluster: the pieces become its tasks (each worker loads
    the compiled kernels once). A worker lost mid-run is Dask's business: it runs that
    worker's pieces again elsewhere, and as pieces are pure the total stays exact."""

    #: Measured on a two-worker LocalCluster: a task costs the scheduler, its worker and the
    #: client about 7 ms of processor time in all (benchmarks/README.md, "Counting").
    task_seconds = 0.007

    def __init__(self, address: str, backend: str, timeout: float = CONNECT_SECONDS) -> None:
        try:
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise ClusterError(
                "--scheduler needs Dask's 'distributed' package: pip install 'knightviz[cluster]'"
            ) from None
        self._distributed = distributed
        self.address = address
        self.backend = backend
        self.client: Any
        try:
            self.client = distributed.Client(address, timeout=f"{timeout}s", set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ClusterError(
                f"cannot reach the Dask scheduler at {address} within {timeout:g} s "
                f"({type(exc).__name__})"
            ) from None
        self.workers = max(1, sum(self.client.nthreads().values()))
        # Dask's client sends its messages in batches at most every 10 ms, made for graphs
        # of thousands of small tasks. A count sends a few large pieces and waits on each:
        # sent at once, the next piece and the closing message do not wait that 10 ms (a
        # 6x6 count closes in 3 ms instead of 10). A private attribute, so only if it is
        # there.
        comm: Any = getattr(self.client, "scheduler_comm", None)
        if isinstance(getattr(comm, "interval", None), float):
            comm.interval = 0.0

    def close(self) -> None:
        self.client.close()

    def run(
        self,
        tasks: Sequence[Callable[[], Any]],
        order: Sequence[int],
        on_result: Callable[[int, Any], None],
        poll: Callable[[], bool],
    ) -> bool:
        """Pieces in ``order`` (largest first), each sent to a chosen worker: every worker
        thread busy and one more piece waiting on each worker, the next sent to the worker
        that just finished one. Sent all at once, the scheduler queues a second piece on
        every worker as it likes, and a large one waiting behind another leaves the others
        idle at the end; sent one at a time, a worker waits a round trip (10 to 15 ms here)
        between pieces. The choice is a preference (``allow_other_workers``): a piece meant
        for a worker that has gone runs on another."""
        client = self.client
        threads: dict[str, int] = dict(client.nthreads())  # workers come and go
        waiting = list(reversed(order))
        index: dict[Any, int] = {}
        home: dict[Any, str | None] = {}
        # Without results: the next piece goes out as soon as one is done, before its
        # result is fetched from the worker.
        arriving = self._distributed.as_completed([], loop=client.loop)
        # Notified (under this lock) after each future is queued: waiting on it wakes as
        # soon as one is done, without polling.
        ready = getattr(arriving, "thread_condition", None)
        queued: Any = getattr(arriving, "queue", None)
        if queued is None:
            ready = None

        def send(worker: str | None) -> None:
            i = waiting.pop()
            where = {} if worker is None else {"workers": [worker], "allow_other_workers": True}
            future = client.submit(_call, tasks[i], pure=False, **where)
            index[future], home[future] = i, worker
            arriving.add(future)

        names = list(threads)
        for turn in range(max(threads.values(), default=0) + 1):
            # Back and forth: the worker given the largest first piece gets the smallest
            # second one.
            for worker in names if turn % 2 == 0 else reversed(names):
                if waiting and turn <= threads[worker]:
                    send(worker)
        while waiting and not names:
            send(None)  # no worker yet: the scheduler keeps them until one comes
        try:
            while index:
                if poll():
                    return False
                batch = arriving.next_batch(block=False)
                if not batch:
                    if ready is None:
                        time.sleep(0.002)
                    else:
                        with ready:
                            if queued.empty():
                                ready.wait(timeout=0.05)
                    continue
                for future in batch:
                    if waiting:
                        send(home[future])
                for future in sorted(batch, key=index.__getitem__):
                    del home[future]
                    # raises the piece's error (or its cancellation)
                    on_result(index.pop(future), future.result())
                    if poll():
                        return False
            return True
        finally:
            if index:
                client.cancel(list(index), force=True)


def make_runner(jobs: int, scheduler: str | None, backend: str) -> Runner:
    """The runner for ``--jobs`` / ``--scheduler`` (a scheduler wins)."""
    if scheduler:
        return DaskCluster(scheduler, backend)
    if jobs <= 1:
        return InProcess()
    return LocalPool(jobs, backend)


def close_runner(runner: Runner) -> None:
    close = getattr(runner, "close", None)
    if close is not None:
        close()


class _Tally(Generic[T]):
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
        self._whole = _log_sum([], pieces)
        self._done_logs: list[float] = []
        self._last = 0.0

    def add(self, i: int, result: T) -> None:
        if self.results[i] is None:
            self.done += 1
            self.count += self.pieces[i].weight * self.value(result)
            self._done_logs.append(self.pieces[i].log_nodes)
        self.results[i] = result
        self.report()

    def report(self, force: bool = False) -> None:
        if self.progress is None:
            return
        now = time.perf_counter()
        if not force and now - self._last < 0.1 and self.done < len(self.pieces):
            return
        self._last = now
        elapsed = now - self.t0
        if self._done_logs and self._whole > -math.inf:
            fraction = min(1.0, math.exp(_log_sum(self._done_logs, []) - self._whole))
        else:
            fraction = self.done / len(self.pieces) if self.pieces else 1.0
        if fraction > 0:
            eta: float | None = elapsed * (1 - fraction) / fraction
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
) -> RunOutcome[Any]:
    """Run every piece of ``plan``; results in plan order.

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
    tally: _Tally[Any] = _Tally(pieces, value, progress, plan.count, expected)
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

    order = sorted(range(len(pieces)), key=lambda i: -pieces[i].log_nodes)
    if budget is not None:
        order = list(range(len(pieces)))  # the frontier moves in plan order
    t0 = time.perf_counter()
    try:
        run_batched(
            runner, tasks, order, [p.log_nodes for p in pieces], accept, poll, plan.seconds(1)
        )
    except KeyboardInterrupt:
        stop["why"] = "interrupted"
    tally.report(force=True)
    return RunOutcome(tally.results, stop["why"], time.perf_counter() - t0)


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
            unique += result.unique
    return CountResult(
        count,
        nodes,
        done,
        len(plan.pieces),
        outcome.seconds,
        outcome.stopped,
        unique if plan.kind == "queens" else None,
    )


def count_tours(
    rows: int,
    cols: int,
    start: int | None = None,
    closed: bool = False,
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    limit: int | None = None,
    progress: Callable[[Progress], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    backend: str | None = None,
    shape: Shape = FULL,
) -> CountResult:
    """Directed tours from ``start`` (or every square) on ``jobs`` processes or a cluster."""
    chosen = backends.choose(backend)
    runner = make_runner(jobs, scheduler, chosen)
    try:
        plan = plan_tours(
            rows, cols, start, closed, backend=chosen, workers=runner.workers, shape=shape
        )
        return total(plan, run_plan(plan, runner, limit=limit, progress=progress, cancel=cancel))
    finally:
        close_runner(runner)


def count_queens(
    n: int,
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    limit: int | None = None,
    progress: Callable[[Progress], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    backend: str | None = None,
) -> CountResult:
    """n-Queens solutions (and classes) on ``jobs`` processes or a cluster."""
    chosen = backends.choose(backend)
    runner = make_runner(jobs, scheduler, chosen)
    try:
        plan = plan_queens(n, backend=chosen, workers=runner.workers)
        return total(plan, run_plan(plan, runner, limit=limit, progress=progress, cancel=cancel))
    finally:
        close_runner(runner)


# -- sweeps: one piece per start square (the CLI's sweep and the window's start map) --------


@dataclass
class SweepOutcome:
    """Per square (row-major) its run, or None where the sweep stopped before it."""

    runs: list[StartRun | None] = field(default_factory=list)
    stopped: str | None = None
    seconds: float = 0.0


def sweep(
    rows: int,
    cols: int,
    strategy: Strategy,
    closed: bool = False,
    limit: int | None = None,
    search_anyway: bool = False,
    *,
    squares: Sequence[int] | None = None,
    jobs: int = 1,
    scheduler: str | None = None,
    runner: Runner | None = None,
    on_run: Callable[[StartRun], None] | None = None,
    progress: Callable[[Progress], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    backend: str | None = None,
    shape: Shape = FULL,
) -> SweepOutcome:
    """``sweep.run_start`` from each of ``squares`` (default every square) on ``jobs``
    processes or a cluster; the same runs as ``sweep.sweep_starts`` one by one.

    ``runner`` (made with ``make_runner``, kept open by the caller) overrides ``jobs`` and
    ``scheduler``. Made for a background thread too (the window's start-square map):
    ``on_run`` hears each run as it finishes (any order; on the calling thread),
    ``progress`` how far the sweep is, and ``cancel`` (polled about ten times a second)
    stops every worker at once. Returns the runs by square in the order of ``squares``
    (by default every square that is not a hole).
    """
    chosen = backends.choose(backend)
    wanted = list(range(rows * cols)) if squares is None else list(squares)
    if squares is None and shape.holes:
        wanted = [sq for sq in wanted if sq not in shape.holes]
    configs = [
        TourConfig(rows, cols, sq, strategy, closed, limit, search_anyway, shape) for sq in wanted
    ]
    owned = runner is None
    if runner is None:
        runner = make_runner(jobs, scheduler, chosen)
    tasks: list[Callable[[], StartRun]]
    if isinstance(runner, InProcess):
        # In this thread the cancel flag can reach inside a square's search.
        tasks = [partial(run_start, c, cancel, chunk=SWEEP_CHUNK, backend=chosen) for c in configs]
    else:
        tasks = [SweepTask(c, chosen) for c in configs]
    pieces = [Piece(t) for t in tasks]
    tally: _Tally[StartRun] = _Tally(pieces, lambda run: int(run.label == "solved"), progress)
    stopped: dict[str, str | None] = {"why": None}

    def accept(i: int, run: StartRun) -> None:
        if run.label == "cancelled":
            return  # stopped inside the square: not a result
        tally.add(i, run)
        if on_run is not None:
            on_run(run)

    def poll() -> bool:
        if stopped["why"] is None and cancel is not None and cancel():
            stopped["why"] = "cancelled"
        return stopped["why"] is not None

    t0 = time.perf_counter()
    try:
        run_batched(runner, tasks, range(len(tasks)), [0.0] * len(tasks), accept, poll)
    except KeyboardInterrupt:
        stopped["why"] = "interrupted"
    finally:
        if owned:
            close_runner(runner)
    tally.report(force=True)
    return SweepOutcome(tally.results, stopped["why"], time.perf_counter() - t0)
