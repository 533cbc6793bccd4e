"""What every puzzle's search shares: budgets, limits, cancelling, timing, the final result.

A puzzle subclasses ``SearchBase`` and supplies two things: ``_run`` (its hot loop, which
emits up to ``budget`` encoded events and returns an ``Ending`` when the search is over) and
``_finish`` (which turns an outcome into its ``Result``).
"""

from __future__ import annotations

from collections.abc import Callable
from time import perf_counter

from .events import Outcome, Result

Ending = tuple[Outcome, str | None]


class SearchBase:
    """The ``Search`` protocol's plumbing around a puzzle's hot loop."""

    rows: int
    cols: int
    initial: tuple[int, ...]

    def __init__(self, limit: int | None, cancel: Callable[[], bool] | None) -> None:
        if limit is not None and limit < 0:
            raise ValueError("the step limit cannot be negative")
        self.limit = limit
        self.result: Result | None = None
        self.moves = 0
        self.backtracks = 0
        self._cancel = cancel
        self._seconds = 0.0
        #: The squares occupied now, in order (knight: start first; queens: rank 1 first).
        self._path: list[int] = []

    @property
    def steps(self) -> int:
        return self.moves + self.backtracks

    @property
    def path(self) -> list[int]:
        """The squares occupied now, in order (a live list: do not modify)."""
        return self._path

    def advance(self, max_events: int) -> list[int]:
        """Run up to ``max_events`` events; an empty list means finished (see ``result``)."""
        if self.result is not None:
            return []
        if self._cancel is not None and self._cancel():
            self._finish(Outcome.CANCELLED)
            return []
        budget = max_events
        limit = self.limit
        if limit is not None:
            budget = min(budget, limit - self.steps)
            if budget <= 0:
                self._finish(Outcome.LIMIT)
                return []
        t0 = perf_counter()
        out: list[int] = []
        ending = self._run(out, budget)
        self._seconds += perf_counter() - t0
        if ending is not None:
            self._finish(*ending)
        elif limit is not None and self.steps >= limit:
            self._finish(Outcome.LIMIT)
        return out

    def run(self) -> Result:
        """Search to the end without keeping events."""
        while self.advance(1 << 16):
            pass
        assert self.result is not None
        return self.result

    def _run(self, out: list[int], budget: int) -> Ending | None:
        raise NotImplementedError

    def _finish(self, outcome: Outcome, reason: str | None = None) -> None:
        raise NotImplementedError
