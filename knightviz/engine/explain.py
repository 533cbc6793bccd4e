"""Explanations for display: what a search sees at a square, computed from a position.

The GUI shows *why* the search does what it does (onward degrees, which constraint rejects
a queen). Those facts belong to the engine, not to a widget, so the board and the panels ask
here. Positions are given as a visited/occupied test, so any view of the state works.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from .board import CLASSIC_ORDER, FULL, Board, Shape

Order = tuple[tuple[int, int], ...]


def onward_degrees(
    rows: int,
    cols: int,
    square: int,
    visited: Callable[[int], bool],
    order: Order = CLASSIC_ORDER,
    shape: Shape = FULL,
) -> list[tuple[int, int]]:
    """(candidate, onward degree) for each unvisited knight target of ``square``, in ``order``.

    The onward degree is Warnsdorff's measure: how many unvisited squares a knight could
    reach from the candidate (the square the knight stands on counts as visited).
    """
    nb = Board(rows, cols, shape).neighbours(order)
    out = []
    for u in nb[square]:
        if visited(u):
            continue
        out.append((u, sum(1 for w in nb[u] if not visited(w) and w != square)))
    return out


class Constraint(str, Enum):
    """The three sets of "constraint IDs" of the eight-queens article (docs/reference.md §4)."""

    COLUMN = "column"
    ASCENDING = "ascending"  # the diagonal x + y
    DESCENDING = "descending"  # the diagonal x - y

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class ConstraintIds:
    """The occupied IDs of each set. ``x`` is the file (column), ``y`` the rank index."""

    columns: frozenset[int]
    ascending: frozenset[int]
    descending: frozenset[int]


def queen_xy(n: int, square: int) -> tuple[int, int]:
    """(x, y) = (file, rank - 1) of a square numbered row-major from the top-left."""
    row, col = divmod(square, n)
    return col, n - 1 - row


def constraint_ids(n: int, queens: Sequence[int]) -> ConstraintIds:
    cols, up, down = set(), set(), set()
    for sq in queens:
        x, y = queen_xy(n, sq)
        cols.add(x)
        up.add(x + y)
        down.add(x - y)
    return ConstraintIds(frozenset(cols), frozenset(up), frozenset(down))


def conflicts(n: int, queens: Sequence[int], square: int) -> tuple[tuple[Constraint, int], ...]:
    """Which constraints forbid a queen on ``square``, each with the square of a queen that
    holds it, in the article's order (column, then x + y, then x - y)."""
    x, y = queen_xy(n, square)
    mine = (x, x + y, x - y)
    out: list[tuple[Constraint, int]] = []
    for i, kind in enumerate((Constraint.COLUMN, Constraint.ASCENDING, Constraint.DESCENDING)):
        for q in queens:
            qx, qy = queen_xy(n, q)
            if q != square and (qx, qx + qy, qx - qy)[i] == mine[i]:
                out.append((kind, q))
                break
    return tuple(out)


def attacked(n: int, queens: Sequence[int]) -> bytearray:
    """1 for every square a placed queen attacks along a file, rank or diagonal (not the
    queens' own squares): the article's "attacked squares" bitboard, as a byte per square."""
    out = bytearray(n * n)
    occupied = set(queens)
    for sq in queens:
        row, col = divmod(sq, n)
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)):
            r, c = row + dr, col + dc
            while 0 <= r < n and 0 <= c < n:
                t = r * n + c
                if t not in occupied:
                    out[t] = 1
                r += dr
                c += dc
    return out


def bitboards(n: int, queens: Sequence[int]) -> tuple[int, int]:
    """The article's second method: (queens, attacked) as integers, bit ``rank * n + file``.

    Bit 0 is a1, bit n-1 is the last file of rank 1, as the article numbers its 64 bits.
    """
    q = 0
    for sq in queens:
        x, y = queen_xy(n, sq)
        q |= 1 << (y * n + x)
    hit = attacked(n, queens)
    a = 0
    for sq in range(n * n):
        if hit[sq]:
            x, y = queen_xy(n, sq)
            a |= 1 << (y * n + x)
    return q, a


@dataclass(frozen=True, slots=True)
class Scan:
    """What the queens search just did on one rank, derived from the last two events.

    ``rejected`` are the squares it examined and found attacked, in the order it examined
    them; ``placed`` is the square it then took, or None if the scan ran off the end of the
    rank (and the search backtracked). ``queens`` are the queens that stood during the scan.
    """

    rank_row: int
    rejected: tuple[int, ...]
    placed: int | None
    queens: tuple[int, ...]


def last_scan(n: int, path: Sequence[int], last_events: Sequence[int]) -> Scan | None:
    """The scan that produced the last event of a queens search (docs/reference.md §4 order).

    The search fills ranks from rank 1 (the bottom row) and scans files a, b, … from where it
    left off: from file a on a fresh rank, from one past the removed queen after a removal.
    ``path`` is the position after the last event; ``last_events`` its last one or two
    events (oldest first). None when nothing was scanned (no event yet, or the removal that
    follows a complete solution).
    """
    if not last_events:
        return None
    last = last_events[-1]
    prev = last_events[-2] if len(last_events) > 1 else None
    if last >= 0:  # a placement: the scan ran from its first file to the queen
        k = len(path) - 1
        queens = tuple(path[:-1])
        first = 0 if prev is None or prev >= 0 else (~prev) % n + 1
        col = last % n
        row = n - 1 - k
        placed: int | None = last
    else:  # a removal: the rank above was scanned to its end and nothing was free
        queens = (*path, ~last)
        k = len(queens)
        if k == n:
            return None  # removing a solution's last queen: nothing was scanned
        first = 0 if prev is None or prev >= 0 else (~prev) % n + 1
        col = n
        row = n - 1 - k
        placed = None
    rejected = tuple(row * n + c for c in range(first, col))
    return Scan(row, rejected, placed, queens)
