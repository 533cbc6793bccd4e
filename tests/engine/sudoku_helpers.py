"""Shared by the Sudoku engine tests: random grids made without the engine, brute force
over every 4×4 grid, and one way to make any of the three Python searches."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache

from hypothesis import strategies as st

from knightviz.engine.puzzles.sudoku.dlx import DlxSearch
from knightviz.engine.puzzles.sudoku.problem import BOXES, SudokuProblem
from knightviz.engine.puzzles.sudoku.search import SudokuSearch

#: (strategy, singles) of every search the Python engine has.
VARIANTS = [("plain", False), ("plain", True), ("mrv", False), ("mrv", True), ("dlx", False)]


def make(
    problem: SudokuProblem,
    strategy: str,
    singles: bool = False,
    *,
    first: bool = True,
    limit: int | None = None,
    on_solution: Callable[[tuple[int, ...]], None] | None = None,
) -> SudokuSearch | DlxSearch:
    if strategy == "dlx":
        return DlxSearch(problem, first=first, limit=limit, on_solution=on_solution)
    return SudokuSearch(
        problem, strategy, singles=singles, first=first, limit=limit, on_solution=on_solution
    )


def units(n: int) -> list[list[int]]:
    """Every row, column and box as cell lists, computed here from the definition."""
    br, bc = BOXES[n]
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(r0 + r) * n + c0 + c for r in range(br) for c in range(bc)]
        for r0 in range(0, n, br)
        for c0 in range(0, n, bc)
    ]
    return rows + cols + boxes


def is_solution(n: int, grid: tuple[int, ...]) -> bool:
    want = set(range(1, n + 1))
    return all({grid[c] for c in unit} == want for unit in units(n))


@cache
def all_4x4() -> frozenset[tuple[int, ...]]:
    """Every complete 4×4 grid, by brute force: rows that are permutations, each kept when
    no column repeats, then the boxes checked."""
    perms = list(itertools.permutations(range(1, 5)))
    found = set()

    def extend(rows: list[tuple[int, ...]]) -> None:
        if len(rows) == 4:
            grid = tuple(d for row in rows for d in row)
            if is_solution(4, grid):
                found.add(grid)
            return
        for p in perms:
            if all(p[c] != row[c] for row in rows for c in range(4)):
                extend([*rows, p])

    extend([])
    return frozenset(found)


def base_grid(n: int) -> list[int]:
    """A complete grid by the usual shifting pattern (rows shifted by a box's width, bands
    by one)."""
    br, bc = BOXES[n]
    return [(bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n)]


@st.composite
def complete_grids(draw: st.DrawFn, n: int) -> tuple[int, ...]:
    """A random complete grid: the base grid with its digits relabelled, its rows shuffled
    inside their bands, its bands shuffled, its columns likewise inside their stacks."""
    br, bc = BOXES[n]
    grid = base_grid(n)
    labels = draw(st.permutations(range(1, n + 1)))
    bands = draw(st.permutations(range(n // br)))
    stacks = draw(st.permutations(range(n // bc)))
    row_order = [b * br + r for b in bands for r in draw(st.permutations(range(br)))]
    col_order = [s * bc + c for s in stacks for c in draw(st.permutations(range(bc)))]
    return tuple(labels[grid[r * n + c] - 1] for r in row_order for c in col_order)


@st.composite
def puzzles(draw: st.DrawFn, n: int, max_blanks: int) -> tuple[SudokuProblem, tuple[int, ...]]:
    """A puzzle made by blanking up to ``max_blanks`` cells of a random complete grid, and
    that grid (one of its solutions)."""
    full = draw(complete_grids(n))
    blanks = draw(st.sets(st.integers(0, n * n - 1), max_size=max_blanks))
    cells = tuple(0 if c in blanks else d for c, d in enumerate(full))
    br, bc = BOXES[n]
    return SudokuProblem(n, br, bc, cells), full
