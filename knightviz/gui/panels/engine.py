"""The compiled engine: loaded (or compiled) in the background, and a status-bar label that
says which engine new runs get.

Runs started before it is ready use the pure-Python engine (the engine chooses per search).
The loader is a daemon thread: compiling cannot be interrupted, and a window closing while
it compiles must not wait for it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from PySide6.QtCore import QTimer, Signal, Slot
from PySide6.QtWidgets import QLabel, QWidget

from knightviz.engine import backends

log = logging.getLogger("knightviz")


#: What the run's backend callable answers for a run of a strategy of one's own.
OWN = "own"


class EngineStatus(QLabel):
    """ "Engine: compiled" / "Engine: Python (preparing the compiled engine…)" and why."""

    #: The compiled engine is ready (once; also when it already was).
    loaded = Signal()

    def __init__(
        self, backend_of_run: Callable[[], str | None], parent: QWidget | None = None
    ) -> None:
        """``backend_of_run``: the engine of the run going on (None when none is)."""
        super().__init__(parent)
        self.setObjectName("engineLabel")
        self._backend_of_run = backend_of_run
        self._timer = QTimer(self)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self.refresh)
        self._loader: threading.Thread | None = None
        self._error = ""
        self._announced = False
        self.refresh()

    def start_loader(self) -> None:
        """Load or compile the fast engine in the background, once the window has painted."""
        if self._loader is not None or not backends.may_load():
            self.refresh()
            return
        self._loader = threading.Thread(
            target=self._load, name="knightviz-engine-loader", daemon=True
        )
        self._loader.start()
        self._timer.start()
        self.refresh()

    def stop(self) -> None:
        self._timer.stop()

    def _load(self) -> None:
        try:
            backends.load()
        except Exception as exc:  # any failure: stay on the Python engine
            self._error = str(exc) or type(exc).__name__
            log.warning("compiled engine unavailable: %s", exc)

    @Slot()
    def refresh(self) -> None:
        loading = self._loader is not None and self._loader.is_alive()
        if self._backend_of_run() == OWN:
            text = self.tr("Engine: Python, in your strategy's own process")
            tip = self.tr(
                "A strategy of your own runs on the Python engine, in a process of its own: "
                "nothing it does can stop the window."
            )
        elif backends.ready() and self._backend_of_run() == "python":
            text = self.tr("Engine: Python for this run, compiled for the next")
            tip = self.tr(
                "This run started before the compiled engine was ready; the next run will "
                "use it (numba, C speed)."
            )
        elif backends.ready():
            text = self.tr("Engine: compiled")
            tip = self.tr("Searches run on the compiled engine (numba): C speed.")
        elif loading:
            text = self.tr("Engine: Python (preparing the compiled engine…)")
            tip = self.tr(
                "The compiled engine is loading in the background; runs started now use "
                "the Python engine."
            )
        elif self._error:
            text = self.tr("Engine: Python")
            tip = self.tr("The compiled engine could not be loaded: {0}").format(self._error)
        else:
            text = self.tr("Engine: Python")
            tip = self.tr("Searches run on the pure-Python reference engine.")
        self.setText(text)
        self.setToolTip(tip)
        if not loading:
            self._timer.stop()
        if backends.ready() and not loading and not self._announced:
            self._announced = True
            self.loaded.emit()
