"""The Python API of counting and sweeping: on every core, or on a Dask cluster.

``count_tours`` and ``count_queens`` count through a ``CountJob``; ``sweep`` runs one search
from each start square (the command line's sweep and the window's start-square map), each a
piece of its own, on the same runners.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from .. import backends
from ..board import FULL, Shape
from ..tour import Strategy, TourConfig
from .batching import run_batched
from .checkpoint import Checkpoint, queens_command, tours_command
from .job import CountJob
from .runners import ClusterLost, InProcess, Runner, close_runner, make_runner
from .tallies import CountResult, Progress, Tally
from .tasks import Piece, SweepTask

if TYPE_CHECKING:  # a count does not import the sweeps' searches
    from ..sweep import StartRun

#: Steps between two looks at the cancel flag when a sweep runs in the caller's thread.
SWEEP_CHUNK = 1 << 16


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
    checkpoint: str | Checkpoint | None = None,
) -> CountResult:
    """Directed tours from ``start`` (or every square) on ``jobs`` processes or a cluster.
    ``checkpoint``: a file that records each finished piece, and that the same count with
    the same file resumes (not with ``limit``); or a ``Checkpoint`` the caller opened."""
    chosen = backends.choose(backend)
    with _opened(checkpoint, tours_command(rows, cols, start, closed, shape)) as saved:
        runner = make_runner(jobs, scheduler, chosen)
        try:
            job = CountJob.tours(
                rows,
                cols,
                start,
                closed,
                backend=chosen,
                shape=shape,
                limit=limit,
                checkpoint=saved,
            )
            return job.run(runner, limit=limit, progress=progress, cancel=cancel, checkpoint=saved)
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
    checkpoint: str | Checkpoint | None = None,
) -> CountResult:
    """n-Queens solutions (and classes) on ``jobs`` processes or a cluster; ``checkpoint``
    as ``count_tours`` takes it."""
    chosen = backends.choose(backend)
    with _opened(checkpoint, queens_command(n)) as saved:
        runner = make_runner(jobs, scheduler, chosen)
        try:
            return CountJob.queens(n, backend=chosen, limit=limit, checkpoint=saved).run(
                runner, limit=limit, progress=progress, cancel=cancel, checkpoint=saved
            )
        finally:
            close_runner(runner)


@contextmanager
def _opened(path: str | Checkpoint | None, command: dict[str, Any]) -> Iterator[Checkpoint | None]:
    """The checkpoint at ``path`` for ``command`` (None: none), closed afterwards; one
    already open is the caller's to close."""
    if path is None or isinstance(path, Checkpoint):
        yield path
        return
    with Checkpoint(path, command) as saved:
        yield saved


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
        from ..sweep import run_start

        # In this thread the cancel flag can reach inside a square's search.
        tasks = [partial(run_start, c, cancel, chunk=SWEEP_CHUNK, backend=chosen) for c in configs]
    else:
        tasks = [SweepTask(c, chosen) for c in configs]
    pieces = [Piece(t) for t in tasks]
    tally: Tally[StartRun] = Tally(pieces, lambda run: int(run.label == "solved"), progress)
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
    except ClusterLost as exc:
        stopped["why"] = str(exc)
    finally:
        if owned:
            close_runner(runner)
    tally.report(force=True)
    return SweepOutcome(tally.results, stopped["why"], time.perf_counter() - t0)
