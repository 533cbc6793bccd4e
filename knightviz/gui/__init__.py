"""The desktop app (PySide6): board widget, solver thread, panels, main window."""

from knightviz.gui.main_window import MainWindow

__all__ = ["MainWindow"]
