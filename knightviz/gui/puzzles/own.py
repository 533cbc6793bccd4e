"""The panels' view of a run of the learner's own strategy: its stack at any step, its
search tree, "your turn" and the whole-tree estimate, rebuilt by the engine's
``UserExplainer`` in a child process of its own (the learner's code never runs in the
window's process).

Nothing here waits long on the learner's code: a question asked while the child still
starts is answered empty (``changed`` says when it can answer), and one the child takes too
long over stops the explaining for that run rather than the window.
"""

from __future__ import annotations

import contextlib
import random
import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from concurrent.futures import CancelledError, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from knightviz.engine.estimate import Probe
from knightviz.engine.events import StackLevel
from knightviz.engine.strategies import UserExplainer, UserStrategy

#: The longest the window's thread waits for a node's children (the tree, "your turn"):
#: past it the answer is empty for now, and asked again at the next refresh.
PATIENCE = 0.005
#: Knuth's walks asked of the child at a time.
WALKS = 16
#: The longest the window's thread waits for a stack rebuilt (then it is shown when it comes).
STACK_WAIT = 0.05
#: Stacks remembered by position.
STACKS_KEPT = 256
#: How often a shadow looks whether its child has started.
POLL_MS = 100
#: The shadows kept (the run on the board, a race's two lanes): each has a child or two.
KEPT = 3

#: A position whose stack is asked for: the path, the last event, whether the run ended there.
StackKey = tuple[tuple[int, ...], int | None, bool]

#: The strategies' texts the user has run in this session: only their runs are explained
#: (a run file's strategy is not executed before the user chooses to run it again).
_TRUSTED: set[str] = set()


def trust(source: str) -> None:
    """The user ran ``source``: its runs may be explained (its code run again)."""
    _TRUSTED.add(source)


def trusted(source: str) -> bool:
    return source in _TRUSTED


class OwnShadow(QObject):
    """What the window's Python "shadow" search offers the panels, for a run of the
    learner's strategy: ``stack_at`` and ``kids`` (a node's children in its order), and
    Knuth's ``probe`` of its tree.

    The stack is rebuilt on a worker thread (a deep position's first rebuild asks the
    learner's function at every level): the window waits a moment for it, then shows
    what it has and is told (``changed``) when the rest comes. Children are asked on the
    window's thread, with little patience; probes on a child of their own, so that a deep
    tree's walks never hold up the stack or the tree.
    """

    #: The child has started, or a stack the window waited for has come (or it stopped).
    changed = Signal()
    #: A stack was rebuilt (emitted by the worker thread).
    _answered = Signal()

    def __init__(
        self,
        puzzle_key: str,
        problem: Any,
        strategy: UserStrategy,
        initial: Sequence[int],
        every: bool,
        options: dict[str, Any],
    ) -> None:
        super().__init__()
        self._args = (puzzle_key, problem, strategy)
        self._every, self._options = every, options
        self.explainer = UserExplainer(
            puzzle_key, problem, strategy, every=every, options=options, patience=PATIENCE
        )
        self._prober: UserExplainer | None = None
        self._prober_lock = threading.Lock()
        #: The path every run starts with (a movable piece's start square, or nothing).
        self.initial = tuple(initial)
        self._stacks: OrderedDict[StackKey, Sequence[StackLevel]] = OrderedDict()
        self._wanted: StackKey | None = None
        self._closed = False
        self._started = False
        self._busy = False
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="knightviz-explain")
        self._answered.connect(self._on_answered)
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._look)
        self._timer.start()

    @property
    def ready(self) -> bool:
        """The child has started: its answers are the strategy's (or it has stopped)."""
        return self.explainer.ready or self.explainer.error is not None

    def _look(self) -> None:
        """Tell the window when the child has started, and when a question the window's
        thread gave up on (a node's children) can be answered now."""
        if not self._started and self.ready:
            self._started = True
            self.changed.emit()
        elif self._started and self.explainer.catch_up():
            self.changed.emit()
        if self.explainer.error is not None:
            self._timer.stop()

    # -- the stack -------------------------------------------------------------------------

    def stack_at(
        self, path: Sequence[int], last_event: int | None, ended: bool = False
    ) -> Sequence[StackLevel]:
        """The stack at that position: at once when known, after a short wait for one
        rebuilt quickly, else empty for now (``changed`` follows when it is known)."""
        key = (tuple(path), last_event, ended)
        known = self._stacks.get(key)
        if known is not None:
            return known
        self._wanted = key
        if not self._busy:
            self._busy = True
            future = self._pool.submit(self._rebuild, key)
            with contextlib.suppress(FutureTimeout, CancelledError):
                future.result(STACK_WAIT)
        return self._stacks.get(key, ())

    def _rebuild(self, key: StackKey) -> None:
        """(The worker thread.) One stack rebuilt and kept, then the window told."""
        path, last, ended = key
        stack = self.explainer.stack_at(path, last, ended)
        self._stacks[key] = stack
        while len(self._stacks) > STACKS_KEPT:
            self._stacks.popitem(last=False)
        self._answered.emit()

    def _on_answered(self) -> None:
        self._busy = False
        wanted = self._wanted
        if wanted is not None and wanted not in self._stacks and self.explainer.error is None:
            self._busy = True
            self._pool.submit(self._rebuild, wanted)
        self.changed.emit()

    # -- the tree ---------------------------------------------------------------------------

    def kids(self, path: Sequence[int]) -> Sequence[int]:
        return self.explainer.kids(path)

    def probe(self, path: Sequence[int] | None = None) -> Probe:
        """Knuth's probe of the tree below ``path`` (the whole tree by default), each walk
        made in a child of its own through the learner's children: what it prunes is left
        out."""
        base = self.initial if path is None else tuple(path)
        made: list[float] = []

        def walk(rng: random.Random) -> float:
            if not made:  # a few walks a question: fewer round trips to the child
                made.extend(reversed(self._probing().probe(base, rng.getrandbits(32), WALKS)))
            return made.pop() if made else 0.0

        return walk

    def _probing(self) -> UserExplainer:
        with self._prober_lock:
            if self._closed:
                return self.explainer  # (closed: its answers are empty)
            if self._prober is None:
                key, problem, strategy = self._args
                self._prober = UserExplainer(
                    key, problem, strategy, every=self._every, options=self._options
                )
            return self._prober

    def close(self) -> None:
        self._timer.stop()
        self._wanted = None
        self.explainer.close()
        with self._prober_lock:
            self._closed = True
            if self._prober is not None:
                self._prober.close()
        self._pool.shutdown(wait=True, cancel_futures=True)


class Shadows:
    """The last few shadows made, by run (settings and start): a presenter's estimate and
    tree hover find the run's shadow again; the oldest are closed."""

    def __init__(self) -> None:
        self._kept: OrderedDict[Hashable, OwnShadow] = OrderedDict()

    def get(self, key: Hashable) -> OwnShadow | None:
        shadow = self._kept.get(key)
        if shadow is not None:
            self._kept.move_to_end(key)
        return shadow

    def like(self, settings: Hashable) -> OwnShadow | None:
        """The latest shadow of a run with ``settings`` (whatever its start)."""
        for key in reversed(self._kept):
            if isinstance(key, tuple) and key and key[0] == settings:
                return self._kept[key]
        return None

    def keep(self, key: Hashable, shadow: OwnShadow) -> None:
        self._kept[key] = shadow
        while len(self._kept) > KEPT:
            _key, old = self._kept.popitem(last=False)
            old.close()

    def close(self) -> None:
        while self._kept:
            _key, shadow = self._kept.popitem()
            shadow.close()
