"""The stateful test: a seeded random walk through the window, checking after every
action that every panel tells the truth.

The walk drives the window through its automation names only (automation.py): switch puzzle,
board size, strategy toggles, the start square, speed, Start/Pause/Step/Step back/Reset, seek
(also right after Pause), race on/off, map on/off, choose a solution (mouse or keyboard),
language. Each action leaves the window at rest (a run paused and delivered, or finished; no
map computing), and then the invariants are checked:

- ``progress``: every command answers: a Pause is confirmed by the solver, a Step lands, a
  run advances, a map ends (checked while the actions wait for these);
- ``code_panel``: the Algorithm panel shows the program of the settings the controls show;
- ``solutions``: the Solutions list equals the solutions found up to the position shown;
- ``counters``: moves, backtracks and steps equal a fresh replay of the recording to the
  position shown (each racer's, in a race);
- ``board``: the board shows that replayed position (or the solution chosen from the list);
- ``gauge``: the explored gauge is in [0, 1] and never decreases while the run advances
  (sampled during each advance too, and from one action to the next);
- ``qt_warnings``: no Qt warning was logged;
- ``threads``: no solver or map thread runs beyond the runs that exist (a paused run keeps
  its thread), and none is left once the window is closed.

A Python exception raised in a Qt callback fails the walk too (``exceptions``), always.

The actions are drawn from a seeded generator whatever the state (an action that does not
apply is a no-op), so the sequence is the same on every run; only how far a run gets before
its Pause lands depends on the machine. ``make test`` walks ``ACTIONS`` steps;
``benchmarks/gui_walk.py`` walks longer, with several seeds.

``KNOWN_BROKEN`` names the invariants today's code breaks, ``KNOWN_BROKEN_ACTIONS`` the
actions it cannot take yet: they are skipped, so the walk passes on today's code only by
that explicit switch. Whoever fixes them empties the sets. ``KNIGHTVIZ_WALK_STRICT=1``
checks and does everything anyway; ``KNIGHTVIZ_WALK_SEED``/``KNIGHTVIZ_WALK_ACTIONS``
choose another walk.
"""

from __future__ import annotations

import itertools
import os
import random
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from PySide6.QtCore import Qt as QtNs
from PySide6.QtCore import QThread, QtMsgType
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QWidget

from knightviz.gui.session import State

from .automation import (
    child,
    code_text,
    counters,
    digits,
    expected_code,
    gauge,
    shown_puzzle,
    slider_for,
    solution_names,
    solution_rows,
)

#: Invariants the code breaks: not checked until they are fixed (then empty the set). The
#: walk found, since fixed: the code panel, the solutions list, the board and the gauge
#: (defects 1-4), a Pause right after a resume never confirmed (a Back or seek waiting for it
#: was lost), and a Pause with a seek at once, before the solver had stopped (its last frames
#: landed on the position sought).
KNOWN_BROKEN: frozenset[str] = frozenset()

#: Actions that break the window in ways no invariant can skip: drawn but not done until
#: fixed.
KNOWN_BROKEN_ACTIONS: frozenset[str] = frozenset()

INVARIANTS = (
    "progress",
    "code_panel",
    "solutions",
    "counters",
    "board",
    "gauge",
    "qt_warnings",
    "threads",
)

SEED = int(os.environ.get("KNIGHTVIZ_WALK_SEED", "17"))
ACTIONS = int(os.environ.get("KNIGHTVIZ_WALK_ACTIONS", "2000"))
STRICT = os.environ.get("KNIGHTVIZ_WALK_STRICT", "") == "1"

#: Board sides the walk uses: every run on them is over in a moment, or paused after K steps.
SIDES = {"knight": (5, 6), "queens": (4, 5, 6)}
#: Speeds: unlimited, and batched (above the paced limit, so a paused Step is one step).
SPEEDS = (100, slider_for(3000.0))
#: Steps an advance makes at most before the walk pauses it: at unlimited speed, and at the
#: batched speed (about 20 ms of it at most).
ADVANCE = {100: (1, 7, 60, 500, 5000), SPEEDS[1]: (1, 7, 30, 60)}
#: How long a run may take to show the steps asked of it (generous: a busy machine).
PROGRESS_MS = 20_000
#: How long Pause and Step may take to answer ("at once at any speed", docs/ARCHITECTURE.md).
ANSWER_MS = 3000

#: The walk clears the run history this often: every run adds a row, and a language switch
#: words every row again.
HISTORY_ROWS = 100

#: The share of ``race`` actions that start a race (all of them end one): a fifth of the
#: walk or so is raced, in stretches of twenty actions or so; the rest is single runs, which
#: have more panels to check.
RACE_ON = 1 / 4

# Action kinds and their weights.
WEIGHTS = {
    "puzzle": 4,
    "size": 4,
    "toggle": 10,
    "start_square": 3,
    "speed": 2,
    "start": 10,  # the dearest: a run starts, goes a frame or two, pauses or ends
    "step": 10,
    "back": 10,
    "reset": 5,
    "seek": 12,
    "pause_seek": 4,
    "race": 4,
    "map": 2,
    "choose": 6,
    "language": 1,  # a tenth of a second or more each: every text of the window again
}

_CHECKABLE = (
    "warnsdorffCheck",
    "backtrackCheck",
    "closedCheck",
    "allSolutionsCheck",
    "tieBreakCombo",
    "queensVariantCombo",
)


@dataclass
class Action:
    kind: str
    args: tuple[Any, ...] = ()
    #: What it did (for the failure report): "" when it did not apply.
    note: str = field(default="", compare=False)

    def __str__(self) -> str:
        args = ", ".join(repr(a) for a in self.args)
        done = f" [{self.note}]" if self.note else " [no-op]"
        return f"{self.kind}({args}){done}"


#: Invariants whose panels refresh at screen rate: a failed check is tried again meanwhile.
RETRIED = frozenset({"code_panel", "solutions", "counters", "board"})
#: How long a panel may take to catch up with the state at rest.
CATCH_UP_MS = 1000
#: How often a wait looks at its condition (qtbot.waitUntil: every 10 ms).
POLL_MS = 3


class Violation(AssertionError):
    def __init__(self, invariant: str, detail: str) -> None:
        super().__init__(f"{invariant}: {detail}")
        self.invariant = invariant
        self.detail = detail


def until(qtbot: Any, predicate: Callable[[], bool], timeout: int) -> bool:
    """Wait for a condition; False if ``timeout`` ms pass first. qtbot.waitUntil, polling
    every ``POLL_MS`` instead of every ten: the walk waits on tens of thousands of
    conditions, most of them true a moment later."""
    deadline = time.monotonic() + timeout / 1000
    while not predicate():
        if time.monotonic() > deadline:
            return False
        qtbot.wait(POLL_MS)
    return True


def holds(check: Callable[[], None]) -> bool:
    try:
        check()
    except Violation:
        return False
    return True


def draw(rng: random.Random) -> Action:
    """The next action: drawn the same way whatever the window's state."""
    kinds = list(WEIGHTS)
    kind = rng.choices(kinds, weights=[WEIGHTS[k] for k in kinds])[0]
    r = rng.random()
    pick = rng.randrange(1 << 30)
    return Action(kind, (r, pick))


class Walk:
    """The window, the walk's memory of it, the actions and the invariants."""

    def __init__(
        self,
        window: Any,
        qtbot: Any,
        qtlog: Any,
        threads: list[QThread],
        checked: frozenset[str],
        collect: bool = False,
        skipped_actions: frozenset[str] = frozenset(),
    ) -> None:
        self.window = window
        self.qtbot = qtbot
        self.qtlog = qtlog
        self.threads = threads
        self.checked = checked
        self.skipped_actions = skipped_actions
        #: Record the first violation of each invariant instead of failing at once.
        self.collect = collect
        self.found: dict[str, tuple[int, str, list[Action]]] = {}
        self.log: list[Action] = []
        self.preview: list[int] | None = None
        self.gauge_seen: tuple[int, int, float] | None = None  # (run, position, value)
        self.samples: list[float | None] = []
        self.qt_records = 0
        #: Per recording: (steps scanned, [(step, solution completed at that step)]).
        self.solution_cache: dict[int, tuple[int, list[tuple[int, tuple[int, ...]]]]] = {}

    # -- the state, read through the automation contract ----------------------------------------

    @property
    def race(self) -> bool:
        return bool(child(self.window, "raceAction").isChecked())

    def sessions(self) -> list[Any]:
        """Every run session in the window: the single one, and the racers' in a race."""
        out = [self.window.session]
        if self.race:
            out += [lane.session for lane in self.window.sessions]
        return out

    def busy(self) -> bool:
        """A run goes on (unpaused) or the recording plays forward."""
        if self.race:
            return str(getattr(self.window.race.state, "value", "")) == "running"
        return not child(self.window, "stepButton").isEnabled()

    def advanced(self) -> int:
        """How far the runs on show have got (the race clock in a race)."""
        if self.race:
            return int(self.window.race.k)
        return int(self.window.session.position)

    def timeline_end(self) -> int:
        return int(child(self.window, "timelineSlider").maximum())

    def widget(self, name: str) -> Any:
        try:
            return child(self.window, name)
        except AssertionError:
            return None

    def usable(self, name: str) -> Any:
        w = self.widget(name)
        return w if isinstance(w, QWidget) and w.isVisible() and w.isEnabled() else None

    # -- waiting, on conditions -----------------------------------------------------------------

    def wait(self, predicate: Callable[[], bool], what: str, timeout: int = PROGRESS_MS) -> None:
        """Wait for a command's effect. Not seeing it is a broken ``progress`` (when that
        invariant is not checked, the walk goes on from wherever the window is)."""
        if not until(self.qtbot, predicate, timeout) and "progress" in self.checked:
            raise Violation("progress", f"timed out waiting for {what}")

    def pause(self) -> None:
        """Press Pause (Start) while something goes on, and wait until it has stopped and
        delivered everything."""
        if self.race:
            child(self.window, "startButton").click()
            self.wait(lambda: not self.busy(), "the race to pause")
            self.settle_race()
            return
        controller = self.window.controller
        if controller.running and not controller.paused:
            self.wait_for_rest(lambda: child(self.window, "startButton").click())
        elif self.busy():  # the recording playing forward
            child(self.window, "startButton").click()

    def wait_for_rest(self, press: Callable[[], None]) -> None:
        """Press, then wait for the run's pause to be reached or the run to end."""
        controller = self.window.controller
        done: list[bool] = []

        def rest(*_args: Any) -> None:
            done.append(True)

        controller.pause_reached.connect(rest)
        controller.run_finished.connect(rest)
        try:
            press()
            self.wait(
                lambda: bool(done) or not controller.running,
                "the solver to confirm the Pause (pause_reached)",
                timeout=ANSWER_MS,
            )
        finally:
            controller.pause_reached.disconnect(rest)
            controller.run_finished.disconnect(rest)

    def settle_race(self) -> None:
        """In a race at rest, both boards and their counters stop moving."""
        last: list[Any] = []

        def still() -> bool:
            now = [
                (lane.model.steps, counters_of(self.window, f"_{lane.index}"))
                for lane in self.window.sessions
            ]
            same = now == last
            last[:] = now
            return same

        self.wait(still, "the race's boards to settle", timeout=5000)

    def settle(self) -> None:
        """Nothing computing: maps finished, runs paused or over, events delivered."""
        self.wait(lambda: not self.map_running(), "the start-square map", timeout=60_000)
        QApplication.processEvents()
        if self.race:
            self.settle_race()

    def map_running(self) -> bool:
        """A start-square map computes: its progress bar shows (the racers' too)."""
        bars = (self.widget(name) for name in ("mapProgress", "mapProgress_1", "mapProgress_2"))
        return any(bar is not None and bar.isVisible() for bar in bars)

    def sample_gauge(self) -> None:
        if not self.race:
            self.samples.append(gauge(self.window))

    def advance(self, k: int) -> None:
        """Let what goes on make ``k`` steps (or end), then pause it."""
        before = self.advanced()
        self.samples = []

        def enough() -> bool:
            self.sample_gauge()
            return not self.busy() or self.advanced() >= before + k

        self.wait(enough, f"{k} steps")
        if self.busy():
            self.pause()
        self.sample_gauge()

    # -- the actions ------------------------------------------------------------------------

    def act(self, action: Action) -> None:
        if action.kind in self.skipped_actions:
            return
        r, pick = action.args
        getattr(self, "do_" + action.kind)(action, r, pick)

    def do_puzzle(self, action: Action, r: float, pick: int) -> None:
        combo = child(self.window, "puzzleCombo")
        key = ("knight", "queens")[pick % 2]
        if combo.currentData() != key:
            combo.setCurrentIndex(combo.findData(key))
            self.preview = None
            action.note = key

    def do_size(self, action: Action, r: float, pick: int) -> None:
        sides = SIDES[shown_puzzle(self.window)]
        n = sides[pick % len(sides)]
        rows, cols = child(self.window, "rowsSpin"), child(self.window, "colsSpin")
        if (rows.value(), cols.value()) != (n, n):
            rows.setValue(n)
            cols.setValue(n)
            self.preview = None
            action.note = f"{n}×{n}"

    def do_toggle(self, action: Action, r: float, pick: int) -> None:
        suffixes = ("_1", "_2") if self.race else ("",)
        names = [n + s for n in _CHECKABLE for s in suffixes]
        usable = [w for w in (self.usable(n) for n in names) if w is not None]
        if not usable:
            return
        w = usable[pick % len(usable)]
        if isinstance(w, QCheckBox):
            w.click()
            action.note = f"{w.objectName()} {'on' if w.isChecked() else 'off'}"
        elif isinstance(w, QComboBox):
            index = int(r * w.count())
            if index == w.currentIndex():
                return
            w.setCurrentIndex(index)
            action.note = f"{w.objectName()} = {w.currentData()}"
        self.preview = None

    def do_start_square(self, action: Action, r: float, pick: int) -> None:
        board = self.usable("board_1" if self.race else "board")
        if board is None or shown_puzzle(self.window) != "knight":
            return
        if any(s.controller.running for s in self.sessions()):
            return
        n = child(self.window, "rowsSpin").value()
        row, col = divmod(pick % (n * n), n)
        QTest.mouseClick(
            board, QtNs.MouseButton.LeftButton, pos=board.square_rect(row, col).center().toPoint()
        )
        self.preview = None
        action.note = f"({row}, {col})"

    def do_speed(self, action: Action, r: float, pick: int) -> None:
        slider = child(self.window, "speedSlider")
        value = SPEEDS[pick % len(SPEEDS)]
        if slider.value() != value:
            slider.setValue(value)
            action.note = "unlimited" if value == 100 else "3,000 steps/s"

    def steps_for(self, pick: int) -> int:
        choices = ADVANCE[child(self.window, "speedSlider").value()]
        return choices[pick % len(choices)]

    def do_start(self, action: Action, r: float, pick: int) -> None:
        button = self.usable("startButton")
        if button is None:
            return
        k = self.steps_for(pick)
        action.note = f"{button.text()}, then {k} steps"
        button.click()
        self.preview = None
        self.advance(k)

    def do_step(self, action: Action, r: float, pick: int) -> None:
        button = self.usable("stepButton")
        if button is None:
            return
        before = self.advanced()
        button.click()
        self.preview = None
        action.note = f"from {before}"
        sessions = self.sessions()
        self.wait(
            lambda: self.advanced() != before or not any(s.controller.running for s in sessions),
            "the step",
            timeout=ANSWER_MS,
        )
        if self.race:
            self.settle_race()

    def do_back(self, action: Action, r: float, pick: int) -> None:
        button = self.usable("stepBackButton")
        if button is None:
            return
        action.note = f"from {self.advanced()}"
        button.click()
        self.preview = None

    def do_reset(self, action: Action, r: float, pick: int) -> None:
        button = self.usable("resetButton")
        if button is not None:
            button.click()
            self.preview = None
            action.note = "reset"

    def do_seek(self, action: Action, r: float, pick: int) -> None:
        session = self.window.session
        if self.race or session.recording is None or self.busy():
            return
        target = round(r * self.timeline_end())
        action.note = f"to {target}"
        session.seek(target)
        self.preview = None

    def do_pause_seek(self, action: Action, r: float, pick: int) -> None:
        """A run going, then Pause and at once a seek (a user dragging the timeline)."""
        session = self.window.session
        button = self.usable("startButton")
        if self.race or button is None or session.position != self.timeline_end():
            return
        controller = self.window.controller
        if controller.running and not controller.paused:
            return
        k = self.steps_for(pick)
        before = session.position
        button.click()
        self.preview = None
        self.wait(lambda: not self.busy() or session.position >= before + k, f"{k} steps")
        if not (controller.running and not controller.paused):
            self.advance(0)
            action.note = "the run ended first"
            return
        target = round(r * session.position)
        action.note = f"{k} steps, Pause, seek to {target}"
        self.wait_for_rest(lambda: (button.click(), session.seek(target)))

    def do_race(self, action: Action, r: float, pick: int) -> None:
        race = child(self.window, "raceAction")
        if not race.isEnabled() or (not race.isChecked() and r > RACE_ON):
            return
        race.trigger()
        self.preview = None
        self.gauge_seen = None
        action.note = "on" if race.isChecked() else "off"

    def do_map(self, action: Action, r: float, pick: int) -> None:
        mapping = child(self.window, "mapAction")
        if not mapping.isEnabled():
            return
        mapping.trigger()
        action.note = "on" if mapping.isChecked() else "off"

    def do_choose(self, action: Action, r: float, pick: int) -> None:
        view = self.usable("solutionsList")
        if view is None or self.race or self.busy():
            return
        model = view.model()
        rows = model.rowCount()
        if rows == 0:
            return
        row = pick % rows
        index = model.index(row, 0)
        squares = model.index(row, 0).data(QtNs.ItemDataRole.UserRole)
        if r < 0.5:
            view.scrollTo(index)
            rect = view.visualRect(index)
            QTest.mouseClick(view.viewport(), QtNs.MouseButton.LeftButton, pos=rect.center())
            action.note = f"row {row} by mouse"
        else:
            view.setFocus()
            QTest.keyClick(view, QtNs.Key.Key_Home)
            for _ in range(row):
                QTest.keyClick(view, QtNs.Key.Key_Down)
            action.note = f"row {row} by keyboard"
        self.preview = list(squares) if squares is not None else None

    def do_language(self, action: Action, r: float, pick: int) -> None:
        code = "en" if self.window.language() != "en" else "zh_CN"
        if self.window.set_language(code):
            action.note = code

    # -- the invariants ----------------------------------------------------------------------

    def check(self) -> list[Violation]:
        """Every invariant checked; the broken ones. A panel refreshed at screen rate gets
        a moment to catch up: a check that fails is tried again until it holds or
        ``CATCH_UP_MS`` have passed."""
        broken = []
        for name in INVARIANTS:
            if name not in self.checked:
                continue
            check = getattr(self, "check_" + name)
            try:
                check()
            except Violation as first:
                if name not in RETRIED:
                    broken.append(first)
                    continue
                if not until(self.qtbot, lambda check=check: holds(check), CATCH_UP_MS):
                    broken.append(first)
        return broken

    def check_progress(self) -> None:
        """Checked while the actions wait for their effects (``wait``): a Pause the solver
        confirms, a Step that lands, a map that ends."""

    def check_code_panel(self) -> None:
        if self.race:
            return  # no Algorithm panel in a race
        shown, expected = code_text(self.window), expected_code(self.window)
        if shown != expected:
            line = next(
                (i for i, (a, b) in enumerate(zip(shown, expected, strict=False)) if a != b),
                min(len(shown), len(expected)),
            )
            raise Violation(
                "code_panel",
                f"the Algorithm panel's line {line + 1} is {shown[line : line + 1]}, the "
                f"controls' program has {expected[line : line + 1]}",
            )

    def check_solutions(self) -> None:
        if self.race or shown_puzzle(self.window) != "queens":
            return
        session = self.window.session
        n = child(self.window, "rowsSpin").value()
        expected = solution_names(n, self.solutions_up_to(session.recording, session.position, n))
        shown = solution_rows(self.window)
        if shown != expected:
            raise Violation(
                "solutions",
                f"at step {session.position} the list has {len(shown)} rows, "
                f"{len(expected)} solutions were found up to that step",
            )

    def solutions_up_to(self, recording: Any, step: int, n: int) -> list[tuple[int, ...]]:
        """Solutions the recording completes in its first ``step`` steps (incrementally)."""
        if recording is None or step <= 0:
            return []
        cache = self.solution_cache
        scanned, found = cache.get(id(recording), (0, []))
        if scanned > len(recording):  # not the same recording any more
            scanned, found = 0, []
        if step > scanned:
            path = list(recording.seek(scanned).path)
            for i, event in enumerate(recording.events(scanned, step), start=scanned + 1):
                if event >= 0:
                    path.append(event)
                    if len(path) == n:
                        found.append((i, tuple(path)))
                else:
                    path.pop()
            cache[id(recording)] = (step, found)
        return [sol for at, sol in found if at <= step]

    def replayed(self, session: Any, position: int) -> tuple[int, int, list[int]]:
        recording = session.recording
        if recording is None:
            return 0, 0, list(session.model.path)
        pos = recording.seek(position)
        return pos.moves, pos.backtracks, list(pos.path)

    def check_counters(self) -> None:
        if self.race:
            for lane in self.window.sessions:
                suffix = f"_{lane.index}"
                position = lane.model.steps
                moves, backtracks, _path = self.replayed(lane.session, position)
                shown = counters_of(self.window, suffix)
                if shown != (moves, backtracks, position):
                    raise Violation(
                        "counters",
                        f"racer {lane.index} at step {position}: the counters read {shown}, "
                        f"its recording replayed to that step {(moves, backtracks, position)}",
                    )
            return
        session = self.window.session
        position = self.shown_step(session)
        moves, backtracks, _path = self.replayed(session, position)
        shown = counters(self.window)
        if shown != (moves, backtracks, position):
            raise Violation(
                "counters",
                f"at step {position}: the counters read {shown}, the recording replayed to "
                f"that step {(moves, backtracks, moves + backtracks)}",
            )

    def shown_step(self, session: Any) -> int:
        """The step the board shows: the position, or, while a solution chosen from the list
        is shown, the step that completed it (the board, counters and timeline go there)."""
        if self.preview is None or session.recording is None:
            return int(session.position)
        n = child(self.window, "rowsSpin").value()
        self.solutions_up_to(session.recording, session.position, n)
        _, found = self.solution_cache.get(id(session.recording), (0, []))
        return next((at for at, sol in found if list(sol) == self.preview), session.position)

    def check_board(self) -> None:
        if self.race:
            for lane in self.window.sessions:
                _m, _b, path = self.replayed(lane.session, lane.model.steps)
                if list(lane.model.path) != path:
                    raise Violation(
                        "board",
                        f"racer {lane.index}'s board at step {lane.model.steps} is not its "
                        "recording's position there",
                    )
            return
        session = self.window.session
        shown = list(self.window.board.model().path)
        if self.preview is not None:
            expected, what = self.preview, "the solution chosen from the list"
        else:
            _m, _b, expected = self.replayed(session, session.position)
            what = f"the recording's position at step {session.position}"
        if shown != expected:
            raise Violation("board", f"the board shows {shown}, not {what} ({expected})")

    def check_gauge(self) -> None:
        if self.race:
            self.gauge_seen = None
            return
        session = self.window.session
        value = gauge(self.window)
        for v in [*self.samples, value]:
            if v is not None and not 0.0 <= v <= 1.0:
                raise Violation("gauge", f"the gauge reads {v}")
        live = [v for v in self.samples if v is not None]
        for a, b in itertools.pairwise(live):
            if b < a - 1e-12:
                raise Violation("gauge", f"while the run advanced the gauge fell from {a} to {b}")
        self.samples = []
        run = id(session.recording) if session.recording is not None else 0
        seen = self.gauge_seen
        if (
            seen is not None
            and value is not None
            and run
            and seen[0] == run
            and session.position > seen[1]
            and value < seen[2] - 1e-12
        ):
            raise Violation(
                "gauge",
                f"from step {seen[1]} to step {session.position} the gauge fell from {seen[2]} "
                f"to {value}",
            )
        self.gauge_seen = (run, session.position, value) if value is not None and run else None

    def check_qt_warnings(self) -> None:
        records = self.qtlog.records
        new = [
            rec
            for rec in records[self.qt_records :]
            if rec.type in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg)
            and not getattr(rec, "ignored", False)
        ]
        self.qt_records = len(records)
        if new:
            raise Violation("qt_warnings", "; ".join(rec.message for rec in new))

    def check_threads(self) -> None:
        """A solver thread per run, a tree estimate per session with a run in hand (it
        refines the run's estimate in the background), at most one map per session."""
        self.threads[:] = [t for t in self.threads if t.isRunning()]
        sessions = self.sessions()
        allowed = {
            "solver": sum(1 for s in sessions if s.controller.running),
            "estimate": sum(1 for s in sessions if s.run is not None),
            "startmap": len(sessions),
            # The forecast works before a run, on the single board only.
            "forecast": sum(1 for s in sessions if s.state is State.IDLE),
        }
        kinds: dict[str, list[str]] = {}
        for t in self.threads:
            name = t.objectName()
            kind = name.split("-")[1] if name.count("-") >= 2 else name
            kinds.setdefault(kind, []).append(name)
        for kind, names in kinds.items():
            if len(names) > allowed.get(kind, 0):
                detail = (
                    f"{len(names)} {kind} threads running ({', '.join(names)}) where "
                    f"{allowed.get(kind, 0)} may run"
                )
                raise Violation("threads", detail)

    # -- the walk -----------------------------------------------------------------------------

    def begin(self) -> None:
        """Small boards at unlimited speed: every run is over in a moment, or paused."""
        child(self.window, "speedSlider").setValue(SPEEDS[0])
        for key in ("queens", "knight"):
            combo = child(self.window, "puzzleCombo")
            combo.setCurrentIndex(combo.findData(key))
            child(self.window, "rowsSpin").setValue(SIDES[key][0])
            child(self.window, "colsSpin").setValue(SIDES[key][0])
        board = child(self.window, "board")  # the knight on a corner: a tour exists
        QTest.mouseClick(
            board, QtNs.MouseButton.LeftButton, pos=board.square_rect(0, 0).center().toPoint()
        )
        assert board.start_square() == (0, 0)
        for name in ("mapCapSpin", "mapCapSpin_1", "mapCapSpin_2"):
            spin = self.widget(name)  # the map's smallest cap: a map is over in a moment
            if spin is not None:
                spin.setValue(spin.minimum())
        self.settle()
        for violation in self.check():
            self.report(-1, violation)

    def run(self, rng: random.Random, count: int) -> None:
        for i in range(count):
            if i % HISTORY_ROWS == 0:
                self.window.clear_history()  # the walk's cost stays flat (not an action)
            self.one(i, draw(rng))

    def replay(self, actions: list[Action]) -> None:
        """Run a given sequence (a failure's, to shrink it by hand)."""
        for i, action in enumerate(actions):
            self.one(i, Action(action.kind, action.args))

    def one(self, i: int, action: Action) -> None:
        """One action, the window brought to rest, the invariants checked. A Python
        exception in a Qt callback on the way is a failure of its own (``exceptions``)."""
        self.log.append(action)
        self.samples = []
        try:
            with self.qtbot.capture_exceptions() as raised:
                try:
                    self.act(action)
                    self.settle()
                finally:
                    QApplication.processEvents()
        except Violation as violation:
            self.report(i, violation)
            return
        if raised:
            text = "; ".join(
                traceback.format_exception_only(kind, value)[-1].strip()
                for kind, value, _tb in raised
            )
            self.report(i, Violation("exceptions", f"raised in a Qt callback: {text}"))
        for violation in self.check():
            self.report(i, violation)

    def report(self, i: int, violation: Violation) -> None:
        if self.collect:  # each invariant once: from now on it is not checked
            if violation.invariant not in self.found:
                self.found[violation.invariant] = (i, violation.detail, list(self.log))
            self.checked = self.checked - {violation.invariant}
            return
        recent = "\n".join(f"  #{j}: {a}" for j, a in enumerate(self.log) if j >= i - 25)
        raise AssertionError(
            f"invariant {violation.invariant!r} broken after action #{i} (seed {SEED}): "
            f"{violation.detail}\nthe last actions:\n{recent}"
        ) from None


def counters_of(window: Any, suffix: str) -> tuple[int, int, int]:
    """A racer's (moves, backtracks, steps) as its counters show them."""
    moves, backtracks, steps = (
        digits(child(window, name + suffix).text())
        for name in ("movesLabel", "backtracksLabel", "stepsLabel")
    )
    return moves, backtracks, steps


@pytest.fixture
def qthreads(monkeypatch: pytest.MonkeyPatch) -> list[QThread]:
    """Every QThread started during the test (napari's way: patch ``QThread.start``)."""
    started: list[QThread] = []
    original = QThread.start

    def start(self: QThread, *args: Any) -> None:
        started.append(self)
        original(self, *args)

    monkeypatch.setattr(QThread, "start", start)
    return started


def checked_invariants() -> frozenset[str]:
    return frozenset(INVARIANTS) if STRICT else frozenset(INVARIANTS) - KNOWN_BROKEN


@pytest.mark.slow
def test_random_walk_keeps_every_panel_truthful(window, qtbot, qtlog, qthreads):
    skipped = frozenset() if STRICT else KNOWN_BROKEN_ACTIONS
    walk = Walk(window, qtbot, qtlog, qthreads, checked_invariants(), skipped_actions=skipped)
    before = {t.ident for t in threading.enumerate()}
    walk.begin()
    walk.run(random.Random(SEED), ACTIONS)
    assert len(walk.log) == ACTIONS
    window.close()
    qtbot.waitUntil(lambda: not any(t.isRunning() for t in qthreads), timeout=5000)
    qtbot.waitUntil(
        lambda: (
            not [
                t
                for t in threading.enumerate()
                if t.ident not in before and t.name.startswith("knightviz") and t.is_alive()
            ]
        ),
        timeout=5000,
    )


def test_known_broken_names_real_invariants():
    """The switch names only invariants the walk checks (a typo would skip nothing)."""
    assert set(KNOWN_BROKEN) <= set(INVARIANTS)
    assert set(KNOWN_BROKEN_ACTIONS) <= set(WEIGHTS)
