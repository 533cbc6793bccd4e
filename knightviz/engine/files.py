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

Only a regular file is replaced. A symbolic link is written through: its target is replaced
(the link stays a link). A character device or a FIFO (``/dev/stdout``, ``/dev/null``, a
named pipe a reader waits on) is written straight into, as a shell's ``>`` would; a folder,
a block device or a socket is refused (OSError), never replaced by a file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
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


def _status(path: str) -> os.stat_result | None:
    """What ``path`` names, links followed; None when there is nothing there (a dangling
    link included)."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def _standard_stream(status: os.stat_result) -> int | None:
    """The descriptor of our standard output or error when ``status`` is its file
    (``/dev/stdout`` with the output redirected to a file): written through it, at its
    offset, rather than replaced under the shell's redirection."""
    for fd in (1, 2):
        try:
            if os.path.samestat(status, os.fstat(fd)):
                return fd
        except OSError:
            continue
    return None


@contextlib.contextmanager
def _straight(path: str, stream: int | None) -> Iterator[BinaryIO]:
    """A character device, a FIFO or our own standard stream, opened and written as it is
    (no temporary file: there is no old content to keep, and replacing a device node would
    destroy it)."""
    flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0)) if stream is None else os.dup(stream)
    except OSError as exc:
        exc.filename = path
        raise
    try:
        with os.fdopen(fd, "wb") as f:
            yield f
    except OSError as exc:
        exc.filename = path
        raise


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary file to write ``path``'s new content into; it replaces ``path`` only when
    the block ends without an exception. OSError when the folder cannot take it, or when
    ``path`` is a folder or something else a file must not replace."""
    named = os.fspath(path)
    status = _status(named)
    kind = None if status is None else stat.S_IFMT(status.st_mode)
    stream = None if status is None else _standard_stream(status)
    if kind in (stat.S_IFCHR, stat.S_IFIFO) or stream is not None:
        with _straight(named, stream) as f:
            yield f
        return
    if kind == stat.S_IFDIR:
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), named)
    if kind not in (None, stat.S_IFREG):
        raise OSError(errno.EINVAL, "not a file, a character device or a FIFO", named)
    # Through any symbolic links to the file they name: that is what is replaced.
    target = os.path.realpath(named) if os.path.islink(named) else named
    folder = os.path.dirname(os.path.abspath(target))
    name = os.path.basename(target)
    try:
        fd, temp = _temporary(folder, name)
    except OSError as exc:
        exc.filename = named  # (the error names the user's file, not a temporary name)
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
        if isinstance(exc, OSError) and exc.filename in (None, temp, target):
            exc.filename = named
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
