"""Counts that survive a restart: each finished piece of a count recorded in a file.

A count of hours (a 7x7 board on a cluster) must not start again from zero after a crash,
a reboot or a lost scheduler. With a checkpoint, the plan's pieces are written to the file
before any runs, then each piece's result as it comes back; the same command with the same
file runs only the pieces not recorded and adds up the same total.

**The file is an SQLite database** (Python's own ``sqlite3``), chosen over rewriting a
file and renaming it over the old one: a piece's record is one small transaction added to
the file, where a rewrite copies every earlier record again (a cluster's count has
thousands of pieces); SQLite's commit is atomic through a crash at any moment (SIGKILL, a
reboot): a record is there whole or not at all, and a piece not there simply runs again.
The journal is a write-ahead log (WAL) with ``synchronous=NORMAL``: a commit appends to
the log without waiting for the disk, which survives the process being killed at any
moment; a power cut may lose the last few records (those pieces run again), never the
file's consistency. The lock is exclusive (a second command on the same file is refused
while the first runs), which also spares WAL its shared-memory file; while a count runs,
and after it was killed, the log lies beside the file (``FILE-wal``): it is part of the
checkpoint until the next run folds it in. Only the process that runs the command writes
the file (a pool's workers and a cluster's return their results to it), so on a cluster
the file lives with the client, on a local disk.

**A resumed count is the same count.** The file holds the command's meaning (``command``:
the puzzle, its size or problem, the options that change the count), the plan's pieces
(each piece's identity, its weight and its estimate) and what planning itself found, and
a fingerprint: the SHA-256 of all of them. A command whose meaning differs is refused,
naming what differs. A resumed count does not plan again: it reads its pieces from the
file. Planning depends on the number of workers (``refine`` splits for them) and, without
the compiled engine, on random probes; the pieces recorded are the ones the total is made
of, whatever the next run's workers, so the fingerprint is of the pieces recorded.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..board import FULL, Board, Shape, leaper_name
from .planning import Plan
from .tasks import Piece, QueensTask, TourTask

#: The file's layout; a file of another layout is refused.
FORMAT = 1
#: What ``meta`` says a checkpoint is (anything else is not one of ours).
MAGIC = "knightviz checkpoint"


#: The file's tables: facts about the count, the plan's pieces, the pieces' results.
_TABLES = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE pieces (i INTEGER PRIMARY KEY, piece TEXT NOT NULL)",
    "CREATE TABLE done (i INTEGER PRIMARY KEY, result TEXT NOT NULL)",
)


class CheckpointError(ValueError):
    """A checkpoint that cannot be used: another command's, in use, or not one at all. The
    message is one line naming the file."""


@dataclass(frozen=True, slots=True)
class StoredPiece:
    """A piece as the file holds it: what identifies it (JSON: a prefix of moves, a partial
    grid), its weight and its estimate (natural log of nodes)."""

    identity: Any
    weight: int = 1
    log_nodes: float = 0.0


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=True)


def fingerprint(
    command: Mapping[str, Any], plan: Mapping[str, Any], pieces: Sequence[StoredPiece]
) -> str:
    """SHA-256 of the command's meaning, what planning found and the pieces, in order."""
    rows = [[p.identity, p.weight, p.log_nodes] for p in pieces]
    text = _canonical([FORMAT, dict(command), dict(plan), rows])
    return hashlib.sha256(text.encode()).hexdigest()


class Checkpoint:
    """One checkpoint file, open for one count: its recorded plan (``pieces``, None before
    planning) and the results recorded so far (``done``, by piece index).

    Raises ``CheckpointError`` when the file belongs to another command (naming what
    differs), is in use by another process, or is not a checkpoint."""

    def __init__(self, path: str, command: Mapping[str, Any]) -> None:
        self.path = path
        self.command = dict(command)
        self.pieces: list[StoredPiece] | None = None
        self.plan_info: dict[str, Any] = {}
        self.done: dict[int, tuple[int, ...]] = {}
        try:
            self._db = sqlite3.connect(path, timeout=0.0, isolation_level=None)
        except sqlite3.Error as exc:
            raise CheckpointError(f"--checkpoint {path}: cannot open it ({exc})") from None
        try:
            self._open()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            if "locked" in str(exc):
                raise CheckpointError(
                    f"--checkpoint {path} is in use by another count (one count at a time)"
                ) from None
            raise CheckpointError(
                f"--checkpoint {path} is not a knightviz checkpoint ({exc}); give another file"
            ) from None
        except CheckpointError:
            self._db.close()
            raise

    # -- opening ---------------------------------------------------------------------------

    def _open(self) -> None:
        db = self._db
        db.execute("PRAGMA locking_mode=EXCLUSIVE")
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("BEGIN IMMEDIATE")  # takes the exclusive lock now, or fails: in use
        try:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not tables:
                for table in _TABLES:  # (executescript would commit first)
                    db.execute(table)
                db.executemany(
                    "INSERT INTO meta VALUES (?, ?)",
                    [
                        ("magic", MAGIC),
                        ("format", str(FORMAT)),
                        ("command", _canonical(self.command)),
                    ],
                )
            else:
                self._load(tables)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def _meta(self) -> dict[str, str]:
        return dict(self._db.execute("SELECT key, value FROM meta"))

    def _load(self, tables: set[str]) -> None:
        name = f"--checkpoint {self.path}"
        meta = self._meta() if "meta" in tables else {}
        if meta.get("magic") != MAGIC or not {"pieces", "done"} <= tables:
            raise CheckpointError(f"{name} is not a knightviz checkpoint; give another file")
        if meta.get("format") != str(FORMAT):
            raise CheckpointError(
                f"{name} was written by another version of knightviz (layout "
                f"{meta.get('format')}, this one reads {FORMAT}); give another file"
            )
        there = json.loads(meta["command"])
        if there != self.command:
            raise CheckpointError(
                f"{name} holds another count ({_difference(there, self.command)}); "
                "give another file, or delete it to start again"
            )
        if "fingerprint" not in meta:
            return  # killed while planning: nothing recorded yet
        self.plan_info = json.loads(meta["plan"])
        pieces = [
            StoredPiece(identity, int(weight), float(log_nodes))
            for identity, weight, log_nodes in (
                json.loads(text)
                for (text,) in self._db.execute("SELECT piece FROM pieces ORDER BY i")
            )
        ]
        if fingerprint(self.command, self.plan_info, pieces) != meta["fingerprint"]:
            raise CheckpointError(f"{name} is damaged: its pieces do not match its fingerprint")
        done = {
            int(i): tuple(int(v) for v in json.loads(text))
            for i, text in self._db.execute("SELECT i, result FROM done")
        }
        if any(not 0 <= i < len(pieces) for i in done):
            raise CheckpointError(f"{name} is damaged: a result of a piece it does not plan")
        self.pieces, self.done = pieces, done

    # -- recording -------------------------------------------------------------------------

    @property
    def planned(self) -> bool:
        return self.pieces is not None

    def record_plan(self, pieces: Sequence[StoredPiece], plan: Mapping[str, Any]) -> None:
        """The plan's pieces and what planning found, with their fingerprint: one
        transaction, so a file killed while it was written holds no plan at all."""
        if self.pieces is not None:
            raise ValueError("this checkpoint holds its plan already")
        stored = list(pieces)
        info = dict(plan)
        mark = fingerprint(self.command, info, stored)
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.executemany(
                "INSERT INTO pieces VALUES (?, ?)",
                (
                    (i, _canonical([p.identity, p.weight, p.log_nodes]))
                    for i, p in enumerate(stored)
                ),
            )
            db.executemany(
                "INSERT OR REPLACE INTO meta VALUES (?, ?)",
                [("plan", _canonical(info)), ("fingerprint", mark)],
            )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        self.pieces, self.plan_info = stored, info

    def record(self, i: int, result: Sequence[int]) -> None:
        """Piece ``i``'s result (its figures, whole numbers of any size), committed."""
        values = tuple(int(v) for v in result)
        self._db.execute("INSERT OR REPLACE INTO done VALUES (?, ?)", (i, _canonical(list(values))))
        self.done[i] = values

    def close(self) -> None:
        """Close the file (SQLite folds its log into it and removes it)."""
        self._db.close()

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _difference(there: Mapping[str, Any], here: Mapping[str, Any]) -> str:
    """What differs between two commands' meanings, in a few words."""
    for key in [*here, *(k for k in there if k not in here)]:
        a, b = there.get(key), here.get(key)
        if a != b:
            return f"{key} {_word(a)} there, {_word(b)} here"
    return "another plan"


def _word(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = str(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


# -- the meanings of the engine's own counts, and their plans as the file holds them -------


def tours_command(
    rows: int, cols: int, start: int | None, closed: bool, shape: Shape = FULL
) -> dict[str, Any]:
    """The meaning of counting directed tours (``knightviz count``): what changes the
    count, nothing else."""
    return {
        "command": "count",
        "size": f"{rows}x{cols}",
        "start": "every square" if start is None else Board(rows, cols, shape).name(start),
        "closed": closed,
        "holes": sorted(shape.holes),
        "leaper": leaper_name(shape.leaper),
    }


def queens_command(n: int) -> dict[str, Any]:
    """The meaning of counting the n-Queens solutions (``knightviz queens --format count``)."""
    return {"command": "queens --format count", "size": n}


def stored_plan(plan: Plan) -> tuple[list[StoredPiece], dict[str, Any]]:
    """A refined plan as the file holds it: each piece's prefix, weight and estimate, and
    what planning found on the way."""
    pieces = []
    for piece in plan.pieces:
        task = piece.task
        identity = list(task.path if isinstance(task, TourTask) else task.prefix)
        pieces.append(StoredPiece(identity, piece.weight, piece.log_nodes))
    info = {
        "count": plan.count,
        "unique": plan.unique,
        "nodes": plan.nodes,
        "whole": plan.whole,
    }
    return pieces, info


def resumed_plan(plan: Plan, checkpoint: Checkpoint) -> Plan:
    """``plan`` (its kind, backend and task fields) with the recorded pieces and figures in
    place of its own: ``plan`` need not have been refined, nor even estimated."""
    assert checkpoint.pieces is not None
    info = checkpoint.plan_info
    pieces = [
        Piece(_task(plan, tuple(p.identity)), p.weight, p.log_nodes) for p in checkpoint.pieces
    ]
    whole = info.get("whole")
    return replace(
        plan,
        pieces=pieces,
        count=int(info["count"]),
        unique=int(info["unique"]),
        nodes=int(info["nodes"]),
        whole=None if whole is None else float(whole),
        grow=None,
        cut=False,
    )


def _task(plan: Plan, prefix: tuple[int, ...]) -> TourTask | QueensTask:
    """A task of ``plan``'s count (its first piece's fields) for the recorded ``prefix``."""
    task = plan.pieces[0].task if plan.pieces else None
    if isinstance(task, TourTask):
        return replace(task, path=prefix)
    if isinstance(task, QueensTask):
        return replace(task, prefix=prefix)
    raise ValueError("a plan with no piece has no task to resume")


def results(kind: str, done: Mapping[int, tuple[int, ...]]) -> dict[int, Any]:
    """The recorded figures as the pieces' results (``Counted``, ``QueensCounted``)."""
    from ..count import Counted
    from ..queens_constellations import Counted as QueensCounted

    if kind == "tours":
        return {i: Counted(v[0], v[1], True) for i, v in done.items()}
    return {i: QueensCounted(v[0], v[1], v[2], True) for i, v in done.items()}


def figures(kind: str, result: Any) -> tuple[int, ...]:
    """A piece's result as the file records it (for N-Queens: solutions, eighths of
    classes, nodes)."""
    if kind == "tours":
        return (result.count, result.nodes)
    return (result.total, result.eighths, result.nodes)
