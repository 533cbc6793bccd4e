"""Shared test setup. No Qt import here: tests/engine must never load PySide6."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if os.environ["QT_QPA_PLATFORM"] == "offscreen":
    # A desktop's screen (offscreen's own is 800x800, where the window opens maximized,
    # as on a laptop): windows get the sizes the tests give them. Layout tests of small
    # screens resize the window themselves.
    _screen = os.path.join(os.path.dirname(__file__), "offscreen_screen.json")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_screen}"

# No test, nor any program a test starts, may read or write the user's settings and history:
# QSettings and QStandardPaths follow these on Linux (each GUI test also isolates its own).
_home = tempfile.mkdtemp(prefix="knightviz-tests-")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_home, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_home, "data")
atexit.register(shutil.rmtree, _home, ignore_errors=True)
