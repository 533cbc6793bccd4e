"""How fast Pause, Step, Reset and closing the window answer, at every speed.

Run: ``.venv/bin/python benchmarks/gui_responsiveness.py``. Target: every answer < 50 ms,
closing the window mid-run < 100 ms.

During the plain 8×8 search at unlimited speed: Pause, from the call until the worker
confirms it has stopped and the board shows the exact paused state; Step, from the call
until the board shows exactly one more event; Reset, from the call until the thread is
joined and the history row is added. At 1 and 300 steps/s, Pause and Reset asked while the
worker sleeps between paced steps (or batches). Closing the window mid-run at unlimited
speed (plain 8×8, and N-Queens 14×14): from ``close()`` until it returns with the thread
joined. (The tests check that each of these answers within the engine call under way, and
that a sleep is cut short, without a clock; the times are measured here.)
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

    slow: dict[float, tuple[list[float], list[float]]] = {}
    for speed in (1.0, 300.0):
        w.run_controls.set_speed(speed)
        slow_pauses, slow_resets = slow.setdefault(speed, ([], []))
        for _ in range(5):
            w.start_or_pause()
            spin(0.15)  # inside a sleep of up to 1 s (at 1 step/s)
            n = len(confirmed)
            t0 = time.perf_counter()
            w.start_or_pause()
            while len(confirmed) == n:
                app.processEvents()
            slow_pauses.append(confirmed[-1] - t0)
            w.start_or_pause()
            spin(0.15)
            t0 = time.perf_counter()
            w.reset()
            slow_resets.append(time.perf_counter() - t0)
            assert not w.controller.running
    w.close()

    closes = {
        "knight": close_mid_run(app, spin, "knight"),
        "queens": close_mid_run(app, spin, "queens"),
    }
    ok = True
    rows: list[tuple[str, list[float], float]] = [
        ("pause", pauses, 50),
        ("step", steps, 50),
        ("reset", resets, 50),
    ]
    for speed, (slow_pauses, slow_resets) in slow.items():
        rows.append((f"pause at {speed:g}/s", slow_pauses, 50))
        rows.append((f"reset at {speed:g}/s", slow_resets, 50))
    rows += [(f"close, {name}", xs, 100) for name, xs in closes.items()]
    for name, xs, target in rows:
        ms = [x * 1000 for x in xs]
        print(
            f"{name:16s} median {statistics.median(ms):5.1f} ms, max {max(ms):5.1f} ms "
            f"({len(ms)} tries, target < {target} ms)"
        )
        ok = ok and max(ms) < target
    print("  PASS" if ok else "  FAIL")
    return 0 if ok else 1


def close_mid_run(app, spin, puzzle: str, tries: int = 5) -> list[float]:
    """Seconds ``close()`` takes on a window whose run goes on at unlimited speed."""
    from knightviz.gui import MainWindow
    from knightviz.gui.puzzles.knight import KnightSettings
    from knightviz.gui.puzzles.queens import QueensSettings

    out = []
    for _ in range(tries):
        w = MainWindow()
        w.show()
        if puzzle == "knight":
            w.panel.set_settings("knight", KnightSettings(warnsdorff=False))
        else:
            w.panel.set_settings("queens", QueensSettings(rows=14, cols=14))
        w.run_controls.set_speed(math.inf)
        w.start_or_pause()
        spin(0.3)
        thread = w.controller.solver_thread
        t0 = time.perf_counter()
        w.close()
        out.append(time.perf_counter() - t0)
        assert thread is not None and not thread.isRunning()
        w.deleteLater()
        app.processEvents()
    return out


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
