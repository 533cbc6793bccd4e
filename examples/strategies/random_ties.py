"""Warnsdorff's rule with random tie-breaks: each run's seed gives another order.

``position.random`` is a ``random.Random`` seeded per run, so a run can be repeated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from knightviz.engine.strategies.searches import TourPosition


def describe() -> None:
    """Warnsdorff, random tie-break"""


def order(position: TourPosition, candidates: tuple[int, ...]) -> list[int]:
    shuffled = list(candidates)
    position.random.shuffle(shuffled)
    return sorted(shuffled, key=position.degree)
