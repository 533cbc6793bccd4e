"""Exhaustive counting of directed knight's tours (small boards), with dead-end pruning.

Counting needs no event stream, so it runs its own tight explicit-stack loop. Pruning keeps
only branches that can still cover every square; the rules are necessary conditions for
finishing a path from the knight's square ``t`` through all unvisited squares, where the
degree of a square is its number of unvisited neighbours, and they are checked on the
whole board after every move:

* an unvisited square of degree 0 can only be entered from ``t`` and must be the last
  square: prune if other squares remain, or if it is not next to ``t``;
* an unvisited square of degree 1 not next to ``t`` can only be the end of the path: two
  of them cannot both be.

(For closed tours, also: prune once the start has no unvisited neighbour left.) The whole
board is checked in constant time per move: the degrees are kept up to date, with running
totals of the unvisited squares of degree 0 and 1 (the compiled counter for boards of up to
64 squares gets the same sets from bit boards). A *node* is a position the search stands
in: the start and every move that passed the rules. ``benchmarks/reference_count.c`` counts
the same nodes in C.

A count splits into independent pieces: the tours below a *prefix* (the first squares of a
path) do not depend on any other prefix, so ``count_below`` counts one, and
``knightviz.engine.parallel`` hands many to many processes.

Counting from every square uses the board's symmetries (mirrors, and on square boards the
rotations and diagonal flips too): they map knight moves to knight moves, so every square of
one orbit starts the same number of tours, and one square per orbit is searched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from . import backends
from .board import CLASSIC_ORDER, FULL, Board, Shape

Progress = Callable[[int, int, int], None]
"""progress(starts_done, starts_total, tours_so_far)"""

#: A budget that never runs out.
UNLIMITED = 1 << 62


@dataclass(frozen=True, slots=True)
class Counted:
    """What counting below one prefix found: exact when ``finished``, else up to ``nodes``."""

    count: int
    nodes: int
    finished: bool = True


def count_tours(
    rows: int,
    cols: int,
    start: int | None = None,
    *,
    closed: bool = False,
    progress: Progress | None = None,
    backend: str | None = None,
    shape: Shape = FULL,
) -> int:
    """Number of directed tours from ``start`` (or from every square, summed), in this
    thread, by search alone (no verdicts: the tests check the verdicts against it).
    ``parallel.count_tours`` splits the same count over processes.

    ``progress(done, total, found)`` is called after each square searched, with ``done`` the
    start squares accounted for so far (a whole orbit of symmetric squares at a time).
    """
    board = Board(rows, cols, shape)
    if start is not None and not 0 <= start < board.size:
        raise ValueError(f"start square {start} is off the {board} board")
    if start is not None and not board.present(start):
        raise ValueError(f"start square {board.name(start)} is a hole")
    orbits = symmetry_orbits(board) if start is None else [[start]]
    total = done = 0
    for orbit in orbits:
        below = count_below(rows, cols, (orbit[0],), closed, backend=backend, shape=shape)
        total += len(orbit) * below.count
        done += len(orbit)
        if progress is not None:
            progress(done, board.area, total)
    return total


def board_symmetries(board: Board) -> list[Callable[[int], int]]:
    """The board's symmetries as maps of squares, the identity first: the four of a
    rectangle, eight of a square, less those that do not map the holes onto the holes
    (every leaper's moves are symmetric under all eight, as the knight's are)."""
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

    def on_squares(f: Callable[[int, int], tuple[int, int]]) -> Callable[[int], int]:
        return lambda sq: board.square(*f(*divmod(sq, cols)))

    squares = [on_squares(f) for f in maps]
    holes = board.holes
    if holes:
        squares = [g for g in squares if {g(h) for h in holes} == holes]
    return squares


def symmetry_orbits(board: Board) -> list[list[int]]:
    """The squares grouped by the board's symmetries, each orbit smallest square first
    (holes left out)."""
    return list(iter_symmetry_orbits(board))


def iter_symmetry_orbits(board: Board) -> Iterator[list[int]]:
    """``symmetry_orbits`` one at a time, so that a planner bounded by a step limit stops
    after the orbits it needs rather than after the whole board's."""
    maps = board_symmetries(board)
    seen: set[int] = set(board.holes)
    for sq in range(board.size):
        if sq in seen:
            continue
        orbit = sorted({g(sq) for g in maps})
        seen.update(orbit)
        yield orbit


def first_move_orbits(board: Board, start: int, moves: Sequence[int]) -> list[list[int]]:
    """The first moves from ``start`` grouped by the symmetries that fix ``start`` (a
    square on a diagonal of a square board: that diagonal's mirror; the centre of an odd
    one: all eight). Such a symmetry maps the tours through one move of a group one to one
    onto the tours through another, so counting one move's, times the group's size, is
    exact: half the nodes from a diagonal square, an eighth from the centre."""
    fixing = [g for g in board_symmetries(board) if g(start) == start]
    groups: list[list[int]] = []
    placed: set[int] = set()
    for m in moves:
        if m in placed:
            continue
        group = sorted({g(m) for g in fixing} & set(moves))
        placed.update(group)
        groups.append(group)
    return groups


def count_below(
    rows: int,
    cols: int,
    path: Sequence[int],
    closed: bool = False,
    budget: int = UNLIMITED,
    *,
    backend: str | None = None,
    shape: Shape = FULL,
) -> Counted:
    """Tours that continue ``path`` (a knight path that passed the rules; its first square
    is the start), and the nodes visited below it, stopping after ``budget`` nodes.

    Compiled when ``backends.choose(backend)`` says so: the one-word kernel on boards of up
    to 64 squares, the array kernel above; the pure-Python reference otherwise.
    """
    board = Board(rows, cols, shape)
    if len(path) == board.area:
        return Counted(int(_closes(board, path, closed)), 0)
    if backends.choose(backend) == backends.NUMBA:
        from .kernels.counting import count_below_compiled

        tours, nodes, finished = count_below_compiled(
            rows, cols, tuple(path), closed, budget, shape
        )
        return Counted(tours, nodes, finished)
    return _Walker(rows, cols, path, closed, shape).count(budget)


def _closes(board: Board, path: Sequence[int], closed: bool) -> bool:
    """A complete path is a tour; a closed one if it ends a leaper's move from its start."""
    if len(path) == 1:
        return not closed
    return not closed or path[0] in board.neighbours(CLASSIC_ORDER)[path[-1]]


class _Walker:
    """The pure-Python counter: the state of a path with its degree totals, and the rules.

    Also what the planner uses to grow prefixes (``children``), so a plan's prefixes pass
    exactly the rules the counters apply below them.
    """

    def __init__(
        self, rows: int, cols: int, path: Sequence[int], closed: bool, shape: Shape = FULL
    ) -> None:
        board = Board(rows, cols, shape)
        self.nb = nb = board.neighbours(CLASSIC_ORDER)
        self.closed = closed
        self.start = path[0]
        self.visited = bytearray(board.size)
        for hole in board.holes:  # out of every table; never entered, never counted
            self.visited[hole] = 1
        self.deg = [len(t) for t in nb]
        present = [d for sq, d in enumerate(self.deg) if not self.visited[sq]]
        self.zero = sum(1 for d in present if d == 0)
        self.single = sum(1 for d in present if d == 1)
        self.remaining = board.area
        for sq in path:
            self.enter(sq)
        self.path = list(path)

    def reset(self, path: Sequence[int]) -> None:
        """Stand on ``path`` instead, by leaving the current one and entering the new: the
        cost of the two paths, not of the board (a new walker reads every square)."""
        for sq in reversed(self.path):
            self.leave(sq)
        self.start = path[0]
        for sq in path:
            self.enter(sq)
        self.path = list(path)

    def enter(self, sq: int) -> int:
        """Mark ``sq`` visited; the number of its unvisited neighbours now of degree 1."""
        visited, deg = self.visited, self.deg
        visited[sq] = 1
        self.remaining -= 1
        d = deg[sq]
        if d == 0:
            self.zero -= 1
        elif d == 1:
            self.single -= 1
        near = 0
        for u in self.nb[sq]:
            du = deg[u] - 1
            deg[u] = du
            if not visited[u]:
                if du == 1:
                    self.single += 1
                    near += 1
                elif du == 0:
                    self.single -= 1
                    self.zero += 1
        return near

    def leave(self, sq: int) -> None:
        visited, deg = self.visited, self.deg
        for u in self.nb[sq]:
            du = deg[u]
            deg[u] = du + 1
            if not visited[u]:
                if du == 1:
                    self.single -= 1
                elif du == 0:
                    self.zero -= 1
                    self.single += 1
        visited[sq] = 0
        self.remaining += 1
        d = deg[sq]
        if d == 0:
            self.zero += 1
        elif d == 1:
            self.single += 1

    def passes(self, t: int, near: int) -> bool:
        """The rules, just after the move onto ``t`` (not the last square)."""
        if self.zero > 0 and (self.remaining > 1 or self.deg[t] == 0):
            return False
        if self.single - near > 1:
            return False
        return not (self.closed and self.deg[self.start] == 0)

    def children(self) -> list[tuple[int, bool]]:
        """The moves from the path's end that are nodes: (square, completes a tour)."""
        out = []
        for t in self.nb[self.path[-1]]:
            if self.visited[t]:
                continue
            near = self.enter(t)
            if self.remaining == 0:
                out.append((t, not self.closed or self.start in self.nb[t]))
            elif self.passes(t, near):
                out.append((t, False))
            self.leave(t)
        return out

    def count(self, budget: int) -> Counted:
        nb, visited = self.nb, self.visited
        start_nb = frozenset(nb[self.start])
        closed = self.closed
        tours = nodes = 0
        stack = [self.path[-1]]
        iters = [iter(nb[self.path[-1]])]
        while iters:
            descended = False
            for t in iters[-1]:
                if visited[t]:
                    continue
                near = self.enter(t)
                if self.remaining == 0:
                    nodes += 1
                    tours += not closed or t in start_nb
                elif self.passes(t, near):
                    nodes += 1
                    stack.append(t)
                    iters.append(iter(nb[t]))
                    descended = True
                    break
                self.leave(t)
                if nodes >= budget:
                    return Counted(tours, nodes, False)
            if descended:
                if nodes >= budget:
                    return Counted(tours, nodes, False)
                continue
            iters.pop()
            sq = stack.pop()
            if iters:
                self.leave(sq)
        return Counted(tours, nodes, True)


def children(
    rows: int, cols: int, path: Sequence[int], closed: bool, shape: Shape = FULL
) -> list[tuple[int, bool]]:
    """The moves that continue ``path`` as nodes of the count: (square, completes a tour)."""
    return _Walker(rows, cols, path, closed, shape).children()
