"""Entry point for the desktop app: ``knightviz`` with no command calls ``main()``.

Qt's standard options (``-style fusion``, ``-platform xcb``, ``-reverse``, …) go to
QApplication, which takes what it knows; anything left over is a usage error (one line on
stderr, exit 2), like the command line's.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
import tempfile

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from knightviz.gui import config
from knightviz.gui.i18n import LANGUAGES, Translations, normalise, system_language
from knightviz.gui.icon import app_icon
from knightviz.gui.main_window import MainWindow
from knightviz.gui.platform_check import problem

EXIT_USAGE = 2


def main(argv: list[str] | None = None) -> int:
    """Create the application and the main window, show it, run the event loop."""
    args = list(sys.argv if argv is None else argv) or ["knightviz"]
    logging.basicConfig(level=logging.WARNING, format="knightviz: %(name)s: %(message)s")
    existing = QApplication.instance()
    if existing is None:
        # Qt aborts (exit 134) without a display or a library its xcb plugin needs: say so.
        why = problem(args[1:])
        if why is not None:
            sys.stderr.write(f"knightviz: error: {why}\n")
            return EXIT_USAGE
    app = existing if isinstance(existing, QApplication) else QApplication(args)
    leftover = [a for a in app.arguments()[1:] if existing is None]
    try:
        language, leftover = take_language(leftover)
    except ValueError as exc:
        sys.stderr.write(f"knightviz: error: {exc}\n")
        return EXIT_USAGE
    if leftover:
        sys.stderr.write(f"knightviz: error: unrecognized arguments: {' '.join(leftover)}\n")
        return EXIT_USAGE
    app.setApplicationName(config.APPLICATION)
    app.setOrganizationName(config.ORGANIZATION)
    app.setWindowIcon(app_icon())
    app.setDesktopFileName("knightviz")  # the installed knightviz.desktop (Wayland icons)
    if os.environ.get("KNIGHTVIZ_SCREENSHOT"):
        # Scenes start from the defaults and leave the user's settings and history alone.
        config.isolate(tempfile.mkdtemp(prefix="knightviz-screenshot-"))
    translations = Translations(app)
    # --lang first, then the language chosen last time (View, Language), then the system's.
    if not translations.apply(language or config.preferred_language() or system_language()):
        translations.apply(system_language())
    window = MainWindow(translations)
    window.show()
    # After the first paint: the compiled engine loads in the background meanwhile.
    QTimer.singleShot(0, window.start_engine_loader)
    QTimer.singleShot(0, freeze_heap)
    window.engine.loaded.connect(freeze_heap)  # numba's import makes most of the heap
    _schedule_screenshot(window)
    code = app.exec()
    window.shutdown()
    return code


def freeze_heap() -> None:
    """What start-up made stays: moved out of the garbage collector's sight (``gc.freeze``),
    so that a full collection walks only what came since. The window with numba loaded holds
    some 157,000 objects: a full collection took 78-81 ms of them (under 0.1 ms once they are
    frozen), and a long run triggers one every few seconds."""
    gc.collect()
    gc.freeze()


def take_language(args: list[str]) -> tuple[str | None, list[str]]:
    """``--lang zh_CN`` / ``--lang=zh_CN`` taken out of ``args`` (ValueError if unknown)."""
    rest: list[str] = []
    language: str | None = None
    it = iter(args)
    for arg in it:
        if arg == "--lang" or arg.startswith("--lang="):
            value = arg.partition("=")[2] if "=" in arg else next(it, "")
            code = normalise(value)
            choices = ", ".join(LANGUAGES)
            if not value.strip():
                raise ValueError(f"argument --lang: expected a language: {choices}")
            if code is None:
                raise ValueError(f"argument --lang: unknown language {value!r} (use {choices})")
            language = code
        else:
            rest.append(arg)
    return language, rest


def _schedule_screenshot(window: MainWindow) -> None:
    """KNIGHTVIZ_SCREENSHOT=path.png: save a grab of the window and quit (docs and CI).

    KNIGHTVIZ_SCREENSHOT_SCRIPT picks a scene (see ``screenshot.SCENES``).
    """
    path = os.environ.get("KNIGHTVIZ_SCREENSHOT")
    if not path:
        return
    from knightviz.gui import screenshot

    screenshot.run_scene(window, path, os.environ.get("KNIGHTVIZ_SCREENSHOT_SCRIPT", "idle"))


if __name__ == "__main__":
    raise SystemExit(main())
