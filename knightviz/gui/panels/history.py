"""The run history: one row per finished or stopped run, newest last, to compare strategies.

Works on the session's ``RunRecord`` and the puzzles' adapters, so any puzzle's runs fit.
Two times are shown and labelled apart: the search time (the engine computing) and the wall
time (from Start to the end, pauses excluded, slow speeds included: the Elapsed counter).

A model over the rows, read on demand: at start-up the table gets the ids of the rows on
disk (one query) and reads a page of rows only when it first shows, selects or hands one
out, so a history of 10,000 runs opens as fast as one of a single run. A row's texts are
made when it is first drawn, and kept.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelection,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QMessageBox,
    QTableView,
    QWidget,
)

from knightviz.gui.board.model import BoardModel
from knightviz.gui.panels.gauge import explored_words
from knightviz.gui.puzzles.base import Puzzle
from knightviz.gui.session import RunRecord
from knightviz.gui.text import count_of, fmt_big_log10, fmt_int, fmt_seconds

log = logging.getLogger("knightviz.history")

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
#: Rows read from the history file at once (one query), around the row the table needs.
PAGE = 128

#: Reads the rows on disk whose ids run from the first to the last given: (id, record, or
#: None for a row that cannot be read).
Reader = Callable[[int, int], "list[tuple[int, RunRecord | None]]"]
Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True, slots=True)
class HistoryCell:
    """A cell's text and tooltip, as a test or a script reads them (``item(row, col)``)."""

    _text: str
    _tip: str = ""
    #: Where it is (-1: a header).
    row: int = -1
    column: int = -1

    def text(self) -> str:
        return self._text

    def toolTip(self) -> str:
        return self._tip


@dataclass(frozen=True, slots=True)
class _Texts:
    """One row as the table shows it: its cells and the tooltips of some."""

    record: RunRecord
    cells: tuple[str, ...]
    tips: dict[int, str]


class HistoryModel(QAbstractTableModel):
    """The history's rows: records of this session, and ids of rows on disk read a page at a
    time when first needed. A row found unreadable then is dropped (``skipped``)."""

    #: Rows on disk that turned out unreadable when first read (they stay in the file).
    skipped = Signal(int)

    def __init__(self, puzzles: dict[str, Puzzle[Any]], table: HistoryTable) -> None:
        super().__init__(table)
        self._puzzles = puzzles
        self._table = table
        #: A record, the id of a row on disk not read yet, or None: unreadable, to drop.
        self._rows: list[RunRecord | int | None] = []
        self._reader: Reader | None = None
        #: Rows' texts, made when first drawn, by the record's identity.
        self._texts: dict[int, _Texts] = {}
        #: This session's raced runs, by race (the Race column names the other run).
        self._races: dict[int, list[RunRecord]] = {}
        self._drop_due = False
        self.headers = table.headers()

    # -- rows -------------------------------------------------------------------------------

    def set_source(self, ids: Sequence[int], reader: Reader) -> int:
        """Rows on disk, oldest first, read through ``reader`` when needed; the newest page
        read now, so what the table first shows is known at once. Returns the rows of that
        page dropped as unreadable."""
        self.beginResetModel()
        self._reader = reader
        self._rows = list(ids)
        self._texts.clear()
        newest = max(0, len(self._rows) - PAGE)
        self._read(newest, len(self._rows))
        for row in range(newest, len(self._rows)):
            self.texts(row)  # a row it cannot show is found now, not once in view
        kept: list[RunRecord | int | None] = [r for r in self._rows if r is not None]
        dropped = len(self._rows) - len(kept)
        self._rows = kept
        self.endResetModel()
        return dropped

    def append(self, record: RunRecord) -> None:
        row = len(self._rows)
        self.beginInsertRows(QModelIndex(), row, row)
        self._rows.append(record)
        if record.race is not None:
            self._races.setdefault(record.race.race, []).append(record)
        self.endInsertRows()

    def clear(self) -> None:
        self.beginResetModel()
        self._rows.clear()
        self._texts.clear()
        self._races.clear()
        self.endResetModel()

    def record(self, row: int) -> RunRecord | None:
        """The run of ``row`` (read from disk with its page if need be); None for a row
        out of range or found unreadable."""
        if not 0 <= row < len(self._rows):
            return None
        entry = self._rows[row]
        if isinstance(entry, int):
            self._read(row - row % PAGE, row - row % PAGE + PAGE)
            entry = self._rows[row]
            assert not isinstance(entry, int)
        return entry

    def row_of(self, record: RunRecord) -> int:
        """``record``'s row (-1: not in the table), found without reading a row: a record
        handed out is one the table holds."""
        for row in range(len(self._rows) - 1, -1, -1):
            if self._rows[row] is record:
                return row
        return -1

    def records(self) -> list[RunRecord]:
        """Every run, oldest first: the rows not read yet read in one query."""
        unread = [r for r in self._rows if isinstance(r, int)]
        if unread:
            self._read(0, len(self._rows))
        self._drop_unreadable()
        return [r for r in self._rows if r is not None and not isinstance(r, int)]

    def _read(self, lo: int, hi: int) -> None:
        """Rows ``lo`` to ``hi`` (past the end cut), those not read yet, in one query."""
        hi = min(hi, len(self._rows))
        ids = [r for r in self._rows[lo:hi] if isinstance(r, int)]
        if not ids or self._reader is None:
            return
        found = dict(self._reader(ids[0], ids[-1]))
        bad = False
        for row in range(lo, hi):
            entry = self._rows[row]
            if isinstance(entry, int):
                self._rows[row] = found.get(entry)
                bad = bad or self._rows[row] is None
        if bad:
            self._drop_soon()

    def _drop_soon(self) -> None:
        """Not now: a row read while the view paints or a caller walks the rows keeps its
        place until the event loop turns."""
        if not self._drop_due:
            self._drop_due = True
            QTimer.singleShot(0, self._drop_unreadable)

    def _drop_unreadable(self) -> None:
        self._drop_due = False
        dropped = 0
        for row in range(len(self._rows) - 1, -1, -1):
            if self._rows[row] is None:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._rows[row]
                self.endRemoveRows()
                dropped += 1
        if dropped:
            self.skipped.emit(dropped)

    # -- what the view asks -----------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        col = index.column()
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if col in NUMERIC:
                return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
            return None
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        texts = self.texts(index.row())
        if texts is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return texts.cells[col]
        return texts.tips.get(col)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.headers):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.headers[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._table.header_tips().get(section)
        return None

    def texts(self, row: int) -> _Texts | None:
        record = self.record(row)
        if record is None:
            return None
        texts = self._texts.get(id(record))
        if texts is None or texts.record is not record:
            try:
                texts = self._table.row_texts(record)
            except Exception as exc:  # a row on disk it cannot show is dropped, not raised
                log.warning("skipped a run history row: %s", exc)
                self._rows[row] = None
                self._drop_soon()
                return None
            self._texts[id(record)] = texts
        return texts

    def race_partner(self, record: RunRecord) -> RunRecord | None:
        link = record.race
        if link is None:
            return None
        return next(
            (
                r
                for r in self._races.get(link.race, ())
                if r.race is not None and r.race.lane != link.lane
            ),
            None,
        )

    def retell(self, races_only: bool = False) -> None:
        """Every row's texts made again (the language changed, a race learnt its partner)."""
        if races_only:
            for runs in self._races.values():
                for r in runs:
                    self._texts.pop(id(r), None)
        else:
            self._texts.clear()
            self.headers = self._table.headers()
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.headers) - 1)
        if self._rows:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, len(self.headers) - 1)
            )


class LazyRecords(Sequence["RunRecord | None"]):
    """The history's runs as a sequence that reads a row only when asked for it (None: a
    row found unreadable, dropped once the event loop turns)."""

    def __init__(self, model: HistoryModel) -> None:
        self._model = model

    def __len__(self) -> int:
        return self._model.rowCount()

    @overload
    def __getitem__(self, i: int) -> RunRecord | None: ...
    @overload
    def __getitem__(self, i: slice) -> list[RunRecord | None]: ...
    def __getitem__(self, i: int | slice) -> RunRecord | list[RunRecord | None] | None:
        if isinstance(i, slice):
            return [self._model.record(r) for r in range(*i.indices(len(self)))]
        row = i + len(self) if i < 0 else i
        if not 0 <= row < len(self):
            raise IndexError(i)
        return self._model.record(row)

    def __iter__(self) -> Iterator[RunRecord | None]:
        return (self._model.record(r) for r in range(len(self)))

    def __reversed__(self) -> Iterator[RunRecord | None]:
        return (self._model.record(r) for r in range(len(self) - 1, -1, -1))


class HistoryTable(QTableView):
    """One row per run, newest last; double-click a row to bring that run back."""

    record_activated = Signal(object)
    #: The run the user picked (a click, the keys), or the newest one added; None when
    #: the history is emptied. The comparison follows it.
    record_chosen = Signal(object)

    def __init__(self, puzzles: dict[str, Puzzle[Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("historyTable")
        self._puzzles = puzzles
        self._model = HistoryModel(puzzles, self)
        self.setModel(self._model)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(22)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header = self.horizontalHeader()
        # Columns fit the rows in view only: fitting every row would read them all.
        header.setResizeContentsPrecision(0)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(STRATEGY, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(28)
        self.setToolTip(self.tr("Double-click a run to bring back its settings and start square"))
        self.doubleClicked.connect(self._on_double_clicked)
        self.selectionModel().selectionChanged.connect(self._on_selection)
        # The columns fit the rows in view: again once a scroll brings others (longer step
        # counts further down), at most once per turn of the event loop.
        self._refit = QTimer(self)
        self._refit.setSingleShot(True)
        self._refit.setInterval(0)
        self._refit.timeout.connect(self._fit_rows_in_view)
        self.verticalScrollBar().valueChanged.connect(self._after_scroll)

    def headers(self) -> list[str]:
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

    def header_tips(self) -> dict[int, str]:
        return {
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

    # -- what the window and tests read (the automation contract) ----------------------------

    def history_model(self) -> HistoryModel:
        return self._model

    def rowCount(self) -> int:
        return self._model.rowCount()

    def columnCount(self) -> int:
        return self._model.columnCount()

    def item(self, row: int, col: int) -> HistoryCell | None:
        """The cell's text and tooltip (None out of range)."""
        if not 0 <= col < self.columnCount():
            return None
        texts = self._model.texts(row)
        if texts is None:
            return None
        return HistoryCell(texts.cells[col], texts.tips.get(col, ""), row, col)

    def visualItemRect(self, cell: HistoryCell) -> QRect:
        """Where ``cell`` is drawn in the viewport (empty when out of range)."""
        return self.visualRect(self._model.index(cell.row, cell.column))

    def horizontalHeaderItem(self, col: int) -> HistoryCell | None:
        if not 0 <= col < self.columnCount():
            return None
        return HistoryCell(self._model.headers[col], self.header_tips().get(col, ""), -1, col)

    def currentRow(self) -> int:
        return self.currentIndex().row()

    def set_source(self, ids: Sequence[int], reader: Reader) -> int:
        """The rows on disk (ids, oldest first), read through ``reader`` when first needed;
        the rows of the newest page that could not be read (dropped)."""
        dropped = self._model.set_source(ids, reader)
        QTimer.singleShot(0, self._fit_strategy)
        return dropped

    def choose(self, record: RunRecord) -> None:
        """Select ``record``'s row (in view) and say so (``record_chosen``)."""
        row = self._model.row_of(record)
        if row < 0:
            return
        if self.currentRow() == row:
            self.record_chosen.emit(record)
        else:
            self.selectRow(row)
        self.scrollTo(self._model.index(row, PUZZLE))

    def chosen(self) -> RunRecord | None:
        """The run whose row is selected, if any."""
        rows = self.selectionModel().selectedRows()
        return self._model.record(rows[0].row()) if rows else None

    def row_of(self, record: RunRecord) -> int:
        """``record``'s row, -1 if none (no row is read to find it)."""
        return self._model.row_of(record)

    def _on_selection(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        record = self.chosen()
        if record is not None:
            self.record_chosen.emit(record)

    def records(self) -> list[RunRecord]:
        """Every run, oldest first (rows not read yet are read: for an export, a test)."""
        return self._model.records()

    def lazy_records(self) -> LazyRecords:
        """Every run, each read when asked for (None: a row that could not be read)."""
        return LazyRecords(self._model)

    def last(self) -> RunRecord | None:
        return self._model.record(self._model.rowCount() - 1)

    def confirm_clear(self) -> bool:
        """Ask before Run › Clear history empties the table and the file."""
        runs = self.rowCount()
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
        self._model.clear()
        self.record_chosen.emit(None)

    def add_record(self, record: RunRecord) -> None:
        self._model.append(record)
        if record.race is not None:
            self.update_links()
        self.scrollToBottom()
        self._refit.start()  # after the columns fit their new contents

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_strategy()

    def _after_scroll(self, _value: int) -> None:
        self._refit.start()  # not connected straight: start(int) would take the value as msec

    def _fit_rows_in_view(self) -> None:
        """Every column but Strategy as wide as its widest text in view, then Strategy takes
        what is left (the header measures only when the model changes, not on a scroll)."""
        for col in range(self.columnCount()):
            if col != STRATEGY:
                self.resizeColumnToContents(col)
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
        QTimer.singleShot(0, self._show_newest)

    def _show_newest(self) -> None:
        self.scrollToBottom()
        self._refit.start()

    def retranslate(self) -> None:
        """Every row again in the current language (strategies described anew), the
        chosen one still chosen."""
        self._model.retell()

    def row_texts(self, record: RunRecord) -> _Texts:
        """What ``record``'s row shows, in the current language."""
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
        summary = self._summary(record)
        # The strategy's cell may be cut short: in full in its tooltip.
        tips = {OUTCOME: summary, STRATEGY: f"{cells[STRATEGY]}\n{summary}"}
        tree = record.tree_log10
        if tree is not None:
            tips[EXPLORED] = self.tr(
                "Of a whole tree of about {0} steps (Knuth's estimate)"
            ).format(fmt_big_log10(tree))
        return _Texts(record, cells, tips)

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
        puzzle = self._puzzles[record.puzzle]
        model = BoardModel(s.rows, s.cols, record.path, puzzle.values(s))
        text = puzzle.describe_result(s, record.start, record.result, model)
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
        other = self._model.race_partner(record)
        if other is None:
            return self.tr("race {0}").format(fmt_int(link.race))
        return self.tr("race {0}, with #{1}").format(fmt_int(link.race), fmt_int(other.number))

    def update_links(self) -> None:
        """Rewrite the race cells (a race's first row learns the other run's number later)."""
        self._model.retell(races_only=True)

    def _explored(self, record: RunRecord) -> str:
        return explored_words(record.explored, record.result, record.result.backtracks > 0)

    def _on_double_clicked(self, index: QModelIndex) -> None:
        record = self._model.record(index.row())
        if record is not None:
            self.record_activated.emit(record)
