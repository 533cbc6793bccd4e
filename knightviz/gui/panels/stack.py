"""The search stack: one row per depth, the candidates each level tries, in order.

A virtualised model/view: rows are worded only when the view paints them, so a 10,000-deep
stack on 100×100 costs what its twenty visible rows cost. Each candidate is a chip: taken and
finished (grey), being explored (green), not yet tried (outlined), and with Warnsdorff its
onward degree; a plain search's neighbours already on the path are struck through.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from knightviz.engine.events import StackLevel
from knightviz.gui.puzzles.base import CURRENT, DONE, NEXT, SKIPPED, Chip, StackSource

Index = QModelIndex | QPersistentModelIndex

CHIP_COLOURS = {
    DONE: QColor(150, 150, 150),
    CURRENT: QColor("#1f8a4c"),
    NEXT: QColor(60, 110, 190),
    SKIPPED: QColor(190, 190, 190),
}
CHIPS_ROLE = Qt.ItemDataRole.UserRole + 1


class StackModel(QAbstractTableModel):
    """Rows = levels 0…top; columns: the level, and its candidates."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._source: StackSource | None = None
        self._rows = 0

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 2

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            if section == 0:
                return self.tr("Level")
            return self.tr("Candidates, in the order tried")
        return None

    def retranslate(self) -> None:
        """The headers (and the rows' words) in the current language."""
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 1)
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(self._rows - 1, 1))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        source = self._source
        if source is None or not index.isValid() or not 0 <= index.row() < self._rows:
            return None
        d = index.row()
        if role not in (Qt.ItemDataRole.DisplayRole, CHIPS_ROLE, Qt.ItemDataRole.ToolTipRole):
            return None
        level = source.stack[d]
        if index.column() == 0:
            if role == CHIPS_ROLE:
                return None
            return source.label(d, level)
        chips = source.chips(d, level)
        if role == CHIPS_ROLE:
            return chips
        words = {DONE: "✓", CURRENT: "▶", NEXT: "·", SKIPPED: "×"}
        return " ".join(
            f"{words[c.state]}{c.text}" + (f"({c.degree})" if c.degree is not None else "")
            for c in chips
        )

    def set_source(self, source: StackSource | None) -> None:
        """Show another stack: rows added or removed at the end, the rest redrawn."""
        old = self._rows
        new = len(source.stack) if source is not None else 0
        self._source = source
        if new > old:
            self.beginInsertRows(QModelIndex(), old, new - 1)
            self._rows = new
            self.endInsertRows()
        elif new < old:
            self.beginRemoveRows(QModelIndex(), new, old - 1)
            self._rows = new
            self.endRemoveRows()
        if new:
            self.dataChanged.emit(self.index(0, 0), self.index(new - 1, 1))

    def level(self, row: int) -> StackLevel | None:
        if self._source is None or not 0 <= row < self._rows:
            return None
        return self._source.stack[row]

    def chips(self, row: int) -> list[Chip]:
        if self._source is None or not 0 <= row < self._rows:
            return []
        return self._source.chips(row, self._source.stack[row])


def paint_chip_box(p: QPainter, box: QRectF, state: str, text_colour: QColor) -> None:
    """A candidate chip's rounded box in its state's style, then the pen for its label:
    filled (being explored), faint (tried), outlined (to try, or skipped: on the path)."""
    colour = CHIP_COLOURS[state]
    if state == CURRENT:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawRoundedRect(box, 4, 4)
        p.setPen(QColor("white"))
    elif state == DONE:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(colour.red(), colour.green(), colour.blue(), 70))
        p.drawRoundedRect(box, 4, 4)
        p.setPen(text_colour)
    else:
        p.setPen(QPen(colour, 1.2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), 4, 4)
        p.setPen(colour if state == SKIPPED else text_colour)


class ChipDelegate(QStyledItemDelegate):
    """Paints a level's candidates as small coloured chips."""

    def paint(self, p: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        chips = index.data(CHIPS_ROLE)
        if not chips:
            super().paint(p, option, index)
            return
        style = option.widget.style() if option.widget is not None else None
        if style is not None:
            style.drawPrimitive(
                QStyle.PrimitiveElement.PE_PanelItemViewItem, option, p, option.widget
            )
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect: QRect = option.rect
        font = QFont(option.font)
        fm = option.fontMetrics
        x = rect.left() + 3
        h = rect.height() - 6
        top = rect.top() + 3
        text_colour = option.palette.color(QPalette.ColorRole.Text)
        for chip in chips:
            label = chip.text if chip.degree is None else f"{chip.text} {chip.degree}"
            w = fm.horizontalAdvance(label) + 10
            if x + w > rect.right() - 2:
                p.setPen(text_colour)
                p.drawText(QRectF(x, top, 20, h), Qt.AlignmentFlag.AlignVCenter, "…")
                break
            box = QRectF(x, top, w, h)
            paint_chip_box(p, box, chip.state, text_colour)
            chip_font = QFont(font)
            chip_font.setStrikeOut(chip.state == SKIPPED)
            p.setFont(chip_font)
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
            x += w + 3
        p.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(size.width(), max(size.height(), option.fontMetrics.height() + 8))


class StackView(QTableView):
    """The stack panel's view; the row under the mouse (or clicked) is reported."""

    #: A level was hovered or clicked (its row), or the mouse left (-1).
    level_hovered = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stackView")
        self.stack_model = StackModel(self)
        self.setModel(self.stack_model)
        self.setItemDelegateForColumn(1, ChipDelegate(self))
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setMouseTracking(True)
        self.setWordWrap(False)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 10)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.setColumnWidth(0, self.fontMetrics().horizontalAdvance("10000 · aa100") + 16)
        self.setToolTip(self.tr("Hover or click a level to see it on the board"))
        self.follow = True
        self._hovered = -1
        self.clicked.connect(lambda index: self._hover(index.row()))

    def show_source(self, source: StackSource | None) -> None:
        """Show a new stack, keeping the current (deepest) level in view unless the user
        scrolled away from it."""
        bar = self.verticalScrollBar()
        following = self.follow and bar.value() >= bar.maximum() - 1
        if source is not None and source.widest:
            needed = self.fontMetrics().horizontalAdvance(source.widest) + 16
            if self.columnWidth(0) < needed:
                self.setColumnWidth(0, needed)
        self.stack_model.set_source(source)
        if following and self.stack_model.rowCount():
            self.scrollToBottom()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        self._hover(self.rowAt(int(event.position().y())))

    def leaveEvent(self, event: QEvent) -> None:
        super().leaveEvent(event)
        if not self.selectionModel().hasSelection():
            self._hover(-1)

    def _hover(self, row: int) -> None:
        if row != self._hovered:
            self._hovered = row
            self.level_hovered.emit(row)

    def retranslate(self) -> None:
        self.stack_model.retranslate()

    def level_marks(self, row: int) -> dict[int, QColor] | None:
        """A level's squares as the board outlines them on hover: its square and its
        candidates by state (empty: none; None: no such level)."""
        if row < 0:
            return {}
        stack = self.stack_model
        level = stack.level(row)
        if level is None:
            return None
        colours = {
            CURRENT: QColor("#1f8a4c"),
            NEXT: QColor(60, 110, 190),
            DONE: QColor(130, 130, 130),
        }
        marks = {
            chip.square: colours[chip.state]
            for chip in stack.chips(row)
            if chip.state in colours and chip.square >= 0
        }
        if level.square >= 0:
            marks[level.square] = QColor(230, 150, 20)
        return marks
