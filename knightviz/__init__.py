"""knightviz: watch backtracking search think (knight's tours, N-Queens, and more).

The package itself is light: the notebook API (``knightviz.notebook``: ``problem``,
``run``, ``race``, and ``kv.<key>(...)`` for each puzzle of the spec registry) loads on
first use, so the window and the command line pay nothing for it.
"""

from __future__ import annotations

from knightviz.version import __version__ as __version__

TYPE_CHECKING = False  # (not typing's: importing typing costs a command ~7 ms)
if TYPE_CHECKING:
    from typing import Any

#: The notebook API's names, loaded from ``knightviz.notebook`` when first asked for.
_NOTEBOOK = frozenset({"Problem", "Race", "Run", "problem", "puzzles", "race", "run"})


def __getattr__(name: str) -> Any:
    """``kv.run``, ``kv.race``…, and a problem builder per puzzle key (``kv.<key>``)."""
    import importlib.util

    if name.startswith("_") or importlib.util.find_spec(f"{__name__}.{name}") is not None:
        # A submodule not imported yet (``from knightviz import gui``): the import system
        # imports it; the registry is not loaded for that.
        raise AttributeError(name)
    from . import notebook

    if name in _NOTEBOOK:
        return getattr(notebook, name)
    try:
        return notebook.builder(name)
    except AttributeError:
        raise AttributeError(f"module 'knightviz' has no attribute {name!r}") from None


def __dir__() -> list[str]:
    from .engine.puzzles import specs

    return sorted({*globals(), *_NOTEBOOK, *specs()})
