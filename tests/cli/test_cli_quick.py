"""Quick counts (``cli.quick``): ``queens --size N --format count`` up to N = 15 runs before
the rest of the command line is imported, and prints what the full command line prints;
anything else is left to it; Ctrl-C gives the labelled partial count, never a wrong total."""

from __future__ import annotations

import os
import random
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from knightviz.cli import entry, quick
from knightviz.engine import backends, kernels

pytestmark = [
    pytest.mark.skipif(not kernels.available(), reason="numba is not installed here"),
    pytest.mark.own_engine,
]

ROOT = Path(__file__).resolve().parents[2]
#: Q(N) (docs/reference.md).
QUEENS = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712}
QUEENS |= {14: 365596, 15: 2279184}
#: Tells what ran: the modules of the full command line that a quick count never imports.
PROBE = (
    "import sys; from knightviz.cli import main; code = main(sys.argv[1:]); "
    "print('full' if 'argparse' in sys.modules else 'quick', file=sys.stderr); sys.exit(code)"
)


@pytest.fixture(scope="module", autouse=True)
def library():
    """The constellation counter's library built for this machine (the first compiled
    count builds it, as here)."""
    backends.load("queens-count")
    from knightviz.engine.kernels import native

    assert native.load("queens-count"), "the library could not be built here"


def run(args, env=None, **popen):
    return subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "KNIGHTVIZ_ENGINE": "numba", **(env or {})},
        timeout=120,
        **popen,
    )


@pytest.mark.parametrize("n", sorted(QUEENS))
def test_every_quick_size_prints_the_full_command_lines_count(n, capsys, monkeypatch):
    monkeypatch.delenv("KNIGHTVIZ_ENGINE", raising=False)
    args = ["queens", "--size", str(n), "--format", "count"]
    assert quick.main(args) == 0
    fast = capsys.readouterr()
    assert entry.main(args) == 0
    full = capsys.readouterr()
    assert fast.out == full.out == f"{QUEENS[n]}\n"
    assert fast.err == full.err == ""


@pytest.mark.parametrize(
    "args",
    [
        ["queens", "--size", "14", "--format", "count"],
        ["queens", "--format=count", "--jobs=2", "--size=14"],
        ["queens", "--size", "14", "--format", "count", "--jobs", "1"],
    ],
)
def test_a_quick_count_imports_nothing_else_and_counts_on_every_core(args):
    got = run(args)
    assert (got.returncode, got.stdout, got.stderr) == (0, "365596\n", "quick\n")


@pytest.mark.parametrize(
    ("args", "env", "out", "code"),
    [
        (["queens", "--size", "16", "--format", "count"], {}, "14772512\n", 0),
        (["queens", "--size", "12", "--format", "count", "--limit", "10"], {}, "partial", 1),
        (["queens", "--size", "12", "--format", "count", "--jobs", "0"], {}, "", 2),
        (["queens", "--size", "12", "--format", "count", "--jobs", "+2"], {}, "14200\n", 0),
        (["queens", "--size", "12", "--format", "count", "--jobs"], {}, "", 2),
        (["queens", "--size", "8", "--format", "results"], {}, " d1 b2 g3 c4 f5 h6 e7 a8\n", 0),
        (
            ["queens", "--size", "12", "--format", "count"],
            {"KNIGHTVIZ_ENGINE": "python"},
            "14200\n",
            0,
        ),
        (["queens", "--si", "12", "--format", "count"], {}, "14200\n", 0),
    ],
)
def test_anything_else_is_the_full_command_lines(args, env, out, code):
    """Another option, size or spelling, the pure-Python engine: the full path, its output."""
    got = run(args, env)
    assert got.returncode == code, got.stderr
    assert got.stdout.startswith(out) or (out == "" and got.returncode == 2)
    assert got.stderr.endswith("full\n")


def test_a_failed_worker_s_share_is_counted_by_the_command():
    """A worker process that dies: the command counts its share itself, the total exact."""
    script = (
        "import os, sys\n"
        "from knightviz.cli import quick\n"
        "real, parent = quick._below, os.getpid()\n"
        "def below(n, key):\n"
        "    if os.getpid() != parent:\n"
        "        os._exit(3)\n"
        "    return real(n, key)\n"
        "quick._below = below\n"
        "sys.exit(quick.main(['queens', '--size', '13', '--format', 'count', '--jobs', '3']))\n"
    )
    got = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "KNIGHTVIZ_ENGINE": "numba"},
        timeout=120,
    )
    assert (got.returncode, got.stdout) == (0, "73712\n"), got.stderr


PARTIAL = re.compile(
    r"partial count: (\d+) solutions \(interrupted by Ctrl-C; ([\d,]+) of ([\d,]+) pieces "
    r"finished; not the total\)\n"
)


@pytest.mark.slow
def test_ctrl_c_at_any_moment_prints_the_total_or_a_labelled_partial_count():
    """SIGINT at random moments of N = 15 on two processes: the total and exit 0, or one
    partial line (never more than the total, fewer pieces than all) and exit 130; no worker
    left behind."""
    args = ["queens", "--size", "15", "--format", "count", "--jobs", "2"]
    t0 = time.monotonic()
    assert run(args).stdout == "2279184\n"
    whole = time.monotonic() - t0
    rng = random.Random(15)
    partial = 0
    for _ in range(12):
        proc = subprocess.Popen(
            [sys.executable, "-c", PROBE, *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "KNIGHTVIZ_ENGINE": "numba"},
            start_new_session=True,
        )
        try:
            out, err = proc.communicate(timeout=rng.uniform(whole / 3, whole))
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=60)
        if out == "2279184\n":
            assert proc.returncode in (0, -signal.SIGINT), err
        else:
            assert proc.returncode in (130, -signal.SIGINT), err
            m = PARTIAL.fullmatch(out)
            assert m is not None or out == "", out
            if m:
                count, done, pieces = (
                    int(m[1]),
                    int(m[2].replace(",", "")),
                    int(m[3].replace(",", "")),
                )
                assert count <= 2279184 and done < pieces
                partial += 1
        # no counting process of this session left
        left = subprocess.run(["pgrep", "-s", str(proc.pid)], capture_output=True, text=True)
        assert left.stdout == "", left.stdout
    assert partial > 0


@pytest.mark.parametrize(
    ("stdout", "said"),
    [("closed", "standard output is closed"), ("/dev/full", "No space left on device")],
)
def test_a_quick_count_that_cannot_print_says_so_in_one_line(stdout, said):
    """Standard output closed or full: one line on stderr and exit 1, as the full path."""
    if stdout == "/dev/full" and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    command = [sys.executable, "-c", PROBE, "queens", "--size", "12", "--format", "count"]
    shell = f"{shlex.join(command)} {'>&-' if stdout == 'closed' else '> /dev/full'}"
    got = subprocess.run(
        ["sh", "-c", shell],
        capture_output=False,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "KNIGHTVIZ_ENGINE": "numba"},
        timeout=120,
    )
    lines = got.stderr.splitlines()
    assert got.returncode == 1
    assert lines[-1] == "quick" and len(lines) == 2 and said in lines[0], got.stderr


def test_the_quick_counts_budget_is_the_counts_and_runs_the_unbounded_loop():
    """The quick count passes the count's own "no budget" (its pieces are the count's),
    which the kernel runs in its loop without the budget's checks."""
    from knightviz.engine import queens_constellations
    from knightviz.engine.kernels import _constellations

    assert quick._UNLIMITED == queens_constellations.UNLIMITED
    assert _constellations.UNBOUNDED <= queens_constellations.UNLIMITED
