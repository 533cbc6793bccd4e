"""--html writes what is at its path as a shell's ``>`` would, and replaces only a regular
file: through a symbolic link to its target, straight into a character device or a FIFO
(``--html /dev/stdout``), a folder refused. Each runs in a real process."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading

import pytest

SOLVE = ["solve", "--size", "5", "--start", "a5"]


def knightviz(*args: str, **popen) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "KNIGHTVIZ_ENGINE": "python"}
    popen.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(
        [sys.executable, "-m", "knightviz", *args],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        timeout=120,
        stdin=subprocess.DEVNULL,
        **popen,
    )


def one_line(err: str) -> str:
    assert "Traceback" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


def is_page(text: str) -> bool:
    return text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")


@pytest.fixture
def full(tmp_path):
    """A /dev/full to write to: as root a node of our own (a bug must not replace the
    system's), otherwise the system's, which a user cannot replace."""
    if os.geteuid() != 0:
        return "/dev/full"
    node = tmp_path / "full"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    except OSError:
        pytest.skip("cannot make a device node here")
    return str(node)


@pytest.mark.own_engine
def test_html_to_standard_output_puts_the_page_there(tmp_path):
    """A link of our own made as /dev/stdout is (to /proc/self/fd/1): a bug replaces the
    link, never the system's /dev/stdout."""
    stdout = tmp_path / "stdout"
    stdout.symlink_to("/proc/self/fd/1")
    done = knightviz(*SOLVE, "--format", "sequence", "--html", str(stdout))
    assert done.returncode == 0 and done.stderr == ""
    page, _, text = done.stdout.rpartition("</html>\n")
    assert is_page(page + "</html>\n")
    assert text.split() == knightviz(*SOLVE, "--format", "sequence").stdout.split()


@pytest.mark.own_engine
def test_html_to_a_full_device_is_one_line_and_exit_1(full):
    done = knightviz(*SOLVE, "--html", full)
    assert one_line(done.stderr) == (
        f"knightviz: error: cannot write {full}: No space left on device"
    )
    assert done.returncode == 1
    st = os.lstat(full)
    assert stat.S_ISCHR(st.st_mode) and os.minor(st.st_rdev) == 7


@pytest.mark.own_engine
def test_html_to_a_folder_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "kept").write_text("kept")
    done = knightviz(*SOLVE, "--html", str(tmp_path))
    assert one_line(done.stderr) == f"knightviz: error: cannot write {tmp_path}: Is a directory"
    assert done.returncode == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept"]


@pytest.mark.own_engine
def test_html_through_a_link_replaces_its_target(tmp_path):
    target = tmp_path / "pages" / "tour.html"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "tour.html"
    link.symlink_to(target)
    done = knightviz(*SOLVE, "--html", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert is_page(target.read_text(encoding="utf-8"))


@pytest.mark.own_engine
def test_html_into_a_fifo_reaches_its_reader(tmp_path):
    fifo = tmp_path / "page"
    os.mkfifo(fifo)
    got: list[bytes] = []

    def reader() -> None:
        with open(fifo, "rb") as f:
            got.append(f.read())

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    done = knightviz(*SOLVE, "--html", str(fifo))
    thread.join(timeout=60)
    assert done.returncode == 0, done.stderr
    assert not thread.is_alive() and is_page(got[0].decode("utf-8"))
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.own_engine
def test_html_to_standard_output_redirected_to_a_file_keeps_both(tmp_path):
    """``--html /dev/stdout > out.html``: the page and then the text, in the file the shell
    opened (not a new file put in its place, the text lost with the old one)."""
    stdout = tmp_path / "stdout"
    stdout.symlink_to("/proc/self/fd/1")
    out = tmp_path / "out.html"
    with open(out, "w") as f:
        done = knightviz(*SOLVE, "--format", "sequence", "--html", str(stdout), stdout=f)
    assert done.returncode == 0, done.stderr
    page, _, text = out.read_text(encoding="utf-8").rpartition("</html>\n")
    assert is_page(page + "</html>\n") and len(text.split()) == 25
