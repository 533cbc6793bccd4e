"""One presenter per puzzle: settings and their widget, words, painters, over the engine's
puzzle spec.

The window knows the puzzles only through ``make_puzzles`` and the ``Puzzle`` interface:
``make_puzzles`` finds every module of this package that defines ``PRESENTER`` (a
``Puzzle`` subclass), so no module lists the puzzles, and none outside this package imports
a concrete presenter (an import contract checks it).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from PySide6.QtCore import QObject

from knightviz.gui.puzzles.base import Puzzle


@cache
def presenter_types() -> tuple[type[Puzzle[Any]], ...]:
    """Every presenter class, in the order the puzzle selector lists them."""
    found: list[type[Puzzle[Any]]] = []
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        kind = getattr(module, "PRESENTER", None)
        if isinstance(kind, type) and issubclass(kind, Puzzle):
            found.append(kind)
    found.sort(key=lambda k: (k.order, k.key))
    return tuple(found)


def make_puzzles(parent: QObject | None = None) -> dict[str, Puzzle[Any]]:
    """Every puzzle's presenter by key, in the order the puzzle selector lists them."""
    puzzles = [kind(parent) for kind in presenter_types()]
    return {p.key: p for p in puzzles}
