"""Pruning: keep only the best candidate (Warnsdorff's pick) and drop the rest.

A search that keeps fewer candidates than it is given may miss solutions: this one never
comes back to try a second square, so where the greedy walk gets stuck it reports no tour,
even when one exists. The result says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from knightviz.engine.strategies.searches import TourPosition


def describe() -> None:
    """Warnsdorff's pick only (pruning)"""


def order(position: TourPosition, candidates: tuple[int, ...]) -> list[int]:
    return sorted(candidates, key=position.degree)[:1]
