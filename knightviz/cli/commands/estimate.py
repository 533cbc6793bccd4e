"""knightviz estimate: the whole search tree's size from a start, by Knuth's random probes."""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import IO

from ...engine import Board
from ...engine.estimate import TreeEstimate, TreeEstimator, tour_probe
from ...engine.formats import shape_payload
from ...engine.verdict import impossibility
from ...engine.words import duration
from ..common import EXIT_NOT_FOUND, EXIT_OK, board_of, described, start_square
from ..workers import announce, notice

#: How an estimate is made shorter.
_SHORTER = "fewer --probes make it shorter"
_BOUND = f"{_SHORTER}, Ctrl-C stops it at any time"

#: From 10^100 on a figure is printed as a power of ten ("10^152.3"): past a double's range
#: (about 10^308) there is no other way, and below it the same form reads alike.
_POWER_FROM = 100.0


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    board = board_of(args)
    start = start_square(board, args.start)
    # A known fact answers before any probe: no tour to estimate the search for.
    fact = None if args.search_anyway else impossibility(board, start, args.closed)
    if fact is not None:
        out.write(f"{fact}\n")
        return EXIT_NOT_FOUND
    est = _probe(args, board, start, err)
    if args.format == "json":
        payload = {
            "rows": board.rows,
            "cols": board.cols,
            **shape_payload(board),
            "start": list(board.coords(start)),
            "probes": est.probes,
            "seed": args.seed,
            # Plain figures while a double holds them (null beyond, about 10^308); the
            # log10 figures always (-inf, for a start with no move at all, as null).
            "nodes": _finite(est.nodes),
            "stderr": _finite(est.stderr),
            "relative_error": _finite(est.relative_error),
            "steps": _finite(est.steps),
            "log10_nodes": _finite(est.log10_nodes),
            "log10_steps": _finite(est.log10_steps),
        }
        out.write(json.dumps(payload, allow_nan=False) + "\n")
        return EXIT_OK
    out.write(
        f"search tree from {board.name(start)} on {described(board)}: about "
        f"{_magnitude(est.log10_nodes)} "
        f"positions (± {est.relative_error:.0%}, {est.probes:,} probes, seed {args.seed})\n"
        f"an exhaustive search would take about {_magnitude(est.log10_steps)} steps\n"
    )
    return EXIT_OK


def _probe(args: argparse.Namespace, board: Board, start: int, err: IO[str]) -> TreeEstimate:
    """The probes, in doubling batches (the same probes as all at once): the first ones
    time the rest, so that a long estimate says so within a second, with its time."""
    with notice(err, f"probing the search tree of {board.area:,} squares", _SHORTER):
        probe = tour_probe(board.rows, board.cols, start, shape=args.shape)
        estimator = TreeEstimator(probe, seed=args.seed)
        t0 = time.monotonic()
        est = estimator.run(1)
    said = False
    while estimator.probes < args.probes:
        if not said:
            said = True
            per_probe = (time.monotonic() - t0) / estimator.probes
            announce(
                err,
                "estimate",
                math.log(max(per_probe * args.probes, 1e-9)),
                1,
                f"{args.probes:,} probes of about {_short(per_probe)} each",
                _BOUND,
            )
        est = estimator.run(min(args.probes - estimator.probes, estimator.probes))
    return est


def _short(seconds: float) -> str:
    """One probe's time: milliseconds below a second."""
    return duration(seconds) if seconds >= 1 else f"{seconds * 1000:.2g} ms"


def _magnitude(log10_value: float) -> str:
    """A count given by its log10: "6.37e+21" as before for ordinary trees, "10^152.3"
    for astronomical ones (whose figure a double cannot hold)."""
    if log10_value == -math.inf:
        return "0"
    if log10_value < _POWER_FROM:
        return f"{10.0**log10_value:.3g}"
    return f"10^{log10_value:.1f}"


def _finite(value: float) -> float | None:
    """A float for JSON, which has no inf or nan: those become null."""
    return value if math.isfinite(value) else None
