"""A count from start to total, as one object: plan it, estimate it, run it.

The command line's ``count`` (and ``queens --format count``) and the Python API
(``count_tours``, ``count_queens``) both count through ``CountJob``: planned first (the
pieces and Knuth's estimate of the whole, before any work, so a long job can say so and
choose where to run), then run on a runner (split to balance its workers, run, added up in
plan order).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ..board import FULL, Shape
from .planning import RATES, ROOT_PROBES, Plan, plan_queens, plan_tours, refine
from .runners import Runner
from .tallies import CountResult, Progress, RunOutcome, run_plan, total


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
    ) -> CountJob:
        """The directed tours from ``start`` (or every square): one piece per start square
        (per orbit of the board's symmetries), estimated, not split yet. ``limit`` (nodes,
        as ``run``'s) bounds the planning too: it stops where the limit would. ``probes``: per
        piece (``plan_tours``)."""
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
    ) -> CountJob:
        """The n-Queens solutions by classes of symmetric ones: one piece per root."""
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
    ) -> CountResult:
        """Split the plan for ``runner``'s workers, run every piece, add them up.

        ``limit``: stop after that many nodes in all (see ``run_plan``). Ctrl-C while the
        plan is split, before any piece ran, is a count interrupted with nothing counted;
        while pieces run, the pieces finished by then (``CountResult.stopped``).
        """
        plan = self.plan
        try:
            refine(plan, runner.workers)
            outcome = run_plan(plan, runner, limit=limit, progress=progress, cancel=cancel)
        except KeyboardInterrupt:  # while splitting, before any piece ran
            outcome = RunOutcome([None] * len(plan.pieces), "interrupted")
        return total(plan, outcome)
