"""The algorithms as short readable Python, and which line each event executes.

Written for this app in the tutorials' spirit (REFERENCE.md): the recursive form a student
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
"""

from __future__ import annotations

from dataclasses import dataclass, field

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


PLAIN = Program(
    "plain",
    """\
def solve(square, move):
    if move == N * N:                  # every square visited
        return True
    for dr, dc in MOVES:               # the classic fixed order
        target = square + (dr, dc)
        if not on_board(target):
            continue                   # off the board
        if visited(target):
            continue                   # already on the path
        visit(target, move)            # a move
        if solve(target, move + 1):
            return True
        unvisit(target)                # a backtrack
    return False                       # a dead end: every move tried""",
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
    if move == N * N:                  # every square visited
        return True
    candidates = []
    for target in knight_moves(square):
        if not on_board(target) or visited(target):
            continue
        candidates.append((degree(target), target))  # onward moves
    candidates.sort()                  # fewest exits first; ties by the rule
    for _, target in candidates:
        visit(target, move)            # a move
        if solve(target, move + 1):
            return True
        unvisit(target)                # a backtrack
    return False                       # a dead end: every candidate tried""",
    {
        Kind.OFF_BOARD: 6,
        Kind.VISITED: 6,
        Kind.DEGREE: 8,
        Kind.TIE: 9,
        MOVE: 11,
        BACKTRACK: 14,
        SOLVED: 3,
        EXHAUSTED: 15,
    },
)

QUEENS_SETS = Program(
    "queens-sets",
    """\
def place(rank):
    if rank == N:
        solutions.append(queens[:])    # all N placed: a solution
        return
    for file in range(N):
        if file in columns:
            continue                   # its column is taken
        if file + rank in ascending:
            continue                   # its diagonal x + y is taken
        if file - rank in descending:
            continue                   # its diagonal x - y is taken
        put(file, rank)                # add the three constraint IDs
        place(rank + 1)
        take_back(file, rank)          # remove them: a backtrack""",
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

QUEENS_BITS = Program(
    "queens-bitboards",
    """\
def place(rank, queens, attacked):
    if rank == N:
        solutions.append(queens)       # all N placed: a solution
        return
    for file in range(N):
        bit = 1 << (rank * N + file)
        if (queens | attacked) & bit:
            continue                   # attacked: column or diagonal
        place(rank + 1, queens | bit, attacked | ATTACKS[bit])
        # returning is the backtrack: our queens and attacked are unchanged""",
    {
        Kind.COLUMN: 7,
        Kind.ASCENDING: 7,
        Kind.DESCENDING: 7,
        MOVE: 9,
        BACKTRACK: 10,
        SOLVED: 3,
        EXHAUSTED: 5,
    },
)
