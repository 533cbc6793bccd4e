"""The command line: the headless engine for scripts, graders and benchmarks.

``main`` is the ``knightviz`` command (docs/cli.md); the package's modules are laid out in
docs/ARCHITECTURE.md: the parser, one module per command, and what they share.
"""

from ..engine.words import duration, log_duration
from .entry import main
from .options import MAX_JOBS, MAX_PROBES, MAX_SEED, MAX_STEPS

__all__ = ["MAX_JOBS", "MAX_PROBES", "MAX_SEED", "MAX_STEPS", "duration", "log_duration", "main"]
