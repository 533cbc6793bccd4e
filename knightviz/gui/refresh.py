"""When a run's panels redraw while it goes: one scheduler per run session.

Two clocks drive a running view, and this is their one owner:

* the solver's frames (batched and unlimited speeds): each frame is shown over several
  turns of the event loop, so that input and timers get in between (one turn of board,
  panels and paints made the window answer 20-40 ms late): the board at once; the panels
  in the next turn; the search tree in the one after; the steps chart in the next; then the
  pending layouts and paints, and only then may the solver go on (a pure-Python search
  would take the interpreter from the panels meanwhile);
* a screen-rate tick (``TICK_MS``) when no frame comes (paced speeds, paused, replaying).

Each tick redraws the board; the figures (counters, timeline, hint) exactly at paced
speeds or paused, above them ``TEXT_HZ`` times a second (figures repainted 60 times a second
were a third of each frame's work); the explaining panels; and the tree and chart unless a
frame is about to show them or just did (reading up to a million new steps each, twice a
frame took a third of the thread). The view draws what it is told (``Part``); a change of
state redraws everything at once, apart from this (``RunView.refresh``).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum, Flag, auto
from time import monotonic

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer, Signal

from knightviz.gui.solver.controller import SolverController

#: Screen rate of counters and panels.
TICK_MS = 16
#: Above paced speeds the counters, timeline and hint are refreshed this often a second.
TEXT_HZ = 20


class Part(Flag):
    """What a view redraws."""

    NONE = 0
    #: A solver frame's board, painted now (the solver waits for it).
    FRAME = auto()
    #: The board, if its model changed (at most at its own paint rate).
    BOARD = auto()
    #: Counters, timeline and the stuck run's hint.
    FIGURES = auto()
    #: Stack, code line, narration, gauge; the solutions.
    EXPLAIN = auto()
    #: The search tree.
    TREE = auto()
    #: The steps chart (and whoever follows the view's refreshes).
    CHART = auto()


class Turn(Enum):
    """A solver frame's turns of the event loop after its board's, in order."""

    PANELS = auto()
    TREE = auto()
    CHART = auto()
    PAINTS = auto()


class RefreshScheduler(QObject):
    """Decides when one session's view redraws what while a run goes."""

    #: Redraw these parts now (a ``Part``).
    due = Signal(object)

    def __init__(
        self,
        controller: SolverController,
        heartbeat: Callable[[], None],
        details: Callable[[], bool],
        parent: QObject | None = None,
    ) -> None:
        """``heartbeat``: the session's own screen-rate work (the live edge, the markers),
        before each tick's redraw; ``details``: every event is read (paced or paused)."""
        super().__init__(parent)
        self._controller = controller
        self._heartbeat = heartbeat
        self._details = details
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._on_timer)
        self._last_frame = 0.0  # the last frame's panels
        self._text_at = 0.0  # the figures' last redraw
        self._late_at = 0.0  # the tree and chart's last redraw
        #: A frame is on its way through its turns (its tree and chart come in the last).
        self._in_frame = False
        controller.frame_applied.connect(self._on_frame)
        controller.pace_frames()

    # -- the screen-rate tick -------------------------------------------------------------------

    def start(self) -> None:
        """A run begins: ticks at screen rate until ``stop``."""
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def _on_timer(self) -> None:
        """Screen rate when no frames come (paced speeds, paused, replaying)."""
        if monotonic() - self._last_frame > 2 * TICK_MS / 1000:
            self.tick()

    def tick(self) -> None:
        """The session's heartbeat, then the parts due now."""
        self._heartbeat()
        now = monotonic()
        parts = Part.BOARD | Part.EXPLAIN
        if self._details() or now - self._text_at >= 1 / TEXT_HZ:
            self._text_at = now
            parts |= Part.FIGURES
        late = not self._in_frame and now - self._late_at >= TICK_MS / 1000
        if late:
            parts |= Part.TREE
        self.due.emit(parts)
        if late:
            self._chart()

    def _chart(self) -> None:
        self._late_at = monotonic()
        self.due.emit(Part.CHART)

    # -- a solver frame's turns -------------------------------------------------------------

    def _on_frame(self) -> None:
        """The controller has applied a frame to the model: its board now, the rest in
        the frame's next turns, while the solver waits."""
        self._in_frame = True
        self.due.emit(Part.FRAME)
        self._later(self._controller.run_id, Turn.PANELS)

    def _later(self, run_id: int, turn: Turn) -> None:
        QTimer.singleShot(0, self, lambda: self._turn(run_id, turn))

    def _turn(self, run_id: int, turn: Turn) -> None:
        controller = self._controller
        if not controller.frame_current(run_id):  # the run ended or was replaced meanwhile
            self._in_frame = False
            return
        if turn is Turn.PANELS:
            self._last_frame = monotonic()
            self.tick()
            self._later(run_id, Turn.TREE)
        elif turn is Turn.TREE:
            self.due.emit(Part.TREE)
            self._later(run_id, Turn.CHART)
        elif turn is Turn.CHART:
            self._in_frame = False
            self._chart()
            self._later(run_id, Turn.PAINTS)
        else:
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            QCoreApplication.sendPostedEvents(None, QEvent.Type.UpdateRequest)
            controller.frame_done(run_id)
