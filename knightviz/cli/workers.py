"""Where the independent pieces of a count or a sweep run, and saying first when the work
will take long."""

from __future__ import annotations

import argparse
import logging
import math
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

from ..engine import parallel
from ..engine.words import log_duration
from .common import PROG, UsageError

#: Work estimated to take longer than this (seconds) says so before it starts.
ANNOUNCE_SECONDS = 60.0
#: Work with no estimate yet (planning a huge count, the first probes) says so after this
#: long if it is still going.
NOTICE_SECONDS = 1.0
#: Work estimated to take less than this runs in this process unless --jobs is given.
IN_PROCESS_SECONDS = 1.0
#: The same where the pool forks its workers (Linux): they start in milliseconds, and the
#: 6×6 tours (0.4 s on one core) take 0.4 s as a whole command on two cores, not 0.6 s. Below
#: it (a count of 0.05 s), the pool's start costs more than the second core gives.
FORKED_IN_PROCESS_SECONDS = 0.15


def in_process_seconds() -> float:
    """Work estimated to take less than this on one core runs in this process."""
    return FORKED_IN_PROCESS_SECONDS if parallel.forks() else IN_PROCESS_SECONDS


def runner(args: argparse.Namespace, backend: str, seconds: float) -> parallel.Runner:
    """Where the pieces run: --scheduler (or $KNIGHTVIZ_SCHEDULER), else --jobs processes
    (default: every usable CPU, but this process alone for work too short for a pool)."""
    address = parallel.scheduler_address(args.scheduler)
    if address is not None:
        try:
            cluster = parallel.DaskCluster(address, backend)
        except parallel.ClusterError as exc:
            raise UsageError(str(exc)) from None
        _quiet_dask()
        return cluster
    jobs = args.jobs
    if jobs is None:
        jobs = 1 if seconds < in_process_seconds() else parallel.usable_cpus()
    if jobs == 1 and seconds >= IN_PROCESS_SECONDS:
        # One worker process, not this one: a compiled piece cannot be interrupted, and
        # Ctrl-C must stop the count at once, not when the piece ends.
        return parallel.LocalPool(1, backend)
    return parallel.make_runner(jobs, None, backend)


def _quiet_dask() -> None:
    """Dask's own log records off: the command says in one line what became of the cluster
    (a worker gone, the scheduler lost), where Dask would log it again at length, with
    tracebacks, on stderr."""
    names = [name for name in logging.root.manager.loggerDict if name.startswith("distributed.")]
    for name in ["distributed", *names]:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


#: How a bounded count or sweep is stopped sooner (``announce``'s default).
STOP_SOONER = "--limit STEPS stops it sooner, Ctrl-C at any time, with a partial count"


def announce(
    err: IO[str],
    what: str,
    log_seconds: float,
    workers: int,
    detail: str,
    bound: str = STOP_SOONER,
) -> None:
    """Say first, in one line, that the work will take long, and how to bound it."""
    if log_seconds < math.log(ANNOUNCE_SECONDS):
        return
    cores = f"{workers} core{'s' if workers != 1 else ''}"
    err.write(
        f"{PROG}: this {what} will take about {log_duration(log_seconds)} on {cores} "
        f"({detail}); {bound}\n"
    )
    err.flush()


@contextmanager
def notice(
    err: IO[str],
    text: str,
    bound: str = "--limit STEPS bounds it",
    after: float = NOTICE_SECONDS,
) -> Iterator[None]:
    """Say ``text`` (one line) if the work inside is still going after ``after`` seconds:
    work that has no estimate yet, because making one is itself the long part, still says
    within a second that it is under way and how to bound it."""

    def say() -> None:
        err.write(f"{PROG}: {text}; {bound}, Ctrl-C stops it at any time\n")
        err.flush()

    timer = threading.Timer(after, say)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        # Gone before the work that follows starts its process pool: with no other thread
        # left, the pool forks, and its workers have the loaded kernels at no cost (a
        # thread still ending made it start them from a fork server, importing again).
        timer.join()
