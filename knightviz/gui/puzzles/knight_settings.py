"""The knight's tour settings: what the user chose, and the board they make."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from knightviz.engine import (
    Board,
    TieBreak,
)
from knightviz.engine.board import (
    KNIGHT,
    BoardError,
    Shape,
    parse_leaper,
)

MAX_SEED = 999_999
#: A run that has taken this many times the board's squares in steps "looks hung".
SLOW_FACTOR = 4
#: …but never before this many steps (small boards backtrack a little, harmlessly).
SLOW_MIN = 2_000


@dataclass(frozen=True, slots=True)
class KnightSettings:
    """Everything the user chose for a knight's tour run except the start and the speed."""

    rows: int = 8
    cols: int = 8
    #: On by default: a newcomer who just presses Start sees a whole tour in seconds.
    warnsdorff: bool = True
    tie_break: str = TieBreak.FIRST.value
    seed: int = 0
    backtrack: bool = True
    closed: bool = False
    #: The third strategy: build the tour by Parberry's construction, no search.
    construct: bool = False
    #: Removed squares, as square numbers (row * cols + col) joined by commas: a string, so
    #: the history, the settings and the run files keep it as they keep every field.
    holes: str = ""
    #: The piece: ``knight``, ``camel``, ``zebra``, ``giraffe`` or ``a,b``.
    leaper: str = "knight"
    #: The learner's own strategy (the editor's text, taken when Start is pressed) orders
    #: the moves instead of the built-in rule.
    own: bool = False
    own_source: str = ""
    own_name: str = ""

    @property
    def shape(self) -> Shape:
        return _shape(self.holes, self.leaper, self.rows * self.cols)


def _shape(holes: str, leaper: str, size: int) -> Shape:
    squares = frozenset(int(x) for x in holes.split(",") if x.strip().isdigit())
    squares = frozenset(sq for sq in squares if sq < size)
    if len(squares) >= size:
        squares = frozenset()
    try:
        piece = parse_leaper(leaper)
    except BoardError:
        piece = KNIGHT
    return Shape(squares, piece)


def board_of(settings: KnightSettings) -> Board:
    """The settings' board: size, holes and piece."""
    return Board(settings.rows, settings.cols, settings.shape)


def holes_text(squares: Sequence[int] | frozenset[int]) -> str:
    return ",".join(str(sq) for sq in sorted(squares))


#: The choices of the Piece box (item data), the custom (a, b) last.
PIECES = ("knight", "camel", "zebra", "giraffe", "custom")


#: The text layouts of ``knightviz solve --format`` a run can be exported in.
TEXT_FORMATS = ("c", "py", "matrix", "sequence", "algebraic")
