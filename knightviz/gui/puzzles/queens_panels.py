"""The eight-queens article's key idea, live: the constraint sets, or the two bitboards.

With the constraint-set method, three strips show which IDs are taken: columns (x), ascending
diagonals (x + y) and descending diagonals (x − y). The candidate the search looks at next
has its three IDs framed; the constraint that rejected the last square examined is marked
red, and a sentence says which queen holds it. With the bitboard method, the two integers
(queens and attacked squares) are shown as bit patterns, rank by rank.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QLabel,
    QPlainTextEdit,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from knightviz.engine import Board, file_name
from knightviz.engine.explain import (
    Constraint,
    bitboards,
    conflicts,
    constraint_ids,
    last_scan,
    queen_xy,
)
from knightviz.gui.board.model import BoardModel
from knightviz.gui.text import count_of, fmt_int

TAKEN = QColor(60, 110, 190)
FOCUS = QColor("#1f8a4c")
REJECT = QColor(200, 30, 30)


class ConstraintStrip(QWidget):
    """One set of constraint IDs as a row of cells; taken ones filled."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = title
        self.ids: list[int] = []
        self.labels: list[str] = []
        self.taken: frozenset[int] = frozenset()
        self.focus: int | None = None
        self.reject: int | None = None
        self.setMinimumHeight(38)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(260, self._title_height() + 26)

    def _title_height(self) -> int:
        """The title's height as drawn: a Chinese title's glyphs come from a taller font."""
        room = QRectF(0, 0, 10_000, 1_000)
        rect = QFontMetricsF(self.font()).boundingRect(room, Qt.AlignmentFlag.AlignLeft, self.title)
        return math.ceil(max(rect.height(), self.fontMetrics().height()))

    def set_ids(self, ids: list[int], labels: list[str]) -> None:
        self.ids, self.labels = ids, labels
        self.update()

    def show_state(self, taken: frozenset[int], focus: int | None, reject: int | None) -> None:
        if (taken, focus, reject) != (self.taken, self.focus, self.reject):
            self.taken, self.focus, self.reject = taken, focus, reject
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.ids:
            return
        with QPainter(self) as p:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            pal = self.palette()
            text = pal.color(QPalette.ColorRole.WindowText)
            p.setPen(text)
            title_h = self._title_height()
            p.drawText(QRectF(0, 0, self.width(), title_h), Qt.AlignmentFlag.AlignLeft, self.title)
            n = len(self.ids)
            w = (self.width() - 2) / n
            h = self.height() - title_h - 3
            font = QFont(self.font())
            font.setPixelSize(max(7, min(11, int(min(w * 0.55, h * 0.6)))))
            p.setFont(font)
            fm = p.fontMetrics()
            for i, (ident, label) in enumerate(zip(self.ids, self.labels, strict=True)):
                rect = QRectF(1 + i * w, title_h + 2, w, h)
                taken = ident in self.taken
                fill = TAKEN if taken else pal.color(QPalette.ColorRole.Base)
                p.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
                p.setBrush(fill)
                p.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5))
                if ident == self.reject:
                    p.setPen(QPen(REJECT, 2.5))
                    p.setBrush(Qt.BrushStyle.NoBrush)
                    p.drawRect(rect.adjusted(1.5, 1.5, -1.5, -1.5))
                elif ident == self.focus:
                    p.setPen(QPen(FOCUS, 2.5))
                    p.setBrush(Qt.BrushStyle.NoBrush)
                    p.drawRect(rect.adjusted(1.5, 1.5, -1.5, -1.5))
                if fm.horizontalAdvance(label) <= w - 2:
                    p.setPen(QColor("white") if taken else text)
                    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)


class ConstraintsPanel(QWidget):
    """The live state of the queens search in the article's two representations."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("constraintsPanel")
        self.n = 0
        self._version: tuple[int, int, bool] = (-1, -1, False)
        self._variant = "sets"
        titles = self._titles()
        self.columns = ConstraintStrip(titles[0])
        self.ascending = ConstraintStrip(titles[1])
        self.descending = ConstraintStrip(titles[2])
        sets = QWidget()
        sets_layout = QVBoxLayout(sets)
        sets_layout.setContentsMargins(0, 0, 0, 0)
        for strip in (self.columns, self.ascending, self.descending):
            sets_layout.addWidget(strip)
        self.bits = QPlainTextEdit()
        self.bits.setObjectName("bitboardView")
        self.bits.setReadOnly(True)
        self.bits.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        mono = QFont(self.font())
        mono.setStyleHint(QFont.StyleHint.Monospace)
        mono.setFamilies(["DejaVu Sans Mono", "Menlo", "Consolas", "monospace"])
        self.bits.setFont(mono)
        self.stack = QStackedWidget()
        self.stack.addWidget(sets)
        self.stack.addWidget(self.bits)
        self.reason = QLabel()
        self.reason.setObjectName("rejectionLabel")
        self.reason.setWordWrap(True)
        self.reason.setTextFormat(Qt.TextFormat.PlainText)
        self.reason.setMinimumHeight(self.fontMetrics().height() * 3)
        self.reason.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.stack)
        layout.addWidget(self.reason)
        layout.addStretch(1)

    def _titles(self) -> tuple[str, str, str]:
        return (
            self.tr("Columns  x"),
            self.tr("Ascending diagonals  x + y"),
            self.tr("Descending diagonals  x − y"),
        )

    def retranslate(self) -> None:
        """The strips' titles and the texts in the current language (the window shows the
        model again)."""
        for strip, title in zip(
            (self.columns, self.ascending, self.descending), self._titles(), strict=True
        ):
            strip.title = title
            strip.updateGeometry()
            strip.update()
        self._version = (-1, -1, False)

    def set_board(self, n: int, variant: str) -> None:
        self._variant = variant
        self.stack.setCurrentIndex(0 if variant == "sets" else 1)
        # Every line of the bitboards in view without a scroll bar where the panel has the
        # room (a board's rows, a blank, the two integers, the count; frame and margins).
        lines = n + 5 if n <= 8 else n + 2
        height = lines * self.bits.fontMetrics().lineSpacing() + 16
        self.bits.setMinimumHeight(min(height, 420) if variant != "sets" else 0)
        self.bits.setToolTip(
            self.tr(
                "Rank {0} at the top, file a on the left; 1: a queen (left), an attacked "
                "square (right)"
            ).format(n)
        )
        if n != self.n:
            self.n = n
            self.columns.set_ids(list(range(n)), [file_name(x) for x in range(n)])
            ups = list(range(2 * n - 1))
            self.ascending.set_ids(ups, [str(i) for i in ups])
            downs = list(range(-(n - 1), n))
            self.descending.set_ids(downs, [str(i) for i in downs])
        self._version = (-1, -1, False)

    def show_model(self, model: BoardModel, details: bool, conceal: bool = False) -> None:
        """Redraw from the model (cheap when nothing changed). ``conceal``: the learner is
        asked where the next queen goes, so the constraints it will take are not framed."""
        key = (id(model), model.version, conceal)
        if key == self._version or self.n == 0 or model.rows != self.n:
            return
        self._version = key
        n = self.n
        queens = list(model.path)
        ids = constraint_ids(n, queens)
        focus_sq = model.upcoming if details and not conceal else None
        focus = queen_xy(n, focus_sq) if focus_sq is not None and focus_sq >= 0 else None
        scan = last_scan(n, queens, model.last_events) if details else None
        reject_kinds: dict[Constraint, int] = {}
        text = ""
        board = Board(n, n)
        if scan is not None and scan.rejected:
            last = scan.rejected[-1]
            found = conflicts(n, scan.queens, last)
            reject_kinds = {kind: _ident(n, kind, last) for kind, _ in found}
            parts = [self._why(n, board, kind, last, holder) for kind, holder in found]
            text = self.tr("{0} rejected: {1}.").format(
                board.name(last),
                #: between the reasons a square is rejected
                self.tr("; ").join(parts),
            )
            if len(scan.rejected) > 1:
                #: between the names of squares in a list
                names = self.tr(", ").join(board.name(sq) for sq in scan.rejected)
                text += "\n" + self.tr("Examined and rejected on this rank: {0}.").format(names)
        if scan is not None and scan.placed is not None:
            text += ("\n" if text else "") + self.tr("{0} is free: a queen goes there.").format(
                board.name(scan.placed)
            )
        elif scan is not None and scan.placed is None:
            text += ("\n" if text else "") + self.tr(
                "Nothing left on rank {0}: take back the queen below."
            ).format(n - scan.rank_row)
        self.reason.setText(text)
        fx = fy = None
        if focus is not None:
            fx, fy = focus
        self.columns.show_state(ids.columns, fx, reject_kinds.get(Constraint.COLUMN))
        self.ascending.show_state(
            ids.ascending,
            None if fx is None or fy is None else fx + fy,
            reject_kinds.get(Constraint.ASCENDING),
        )
        self.descending.show_state(
            ids.descending,
            None if fx is None or fy is None else fx - fy,
            reject_kinds.get(Constraint.DESCENDING),
        )
        if self._variant != "sets":
            self.bits.setPlainText(self._bits_text(n, queens))

    def _why(self, n: int, board: Board, kind: Constraint, square: int, holder: int) -> str:
        x, y = queen_xy(n, square)
        by = board.name(holder)
        if kind is Constraint.COLUMN:
            return self.tr("column {0} is taken (queen on {1})").format(file_name(x), by)
        if kind is Constraint.ASCENDING:
            return self.tr("diagonal x + y = {0} is taken (queen on {1})").format(x + y, by)
        return self.tr("diagonal x − y = {0} is taken (queen on {1})").format(x - y, by)

    def _bits_text(self, n: int, queens: list[int]) -> str:
        q, a = bitboards(n, queens)
        # Each heading above its own columns, whatever the board's size.
        lines = [self.tr("queens").ljust(n + 2) + self.tr("attacked")]
        for y in range(n - 1, -1, -1):
            qrow = "".join("1" if (q >> (y * n + x)) & 1 else "·" for x in range(n))
            arow = "".join("1" if (a >> (y * n + x)) & 1 else "·" for x in range(n))
            lines.append(f"{qrow}  {arow}   {y + 1}")
        if n <= 8:
            lines.append("")
            lines.append(self.tr("queens   = 0x{0:0{1}X}").format(q, (n * n + 3) // 4))
            lines.append(self.tr("attacked = 0x{0:0{1}X}").format(a, (n * n + 3) // 4))
        placed, attacked = bin(q).count("1"), bin(a).count("1")
        lines.append(
            self.tr("{0}, {1}").format(
                self.tr("{0} queens", "", count_of(placed)).format(fmt_int(placed)),
                self.tr("{0} squares attacked", "", count_of(attacked)).format(fmt_int(attacked)),
            )
        )
        return "\n".join(lines)


def _ident(n: int, kind: Constraint, square: int) -> int:
    x, y = queen_xy(n, square)
    if kind is Constraint.COLUMN:
        return x
    if kind is Constraint.ASCENDING:
        return x + y
    return x - y
