"""The algorithms as short readable Python, and which line each event executes.

Written for this app in the tutorials' spirit (docs/reference.md): the recursive form a student
has read, whose lines the code panel highlights as the (iterative) engine emits its events.
The mapping from events to lines is fixed and documented here, one event to one line:

=================  ===============================================================
event              line
=================  ===============================================================
move / placement   the line that puts the piece down (``visit`` / ``put``)
backtrack          the line that takes it back (``unvisit`` / ``take_back``)
considered         the test that rejected the candidate (off the board, visited,
                   column, x + y, x − y), Warnsdorff's degree and sort lines
solved             ``return True`` after the last square (queens: the solution line)
exhausted          the final ``return False`` of the first call
=================  ===============================================================

The code stays English in every language; its comments follow the user's language
(``Program.display_text``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication

from knightviz.engine.trace import Kind

MOVE = "move"
BACKTRACK = "backtrack"
SOLVED = "solved"
EXHAUSTED = "exhausted"


@dataclass(frozen=True, slots=True)
class Program:
    """One algorithm's text and the line (1-based) each kind of event executes."""

    key: str
    text: str
    lines: dict[object, int] = field(default_factory=dict)

    def line_for(self, what: object) -> int:
        """The line of an event kind (``MOVE``, ``BACKTRACK``, a trace ``Kind``…), or 0."""
        return self.lines.get(what, 0)

    def display_text(self) -> str:
        """The text with its comments in the current language (the code stays English)."""
        table = comments()
        lines = []
        for line in self.text.splitlines():
            code, mark, comment = line.partition("# ")
            if mark and comment in table:
                line = code + mark + table[comment]
            lines.append(line)
        return "\n".join(lines)


def comments() -> dict[str, str]:
    """Every comment of the programs below → its text in the current language."""
    return {
        "all visited": QCoreApplication.translate("Program", "all visited"),
        "fixed order": QCoreApplication.translate("Program", "fixed order"),
        "off the board": QCoreApplication.translate("Program", "off the board"),
        "on the path": QCoreApplication.translate("Program", "on the path"),
        "a move": QCoreApplication.translate("Program", "a move"),
        "a backtrack": QCoreApplication.translate("Program", "a backtrack"),
        "all tried": QCoreApplication.translate("Program", "all tried"),
        "fewest exits": QCoreApplication.translate("Program", "fewest exits"),
        "column taken": QCoreApplication.translate("Program", "column taken"),
        "x + y taken": QCoreApplication.translate("Program", "x + y taken"),
        "x - y taken": QCoreApplication.translate("Program", "x - y taken"),
        "add 3 IDs": QCoreApplication.translate("Program", "add 3 IDs"),
        "attacked": QCoreApplication.translate("Program", "attacked"),
        "back here: a backtrack": QCoreApplication.translate("Program", "back here: a backtrack"),
        "a base board": QCoreApplication.translate("Program", "a base board"),
        "one move each cut": QCoreApplication.translate("Program", "one move each cut"),
        "four moves added": QCoreApplication.translate("Program", "four moves added"),
        "the piece's moves": QCoreApplication.translate("Program", "the piece's moves"),
        "5 to 10": QCoreApplication.translate("Program", "5 to 10"),
        "two added each": QCoreApplication.translate("Program", "two added each"),
        "every cell filled": QCoreApplication.translate("Program", "every cell filled"),
        "a placement": QCoreApplication.translate("Program", "a placement"),
        "a removal": QCoreApplication.translate("Program", "a removal"),
        "no digit fits": QCoreApplication.translate("Program", "no digit fits"),
        "fewest candidates": QCoreApplication.translate("Program", "fewest candidates"),
        "first empty": QCoreApplication.translate("Program", "first empty"),
        "forced cells": QCoreApplication.translate("Program", "forced cells"),
        "every constraint met": QCoreApplication.translate("Program", "every constraint met"),
        "fewest rows": QCoreApplication.translate("Program", "fewest rows"),
        "no row fits": QCoreApplication.translate("Program", "no row fits"),
        "your strategy": QCoreApplication.translate("Program", "your strategy"),
    }


def with_moves(program: Program, order: tuple[tuple[int, int], ...]) -> Program:
    """``program`` with the piece's moves, in the order tried, as its first lines (the
    code panel follows the piece: a camel's program lists the camel's eight moves)."""
    steps = [f"({dr}, {dc})" for dr, dc in order]
    rows = [", ".join(steps[i : i + 3]) for i in range(0, len(steps), 3)]  # narrow: 3 a line
    body = ",\n         ".join(rows)
    head = f"# the piece's moves\nMOVES = [{body}]\n"
    shifted = {what: line + 1 + len(rows) for what, line in program.lines.items()}
    return Program(f"{program.key}-{'-'.join(steps)}", head + program.text, shifted)


PLAIN = Program(
    "plain",
    """\
def solve(square, move):
    if move == N * N:          # all visited
        return True
    for dr, dc in MOVES:       # fixed order
        target = square + (dr, dc)
        if not on_board(target):
            continue           # off the board
        if visited(target):
            continue           # on the path
        visit(target, move)    # a move
        if solve(target, move + 1):
            return True
        unvisit(target)        # a backtrack
    return False               # all tried""",
    {
        Kind.OFF_BOARD: 6,
        Kind.VISITED: 8,
        MOVE: 10,
        BACKTRACK: 13,
        SOLVED: 3,
        EXHAUSTED: 14,
    },
)

WARNSDORFF = Program(
    "warnsdorff",
    """\
def solve(square, move):
    if move == N * N:          # all visited
        return True
    candidates = []
    for target in moves_from(square):
        if off_board_or_visited(target):
            continue
        candidates.append(
            (degree(target), target))
    candidates.sort()          # fewest exits
    for _, target in candidates:
        visit(target, move)    # a move
        if solve(target, move + 1):
            return True
        unvisit(target)        # a backtrack
    return False               # all tried""",
    {
        Kind.OFF_BOARD: 6,
        Kind.VISITED: 6,
        Kind.DEGREE: 9,
        Kind.TIE: 10,
        MOVE: 12,
        BACKTRACK: 15,
        SOLVED: 3,
        EXHAUSTED: 16,
    },
)

OWN = Program(
    "own",
    """\
def solve(square, move):
    if move == N * N:          # all visited
        return True
    free = [t for t in moves_from(square)
            if on_board(t) and not visited(t)]
    for target in order(position, free):  # your strategy
        visit(target, move)    # a move
        if solve(target, move + 1):
            return True
        unvisit(target)        # a backtrack
    return False               # all tried""",
    {MOVE: 7, BACKTRACK: 10, SOLVED: 3, EXHAUSTED: 11},
)

CONSTRUCT = Program(
    "construct",
    """\
def construct(rows, cols):
    if small(rows, cols):  # a base board
        return STORED[rows, cols]
    parts = quarters(rows, cols)
    tours = [construct(*q) for q in parts]
    for tour in tours:  # one move each cut
        cut(tour, corner_move(tour))
    return join(tours)  # four moves added""",
    {SOLVED: 8},
)

CONSTRUCT_GRID = Program(
    "construct-grid",
    """\
def construct(rows, cols):
    blocks = grid(rows, cols)  # 5 to 10
    tours = [STORED[b] for b in blocks]
    for a, b in neighbours(blocks):
        cut(a, corner_move(a))
        cut(b, grid_move(b))
    return join(tours)  # two added each""",
    {SOLVED: 7},
)

QUEENS_SETS = Program(
    "queens-sets",
    """\
def place(rank):
    if rank == N:
        solutions.append(queens[:])
        return
    for file in range(N):
        if file in columns:
            continue           # column taken
        if file + rank in ascending:
            continue           # x + y taken
        if file - rank in descending:
            continue           # x - y taken
        put(file, rank)        # add 3 IDs
        place(rank + 1)
        take_back(file, rank)  # a backtrack""",
    {
        Kind.COLUMN: 6,
        Kind.ASCENDING: 8,
        Kind.DESCENDING: 10,
        MOVE: 12,
        BACKTRACK: 14,
        SOLVED: 3,
        EXHAUSTED: 5,
    },
)

QUEENS_OWN = Program(
    "queens-own",
    """\
def place(rank):
    if rank == N:
        solutions.append(queens[:])
        return
    free = [f for f in range(N)
            if not attacked(f, rank)]
    for file in order(position, free):  # your strategy
        put(file, rank)        # add 3 IDs
        place(rank + 1)
        take_back(file, rank)  # a backtrack""",
    {MOVE: 8, BACKTRACK: 10, SOLVED: 3, EXHAUSTED: 5},
)

QUEENS_BITS = Program(
    "queens-bitboards",
    """\
def place(rank, queens, attacked):
    if rank == N:
        solutions.append(queens)
        return
    for file in range(N):
        bit = 1 << (rank * N + file)
        if (queens | attacked) & bit:
            continue           # attacked
        place(rank + 1, queens | bit,
              attacked | ATTACKS[bit])
        # back here: a backtrack""",
    {
        Kind.COLUMN: 7,
        Kind.ASCENDING: 7,
        Kind.DESCENDING: 7,
        MOVE: 9,
        BACKTRACK: 11,
        SOLVED: 3,
        EXHAUSTED: 5,
    },
)
