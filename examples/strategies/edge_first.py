"""A learner's idea: try the squares nearest the edge of the board first.

Squares near the edge have few ways in or out, so visit them before they are cut off.
Compare it with Warnsdorff's rule, which counts those ways exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from knightviz.engine.strategies.searches import TourPosition


def describe() -> None:
    """Nearest the edge first"""


def order(position: TourPosition, candidates: tuple[int, ...]) -> list[int]:
    def to_edge(square: int) -> int:
        r, c = position.row(square), position.col(square)
        return min(r, c, position.rows - 1 - r, position.cols - 1 - c)

    return sorted(candidates, key=to_edge)
