"""Exhaustive counting of directed knight's tours (small boards), with dead-end pruning.

Counting needs no event stream, so it runs its own tight explicit-stack loop. Pruning keeps
only branches that can still cover every square; the rules are necessary conditions for
finishing a path from the current square ``cur`` through all unvisited squares, where the
degree of a square is its number of unvisited neighbours:

* an unvisited square of degree 0 can only be entered from ``cur`` and must be the last
  square: prune if it is not next to ``cur`` or if other squares remain;
* an unvisited square of degree 1 not next to ``cur`` can only be the end of the path: two
  of them cannot both be.

Only squares whose state a move changed are checked: neighbours of ``cur`` (degree fell)
and neighbours of the square just left (no longer next to the knight).

Counting from every square uses the board's symmetries (mirrors, and on square boards the
rotations and diagonal flips too): they map knight moves to knight moves, so every square of
one orbit starts the same number of tours, and one square per orbit is searched.
"""

from __future__ import annotations

from collections.abc import Callable

from . import kernels
from .board import CLASSIC_ORDER, Board, neighbour_table

Progress = Callable[[int, int, int], None]
"""progress(starts_done, starts_total, tours_so_far)"""


def count_tours(
    rows: int,
    cols: int,
    start: int | None = None,
    *,
    closed: bool = False,
    progress: Progress | None = None,
    backend: str | None = None,
) -> int:
    """Number of directed tours from ``start`` (or from every square, summed).

    ``progress(done, total, found)`` is called after each square searched, with ``done`` the
    start squares accounted for so far (a whole orbit of symmetric squares at a time).
    """
    board = Board(rows, cols)
    if start is not None and not 0 <= start < board.size:
        raise ValueError(f"start square {start} is off the {board} board")
    count_from = _count_from
    if board.size > 1 and kernels.choose(backend) == kernels.NUMBA:
        from .kernels.searches import count_from_compiled as count_from
    orbits = symmetry_orbits(board) if start is None else [[start]]
    total = done = 0
    for orbit in orbits:
        total += len(orbit) * count_from(board, orbit[0], closed)
        done += len(orbit)
        if progress is not None:
            progress(done, board.size, total)
    return total


def symmetry_orbits(board: Board) -> list[list[int]]:
    """The squares grouped by the board's symmetries, each orbit smallest square first."""
    rows, cols = board.rows, board.cols
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (cols - 1 - c, r),
            lambda r, c: (c, rows - 1 - r),
            lambda r, c: (cols - 1 - c, rows - 1 - r),
        ]
    seen: set[int] = set()
    orbits = []
    for sq in range(board.size):
        if sq in seen:
            continue
        r, c = divmod(sq, cols)
        orbit = sorted({board.square(*f(r, c)) for f in maps})
        seen.update(orbit)
        orbits.append(orbit)
    return orbits


def _count_from(board: Board, start: int, closed: bool) -> int:
    n = board.size
    if n == 1:
        return 0 if closed else 1
    nb = neighbour_table(board.rows, board.cols, CLASSIC_ORDER)
    adjacent = [frozenset(t) for t in nb]
    visited = bytearray(n)
    deg = [len(t) for t in nb]
    visited[start] = 1
    for u in nb[start]:
        deg[u] -= 1
    start_nb = adjacent[start]
    path = [start]
    iters = [iter(nb[start])]
    count = 0
    remaining = n - 1
    while iters:
        advanced = False
        cur = path[-1]
        for t in iters[-1]:
            if visited[t]:
                continue
            # move cur -> t
            visited[t] = 1
            remaining -= 1
            for u in nb[t]:
                deg[u] -= 1
            if remaining == 0:
                if not closed or t in start_nb:
                    count += 1
                _undo(t, nb, visited, deg)
                remaining += 1
                continue
            if _hopeless(t, cur, nb, adjacent, visited, deg, remaining) or (
                closed and deg[start] == 0
            ):
                _undo(t, nb, visited, deg)
                remaining += 1
                continue
            path.append(t)
            iters.append(iter(nb[t]))
            advanced = True
            break
        if not advanced:
            iters.pop()
            sq = path.pop()
            if path:
                _undo(sq, nb, visited, deg)
                remaining += 1
    return count


def _undo(sq: int, nb: tuple[tuple[int, ...], ...], visited: bytearray, deg: list[int]) -> None:
    visited[sq] = 0
    for u in nb[sq]:
        deg[u] += 1


def _hopeless(
    cur: int,
    prev: int,
    nb: tuple[tuple[int, ...], ...],
    adjacent: list[frozenset[int]],
    visited: bytearray,
    deg: list[int],
    remaining: int,
) -> bool:
    near = adjacent[cur]
    for u in nb[cur]:
        if not visited[u] and deg[u] == 0 and remaining > 1:
            return True
    ends = 0
    for u in nb[prev]:
        if not visited[u] and u not in near:
            d = deg[u]
            if d == 0:
                return True
            if d == 1:
                ends += 1
    return ends > 1
