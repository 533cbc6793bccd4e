"""The File menu's dialogs: where to write (the file name and format), what to open, the
animated GIF's choices, a cancellable progress, a warning."""

from __future__ import annotations

import os
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QMessageBox,
    QProgressDialog,
    QSpinBox,
    QWidget,
)

from knightviz.gui.panels.export import (
    GIF_DELAY_MS,
    GIF_SIDE,
    MAX_GIF_FRAMES,
    MAX_GIF_SIDE,
)
from knightviz.gui.puzzles.base import RunFormat
from knightviz.gui.text import fmt_int


class GifDialog(QDialog):
    """From which step to which, how fast and how big: the GIF's few choices."""

    def __init__(self, length: int, shown: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gifDialog")
        self.setWindowTitle(self.tr("Export an animated GIF"))
        # Before the spins: setting their values below already calls _update.
        self.frames_label = QLabel()
        self.frames_label.setObjectName("gifFramesLabel")
        self.frames_label.setWordWrap(True)
        self.first_spin = QSpinBox()
        self.first_spin.setObjectName("gifFirstSpin")
        self.last_spin = QSpinBox()
        self.last_spin.setObjectName("gifLastSpin")
        for spin in (self.first_spin, self.last_spin):
            spin.setRange(0, max(0, length))
            spin.setGroupSeparatorShown(True)
            spin.valueChanged.connect(self._update)
        self.first_spin.setValue(0)
        self.last_spin.setValue(length)
        self.first_spin.setToolTip(self.tr("The step of the timeline the GIF starts at"))
        self.last_spin.setToolTip(
            self.tr("The step it ends at (the step on the board now: {0})").format(fmt_int(shown))
        )
        self.delay_spin = QSpinBox()
        self.delay_spin.setObjectName("gifDelaySpin")
        self.delay_spin.setRange(20, 5000)
        self.delay_spin.setSingleStep(10)
        self.delay_spin.setValue(GIF_DELAY_MS)
        self.delay_spin.setSuffix(self.tr(" ms"))
        self.delay_spin.setToolTip(self.tr("How long each frame is shown"))
        self.side_spin = QSpinBox()
        self.side_spin.setObjectName("gifSizeSpin")
        self.side_spin.setRange(160, MAX_GIF_SIDE)
        self.side_spin.setSingleStep(40)
        self.side_spin.setValue(GIF_SIDE)
        self.side_spin.setSuffix(self.tr(" px"))
        self.side_spin.setToolTip(self.tr("The longest side of the picture"))
        form = QFormLayout(self)
        form.addRow(self.tr("From step"), self.first_spin)
        form.addRow(self.tr("To step"), self.last_spin)
        form.addRow(self.tr("Frame delay"), self.delay_spin)
        form.addRow(self.tr("Size"), self.side_spin)
        form.addRow(self.frames_label)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._update()

    def _update(self) -> None:
        first, last = self.first_spin.value(), self.last_spin.value()
        span = abs(last - first) + 1
        frames = min(span, MAX_GIF_FRAMES)
        if span > MAX_GIF_FRAMES:
            text = self.tr("{0} frames, evenly spread over {1} steps.").format(
                fmt_int(frames), fmt_int(span)
            )
        else:
            text = self.tr("{0} frames, one per step.").format(fmt_int(frames))
        self.frames_label.setText(text)

    def choice(self) -> tuple[int, int, int, int]:
        """(first step, last step, delay in ms, longest side in px)."""
        first, last = self.first_spin.value(), self.last_spin.value()
        return min(first, last), max(first, last), self.delay_spin.value(), self.side_spin.value()


def ask_save_path(
    parent: QWidget, title: str, folder: str, name: str, choices: Sequence[RunFormat]
) -> tuple[str, str] | None:
    """A file name and the chosen format's key, or None if cancelled. A name typed without
    the format's suffix gets it."""
    filters = [c.filter for c in choices]
    suggested = os.path.join(folder, name + choices[0].suffix)
    path, chosen = QFileDialog.getSaveFileName(
        parent, title, suggested, ";;".join(filters), filters[0]
    )
    if not path:
        return None
    choice = next((c for c in choices if c.filter == chosen), None)
    if choice is None:  # no filter reported back: go by the suffix typed
        choice = next((c for c in choices if path.lower().endswith(c.suffix)), choices[0])
    if not os.path.splitext(path)[1]:
        path += choice.suffix
    return path, choice.key


def history_formats() -> list[RunFormat]:
    return [
        RunFormat("csv", ".csv", QCoreApplication.translate("Export", "CSV table")),
        RunFormat("json", ".json", QCoreApplication.translate("Export", "JSON")),
    ]


def run_file_format() -> RunFormat:
    return RunFormat(
        "knightviz", ".knightviz", QCoreApplication.translate("Export", "knightviz runs")
    )


def ask_open_path(parent: QWidget, folder: str) -> str | None:
    path, _ = QFileDialog.getOpenFileName(
        parent,
        QCoreApplication.translate("Export", "Open a saved run"),
        folder,
        run_file_format().filter + ";;" + QCoreApplication.translate("Export", "All files (*)"),
    )
    return path or None


def ask_gif(parent: QWidget, length: int, shown: int) -> tuple[int, int, int, int] | None:
    dialog = GifDialog(length, shown, parent)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.choice()
    finally:
        dialog.deleteLater()


def warn(parent: QWidget, title: str, text: str) -> None:
    """A warning whose text is shown as it is: it may hold a file's name or a reason read
    from a file, which must never be taken for markup."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setObjectName("warningBox")
    box.setTextFormat(Qt.TextFormat.PlainText)
    try:
        box.exec()
    finally:
        box.deleteLater()


class Progress:
    """A cancellable progress dialog for a long export (the GIF's frames)."""

    def __init__(self, parent: QWidget, text: str) -> None:
        self.dialog = QProgressDialog(
            text, QCoreApplication.translate("Export", "Cancel"), 0, 100, parent
        )
        self.dialog.setObjectName("exportProgress")
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(300)

    def __call__(self, done: int, total: int) -> bool:
        self.dialog.setMaximum(total)
        self.dialog.setValue(done)
        QApplication.processEvents()
        return not self.dialog.wasCanceled()

    def close(self) -> None:
        self.dialog.reset()
        self.dialog.close()
        self.dialog.deleteLater()
