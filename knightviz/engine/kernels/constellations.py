"""Typed entry points of the compiled constellation counter (``_constellations``).

Imported alone by a queens count: ``warm_up`` compiles (or loads from numba's cache) these
kernels and no other, so that the command does not pay for the engine's other kernels.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from . import _constellations


def constellations_compiled(n: int) -> list[tuple[tuple[int, int, int, int], int]]:
    """``queens_constellations.constellations``, compiled: (key, weight), ascending."""
    rows = _constellations.constellations(n).tolist()
    return [((t, b, le, r), w) for t, b, le, r, w in rows]


def below_compiled(n: int, prefix: Sequence[int], budget: int) -> tuple[int, int, int, bool]:
    """(total, eighths, nodes, finished) below ``prefix``: ``queens_constellations._below``."""
    got = _constellations.below(n, np.array(prefix, np.int64), budget)
    total, eighths, nodes, done = got
    return int(total), int(eighths), int(nodes), bool(done)


def log_nodes_compiled(n: int, prefix: Sequence[int], probes: int, seed: int) -> float:
    """Natural log of Knuth's estimate of the nodes below ``prefix`` (``probe``)."""
    return float(_constellations.probe(n, np.array(prefix, np.int64), probes, seed))


def warm_up() -> None:
    """Compile (or load from the cache) every kernel here, with the types of real runs."""
    constellations_compiled(5)
    below_compiled(5, (1, 3, 3, 1), 1 << 62)
    below_compiled(8, (1, 2, 2, 1), 1 << 62)
    log_nodes_compiled(8, (1, 2, 2, 1), 2, 0)
