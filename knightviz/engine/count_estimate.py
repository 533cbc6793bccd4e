"""Knuth's estimate of the trees the counters search (pure Python; ``kernels/_count`` has
the compiled probes), in log space so that a tree of 10^400 nodes is still a number.

The tree is the *pruned* one: a node's children are the moves (or queens) the counter's
rules keep, so the estimate is of the work ``count_below`` would do below a prefix. One
probe walks from the prefix to a leaf taking a child at random; with c_i the children met at
depth i, c_0 + c_0·c_1 + … estimates the nodes below (Knuth, 1975). The mean of the probes
is unbiased, but heavy-tailed: a few probes give the order of magnitude, which is what a
"this will take about …" needs.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from .board import FULL, Shape
from .count import _Walker
from .queens_count import _state
from .queens_rules import Rules


def _log_add(a: float, b: float) -> float:
    if a == -math.inf:
        return b
    if b == -math.inf:
        return a
    if a < b:
        a, b = b, a
    return a + math.log1p(math.exp(b - a))


def _log_mean(logs: Sequence[float]) -> float:
    total = -math.inf
    for x in logs:
        total = _log_add(total, x)
    return total - math.log(len(logs)) if logs else -math.inf


def tour_log_nodes(
    rows: int,
    cols: int,
    path: Sequence[int],
    closed: bool,
    probes: int = 16,
    seed: int = 0,
    shape: Shape = FULL,
    walker: _Walker | None = None,
) -> float:
    """Natural log of the estimated nodes below ``path`` in the tour count's tree.

    ``walker`` (one of the same board and rules, anywhere) is reused: each probe walks from
    ``path`` and back, so a probe costs its own walk, not the board's area."""
    rng = random.Random(seed)
    logs = []
    if walker is None:
        walker = _Walker(rows, cols, path, closed, shape)
    for _ in range(max(1, probes)):
        walker.reset(path)
        total = -math.inf
        product = 0.0
        while True:
            kids = walker.children()
            if not kids:
                break
            product += math.log(len(kids))
            total = _log_add(total, product)
            sq, complete = kids[rng.randrange(len(kids))]
            if complete:
                break
            walker.enter(sq)
            walker.path.append(sq)
        logs.append(total)
    return _log_mean(logs)


def queens_log_nodes(n: int, prefix: Sequence[int], probes: int = 16, seed: int = 0) -> float:
    """Natural log of the estimated nodes below ``prefix`` in the N-Queens count's tree."""
    rng = random.Random(seed)
    rules = Rules(n, prefix)
    full = rules.full
    logs = []
    for _ in range(max(1, probes)):
        cols, left, right = _state(n, prefix)
        total = -math.inf
        product = 0.0
        for y in range(len(prefix), n):
            free = rules.allowed(y, full & ~(cols | left | right), cols)
            if not free:
                break
            files = [x for x in range(n) if free >> x & 1]
            product += math.log(len(files))
            total = _log_add(total, product)
            b = 1 << files[rng.randrange(len(files))]
            cols |= b
            left = ((left | b) << 1) & full
            right = (right | b) >> 1
        logs.append(total)
    return _log_mean(logs)


def queens_plain_log_nodes(n: int, probes: int = 200, seed: int = 0) -> float:
    """Natural log of the estimated nodes of the whole N-Queens tree (no symmetry): the
    search that lists every solution."""
    rng = random.Random(seed)
    logs = []
    for _ in range(max(1, probes)):
        taken: set[int] = set()
        up: set[int] = set()
        down: set[int] = set()
        total = 0.0  # the root
        product = 0.0
        for y in range(n):
            files = [
                x for x in range(n) if x not in taken and x + y not in up and x - y not in down
            ]
            if not files:
                break
            product += math.log(len(files))
            total = _log_add(total, product)
            x = files[rng.randrange(len(files))]
            taken.add(x)
            up.add(x + y)
            down.add(x - y)
        logs.append(total)
    return _log_mean(logs)
