"""Sudoku's text layouts: what ``knightviz sudoku --format`` prints.

``grid`` draws each solution with lines between the boxes, ``line`` writes it as N²
characters (``parse`` reads it back), ``count`` gives the number of solutions only, and
``json`` is the whole outcome as one object. A solution as the engine reports it is its
placement events; the layouts print the full grid it makes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from knightviz.engine.events import Outcome, Result

from .problem import DIGITS, SudokuProblem, propagate, text

FORMATS = ("grid", "line", "count", "json")
NO_SOLUTION = "No solution"


def full_grid(problem: SudokuProblem, solution: Sequence[int]) -> tuple[int, ...]:
    """The grid a reported solution makes. Forced fills are replayed whether or not the
    search filled them: on a solution's path they only fill what its placements would
    (a forced digit is implied by the cells already there), so one rule serves both."""
    return propagate(problem, solution, singles=True).grid


def line(problem: SudokuProblem, full: Sequence[int]) -> str:
    return "".join(DIGITS[d] for d in full)


def drawing(problem: SudokuProblem, full: Sequence[int]) -> str:
    """Digits separated by spaces, ``|`` between boxes, a ``-+-`` line between bands."""
    n, box_rows, box_cols = problem.n, problem.box_rows, problem.box_cols
    rows = []
    for r in range(n):
        parts = [
            " ".join(DIGITS[d] for d in full[r * n + c : r * n + c + box_cols])
            for c in range(0, n, box_cols)
        ]
        rows.append(" | ".join(parts))
    rule = "-+-".join("-" * (2 * box_cols - 1) for _ in range(n // box_cols))
    out = []
    for r, row in enumerate(rows):
        if r and r % box_rows == 0:
            out.append(rule)
        out.append(row)
    return "\n".join(out) + "\n"


def count_line(result: Result) -> str:
    """``288 solutions``; a search stopped early says its count is a lower bound."""
    count = result.count
    noun = "solution" if count == 1 else "solutions"
    if result.outcome in (Outcome.LIMIT, Outcome.CANCELLED):
        return f"at least {count:,} {noun} ({result.reason or result.outcome.value})\n"
    return f"{count:,} {noun}\n"


def render(
    problem: SudokuProblem, result: Result, solutions: Sequence[tuple[int, ...]], fmt: str
) -> str:
    """Everything the command prints for ``fmt`` (ValueError for an unknown one)."""
    if fmt == "json":
        return json.dumps(payload(problem, result, solutions)) + "\n"
    if fmt == "count":
        return count_line(result)
    if fmt not in FORMATS:
        raise ValueError(f"unknown sudoku format: {fmt!r}")
    grids = [full_grid(problem, s) for s in solutions]
    if fmt == "line":
        if not grids:
            return "none\n"
        return "".join(line(problem, g) + "\n" for g in grids)
    if not grids:
        reason = f"{result.reason}\n" if result.reason else ""
        return f"{NO_SOLUTION}\n{reason}"
    return "\n".join(drawing(problem, g) for g in grids)


def payload(
    problem: SudokuProblem, result: Result, solutions: Sequence[tuple[int, ...]]
) -> dict[str, Any]:
    """The outcome as one object: the problem, the solutions as lines, the counts."""
    lines = [line(problem, full_grid(problem, s)) for s in solutions]
    first = result.solution
    return {
        "n": problem.n,
        "box": [problem.box_rows, problem.box_cols],
        "problem": text(problem),
        "outcome": result.outcome.value,
        "reason": result.reason,
        "solution": line(problem, full_grid(problem, first)) if first is not None else None,
        "solutions": lines,
        "count": result.count,
        "moves": result.moves,
        "backtracks": result.backtracks,
        "steps": result.steps,
        "forced": getattr(result, "forced", 0),
        "seconds": round(result.seconds, 6),
    }
