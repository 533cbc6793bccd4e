"""Sudoku by Knuth's Algorithm X with dancing links, on the exact-cover matrix.

Columns (4N², in this order): cell (r, c) filled at ``r*N + c``; row r has d at
``N² + r*N + d-1``; column c has d at ``2N² + c*N + d-1``; box b has d at
``3N² + b*N + d-1``. Rows (N³): one per (cell, digit), ascending. The givens' rows are taken
before the search (no events); at each node the column with the fewest rows (the first such
in column order) is covered and its rows are tried in ascending (cell, digit) order. Taking
a row is a placement event, giving it back a removal. Iterative: an explicit stack of
(column, current row) per level, no recursion.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence

from knightviz.engine.events import Outcome, StackLevel
from knightviz.engine.search import Ending
from knightviz.engine.stack import Levels

from .problem import SudokuProblem, geometry
from .search import GridSearch

#: A level's column when every column is covered (a solution: nothing left to choose).
NO_COLUMN = -1


class Matrix:
    """The dancing-links matrix: node 0 is the root, nodes 1..4N² the column headers
    (column j is node j + 1), then four nodes per (cell, digit) row in ascending order."""

    def __init__(self, n: int) -> None:
        nn = n * n
        geo = geometry(n)
        columns = 4 * nn
        self.n = n
        self.columns = columns
        heads = columns + 1
        total = heads + 4 * nn * n
        self.left = array("i", range(-1, total - 1))
        self.right = array("i", range(1, total + 1))
        self.up = array("i", range(total))
        self.down = array("i", range(total))
        self.col = array("i", range(total))  # a node's column header
        self.size = array("i", [0] * heads)
        self.event = array("i", [-1] * total)  # a row node's placement event
        self.left[0] = columns
        self.right[columns] = 0
        node = heads
        for cell in range(nn):
            r, c, b = geo.row[cell], geo.col[cell], geo.box[cell]
            for d in range(n):
                cols = (cell, nn + r * n + d, 2 * nn + c * n + d, 3 * nn + b * n + d)
                first = node
                for j in cols:
                    h = j + 1
                    self.col[node] = h
                    self.event[node] = d * nn + cell
                    # Append at the bottom of column h: rows stay in ascending order.
                    self.up[node] = self.up[h]
                    self.down[node] = h
                    self.down[self.up[h]] = node
                    self.up[h] = node
                    self.size[h] += 1
                    self.left[node] = node - 1
                    self.right[node] = node + 1
                    node += 1
                self.left[first] = node - 1
                self.right[node - 1] = first
        #: The first node of each (cell, digit) row, by its placement event.
        self.row_of = {self.event[x]: x for x in range(heads, total, 4)}
        self.covered = bytearray(heads)

    def links(self) -> tuple[array[int], ...]:
        """The six link arrays: left, right, up, down, col, size."""
        return self.left, self.right, self.up, self.down, self.col, self.size

    def cover(self, h: int) -> None:
        left, right, up, down, col, size = self.links()
        self.covered[h] = 1
        right[left[h]] = right[h]
        left[right[h]] = left[h]
        i = down[h]
        while i != h:
            j = right[i]
            while j != i:
                down[up[j]] = down[j]
                up[down[j]] = up[j]
                size[col[j]] -= 1
                j = right[j]
            i = down[i]

    def uncover(self, h: int) -> None:
        left, right, up, down, col, size = self.links()
        i = up[h]
        while i != h:
            j = left[i]
            while j != i:
                size[col[j]] += 1
                down[up[j]] = j
                up[down[j]] = j
                j = left[j]
            i = up[i]
        right[left[h]] = h
        left[right[h]] = h
        self.covered[h] = 0

    def take(self, r: int) -> None:
        """Take row ``r`` (its column already covered): cover its other columns."""
        j = self.right[r]
        while j != r:
            self.cover(self.col[j])
            j = self.right[j]

    def give_back(self, r: int) -> None:
        j = self.left[r]
        while j != r:
            self.uncover(self.col[j])
            j = self.left[j]

    def choose(self) -> int:
        """The uncovered column with the fewest rows, the first such; NO_COLUMN if none."""
        right, size = self.right, self.size
        best, fewest = NO_COLUMN, 1 << 30
        h = right[0]
        while h:
            s = size[h]
            if s < fewest:
                best, fewest = h, s
                if not s:
                    break
            h = right[h]
        return best

    def rows(self, h: int) -> tuple[int, ...]:
        """Column ``h``'s row nodes, top down."""
        out = []
        i = self.down[h]
        while i != h:
            out.append(i)
            i = self.down[i]
        return tuple(out)

    def place_givens(self, problem: SudokuProblem) -> bool:
        """Take every given's row; False when two givens clash (a column met twice)."""
        nn = problem.n * problem.n
        for cell, d in enumerate(problem.cells):
            if not d:
                continue
            r = self.row_of[(d - 1) * nn + cell]
            j = r
            while True:
                if self.covered[self.col[j]]:
                    return False
                j = self.right[j]
                if j == r:
                    break
            self.cover(self.col[r])
            self.take(r)
        return True


class LevelStack(Levels):
    """A stack snapshot whose levels are already made."""

    def __init__(self, levels: Sequence[StackLevel]) -> None:
        self._levels = tuple(levels)

    def __len__(self) -> int:
        return len(self._levels)

    def _level(self, d: int) -> StackLevel:
        return self._levels[d]


class DlxReplay:
    """The nodes along a path, replayed on a fresh matrix: each node's placement events in
    the order the search tries them (for ``stack_at`` and the tree)."""

    def __init__(self, problem: SudokuProblem) -> None:
        self.matrix = Matrix(problem.n)
        self.ok = self.matrix.place_givens(problem)
        self.head = self._enter()

    def _enter(self) -> int:
        if not self.ok:
            return NO_COLUMN
        h = self.matrix.choose()
        if h != NO_COLUMN:
            self.matrix.cover(h)
        return h

    def events(self) -> tuple[int, ...]:
        if self.head == NO_COLUMN:
            return ()
        event = self.matrix.event
        return tuple(event[r] for r in self.matrix.rows(self.head))

    def place(self, x: int) -> None:
        """Take placement ``x`` (one of the node's events) and enter the next node."""
        rows = self.matrix.rows(self.head)
        r = next(r for r in rows if self.matrix.event[r] == x)
        self.matrix.take(r)
        self.head = self._enter()


class DlxSearch(GridSearch):
    """Algorithm X over the exact-cover matrix (see the module docstring).

    State: the ``Matrix``; ``_path`` the placement events; per level k = 0 .. depth (the
    node after ``_path[:k]``): ``_head[k]`` the column covered there (a header node;
    NO_COLUMN when every column is covered, a solution) and ``_cur[k]`` the row taken there
    (the header itself before the first). A step takes the next row of the top level's
    column (a placement) and enters the next node (chooses and covers its column), or, when
    the column has no row left, uncovers it, pops the level and gives back the row below
    (a removal), or ends at the root.
    """

    def __init__(
        self,
        problem: SudokuProblem,
        *,
        first: bool = True,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(problem, "dlx", False, first, on_solution, limit, cancel)
        self._matrix = Matrix(problem.n)
        if self._matrix.place_givens(problem):
            head = self._matrix.choose()
            if head == NO_COLUMN:
                self._complete = True
            else:
                self._matrix.cover(head)
        else:
            head = NO_COLUMN
        self._head = [head]
        self._cur = [head]

    def stack(self) -> LevelStack:
        m = self._matrix
        levels = []
        path = self._path
        for k, (head, cur) in enumerate(zip(self._head, self._cur, strict=True)):
            if head == NO_COLUMN:
                break
            rows = m.rows(head)
            tried = 0 if cur == head else rows.index(cur) + 1
            square = path[k] if k < len(path) else -1
            levels.append(StackLevel(square, tuple(m.event[r] for r in rows), tried))
        return LevelStack(levels)

    def stack_at(
        self, path: Sequence[int], last_event: int | None, ended: bool = False
    ) -> LevelStack:
        """The stack at a position the search passed through (as ``SudokuSearch.stack_at``)."""
        replay = DlxReplay(self.problem)
        levels = []
        for x in path:
            events = replay.events()
            levels.append(StackLevel(x, events, events.index(x) + 1))
            replay.place(x)
        if replay.head != NO_COLUMN:
            events = replay.events()
            tried = 0
            if last_event is not None and last_event < 0 and ~last_event in events:
                tried = events.index(~last_event) + 1
            levels.append(StackLevel(-1, events, tried))
        return LevelStack(levels)

    def _run(self, out: list[int], budget: int) -> Ending | None:
        m = self._matrix
        down, event = m.down, m.event
        path, heads, curs = self._path, self._head, self._cur
        emit = out.append
        peak = self._peak
        moves = backtracks = 0
        if self._pending():
            return (Outcome.SOLVED, None)
        try:
            for _ in range(budget):
                k = len(path)
                head = heads[k]
                if head != NO_COLUMN:
                    r = down[curs[k]]
                    if r != head:
                        curs[k] = r
                        m.take(r)
                        x = event[r]
                        path.append(x)
                        emit(x)
                        moves += 1
                        nxt = m.choose()
                        heads.append(nxt)
                        curs.append(nxt)
                        if nxt != NO_COLUMN:
                            m.cover(nxt)
                        elif self._solved(tuple(path)):
                            return (Outcome.SOLVED, None)
                        continue
                if k == 0:
                    return self._exhausted()
                if k > peak:
                    peak = k
                heads.pop()
                curs.pop()
                if head != NO_COLUMN:
                    m.uncover(head)
                m.give_back(curs[k - 1])
                x = path.pop()
                emit(~x)
                backtracks += 1
        finally:
            self._tally(peak, moves, backtracks)
        return None
