"""The search tree panel at size: its index's build time and memory, and the layout and
paint time of the view (the target: paint under 16 ms at any zoom).

Run: ``.venv/bin/python -m benchmarks.gui_tree``

Scenes: plain backtracking on 8×8 from a8 (16,501,401 steps, depth 64, widths down to
10⁻⁶⁰ of the root), the whole run: the whole tree, zoomed ×10⁶ onto the path, and
"follow"; Warnsdorff on 100×100 from a100 (9,999 steps, depth 10,000), whole and follow;
each at device pixel ratio 1 and 2. The layout (segments from the index) is made when the
step or the view changes, at most four times a second while a run goes; a paint only draws
the segments.
"""

from __future__ import annotations

import os
import statistics
import time
import tracemalloc

try:  # run as a file or as a module
    from benchmarks import _isolate
except ImportError:
    import _isolate  # noqa: F401

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def record(
    rows: int, cols: int, start: int, heuristic: str, tie: str, limit: int | None
) -> tuple[object, object]:
    from knightviz.engine import kernels, tour_search
    from knightviz.engine.recording import Recording

    kernels.load()
    kw = {"heuristic": heuristic, "tie_break": tie}
    search = tour_search(rows, cols, start, limit=limit, **kw)
    rec = Recording(search.initial, budget=1 << 30)
    while events := search.advance(1 << 20):
        rec.extend(events, list(search.path))
    rec.finish()
    shadow = tour_search(rows, cols, start, backend="python", **kw)
    return rec, shadow


def timed(fn: object, repeat: int = 5) -> float:
    """Median ms of ``fn()``."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    import numpy  # noqa: F401  (the index's vectorised build, as in the app)
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    from knightviz.engine.tree import TreeIndex, tour_children
    from knightviz.gui.panels.tree import TreeCanvas

    app = QApplication.instance() or QApplication([])
    print(f"{'scene':34} {'dpr':>3} {'layout ms':>10} {'paint ms':>9} {'segments':>9}")
    for label, rows, start, heuristic, tie, limit in (
        ("8x8 plain from a8", 8, 0, "none", "first", None),
        ("100x100 Warnsdorff (Roth) from a100", 100, 0, "warnsdorff", "roth", None),
        # Ties taken first: stuck 30 squares from the end, backtracking for ever (capped).
        ("100x100 Warnsdorff (first) from a100", 100, 0, "warnsdorff", "first", 10_000_000),
    ):
        rec, shadow = record(rows, rows, start, heuristic, tie, limit)
        tracemalloc.start()
        t0 = time.perf_counter()
        index = TreeIndex(rec, tour_children(shadow), rows * rows)
        build = time.perf_counter() - t0
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        pyramid = sum(
            len(a) * a.itemsize
            for a in (
                index._small_min,
                index._small_max,
                index._small_end,
                index._large_min,
                index._large_max,
            )
        )
        print(
            f"{label}: {len(rec):,} steps; index built in {build * 1000:.0f} ms, "
            f"pyramid {pyramid / 1e6:.2f} MB (recording {rec.nbytes / 1e6:.1f} MB), "
            f"peak while building {peak / 1e6:.1f} MB"
        )
        canvas = TreeCanvas()
        canvas.resize(380, 480)
        canvas.index = index
        canvas.at = len(rec)
        # The first layout after the dock opens on this run: the path's chain worked out
        # from nothing (later steps reuse it).
        canvas.follow = True
        t0 = time.perf_counter()
        canvas.relayout()
        print(f"  first layout (follow, cold): {(time.perf_counter() - t0) * 1000:.0f} ms")
        views = [("whole", False, 0.0, 1.0)]
        if rows == 8:
            path = index.path_nodes(len(rec))
            node = path[min(20, len(path) - 1)]
            views.append(("zoomed onto the path", False, node.x, node.x + node.w))
        views.append(("follow", True, 0.0, 1.0))
        for name, follow, x0, x1 in views:
            canvas.follow = follow
            canvas.vx0, canvas.vx1 = x0, x1
            layout = timed(canvas.relayout)
            for dpr in (1, 2):
                image = QImage(380 * dpr, 480 * dpr, QImage.Format.Format_ARGB32_Premultiplied)
                image.setDevicePixelRatio(dpr)

                def paint(image: QImage = image, canvas: TreeCanvas = canvas) -> None:
                    canvas.render(image)

                ms = timed(paint)
                print(f"  {name:32} {dpr:>3} {layout:>10.1f} {ms:>9.2f} {len(canvas.segments):>9,}")
    del app


if __name__ == "__main__":
    main()
