"""Board geometry: square numbering, algebraic names, knight neighbour tables.

Squares are plain ints ``row * cols + col`` with row 0 the TOP row (REFERENCE.md).
Algebraic names count ranks from the bottom and files from the left, spreadsheet-style
past ``z``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

MAX_SQUARES = 4_000_000

#: The fixed move order of the classic recursive program (REFERENCE.md §1), as
#: (row offset, col offset).
CLASSIC_ORDER: tuple[tuple[int, int], ...] = tuple(
    zip((2, 1, -1, -2, -2, -1, 1, 2), (1, 2, 2, 1, -1, -2, -2, -1), strict=True)
)
#: The direction order of the non-recursive batch program (REFERENCE.md §3).
BATCH_ORDER: tuple[tuple[int, int], ...] = tuple(
    zip((2, 1, -1, -2, -2, -1, 1, 2), (-1, -2, -2, -1, 1, 2, 2, 1), strict=True)
)


class BoardError(ValueError):
    """A board size or square that cannot be used; the message says why."""


@dataclass(frozen=True, slots=True)
class Board:
    """A rows × cols board; immutable, so neighbour tables can be cached per size."""

    rows: int
    cols: int

    def __post_init__(self) -> None:
        for what, value in (("rows", self.rows), ("cols", self.cols)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise BoardError(f"{what} must be a whole number, not {value!r}")
            if value < 1:
                raise BoardError(f"{what} must be at least 1, not {value}")
        if self.rows * self.cols > MAX_SQUARES:
            raise BoardError(
                f"a {self.rows}x{self.cols} board has {self.rows * self.cols:,} squares; "
                f"the limit is {MAX_SQUARES:,}"
            )

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def square(self, row: int, col: int) -> int:
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise BoardError(f"({row}, {col}) is off the {self.rows}x{self.cols} board")
        return row * self.cols + col

    def coords(self, square: int) -> tuple[int, int]:
        return divmod(square, self.cols)

    def name(self, square: int) -> str:
        row, col = divmod(square, self.cols)
        return f"{file_name(col)}{self.rows - row}"

    def is_light(self, square: int) -> bool:
        """Corner colour: the majority colour on boards with an odd number of squares."""
        row, col = divmod(square, self.cols)
        return (row + col) % 2 == 0

    def parse(self, text: str) -> int:
        """Parse ``a8`` (algebraic) or ``0,0`` (row,col) into a square of this board."""
        return parse_square(text, self.rows, self.cols)

    def neighbours(self, order: tuple[tuple[int, int], ...] = CLASSIC_ORDER) -> NeighbourTable:
        return neighbour_table(self.rows, self.cols, order)

    def __str__(self) -> str:
        return f"{self.rows}x{self.cols}"


NeighbourTable = tuple[tuple[int, ...], ...]


@lru_cache(maxsize=4)
def neighbour_table(rows: int, cols: int, order: tuple[tuple[int, int], ...]) -> NeighbourTable:
    """Knight targets of every square, in ``order``, off-board targets left out.

    Built for boards of millions of squares: the interior (squares at least two away from
    every edge) comes from C-speed slicing and ``zip`` over one shared list of square ints,
    so no int object is created per entry; only the border squares are filtered by hand.
    """
    n = rows * cols
    pad = 2 * cols + 2
    squares: list[int | None] = list(range(n))
    padded = [None] * pad + squares + [None] * pad
    offsets = [pad + dr * cols + dc for dr, dc in order]
    table: list[tuple[int, ...]] = []
    for base in range(0, n, cols):  # row by row, to keep the temporary columns small
        columns = [padded[base + off : base + off + cols] for off in offsets]
        table.extend(zip(*columns, strict=True))
    # On boards under 5 wide every square is within two of an edge.
    border = range(n) if rows < 5 or cols < 5 else _border(rows, cols)
    for base in border:
        row, col = divmod(base, cols)
        table[base] = tuple(
            squares[base + dr * cols + dc]  # type: ignore[misc]
            for dr, dc in order
            if 0 <= row + dr < rows and 0 <= col + dc < cols
        )
    return tuple(table)


def _border(rows: int, cols: int) -> list[int]:
    out = [r * cols + c for r in (0, 1, rows - 2, rows - 1) for c in range(cols)]
    out += [r * cols + c for r in range(2, rows - 2) for c in (0, 1, cols - 2, cols - 1)]
    return out


def file_name(col: int) -> str:
    """0 → a, 25 → z, 26 → aa, 27 → ab (spreadsheet columns)."""
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("a") + rem) + letters
    return letters


def file_index(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - ord("a") + 1)
    return n - 1


_ALGEBRAIC = re.compile(r"([a-z]+)([0-9]+)")
_ROWCOL = re.compile(r"\(?\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*\)?")


def parse_square(text: str, rows: int, cols: int) -> int:
    """The square named by ``text`` on a rows × cols board; BoardError if none."""
    raw = text.strip()
    lowered = raw.lower()
    if m := _ALGEBRAIC.fullmatch(lowered):
        col = file_index(m.group(1))
        rank = int(m.group(2))
        row = rows - rank
        if not (0 <= col < cols and 1 <= rank <= rows):
            raise BoardError(f"square {raw!r} is off the {rows}x{cols} board")
        return row * cols + col
    if m := _ROWCOL.fullmatch(raw):
        row, col = int(m.group(1)), int(m.group(2))
        if not (0 <= row < rows and 0 <= col < cols):
            raise BoardError(f"square {raw!r} (row,col) is off the {rows}x{cols} board")
        return row * cols + col
    raise BoardError(f"cannot read square {raw!r}: use a name like a8 or row,col like 0,0")


def parse_size(text: str) -> tuple[int, int]:
    """``8`` → (8, 8); ``5x6`` → (5, 6). BoardError for anything else."""
    raw = text.strip().lower()
    m = re.fullmatch(r"([0-9]+)(?:\s*[x×*]\s*([0-9]+))?", raw)
    if not m:
        raise BoardError(f"cannot read board size {text!r}: use N or RxC, like 8 or 5x6")
    rows = int(m.group(1))
    cols = int(m.group(2)) if m.group(2) else rows
    Board(rows, cols)  # validates
    return rows, cols
