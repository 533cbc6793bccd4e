"""Facts known without searching: boards and starts on which no knight's tour exists.

Sources are the theorems quoted in docs/reference.md ("Known facts"). Small boards, where the
theorems say tours exist but not from every square, carry a table of the starts that have
none; tests re-derive every entry by exhaustive search.

Boards with holes and other leapers (``Shape``) get the arguments that hold for any graph:
the move graph must be connected (a leaper with a + b even keeps its colour; one with
gcd(a, b) > 1 keeps to a sub-lattice; holes can cut a board; a square can have no move);
when a + b is odd the graph is two-coloured, so a tour alternates colours and the counts
must fit; and a square with one move can only be an end of the path. Tests run the
exhaustive search on every small case to show a verdict is never contradicted.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from math import gcd

from .board import Board, leaper_name

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
    # Boards with holes and other leapers:
    SAME_COLOUR = "same_colour"  # a + b even: the leaper never leaves its colour
    SUB_LATTICE = "sub_lattice"  # gcd(a, b) > 1: it reaches only a sub-lattice
    NO_MOVES = "no_moves"  # a square with no move at all
    CUT = "cut"  # the holes (or the board's size) cut the move graph in pieces
    COLOURS_OPEN = "colours_open"  # the two colours differ by more than one
    COLOUR_START = "colour_start"  # one colour more, and the start is on the other
    COLOURS_CLOSED = "colours_closed"  # closed tour, colours not equal
    ENDS_OPEN = "ends_open"  # more than two squares with one move
    ENDS_START = "ends_start"  # two squares with one move, the start neither
    ENDS_CLOSED = "ends_closed"  # closed tour, a square with one move

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the move graph of a shaped board says before any search."""

    #: Connected pieces of the move graph (square lists), largest first.
    pieces: tuple[tuple[int, ...], ...]
    #: Squares with no move and with exactly one move.
    isolated: tuple[int, ...]
    ends: tuple[int, ...]
    #: Squares of the corners' colour and of the other, for a leaper that alternates.
    light: int
    dark: int
    alternates: bool


@lru_cache(maxsize=16)
def analyse(board: Board) -> Analysis:
    """The board's move graph: pieces, squares of degree 0 and 1, colour counts."""
    nb = board.neighbours()
    holes = board.holes
    piece_of = [-1] * board.size
    pieces: list[tuple[int, ...]] = []
    for root in range(board.size):
        if root in holes or piece_of[root] >= 0:
            continue
        piece_of[root] = len(pieces)
        found = [root]
        queue = deque([root])
        while queue:
            for u in nb[queue.popleft()]:
                if piece_of[u] < 0:
                    piece_of[u] = len(pieces)
                    found.append(u)
                    queue.append(u)
        pieces.append(tuple(sorted(found)))
    pieces.sort(key=lambda p: (-len(p), p[0]))
    present = [sq for sq in range(board.size) if sq not in holes]
    light = sum(1 for sq in present if board.is_light(sq))
    a, b = board.leaper
    return Analysis(
        tuple(pieces),
        tuple(sq for sq in present if not nb[sq]),
        tuple(sq for sq in present if len(nb[sq]) == 1),
        light,
        len(present) - light,
        (a + b) % 2 == 1,
    )


def unreachable(board: Board, start: int) -> tuple[int, ...]:
    """The squares a tour from ``start`` can never reach (other pieces of the move graph);
    on a board whose graph is in pieces and no start given (-1), all but the largest."""
    pieces = analyse(board).pieces
    if len(pieces) < 2:
        return ()
    mine = next((p for p in pieces if start in p), pieces[0])
    return tuple(sorted(sq for p in pieces if p is not mine for sq in p))


def _shaped_verdict(board: Board, start: int, closed: bool) -> Verdict | None:
    facts = analyse(board)
    a, b = board.leaper
    if len(facts.pieces) > 1:
        colours = {board.is_light(sq) for p in facts.pieces for sq in p}
        if (a + b) % 2 == 0 and len(colours) == 2:
            return Verdict.SAME_COLOUR
        g = gcd(a, b)
        cols = board.cols
        classes = {(sq // cols % g, sq % cols % g) for p in facts.pieces for sq in p}
        if g > 1 and len(classes) > 1:
            return Verdict.SUB_LATTICE
        if facts.isolated:
            return Verdict.NO_MOVES
        return Verdict.CUT
    if facts.alternates:
        more = max(facts.light, facts.dark)
        less = min(facts.light, facts.dark)
        if closed and more != less:
            return Verdict.COLOURS_CLOSED
        if not closed and more - less > 1:
            return Verdict.COLOURS_OPEN
        if not closed and more != less and board.is_light(start) != (facts.light > facts.dark):
            return Verdict.COLOUR_START
    ends = facts.ends
    if closed and ends and board.area > 2:
        return Verdict.ENDS_CLOSED
    if not closed and len(ends) > 2:
        return Verdict.ENDS_OPEN
    if not closed and len(ends) == 2 and start not in ends:
        return Verdict.ENDS_START
    return None


def verdict(board: Board, start: int, closed: bool) -> Verdict | None:
    """Which known fact rules out a tour from ``start``, or None if one may exist."""
    if not board.shape.classic:
        return _shaped_verdict(board, start, closed)
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


def marked(code: Verdict, board: Board, start: int) -> tuple[int, ...]:
    """The squares a verdict is about (to name and to mark on the board): those a tour
    from ``start`` cannot reach, the squares with no move, or those with one."""
    if code in (Verdict.SAME_COLOUR, Verdict.SUB_LATTICE, Verdict.CUT):
        return unreachable(board, start)
    if code is Verdict.NO_MOVES:
        return analyse(board).isolated
    if code in (Verdict.ENDS_OPEN, Verdict.ENDS_START, Verdict.ENDS_CLOSED):
        return analyse(board).ends
    return ()


#: Squares named in a reason at most; more are counted.
NAMED = 8


def name_squares(board: Board, squares: tuple[int, ...]) -> str:
    """``a1, c3 and 4 more``: the first ``NAMED`` squares by name."""
    names = [board.name(sq) for sq in squares[:NAMED]]
    rest = len(squares) - len(names)
    return ", ".join(names) + (f" and {rest} more" if rest else "")


def explain(code: Verdict, board: Board, start: int) -> str:
    """The verdict in English, one sentence (the command line prints this)."""
    name = board.name(start)
    if not board.shape.classic:
        return _explain_shaped(code, board, start)
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


def _explain_shaped(code: Verdict, board: Board, start: int) -> str:
    facts = analyse(board)
    a, b = board.leaper
    squares = marked(code, board, start)
    some = name_squares(board, squares)
    named = leaper_name(board.leaper)
    piece = f"({a}, {b})-leaper" if "," in named else f"{named} ({a}, {b})"
    more, less = max(facts.light, facts.dark), min(facts.light, facts.dark)
    return {
        Verdict.SAME_COLOUR: (
            f"No tour: each move of a {piece} changes row + column by {a} + {b} = {a + b}, "
            f"an even number, so it never leaves its colour; from {board.name(start)} it "
            f"cannot reach {some}."
        ),
        Verdict.SUB_LATTICE: (
            f"No tour: a {piece} moves by multiples of gcd({a}, {b}) = {gcd(a, b)}, so it "
            f"reaches only one sub-lattice; from {board.name(start)} it cannot reach {some}."
        ),
        Verdict.NO_MOVES: (
            f"No tour: {some} {'has' if len(squares) == 1 else 'have'} no move at all "
            "on this board."
        ),
        Verdict.CUT: (
            f"No tour: the moves fall apart into {len(facts.pieces)} pieces"
            f"{' (the holes cut the board)' if board.holes else ''}; "
            f"from {board.name(start)} the {piece} cannot reach {some}."
        ),
        Verdict.COLOURS_OPEN: (
            f"No tour: a {piece} alternates colours, so a tour's colours differ by at most "
            f"one, but this board has {more} squares of one colour and {less} of the other."
        ),
        Verdict.COLOUR_START: (
            f"No tour can start on {board.name(start)}: the {piece} alternates colours and "
            f"this board has one square more of the other colour ({more} to {less}), "
            "so a tour must start and end on that colour."
        ),
        Verdict.COLOURS_CLOSED: (
            f"No closed tour: a {piece} alternates colours, so a closed tour needs as many "
            f"squares of each colour, but this board has {more} and {less}."
        ),
        Verdict.ENDS_OPEN: (
            f"No tour: {len(squares)} squares ({some}) have one move each, and each can only "
            "be an end of the tour, which has two."
        ),
        Verdict.ENDS_START: (
            f"No tour can start on {board.name(start)}: {some} have one move each, so they "
            "must be the tour's two ends."
        ),
        Verdict.ENDS_CLOSED: (
            f"No closed tour: {some} {'has' if len(squares) == 1 else 'have'} only one move, "
            "and a closed tour enters and leaves every square."
        ),
    }.get(code, f"No tour ({code}).")
