"""Counting every solution of a Sudoku fast: a compiled counter, on every core.

Two things make it fast, both exact:

* **Digits no given uses are interchangeable.** If k digits appear nowhere among the givens,
  swapping them in a solution gives another solution (a permutation of them changes every
  grid, as every digit fills N cells), so the solutions come in classes of k! members. Each
  class has exactly one member whose first row holds those k digits in ascending order
  (they all stand in the first row's blank cells); only those are counted, times k!. The
  empty 6×6 is thus 39,168 first-row-sorted grids times 720.
* **Pieces.** The blank cells are filled in reading order, the first row first (where the
  rule above prunes), until there are enough partial grids (pieces) to keep every worker
  busy; each piece is counted by the compiled MRV counter (``kernels.count_run``; counting
  need not follow any visual order) on the engine's runners (``parallel.runners``: this
  process, a process pool or a Dask cluster).

Without numba, the same pieces are counted by the pure-Python MRV search.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from knightviz.engine import backends
from knightviz.engine.parallel.checkpoint import Checkpoint, StoredPiece
from knightviz.engine.parallel.runners import close_runner, make_runner, usable_cpus

from .problem import BOXES, Board, SudokuProblem, geometry

#: Pieces per worker: enough for the large ones not to leave the others idle at the end.
PIECES_PER_WORKER = 24
#: Blank cells a piece may have filled at most past the first row (the pieces' own
#: enumeration is Python).
MAX_PREFIX = 12
#: Pieces a checkpointed count has at least, even on one worker: a restart loses at most
#: one piece's work per worker.
CHECKPOINT_PIECES = 64
#: Partial first rows enumerated at most for the interchangeable digits' rule (a 16×16
#: first row with many blanks and few unused digits has too many: then no rule, a factor
#: of 1); about 20 MB of partial grids at 16×16.
MAX_FIRST_ROWS = 20_000


@dataclass(frozen=True, slots=True)
class CountTask:
    """Count the solutions below one partial grid (picklable: a worker process runs it)."""

    n: int
    cells: tuple[int, ...]
    backend: str

    def __call__(self) -> int:
        return count_below(self.cells, self.n, self.backend)


def count_below(cells: Sequence[int], n: int, backend: str = backends.NUMBA) -> int:
    """Every solution of the grid ``cells`` (0 blank; its digits must not clash)."""
    if backend == backends.NUMBA:
        import numpy as np

        from .compiled import lowest_bits, units

        low = lowest_bits()
        unit = units(n)
        grid = np.array(cells, np.int8)
        masks = np.zeros(3 * n, np.int64)
        for c, d in enumerate(cells):
            if d:
                for u in unit[3 * c : 3 * c + 3]:
                    masks[u] |= 1 << (d - 1)
        blank = np.array([c for c, d in enumerate(cells) if not d], np.uint64)
        from . import kernels

        solutions, _nodes = kernels.count_run(unit, low, blank, grid, masks, n)
        return int(solutions)
    from .search import MRV, SudokuSearch

    box_rows, box_cols = BOXES[n]
    problem = SudokuProblem(n, box_rows, box_cols, tuple(cells))
    search = SudokuSearch(problem, MRV, singles=True, first=False, on_solution=_drop)
    return search.run().count


def warm_up() -> None:
    """Compile (or load from numba's cache) the counter."""
    count_below((1,) + (0,) * 15, 4)


def _drop(solution: tuple[int, ...]) -> None:
    """A solution counted, not kept."""


def pieces(problem: SudokuProblem, wanted: int) -> tuple[list[tuple[int, ...]], int]:
    """Partial grids whose solutions, times the returned factor, are the problem's (see the
    module docstring); at least ``wanted`` of them when the cells allow."""
    grids = _grow(problem, wanted, sort_first_row=True)
    if grids is not None:
        unused = sum(1 for d in range(1, problem.n + 1) if d not in problem.cells)
        return grids, math.factorial(unused)
    grids = _grow(problem, wanted, sort_first_row=False)
    assert grids is not None
    return grids, 1


def _grow(
    problem: SudokuProblem, wanted: int, sort_first_row: bool
) -> list[tuple[int, ...]] | None:
    """The blank cells filled in reading order, breadth first, until there are ``wanted``
    grids or ``MAX_PREFIX`` cells are filled (past the first row, which ``sort_first_row``
    always completes, its unused digits ascending; None: too many first rows)."""
    n = problem.n
    geo = geometry(n)
    cells = problem.cells
    free = {d for d in range(1, n + 1) if d not in cells}
    blanks = [c for c, d in enumerate(cells) if not d]
    rows, cols, boxes = [0] * n, [0] * n, [0] * n
    for c, d in enumerate(cells):
        if d:
            bit = 1 << (d - 1)
            rows[geo.row[c]] |= bit
            cols[geo.col[c]] |= bit
            boxes[geo.box[c]] |= bit
    full = (1 << n) - 1
    # Each grid with its masks and the highest unused digit placed in the first row.
    level = [(list(cells), rows, cols, boxes, 0)]
    filled = beyond = 0  # blank cells filled, and those of them past the first row's rule
    while filled < len(blanks):
        c = blanks[filled]
        in_row_one = sort_first_row and c < n
        if not in_row_one:
            if len(level) >= wanted or beyond >= MAX_PREFIX:
                break
            beyond += 1
        r, k, b = geo.row[c], geo.col[c], geo.box[c]
        grown = []
        for grid, rs, cs, bs, top in level:
            m = full & ~(rs[r] | cs[k] | bs[b])
            while m:
                bit = m & -m
                m ^= bit
                d = bit.bit_length()
                new_top = top
                if in_row_one and d in free:
                    if d < top:
                        continue  # the unused digits of the first row go ascending
                    new_top = d
                g = grid.copy()
                g[c] = d
                nr, nc, nbx = rs.copy(), cs.copy(), bs.copy()
                nr[r] |= bit
                nc[k] |= bit
                nbx[b] |= bit
                grown.append((g, nr, nc, nbx, new_top))
                if in_row_one and len(grown) > MAX_FIRST_ROWS:
                    return None
        level = grown
        filled += 1
    return [tuple(g) for g, *_ in level]


def count(
    problem: SudokuProblem,
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    checkpoint: Checkpoint | None = None,
) -> int:
    """Every solution of ``problem``: on ``jobs`` processes (default: every usable CPU),
    or on the Dask cluster at ``scheduler``; compiled when numba is here.

    ``checkpoint``: the partial grids (at least ``CHECKPOINT_PIECES``, so that a restart
    loses little) and the factor are recorded there before any is counted, then each
    grid's count as it comes back; a checkpoint that holds them already gives the grids
    (not grown again: the pieces the total is made of are the recorded ones, whatever the
    workers) and only the grids it has no count for run."""
    if Board(problem).clash:
        return 0
    compiled = backends.available() and not backends.pinned_python()
    backend = backends.NUMBA if compiled else backends.PYTHON
    workers = usable_cpus() if jobs is None else max(1, jobs)
    wanted = PIECES_PER_WORKER * workers if workers > 1 or scheduler else 1
    done: dict[int, int] = {}
    if checkpoint is None:
        grids, factor = pieces(problem, wanted)
    else:
        if checkpoint.pieces is None:
            grids, factor = pieces(problem, max(wanted, CHECKPOINT_PIECES))
            checkpoint.record_plan([StoredPiece(list(g)) for g in grids], {"factor": factor})
        assert checkpoint.pieces is not None
        grids = [tuple(p.identity) for p in checkpoint.pieces]
        factor = int(checkpoint.plan_info["factor"])
        done = {i: figures[0] for i, figures in checkpoint.done.items()}
    tasks = [CountTask(problem.n, g, backend) for g in grids]
    total = sum(done.values())
    todo = [i for i in range(len(tasks)) if i not in done]
    if backend == backends.NUMBA and todo:
        backends.load()

    def add(index: int, result: Any) -> None:
        nonlocal total
        total += int(result)
        if checkpoint is not None:
            checkpoint.record(index, (int(result),))

    runner = make_runner(workers if len(todo) > 1 else 1, scheduler, backend)
    try:
        runner.run(tasks, todo, add, lambda: False)
    finally:
        close_runner(runner)
    return total * factor
