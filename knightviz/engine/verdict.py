"""Facts known without searching: boards and starts on which no knight's tour exists.

Sources are the theorems quoted in REFERENCE.md ("Known facts"). Small boards, where the
theorems say tours exist but not from every square, carry a table of the starts that have
none; tests re-derive every entry by exhaustive search.
"""

from __future__ import annotations

from enum import Enum

from .board import Board

#: Boards (rows ≤ cols) with open tours, but not from these squares (beyond the colour
#: rule), as (row, col) on the rows × cols orientation. Re-derived by tests/engine.
_DEAD_STARTS: dict[tuple[int, int], frozenset[tuple[int, int]]] = {
    (3, 4): frozenset({(0, 1), (0, 2), (1, 1), (1, 2), (2, 1), (2, 2)}),
    (3, 7): frozenset({(1, 3)}),
    (3, 8): frozenset({(1, 2), (1, 5)}),
    (4, 5): frozenset({(r, c) for r in (1, 2) for c in range(5)}),
}


def open_tour_exists(rows: int, cols: int) -> bool:
    m, n = sorted((rows, cols))
    if m == 1:
        return n == 1
    if m == 2:
        return False
    if m == 3:
        return n == 4 or n >= 7
    if m == 4:
        return n >= 5
    return True


def closed_tour_exists(rows: int, cols: int) -> bool:
    """Schwenk (1991)."""
    m, n = sorted((rows, cols))
    if m % 2 == 1 and n % 2 == 1:
        return False
    if m in (1, 2, 4):
        return False
    return not (m == 3 and n in (4, 6, 8))


class Verdict(str, Enum):
    """Why no tour exists, as a code a front end can word in any language."""

    CLOSED_ODD = "closed_odd"  # closed tour on a board with an odd number of squares
    CLOSED_SCHWENK = "closed_schwenk"  # closed tour on a board Schwenk's theorem excludes
    NO_OPEN = "no_open"  # no open tour on this board from any square
    WRONG_COLOUR = "wrong_colour"  # odd board, start on the minority colour
    DEAD_START = "dead_start"  # small board with tours, but none from this square

    def __str__(self) -> str:
        return self.value


def verdict(board: Board, start: int, closed: bool) -> Verdict | None:
    """Which known fact rules out a tour from ``start``, or None if one may exist."""
    rows, cols = board.rows, board.cols
    if closed:
        if closed_tour_exists(rows, cols):
            return None
        m, n = sorted((rows, cols))
        return Verdict.CLOSED_ODD if m % 2 == 1 and n % 2 == 1 else Verdict.CLOSED_SCHWENK
    if not open_tour_exists(rows, cols):
        return Verdict.NO_OPEN
    if board.size % 2 == 1 and not board.is_light(start):
        return Verdict.WRONG_COLOUR
    row, col = board.coords(start)
    key = (rows, cols)
    if rows > cols:
        key, (row, col) = (cols, rows), (col, row)
    if (row, col) in _DEAD_STARTS.get(key, frozenset()):
        return Verdict.DEAD_START
    return None


def explain(code: Verdict, board: Board, start: int) -> str:
    """The verdict in English, one sentence (the command line prints this)."""
    name = board.name(start)
    return {
        Verdict.CLOSED_ODD: (
            f"No closed tour exists on a {board} board: it has an odd number of squares, "
            "and a knight alternates colours, so it cannot return to its start."
        ),
        Verdict.CLOSED_SCHWENK: f"No closed tour exists on a {board} board (Schwenk's theorem).",
        Verdict.NO_OPEN: f"No knight's tour exists on a {board} board from any square.",
        Verdict.WRONG_COLOUR: (
            f"No tour can start on {name}: this board has an odd number of squares, so a tour "
            f"must start and end on the corners' colour, and {name} is the other colour."
        ),
        Verdict.DEAD_START: f"No knight's tour on a {board} board starts on {name}.",
    }[code]


def impossibility(board: Board, start: int, closed: bool) -> str | None:
    """A one-sentence reason why no tour exists from ``start``, or None if one may exist."""
    code = verdict(board, start, closed)
    return None if code is None else explain(code, board, start)
