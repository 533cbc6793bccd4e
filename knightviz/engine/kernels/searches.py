"""The compiled backend: the engine's searches with their state in numpy arrays.

Each class subclasses the pure-Python search and replaces only its hot loop and state
accessors, so configuration, verdicts, limits, cancelling and results stay shared. State
lives in flat arrays (path, per-level cursor, ...) that the kernels in ``_jit`` resume from,
which makes a path snapshot or a stack snapshot a memcpy.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable
from functools import lru_cache
from operator import length_hint

import numpy as np
import numpy.typing as npt

from ..events import Outcome
from ..queens import QueensSearch
from ..search import Ending, SearchBase
from ..stack import QueensStack, TourStack
from ..tour import Heuristic, Order, Strategy, TieBreak, TourConfig, TourSearch
from . import _jit

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
U8 = npt.NDArray[np.uint8]
U64 = npt.NDArray[np.uint64]

#: Largest chunk one ``advance`` call fills (4 MB of events); callers loop anyway.
MAX_CHUNK = 1 << 20
#: Solutions the queens kernel hands back per call at most.
SOLUTIONS_PER_CALL = 256

assert array("i").itemsize == 4, "array('i') must hold 32-bit ints to take int32 buffers"


def _chunk(buf: I32) -> array[int]:
    out = array("i")
    out.frombytes(buf.view(np.uint8))  # type: ignore[arg-type]  # one memcpy
    return out


NO_HOLES: frozenset[int] = frozenset()


@lru_cache(maxsize=8)
def tables(rows: int, cols: int, order: Order, holes: frozenset[int] = NO_HOLES) -> tuple[I32, I32]:
    """Neighbour table as CSR (targets, offsets), per board, direction order (any leaper's
    offsets) and holes (no row holds a hole; a hole's row is empty)."""
    dr = np.array([d[0] for d in order], np.int64)
    dc = np.array([d[1] for d in order], np.int64)
    nb, off = _jit.neighbour_csr(rows, cols, dr, dc)
    if holes:
        nb, off = _without(nb, off, holes)
    nb.flags.writeable = off.flags.writeable = False
    return nb, off


def _without(nb: I32, off: I32, holes: frozenset[int]) -> tuple[I32, I32]:
    """A CSR table less the holes: as targets, and as sources (their rows emptied)."""
    gone = np.zeros(off.shape[0] - 1, np.bool_)
    gone[list(holes)] = True
    source = np.repeat(np.arange(off.shape[0] - 1), np.diff(off))
    keep = ~gone[nb] & ~gone[source]
    counts = np.bincount(source[keep], minlength=off.shape[0] - 1)
    new_off = np.zeros(off.shape[0], np.int32)
    np.cumsum(counts, out=new_off[1:])
    return nb[keep].astype(np.int32), new_off


@lru_cache(maxsize=8)
def padded(rows: int, cols: int, order: Order, holes: frozenset[int] = NO_HOLES) -> I32:
    """The plain kernel's eight-per-square neighbour rows (see ``_jit.padded_rows``)."""
    nb, off = tables(rows, cols, order, holes)
    nb8: I32 = _jit.padded_rows(nb, off, rows * cols)
    nb8.flags.writeable = False
    return nb8


LOWEST_BIT = _jit.lowest_bit_table()


def bit_directions(order: Order) -> tuple[I64, I64]:
    """The kernel's shift directions of a leaper's moves: four down the board (a shift to
    higher squares), then four up, (0, 0) where a leaper with a == b has none."""
    down = sorted({d for d in order if d[0] > 0})
    up = sorted({d for d in order if d[0] < 0})
    padded_dirs = [*down, *[(0, 0)] * (4 - len(down)), *up, *[(0, 0)] * (4 - len(up))]
    drs = np.array([d[0] for d in padded_dirs], np.int64)
    dcs = np.array([d[1] for d in padded_dirs], np.int64)
    return drs, dcs


@lru_cache(maxsize=8)
def bit_tables(
    rows: int, cols: int, order: Order, holes: frozenset[int] = NO_HOLES
) -> tuple[I64, U64, U64]:
    """The plain kernel's tables for boards of up to 64 squares (see ``_jit.bit_tables``)."""
    drs, dcs = bit_directions(order)
    nb8 = padded(rows, cols, order, holes)
    valid, dirs, attacks = _jit.bit_tables(nb8, rows, cols, drs, dcs)
    made: tuple[I64, U64, U64] = (valid, dirs, attacks)
    for table in made:
        table.flags.writeable = False
    return made


def board_mask(n: int, holes: frozenset[int]) -> np.uint64:
    """The squares of a board of n <= 64 squares that are not holes, as one word."""
    word = (1 << n) - 1
    for hole in holes:
        word &= ~(1 << hole)
    return np.uint64(word)


@lru_cache(maxsize=8)
def _ranks(rows: int, cols: int, tie: TieBreak, seed: int) -> tuple[I64, int]:
    """Per-square tie-break ranks and their scale, as ``Strategy.ranks`` defines them."""
    n = rows * cols
    if tie is TieBreak.ROTH:
        ranks, scale = _jit.roth_ranks(rows, cols)
    elif tie is TieBreak.RANDOM:
        state = random.Random(seed).getstate()[1]
        mt = np.array(state[:624], np.int64)
        pos = np.array([state[624]], np.int64)
        ranks, scale = _jit.shuffled_ranks(n, mt, pos), n
    else:
        ranks, scale = np.zeros(n, np.int64), 1
    ranks.flags.writeable = False
    return ranks, int(scale)


def strategy_ranks(strategy: Strategy, rows: int, cols: int) -> tuple[I64, int]:
    tie = strategy.tie_break if strategy.guided else TieBreak.FIRST
    if tie in (TieBreak.FIRST, TieBreak.LAST):
        return _ranks(rows, cols, TieBreak.FIRST, 0)
    return _ranks(rows, cols, tie, strategy.seed if tie is TieBreak.RANDOM else 0)


def crowded(free: int, dirs: U64) -> int:
    """``_jit._crowded`` in Python ints: the squares with at least two neighbours in
    ``free`` (the bit-board kernel's per-level table, rebuilt when a search is adopted)."""
    one = two = 0
    for k in range(8):
        mask, shift = int(dirs[k]), int(dirs[8 + k])
        moved = ((free & mask) << shift) & WORD if k < 4 else (free & mask) >> shift
        two |= one & moved
        one |= moved
    return two


WORD = (1 << 64) - 1


class _Compiled:
    """What both compiled searches share: the state scalars, the ring of backtracks, the
    live path list (built on first request, then kept in step after every call)."""

    _st: I64
    _ring: I32
    _out: I32
    _live: list[int] | None
    _occupied: I32  # the kernel's path array (knight: path; queens: placed squares)
    moves: int
    backtracks: int
    _recent: tuple[int, ...]

    def _init_common(self, size: int) -> None:
        self._st = np.zeros(_jit.STATE_SLOTS, np.int64)
        self._ring = np.zeros(_jit.RING, np.int32)
        self._out = np.zeros(1, np.int32)
        self._live = None

    def _buffer(self, budget: int) -> tuple[I32, int]:
        cap = min(budget, MAX_CHUNK)
        if self._out.shape[0] < cap:
            self._out = np.empty(max(cap, 4096), np.int32)
        return self._out, cap

    def _length(self) -> int:
        """Squares occupied now."""
        raise NotImplementedError

    def _after_call(self) -> None:
        st = self._st
        self.moves = int(st[_jit.MOVES])
        self.backtracks = int(st[_jit.BACKTRACKS])
        ringn = int(st[_jit.RINGN])
        if ringn:
            m = min(ringn, _jit.RING)
            ring = self._ring
            new = tuple(int(ring[(ringn - m + i) & 7]) for i in range(m))
            self._recent = (*self._recent, *new)[-_jit.RING :]
        live = self._live
        if live is not None:
            keep = self._kept(int(st[_jit.LOW]))
            del live[keep:]
            live.extend(self._occupied[keep : self._length()].tolist())

    def _kept(self, low: int) -> int:
        """Squares of the path untouched by the last call, given its lowest depth."""
        raise NotImplementedError

    def _live_path(self) -> list[int]:
        if self._live is None:
            self._live = self._occupied[: self._length()].tolist()
        return self._live

    def _snapshot(self) -> array[int]:
        return _chunk(self._occupied[: self._length()])

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
        st[_jit.MOVES], st[_jit.BACKTRACKS] = source.moves, source.backtracks
        st[_jit.PEAK] = source.max_depth
        st[_jit.DEPTH] = source.depth
        self._live = None


class NumbaTourSearch(_Compiled, TourSearch):
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
            self._key, best = _jit.guided_keys(nb, off, ranks, scale, start)
            self._st[_jit.NEXT] = best
            self._near = np.zeros(n, np.uint8)
            self._near[nb[off[start] : off[start + 1]]] = 1
            self._start_dead = 16 * scale + scale + int(ranks[start])
        else:
            self._nb8 = padded(rows, cols, order, holes)
            self._seen = np.zeros(n + 1, np.uint8)
            self._seen[start] = self._seen[n] = 1
            self._avail = np.zeros(n, np.int64)
            self._avail[0] = _jit.free_mask(self._nb8, self._seen, start)
            self._bits = n <= _jit.BITS_MAX
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
            new._st[_jit.NEXT] = source._next
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
        return int(self._st[_jit.DEPTH]) + 1

    def _kept(self, low: int) -> int:
        return low + 1

    @property
    def path(self) -> list[int]:
        return self._live_path()

    @property
    def depth(self) -> int:
        return int(self._st[_jit.DEPTH])

    @property
    def max_depth(self) -> int:
        return int(self._st[_jit.PEAK])

    def snapshot_path(self) -> array[int]:
        return self._snapshot()

    def stack(self) -> TourStack:
        size = self._length()
        path = self._occupied[:size].copy()
        cursor = _chunk(self._cur[:size])
        nb, off = self._nbn, self._off

        def neighbours(sq: int) -> list[int]:
            row: list[int] = nb[off[sq] : off[sq + 1]].tolist()
            return row

        if not self._guided:
            return TourStack(_chunk(path), cursor, neighbours)
        ranks = self._rank_arr

        def positions() -> Callable[[int], int]:
            pos = _jit.positions(path, size - 1, self._n)
            return lambda sq: int(pos[sq])

        return TourStack(_chunk(path), cursor, neighbours, lambda sq: int(ranks[sq]), positions)

    def _tour(self) -> tuple[int, ...]:
        return tuple(self._occupied[: self._length()].tolist())

    # -- running --------------------------------------------------------------------------

    def _call(self, out: I32, budget: int, emit: bool) -> int:
        if self._guided:
            return int(
                _jit.guided_run(
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
                _jit.plain_bits_run(
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
            _jit.plain_run(
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
        if status == _jit.SOLVED:
            return (Outcome.SOLVED, None)
        if status == _jit.EXHAUSTED:
            return (Outcome.EXHAUSTED, None)
        if status == _jit.STUCK:
            return self._stuck()
        return None

    def _events(self, budget: int) -> tuple[array[int], Ending | None]:
        out, cap = self._buffer(budget)
        status = self._call(out, cap, True)
        self._after_call()
        return _chunk(out[: int(self._st[_jit.EVENTS])]), self._ending(status)

    def _events_into(self, target: memoryview, budget: int) -> tuple[int, Ending | None]:
        out = np.frombuffer(target, np.int32)  # the kernel writes straight into it
        status = self._call(out, min(budget, len(out)), True)
        self._after_call()
        return int(self._st[_jit.EVENTS]), self._ending(status)

    def _quiet(self, budget: int) -> Ending | None:
        status = self._call(self._out, budget, False)
        self._after_call()
        return self._ending(status)


class NumbaQueensSearch(_Compiled, QueensSearch):
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
        new.solutions = source.solutions
        new.count = source.count
        new._on_solution = source._on_solution
        new._first_solution = source._first_solution
        placed = source._path
        new._occupied[: len(placed)] = placed
        new._cursorn[: len(source._cursor)] = source._cursor
        new._files[:] = np.frombuffer(source._file, np.uint8)
        new._ups[:] = np.frombuffer(source._up, np.uint8)
        new._downs[:] = np.frombuffer(source._down, np.uint8)
        return new

    def _length(self) -> int:
        return int(self._st[_jit.DEPTH])

    def _kept(self, low: int) -> int:
        return low

    @property
    def path(self) -> list[int]:
        return self._live_path()

    @property
    def depth(self) -> int:
        return int(self._st[_jit.DEPTH])

    @property
    def max_depth(self) -> int:
        return int(self._st[_jit.PEAK])

    def snapshot_path(self) -> array[int]:
        return self._snapshot()

    def _cursors(self) -> array[int]:
        return _chunk(self._cursorn[: self._length() + 1])

    def stack(self) -> QueensStack:
        return QueensStack(self.n, self.snapshot_path(), self._cursors())

    def _call(self, out: I32, budget: int, emit: bool) -> Ending | None:
        status = _jit.queens_run(
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
        for i in range(int(self._st[_jit.NEXT])):
            self._found(tuple(self._sols[i].tolist()))
        if status == _jit.SOLVED:
            return (Outcome.SOLVED, None)
        if status == _jit.EXHAUSTED:
            return (Outcome.SOLVED if self.count else Outcome.EXHAUSTED, None)
        return None

    def _events(self, budget: int) -> tuple[array[int], Ending | None]:
        out, cap = self._buffer(budget)
        ending = self._call(out, cap, True)
        return _chunk(out[: int(self._st[_jit.EVENTS])]), ending

    def _events_into(self, target: memoryview, budget: int) -> tuple[int, Ending | None]:
        out = np.frombuffer(target, np.int32)
        ending = self._call(out, min(budget, len(out)), True)
        return int(self._st[_jit.EVENTS]), ending

    def _quiet(self, budget: int) -> Ending | None:
        ending = self._call(self._out, budget, False)
        while ending is None and int(self._st[_jit.EVENTS]) < budget:
            # The solutions buffer filled up: hand them on and carry on.
            budget -= int(self._st[_jit.EVENTS])
            ending = self._call(self._out, budget, False)
        return ending


def count_queens_compiled(n: int) -> int:
    return int(_jit.count_queens(n))


def warm_up() -> None:
    """Run every kernel once on a tiny problem, with the argument types real runs use, so
    that numba compiles (or loads from its cache) now rather than in the first search."""
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
    queens = NumbaQueensSearch(5)
    queens.advance(20)
    queens.advance_quiet(20)
    count_queens_compiled(4)
    from . import counting

    counting.warm_up()
