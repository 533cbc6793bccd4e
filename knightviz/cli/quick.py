"""Short N-Queens counts started at once: ``queens --size N --format count`` up to N = 15.

Such a count takes a twentieth of a second (N = 14) to half a second (N = 15) on one core,
less than Python takes to import the whole command line (argparse, the engine's planning,
pools and checkpoints: about 0.1 s). So the ``knightviz`` command asks this module first.
It imports only the constellation counter's library built for this machine
(``kernels.native``: ctypes, no numba), counts every start constellation with it, the
larger counts on every core (forked processes that share the loaded library), and prints
the total as the full command line does.

Anything else is left to the full command line, which prints the same: another option,
another spelling of one, a size out of the range, ``KNIGHTVIZ_ENGINE=python``, a
scheduler, or no library built yet (the full path builds it, for the next count). Ctrl-C
prints the labelled partial count and exits 130, as there.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Sequence

TYPE_CHECKING = False  # (not typing's: importing typing costs a command ~7 ms)
if TYPE_CHECKING:
    from typing import IO

#: The sizes counted here: from N = 16 (1.3 s on two cores) the full command line's start
#: is a few per cent of the count, and it shows a progress bar.
SIZES = range(4, 16)
#: From this size the pieces are shared out over every core (N = 13 takes 0.01 s alone).
SHARED_FROM = 14
#: The most --jobs the command line accepts (``options`` takes it from here, as it is
#: checked here before ``options`` is imported).
MAX_JOBS = 1024
#: A budget no count reaches (``queens_constellations.UNLIMITED``).
_UNLIMITED = 1 << 62

EXIT_OK = 0
EXIT_INTERRUPTED = 130


def partial_line(count: int, noun: str, why: str, done: int, pieces: int) -> str:
    """The line a stopped count prints instead of its total (never mistaken for one)."""
    return (
        f"partial count: {count} {noun} ({why}; {done:,} of {pieces:,} pieces finished; "
        "not the total)\n"
    )


def main(argv: Sequence[str] | None = None) -> int | None:
    """The command's exit status when it was a quick count, run here; None otherwise."""
    args = list(sys.argv[1:] if argv is None else argv)
    asked = _parse(args)
    if asked is None or not _here():
        return None
    n, jobs = asked
    from ..engine.cores import usable_cpus
    from ..engine.kernels import constellations, native

    if not native.load(constellations.PART):
        return None
    from .stdout import guarded

    keys = [key for key, _weight in constellations.constellations_compiled(n)]
    workers = jobs if jobs is not None else (usable_cpus() if n >= SHARED_FROM else 1)
    err: IO[str] = sys.stderr if sys.stderr is not None else io.StringIO()
    return guarded(lambda out: _count(n, keys, min(workers, len(keys)), out), err)


def _parse(args: list[str]) -> tuple[int, int | None] | None:
    """(N, --jobs or None) of exactly ``queens --size N --format count [--jobs J]``, each
    option once, in any order, as ``--opt V`` or ``--opt=V``; None for anything else."""
    if args[:1] != ["queens"]:
        return None
    given: dict[str, str] = {}
    rest = args[1:]
    while rest:
        word = rest.pop(0)
        name, eq, value = word.partition("=")
        if not eq:
            if not rest:
                return None
            value = rest.pop(0)
        if name not in ("--size", "--format", "--jobs") or name in given:
            return None
        given[name] = value
    size, jobs = given.get("--size", ""), given.get("--jobs")
    if given.get("--format") != "count" or not _decimal(size) or int(size) not in SIZES:
        return None
    if jobs is not None and not (_decimal(jobs) and 1 <= int(jobs) <= MAX_JOBS):
        return None
    return int(size), None if jobs is None else int(jobs)


def _decimal(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) < 6


def _here() -> bool:
    """The compiled engine may run and no cluster is asked for (else the full path)."""
    engine = os.environ.get("KNIGHTVIZ_ENGINE", "").strip().lower()
    return engine != "python" and not os.environ.get("KNIGHTVIZ_SCHEDULER", "").strip()


def _count(n: int, keys: list[tuple[int, int, int, int]], workers: int, out: IO[str]) -> int:
    """Count ``keys`` on ``workers`` processes (this one among them) and print the total."""
    from ..engine.cores import forks

    if workers > 1 and not forks():
        workers = 1  # (no forked workers here: this process counts alone)
    shares = [keys[i::workers] for i in range(workers)]
    children: list[tuple[int, int, list[tuple[int, int, int, int]]]] = []
    # (solutions, pieces) counted so far, one assignment at a time: a Ctrl-C between two
    # never leaves a piece in one and not in the other.
    done = (0, 0)
    try:
        for share in shares[1:]:
            children.append(_fork(n, share))
        for key in shares[0]:
            done = (done[0] + _below(n, key), done[1] + 1)
        while children:
            pid, fd, share = children[0]
            got = _collect(pid, fd)
            children.pop(0)
            os.close(fd)
            if got is None:  # (a child that failed: its share is counted here)
                got = _total(n, share)
            done = (done[0] + got, done[1] + len(share))
    except KeyboardInterrupt:
        for pid, fd, _share in children:
            _stop(pid, fd)
        why = "interrupted by Ctrl-C"
        out.write(partial_line(done[0], "solutions", why, done[1], len(keys)))
        return EXIT_INTERRUPTED
    out.write(f"{done[0]}\n")
    return EXIT_OK


def _total(n: int, share: list[tuple[int, int, int, int]]) -> int:
    return sum(_below(n, key) for key in share)


def _below(n: int, key: tuple[int, int, int, int]) -> int:
    from ..engine.kernels.constellations import below_compiled

    return below_compiled(n, key, _UNLIMITED)[0]


def _fork(
    n: int, share: list[tuple[int, int, int, int]]
) -> tuple[int, int, list[tuple[int, int, int, int]]]:
    """A child counting ``share``: its pid, the pipe its total comes back on, the share."""
    read, write = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write)
        return pid, read, share
    code = 1
    try:  # the child: count, write the total, and end without the parent's clean-up (Ctrl-C
        # ends it through the ``finally``: the parent answers for the count)
        os.close(read)
        total = _total(n, share)
        os.write(write, str(total).encode("ascii"))
        code = 0
    finally:
        os._exit(code)


def _collect(pid: int, fd: int) -> int | None:
    """A child's total once it has ended; None if it failed."""
    chunks = []
    while chunk := os.read(fd, 64):
        chunks.append(chunk)
    _pid, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0 or not chunks:
        return None
    return int(b"".join(chunks))


def _stop(pid: int, fd: int) -> None:
    """End a child whose total is no longer wanted (not one already reaped: its number
    may be another process's by now)."""
    import signal

    try:
        if os.waitpid(pid, os.WNOHANG) == (0, 0):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    except OSError:
        pass
    os.close(fd)
