"""The run history on disk: one SQLite row per run, so the history survives a restart.

The file is ``history.sqlite3`` in ``config.data_dir()``. A row keeps what the history table
shows and what bringing a run back needs: the puzzle, its settings (JSON), the start, the
result (outcome, moves, backtracks, solutions, reason, the solution itself), the search and
wall times, the strategy and the summary in words, the run's number and when it ended.
Recordings are not kept (they can be hundreds of MB): a run loaded from the file brings back
its settings and start, and Start runs it again.

The file is a convenience, never a reason not to start: a corrupt, locked or unwritable
database is logged and the app goes on with an empty (or in-memory only) history.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from knightviz.engine.events import Outcome, Result
from knightviz.engine.files import atomic_write
from knightviz.gui import config
from knightviz.gui.config import encode_settings
from knightviz.gui.puzzles.base import Puzzle
from knightviz.gui.session import RunRecord, RunSetup

log = logging.getLogger("knightviz.history")

FILENAME = "history.sqlite3"
#: ``PRAGMA user_version`` of the schema below.
SCHEMA_VERSION = 1
#: Rows the history table can show: the newest ones. Only their ids are read at start-up
#: (one query); a row's values are read when the table or the chart first needs them.
MAX_LOADED = 100_000
#: Rows read in one query when the table needs a row not read yet: a screenful and more.
PAGE = 128

_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    number INTEGER NOT NULL,
    finished_at TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    settings TEXT NOT NULL,
    start_row INTEGER NOT NULL,
    start_col INTEGER NOT NULL,
    start_name TEXT NOT NULL,
    outcome TEXT NOT NULL,
    moves INTEGER NOT NULL,
    backtracks INTEGER NOT NULL,
    steps INTEGER NOT NULL,
    solutions INTEGER NOT NULL,
    reason TEXT,
    solution TEXT,
    search_seconds REAL NOT NULL,
    wall_seconds REAL NOT NULL,
    strategy TEXT NOT NULL,
    summary TEXT NOT NULL,
    extra TEXT NOT NULL
)
"""

_COLUMNS = (
    "number, finished_at, puzzle, settings, start_row, start_col, start_name, outcome, moves, "
    "backtracks, steps, solutions, reason, solution, search_seconds, wall_seconds, strategy, "
    "summary, extra"
)


class NewerFile(Exception):
    """The file's schema is newer than this program's: leave it alone."""


class ForeignFile(sqlite3.DatabaseError):
    """A database, but not a history this program wrote (a table ``runs`` with other
    columns): moved aside like a damaged file."""


#: Rows kept for a retry when they could not be written (a locked or full disk).
MAX_PENDING = 1000
#: How long a write waits for another program's lock before the row is kept for later (s):
#: short, since the window waits with it.
WRITE_WAIT = 0.05
#: The journal beside the file: rows not written yet, one file per process (two windows may
#: both be kept waiting), merged into the history when it is next opened.
JOURNAL_SUFFIX = ".unsaved"
#: The largest journal read back (MAX_PENDING rows take well under it).
MAX_JOURNAL_BYTES = 16 << 20
#: A row already in the history when a journal's or a retried row is merged: the same run.
_SAME_RUN = (
    "number = ? AND finished_at = ? AND puzzle = ? AND settings = ? AND steps = ? "
    "AND wall_seconds = ?"
)


#: Ids read at once from a damaged file (a span that fails is read one id at a time).
RECOVER_SPAN = 64
#: The most ids a damaged file is searched through when it cannot say its largest.
RECOVER_IDS = 1_000_000
#: When it cannot, the search ends after this many spans in a row without a readable row
#: (the file's end, or a stretch too damaged to hold any): each costs a lookup per id.
RECOVER_EMPTY_SPANS = 16


def _last_id(db: sqlite3.Connection) -> int | None:
    """The largest id a damaged file may hold, from its sequence or its table's last row;
    None when neither can be read."""
    for query in (
        "SELECT seq FROM sqlite_sequence WHERE name = 'runs'",
        "SELECT max(id) FROM runs",
    ):
        with contextlib.suppress(sqlite3.Error):
            row = db.execute(query).fetchone()
            if row is not None and type(row[0]) is int:
                return min(row[0], RECOVER_IDS)
    return None


_INSERT = f"INSERT INTO runs ({_COLUMNS}) VALUES ({', '.join('?' * 19)})"


def _is_lock(exc: sqlite3.Error) -> bool:
    """SQLITE_BUSY or SQLITE_LOCKED: another connection holds the file."""
    return getattr(exc, "sqlite_errorcode", None) in (5, 6) or "locked" in str(exc)


def _journal_rows(journal: Path) -> list[tuple[Any, ...]]:
    """A journal's rows, each checked to be a row of the table's columns (no more than
    MAX_PENDING, the file no larger than MAX_JOURNAL_BYTES)."""
    with open(journal, "rb") as f:
        data = f.read(MAX_JOURNAL_BYTES + 1)
    if len(data) > MAX_JOURNAL_BYTES:
        raise ValueError("larger than a journal can be")
    payload = json.loads(data)
    if not isinstance(payload, dict) or payload.get("format") != "knightviz-history-unsaved":
        raise ValueError("not a journal of waiting runs")
    rows = payload.get("rows")
    if not isinstance(rows, list):
        raise ValueError("not a journal of waiting runs")
    out = []
    for row in rows[:MAX_PENDING]:
        if not isinstance(row, list) or len(row) != 19:
            raise ValueError("a row of the wrong shape")
        if not all(v is None or type(v) in (int, float, str) for v in row):
            raise ValueError("a value that is not a number or text")
        out.append(tuple(row))
    return out


def default_path() -> Path:
    return config.data_dir() / FILENAME


class HistoryStore:
    """Runs appended as they finish, read back at start-up, cleared on request."""

    def __init__(self, puzzles: dict[str, Puzzle[Any]], path: Path | None = None) -> None:
        self._puzzles = puzzles
        self.path = default_path() if path is None else path
        self._db: sqlite3.Connection | None = None
        #: Why the file is not in use, or "" when it is.
        self.error = ""
        #: Why the last run could not be written, or "".
        self.write_error = ""
        #: Rows of the file that could not be read at start-up (left in the file).
        self.skipped = 0
        #: Rows found unreadable by ``read`` since ``row_ids`` (left in the file).
        self.unreadable = 0
        #: Queries that read rows, and rows decoded: what opening the window costs.
        self.queries = 0
        self.decoded = 0
        #: Settings already decoded and described, by (puzzle, their JSON): a history holds
        #: few distinct ones, so reading a row rarely decodes its settings again.
        self._settings: dict[tuple[str, str], Any] = {}
        #: Where a damaged or foreign file was moved, or None.
        self.moved_to: Path | None = None
        #: Rows copied from the file moved aside into the new one.
        self.recovered = 0
        #: Rows that could not be written yet: tried again before the next one, by
        #: ``retry``, and kept in the journal meanwhile.
        self._pending: list[tuple[Any, ...]] = []
        #: The file was locked by another program when it was to be opened: ``retry``
        #: opens it when the lock goes.
        self.locked = False
        #: Rows merged from journals left by an earlier session.
        self.merged = 0
        self.journal = self.path.with_name(f"{self.path.name}{JOURNAL_SUFFIX}-{os.getpid()}.json")
        self._open()

    def _open(self, wait: float = 0.5) -> None:
        try:
            self._db = self._connect(wait)
        except sqlite3.OperationalError as exc:
            if _is_lock(exc):  # another program holds it: opened when the lock goes
                self.locked = True
                self.error = str(exc)
                log.warning("the run history %s is locked (%s): runs wait", self.path, exc)
                return
            self._fail("cannot open the run history", exc)
        except (OSError, NewerFile) as exc:
            # Read-only, no such directory, a newer schema.
            self._fail("cannot open the run history", exc)
        except sqlite3.DatabaseError as exc:  # not a database (any more), or not ours
            aside = self._aside_name()
            log.warning("the run history %s is damaged (%s): moved to %s", self.path, exc, aside)
            try:
                self.path.replace(aside)
                self.moved_to = aside
                self._db = self._connect()
            except (OSError, sqlite3.Error, NewerFile) as again:
                self._fail("cannot open the run history", again)
                return
            self.recovered = self._recover(aside)
        if self._db is not None:
            self.locked = False
            self.error = ""
            self._merge_journals()

    def _aside_name(self) -> Path:
        """A name no earlier backup has: two damaged files within a second keep both."""
        stem = f"{self.path.name}.damaged-{datetime.now():%Y%m%d-%H%M%S}"
        aside = self.path.with_name(stem)
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{stem}-{n}")
        return aside

    def _connect(self, wait: float = 0.5) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=wait, isolation_level=None)
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise NewerFile(f"written by a newer knightviz (schema {version})")
            db.execute(_SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(runs)")}
            missing = [c for c in _COLUMNS.split(", ") if c not in columns]
            if missing:
                raise ForeignFile(f"its table of runs has no column {missing[0]}")
            # Finds a run already written (a retried or journalled one) without a scan.
            db.execute("CREATE INDEX IF NOT EXISTS runs_by_number ON runs (number)")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("SELECT count(*) FROM runs").fetchone()
            # A file damaged in the middle (a sound header, pages overwritten) opens and
            # counts; SQLite's own check finds it, in milliseconds for 10,000 runs.
            verdict = db.execute("PRAGMA quick_check(1)").fetchone()[0]
            if verdict != "ok":
                raise sqlite3.DatabaseError(f"damaged: {verdict}")
            db.execute(f"PRAGMA busy_timeout = {int(WRITE_WAIT * 1000)}")
        except BaseException:
            db.close()
            raise
        return db

    def _recover(self, damaged: Path) -> int:
        """The rows SQLite can still read from the file moved aside, copied into the new
        history in their order; how many. Read in runs of ``RECOVER_SPAN`` ids, a span that
        fails row by row, so a damaged page costs only its own rows."""
        assert self._db is not None
        try:
            old = sqlite3.connect(f"{damaged.as_uri()}?mode=ro", uri=True, timeout=0.5)
        except sqlite3.Error:
            return 0
        copied = 0
        insert = _INSERT
        select = f"SELECT id, {_COLUMNS} FROM runs WHERE id BETWEEN ? AND ? ORDER BY id"
        one = f"SELECT id, {_COLUMNS} FROM runs WHERE id = ?"
        try:
            # Not a database at all (its schema unreadable): nothing in it to look up.
            old.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.Error:
            old.close()
            return 0
        try:
            known = _last_id(old)
            last = RECOVER_IDS if known is None else known
            empty = 0
            self._db.execute("BEGIN")
            for first in range(1, last + 1, RECOVER_SPAN):
                end = min(first + RECOVER_SPAN - 1, last)
                try:
                    rows = old.execute(select, (first, end)).fetchall()
                except sqlite3.Error:
                    rows = []
                if len(rows) <= end - first:
                    # A scan over a damaged page may fail, or quietly miss rows that a
                    # lookup of their own id still finds.
                    found = {row[0] for row in rows}
                    # One id at a time by equality: a range would step onto the next page.
                    for i in range(first, end + 1):
                        if i not in found:
                            with contextlib.suppress(sqlite3.Error):
                                rows += old.execute(one, (i,)).fetchall()
                    rows.sort(key=lambda row: row[0])
                empty = 0 if rows else empty + 1
                if known is None and empty >= RECOVER_EMPTY_SPANS:
                    break
                for row in rows:
                    row = row[1:]
                    with contextlib.suppress(sqlite3.Error):  # a value of the wrong type
                        self._db.execute(insert, row)
                        copied += 1
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            log.warning("recovering rows from %s stopped: %s", damaged, exc)
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            copied = 0
        finally:
            old.close()
        if copied:
            log.warning("copied %d readable runs from %s into a new history", copied, damaged)
        return copied

    def _fail(self, what: str, exc: BaseException) -> None:
        self.error = f"{exc}"
        log.warning("%s %s: %s; runs are kept for this session only", what, self.path, exc)
        if self._db is not None:
            self._db.close()
            self._db = None

    @property
    def available(self) -> bool:
        return self._db is not None

    def close(self) -> None:
        """Rows still waiting are tried once more, and stay in the journal if they wait on."""
        if self._pending:
            self.retry()
        if self._db is not None:
            self._db.close()
            self._db = None

    # -- rows kept waiting: retried, journalled, merged -------------------------------------

    def retry(self) -> bool:
        """Write the rows kept waiting (opening the file first if it was locked); True when
        none waits any more. Never waits on a lock longer than ``WRITE_WAIT``."""
        if self._db is None and self.locked:
            self._open(WRITE_WAIT)
        if self._db is None:
            return not self._pending
        try:
            self._db.execute("BEGIN IMMEDIATE")
            for row in self._pending:
                self._insert_new(row)
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            self.write_error = str(exc)
            return False
        self._pending.clear()
        self.write_error = ""
        self._write_journal()
        return True

    def _insert_new(self, row: tuple[Any, ...]) -> bool:
        """Insert ``row`` unless the same run is already there (a journal merged by another
        window, a retry after a write that was committed); True when inserted."""
        assert self._db is not None
        key = (row[0], row[1], row[2], row[3], row[10], row[15])
        if self._db.execute(f"SELECT 1 FROM runs WHERE {_SAME_RUN} LIMIT 1", key).fetchone():
            return False
        self._db.execute(_INSERT, row)
        return True

    def _write_journal(self) -> None:
        """The rows waiting, in this process's journal beside the file (written whole or
        not at all), or no journal when none waits."""
        try:
            if not self._pending:
                self.journal.unlink(missing_ok=True)
                return
            payload = {"format": "knightviz-history-unsaved", "version": 1, "rows": self._pending}
            atomic_write(self.journal, json.dumps(payload).encode())
        except (OSError, TypeError, ValueError) as exc:
            log.warning("cannot keep waiting runs in %s: %s", self.journal, exc)

    def _merge_journals(self) -> None:
        """Rows left waiting by earlier sessions (any process's journal), merged in their
        order, once each; a journal that cannot be read is moved aside."""
        assert self._db is not None
        for journal in sorted(self.path.parent.glob(f"{self.path.name}{JOURNAL_SUFFIX}-*.json")):
            if journal == self.journal and self._pending:
                continue  # this session's own, still waiting
            try:
                rows = _journal_rows(journal)
            except (OSError, ValueError) as exc:
                log.warning("the waiting runs in %s cannot be read (%s): moved aside", journal, exc)
                with contextlib.suppress(OSError):
                    journal.replace(journal.with_name(journal.name + ".damaged"))
                continue
            try:
                self._db.execute("BEGIN IMMEDIATE")
                merged = sum(self._insert_new(row) for row in rows)
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
                log.warning("cannot merge the waiting runs of %s: %s", journal, exc)
                continue
            self.merged += merged
            with contextlib.suppress(OSError):
                journal.unlink()

    # -- writing ----------------------------------------------------------------------------

    def add(self, record: RunRecord, when: datetime | None = None) -> bool:
        """Append one run (when it is numbered and shown in the table). False when it could
        not be written (``error_text`` says why); the next run tries again."""
        if self._db is None and not self.locked:
            return True  # a session-only history: the user was told when it opened
        self._pending.append(self._row(record, when))
        del self._pending[:-MAX_PENDING]
        if self.retry():
            return True
        if not self.write_error:
            self.write_error = self.error
        log.warning(
            "cannot write run %s to the history %s: %s", record.number, self.path, self.write_error
        )
        self._write_journal()  # nothing lost if the app ends before the lock goes
        return False

    @property
    def pending(self) -> int:
        """Runs not written yet (the next run tries them again first)."""
        return len(self._pending)

    def _row(self, record: RunRecord, when: datetime | None) -> tuple[Any, ...]:
        r = record.result
        extra = {
            "explored": record.explored,
            "tree_log10": record.tree_log10,
            "backend": record.backend,
            "anyway": record.anyway,
            "predictions": record.predictions,
        }
        finished = (when or datetime.now(timezone.utc)).isoformat(timespec="seconds")
        row_, col_ = divmod(record.start, record.settings.cols)
        return (
            record.number,
            finished,
            record.puzzle,
            encode_settings(record.settings),
            row_,
            col_,
            record.start_name,
            str(r.outcome),
            r.moves,
            r.backtracks,
            r.steps,
            r.count,
            r.reason,
            None if r.solution is None else json.dumps(list(r.solution)),
            _finite(r.seconds),
            _finite(record.wall_seconds),
            record.strategy,
            record.summary,
            json.dumps(extra, default=str),
        )

    def warning(self) -> str:
        """What the user should know about the history file after ``load`` ("" if nothing):
        a file moved aside, a file not in use, rows that could not be read."""
        said = []
        if self.moved_to is not None and self.recovered:
            said.append(
                QCoreApplication.translate(
                    "HistoryStore",
                    "The run history was damaged and was moved to {0}; a new one was started, "
                    "with the runs that could still be read copied into it: {1}.",
                ).format(str(self.moved_to), self.recovered)
            )
        elif self.moved_to is not None:
            said.append(
                QCoreApplication.translate(
                    "HistoryStore",
                    "The run history could not be read and was moved to {0}; a new one was "
                    "started.",
                ).format(str(self.moved_to))
            )
        if self.locked:
            said.append(
                QCoreApplication.translate(
                    "HistoryStore",
                    "The run history {0} is in use by another program: saving is delayed, and "
                    "this session's runs are written when it is free (at the latest at the next "
                    "start).",
                ).format(str(self.path))
            )
        elif self.error:
            said.append(
                QCoreApplication.translate(
                    "HistoryStore",
                    "The run history {0} cannot be used ({1}): runs are kept for this session "
                    "only.",
                ).format(str(self.path), self.error.rstrip("."))
            )
        if self.skipped:
            said.append(self.skipped_text(self.skipped))
        return " ".join(said)

    @staticmethod
    def skipped_text(rows: int) -> str:
        """``rows`` rows of the file that could not be read, in a sentence."""
        if rows == 1:
            return QCoreApplication.translate(
                "HistoryStore",
                "1 history row could not be read and is not shown (it stays in the file).",
            )
        return QCoreApplication.translate(
            "HistoryStore",
            "{0} history rows could not be read and are not shown (they stay in the file).",
        ).format(rows)

    def error_text(self) -> str:
        """Why the last run could not be written to the history file (a sentence)."""
        return QCoreApplication.translate(
            "HistoryStore",
            "The last run could not be written to the history file {0}: {1}. Saving is "
            "delayed: it is kept, tried again with the next run and every few seconds, and "
            "written at the latest at the next start.",
        ).format(str(self.path), self.write_error.rstrip("."))

    def clear(self) -> str:
        """Forget every run; "" or a sentence saying why the file could not be cleared."""
        self._pending.clear()
        self._write_journal()
        if self._db is None:
            return ""
        try:
            self._db.execute("DELETE FROM runs")
            self._db.execute("DELETE FROM sqlite_sequence WHERE name = 'runs'")
        except sqlite3.Error as exc:
            self._fail("cannot clear the run history", exc)
            return QCoreApplication.translate(
                "HistoryStore",
                "The run history {0} could not be cleared ({1}): runs are kept for this "
                "session only.",
            ).format(str(self.path), str(exc).rstrip("."))
        return ""

    # -- reading ----------------------------------------------------------------------------

    def load(self) -> list[RunRecord]:
        """The newest runs (at most MAX_LOADED), oldest first; rows that cannot be read
        (an unknown puzzle, a damaged value) are skipped."""
        ids = self.row_ids()
        if not ids:
            return []
        records = [r for _, r in self.read(ids[0][0], ids[-1][0]) if r is not None]
        self.skipped = self.unreadable
        return records

    def row_ids(self) -> list[tuple[int, int]]:
        """The ids of the newest rows (at most MAX_LOADED), oldest first, each with its run's
        number (0 where it is not a whole number): one query, no row decoded."""
        self.skipped = self.unreadable = 0
        if self._db is None:
            return []
        try:
            self.queries += 1
            rows = self._db.execute(
                "SELECT id, number FROM runs ORDER BY id DESC LIMIT ?", (MAX_LOADED,)
            ).fetchall()
        except sqlite3.Error as exc:
            self._fail("cannot read the run history", exc)
            return []
        rows.reverse()
        return [(i, n if type(n) is int and 0 <= n <= MAX_COUNT else 0) for i, n in rows]

    def read(self, first: int, last: int) -> list[tuple[int, RunRecord | None]]:
        """The rows whose ids run from ``first`` to ``last``, in one query; None for a row
        that cannot be read (an unknown puzzle, a damaged value): logged and counted in
        ``unreadable``, never raised."""
        if self._db is None:
            return []
        try:
            self.queries += 1
            rows = self._db.execute(
                f"SELECT id, {_COLUMNS} FROM runs WHERE id BETWEEN ? AND ? ORDER BY id",
                (first, last),
            ).fetchall()
        except sqlite3.Error as exc:
            log.warning("cannot read the run history %s: %s", self.path, exc)
            return []
        out: list[tuple[int, RunRecord | None]] = []
        for row in rows:
            self.decoded += 1
            try:
                record = self._record(row[1:])
            except Exception as exc:  # whatever a damaged row provokes, it is only skipped
                log.warning("skipped a run history row: %s", exc)
                self.unreadable += 1
                record = None
            out.append((row[0], record))
        return out

    def _record(self, row: tuple[Any, ...]) -> RunRecord | None:
        (
            number,
            finished,
            puzzle_key,
            settings,
            start_row,
            start_col,
            start_name,
            outcome,
            moves,
            backtracks,
            _steps,
            count,
            reason,
            solution,
            search_seconds,
            wall_seconds,
            strategy,
            summary,
            extra,
        ) = row
        puzzle = self._puzzles.get(puzzle_key)
        if puzzle is None:
            return None
        decoded = self._decoded(puzzle, puzzle_key, settings)
        r, c = _count(start_row, "start"), _count(start_col, "start")
        if not (0 <= r < decoded.rows and 0 <= c < decoded.cols):
            raise ValueError("the start square is off the board")
        squares = None if solution is None else json.loads(solution)
        if squares is not None and not (
            isinstance(squares, list)
            and len(squares) <= decoded.rows * decoded.cols
            and all(type(x) is int and 0 <= x < decoded.rows * decoded.cols for x in squares)
        ):
            raise ValueError("the solution is not a list of squares on the board")
        if reason is not None and not isinstance(reason, str):
            raise ValueError("the reason is not text")
        result = Result(
            outcome=Outcome(outcome),
            moves=_count(moves, "moves"),
            backtracks=_count(backtracks, "backtracks"),
            reason=reason,
            solution=None if squares is None else tuple(squares),
            seconds=_seconds(search_seconds),
            count=_count(count, "solutions"),
        )
        kept = json.loads(extra) if extra else {}
        if not isinstance(kept, dict):
            kept = {}
        explored, tree = kept.get("explored"), kept.get("tree_log10")
        steps = kept.get("tree_steps")  # rows written before the estimate was in logarithms
        if tree is None and isinstance(steps, (int, float)) and 0 < steps < math.inf:
            tree = math.log10(steps)
        start = r * decoded.cols + c if puzzle.movable_start else 0
        return RunRecord(
            setup=RunSetup(puzzle_key, decoded, start),
            result=result,
            wall_seconds=_seconds(wall_seconds),
            strategy=str(strategy),
            summary=str(summary),
            start_name=str(start_name),
            number=_count(number, "number"),
            explored=_fraction(explored),
            tree_log10=float(tree) if tree is not None and _real(tree) else None,
            backend=str(kept.get("backend", "python")),
            anyway=bool(kept.get("anyway", False)),
            from_disk=True,
            finished_at=str(finished),
            predictions=_predictions(kept.get("predictions")),
        )

    def _decoded(self, puzzle: Puzzle[Any], key: str, settings: Any) -> Any:
        """A row's settings in the puzzle's own ranges, described once (the table shows
        the description: a row it cannot show is skipped)."""
        if not isinstance(settings, str):
            raise ValueError("settings are not text")
        cached = self._settings.get((key, settings))
        if cached is not None:
            return cached
        values = json.loads(settings)
        if not isinstance(values, dict):
            raise ValueError("settings are not an object")
        decoded = puzzle.decode_settings(values)  # the puzzle's own ranges
        puzzle.describe(decoded)
        if len(self._settings) < 4096:
            self._settings[(key, settings)] = decoded
        return decoded


def _predictions(value: object) -> tuple[int, int, int] | None:
    """A row's "your turn" score, if it has a sound one (right <= asked, best <= asked)."""
    if not isinstance(value, list) or len(value) != 3:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
        return None
    right, asked, best = value
    return (right, asked, best) if right <= asked and best <= right and asked > 0 else None


#: The largest count a row may hold (what SQLite's integers hold, and far past any run).
MAX_COUNT = 1 << 62


def _count(value: Any, what: str) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"{what} is not a whole number from 0 to {MAX_COUNT}")
    return value


def _real(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _seconds(value: Any) -> float:
    if not _real(value) or value < 0:
        raise ValueError("a time is not a number of seconds")
    return float(value)


def _fraction(value: Any) -> float | None:
    return float(value) if _real(value) and 0 <= value <= 1 else None


def _finite(seconds: float) -> float:
    """A time SQLite can keep (it stores NaN as NULL, which the column refuses)."""
    return seconds if math.isfinite(seconds) and seconds >= 0 else 0.0
