"""Does the speed slider deliver what it shows? Steps per second the board receives, against
the speed set, at 1, 20, 60 and 1,000 steps/s.

Run: ``nice .venv/bin/python benchmarks/gui_paced.py [--seconds S] [--load N]``. A real
window (offscreen) runs plain backtracking on 8×8 from a8 (16.5 M steps: it never ends
here) at each speed; after a short warm-up, the steps applied to the board model are timed
over S seconds (default 6; at 1 step/s at least 8). ``--load N`` keeps N busy processes
running meanwhile (a busy machine). Target: within 2 % of the speed set. Columns: the speed
asked for, the slider's label for it, the speed that position really sets (the slider is
logarithmic: "20 steps/s" is 19.63), what the board got, and its ratio to each.

The figure is (steps delivered in the window) / (time between the first and the last
delivery in it), so it does not depend on where the window starts between two steps.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time

try:  # run as a file (python benchmarks/gui_x.py) or as a module (python -m benchmarks.gui_x)
    from benchmarks import _isolate
except ImportError:
    import _isolate  # noqa: F401


os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SPEEDS = (1.0, 20.0, 60.0, 1000.0)


def _spin_forever() -> None:  # a busy process for --load
    x = 0
    while True:
        x += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--load", type=int, default=0, help="busy processes meanwhile")
    parser.add_argument("--speeds", type=float, nargs="*", default=list(SPEEDS))
    args = parser.parse_args(argv)

    from PySide6.QtWidgets import QApplication, QLabel

    import knightviz
    from knightviz.gui import MainWindow
    from knightviz.gui.puzzles.knight import KnightSettings

    load = [multiprocessing.Process(target=_spin_forever, daemon=True) for _ in range(args.load)]
    for p in load:
        p.start()
    app = QApplication.instance() or QApplication([])
    w = MainWindow()
    w.show()
    w.panel.set_settings("knight", KnightSettings(warnsdorff=False))  # plain: a long run
    print(
        f"knightviz from {os.path.dirname(knightviz.__file__)}; load {args.load}; "
        f"{os.cpu_count()} cores; engine {os.environ.get('KNIGHTVIZ_ENGINE', 'auto')}"
    )
    print(
        f"{'asked':>7} {'shown':>16} {'set':>8} {'delivered':>10} {'/set':>6} {'/shown':>6} "
        f"{'steps':>7} {'seconds':>8}"
    )
    try:
        for speed in args.speeds:
            w.run_controls.set_speed(speed)
            shown = w.findChild(QLabel, "speedLabel").text()
            actual = w.session.speed  # the slider's position for it (a logarithmic scale)
            w.start_or_pause()
            seconds = max(args.seconds, 8.0 if speed <= 1 else 0.0)
            warm = time.perf_counter() + min(1.5, 2.5 / speed)
            while time.perf_counter() < warm:
                app.processEvents()
            deliveries: list[tuple[float, int]] = []
            last = w.model.steps
            end = time.perf_counter() + seconds
            while time.perf_counter() < end:
                app.processEvents()
                steps = w.model.steps
                if steps != last:
                    deliveries.append((time.perf_counter(), steps))
                    last = steps
                time.sleep(0.0005)
            w.reset()
            if len(deliveries) < 2:
                print(f"{speed:>7,.0f} {shown:>16} {actual:>8,.2f} {'-':>10}")
                continue
            (t0, s0), (t1, s1) = deliveries[0], deliveries[-1]
            rate = (s1 - s0) / (t1 - t0)
            figure = float("".join(c for c in shown.split()[0] if c.isdigit() or c == "."))
            print(
                f"{speed:>7,.0f} {shown:>16} {actual:>8,.2f} {rate:>10,.2f} "
                f"{rate / actual:>6.3f} {rate / figure:>6.3f} {s1 - s0:>7,} {t1 - t0:>8.2f}"
            )
    finally:
        w.close()
        for p in load:
            p.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
