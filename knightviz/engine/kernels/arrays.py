"""numpy for the construction's whole-array slices (``knightviz.engine.construct``).

The engine's own modules import only the standard library; numpy (a dependency of the app)
is reached through here, on first use, never when the engine is imported.
"""

from __future__ import annotations

from typing import Any


def numpy_or_none() -> Any:
    """The numpy module, or None where it is not installed."""
    try:
        import numpy
    except ImportError:  # pragma: no cover - numpy is a dependency of the app
        return None
    return numpy
