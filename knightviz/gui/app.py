"""Entry point for the desktop app: ``knightviz`` with no arguments calls ``main()``."""

from __future__ import annotations

import os
import sys

from PySide6.QtWidgets import QApplication

from knightviz.gui.main_window import MainWindow, app_icon


def main(argv: list[str] | None = None) -> int:
    """Create the application and the main window, show it, run the event loop."""
    app = QApplication.instance() or QApplication(sys.argv if argv is None else argv)
    assert isinstance(app, QApplication)
    app.setApplicationName("knightviz")
    app.setOrganizationName("knightviz")
    app.setWindowIcon(app_icon())
    window = MainWindow()
    window.show()
    _schedule_screenshot(window)
    code = app.exec()
    window.shutdown()
    return code


def _schedule_screenshot(window: MainWindow) -> None:
    """KNIGHTVIZ_SCREENSHOT=path.png: save a grab of the window and quit (docs and CI).

    KNIGHTVIZ_SCREENSHOT_SCRIPT picks a scene: ``idle`` (default), ``midrun`` (a paced plain
    run on 6×6 caught mid-search), ``warnsdorff`` (a paced Warnsdorff run showing degrees),
    ``solved`` (a finished Warnsdorff tour and a history).
    """
    path = os.environ.get("KNIGHTVIZ_SCREENSHOT")
    if not path:
        return
    from knightviz.gui import screenshot

    screenshot.run_scene(window, path, os.environ.get("KNIGHTVIZ_SCREENSHOT_SCRIPT", "idle"))


if __name__ == "__main__":
    raise SystemExit(main())
