"""The run state machine, alone (no Qt): every transition, allowed or refused."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

from knightviz.gui.run.state import TRANSITIONS, Event, Refused, RunState, State

IDLE, RUNNING, PAUSED, FINISHED = State.IDLE, State.RUNNING, State.PAUSED, State.FINISHED

#: The rules, written out once more by hand: (state, event) → state after; None: refused.
EXPECTED: dict[tuple[State, Event], State | None] = {
    (IDLE, Event.START): RUNNING,
    (IDLE, Event.START_PAUSED): PAUSED,
    (IDLE, Event.PAUSE): None,
    (IDLE, Event.RESUME): None,
    (IDLE, Event.FINISH): None,
    (IDLE, Event.FAIL): IDLE,
    (IDLE, Event.RESTORE): FINISHED,
    (IDLE, Event.RESET): IDLE,
    (RUNNING, Event.START): None,
    (RUNNING, Event.START_PAUSED): None,
    (RUNNING, Event.PAUSE): PAUSED,
    (RUNNING, Event.RESUME): None,
    (RUNNING, Event.FINISH): FINISHED,
    (RUNNING, Event.FAIL): IDLE,
    (RUNNING, Event.RESTORE): None,
    (RUNNING, Event.RESET): IDLE,
    (PAUSED, Event.START): None,
    (PAUSED, Event.START_PAUSED): None,
    (PAUSED, Event.PAUSE): None,
    (PAUSED, Event.RESUME): RUNNING,
    (PAUSED, Event.FINISH): FINISHED,
    (PAUSED, Event.FAIL): IDLE,
    (PAUSED, Event.RESTORE): None,
    (PAUSED, Event.RESET): IDLE,
    (FINISHED, Event.START): RUNNING,
    (FINISHED, Event.START_PAUSED): PAUSED,
    (FINISHED, Event.PAUSE): None,
    (FINISHED, Event.RESUME): None,
    (FINISHED, Event.FINISH): None,
    (FINISHED, Event.FAIL): FINISHED,
    (FINISHED, Event.RESTORE): None,
    (FINISHED, Event.RESET): IDLE,
}

#: A way to reach each state from a new machine.
ROUTE = {
    IDLE: (),
    RUNNING: (Event.START,),
    PAUSED: (Event.START, Event.PAUSE),
    FINISHED: (Event.START, Event.FINISH),
}


def machine_in(state: State) -> RunState:
    machine = RunState()
    for event in ROUTE[state]:
        machine.fire(event)
    assert machine.state is state
    return machine


def test_every_pair_of_state_and_event_is_ruled():
    assert set(EXPECTED) == set(itertools.product(State, Event))


def test_the_table_is_the_rules():
    assert dict(TRANSITIONS) == {k: v for k, v in EXPECTED.items() if v is not None}


@pytest.mark.parametrize(
    ("state", "event"),
    [k for k, v in EXPECTED.items() if v is not None],
    ids=lambda x: x.value,
)
def test_allowed_transition(state, event):
    machine = machine_in(state)
    assert machine.allows(event)
    assert machine.fire(event) is EXPECTED[state, event]
    assert machine.state is EXPECTED[state, event]


@pytest.mark.parametrize(
    ("state", "event"),
    [k for k, v in EXPECTED.items() if v is None],
    ids=lambda x: x.value,
)
def test_refused_transition_leaves_the_state_as_it_was(state, event):
    machine = machine_in(state)
    settled = machine.settled
    assert not machine.allows(event)
    with pytest.raises(Refused) as refused:
        machine.fire(event)
    assert (refused.value.state, refused.value.event) == (state, event)
    assert machine.state is state
    assert machine.settled is settled


def test_a_new_run_is_idle_and_settled():
    machine = RunState()
    assert machine.state is IDLE
    assert machine.settled
    assert not machine.going


@pytest.mark.parametrize(
    ("state", "going"), [(IDLE, False), (RUNNING, True), (PAUSED, True), (FINISHED, False)]
)
def test_going_is_running_or_paused(state, going):
    assert machine_in(state).going is going


def test_the_named_commands_are_their_events():
    machine = RunState()
    assert machine.start(paused=True) is PAUSED
    assert machine.resume() is RUNNING
    assert machine.pause() is PAUSED
    assert machine.finish() is FINISHED
    assert machine.start() is RUNNING
    assert machine.fail() is IDLE
    assert machine.restore() is FINISHED
    assert machine.fail() is FINISHED  # a failure after the end keeps the result
    assert machine.reset() is IDLE
    with pytest.raises(Refused):
        machine.pause()
    with pytest.raises(Refused):
        machine.resume()
    with pytest.raises(Refused):
        machine.finish()


@pytest.mark.parametrize("event", [Event.START, Event.START_PAUSED, Event.PAUSE, Event.RESUME])
def test_a_start_pause_or_resume_waits_for_the_solver_to_settle(event):
    machine = machine_in({Event.PAUSE: RUNNING, Event.RESUME: PAUSED}.get(event, IDLE))
    machine.settle()
    machine.fire(event)
    assert not machine.settled
    machine.settle()
    assert machine.settled


@pytest.mark.parametrize("event", [Event.FINISH, Event.FAIL, Event.RESET])
def test_an_end_leaves_the_solver_settled_or_not_as_it_was(event):
    for settled in (True, False):
        machine = machine_in(RUNNING)
        if settled:
            machine.settle()
        machine.fire(event)
        assert machine.settled is settled


def test_a_step_unsettles_until_the_solver_confirms():
    machine = machine_in(PAUSED)
    machine.settle()
    machine.unsettle()
    assert not machine.settled and machine.state is PAUSED
    machine.settle()
    assert machine.settled


def test_the_machine_needs_no_qt():
    """Imported alone, in a fresh interpreter: no Qt module comes with it."""
    code = (
        "import sys; import knightviz.gui.run.state; "
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
