"""A Sudoku problem, its units, its candidates and what singles make of it.

Everything here is derived state: given the givens and the placement events on a search's
path, ``propagate`` says which cells the forced fills hold, ``grid`` the whole grid and
``verdict`` why no solution can exist, with no search. The window paints from these, so
the searches and the painting cannot disagree on what a path means.

Digits are kept as bitmasks where speed matters: bit ``d - 1`` stands for digit ``d``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from knightviz.engine.puzzles.spec import ProblemError, Verdict

#: The sizes and their boxes (rows × columns of a box).
BOXES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4)}
#: How a digit is written: index = digit (0: blank).
DIGITS = ".123456789ABCDEFG"
BLANKS = ".0"
#: Read past, with white space: the lines of the ``grid`` layout, so it reads back.
SEPARATORS = "|+-"


@dataclass(frozen=True, slots=True)
class SudokuProblem:
    """A grid of N×N cells (row by row, 0: blank) with boxes of box_rows × box_cols."""

    n: int
    box_rows: int
    box_cols: int
    cells: tuple[int, ...]

    @property
    def givens(self) -> int:
        return sum(1 for d in self.cells if d)

    @property
    def blanks(self) -> int:
        return len(self.cells) - self.givens


@dataclass(frozen=True, slots=True)
class Geometry:
    """Per size, each cell's row, column and box (0-based), and the cells of each unit."""

    n: int
    row: tuple[int, ...]
    col: tuple[int, ...]
    box: tuple[int, ...]
    #: Units in verdict order: rows, columns, boxes; each the cells in reading order.
    rows: tuple[tuple[int, ...], ...]
    cols: tuple[tuple[int, ...], ...]
    boxes: tuple[tuple[int, ...], ...]

    @property
    def full(self) -> int:
        """Every digit's bit."""
        return (1 << self.n) - 1


@cache
def geometry(n: int) -> Geometry:
    box_rows, box_cols = BOXES[n]
    cells = range(n * n)
    row = tuple(c // n for c in cells)
    col = tuple(c % n for c in cells)
    box = tuple((row[c] // box_rows) * (n // box_cols) + col[c] // box_cols for c in cells)
    units = (
        tuple(tuple(c for c in cells if key[c] == u) for u in range(n)) for key in (row, col, box)
    )
    rows, cols, boxes = units
    return Geometry(n, row, col, box, rows, cols, boxes)


def empty(n: int) -> SudokuProblem:
    """The blank grid of size ``n``."""
    box_rows, box_cols = BOXES[n]
    return SudokuProblem(n, box_rows, box_cols, (0,) * (n * n))


def parse(text: str, size: int | None = None) -> SudokuProblem:
    """A problem from its N² characters (``.`` or ``0`` blank, ``1`` to ``9``, ``A`` to ``G``);
    white space and ``|``, ``+``, ``-`` are ignored, so a grid may be written over several
    lines with its boxes drawn (the ``grid`` layout reads back). ProblemError with the
    1-based column of the first character that cannot be read."""
    if size is not None and size not in BOXES:
        raise ProblemError(f"a sudoku is 4×4, 6×6, 9×9 or 16×16, not {size}×{size}")
    found: list[tuple[int, int]] = []  # (value, column)
    for column, ch in enumerate(text, start=1):
        if ch.isspace() or ch in SEPARATORS:
            continue
        if ch in BLANKS:
            found.append((0, column))
            continue
        value = DIGITS.find(ch.upper())
        if value <= 0:
            raise ProblemError(f"{ch!r} is no digit: write 1-9, A-G or . for a blank", column)
        found.append((value, column))
    n = size
    if n is None:
        by_cells = {k * k: k for k in BOXES}
        n = by_cells.get(len(found))
        if n is None:
            raise ProblemError(
                f"a sudoku has 16, 36, 81 or 256 cells (4×4, 6×6, 9×9, 16×16), not {len(found)}"
            )
    if len(found) != n * n:
        if len(found) > n * n:
            raise ProblemError(f"too many cells: a {n}×{n} sudoku has {n * n}", found[n * n][1])
        raise ProblemError(f"only {len(found)} cells: a {n}×{n} sudoku has {n * n}")
    for value, column in found:
        if value > n:
            raise ProblemError(
                f"{DIGITS[value]} is too large for a {n}×{n} sudoku (digits 1-{n})", column
            )
    box_rows, box_cols = BOXES[n]
    return SudokuProblem(n, box_rows, box_cols, tuple(v for v, _ in found))


def text(problem: SudokuProblem) -> str:
    """The problem as ``parse`` reads it back: N² characters, ``.`` for a blank."""
    return "".join(DIGITS[d] for d in problem.cells)


def digit_text(d: int) -> str:
    """How digit ``d`` is written (``A`` for 10 …)."""
    return DIGITS[d]


def cell_name(n: int, cell: int) -> str:
    """``r3c5``: row 3, column 5, both 1-based."""
    return f"r{cell // n + 1}c{cell % n + 1}"


def describe(problem: SudokuProblem) -> str:
    n = problem.n
    givens = problem.givens
    return f"{n}×{n} sudoku, {givens} given{'' if givens == 1 else 's'}"


# -- events ----------------------------------------------------------------------------------


def event(n: int, cell: int, digit: int) -> int:
    """The placement of ``digit`` in ``cell``."""
    return (digit - 1) * n * n + cell


def event_cell(n: int, x: int) -> int:
    return x % (n * n)


def event_digit(n: int, x: int) -> int:
    return x // (n * n) + 1


# -- candidates and forced fills ----------------------------------------------------------------


class Board:
    """A grid with its row, column and box masks: placing and clearing keep them in step.

    The searches keep the same state in flat lists (see ``SudokuSearch``); this class is
    the readable version for replays, verdicts and painting.
    """

    def __init__(self, problem: SudokuProblem) -> None:
        n = problem.n
        self.n = n
        self.geo = geometry(n)
        self.grid = [0] * (n * n)
        self.rows = [0] * n
        self.cols = [0] * n
        self.boxes = [0] * n
        #: The givens clash (two equal digits in one unit).
        self.clash = False
        for c, d in enumerate(problem.cells):
            if d:
                bit = 1 << (d - 1)
                g = self.geo
                if (self.rows[g.row[c]] | self.cols[g.col[c]] | self.boxes[g.box[c]]) & bit:
                    self.clash = True
                self.put(c, d)

    def put(self, cell: int, digit: int) -> None:
        g = self.geo
        bit = 1 << (digit - 1)
        self.grid[cell] = digit
        self.rows[g.row[cell]] |= bit
        self.cols[g.col[cell]] |= bit
        self.boxes[g.box[cell]] |= bit

    def clear(self, cell: int) -> None:
        g = self.geo
        bit = 1 << (self.grid[cell] - 1)
        self.grid[cell] = 0
        self.rows[g.row[cell]] &= ~bit
        self.cols[g.col[cell]] &= ~bit
        self.boxes[g.box[cell]] &= ~bit

    def mask(self, cell: int) -> int:
        """The candidates of a blank cell, as a bitmask."""
        g = self.geo
        return g.full & ~(self.rows[g.row[cell]] | self.cols[g.col[cell]] | self.boxes[g.box[cell]])

    def candidates(self, cell: int) -> tuple[int, ...]:
        """The candidate digits of a blank cell, ascending."""
        return digits(self.mask(cell))

    def singles(self, trail: list[int]) -> int:
        """Fill forced cells until none is left (cells appended to ``trail`` in filling
        order); the first blank cell with no candidate, or -1. The rule of the shared
        definition: sweep the blanks in reading order, fill the first with one candidate,
        sweep again from the start; a blank with none is a contradiction."""
        grid = self.grid
        size = len(grid)
        while True:
            for c in range(size):
                if grid[c]:
                    continue
                m = self.mask(c)
                if not m:
                    return c
                if not m & (m - 1):
                    self.put(c, m.bit_length())
                    trail.append(c)
                    break
            else:
                return -1


def digits(mask: int) -> tuple[int, ...]:
    """The digits of a bitmask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Propagation:
    """The grid after the givens and a path's placements, with the forced fills."""

    grid: tuple[int, ...]
    #: Cells filled by singles, in filling order (givens' fills first).
    forced: tuple[int, ...]
    #: A blank cell left with no candidate by the last placement's fills, or -1.
    contradiction: int


def propagate(
    problem: SudokuProblem, path: Sequence[int] = (), singles: bool = True
) -> Propagation:
    """What the givens and ``path``'s placements force: fills after the givens and after each
    placement, as the search makes them (none when ``singles`` is off)."""
    board = Board(problem)
    trail: list[int] = []
    bad = board.singles(trail) if singles and not board.clash else -1
    n = problem.n
    for x in path:
        board.put(event_cell(n, x), event_digit(n, x))
        if singles:
            bad = board.singles(trail)
    return Propagation(tuple(board.grid), tuple(trail), bad)


def grid(problem: SudokuProblem, path: Sequence[int], singles: bool = False) -> tuple[int, ...]:
    """The whole grid after ``path`` (a solution as the engine reports it): givens,
    placements and, with ``singles``, the forced fills."""
    return propagate(problem, path, singles).grid


# -- verdicts ------------------------------------------------------------------------------------

UNITS = ("row", "column", "box")


def verdict(problem: SudokuProblem) -> Verdict | None:
    """Two equal digits in a unit (rows, then columns, then boxes, each in order), or the
    first blank cell in reading order with no candidate; None when neither is there."""
    n = problem.n
    geo = geometry(n)
    cells = problem.cells
    for unit, groups in zip(UNITS, (geo.rows, geo.cols, geo.boxes), strict=True):
        for index, group in enumerate(groups, start=1):
            seen: dict[int, int] = {}
            for c in group:
                d = cells[c]
                if not d:
                    continue
                if d in seen:
                    return Verdict(
                        f"two {DIGITS[d]}s in {unit} {index}",
                        (seen[d], c),
                        "duplicate",
                        {"digit": d, "unit": unit, "index": index},
                    )
                seen[d] = c
    board = Board(problem)
    for c, d in enumerate(cells):
        if not d and not board.mask(c):
            return Verdict(
                f"{cell_name(n, c)} has no candidate",
                (c,),
                "no-candidate",
                {"cell": c, "row": c // n + 1, "column": c % n + 1},
            )
    return None


def valid_solution(problem: SudokuProblem, full: Sequence[int]) -> bool:
    """``full`` keeps the givens and holds every digit once in every unit."""
    n = problem.n
    geo = geometry(n)
    if len(full) != n * n or any(g and g != f for g, f in zip(problem.cells, full, strict=True)):
        return False
    want = set(range(1, n + 1))
    return all(
        {full[c] for c in group} == want
        for groups in (geo.rows, geo.cols, geo.boxes)
        for group in groups
    )
