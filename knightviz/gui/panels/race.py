"""The race: two strategies side by side, one shared clock, the same steps on both boards.

Each racer is a full run session (its own search on its own solver thread, its own
recording). The searches run freely; what the boards show is driven by one race clock ``k``
that never runs ahead of the slower search, and the board of a search that is ahead shows its
own recording at step ``k``. So at every moment both step counters read the same, exactly,
at any speed, until one finishes; the clock stops on each finish (never jumps over it), so the
other board is seen at the finisher's very step count. A search that gets far ahead is paused
until the other catches up, so the faster one never wastes time or recording memory.
"""

from __future__ import annotations

import math
from dataclasses import replace
from enum import Enum
from typing import Any

from PySide6.QtCore import QObject, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from knightviz.engine import Outcome
from knightviz.gui.board.model import BoardModel
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.panels.elided import ElidedLabel
from knightviz.gui.panels.startmap import StartMap, StartMapLegend
from knightviz.gui.puzzles.base import Puzzle, SettingsWidget
from knightviz.gui.session import (
    DEFAULT_SPEED,
    TICK_MS,
    RecordingStore,
    RunClock,
    RunRecord,
    RunSession,
)
from knightviz.gui.solver.frames import PER_EVENT_MAX
from knightviz.gui.text import fmt_int, fmt_seconds

#: How far (in steps) a search may run ahead of the race clock at unlimited speed before it
#: is paused: about a hundredth of a second of compiled search.
UNLIMITED_LEAD = 1 << 20


class RaceState(str, Enum):
    IDLE = "idle"
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"  # both racers have ended (or the loser was stopped)


class Lane:
    """One racer: a run session with its own board, counters, strategy widgets and badge.

    Widgets carry the objectNames of the single-run window with ``_1``/``_2`` appended
    (``board_1``, ``movesLabel_2``, ``warnsdorffCheck_1``…).
    """

    def __init__(
        self, index: int, puzzles: dict[str, Puzzle], store: RecordingStore, parent: QObject
    ) -> None:
        self.index = index
        self.suffix = f"_{index}"
        self.session = RunSession(puzzles, parent, store)
        self.board = BoardWidget(self.session.model)
        self.board.setObjectName("board" + self.suffix)
        self.board.setMinimumSize(160, 160)
        self.reset()

    # -- what tests and the window use -------------------------------------------------------

    @property
    def model(self) -> BoardModel:
        """The model on this racer's board (the session's, or its recording at the clock)."""
        return self.board.model()

    @property
    def controller(self) -> Any:
        return self.session.controller

    @property
    def result(self) -> Any:
        return self.session.result

    def live_steps(self) -> int:
        """How far this racer's search has got."""
        if self.finish is not None:
            return self.finish
        return self.session.model.steps

    def reset(self) -> None:
        """Before a race: nothing shown, nothing finished."""
        #: The step shown (the race clock, or the finish when this racer is done).
        self.shown = 0
        #: Steps at the end of this racer's run (None while it runs).
        self.finish: int | None = None
        #: Its finish has been shown on the board (the clock has reached it).
        self.finish_shown = False
        #: Stopped by the race when the other finished (its run ends at this step).
        self.stopped_at: int | None = None
        #: Paused by the race because it is too far ahead of the clock.
        self.throttled = False
        #: Place in the finishing order (1 or 2), None while racing.
        self.place: int | None = None
        self._replay: BoardModel | None = None
        self._replay_step = -1

    def show_step(self, k: int) -> None:
        """Put this racer at step ``k`` (at most its finish) on its board."""
        s = self.session
        if self.finish is not None and k >= self.finish and self.stopped_at is None:
            self.shown = self.finish
            self.board.set_model(s.model)  # its final position, as a single run shows it
            return
        live = s.model.steps
        target = k if self.finish is None else min(k, self.finish)
        self.shown = target
        if self.finish is None and live == target:
            self.board.set_model(s.model)
            return
        rec = s.recording
        if rec is None:
            self.board.set_model(s.model)
            return
        if self._replay is None or self._replay.size != s.model.size:
            settings = s.run_settings or s.settings
            self._replay = BoardModel(settings.rows, settings.cols, tuple(rec.initial))
            self._replay_step = -1
        if target != self._replay_step:
            pos = rec.seek(target)
            model = self._replay
            model.replace(pos.path, pos.moves, pos.backtracks)
            model.last_events = pos.last_events
            model.version += 1
            self._replay_step = target
        self.board.set_model(self._replay)


class Race(QObject):
    """Two sessions on one clock: shared Start/Pause/Step/Reset, speed, size and start."""

    #: State changed (buttons, badges, status).
    changed = Signal()
    #: Screen-rate heartbeat while the race goes (counters).
    ticked = Signal()
    #: (lane index 1 or 2, steps): a racer's finish has just been shown; the other board is
    #: at the same step count at this moment.
    racer_finished = Signal(int, int)
    #: A racer's run ended: its RunRecord (with ``extra["race"]`` linking the two runs).
    run_recorded = Signal(object)
    #: A run could not start (one line for the status bar).
    refused = Signal(str)

    def __init__(
        self, puzzles: dict[str, Puzzle], store: RecordingStore, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.puzzles = puzzles
        self.lanes = [Lane(1, puzzles, store, self), Lane(2, puzzles, store, self)]
        self.state = RaceState.IDLE
        #: The race clock: the step both boards show (until a racer's finish).
        self.k = 0
        #: While paused, the clock goes no further than this (Step raises it by one).
        self.goal = 0
        #: Stop the other racer when one finishes (else it keeps going).
        self.stop_loser = False
        self.clock = RunClock()
        self.speed = DEFAULT_SPEED
        self.number = 0  # races started so far (links the two history rows)
        self._link: dict[str, Any] = {}
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)
        self._ticking = False
        for lane in self.lanes:
            s = lane.session
            s.run_recorded.connect(lambda record, lane=lane: self._on_recorded(lane, record))
            s.failed.connect(lambda message, lane=lane: self._on_failed(lane, message))
            s.model_replaced.connect(lambda model, lane=lane: lane.board.set_model(model))
            s.controller.frame_applied.connect(lane.board.paint_frame)

    # -- setup --------------------------------------------------------------------------------

    @property
    def sessions(self) -> list[RunSession]:
        return [lane.session for lane in self.lanes]

    def configure(self, puzzle_key: str, settings: list[Any]) -> None:
        """The puzzle and each racer's settings (same board size); ends any race first."""
        self.reset()
        for lane, s in zip(self.lanes, settings, strict=True):
            lane.session.configure(puzzle_key, s)
            lane.board.set_model(lane.session.model)
        self.changed.emit()

    def set_start(self, row: int, col: int) -> None:
        """Both racers start on the same square."""
        if self.running:
            return
        self.reset()
        for lane in self.lanes:
            lane.session.set_start(row, col)
            lane.board.set_start_square(row, col)
            lane.board.set_model(lane.session.model)
        self.changed.emit()

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        for lane in self.lanes:
            lane.session.set_speed(speed)

    @property
    def running(self) -> bool:
        return self.state in (RaceState.RUNNING, RaceState.PAUSED)

    def verdicts(self) -> list[str | None]:
        return [lane.session.verdict() for lane in self.lanes]

    # -- commands -----------------------------------------------------------------------------

    def start_or_pause(self) -> None:
        """Space: start when idle or finished, pause when running, resume when paused."""
        if self.state is RaceState.RUNNING:
            self.pause()
        elif self.state is RaceState.PAUSED:
            self.resume()
        else:
            self.begin()

    def begin(self, paused: bool = False) -> bool:
        """Start both racers from the same square; False (and ``refused``) if one cannot."""
        self.reset()
        for lane in self.lanes:
            verdict = lane.session.verdict()
            if verdict is not None:
                self.refused.emit(
                    self.tr("Racer {0} cannot start: {1}").format(lane.index, verdict)
                )
                self.changed.emit()
                return False
        self.number += 1
        self._link = {"race": self.number, "runs": []}
        for lane in self.lanes:
            lane.session.set_speed(self.speed)
            lane.session.begin(paused=paused)
        self.k = self.goal = 0
        self.clock.start()
        if paused:
            self.clock.pause()
        self.state = RaceState.PAUSED if paused else RaceState.RUNNING
        self._timer.start()
        self._show()
        self.changed.emit()
        return True

    def pause(self) -> None:
        if self.state is not RaceState.RUNNING:
            return
        self.state = RaceState.PAUSED
        self.goal = self.k
        self.clock.pause()
        for lane in self._racing():
            lane.session.controller.pause()
        self.changed.emit()

    def resume(self) -> None:
        if self.state is not RaceState.PAUSED:
            return
        self.state = RaceState.RUNNING
        self.clock.resume()
        for lane in self._racing():
            lane.throttled = False
            lane.session.controller.resume()
        self.changed.emit()

    def step(self) -> None:
        """One step on both boards (from idle: the race starts paused, then steps)."""
        if self.state in (RaceState.RUNNING, RaceState.FINISHED):
            return
        if self.state is RaceState.IDLE and not self.begin(paused=True):
            return
        self.goal = self.k + 1
        self._tick()

    def stop(self) -> None:
        """Stop both racers (each still gets its history row)."""
        for lane in self.lanes:
            lane.session.stop()

    def reset(self) -> None:
        """Stop any race (its runs still get their rows) and clear both boards."""
        self._timer.stop()
        for lane in self.lanes:
            if lane.session.controller.running:
                lane.stopped_at = lane.shown
            lane.session.reset()
        for lane in self.lanes:
            lane.reset()
            lane.board.set_model(lane.session.model)
        self.k = self.goal = 0
        self.clock.reset()
        self.state = RaceState.IDLE
        self.changed.emit()

    def shutdown(self) -> None:
        self._timer.stop()
        for lane in self.lanes:
            lane.session.shutdown()

    # -- the clock ----------------------------------------------------------------------------

    def _racing(self) -> list[Lane]:
        return [lane for lane in self.lanes if lane.finish is None]

    def _lead_allowed(self) -> int:
        """Steps a search may be ahead of the clock before it is paused."""
        if math.isinf(self.speed):
            return UNLIMITED_LEAD
        return max(4, int(self.speed))  # about a second of steps at this speed

    @Slot()
    def _tick(self) -> None:
        if self.state not in (RaceState.RUNNING, RaceState.PAUSED) or self._ticking:
            return
        self._ticking = True
        try:
            self._advance()
        finally:
            self._ticking = False

    def _advance(self) -> None:
        racing = self._racing()
        if racing:
            target = min(lane.live_steps() for lane in racing)
        else:
            target = max(lane.finish or 0 for lane in self.lanes)
        if self.state is RaceState.PAUSED:
            target = min(target, self.goal)
        # The clock never jumps over a finish: both boards are seen at that step.
        for lane in self.lanes:
            if lane.finish is not None and not lane.finish_shown and self.k <= lane.finish:
                target = min(target, lane.finish)
        self.k = max(self.k, target)
        newly = [
            lane
            for lane in self.lanes
            if lane.finish is not None and not lane.finish_shown and lane.finish <= self.k
        ]
        self._show()
        self.ticked.emit()  # counters now, so a finish is announced with both boards at it
        for lane in newly:
            lane.finish_shown = True
            # A tie (both end at the same step) is two first places.
            lane.place = (
                2
                if lane.stopped_at is not None
                else 1
                + sum(
                    other.place is not None and (other.finish or 0) < (lane.finish or 0)
                    for other in self.lanes
                )
            )
            if self.stop_loser:
                for other in self._racing():
                    other.stopped_at = self.k
                    other.session.stop()
            self.racer_finished.emit(lane.index, lane.finish or 0)
        if self.state is RaceState.RUNNING:
            self._throttle()
        elif self.state is RaceState.PAUSED:
            for lane in self._racing():
                c = lane.session.controller
                if lane.live_steps() < self.goal and c.running and c.paused:
                    c.step(1)
        if all(lane.finish_shown for lane in self.lanes):
            self._timer.stop()
            self.clock.pause()
            self.state = RaceState.FINISHED
            self.changed.emit()
        elif newly:
            self.changed.emit()

    def _throttle(self) -> None:
        allowed = self._lead_allowed()
        for lane in self._racing():
            lead = lane.live_steps() - self.k
            c = lane.session.controller
            if not c.running:
                continue
            if lead > allowed and not lane.throttled and not c.paused:
                lane.throttled = True
                c.pause()
            elif lane.throttled and lead <= allowed // 2:
                lane.throttled = False
                c.resume()

    def _show(self) -> None:
        for lane in self.lanes:
            lane.show_step(self.k)
            lane.board.refresh()

    # -- reactions ----------------------------------------------------------------------------

    def _on_recorded(self, lane: Lane, record: RunRecord) -> None:
        result = record.result
        stop = lane.stopped_at
        if stop is not None and result.steps > stop and lane.session.recording is not None:
            # Stopped because the other finished: its run ends where the race clock was.
            pos = lane.session.recording.seek(stop)
            result = replace(result, moves=pos.moves, backtracks=pos.backtracks)
            record = replace(record, result=result)
        lane.finish = stop if stop is not None else result.steps
        if self.state is RaceState.IDLE:
            lane.finish_shown = True
        extra = dict(record.extra)
        if self._link:
            extra["race"] = self._link
            extra["race_lane"] = lane.index
        record = replace(record, extra=extra, wall_seconds=self.clock.seconds())
        self.run_recorded.emit(record)
        if self._timer.isActive():
            self._tick()

    def _on_failed(self, lane: Lane, message: str) -> None:
        lane.finish = lane.live_steps()
        self.refused.emit(self.tr("Racer {0} failed: {1}").format(lane.index, message))


class LaneView(QFrame):
    """A racer's column: its strategy, board, finish badge and counters."""

    def __init__(
        self, lane: Lane, puzzles: dict[str, Puzzle], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.lane = lane
        self.setObjectName("raceLane" + lane.suffix)
        # One line, elided (the whole text on hover): both boards start at the same height.
        self.title = ElidedLabel()
        self.title.set_full_text(self.tr("Racer {0}").format(lane.index))
        font = QFont(self.title.font())
        font.setBold(True)
        self.title.setFont(font)
        self.strategy_box = QGroupBox()
        self.strategy_box.setObjectName("raceStrategy" + lane.suffix)
        self.stack = QStackedWidget()
        self.widgets: dict[str, SettingsWidget] = {}
        for key, puzzle in puzzles.items():
            widget = puzzle.create_settings_widget(compact=True)
            for child in widget.findChildren(QWidget):
                if child.objectName() and not child.objectName().startswith("qt_"):
                    child.setObjectName(child.objectName() + lane.suffix)
            for combo in widget.findChildren(QComboBox):
                combo.setSizeAdjustPolicy(
                    QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
                )
                combo.setMinimumContentsLength(8)
            self.widgets[key] = widget
            self.stack.addWidget(widget)
        box = QVBoxLayout(self.strategy_box)
        box.setContentsMargins(6, 2, 6, 2)
        box.addWidget(self.stack)
        self.badge = QLabel()
        self.badge.setObjectName("raceBadge" + lane.suffix)
        self.badge.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.badge.setMinimumHeight(self.badge.fontMetrics().lineSpacing() + 8)
        self.badge.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.counters = LaneCounters(lane.suffix)
        #: This racer's start-square map (Compare, Map all start squares): two side by side.
        self.startmap = StartMap(lane.board, self)
        self.map_legend = StartMapLegend(self.startmap)
        for child in self.map_legend.findChildren(QWidget):
            if child.objectName():
                child.setObjectName(child.objectName() + lane.suffix)
        self.map_legend.setObjectName("mapLegend" + lane.suffix)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addWidget(self.title)
        layout.addWidget(self.strategy_box)
        layout.addWidget(lane.board, 1)
        layout.addWidget(self.map_legend)
        layout.addWidget(self.badge)
        layout.addWidget(self.counters)


class LaneCounters(QWidget):
    """Moves, backtracks, steps and depth in a compact grid (titles over values)."""

    def __init__(self, suffix: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(0)
        value_font = QFont(self.font())
        value_font.setBold(True)
        value_font.setPointSizeF(value_font.pointSizeF() * 1.15)
        value_font.setFamilies(["DejaVu Sans Mono", "Menlo", "Consolas", "monospace"])
        self.titles: dict[str, QLabel] = {}
        self.values: dict[str, QLabel] = {}
        names = {
            "moves": (self.tr("Moves"), "movesLabel"),
            "backtracks": (self.tr("Backtracks"), "backtracksLabel"),
            "steps": (self.tr("Steps"), "stepsLabel"),
            "depth": (self.tr("Squares covered"), "depthLabel"),
        }
        for col, (key, (title, name)) in enumerate(names.items()):
            t = QLabel(title)
            t.setAlignment(Qt.AlignmentFlag.AlignCenter)
            v = QLabel("0")
            v.setObjectName(name + suffix)
            v.setFont(value_font)
            v.setAlignment(Qt.AlignmentFlag.AlignCenter)
            v.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            # Two by two, titles over values: a long run's nine-digit counts fit a lane
            # side by side with the other on a 1024-pixel screen.
            row, column = divmod(col, 2)
            grid.addWidget(t, 2 * row, column)
            grid.addWidget(v, 2 * row + 1, column)
            self.titles[key], self.values[key] = t, v
        self.titles["steps"].setToolTip(self.tr("Steps = moves + backtracks"))

    def set_titles(self, moves: str, backtracks: str, depth: str) -> None:
        self.titles["moves"].setText(moves)
        self.titles["backtracks"].setText(backtracks)
        self.titles["depth"].setText(depth)

    def show_counts(self, moves: int, backtracks: int, covered: int, total: int) -> None:
        self.values["moves"].setText(fmt_int(moves))
        self.values["backtracks"].setText(fmt_int(backtracks))
        self.values["steps"].setText(fmt_int(moves + backtracks))
        self.values["depth"].setText(f"{fmt_int(covered)} / {fmt_int(total)}")


class RaceView(QWidget):
    """The two lanes side by side under a bar with the race clock and the finish rule."""

    #: The start square was dragged on either board.
    start_changed = Signal(int, int)
    #: A racer's strategy was changed.
    settings_changed = Signal()
    #: The piece was dragged during a race.
    drag_refused = Signal()

    def __init__(
        self, race: Race, puzzles: dict[str, Puzzle], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("raceView")
        self.race = race
        self.puzzles = puzzles
        self.lane_views = [LaneView(lane, puzzles) for lane in race.lanes]
        self.finish_combo = QComboBox()
        self.finish_combo.setObjectName("raceFinishCombo")
        self.finish_combo.addItem(self.tr("the other keeps going"), False)
        self.finish_combo.addItem(self.tr("the other stops"), True)
        self.finish_combo.setToolTip(self.tr("What happens to the other racer when one finishes"))
        self.finish_label = QLabel(self.tr("When one finishes:"))
        self.finish_label.setBuddy(self.finish_combo)
        self.clock_label = QLabel()
        self.clock_label.setObjectName("raceClockLabel")
        self.clock_label.setToolTip(
            self.tr("Both boards advance by the same number of steps per tick")
        )
        bar = QHBoxLayout()
        bar.addWidget(self.clock_label, 1)
        bar.addWidget(self.finish_label)
        bar.addWidget(self.finish_combo)
        lanes = QHBoxLayout()
        lanes.setSpacing(8)
        for view in self.lane_views:
            lanes.addWidget(view, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addLayout(lanes, 1)
        self.finish_combo.currentIndexChanged.connect(self._on_finish_rule)
        for view in self.lane_views:
            view.lane.board.start_changed.connect(self.start_changed)
            view.lane.board.drag_refused.connect(self.drag_refused)
            for widget in view.widgets.values():
                widget.settings_changed.connect(self.settings_changed)
        race.ticked.connect(self.refresh)
        race.changed.connect(self.refresh)
        self._puzzle = ""
        self.refresh()

    def minimumSizeHint(self) -> QSize:
        """Nothing while hidden: the single-run page decides how small the window may be."""
        if self.isHidden():
            return QSize(0, 0)
        return super().minimumSizeHint()

    def set_defaults(self) -> None:
        """Plain backtracking against Warnsdorff's rule; constraint sets against bitboards."""
        first, second = self.lane_views
        for key, puzzle in self.puzzles.items():
            base = puzzle.default_settings()
            if key == "knight":
                first.widgets[key].set_settings(replace(base, warnsdorff=False))
                second.widgets[key].set_settings(replace(base, warnsdorff=True))
            elif key == "queens":
                first.widgets[key].set_settings(replace(base, variant="sets"))
                second.widgets[key].set_settings(replace(base, variant="bitboards"))

    def show_puzzle(self, key: str) -> None:
        for view in self.lane_views:
            view.stack.setCurrentWidget(view.widgets[key])

    def lane_settings(self, key: str, rows: int, cols: int) -> list[Any]:
        return [view.widgets[key].settings(rows, cols) for view in self.lane_views]

    def apply_puzzle(self, puzzle: Puzzle, settings: list[Any], start: tuple[int, int]) -> None:
        """Layers, start square and counter titles follow the puzzle and each strategy."""
        for view, s in zip(self.lane_views, settings, strict=True):
            board = view.lane.board
            if self._puzzle != puzzle.key:
                board.set_layers(puzzle.create_layers())
            puzzle.configure_layers(board.layers(), s)
            board.set_movable_start(puzzle.movable_start)
            if puzzle.movable_start:
                board.set_start_square(*start)
            view.counters.set_titles(*puzzle.counter_titles())
            view.title.set_full_text(
                self.tr("Racer {0}: {1}").format(view.lane.index, puzzle.describe(s))
            )
        self._puzzle = puzzle.key
        self.refresh()

    def _on_finish_rule(self) -> None:
        self.race.stop_loser = bool(self.finish_combo.currentData())

    @Slot()
    def refresh(self) -> None:
        race = self.race
        running = race.running
        for view in self.lane_views:
            lane = view.lane
            m = lane.model
            s = lane.session
            movable = s.puzzle.movable_start
            view.counters.show_counts(
                m.moves, m.backtracks, len(m.path), m.size if movable else m.rows
            )
            view.strategy_box.setEnabled(not running)
            lane.board.set_interactive(not running)
            lane.board.set_animating(race.state is RaceState.RUNNING)
            lane.board.set_details(race.speed <= PER_EVENT_MAX or race.state is RaceState.PAUSED)
            view.badge.setText(self._badge(lane))
            view.badge.setProperty("place", lane.place or 0)
            view.badge.setStyleSheet(_badge_style(lane))
        self.clock_label.setText(
            self.tr("Race clock: step {0} · {1}").format(
                fmt_int(race.k), fmt_seconds(race.clock.seconds())
            )
        )

    def _badge(self, lane: Lane) -> str:
        race = self.race
        verdict = lane.session.verdict() if race.state is RaceState.IDLE else None
        if verdict is not None:
            return "⚠ " + verdict
        if lane.place is None:
            if race.state is RaceState.IDLE:
                return self.tr("Ready")
            return self.tr("Searching…")
        result = lane.result
        steps = fmt_int(lane.finish or 0)
        if lane.stopped_at is not None:
            return self.tr("Stopped at {0} steps").format(steps)
        solved = result is not None and result.outcome is Outcome.SOLVED
        tie = all(other.place == 1 for other in race.lanes)
        if tie:
            return self.tr("✔ Tie: {0} steps").format(steps)
        if lane.place == 1:
            if solved:
                return self.tr("✔ Finished first: {0} steps").format(steps)
            return self.tr("✖ Ended first, no solution: {0} steps").format(steps)
        if solved:
            return self.tr("Finished second: {0} steps").format(steps)
        return self.tr("Ended second, no solution: {0} steps").format(steps)


def _badge_style(lane: Lane) -> str:
    if lane.place is None:
        return ""
    result = lane.result
    solved = result is not None and result.outcome is Outcome.SOLVED and lane.stopped_at is None
    if lane.place == 1 and solved:
        return "QLabel { background: #1f8a4c; color: white; border-radius: 4px; font-weight: 600; }"
    if solved:
        return "QLabel { background: #3c6eb4; color: white; border-radius: 4px; }"
    return "QLabel { background: #8a8a8a; color: white; border-radius: 4px; }"
