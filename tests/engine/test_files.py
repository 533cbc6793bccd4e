"""``atomic_write``: the new file's mode, an old file's mode kept, and the process's umask
never touched (it is per process: a thread creating a file while another read it by setting
it got the wrong mode)."""

import errno
import os
import socket
import stat
import threading
import time
from pathlib import Path

import pytest

from knightviz.engine.files import atomic_write


def _umask_now():
    """The umask as the kernel reports it (Linux), read without setting it; None elsewhere."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except OSError:
        pass
    return None


@pytest.fixture
def umask_027():
    old = os.umask(0o027)
    try:
        yield 0o027
    finally:
        os.umask(old)


def test_a_new_file_gets_the_mode_open_would_give_it(tmp_path, umask_027):
    target = tmp_path / "new.txt"
    atomic_write(target, b"data")
    assert target.read_bytes() == b"data"
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask_027
    with open(tmp_path / "by_open.txt", "wb"):
        pass
    assert (tmp_path / "by_open.txt").stat().st_mode & 0o777 == target.stat().st_mode & 0o777
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_an_existing_file_keeps_its_mode(tmp_path, umask_027):
    target = tmp_path / "old.txt"
    target.write_bytes(b"old")
    target.chmod(0o604)
    atomic_write(target, b"new")
    assert target.read_bytes() == b"new"
    assert target.stat().st_mode & 0o777 == 0o604


def test_writing_from_a_thread_leaves_the_umask_alone(tmp_path, umask_027, monkeypatch):
    if _umask_now() != umask_027:
        pytest.skip("the umask cannot be read without setting it here")
    real_umask = os.umask

    def slow_umask(mask):  # anything that sets the umask is seen doing it
        old = real_umask(mask)
        time.sleep(0.002)
        return old

    monkeypatch.setattr(os, "umask", slow_umask)
    done = threading.Event()
    errors = []

    def writer():
        try:
            for i in range(200):
                atomic_write(tmp_path / f"f{i % 5}.txt", b"x" * i)
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            done.set()

    thread = threading.Thread(target=writer)
    thread.start()
    seen = set()
    while not done.is_set():
        seen.add(_umask_now())
    thread.join()
    assert errors == []
    assert seen <= {umask_027}
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"f{i}.txt" for i in range(5)]


# -- what is at the path: only a regular file is replaced ---------------------------------------


@pytest.fixture
def devices(tmp_path):
    """Character devices to write to, never to be replaced: as root, nodes of our own for
    /dev/null and /dev/full (a bug must not replace the system's); otherwise the system's
    own, which a user cannot replace."""
    if os.geteuid() != 0:
        return Path("/dev/null"), Path("/dev/full")
    made = []
    for name, minor in (("null", 3), ("full", 7)):
        node = tmp_path / "dev" / name
        node.parent.mkdir(exist_ok=True)
        try:
            os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, minor))
        except OSError:
            pytest.skip("cannot make a device node here")
        made.append(node)
    return made[0], made[1]


def _is_device(path, minor):
    st = os.lstat(path)
    return stat.S_ISCHR(st.st_mode) and os.major(st.st_rdev) == 1 and os.minor(st.st_rdev) == minor


def test_a_symbolic_link_is_written_through_to_its_target(tmp_path):
    target = tmp_path / "real" / "page.html"
    target.parent.mkdir()
    target.write_bytes(b"old")
    target.chmod(0o640)
    link = tmp_path / "link.html"
    link.symlink_to(target)
    atomic_write(link, b"new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() == b"new"
    assert target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in target.parent.iterdir()] == ["page.html"]  # no temporary left


def test_a_dangling_link_makes_its_target(tmp_path):
    link = tmp_path / "link.html"
    link.symlink_to(tmp_path / "made.html")
    atomic_write(link, b"new")
    assert link.is_symlink()
    assert (tmp_path / "made.html").read_bytes() == b"new"


def test_a_character_device_is_written_straight_and_stays_a_device(devices):
    null, full = devices
    atomic_write(null, b"a page" * 1000)
    assert _is_device(null, 3)
    with pytest.raises(OSError) as refused:
        atomic_write(full, b"a page" * 1000)
    assert refused.value.errno == errno.ENOSPC and refused.value.filename == str(full)
    assert _is_device(full, 7)


def test_a_link_to_a_device_writes_the_device(tmp_path, devices):
    null, _ = devices
    link = tmp_path / "out"
    link.symlink_to(null)
    atomic_write(link, b"data")
    assert link.is_symlink() and _is_device(null, 3)


def test_a_fifo_is_written_to_its_reader(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []

    def reader():
        with open(fifo, "rb") as f:
            got.append(f.read())

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    data = bytes(range(256)) * 1000  # more than a pipe holds: the reader drains it
    atomic_write(fifo, data)
    thread.join(timeout=60)
    assert not thread.is_alive() and got == [data]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("through_link", [False, True], ids=["folder", "link to a folder"])
def test_a_folder_is_refused_and_left_alone(tmp_path, through_link):
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "inside").write_bytes(b"kept")
    path = folder
    if through_link:
        path = tmp_path / "link"
        path.symlink_to(folder)
    with pytest.raises(IsADirectoryError) as refused:
        atomic_write(path, b"new")
    assert refused.value.filename == str(path)
    assert folder.is_dir() and (folder / "inside").read_bytes() == b"kept"
    assert not [p for p in tmp_path.rglob("*.tmp")]


def test_a_socket_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(path))
        with pytest.raises(OSError, match="not a file, a character device or a FIFO"):
            atomic_write(path, b"new")
        assert stat.S_ISSOCK(os.lstat(path).st_mode)
