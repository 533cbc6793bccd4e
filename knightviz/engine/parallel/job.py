"""A count from start to total, as one object: plan it, estimate it, run it.

The command line's ``count`` (and ``queens --format count``) and the Python API
(``count_tours``, ``count_queens``) both count through ``CountJob``: planned first (the
pieces and Knuth's estimate of the whole, before any work, so a long job can say so and
choose where to run), then run on a runner (split to balance its workers, run, added up in
plan order). With a ``Checkpoint`` that holds a plan, the job is that plan, not planned
again; running it records the plan first, then each piece as it finishes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import backends
from ..board import FULL, Board, Shape
from ..queens_constellations import KERNEL_MAX
from .checkpoint import Checkpoint, figures, results, resumed_plan, stored_plan
from .planning import RATES, ROOT_PROBES, Plan, plan_queens, plan_tours, refine
from .runners import Runner
from .tallies import CountResult, Progress, RunOutcome, run_plan, total
from .tasks import Piece, QueensTask, TourTask


@dataclass
class CountJob:
    """One count: its plan, what it is estimated to take, and running it."""

    plan: Plan

    @classmethod
    def tours(
        cls,
        rows: int,
        cols: int,
        start: int | None = None,
        closed: bool = False,
        *,
        backend: str | None = None,
        shape: Shape = FULL,
        limit: int | None = None,
        probes: int = ROOT_PROBES,
        checkpoint: Checkpoint | None = None,
    ) -> CountJob:
        """The directed tours from ``start`` (or every square): one piece per start square
        (per orbit of the board's symmetries), estimated, not split yet. ``limit`` (nodes,
        as ``run``'s) bounds the planning too: it stops where the limit would. ``probes``: per
        piece (``plan_tours``). A ``checkpoint`` holding a plan gives it instead, split as it
        was recorded."""
        if checkpoint is not None and checkpoint.planned:
            chosen = backends.choose(backend)
            task = TourTask(rows, cols, (), closed, chosen, shape=shape)
            small = Board(rows, cols, shape).size <= 64
            return cls(
                resumed_plan(Plan("tours", [Piece(task)], backend=chosen, small=small), checkpoint)
            )
        plan = plan_tours(
            rows,
            cols,
            start,
            closed,
            backend=backend,
            split=False,
            shape=shape,
            limit=limit,
            probes=probes,
        )
        return cls(plan)

    @classmethod
    def queens(
        cls,
        n: int,
        *,
        backend: str | None = None,
        limit: int | None = None,
        probes: int = ROOT_PROBES,
        checkpoint: Checkpoint | None = None,
    ) -> CountJob:
        """The n-Queens solutions by classes of symmetric ones: one piece per root (a
        ``checkpoint``'s recorded plan instead, when it holds one)."""
        if checkpoint is not None and checkpoint.planned:
            chosen = backends.choose(backend)
            if n > KERNEL_MAX:
                chosen = backends.PYTHON
            task = QueensTask(n, (), chosen)
            return cls(resumed_plan(Plan("queens", [Piece(task)], backend=chosen), checkpoint))
        return cls(plan_queens(n, backend=backend, split=False, limit=limit, probes=probes))

    @property
    def backend(self) -> str:
        return self.plan.backend

    @property
    def log_nodes(self) -> float:
        """Natural log of the estimated nodes of the whole count (Knuth's estimate)."""
        return self.plan.log_nodes

    def seconds(self, workers: int = 1) -> float:
        """Estimated time on ``workers`` cores of the benchmark machine (may be inf)."""
        return self.plan.seconds(workers)

    def log_seconds(self, workers: int, limit: int | None = None) -> float:
        """Natural log of ``seconds(workers)``, past any float (a 9x9 count is 10^40 years),
        of the work that a ``limit`` of that many nodes leaves."""
        plan = self.plan
        log_nodes = plan.log_nodes
        if limit is not None:
            log_nodes = min(log_nodes, math.log(max(1, limit)))
        return log_nodes - math.log(RATES[(plan.kind, plan.backend, plan.small)] * workers)

    def run(
        self,
        runner: Runner,
        *,
        limit: int | None = None,
        progress: Callable[[Progress], None] | None = None,
        cancel: Callable[[], bool] | None = None,
        checkpoint: Checkpoint | None = None,
    ) -> CountResult:
        """Split the plan for ``runner``'s workers, run every piece, add them up.

        ``limit``: stop after that many nodes in all (see ``run_plan``). Ctrl-C while the
        plan is split, before any piece ran, is a count interrupted with nothing counted;
        while pieces run, the pieces finished by then (``CountResult.stopped``).

        ``checkpoint`` (not with ``limit``): the split plan is recorded in it before any
        piece runs (unless it came from there), then each piece as it finishes; pieces it
        holds already are not run again, and count in the total and the progress.
        """
        plan = self.plan
        try:
            refine(plan, runner.workers)
            if checkpoint is None:
                outcome = run_plan(plan, runner, limit=limit, progress=progress, cancel=cancel)
            else:
                if limit is not None:
                    raise ValueError("a checkpointed count has no step limit")
                if not checkpoint.planned:
                    checkpoint.record_plan(*stored_plan(plan))
                kind = plan.kind

                def record(i: int, result: Any) -> None:
                    checkpoint.record(i, figures(kind, result))

                outcome = run_plan(
                    plan,
                    runner,
                    progress=progress,
                    cancel=cancel,
                    done=results(kind, checkpoint.done),
                    on_piece=record,
                )
        except KeyboardInterrupt:  # while splitting, before any piece ran
            outcome = RunOutcome([None] * len(plan.pieces), "interrupted")
        return total(plan, outcome)
