"""Docks chosen in the View menu come to the front."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget


def raise_when_shown(dock: QDockWidget) -> None:
    """Choosing ``dock`` in the View menu brings its tab to the front. A dock tabbed with
    others (the search tree beside the Search stack) was shown behind them, and one already
    shown but behind another tab (a new puzzle raises the stack) was hidden by the choice
    meant to see it: nothing seemed to happen either way. In front, the choice hides it."""
    front = [False, not dock.isHidden()]  # in front before the last change, and now

    def seen(visible: bool) -> None:
        front[0], front[1] = front[1], visible

    def chosen(checked: bool) -> None:
        if not checked and front[0]:
            return  # it was in front: hidden, as asked
        dock.show()
        dock.raise_()

    dock.visibilityChanged.connect(seen)
    dock.toggleViewAction().triggered.connect(chosen)
