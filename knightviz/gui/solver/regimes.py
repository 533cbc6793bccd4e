"""The three ways the solver thread delivers a run to the GUI, one small object each.

* ``Paced`` (up to PER_EVENT_MAX steps/s): one signal per event, then the next event looked
  ahead so the board can mark where the search goes next;
* ``Batched`` (up to 10,000 steps/s): events in batches at screen rate;
* ``Unlimited``: the search runs flat out in chunks; at screen rate a snapshot of the true
  state (occupied squares and counts), never a backlog.

Each ``tick`` does at most about one frame of work and returns False when the search has
ended; the worker picks the regime afresh before every tick, so a speed change acts at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Protocol

from knightviz.gui.solver.feed import EventFeed
from knightviz.gui.solver.frames import FRAME_SECONDS

#: Events per engine call at unlimited speed to begin with: about a millisecond of work in
#: Python; calls grow or shrink towards TARGET_CALL seconds each.
CHUNK = 4096
TARGET_CALL = 0.004
MAX_CALL = 1 << 24
#: The most steps one recorded call may make: a checkpoint is at most this far off.
RECORDED_CALL = 1 << 18
#: Longest the unlimited loop waits for the GUI to paint a frame (a hidden window never does).
ACK_WAIT = 0.05


def hold_seconds(speed: float) -> float:
    """How long a completed solution stays on the board at this speed before the search
    moves on: long enough to see it at paced speeds, a blink at the fastest batched ones."""
    return min(1.2, max(0.08, 8.0 / max(speed, 1e-3)))


class Sender(Protocol):
    """What a regime drives (``SolverWorker``, on its thread): the run's feed, the speed
    asked for, and the signals to the GUI, which acknowledges each frame it has applied."""

    feed: EventFeed
    speed: float

    def single(self) -> int | None: ...

    def send_events(self, events: Sequence[int]) -> None: ...

    def send_snapshot(self, flashes: tuple[int, ...]) -> None: ...

    def last_was_considered(self) -> bool: ...

    def acknowledged(self) -> bool: ...

    def wait_ack(self, seconds: float) -> None: ...

    def sleep(self, seconds: float) -> None: ...


class Regime:
    def __init__(self, worker: Sender) -> None:
        self.worker = worker
        self.feed = worker.feed

    def enter(self) -> None:
        """Called when the worker switches to this regime."""

    def tick(self) -> bool:
        raise NotImplementedError

    def flush(self, force: bool = True) -> None:
        """Send whatever the GUI has not seen yet."""


#: The share of a step's time given to the examinations before it (when there are any).
CONSIDERED_SHARE = 0.5


#: How late the paced schedule may run before it starts afresh from now (instead of
#: making up the lost time in a burst of events): a busy machine, a long repaint.
LATE_MAX = 0.25


class Paced(Regime):
    """One event at a time, on a schedule. The speed counts steps: the "considered" events
    before a step (paced speeds trace them) share half of that step's time, so a run at 20
    steps/s makes 20 steps a second however much it examines.

    Each event is due a fixed time after the previous one was *due* (a deadline clock), not
    after the previous tick's work ended: the work of a tick (making the event, signalling
    it, looking ahead) comes out of the wait, so what the slider shows is what the board
    gets. (Sleeping the whole step time after the work delivered 20 steps/s as 17, and 12-14
    on a busy machine.) The wait before an event is worked out when it is due, at the speed
    set then, so a speed change acts at once; a command cuts the wait short."""

    def __init__(self, worker: Sender, clock: Callable[[], float] = perf_counter) -> None:
        super().__init__(worker)
        self.clock = clock
        self.group = 0  # considered events in the group being shown
        #: When the last event was due (None: the next one goes at once).
        self.due: float | None = None
        #: What the last event was: (a considered event?, solutions it completed).
        self.last: tuple[bool, int] = (False, 0)
        #: The last event was a step that ended a group of considered events.
        self.group_ended = False

    def enter(self) -> None:
        self.due = None  # after a pause, a step or a speed change: the next event at once

    def wait(self, speed: float) -> float:
        """Seconds from the last event's due time to the next one's, at ``speed``."""
        step_time = 1.0 / max(speed, 1e-3)
        considered, found = self.last
        if considered:
            return step_time * CONSIDERED_SHARE / max(self.group, 1)
        delay = step_time * (1 - CONSIDERED_SHARE) if self.group_ended else step_time
        if found:
            delay = max(delay, hold_seconds(speed))
        return delay

    def tick(self) -> bool:
        w = self.worker
        now = self.clock()
        if self.due is None:
            self.due = now
        else:
            due = self.due + self.wait(w.speed)
            if now < due:
                w.sleep(due - now)  # cut short by any command; the next tick decides
                return True
            self.due = due if now - due <= LATE_MAX else now
        found = w.single()
        if found is None:
            return False
        considered = w.last_was_considered()
        if considered:
            if self.group == 0:
                self.group = 1 + self.feed.considered_ahead()
            self.group_ended = False
        else:
            self.group_ended = self.group > 0
            self.group = 0
        self.last = (considered, found)
        return True


class Batched(Regime):
    def __init__(self, worker: Sender) -> None:
        super().__init__(worker)
        self.pending: list[int] = []
        self.budget = 0.0
        self.last = perf_counter()

    def enter(self) -> None:
        self.budget = 0.0
        self.last = perf_counter()

    def tick(self) -> bool:
        w, feed = self.worker, self.feed
        now = perf_counter()
        speed = w.speed
        self.budget = min(self.budget + (now - self.last) * speed, speed * 0.25 + 1)
        self.last = now
        count = int(self.budget)
        ended = False
        found = 0
        if count:
            events = self._take_until_solution(count)
            if not events:
                ended = True
            self.budget -= len(events)
            found = feed.deliver(events)
            self.pending.extend(events)
        if self.pending and w.acknowledged():
            self.flush()
        if ended:
            return False
        if found:
            w.sleep(hold_seconds(speed))  # let the solution be seen
            self.last = perf_counter()
        else:
            w.sleep(FRAME_SECONDS)
        return True

    def _take_until_solution(self, count: int) -> list[int]:
        """Up to ``count`` events, cut just after one that completes a solution."""
        feed = self.feed
        depth = feed.solution_depth
        if depth is None:
            return self._raw(count)
        out: list[int] = []
        length = feed.length
        while len(out) < count:
            events = self._raw(min(256, count - len(out)))
            if not events:
                break
            for i, x in enumerate(events):
                length += 1 if x >= 0 else -1
                if x >= 0 and length == depth:
                    out.extend(events[: i + 1])
                    feed.ahead = events[i + 1 :] + feed.ahead
                    return out
            out.extend(events)
        return out

    def _raw(self, count: int) -> list[int]:
        """Events without counting them delivered (``tick`` counts them)."""
        feed = self.feed
        ahead = feed.ahead
        if len(ahead) >= count:
            out, feed.ahead = ahead[:count], ahead[count:]
            return out
        more = feed.advance(count - len(ahead))
        feed.ahead = []
        return ahead + list(more)

    def flush(self, force: bool = True) -> None:
        if self.pending:
            w = self.worker
            w.send_events(self.pending)
            self.pending = []


class Unlimited(Regime):
    """Flat out. The search runs without events (``advance_quiet``), in calls sized to
    about TARGET_CALL seconds, and the GUI gets a snapshot at screen rate; the compiled
    engine releases the GIL while it runs, so the GUI paints meanwhile and the solver never
    waits for it. A pure-Python search shares the interpreter with the GUI, so it waits for
    each frame to be painted before computing on."""

    def __init__(self, worker: Sender) -> None:
        super().__init__(worker)
        self.pending: list[int] = []
        self.last_frame = 0.0
        self.chunk = CHUNK

    @property
    def compiled(self) -> bool:
        """The compiled engine releases the GIL (a search may move there mid-run)."""
        return self.feed.search.backend != "python"

    def enter(self) -> None:
        self.last_frame = perf_counter()

    def tick(self) -> bool:
        w, feed = self.worker, self.feed
        if feed.ahead:  # looked-ahead events go first, as events
            events, feed.ahead = feed.ahead, []
            feed.deliver(events)
            self.pending.extend(events)
            self.flush()
        if not self.compiled and not w.acknowledged():
            # A frame is being applied and painted: leave the GUI the interpreter.
            w.wait_ack(ACK_WAIT)
        t0 = perf_counter()
        if feed.recording is not None:
            # Recorded: the search writes its steps straight into the recording, in calls
            # small enough that checkpoints stay close together (seeking stays fast).
            made = feed.advance_recorded(min(self.chunk, RECORDED_CALL))
        else:
            made = feed.advance_quiet(self.chunk)
        now = perf_counter()
        if made == 0:
            feed.sync()
            return False
        # Size the next call to about TARGET_CALL: short enough for Pause and Stop to answer
        # at once, long enough that calling costs nothing.
        took = now - t0
        if took < TARGET_CALL / 2 and self.chunk < MAX_CALL:
            self.chunk *= 2
        elif took > TARGET_CALL * 2 and self.chunk > CHUNK:
            self.chunk //= 2
        feed.sync()
        if now - self.last_frame >= FRAME_SECONDS and w.acknowledged():
            w.send_snapshot(feed.flashes())
            self.last_frame = perf_counter()
        return True

    def flush(self, force: bool = True) -> None:
        w = self.worker
        if not self.feed.ahead:
            # Snapshot mode: the GUI may be behind; send the state.
            if force or w.acknowledged():
                w.send_snapshot(())
            self.pending = []
            return
        if self.pending:
            w.send_events(self.pending)
            self.pending = []
