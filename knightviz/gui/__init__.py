"""The desktop app (PySide6): board widget, solver thread, panels, main window.

``MainWindow`` is imported on first use, so that ``knightviz.gui.platform_check`` can run
before anything loads Qt (a missing system library would otherwise fail the import itself).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from knightviz.gui.main_window import MainWindow

__all__ = ["MainWindow"]


def __getattr__(name: str) -> Any:
    if name == "MainWindow":
        from knightviz.gui.main_window import MainWindow

        return MainWindow
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
