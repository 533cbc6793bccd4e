"""Standard output guarded: a failure to write it is one clear error, never a traceback.

Full (``> /dev/full``), closed (``>&-``) or cut short (a file-size limit, ``ulimit -f``):
one line on stderr, exit 1; a closed pipe (``| head -1``): quietly, exit 1 (docs/cli.md,
exit statuses).
"""

from __future__ import annotations

import errno
import io
import os
import sys
from collections.abc import Callable

TYPE_CHECKING = False  # (not typing's: importing typing costs a command ~7 ms)
if TYPE_CHECKING:
    from typing import IO

#: Standard output could not be written.
EXIT_OUTPUT = 1


class OutputError(Exception):
    """Standard output could not be written (full, closed, a device error)."""


class _WholeWrites(io.TextIOBase):
    """Text to a file descriptor, each piece written whole or not at all, and at most once.

    Python's own buffered writer takes a short write (the one a file-size limit gives with
    SIGXFSZ ignored) for done, and the rest of the output is lost; a writer of our own in
    Python under it wrote the output twice when Ctrl-C came just after a write had gone
    out (the signal is raised before the byte count reaches the buffer, which then writes
    it again at exit). So the text is buffered here, taken out of the buffer before it is
    written, and written on until it is all out or an error says why: an interruption can
    cut the output short, never repeat it."""

    #: Flush when this much text waits (the commands' outputs are mostly one line).
    _LIMIT = 1 << 16

    def __init__(self, fd: int, encoding: str, errors: str | None, line_buffering: bool) -> None:
        super().__init__()
        self._fd = fd
        self._encoding = encoding
        self._errors = errors or "strict"
        self._lines = line_buffering
        self._pending: list[str] = []
        self._size = 0

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, text: str) -> int:
        self._pending.append(text)
        self._size += len(text)
        if self._size >= self._LIMIT or (self._lines and "\n" in text):
            self.flush()
        return len(text)

    def flush(self) -> None:
        if not self._pending:
            return
        data = "".join(self._pending).encode(self._encoding, self._errors)
        self._pending.clear()
        self._size = 0
        view = memoryview(data)
        done = 0
        while done < len(view):
            written = os.write(self._fd, view[done:])
            if written == 0:  # (never from a working device: an error, not a loop)
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            done += written


def _whole(stream: IO[str]) -> IO[str]:
    """``stream``, or over its file descriptor when it is a real file's: the same text
    written with every write checked to its end."""
    if not isinstance(stream, io.TextIOWrapper):
        return stream  # (a test's capture, a StringIO: nothing is written short)
    try:
        fd = stream.fileno()
        stream.flush()
    except (OSError, ValueError):
        return stream  # (the guard reports its failure at the first write)
    return _WholeWrites(fd, stream.encoding, stream.errors, stream.line_buffering)  # type: ignore[return-value]


class GuardedOutput(io.TextIOBase):
    """Standard output for the commands: any failure to write it becomes one OutputError
    (a closed pipe stays BrokenPipeError: the reader has all it wanted)."""

    def __init__(self, stream: IO[str] | None) -> None:
        super().__init__()
        self._stream = None if stream is None else _whole(stream)

    def _failed(self, exc: OSError | None) -> OutputError:
        if exc is None:
            return OutputError("standard output is closed")
        return OutputError(f"cannot write the output: {exc.strerror or exc}")

    def write(self, text: str) -> int:
        if self._stream is None:
            raise self._failed(None)
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:  # ValueError: a stream closed inside Python
            raise self._failed(exc if isinstance(exc, OSError) else None) from None

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise self._failed(exc if isinstance(exc, OSError) else None) from None

    def isatty(self) -> bool:
        try:
            return self._stream is not None and self._stream.isatty()
        except (OSError, ValueError):
            return False


def silence_stdout() -> None:
    """Point file descriptor 1 at /dev/null so the interpreter's last flush at exit cannot
    fail again (Python's documentation on SIGPIPE advises this)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass
    if sys.stdout is not None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives to exit)


def guarded(run: Callable[[IO[str]], int], err: IO[str]) -> int:
    """``run(out)``'s exit status, ``out`` being standard output guarded (and ``print``'s
    too, meanwhile): full or closed, one line on ``err`` and exit 1; a closed pipe
    (``| head -1``), quietly exit 1."""
    out: IO[str] = GuardedOutput(sys.stdout)  # type: ignore[assignment]
    stdout = sys.stdout
    sys.stdout = out  # (print() in the desktop commands too)
    try:
        try:
            code = run(out)
        finally:
            out.flush()  # (also when argparse ends with --help)
        return code
    except BrokenPipeError:
        sys.stdout = stdout
        silence_stdout()
        return EXIT_OUTPUT
    except OutputError as exc:
        sys.stdout = stdout
        err.write(f"knightviz: error: {exc}\n")
        silence_stdout()
        return EXIT_OUTPUT
    finally:
        if sys.stdout is out:
            sys.stdout = stdout
