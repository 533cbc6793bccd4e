"""What both compiled searches share: state scalars, the ring of backtracks, the live path.

Each compiled search subclasses the pure-Python one and replaces only its hot loop and
state accessors, so configuration, verdicts, limits, cancelling and results stay shared.
State lives in flat arrays (path, per-level cursor, ...) that the kernels in ``_search``
resume from, which makes a path snapshot or a stack snapshot a memcpy.
"""

from __future__ import annotations

from array import array

import numpy as np

from ..events import Outcome
from ..search import Ending, SearchBase, SolvingSearch
from . import _search
from .tables import I32, I64

#: Largest chunk one ``advance`` call fills (4 MB of events); callers loop anyway.
MAX_CHUNK = 1 << 20

assert array("i").itemsize == 4, "array('i') must hold 32-bit ints to take int32 buffers"


def as_array(buf: I32) -> array[int]:
    """An int32 buffer as ``array('i')``, in one memcpy."""
    out = array("i")
    out.frombytes(buf.view(np.uint8))  # type: ignore[arg-type]
    return out


class Compiled:
    """The state every compiled search keeps beside its own arrays, and how a call's end
    is read back (counts, recent backtracks, the live path list kept in step)."""

    _st: I64
    _ring: I32
    _out: I32
    _live: list[int] | None
    _occupied: I32  # the kernel's path array (knight: path; queens: placed squares)
    moves: int
    backtracks: int
    _recent: tuple[int, ...]

    def _init_common(self, size: int) -> None:
        self._st = np.zeros(_search.STATE_SLOTS, np.int64)
        self._ring = np.zeros(_search.RING, np.int32)
        self._out = np.zeros(1, np.int32)
        self._live = None

    def _buffer(self, budget: int) -> tuple[I32, int]:
        cap = min(budget, MAX_CHUNK)
        if self._out.shape[0] < cap:
            self._out = np.empty(max(cap, 4096), np.int32)
        return self._out, cap

    def _length(self) -> int:
        """Squares occupied now: the depth, where the path holds only the placements."""
        return int(self._st[_search.DEPTH])

    def _after_call(self) -> None:
        st = self._st
        self.moves = int(st[_search.MOVES])
        self.backtracks = int(st[_search.BACKTRACKS])
        ringn = int(st[_search.RINGN])
        if ringn:
            m = min(ringn, _search.RING)
            ring = self._ring
            new = tuple(int(ring[(ringn - m + i) & 7]) for i in range(m))
            self._recent = (*self._recent, *new)[-_search.RING :]
        live = self._live
        if live is not None:
            keep = self._kept(int(st[_search.LOW]))
            del live[keep:]
            live.extend(self._occupied[keep : self._length()].tolist())

    def _kept(self, low: int) -> int:
        """Squares of the path untouched by the last call, given its lowest depth."""
        return low

    def _live_path(self) -> list[int]:
        if self._live is None:
            self._live = self._occupied[: self._length()].tolist()
        return self._live

    @property
    def path(self) -> list[int]:
        return self._live_path()

    @property
    def depth(self) -> int:
        return int(self._st[_search.DEPTH])

    @property
    def max_depth(self) -> int:
        return int(self._st[_search.PEAK])

    def snapshot_path(self) -> array[int]:
        return as_array(self._occupied[: self._length()])

    def _events_made(self) -> int:
        """Events the last kernel call made."""
        return int(self._st[_search.EVENTS])

    def _adopt_common(self, source: SearchBase) -> None:
        """Counts, timing, flashes and the trace of ``source`` (a pure-Python search)."""
        self.moves, self.backtracks = source.moves, source.backtracks
        self._seconds = source._seconds
        self._recent = source._recent
        self.trace = source.trace
        self._traced = list(source._traced)  # considered events still to deliver
        self.limit = source.limit
        self.requested = source.requested
        st = self._st
        st[_search.MOVES], st[_search.BACKTRACKS] = source.moves, source.backtracks
        st[_search.PEAK] = source.max_depth
        st[_search.DEPTH] = source.depth
        self._live = None


class CompiledSolving(Compiled, SolvingSearch):
    """A compiled ``SolvingSearch`` (its solutions the placements on the path): every way
    of running goes through ``_call``, which runs the kernel and hands on its solutions."""

    def _call(self, out: I32, budget: int, emit: bool) -> Ending | None:
        """Up to ``budget`` events (into ``out`` with ``emit``); the ending, if over."""
        raise NotImplementedError

    def _ending(self, status: int) -> Ending | None:
        """A kernel's status as the search's ending (None: still running)."""
        if status == _search.SOLVED:
            return (Outcome.SOLVED, None)
        if status == _search.EXHAUSTED:
            return self._exhausted()
        return None

    def _events(self, budget: int) -> tuple[array[int], Ending | None]:
        out, cap = self._buffer(budget)
        ending = self._call(out, cap, True)
        return as_array(out[: self._events_made()]), ending

    def _events_into(self, target: memoryview, budget: int) -> tuple[int, Ending | None]:
        out = np.frombuffer(target, np.int32)  # the kernel writes straight into it
        ending = self._call(out, min(budget, len(out)), True)
        return self._events_made(), ending

    def _quiet(self, budget: int) -> Ending | None:
        return self._call(self._out, budget, False)
