"""The solver thread: the worker on its QThread, its controller, one object per regime."""

from knightviz.gui.solver.controller import SolverController, SwitchInterval
from knightviz.gui.solver.feed import EventFeed, SolutionLog
from knightviz.gui.solver.frames import FRAME_SECONDS, PER_EVENT_MAX, UNLIMITED, Frame
from knightviz.gui.solver.worker import SolverWorker

__all__ = [
    "FRAME_SECONDS",
    "PER_EVENT_MAX",
    "UNLIMITED",
    "EventFeed",
    "Frame",
    "SolutionLog",
    "SolverController",
    "SolverWorker",
    "SwitchInterval",
]
