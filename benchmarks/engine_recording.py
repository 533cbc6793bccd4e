"""Recording a whole run and seeking in it: plain 8×8 from a8, 16,501,401 steps.

Run: ``.venv/bin/python -m benchmarks.engine_recording [--repeats N]`` (default 3; the
compiled engine when numba is installed, else the Python one).

Targets (the recording's design goals):
- the whole run fits the default budget (512 MB), at 4 bytes a step or less;
- seeking to 0, 8,250,000, 16,501,401 and back: each under 100 ms;
- recording slows the search by at most 10 % (the search delivering its events, as the
  window's unlimited speed does, with and without recording; the search without events is
  shown too).
"""

from __future__ import annotations

import sys
import time
from typing import Any

TARGET_SEEK_MS = 100.0
#: Steps a call, as the window records at unlimited speed (a checkpoint after each call).
CALL = 1 << 18


def main(argv: list[str] | None = None) -> int:
    from knightviz.engine import kernels, tour_search
    from knightviz.engine.recording import (
        DEFAULT_BUDGET,
        BlockMaker,
        Recording,
        fast_scanner,
    )

    args = list(sys.argv[1:] if argv is None else argv)
    repeats = int(args[args.index("--repeats") + 1]) if "--repeats" in args else 3
    backend = "python"
    if kernels.available():
        kernels.load()
        backend = "numba"

    def quiet() -> float:
        s = tour_search(8, 8, 0, heuristic="none", backend=backend)
        t0 = time.perf_counter()
        s.run()
        return time.perf_counter() - t0

    def events() -> float:
        s = tour_search(8, 8, 0, heuristic="none", backend=backend)
        t0 = time.perf_counter()
        while s.advance(CALL):
            pass
        return time.perf_counter() - t0

    kept: list[Recording] = []
    maker = BlockMaker()  # as the window's store has one: blocks made ahead

    def recorded() -> float:
        """As the window records at unlimited speed: the search writes into the recording."""
        s = tour_search(8, 8, 0, heuristic="none", backend=backend)
        rec = Recording(s.initial, blocks=maker)
        t0 = time.perf_counter()
        while True:
            target = rec.reserve(CALL)
            made = s.advance_into(target)
            target.release()
            if not made:
                break
            path = s.snapshot_path() if rec.checkpoint_due(made) else None
            rec.commit(made, path, (s.moves, s.backtracks))
        elapsed = time.perf_counter() - t0
        kept[:] = [rec]
        return elapsed

    times: dict[str, list[float]] = {"quiet": [], "events": [], "recorded": []}
    for _ in range(repeats):  # interleaved: the machines are shared
        times["quiet"].append(quiet())
        times["events"].append(events())
        times["recorded"].append(recorded())
    best = {k: min(v) for k, v in times.items()}
    rec = kept[0]
    ok = True
    print(f"plain 8×8 from a8, {backend} engine, {len(rec):,} steps, best of {repeats}:")
    print(f"  search without events: {best['quiet']:.3f} s")
    print(f"  with its events:       {best['events']:.3f} s")
    ratio = best["recorded"] / best["events"]
    print(
        f"  events recorded:       {best['recorded']:.3f} s: {ratio:.2f}× the search with "
        f"its events (target ≤ 1.10), {best['recorded'] / best['quiet']:.2f}× without"
    )
    ok = ok and ratio <= 1.10
    per_step = rec.nbytes / len(rec)
    print(
        f"  recording: {rec.nbytes / 2**20:.1f} MB = {per_step:.2f} bytes a step "
        f"(target ≤ 4 + checkpoints; budget {DEFAULT_BUDGET >> 20} MB), gaps: {rec.gaps()}"
    )
    ok = ok and rec.nbytes <= DEFAULT_BUDGET and not rec.gaps()
    worst = 0.0
    # The farthest from a checkpoint: the step just before one (all of a call to replay).
    far = rec.checkpoints.steps[len(rec.checkpoints.steps) // 2] - 1
    for k in (0, 8_250_000, 16_501_401, 8_250_000, 0, 12_345_678, 1, far):
        t0 = time.perf_counter()
        pos = rec.seek(k)
        ms = (time.perf_counter() - t0) * 1000
        worst = max(worst, ms)
        print(f"  seek {k:>10,}: {ms:6.1f} ms (depth {len(pos.path) - 1}, exact {pos.exact})")
    print(f"  worst seek {worst:.1f} ms (target < {TARGET_SEEK_MS:.0f} ms)")
    ok = ok and worst < TARGET_SEEK_MS
    t0 = time.perf_counter()
    scanner = fast_scanner()
    while not rec.scan_markers(scanner=scanner):
        pass
    m = rec.markers
    print(
        f"  markers in {time.perf_counter() - t0:.3f} s: deepest {m.deepest} at step "
        f"{m.deepest_step:,}, longest backtrack {m.longest_backtrack} steps from "
        f"{m.longest_backtrack_step:,}"
    )
    ok = opened(rec) and ok
    print("  PASS" if ok else "  FAIL")
    return 0 if ok else 1


def opened(rec: Any) -> bool:
    """Saved, then opened as File › Open run does: the recording rebuilt without and with
    its steps replayed against the knight's rules (best of 3 each, interleaved)."""
    import tempfile
    from pathlib import Path

    from knightviz.engine import Outcome, Result, legal
    from knightviz.engine.board import FULL
    from knightviz.engine.legal import Rules
    from knightviz.engine.recording import Recording
    from knightviz.engine.runfile import SavedRun, read_run, rebuild, write_run

    run = SavedRun("knight", 8, 8, {}, (0, 0), Result(Outcome.SOLVED, 0, 0), recording=rec.data())
    times: dict[str, list[float]] = {"read": [], "rebuilt": [], "checked": [], "numpy": []}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "run.knightviz"
        write_run(path, run)
        size = path.stat().st_size
        for _ in range(3):
            t0 = time.perf_counter()
            data = read_run(path).recording
            times["read"].append(time.perf_counter() - t0)
            assert data is not None
            for key, rules in (("rebuilt", None), ("checked", Rules.tour(8, 8, FULL))):
                t0 = time.perf_counter()
                rebuild(data, Recording(data.initial), rules)
                times[key].append(time.perf_counter() - t0)
            # (as before the kernels are loaded: numpy's whole-array check)
            compiled, legal._compiled = legal._compiled, lambda: None
            try:
                t0 = time.perf_counter()
                rebuild(data, Recording(data.initial), Rules.tour(8, 8, FULL))
                times["numpy"].append(time.perf_counter() - t0)
            finally:
                legal._compiled = compiled
    best = {k: min(v) for k, v in times.items()}
    check = best["checked"] - best["rebuilt"]
    numpy = best["numpy"] - best["rebuilt"]
    whole = best["read"] + best["rebuilt"]
    print(
        f"  opened ({size / 2**20:.1f} MB file): read {best['read']:.2f} s, rebuilt "
        f"{best['rebuilt']:.2f} s; replaying every step against the rules adds {check:.2f} s "
        f"({check / whole:.0%} of opening without it; target ≤ 50 %), {numpy:.2f} s with "
        "numpy before the kernels are loaded"
    )
    return check <= 0.5 * whole


if __name__ == "__main__":
    raise SystemExit(main())
