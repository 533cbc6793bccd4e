"""Writing a file so that a failure never costs the user the old one.

Every writer of the app (exports, the history's CSV/JSON, saved runs, the desktop entry and
its icons) goes through ``atomic_write`` or ``atomic_file``: the data goes to a temporary
file in the same folder, is flushed and fsynced, then ``os.replace`` puts it in place in one
step. A failed write (disk full, a quota, a removed USB stick, a file-size limit) removes the
temporary file and leaves the old file as it was.

A new file gets the mode ``open()`` would give it (0o666 less the umask): the temporary file
is created with that mode asked of the system, which applies the umask itself. Reading the
umask means setting it (``os.umask``), for the whole process, and another thread creating a
file meanwhile would get the wrong mode: nothing here does.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
from collections.abc import Iterator
from typing import BinaryIO

#: Names tried for the temporary file before giving up (as many as ``tempfile`` tries).
_ATTEMPTS = 10000
_FLAGS = (
    os.O_RDWR
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _temporary(folder: str, name: str) -> tuple[int, str]:
    """A new file next to ``name`` in ``folder`` (``.NAME.XXXXXXXX.tmp``), opened for
    writing, with the mode a new file gets (0o666, less the umask: the system's doing)."""
    for _ in range(_ATTEMPTS):
        temp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(temp, _FLAGS, 0o666), temp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary file name", folder)


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary file to write ``path``'s new content into; it replaces ``path`` only when
    the block ends without an exception. OSError when the folder cannot take it."""
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    name = os.path.basename(target)
    try:
        fd, temp = _temporary(folder, name)
    except OSError as exc:
        exc.filename = target  # (the error names the user's file, not a temporary name)
        raise
    try:
        # An existing file keeps its mode; a new one has the mode open() would give it.
        try:
            mode: int | None = os.stat(target).st_mode & 0o7777
        except OSError:
            mode = None
        if mode is not None:
            os.chmod(temp, mode)
        with os.fdopen(fd, "wb") as f:
            fd = -1
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, target)
    except BaseException as exc:
        if isinstance(exc, OSError) and exc.filename in (None, temp):
            exc.filename = target
        if fd >= 0:
            with contextlib.suppress(OSError):
                os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def atomic_write(path: str | os.PathLike[str], data: bytes) -> None:
    """Put ``data`` in ``path`` whole, or leave ``path`` as it was (OSError says why)."""
    with atomic_file(path) as f:
        f.write(data)
