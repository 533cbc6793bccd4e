"""What the solver thread sends the GUI: frames, tagged with the run they belong to."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from knightviz.engine.events import StackLevel

#: Above this speed (steps/s) events are batched at screen rate instead of one signal each.
PER_EVENT_MAX = 60.0
#: Screen rate for batches and snapshots.
FRAME_SECONDS = 1.0 / 60.0
UNLIMITED = math.inf


@dataclass(frozen=True, slots=True)
class Frame:
    """One screen's worth of progress: either events to replay or a snapshot to jump to.

    ``run_id`` says which run produced it: a frame of a run that has been replaced since is
    recognised and dropped, never applied to the new run's board.
    """

    run_id: int
    #: Encoded events to apply in order (batched regime), or None.
    events: Sequence[int] | None
    #: The occupied squares in order (unlimited regime), or None.
    path: Sequence[int] | None
    moves: int
    backtracks: int
    #: Squares backtracked in this frame worth flashing (snapshot frames only).
    flashes: tuple[int, ...] = ()
    #: Solutions completed by this frame's events (kept ones only), in order.
    solutions: tuple[tuple[int, ...], ...] = ()
    #: Solutions found so far in all.
    solution_count: int = 0
    #: The engine's stack at a snapshot (engine searches), for the stack panel and gauge.
    stack: Sequence[StackLevel] | None = None
