"""The window's start-up time against the size of its run history, offscreen, in fresh
processes: 1, 1,000 and 10,000 runs on disk, timed in the same sitting.

Run: ``.venv/bin/python benchmarks/history_startup.py [--runs N] [--sizes 1,1000,10000]``.
Target: the window with 10,000 runs opens within 0.5 s of the window with one (the table
reads the ids of the rows on disk, then a page of rows; the chart reads them when shown).

Each size gets its own scratch home with a history written as the app writes it; each run
is a new interpreter, the clock started before PySide6 is imported and stopped when the
board has finished its first paint (as ``gui_startup.py``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

try:  # run as a file (python benchmarks/x.py) or as a module (python -m benchmarks.x)
    from benchmarks import _isolate
except ImportError:
    import _isolate  # noqa: F401


CHILD = r"""
import sys, time
t0 = time.perf_counter()
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from knightviz.gui import MainWindow, config
app = QApplication([])
config.isolate(sys.argv[1])
w = MainWindow()
w.show()
board = w.board
def check():
    if board._painted_version != -1:
        print(time.perf_counter() - t0, w.history.rowCount())
        timer.stop()
        app.quit()
timer = QTimer()
timer.timeout.connect(check)
timer.start(0)
app.exec()
w.close()
"""

WRITE = r"""
import sqlite3, sys
from datetime import datetime, timezone
from PySide6.QtCore import QCoreApplication
from knightviz.engine import Outcome, Result
from knightviz.gui import config
from knightviz.gui.history_store import _COLUMNS, FILENAME, HistoryStore
from knightviz.gui.puzzles import make_puzzles
from knightviz.gui.puzzles.knight import KnightSettings
from knightviz.gui.puzzles.queens import QueensSettings
from knightviz.gui.records import RunRecord, RunSetup
app = QCoreApplication([])
config.isolate(sys.argv[1])
runs = int(sys.argv[2])
store = HistoryStore(make_puzzles(), config.data_dir() / FILENAME)
when = datetime(2026, 1, 1, tzinfo=timezone.utc)
rows = []
for n in range(1, runs + 1):
    size = 5 + n % 4
    queens = n % 5 == 0
    settings = QueensSettings() if queens else KnightSettings(rows=size, cols=size)
    record = RunRecord(
        setup=RunSetup("queens" if queens else "knight", settings, 0 if queens else n % 25),
        result=Result(Outcome.EXHAUSTED, n, n - 1, "no tour", None, 0.25, 0),
        wall_seconds=0.5, strategy="plain", summary="no tour",
        start_name="-" if queens else "a5", number=n,
    )
    rows.append(store._row(record, when))
store.close()
with sqlite3.connect(config.data_dir() / FILENAME) as db:
    db.executemany(f"INSERT INTO runs ({_COLUMNS}) VALUES ({', '.join('?' * 19)})", rows)
"""

#: The longest the window with the largest history may take beyond the one with one run (s).
TARGET = 0.5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="starts per size (median)")
    parser.add_argument("--sizes", default="1,1000,10000", help="history sizes, comma-separated")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: bytecode cached (gui_startup.py)
    with tempfile.TemporaryDirectory(prefix="knightviz-history-bench-") as scratch:
        homes = {}
        for size in sizes:
            home = Path(scratch) / str(size)
            subprocess.run([sys.executable, "-c", WRITE, str(home), str(size)], env=env, check=True)
            homes[size] = home
        subprocess.run(
            [sys.executable, "-c", CHILD, str(homes[sizes[0]])],
            env=env,
            check=True,
            capture_output=True,
        )  # fills the bytecode cache
        times: dict[int, list[float]] = {size: [] for size in sizes}
        for _ in range(args.runs):  # sizes interleaved: a busy moment hits them alike
            for size in sizes:
                out = subprocess.run(
                    [sys.executable, "-c", CHILD, str(homes[size])],
                    env=env,
                    capture_output=True,
                    text=True,
                    check=True,
                )
                seconds, rows = out.stdout.split()[-2:]
                assert int(rows) == size, (rows, size)
                times[size].append(float(seconds))
    base = statistics.median(times[sizes[0]])
    print(f"start-up to first paint against the history's size, median of {args.runs}:")
    print(f"  {'runs':>7}  {'median s':>9}  {'max s':>7}  {'ratio':>6}  {'extra s':>8}")
    for size in sizes:
        med = statistics.median(times[size])
        print(
            f"  {size:>7,}  {med:>9.3f}  {max(times[size]):>7.3f}  {med / base:>6.2f}"
            f"  {med - base:>8.3f}"
        )
    extra = statistics.median(times[sizes[-1]]) - base
    ok = extra < TARGET
    print(f"  {sizes[-1]:,} runs: {extra:+.3f} s over {sizes[0]:,} (target < {TARGET} s)")
    print("  PASS" if ok else "  FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
