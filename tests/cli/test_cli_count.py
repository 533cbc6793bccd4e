"""count / queens --format count / sweep on the command line: jobs, facts first, long work
announced, the progress bar, partial counts (--limit, Ctrl-C)."""

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from knightviz.cli import duration, log_duration, main

KNIGHTVIZ = [sys.executable, "-m", "knightviz.cli"]
ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "args",
    [
        ["count", "--size", "5"],
        ["count", "--size", "5", "--start", "a1"],
        ["count", "--size", "3x4"],
        ["queens", "--size", "9", "--format", "count"],
        ["queens", "--size", "11", "--format", "count"],
    ],
    ids=" ".join,
)
def test_any_jobs_print_the_same(capsys, args):
    outputs = {run(capsys, *args, "--jobs", jobs)[:2] for jobs in ("1", "2")}
    outputs.add(run(capsys, *args)[:2])
    assert len(outputs) == 1
    code, out = outputs.pop()
    assert code == 0 and out.strip().isdigit()


def test_known_counts(capsys):
    assert run(capsys, "count", "--size", "5", "--jobs", "2")[:2] == (0, "1728\n")
    assert run(capsys, "queens", "--size", "10", "--format", "count", "--jobs", "2")[:2] == (
        0,
        "724\n",
    )


def test_sweep_with_two_jobs_prints_what_one_prints(capsys):
    # docs/reference.md: on 5x5 every start of the corners' colour (13 squares) finds a tour
    # within 1.6 M steps; the other 12 are ruled out by colour.
    args = ["sweep", "--size", "5", "--heuristic", "none", "--limit", "1600000"]
    one = run(capsys, *args, "--jobs", "1")
    two = run(capsys, *args, "--jobs", "2")
    assert one == two and one[0] == 1
    assert "solved 13 of 25 starts" in one[1] and one[1].count(" impossible ") == 12


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["count", "--size", "2x1000000"], "No knight's tour exists on a 2x1000000 board"),
        (["count", "--size", "1000000x2"], "from any square"),
        (["count", "--size", "7", "--closed"], "No closed tour exists on a 7x7 board"),
        (["count", "--size", "5", "--start", "b5"], "No tour can start on b5"),
        (["count", "--size", "3x4", "--start", "b3"], "starts on b3"),
    ],
)
def test_known_facts_come_first(capsys, args, reason):
    t0 = time.perf_counter()
    code, out, err = run(capsys, *args)
    assert (code, out) == (0, "0\n") and reason in err and err.count("\n") == 1
    assert time.perf_counter() - t0 < 5  # no search (it would take years or hang)


def test_sweep_answers_a_board_wide_fact_first(capsys):
    t0 = time.perf_counter()
    code, out, _ = run(capsys, "sweep", "--size", "2x1000000")
    assert code == 1 and time.perf_counter() - t0 < 5
    assert out == (
        "No knight's tour exists on a 2x1000000 board from any square.\n"
        "solved 0 of 2000000 starts\n"
    )
    code, out, _ = run(capsys, "sweep", "--size", "4", "--format", "json")
    assert code == 1 and '"starts": []' in out and "4x4" in out
    code, out, _ = run(capsys, "sweep", "--size", "4", "--search-anyway", "--limit", "1000")
    assert code == 1 and "solved 0 of 16 starts" in out and " impossible " not in out


def test_estimate_answers_a_known_fact_first(capsys):
    code, out, err = run(capsys, "estimate", "--size", "2x1000000")
    assert code == 1 and "No knight's tour exists on a 2x1000000 board" in out and err == ""
    code, out, _ = run(capsys, "estimate", "--size", "5", "--start", "b5")
    assert code == 1 and "No tour can start on b5" in out
    code, out, _ = run(capsys, "estimate", "--size", "4", "--search-anyway", "--probes", "20")
    assert code == 0 and "positions" in out


def test_limit_gives_a_labelled_partial_count_the_same_for_any_jobs(capsys):
    results = {run(capsys, "count", "--size", "5", "--limit", "5000", "--jobs", j) for j in "12"}
    assert len(results) == 1
    code, out, _ = results.pop()
    assert code == 1 and out.startswith("partial count: ") and "not the total" in out
    assert int(out.split()[2]) < 1728
    code, out, _ = run(capsys, "queens", "--size", "10", "--format", "count", "--limit", "300")
    assert code == 1 and out.startswith("partial count: ") and "solutions" in out
    code, out, _ = run(capsys, "queens", "--size", "10", "--limit", "300")
    assert code == 1 and out.splitlines()[-1].startswith("partial: ")


def test_durations_for_people():
    assert duration(5) == "5.0 s" and duration(75) == "1 min 15 s"
    assert duration(2 * 3600 + 300) == "2 h 05 min" and duration(10 * 86400) == "10.0 days"
    assert duration(3 * 365.25 * 86400) == "3.0 years"
    assert log_duration(10_000.0) == "10^4335 years"  # e^10000 s


def test_long_work_is_announced_and_ctrl_c_prints_the_partial_count():
    """count --size 7 would take years: it says so first, then Ctrl-C (SIGINT to the whole
    foreground group, as a terminal sends it) stops every worker: a labelled partial count,
    exit 130, no process left behind. The command starts with SIGINT at its default, as
    from a terminal: a test suite run in the background of a non-interactive shell has it
    ignored, and the child would inherit that (Python then installs no KeyboardInterrupt)."""
    proc = subprocess.Popen(
        [*KNIGHTVIZ, "count", "--size", "7", "--jobs", "2"],
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        cwd=ROOT,
    )
    try:
        line = proc.stderr.readline()  # the announcement comes before any work
        assert "this count will take about" in line and "--limit" in line and "Ctrl-C" in line
        time.sleep(1.0)  # the workers are counting
        os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    assert out.startswith("partial count: ") and "interrupted" in out and "not the total" in out
    deadline = time.monotonic() + 10
    while True:  # every worker of the group is gone
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        assert time.monotonic() < deadline, "a worker outlived Ctrl-C"
        time.sleep(0.05)


def test_queens_listing_a_huge_board_is_announced(capsys):
    code, out, _ = run(capsys, "queens", "--size", "40", "--limit", "5000")
    assert code == 1 and out.splitlines()[-1].startswith("partial: ")
    proc = subprocess.Popen(
        [*KNIGHTVIZ, "queens", "--size", "40"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        line = proc.stderr.readline()
        assert "this search will take about" in line and "years" in line
    finally:
        proc.kill()
        proc.communicate()


def run_on_a_terminal(args, timeout=120):
    """Run knightviz with stdout and stderr on a pseudo-terminal; return what it showed."""
    pid, fd = pty.fork()
    if pid == 0:  # the child
        os.chdir(ROOT)
        os.execv(sys.executable, [*KNIGHTVIZ, *args])
    shown = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            shown += data
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), shown.decode(errors="replace")


def test_the_progress_bar_shows_on_a_terminal_and_is_cleared():
    code, shown = run_on_a_terminal(["count", "--size", "5", "--jobs", "2"])
    assert code == 0
    assert "\r[" in shown and "% " in shown and "pieces" in shown and "left" in shown
    # the bar's line erased, then the count (numba's colorama may reset colours at exit)
    assert "\x1b[K1728\r\n" in shown and shown.count("1728\r\n") == 1


def test_no_progress_bar_when_stderr_is_not_a_terminal(capsys):
    code, out, err = run(capsys, "count", "--size", "5", "--jobs", "2")
    assert (code, out, err) == (0, "1728\n", "")


def test_scheduler_without_distributed_says_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    code, out, err = run(capsys, "count", "--size", "5", "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "pip install 'knightviz[cluster]'" in err
    monkeypatch.setenv("KNIGHTVIZ_SCHEDULER", "tcp://127.0.0.1:9")
    code, _, err = run(capsys, "queens", "--size", "8", "--format", "count")
    assert code == 2 and "knightviz[cluster]" in err


@pytest.mark.slow  # the 5 s the command gives a scheduler to answer
@pytest.mark.cluster
def test_an_unreachable_scheduler_is_a_clear_error_within_seconds(capsys):
    pytest.importorskip("distributed")
    t0 = time.monotonic()
    code, out, err = run(capsys, "count", "--size", "5", "--scheduler", "tcp://127.0.0.1:9")
    assert time.monotonic() - t0 < 15
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err


@pytest.mark.parametrize(
    ("seconds", "forked", "workers"),
    [(0.05, True, 1), (0.4, True, "cpus"), (0.4, False, 1), (2.0, False, "cpus")],
)
def test_a_pool_is_started_for_work_it_shortens(monkeypatch, seconds, forked, workers):
    """Default --jobs: this process alone for work shorter than a pool's start, every core
    beyond; a forked pool (Linux) pays for itself on the 6×6 tours' 0.4 s, a pool whose
    workers each start a Python only from a second."""
    import argparse

    from knightviz.cli import workers as where
    from knightviz.engine import parallel

    monkeypatch.setattr(parallel, "forks", lambda: forked)
    monkeypatch.setattr(parallel, "usable_cpus", lambda: 4)
    monkeypatch.delenv("KNIGHTVIZ_SCHEDULER", raising=False)
    args = argparse.Namespace(scheduler=None, jobs=None)
    runner = where.runner(args, "numba", seconds)
    try:
        assert runner.workers == (4 if workers == "cpus" else 1)
        assert isinstance(runner, parallel.InProcess) == (workers == 1)
    finally:
        parallel.close_runner(runner)
