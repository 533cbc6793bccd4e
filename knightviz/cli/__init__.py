"""The command line: the headless engine for scripts, graders and benchmarks."""

from ..engine.words import duration, log_duration
from .parser import MAX_JOBS, MAX_PROBES, MAX_SEED, MAX_STEPS, main

__all__ = ["MAX_JOBS", "MAX_PROBES", "MAX_SEED", "MAX_STEPS", "duration", "log_duration", "main"]
