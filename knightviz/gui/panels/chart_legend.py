"""The steps chart's legend: a coloured mark and a name per strategy, and the hollow mark.

A strategy is named by the words that set it apart from the other strategies of its puzzle
("plain", "Warnsdorff (ties: Roth)"): the parts they all share ("backtracking · open") are
said once, in the legend's tooltip with the whole names. Five whole names took five lines of
a small dock and left the plot a strip.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette, QTextDocument
from PySide6.QtWidgets import QLabel, QWidget

#: Between the parts of a strategy's description ("plain · backtracking · open").
PART_SEPARATOR = " · "


class ChartLegend(QLabel):
    """The ``stepsChartLegend`` label: a column beside the plot, or rows below it that
    break between entries only."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stepsChartLegend")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        #: Each strategy's colour, in legend order, and the puzzle it belongs to.
        self._colours: dict[str, QColor] = {}
        self._puzzles: dict[str, str] = {}
        self._hollow = False
        self.column = False

    def set_entries(
        self, colours: dict[str, QColor], puzzles: dict[str, str], hollow: bool
    ) -> None:
        """The strategies (whole names, in the current language) with their colours and
        puzzles; ``hollow``: some run ended early."""
        self._colours, self._puzzles, self._hollow = dict(colours), dict(puzzles), hollow
        self._show()

    def set_column(self, column: bool) -> None:
        """One entry a line (beside the plot), or entries in rows (below it)."""
        if column != self.column:
            self.column = column
            self._show()

    def entries(self) -> list[str]:
        """The names shown, the hollow mark's last."""
        return [entry for entry, _, _ in self._items()]

    def widest(self) -> int:
        """The widest entry, its mark included (px)."""
        entries = self.entries()
        if not entries:
            return 0
        fm = self.fontMetrics()
        return max(fm.horizontalAdvance(e) for e in entries) + 2 * fm.horizontalAdvance("●  ")

    def height_in_rows(self, width: int) -> float:
        """The height the entries take in rows ``width`` px wide."""
        html = self._html(column=False)
        if not html:
            return 0.0
        doc = QTextDocument()
        doc.setDocumentMargin(0)
        doc.setDefaultFont(self.font())
        doc.setHtml(html)
        doc.setTextWidth(max(width, 1))
        return doc.size().height()

    def _items(self) -> list[tuple[str, str, str]]:
        """(text, mark, colour) per entry."""
        names = list(self._colours)
        parts = {name: name.split(PART_SEPARATOR) for name in names}
        shared: dict[str, set[str]] = {}  # puzzle → the parts all its strategies share
        for name in names:
            puzzle = self._puzzles.get(name, "")
            mine = set(parts[name])
            shared[puzzle] = shared[puzzle] & mine if puzzle in shared else mine
        many = {p for p in shared if sum(self._puzzles.get(n, "") == p for n in names) > 1}

        def short(name: str) -> str:
            puzzle = self._puzzles.get(name, "")
            if puzzle not in many:
                return name
            kept = [p for p in parts[name] if p not in shared[puzzle]]
            return PART_SEPARATOR.join(kept) or name

        shown = [short(name) for name in names]
        if len(set(shown)) < len(shown):
            shown = names
        text = self.palette().color(QPalette.ColorRole.Text).name()
        items = [(s, "●", self._colours[n].name()) for s, n in zip(shown, names, strict=True)]
        if self._hollow:
            items.append((self.tr("ended early (stopped, step limit)"), "○", text))
        return items

    def _html(self, column: bool) -> str:
        text = self.palette().color(QPalette.ColorRole.Text).name()
        # Lines break between entries only (Chinese, without spaces, broke inside them).
        parts = [
            f'<span style="white-space:nowrap"><span style="color:{colour}; '
            f'font-size:large">{mark}</span>&nbsp;'
            f'<span style="color:{text}">{_escaped(entry)}</span></span>'
            for entry, mark, colour in self._items()
        ]
        return ("<br>" if column else " &nbsp; ").join(parts)

    def _show(self) -> None:
        html = self._html(self.column)
        self.setText(html)
        self.setToolTip("\n".join(self._colours))
        self.setVisible(bool(html))


def _escaped(text: str) -> str:
    """Plain text for rich text, its spaces unbreakable."""
    out = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return out.replace(" ", "&nbsp;")
