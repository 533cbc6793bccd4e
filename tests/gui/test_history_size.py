"""A long history opens as fast as a short one: the window reads the ids of the rows on disk
(one query) and a page of rows, whatever the history's size; the table reads the others when
it shows them, and the steps chart when it is first drawn. Counted, never timed."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from typing import Any

import pytest

from knightviz.engine import Outcome, Result
from knightviz.gui import MainWindow, config
from knightviz.gui.history_store import _COLUMNS, FILENAME, HistoryStore
from knightviz.gui.panels.history import NUMBER, STEPS
from knightviz.gui.puzzles import make_puzzles
from knightviz.gui.puzzles.knight import KnightSettings
from knightviz.gui.records import RunRecord, RunSetup

from .automation import row_visible
from .test_chart import show_chart

#: Runs in the long history.
RUNS = 10_000
#: Rows the window may read from disk before it is shown: a page (the newest rows, on view)
#: and one more (the top of the table before it scrolls to the end).
OPENING_ROWS = 2 * 128
#: Queries that read rows at start-up: the ids, then those pages.
OPENING_QUERIES = 3


def record(number: int) -> RunRecord:
    n = 5 + number % 3
    return RunRecord(
        setup=RunSetup("knight", KnightSettings(rows=n, cols=n), number % (n * n)),
        result=Result(Outcome.EXHAUSTED, number, number - 1, "no tour", None, 0.25, 0),
        wall_seconds=0.5,
        strategy="plain",
        summary="no tour",
        start_name="a5",
        number=number,
    )


def write_history(runs: int) -> None:
    """``runs`` rows written as the app writes them (its own row layout), in one
    transaction."""
    store = HistoryStore(make_puzzles(), config.data_dir() / FILENAME)
    when = datetime(2026, 1, 1, tzinfo=timezone.utc)
    rows = [store._row(record(n), when) for n in range(1, runs + 1)]
    store.close()
    with sqlite3.connect(config.data_dir() / FILENAME) as db:
        db.executemany(f"INSERT INTO runs ({_COLUMNS}) VALUES ({', '.join('?' * 19)})", rows)


class Counted:
    """Rows the history store decodes and the queries it makes, wherever they are made."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.rows = 0
        self.queries: list[str] = []
        decode = HistoryStore._record
        connect = HistoryStore._connect

        def counted_record(store: HistoryStore, row: tuple[Any, ...]) -> Any:
            self.rows += 1
            return decode(store, row)

        def counted_connect(store: HistoryStore, *args: Any) -> sqlite3.Connection:
            db = connect(store, *args)
            db.set_trace_callback(self._trace)
            return db

        monkeypatch.setattr(HistoryStore, "_record", counted_record)
        monkeypatch.setattr(HistoryStore, "_connect", counted_connect)

    def _trace(self, statement: str) -> None:
        if statement.lstrip().upper().startswith("SELECT") and "FROM runs" in statement:
            self.queries.append(statement)


def open_window(qtbot) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_a_long_history_opens_reading_a_bounded_number_of_rows(qtbot, monkeypatch):
    write_history(RUNS)
    counted = Counted(monkeypatch)
    w = open_window(qtbot)
    table = w.history
    qtbot.waitUntil(lambda: row_visible(table, RUNS - 1))  # the newest rows in view
    assert counted.rows <= OPENING_ROWS, counted.rows
    assert len(counted.queries) <= OPENING_QUERIES, counted.queries
    # Every run is in the table, the newest last, and the next run is numbered after it.
    assert table.rowCount() == RUNS
    assert table.item(RUNS - 1, NUMBER).text() == "10,000"
    assert table.item(RUNS - 1, STEPS).text() == "19,999"
    assert w._runs == RUNS

    # Scrolling to the top reads the rows shown there, a page at a time.
    table.scrollToTop()
    qtbot.waitUntil(lambda: row_visible(table, 0))
    assert table.item(0, NUMBER).text() == "1"
    assert counted.rows <= OPENING_ROWS + 128, counted.rows
    # A row picked in the middle is read with its page, and brought back on a double-click.
    table.scrollTo(table.model().index(5_000, 0))
    qtbot.waitUntil(lambda: row_visible(table, 5_000))
    assert counted.rows <= OPENING_ROWS + 3 * 128, counted.rows
    table.selectRow(5_000)
    chosen = table.chosen()
    assert chosen is not None and chosen.number == 5_001
    with qtbot.waitSignal(table.record_activated) as activated:
        table.doubleClicked.emit(table.model().index(5_000, STEPS))
    assert activated.args == [chosen]


def test_a_long_history_is_all_in_the_steps_chart(qtbot, monkeypatch):
    write_history(RUNS)
    w = open_window(qtbot)
    show_chart(w, qtbot)
    qtbot.waitUntil(lambda: len(w.chart.points()) == RUNS)
    assert sorted(p.number for p in w.chart.points()) == list(range(1, RUNS + 1))
    # A new run joins both, read in order after the ones on disk.
    w.history.add_record(record(RUNS + 1))
    w.chart.add_record(record(RUNS + 1))
    qtbot.waitUntil(lambda: len(w.chart.points()) == RUNS + 1)
    assert w.history.item(RUNS, NUMBER).text() == "10,001"


def test_an_old_row_that_cannot_be_read_is_dropped_when_first_shown(qtbot):
    write_history(1_000)
    with sqlite3.connect(config.data_dir() / FILENAME) as db:
        db.execute("UPDATE runs SET moves = -3 WHERE number = 5")
    w = open_window(qtbot)
    table = w.history
    assert table.rowCount() == 1_000  # not read yet: the newest page is sound
    table.scrollToTop()
    qtbot.waitUntil(lambda: table.rowCount() == 999)
    assert [table.item(r, NUMBER).text() for r in range(5)] == ["1", "2", "3", "4", "6"]
    assert "1 history row could not be read" in w.statusBar().currentMessage()
    assert len(table.records()) == 999


def test_the_columns_fit_the_rows_a_scroll_brings_into_view(qtbot):
    """The columns fit the rows in view (fitting every row would read them all): they must
    fit again when a scroll brings longer figures, or the newest steps read "19,…"."""
    write_history(2_000)
    with sqlite3.connect(config.data_dir() / FILENAME) as db:  # the newest runs ran long
        db.execute(
            "UPDATE runs SET moves = 8250732, backtracks = 8250669, steps = 16501401 "
            "WHERE number > 1900"
        )
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1366, 740)
    w.show()
    table = w.history
    header = table.horizontalHeader()
    qtbot.waitUntil(lambda: row_visible(table, table.rowCount() - 1))

    def fitted() -> int:  # the rows in view, or the column's title if that is wider
        return max(table.sizeHintForColumn(STEPS), header.sectionSizeHint(STEPS))

    table.scrollToTop()
    qtbot.waitUntil(lambda: header.sectionSize(STEPS) == fitted())
    narrow = header.sectionSize(STEPS)
    table.scrollToBottom()
    qtbot.waitUntil(lambda: header.sectionSize(STEPS) >= table.sizeHintForColumn(STEPS))
    assert header.sectionSize(STEPS) > narrow
    w.close()
