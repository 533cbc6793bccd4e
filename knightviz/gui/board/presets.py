"""The board editor's presets: shapes of removed squares for any board size (pure geometry)."""

from __future__ import annotations

#: The presets, in the order the Board menu lists them.
PRESETS = ("full", "corners", "centre", "cross", "ring")


def preset_holes(name: str, rows: int, cols: int) -> frozenset[tuple[int, int]]:
    """The board editor's presets as (row, col) holes: ``full``, ``corners`` (four corners
    cut), ``centre`` (a 2x2 hole in the middle), ``cross`` (a plus: the corner blocks
    removed) and ``ring`` (the middle removed)."""
    if name == "corners":
        return frozenset({(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)})
    if name == "centre":
        r0, c0 = max(0, rows // 2 - 1), max(0, cols // 2 - 1)
        return frozenset(
            (r, c) for r in (r0, r0 + 1) for c in (c0, c0 + 1) if r < rows and c < cols
        )
    k, m = rows // 3, cols // 3
    if name == "cross":
        edge_rows = [*range(k), *range(rows - k, rows)]
        edge_cols = [*range(m), *range(cols - m, cols)]
        return frozenset((r, c) for r in edge_rows for c in edge_cols)
    if name == "ring":
        return frozenset((r, c) for r in range(k, rows - k) for c in range(m, cols - m))
    return frozenset()
