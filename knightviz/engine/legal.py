"""A recording's steps replayed against its puzzle's rules, so that a saved run holding an
impossible move is refused when it is opened, with the step that breaks the rules, instead
of failing later wherever the window shows that step.

The rules are the engine's event model plus the puzzle's own: a backtrack takes back the
square on top of the path (never one below the squares the run began with); a move never
lands on a removed square nor on a square the path holds; a leaper moves by its leap from the
square on top; queens never share a row, a column or a diagonal.

A stretch is checked from a checkpoint to the next one: by the compiled kernel when it is
loaded (a few nanoseconds a step), else with numpy on whole arrays (a radix sort by square
and a few passes: 16.5 M steps in about 1.3 s), or step by step when it is short; all say
the same (the tests compare them), and the words always come from the step loop.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .board import KNIGHT, Leaper, Shape, file_name, leaper_name
from .recording import Recording, loaded_numpy

#: Stretches shorter than this are checked step by step (numpy's fixed costs dominate).
VECTOR_FROM = 4096
#: Steps checked at once (a stretch between checkpoints may hold a few million).
PIECE = 1 << 18


class IllegalStep(ValueError):
    """A step the puzzle's rules forbid; the message names it."""


@dataclass(frozen=True, slots=True)
class Rules:
    """What a puzzle's recording may do on its board."""

    rows: int
    cols: int
    #: The moving piece's leap; None: pieces are placed, not moved (queens).
    leaper: Leaper | None = KNIGHT
    holes: frozenset[int] = frozenset()
    #: Queens: no two on a row, a column or a diagonal.
    queens: bool = False

    @classmethod
    def tour(cls, rows: int, cols: int, shape: Shape) -> Rules:
        return cls(rows, cols, shape.leaper, shape.holes)

    @classmethod
    def n_queens(cls, rows: int, cols: int) -> Rules:
        return cls(rows, cols, None, frozenset(), queens=True)

    @property
    def piece(self) -> str:
        return "queen" if self.leaper is None else leaper_name(self.leaper)

    def name(self, square: int) -> str:
        row, col = divmod(square, self.cols)
        return f"{file_name(col)}{self.rows - row}"

    def leaps(self, a: int, b: int) -> bool:
        if self.leaper is None:
            return True
        (r1, c1), (r2, c2) = divmod(a, self.cols), divmod(b, self.cols)
        dr, dc = abs(r1 - r2), abs(c1 - c2)
        p, q = self.leaper
        return (dr, dc) in ((p, q), (q, p))

    def lines(self, square: int) -> tuple[tuple[str, int], ...]:
        """The lines a piece on ``square`` occupies (no two pieces share one)."""
        if not self.queens:
            return (("square", square),)
        r, c = divmod(square, self.cols)
        return (("row", r), ("column", c), ("diagonal", r + c), ("other diagonal", r - c))


def check(rec: Recording, rules: Rules, floor: int) -> None:
    """Every kept step of ``rec`` and every checkpoint, against ``rules``; ``floor``: how many
    squares the run began with (never taken back). IllegalStep at the first impossible one.

    Each stretch is replayed from its checkpoint as far as its steps are kept; where it
    reaches the next checkpoint, the replayed position must be that checkpoint's."""
    items = rec.checkpoints.items
    initial = list(rec.initial)
    for k, c in enumerate(items):
        if list(c.path[:floor]) != initial[:floor]:
            raise IllegalStep(f"the position kept at step {c.step:,} does not begin at the start")
        end = items[k + 1].step if k + 1 < len(items) else len(rec)
        reach = _replayable_to(rec, c.step, end)
        path, backs = stretch(rules, c.path, array("i"), c.step, floor)
        at = c.step
        while at < reach:  # (in pieces: the whole-array check's memory stays a few MB)
            upto = min(reach, at + PIECE)
            path, more = stretch(rules, path, rec.events(at, upto), at, floor)
            backs += more
            at = upto
        if reach == end and k + 1 < len(items):
            following = items[k + 1]
            counts = (c.moves + (end - c.step) - backs, c.backtracks + backs)
            if path != list(following.path) or counts != (following.moves, following.backtracks):
                raise IllegalStep(
                    f"replaying the steps to step {end:,} does not give the position kept there"
                )


def _replayable_to(rec: Recording, start: int, end: int) -> int:
    """The furthest step up to ``end`` that every step from ``start`` reaches."""
    if rec.replayable(start, end):
        return end
    low, high = start, end  # replayable to low, not to high
    while high - low > 1:
        mid = (low + high) // 2
        if rec.replayable(start, mid):
            low = mid
        else:
            high = mid
    return low


def stretch(
    rules: Rules, path: Sequence[int], events: array[int], step: int, floor: int
) -> tuple[list[int], int]:
    """The path after ``events`` from ``path`` (the position after step ``step``) and how
    many of them are backtracks, every square of the path and every event checked;
    IllegalStep at the first that breaks a rule. The path's own squares are checked as if
    placed one by one."""
    if len(events) + len(path) >= VECTOR_FROM:
        compiled = _compiled()
        if compiled is not None:
            return _kernel(compiled, rules, path, events, step, floor)
        np = loaded_numpy()
        if np is None:  # (through the kernels' package: the engine imports no numpy itself)
            from .kernels.arrays import numpy_or_none

            np = numpy_or_none()
        if np is not None:
            return _vector(np, rules, path, events, step, floor)
    return _loop(rules, path, events, step, floor)


def _compiled() -> Any:
    """The compiled check when the kernels are loaded (a few ns a step), else None."""
    from . import kernels

    return kernels.legal_check()


@lru_cache(maxsize=4)
def _removed(size: int, holes: frozenset[int]) -> Any:
    np = loaded_numpy()  # (the kernels are loaded: so is numpy)
    removed = np.zeros(size, dtype=np.bool_)
    removed[list(holes)] = True
    return removed


def _kernel(
    compiled: Any, rules: Rules, path: Sequence[int], events: array[int], step: int, floor: int
) -> tuple[list[int], int]:
    removed = _removed(rules.rows * rules.cols, rules.holes)
    bad, out, backs = compiled(path, events, floor, rules.cols, rules.leaper, removed, rules.queens)
    if bad >= 0:
        # The step loop, over just enough events, says what is wrong there.
        _loop(rules, path, events[: max(0, bad - len(path) + 1)], step, floor)
        raise AssertionError("the compiled check and the step loop disagree")
    return out, backs


def _where(step: int, index: int, length: int) -> str:
    if index < length:
        return f"the position kept at step {step:,}"
    return f"step {step + index - length + 1:,}"


def _loop(
    rules: Rules, path: Sequence[int], events: array[int], step: int, floor: int
) -> tuple[list[int], int]:
    out: list[int] = []
    backs = 0
    taken: dict[tuple[str, int], int] = {}
    length = len(path)
    for i, x in enumerate([*path, *events]):
        where = _where(step, i, length)
        if x >= 0:
            _move(rules, where, out[-1] if out else None, x, taken)
            out.append(x)
            for line in rules.lines(x):
                taken[line] = x
        else:
            sq = ~x
            if len(out) <= floor:
                raise IllegalStep(_nothing_back(rules, where))
            if out[-1] != sq:
                raise IllegalStep(_not_on_top(rules, where, sq))
            out.pop()
            backs += 1
            for line in rules.lines(sq):
                del taken[line]
    return out, backs


def _move(
    rules: Rules, where: str, top: int | None, x: int, taken: dict[tuple[str, int], int]
) -> None:
    if x in rules.holes:
        raise IllegalStep(f"{where}: the {rules.piece} lands on {rules.name(x)}, a removed square")
    if top is not None and not rules.leaps(top, x):
        raise IllegalStep(
            f"{where}: the {rules.piece} cannot move from {rules.name(top)} to {rules.name(x)}"
        )
    for line in rules.lines(x):
        if line in taken:
            raise IllegalStep(_shared(rules, where, x, line[0]))


def _shared(rules: Rules, where: str, x: int, line: str) -> str:
    if line == "square":
        return f"{where}: the {rules.piece} lands on {rules.name(x)}, already on its path"
    line = "diagonal" if line == "other diagonal" else line
    return f"{where}: a queen on {rules.name(x)} shares a {line} with another"


def _nothing_back(rules: Rules, where: str) -> str:
    if rules.queens:
        return f"{where}: a queen is taken away from an empty board"
    return f"{where}: the {rules.piece} steps back from its start"


def _not_on_top(rules: Rules, where: str, sq: int) -> str:
    if rules.queens:
        return f"{where}: the queen taken away from {rules.name(sq)} is not the last one placed"
    return f"{where}: the {rules.piece} steps back from {rules.name(sq)}, where it is not"


def _vector(
    np: Any, rules: Rules, path: Sequence[int], events: array[int], step: int, floor: int
) -> tuple[list[int], int]:
    """``_loop``'s checks on whole arrays: a stable (radix) sort of the events by square,
    and one by each of a queen's lines. Every test at an event looks only at the events
    before it, so the first event any test flags is the first illegal one."""
    length = len(path)
    e = np.concatenate([np.asarray(path, dtype=np.int32), np.frombuffer(events, dtype=np.int32)])
    n = len(e)
    if not n:
        return [], 0
    mv = e >= 0
    sign = e >> 31  # 0 for a move, -1 for a backtrack
    sq = e ^ sign  # the square moved onto or taken back
    delta = 1 | sign
    after = np.cumsum(delta, dtype=np.int32)
    before = after - delta
    size = rules.rows * rules.cols
    small = np.uint16 if size < 1 << 16 else np.int32  # (radix sorts up to 16 bits)
    flags = [np.flatnonzero(after < floor)[:1]]
    # The event before each one on the same square (-1: none). For a legal run they alternate:
    # a move onto it, then the backtrack taking it back from the level it was placed on.
    by_square = np.argsort(sq.astype(small), kind="stable")
    prev = np.full(n, -1, dtype=np.int32)
    same = sq[by_square[1:]] == sq[by_square[:-1]]
    prev[by_square[1:][same]] = by_square[:-1][same]
    has = prev >= 0
    at = np.where(has, prev, 0)
    placed = has & mv[at]
    flags.append(np.flatnonzero(mv & placed))  # a square taken twice
    flags.append(np.flatnonzero(~mv & ~(placed & (after[at] == before))))  # not on top
    if rules.leaper is not None:
        # The square each move leaps from: the one moved onto just before, or, after a
        # backtrack, the square the taken-back move itself leapt from.
        parent = np.full(n, -1, dtype=np.int32)
        follows = np.flatnonzero(mv[1:]) + 1
        direct = follows[mv[follows - 1]]
        parent[direct] = sq[direct - 1]
        pending = follows[~mv[follows - 1] & (before[follows] >= 1)]
        source = at[pending - 1]
        while len(pending):
            got = parent[source]
            done = got >= 0
            if not done.any():
                break
            parent[pending[done]] = got[done]
            pending, source = pending[~done], source[~done]
        flags.append(pending)  # (only after an earlier illegal step)
        onto = np.flatnonzero(parent >= 0)
        r1, c1 = np.divmod(parent[onto], rules.cols)
        r2, c2 = np.divmod(sq[onto], rules.cols)
        dr, dc = np.abs(r1 - r2), np.abs(c1 - c2)
        p, q = rules.leaper
        flags.append(onto[~(((dr == p) & (dc == q)) | ((dr == q) & (dc == p)))])
    if rules.holes:
        removed = np.zeros(size, dtype=bool)
        removed[list(rules.holes)] = True
        flags.append(np.flatnonzero(mv & removed[sq]))
    if rules.queens:
        # A line taken twice: the event before a move on the same line is a move, not the
        # backtrack that freed it.
        r, c = np.divmod(sq, rules.cols)
        for line in (r, c, r + c, r - c + rules.cols):
            by_line = np.argsort(line.astype(small), kind="stable")
            kept = line[by_line]
            twice = (kept[1:] == kept[:-1]) & mv[by_line][:-1] & mv[by_line][1:]
            flags.append(by_line[1:][twice])
    flagged = np.concatenate(flags)
    if len(flagged):
        first = int(flagged.min())
        # The step loop, over just enough events, says what is wrong there.
        _loop(rules, path, events[: max(0, first - length + 1)], step, floor)
        raise AssertionError("the whole-array check and the step loop disagree")
    # The path at the end: for each level, the last move onto it (never taken back).
    low = np.minimum.accumulate(after[::-1])[::-1]
    out: list[int] = e[mv & (after == low)].tolist()
    return out, int(len(events) - np.count_nonzero(mv[length:]))
