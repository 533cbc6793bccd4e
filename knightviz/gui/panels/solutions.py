"""The solutions found so far, one row each in algebraic form; click one to see it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QLabel, QListView, QVBoxLayout, QWidget

from knightviz.gui.text import fmt_int

Index = QModelIndex | QPersistentModelIndex


class SolutionsModel(QAbstractListModel):
    """A list model over the solutions, wording each only when a view asks (lazy)."""

    def __init__(self, describe: Callable[[tuple[int, ...]], str], parent: Any = None) -> None:
        super().__init__(parent)
        self._describe = describe
        self._rows: list[tuple[int, ...]] = []

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{index.row() + 1:>5}.  {self._describe(self._rows[index.row()])}"
        if role == Qt.ItemDataRole.UserRole:
            return self._rows[index.row()]
        return None

    def set_describe(self, describe: Callable[[tuple[int, ...]], str]) -> None:
        self.beginResetModel()
        self._describe = describe
        self.endResetModel()

    def append(self, solutions: list[tuple[int, ...]]) -> None:
        if not solutions:
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(solutions) - 1)
        self._rows.extend(solutions)
        self.endInsertRows()

    def clear(self) -> None:
        self.beginResetModel()
        self._rows = []
        self.endResetModel()

    def solution(self, row: int) -> tuple[int, ...]:
        return self._rows[row]


class SolutionsPanel(QWidget):
    """A count and the list; new solutions are buffered and added at screen rate."""

    solution_clicked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("solutionsPanel")
        self.count_label = QLabel()
        self.count_label.setObjectName("solutionsCountLabel")
        self.model = SolutionsModel(lambda s: " ".join(map(str, s)), self)
        self.view = QListView()
        self.view.setObjectName("solutionsList")
        self.view.setModel(self.model)
        self.view.setUniformItemSizes(True)  # constant-time layout for 100,000 rows
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setToolTip(self.tr("Click a solution to see it on the board"))
        mono = QFont(self.font())
        mono.setStyleHint(QFont.StyleHint.Monospace)
        mono.setFamilies(["DejaVu Sans Mono", "Menlo", "Consolas", "monospace"])
        self.view.setFont(mono)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.count_label)
        layout.addWidget(self.view, 1)
        self._pending: list[tuple[int, ...]] = []
        self._total = 0
        self.view.clicked.connect(self._on_clicked)
        self.view.activated.connect(self._on_clicked)
        self.set_count(0)

    def set_describe(self, describe: Callable[[tuple[int, ...]], str]) -> None:
        self.model.set_describe(describe)

    def add(self, solution: tuple[int, ...]) -> None:
        self._pending.append(solution)

    def set_count(self, total: int) -> None:
        """Solutions found in all (the list may keep fewer)."""
        self._total = total
        shown = self.model.rowCount() + len(self._pending)
        if total > shown:
            text = self.tr("{0} solutions found (the first {1} listed)").format(
                fmt_int(total), fmt_int(shown)
            )
        else:
            text = self.tr("{0} solutions found").format(fmt_int(total))
        self.count_label.setText(text)

    def flush(self) -> None:
        """Add the buffered solutions (called at screen rate)."""
        if self._pending:
            at_end = self._at_end()
            self.model.append(self._pending)
            self._pending = []
            if at_end:
                self.view.scrollToBottom()

    def clear(self) -> None:
        self._pending = []
        self.model.clear()
        self.set_count(0)

    def _at_end(self) -> bool:
        bar = self.view.verticalScrollBar()
        return bar.value() >= bar.maximum() - 2

    def _on_clicked(self, index: QModelIndex) -> None:
        if index.isValid():
            self.solution_clicked.emit(self.model.solution(index.row()))
