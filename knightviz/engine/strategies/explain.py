"""The positions of a run of a user's strategy, rebuilt on request: its stack at a step, a
node's children in the strategy's order (the search tree, "your turn", the estimate).

The user's code never runs in the caller's process, so ``UserExplainer`` keeps a child
process of its own (the run's child is busy making steps) and asks it to follow a path
with a fresh search: the user's functions order each node's candidates exactly as in the
run, because a strategy sees only the position (``position.random`` is seeded by the run's
seed and the node's path). A failure of the user's code, a child that stops answering or
dies, ends the explaining: every answer is empty from then on, and ``error`` says why.
"""

from __future__ import annotations

import contextlib
import threading
import weakref
from collections.abc import Mapping, Sequence
from functools import lru_cache
from multiprocessing.connection import Connection
from time import monotonic
from typing import Any

from knightviz.engine.events import StackLevel
from knightviz.engine.strategies.api import StrategyError, UserStrategy, compile_check
from knightviz.engine.strategies.runner import (
    POLL_SECONDS,
    REPLY_SECONDS,
    START_SECONDS,
    Process,
    _reap,
    start_child,
)

Levels = tuple[StackLevel, ...]


class _NotYet(Exception):
    """No answer yet: the child still starts."""


class UserExplainer:
    """Stacks and children of a user's strategy's search of ``problem``, from a child."""

    def __init__(
        self,
        puzzle_key: str,
        problem: Any,
        strategy: UserStrategy,
        *,
        every: bool = False,
        options: Mapping[str, Any] | None = None,
        reply_seconds: float = REPLY_SECONDS,
        wait_for_start: bool = True,
    ) -> None:
        """``reply_seconds``: the longest wait for an answer (a window's thread asks, so
        it passes less: past it the explaining stops rather than the window);
        ``wait_for_start``: False, a question asked while the child still starts is answered
        empty at once (ask again later) rather than waiting for it."""
        from knightviz.engine import puzzles

        spec = puzzles.spec(puzzle_key)
        #: Why the explaining stopped (the user's code failed, the child died), or None.
        self.error: StrategyError | None = None
        self._lock = threading.Lock()
        self._ready = False
        self._process: Process | None = None
        self._conn: Connection | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._reply_seconds = reply_seconds
        self._wait_for_start = wait_for_start
        self._started = False
        self.children = lru_cache(maxsize=8192)(self._children)
        self.error = compile_check(strategy.source, spec.custom_functions)
        if self.error is not None:
            return
        process, here = start_child()
        with contextlib.suppress(OSError):
            here.send((puzzle_key, problem, strategy, every, dict(options or {})))
        self._process, self._conn = process, here
        self._finalizer = weakref.finalize(self, _reap, process, here)

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def stack_at(self, path: Sequence[int], last_event: int | None, ended: bool = False) -> Levels:
        """The run's stack at the position ``path`` after event ``last_event`` (``ended``:
        the search stopped there, its top level run out), as the search's ``stack_at``;
        empty when the path is not this strategy's or the explaining has stopped."""
        return self._at(tuple(path), last_event, ended)[0]

    def _children(self, path: tuple[int, ...]) -> tuple[int, ...]:
        levels, top = self._at(path, None, False)
        if not levels and not self._ready and self.error is None:
            raise _NotYet  # not remembered: asked again, the child may have started
        return tuple(levels[-1].candidates) if top else ()

    def kids(self, path: Sequence[int]) -> Sequence[int]:
        """``children`` for any sequence (the engine's ``Children``): the candidates at the
        node ``path`` reaches, in the strategy's order; none at a leaf (and none while
        the child still starts, or once the explaining has stopped)."""
        try:
            return self.children(tuple(path))
        except _NotYet:
            return ()

    def _at(self, path: tuple[int, ...], last: int | None, ended: bool) -> tuple[Levels, bool]:
        none: tuple[Levels, bool] = ((), False)
        with self._lock:
            if self.error is not None or self._conn is None:
                return none
            if not self._ready and not self._start():
                return none
            try:
                self._conn.send(("at", path, last, ended))
            except OSError:
                self._died()
                return none
            reply = self._wait(self._reply_seconds)
            if reply is None:
                return none
            _tag, levels, error, top = reply
            if error is not None:
                self._stop(StrategyError.from_dict(error))
                return none
            if levels is None:
                return none
            return tuple(StackLevel(sq, tuple(c), t) for sq, c, t in levels), bool(top)

    @property
    def ready(self) -> bool:
        """The strategy is loaded: questions are answered (not empty for want of a child)."""
        with self._lock:
            return self._ready or (self.error is None and self._conn is not None and self._start())

    def _start(self) -> bool:
        """Wait for the child's "started" and "ready" (or only look, not waiting)."""
        conn = self._conn
        assert conn is not None
        if not self._started:
            if not self._wait_for_start and not conn.poll(0):
                return False
            reply = self._wait(START_SECONDS)
            if reply is None:
                return False
            self._started = True
        if not self._wait_for_start and not conn.poll(0):
            return False
        reply = self._wait(REPLY_SECONDS)
        if reply is None:
            return False
        if reply[0] == "failed":
            self._stop(StrategyError.from_dict(reply[1]))
            return False
        self._ready = True
        return True

    def _wait(self, seconds: float) -> tuple[Any, ...] | None:
        conn, process = self._conn, self._process
        assert conn is not None and process is not None
        deadline = monotonic() + seconds
        try:
            while not conn.poll(POLL_SECONDS):
                if not process.is_alive() and not conn.poll(0):
                    self._died()
                    return None
                if monotonic() > deadline:
                    self._stop(
                        StrategyError(
                            f"Your strategy stopped answering for over {seconds:g} s.",
                            "timeout",
                            {"seconds": seconds},
                        )
                    )
                    return None
            reply: tuple[Any, ...] = conn.recv()
            return reply
        except (EOFError, OSError):
            self._died()
            return None

    def _died(self) -> None:
        code = self._process.exitcode if self._process is not None else None
        self._stop(
            StrategyError(
                f"The process running your strategy stopped unexpectedly (exit code {code}).",
                "crashed",
                {"exitcode": code},
            )
        )

    def _stop(self, error: StrategyError) -> None:
        if self.error is None:
            self.error = error
        self.close()

    def close(self) -> None:
        """End the child now (every later answer is empty)."""
        conn, process = self._conn, self._process
        if conn is not None and process is not None and process.is_alive():
            with contextlib.suppress(OSError):
                conn.send(("stop",))
            process.join(0.5)
        if self._finalizer is not None:
            self._finalizer()
        self._conn = None
        if self.error is None:
            self.error = StrategyError("The explaining was closed.", "closed", {})
