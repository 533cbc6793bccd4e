"""The "considered" events: what a search examined between two steps, and why it passed it by.

A search can, on request (``search.trace = True``), put extra events into its stream that
are not steps: a candidate examined and rejected (off the board, already visited, or for
N-Queens which constraint holds its square), each Warnsdorff candidate's onward degree as a
level orders them, and the tie-break decision when several share the lowest degree. Counts
of moves, backtracks and steps never change, and with tracing off the stream is exactly the
untraced one. They let a code panel follow the algorithm line by line and a narration say
why the search backtracks.

Encoding (one int, like every event): moves are ``x >= 0`` (below ``TRACE``), backtracks
``~x``, considered events ``TRACE | kind << 26 | value << 22 | payload``: ``payload`` is a
square (or, off the board, the direction index 0 to 7 of the move), ``value`` a small number
(a degree, how many tied).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

TRACE = 1 << 30
_PAYLOAD = (1 << 22) - 1
_VALUE = 0xF


class Kind(IntEnum):
    """What a considered event says."""

    OFF_BOARD = 1  # the move in direction ``payload`` leaves the board
    VISITED = 2  # the candidate square is already on the path
    DEGREE = 3  # Warnsdorff: the candidate square has onward degree ``value``
    TIE = 4  # Warnsdorff: ``value`` candidates share the lowest degree; the rule took ``payload``
    COLUMN = 5  # N-Queens: the square's column is taken
    ASCENDING = 6  # N-Queens: its diagonal x + y is taken
    DESCENDING = 7  # N-Queens: its diagonal x - y is taken


@dataclass(frozen=True, slots=True)
class Considered:
    kind: Kind
    payload: int
    value: int = 0


def encode(kind: Kind, payload: int, value: int = 0) -> int:
    return TRACE | (int(kind) << 26) | ((value & _VALUE) << 22) | (payload & _PAYLOAD)


def is_considered(x: int) -> bool:
    return x >= TRACE


def decode(x: int) -> Considered:
    return Considered(Kind((x >> 26) & 0xF), x & _PAYLOAD, (x >> 22) & _VALUE)


def steps_only(events: list[int]) -> list[int]:
    """The stream without considered events: exactly what an untraced search emits."""
    return [x for x in events if x < TRACE]
