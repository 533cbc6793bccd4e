"""The pieces of a count or a sweep: picklable tasks, and a piece's weight and size.

A task is a module-level class of plain fields, so a worker process or a Dask worker gets
it by pickling; calling it does the work (``count.count_below``,
``queens_constellations.count_below``
or ``sweep.run_start``) on the backend the plan chose.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from .. import backends
from ..board import FULL, Shape
from ..count import UNLIMITED, Counted, count_below
from ..queens_constellations import Counted as QueensCounted
from ..queens_constellations import count_below as queens_below
from ..sweep import CHUNK, StartRun, run_start
from ..tour import TourConfig

T = TypeVar("T")


def _load(backend: str, part: str) -> None:
    """A compiled piece's kernel group, loaded alone where nothing is loaded yet (a cluster's
    worker: from the library built ahead of time, in milliseconds, rather than every kernel
    through numba); nothing to do in this process or a pool's worker, which have it."""
    if backend == backends.NUMBA:
        backends.load(part)


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
        _load(self.backend, "tours-count")
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
    """Count the N-Queens solutions (and classes' eighths) below ``prefix``: a start
    constellation and the queens of the first free rows (``queens_constellations``)."""

    n: int
    prefix: tuple[int, ...]
    backend: str
    budget: int = UNLIMITED

    def __call__(self) -> QueensCounted:
        _load(self.backend, "queens-count")
        return queens_below(self.n, self.prefix, self.budget, backend=self.backend)


@dataclass(frozen=True, slots=True)
class SweepTask:
    """Run one start square of a sweep (``sweep.run_start``)."""

    config: TourConfig
    backend: str
    chunk: int = CHUNK

    def __call__(self) -> StartRun:
        return run_start(self.config, chunk=self.chunk, backend=self.backend)


def call(task: Callable[[], T]) -> T:
    """Run ``task`` (a module-level function, so that a worker process can be handed it)."""
    return task()


@dataclass(frozen=True, slots=True)
class Piece:
    """One independent subproblem: its task, its multiplicity (a start square's orbit) and
    its estimated size (natural log of nodes, for balance and progress)."""

    task: Any
    weight: int = 1
    log_nodes: float = 0.0


def log_sum(logs: Iterable[float]) -> float:
    """The natural log of the sum of e^x over ``logs`` (-inf for none), without overflow."""
    values = list(logs)
    if not values:
        return -math.inf
    top = max(values)
    if top == -math.inf:
        return top
    return top + math.log(sum(math.exp(x - top) for x in values))


def pieces_log_sum(pieces: Iterable[Piece], extra: Iterable[float] = ()) -> float:
    """``log_sum`` of the pieces' estimates (and ``extra``)."""
    return log_sum([*extra, *(p.log_nodes for p in pieces)])
