"""Typed entry points of the compiled constellation counter (``_constellations``).

Imported alone by a queens count: ``warm_up`` compiles (or loads from numba's cache) these
kernels and no other, so that the command does not pay for the engine's other kernels. When
the part runs from its library built ahead of time (``native``), the functions here call it
and neither numba nor numpy is imported.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import native

PART = "queens-count"


def constellations_compiled(n: int) -> list[tuple[tuple[int, int, int, int], int]]:
    """``queens_constellations.constellations``, compiled: (key, weight), ascending."""
    if native.loaded(PART):
        return native.queens_constellations(n)
    from . import _constellations

    rows = _constellations.constellations(n).tolist()
    return [((t, b, le, r), w) for t, b, le, r, w in rows]


def below_compiled(n: int, prefix: Sequence[int], budget: int) -> tuple[int, int, int, bool]:
    """(total, eighths, nodes, finished) below ``prefix``: ``queens_constellations._below``."""
    if native.loaded(PART):
        return native.queens_below(n, prefix, budget)
    import numpy as np

    from . import _constellations

    got = _constellations.below(n, np.array(prefix, np.int64), budget)
    total, eighths, nodes, done = got
    return int(total), int(eighths), int(nodes), bool(done)


def log_nodes_compiled(n: int, prefix: Sequence[int], probes: int, seed: int) -> float:
    """Natural log of Knuth's estimate of the nodes below ``prefix`` (``probe``)."""
    if native.loaded(PART):
        return native.queens_log_nodes(n, prefix, probes, seed)
    import numpy as np

    from . import _constellations

    return float(_constellations.probe(n, np.array(prefix, np.int64), probes, seed))


def warm_up() -> None:
    """Compile (or load from the cache) every kernel here with the types of real runs,
    through numba whether or not the library is loaded (``native.build`` compiles from
    them)."""
    import numpy as np

    from . import _constellations as k

    k.constellations(5)
    k.below(5, np.array((1, 3, 3, 1), np.int64), 1 << 62)
    k.below(8, np.array((1, 2, 2, 1), np.int64), 1 << 62)
    k.probe(8, np.array((1, 2, 2, 1), np.int64), 2, 0)
