"""Every input the command line reads is bounded, and the line says which bound was passed:
a board file (``--board /dev/zero``), a batch line (``batch < /dev/zero``, an endless pipe).
Each runs in a real process under a memory limit and a timeout, so a read without end fails
the test instead of the machine."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import threading

import pytest

from knightviz.cli.common import UsageError

#: The bound on a board file (16 MiB), written out: docs/cli.md states it.
MAX_BOARD_FILE = 16 * 1024 * 1024
#: Address space for the program under test: far above what it needs, far below what an
#: endless read reaches before the machine suffers.
MEMORY = 1024 * 1024 * 1024


def _limited() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def knightviz(*args: str, **popen) -> subprocess.Popen[str]:
    env = {**os.environ, "KNIGHTVIZ_ENGINE": "python"}
    return subprocess.Popen(
        [sys.executable, "-m", "knightviz", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=_limited,
        **popen,
    )


def one_line(err: str) -> str:
    assert "Traceback" not in err and "MemoryError" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.own_engine
@pytest.mark.parametrize("command", ["solve", "count", "sweep", "estimate", "tree"])
def test_an_endless_board_file_is_one_line_naming_the_bound(command):
    proc = knightviz(command, "--board", "/dev/zero", stdin=subprocess.DEVNULL)
    out, err = proc.communicate(timeout=120)
    assert one_line(err) == (
        f"knightviz: error: --board /dev/zero: a board file is at most {MAX_BOARD_FILE:,} "
        "bytes (16 MiB); this one is longer"
    )
    assert proc.returncode == 2 and out == ""


@pytest.mark.own_engine
def test_a_board_file_one_byte_past_the_bound_is_refused(tmp_path):
    board = tmp_path / "board.txt"
    with open(board, "wb") as f:
        f.truncate(MAX_BOARD_FILE + 1)  # (sparse: no disk used)
    proc = knightviz("solve", "--board", str(board), stdin=subprocess.DEVNULL)
    _, err = proc.communicate(timeout=120)
    assert "a board file is at most 16,777,216 bytes" in one_line(err)
    assert proc.returncode == 2


@pytest.mark.own_engine
def test_batch_from_dev_zero_is_one_line_naming_the_bound():
    with open("/dev/zero", "rb") as zero:
        proc = knightviz("batch", stdin=zero)
        out, err = proc.communicate(timeout=120)
    assert one_line(err) == (
        "knightviz: error: a batch line is at most 1,000,000 characters; line 1 is longer"
    )
    assert proc.returncode == 2 and out == ""


@pytest.mark.own_engine
def test_an_endless_line_from_a_pipe_stops_after_the_lines_before_it():
    """Two starts answered, then a line that never ends: the answers stay, the line is
    refused once the bound is read, and the writer sees the pipe close."""
    proc = knightviz("batch", stdin=subprocess.PIPE)
    assert proc.stdin is not None

    def endless() -> None:
        try:
            proc.stdin.write("1\n64\n")
            while True:
                proc.stdin.write("7" * 65536)
        except (BrokenPipeError, OSError, ValueError):
            pass

    writer = threading.Thread(target=endless, daemon=True)
    writer.start()
    out = proc.stdout.read()
    err = proc.stderr.read()
    proc.wait(timeout=120)
    writer.join(timeout=120)
    assert not writer.is_alive()
    with contextlib.suppress(BrokenPipeError):
        proc.stdin.close()
    assert [len(line.split()) for line in out.splitlines()] == [64, 64]
    assert one_line(err) == (
        "knightviz: error: a batch line is at most 1,000,000 characters; line 3 is longer"
    )
    assert proc.returncode == 2


def test_a_line_at_the_bound_is_read_and_one_past_it_is_refused():
    from knightviz.cli.commands.batch import bounded_lines

    assert list(bounded_lines(io.StringIO("12345\n1234\n"), 5)) == ["12345\n", "1234\n"]
    assert list(bounded_lines(io.StringIO("12345"), 5)) == ["12345"]
    with pytest.raises(UsageError, match="a batch line is at most 5 characters; line 2"):
        list(bounded_lines(io.StringIO("1\n123456\n"), 5))
