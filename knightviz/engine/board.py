"""Board geometry: square numbering, algebraic names, neighbour tables of any leaper.

Squares are plain ints ``row * cols + col`` with row 0 the TOP row (docs/reference.md).
Algebraic names count ranks from the bottom and files from the left, spreadsheet-style
past ``z``.

A board's *shape* is data of the board: the squares removed from its rectangle (holes) and
the leaper that moves on it. An (a, b)-leaper's eight moves come in the knight's classic
order with every 1 read as a and every 2 as b (``leaper_order``), so the knight's tables,
and every result on a full board, are exactly those of the classic programs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

MAX_SQUARES = 4_000_000

#: The fixed move order of the classic recursive program (docs/reference.md §1), as
#: (row offset, col offset).
CLASSIC_ORDER: tuple[tuple[int, int], ...] = tuple(
    zip((2, 1, -1, -2, -2, -1, 1, 2), (1, 2, 2, 1, -1, -2, -2, -1), strict=True)
)
#: The direction order of the non-recursive batch program (docs/reference.md §3).
BATCH_ORDER: tuple[tuple[int, int], ...] = tuple(
    zip((2, 1, -1, -2, -2, -1, 1, 2), (-1, -2, -2, -1, 1, 2, 2, 1), strict=True)
)


class BoardError(ValueError):
    """A board size or square that cannot be used; the message says why."""


Leaper = tuple[int, int]
KNIGHT: Leaper = (1, 2)
#: The named leapers (docs/reference.md, "Other leapers").
LEAPERS: dict[str, Leaper] = {"knight": KNIGHT, "camel": (1, 3), "zebra": (2, 3), "giraffe": (1, 4)}
#: The largest b of a custom (a, b)-leaper.
LEAPER_MAX = 7
#: Digits read from a number in a square, a size or a leaper: a longer one is off every
#: board anyway, and Python refuses to read thousands of digits (a traceback, not a reason).
_MAX_DIGITS = 12
#: Letters read from a square's file: more is past the widest board's last file.
_MAX_LETTERS = 6


def _number(digits: str) -> int:
    """The value of ``[+-]digits``, capped at 10**_MAX_DIGITS in size (out of every range)."""
    magnitude = digits.lstrip("+-").lstrip("0") or "0"
    value = int(magnitude) if len(magnitude) <= _MAX_DIGITS else 10**_MAX_DIGITS
    return -value if digits.startswith("-") else value


def shown(text: str) -> str:
    """``text`` quoted for an error line, cut short when long (an option can be megabytes)."""
    if len(text) <= 40:
        return repr(text)
    return f"{text[:16] + '…'!r} ({len(text):,} characters)"


def check_leaper(leaper: Leaper) -> Leaper:
    """``leaper`` if 1 <= a <= b <= 7, else BoardError saying why."""
    a, b = leaper
    if not (1 <= a <= b <= LEAPER_MAX):
        raise BoardError(f"a leaper (a, b) needs 1 <= a <= b <= {LEAPER_MAX}, not ({a}, {b})")
    return (a, b)


def leaper_name(leaper: Leaper) -> str:
    """``knight``, ``camel``, ... or ``a,b`` for a leaper without a name."""
    for name, known in LEAPERS.items():
        if known == leaper:
            return name
    return f"{leaper[0]},{leaper[1]}"


def parse_leaper(text: str) -> Leaper:
    """``camel`` or ``2,3`` into (a, b) with a <= b; BoardError for anything else."""
    raw = text.strip().lower()
    if raw in LEAPERS:
        return LEAPERS[raw]
    m = re.fullmatch(r"\(?\s*([0-9]+)\s*[, ]\s*([0-9]+)\s*\)?", raw)
    if not m:
        names = "|".join(LEAPERS)
        raise BoardError(f"cannot read leaper {shown(text)}: use {names} or A,B like 2,3")
    a, b = sorted((_number(m.group(1)), _number(m.group(2))))
    return check_leaper((a, b))


def leaper_order(order: tuple[tuple[int, int], ...], leaper: Leaper) -> tuple[tuple[int, int], ...]:
    """The knight's ``order`` scaled to an (a, b)-leaper: each offset's 1 becomes a and its
    2 becomes b, signs kept; when a == b the repeats are left out (four moves, first kept)."""
    a, b = leaper
    if (a, b) == KNIGHT:
        return order
    scale = {1: a, 2: b}
    out: list[tuple[int, int]] = []
    for dr, dc in order:
        step = (scale[abs(dr)] * (1 if dr > 0 else -1), scale[abs(dc)] * (1 if dc > 0 else -1))
        if step not in out:
            out.append(step)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Shape:
    """What a board holds besides its size: removed squares and the leaper moving on it."""

    holes: frozenset[int] = frozenset()
    leaper: Leaper = KNIGHT

    @property
    def classic(self) -> bool:
        """A full board and the knight: every known fact and layout of docs/reference.md holds."""
        return not self.holes and self.leaper == KNIGHT

    def describe(self, board: Board) -> str:
        """``knight`` / ``camel, holes d4 e5`` (for reasons and summaries)."""
        text = leaper_name(self.leaper)
        if self.holes:
            text += ", holes " + " ".join(board.name(h) for h in sorted(self.holes))
        return text


FULL = Shape()


@dataclass(frozen=True, slots=True)
class Board:
    """A rows × cols board, less its holes, with its leaper; immutable, so neighbour tables
    can be cached per shape."""

    rows: int
    cols: int
    shape: Shape = FULL

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
        check_leaper(self.shape.leaper)
        for hole in self.shape.holes:
            if not 0 <= hole < self.rows * self.cols:
                raise BoardError(f"hole {hole} is off the {self.rows}x{self.cols} board")
        if len(self.shape.holes) >= self.rows * self.cols:
            raise BoardError("a board needs at least one square that is not a hole")

    @property
    def size(self) -> int:
        """Squares of the rectangle (holes included): the range of square numbers."""
        return self.rows * self.cols

    @property
    def holes(self) -> frozenset[int]:
        return self.shape.holes

    @property
    def leaper(self) -> Leaper:
        return self.shape.leaper

    @property
    def area(self) -> int:
        """Squares a tour visits: the rectangle less its holes."""
        return self.rows * self.cols - len(self.shape.holes)

    def present(self, square: int) -> bool:
        return square not in self.shape.holes

    def order(
        self, order: tuple[tuple[int, int], ...] = CLASSIC_ORDER
    ) -> tuple[tuple[int, int], ...]:
        """``order`` (a knight's) scaled to this board's leaper."""
        return leaper_order(order, self.shape.leaper)

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
        """Targets of every square for this board's leaper, ``order`` being a knight's."""
        return neighbour_table(self.rows, self.cols, self.order(order), self.shape.holes)

    def __str__(self) -> str:
        if self.shape.holes:
            return f"{self.rows}x{self.cols} (less {len(self.shape.holes)})"
        return f"{self.rows}x{self.cols}"


NeighbourTable = tuple[tuple[int, ...], ...]


@lru_cache(maxsize=4)
def neighbour_table(
    rows: int,
    cols: int,
    order: tuple[tuple[int, int], ...],
    holes: frozenset[int] = frozenset(),
) -> NeighbourTable:
    """Targets of every square, in ``order`` (offsets of any leaper), off-board targets and
    holes left out; a hole has no targets.

    Built for boards of millions of squares: the interior (squares at least a move's reach
    away from every edge) comes from C-speed slicing and ``zip`` over one shared list of
    square ints, so no int object is created per entry; only the border squares are
    filtered by hand.
    """
    n = rows * cols
    reach = max(max(abs(dr), abs(dc)) for dr, dc in order)
    pad = reach * cols + reach
    squares: list[int | None] = list(range(n))
    padded = [None] * pad + squares + [None] * pad
    offsets = [pad + dr * cols + dc for dr, dc in order]
    table: list[tuple[int, ...]] = []
    for base in range(0, n, cols):  # row by row, to keep the temporary columns small
        columns = [padded[base + off : base + off + cols] for off in offsets]
        table.extend(zip(*columns, strict=True))
    # On boards under 2 × reach + 1 wide every square is within reach of an edge.
    small = rows <= 2 * reach or cols <= 2 * reach
    border = range(n) if small else _border(rows, cols, reach)
    for base in border:
        row, col = divmod(base, cols)
        table[base] = tuple(
            squares[base + dr * cols + dc]  # type: ignore[misc]
            for dr, dc in order
            if 0 <= row + dr < rows and 0 <= col + dc < cols
        )
    if holes:
        touched = {u for h in holes for u in table[h]}
        for sq in touched:
            table[sq] = tuple(u for u in table[sq] if u not in holes)
        for h in holes:
            table[h] = ()
    return tuple(table)


def _border(rows: int, cols: int, reach: int = 2) -> list[int]:
    edge_rows = [*range(reach), *range(rows - reach, rows)]
    out = [r * cols + c for r in edge_rows for c in range(cols)]
    edge_cols = [*range(reach), *range(cols - reach, cols)]
    out += [r * cols + c for r in range(reach, rows - reach) for c in edge_cols]
    return out


def parse_holes(text: str, rows: int, cols: int) -> frozenset[int]:
    """``d4,e5`` (or ``d4 e5``) into squares of a rows × cols board; BoardError if not."""
    names = [part for part in re.split(r"[\s,;]+", text.strip()) if part]
    if not names:
        raise BoardError("--holes needs squares, like d4,e5")
    return frozenset(parse_square(name, rows, cols) for name in names)


def parse_grid(text: str) -> tuple[int, int, frozenset[int]]:
    """A text grid (``.`` a square, ``#`` a hole, one row per line, rank 8 first as
    printed) into rows, cols and holes; BoardError naming the first bad line."""
    lines = [line.strip() for line in text.splitlines()]
    lines = [line.replace(" ", "") for line in lines if line]
    if not lines:
        raise BoardError("the board file has no rows: use '.' for a square, '#' for a hole")
    cols = len(lines[0])
    holes: set[int] = set()
    for r, line in enumerate(lines):
        if len(line) != cols:
            raise BoardError(
                f"board file line {r + 1} has {len(line)} squares, the first has {cols}"
            )
        for c, ch in enumerate(line):
            if ch == "#":
                holes.add(r * cols + c)
            elif ch != ".":
                raise BoardError(
                    f"board file line {r + 1} has {ch!r}: use '.' for a square, '#' for a hole"
                )
    rows = len(lines)
    Board(rows, cols, Shape(frozenset(holes)))  # validates
    return rows, cols, frozenset(holes)


def format_grid(board: Board) -> str:
    """The board as ``parse_grid`` reads it."""
    return "".join(
        "".join("#" if r * board.cols + c in board.holes else "." for c in range(board.cols)) + "\n"
        for r in range(board.rows)
    )


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
        letters = m.group(1)
        col = file_index(letters) if len(letters) <= _MAX_LETTERS else cols
        rank = _number(m.group(2))
        row = rows - rank
        if not (0 <= col < cols and 1 <= rank <= rows):
            raise BoardError(f"square {shown(raw)} is off the {rows}x{cols} board")
        return row * cols + col
    if m := _ROWCOL.fullmatch(raw):
        row, col = _number(m.group(1)), _number(m.group(2))
        if not (0 <= row < rows and 0 <= col < cols):
            raise BoardError(f"square {shown(raw)} (row,col) is off the {rows}x{cols} board")
        return row * cols + col
    raise BoardError(f"cannot read square {shown(raw)}: use a name like a8 or row,col like 0,0")


def parse_size(text: str) -> tuple[int, int]:
    """``8`` → (8, 8); ``5x6`` → (5, 6). BoardError for anything else."""
    raw = text.strip().lower()
    m = re.fullmatch(r"([0-9]+)(?:\s*[x×*]\s*([0-9]+))?", raw)
    if not m:
        raise BoardError(f"cannot read board size {shown(text)}: use N or RxC, like 8 or 5x6")
    rows = _number(m.group(1))
    cols = _number(m.group(2)) if m.group(2) else rows
    Board(rows, cols)  # validates
    return rows, cols
