"""The compiled knight's-tour search: ``TourSearch`` with its state in numpy arrays.

The same configuration, verdicts, limits and results as the pure-Python search it
subclasses; only the hot loop (``_search``'s three loops: plain on one 64-bit word, plain on
a byte per square, Warnsdorff) and the state accessors are replaced.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from operator import length_hint

import numpy as np

from ..events import Outcome
from ..search import Ending
from ..stack import TourStack
from ..tour import Heuristic, Strategy, TieBreak, TourConfig, TourSearch
from . import _search, _tables
from .compiled import Compiled, as_array
from .tables import I32, LOWEST_BIT, bit_tables, board_mask, crowded, padded, strategy_ranks, tables


class NumbaTourSearch(Compiled, TourSearch):
    backend = "numba"

    def _nothing_to_search(self) -> None:
        self._setup()  # cheap here, and every accessor then works as for a real search

    def _setup(self) -> None:
        strategy = self._strategy
        rows, cols, n, start = self.rows, self.cols, self._n, self.start
        order = strategy.directions(self.board)
        holes = self.board.holes
        self._nbn, self._off = nb, off = tables(rows, cols, order, holes)
        self._init_common(n)
        self._occupied = np.zeros(n + 1, np.int32)
        self._occupied[0] = start
        self._cur = np.zeros(n, np.int32)
        self._guided = strategy.guided
        if self._guided:
            ranks, scale = strategy_ranks(strategy, rows, cols)
            self._rank_arr, self._scale = ranks, scale
            self._key, best = _tables.guided_keys(nb, off, ranks, scale, start)
            self._st[_search.NEXT] = best
            self._near = np.zeros(n, np.uint8)
            self._near[nb[off[start] : off[start + 1]]] = 1
            self._start_dead = 16 * scale + scale + int(ranks[start])
        else:
            self._nb8 = padded(rows, cols, order, holes)
            self._seen = np.zeros(n + 1, np.uint8)
            self._seen[start] = self._seen[n] = 1
            self._avail = np.zeros(n, np.int64)
            self._avail[0] = _search.free_mask(self._nb8, self._seen, start)
            self._bits = n <= _search.BITS_MAX
            if self._bits:  # the visited set fits in a word: the bit-board kernel
                self._tables = bit_tables(rows, cols, order, holes)
                self._board_mask = board_mask(n, holes)
                self._twos = np.zeros(n, np.uint64)

    @classmethod
    def adopt(cls, source: TourSearch) -> NumbaTourSearch:
        """A compiled search in exactly the state of ``source``, a running pure-Python
        search: the same path, per-level cursors, Warnsdorff keys and next pick, counts,
        peak and queued trace, so it goes on with the very events ``source`` would make."""
        if source.backend != "python" or source.result is not None:
            raise ValueError("only a running pure-Python search can be handed over")
        new = cls(source.config, source._cancel)
        new._adopt_common(source)
        path = source._path
        size = len(path)
        new._occupied[:size] = path
        if new._guided:
            new._key[:] = source._key
            new._cur[:size] = source._tried
            new._st[_search.NEXT] = source._next
            return new
        # Plain: how many of each square's targets (in table order) have been looked at,
        # read off the live iterators; a level's still-available targets are those after
        # that point which the path up to it does not hold (they stay free whenever the
        # search is back at that level).
        cursor = [
            len(row) - length_hint(it)
            for row, it in zip(map(source._nb.__getitem__, path), source._iters, strict=True)
        ]
        new._cur[:size] = cursor
        n = new._n
        seen = new._seen
        seen[:] = 0
        seen[path] = 1
        seen[n] = 1
        nb8 = new._nb8
        on_path: set[int] = set()
        free = (1 << n) - 1
        for hole in new.board.holes:
            free &= ~(1 << hole)
        for d, sq in enumerate(path):
            on_path.add(sq)
            free &= ~(1 << sq)
            mask = 0
            for i in range(cursor[d], 8):
                t = int(nb8[sq * 8 + i])
                if t != n and t not in on_path:
                    mask |= 1 << i
            new._avail[d] = mask
            if new._bits and d < size - 1:
                new._twos[d] = crowded(free, new._tables[1])
        return new

    # -- state ----------------------------------------------------------------------------

    def _length(self) -> int:
        return int(self._st[_search.DEPTH]) + 1

    def _kept(self, low: int) -> int:
        return low + 1

    def stack(self) -> TourStack:
        size = self._length()
        path = self._occupied[:size].copy()
        cursor = as_array(self._cur[:size])
        nb, off = self._nbn, self._off

        def neighbours(sq: int) -> list[int]:
            row: list[int] = nb[off[sq] : off[sq + 1]].tolist()
            return row

        if not self._guided:
            return TourStack(as_array(path), cursor, neighbours)
        ranks = self._rank_arr

        def positions() -> Callable[[int], int]:
            pos = _tables.positions(path, size - 1, self._n)
            return lambda sq: int(pos[sq])

        return TourStack(as_array(path), cursor, neighbours, lambda sq: int(ranks[sq]), positions)

    def _tour(self) -> tuple[int, ...]:
        return tuple(self._occupied[: self._length()].tolist())

    # -- running --------------------------------------------------------------------------

    def _call(self, out: I32, budget: int, emit: bool) -> int:
        if self._guided:
            return int(
                _search.guided_run(
                    self._nbn,
                    self._off,
                    self._key,
                    self._occupied,
                    self._cur,
                    self._near,
                    self._st,
                    out,
                    budget,
                    emit,
                    self._closed,
                    self._strategy.backtrack,
                    self._scale,
                    self._start_dead,
                    self._ring,
                    self._goal,
                )
            )
        if self._bits:
            valid, dirs, attacks = self._tables
            return int(
                _search.plain_bits_run(
                    self._nb8,
                    LOWEST_BIT,
                    valid,
                    dirs,
                    attacks,
                    self._occupied,
                    self._cur,
                    self._avail,
                    self._twos,
                    self._st,
                    out,
                    budget,
                    emit,
                    self._closed,
                    self._strategy.backtrack,
                    self._ring,
                    self._board_mask,
                    self._goal,
                )
            )
        return int(
            _search.plain_run(
                self._nb8,
                LOWEST_BIT,
                self._seen,
                self._occupied,
                self._cur,
                self._avail,
                self._st,
                out,
                budget,
                emit,
                self._closed,
                self._strategy.backtrack,
                self._ring,
                self._goal,
            )
        )

    def _ending(self, status: int) -> Ending | None:
        if status == _search.SOLVED:
            return (Outcome.SOLVED, None)
        if status == _search.EXHAUSTED:
            return (Outcome.EXHAUSTED, None)
        if status == _search.STUCK:
            return self._stuck()
        return None

    def _events(self, budget: int) -> tuple[array[int], Ending | None]:
        out, cap = self._buffer(budget)
        status = self._call(out, cap, True)
        self._after_call()
        return as_array(out[: self._events_made()]), self._ending(status)

    def _events_into(self, target: memoryview, budget: int) -> tuple[int, Ending | None]:
        out = np.frombuffer(target, np.int32)  # the kernel writes straight into it
        status = self._call(out, min(budget, len(out)), True)
        self._after_call()
        return self._events_made(), self._ending(status)

    def _quiet(self, budget: int) -> Ending | None:
        status = self._call(self._out, budget, False)
        self._after_call()
        return self._ending(status)


def warm_up() -> None:
    """Run every loop once on a tiny board, with the argument types real runs use, so that
    numba compiles (or loads from its cache) now rather than in the first search."""
    for tie in TieBreak:
        for guided in (False, True):
            if not guided and tie is not TieBreak.FIRST:
                continue
            strategy = Strategy(Heuristic.WARNSDORFF if guided else Heuristic.NONE, tie)
            search = NumbaTourSearch(TourConfig(5, 5, 0, strategy))
            search.advance(50)
            search.advance_quiet(50)
            search.stack()[-1]
            search.path  # noqa: B018
    big = NumbaTourSearch(TourConfig(9, 9, 0, Strategy(Heuristic.NONE)))  # > BITS_MAX squares
    big.advance(50)
    big.advance_quiet(50)
