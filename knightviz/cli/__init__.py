"""The command line: the headless engine for scripts, graders and benchmarks.

``main`` is the ``knightviz`` command (docs/cli.md); the package's modules are laid out in
docs/ARCHITECTURE.md: the parser, one module per command, and what they share. ``main``
first asks ``quick`` (a short count, run before the rest of the command line is
imported); the other names here load on first use.
"""

from __future__ import annotations

from collections.abc import Sequence

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..engine.words import duration, log_duration
    from .options import MAX_JOBS, MAX_PROBES, MAX_SEED, MAX_STEPS

__all__ = ["MAX_JOBS", "MAX_PROBES", "MAX_SEED", "MAX_STEPS", "duration", "log_duration", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """The ``knightviz`` command (``entry.main``), a quick count without the rest."""
    from . import quick

    code = quick.main(argv)
    if code is not None:
        return code
    from .entry import main as full

    return full(argv)


def __getattr__(name: str) -> object:
    if name in ("duration", "log_duration"):
        from ..engine import words

        return getattr(words, name)
    if name in ("MAX_JOBS", "MAX_PROBES", "MAX_SEED", "MAX_STEPS"):
        from . import options

        return getattr(options, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
