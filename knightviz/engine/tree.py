"""The search tree of a recorded run, at any size, derived from the recording.

Every move of a search enters a node (a position: the path so far) and every backtrack
leaves one, so a recording of steps *is* a depth-first walk of the tree. ``TreeIndex`` adds
only a small pyramid of depths to it: the lowest and highest depth in each block of 64 steps
and of 4,096 steps (about 6 % of the recording's size), which finds where a node's subtree
ends (the first later step that drops below the node's depth) by skipping blocks that stay
deeper, in a handful of block looks however long the subtree. So a 16.5-million-step tree is
never copied: a view asks for the nodes it can show and the index walks to them.

Geometry is Knuth's measure (``estimate.explored_fraction``): the root is the interval
[0, 1); a node's interval is split into equal shares among its children (the candidates the
strategy tries there, the ones not already on the path), in the order the strategy tries
them. The finished part of the width is then exactly the explored gauge's figure.

Nothing here knows the puzzle: ``children(path)`` gives a node's candidates in order.
"""

from __future__ import annotations

import bisect
import math
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from . import kernels
from .recording import Recording, loaded_numpy

#: Steps per small block and per large block of the depth pyramid.
SMALL = 64
LARGE = 4096
_PER = LARGE // SMALL
#: ``path_tail`` works out the whole chain from the root up to this many levels above the
#: tail (cheap), and only the tail beyond (a 10,000-deep path: seconds from the root).
TAIL_FROM_ROOT = 2000
#: Events read from the recording at a time while the pyramid is built.
_CHUNK = 1 << 18

Children = Callable[[Sequence[int]], Sequence[int]]


class NodeState(str, Enum):
    """What the search has done with a node by the step shown."""

    #: Entered and left: its whole subtree explored, no solution in it.
    FINISHED = "finished"
    #: Entered and left, with at least one solution below (or it is one).
    SOLUTION = "solution"
    #: On the search's current path (entered, not yet left).
    PATH = "path"
    #: A candidate not entered yet.
    UNTRIED = "untried"


@dataclass(frozen=True, slots=True)
class Node:
    """One node of the tree as a view sees it."""

    #: The squares from the root to this node (the root's own path is the initial squares).
    path: tuple[int, ...]
    depth: int
    #: Its interval of the root's width: [x, x + w).
    x: float
    w: float
    state: NodeState
    #: The step whose move entered it (0 for the root; -1 for an untried candidate), and the
    #: step whose backtrack left it (None while on the path or untried).
    entered: int
    left: int | None
    #: How many children it has (the candidates not on the path); -1: not worked out
    #: (``TreeIndex.children`` tells, for the few nodes a view describes).
    children: int
    #: Its place among its parent's children and their number: its share of the parent's
    #: interval, exact where ``w`` itself has underflowed (below 10^-308, 1,000 levels down).
    slot: int = 0
    slots: int = 1

    @property
    def square(self) -> int:
        return self.path[-1] if self.path else -1

    @property
    def steps_below(self) -> int | None:
        """Steps the search spent in its subtree, leaving it included (None: not left)."""
        if self.left is None or self.entered < 0:
            return None
        return self.left - self.entered + 1


def update_budget() -> int:
    """Steps an index takes in per call from the window's thread: about a millisecond's
    worth (the compiled pass takes in 1.3 ns a step, numpy's 10-40 ns)."""
    return 1 << 20 if kernels.block_depths() is not None else 1 << 16


class TreeIndex:
    """The depth pyramid of a recording, grown as the recording grows (``update``)."""

    def __init__(
        self,
        recording: Recording,
        children: Children,
        solution_depth: int | None = None,
        budget: int | None = None,
    ) -> None:
        self.rec = recording
        self.children = children
        self.root_path = tuple(recording.initial)
        self.root_depth = len(self.root_path)
        #: A move reaching this depth completes a solution (None: none marked).
        self.solution_depth = (
            solution_depth if solution_depth is not None else (recording.solution_depth)
        )
        self._tail_solutions: list[int] = []
        # Depth after each block's last step, and its lowest and highest depth.
        self._small_min = array("i")
        self._small_max = array("i")
        self._small_end = array("i")
        self._large_min = array("i")
        self._large_max = array("i")
        self._built = 0  # steps covered by whole small blocks
        self._depth = self.root_depth  # depth after step ``_built``
        #: Steps the index can read: the recording up to its first gap.
        self.limit = 0
        self._solutions: list[int] = []
        self._path_at: tuple[int, tuple[int, ...]] = (-1, ())
        #: The last chain of path nodes worked out, and its path (``path_nodes``).
        self._chain: list[Node] = []
        self._chain_path: tuple[int, ...] = ()
        self.update(budget)

    # -- building ------------------------------------------------------------------------------

    def update(self, budget: int | None = None) -> bool:
        """Take in the steps recorded since the last call (up to the first gap); with a
        ``budget``, at most about that many steps (a live run's tick: the index catches up
        over the next ones, and reads only as far as it has taken in). True when caught up."""
        rec = self.rec
        gaps = rec.gaps()
        available = min([len(rec), *(a for a, _ in gaps)])
        end = available - available % SMALL
        if budget is not None:
            end = min(end, self._built + max(SMALL, budget - budget % SMALL))
        if rec.block % SMALL == 0 and (kernels.block_depths() or loaded_numpy()):
            # The recording's own blocks, no copy (each a whole number of small blocks).
            if self._built < end:
                rec.read(self._built, end, self._take)
        else:
            while self._built < end:
                stop = min(end, self._built + _CHUNK)
                self._take(rec.events(self._built, stop))
        caught_up = self._built >= available - available % SMALL
        # Never past a gap: blocks dropped to the memory budget cannot be read back.
        self.limit = available if caught_up else min(self._built, available)
        self._scan_solutions()
        return caught_up

    def _take(self, events: array[int] | memoryview) -> None:
        compiled = kernels.block_depths() if len(events) >= LARGE else None
        if compiled is not None:
            mins, maxs, ends, hits, depth = compiled(
                events, self._depth, SMALL, self.solution_depth
            )
            self._small_min.frombytes(mins)
            self._small_max.frombytes(maxs)
            self._small_end.frombytes(ends)
            self._solutions.extend(h + self._built + 1 for h in hits)
            self._depth = depth
            self._built += len(events)
            self._add_large(loaded_numpy())
            return
        np = loaded_numpy()
        if np is not None and len(events) >= LARGE:
            self._take_np(np, events)
            return
        depth = self._depth
        small_min, small_max, small_end = self._small_min, self._small_max, self._small_end
        goal = self.solution_depth
        step = self._built
        for b in range(0, len(events), SMALL):
            lo = hi = None
            for x in events[b : b + SMALL]:
                depth += 1 if x >= 0 else -1
                step += 1
                if x >= 0 and depth == goal:
                    self._solutions.append(step)
                if lo is None or depth < lo:
                    lo = depth
                if hi is None or depth > hi:
                    hi = depth
            assert lo is not None and hi is not None
            small_min.append(lo)
            small_max.append(hi)
            small_end.append(depth)
            if len(small_min) % _PER == 0:
                first = len(small_min) - _PER
                self._large_min.append(min(small_min[first:]))
                self._large_max.append(max(small_max[first:]))
        self._depth = depth
        self._built += len(events)

    def _take_np(self, np: Any, events: array[int] | memoryview) -> None:
        """``_take`` vectorised (a 16.5-million-step run in a fraction of a second)."""
        a = np.frombuffer(events, dtype=np.int32)
        depth = np.cumsum(np.where(a >= 0, 1, -1), dtype=np.int64) + self._depth
        blocks = depth.reshape(-1, SMALL)
        self._small_min.frombytes(blocks.min(axis=1).astype(np.int32).tobytes())
        self._small_max.frombytes(blocks.max(axis=1).astype(np.int32).tobytes())
        self._small_end.frombytes(blocks[:, -1].astype(np.int32).tobytes())
        if self.solution_depth is not None:
            hits = np.flatnonzero((a >= 0) & (depth == self.solution_depth))
            self._solutions.extend((hits + self._built + 1).tolist())
        self._depth = int(depth[-1])
        self._built += len(events)
        self._add_large(np)

    def _add_large(self, np: Any) -> None:
        """The large blocks completed by the small ones just added."""
        first = len(self._large_min)
        last = len(self._small_min) // _PER
        if last <= first:
            return
        if np is None:
            for big in range(first, last):
                lo, hi = big * _PER, (big + 1) * _PER
                self._large_min.append(min(self._small_min[lo:hi]))
                self._large_max.append(max(self._small_max[lo:hi]))
            return
        # Views of copies: a view of the growing arrays would forbid their growth while
        # anything (a traceback, a profiler's frame) keeps it alive.
        span = slice(first * _PER, last * _PER)
        mins = np.frombuffer(self._small_min[span], np.int32).reshape(-1, _PER)
        maxs = np.frombuffer(self._small_max[span], np.int32).reshape(-1, _PER)
        self._large_min.frombytes(mins.min(axis=1).tobytes())
        self._large_max.frombytes(maxs.max(axis=1).tobytes())

    def _scan_solutions(self) -> None:
        """Solutions in the steps after the last whole block (recounted at every update)."""
        goal = self.solution_depth
        self._tail_solutions = []
        depth = self._depth
        if goal is None or self.limit <= self._built:
            return
        for i, x in enumerate(self.rec.events(self._built, self.limit)):
            depth += 1 if x >= 0 else -1
            if x >= 0 and depth == goal:
                self._tail_solutions.append(self._built + i + 1)

    # -- reading -------------------------------------------------------------------------------

    def depth_at(self, step: int) -> int:
        """The path's length after ``step`` steps."""
        b = step // SMALL
        base = self._small_end[b - 1] if b > 0 else self.root_depth
        if b * SMALL == step:
            return base
        for x in self.rec.events(b * SMALL, step):
            base += 1 if x >= 0 else -1
        return base

    def leave(self, entered: int, depth: int, upto: int) -> int | None:
        """The step that leaves the node entered at step ``entered`` at ``depth`` (the first
        later step after which the path is shorter than ``depth``), if it is at most
        ``upto``; else None (the node is still on the path at step ``upto``)."""
        upto = min(upto, self.limit)
        t = entered
        # The rest of the small block, step by step.
        d = depth
        block_end = min((t // SMALL + 1) * SMALL, upto)
        if block_end > t:
            for x in self.rec.events(t, block_end):
                t += 1
                d += 1 if x >= 0 else -1
                if d < depth:
                    return t
        if t >= upto:
            return None
        # Whole blocks (t is at a block's start): the first one that goes above ``depth``.
        whole = min(len(self._small_min), upto // SMALL)
        b = self._first_block_below(t // SMALL, whole, depth)
        if b >= 0:
            return self._first_step_below(b * SMALL, (b + 1) * SMALL, depth)
        # The steps after the last whole block.
        return self._first_step_below(max(t, whole * SMALL), upto, depth)

    def _first_block_below(self, first: int, end: int, depth: int) -> int:
        """The first small block of ``first`` … ``end - 1`` whose lowest depth is below
        ``depth`` (-1: none): whole large blocks between them skipped at once."""
        small, large = self._small_min, self._large_min
        head = min(end, -(-first // _PER) * _PER)  # up to the next large block's start
        b = _under(small, first, head, depth)
        if b >= 0 or head >= end:
            return b
        big_end = min(len(large), end // _PER)
        big = _under(large, head // _PER, big_end, depth)
        if big >= 0:
            return _under(small, big * _PER, (big + 1) * _PER, depth)
        return _under(small, max(head, big_end * _PER), end, depth)

    def _first_step_below(self, first: int, last: int, depth: int) -> int | None:
        """The first step of ``first + 1`` … ``last`` after which the path is shorter than
        ``depth``, step by step (None: none)."""
        d = self.depth_at(first)
        for t, x in enumerate(self.rec.events(first, last), first + 1):
            d += 1 if x >= 0 else -1
            if d < depth:
                return t
        return None

    def deepest(self, first: int, last: int) -> int:
        """The greatest depth after any step from ``first`` to ``last``."""
        # Steps to the first whole small block, its whole blocks, and the steps after them.
        b0 = min(-(-first // SMALL), len(self._small_max))
        end = max(b0, min(len(self._small_max), last // SMALL))
        if b0 >= end:
            return self._deepest_steps(first, last)
        best = self._deepest_steps(first, b0 * SMALL)
        big0, big1 = -(-b0 // _PER), end // _PER
        if big0 < big1:
            best = max(best, max(self._large_max[big0:big1]))
            for lo, hi in ((b0, big0 * _PER), (big1 * _PER, end)):
                if lo < hi:
                    best = max(best, max(self._small_max[lo:hi]))
        else:
            best = max(best, max(self._small_max[b0:end]))
        return max(best, self._deepest_steps(end * SMALL, last))

    def _deepest_steps(self, first: int, last: int) -> int:
        """The greatest depth after steps ``first`` … ``last`` (one by one: a block's worth)."""
        d = best = self.depth_at(first)
        for x in self.rec.events(first, last):
            d += 1 if x >= 0 else -1
            best = max(best, d)
        return best

    def solutions_between(self, first: int, last: int) -> int:
        """Moves that completed a solution from step ``first`` to ``last``."""
        count = 0
        for s in (self._solutions, self._tail_solutions):
            count += bisect.bisect_right(s, last) - bisect.bisect_left(s, first)
        return count

    def path_at(self, at: int) -> tuple[int, ...]:
        """The search's path at step ``at`` (from the recording; the last one kept): the
        chain of nodes on the path needs no search for where each of them ends."""
        at = min(at, self.limit)
        if self._path_at[0] != at:
            self._path_at = (at, tuple(self.rec.seek(at).path))
        return self._path_at[1]

    def event(self, step: int) -> int:
        """The event of step ``step`` (1-based: the step that leads to position ``step``)."""
        return self.rec.events(step - 1, step)[0]

    # -- the tree at a step ----------------------------------------------------------------------

    def root(self, at: int) -> Node:
        """The root: the initial position, on the path for the whole run."""
        kids = len(self.children(self.root_path))
        state = NodeState.PATH
        return Node(self.root_path, self.root_depth, 0.0, 1.0, state, 0, None, kids)

    def kids(self, node: Node, at: int) -> Iterator[Node]:
        """``node``'s children at step ``at``: those entered (finished, on the path), then
        the candidates not entered yet, each with its share of ``node``'s interval."""
        at = min(at, self.limit)
        order = list(self.children(node.path))
        count = len(order)
        if count == 0:
            return
        share = node.w / count
        entered: set[int] = set()
        if node.entered >= 0 and (node.left is not None or node.state is NodeState.PATH):
            t = node.entered + 1
            end = node.left if node.left is not None else at
            depth = node.depth + 1
            # A node on the path has its child on the path last: known from the path itself.
            on_path = self.path_at(at) if node.state is NodeState.PATH else ()
            while t <= end and t <= at:
                x = self.event(t)
                if x < 0:
                    break
                if len(on_path) >= depth and on_path[depth - 1] == x:
                    left = None
                else:
                    left = self.leave(t, depth, at)
                if x in order:
                    i = order.index(x)
                    entered.add(x)
                    if left is None:
                        state = NodeState.PATH
                    elif self._solved(t, left, depth):
                        state = NodeState.SOLUTION
                    else:
                        state = NodeState.FINISHED
                    yield Node(
                        (*node.path, x),
                        depth,
                        node.x + i * share,
                        share,
                        state,
                        t,
                        left,
                        -1,
                        i,
                        count,
                    )
                if left is None:
                    break
                t = left + 1
        for i, x in enumerate(order):
            if x not in entered:
                yield Node(
                    (*node.path, x),
                    node.depth + 1,
                    node.x + i * share,
                    share,
                    NodeState.UNTRIED,
                    -1,
                    None,
                    -1,
                    i,
                    count,
                )

    def _solved(self, entered: int, left: int, depth: int) -> bool:
        if self.solution_depth is None:
            return False
        return self.solutions_between(entered, left) > 0

    def path_nodes(self, at: int) -> list[Node]:
        """The chain of nodes on the search's path at step ``at``, root first.

        Straight from the path at ``at``: each node's share is its parent's split among
        the parent's children, and the step that entered it the one after the last step
        (before ``at``) at which the path was shorter; one backward pass over the depth
        pyramid finds those for every depth, so a 10,000-deep path of a 10-million-step
        run costs a few block looks per level, not a search per level."""
        at = min(at, self.limit)
        path = self.path_at(at)
        # The nodes of the path shown before, as far as this path shares it, are the same
        # nodes (a node keeps its entry while it stays on the path): only the rest is new.
        keep = max(_common(self._chain_path, path), self.root_depth)
        chain = self._chain[: keep - self.root_depth + 1] or [self.root(at)]
        node = chain[-1]
        entered = self._entries(at, len(path), node.depth)
        ordered = getattr(self.children, "ordered", None)
        on = set(path[: node.depth])
        for d in range(node.depth + 1, len(path) + 1):
            if ordered is not None:  # a walk down the path keeps its own set
                order = ordered(path[d - 2], on)
                on.add(path[d - 1])
            else:
                order = list(self.children(path[: d - 1]))
            x = path[d - 1]
            if x not in order:  # cannot happen for a recording of this strategy
                break
            share = node.w / len(order)
            slot = order.index(x)
            node = Node(
                path[:d],
                d,
                node.x + slot * share,
                share,
                NodeState.PATH,
                entered[d],
                None,
                -1,
                slot,
                len(order),
            )
            chain.append(node)
        self._chain, self._chain_path = chain, path
        return list(chain)

    def path_tail(self, at: int, levels: int) -> list[Node]:
        """The deepest ``levels + 1`` nodes of the path at step ``at`` (all of them on a
        shorter path): what following the search shows. Worked out from the chain kept by
        ``path_nodes`` when this path shares enough of it, else on their own, without the
        levels above (a 10,000-deep path costs no walk from the root): their shares of the
        root (``x``, ``w``) are then NaN, unknown; ``slot``/``slots`` place each among its
        siblings as always."""
        at = min(at, self.limit)
        path = self.path_at(at)
        first = max(self.root_depth, len(path) - levels)
        reusable = _common(self._chain_path, path) >= first - 1
        if first - self.root_depth <= TAIL_FROM_ROOT or reusable:
            return self.path_nodes(at)[first - self.root_depth :]
        entered = self._entries(at, len(path), first - 1)
        on = set(path[: first - 1])
        ordered = getattr(self.children, "ordered", None)
        chain: list[Node] = []
        for d in range(first, len(path) + 1):
            if ordered is not None:
                order = ordered(path[d - 2], on)
                on.add(path[d - 1])
            else:
                order = list(self.children(path[: d - 1]))
            x = path[d - 1]
            slot = order.index(x) if x in order else 0
            chain.append(
                Node(
                    path[:d],
                    d,
                    math.nan,
                    math.nan,
                    NodeState.PATH,
                    entered[d],
                    None,
                    -1,
                    slot,
                    max(len(order), 1),
                )
            )
        return chain

    def _entries(self, at: int, depth: int, above: int) -> dict[int, int]:
        """For each depth ``d`` of the path at ``at`` (above the root), the step whose move
        entered its node: one past the last step up to ``at`` after which the path was
        shorter than ``d``. Deepest first, so the search only moves backward."""
        out: dict[int, int] = {}
        k = at  # candidates for "the last step after which the path was shorter" are <= k
        for d in range(depth, above, -1):
            k = self._last_below(k, d)
            out[d] = k + 1
        return out

    def _last_below(self, k: int, d: int) -> int:
        """The last ``j <= k`` with ``depth_at(j) < d`` (``depth_at(0)`` is the root's)."""
        first = k - k % SMALL
        if first < k:  # k's own block, step by step
            last = self._last_step_below(first, k, d)
            if last >= 0:
                return last
        # Whole blocks before it (block b holds steps b*64+1 … b*64+64: step ``first``
        # itself is the last of the one before), back to the last whose lowest depth is
        # below d; then that block, step by step.
        end = min(first // SMALL, len(self._small_min))
        small, large = self._small_min, self._large_min
        head = end - end % _PER  # the start of the large block holding block end - 1
        b = _under(small, head, end, d, last=True)
        if b < 0 and head > 0:
            big = _under(large, 0, min(head // _PER, len(large)), d, last=True)
            if big >= 0:
                b = _under(small, big * _PER, (big + 1) * _PER, d, last=True)
        if b < 0:
            return 0
        return self._last_step_below(b * SMALL, (b + 1) * SMALL, d)

    def _last_step_below(self, first: int, last: int, d: int) -> int:
        """The last step of ``first + 1`` … ``last`` after which the path is shorter than
        ``d``, step by step (-1: none)."""
        depth = self.depth_at(first)
        found = -1
        for i, x in enumerate(self.rec.events(first, last), first + 1):
            depth += 1 if x >= 0 else -1
            if depth < d:
                found = i
        return found

    def explored_fraction(self, at: int) -> float:
        """The finished part of the root's width at step ``at`` (Knuth's measure): the
        widths of the finished children of every node on the path."""
        total = 0.0
        for node in self.path_nodes(at):
            kids = list(self.kids(node, at))
            done = sum(1 for k in kids if k.state in (NodeState.FINISHED, NodeState.SOLUTION))
            if kids:
                total += node.w * done / len(kids)  # the gauge's own arithmetic
        return min(total, 1.0)

    def node_count(self, at: int) -> int:
        """Nodes entered by step ``at``, the root included: the moves made, plus one."""
        at = min(at, self.limit)
        return (at + self.depth_at(at) - self.root_depth) // 2 + 1


def _common(a: Sequence[int], b: Sequence[int]) -> int:
    """The length of the common prefix of two paths (slices compared in C, halved while
    they differ: a few compares for the usual case of one path extending the other)."""
    keep = min(len(a), len(b))
    la, lb = list(a[:keep]), list(b[:keep])
    if la == lb:
        return keep
    low, high = 0, keep
    while low < high:
        mid = (low + high + 1) // 2
        if la[:mid] == lb[:mid]:
            low = mid
        else:
            high = mid - 1
    return low


def _under(values: array[int], lo: int, hi: int, bound: int, last: bool = False) -> int:
    """The first (``last``: the last) ``i`` in ``lo`` … ``hi - 1`` with ``values[i] < bound``
    (-1: none): windows growing fourfold from that end, each checked with ``min`` over a
    slice (C's speed, not a Python loop a block: a path's node entered 50 M steps back was
    12,000 large blocks away), the one that holds it halved down to a few values."""
    size = 16
    while lo < hi:
        a, b = (max(lo, hi - size), hi) if last else (lo, min(hi, lo + size))
        if min(values[a:b]) < bound:
            while b - a > 16:
                mid = (a + b) // 2
                near, far = ((mid, b), (a, mid)) if last else ((a, mid), (mid, b))
                a, b = near if min(values[near[0] : near[1]]) < bound else far
            span = range(b - 1, a - 1, -1) if last else range(a, b)
            return next(i for i in span if values[i] < bound)
        lo, hi = (lo, a) if last else (b, hi)
        size *= 4
    return -1


class _Visited:
    """The squares of the last path asked about, kept as a set and updated by the
    difference to the next path (a walk down or across the tree changes one or two
    squares): the set of a 10,000-square path is not rebuilt for every node."""

    def __init__(self) -> None:
        self.path: list[int] = []
        self.squares: set[int] = set()

    def of(self, path: Sequence[int]) -> set[int]:
        cached = self.path
        keep = _common(cached, path)
        for sq in cached[keep:]:
            self.squares.discard(sq)
        del cached[keep:]
        for sq in path[keep:]:
            cached.append(sq)
            self.squares.add(sq)
        return self.squares


class TourChildren:
    """A knight's-tour node's children: the candidates its strategy tries from the path's
    last square, in order, less those on the path (``estimate.tour_levels``'s children).
    Built from a Python ``TourSearch`` of the run's settings: its neighbour table and, for
    Warnsdorff, its tie-break ranks order the candidates exactly as ``TourStack`` does
    (fewest free onward squares, then rank, then table order)."""

    def __init__(self, search: Any) -> None:
        if not hasattr(search, "_nb"):  # a compiled search: its Python twin's tables
            from .tour import TourSearch

            search = TourSearch(search.config)
        self._nb = search._nb
        self._ranks = search._ranks if search._strategy.guided else None
        self._visited = _Visited()

    def __call__(self, path: Sequence[int]) -> list[int]:
        if not path:
            return []
        return self.ordered(path[-1], self._visited.of(path))

    def ordered(self, square: int, on: set[int] | frozenset[int]) -> list[int]:
        """The children of a node whose path ends on ``square`` and holds the squares
        ``on`` (a walk down a path keeps that set itself: ``TreeIndex.path_nodes``)."""
        nb = self._nb
        cands = [u for u in nb[square] if u not in on]
        ranks = self._ranks
        if ranks is None or len(cands) < 2:
            return cands
        key = {u: (sum(1 for w in nb[u] if w not in on), ranks[u]) for u in cands}
        return sorted(cands, key=key.__getitem__)


def tour_children(search: Any) -> Children:
    """``TourChildren`` of ``search`` (see there)."""
    return TourChildren(search)


def queens_children(n: int) -> Children:
    """An N-Queens node's children: the free files of the next rank, a to the last
    (``estimate.queens_levels``'s children)."""

    def children(placed: Sequence[int]) -> list[int]:
        y = len(placed)
        if y >= n:
            return []
        cols = {sq % n for sq in placed}
        up = {sq % n + i for i, sq in enumerate(placed)}
        down = {sq % n - i for i, sq in enumerate(placed)}
        first = (n - 1 - y) * n
        return [
            first + x for x in range(n) if x not in cols and x + y not in up and x - y not in down
        ]

    return children


def first_levels(index: TreeIndex, at: int, depth: int) -> Iterator[tuple[Node, int]]:
    """The nodes of the first ``depth`` levels below the root at step ``at``, depth first in
    the strategy's order (the root first), each with its share's denominator: the product
    of the candidate counts above it, so its share of the root is exactly 1/denominator."""
    root = index.root(at)
    todo: list[tuple[Node, int]] = [(root, 1)]
    while todo:
        node, denom = todo.pop()
        yield node, denom
        if node.depth - index.root_depth >= depth or node.state is NodeState.UNTRIED:
            continue
        kids = sorted(index.kids(node, at), key=lambda k: k.x)
        todo.extend((k, denom * len(kids)) for k in reversed(kids))


def record_search(search: Any, steps: int, solution_depth: int | None) -> Recording:
    """The first ``steps`` steps of ``search`` recorded whole (a tree's source headless)."""
    rec = Recording(search.initial, budget=max(1 << 20, 8 * steps), solution_depth=solution_depth)
    left = steps
    while left > 0 and (events := search.advance(min(left, 1 << 16))):
        rec.extend(events, list(search.path))
        left -= len(events)
    rec.finish()
    return rec


def next_event(
    children: Children,
    path: Sequence[int],
    last: int | None,
    *,
    root_depth: int,
    solved: Callable[[Sequence[int]], bool],
    stop_on_solution: bool,
    backtrack: bool = True,
) -> int | None:
    """The event a depth-first search in ``children``'s order takes next from ``path``,
    given the event that led there (``last``; None at the start): a square (a move or a
    placement) or ``~square`` (leaving it), or None when it stops (a solution it stops at,
    an exhausted or stuck search). What the "your turn" mode asks the learner to predict.

    After a move the search tries the node's first child; after coming back from child
    ``c`` it tries the child after ``c``; with none left it backtracks, except at the root
    (a knight's start is never left) or in a greedy walk."""
    kids = children(path) if len(path) >= root_depth else []
    if last is None or last >= 0:
        if len(path) > root_depth and solved(path):
            if stop_on_solution:
                return None
            return ~path[-1]
        if kids:
            return kids[0]
    else:
        left = ~last
        at = kids.index(left) + 1 if left in kids else len(kids)
        if at < len(kids):
            return kids[at]
    if not backtrack or len(path) <= root_depth:
        return None
    return ~path[-1]
