"""Sudoku's algorithms for the code panel, and what a node of its search decides.

The three programs are the recursive forms a student has read (plain backtracking, fewest
candidates first, Knuth's Algorithm X); each event executes one line: a placement the line
that puts the digit down, a removal the line that takes it back (as ``programs.py``).

A node's decision is read from its children (the placement events the strategy tries
there, in order): with plain and MRV they are the digits of one cell; Dancing Links may
choose a row, column or box that needs a digit, whose children are the cells that can hold
it. ``decision`` tells which, so the stack, the narration and the tree word it alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from knightviz.gui.puzzles.programs import BACKTRACK, EXHAUSTED, MOVE, SOLVED, Program

CELL, ROW, COLUMN, BOX = "cell", "row", "column", "box"


def _backtracking(key: str, choose: str, singles: bool) -> Program:
    fill = "        fill_forced(grid)  # forced cells\n" if singles else ""
    text = (
        "def solve(grid):\n"
        f"    {choose}\n"
        "    if cell is None:\n"
        "        return True    # every cell filled\n"
        "    for d in candidates(cell):\n"
        "        place(cell, d)     # a placement\n"
        f"{fill}"
        "        if solve(grid):\n"
        "            return True\n"
        "        remove(cell, d)    # a removal\n"
        "    return False           # no digit fits"
    )
    extra = 1 if singles else 0
    lines: dict[object, int] = {MOVE: 6, BACKTRACK: 9 + extra, SOLVED: 4, EXHAUSTED: 10 + extra}
    return Program(key + ("-singles" if singles else ""), text, lines)


#: The program of a strategy of one's own: its cell, then its digits in its order.
OWN = Program(
    "sudoku-own",
    """\
def solve(grid):
    cell = cell(position, blanks(grid))  # your strategy
    if cell is None:
        return True    # every cell filled
    for d in digits(position, cell, candidates(cell)):
        place(cell, d)     # a placement
        if solve(grid):
            return True
        remove(cell, d)    # a removal
    return False           # no digit fits""",
    {MOVE: 6, BACKTRACK: 9, SOLVED: 4, EXHAUSTED: 10},
)


def program(strategy: str, singles: bool) -> Program:
    """The code panel's program of a strategy (with forced fills, one line more)."""
    if strategy == "dlx":
        return DLX
    if strategy == "mrv":
        return _backtracking("sudoku-mrv", "cell = mrv(grid)  # fewest candidates", singles)
    return _backtracking("sudoku-plain", "cell = first_empty(grid)  # first empty", singles)


DLX = Program(
    "sudoku-dlx",
    """\
def search(matrix):
    if not matrix.columns:
        return True    # every constraint met
    col = fewest_rows(matrix)  # fewest rows
    for row in col.rows:
        choose(row)        # a placement
        if search(matrix):
            return True
        unchoose(row)      # a removal
    return False           # no row fits""",
    {MOVE: 6, BACKTRACK: 9, SOLVED: 3, EXHAUSTED: 10},
)


@dataclass(frozen=True, slots=True)
class Decision:
    """What a node decides: a cell's digit (``kind`` CELL, ``index`` the cell), or where a
    digit goes in a row, column or box (``index`` 0-based, ``digit``)."""

    kind: str
    index: int
    digit: int = 0


def decision(n: int, box_rows: int, box_cols: int, events: Sequence[int]) -> Decision | None:
    """The decision of a node from its children (None: no children, a dead end)."""
    if not events:
        return None
    nn = n * n
    cells = {x % nn for x in events}
    if len(cells) == 1 or len(events) == 1:
        return Decision(CELL, events[0] % nn)
    digit = events[0] // nn + 1
    rows = {c // n for c in cells}
    cols = {c % n for c in cells}
    if len(rows) == 1:
        return Decision(ROW, rows.pop(), digit)
    if len(cols) == 1:
        return Decision(COLUMN, cols.pop(), digit)
    c = events[0] % nn
    box = (c // n // box_rows) * (n // box_cols) + (c % n) // box_cols
    return Decision(BOX, box, digit)
