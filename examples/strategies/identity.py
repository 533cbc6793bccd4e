"""The candidates in the order the search found them: the built-in plain searches.

Knight: the squares in the leaper's direction order; N-Queens: the free columns from the
left; the digit grid: the first blank cell, its digits ascending (no ``cell`` function).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from knightviz.engine.puzzles.sudoku.custom import GridPosition
    from knightviz.engine.strategies.searches import TourPosition


def describe() -> None:
    """Plain: every candidate, in the search's own order"""


def order(position: TourPosition, candidates: tuple[int, ...]) -> Sequence[int]:
    return candidates


def digits(position: GridPosition, cell: int, digits: tuple[int, ...]) -> Sequence[int]:
    return digits
