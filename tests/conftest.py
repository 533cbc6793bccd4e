"""Shared test setup. No Qt import here: tests/engine must never load PySide6."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
