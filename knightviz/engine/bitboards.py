"""N-Queens, the article's second method: the whole state in two integers.

docs/reference.md §4: besides the three sets of constraint IDs, the article keeps the state in two
bitboards, the queens and the squares they attack, and passes them down the recursion, so a
backtrack is simply returning to the caller's pair. Here the recursion is an explicit stack of
pairs. The candidates are tried in the same order as the constraint-set search (rank by rank
from rank 1, files a, b, … in turn), so both make exactly the same placements and removals;
tests compare the two streams event by event.

Bit ``y * n + x`` stands for file ``x``, rank ``y + 1`` (bit 0 is a1), as the article numbers
its 64 bits; integers of any width let the same code run on boards larger than 8×8.
"""

from __future__ import annotations

from collections.abc import Callable

from .board import BoardError
from .events import Outcome
from .queens import QueensSearch
from .search import Ending

#: Attack masks cost n² integers of n² bits each; beyond this the constraint sets are better.
MAX_BITBOARD = 64


def attack_mask(n: int, x: int, y: int) -> int:
    """Every square a queen on (x, y) attacks: its file, rank and both diagonals."""
    mask = 0
    for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        cx, cy = x + dx, y + dy
        while 0 <= cx < n and 0 <= cy < n:
            mask |= 1 << (cy * n + cx)
            cx += dx
            cy += dy
    return mask


class BitboardQueensSearch(QueensSearch):
    """Same placements as ``QueensSearch``; state = a stack of (queens, attacked) pairs.

    Always the pure-Python engine (a teaching variant; the compiled engine runs the
    constraint-set search, which makes the same events).
    """

    def __init__(
        self,
        n: int,
        *,
        first: bool = False,
        on_solution: Callable[[tuple[int, ...]], None] | None = None,
        limit: int | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> None:
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_BITBOARD:
            raise BoardError(f"the bitboard queens search takes sizes 1 to {MAX_BITBOARD}")
        super().__init__(n, first=first, on_solution=on_solution, limit=limit, cancel=cancel)

    def _setup(self) -> None:
        n = self.n
        self._cursor = [0]
        self._masks = [attack_mask(n, x, y) for y in range(n) for x in range(n)]
        #: (queens, attacked) before each rank's placement; the last entry is the live state.
        self._boards: list[tuple[int, int]] = [(0, 0)]

    @property
    def queens_bits(self) -> int:
        return self._boards[-1][0]

    @property
    def attacked_bits(self) -> int:
        return self._boards[-1][1]

    def _run(self, out: list[int], budget: int) -> Ending | None:
        n = self.n
        placed, cursor, boards, masks = self._path, self._cursor, self._boards, self._masks
        emit = out.append
        peak = self._peak
        moves = backtracks = 0
        try:
            for _ in range(budget):
                k = len(placed)
                if k < n:
                    queens, hit = boards[-1]
                    busy = (queens | hit) >> (k * n)
                    x = cursor[k]
                    while x < n and (busy >> x) & 1:
                        x += 1
                    if x < n:
                        cursor[k] = x + 1
                        bit = k * n + x
                        boards.append((queens | (1 << bit), hit | masks[bit]))
                        sq = (n - 1 - k) * n + x
                        placed.append(sq)
                        cursor.append(0)
                        emit(sq)
                        moves += 1
                        if k + 1 == n:
                            self._found(tuple(placed))
                            if self.first:
                                return (Outcome.SOLVED, None)
                        continue
                    if k == 0:
                        return (Outcome.SOLVED if self.count else Outcome.EXHAUSTED, None)
                if k > peak:
                    peak = k
                cursor.pop()
                boards.pop()  # backtracking is returning to the caller's pair
                sq = placed.pop()
                emit(~sq)
                backtracks += 1
        finally:
            self._peak = peak
            self.moves += moves
            self.backtracks += backtracks
        return None
