"""What every puzzle's search shares: budgets, limits, cancelling, timing, the final result.

A puzzle subclasses ``SearchBase`` with its pure-Python implementation: ``_run`` (its hot
loop, which appends up to ``budget`` encoded events to a list and returns an ``Ending`` when
the search is over), ``_finish`` (which turns an outcome into its ``Result``) and the state
accessors (``depth``, ``max_depth``, ``stack``). The compiled backend subclasses that again
and overrides ``_events``/``_quiet`` and the accessors. Budgets, step limits, cancelling and
timing live here only, so the two backends cannot drift apart on them.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from time import perf_counter
from typing import TYPE_CHECKING, ClassVar

from .events import EventSource, Outcome, Result, StackLevel

if TYPE_CHECKING:
    from .events import Search

Ending = tuple[Outcome, str | None]

#: Events per internal slice when no events are wanted (bounds the scratch memory).
QUIET_SLICE = 1 << 16
#: How many recently backtracked squares ``recent_backtracks`` keeps.
RECENT = 8


class SearchBase:
    """The ``Search`` protocol's plumbing around a puzzle's hot loop."""

    #: "python" (the reference implementation) or "numba" (compiled kernels).
    backend: ClassVar[str] = "python"
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
        self._recent: tuple[int, ...] = ()
        #: On request, "considered" events between steps (see ``trace``): set it at any time.
        self.trace = False
        self._traced: list[int] = []
        #: Python backend: the squares occupied now, in order (knight: start first; queens:
        #: rank 1 first), and the greatest path length seen at a backtrack (a local maximum).
        self._path: list[int] = []
        self._peak = 0
        #: The backend asked for when the search was made (None: left to the engine, which
        #: may hand a pure-Python search over to the compiled one mid-run: ``handover``).
        self.requested: str | None = None

    @property
    def steps(self) -> int:
        return self.moves + self.backtracks

    @property
    def tracing(self) -> bool:
        """The next chunk may hold considered events: tracing is on, or events examined
        before it was switched off are still queued."""
        return self.trace or bool(self._traced)

    @property
    def recent_backtracks(self) -> tuple[int, ...]:
        """The last (at most 8) squares backtracked during the last advance call, in order.

        Meant for the board's flashes when events are not delivered (``advance_quiet``).
        """
        return self._recent

    def advance(self, max_events: int) -> array[int]:
        """Run up to ``max_events`` events; an empty chunk means finished (see ``result``).

        With ``trace`` on, the chunk also holds "considered" events (``trace.py``): before
        each step, what the search examined and passed by; they are not steps.
        """
        if self.trace or self._traced:
            return self._advance_traced(max_events)
        budget = self._budget(max_events)
        if budget <= 0:
            return array("i")
        t0 = perf_counter()
        chunk, ending = self._events(budget)
        self._account(t0, ending)
        return chunk

    def _advance_traced(self, max_events: int) -> array[int]:
        """Steps one at a time, each preceded by what it examined (derived from the stack
        before the step and the step itself, so both backends give the same trace)."""
        out = array("i")
        queue = self._traced
        while len(out) < max_events:
            if queue:
                take = min(len(queue), max_events - len(out))
                out.extend(queue[:take])
                del queue[:take]
                continue
            if not self.trace:
                break
            before = self.stack() if self.result is None else None
            step = self._advance_untraced(1)
            if not step:
                break
            assert before is not None
            queue.extend(self._considered(before, step[0]))
            queue.append(step[0])
        return out

    def advance_into(self, target: memoryview) -> int:
        """Run up to ``len(target)`` steps, writing them into ``target`` (a writable buffer
        of 32-bit ints, e.g. ``Recording.reserve``); 0 means finished (see ``result``).

        The same steps as ``advance`` (never traced), without a chunk object in between:
        the compiled engine writes straight into the target.
        """
        self._traced = []  # a traced step already taken counts; its explanation is moot
        budget = self._budget(len(target))
        if budget <= 0:
            return 0
        t0 = perf_counter()
        n, ending = self._events_into(target, budget)
        self._account(t0, ending)
        return n

    def _events_into(self, target: memoryview, budget: int) -> tuple[int, Ending | None]:
        chunk, ending = self._events(budget)
        with memoryview(chunk) as source:
            target[: len(chunk)] = source
        return len(chunk), ending

    def _advance_untraced(self, max_events: int) -> array[int]:
        budget = self._budget(max_events)
        if budget <= 0:
            return array("i")
        t0 = perf_counter()
        chunk, ending = self._events(budget)
        self._account(t0, ending)
        return chunk

    def _considered(self, before: Sequence[StackLevel], event: int) -> list[int]:
        """What the search examined before ``event``, given its stack just before it."""
        return []

    def advance_quiet(self, max_steps: int) -> int:
        """Run up to ``max_steps`` steps without events; 0 means finished (see ``result``).

        Counts, state and result end exactly as if ``advance`` had run the same steps.
        """
        self._traced = []  # a traced step already taken counts; its explanation is moot
        budget = self._budget(max_steps)
        if budget <= 0:
            return 0
        before = self.moves + self.backtracks
        t0 = perf_counter()
        ending = self._quiet(budget)
        self._account(t0, ending)
        return self.moves + self.backtracks - before

    def run(self) -> Result:
        """Search to the end without keeping events."""
        while self.advance_quiet(1 << 20):
            pass
        assert self.result is not None
        return self.result

    def _budget(self, wanted: int) -> int:
        """How many steps the next call may take; finishes the search when it may take none."""
        self._recent = ()
        if self.result is not None:
            return 0
        if self._cancel is not None and self._cancel():
            self._finish(Outcome.CANCELLED)
            return 0
        budget = wanted
        limit = self.limit
        if limit is not None:
            budget = min(budget, limit - self.steps)
            if budget <= 0:
                self._finish(Outcome.LIMIT)
                return 0
        return budget

    def _account(self, t0: float, ending: Ending | None) -> None:
        self._seconds += perf_counter() - t0
        if ending is not None:
            self._finish(*ending)
        elif self.limit is not None and self.steps >= self.limit:
            self._finish(Outcome.LIMIT)

    # -- the Python backend (the compiled one overrides these) ----------------------------

    @property
    def path(self) -> list[int]:
        """The squares occupied now, in order (a live list, updated by every advance call;
        do not modify)."""
        return self._path

    @property
    def depth(self) -> int:
        raise NotImplementedError

    @property
    def max_depth(self) -> int:
        """The greatest ``depth`` reached so far."""
        raise NotImplementedError

    def snapshot_path(self) -> array[int]:
        """A copy of the occupied squares in order."""
        return array("i", self._path)

    def stack(self) -> Sequence[StackLevel]:
        """A read-only snapshot of the search stack, built lazily level by level."""
        raise NotImplementedError

    def _events(self, budget: int) -> tuple[array[int], Ending | None]:
        out: list[int] = []
        backtracks = self.backtracks
        ending = self._run(out, budget)
        if self.backtracks != backtracks:
            self._recent = last_backtracks(out, ())
        return array("i", out), ending

    def _quiet(self, budget: int) -> Ending | None:
        recent: tuple[int, ...] = ()
        while budget > 0:
            out: list[int] = []
            backtracks = self.backtracks
            ending = self._run(out, min(budget, QUIET_SLICE))
            if self.backtracks != backtracks:
                recent = last_backtracks(out, recent)
            budget -= len(out)
            if ending is not None or not out:
                self._recent = recent
                return ending
        self._recent = recent
        return None

    def _run(self, out: list[int], budget: int) -> Ending | None:
        """The hot loop: up to ``budget`` events appended to ``out``; an Ending when over."""
        raise NotImplementedError

    def _finish(self, outcome: Outcome, reason: str | None = None) -> None:
        raise NotImplementedError

    def _tally(self, peak: int, moves: int, backtracks: int) -> None:
        """A ``_run``'s local counts handed back when it returns (kept in locals meanwhile:
        attribute writes per step would slow the hot loop)."""
        self._peak = peak
        self.moves += moves
        self.backtracks += backtracks


class SolvingSearch(SearchBase):
    """A search whose solutions are the placements on its path (N-Queens, the grid
    puzzles): the first one (``first``) or every one, each handed to ``on_solution`` (by
    default kept in ``solutions``); the result reports the first and the count."""

    def __init__(
        self,
        first: bool,
        on_solution: Callable[[tuple[int, ...]], None] | None,
        limit: int | None,
        cancel: Callable[[], bool] | None,
    ) -> None:
        super().__init__(limit, cancel)
        self.first = first
        #: Every solution found so far (placing order), unless ``on_solution`` takes them.
        self.solutions: list[tuple[int, ...]] = []
        self.count = 0
        self._on_solution = on_solution or self.solutions.append
        self._first_solution: tuple[int, ...] | None = None

    @property
    def depth(self) -> int:
        """Placements on the path."""
        return len(self._path)

    @property
    def max_depth(self) -> int:
        return max(self._peak, len(self._path))

    def _found(self, solution: tuple[int, ...]) -> None:
        self.count += 1
        if self._first_solution is None:
            self._first_solution = solution
        self._on_solution(solution)

    def _solved(self, solution: tuple[int, ...]) -> bool:
        """Reports ``solution``; True when that ends the search (only the first wanted)."""
        self._found(solution)
        return self.first

    def _exhausted(self) -> Ending:
        """The ending at the root with nothing left to try: solved if anything was found."""
        return (Outcome.SOLVED if self.count else Outcome.EXHAUSTED, None)

    def _take_solutions(self, source: SolvingSearch) -> None:
        """The solutions ``source`` found and its receiver (a search handed over)."""
        self.solutions = source.solutions
        self.count = source.count
        self._on_solution = source._on_solution
        self._first_solution = source._first_solution

    def _no_solution(self) -> str:
        """What an exhausted search with no solution says."""
        raise NotImplementedError

    def _finish(self, outcome: Outcome, reason: str | None = None) -> None:
        if outcome is Outcome.EXHAUSTED:
            reason = self._no_solution()
        elif outcome is Outcome.LIMIT:
            reason = f"Stopped at the step limit ({self.limit:,} steps)."
        self.result = self._result(outcome, reason)

    def _result(self, outcome: Outcome, reason: str | None) -> Result:
        return Result(
            outcome,
            self.moves,
            self.backtracks,
            reason=reason,
            solution=self._first_solution,
            seconds=self._seconds,
            count=self.count,
        )


def last_backtracks(events: list[int], before: tuple[int, ...]) -> tuple[int, ...]:
    """The last RECENT squares backtracked in ``before`` followed by ``events``, in order.

    Looks at growing tails of ``events`` (C-speed ``min``) so that a long run of moves
    after the last backtrack is skipped without a Python loop over it.
    """
    size = len(events)
    window = 64
    while True:
        tail = events[-window:] if window < size else events
        if min(tail) < 0:
            found = [~x for x in tail if x < 0]
            if len(found) >= RECENT or window >= size:
                return (*before, *found)[-RECENT:]
        elif window >= size:
            return before
        window *= 16


class TrackedSearch:
    """The whole ``Search`` protocol around any ``EventSource``: a search that only makes
    events (a puzzle not built on ``SearchBase``) gets counts, depth, path and recent
    backtracks by following its stream, so whatever drives searches
    needs no second way of driving (and no probing for what a search can do).

    It knows no stack (``stack()`` is empty) and explains nothing (``trace`` has no effect).
    """

    backend: ClassVar[str] = "python"

    def __init__(self, source: EventSource) -> None:
        self.source = source
        self.rows = source.rows
        self.cols = source.cols
        self.initial = source.initial
        self.moves = 0
        self.backtracks = 0
        self.trace = False
        self._path = list(source.initial)
        self._max_depth = 0
        self._recent: tuple[int, ...] = ()

    @property
    def result(self) -> Result | None:
        return self.source.result

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

    def advance(self, max_events: int) -> array[int]:
        self._recent = ()
        return self._follow(max_events)

    def advance_quiet(self, max_steps: int) -> int:
        """One call of the source (it may make fewer steps than asked, as ``advance`` may:
        a caller that stops between calls is answered as soon as the source returns)."""
        return len(self.advance(min(max_steps, QUIET_SLICE)))

    def advance_into(self, target: memoryview) -> int:
        chunk = self.advance(len(target))
        with memoryview(chunk) as source:
            target[: len(chunk)] = source
        return len(chunk)

    def _follow(self, max_events: int) -> array[int]:
        chunk = array("i", self.source.advance(max_events))
        path = self._path
        moves = 0
        for x in chunk:
            if x >= 0:
                moves += 1
                path.append(x)
                self._max_depth = max(self._max_depth, len(path) - len(self.initial))
            else:
                top = path.pop()
                if top != ~x:
                    raise AssertionError(f"backtrack off {~x} but the last move was {top}")
        self.moves += moves
        self.backtracks += len(chunk) - moves
        if len(chunk) > moves:
            self._recent = last_backtracks(chunk.tolist(), self._recent)
        return chunk

    def snapshot_path(self) -> array[int]:
        return array("i", self._path)

    def stack(self) -> Sequence[StackLevel]:
        return ()


if TYPE_CHECKING:

    def _searches(base: SearchBase, tracked: TrackedSearch) -> tuple[Search, Search]:
        """Never called: mypy checks here that both implement the whole protocol."""
        return base, tracked
