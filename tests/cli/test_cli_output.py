"""The command line ends cleanly whatever happens to its output:
standard output full (``> /dev/full``) or closed (``>&-``) is one line on stderr and exit 1,
a closed pipe (``| head -1``) ends quietly; a folder that cannot be made is one line naming
it. Each command runs in a real process, its standard output really full, closed or cut."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

#: Every subcommand and option that writes to standard output, with its input.
COMMANDS = [
    (["solve", "--size", "5"], ""),
    (["batch"], "1\n5\n"),
    (["count", "--size", "5", "--jobs", "1"], ""),
    (["sweep", "--size", "5", "--limit", "1000", "--jobs", "1"], ""),
    (["queens", "--size", "6"], ""),
    (["estimate", "--size", "6", "--probes", "50"], ""),
    (["--version"], ""),
    (["--help"], ""),
    (["solve", "--help"], ""),
    (["--install-desktop"], ""),
    (["--uninstall-desktop"], ""),
    (["--render-icons", "ICONS"], ""),
]
IDS = [" ".join(args) for args, _ in COMMANDS]


def knightviz(args, stdin, tmp_path, **popen):
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "KNIGHTVIZ_ENGINE": "python",
        "QT_QPA_PLATFORM": "offscreen",
    }
    args = [str(tmp_path / "icons") if a == "ICONS" else a for a in args]
    if args == ["--uninstall-desktop"]:  # (something to remove, so something to say)
        subprocess.run(
            [sys.executable, "-m", "knightviz", "--install-desktop"],
            env=env,
            check=True,
            capture_output=True,
        )
    return subprocess.Popen(
        [sys.executable, "-m", "knightviz", *args],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        **popen,
    ), stdin


def finished(proc_and_input):
    proc, stdin = proc_and_input
    _, err = proc.communicate(stdin, timeout=120)
    return proc.returncode, err


def one_line(err: str) -> str:
    assert "Traceback" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.own_engine
@pytest.mark.parametrize(("args", "stdin"), COMMANDS, ids=IDS)
def test_a_full_standard_output_is_one_line_and_exit_1(tmp_path, args, stdin):
    with open("/dev/full", "w") as full:
        code, err = finished(knightviz(args, stdin, tmp_path, stdout=full))
    assert one_line(err) == "knightviz: error: cannot write the output: No space left on device"
    assert code == 1


@pytest.mark.own_engine
@pytest.mark.parametrize(("args", "stdin"), COMMANDS, ids=IDS)
def test_a_closed_standard_output_is_one_line_and_exit_1(tmp_path, args, stdin):
    code, err = finished(
        knightviz(args, stdin, tmp_path, stdout=None, preexec_fn=lambda: os.close(1))
    )
    assert one_line(err) == "knightviz: error: standard output is closed"
    assert code == 1


@pytest.mark.own_engine
@pytest.mark.parametrize(("args", "stdin"), COMMANDS, ids=IDS)
def test_a_closed_pipe_ends_quietly(tmp_path, args, stdin):
    proc, text = knightviz(args, stdin, tmp_path, stdout=subprocess.PIPE)
    proc.stdout.close()  # the reader has gone before the first line (head -1, at worst)
    _, err = proc.communicate(text, timeout=120)
    assert err == ""
    assert proc.returncode in (0, 1)


@pytest.mark.parametrize(
    "args", [["--render-icons", "BLOCKED/icons"], ["--install-desktop"]], ids=["icons", "entry"]
)
def test_a_folder_that_cannot_be_made_is_one_line_naming_it(tmp_path, args):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where a folder should be")
    env = {**os.environ, "XDG_DATA_HOME": str(blocked), "QT_QPA_PLATFORM": "offscreen"}
    args = [a.replace("BLOCKED", str(blocked)) for a in args]
    done = subprocess.run(
        [sys.executable, "-m", "knightviz", *args], capture_output=True, text=True, env=env
    )
    line = one_line(done.stderr)
    assert line.startswith(f"knightviz: error: cannot write {blocked}/")
    assert line.endswith("Not a directory")
    assert done.returncode == 1


#: Commands whose output passes a 1 KiB file-size limit.
LONG_OUTPUTS = [
    (["solve", "--size", "40", "--format", "sequence"], ""),
    (["solve", "--size", "6", "--trace"], ""),
    (["batch"], "1\n" * 20),
    (["queens", "--size", "8"], ""),
    (["tree", "--queens", "--size", "8", "--depth", "2"], ""),
    (["--help"], ""),
]


def _file_size_limit(size: int):
    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


@pytest.mark.own_engine
@pytest.mark.parametrize(
    ("args", "stdin"), LONG_OUTPUTS, ids=[" ".join(a) for a, _ in LONG_OUTPUTS]
)
def test_output_cut_by_a_file_size_limit_is_one_line_and_exit_1(tmp_path, args, stdin):
    """``ulimit -f``: the system writes part of a write and refuses the rest; the part
    written is never taken for the whole."""
    target = tmp_path / "out.txt"
    with open(target, "w") as out:
        code, err = finished(
            knightviz(args, stdin, tmp_path, stdout=out, preexec_fn=_file_size_limit(1024))
        )
    assert target.stat().st_size == 1024  # (the output was longer than the limit)
    assert one_line(err) == "knightviz: error: cannot write the output: File too large"
    assert code == 1


def test_ctrl_c_just_after_a_write_never_writes_it_twice(monkeypatch):
    """Ctrl-C raised as ``os.write`` returns (before Python has stored its byte count): the
    text is out once, and the flush at exit does not write it again (a count printed twice
    when the signal came as the total went out)."""
    from knightviz.cli import stdout

    read, write = os.pipe()
    real_write = os.write
    interrupted = []

    def write_then_interrupt(fd, data):
        done = real_write(fd, data)
        if not interrupted:
            interrupted.append(done)
            raise KeyboardInterrupt
        return done

    monkeypatch.setattr(stdout.os, "write", write_then_interrupt)
    with open(write, "w", encoding="utf-8", closefd=True) as stream:
        out = stdout.GuardedOutput(stream)
        out.write("6637920\n")
        with pytest.raises(KeyboardInterrupt):
            out.flush()
        out.write("end\n")
        out.flush()  # (the interpreter's last flush)
    with open(read, "rb") as pipe:
        assert pipe.read() == b"6637920\nend\n"
    assert interrupted == [8]
