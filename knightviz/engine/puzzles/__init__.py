"""Every puzzle's spec, found by looking: each module of this package that defines ``SPEC``.

Nothing here (or anywhere outside a puzzle's own modules) lists the puzzles, so adding one
is adding its module.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from knightviz.engine.kernels.loading import register_warm_up
from knightviz.engine.puzzles.spec import (
    CommandSpec,
    ProblemError,
    PuzzleSpec,
    Verdict,
)

__all__ = ["CommandSpec", "ProblemError", "PuzzleSpec", "Verdict", "spec", "specs"]


@cache
def specs() -> dict[str, PuzzleSpec[Any]]:
    """Every spec by key, in the order the puzzle selector lists them."""
    found: list[PuzzleSpec[Any]] = []
    for info in pkgutil.iter_modules(__path__):
        if info.name == "spec" or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        one = getattr(module, "SPEC", None)
        if isinstance(one, PuzzleSpec):
            found.append(one)
    found.sort(key=lambda s: (s.order, s.key))
    for one in found:  # a puzzle's own compiled loops load with the engine's
        register_warm_up(one.warm_up)
    return {s.key: s for s in found}


def spec(key: str) -> PuzzleSpec[Any]:
    """The spec of puzzle ``key`` (KeyError naming the known ones)."""
    table = specs()
    if key not in table:
        raise KeyError(f"no puzzle {key!r} (known: {', '.join(table)})")
    return table[key]
