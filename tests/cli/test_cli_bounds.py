"""Work bounds on huge boards: every command says within a second or so that it will take
long, a --limit ends it (planning included) with its labelled partial result, and Ctrl-C
during planning ends it with exit 130 and one line.

Each command runs in its own process; a line is waited for (never a fixed sleep), and every
wait has a deadline, so a hang fails the test instead of stalling the suite.
"""

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

KNIGHTVIZ = [sys.executable, "-m", "knightviz.cli"]
ROOT = Path(__file__).resolve().parents[2]
#: Generous: the line is due within about a second; before these bounds it never came.
WAIT = 30.0

pytestmark = pytest.mark.own_engine  # the engine each command chooses for itself


def start(args):
    """knightviz in its own process group, SIGINT at its default (as from a terminal)."""
    return subprocess.Popen(
        [*KNIGHTVIZ, *args],
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        cwd=ROOT,
    )


def first_line(proc, timeout=WAIT):
    """The first line on stderr, or fail when none comes within ``timeout`` seconds."""
    fd = proc.stderr.fileno()
    got = b""
    deadline = time.monotonic() + timeout
    while b"\n" not in got:
        left = deadline - time.monotonic()
        assert left > 0, f"nothing said on stderr within {timeout:g} s: {got!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            data = os.read(fd, 4096)
            assert data, f"stderr closed without a line: {got!r}"
            got += data
    line, _, rest = got.partition(b"\n")
    proc.stderr_rest = rest
    return line.decode()


def finish(proc, timeout=WAIT):
    """Wait for the end (kill the group past ``timeout``); (code, stdout, rest of stderr)."""
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"still running {timeout:g} s after it should have ended")
    return proc.returncode, out.decode(), getattr(proc, "stderr_rest", b"").decode() + err.decode()


LONG = [
    (["count", "--size", "2000"], ("planning the count",)),
    (["queens", "--size", "1000", "--format", "count"], ("planning the count",)),
    (["solve", "--size", "1000"], ("no tour yet after",)),
    (["sweep", "--size", "2000"], ("this sweep will take about",)),
    # The time of a probe, or (when the board's tables take over a second) that it probes.
    (
        ["estimate", "--size", "2000", "--probes", "100000000"],
        ("this estimate will take about", "probing the search tree"),
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("args", "said"), LONG, ids=[a[0] for a, _ in LONG])
def test_long_work_says_so_and_ctrl_c_ends_it_with_one_line(args, said):
    proc = start(args)
    try:
        line = first_line(proc)
        assert any(words in line for words in said) and "Ctrl-C" in line
        os.killpg(proc.pid, signal.SIGINT)  # while planning (count, queens) or working
        code, out, err = finish(proc)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert code == 130
    assert "Traceback" not in err
    said_after = [x for x in (out + err).splitlines() if x]
    assert len(said_after) == 1, said_after
    if args[0] in ("count", "queens"):
        assert out.startswith("partial count: 0 ") and "interrupted" in out
        assert "not the total" in out
    else:
        assert err == "knightviz: interrupted\n"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "noun"),
    [
        (["count", "--size", "2000", "--limit", "1000"], "tours"),
        (["queens", "--size", "1000", "--format", "count", "--limit", "1000"], "solutions"),
    ],
    ids=["count", "queens"],
)
def test_a_limit_bounds_the_planning_of_a_huge_count(args, noun):
    """Planning a 2000x2000 count used to grow with the square of the board's area before
    the limit applied: now the limit stops the planning too."""
    proc = start(args)
    code, out, err = finish(proc, timeout=60)
    assert code == 1 and "Traceback" not in err
    assert out.startswith(f"partial count: 0 {noun} (stopped at --limit 1,000 steps;")
    assert out.rstrip().endswith("not the total)")


@pytest.mark.slow
def test_a_solve_that_goes_on_says_so_and_its_limit_ends_it():
    """Warnsdorff's rule with backtracking on 100x100 backtracks without end; it says so,
    and --limit still ends it: no tour, exit 1."""
    proc = start(["solve", "--size", "100"])
    try:
        line = first_line(proc)
        assert line.startswith("knightviz: no tour yet after ") and "--limit" in line
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
    proc = start(["solve", "--size", "100", "--limit", "3000000", "--stats"])
    code, _, err = finish(proc, timeout=120)
    assert code == 1 and "limit: " in err and "3,000,000 steps" in err


@pytest.mark.parametrize(
    "args",
    [["--heuristic", "none", "--limit", "500"], ["--limit", "500"], []],
    ids=["plain", "guided-limit", "guided"],
)
def test_a_sweep_s_announcement_says_its_limit_bounds_each_start_square(args, capsys, monkeypatch):
    """A sweep's --limit caps each start square's search, not the sweep: its announcement
    used to say the count's words ("stops it sooner ... with a partial count")."""
    from knightviz.cli import main, workers

    monkeypatch.setattr(workers, "ANNOUNCE_SECONDS", 1e-12)  # any sweep says it
    code = main(["sweep", "--size", "5", "--jobs", "1", *args])
    _, err = capsys.readouterr()
    assert code in (0, 1)
    line = err.splitlines()[0]
    assert line.startswith("knightviz: this sweep will take about ")
    assert "--limit STEPS bounds each start square's search" in line
    assert "sooner" not in line and "partial count" not in line
