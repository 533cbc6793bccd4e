"""How big is the search tree, and how much of it is behind the search? (Knuth, 1975)

For plain backtracking from most 8×8 squares the honest answer to "how many steps will it
take?" is "more than you can wait for". Two estimates make that concrete:

* ``explored_fraction``: the part of the whole tree already behind the search, from its stack
  alone. Each node's weight is split equally among its children (the root weighs 1); a child
  whose subtree is finished counts fully. The sum never decreases during a run and is exactly
  1 when the search is exhausted.
* ``TreeEstimator``: Knuth's random probes. Walk from the root to a leaf choosing a child at
  random; with c_k the number of children met at depth k, 1 + c_0 + c_0·c_1 + … is an unbiased
  estimate of the number of nodes. The mean over many probes converges (slowly: the
  distribution is heavy-tailed), so the spread is reported with it. On large boards the
  products c_0·c_1·… pass a double's range (about 10^308) from about 20×20 on, so each probe
  is carried as a logarithm and the mean and spread are kept scaled by the largest probe.

A node is a position the search can stand in (a path of the knight, or queens on the first
ranks); an exhaustive search enters and leaves every node but the root once, so it takes
2 × (nodes − 1) steps.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from .board import CLASSIC_ORDER, FULL, Board, Shape
from .events import StackLevel

#: Terms smaller than this share of the fraction so far no longer change its digits.
_PRECISION = 1e-9
#: Below this weight an untouched tree's fraction is shown as "less than 1e-15" anyway.
_FLOOR = 1e-20


def explored_fraction(levels: Iterable[tuple[int, int]]) -> float:
    """Knuth's explored fraction from the stack, root first.

    ``levels`` gives, per depth, (children, finished): how many valid children that node has
    and how many of them are completely explored (below the top: not counting the child
    being explored now). Levels are read lazily and only until they can no longer change the
    figure's digits (or, while nothing is finished, until it is below 1e-20).
    """
    total = 0.0
    weight = 1.0
    for children, finished in levels:
        if children <= 0:
            break
        total += weight * finished / children
        weight /= children
        if total > 0 and weight < total * _PRECISION:
            break
        if total == 0 and weight < _FLOOR:
            break
    return min(total, 1.0)


#: log10 of 2 (steps = 2 × (nodes − 1)).
LOG10_2 = math.log10(2.0)
_LN10 = math.log(10.0)
#: A probe's running sums are scaled down by _SHRINK when they pass _HUGE, so a product of
#: branching factors that a double cannot hold (8^10000 on 100×100) is carried as a scaled
#: float and a count of shrinks. Powers of two: scaling is exact.
_HUGE = 2.0**900
_SHRINK_BITS = 512
_SHRINK = 2.0**-_SHRINK_BITS
_LN_SHRINK = _SHRINK_BITS * math.log(2.0)


def _pow10(log10_value: float) -> float:
    """10 ** log10_value, inf past a double's range instead of OverflowError."""
    if log10_value > 308.0:
        return math.inf
    return math.pow(10.0, log10_value)


#: The probes are dealt in turn to this many batches; the spread of the batches' means
#: measures how far the estimate may be off.
BATCHES = 10
#: The stated range: this many of the batches' standard errors (in log10) around the
#: estimate, or this many of the probes' standard errors, whichever is wider; upwards
#: _UPWARD times as far. Knuth's estimate is heavy-tailed: most runs of the probes miss the
#: rare huge walks and come out low (and with a small spread), so a plain ± 2 standard
#: errors left out the typical estimate for one run in five, and at a few hundred probes
#: ("± 23 %") repeated estimates of 8×8 from c3 spread over a factor of 5. Measured on
#: knight trees of 5×5 to 10×10 and 12-queens, 30 seeds, 20 to 3,000 probes: the range so
#: made holds the median of the repeated estimates for at least 28 seeds in 30 and about
#: 95 % of the repeated estimates themselves.
_BATCH_SPREAD = 3.0
_PROBE_SPREAD = 3.0
_UPWARD = 1.5


@dataclass(frozen=True, slots=True)
class TreeEstimate:
    """The estimated number of nodes of a whole search tree, with its spread.

    Kept as a logarithm: the tree of knight paths on 30×30 has far more than 10^308 nodes.
    ``nodes``, ``steps``, ``stderr``, ``low`` and ``high`` are plain floats for trees a
    double can count (inf beyond); the ``log10_`` figures are finite for any board.
    """

    #: log10 of the estimated number of nodes (-inf before the first probe).
    log10_nodes: float
    #: Standard error over the estimate (the probes' standard deviation over √probes,
    #: divided by their mean): finite from two probes on, inf before.
    relative_error: float
    probes: int
    #: Standard error of log10 of the estimate from the spread of the batches' means (their
    #: standard deviation over √batches); 0 when not measured, inf before two batches.
    log10_batch_error: float = 0.0

    @property
    def nodes(self) -> float:
        return _pow10(self.log10_nodes)

    @property
    def stderr(self) -> float:
        """Standard error of ``nodes`` (inf with fewer than two probes)."""
        if not math.isfinite(self.relative_error):
            return math.inf
        if self.relative_error == 0:
            return 0.0
        return self.nodes * self.relative_error

    @property
    def steps(self) -> float:
        """Steps an exhaustive search would take: every node but the root entered and left."""
        return 2.0 * max(0.0, self.nodes - 1.0)

    @property
    def log10_steps(self) -> float:
        """log10 of ``steps`` (-inf when the root has no children: no step at all)."""
        if self.log10_nodes > 15:  # nodes − 1 is nodes to every digit a double keeps
            return LOG10_2 + self.log10_nodes
        steps = self.steps
        return math.log10(steps) if steps > 0 else -math.inf

    @property
    def log10_error(self) -> float:
        """How far below the estimate its stated range reaches, in log10 (inf: unknown);
        it reaches ``_UPWARD`` times as far above."""
        if not math.isfinite(self.relative_error):
            return math.inf
        return max(
            _BATCH_SPREAD * self.log10_batch_error,
            math.log10(1.0 + _PROBE_SPREAD * self.relative_error),
        )

    @property
    def log10_low(self) -> float:
        """log10 of ``low``."""
        return max(0.0, self.log10_nodes - self.log10_error)

    @property
    def log10_high(self) -> float:
        """log10 of ``high`` (inf with fewer than two probes)."""
        return self.log10_nodes + _UPWARD * self.log10_error

    @property
    def low(self) -> float:
        """The stated range's lower end (never below one node)."""
        return _pow10(self.log10_low)

    @property
    def high(self) -> float:
        """The stated range's upper end."""
        return _pow10(self.log10_high)

    def log10_steps_range(self) -> tuple[float, float]:
        """log10 of the stated range of ``steps`` (the range of ``nodes``, as steps)."""
        if self.log10_nodes > 15:
            return LOG10_2 + self.log10_low, LOG10_2 + self.log10_high
        low, high = (2.0 * max(0.0, _pow10(x) - 1.0) for x in (self.log10_low, self.log10_high))
        return (
            math.log10(low) if low > 0 else -math.inf,
            math.log10(high) if high > 0 else -math.inf,
        )


#: One random probe: the natural logarithm of its estimate of the tree's node count (a
#: logarithm because the estimate itself overflows a double from about 20×20 on).
Probe = Callable[[random.Random], float]


class TreeEstimator:
    """Knuth's random-probe estimate, built up a batch of probes at a time (seeded).

    The probes' mean and spread are kept by Welford's method on the probes' values scaled by
    the largest so far (each probe arrives as a logarithm): a new largest value rescales the
    running figures, so nothing overflows however large the tree, and values far below the
    largest (which cannot change the mean's digits) merely underflow to zero. The probes are
    also dealt in turn to ``BATCHES`` batches, each a sum scaled by its own largest probe,
    whose means give the estimate's stated range.
    """

    def __init__(self, probe: Probe, seed: int = 0) -> None:
        self._probe = probe
        self._rng = random.Random(seed)
        self._count = 0
        #: Natural log of the scale: the running figures are in units of exp(_scale).
        self._scale = -math.inf
        self._mean = 0.0
        self._m2 = 0.0  # Welford's running sum of squared deviations
        #: Per batch: (natural log of its scale, its sum in units of that scale).
        self._batches = [(-math.inf, 0.0)] * BATCHES

    @property
    def probes(self) -> int:
        return self._count

    def run(self, probes: int) -> TreeEstimate:
        """Make ``probes`` more probes; return the estimate over all so far."""
        for _ in range(probes):
            self.add(self._probe(self._rng))
        return self.estimate()

    def add(self, log_value: float) -> None:
        """One probe's result, as the natural log of its estimate."""
        if log_value > self._scale:
            if self._count:
                shrink = math.exp(self._scale - log_value)
                self._mean *= shrink
                self._m2 *= shrink * shrink
            self._scale = log_value
        x = math.exp(log_value - self._scale)
        batch = self._count % BATCHES
        scale, total = self._batches[batch]
        if log_value > scale:
            total *= math.exp(scale - log_value) if total else 0.0
            scale = log_value
        self._batches[batch] = (scale, total + math.exp(log_value - scale))
        self._count += 1
        delta = x - self._mean
        self._mean += delta / self._count
        self._m2 += delta * (x - self._mean)

    def estimate(self) -> TreeEstimate:
        n = self._count
        if n == 0:
            return TreeEstimate(-math.inf, math.inf, 0, math.inf)
        log10_nodes = (self._scale + math.log(self._mean)) / _LN10
        if n < 2:
            return TreeEstimate(log10_nodes, math.inf, n, math.inf)
        std = math.sqrt(self._m2 / (n - 1))
        return TreeEstimate(log10_nodes, std / math.sqrt(n) / self._mean, n, self._batch_error())

    def _batch_error(self) -> float:
        """Standard error of log10 of the mean from the batches' means (inf below two)."""
        means = []
        for batch, (scale, total) in enumerate(self._batches):
            size = (self._count - batch + BATCHES - 1) // BATCHES
            if size:
                means.append((scale + math.log(total / size)) / _LN10)
        if len(means) < 2:
            return math.inf
        return statistics.stdev(means) / math.sqrt(len(means))


def children_probe(kids: Callable[[Sequence[int]], Sequence[int]], base: Sequence[int]) -> Probe:
    """Knuth's estimate of the tree below ``base`` from any ``children`` (a node's
    candidates, in any order): one random walk down, the product of the children counts
    along it."""
    start = tuple(base)

    def probe(rng: random.Random) -> float:
        path = list(start)
        walk = Walk()
        for _ in range(100_000):
            options = kids(path)
            if not options:
                break
            walk.down(len(options))
            path.append(options[rng.randrange(len(options))])
        return walk.log_nodes()

    return probe


class Walk:
    """One of Knuth's walks, added up as it goes down: the nodes it stands for, 1 + c1 +
    c1·c2 + …, scaled down past ``_HUGE`` (a deep tree's count overflows a double), so that
    its logarithm stays exact."""

    __slots__ = ("product", "shrinks", "total")

    def __init__(self) -> None:
        self.total = 1.0
        self.product = 1.0
        self.shrinks = 0

    def down(self, children: int) -> None:
        """One level down, through a node with ``children`` children."""
        self.product *= children
        self.total += self.product
        if self.total > _HUGE:
            self.total *= _SHRINK
            self.product *= _SHRINK
            self.shrinks += 1

    def log_nodes(self) -> float:
        """The natural logarithm of the walk's estimate of the node count."""
        return math.log(self.total) + self.shrinks * _LN_SHRINK


def tour_probe(
    rows: int, cols: int, start: int, path: Sequence[int] = (), shape: Shape = FULL
) -> Probe:
    """One random root-to-leaf walk in the tree of knight paths from ``start`` (or, given
    ``path``, of the subtree below that path: the search tree panel's hover).

    Children of a path are its unvisited knight moves (the tree plain backtracking and
    Warnsdorff with backtracking both search; only the order differs).
    """
    nb = Board(rows, cols, shape).neighbours(CLASSIC_ORDER)
    n = rows * cols
    walked = list(path) or [start]

    def probe(rng: random.Random) -> float:
        visited = bytearray(n)
        for sq in walked:
            visited[sq] = 1
        cur = walked[-1]
        total = 1.0
        product = 1.0
        shrinks = 0
        randrange = rng.randrange
        while True:
            children = [t for t in nb[cur] if not visited[t]]
            if not children:
                return math.log(total) + shrinks * _LN_SHRINK
            product *= len(children)
            total += product
            if total > _HUGE:
                total *= _SHRINK
                product *= _SHRINK
                shrinks += 1
            cur = children[randrange(len(children))]
            visited[cur] = 1

    return probe


def queens_probe(n: int, placed: Sequence[int] = ()) -> Probe:
    """One random walk in the N-Queens tree: a node is queens on the first k ranks, its
    children the free squares of the next rank (below ``placed``, the queens already on the
    first ranks, when given)."""
    first = [(sq % n, y) for y, sq in enumerate(placed)]

    def probe(rng: random.Random) -> float:
        cols = bytearray(n)
        up = bytearray(2 * n)
        down = bytearray(2 * n)
        for x, y in first:
            cols[x] = up[x + y] = down[x - y + n] = 1
        total = 1.0
        product = 1.0
        shrinks = 0
        for y in range(len(first), n):
            free = [x for x in range(n) if not (cols[x] or up[x + y] or down[x - y + n])]
            if not free:
                break
            product *= len(free)
            total += product
            if total > _HUGE:
                total *= _SHRINK
                product *= _SHRINK
                shrinks += 1
            x = free[rng.randrange(len(free))]
            cols[x] = up[x + y] = down[x - y + n] = 1
        return math.log(total) + shrinks * _LN_SHRINK

    return probe


def tour_levels(stack: Sequence[StackLevel]) -> Iterator[tuple[int, int]]:
    """(children, finished) per depth of a knight's-tour stack, root first (lazily).

    A level's children are its candidates not on the path above it (plain searches list
    every on-board neighbour; Warnsdorff only the free ones); finished are those among the
    candidates already taken, less the one being explored below the top.
    """
    depth_of: dict[int, int] = {}
    top = len(stack) - 1
    for d in range(len(stack)):
        level = stack[d]
        depth_of[level.square] = d
        free = [i for i, u in enumerate(level.candidates) if depth_of.get(u, d + 1) > d]
        finished = sum(1 for i in free if i < level.tried) - (1 if d < top else 0)
        yield len(free), max(0, finished)


def queens_levels(n: int, stack: Sequence[StackLevel]) -> Iterator[tuple[int, int]]:
    """(children, finished) per rank of an N-Queens stack: the free files of each rank (given
    the queens below it), and those already taken less the queen standing on it."""
    cols: set[int] = set()
    up: set[int] = set()
    down: set[int] = set()
    for y in range(len(stack)):
        level = stack[y]
        free = [
            i
            for i, sq in enumerate(level.candidates)
            if sq % n not in cols and sq % n + y not in up and sq % n - y not in down
        ]
        placed = level.square >= 0
        finished = sum(1 for i in free if i < level.tried) - (1 if placed else 0)
        yield len(free), max(0, finished)
        if placed:
            x = level.square % n
            cols.add(x)
            up.add(x + y)
            down.add(x - y)
