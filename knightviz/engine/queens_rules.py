"""The rules that prune the N-Queens count to canonical members (``queens_count``).

Row by row, the files a queen may not take below one first row (and, with a corner queen,
second row): kept apart from the counters so that the compiled counter
(``kernels.counting``) reads the same rules without importing the module that chooses
between it and the pure-Python one.
"""

from __future__ import annotations

from collections.abc import Sequence


class Rules:
    """What the canonical-member conditions forbid, row by row, for one first row (and,
    with a corner queen, second row)."""

    def __init__(self, n: int, prefix: Sequence[int]) -> None:
        self.n = n
        m = n - 1
        self.full = (1 << n) - 1
        a = prefix[0]
        self.corner = a == 0 and n > 1
        self.a = a
        self.side = 1 | (1 << m)
        excl = [0] * n
        if self.corner:
            for y in range(2, prefix[1] + 1):
                excl[y] = 1 << 1
        elif n > 1:
            for y in range(n):
                if y < a or y > m - a:
                    excl[y] |= self.side
            excl[m] |= self.full & ~(((1 << (m - a + 1)) - 1) & ~((1 << a) - 1))
        self.excl = excl

    def allowed(self, y: int, free: int, cols: int) -> int:
        """Of the files ``free`` on row y (given the files ``cols`` taken), those allowed."""
        free &= ~self.excl[y]
        if not self.corner and self.a <= y <= self.n - 1 - self.a:
            empty = 2 - bool(cols & 1) - bool(cols >> (self.n - 1) & 1)
            rows_left = self.n - self.a - y
            if empty > rows_left:
                return 0
            if empty == rows_left:
                free &= self.side
        return free
