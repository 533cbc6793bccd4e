"""The compiled engine of two checkouts side by side: the same workloads, ratios in one run.

Run from the repository root, naming the other checkout (another worktree, or a clone at
the commit to compare with):

    .venv/bin/python -m benchmarks.compare_engines --before /tmp/knightviz-main
    .venv/bin/python -m benchmarks.compare_engines --before /tmp/knightviz-main --repeats 9

Each checkout gets one worker process (its own ``knightviz`` first on ``sys.path``, its
kernels loaded, or compiled into its own numba cache, before any timing). The workloads
then take turns, before and after back to back and in alternating order, so that a busy
moment of a shared machine hits both; each figure is the best of ``--repeats``, in processor
time of the worker (every workload runs in its one thread), which other processes on the
machine disturb far less than wall time. Every workload checks its answer (steps, counts,
solutions) on both sides.

Not part of ``python -m benchmarks``: it needs a second checkout. Exit status 0 when no
workload is more than ``--tolerance`` slower after than before, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


# -- the workloads (run inside a worker; each returns what it found, to be checked) ----------


def _tour(*args: object, **kwargs: object) -> object:
    from knightviz import engine

    return engine.tour_search(*args, **kwargs)  # type: ignore[arg-type]


def _queens(n: int, **kwargs: object) -> object:
    from knightviz import engine

    make = getattr(engine, "make_queens_search", None)  # (a checkout with the factory)
    if make is not None:
        return make(n, **kwargs)
    from knightviz.engine.queens import QueensSearch

    return QueensSearch(n, **kwargs)  # type: ignore[arg-type]


def _drain(search: object, quiet: bool) -> list[int]:
    s: object = search
    seen = 0
    if quiet:
        while made := s.advance_quiet(1 << 24):  # type: ignore[attr-defined]
            seen += made
    else:
        while chunk := s.advance(65536):  # type: ignore[attr-defined]
            seen += len(chunk)
    result = s.result  # type: ignore[attr-defined]
    return [seen, result.moves, result.backtracks, result.count]


def plain_8x8_events() -> object:
    return _drain(_tour(8, 8, 0, heuristic="none", backend="numba"), quiet=False)


def plain_8x8_quiet() -> object:
    return _drain(_tour(8, 8, 0, heuristic="none", backend="numba"), quiet=True)


def plain_9x9_events() -> object:
    """More than 64 squares: the byte-array kernel (a step cap keeps it short)."""
    return _drain(_tour(9, 9, 0, heuristic="none", limit=20_000_000, backend="numba"), quiet=False)


def plain_9x9_quiet() -> object:
    return _drain(_tour(9, 9, 0, heuristic="none", limit=20_000_000, backend="numba"), True)


def warnsdorff_roth_1000() -> object:
    search = _tour(1000, 1000, 0, tie_break="roth", backend="numba")
    return _drain(search, quiet=True)


def warnsdorff_closed_40() -> object:
    """Closed tours back off more: the Warnsdorff kernel's backtracking."""
    search = _tour(40, 40, 0, closed=True, limit=5_000_000, backend="numba")
    return _drain(search, quiet=False)


def queens_12_events() -> object:
    return _drain(_queens(12, backend="numba"), quiet=False)


def queens_13_quiet() -> object:
    return _drain(_queens(13, backend="numba"), quiet=True)


def count_queens_15() -> object:
    from knightviz.engine import queens, queens_count

    count = getattr(queens_count, "count_queens", None) or queens.count_queens  # type: ignore[attr-defined]
    return count(15, backend="numba")


def count_a6() -> object:
    """One word: the 6x6 counter from a6 (524,486 tours)."""
    from knightviz.engine.count import count_below

    got = count_below(6, 6, (0,), backend="numba")
    return [got.count, got.nodes, got.finished]


def count_9x9_budget() -> object:
    """More than 64 squares: the table counter, stopped by its node budget."""
    from knightviz.engine.count import count_below

    got = count_below(9, 9, (0,), False, 5_000_000, backend="numba")
    return [got.count, got.nodes, got.finished]


def count_queens_below_15() -> object:
    from knightviz.engine.queens_count import count_below, roots

    total = unique = nodes = 0
    for root in roots(15):
        got = count_below(15, root, backend="numba")
        total, unique, nodes = total + got.total, unique + got.unique, nodes + got.nodes
    return [total, unique, nodes]


def plan_7x7() -> object:
    """Planning a count: Knuth's probes of both counters' trees."""
    from knightviz.engine import parallel

    tours = parallel.plan_tours(7, 7, backend="numba", split=True)
    queens = parallel.plan_queens(20, backend="numba", split=True)
    return [len(tours.pieces), tours.count, len(queens.pieces), queens.count]


_RECORDED: list[object] = []


def _record(rows: int, limit: int | None, **recording: object) -> object:
    """As the window records at unlimited speed: the search writes into the recording."""
    from knightviz.engine.recording import Recording

    s: object = _tour(rows, rows, 0, heuristic="none", limit=limit, backend="numba")
    rec: object = Recording(s.initial, **recording)  # type: ignore[attr-defined]
    while True:
        target = rec.reserve(1 << 18)  # type: ignore[attr-defined]
        made = s.advance_into(target)  # type: ignore[attr-defined]
        target.release()
        if not made:
            break
        path = s.snapshot_path() if rec.checkpoint_due(made) else None  # type: ignore[attr-defined]
        rec.commit(made, path, (s.moves, s.backtracks))  # type: ignore[attr-defined]
    return rec


def record_8x8() -> object:
    """Recording a whole run (16.5 M steps, within the default budget)."""
    rec = _record(8, None)
    _RECORDED[:] = [rec]
    return [len(rec), rec.nbytes, rec.gaps()]  # type: ignore[arg-type, attr-defined]


def record_9x9_small_budget() -> object:
    """Past its budget: blocks dropped and recycled, gap checkpoints thinned."""
    rec = _record(9, 20_000_000, budget=8 << 20, block=1 << 16, checkpoint_every=4096)
    return [len(rec), rec.nbytes, len(rec.gaps()), rec.seek(10_000_000).exact]  # type: ignore[arg-type, attr-defined]


def seek_8x8() -> object:
    """Seeking all over the recorded 8x8 run."""
    if not _RECORDED:
        record_8x8()
    rec: object = _RECORDED[0]
    steps = len(rec)  # type: ignore[arg-type]
    found = 0
    for k in range(0, steps, steps // 200):
        found += len(rec.seek(k).path)  # type: ignore[attr-defined]
    return found


def markers_8x8() -> object:
    """The marker scan over the recorded 8x8 run."""
    from knightviz.engine.recording import Recording, fast_scanner

    if not _RECORDED:
        record_8x8()
    rec: object = Recording([0])
    rec.load(_RECORDED[0].data())  # type: ignore[attr-defined]
    scanner = fast_scanner()
    while not rec.scan_markers(scanner=scanner):  # type: ignore[attr-defined]
        pass
    m = rec.markers  # type: ignore[attr-defined]
    return [m.deepest, m.deepest_step, m.longest_backtrack, m.longest_backtrack_step]


WORKLOADS: dict[str, Callable[[], object]] = {
    "plain 8x8 events (one word)": plain_8x8_events,
    "plain 8x8 quiet (one word)": plain_8x8_quiet,
    "plain 9x9 events (bytes)": plain_9x9_events,
    "plain 9x9 quiet (bytes)": plain_9x9_quiet,
    "warnsdorff roth 1000x1000": warnsdorff_roth_1000,
    "warnsdorff closed 40x40": warnsdorff_closed_40,
    "queens 12 events": queens_12_events,
    "queens 13 quiet": queens_13_quiet,
    "count_queens 15": count_queens_15,
    "count 6x6 a6 (one word)": count_a6,
    "count 9x9 5M nodes (table)": count_9x9_budget,
    "queens classes 15": count_queens_below_15,
    "plan 7x7 + queens 20 (probes)": plan_7x7,
    "record 8x8 (reserve, commit)": record_8x8,
    "record 9x9 past a small budget": record_9x9_small_budget,
    "seek 200 times in 8x8": seek_8x8,
    "load + scan markers 8x8": markers_8x8,
}


def worker() -> None:
    """Answer workload names on stdin with one JSON line each: seconds and the answer."""
    import knightviz
    from knightviz.engine import kernels

    kernels.load()
    for fn in WORKLOADS.values():  # first calls: every specialisation compiled or loaded
        fn()
    print(json.dumps({"ready": knightviz.__file__}), flush=True)
    for line in sys.stdin:
        fn = WORKLOADS[line.strip()]
        t0 = time.process_time()
        answer = fn()
        seconds = time.process_time() - t0
        print(json.dumps({"seconds": seconds, "answer": repr(answer)}), flush=True)


# -- the comparison ----------------------------------------------------------------------------


class Side:
    """One checkout's worker process."""

    def __init__(self, label: str, root: Path) -> None:
        self.label = label
        env = {**os.environ, "PYTHONPATH": str(root), "KNIGHTVIZ_ENGINE": "numba"}
        # Run as a file: its own folder, not a checkout, heads sys.path, so ``knightviz``
        # comes from PYTHONPATH (this side's checkout).
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            cwd=root,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.source = str(self._reply()["ready"])

    def _reply(self) -> dict[str, object]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.label} worker ended early")
        reply: dict[str, object] = json.loads(line)
        return reply

    def run(self, name: str) -> tuple[float, str]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(name + "\n")
        self.proc.stdin.flush()
        reply = self._reply()
        return float(reply["seconds"]), str(reply["answer"])  # type: ignore[arg-type]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.compare_engines")
    parser.add_argument("--before", type=Path, required=True, help="the checkout to compare with")
    parser.add_argument("--after", type=Path, default=ROOT, help="default: this checkout")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--tolerance", type=float, default=0.05, help="default: 0.05 (5 %%)")
    parser.add_argument("--only", action="append", default=[], help="workloads containing this")
    args = parser.parse_args(argv)
    names = [n for n in WORKLOADS if not args.only or any(o in n for o in args.only)]
    t0 = time.perf_counter()
    before, after = Side("before", args.before.resolve()), Side("after", args.after.resolve())
    print(f"workers ready in {time.perf_counter() - t0:.1f} s (kernels loaded or compiled)")
    print(f"before: {before.source}\nafter:  {after.source}")
    best: dict[tuple[str, str], float] = {}
    answers: dict[tuple[str, str], str] = {}
    try:
        for rep in range(args.repeats):
            for name in names:
                sides = (before, after) if (rep + len(name)) % 2 == 0 else (after, before)
                for side in sides:
                    seconds, answer = side.run(name)
                    key = (side.label, name)
                    best[key] = min(best.get(key, float("inf")), seconds)
                    answers[key] = answer
    finally:
        before.close()
        after.close()
    status = 0
    width = max(len(n) for n in names)
    print(f"{'workload':<{width}}  {'before':>9}  {'after':>9}  after/before  same answer")
    for name in names:
        b, a = best[("before", name)], best[("after", name)]
        same = answers[("before", name)] == answers[("after", name)]
        ratio = a / b
        if ratio > 1 + args.tolerance or not same:
            status = 1
        print(f"{name:<{width}}  {b:8.4f}s  {a:8.4f}s  {ratio:11.3f}x  {'yes' if same else 'NO'}")
    return status


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        worker()
    else:
        raise SystemExit(main())
