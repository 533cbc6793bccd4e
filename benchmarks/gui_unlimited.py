"""Plain backtracking at unlimited speed inside the app vs the headless engine, same process.

Run: ``.venv/bin/python benchmarks/gui_unlimited.py [ROUNDS] [--python] [--no-g5]``
(default 3 rounds, interleaved; the best time of each side is compared; lateness counts
every tick of every round).

Targets (the window at the compiled engine's speed):
- plain 8×8 from a8 in the app ≤ 1.3 × the headless run of the same engine;
- event-loop lateness of a 10 ms QTimer during the in-app runs p99 < 20 ms;
- plain 8×8 from g5 (2.08 G steps) finishes in the app in under 30 s (compiled engine);
- peak RSS of the app process < 250 MB, not counting the recordings (they
  have a budget of their own, 512 MB by default): the recordings' bytes are
  reported beside the RSS, and the RSS less the recordings is held to the target.

The in-app run is the real window (offscreen): the worker thread, frames at screen rate,
the board repainting and the counters updating, from pressing Start to ``run_finished``.
By default both sides use the compiled engine (loaded first, as the app does after its
first paint); ``--python`` measures the pure-Python engine instead.
"""

from __future__ import annotations

import math
import os
import resource
import sys
import time

try:  # run as a file (python benchmarks/gui_x.py) or as a module (python -m benchmarks.gui_x)
    from benchmarks import _isolate
except ImportError:
    import _isolate  # noqa: F401


os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def fmt(times: list[float]) -> str:
    return ", ".join(f"{t:.2f}" for t in times)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    python = "--python" in args
    rounds = next((int(a) for a in args if a.isdigit()), 3)
    os.environ["KNIGHTVIZ_ENGINE"] = "python" if python else "auto"

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from knightviz.engine import Board, kernels, run, tour_search
    from knightviz.gui import MainWindow
    from knightviz.gui.puzzles.knight import KnightSettings

    app = QApplication.instance() or QApplication([])
    if not python:
        kernels.load()
    backend = "python" if python else "numba"

    window = MainWindow()
    window.show()
    window.panel.set_settings("knight", KnightSettings(warnsdorff=False))
    window.run_controls.set_speed(math.inf)
    app.processEvents()
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
    result = []
    window.controller.run_finished.connect(lambda r: (result.append(r), app.quit()))

    def in_app(start: tuple[int, int]) -> float:
        window.reset()
        window.view.set_start(start[0] * 8 + start[1])
        app.processEvents()
        last[0] = 0.0
        timer.start(10)
        t0 = time.perf_counter()
        window.start_or_pause()
        app.exec()
        elapsed = time.perf_counter() - t0
        timer.stop()
        return elapsed

    # Interleaved, best of ``rounds``: the machines are shared and their speed drifts.
    headless_times, app_times = [], []
    for _ in range(rounds):
        t0 = time.perf_counter()
        expected = run(tour_search(8, 8, 0, heuristic="none", backend=backend))
        headless_times.append(time.perf_counter() - t0)
        app_times.append(in_app((0, 0)))
        assert window.session.backend == backend
    headless, in_app_best = min(headless_times), min(app_times)
    r = result[-1]
    assert (r.moves, r.backtracks) == (expected.moves, expected.backtracks)
    assert window.model.path == list(expected.solution or ())
    ok = True
    ratio = in_app_best / headless
    print(f"plain 8×8 from a8, {backend} engine: {expected.steps:,} steps")
    print(f"  headless engine: {headless:.3f} s (best of {fmt(headless_times)})")
    print(f"  in the app:      {in_app_best:.3f} s (best of {fmt(app_times)})")
    print(f"  ratio {ratio:.2f} (target ≤ 1.3)")
    ok = ok and ratio <= 1.3
    if not python and "--no-g5" not in args:
        g5 = Board(8, 8).parse("g5")
        seconds = in_app(divmod(g5, 8))
        r = result[-1]
        print(
            f"plain 8×8 from g5 in the app: {r.steps:,} steps in {seconds:.1f} s "
            f"({r.steps / seconds / 1e6:.0f} M steps/s; target < 30 s)"
        )
        ok = ok and seconds < 30 and r.solved
    late.sort()
    p99 = late[min(len(late) - 1, int(len(late) * 0.99))] * 1000
    worst = late[-1] * 1000
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    held = window.recordings.nbytes / 2**20
    budget = window.recordings.budget / 2**20
    print(
        f"  10 ms timer lateness: p50 {late[len(late) // 2] * 1000:.1f} ms, "
        f"p99 {p99:.1f} ms, max {worst:.1f} ms over {len(late)} ticks (target p99 < 20 ms)"
    )
    print(
        f"  peak RSS: {rss:.0f} MB, of which recordings {held:.0f} MB (budget {budget:.0f} MB);"
        f" without them {rss - held:.0f} MB (target < 250 MB)"
    )
    window.close()
    ok = ok and p99 < 20 and rss - held < 250 and held <= budget + 4
    print("  PASS" if ok else "  FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
