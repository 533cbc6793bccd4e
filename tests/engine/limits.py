"""Resource limits for the hostile-input tests: memory that runs out for real, files that
cannot grow for real (the kernel's limits, not a mock)."""

from __future__ import annotations

import contextlib
import resource
import signal
from collections.abc import Iterator


def address_space() -> int:
    """This process's address space now (bytes)."""
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmSize in /proc/self/status")


@contextlib.contextmanager
def address_space_limit(extra: int = 200 << 20) -> Iterator[None]:
    """At most ``extra`` more bytes of address space inside the block (then MemoryError)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = address_space() + extra
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@contextlib.contextmanager
def file_size_limit(limit: int) -> Iterator[None]:
    """Writes past ``limit`` bytes in any file fail with EFBIG (SIGXFSZ ignored): a full
    disk, as the kernel reports it."""
    previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, previous)
