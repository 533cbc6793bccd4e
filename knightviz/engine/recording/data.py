"""Serialisation: everything a recording holds, to save it in a file and rebuild one that
seeks identically (``Recording.data``, ``Recording.load``; the run file is ``runfile``'s)."""

from __future__ import annotations

from array import array
from dataclasses import dataclass

from .markers import Markers


@dataclass(slots=True)
class RecordingData:
    """Everything a recording holds, to save it in a file and rebuild one that seeks
    identically (``Recording.data``, ``Recording.load``). Dropped blocks are simply absent:
    the rebuilt recording has the same gaps."""

    initial: tuple[int, ...]
    #: Steps recorded, including those in gaps.
    length: int
    block: int
    checkpoint_every: int
    solution_depth: int | None
    finished: bool
    #: Moves and backtracks recorded.
    counts: tuple[int, int]
    #: Stretches skipped without events (fast-forwarded), as (start, end) steps.
    holes: list[tuple[int, int]]
    #: The kept blocks: (block index, steps written into it, those steps).
    blocks: list[tuple[int, int, array[int]]]
    #: (step, path, moves, backtracks), steps ascending, the first at step 0.
    checkpoints: list[tuple[int, array[int], int, int]]
    markers: Markers
    #: Where the marker scan stands (depth, current run of backtracks) at ``markers.scanned``.
    scan_state: tuple[int, int] = (0, 0)
