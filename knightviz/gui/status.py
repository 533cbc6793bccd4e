"""The single run's status line (what to do next, or what the run on the board did), apart
from the session it describes; worded in the session's translation context."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from knightviz.gui.records import State

if TYPE_CHECKING:
    from knightviz.gui.session import RunSession


def status_line(session: RunSession) -> str:
    """The status line of ``session``."""
    if session.state is State.RUNNING:
        run = session.run
        if run is not None and session.puzzles[run.puzzle].constructs(run.settings):
            return QCoreApplication.translate(
                "RunSession", "Constructing, not searching… Space pauses, N steps, R resets."
            )
        return QCoreApplication.translate(
            "RunSession", "Searching… Space pauses, N steps, R resets."
        )
    if session.state is State.PAUSED:
        return QCoreApplication.translate(
            "RunSession", "Paused: N makes one step, Space resumes, R resets."
        )
    if session.state is State.FINISHED and session.result is not None and session.run is not None:
        puzzle = session.puzzles[session.run.puzzle]
        return puzzle.describe_result(
            session.run.settings, session.run.start, session.result, session.model
        )
    if session.verdict() is not None:
        return QCoreApplication.translate(
            "RunSession", "No solution can exist here; press “Search anyway” to watch the proof."
        )
    if session.puzzle.movable_start:
        name = session.puzzle.start_name(session.settings, session.start)
        return QCoreApplication.translate(
            "RunSession",
            "Start square {0}. Drag the knight to choose another, then press Start (Space).",
        ).format(name)
    return QCoreApplication.translate(
        "RunSession", "Press Start (Space) to place the queens, rank by rank."
    )
