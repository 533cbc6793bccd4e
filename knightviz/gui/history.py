"""The run history: one row per finished or stopped run, newest last, to compare strategies.

Works on the engine's generic ``Result`` (outcome and counts), so any puzzle's runs fit.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from knightviz.engine import Outcome, Result
from knightviz.gui.panels import RunSettings, format_seconds


@dataclass(frozen=True, slots=True)
class RunRecord:
    """What is needed to show a run and to restore its settings."""

    number: int
    settings: RunSettings
    start: tuple[int, int]
    start_name: str
    result: Result


COLUMNS = (
    "#",
    "Board",
    "Start",
    "Strategy",
    "Outcome",
    "Moves",
    "Backtracks",
    "Steps",
    "Time",
)
NUMERIC = {0, 5, 6, 7, 8}
OUTCOME_TEXT = {
    Outcome.SOLVED: "solved",
    Outcome.EXHAUSTED: "no tour",
    Outcome.LIMIT: "step limit",
    Outcome.CANCELLED: "stopped",
    Outcome.IMPOSSIBLE: "impossible",
}


class HistoryTable(QTableWidget):
    """One row per run, newest last; double-click a row to restore that run's setup."""

    record_activated = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setObjectName("historyTable")
        self.setHorizontalHeaderLabels([self.tr(c) for c in COLUMNS])
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAlternatingRowColors(True)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(24)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.setToolTip(self.tr("Double-click a run to restore its settings and start square"))
        self._records: list[RunRecord] = []
        self.doubleClicked.connect(self._on_double_clicked)

    def records(self) -> list[RunRecord]:
        return list(self._records)

    def add_record(self, record: RunRecord) -> None:
        self._records.append(record)
        r = record.result
        s = record.settings
        cells = (
            str(record.number),
            f"{s.rows}×{s.cols}",
            record.start_name,
            s.describe(),
            self.tr(OUTCOME_TEXT.get(r.outcome, str(r.outcome))),
            f"{r.moves:,}",
            f"{r.backtracks:,}",
            f"{r.steps:,}",
            format_seconds(r.seconds),
        )
        row = self.rowCount()
        self.insertRow(row)
        for col, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if col in NUMERIC:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if col == 4 and r.reason:
                item.setToolTip(r.reason)
            self.setItem(row, col, item)
        self.scrollToBottom()

    def _on_double_clicked(self, index: QModelIndex) -> None:
        if 0 <= index.row() < len(self._records):
            self.record_activated.emit(self._records[index.row()])
