"""Sudoku in words and labels for the generic front ends: a --trace line per event, the
puzzle's name per language, and what the page draws (digits, givens, boxes, forced fills).

``SudokuSpec`` hands each of its ``event_text``, ``name``, ``labels``, ``fixed``,
``regions`` and ``derived`` to the function of the same name here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .problem import DIGITS, SudokuProblem, cell_name, event_cell, event_digit, propagate

#: The puzzle's name by language (English otherwise).
NAMES = {"en": "Sudoku", "zh_CN": "数独"}


def event_text(problem: SudokuProblem, x: int) -> str:
    """``place r3c5 7`` (digit 7 written in row 3, column 5) or ``remove r3c5 7``: the
    step's kind, the cell by its row and column, then the digit (one word each, for
    scripts)."""
    n = problem.n
    e = x if x >= 0 else ~x
    word = "place" if x >= 0 else "remove"
    return f"{word} {cell_name(n, event_cell(n, e))} {DIGITS[event_digit(n, e)]}"


def name(lang: str = "en") -> str:
    return NAMES.get(lang, NAMES["en"])


def labels(problem: SudokuProblem) -> tuple[str, ...]:
    """Digit d (value d - 1 of an event) as it is written: 1-9, then A-G."""
    return tuple(DIGITS[1 : problem.n + 1])


def fixed(problem: SudokuProblem) -> tuple[tuple[int, int], ...]:
    """The givens as (cell, digit - 1)."""
    return tuple((cell, d - 1) for cell, d in enumerate(problem.cells) if d)


def regions(problem: SudokuProblem) -> tuple[int, int]:
    return (problem.box_rows, problem.box_cols)


def derived(
    problem: SudokuProblem, path: Sequence[int], options: Mapping[str, Any] | None = None
) -> tuple[tuple[int, int], ...]:
    """The forced fills (naked singles) after ``path``'s placements, as (cell, digit - 1):
    none unless the search fills them (the ``singles`` option)."""
    if not (options or {}).get("singles"):
        return ()
    done = propagate(problem, path, True)
    return tuple((cell, done.grid[cell] - 1) for cell in done.forced)
