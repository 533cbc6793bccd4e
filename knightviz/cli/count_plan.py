"""``count --plan`` and ``queens --plan``: a count's plan printed, and nothing counted.

What a reader needs to decide where a long count runs: the pieces it splits into (how many,
the largest shares), Knuth's estimate of its nodes, the core-hours that is at the measured
speed of the compiled counters (``parallel.RATES``), and the time on a few numbers of
workers. The estimate makes many more probes than a count makes for itself (the tours'
trees are heavy-tailed: 256 probes a start square say about half the nodes of 6x6); the
pieces are the count's own, split as the count would split them for each number of workers
(more probes would move where it splits). ``benchmarks/engine_plans.py`` checks the
forecast against measured counts.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import IO, Any

from ..engine import Board, backends, parallel
from ..engine.board import Shape
from ..engine.parallel.tasks import pieces_log_sum
from ..engine.words import log_duration, log_figure
from .common import EXIT_OK, described
from .options import PLAN_PROBES
from .workers import in_process_seconds, notice

#: The numbers of workers every plan is shown on (this machine's and --jobs N are added).
WORKERS = (1, 2, 8, 64)
#: The largest pieces listed.
LARGEST = 5
#: How planning is made shorter (said if it is still going after a second).
_SHORTER = "fewer --probes make it shorter"


@dataclass(frozen=True)
class Forecast:
    """A count before it runs: ``estimate`` (its first pieces, probed with the plan's
    probes) gives the nodes, ``plan`` (the count's own first pieces) the pieces."""

    estimate: parallel.Plan
    plan: parallel.Plan
    _splits: dict[int, parallel.Plan] = field(default_factory=dict, compare=False, repr=False)

    @property
    def log_nodes(self) -> float:
        """Natural log of the estimated nodes of the whole count."""
        return self.estimate.log_nodes

    @property
    def rate(self) -> float:
        """Nodes a second on one core of the benchmark machine."""
        plan = self.plan
        return parallel.RATES[(plan.kind, plan.backend, plan.small)]

    def split(self, workers: int) -> parallel.Plan:
        """The pieces as the count splits them for ``workers`` (``plan`` stays whole)."""
        if workers not in self._splits:
            whole = replace(self.plan, pieces=list(self.plan.pieces))
            self._splits[workers] = parallel.refine(whole, workers)
        return self._splits[workers]

    def log_seconds(self, workers: int) -> float:
        """Natural log of the time on ``workers`` cores: the nodes shared out evenly, but
        never less than the largest piece's (which one worker runs alone)."""
        pieces = self.split(workers).pieces
        even = self.log_nodes - math.log(self.rate * workers)
        if not pieces:
            return even
        share = max(p.log_nodes for p in pieces) - pieces_log_sum(pieces)
        return max(even, self.log_nodes + share - math.log(self.rate))


def forecast_tours(
    rows: int,
    cols: int,
    start: int | None,
    closed: bool,
    shape: Shape,
    probes: int = PLAN_PROBES,
    backend: str | None = None,
) -> Forecast:
    """The forecast of counting the directed tours (``CountJob.tours``)."""

    def job(p: int) -> parallel.CountJob:
        return parallel.CountJob.tours(
            rows, cols, start, closed, backend=backend, shape=shape, probes=p
        )

    return _forecast(job, probes)


def forecast_queens(n: int, probes: int = PLAN_PROBES, backend: str | None = None) -> Forecast:
    """The forecast of counting the n-Queens solutions (``CountJob.queens``)."""
    return _forecast(lambda p: parallel.CountJob.queens(n, backend=backend, probes=p), probes)


def _forecast(job: Callable[[int], parallel.CountJob], probes: int) -> Forecast:
    estimate = job(probes).plan
    own = estimate if probes == parallel.ROOT_PROBES else job(parallel.ROOT_PROBES).plan
    return Forecast(estimate, own)


# -- the commands ------------------------------------------------------------------------------


def tours(
    args: argparse.Namespace, board: Board, start: int | None, out: IO[str], err: IO[str]
) -> int:
    """The plan of ``count``: every directed tour of ``board`` (from ``start``)."""
    where = f"from {board.name(start)}" if start is not None else "from every square"
    with notice(err, f"planning the count {where}", _SHORTER):
        forecast = forecast_tours(
            board.rows,
            board.cols,
            start,
            args.closed,
            args.shape,
            _probes(args),
            backends.choose(),
        )
    kind = "closed" if args.closed else "open"
    what = f"the directed {kind} tours of {described(board)} {where}"
    return _show(args, forecast, what, lambda task: _names(board, task.path), out)


def queens(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """The plan of ``queens --format count``: every solution, by classes."""
    n = args.size
    with notice(err, f"planning the count of {n}-Queens solutions", _SHORTER):
        forecast = forecast_queens(n, _probes(args), backends.choose())
    board = Board(n, n)

    def name(task: Any) -> str:  # the queens of the first rows, one a row
        return _names(board, [y * n + x for y, x in enumerate(task.prefix)])

    what = f"the {n}-Queens solutions, by classes of the board's 8 symmetries"
    return _show(args, forecast, what, name, out, json_ok=True)


def _workers_here(args: argparse.Namespace, forecast: Forecast) -> int:
    """The workers the count would have here (``workers.runner``'s choice): --jobs N, else
    every usable CPU, but this process alone for a count too short for a pool."""
    if args.jobs is not None:
        return int(args.jobs)
    if forecast.plan.seconds(1) < in_process_seconds():
        return 1
    return parallel.usable_cpus()


def _here(args: argparse.Namespace, workers: int) -> str:
    """The label of the row the pieces are listed for."""
    if args.jobs is not None:
        return "  (--jobs)"
    if workers == 1 and parallel.usable_cpus() > 1:
        return "  (here: too short for a pool, in the knightviz process)"
    return "  (this machine)"


def _probes(args: argparse.Namespace) -> int:
    return PLAN_PROBES if args.probes is None else int(args.probes)


def _names(board: Board, squares: Any) -> str:
    return " ".join(board.name(sq) for sq in squares)


@dataclass(frozen=True)
class _Row:
    workers: int
    pieces: int
    log_seconds: float
    here: bool


def _show(
    args: argparse.Namespace,
    forecast: Forecast,
    what: str,
    name: Callable[[Any], str],
    out: IO[str],
    json_ok: bool = False,
) -> int:
    """Print the plan: the pieces for this machine (or --jobs), the largest first, the
    estimate, and the table of workers."""
    here = _workers_here(args, forecast)
    pieces = forecast.split(here).pieces
    whole = pieces_log_sum(pieces)
    largest = sorted(pieces, key=lambda p: -p.log_nodes)[:LARGEST]
    shares = [(name(p.task), math.exp(p.log_nodes - whole)) for p in largest]
    rows = [
        _Row(w, len(forecast.split(w).pieces), forecast.log_seconds(w), w == here)
        for w in sorted({*WORKERS, here, parallel.usable_cpus()})
    ]
    log_hours = forecast.log_nodes - math.log(forecast.rate * 3600.0)
    backend = forecast.plan.backend
    probes = _probes(args)
    if json_ok and args.format == "json":
        payload = {
            "count": what,
            "engine": backend,
            "probes": probes,
            "pieces": len(pieces),
            "workers_here": here,
            "largest": [{"piece": text, "share": share} for text, share in shares],
            "log10_nodes": forecast.log_nodes / math.log(10),
            "core_hours": _finite(log_hours),
            "nodes_per_second_per_core": forecast.rate,
            "workers": [
                {
                    "workers": r.workers,
                    "pieces": r.pieces,
                    "seconds": _finite(r.log_seconds),
                    "here": r.here,
                }
                for r in rows
            ],
        }
        out.write(json.dumps(payload, allow_nan=False) + "\n")
        return EXIT_OK
    engine = "compiled" if backend == backends.NUMBA else "pure-Python"
    lines = [
        f"plan: count {what}",
        f"pieces: {len(pieces):,} for {here} worker{'s' if here != 1 else ''}; the largest, "
        "by Knuth's estimate:",
        *(f"  {share:6.2%}  {text}" for text, share in shares),
        f"nodes: about {log_figure(forecast.log_nodes)} by Knuth's estimate "
        f"({_probes_made(probes, backend)} per first piece)",
        f"work: about {_hours(log_hours)} core-hours at {forecast.rate:.2g} nodes a second "
        f"per core ({engine} engine, measured on the benchmark machine)",
        "workers  pieces  time",
        *(
            f"{r.workers:7,}  {r.pieces:6,}  {log_duration(r.log_seconds)}"
            + (_here(args, r.workers) if r.here else "")
            for r in rows
        ),
    ]
    if backend == backends.NUMBA:
        from ..engine.kernels import native

        load = (
            "a few milliseconds, from the library built for this machine"
            if any(native.loaded(part) for part in native.PARTS)
            else f"about {backends.KERNEL_LOAD_SECONDS:g} s"
        )
        lines.append(
            f"times are of the count alone: each worker first loads the compiled kernels ({load})"
        )
    out.write("\n".join(lines) + "\n")
    return EXIT_OK


def _probes_made(probes: int, backend: str) -> str:
    """The probes as the engine made them (the pure-Python one makes fewer)."""
    if backend == backends.NUMBA:
        return f"{probes:,} probes"
    fewer = max(1, probes // parallel.PY_PROBES_LESS)
    return f"{fewer:,} probes, the pure-Python engine's {parallel.PY_PROBES_LESS}th"


def _finite(log_value: float) -> float | None:
    """e^log_value for JSON, which has no inf: past a double's range, null."""
    return math.exp(log_value) if log_value < 700 else None


def _hours(log_hours: float) -> str:
    """Core-hours to two significant digits ("0.00012", "5.6", "1,200", "2.5e+69")."""
    if log_hours >= 700:
        return log_figure(log_hours)
    hours = math.exp(log_hours)
    if hours >= 1e9:
        return f"{hours:.2g}"
    if hours >= 1000:
        return f"{float(f'{hours:.2g}'):,.0f}"
    return f"{hours:.2g}"
