"""Reference: the classic recursive backtracking knight's tour (docs/reference.md §1).

Written the way the tutorial writes it, on purpose without optimisation: an N×N
list-of-lists board of -1, the fixed ``dx``/``dy`` move order, a bounds-and-visited check
per candidate in its own function, move numbers, and a reset to -1 on failure. The only
addition is counting, as knightviz defines it: a *move* each time a move number is
assigned, a *backtrack* each time a square is reset; steps = moves + backtracks.

    python -m benchmarks.reference_recursive [N]

prints the matrix for N×N (default 8) from the top-left square and the counts.
"""

from __future__ import annotations

import sys
import time

MOVE_X = [2, 1, -1, -2, -2, -1, 1, 2]
MOVE_Y = [1, 2, 2, 1, -1, -2, -2, -1]


moves = 0
backtracks = 0


def is_safe(x: int, y: int, n: int, board: list[list[int]]) -> bool:
    return x >= 0 and y >= 0 and x < n and y < n and board[x][y] == -1


def solve_util(n: int, board: list[list[int]], curr_x: int, curr_y: int, pos: int) -> bool:
    global moves, backtracks
    if pos == n * n:
        return True
    for i in range(8):
        new_x = curr_x + MOVE_X[i]
        new_y = curr_y + MOVE_Y[i]
        if is_safe(new_x, new_y, n, board):
            board[new_x][new_y] = pos
            moves += 1
            if solve_util(n, board, new_x, new_y, pos + 1):
                return True
            # Backtracking
            board[new_x][new_y] = -1
            backtracks += 1
    return False


def solve(n: int = 8) -> tuple[list[list[int]] | None, int, int]:
    """Search an N×N tour from (0, 0): (matrix or None, moves, backtracks)."""
    global moves, backtracks
    moves = backtracks = 0
    sys.setrecursionlimit(max(sys.getrecursionlimit(), n * n + 100))
    board = [[-1 for _ in range(n)] for _ in range(n)]
    board[0][0] = 0
    found = solve_util(n, board, 0, 0, 1)
    return (board if found else None), moves, backtracks


def format_matrix(board: list[list[int]]) -> str:
    width = len(str(len(board) ** 2 - 1))
    return "\n".join(" ".join(f"{v:>{width}}" for v in row) for row in board)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    n = int(args[0]) if args else 8
    t0 = time.perf_counter()
    board, n_moves, n_backtracks = solve(n)
    seconds = time.perf_counter() - t0
    if board is None:
        print("Solution does not exist")
    else:
        print(format_matrix(board))
    print(
        f"moves {n_moves:,}  backtracks {n_backtracks:,}  steps {n_moves + n_backtracks:,}  "
        f"{seconds:.2f} s"
    )
    return 0 if board is not None else 1


if __name__ == "__main__":
    raise SystemExit(main())
