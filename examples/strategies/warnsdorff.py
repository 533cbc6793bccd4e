"""Warnsdorff's rule (1823): go where the fewest onward moves are left.

Ties go to the first candidate in the search's order (Python's sort keeps it), which is
the built-in "warnsdorff" with tie-break "first".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from knightviz.engine.strategies.searches import TourPosition


def describe() -> None:
    """Warnsdorff's rule: fewest onward moves first"""


def order(position: TourPosition, candidates: tuple[int, ...]) -> list[int]:
    return sorted(candidates, key=position.degree)
