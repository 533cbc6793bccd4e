"""A run session: everything one run needs, and nothing the window needs to know.

On top of the run on the board and its playback (``Playback``: the model, the solver
controller, the state, the recording, the clock), the session owns the settings (per
puzzle, so switching puzzles and back restores them), the start square and the tree
estimate. It is the conductor of a single run: the window sends it Start, Step, Step back,
Seek and Reset and asks it what the run buttons and the status line say. A race is two
sessions under a race clock, so nothing here is global.
"""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from knightviz.engine import Outcome, Result, Search
from knightviz.engine.estimate import TreeEstimate
from knightviz.engine.recording import Recording
from knightviz.engine.store import RecordingStore
from knightviz.gui.board.model import BoardModel
from knightviz.gui.playback import DEFAULT_SPEED, Playback
from knightviz.gui.puzzles.base import Puzzle, Settings, own_failure_words
from knightviz.gui.records import (
    Controls,
    RaceLink,
    RunClock,
    RunRecord,
    RunSetup,
    keep_square,
)
from knightviz.gui.run.state import Event, State
from knightviz.gui.solver.estimator import TreeEstimates
from knightviz.gui.solver.feed import SolutionLog

#: A run still going after this long gets its tree estimated (probes in the background).
ESTIMATE_AFTER_MS = 1500


__all__ = [
    "DEFAULT_SPEED", "Controls", "RaceLink", "RunClock", "RunRecord", "RunSession", "RunSetup",
    "State", "keep_square",
]  # fmt: skip


class RunSession(Playback):
    """One run's world: the run on the board (``Playback``), its settings and start
    square; the conductor of a single run."""

    #: The board model was replaced (new size or puzzle): views must show the new one.
    model_replaced = Signal(object)
    #: A run ended; carries its RunRecord.
    run_recorded = Signal(object)
    #: A solution completed (its squares).
    solution_found = Signal(object)
    #: The run failed (one line for the status bar).
    failed = Signal(str)
    #: The learner's strategy failed (an engine ``StrategyError``): the editor marks it.
    strategy_failed = Signal(object)

    def __init__(
        self,
        puzzles: dict[str, Puzzle[Any]],
        parent: QObject | None = None,
        store: RecordingStore | None = None,
    ) -> None:
        puzzle: Puzzle[Any] = next(iter(puzzles.values()))
        settings: dict[str, Settings] = {k: p.default_settings() for k, p in puzzles.items()}
        first = settings[puzzle.key]
        model = BoardModel(first.rows, first.cols, puzzle.initial(first, 0), puzzle.values(first))
        super().__init__(puzzles, model, parent)
        #: Where recordings live (the window shares one among its sessions).
        self.store = store if store is not None else RecordingStore()
        self.puzzle = puzzle
        self._settings = settings
        #: The start square (``row * cols + col``).
        self.start = 0
        self.solutions = SolutionLog()
        #: Set while "Search anyway" runs: the final position is worth keeping.
        self.anyway = False
        self.error: str | None = None
        #: The last run's search (None before any run).
        self.search: Search | None = None
        #: Set to stop waiting for a learner's strategy (Stop, Reset, closing).
        self._cancel = threading.Event()
        self.backend = "python"
        self._estimate_timer = QTimer(self)
        self._estimate_timer.setSingleShot(True)
        self._estimate_timer.setInterval(ESTIMATE_AFTER_MS)
        self._estimate_timer.timeout.connect(self._estimate)
        #: Knuth's estimate of the run's whole tree, made in the background.
        self.estimates = TreeEstimates(self)
        c = self.controller
        c.run_finished.connect(self._on_run_finished)
        c.run_failed.connect(self._on_run_failed)
        c.paused_changed.connect(self._on_paused_changed)
        c.pause_reached.connect(self._on_pause_reached)
        c.solution_found.connect(self._on_solution)
        c.backend_changed.connect(self._on_backend_changed)

    # -- settings -----------------------------------------------------------------------------

    @property
    def settings(self) -> Any:
        """The current puzzle's settings for the next run."""
        return self._settings[self.puzzle.key]

    @property
    def setup(self) -> RunSetup:
        """The setup the next run would have (the controls as they are)."""
        start = self.start if self.puzzle.movable_start else 0
        return RunSetup(self.puzzle.key, self.settings, start)

    def shown_setup(self) -> RunSetup:
        """The setup the panels explain: the run on the board's, else the next run's."""
        return self.run if self.run is not None else self.setup

    def configure(self, puzzle_key: str, settings: Any) -> None:
        """Switch puzzle and/or settings; stops a run first (it still gets its record)."""
        if self.controller.running:
            self.stop()
        puzzle = self.puzzles[puzzle_key]
        old_rows, old_cols = self.model.rows, self.model.cols
        self.puzzle = puzzle
        self._settings[puzzle_key] = settings
        if (settings.rows, settings.cols) != (old_rows, old_cols):
            self.start = keep_square(self.start, old_rows, old_cols, settings.rows, settings.cols)
        self._new_model()

    def set_start(self, square: int) -> None:
        if self.controller.running:
            return
        self.start = min(max(0, square), self.model.size - 1)
        self._clear()

    def verdict(self) -> str | None:
        """Why no solution can exist here, known without searching (None if one may)."""
        setup = self.setup
        return self.puzzle.verdict(setup.settings, setup.start)

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.controller.set_speed(speed)
        if self.state is State.IDLE:
            self.changed.emit()  # the forecast's times are at this speed
        self.changed.emit()

    # -- runs -----------------------------------------------------------------------------

    def begin(
        self, paused: bool = False, anyway: bool = False, continuing: Recording | None = None
    ) -> bool:
        """Start a run with the current settings; False if a known fact forbids it.

        ``continuing``: a recording of this very setup that stopped early (a run brought
        back from the history): the new search first catches up with it, without events,
        then goes on recording into it.
        """
        setup, puzzle = self.setup, self.puzzle
        settings, start = setup.settings, setup.start
        if not anyway and continuing is None and puzzle.verdict(settings, start) is not None:
            self.changed.emit()
            return False
        self.controller.shutdown()
        self._close_search()
        self.solutions = SolutionLog()
        self._cancel = threading.Event()
        search = puzzle.run_search(settings, start, anyway, self.solutions, self._cancel.is_set)
        #: The run's own search (a learner's strategy reports its failure on it).
        self.search = search
        #: Which engine runs this search: "python" or "numba" (chosen by the engine).
        self.backend = search.backend
        self.set_shadow(puzzle.explain_search(settings, start, anyway))
        self.explored = 0.0 if puzzle.tree_probe(settings, start) is not None else None
        self.summary_view = False
        self._explored_at = -1
        self.estimates.forget()
        # Probes compete for the interpreter: a run over in a moment does not need them.
        self._estimate_timer.start()
        self.run = setup
        self.anyway = anyway
        self.preview_model = None
        self.found = []
        self.result = None
        self.error = None
        self.model.reset(search.initial)
        self.clock.start()
        if paused:
            self.clock.pause()
        if self.lifecycle.going:  # a run still going is dropped (shut down, no record)
            self.lifecycle.reset()
        self.lifecycle.start(paused)
        previous = self.recording
        if continuing is None:
            self.recording = self.store.new(search.initial, puzzle.solution_depth(settings))
        self.store.pin(self.recording, previous)
        self.live_steps = 0
        self.stepped = 0
        self._pending_seek = None
        self.controller.start(
            search,
            self.speed,
            paused,
            solution_depth=puzzle.solution_depth(settings),
            solutions=self.solutions,
            recording=self.recording,
            skip=len(continuing) if continuing is not None else 0,
        )
        self.scheduler.start()
        self.changed.emit()
        return True

    def preview(self, solution: tuple[int, ...]) -> BoardModel:
        """The position at which ``solution`` (picked from the list) was completed, until
        the run goes on: its squares, and the counts of that step of the recording (so the
        counters tell the board shown). A running search pauses for it."""
        if self.state is State.RUNNING:
            self.pause()
        s = self.shown_setup().settings
        model = BoardModel(s.rows, s.cols, (), self.model.values)
        step = self.solution_step(solution)
        if step is not None and self.recording is not None:
            pos = self.recording.seek(step)
            model.replace(pos.path, pos.moves, pos.backtracks, last_events=pos.last_events)
        else:  # not in the recording any more: the squares alone
            model.apply(solution)
        self.preview_model = model
        self.changed.emit()
        return model

    def start_or_pause(self) -> None:
        """Space: start when idle, pause when running, resume when paused. Behind the live
        edge (after a seek), Start plays the recording forward first."""
        self._end_preview()
        if self._replay_timer.isActive():
            self._replay_timer.stop()
            self.changed.emit()
            return
        if self.replaying or (self.state is State.FINISHED and self.position < self.end):
            self._play()
            return
        if self.state is State.FINISHED and self._can_continue():
            self._continue()
            return
        if not self.controller.running:
            self.begin()
        elif self.controller.paused:
            self.controller.resume()
        else:
            self.controller.pause()

    def step(self, count: int = 1) -> None:
        """One event: starts a paused run when idle; ignored while running unpaused. Behind
        the live edge, the next recorded step."""
        self._end_preview()
        if self._replay_timer.isActive():
            return
        if self.replaying or (self.state is State.FINISHED and self.position < self.end):
            self.seek(self.position + count)
            return
        if self.state is State.FINISHED:
            return
        if not self.controller.running and not self.begin(paused=True):
            return
        if self.controller.paused:
            self.lifecycle.unsettle()  # the step is on its way: seeks wait for pause_reached
            self.stepped += count
            self.controller.step(count)

    def _can_continue(self) -> bool:
        """A stopped run brought back can go on (its search is rebuilt and caught up)."""
        return (
            self.result is not None
            and self.result.outcome is Outcome.CANCELLED
            and self.recording is not None
            and self.store.alive(self.recording)
            and not self.recording.gaps()
        )

    def _continue(self) -> None:
        recording = self.recording
        assert recording is not None
        self.begin(continuing=recording)

    def pause(self) -> None:
        self.controller.pause()

    def stop(self) -> None:
        """Stop the run; it gets its record and its final position stays on the board."""
        self._cancel.set()
        self.controller.stop()

    def reset(self) -> None:
        """Stop any run (it still gets its record) and clear the board."""
        self._cancel.set()
        self.controller.stop()
        self._clear()

    def shutdown(self) -> None:
        """The one shutdown path (window close, application quit): stop → quit → wait."""
        self.scheduler.stop()
        self._replay_timer.stop()
        self._marker_timer.stop()
        self._estimate_timer.stop()
        self._cancel.set()
        self.controller.shutdown()
        self._close_search()
        self.estimates.stop()

    def set_shadow(self, shadow: Any) -> None:
        """The search the panels explain positions with. A learner's strategy's is taken
        once its child has started (``changed``): before, its every answer would be empty,
        a stack without levels, a tree without children, "your turn" without a move."""
        self._waiting_shadow = None
        changed = getattr(shadow, "changed", None)
        if changed is not None and id(shadow) not in self._heard:
            self._heard.add(id(shadow))
            changed.connect(self._shadow_changed)
        if getattr(shadow, "ready", True):
            self.shadow = shadow
            return
        self.shadow = None
        self._waiting_shadow = shadow

    @Slot()
    def _shadow_changed(self) -> None:
        """The learner's strategy's shadow started, or has a stack the panels waited for."""
        shadow, sender = self._waiting_shadow, self.sender()
        if shadow is not None and sender is shadow and getattr(shadow, "ready", False):
            self._waiting_shadow = None
            self.shadow = shadow
            self.changed.emit()
        elif sender is not None and sender is self.shadow:
            self.changed.emit()

    def _close_search(self) -> None:
        """A learner's strategy's child process ends with its run (a built-in has none)."""
        close = getattr(self.search, "close", None)
        if (
            callable(close)
            and self.run is not None
            and self.puzzles[self.run.puzzle].own(self.run.settings)
        ):
            close()

    # -- what the run buttons and the status line say ------------------------------------------

    def controls(self) -> Controls:
        verdict = self.verdict() if self.state is State.IDLE else None
        blocked = ""
        if verdict is not None:
            blocked = self.tr(
                "No solution can exist here: press “Search anyway” to watch the search prove it."
            )
        return Controls(
            running=self.controller.running,
            paused=self.controller.paused,
            can_back=self.recording is not None
            and self.state is not State.IDLE
            and self.position > 0,
            playing=self.playing,
            behind=self.replaying or (self.state is State.FINISHED and self.position < self.end),
            blocked=blocked,
        )

    def status_text(self) -> str:
        """The status line: what to do next, or what the run on the board did."""
        state, run = self.state, self.run
        if state is State.RUNNING:
            if run is not None and self.puzzles[run.puzzle].constructs(run.settings):
                return self.tr("Constructing, not searching… Space pauses, N steps, R resets.")
            return self.tr("Searching… Space pauses, N steps, R resets.")
        if state is State.PAUSED:
            return self.tr("Paused: N makes one step, Space resumes, R resets.")
        if state is State.FINISHED and self.strategy_error() is not None:
            return self.strategy_sentence()
        if state is State.FINISHED and self.result is not None and run is not None:
            puzzle = self.puzzles[run.puzzle]
            return puzzle.describe_result(run.settings, run.start, self.result, self.model)
        if self.verdict() is not None:
            return self.tr("No solution can exist here; press “Search anyway” to watch the proof.")
        idle = self.puzzle.idle_text(self.settings)
        if idle:
            return idle
        if self.puzzle.movable_start:
            name = self.puzzle.start_name(self.settings, self.start)
            return self.tr(
                "Start square {0}. Drag the knight to choose another, then press Start (Space)."
            ).format(name)
        return self.tr("Press Start (Space) to place the queens, rank by rank.")

    # -- explaining ---------------------------------------------------------------------------

    def tree_estimate(self) -> TreeEstimate | None:
        return self.estimates.latest()

    @Slot()
    def _estimate(self) -> None:
        run = self.run
        if run is None or self.state is State.IDLE:
            return
        puzzle = self.puzzles[run.puzzle]
        probe = puzzle.tree_probe(run.settings, run.start)
        if probe is None:
            return
        # The whole settings: another strategy or problem on the same board is another tree.
        self.estimates.start((puzzle.key, run.settings, run.start), probe)

    # -- reactions ------------------------------------------------------------------------

    @Slot(object)
    def _on_run_finished(self, result: Result) -> None:
        self._close_search()
        self.scheduler.stop()
        self._estimate_timer.stop()
        self.clock.pause()
        wall = self.clock.seconds()
        run = self.run
        assert run is not None
        puzzle, settings = self.puzzles[run.puzzle], run.settings
        self.result = result
        self.lifecycle.finish()
        if (
            result.outcome is Outcome.SOLVED
            and result.solution is not None
            and puzzle.solution_depth(settings) is None
        ):
            self.model.replace(result.solution, result.moves, result.backtracks)
        self.model.finish(result.moves, result.backtracks)
        if self.recording is not None:
            self.recording.finish()
            self.live_steps = len(self.recording)
        if result.outcome not in (Outcome.SOLVED, Outcome.CANCELLED):
            # Nothing found: show how far the search got (the deepest position it reached).
            self._show_deepest()
        else:
            self._scan_markers_later()
        if self.strategy_error() is not None:
            self.strategy_failed.emit(self.strategy_error())
        if result.outcome is Outcome.CANCELLED and result.steps == 0:
            self.changed.emit()  # stopped before its first step: nothing to remember
            return
        estimate = self.tree_estimate()
        record = RunRecord(
            setup=run,
            result=result,
            wall_seconds=wall,
            strategy=puzzle.describe(settings),
            summary=puzzle.describe_result(settings, run.start, result, self.model),
            start_name=puzzle.start_name(settings, run.start),
            solutions=tuple(self.found),
            path=tuple(self.model.path),
            explored=self.update_explored(),
            tree_log10=estimate.log10_steps if estimate is not None else None,
            backend=self.backend,
            recording=self.recording,
            anyway=self.anyway,
        )
        self.run_recorded.emit(record)
        self.changed.emit()

    def restore(self, record: RunRecord) -> bool:
        """Bring a finished run back from the history, with its recording (if still kept):
        the board at its end, the timeline to scrub, its own time. False if its recording
        was released."""
        recording = record.recording
        if recording is None or not self.store.alive(recording):
            return False
        self.reset()
        setup = record.setup
        puzzle = self.puzzles[setup.puzzle]
        self.puzzle = puzzle
        self._settings[setup.puzzle] = setup.settings
        if puzzle.movable_start:
            self.start = setup.start
        self._new_model()
        self.run = setup
        self.set_shadow(puzzle.explain_search(setup.settings, setup.start, record.anyway))
        self.store.pin(recording, self.recording)
        self.recording = recording
        self.result = record.result
        self.found = list(record.solutions)
        self.explored = record.explored
        self.anyway = record.anyway
        self.backend = record.backend
        self.clock.reset(record.wall_seconds)
        self.lifecycle.restore()
        self.live_steps = len(recording)
        self.stepped = 0
        self.seek(len(recording))
        return True

    @Slot(str)
    def _on_backend_changed(self, backend: str) -> None:
        """The run's search moved to the compiled engine mid-run (its kernels became ready
        while it ran on Python): the status bar and the run's record say so."""
        self.backend = backend
        self.changed.emit()

    def strategy_error(self) -> Any:
        """The learner's strategy's failure in the run on the board (a ``StrategyError``),
        or None."""
        if self.run is None or not self.puzzles[self.run.puzzle].own(self.run.settings):
            return None
        return getattr(self.search, "error", None)

    def strategy_sentence(self) -> str:
        """The failure in the user's language (the engine words it in English)."""
        error = self.strategy_error()
        if error is None or self.run is None:
            return ""
        return own_failure_words(error)

    def pruned(self) -> bool:
        """The learner's strategy returned fewer candidates than it was given at least
        once: the search may have missed solutions."""
        return bool(getattr(self.search, "pruned", False)) and self.strategy_error() is None

    @Slot(str)
    def _on_run_failed(self, message: str) -> None:
        if self.strategy_error() is not None:  # the learner's code, not ours: no traceback
            message = self.strategy_sentence()
        self._close_search()
        self.scheduler.stop()
        self.clock.pause()
        self.error = message
        self.lifecycle.fail()  # a finished run stays finished, any other is idle
        self.failed.emit(message)
        if self.strategy_error() is not None:
            self.strategy_failed.emit(self.strategy_error())
        self.changed.emit()

    @Slot()
    def _on_pause_reached(self) -> None:
        """The solver has stopped and delivered everything: the live edge is known."""
        self.lifecycle.settle()
        if not self.replaying:
            self.live_steps = self.model.steps
        if self._pending_seek is not None:
            step, self._pending_seek = self._pending_seek, None
            self.seek(step)
        if self._pending_back:
            back, self._pending_back = self._pending_back, 0
            self.seek(self.position - back)

    @Slot(bool)
    def _on_paused_changed(self, paused: bool) -> None:
        if not self.controller.running:
            return
        self.lifecycle.unsettle()  # until the solver confirms (pause_reached)
        event = Event.PAUSE if paused else Event.RESUME
        if paused:
            self.clock.pause()
        else:
            self.clock.resume()
        if self.lifecycle.allows(event):  # a run started paused is paused already
            self.lifecycle.fire(event)
        self.changed.emit()

    @Slot(object)
    def _on_solution(self, solution: tuple[int, ...]) -> None:
        self.found.append(solution)
        self.solution_found.emit(solution)

    # -- helpers --------------------------------------------------------------------------

    def _new_model(self) -> None:
        s = self.settings
        self.start = min(self.start, s.rows * s.cols - 1)
        self.model = BoardModel(
            s.rows, s.cols, self.puzzle.initial(s, self.setup.start), self.puzzle.values(s)
        )
        self.controller.model = self.model
        self._replay_model = None
        self.model_replaced.emit(self.model)
        self._clear()

    def _clear(self) -> None:
        """Back to the position before a run: the piece on its start square."""
        self.scheduler.stop()
        self._replay_timer.stop()
        self._marker_timer.stop()
        self._estimate_timer.stop()
        self._pending_seek = None
        self._pending_back = 0
        self.live_steps = 0
        self.stepped = 0
        self.store.pin(None, self.recording)
        self.recording = None
        self.run = None
        self.exact = True
        self.model.reset(self.puzzle.initial(self.settings, self.setup.start))
        self.clock.reset()
        self.lifecycle.reset()
        self.result = None
        self.found = []
        self.anyway = False
        self.error = None
        self.preview_model = None
        self.set_shadow(None)
        self.explored = None
        self.summary_view = False
        self.estimates.forget()
        self.changed.emit()

    def seconds(self) -> float:
        return self.clock.seconds()

    def slow_hint(self) -> tuple[str, ...] | None:
        """Advice when the run takes far longer than the board suggests, longest first."""
        if self.state not in (State.RUNNING, State.PAUSED) or self.run is None:
            return None
        return self.puzzles[self.run.puzzle].slow_hint(
            self.run.settings, self.model.steps, self.model.depth, self.explored, self.speed
        )
