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

A count given a checkpoint file records its plan, then each finished piece, there; the
same count with the same file runs only the pieces not recorded (``checkpoint``).

The modules, each importing only those before it: ``tasks`` (the picklable pieces),
``runners`` (where they run), ``batching`` (pieces grouped into tasks), ``planning`` (a
count's pieces and estimates), ``tallies`` (running a plan, progress, totals),
``checkpoint`` (a count's pieces recorded in a file, to resume it), ``job`` (a count as one
object: plan, estimate, run), ``api`` (``count_tours``, ``count_queens``, ``sweep``).
Everything public is importable from here.
"""

from __future__ import annotations

from . import api, batching, checkpoint, job, planning, runners, tallies, tasks
from .api import SWEEP_CHUNK, SweepOutcome, count_queens, count_tours, sweep
from .batching import BATCH_MAX, BATCHES_PER_WORKER, TASK_WORTH, Batch, batches, run_batched
from .checkpoint import Checkpoint, CheckpointError, StoredPiece
from .job import CountJob
from .planning import (
    PIECES,
    PIECES_PY,
    PROBES,
    PY_PROBES_LESS,
    RATES,
    ROOT_PROBES,
    SHARE,
    SPLIT_MAX_SQUARES,
    SPLIT_MIN_SECONDS,
    Plan,
    plan_queens,
    plan_tours,
    refine,
)
from .runners import (
    CONNECT_SECONDS,
    ENV_SCHEDULER,
    ClusterError,
    ClusterLost,
    DaskCluster,
    InProcess,
    LocalPool,
    Runner,
    close_runner,
    forks,
    make_runner,
    scheduler_address,
    usable_cpus,
)
from .tallies import CountResult, Progress, RunOutcome, run_plan, total
from .tasks import Piece, QueensTask, SweepTask, TourTask

__all__ = [
    "BATCHES_PER_WORKER",
    "BATCH_MAX",
    "CONNECT_SECONDS",
    "ENV_SCHEDULER",
    "PIECES",
    "PIECES_PY",
    "PROBES",
    "PY_PROBES_LESS",
    "RATES",
    "ROOT_PROBES",
    "SHARE",
    "SPLIT_MAX_SQUARES",
    "SPLIT_MIN_SECONDS",
    "SWEEP_CHUNK",
    "TASK_WORTH",
    "Batch",
    "Checkpoint",
    "CheckpointError",
    "ClusterError",
    "ClusterLost",
    "CountJob",
    "CountResult",
    "DaskCluster",
    "InProcess",
    "LocalPool",
    "Piece",
    "Plan",
    "Progress",
    "QueensTask",
    "RunOutcome",
    "Runner",
    "StoredPiece",
    "SweepOutcome",
    "SweepTask",
    "TourTask",
    "api",
    "batches",
    "batching",
    "checkpoint",
    "close_runner",
    "count_queens",
    "count_tours",
    "forks",
    "job",
    "make_runner",
    "plan_queens",
    "plan_tours",
    "planning",
    "refine",
    "run_batched",
    "run_plan",
    "runners",
    "scheduler_address",
    "sweep",
    "tallies",
    "tasks",
    "total",
    "usable_cpus",
]
