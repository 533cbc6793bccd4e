"""numpy for the construction's whole-array slices (``knightviz.engine.construct``).

The engine's own modules import only the standard library; numpy (installed with numba, the
compiled backend's dependency) is reached through here, on first use, never when the engine
is imported.
"""

from __future__ import annotations

from typing import Any


def numpy_or_none() -> Any:
    """The numpy module, or None where it is not installed."""
    try:
        import numpy
    except ImportError:  # pragma: no cover - numpy comes with numba
        return None
    return numpy
