"""Typed entry points of the compiled counters (``_count``): tables, prefixes, warm-up.

A tour count on a full board runs from the library built ahead of time (``native``) when
it is loaded; then neither numba nor numpy is imported (they are, here, only on first use).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from ..board import CLASSIC_ORDER, FULL, Board, Shape
from . import native

if TYPE_CHECKING:
    from .tables import I32, I64

PART = "tours-count"

#: Boards up to this many squares are counted on one 64-bit word.
BITS_MAX = 64


def count_below_compiled(
    rows: int,
    cols: int,
    path: Sequence[int],
    closed: bool,
    budget: int,
    shape: Shape = FULL,
) -> tuple[int, int, bool]:
    """(tours, nodes, finished) below ``path``: ``count.count_below``, compiled."""
    if rows * cols <= BITS_MAX and shape.classic and native.loaded(PART):
        return native.tours_below_bits(rows, cols, CLASSIC_ORDER, path, closed, budget)
    import numpy as np

    from . import _count
    from .tables import bit_tables

    if rows * cols <= BITS_MAX and shape.classic:
        prefix = np.array(path, np.int32)
        _valid, dirs, attacks = bit_tables(rows, cols, CLASSIC_ORDER)
        tours, nodes, done = _count.tours_below_bits(attacks, dirs, prefix, closed, budget)
    else:
        nb, off, prefix = _compact(rows, cols, shape, path)
        tours, nodes, done = _count.tours_below(nb, off, prefix, closed, budget)
    return int(tours), int(nodes), bool(done)


def _compact(rows: int, cols: int, shape: Shape, path: Sequence[int]) -> tuple[I32, I32, I32]:
    """The leaper's CSR table and ``path`` with the holes numbered out: the counters count
    every square of their table, and renumbering in order keeps each row's order, so the
    count walks the same tree in the same order (and a budget stops at the same node)."""
    import numpy as np

    from .tables import tables

    order = Board(rows, cols, shape).order(CLASSIC_ORDER)
    nb, off = tables(rows, cols, order, shape.holes)
    prefix = np.array(path, np.int32)
    if not shape.holes:
        return nb, off, prefix
    keep = np.ones(rows * cols, np.bool_)
    keep[list(shape.holes)] = False
    index = np.cumsum(keep, dtype=np.int32) - 1
    squares = np.flatnonzero(keep)
    counts = np.diff(off)[squares]
    new_off = np.zeros(len(squares) + 1, np.int32)
    np.cumsum(counts, out=new_off[1:])
    return index[nb].astype(np.int32), new_off, index[prefix].astype(np.int32)


def tours_log_nodes_compiled(
    rows: int,
    cols: int,
    path: Sequence[int],
    closed: bool,
    probes: int,
    seed: int,
    shape: Shape = FULL,
) -> float:
    """Natural log of Knuth's estimate of the nodes below ``path`` (``tours_probe``)."""
    if shape.classic and native.loaded(PART):
        return native.tours_log_nodes(rows, cols, CLASSIC_ORDER, path, closed, probes, seed)
    from . import _count

    nb, off, prefix = _compact(rows, cols, shape, path)
    return float(_count.tours_probe(nb, off, prefix, closed, probes, seed))


@lru_cache(maxsize=256)
def _queens_rules(n: int, head: tuple[int, ...]) -> tuple[I64, bool, int]:
    import numpy as np

    from ..queens_rules import Rules

    rules = Rules(n, head)
    return np.array(rules.excl, np.int64), rules.corner, rules.a


def _head(prefix: Sequence[int]) -> tuple[int, ...]:
    """The part of a prefix its rules depend on (the first row; the second with a corner)."""
    return tuple(prefix[:2]) if prefix[0] == 0 else (prefix[0],)


def queens_below_compiled(n: int, prefix: Sequence[int], budget: int) -> tuple[int, int, int, bool]:
    """(total, classes, nodes, finished) below ``prefix``: ``queens_count.count_below``."""
    import numpy as np

    from . import _count

    excl, corner, a = _queens_rules(n, _head(prefix))
    got = _count.queens_below(n, np.array(prefix, np.int64), excl, corner, a, budget)
    total, unique, nodes, done = got
    return int(total), int(unique), int(nodes), bool(done)


def queens_log_nodes_compiled(n: int, prefix: Sequence[int], probes: int, seed: int) -> float:
    """Natural log of Knuth's estimate of the nodes below ``prefix`` (``queens_probe``)."""
    import numpy as np

    from . import _count

    excl, corner, a = _queens_rules(n, _head(prefix))
    return float(_count.queens_probe(n, np.array(prefix, np.int64), excl, corner, a, probes, seed))


def count_queens_compiled(n: int) -> int:
    """Every solution of n-Queens (``queens_count.count_queens``), compiled."""
    from . import _count

    return int(_count.count_queens(n))


def warm_up() -> None:
    """Compile (or load from the cache) every counter, with the argument types of real runs,
    through numba whether or not the library is loaded (``native.build`` compiles from
    them)."""
    import numpy as np

    from . import _count
    from .tables import bit_tables

    _valid, dirs, attacks = bit_tables(3, 4, CLASSIC_ORDER)
    _count.tours_below_bits(attacks, dirs, np.array((0,), np.int32), False, 1 << 62)
    nb, off, prefix = _compact(9, 9, FULL, (0,))
    _count.tours_below(nb, off, prefix, False, 10)
    nb, off, prefix = _compact(5, 5, FULL, (0,))
    _count.tours_probe(nb, off, prefix, False, 2, 0)
    excl, corner, a = _queens_rules(6, (1,))
    _count.queens_below(6, np.array((1,), np.int64), excl, corner, a, 1 << 62)
    excl, corner, a = _queens_rules(6, (0, 2))
    _count.queens_below(6, np.array((0, 2), np.int64), excl, corner, a, 1 << 62)
    excl, corner, a = _queens_rules(6, (1,))
    _count.queens_probe(6, np.array((1,), np.int64), excl, corner, a, 2, 0)
    _count.count_queens(4)
