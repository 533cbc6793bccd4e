"""The compiled N-Queens search: ``QueensSearch`` with its state in numpy arrays.

The same solutions, limits and results as the pure-Python search it subclasses; only the
hot loop (``_search.queens_run``) and the state accessors are replaced.
"""

from __future__ import annotations

from array import array

import numpy as np

from ..queens import QueensSearch
from ..search import Ending
from ..stack import QueensStack
from . import _search
from .compiled import CompiledSolving, as_array
from .tables import I32

#: Solutions the queens kernel hands back per call at most.
SOLUTIONS_PER_CALL = 256


class NumbaQueensSearch(CompiledSolving, QueensSearch):
    backend = "numba"

    def _setup(self) -> None:
        n = self.n
        self._init_common(n)
        self._occupied = np.zeros(n, np.int32)
        self._cursorn = np.zeros(n + 1, np.int32)
        self._files = np.zeros(n, np.uint8)
        self._ups = np.zeros(2 * n, np.uint8)
        self._downs = np.zeros(2 * n, np.uint8)
        self._sols = np.zeros((1 if self.first else SOLUTIONS_PER_CALL, n), np.int32)

    @classmethod
    def adopt(cls, source: QueensSearch) -> NumbaQueensSearch:
        """A compiled search in exactly the state of ``source``, a running pure-Python
        search: the queens placed, each rank's next file, the three constraint sets, the
        counts and the solutions found (the same list, the same receiver)."""
        if source.backend != "python" or source.result is not None:
            raise ValueError("only a running pure-Python search can be handed over")
        new = cls(source.n, first=source.first, limit=source.limit, cancel=source._cancel)
        new._adopt_common(source)
        new._take_solutions(source)
        placed = source._path
        new._occupied[: len(placed)] = placed
        new._cursorn[: len(source._cursor)] = source._cursor
        new._files[:] = np.frombuffer(source._file, np.uint8)
        new._ups[:] = np.frombuffer(source._up, np.uint8)
        new._downs[:] = np.frombuffer(source._down, np.uint8)
        return new

    def _cursors(self) -> array[int]:
        return as_array(self._cursorn[: self._length() + 1])

    def stack(self) -> QueensStack:
        return QueensStack(self.n, self.snapshot_path(), self._cursors())

    def _call(self, out: I32, budget: int, emit: bool) -> Ending | None:
        status = _search.queens_run(
            self._occupied,
            self._cursorn,
            self._files,
            self._ups,
            self._downs,
            self._st,
            out,
            budget,
            emit,
            self.first,
            self._sols,
            self._ring,
        )
        self._after_call()
        for i in range(int(self._st[_search.NEXT])):
            self._found(tuple(self._sols[i].tolist()))
        return self._ending(status)

    def _quiet(self, budget: int) -> Ending | None:
        ending = self._call(self._out, budget, False)
        while ending is None and self._events_made() < budget:
            # The solutions buffer filled up: hand them on and carry on.
            budget -= self._events_made()
            ending = self._call(self._out, budget, False)
        return ending


def warm_up() -> None:
    """Run the loop once on a tiny board (see ``tours.warm_up``)."""
    queens = NumbaQueensSearch(5)
    queens.advance(20)
    queens.advance_quiet(20)
