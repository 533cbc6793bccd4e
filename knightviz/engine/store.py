"""Every kept run's recording under one memory budget: the oldest go first.

Pure Python beside ``Recording``: the window shares one store among its sessions (a race has
two), and a recording that outgrows its share asks here before it drops anything of its own.
Solver threads call ``more``, so a lock guards the list.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from .recording import DEFAULT_BUDGET, BlockMaker, Recording


class RecordingStore:
    """Recordings of runs under one budget (bytes); older ones not on show are released
    first when a newer one needs room."""

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        self.budget = budget
        self._lock = threading.Lock()
        self._kept: list[Recording] = []  # oldest first
        self._pinned: set[int] = set()  # ids of recordings on show (never released)
        self.maker = BlockMaker()  # one for all runs: a long run's blocks made ahead

    def new(self, initial: Sequence[int], solution_depth: int | None) -> Recording:
        with self._lock:
            room = max(0, self.budget - sum(r.nbytes for r in self._kept))
            recording = Recording(
                initial,
                budget=max(room, 1 << 20),
                solution_depth=solution_depth,
                more_budget=self.more,
                blocks=self.maker,
            )
            self._kept.append(recording)
            return recording

    def more(self, recording: Recording, wanted: int) -> int:
        """The budget ``recording`` may use, after releasing older ones if it needs room."""
        with self._lock:
            others = [r for r in self._kept if r is not recording]
            held = sum(r.nbytes for r in others)
            for old in others:
                if held + wanted <= self.budget:
                    break
                if id(old) in self._pinned or old.nbytes <= 4 * len(old.initial):
                    continue
                held -= old.nbytes
                old.release()
            return max(0, self.budget - held)

    def set_budget(self, budget: int) -> None:
        """A new budget: older recordings are released until all fit (the newest stays)."""
        with self._lock:
            self.budget = budget
            held = sum(r.nbytes for r in self._kept)
            for old in self._kept[:-1]:
                if held <= budget:
                    break
                held -= old.nbytes
                old.release()
            if self._kept:
                self._kept[-1].budget = max(1 << 20, budget - (held - self._kept[-1].nbytes))

    def pin(self, recording: Recording | None, previous: Recording | None = None) -> None:
        """``recording`` is on show (never released); ``previous``, shown by the same
        session until now, no longer is. Each session pins one at a time (a race, two)."""
        with self._lock:
            if previous is not None:
                self._pinned.discard(id(previous))
            if recording is not None:
                self._pinned.add(id(recording))

    def alive(self, recording: Recording | None) -> bool:
        """Still holds its steps (not released to make room)."""
        return (
            recording is not None
            and recording in self._kept
            and (recording.nbytes > 4 * len(recording.initial) or len(recording) == 0)
        )

    def kept(self) -> list[Recording]:
        """The recordings held, oldest first."""
        with self._lock:
            return list(self._kept)

    @property
    def nbytes(self) -> int:
        return sum(r.nbytes for r in self._kept)
