"""How the base tours of :mod:`knightviz.engine.construct` were found (run once, kept as data).

Parberry's construction needs small closed tours that are *structured*: near each corner they
contain two fixed knight moves, the ones a join at that corner cuts and reconnects. Such a
tour is found here by a depth-first search that must use those moves (Warnsdorff's order,
seeded ties, the moves forced whenever one of their squares is reached, a square left with
fewer than two free neighbours cut at once). The search runs only when the data is made again
(``python -m knightviz.engine.construct_base``); the construction itself never searches.
"""

from __future__ import annotations

import random
import sys
from typing import Any

KNIGHT = ((2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1))

#: The two structured moves at the top-left corner, as (row, col) pairs counted from the
#: corner; the other corners use their mirror images (see ``corner_moves``).
CORNER_MOVES: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((0, 1), (1, 3)),
    ((0, 2), (1, 0)),
)


def corner_moves(rows: int, cols: int) -> list[tuple[int, int]]:
    """The structured moves of a rows × cols block as square pairs, corner by corner.

    Order: top-left, top-right, bottom-left, bottom-right; each corner's first move then its
    second (``CORNER_MOVES`` reflected into that corner).
    """
    out: list[tuple[int, int]] = []
    for corner_row, row_sign in ((0, 1), (rows - 1, -1)):
        for corner_col, col_sign in ((0, 1), (cols - 1, -1)):
            for a, b in CORNER_MOVES:
                ends = [
                    (corner_row + row_sign * r) * cols + corner_col + col_sign * c
                    for r, c in (a, b)
                ]
                out.append((ends[0], ends[1]))
    return out


#: The two moves at the top-left corner that a join of two blocks cuts (a block joined to the
#: one on its left cuts the first, to the one above it the second); the other block gives up
#: a move every tour has, its corner square's.
GRID_MOVES: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((1, 1), (3, 0)),
    ((1, 1), (0, 3)),
)


def grid_moves(rows: int, cols: int) -> list[tuple[int, int]]:
    """The structured moves of a block of a grid (two blocks joined at a time) as square
    pairs: ``GRID_MOVES``, both at the top-left corner."""
    return [(a[0] * cols + a[1], b[0] * cols + b[1]) for a, b in GRID_MOVES]


def find_structured_tour(
    rows: int, cols: int, seed: int = 0, budget: int = 200_000, grid: bool = False
) -> list[int]:
    """A closed tour of a rows × cols board containing every structured move (Parberry's
    corner moves, or with ``grid`` the grid's); restarts on a budget of steps with the next
    seed."""
    size = rows * cols
    nbrs = [
        [(r + dr) * cols + c + dc for dr, dc in KNIGHT if 0 <= r + dr < rows and 0 <= c + dc < cols]
        for r in range(rows)
        for c in range(cols)
    ]
    forced: list[list[int]] = [[] for _ in range(size)]
    for a, b in grid_moves(rows, cols) if grid else corner_moves(rows, cols):
        forced[a].append(b)
        forced[b].append(a)
    if any(len(set(f)) > 2 for f in forced):
        raise ValueError(f"{rows}x{cols}: a square has more than two structured moves")
    attempt = seed
    while True:
        tour = _attempt(size, nbrs, forced, random.Random(attempt), budget)
        if tour is not None:
            return tour
        attempt += 1


def _attempt(
    size: int,
    nbrs: list[list[int]],
    forced: list[list[int]],
    rng: random.Random,
    budget: int,
) -> list[int] | None:
    # From a corner: its two moves are in every closed tour, so the path runs from one of
    # them to the other (``last``, kept for the final move) and closes through the corner.
    start = 0
    first, last = nbrs[start][0], nbrs[start][1]
    visited = [False] * size
    free = [len(n) for n in nbrs]  # unvisited neighbours
    path: list[int] = []
    stack: list[list[int]] = []
    steps = 0

    def visit(v: int) -> None:
        visited[v] = True
        path.append(v)
        for n in nbrs[v]:
            free[n] -= 1

    def options(u: int) -> list[int]:
        prev = path[-2]
        for v in forced[u]:
            if v != prev and visited[v]:
                return []  # a structured move of u went elsewhere
        must = [v for v in forced[u] if v != prev]
        if len(path) == size - 1:
            return [last] if last in nbrs[u] and all(v == last for v in must) else []
        urgent = []
        for n in nbrs[u]:
            if visited[n]:
                continue
            if n == last:
                if free[n] == 0:
                    urgent.append(n)  # its one way in besides the corner
                continue
            if free[n] == 0:
                return []  # reachable only from here, and a dead end after
            if free[n] == 1:
                urgent.append(n)
        cands = [v for v in nbrs[u] if not visited[v] and v != last]
        if len(urgent) > 1 or last in urgent:
            return []
        if urgent:
            cands = urgent
        if must:
            cands = [v for v in cands if v in must]
        if len([v for v in forced[u] if v != prev]) > 1:
            return []
        rng.shuffle(cands)
        cands.sort(key=lambda v: free[v], reverse=True)  # pop() takes the fewest
        return cands

    visit(start)
    visit(first)
    stack.append([])
    stack.append(options(first))
    while len(stack) > 1:
        steps += 1
        if steps > budget:
            return None
        if len(path) == size:
            return path
        cands = stack[-1]
        if not cands:
            u = path.pop()
            stack.pop()
            visited[u] = False
            for n in nbrs[u]:
                free[n] += 1
            continue
        visit(cands.pop())
        stack.append([] if len(path) == size else options(path[-1]))
    return None


if __name__ == "__main__":  # pragma: no cover - the one-off data maker
    grid = "--grid" in sys.argv
    for spec in sys.argv[1:]:
        if spec != "--grid":
            r, c = (int(x) for x in spec.split("x"))
            print(spec, find_structured_tour(r, c, grid=grid))


def find_open_corner_tour(rows: int, cols: int, seed: int = 0) -> list[int]:
    """An open tour of an odd × odd block from its top-left corner that ends on neither the
    top-right nor the bottom-left corner (so both of their moves are in it: the grid's joins
    cut them). Warnsdorff's order with seeded ties and backtracking, restarted on a budget."""
    size = rows * cols
    nbrs = [
        [(r + dr) * cols + c + dc for dr, dc in KNIGHT if 0 <= r + dr < rows and 0 <= c + dc < cols]
        for r in range(rows)
        for c in range(cols)
    ]
    banned_ends = {cols - 1, (rows - 1) * cols}
    attempt = seed
    while True:
        rng = random.Random(attempt)
        attempt += 1
        visited = [False] * size
        free = [len(n) for n in nbrs]
        path = [0]
        visited[0] = True
        for n in nbrs[0]:
            free[n] -= 1

        def order(
            u: int, visited: list[bool] = visited, free: list[int] = free, rng: Any = rng
        ) -> list[int]:
            cands = [v for v in nbrs[u] if not visited[v]]
            rng.shuffle(cands)
            cands.sort(key=lambda v: free[v], reverse=True)  # pop() takes the fewest
            return cands

        stack = [order(0)]
        steps = 0
        while stack and steps < 200_000:
            steps += 1
            if len(path) == size:
                if path[-1] not in banned_ends:
                    return path
                cands: list[int] = []
            else:
                cands = stack[-1]
            if not cands:
                u = path.pop()
                stack.pop()
                visited[u] = False
                for n in nbrs[u]:
                    free[n] += 1
                continue
            v = cands.pop()
            visited[v] = True
            path.append(v)
            for n in nbrs[v]:
                free[n] -= 1
            stack.append(order(v))
