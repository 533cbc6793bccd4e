"""Minimum remaining values for Sudoku: fill the blank cell with the fewest candidate
digits (the first such in reading order: ``min`` keeps the first), its digits in ascending
order. This is the built-in "mrv" (without forced cells)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from knightviz.engine.puzzles.sudoku.custom import GridPosition


def describe() -> None:
    """MRV: the cell with the fewest candidates first"""


def cell(position: GridPosition, cells: tuple[int, ...]) -> int:
    return min(cells, key=position.count)


def digits(position: GridPosition, cell: int, digits: tuple[int, ...]) -> Sequence[int]:
    return digits
