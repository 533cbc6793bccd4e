"""The window's own speed: how late a 10 ms timer fires while a search runs at unlimited
speed, with every panel open, on both engines, in one run.

Run: ``.venv/bin/python -m benchmarks.gui_lateness [SECONDS] [--docks none|all]``
(default 8 s per engine, every dock open).

Target (the window's own speed): p99 lateness under
10 ms on the pure-Python engine (every first launch while the kernels compile, and platforms
without numba) and on the compiled one, with the Algorithm, Search stack, Constraints,
Solutions, history and Steps chart docks all shown. The run is plain backtracking on 8×8
from d4 (about 10²¹ steps: it outlasts the measurement on either engine); the target is
for that scene. A second scene, plain backtracking on 100×100 (a path of up to 10,000
squares to paint every frame), is measured and reported without a target.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
import time

try:  # run as a file or as a module
    from benchmarks import _isolate
except ImportError:
    import _isolate  # noqa: F401

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TARGET_MS = 10.0


def measure(engine: str, seconds: float, docks: str, scene: str) -> tuple[float, float, float, int]:
    """(p50, p99, max) lateness in ms and the steps made, in this process."""
    os.environ["KNIGHTVIZ_ENGINE"] = engine
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDockWidget

    from knightviz.engine import kernels
    from knightviz.gui import MainWindow

    app = QApplication.instance() or QApplication([])
    if engine == "numba":
        kernels.load()
    window = MainWindow()
    window.resize(1280, 880)
    window.show()
    if docks == "all":
        window.chart_action.setChecked(True)
        for dock in window.findChildren(QDockWidget):
            dock.show()
    settings = window.session.settings
    if scene == "plain8":
        settings = type(settings)(8, 8, warnsdorff=False)
    else:
        settings = type(settings)(100, 100, warnsdorff=False)
    window.panel.set_settings("knight", settings)
    if scene == "plain8":  # d4: about 10^21 steps, so the search outlasts the measurement
        window.board.start_changed.emit(4 * 8 + 3)
    window.run_controls.set_speed(math.inf)
    for _ in range(20):
        app.processEvents()
    from knightviz.gui.app import freeze_heap

    freeze_heap()  # as the app does after its first paint and once the kernels are loaded
    late: list[float] = []
    last = [0.0]

    def tick() -> None:
        now = time.perf_counter()
        if last[0]:
            late.append(max(0.0, now - last[0] - 0.010))
        last[0] = now

    timer = QTimer()
    timer.setTimerType(timer.timerType().PreciseTimer)
    timer.timeout.connect(tick)
    timer.start(10)

    def finish() -> None:
        # The clock stops first: quitting closes the window, which stops the run (its
        # history row, the chart's whole-run profile): that is not the run's lateness.
        timer.stop()
        app.quit()

    QTimer.singleShot(int(seconds * 1000), finish)
    window.controller.run_finished.connect(lambda _: finish())
    window.start_or_pause()
    app.exec()
    timer.stop()
    steps = window.model.steps
    window.close()
    late.sort()
    p50 = late[len(late) // 2] * 1000
    p99 = late[min(len(late) - 1, int(len(late) * 0.99))] * 1000
    return p50, p99, late[-1] * 1000, steps


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if "--child" in args:  # one engine, one scene, in a fresh process
        engine, seconds, docks, scene = args[1], float(args[2]), args[3], args[4]
        p50, p99, worst, steps = measure(engine, seconds, docks, scene)
        print(f"{p50:.2f} {p99:.2f} {worst:.2f} {steps}")
        return 0
    seconds = next((float(a) for a in args if a.replace(".", "").isdigit()), 8.0)
    docks = args[args.index("--docks") + 1] if "--docks" in args else "all"
    ok = True
    print(f"10 ms timer lateness at unlimited speed, docks: {docks}, {seconds:g} s each")
    for scene, title in (("plain8", "plain 8×8 from d4"), ("plain100", "plain 100×100")):
        for engine in ("python", "numba"):
            # Each in a fresh process: the compiled engine, once loaded, stays loaded.
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "benchmarks.gui_lateness",
                    "--child",
                    engine,
                    str(seconds),
                    docks,
                    scene,
                ],
                capture_output=True,
                text=True,
                check=False,
            )
            out = done.stdout.split()
            if done.returncode != 0 or len(out) != 4:
                print(
                    f"  {title:<20} {engine:<6}: failed ({done.returncode}): {done.stderr[-300:]}"
                )
                ok = False
                continue
            p50, p99, worst, steps = float(out[0]), float(out[1]), float(out[2]), int(out[3])
            passed = p99 < TARGET_MS
            verdict = "(no target)"
            if scene == "plain8":
                ok = ok and passed
                verdict = "PASS" if passed else "FAIL"
            print(
                f"  {title:<20} {engine:<6}: p50 {p50:5.1f} ms, p99 {p99:5.1f} ms, "
                f"max {worst:6.1f} ms, {steps:>12,} steps  {verdict}"
            )
    print(f"  target p99 < {TARGET_MS:g} ms on 8×8, both engines: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
