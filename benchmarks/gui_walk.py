"""The stateful test walked longer: the random walk of tests/gui/test_stateful.py
with more actions and several seeds, each in its own pytest process.

Run: ``.venv/bin/python benchmarks/gui_walk.py [ACTIONS] [--seeds 17,1] [--strict]``
(default 10,000 actions for each of the seeds 17 and 1: about four minutes a seed).
``--strict`` also checks the invariants ``KNOWN_BROKEN`` skips (the list says what they
are waiting for), and does the actions ``KNOWN_BROKEN_ACTIONS`` skips.

Not a speed measurement: it reports, per seed, whether every invariant held, and the
actions per second as a figure of how much was checked. ``make test`` walks 2,000 actions
of seed 17; a failure here prints the invariant, the action number and the actions before it
(``KNIGHTVIZ_WALK_SEED``/``KNIGHTVIZ_WALK_ACTIONS`` reproduce it in ``pytest``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

try:  # run as a file (python benchmarks/gui_x.py) or as a module (python -m benchmarks.gui_x)
    from benchmarks import _isolate
except ImportError:
    import _isolate  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
TEST = "tests/gui/test_stateful.py::test_random_walk_keeps_every_panel_truthful"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    actions = next((int(a) for a in args if a.isdigit()), 10_000)
    seeds = ["17", "1"]
    if "--seeds" in args:
        seeds = args[args.index("--seeds") + 1].split(",")
    strict = "--strict" in args
    status = 0
    print(f"{'seed':>6} {'actions':>8} {'seconds':>8} {'actions/s':>10}  result")
    for seed in seeds:
        env = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            KNIGHTVIZ_ENGINE=os.environ.get("KNIGHTVIZ_ENGINE", "python"),
            KNIGHTVIZ_WALK_SEED=seed,
            KNIGHTVIZ_WALK_ACTIONS=str(actions),
            KNIGHTVIZ_WALK_STRICT="1" if strict else "",
        )
        t0 = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", TEST],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        seconds = time.perf_counter() - t0
        ok = done.returncode == 0
        status = max(status, 0 if ok else 1)
        print(
            f"{seed:>6} {actions:>8,} {seconds:>8.1f} {actions / seconds:>10.1f}  "
            + ("PASS" if ok else "FAIL"),
            flush=True,
        )
        if not ok:
            lines = [line for line in done.stdout.splitlines() if "propagateSizeHints" not in line]
            print("\n".join(lines[-60:]), flush=True)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
