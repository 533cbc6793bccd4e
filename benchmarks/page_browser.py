"""The shareable HTML page in a real browser (Debian's chromium through Playwright).

    .venv/bin/python benchmarks/page_browser.py [--quick]

Targets: plain 8x8 from a8 (16,501,401 steps) makes a page under 10 MB that opens
in under 2 s and seeks to any step in under 100 ms; Warnsdorff 100x100 and 8-queens (all 92
solutions) pages under 1 MB. Open time is the page's own clock from the start of loading to
the board shown (``window.knightviz.readyMs``: base64, inflating, replaying every step once
for the checkpoints, the first paint); a seek is ``window.knightviz.seek(n)`` timed in the
page: the replay from the nearest checkpoint, the board drawn and the stack listed.
``--quick`` replaces the 16.5-million-step run with plain 6x6 from a6 (496,301 steps).
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from knightviz.engine import Heuristic, Strategy, TieBreak, TourConfig
from knightviz.page import build_page, knight_page_run, queens_page_run

MB = 1 << 20


def knight_page(rows: int, start: int, strategy: Strategy, limit: int | None = None):
    t0 = time.perf_counter()
    run = knight_page_run(TourConfig(rows, rows, start, strategy, limit=limit))
    t1 = time.perf_counter()
    html = build_page(run)
    return run.result, html, t1 - t0, time.perf_counter() - t1


def queens_page(n: int):
    t0 = time.perf_counter()
    run = queens_page_run(n)
    t1 = time.perf_counter()
    html = build_page(run)
    return run.result, html, t1 - t0, time.perf_counter() - t1


def in_browser(browser, path: Path, steps: int, seeks: int = 200):
    page = browser.new_page(viewport={"width": 1200, "height": 820})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    page.wait_for_function("() => window.knightviz && window.knightviz.ready", timeout=120_000)
    opened = page.evaluate("() => window.knightviz.readyMs")
    targets = [random.Random(k).randrange(steps + 1) for k in range(seeks)]
    # Each seek is timed to the board rasterized: reading one pixel back makes the canvas
    # draw what was asked at once. (Without it the canvas records its drawing and, with no
    # frame painted between back-to-back seeks, rasterizes ~100 seeks' worth at once: one
    # seek in a hundred seemed to take 200-800 ms.)
    times = page.evaluate(
        """(targets) => {
            const board = document.getElementById("boardCanvas").getContext("2d");
            return targets.map((n) => {
                const t0 = performance.now();
                window.knightviz.seek(n);
                board.getImageData(0, 0, 1, 1);
                return performance.now() - t0;
            });
        }""",
        targets,
    )
    # The slowest seek's step again, five times: a step that is slow every time is the
    # player's cost; one that is fast again was the machine (another process, a collection).
    slow = targets[times.index(max(times))]
    again = page.evaluate(
        """(n) => [0, 1, 2, 3, 4].map(() => {
            const board = document.getElementById("boardCanvas").getContext("2d");
            window.knightviz.seek(0);
            board.getImageData(0, 0, 1, 1);
            const t0 = performance.now();
            window.knightviz.seek(n);
            board.getImageData(0, 0, 1, 1);
            return performance.now() - t0;
        })""",
        slow,
    )
    page.close()
    return opened, times, errors, again


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    quick = "--quick" in args
    chromium = shutil.which("chromium")
    if chromium is None:
        print("no chromium: the page benchmark needs Debian's chromium")
        return 0
    from playwright.sync_api import sync_playwright

    plain = Strategy(Heuristic.NONE)
    # Roth's tie-break (farthest from the centre) solves 100x100 without a backtrack; ties
    # to the first in order are still unsolved after 60 M steps (docs/reference.md).
    roth = Strategy(Heuristic.WARNSDORFF, TieBreak.ROTH)
    cases = [
        (
            "plain 6x6 from a6" if quick else "plain 8x8 from a8",
            lambda: knight_page(6, 0, plain) if quick else knight_page(8, 0, plain),
            10 * MB,
            True,
        ),
        ("Warnsdorff 100x100 from a100, Roth's ties", lambda: knight_page(100, 0, roth), MB, True),
        ("8-queens, all 92 solutions", lambda: queens_page(8), MB, True),
    ]
    failed = False
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        print(f"chromium {browser.version}; load average {os.getloadavg()[0]:.1f}")
        for name, make, limit, timed in cases:
            result, html, search_s, build_s = make()
            path = Path(tmp) / "page.html"
            path.write_text(html, encoding="utf-8")
            size = path.stat().st_size
            ok = size < limit
            line = (
                f"{name}: {result.steps:,} steps; search+record {search_s:.1f} s, page built "
                f"in {build_s:.2f} s; {size / MB:.2f} MB (target < {limit / MB:.0f} MB)"
            )
            if timed:
                opened, times, errors, again = in_browser(browser, path, result.steps)
                worst = max(times)
                p95 = statistics.quantiles(times, n=20)[-1]
                slowest = [round(t) for t in sorted(times)[-5:]]
                # The 95th percentile decides: on a shared machine a single seek can wait
                # for the processor (the worst is printed too, with the load).
                ok = ok and opened < 2000 and p95 < 100 and not errors
                line += (
                    f"; opens in {opened:.0f} ms (< 2000); seek median "
                    f"{statistics.median(times):.1f} ms, 95th percentile {p95:.1f} ms (< 100), "
                    f"worst {worst:.1f} ms of {len(times)} (the slowest five {slowest}, the "
                    f"slowest at seek #{times.index(worst)}, its step again: "
                    f"{[round(t, 1) for t in again]} ms); JS errors {len(errors)}"
                )
            print(("PASS " if ok else "FAIL ") + line, flush=True)
            failed = failed or not ok
        browser.close()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
