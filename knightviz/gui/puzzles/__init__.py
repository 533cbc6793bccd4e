"""One adapter per puzzle: settings and their widget, searches, verdicts, words, painters.

The window knows the puzzles only through ``make_puzzles`` and the ``Puzzle`` interface: no
module outside this package imports a concrete adapter (an import contract checks it).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from knightviz.gui.puzzles.base import Puzzle
from knightviz.gui.puzzles.knight import KnightPuzzle
from knightviz.gui.puzzles.queens import QueensPuzzle


def make_puzzles(parent: QObject | None = None) -> dict[str, Puzzle[Any]]:
    """Every puzzle's adapter by key, in the order the puzzle selector lists them."""
    puzzles: list[Puzzle[Any]] = [KnightPuzzle(parent), QueensPuzzle(parent)]
    return {p.key: p for p in puzzles}
