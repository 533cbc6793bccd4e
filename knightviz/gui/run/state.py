"""Where a run is: the four states of a conductor (a single run or a race), the events that
move it between them, and the transitions allowed. No Qt: the rules are tested alone.

A run starts (running, or paused for stepping), pauses and resumes, and finishes; a run
brought back from the history is finished at once; Reset clears it from any state. A
failure leaves a finished run finished (a thread stuck after the end) and any other state
idle (nothing to show). Anything else is refused: a run cannot pause unless it runs, or
resume unless it is paused, and a finished run cannot finish again.

Apart from the state, the machine keeps whether the solver has settled: confirmed its
pause and delivered every step it made, so nothing is on its way to the board (a seek may
replace the position). A start, a pause or resume, and a step ask unsettle it; the
solver's confirmation settles it.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

__all__ = ["TRANSITIONS", "Event", "Refused", "RunState", "State"]


class State(str, Enum):
    """Where a run (or a race) is: the same four states for both conductors."""

    IDLE = "idle"  # nothing run yet on this setup, the piece on its start square
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"  # the last run's final position is on the board


class Event(str, Enum):
    """What happens to a run."""

    START = "start"
    #: Start paused, for stepping (Step from idle, a race's first step).
    START_PAUSED = "start_paused"
    PAUSE = "pause"
    RESUME = "resume"
    #: The search ended (solved, exhausted, stopped): its result is on the board.
    FINISH = "finish"
    #: The search failed (its thread raised or was stuck).
    FAIL = "fail"
    #: A run of the history brought back with its recording.
    RESTORE = "restore"
    #: Back to the position before a run.
    RESET = "reset"


_ANY = tuple(State)

#: (state, event) → the state after it; a pair not listed is refused.
TRANSITIONS: Mapping[tuple[State, Event], State] = {
    **{(s, Event.START): State.RUNNING for s in (State.IDLE, State.FINISHED)},
    **{(s, Event.START_PAUSED): State.PAUSED for s in (State.IDLE, State.FINISHED)},
    (State.RUNNING, Event.PAUSE): State.PAUSED,
    (State.PAUSED, Event.RESUME): State.RUNNING,
    **{(s, Event.FINISH): State.FINISHED for s in (State.RUNNING, State.PAUSED)},
    **{(s, Event.FAIL): State.IDLE for s in (State.IDLE, State.RUNNING, State.PAUSED)},
    (State.FINISHED, Event.FAIL): State.FINISHED,
    (State.IDLE, Event.RESTORE): State.FINISHED,
    **{(s, Event.RESET): State.IDLE for s in _ANY},
}


class Refused(ValueError):
    """An event the run's state does not allow (a caller's mistake, never the user's)."""

    def __init__(self, state: State, event: Event) -> None:
        super().__init__(f"{event.value} refused while {state.value}")
        self.state = state
        self.event = event


class RunState:
    """One conductor's state, moved only by the allowed transitions."""

    __slots__ = ("_settled", "_state")

    def __init__(self) -> None:
        self._state = State.IDLE
        self._settled = True

    @property
    def state(self) -> State:
        return self._state

    @property
    def going(self) -> bool:
        """A run exists: running or paused."""
        return self._state in (State.RUNNING, State.PAUSED)

    @property
    def settled(self) -> bool:
        """The solver has confirmed its pause and delivered every step it made."""
        return self._settled

    def allows(self, event: Event) -> bool:
        return (self._state, event) in TRANSITIONS

    def fire(self, event: Event) -> State:
        """Make the transition ``event`` calls for; ``Refused`` if the state has none."""
        after = TRANSITIONS.get((self._state, event))
        if after is None:
            raise Refused(self._state, event)
        self._state = after
        if event in (Event.START, Event.START_PAUSED, Event.PAUSE, Event.RESUME):
            self._settled = False  # until the solver confirms (its pause_reached)
        return after

    def start(self, paused: bool = False) -> State:
        return self.fire(Event.START_PAUSED if paused else Event.START)

    def pause(self) -> State:
        return self.fire(Event.PAUSE)

    def resume(self) -> State:
        return self.fire(Event.RESUME)

    def finish(self) -> State:
        return self.fire(Event.FINISH)

    def fail(self) -> State:
        return self.fire(Event.FAIL)

    def restore(self) -> State:
        return self.fire(Event.RESTORE)

    def reset(self) -> State:
        return self.fire(Event.RESET)

    def unsettle(self) -> None:
        """A step is on its way from the solver (Step while paused)."""
        self._settled = False

    def settle(self) -> None:
        """The solver has stopped and delivered everything (its pause_reached)."""
        self._settled = True
