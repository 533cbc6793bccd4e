"""How fast Pause, Step and Reset answer during the plain 8×8 search at unlimited speed.

Run: ``.venv/bin/python benchmarks/gui_responsiveness.py``. Target: every answer < 50 ms.

Pause: from the call until the worker confirms it has stopped and the board shows the
exact paused state. Step: from the call until the board shows exactly one more event.
Reset: from the call until the thread is joined and the history row is added.
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import time

try:  # run as a file (python benchmarks/gui_x.py) or as a module (python -m benchmarks.gui_x)
    from benchmarks import _isolate
except ImportError:
    import _isolate  # noqa: F401


os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(argv: list[str] | None = None) -> int:
    from PySide6.QtWidgets import QApplication

    from knightviz.gui import MainWindow
    from knightviz.gui.puzzles.knight import KnightSettings

    app = QApplication.instance() or QApplication([])
    w = MainWindow()
    w.show()
    w.panel.set_settings("knight", KnightSettings(warnsdorff=False))  # plain: a long run
    w.run_controls.set_speed(math.inf)
    confirmed: list[float] = []
    w.controller.pause_reached.connect(lambda: confirmed.append(time.perf_counter()))

    def spin(seconds: float) -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            app.processEvents()

    pauses, steps, resets = [], [], []
    for _ in range(5):
        w.start_or_pause()
        for _ in range(6):
            spin(0.15)
            n = len(confirmed)
            t0 = time.perf_counter()
            w.start_or_pause()
            while len(confirmed) == n:
                app.processEvents()
            pauses.append(confirmed[-1] - t0)
            before = w.model.steps
            t0 = time.perf_counter()
            w.step()
            while w.model.steps == before:
                app.processEvents()
            steps.append(time.perf_counter() - t0)
            spin(0.02)
            assert w.model.steps == before + 1
            w.start_or_pause()
        spin(0.1)
        t0 = time.perf_counter()
        w.reset()
        resets.append(time.perf_counter() - t0)
        assert not w.controller.running
    w.close()
    ok = True
    for name, xs in (("pause", pauses), ("step", steps), ("reset", resets)):
        ms = [x * 1000 for x in xs]
        print(
            f"{name:6s} median {statistics.median(ms):5.1f} ms, max {max(ms):5.1f} ms "
            f"({len(ms)} tries)"
        )
        ok = ok and max(ms) < 50
    print("  PASS" if ok else "  FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
