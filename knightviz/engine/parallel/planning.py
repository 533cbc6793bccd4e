"""Planning a count: its pieces, split until they balance the workers, and their estimates.

A count is split into *pieces*: the tours below a prefix of the first moves (one start
square per orbit of the board's symmetries), or the N-Queens solutions below the queens of
the first rows. The plan splits the piece with the largest estimated tree (Knuth's random
probes of the pruned tree, ``kernels/_count``) until there are enough pieces and none is
much larger than a share of the whole; those estimates also give the progress fraction and
the time left, and, before any work, the size of the job (``Plan.log_nodes``).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import backends
from ..board import FULL, Board, Shape
from ..count import _Walker, board_symmetries, first_move_orbits, iter_symmetry_orbits
from ..queens_constellations import KERNEL_MAX, free_rows, roots
from ..queens_constellations import children as queens_children
from ..queens_constellations import count_below as queens_below
from ..verdict import verdict
from .tasks import Piece, QueensTask, TourTask, log_sum, pieces_log_sum

#: Pieces a plan aims for (more when more workers than PIECES / 32 are there). Independent
#: of ``jobs`` below that, so a bounded count (``limit``) stops at the same node either way.
PIECES = 256
#: A piece no bigger than this share of the estimated whole (then the plan stops splitting).
SHARE = 1 / 128
#: Boards above this many squares are not split below their start squares.
SPLIT_MAX_SQUARES = 256
#: Work estimated below this many seconds on one core is not split at all (splitting costs
#: more than it saves). Depends on the work alone, never on ``jobs``.
SPLIT_MIN_SECONDS = 0.3
#: Random probes per estimate of a piece made by splitting, and of a root piece (whose
#: estimates add up to the figure announced before a long count); the pure-Python engine
#: makes PY_PROBES_LESS times fewer.
PROBES = 8
ROOT_PROBES = 256
PY_PROBES_LESS = 16
#: Past this many squares (n² for n queens), a pure-Python queens estimate makes fewer probes.
PY_QUEENS_WORK = 100 * 100
#: Pieces the pure-Python engine's plans aim for (its planning is slower, its counting too).
PIECES_PY = 128
#: Nodes per second per core (the backend policy's speed figures), by (kind, backend, board
#: of up to 64 squares): used to say how long a job will take before it starts.
RATES = backends.COUNT_RATES


@dataclass
class Plan:
    """The pieces of a count, and what planning found on the way (tours completed inside
    a prefix, the prefix nodes themselves), exact."""

    kind: str
    pieces: list[Piece]
    count: int = 0
    #: N-Queens: eight times the classes of symmetric solutions found while planning (a
    #: piece holds eighths of classes: ``queens_constellations``).
    unique: int = 0
    nodes: int = 0
    backend: str = backends.PYTHON
    #: Boards of up to 64 squares count on one word (faster; see RATES).
    small: bool = True
    #: How ``refine`` splits a piece (None: not split further).
    grow: Callable[[Piece], tuple[list[Piece], int, int, int]] | None = None

    #: The whole job's estimate as it was before splitting (the roots' estimates have many
    #: more probes than the pieces', so it stays the job's figure; the pieces' own estimates
    #: still give each one's share of it).
    whole: float | None = None
    #: Planning stopped at the step limit (``limit``): the pieces planned so far, none of
    #: which the limit leaves room to run.
    cut: bool = False

    @property
    def log_nodes(self) -> float:
        """Natural log of the estimated nodes of the whole job (planning's included)."""
        if self.whole is not None:
            return self.whole
        return pieces_log_sum(self.pieces, [math.log(self.nodes)] if self.nodes else [])

    def seconds(self, workers: int) -> float:
        """Estimated time on ``workers`` cores of the benchmark machine (may be inf)."""
        rate = RATES[(self.kind, self.backend, self.small)] * max(1, workers)
        exponent = self.log_nodes - math.log(rate)
        return math.exp(exponent) if exponent < 700 else math.inf


# -- planning ------------------------------------------------------------------------------


def _tour_log_nodes(
    rows: int,
    cols: int,
    path: Sequence[int],
    closed: bool,
    backend: str,
    probes: int,
    shape: Shape = FULL,
    walker: _Walker | None = None,
) -> float:
    if backend == backends.NUMBA:
        from ..kernels.counting import tours_log_nodes_compiled

        seed = hash(tuple(path)) & 0xFFFF_FFFF
        return tours_log_nodes_compiled(rows, cols, path, closed, probes, seed, shape)
    from ..count_estimate import tour_log_nodes

    fewer = max(1, probes // PY_PROBES_LESS)
    return tour_log_nodes(rows, cols, path, closed, probes=fewer, shape=shape, walker=walker)


class _Prefixes:
    """The count's children of any prefix on one board, from one walker moved from prefix
    to prefix: a prefix costs its length, where a new walker would cost the board's area
    (on a 2000x2000 board, a second per prefix)."""

    def __init__(self, rows: int, cols: int, closed: bool, shape: Shape) -> None:
        self.rows, self.cols, self.closed, self.shape = rows, cols, closed, shape
        self._walker: _Walker | None = None

    def walker(self, path: Sequence[int]) -> _Walker:
        if self._walker is None:
            self._walker = _Walker(self.rows, self.cols, path, self.closed, self.shape)
        else:
            self._walker.reset(path)
        return self._walker

    def children(self, path: Sequence[int]) -> list[tuple[int, bool]]:
        return self.walker(path).children()


def _queens_log_nodes(n: int, prefix: Sequence[int], backend: str, probes: int) -> float:
    seed = hash(tuple(prefix)) & 0xFFFF_FFFF
    if backend == backends.NUMBA and n <= KERNEL_MAX:
        from ..kernels.constellations import log_nodes_compiled

        return log_nodes_compiled(n, prefix, probes, seed)
    from ..queens_constellations import log_nodes

    fewer = max(1, probes // PY_PROBES_LESS)
    # A probe costs n² here: past 100 queens, fewer (one at 400), so that planning a board
    # no count could finish takes seconds, not minutes.
    fewer = max(1, min(fewer, fewer * PY_QUEENS_WORK // (n * n)))
    return log_nodes(n, prefix, probes=fewer, seed=seed)


def _split(
    pieces: list[Piece],
    grow: Callable[[Piece], tuple[list[Piece], int, int, int]],
    target: int,
) -> tuple[list[Piece], int, int, int]:
    """Split the largest piece until ``target`` pieces and none above ``SHARE`` of the
    whole; ``grow`` gives a piece's children pieces and the (count, unique, nodes) found
    on the way. Returns the pieces in a fixed order (their tasks' order)."""
    heap = [(-p.log_nodes, i, p) for i, p in enumerate(pieces)]
    heapq.heapify(heap)
    found = unique = nodes = 0
    serial = len(heap)
    whole = pieces_log_sum(pieces)
    while heap and len(heap) < target * 4:
        neg, _, top = heap[0]
        if len(heap) >= target and -neg <= whole + math.log(SHARE):
            break
        heapq.heappop(heap)
        kids, c, u, k = grow(top)
        found += c
        unique += u
        nodes += k
        for kid in kids:
            heapq.heappush(heap, (-kid.log_nodes, serial, kid))
            serial += 1
        if not kids and not heap:
            break
    ordered = sorted((p for _, _, p in heap), key=_order_key)
    return ordered, found, unique, nodes


def _order_key(piece: Piece) -> tuple[Any, ...]:
    task = piece.task
    if isinstance(task, TourTask):
        return task.path
    if isinstance(task, QueensTask):
        return task.prefix
    return (0,)


def plan_tours(
    rows: int,
    cols: int,
    start: int | None = None,
    closed: bool = False,
    *,
    backend: str | None = None,
    workers: int = 1,
    split: bool = True,
    shape: Shape = FULL,
    limit: int | None = None,
    probes: int = ROOT_PROBES,
) -> Plan:
    """The pieces of counting the directed tours from ``start`` (or every square): one per
    start square (per orbit of the board's symmetries), then, with ``split``, ``refine``d.

    Squares a known fact rules out (``verdict``: wrong colour, no tour on this board, …)
    get no piece at all: they start no tour. With ``limit`` (nodes), on a board too large
    to split (above ``SPLIT_MAX_SQUARES``), planning stops once its own nodes reach it
    (``Plan.cut``): a bounded count of a huge board plans only the start squares it can
    reach, not the board (smaller boards plan whole: the nodes a bounded count reports
    include all of planning's). ``probes``: per start piece (more for a plan that is read
    rather than run: the tours' trees are heavy-tailed, and few probes tend to say too few).
    """
    board = Board(rows, cols, shape)
    if start is not None and not board.present(start):
        raise ValueError(f"start square {board.name(start)} is a hole")
    chosen = backends.choose(backend)
    orbits = iter_symmetry_orbits(board) if start is None else iter([[start]])
    symmetries = board_symmetries(board)
    prefixes = _Prefixes(rows, cols, closed, shape)
    pieces: list[Piece] = []
    plan = Plan("tours", [], backend=chosen, small=board.size <= 64)
    cut_at = limit if board.size > SPLIT_MAX_SQUARES else None
    for orbit in orbits:
        if cut_at is not None and plan.nodes >= cut_at:
            plan.cut = True
            break
        if verdict(board, orbit[0], closed) is not None:
            continue
        plan.nodes += 1  # the start square itself
        if board.area == 1:
            plan.count += len(orbit) * int(not closed)
            continue
        start_sq = orbit[0]
        if sum(1 for g in symmetries if g(start_sq) == start_sq) == 1:
            # Only the identity fixes the start: one piece (its first moves are not grouped).
            task = TourTask(rows, cols, (start_sq,), closed, chosen, shape=shape)
            pieces.append(Piece(task, len(orbit), 0.0))
            continue
        moves = prefixes.children((start_sq,))
        groups = first_move_orbits(board, start_sq, [sq for sq, _ in moves])
        if len(groups) == len(moves):  # no symmetry fixes the start: one piece
            task = TourTask(rows, cols, (start_sq,), closed, chosen, shape=shape)
            pieces.append(Piece(task, len(orbit), 0.0))
            continue
        # A symmetry fixes the start: one first move of each group, weighted by its size.
        complete = dict(moves)
        for group in groups:
            plan.nodes += 1
            weight = len(orbit) * len(group)
            if complete[group[0]]:
                plan.count += weight
                continue
            task = TourTask(rows, cols, (start_sq, group[0]), closed, chosen, shape=shape)
            pieces.append(Piece(task, weight, 0.0))
    if plan.cut:
        # Nothing below these pieces will run: no estimate is worth its probes.
        plan.pieces = pieces
        plan.whole = math.log(max(1, limit or 1))
        return plan
    plan.pieces = _estimate_all(
        pieces,
        lambda t: _tour_log_nodes(
            rows, cols, t.path, closed, chosen, probes, shape, prefixes.walker(t.path)
        ),
    )

    def grow(piece: Piece) -> tuple[list[Piece], int, int, int]:
        task: TourTask = piece.task
        kids = []
        found = 0
        moves = prefixes.children(task.path)
        for sq, complete in moves:
            if complete:
                found += piece.weight
                continue
            path = (*task.path, sq)
            log_nodes = _tour_log_nodes(
                rows, cols, path, closed, chosen, PROBES, shape, prefixes.walker(path)
            )
            kids.append(Piece(replace(task, path=path), piece.weight, log_nodes))
        return kids, found, 0, len(moves)

    plan.grow = grow if board.size <= SPLIT_MAX_SQUARES else None
    return refine(plan, workers) if split else plan


def plan_queens(
    n: int,
    *,
    backend: str | None = None,
    workers: int = 1,
    split: bool = True,
    limit: int | None = None,
    probes: int = ROOT_PROBES,
) -> Plan:
    """The pieces of counting the n-Queens solutions by start constellations
    (``queens_constellations``): one per constellation (the queens on the border lines,
    one of each orbit of the square's symmetries), then, with ``split``, ``refine``d (a
    queen more on the next free row). Past ``KERNEL_MAX`` (never split), with ``limit``
    (nodes), nothing is estimated (``Plan.cut``): no piece could run. ``probes``: per
    constellation."""
    chosen = backends.choose(backend)
    if n > KERNEL_MAX:
        chosen = backends.PYTHON
    plan = Plan("queens", [], backend=chosen)
    if n > KERNEL_MAX and limit is not None:
        # Not even the constellations: a board of 1000 has about 10^11 border placements
        # to list, more work than the limit allows before any piece could start. The
        # limit is spent (the count stops at it, a partial count of 0).
        plan.cut, plan.nodes, plan.whole = True, limit, math.log(max(1, limit))
        return plan
    pieces = [Piece(QueensTask(n, root, chosen)) for root in _roots(n, chosen)]
    plan.pieces = _estimate_all(pieces, lambda t: _queens_log_nodes(n, t.prefix, chosen, probes))

    def grow(piece: Piece) -> tuple[list[Piece], int, int, int]:
        task: QueensTask = piece.task
        kids = []
        total = eighths = 0
        if len(task.prefix) - 4 == free_rows(n, task.prefix):  # complete: counted here
            got = queens_below(n, task.prefix, backend=chosen)
            return [], got.total, got.eighths, 0
        files = queens_children(n, task.prefix)
        for x in files:
            prefix = (*task.prefix, x)
            if len(prefix) - 4 == free_rows(n, prefix):  # a complete placement: counted here
                got = queens_below(n, prefix, backend=chosen)
                total += got.total
                eighths += got.eighths
                continue
            log_nodes = _queens_log_nodes(n, prefix, chosen, PROBES)
            kids.append(Piece(replace(task, prefix=prefix), 1, log_nodes))
        return kids, total, eighths, len(files)

    plan.grow = grow if n <= KERNEL_MAX else None
    return refine(plan, workers) if split else plan


def _roots(n: int, backend: str) -> list[tuple[int, ...]]:
    """The constellations of n-Queens, enumerated compiled when the count is."""
    if backend == backends.NUMBA:
        from ..kernels.constellations import constellations_compiled

        return [key for key, _ in constellations_compiled(n)]
    return roots(n)


def refine(plan: Plan, workers: int = 1) -> Plan:
    """Split the plan's pieces (largest estimate first) until there are enough to balance
    ``workers`` (``PIECES`` at least, the same for any smaller number of workers). Work
    estimated under ``SPLIT_MIN_SECONDS`` stays whole. Planning's finds go to the plan."""
    if plan.grow is None or plan.seconds(1) < SPLIT_MIN_SECONDS:
        return plan
    target = max(PIECES if plan.backend == backends.NUMBA else PIECES_PY, 32 * workers)
    plan.whole = plan.log_nodes
    pieces, found, unique, nodes = _split(plan.pieces, plan.grow, target)
    plan.pieces = pieces
    plan.count += found
    plan.unique += unique
    plan.nodes += nodes
    plan.grow = None
    return plan


def _estimate_all(pieces: list[Piece], estimate: Callable[[Any], float]) -> list[Piece]:
    """Each piece's estimate; beyond 64 pieces, 64 of them spread evenly stand for the rest."""
    if len(pieces) <= 64:
        return [replace(p, log_nodes=estimate(p.task)) for p in pieces]
    step = len(pieces) / 64
    sample = [estimate(pieces[int(i * step)].task) for i in range(64)]
    mean = log_sum(sample) - math.log(len(sample))
    return [replace(p, log_nodes=mean) for p in pieces]
