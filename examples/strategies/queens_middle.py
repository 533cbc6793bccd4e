"""N-Queens, middle columns first: a queen near the middle attacks more squares, so a
wrong one is found out sooner (or so the learner thinks: compare the steps)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from knightviz.engine.strategies.searches import QueensPosition


def describe() -> None:
    """Middle columns first"""


def order(position: QueensPosition, candidates: tuple[int, ...]) -> list[int]:
    middle = (position.n - 1) / 2
    return sorted(candidates, key=lambda column: abs(column - middle))
