"""Text and JSON layouts of a finished search: what ``knightviz solve`` and ``knightviz
queens`` print, shared with the desktop app's File > Export run so both write the same bytes.

The tutorials' layouts (docs/reference.md §1, §3, §4) are reproduced exactly: the C/C++ matrix
(``c``), the Python3/Java/C# matrix (``py``), the batch program's line of square numbers
(``sequence``), the article's results lines (``results``) and drawings (``ascii``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .board import Board
from .events import Result
from .queens import algebraic

NO_SOLUTION = "Solution does not exist"

#: ``knightviz solve --format`` choices, in the order --help lists them.
SOLVE_FORMATS = ("matrix", "c", "py", "sequence", "algebraic", "json")
#: ``knightviz queens --format`` choices that list solutions (``count`` needs no search).
QUEENS_FORMATS = ("algebraic", "results", "ascii", "json")


# -- knight's tour ---------------------------------------------------------------------------


#: A removed square (a hole) in the number layouts: -1 in the tutorials' layouts, like the
#: batch program's "no tour"; the matrix shows ``--``.
HOLE = -1


def move_numbers(board: Board, tour: Sequence[int]) -> list[list[int]]:
    """Move number (start = 0) of every square, one list per board row, top row first;
    ``HOLE`` on a removed square."""
    numbers = [0] * board.size
    for hole in board.holes:
        numbers[hole] = HOLE
    for i, sq in enumerate(tour):
        numbers[sq] = i
    cols = board.cols
    return [numbers[r * cols : (r + 1) * cols] for r in range(board.rows)]


def matrix(board: Board, tour: Sequence[int]) -> str:
    """The tutorial's published listing: numbers right-aligned to the widest, one space."""
    width = len(str(board.size - 1))
    if board.holes:
        width = max(width, 2)
    return "\n".join(
        " ".join(f"{v:>{width}}" if v != HOLE else "-" * width for v in row)
        for row in move_numbers(board, tour)
    )


def c_matrix(board: Board, tour: Sequence[int]) -> str:
    """The tutorial's C/C++ output (docs/reference.md §1): ``printf(" %2d ")`` per square.

    Width 2 is the C code's, whatever the board: numbers from 100 on just take more room.
    """
    return "".join("".join(f" {v:2d} " for v in row) + "\n" for row in move_numbers(board, tour))


def py_matrix(board: Board, tour: Sequence[int]) -> str:
    """The tutorial's Python3/Java/C# output (docs/reference.md §1): each number, then a space."""
    return "".join("".join(f"{v} " for v in row) + "\n" for row in move_numbers(board, tour))


def solve_text(board: Board, result: Result, fmt: str) -> str:
    """Everything ``knightviz solve --format fmt`` prints on stdout for ``result`` (any
    format but ``json``, see ``solve_json``)."""
    tour = result.solution
    if fmt in ("c", "py"):
        # The tutorial's programs print no reason, and the C one no newline after the verdict.
        if tour is not None:
            return (c_matrix if fmt == "c" else py_matrix)(board, tour)
        return NO_SOLUTION if fmt == "c" else NO_SOLUTION + "\n"
    if tour is None:
        reason = f"{result.reason}\n" if result.reason is not None else ""
        return f"{NO_SOLUTION}\n{reason}"
    if fmt == "matrix":
        return matrix(board, tour) + "\n"
    if fmt == "sequence":
        # Square numbers 1…rows·cols row-major: on 8×8, the batch program's line (§3).
        return " ".join(str(sq + 1) for sq in tour) + "\n"
    if fmt == "algebraic":
        return " ".join(board.name(sq) for sq in tour) + "\n"
    raise ValueError(f"unknown solve format: {fmt!r}")


def solve_payload(
    board: Board,
    start: int,
    *,
    heuristic: str,
    tie_break: str,
    seed: int,
    backtrack: bool,
    closed: bool,
    result: Result,
) -> dict[str, Any]:
    """The object ``knightviz solve --format json`` prints (docs/cli.md, "knightviz solve")."""
    tour = result.solution
    return {
        "rows": board.rows,
        "cols": board.cols,
        **shape_payload(board),
        "start": list(board.coords(start)),
        "heuristic": heuristic,
        "tie_break": tie_break if heuristic == "warnsdorff" else None,
        "seed": seed if tie_break == "random" else None,
        "backtrack": backtrack,
        "closed": closed,
        "outcome": result.outcome.value,
        "reason": result.reason,
        "tour": [list(board.coords(sq)) for sq in tour] if tour is not None else None,
        "moves": result.moves,
        "backtracks": result.backtracks,
        "steps": result.steps,
        "seconds": round(result.seconds, 6),
    }


def shape_payload(board: Board) -> dict[str, Any]:
    """The board's shape in JSON: its holes as [row, col] (sorted) and its leaper [a, b]."""
    return {
        "holes": [list(board.coords(sq)) for sq in sorted(board.holes)],
        "leaper": list(board.leaper),
    }


# -- N-Queens --------------------------------------------------------------------------------


def ascii_board(board: Board, solution: Sequence[int]) -> str:
    """The article's drawing (docs/reference.md §4): its sample has rank 1 on top, ``a1``
    top-left."""
    queens = set(solution)
    n = board.cols
    lines = ["Solution:"]
    for r in reversed(range(board.rows)):  # the bottom row is rank 1
        lines.append("".join(" Q " if r * n + c in queens else " * " for c in range(n)))
    return "\n".join(lines) + "\n"


def results_line(board: Board, solution: Sequence[int]) -> str:
    """One line of the article's ``Main`` (docs/reference.md §4).

    It reads its stack of files from the top, so the file placed on rank N is printed as
    rank 1: each line is the solution mirrored top to bottom.
    """
    last = board.rows - 1
    return "".join(
        " " + board.name(board.square(last - r, c)) for r, c in map(board.coords, solution[::-1])
    )


def queens_solution_text(board: Board, solution: Sequence[int], fmt: str) -> str:
    """One solution as ``knightviz queens --format fmt`` prints it (lines included)."""
    if fmt == "ascii":
        return ascii_board(board, solution)
    if fmt == "results":
        return results_line(board, solution) + "\n"
    if fmt == "algebraic":
        return " ".join(algebraic(board, tuple(solution))) + "\n"
    raise ValueError(f"unknown queens format: {fmt!r}")


def queens_ending(result: Result, fmt: str, first: bool) -> str:
    """What ``knightviz queens`` prints after the solutions: the count line (or, with
    ``--first`` and no solution, the verdict and its reason)."""
    if first:
        if result.count == 0:
            return f"{NO_SOLUTION}\n{result.reason}\n"
        return ""
    if fmt == "results":
        # The program prints its lines joined by newlines as one line: with no solution
        # that line is empty, but it is still printed.
        empty = "" if result.count else "\n"
        return f"{empty}{result.count} Results\n"
    return f"{result.count} solution{'' if result.count == 1 else 's'}\n"


def queens_text(
    board: Board, solutions: Iterable[Sequence[int]], result: Result, fmt: str, first: bool
) -> str:
    """Everything ``knightviz queens --format fmt [--first]`` prints (not ``json``)."""
    if first and fmt == "results":
        raise ValueError("the article's program has no first-solution mode")
    body = "".join(queens_solution_text(board, s, fmt) for s in solutions)
    return body + queens_ending(result, fmt, first)


def queens_payload(
    board: Board, solutions: Iterable[Sequence[int]], result: Result, first: bool
) -> dict[str, Any]:
    """The object ``knightviz queens --format json`` prints."""
    return {
        "n": board.rows,
        "first": first,
        "count": None if first else result.count,
        "solutions": [algebraic(board, tuple(s)) for s in solutions],
        "moves": result.moves,
        "backtracks": result.backtracks,
        "steps": result.steps,
        "seconds": round(result.seconds, 6),
    }
