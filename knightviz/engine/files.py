"""Writing a file so that a failure never costs the user the old one.

Every writer of the app (exports, the history's CSV/JSON, saved runs, the desktop entry and
its icons) goes through ``atomic_write`` or ``atomic_file``: the data goes to a temporary
file in the same folder, is flushed and fsynced, then ``os.replace`` puts it in place in one
step. A failed write (disk full, a quota, a removed USB stick, a file-size limit) removes the
temporary file and leaves the old file as it was.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from typing import BinaryIO


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary file to write ``path``'s new content into; it replaces ``path`` only when
    the block ends without an exception. OSError when the folder cannot take it."""
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    name = os.path.basename(target)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        exc.filename = target  # (the error names the user's file, not a temporary name)
        raise
    try:
        # As open() would make it (mkstemp makes it private); an existing file keeps its mode.
        try:
            mode = os.stat(target).st_mode & 0o7777
        except OSError:
            mode = 0o666 & ~_umask()
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
