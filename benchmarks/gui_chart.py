"""The steps chart: the cost of its first show, and of a long run's depth profile.

Run: ``.venv/bin/python -m benchmarks.gui_chart [--repeats N]`` (default 5).

- First show: in fresh offscreen processes, from ticking Compare, Steps chart to the chart
  drawn (pyqtgraph and, with the Python engine, numpy imported then). The window itself
  never imports pyqtgraph (checked by a test), so start-up does not pay for it.
- Depth profile: plain 8×8 from a8, 16,501,401 steps recorded (the compiled engine when
  numba is installed), drawn as 2,000 columns of min and max depth: whole, and zoomed into
  a tenth of it. Target: under 100 ms for the whole run (the window redraws a running
  chart at most every 250 ms, or every 5× the last profile's cost if that is longer).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

try:  # run as a file (python benchmarks/gui_x.py) or as a module (python -m benchmarks.gui_x)
    from benchmarks import _isolate
except ImportError:
    import _isolate  # noqa: F401


TARGET_MS = 100.0

CHILD = r"""
import sys, time
from PySide6.QtWidgets import QApplication
app = QApplication([])
from knightviz.gui import MainWindow
w = MainWindow(); w.show(); app.processEvents()
assert "pyqtgraph" not in sys.modules
t0 = time.perf_counter()
w.chart_action.setChecked(True)
app.processEvents()
w.chart.grab()
print(time.perf_counter() - t0)
w.close()
"""


def first_show(repeats: int, engine: str) -> list[float]:
    out = []
    for _ in range(repeats):
        # A fresh settings home each time: a chart dock left open by the run before would
        # be restored, and the first show would have happened at start-up.
        with tempfile.TemporaryDirectory(prefix="knightviz-bench-") as home:
            env = dict(
                os.environ,
                QT_QPA_PLATFORM="offscreen",
                KNIGHTVIZ_ENGINE=engine,
                XDG_CONFIG_HOME=os.path.join(home, "config"),
                XDG_DATA_HOME=os.path.join(home, "data"),
            )
            done = subprocess.run(
                [sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True
            )
        out.append(float(done.stdout.strip().splitlines()[-1]))
    return out


def main(argv: list[str] | None = None) -> int:
    from knightviz.engine import kernels, tour_search
    from knightviz.engine.recording import Recording
    from knightviz.gui.panels.depth import depth_profile

    args = list(sys.argv[1:] if argv is None else argv)
    repeats = int(args[args.index("--repeats") + 1]) if "--repeats" in args else 5

    shows = first_show(repeats, "python")
    print(f"first show of the chart (pyqtgraph + numpy imported), {repeats} fresh processes:")
    print(f"  median {statistics.median(shows):.3f} s, max {max(shows):.3f} s")

    backend = "python"
    if kernels.available():
        kernels.load()
        backend = "numba"
    search = tour_search(8, 8, 0, heuristic="none", backend=backend)
    rec = Recording(search.initial)
    t0 = time.perf_counter()
    while True:
        target = rec.reserve(1 << 18)
        made = search.advance_into(target)
        target.release()
        if not made:
            break
        path = search.snapshot_path() if rec.checkpoint_due(made) else None
        rec.commit(made, path, (search.moves, search.backtracks))
    print(f"recorded {len(rec):,} steps ({backend}) in {time.perf_counter() - t0:.1f} s")

    def timed(**kwargs: int) -> float:
        best = float("inf")
        for _ in range(repeats):
            t = time.perf_counter()
            profile = depth_profile(rec, max_depth=64, **kwargs)
            best = min(best, time.perf_counter() - t)
        assert profile.deepest <= 64
        return best * 1000

    whole = timed()
    tenth = timed(first=len(rec) // 2, end=len(rec) // 2 + len(rec) // 10)
    print(f"depth profile, 2,000 columns, best of {repeats}:")
    print(f"  whole run: {whole:.1f} ms ({whole / len(rec) * 1e6:.2f} ms per million steps)")
    print(f"  a tenth of it (zoomed): {tenth:.1f} ms")
    ok = whole < TARGET_MS
    print(f"  {'PASS' if ok else 'FAIL'} (target < {TARGET_MS:.0f} ms for the whole run)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
