"""A damaged history or settings file never stops the app: bad
rows are skipped (left in the file) and the good ones kept, a file of another schema is moved
aside under a name of its own, a failed write is said and tried again, and every warning
reaches the window; settings fall back key by key."""

from __future__ import annotations

import contextlib
import json
import math
import sqlite3
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QApplication

from knightviz.engine import Outcome, Result
from knightviz.gui import MainWindow, config
from knightviz.gui.history_store import _COLUMNS, FILENAME, HistoryStore
from knightviz.gui.puzzles import make_puzzles
from knightviz.gui.puzzles.knight import KnightSettings
from knightviz.gui.puzzles.queens import QueensSettings
from knightviz.gui.records import RunRecord, RunSetup

from .conftest import configure, place, set_speed, start_and_finish

COLUMNS = _COLUMNS.split(", ")


def record(number: int, puzzle: str = "knight", **changes: Any) -> RunRecord:
    s: Any = KnightSettings(rows=5, cols=5) if puzzle == "knight" else QueensSettings()
    fields: dict[str, Any] = {
        "setup": RunSetup(puzzle, s, 0),
        "result": Result(Outcome.EXHAUSTED, 10, 9, "no tour", None, 0.25, 0),
        "wall_seconds": 0.5,
        "strategy": "plain",
        "summary": "no tour",
        "start_name": "a5" if puzzle == "knight" else "—",
        "number": number,
    }
    return RunRecord(**{**fields, **changes})


def history_with(rows: int = 3) -> HistoryStore:
    store = HistoryStore(window_puzzles(), config.data_dir() / FILENAME)
    for n in range(1, rows + 1):
        assert store.add(record(n, "queens" if n == 3 else "knight"))
    return store


def window_puzzles() -> dict[str, Any]:
    return make_puzzles()


def damage(column: str, value: Any, row_id: int = 2) -> None:
    with sqlite3.connect(config.data_dir() / FILENAME) as db:
        db.execute(f"UPDATE runs SET {column} = ? WHERE id = ?", (value, row_id))


def open_window(qtbot) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def status(w: MainWindow) -> str:
    QApplication.processEvents()  # (the start-up warning comes once the window is up)
    return w.statusBar().currentMessage()


def quick_run(w: MainWindow, qtbot) -> None:
    configure(w, "knight", n=5)
    place(w, 0, 0)
    set_speed(w, math.inf)
    start_and_finish(w, qtbot)


# -- rows -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("settings", json.dumps({"rows": -5, "cols": 5})),
        ("solution", json.dumps([0, 999])),  # a square off the board
        ("moves", -3),
        ("wall_seconds", "soon"),
        ("start_row", 10**6),
        ("outcome", "won"),
        ("settings", json.dumps({"seed": 10**30})),
    ],
)
def test_a_bad_row_is_skipped_the_good_ones_kept_and_the_user_told(qtbot, column, value):
    history_with(3).close()
    damage(column, value)
    w = open_window(qtbot)
    assert [r.number for r in w.history.records()] == [1, 3]
    assert "1 history row could not be read and is not shown" in status(w)
    w.close()
    with sqlite3.connect(config.data_dir() / FILENAME) as db:
        assert db.execute("SELECT count(*) FROM runs").fetchone()[0] == 3  # left in the file


ROW_VALUES = st.one_of(
    st.none(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.binary(max_size=16),
    st.sampled_from(
        [
            "{}",
            "[]",
            '{"rows": 0}',
            '{"rows": 1e308}',
            '{"cols": 100000}',
            '{"tie_break": "x"}',
            '{"variant": 3}',
            "[1, 2, 999999]",
            '"solved"',
            "exhausted",
            "queens",
            "nan",
            "[" * 5000 + "]" * 5000,
        ]
    ),
)


@pytest.mark.slow
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(damages=st.lists(st.tuples(st.sampled_from(COLUMNS), ROW_VALUES), min_size=1, max_size=3))
def test_random_damage_to_a_row_never_stops_the_app(qtbot, tmp_path_factory, damages):
    config.isolate(tmp_path_factory.mktemp("history"))
    history_with(3).close()
    for column, value in damages:
        with contextlib.suppress(sqlite3.IntegrityError):  # SQLite refuses NULL there itself
            damage(column, value)
    w = MainWindow()
    try:
        numbers = [r.number for r in w.history.records()]
        assert {1, 3} <= set(numbers), numbers  # the untouched rows are always kept
        assert set(numbers) <= {1, 2, 3} or "number" in dict(damages)
        if len(numbers) < 3 and "puzzle" not in dict(damages):
            assert "could not be read" in w.startup_warning
    finally:
        w.close()
        QApplication.processEvents()


# -- the file -------------------------------------------------------------------------------


def test_a_file_of_another_schema_is_moved_aside_and_a_new_one_started(qtbot):
    path = config.data_dir() / FILENAME
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY, when_run TEXT, score REAL)")
        db.execute("INSERT INTO runs (when_run, score) VALUES ('yesterday', 1.5)")
    w = open_window(qtbot)
    assert w.history_store.available
    aside = list(path.parent.glob(FILENAME + ".damaged-*"))
    assert len(aside) == 1
    with sqlite3.connect(aside[0]) as db:  # the user's data, intact
        assert db.execute("SELECT when_run FROM runs").fetchall() == [("yesterday",)]
    assert "was moved to" in status(w) and str(aside[0]) in status(w)
    quick_run(w, qtbot)
    w.close()
    assert [r.number for r in open_window(qtbot).history.records()] == [1]


def test_two_damaged_files_within_a_second_keep_both_backups():
    path = config.data_dir() / FILENAME
    path.parent.mkdir(parents=True, exist_ok=True)
    for content in (b"first damaged file" * 50, b"second damaged file" * 50):
        path.write_bytes(content)
        HistoryStore(window_puzzles(), path).close()
    backups = sorted(p.read_bytes()[:6] for p in path.parent.glob(FILENAME + ".damaged-*"))
    assert backups == [b"first ", b"second"]


def test_a_file_that_is_no_database_is_not_searched_id_by_id(monkeypatch):
    """Its rows cannot be read, so none is looked up: the search for readable rows went
    through a million ids one by one (16 s at start-up) when a file could not say its
    largest id because it was not a database at all."""
    from knightviz.gui import history_store

    statements: list[str] = []
    connect = sqlite3.connect

    class Counting:
        """The damaged file's connection, counting what is asked of it (failed asks too)."""

        def __init__(self, db: sqlite3.Connection) -> None:
            self.db = db

        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            statements.append(sql)
            return self.db.execute(sql, *args)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.db, name)

    def counting(database: Any, *args: Any, **kwargs: Any) -> Any:
        db = connect(database, *args, **kwargs)
        # the damaged file, opened to copy its rows
        return Counting(db) if "mode=ro" in str(database) else db

    monkeypatch.setattr(history_store.sqlite3, "connect", counting)
    path = config.data_dir() / FILENAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a database" * 100)
    store = HistoryStore(window_puzzles(), path)
    store.close()
    assert len(statements) < 10
    assert list(path.parent.glob(FILENAME + ".damaged-*"))


def test_a_failed_write_is_said_and_tried_again_with_the_next_run(qtbot):
    w = open_window(qtbot)
    path = config.data_dir() / FILENAME
    blocker = sqlite3.connect(path)
    blocker.execute("BEGIN EXCLUSIVE")  # another program holds the file
    try:
        quick_run(w, qtbot)
        assert "could not be written to the history file" in status(w)
        assert "tried again with the next run" in status(w)
        assert w.history_store.pending == 1
    finally:
        blocker.rollback()
        blocker.close()
    quick_run(w, qtbot)
    assert w.history_store.pending == 0
    w.close()
    assert [r.number for r in open_window(qtbot).history.records()] == [1, 2]


def test_a_non_finite_time_does_not_stop_the_history():
    store = history_with(1)
    assert store.add(record(2, wall_seconds=math.nan))
    assert store.add(record(3))
    assert [r.number for r in store.load()] == [1, 2, 3]
    store.close()


# -- settings -------------------------------------------------------------------------------


def test_a_huge_seed_falls_back_alone_and_the_rest_is_restored(qtbot):
    s = config.settings()
    s.setValue("format", 1)
    s.setValue("setup/puzzle", "knight")
    s.setValue(
        "setup/knight",
        json.dumps({"rows": 6, "cols": 7, "seed": 10**30, "tie_break": "random"}),
    )
    s.setValue("setup/speed", "7.5")
    s.setValue("setup/start", "2,3")
    s.sync()
    w = open_window(qtbot)
    got = w.panel.settings()
    assert (got.rows, got.cols, got.tie_break, got.seed) == (6, 7, "random", 0)
    assert w.run_controls.speed() == pytest.approx(7.5, rel=0.1)
    assert w.session.start == 2 * 7 + 3
    assert "Some remembered settings could not be read (Knight's tour)" in status(w)


def test_settings_of_another_format_are_said_in_the_window(qtbot):
    s = config.settings()
    s.setValue("format", 99)
    s.sync()
    w = open_window(qtbot)
    assert "from another version of knightviz" in status(w)


SETTING_VALUES = st.one_of(
    st.text(max_size=40),
    st.integers().map(str),
    st.sampled_from(["inf", "nan", "-1", "1e308", "0,0", "-1,-1", "99999,3", "@ByteArray(xx)"]),
    st.dictionaries(
        st.sampled_from(["rows", "cols", "seed", "tie_break", "variant", "warnsdorff"]),
        st.one_of(st.integers(), st.floats(), st.text(max_size=5), st.booleans(), st.none()),
    ).map(json.dumps),
)
KEYS = ["setup/puzzle", "setup/knight", "setup/queens", "setup/speed", "setup/start"]


@pytest.mark.slow
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(values=st.dictionaries(st.sampled_from(KEYS), SETTING_VALUES, min_size=1))
def test_random_settings_never_stop_the_app(qtbot, tmp_path_factory, values):
    config.isolate(tmp_path_factory.mktemp("settings"))
    s = config.settings()
    s.setValue("format", 1)
    for key, value in values.items():
        s.setValue(key, value)
    s.sync()
    w = MainWindow()
    try:
        got = w.panel.settings()
        assert 1 <= got.rows <= 100 and 1 <= got.cols <= 100
    finally:
        w.close()
        QApplication.processEvents()


def test_a_history_that_cannot_be_cleared_says_so(qtbot):
    history_with(2).close()
    w = open_window(qtbot)
    blocker = sqlite3.connect(config.data_dir() / FILENAME)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        w.clear_history()
        assert "could not be cleared" in status(w) and "this session only" in status(w)
        assert w.history.rowCount() == 0
    finally:
        blocker.rollback()
        blocker.close()


# -- a file damaged in the middle -----------------------------------------------------------

#: Pages of the history file overwritten, counted from its first (the header stays sound).
DAMAGED_PAGES = range(6, 9)


def damage_pages(runs: int) -> int:
    """A history of ``runs`` rows (long summaries: a few rows a page) whose pages
    ``DAMAGED_PAGES`` are overwritten with noise; the rows left readable."""
    store = HistoryStore(window_puzzles(), config.data_dir() / FILENAME)
    for n in range(1, runs + 1):
        assert store.add(record(n, summary=f"run {n} " + "x" * 600))
    store.close()
    path = config.data_dir() / FILENAME
    with sqlite3.connect(path) as db:
        page = db.execute("PRAGMA page_size").fetchone()[0]
        pages = db.execute("PRAGMA page_count").fetchone()[0]
    assert pages > 3 * DAMAGED_PAGES.stop  # damage in the middle
    with open(path, "r+b") as f:
        noise = bytes((i * 37 + 11) % 256 for i in range(page))
        for n in DAMAGED_PAGES:
            f.seek(n * page)
            f.write(noise)
    readable = 0
    with contextlib.closing(sqlite3.connect(path)) as db:
        for n in range(1, runs + 1):
            with contextlib.suppress(sqlite3.DatabaseError):
                query = f"SELECT {_COLUMNS} FROM runs WHERE id = ?"
                readable += len(db.execute(query, (n,)).fetchall())
    return readable


def test_a_file_damaged_in_the_middle_is_moved_aside_and_its_good_rows_kept(qtbot, caplog):
    readable = damage_pages(200)
    assert 0 < readable < 200
    w = open_window(qtbot)
    assert w.history_store.available  # not a session-only history
    path = config.data_dir() / FILENAME
    (aside,) = path.parent.glob(FILENAME + ".damaged-*")
    assert w.history_store.moved_to == aside
    numbers = [r.number for r in w.history.records()]
    assert len(numbers) == readable and numbers == sorted(numbers)
    assert set(numbers) <= set(range(1, 201))
    assert "damaged" in status(w) and str(readable) in status(w)
    quick_run(w, qtbot)  # a new run joins the good rows, in the new file
    w.close()
    again = open_window(qtbot)
    assert [r.number for r in again.history.records()] == [*numbers, max(numbers) + 1]
    assert "damaged" not in status(again)  # nothing to repeat at the next start
    assert len(list(path.parent.glob(FILENAME + ".damaged-*"))) == 1
