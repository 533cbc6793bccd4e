"""A run's lifecycle apart from Qt: its states and the transitions allowed between them."""

from knightviz.gui.run.state import TRANSITIONS, Event, Refused, RunState, State

__all__ = ["TRANSITIONS", "Event", "Refused", "RunState", "State"]
