"""The panels' view of a run of the learner's own strategy: its stack at any step, its
search tree, "your turn" and the whole-tree estimate, rebuilt by the engine's
``UserExplainer`` in a child process of its own (the learner's code never runs in the
window's process).

Nothing here waits long on the learner's code: a question asked while the child still
starts is answered empty (``changed`` says when it can answer), and one the child takes too
long over stops the explaining for that run rather than the window.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Sequence
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from knightviz.engine.estimate import Probe, children_probe
from knightviz.engine.events import StackLevel
from knightviz.engine.strategies import UserExplainer, UserStrategy

#: The longest the window's thread waits for one answer (a position rebuilt): past it the
#: explaining of that run stops, and its panels show nothing more.
REPLY_SECONDS = 0.75
#: How often a shadow looks whether its child has started.
POLL_MS = 100
#: The shadows kept (the run on the board, a race's two lanes, one from the history).
KEPT = 4

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
    learner's strategy: ``stack_at`` and ``kids`` (a node's children in its order)."""

    #: The child has started (answers are no longer empty for want of it), or has stopped.
    changed = Signal()

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
        self.explainer = UserExplainer(
            puzzle_key,
            problem,
            strategy,
            every=every,
            options=options,
            reply_seconds=REPLY_SECONDS,
            wait_for_start=False,
        )
        #: The path every run starts with (the knight's start square).
        self.initial = tuple(initial)
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._look)
        self._timer.start()

    def _look(self) -> None:
        if self.explainer.ready or self.explainer.error is not None:
            self._timer.stop()
            self.changed.emit()

    @property
    def ready(self) -> bool:
        """The child has started: its answers are the strategy's (or it has stopped)."""
        return self.explainer.ready or self.explainer.error is not None

    def stack_at(
        self, path: Sequence[int], last_event: int | None, ended: bool = False
    ) -> Sequence[StackLevel]:
        return self.explainer.stack_at(path, last_event, ended)

    def kids(self, path: Sequence[int]) -> Sequence[int]:
        return self.explainer.kids(path)

    def probe(self, path: Sequence[int] | None = None) -> Probe:
        """Knuth's probe of the tree below ``path`` (the whole tree by default), walked
        through the learner's own children: what it prunes is left out."""
        return children_probe(self.kids, self.initial if path is None else path)

    def close(self) -> None:
        self._timer.stop()
        self.explainer.close()


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
