"""An independent transcription of the classic recursive program (docs/reference.md §1).

Used as an oracle: it counts exactly what the tutorial's code does (assignments of a move
number, resets to unvisited), so the engine's counts can be compared with it.
"""

from __future__ import annotations

import sys

DX = [2, 1, -1, -2, -2, -1, 1, 2]
DY = [1, 2, 2, 1, -1, -2, -2, -1]


def classic_tour(n: int, row: int = 0, col: int = 0) -> tuple[list[list[int]] | None, int, int]:
    """(matrix or None, moves, backtracks) as the classic program would count them."""
    sol = [[-1] * n for _ in range(n)]
    counts = [0, 0]
    sol[row][col] = 0
    sys.setrecursionlimit(max(1000, n * n + 100))

    def solve(x: int, y: int, movei: int) -> bool:
        if movei == n * n:
            return True
        for k in range(8):
            nx, ny = x + DX[k], y + DY[k]
            if 0 <= nx < n and 0 <= ny < n and sol[nx][ny] == -1:
                sol[nx][ny] = movei
                counts[0] += 1
                if solve(nx, ny, movei + 1):
                    return True
                sol[nx][ny] = -1
                counts[1] += 1
        return False

    found = solve(row, col, 1)
    return (sol if found else None), counts[0], counts[1]
