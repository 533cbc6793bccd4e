"""Reference: a straightforward iterative greedy Warnsdorff walk (no backtracking).

Written sensibly but plainly: neighbour lists are precomputed once in the classic move
order of docs/reference.md §1, an int array holds every square's onward degree (the number of
unvisited squares a knight reaches from it) and is decremented for the neighbours of each
square the knight visits, and at each step the unvisited neighbour of least degree is
taken. Ties go to the first candidate in the classic order (``first``) or to the one
farthest from the board's centre by Euclidean distance, then the classic order (``roth``).

    python -m benchmarks.reference_greedy [SIZE] [first|roth]

walks SIZE×SIZE (default 1000) from the top-left corner and prints how far it got.
"""

from __future__ import annotations

import sys
import time

MOVE_X = [2, 1, -1, -2, -2, -1, 1, 2]  # row offsets
MOVE_Y = [1, 2, 2, 1, -1, -2, -2, -1]  # column offsets


def neighbour_lists(rows: int, cols: int) -> list[list[int]]:
    """Knight targets of every square (``row * cols + col``), in the classic order."""
    table: list[list[int]] = []
    for r in range(rows):
        # The moves that stay on the board vertically from this row: (square offset, dc).
        row_moves = [
            (dr * cols + dc, dc)
            for dr, dc in zip(MOVE_X, MOVE_Y, strict=True)
            if 0 <= r + dr < rows
        ]
        base = r * cols
        for c in range(cols):
            table.append([base + c + off for off, dc in row_moves if 0 <= c + dc < cols])
    return table


def centre_distances(rows: int, cols: int) -> list[float]:
    """Euclidean distance of every square's centre from the board's centre."""
    cr, cc = (rows - 1) / 2, (cols - 1) / 2
    return [((r - cr) ** 2 + (c - cc) ** 2) ** 0.5 for r in range(rows) for c in range(cols)]


def greedy_tour(rows: int, cols: int, start: int = 0, tie_break: str = "first") -> list[int]:
    """The greedy walk from ``start``; a full tour if it has rows * cols squares."""
    if tie_break not in ("first", "roth"):
        raise ValueError(f"unknown tie-break {tie_break!r}")
    n = rows * cols
    nbrs = neighbour_lists(rows, cols)
    degree = [len(targets) for targets in nbrs]
    dist = centre_distances(rows, cols) if tie_break == "roth" else None
    visited = bytearray(n)
    path = [start]
    cur = start
    visited[cur] = 1
    for u in nbrs[cur]:
        degree[u] -= 1
    for _ in range(n - 1):
        best = -1
        best_degree = 9
        best_dist = -1.0
        for u in nbrs[cur]:
            if visited[u]:
                continue
            d = degree[u]
            if d < best_degree:
                best, best_degree = u, d
                if dist is not None:
                    best_dist = dist[u]
            elif dist is not None and d == best_degree and dist[u] > best_dist:
                best, best_dist = u, dist[u]
        if best < 0:
            break  # stuck: no unvisited neighbour
        cur = best
        visited[cur] = 1
        path.append(cur)
        for u in nbrs[cur]:
            degree[u] -= 1
    return path


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    size = int(args[0]) if args else 1000
    tie_break = args[1] if len(args) > 1 else "roth"
    t0 = time.perf_counter()
    path = greedy_tour(size, size, 0, tie_break)
    seconds = time.perf_counter() - t0
    done = len(path) == size * size
    print(
        f"{size}x{size} greedy/{tie_break}: {'tour' if done else 'stuck'} after "
        f"{len(path):,} squares in {seconds:.2f} s"
    )
    return 0 if done else 1


if __name__ == "__main__":
    raise SystemExit(main())
