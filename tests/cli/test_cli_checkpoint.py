"""--checkpoint FILE: a count killed at any moment and run again with the same file goes on
where it stopped and prints the exact total; a file of another count is refused in one line.

The kill tests start the real command (``python -m knightviz``) and SIGKILL it after a
random delay, twenty times, on a pool of worker processes and on a Dask LocalCluster: for
6×6 tours, 12-Queens and the empty 6×6 Sudoku.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from knightviz.cli import main

pytestmark = pytest.mark.own_engine

KNIGHTVIZ = [sys.executable, "-m", "knightviz"]
ROOT = Path(__file__).resolve().parents[2]
#: The command runs on the compiled engine (each piece a fraction of a second).
ENV = {**os.environ, "KNIGHTVIZ_ENGINE": "numba"}

#: The counts, and their known totals (docs/reference.md): directed open tours of 6×6 from
#: every square, Q(12), the empty 6×6 Sudoku (boxes of 2 rows × 3 columns).
COUNTS = {
    "tours-6x6": (["count", "--size", "6"], "6637920\n"),
    "queens-12": (["queens", "--size", "12", "--format", "count"], "14200\n"),
    "sudoku-6x6": (["sudoku", "." * 36, "--format", "count"], "28200960\n"),
}
#: SIGKILLs delivered to a running command, per count and runner.
KILLS = 20


def recorded(path: Path) -> tuple[int, int]:
    """(pieces planned, pieces done) in the checkpoint; (0, 0) before it was written."""
    if not path.exists():
        return 0, 0
    with closing(sqlite3.connect(path)) as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if "done" not in tables:
            return 0, 0
        planned = db.execute("SELECT count(*) FROM pieces").fetchone()[0]
        done = db.execute("SELECT count(*) FROM done").fetchone()[0]
    return planned, done


def forget(path: Path) -> None:
    """The checkpoint and SQLite's log beside it, gone."""
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        p.unlink(missing_ok=True)


def start(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*KNIGHTVIZ, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=ENV,
    )


def killed_and_resumed(
    args: list[str], expected: str, path: Path, seed: int, sig: int = signal.SIGKILL
) -> int:
    """Send ``sig`` to ``args --checkpoint path`` at ``KILLS`` random moments of its run,
    then run it to its end: the output is ``expected``. A run that ends before its signal
    prints ``expected`` too, and the next starts from a fresh file. Returns how many
    signals left the count partly done (some pieces recorded, not all)."""
    command = [*args, "--checkpoint", str(path)]
    t0 = time.monotonic()
    first = subprocess.run(
        [*KNIGHTVIZ, *command], capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=300
    )
    whole = time.monotonic() - t0
    assert (first.returncode, first.stdout) == (0, expected), first.stderr
    forget(path)
    rng = random.Random(seed)
    kills = partial = done_before = 0
    while kills < KILLS:
        # Half the signals anywhere in the command's life (starting, planning, counting),
        # half in its second half, where the pieces come back (Ctrl-C always there: a
        # Python still starting up has no handler for it yet).
        early = kills % 2 and sig == signal.SIGKILL
        delay = rng.uniform(0, whole) if early else rng.uniform(whole / 2, whole)
        proc = start(command)
        try:
            out, err = proc.communicate(timeout=delay)
        except subprocess.TimeoutExpired:
            proc.send_signal(sig)
            out, err = proc.communicate(timeout=120)
            kills += 1
            if sig == signal.SIGINT and proc.returncode != 0:
                # 130: the command's own "interrupted"; the signal's own end (-2) when it
                # comes as the interpreter is closing, the count printed or not.
                assert proc.returncode in (130, -signal.SIGINT), err
                assert out in ("", expected) or out.startswith("partial count: "), out
            planned, done = recorded(path)
            assert done >= done_before, "a recorded piece was lost"
            done_before = done
            partial += 0 < done < planned
            if out != expected:
                continue
        else:
            assert (proc.returncode, out) == (0, expected), err
        forget(path)  # over before the signal: the next run counts from the start again
        done_before = 0
        whole *= 0.8  # (the first run was slower: a cluster's workers loaded the kernels)
    final = subprocess.run(
        [*KNIGHTVIZ, *command], capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=300
    )
    assert (final.returncode, final.stdout) == (0, expected), final.stderr
    planned, done = recorded(path)
    assert planned == done > 0
    return partial


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COUNTS))
def test_killed_twenty_times_on_a_pool_the_count_is_exact(tmp_path, name):
    args, expected = COUNTS[name]
    partial = killed_and_resumed([*args, "--jobs", "2"], expected, tmp_path / "ckpt", seed=1)
    if name != "queens-12":  # (its count is over in a few hundredths of a second)
        assert partial > 0


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=50,
    ) as local:
        yield local


@pytest.mark.slow
@pytest.mark.cluster
@pytest.mark.parametrize("name", sorted(COUNTS))
def test_killed_twenty_times_on_a_cluster_the_count_is_exact(tmp_path, cluster, name):
    args, expected = COUNTS[name]
    where = ["--scheduler", cluster.scheduler_address]
    partial = killed_and_resumed([*args, *where], expected, tmp_path / "ckpt", seed=2)
    if name != "queens-12":
        assert partial > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COUNTS))
def test_ctrl_c_leaves_the_file_resumable(tmp_path, monkeypatch, name):
    """SIGINT midway, five times: a partial count (or nothing, stopped while planning),
    exit 130; the same command with the same file then prints the exact total."""
    monkeypatch.setattr(sys.modules[__name__], "KILLS", 5)
    args, expected = COUNTS[name]
    killed_and_resumed([*args, "--jobs", "2"], expected, tmp_path / "ckpt", 3, signal.SIGINT)


def test_another_commands_checkpoint_is_refused_in_one_line(tmp_path, capsys):
    path = str(tmp_path / "ckpt")
    assert main(["count", "--size", "5", "--jobs", "1", "--checkpoint", path]) == 0
    assert capsys.readouterr().out == "1728\n"
    code = main(["queens", "--size", "8", "--format", "count", "--checkpoint", path])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"knightviz: error: --checkpoint {path} ")
    assert "command count there, queens --format count here" in err
    code = main(["count", "--size", "5", "--start", "c3", "--jobs", "1", "--checkpoint", path])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "start every square there, c3 here" in err


def test_a_finished_checkpoint_prints_the_total_without_counting(tmp_path, capsys):
    for args, expected in [
        (["queens", "--size", "9", "--format", "count"], "352\n"),
        (["sudoku", "." * 16, "--format", "count", "--jobs", "1"], "288\n"),
    ]:
        path = str(tmp_path / args[0])
        assert main([*args, "--checkpoint", path]) == 0
        assert capsys.readouterr().out == expected
        assert main([*args, "--checkpoint", path]) == 0
        out, err = capsys.readouterr()
        assert out == expected and "holds the whole count" in err


def test_one_checkpoint_is_one_puzzles_count(tmp_path, capsys):
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text("." * 16 + "\n" + "1" + "." * 15 + "\n")
    path = str(tmp_path / "ckpt")
    code = main(["sudoku", "--file", str(puzzles), "--format", "count", "--checkpoint", path])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "--checkpoint resumes one puzzle's count" in err
