"""The run history: one row per finished or stopped run, newest last, to compare strategies.

Works on the session's ``RunRecord`` and the puzzles' adapters, so any puzzle's runs fit.
Two times are shown and labelled apart: the search time (the engine computing) and the wall
time (from Start to the end, pauses excluded, slow speeds included: the Elapsed counter).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from knightviz.gui.board.model import BoardModel
from knightviz.gui.panels.gauge import explored_words
from knightviz.gui.puzzles.base import Puzzle
from knightviz.gui.session import RunRecord
from knightviz.gui.text import count_of, fmt_big_log10, fmt_int, fmt_seconds

# Column indices: what a comparison reads first (puzzle, strategy, outcome, steps), then
# the rest, which may scroll sideways on a narrow window.
PUZZLE, STRATEGY, OUTCOME, STEPS, BOARD, START = range(6)
MOVES, BACKTRACKS, SOLUTIONS, EXPLORED, SEARCH_TIME, WALL_TIME = range(6, 12)
#: The race a run was part of, with the other run's number (empty for a single run).
RACE = 12
#: The run's number (the race column names the other run by it).
NUMBER = 13
NUMERIC = {NUMBER, MOVES, BACKTRACKS, STEPS, SOLUTIONS, EXPLORED, SEARCH_TIME, WALL_TIME}
#: The first columns, kept in view whatever the table's width.
FIRST = (PUZZLE, STRATEGY, OUTCOME, STEPS)
#: The Strategy column's width (px) when every column fits: narrower, the columns after
#: Steps scroll sideways and the strategy takes what the first four leave (at least
#: ``STRATEGY_FLOOR``; its whole text is the cell's tooltip).
STRATEGY_MIN = 140
STRATEGY_FLOOR = 80


class HistoryTable(QTableWidget):
    """One row per run, newest last; double-click a row to bring that run back."""

    record_activated = Signal(object)
    #: The run the user picked (a click, the keys), or the newest one added; None when
    #: the history is emptied. The comparison follows it.
    record_chosen = Signal(object)

    def __init__(self, puzzles: dict[str, Puzzle[Any]], parent: QWidget | None = None) -> None:
        super().__init__(0, 14, parent)
        self.setObjectName("historyTable")
        self._puzzles = puzzles
        self.setHorizontalHeaderLabels(self._headers())
        tips = {
            MOVES: self.tr("Moves (N-Queens: placements)"),
            BACKTRACKS: self.tr("Backtracks (N-Queens: removals)"),
            STEPS: self.tr("Steps = moves + backtracks"),
            EXPLORED: self.tr(
                "How much of its whole search tree the run had finished when it ended: "
                "“all of it” for a search that tried everything, “none” for one that went "
                "straight to a solution, else a share such as “1 part in 10¹⁶” (Knuth's "
                "estimate from the stack)"
            ),
            SEARCH_TIME: self.tr("Time the engine spent computing"),
            RACE: self.tr("Runs raced side by side (Compare, Race): the race and the other run"),
            WALL_TIME: self.tr(
                "Time from Start to the end, pauses excluded: includes the animation at slow "
                "speeds (the Elapsed counter)"
            ),
        }
        for col, tip in tips.items():
            item = self.horizontalHeaderItem(col)
            if item is not None:
                item.setToolTip(tip)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(22)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(STRATEGY, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(28)
        self.setToolTip(self.tr("Double-click a run to bring back its settings and start square"))
        self._records: list[RunRecord] = []
        self.doubleClicked.connect(self._on_double_clicked)
        self.itemSelectionChanged.connect(self._on_selection)

    def _headers(self) -> list[str]:
        return [
            self.tr("Puzzle"),
            self.tr("Strategy"),
            self.tr("Outcome"),
            self.tr("Steps"),
            self.tr("Board"),
            self.tr("Start"),
            self.tr("Moves"),
            self.tr("Backtracks"),
            self.tr("Solutions"),
            self.tr("Tree explored"),
            self.tr("Search time"),
            self.tr("Wall time"),
            self.tr("Race"),
            self.tr("#"),
        ]

    def choose(self, record: RunRecord) -> None:
        """Select ``record``'s row (in view) and say so (``record_chosen``)."""
        row = next((i for i, r in enumerate(self._records) if r is record), -1)
        if row < 0:
            return
        if self.currentRow() == row:
            self.record_chosen.emit(record)
        else:
            self.selectRow(row)
        self.scrollTo(self.model().index(row, PUZZLE))

    def chosen(self) -> RunRecord | None:
        """The run whose row is selected, if any."""
        rows = self.selectionModel().selectedRows()
        row = rows[0].row() if rows else -1
        return self._records[row] if 0 <= row < len(self._records) else None

    def _on_selection(self) -> None:
        record = self.chosen()
        if record is not None:
            self.record_chosen.emit(record)

    def records(self) -> list[RunRecord]:
        return list(self._records)

    def confirm_clear(self) -> bool:
        """Ask before Run › Clear history empties the table and the file."""
        runs = len(self._records)
        answer = QMessageBox.question(
            self,
            self.tr("Clear history"),
            self.tr(
                "Remove all {0} runs from the history? This cannot be undone.", "", count_of(runs)
            ).format(fmt_int(runs)),
        )
        return answer == QMessageBox.StandardButton.Yes

    def clear_records(self) -> None:
        """Forget every row (Run › Clear history)."""
        self._records.clear()
        self.setRowCount(0)
        self.record_chosen.emit(None)

    def add_record(self, record: RunRecord) -> None:
        self._records.append(record)
        self._add_row(record)
        if record.race is not None:
            self.update_links()
        self.scrollToBottom()
        QTimer.singleShot(0, self._fit_strategy)  # after the columns fit their new contents

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_strategy()

    def _fit_strategy(self) -> None:
        """The Strategy column takes the room the others leave when every column fits in
        ``STRATEGY_MIN`` px or more; else the room the puzzle, outcome and steps leave, so
        those four stay in view and the rest scroll sideways."""
        header = self.horizontalHeader()
        width = self.viewport().width()
        others = sum(header.sectionSize(c) for c in range(self.columnCount()) if c != STRATEGY)
        mode = header.sectionResizeMode(STRATEGY)
        if width - others >= STRATEGY_MIN:
            if mode != QHeaderView.ResizeMode.Stretch:
                header.setSectionResizeMode(STRATEGY, QHeaderView.ResizeMode.Stretch)
            return
        first = sum(header.sectionSize(c) for c in FIRST if c != STRATEGY)
        want = max(STRATEGY_FLOOR, width - first)
        if mode != QHeaderView.ResizeMode.Interactive:
            header.setSectionResizeMode(STRATEGY, QHeaderView.ResizeMode.Interactive)
        if header.sectionSize(STRATEGY) != want:
            header.resizeSection(STRATEGY, want)

    def showEvent(self, event: QShowEvent) -> None:
        """The newest rows in view when the table is first shown (rows loaded at start-up
        were added before it had a size to scroll in)."""
        super().showEvent(event)
        QTimer.singleShot(0, self.scrollToBottom)

    def retranslate(self) -> None:
        """Every row again in the current language (strategies described anew), the
        chosen one still chosen."""
        chosen = self.chosen()
        self.setHorizontalHeaderLabels(self._headers())
        self.blockSignals(True)
        self.setRowCount(0)
        for record in self._records:
            self._add_row(record)
        if chosen is not None:
            self.selectRow(self._records.index(chosen))
        self.blockSignals(False)

    def _add_row(self, record: RunRecord) -> None:
        puzzle = self._puzzles[record.puzzle]
        r, s = record.result, record.settings
        cells = (
            puzzle.title(),
            self._strategy(record),
            self._outcome(record),
            fmt_int(r.steps),
            puzzle.board_text(s),
            record.start_name,
            fmt_int(r.moves),
            fmt_int(r.backtracks),
            fmt_int(r.count),
            self._explored(record),
            fmt_seconds(r.seconds),
            fmt_seconds(record.wall_seconds),
            self._race(record),
            fmt_int(record.number),
        )
        row = self.rowCount()
        self.insertRow(row)
        for col, text in enumerate(cells):
            cell = QTableWidgetItem(text)
            if col in NUMERIC:
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.setItem(row, col, cell)
        summary = self._summary(record)
        for col in (OUTCOME, STRATEGY):
            item = self.item(row, col)
            if item is not None:  # the strategy's cell may be cut short: in full here
                item.setToolTip(summary if col == OUTCOME else f"{cells[STRATEGY]}\n{summary}")
        explored = self.item(row, EXPLORED)
        tree = record.tree_log10
        if explored is not None and tree is not None:
            explored.setToolTip(
                self.tr("Of a whole tree of about {0} steps (Knuth's estimate)").format(
                    fmt_big_log10(tree)
                )
            )

    def _strategy(self, record: RunRecord) -> str:
        return self._puzzles[record.puzzle].describe(record.settings)

    def _outcome(self, record: RunRecord) -> str:
        """The outcome, and the "your turn" score of a run the learner predicted: short, in
        a column that fits its contents (the Strategy column cuts a long text short)."""
        text = self._puzzles[record.puzzle].outcome_text(record.result)
        if record.predictions is None:
            return text
        right, asked, _ = record.predictions
        return self.tr("{0} · your turn {1}/{2}").format(text, right, asked)

    def _summary(self, record: RunRecord) -> str:
        """What happened, in the current language (the record keeps the words of its time),
        and the "your turn" score in full."""
        s = record.settings
        model = BoardModel(s.rows, s.cols, record.path)
        text = self._puzzles[record.puzzle].describe_result(s, record.start, record.result, model)
        if record.predictions is not None:
            right, asked, best = record.predictions
            text += "\n" + self.tr("Your turn: {0} of {1} right, best run {2} in a row.").format(
                right, asked, best
            )
        return text

    def _race(self, record: RunRecord) -> str:
        link = record.race
        if link is None:
            return ""
        other = next(
            (
                r.number
                for r in self._records
                if r.race is not None and r.race.race == link.race and r.race.lane != link.lane
            ),
            None,
        )
        if other is None:
            return self.tr("race {0}").format(fmt_int(link.race))
        return self.tr("race {0}, with #{1}").format(fmt_int(link.race), fmt_int(other))

    def update_links(self) -> None:
        """Rewrite the race cells (a race's first row learns the other run's number later)."""
        for row, record in enumerate(self._records):
            item = self.item(row, RACE)
            if item is not None and record.race is not None:
                item.setText(self._race(record))

    def _explored(self, record: RunRecord) -> str:
        return explored_words(record.explored, record.result, record.result.backtracks > 0)

    def _on_double_clicked(self, index: QModelIndex) -> None:
        if 0 <= index.row() < len(self._records):
            self.record_activated.emit(self._records[index.row()])
