"""What a run will take, said before it starts (the window's first minute).

A newcomer who drags the knight to c3 and runs plain backtracking waits forever: about 10¹³
steps. The forecast tells it before Start, from three sources, best first:

- a **trial**: the search itself, run quietly for a fraction of a second; if it ends, the
  exact steps are known (Warnsdorff from anywhere on 8×8: 63);
- a **known figure**: plain backtracking on 8×8 from each square, measured (docs/reference.md);
- **Knuth's estimate** of the whole tree (an upper bound for a first-solution search).

and names the nearest start squares from which the same search ends quickly (``nearest``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from time import perf_counter

from .events import Search

#: Plain backtracking (the classic move order, an open tour) on 8×8: steps to the first
#: tour from each start, row 8 at the top (docs/reference.md, measured with a C program). ``>``:
#: more than 3 × 10⁹.
_PLAIN_8X8 = """
16.5M >     >     118.9M >     >     >     54.5M
>     >     >     >      >     >     >     >
>     >     >     >      >     >     70.3M >
>     >     4.5M  >      >     807.6M 2.08G >
18.3M >     217.0M >     >     23.6M >     >
>     >     >     >      >     >     >     >
>     >     >     >      >     >     >     >
6.5M  1.24G >     39.0M  28.6M >     >     503.7M
"""
#: What ``>`` in the table means: no tour within this many steps.
KNOWN_BEYOND = 3e9
_SCALE = {"M": 1e6, "G": 1e9}


def _parse(table: str) -> dict[int, float | None]:
    out: dict[int, float | None] = {}
    cells = table.split()
    assert len(cells) == 64
    for square, cell in enumerate(cells):
        out[square] = None if cell == ">" else float(cell[:-1]) * _SCALE[cell[-1]]
    return out


#: Square (row-major from a8) → steps (rounded as published), None beyond ``KNOWN_BEYOND``.
PLAIN_8X8: dict[int, float | None] = _parse(_PLAIN_8X8)


def known_plain(rows: int, cols: int, start: int) -> tuple[bool, float | None]:
    """(known, steps) of plain backtracking from ``start``: known only on 8×8, where steps
    is the published figure or None for more than ``KNOWN_BEYOND``."""
    if (rows, cols) != (8, 8):
        return False, None
    return True, PLAIN_8X8[start]


@dataclass(frozen=True, slots=True)
class Trial:
    """The search run quietly for a moment."""

    finished: bool
    steps: int
    seconds: float
    backend: str

    @property
    def rate(self) -> float:
        """Steps per second at full speed on this backend (0 when too short to tell)."""
        return self.steps / self.seconds if self.seconds > 0 and self.steps >= 1000 else 0.0


def trial(
    search: Search,
    seconds: float,
    stop: Callable[[], bool] = lambda: False,
    chunk: int = 1 << 14,
) -> Trial:
    """Run ``search`` quietly until it ends or ``seconds`` have passed (or ``stop``)."""
    t0 = perf_counter()
    finished = False
    while not stop():
        if search.advance_quiet(chunk) == 0:
            finished = search.result is not None
            break
        if perf_counter() - t0 >= seconds:
            break
        chunk = min(chunk * 2, 1 << 22)
    steps = search.moves + search.backtracks
    return Trial(finished, steps, perf_counter() - t0, search.backend)


@dataclass(frozen=True, slots=True)
class Forecast:
    """Everything known about a run before it starts."""

    trial: Trial
    #: The published figure when there is one (8×8 plain): (known, steps or None beyond).
    known: tuple[bool, float | None] = (False, None)
    #: log10 of Knuth's estimate of the whole tree's steps (None: not estimated).
    tree_log10: float | None = None
    #: Squares from which the same search ends within ``quick_cap`` steps → its steps.
    quick: Mapping[int, float] = field(default_factory=dict)
    #: The step cap of the squares tried (0: not tried yet; the quick squares unknown).
    quick_cap: float = 0.0

    @property
    def steps(self) -> float | None:
        """The run's steps when known (exactly, or as published), else None."""
        if self.trial.finished:
            return float(self.trial.steps)
        known, steps = self.known
        return steps if known else None

    @property
    def at_least(self) -> float:
        """A lower bound of the run's steps."""
        known, steps = self.known
        bound = float(self.trial.steps)
        if known and steps is None:
            bound = max(bound, KNOWN_BEYOND)
        return bound


def nearest(
    rows: int, cols: int, start: int, quick: Mapping[int, float], count: int = 3
) -> list[tuple[int, float]]:
    """Up to ``count`` squares of ``quick`` nearest to ``start`` (by distance on the board,
    then fewest steps), ``start`` itself left out."""

    def key(item: tuple[int, float]) -> tuple[float, float]:
        square, steps = item
        dr, dc = square // cols - start // cols, square % cols - start % cols
        return (math.hypot(dr, dc), steps)

    others = [(sq, steps) for sq, steps in quick.items() if sq != start and 0 <= sq < rows * cols]
    return sorted(others, key=key)[:count]
