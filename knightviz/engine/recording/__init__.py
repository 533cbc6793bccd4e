"""A run's recording: every step in 4 bytes, with checkpoints, to step back and scrub.

Steps are stored as they come (blocks of ``BLOCK`` steps, 4 bytes each), and every
``checkpoint_every`` steps or so a checkpoint keeps the whole position (the occupied squares
and the counts). Seeking to step k replays at most one checkpoint interval (plus a chunk)
from the nearest checkpoint at or before k, so it costs the same anywhere in a run of any
length.

A memory budget bounds the recording. Past it (after asking ``more_budget`` whether older
recordings can make room), the first half of the budget stays (the prefix) and the newest
steps are kept in the other half, dropping the oldest blocks after the prefix as new ones
arrive; what was dropped is a gap. Checkpoints inside the gap are kept (thinned so that they
stay few), so a seek into the gap still shows a true position, only not at every step:
``Position.exact`` says so, and ``gaps()`` tells the timeline where.

The solver's thread appends while the window's thread seeks: a lock keeps them apart. The
notable moments (``markers``) are found by ``scan_markers``, a slice at a time, off the
solver's thread, so recording costs the search a copy of its events and nothing per event.

Nothing here knows the puzzle: a position is the ordered list of occupied squares, moves
push and backtracks pop (the engine's event model).

The modules, each importing only those before it: ``blocks`` (block memory), ``seeking``
(checkpoints, positions, replay), ``budget`` (what goes past the budget), ``markers`` (the
marker scans), ``data`` (what a saved recording holds), ``recording`` (``Recording``:
appending, and the parts put together). Everything public is importable from here.
"""

from __future__ import annotations

from .blocks import BLOCK, BlockMaker, merge_spans
from .budget import DEFAULT_BUDGET, MAX_GAP_CHECKPOINTS
from .data import RecordingData
from .markers import Markers, Scanner, fast_scanner, numpy_scanner, scan
from .recording import Recording
from .seeking import Position, loaded_numpy, replay

__all__ = [
    "BLOCK",
    "DEFAULT_BUDGET",
    "MAX_GAP_CHECKPOINTS",
    "BlockMaker",
    "Markers",
    "Position",
    "Recording",
    "RecordingData",
    "Scanner",
    "fast_scanner",
    "loaded_numpy",
    "merge_spans",
    "numpy_scanner",
    "replay",
    "scan",
]
