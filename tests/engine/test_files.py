"""``atomic_write``: the new file's mode, an old file's mode kept, and the process's umask
never touched (it is per process: a thread creating a file while another read it by setting
it got the wrong mode)."""

import os
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
