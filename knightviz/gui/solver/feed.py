"""The search's events as the GUI receives them: lookahead, delivered counts, solutions.

Every delivery regime takes events from one ``EventFeed``, so switching speed mid-run (paced
→ unlimited → paced) never loses or repeats an event: an event looked ahead to show "where the
piece goes next" is delivered before anything newer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from time import perf_counter

from knightviz.engine import Search
from knightviz.engine.events import StackLevel
from knightviz.engine.handover import upgrade
from knightviz.engine.recording import Recording
from knightviz.engine.trace import TRACE


class SolutionLog:
    """Solutions as a search reports them: all counted, the first ``keep`` kept.

    A long all-solutions run (thousands of solutions a second) must not grow
    memory without bound; the list shown to the user says how many were found in all.
    """

    def __init__(self, keep: int = 100_000) -> None:
        self.keep = keep
        self.found: list[tuple[int, ...]] = []
        self.count = 0

    def add(self, solution: tuple[int, ...]) -> None:
        self.count += 1
        if len(self.found) < self.keep:
            self.found.append(solution)


class EventFeed:
    """Wraps a search; counts what has been delivered to the GUI."""

    def __init__(
        self,
        search: Search,
        solution_depth: int | None = None,
        solutions: SolutionLog | None = None,
        recording: Recording | None = None,
    ) -> None:
        self.search = search
        self.solutions = solutions
        #: Every step the search makes is appended here (the timeline's recording).
        self.recording = recording
        #: Events produced by the search but not delivered yet (lookahead).
        self.ahead: list[int] = []
        self.moves = 0
        self.backtracks = 0
        #: Occupied squares after the delivered events.
        self.length = len(search.initial)
        #: Seconds spent inside the engine.
        self.compute = 0.0
        #: A move that brings the path to this length completes a solution (None: no such depth).
        self.solution_depth = solution_depth
        self._solutions_delivered = 0
        self._solutions_taken = 0
        self.last_found = 0
        self.last_taken = 0

    # -- producing ----------------------------------------------------------------------------

    def advance(self, n: int) -> Sequence[int]:
        """Run the search for up to ``n`` events (timed, recorded); empty at the end."""
        search = self.search
        traced = search.tracing
        t0 = perf_counter()
        chunk = search.advance(n)
        self.compute += perf_counter() - t0
        if self.recording is not None and chunk:
            self._record(chunk, traced)
        return chunk

    def advance_recorded(self, n: int) -> int:
        """Up to ``n`` steps written by the search straight into the recording (no chunk in
        between: the fast regime's way when it needs no events itself); 0 at the end."""
        rec = self.recording
        search = self.search
        assert rec is not None
        target = rec.reserve(n)
        t0 = perf_counter()
        try:
            made = search.advance_into(target)
        finally:
            target.release()
        self.compute += perf_counter() - t0
        if made:
            path = search.snapshot_path() if rec.checkpoint_due(made) else None
            rec.commit(made, path, (search.moves, search.backtracks))
        return made

    def _record(self, chunk: Sequence[int], traced: bool) -> None:
        """Append the chunk's steps (not its considered events, which only a traced search
        makes) to the recording, with the search's own counts and, when a checkpoint is due,
        its position."""
        rec = self.recording
        assert rec is not None
        steps = [x for x in chunk if x < TRACE] if traced else chunk
        if not steps:
            return
        search = self.search
        path = search.snapshot_path() if rec.checkpoint_due(len(steps)) else None
        rec.extend(steps, path, (search.moves, search.backtracks))

    def upgrade(self) -> bool:
        """Hand the search over to the compiled engine if it should go there now (between
        two engine calls): the same position, cursors and counts, so nothing delivered,
        looked ahead or recorded changes; only the speed does. True if it moved."""
        compiled = upgrade(self.search)
        if compiled is None:
            return False
        self.search = compiled
        return True

    def fast_forward(self, steps: int, stop: Callable[[], bool]) -> None:
        """Run ``steps`` steps without events (continuing a recorded run): the recording
        keeps the position after them, and they count as delivered."""
        search = self.search
        left = steps
        while left > 0 and not stop():
            self.upgrade()
            made = self.advance_quiet(min(left, 1 << 22))
            if made == 0:
                break
            left -= made
        if self.recording is not None and steps - left > len(self.recording):
            self.recording.skip(
                steps - left - len(self.recording),
                search.snapshot_path(),
                (search.moves, search.backtracks),
            )
        self.sync()

    def take(self, count: int) -> list[int]:
        """The next ``count`` events (fewer at the end), looked-ahead ones first; delivered."""
        ahead = self.ahead
        if len(ahead) >= count:
            out, self.ahead = ahead[:count], ahead[count:]
        else:
            more = self.advance(count - len(ahead))
            out = ahead + list(more)
            self.ahead = []
        #: Solutions the events just taken completed, and the last event taken.
        self.last_found = self.deliver(out)
        if out:
            self.last_taken = out[-1]
        return out

    def peek_step(self) -> int | None:
        """The next step (move or backtrack) without delivering it, looking past considered
        events (None at the end)."""
        ahead = self.ahead
        i = 0
        while True:
            while i < len(ahead):
                if ahead[i] < TRACE:
                    return ahead[i]
                i += 1
            more = self.advance(1)
            if not more:
                return None
            ahead.extend(more)

    def considered_ahead(self) -> int:
        """Considered events looked ahead before the next step."""
        n = 0
        for x in self.ahead:
            if x < TRACE:
                break
            n += 1
        return n

    def set_trace(self, on: bool) -> None:
        """Ask the search for considered events (paced speeds) or stop asking."""
        self.search.trace = on

    # -- counting -----------------------------------------------------------------------------

    def deliver(self, events: Sequence[int]) -> int:
        """Count events as delivered; returns how many solutions they complete."""
        depth = self.solution_depth
        found = 0
        length = self.length
        moves = 0
        steps = 0
        for x in events:
            if x >= TRACE:
                continue  # considered: not a step
            steps += 1
            if x >= 0:
                moves += 1
                length += 1
                if length == depth:
                    found += 1
            else:
                length -= 1
        self.moves += moves
        self.backtracks += steps - moves
        self.length = length
        self._solutions_delivered += found
        return found

    def advance_quiet(self, n: int) -> int:
        """Run up to ``n`` steps without events; 0 at the end."""
        t0 = perf_counter()
        made = self.search.advance_quiet(n)
        self.compute += perf_counter() - t0
        return made

    def sync(self) -> None:
        """Everything the search has done counts as delivered (no lookahead pending): the
        snapshot regime's way of counting, without a Python step per event."""
        search = self.search
        self.moves, self.backtracks = search.moves, search.backtracks
        self.length = len(search.initial) + search.depth
        self._solutions_delivered = self.solution_count()

    def path(self) -> Sequence[int]:
        """The occupied squares after the delivered events (only valid with no lookahead)."""
        return self.search.snapshot_path()

    def stack(self) -> Sequence[StackLevel]:
        """The search's stack snapshot (cheap: two array copies)."""
        return self.search.stack()

    def flashes(self) -> tuple[int, ...]:
        """The last square backtracked in the last engine call (for the board's flash)."""
        return self.search.recent_backtracks[-1:]

    def solution_count(self) -> int:
        """Solutions found by the search so far (delivered or not)."""
        return self.solutions.count if self.solutions is not None else 0

    def delivered_solutions(self) -> int:
        return self._solutions_delivered

    def new_solutions(self) -> tuple[tuple[int, ...], ...]:
        """Kept solutions whose last placement has been delivered and not reported yet."""
        if self.solutions is None:
            return ()
        found = self.solutions.found
        end = min(self._solutions_delivered, len(found))
        out = tuple(found[self._solutions_taken : end])
        self._solutions_taken = max(self._solutions_taken, end)
        return out
