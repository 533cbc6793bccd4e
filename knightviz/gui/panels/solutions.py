"""The solutions found so far, one row each in algebraic form; click one to see it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QLabel, QListView, QVBoxLayout, QWidget

from knightviz.gui.text import count_of, fmt_int

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

    def rows(self) -> list[tuple[int, ...]]:
        return self._rows

    def append(self, solutions: list[tuple[int, ...]]) -> None:
        if not solutions:
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(solutions) - 1)
        self._rows.extend(solutions)
        self.endInsertRows()

    def truncate(self, length: int) -> None:
        if length >= len(self._rows):
            return
        self.beginRemoveRows(QModelIndex(), length, len(self._rows) - 1)
        del self._rows[length:]
        self.endRemoveRows()

    def reset(self, solutions: list[tuple[int, ...]]) -> None:
        self.beginResetModel()
        self._rows = list(solutions)
        self.endResetModel()

    def solution(self, row: int) -> tuple[int, ...]:
        return self._rows[row]


class _SolutionsList(QListView):
    """The list, telling also of a key that lands on the row already current (Home on the
    first row): the user chose it again, though no current row changed."""

    landed = Signal()
    KEYS = (
        Qt.Key.Key_Home,
        Qt.Key.Key_End,
        Qt.Key.Key_Up,
        Qt.Key.Key_Down,
        Qt.Key.Key_PageUp,
        Qt.Key.Key_PageDown,
    )

    def keyPressEvent(self, event: QKeyEvent) -> None:
        before = self.currentIndex()
        super().keyPressEvent(event)
        if before.isValid() and self.currentIndex() == before and event.key() in self.KEYS:
            self.landed.emit()


class SolutionsPanel(QWidget):
    """A count and the list of the solutions found up to the step on the board."""

    #: A solution was chosen (clicked, or reached with the arrow keys, Home, End…).
    solution_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("solutionsPanel")
        self.count_label = QLabel()
        self.count_label.setObjectName("solutionsCountLabel")
        self.model = SolutionsModel(lambda s: " ".join(map(str, s)), self)
        self.view = _SolutionsList()
        self.view.setObjectName("solutionsList")
        self.view.setModel(self.model)
        self.view.setUniformItemSizes(True)  # constant-time layout for 100,000 rows
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setToolTip(self.tr("Click a solution (or use the arrow keys) to see it"))
        mono = QFont(self.font())
        mono.setStyleHint(QFont.StyleHint.Monospace)
        mono.setFamilies(["DejaVu Sans Mono", "Menlo", "Consolas", "monospace"])
        self.view.setFont(mono)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.count_label)
        layout.addWidget(self.view, 1)
        self._total = 0
        #: Set while the list follows the run: a current row moved by a removal is no choice.
        self._following = False
        self.view.clicked.connect(self._on_chosen)
        self.view.activated.connect(self._on_chosen)
        self.view.landed.connect(lambda: self._on_chosen(self.view.currentIndex()))
        self.view.selectionModel().currentChanged.connect(self._on_current)
        self.show_solutions([], 0)

    def set_describe(self, describe: Callable[[tuple[int, ...]], str]) -> None:
        self.model.set_describe(describe)

    def solutions(self) -> list[tuple[int, ...]]:
        """The solutions listed."""
        return list(self.model.rows())

    def show_solutions(self, shown: list[tuple[int, ...]], total: int) -> None:
        """List exactly ``shown`` (the solutions up to the step on the board), of ``total``
        found there (the run keeps at most the first 100,000)."""
        n = self.model.rowCount()
        self._following = True
        try:
            self._show(shown)
        finally:
            self._following = False
        if total != self._total or n != len(shown):
            self._total = total
            self.retranslate()

    def _show(self, shown: list[tuple[int, ...]]) -> None:
        rows = self.model.rows()
        n = len(rows)
        if n <= len(shown) and (n == 0 or rows[-1] == shown[n - 1]):
            if n < len(shown):
                at_end = self._at_end()
                self.model.append(shown[n:])
                if at_end:
                    self.view.scrollToBottom()
        elif shown and rows[len(shown) - 1] == shown[-1]:
            self.model.truncate(len(shown))
        elif not shown:
            self.model.truncate(0)
        else:
            self.model.reset(shown)

    def retranslate(self) -> None:
        listed, total = self.model.rowCount(), self._total
        if total > listed:
            text = self.tr(
                "{0} solutions found (the first {1} listed)", "", count_of(total)
            ).format(fmt_int(total), fmt_int(listed))
        else:
            text = self.tr("{0} solutions found", "", count_of(total)).format(fmt_int(total))
        self.count_label.setText(text)

    def _at_end(self) -> bool:
        bar = self.view.verticalScrollBar()
        return bar.value() >= bar.maximum() - 2

    def _on_chosen(self, index: QModelIndex) -> None:
        if index.isValid():
            self.solution_chosen.emit(self.model.solution(index.row()))

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid() and self.view.hasFocus() and not self._following:
            self.solution_chosen.emit(self.model.solution(current.row()))
