"""A history file locked by another program (a second knightviz, a database browser) loses
no run: a run that cannot be written waits, is tried again every few seconds without
stopping the window, is kept meanwhile in a journal beside the file, and is written when the
lock goes or merged at the next start; never twice. Each lock is a real second connection
holding the file (BEGIN EXCLUSIVE)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator

import pytest

from knightviz.gui import MainWindow, config
from knightviz.gui.history_store import FILENAME, JOURNAL_SUFFIX, HistoryStore

from .test_damaged_history import open_window, quick_run, record, status, window_puzzles


def journals() -> list[str]:
    folder = config.data_dir()
    return sorted(p.name for p in folder.glob(f"{FILENAME}{JOURNAL_SUFFIX}-*.json"))


@contextlib.contextmanager
def locked() -> Iterator[None]:
    """Another program holds the history file until the block ends."""
    path = config.data_dir() / FILENAME
    if not path.exists():
        HistoryStore({}, path).close()
    blocker = sqlite3.connect(path)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        blocker.rollback()
        blocker.close()


def numbers_on_disk() -> list[int]:
    with contextlib.closing(sqlite3.connect(config.data_dir() / FILENAME)) as db:
        return [n for (n,) in db.execute("SELECT number FROM runs ORDER BY id")]


def wait_saved(w: MainWindow, qtbot) -> None:
    qtbot.waitUntil(lambda: w.history_store.pending == 0, timeout=10_000)


def test_a_run_ending_while_the_file_is_locked_is_written_when_the_lock_goes(qtbot):
    w = open_window(qtbot)
    quick_run(w, qtbot)
    with locked():
        quick_run(w, qtbot)
        assert "Saving is delayed" in status(w)
        assert w.history_store.pending == 1
        assert journals()  # kept beside the file while it waits
    wait_saved(w, qtbot)  # tried again without another run
    assert numbers_on_disk() == [1, 2]
    assert journals() == []
    assert "saved to the history" in status(w)
    w.close()
    assert [r.number for r in open_window(qtbot).history.records()] == [1, 2]


def test_runs_still_waiting_when_the_app_closes_are_merged_at_the_next_start(qtbot):
    w = open_window(qtbot)
    quick_run(w, qtbot)
    with locked():
        quick_run(w, qtbot)
        quick_run(w, qtbot)
        w.close()  # the lock outlives the window
        assert len(journals()) == 1
    assert numbers_on_disk() == [1]
    again = open_window(qtbot)
    assert [r.number for r in again.history.records()] == [1, 2, 3]
    assert journals() == []
    again.close()
    assert numbers_on_disk() == [1, 2, 3]  # merged once, not at every start


@pytest.mark.slow
def test_a_file_locked_at_start_saves_the_session_when_the_lock_goes(qtbot):
    HistoryStore(window_puzzles(), config.data_dir() / FILENAME).close()
    with locked():
        w = open_window(qtbot)
        assert "in use by another program" in status(w)
        quick_run(w, qtbot)
        assert w.history_store.pending == 1
    wait_saved(w, qtbot)
    quick_run(w, qtbot)
    assert numbers_on_disk() == [1, 2]
    w.close()


def test_a_file_locked_for_the_whole_session_keeps_it_for_the_next_start(qtbot):
    store = HistoryStore(window_puzzles(), config.data_dir() / FILENAME)
    assert store.add(record(1))
    store.close()
    with locked():
        w = open_window(qtbot)
        quick_run(w, qtbot)
        quick_run(w, qtbot)
        w.close()
    assert numbers_on_disk() == [1]
    # The two runs of the locked session after the one before (numbered from 1 again: the
    # window could not read the file's numbers), each once.
    assert len(open_window(qtbot).history.records()) == 3
    assert len(numbers_on_disk()) == 3


def test_a_journal_whose_runs_were_already_written_adds_none_twice():
    """The app ended between writing the rows and removing the journal: merged once."""
    path = config.data_dir() / FILENAME
    store = HistoryStore(window_puzzles(), path)
    with locked():
        assert not store.add(record(1))
    journal = store.journal
    saved = journal.read_bytes()
    assert store.retry()
    store.close()
    journal.write_bytes(saved)  # as if the app ended before removing it
    again = HistoryStore(window_puzzles(), path)
    assert [r.number for r in again.load()] == [1]
    assert again.merged == 0 and not journal.exists()
    again.close()


def test_a_damaged_journal_is_moved_aside_and_the_history_opens():
    path = config.data_dir() / FILENAME
    HistoryStore(window_puzzles(), path).close()
    bad = path.with_name(f"{FILENAME}{JOURNAL_SUFFIX}-1.json")
    bad.write_text('{"format": "knightviz-history-unsaved", "version": 1, "rows": [[1, 2]]}')
    store = HistoryStore(window_puzzles(), path)
    assert store.available and store.load() == []
    assert not bad.exists() and bad.with_name(bad.name + ".damaged").exists()
    store.close()
