"""Warnsdorff's rule with Roth's tie-break: among squares with the fewest onward moves,
the one farthest from the centre of the board first (the built-in tie-break "roth")."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from knightviz.engine.strategies.searches import TourPosition


def describe() -> None:
    """Warnsdorff, ties to the square farthest from the centre (Roth)"""


def order(position: TourPosition, candidates: tuple[int, ...]) -> list[int]:
    rows, cols = position.rows, position.cols

    def far(square: int) -> int:
        # Squared distance from the centre, doubled to stay in whole numbers.
        dr = 2 * position.row(square) - (rows - 1)
        dc = 2 * position.col(square) - (cols - 1)
        return dr * dr + dc * dc

    return sorted(candidates, key=lambda s: (position.degree(s), -far(s)))
