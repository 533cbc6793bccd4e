"""The parent's side of a user-strategy search: a ``Search`` backed by a child process.

``UserSearch`` starts the child: on POSIX a fresh interpreter (``subprocess``, from one
long-lived launcher thread) running ``child.boot`` on one end of a socket pair, elsewhere a
multiprocessing spawn child; never a fork of a process that may run Qt threads, and never a
re-run of the caller's main script. It asks the child for blocks of steps and takes the
counts, path and recent backtracks the child sends after each block (following the steps
itself only for a path too long to send); ``stack()`` asks the child. Step limits and
cancelling are kept on this side, so a limit or Stop never waits for the user's code. While
it waits for a reply it checks ``cancel`` and that the child is alive and answering: a child
that stops answering is killed (the child's own watchdog stops a call over ``CALL_LIMIT``
first, so this is for code stuck where Python cannot interrupt it). The child is ended and
reaped when the run ends, however it ends, or when the search is dropped; on Linux it dies
with its parent too. No process is left behind.
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import os
import socket
import subprocess
import sys
import threading
import weakref
from array import array
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from time import monotonic
from typing import TYPE_CHECKING, Any, ClassVar

from knightviz.engine.events import Outcome, Result, StackLevel
from knightviz.engine.search import QUIET_SLICE, last_backtracks
from knightviz.engine.stack import PackedLevels
from knightviz.engine.strategies.api import (
    CALL_LIMIT,
    StrategyError,
    UserStrategy,
    compile_check,
)

#: How long the child may take to start and load the strategy.
START_SECONDS = 60.0
#: How long a reply may take: a call's limit, the child's block, and slack for a busy machine.
REPLY_SECONDS = CALL_LIMIT + 4.0
#: How often a wait looks at ``cancel`` and at the child.
POLL_SECONDS = 0.02
#: What the result says of a search that a strategy pruned.
PRUNED = "Your strategy left out candidates, so the search may have missed solutions."


class Child:
    """The child as a ``subprocess.Popen`` of a fresh interpreter (POSIX): unlike
    multiprocessing's spawn and forkserver, it never re-runs the caller's main script (a
    learner's script needs no ``if __name__ == "__main__"``), and nothing is forked."""

    def __init__(self, popen: subprocess.Popen[bytes]) -> None:
        self.popen = popen

    @property
    def pid(self) -> int:
        return self.popen.pid

    def is_alive(self) -> bool:
        return self.popen.poll() is None

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()

    def join(self, timeout: float | None = None) -> None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(timeout)

    @property
    def exitcode(self) -> int | None:
        return self.popen.poll()


Process = Child | BaseProcess


def _popen(args: list[str], fd: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        args,
        pass_fds=(fd,),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        start_new_session=True,  # Ctrl+C in a terminal goes to the parent only
    )


_LAUNCHER: list[ThreadPoolExecutor] = []


def _launcher() -> ThreadPoolExecutor:
    """One thread that lives as long as the process starts every child: the child asks the
    kernel to end it when the thread that started it ends (Linux), which must then be the
    process's end, not the end of whichever thread made the search."""
    if not _LAUNCHER:
        _LAUNCHER.append(ThreadPoolExecutor(1, thread_name_prefix="knightviz-strategy"))
    return _LAUNCHER[0]


def start_child() -> tuple[Process, Connection]:
    """A fresh interpreter running ``child.boot`` on one end of a socket pair (POSIX), or a
    multiprocessing spawn child elsewhere; the other end for the parent."""
    if os.name == "posix":
        mine, theirs = socket.socketpair()
        fd = theirs.fileno()
        code = (
            "import sys; from knightviz.engine.strategies.child import boot; "
            "boot(int(sys.argv[1]), int(sys.argv[2]))"
        )
        args = [sys.executable, "-c", code, str(fd), str(os.getpid())]
        popen = _launcher().submit(_popen, args, fd).result()
        theirs.close()
        return Child(popen), Connection(mine.detach())
    ctx = multiprocessing.get_context("spawn")
    here, there = ctx.Pipe()
    from knightviz.engine.strategies import child

    process = ctx.Process(target=child.serve_pipe, args=(there,), daemon=True)
    process.start()
    there.close()
    return process, here


def end_child(
    conn: Connection | None, process: Process | None, finalizer: weakref.finalize[Any, Any] | None
) -> None:
    """Ask the child to stop, give it a moment, then end and reap it (``_reap``, through
    its finalizer: once, however many times this is called)."""
    if conn is not None and process is not None and process.is_alive():
        with contextlib.suppress(OSError):
            conn.send(("stop",))
        process.join(0.5)
    if finalizer is not None:
        finalizer()


def _reap(process: Process, conn: Connection) -> None:
    """End the child and collect it (also run when a search is dropped unfinished)."""
    with contextlib.suppress(OSError):
        conn.close()
    if process.is_alive():
        process.kill()
    process.join(5)


class UserSearch:
    """A ``Search`` whose steps a user's strategy chooses, made in a child process."""

    backend: ClassVar[str] = "python"

    def __init__(
        self,
        puzzle_key: str,
        problem: Any,
        strategy: UserStrategy,
        *,
        every: bool = False,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        from knightviz.engine import puzzles

        if limit is not None and limit < 0:
            raise ValueError("the step limit cannot be negative")
        spec = puzzles.spec(puzzle_key)
        if not spec.custom_functions:
            raise ValueError(f"the {spec.title} takes no strategy of your own")
        self.puzzle_key = puzzle_key
        self.problem = problem
        self.strategy = strategy
        self.every = every
        self.rows, self.cols = spec.dims(problem)
        self.initial: tuple[int, ...] = tuple(spec.initial(problem))
        self.limit = limit
        self.trace = False
        self.moves = 0
        self.backtracks = 0
        self.result: Result | None = None
        #: What stopped the run, when the strategy failed (None otherwise).
        self.error: StrategyError | None = None
        #: The strategy returned fewer candidates than it was given, at least once.
        self.pruned = False
        #: The strategy's ``describe()`` (its docstring), "" when it has none.
        self.describe = ""
        #: Every solution found (unless ``on_solution`` takes them), and how many.
        self.solutions: list[tuple[int, ...]] = []
        self.count = 0
        self._on_solution = on_solution or self.solutions.append
        self._first: tuple[int, ...] | None = None
        self._cancel = cancel
        self._path = list(self.initial)
        self._max_depth = 0
        self._recent: tuple[int, ...] = ()
        self._seconds = 0.0
        self._ready = False
        #: One exchange with the child at a time (``stack()`` may come from another thread).
        self._lock = threading.Lock()
        self._stack_cache: Sequence[StackLevel] = ()
        self._stack_steps = -1
        self._process: Process | None = None
        self._conn: Connection | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        error = compile_check(strategy.source, spec.custom_functions)
        if error is not None:
            self._fail(error)
            return
        process, here = start_child()
        with contextlib.suppress(OSError):  # the child died at once: the first wait says so
            here.send((puzzle_key, problem, strategy, every, dict(options or {})))
        self._process = process
        self._conn = here
        self._finalizer = weakref.finalize(self, _reap, process, here)

    # -- the protocol's state --------------------------------------------------------------

    @property
    def steps(self) -> int:
        return self.moves + self.backtracks

    @property
    def tracing(self) -> bool:
        return False

    @property
    def recent_backtracks(self) -> tuple[int, ...]:
        return self._recent

    @property
    def depth(self) -> int:
        return len(self._path) - len(self.initial)

    @property
    def max_depth(self) -> int:
        return self._max_depth

    @property
    def path(self) -> list[int]:
        return self._path

    @property
    def pid(self) -> int | None:
        """The child's process id (None: no child was needed, the text was unusable)."""
        return self._process.pid if self._process is not None else None

    @property
    def alive(self) -> bool:
        """The child process is running (for tests: none is left after the end)."""
        return self._process is not None and self._process.is_alive()

    def snapshot_path(self) -> array[int]:
        return array("i", self._path)

    def stack(self) -> Sequence[StackLevel]:
        """The child's stack after the steps made so far (each level's candidates in the
        order the strategy gave them). Asked of the child, unless a block is being made
        meanwhile (another thread drives the search): then the last one known."""
        if self._stack_steps == self.steps or self.result is not None or not self._ready:
            return self._stack_cache
        if not self._lock.acquire(blocking=False):
            return self._stack_cache
        try:
            conn = self._conn
            assert conn is not None
            try:
                conn.send(("stack",))
            except OSError:
                return self._stack_cache
            reply = self._wait(REPLY_SECONDS)
            if reply is not None:
                self._keep_stack(reply[1])
        finally:
            self._lock.release()
        return self._stack_cache

    def _keep_stack(self, packed: Sequence[bytes] | None) -> None:
        if packed is not None:
            self._stack_cache = PackedLevels.unpack(packed)
            self._stack_steps = self.steps

    # -- driving -------------------------------------------------------------------------

    def advance(self, max_events: int) -> array[int]:
        with self._lock:
            self._recent = ()
            budget = self._budget(max_events)
            if budget <= 0:
                return array("i")
            return self._block(budget)

    def advance_quiet(self, max_steps: int) -> int:
        return len(self.advance(min(max_steps, QUIET_SLICE)))

    def advance_into(self, target: memoryview) -> int:
        chunk = self.advance(len(target))
        with memoryview(chunk) as source:
            target[: len(chunk)] = source
        return len(chunk)

    def run(self) -> Result:
        while self.advance_quiet(QUIET_SLICE):
            pass
        assert self.result is not None
        return self.result

    def close(self) -> None:
        """End the child now (the search is cancelled if it was still running)."""
        if self.result is None:
            self._finish(Outcome.CANCELLED)
        self._end_child()

    def _budget(self, wanted: int) -> int:
        if self.result is not None:
            return 0
        if self._cancel is not None and self._cancel():
            self.close()
            return 0
        budget = wanted
        if self.limit is not None:
            budget = min(budget, self.limit - self.steps)
            if budget <= 0:
                self._finish(Outcome.LIMIT)
                return 0
        if not self._ready:
            reply = self._wait(START_SECONDS)  # ("started",): the interpreter is up
            if reply is not None and reply[0] == "started":
                reply = self._wait(REPLY_SECONDS)  # the strategy loaded, or why not
            if reply is None:
                return 0
            if reply[0] == "failed":
                self._fail(StrategyError.from_dict(reply[1]))
                return 0
            self._ready = True
            self.describe = str(reply[1])
        return budget

    def _block(self, budget: int) -> array[int]:
        conn = self._conn
        assert conn is not None
        try:
            conn.send(("advance", budget))
        except OSError:
            self._died()
            return array("i")
        reply = self._wait(REPLY_SECONDS)
        if reply is None or self.result is not None:  # (closed from another thread)
            return array("i")
        _tag, data, found, result, error, pruned, state, final_stack = reply
        chunk = array("i")
        chunk.frombytes(data)
        if state is not None and state[3] is not None:
            self._take(state)
        else:
            self._follow(chunk)
        self._keep_stack(final_stack)
        self.pruned = bool(pruned)
        for solution in found:
            self.count += 1
            if self._first is None:
                self._first = solution
            self._on_solution(solution)
        if error is not None:
            self._fail(StrategyError.from_dict(error))
        elif result is not None:
            self._seconds = result.seconds
            self._finish(result.outcome, result.reason, result)
        elif self.limit is not None and self.steps >= self.limit:
            self._finish(Outcome.LIMIT)
        return chunk

    def _wait(self, seconds: float) -> tuple[Any, ...] | None:
        """The child's next reply, or None when the run ended meanwhile (cancelled, the
        child died or stopped answering: ``result`` and ``error`` say so)."""
        conn, process = self._conn, self._process
        assert conn is not None and process is not None
        deadline = monotonic() + seconds
        try:
            while not conn.poll(POLL_SECONDS):
                if self._cancel is not None and self._cancel():
                    self.close()
                    return None
                if not process.is_alive() and not conn.poll(0):
                    self._died()
                    return None
                if monotonic() > deadline:
                    self._fail(
                        StrategyError(
                            f"Your strategy stopped answering for over {seconds:g} s: "
                            "the run was stopped.",
                            "timeout",
                            {"seconds": seconds},
                            step=self.steps,
                        )
                    )
                    return None
            reply: tuple[Any, ...] = conn.recv()
            return reply
        except (EOFError, OSError):
            self._died()
            return None

    def _died(self) -> None:
        process = self._process
        code = None
        if process is not None:
            process.join(1)
            code = process.exitcode
        self._fail(
            StrategyError(
                f"The process running your strategy stopped unexpectedly (exit code {code}) "
                f"at step {self.steps:,}.",
                "crashed",
                {"exitcode": code},
                step=self.steps,
            )
        )

    def _take(self, state: tuple[Any, ...]) -> None:
        """The child's counts, path and recent backtracks after the block (a short path:
        cheaper than following the steps one by one)."""
        moves, backtracks, max_depth, path, recent = state
        squares = array("i")
        squares.frombytes(path)
        self._path[:] = squares.tolist()
        self.moves, self.backtracks = moves, backtracks
        self._max_depth = max_depth
        self._recent = tuple(recent)

    def _follow(self, chunk: array[int]) -> None:
        path = self._path
        base = len(self.initial)
        moves = 0
        peak = self._max_depth
        for x in chunk:
            if x >= 0:
                moves += 1
                path.append(x)
                if len(path) - base > peak:
                    peak = len(path) - base
            else:
                path.pop()
        self._max_depth = peak
        self.moves += moves
        self.backtracks += len(chunk) - moves
        if len(chunk) > moves:
            self._recent = last_backtracks(chunk.tolist(), self._recent)

    # -- the end -------------------------------------------------------------------------

    def _fail(self, error: StrategyError) -> None:
        if self.result is not None:
            return  # the run had ended (closed): the child's end is no failure
        self.error = error
        self._finish(Outcome.CANCELLED, error.message)

    def _finish(
        self, outcome: Outcome, reason: str | None = None, child: Result | None = None
    ) -> None:
        if self.result is not None:
            return
        if outcome is Outcome.LIMIT and reason is None:
            reason = f"Stopped at the step limit ({self.limit:,} steps)."
        if self.pruned and self.error is None and outcome is not Outcome.CANCELLED:
            reason = f"{reason} {PRUNED}" if reason else PRUNED
        solution = self._first
        if child is not None and child.solution is not None:
            solution = child.solution
        base = child or Result(outcome, self.moves, self.backtracks)
        self.result = dataclasses.replace(
            base,
            outcome=outcome,
            moves=self.moves,
            backtracks=self.backtracks,
            reason=reason,
            solution=solution,
            seconds=self._seconds,
            count=max(self.count, base.count),
        )
        self._end_child()

    def _end_child(self) -> None:
        end_child(self._conn, self._process, self._finalizer)


def user_search(
    puzzle_key: str,
    problem: Any,
    strategy: UserStrategy,
    *,
    every: bool = False,
    limit: int | None = None,
    cancel: Callable[[], bool] | None = None,
    on_solution: Callable[[tuple[int, ...]], None] | None = None,
    options: Mapping[str, Any] | None = None,
) -> UserSearch:
    """A search of ``problem`` (puzzle ``puzzle_key``, as its spec parses it) trying the
    candidates in the order ``strategy`` gives: the engine's ``Search``, backed by a child
    process that runs the Python search with the user's functions and streams its events.

    ``every``, ``limit``, ``cancel``, ``on_solution`` and ``options`` (the puzzle's flags)
    as for the spec's ``make_search``. Besides the protocol: ``error`` (a StrategyError once
    a failure ended the run), ``pruned``, ``describe``, ``solutions``, ``count``, ``close()``.
    """
    return UserSearch(
        puzzle_key,
        problem,
        strategy,
        every=every,
        limit=limit,
        cancel=cancel,
        on_solution=on_solution,
        options=options,
    )


if TYPE_CHECKING:
    from knightviz.engine.events import Search

    def _search(search: UserSearch) -> Search:
        """Never called: mypy checks here that UserSearch implements the whole protocol."""
        return search
