"""Read-only snapshots of a search's stack, built lazily one level at a time.

A snapshot copies only two flat int arrays (the path and a per-level cursor), which is a
memcpy on the compiled backend and a C-speed copy on the Python one; each level's ordered
candidates are derived when that level is asked for, so a view of 10,000 levels that shows
twenty rows costs twenty derivations. Both backends build the same snapshot from the same
two arrays, so their stacks agree whenever their paths and cursors do.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import overload

from .events import StackLevel

Neighbours = Callable[[int], Sequence[int]]


class Levels(Sequence[StackLevel]):
    """Sequence plumbing (ints and slices, negative indices) around ``_level``: any
    puzzle's stack snapshot derives its levels one at a time."""

    def __len__(self) -> int:
        raise NotImplementedError

    def _level(self, d: int) -> StackLevel:
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> StackLevel: ...

    @overload
    def __getitem__(self, index: slice) -> list[StackLevel]: ...

    def __getitem__(self, index: int | slice) -> StackLevel | list[StackLevel]:
        if isinstance(index, slice):
            return [self._level(d) for d in range(*index.indices(len(self)))]
        size = len(self)
        d = index + size if index < 0 else index
        if not 0 <= d < size:
            raise IndexError(f"stack level {index} out of range (0..{size - 1})")
        return self._level(d)


class PackedLevels(Levels):
    """Levels sent between processes as four flat int arrays (a deep stack as a few
    bytes objects: no ten thousand tuples to unpickle, no garbage collection over them):
    each level's square and count tried, how many candidates it has, and all the
    candidates one level after another."""

    def __init__(
        self, squares: array[int], tried: array[int], counts: array[int], candidates: array[int]
    ) -> None:
        self._squares, self._tried, self._counts = squares, tried, counts
        self._candidates = candidates
        self._starts = array("q", [0])
        total = 0
        for k in counts:
            total += k
            self._starts.append(total)

    @classmethod
    def pack(cls, levels: Sequence[tuple[int, Sequence[int], int]]) -> tuple[bytes, ...]:
        """``(square, candidates, tried)`` levels as the four arrays' bytes."""
        squares, tried, counts, flat = array("i"), array("i"), array("i"), array("i")
        for square, candidates, k in levels:
            squares.append(square)
            tried.append(k)
            counts.append(len(candidates))
            flat.extend(candidates)
        return squares.tobytes(), tried.tobytes(), counts.tobytes(), flat.tobytes()

    @classmethod
    def unpack(cls, data: Sequence[bytes]) -> PackedLevels:
        arrays = []
        for part in data:
            a = array("i")
            a.frombytes(part)
            arrays.append(a)
        return cls(*arrays)

    def __len__(self) -> int:
        return len(self._squares)

    def _level(self, d: int) -> StackLevel:
        lo, hi = self._starts[d], self._starts[d + 1]
        return StackLevel(self._squares[d], tuple(self._candidates[lo:hi]), self._tried[d])

    def with_top_tried(self, tried: int) -> PackedLevels:
        """The same levels, the top one's count tried set to ``tried``."""
        top = array("i", self._tried)
        if top:
            top[-1] = tried
        return PackedLevels(self._squares, top, self._counts, self._candidates)


class TourStack(Levels):
    """Knight: level d is path[d] with the candidates the strategy tries from it.

    ``cursor[d]``: plain search, how many of the square's neighbours (in table order) have
    been looked at; Warnsdorff, how many of its ordered candidates have been taken. Both
    equal ``tried``. With ``ranks`` (Warnsdorff) the candidates of level d are the squares not
    in path[: d + 1], ordered by onward degree relative to that visited set, then by rank,
    then by table order, exactly as the search orders them when it is at that level.
    """

    def __init__(
        self,
        path: array[int],
        cursor: array[int],
        neighbours: Neighbours,
        ranks: Callable[[int], int] | None = None,
        positions: Callable[[], Callable[[int], int]] | None = None,
    ) -> None:
        self._path = path
        self._cursor = cursor
        self._neighbours = neighbours
        self._ranks = ranks
        self._positions = positions
        self._depth_of: Callable[[int], int] | None = None

    def __len__(self) -> int:
        return len(self._path)

    def _level(self, d: int) -> StackLevel:
        square = self._path[d]
        if self._ranks is None:
            candidates = tuple(self._neighbours(square))
        else:
            candidates = self._ordered(d, square, self._ranks)
        return StackLevel(square, candidates, self._cursor[d])

    def _ordered(self, d: int, square: int, ranks: Callable[[int], int]) -> tuple[int, ...]:
        if self._depth_of is None:
            if self._positions is not None:
                self._depth_of = self._positions()
            else:
                where = dict(zip(self._path, range(len(self._path)), strict=True))
                self._depth_of = lambda sq: where.get(sq, -1)
        depth_of = self._depth_of

        def free(sq: int) -> bool:
            p = depth_of(sq)
            return p < 0 or p > d

        nb = self._neighbours
        cands = [u for u in nb(square) if free(u)]
        key = {u: (sum(map(free, nb(u))), ranks(u)) for u in cands}
        return tuple(sorted(cands, key=key.__getitem__))


class QueensStack(Levels):
    """Queens: one level per rank from rank 1, the top one the rank being filled."""

    def __init__(self, n: int, placed: array[int], cursor: array[int]) -> None:
        self._n = n
        self._placed = placed
        self._cursor = cursor

    def __len__(self) -> int:
        return min(len(self._placed) + 1, self._n)

    def _level(self, d: int) -> StackLevel:
        n = self._n
        first = (n - 1 - d) * n
        square = self._placed[d] if d < len(self._placed) else -1
        return StackLevel(square, tuple(range(first, first + n)), self._cursor[d])


class DerivedTourStack(Levels):
    """The stack at a position a tour search passed through, derived level by level.

    Below the top a level's cursor is one past its current child (the next square of the
    path); the top level's is given. Deriving a level costs its candidates' ordering only, so
    a view of a 10,000-deep stack that shows twenty rows pays for twenty.
    """

    def __init__(self, probe: TourStack, path: array[int], top_tried: int) -> None:
        self._probe = probe
        self._path = path
        self._top_tried = top_tried

    def __len__(self) -> int:
        return len(self._path)

    def _level(self, d: int) -> StackLevel:
        level = self._probe[d]
        if d == len(self._path) - 1:
            tried = self._top_tried
        else:
            tried = level.candidates.index(self._path[d + 1]) + 1
        return StackLevel(level.square, level.candidates, tried)
