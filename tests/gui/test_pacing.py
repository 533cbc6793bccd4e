"""The paced regime's schedule, on a fake clock: each event is due a fixed time after the
previous one was due, so the time a tick takes (making, signalling, looking ahead) does not
slow the run down. No wall clock: the fake worker's work and sleeps move the fake time."""

from __future__ import annotations

import itertools

import pytest

from knightviz.engine.trace import TRACE
from knightviz.gui.solver.regimes import CONSIDERED_SHARE, LATE_MAX, Paced, hold_seconds

STEP, CONSIDERED = 5, TRACE + 1


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class FakeFeed:
    def __init__(self, events: list[int]) -> None:
        self.events = events

    def considered_ahead(self) -> int:
        n = 0
        for x in self.events:
            if x < TRACE:
                break
            n += 1
        return n


class FakeWorker:
    """Delivers ``events``; each delivery costs ``work`` seconds of fake time, each sleep
    the time asked (a command would cut it short: the regime only ever asks, then looks
    again)."""

    def __init__(self, events, speed, clock, work=0.0, solutions=()):
        self.feed = FakeFeed(list(events))
        self.speed = speed
        self.clock = clock
        self.work = work
        self.solutions = set(solutions)
        self.sent: list[tuple[float, int]] = []
        self.last = 0

    def single(self):
        if not self.feed.events:
            return None
        x = self.feed.events.pop(0)
        self.sent.append((self.clock.now, x))  # the moment it is signalled
        self.clock.now += self.work
        self.last = x
        return int(len(self.sent) in self.solutions)

    def last_was_considered(self):
        return self.last >= TRACE

    def sleep(self, seconds):
        assert seconds > 0
        self.clock.now += seconds


def run(worker, clock, until=None):
    paced = Paced(worker, clock=clock)
    paced.enter()
    while paced.tick():
        if until is not None and until(worker):
            break
    return paced


def gaps(worker):
    times = [t for t, _ in worker.sent]
    return [b - a for a, b in itertools.pairwise(times)]


@pytest.mark.parametrize("speed", [1.0, 20.0, 60.0])
@pytest.mark.parametrize("work", [0.0, 0.004, 0.012])
def test_steps_come_at_the_speed_set_whatever_a_tick_costs(speed, work):
    clock = Clock()
    worker = FakeWorker([STEP] * 40, speed, clock, work=work)
    run(worker, clock)
    assert len(worker.sent) == 40
    assert gaps(worker) == pytest.approx([1 / speed] * 39)


def test_considered_events_share_half_a_step_and_steps_keep_the_pace():
    """Plain search at 20 steps/s: before each step, three directions examined and passed
    by; the steps are still 1/20 s apart, the examinations fill half of each."""
    clock = Clock()
    group = [CONSIDERED, CONSIDERED, CONSIDERED, STEP]
    worker = FakeWorker(group * 10, 20.0, clock, work=0.006)
    run(worker, clock)
    steps = [t for t, x in worker.sent if x < TRACE]
    assert [b - a for a, b in itertools.pairwise(steps)] == pytest.approx([0.05] * 9)
    share = 0.05 * CONSIDERED_SHARE / 3
    assert gaps(worker)[:4] == pytest.approx([share, share, share, 0.05 * CONSIDERED_SHARE])


def test_a_solution_is_held_on_the_board():
    clock = Clock()
    worker = FakeWorker([STEP] * 6, 60.0, clock, work=0.002, solutions={3})
    run(worker, clock)
    assert gaps(worker) == pytest.approx([1 / 60, 1 / 60, hold_seconds(60.0), 1 / 60, 1 / 60])


def test_a_speed_change_acts_on_the_next_event():
    clock = Clock()
    worker = FakeWorker([STEP] * 6, 1.0, clock, work=0.001)
    run(worker, clock, until=lambda w: len(w.sent) == 2)
    paced = Paced(worker, clock=clock)
    paced.due, paced.last = worker.sent[-1][0], (False, 0)  # as the first left it
    worker.speed = 20.0
    while paced.tick():
        pass
    assert gaps(worker) == pytest.approx([1.0, 0.05, 0.05, 0.05, 0.05])


def test_running_late_starts_afresh_instead_of_a_burst():
    """A tick that takes far longer than a step (a busy machine): the next events are not
    fired off at once to catch up, the schedule goes on from now."""
    clock = Clock()
    worker = FakeWorker([STEP] * 8, 20.0, clock, work=0.001)

    class Stall:
        def __init__(self) -> None:
            self.done = False

    stall = Stall()
    original = worker.single

    def single():
        result = original()
        if len(worker.sent) == 3 and not stall.done:
            stall.done = True
            clock.now += LATE_MAX + 0.5
        return result

    worker.single = single
    run(worker, clock)
    after = gaps(worker)[3:]
    assert after == pytest.approx([0.05] * len(after))
    assert gaps(worker)[2] == pytest.approx(0.001 + LATE_MAX + 0.5)


def test_after_a_pause_the_next_event_goes_at_once():
    clock = Clock()
    worker = FakeWorker([STEP] * 4, 1.0, clock)
    paced = run(worker, clock, until=lambda w: len(w.sent) == 2)
    clock.now += 0.3  # paused a while, then resumed: the worker enters the regime afresh
    paced.enter()
    paced.tick()
    assert worker.sent[-1][0] == clock.now
