"""--trace: each event of a traced search as one line for scripts."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import CLASSIC_ORDER, Board, trace


def trace_line(
    board: Board, x: int, order: Sequence[tuple[int, int]] = CLASSIC_ORDER, queens: bool = False
) -> str:
    """One event of a traced stream as a line for scripts (see --trace in --help)."""
    if not trace.is_considered(x):
        if queens:
            return f"place {board.name(x)}" if x >= 0 else f"remove {board.name(~x)}"
        return f"move {board.name(x)}" if x >= 0 else f"backtrack {board.name(~x)}"
    c = trace.decode(x)
    kind = c.kind
    if kind is trace.Kind.OFF_BOARD:
        dr, dc = order[c.payload]
        return f"off-board {dr:+d},{dc:+d}"
    name = board.name(c.payload)
    if kind is trace.Kind.DEGREE:
        return f"degree {name} {c.value}"
    if kind is trace.Kind.TIE:
        return f"tie {name} {c.value}"
    return f"{kind.name.lower().replace('_', '-')} {name}"
