"""The positions of a run of a user's strategy, rebuilt on request: its stack at a step, a
node's children in the strategy's order (the search tree, "your turn", the estimate).

The user's code never runs in the caller's process, so ``UserExplainer`` keeps a child
process of its own (the run's child is busy making steps) and asks it to follow a path
with a fresh search: the user's functions order each node's candidates exactly as in the
run, because a strategy sees only the position (``position.random`` is seeded by the run's
seed and the node's path). A failure of the user's code, a child that stops answering or
dies, ends the explaining: every answer is empty from then on, and ``error`` says why.

A window asks ``kids`` on its own thread, so an explainer made with ``patience`` answers that
question only when it can within that time (empty and not remembered otherwise: asked again
later), while ``stack_at`` and ``probe``, asked from worker threads, always wait.
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
from knightviz.engine.stack import PackedLevels
from knightviz.engine.strategies.api import StrategyError, UserStrategy, compile_check
from knightviz.engine.strategies.runner import (
    POLL_SECONDS,
    REPLY_SECONDS,
    START_SECONDS,
    Process,
    _reap,
    end_child,
    start_child,
)

Levels = Sequence[StackLevel]


class _NotYet(Exception):
    """No answer yet: the child still starts, or is busy with another question."""


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
        patience: float | None = None,
    ) -> None:
        """``patience``: the longest ``kids`` waits (for the child to start, for another
        question to end, for its own answer); None: it waits as the other questions do."""
        from knightviz.engine import puzzles

        spec = puzzles.spec(puzzle_key)
        #: Why the explaining stopped (the user's code failed, the child died), or None.
        self.error: StrategyError | None = None
        self._lock = threading.Lock()
        self._ready = False
        #: The question given up on (``patience``) whose reply is still to come, read first.
        self._late: tuple[Any, ...] | None = None
        #: Its answer when it came (children by path), until asked again.
        self._known: dict[tuple[int, ...], tuple[int, ...]] = {}
        #: A question went unanswered since ``catch_up`` last said so.
        self._missed = False
        #: How many times ``kids`` answered empty for want of patience (a caller that must
        #: not take that for a leaf looks whether it grew while it asked).
        self.unanswered = 0
        self._patience = patience
        self._process: Process | None = None
        self._conn: Connection | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
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

    @property
    def ready(self) -> bool:
        """The strategy is loaded: questions get its answers (looks, never waits)."""
        if self._ready:
            return True
        if self.error is not None or not self._lock.acquire(blocking=False):
            return False
        try:
            return self._conn is not None and self._start(0.0)
        finally:
            self._lock.release()

    # -- the questions -------------------------------------------------------------------

    def stack_at(self, path: Sequence[int], last_event: int | None, ended: bool = False) -> Levels:
        """The run's stack at the position ``path`` after event ``last_event`` (``ended``:
        the search stopped there, its top level run out), as the search's ``stack_at``;
        empty when the path is not this strategy's or the explaining has stopped."""
        try:
            return self._at(tuple(path), last_event, ended, None)[0]
        except _NotYet:
            return ()

    def kids(self, path: Sequence[int]) -> Sequence[int]:
        """``children`` for any sequence (the engine's ``Children``): the candidates at the
        node ``path`` reaches, in the strategy's order; none at a leaf (and none while it
        cannot tell within ``patience``, or once the explaining has stopped)."""
        try:
            return self.children(tuple(path))
        except _NotYet:
            self.unanswered += 1
            return ()

    def _children(self, path: tuple[int, ...]) -> tuple[int, ...]:
        known = self._known.pop(path, None)  # (a late answer, kept when it came)
        if known is not None:
            return known
        levels, top = self._at(path, None, False, self._patience)
        return tuple(levels[-1].candidates) if top else ()

    def catch_up(self) -> bool:
        """Read a late answer if it has come (never waits). True when a question that went
        unanswered (``kids`` out of patience) may now be asked again with success: the
        caller asks again (a window refreshes its panels)."""
        if not self._missed or not self._lock.acquire(blocking=False):
            return False
        try:
            if self._late is not None and self._conn is not None and self._conn.poll(0):
                self._take_late(self._wait(monotonic()))
            if self._late is None and (self._ready or self.error is not None):
                self._missed = False
                return True
            return False
        finally:
            self._lock.release()

    def probe(self, base: Sequence[int], seed: int, count: int = 1) -> list[float]:
        """``count`` of Knuth's random walks below ``base``, walked in the child (one
        question however deep the tree): each the natural logarithm of its estimate of the
        tree's node count. Empty when the explaining has stopped."""
        try:
            reply = self._ask(("probe", tuple(base), seed, count), None)
        except _NotYet:
            return []
        if reply is None or reply[1] is None:
            return []
        return [float(v) for v in reply[1]]

    def _at(
        self, path: tuple[int, ...], last: int | None, ended: bool, patience: float | None
    ) -> tuple[Levels, bool]:
        reply = self._ask(("at", path, last, ended), patience)
        if reply is None or reply[1] is None:
            return (), False
        _tag, packed, _error, top = reply
        return PackedLevels.unpack(packed), bool(top)

    def _ask(self, request: tuple[Any, ...], patience: float | None) -> tuple[Any, ...] | None:
        """The child's reply to ``request``: None when there is none (a failure of the
        user's code stops the explaining, and ``error`` says why).

        With ``patience`` (a window's thread): ``_NotYet`` at once when another question is
        being answered or one given up on is still unanswered, or after ``patience``
        seconds without the reply (that question is then late: its answer is kept when it
        comes, for ``children``). Without: waits for all of that."""
        if not self._lock.acquire(blocking=patience is None):
            self._missed = True
            raise _NotYet
        try:
            if self.error is not None or self._conn is None:
                return None
            if not self._ready and not self._start(patience):
                if self.error is not None:
                    return None
                self._missed = True
                raise _NotYet
            if self._late is not None:  # a reply to a question given up on comes first
                if patience is not None and not self._conn.poll(0):
                    self._missed = True
                    raise _NotYet
                self._take_late(self._wait(None))
                if self._late is not None or self._conn is None:
                    return None  # (the child stopped answering: the explaining stopped)
            try:
                self._conn.send(request)
            except OSError:
                self._died()
                return None
            reply = self._wait(None if patience is None else monotonic() + patience)
            if reply is None:
                if self.error is None:
                    self._late = request
                    self._missed = True
                    raise _NotYet
                return None
            return self._checked(reply)
        finally:
            self._lock.release()

    def _checked(self, reply: tuple[Any, ...]) -> tuple[Any, ...] | None:
        if reply[2] is not None:
            self._stop(StrategyError.from_dict(reply[2]))
            return None
        return reply

    def _take_late(self, reply: tuple[Any, ...] | None) -> None:
        """The reply to the question given up on: a node's children are kept for when
        they are asked again."""
        if reply is None:
            return
        request, self._late = self._late, None
        checked = self._checked(reply)
        if checked is None or checked[1] is None or request is None:
            return
        _tag, packed, _error, top = checked
        levels = PackedLevels.unpack(packed)
        if len(self._known) > 4096:
            self._known.clear()
        self._known[tuple(request[1])] = tuple(levels[-1].candidates) if top and levels else ()

    # -- the child -----------------------------------------------------------------------

    def _start(self, patience: float | None) -> bool:
        """The child's "started" and "ready" (or why not) read, waiting at most
        ``patience`` seconds (None: as long as a start may take)."""
        deadline = None if patience is None else monotonic() + patience
        while not self._ready:
            reply = self._wait(deadline, START_SECONDS)
            if reply is None:
                return False
            if reply[0] == "failed":
                self._stop(StrategyError.from_dict(reply[1]))
                return False
            self._ready = reply[0] != "started"
        return True

    def _wait(self, deadline: float | None, limit: float = REPLY_SECONDS) -> tuple[Any, ...] | None:
        """The next reply, or None: not by ``deadline`` (the question may be asked again),
        the child died, or it gave none in ``limit`` seconds (then it is taken as stuck
        and the explaining stops)."""
        conn, process = self._conn, self._process
        assert conn is not None and process is not None
        stuck = monotonic() + limit
        try:
            while True:
                now = monotonic()
                wait = POLL_SECONDS if deadline is None else max(0.0, deadline - now)
                if conn.poll(min(POLL_SECONDS, wait)):
                    break
                if not process.is_alive() and not conn.poll(0):
                    self._died()
                    return None
                now = monotonic()
                if deadline is not None and now >= deadline:
                    return None
                if now > stuck:
                    self._stop(
                        StrategyError(
                            f"Your strategy stopped answering for over {limit:g} s.",
                            "timeout",
                            {"seconds": limit},
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
        end_child(self._conn, self._process, self._finalizer)
        self._conn = None
        if self.error is None:
            self.error = StrategyError("The explaining was closed.", "closed", {})
