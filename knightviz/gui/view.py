"""A run view: one run session bound to its board and the panels that show it.

Every panel of a run (board, counters, timeline, narration, explored gauge and tree estimate,
search stack, code, solutions, constraints, banners, start-square map) is refreshed here,
from the session's state, in one place: ``refresh`` when the state changes, ``draw`` for the
parts the session's refresh scheduler says are due while a run goes. So no panel can show
another run, another puzzle or another strategy than the board beside it. The view talks to
the window by signals only; the window lays its widgets out. A single run is one full view; a
race is two compact views (board, counters and map only) under a race clock.
"""

from __future__ import annotations

from dataclasses import replace
from time import monotonic
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QPushButton

from knightviz.engine import Result
from knightviz.engine.store import RecordingStore
from knightviz.engine.tree import TreeIndex, update_budget
from knightviz.gui.board.model import BoardModel
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.panels.banner import INFO, WARNING, Banner, NoticeSlot
from knightviz.gui.panels.code import CodePanel
from knightviz.gui.panels.counters import CounterPanel, RateMeter, estimate_words
from knightviz.gui.panels.elided import SteadyLabel
from knightviz.gui.panels.forecast import RACE, SQUARE, forecast_words
from knightviz.gui.panels.gauge import GaugePanel
from knightviz.gui.panels.map_legend import StartMapLegend
from knightviz.gui.panels.solutions import SolutionsPanel
from knightviz.gui.panels.stack import StackView
from knightviz.gui.panels.startmap import StartMap
from knightviz.gui.panels.timeline import Timeline
from knightviz.gui.panels.tree import SearchTree
from knightviz.gui.predict import PredictionBanner, Predictor
from knightviz.gui.puzzles.base import Puzzle, own_pruned_words
from knightviz.gui.puzzles.forecast import forecast_key, make_request
from knightviz.gui.puzzles.queens_panels import ConstraintsPanel
from knightviz.gui.refresh import Part
from knightviz.gui.session import RunRecord, RunSession, State
from knightviz.gui.solver.forecast import Forecaster

#: Above paced speeds the explaining panels show every this many changes of the position.
EXPLAIN_EVERY = 4


class RunView(QObject):
    """One session, its board and its panels."""

    #: What the run buttons or the status line show may have changed.
    changed = Signal()
    #: A run ended: its RunRecord, for the history.
    run_recorded = Signal(object)
    #: One line for the status bar (and how long to show it, in ms).
    message = Signal(str, int)
    #: The user chose a start square on this board (the window keeps the others in step).
    start_chosen = Signal(int)
    #: The user typed on the board and the puzzle took it: its new settings (the window
    #: shows them in the controls, which configure every board).
    settings_typed = Signal(object)
    #: This view's start-square map ended (True: every square mapped).
    map_finished = Signal(bool)
    #: The panels were refreshed from the session (the window's chart follows).
    refreshed = Signal()
    #: The forecast's race link: race this strategy against its rival from this square.
    race_requested = Signal()

    def __init__(
        self,
        puzzles: dict[str, Puzzle[Any]],
        store: RecordingStore,
        parent: QObject | None = None,
        lane: int = 0,
    ) -> None:
        """``lane`` 0: the single run, with every panel; 1 or 2: a racer (board, counters
        and map), its widgets named with ``_1``/``_2`` appended."""
        super().__init__(parent)
        self.puzzles = puzzles
        self.lane = lane
        self.suffix = f"_{lane}" if lane else ""
        self.full = lane == 0
        self.session = RunSession(puzzles, self, store)
        self.board = BoardWidget(self.session.model)
        self.board.setObjectName("board" + self.suffix)
        self.counters = CounterPanel(self.suffix, compact=not self.full)
        #: This board's start-square map (Compare, Map all start squares).
        self.startmap = StartMap(self.board, self)
        self.map_legend = StartMapLegend(self.startmap, self.suffix)
        #: The race clock's step shown instead of the live one (None: live).
        self.clock_step: int | None = None
        self._dressed: tuple[str, Any] | None = None
        self._explained = (-1, -1)
        self._explain_tick = 0
        self._rate = RateMeter()
        self._hint_at = 0.0
        if self.full:
            self._build_panels()
        else:
            # A racer's tree, in the tree dock beside the other racer's (no seeking: the race
            # clock sets the step both boards show).
            self.tree_panel = SearchTree(suffix=self.suffix)
            self._tree_of: Any = None
            self._tree_shadow: Any = None
        s = self.session
        s.changed.connect(self.refresh)
        s.scheduler.due.connect(self.draw)
        s.model_replaced.connect(self._on_model_replaced)
        s.run_recorded.connect(self._on_run_recorded)
        s.failed.connect(lambda text: self.message.emit(text, 10_000))
        s.estimates.changed.connect(self._on_estimate)
        self.board.start_changed.connect(self._on_start_chosen)
        self.board.drag_refused.connect(self._on_drag_refused)
        self.board.square_typed.connect(self._on_typed)
        self.startmap.map_finished.connect(self.map_finished)
        self.startmap.map_failed.connect(lambda text: self.message.emit(text, 10_000))
        if self.full:
            self.predictor = Predictor(s, self.board, self)
            self.refreshed.connect(self.predictor.follow)
            self.predictor.changed.connect(self._show_prediction)
            self.board.square_picked.connect(self.predictor.answer)
        self.dress()
        self.refresh()

    def _build_panels(self) -> None:
        self.verdict_banner = Banner("verdictFrame", WARNING)
        self.verdict_banner.label.setObjectName("verdictLabel")
        self.search_anyway_button = QPushButton(self.tr("Search anyway"))
        self.search_anyway_button.setObjectName("searchAnywayButton")
        self.search_anyway_button.setToolTip(
            self.tr("Run the exhaustive search and watch it prove that no solution exists")
        )
        self.search_anyway_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.verdict_banner.add_button(self.search_anyway_button)
        #: "Your turn": the question, the last answer's verdict, the score.
        self.prediction_banner = PredictionBanner()
        self.hint_banner = Banner("hintFrame", INFO)
        self.hint_banner.label.setObjectName("hintLabel")
        self.forecast_banner = Banner("forecastFrame", INFO, rich=True)
        self.forecast_banner.label.setObjectName("forecastLabel")
        self.forecast_banner.label.linkActivated.connect(self._on_forecast_link)
        #: One banner at a time above the board, in a place of fixed height.
        self.notices = NoticeSlot(
            [self.verdict_banner, self.prediction_banner, self.hint_banner, self.forecast_banner]
        )
        #: What the run on the board will take, worked out before Start.
        self.forecaster = Forecaster(self)
        self.forecaster.changed.connect(self._show_forecast)
        self.notices.shown.connect(self._show_banners)
        self.timeline = Timeline()
        # Two lines, never a jumping layout (the whole text on hover when it is cut).
        self.narration = SteadyLabel(lines=2, wrap=True)
        self.narration.setObjectName("narrationLabel")
        self.gauge = GaugePanel()
        self.stack_view = StackView()
        self.code_panel = CodePanel()
        self.solutions_panel = SolutionsPanel()
        self.constraints_panel = ConstraintsPanel()
        #: The search tree of the run on the board (View › Search tree).
        self.tree_panel = SearchTree()
        self.tree_panel.seek_requested.connect(self.session.seek)
        self._tree_of = None  # the recording the tree's index reads
        self._tree_shadow = None  # and the search that gives its children
        self.search_anyway_button.clicked.connect(self.search_anyway)
        self.timeline.seek_requested.connect(self.session.seek)
        self.solutions_panel.solution_chosen.connect(self._on_solution_chosen)
        self.stack_view.level_hovered.connect(self._on_level_hovered)

    # -- commands from the window -------------------------------------------------------------

    def configure(self, puzzle_key: str, settings: Any) -> None:
        """New puzzle or settings (a run is stopped first; it keeps its history row)."""
        self.session.configure(puzzle_key, settings)
        holes = self.session.puzzle.shape(settings).holes
        if self.session.puzzle.movable_start and self.session.start in holes:
            # The start square was removed: the piece goes to the first square left.
            first = next(sq for sq in range(settings.rows * settings.cols) if sq not in holes)
            self.session.set_start(first)
        self.dress()
        self.sync_map()
        self.refresh()

    def set_start(self, square: int) -> None:
        if self.session.running:
            return
        self.session.set_start(square)
        self.board.set_start(square)
        self.board.set_marked(self.session.puzzle.marked(self.session.settings, square))
        self.refresh()

    @Slot(int, str)
    def _on_typed(self, square: int, text: str) -> None:
        """A key typed on the idle board: the puzzle says what it makes of it."""
        s = self.session
        if s.running:
            return
        back = text == "\b"  # Backspace: this square, or the one before when it is empty
        text = "" if back else text
        settings = s.puzzle.key_on_square(s.settings, square, text)
        if settings is None and back and square > 0:
            square -= 1
            settings = s.puzzle.key_on_square(s.settings, square, "")
            self.board.select(square)
        if settings is None:
            return
        self.settings_typed.emit(settings)
        if text and square + 1 < s.model.size:
            self.board.select(square + 1)  # on to the next square, as a form's cells go

    @Slot()
    def search_anyway(self) -> None:
        self.session.begin(anyway=True)

    def bring_back(self, record: RunRecord) -> str:
        """Show a run of the history: with its recording when still kept, else its setup,
        ready to run again. Says which, in a sentence for the status bar."""
        back = self.session.restore(record)
        if not back:
            self.session.reset()
            setup = record.setup
            self.session.configure(setup.puzzle, setup.settings)
            if self.puzzles[setup.puzzle].movable_start:
                self.session.set_start(setup.start)
        self.board.set_start(self.session.start)
        self.dress()
        self.sync_map()
        self.refresh()
        if back:
            return self.tr(
                "Run {0} brought back with its recording: drag the timeline, or Back/Step."
            ).format(record.number)
        if record.from_disk:
            return self.tr(
                "Run {0} (an earlier session): settings and start brought back. Press Start "
                "to run it again."
            ).format(record.number)
        return self.tr(
            "Run {0}: settings and start brought back; its recording was released to "
            "make room for newer ones (Run, Recording memory…). Press Start."
        ).format(record.number)

    # -- the start-square map -----------------------------------------------------------------

    def show_map(self, shown: bool) -> None:
        """Map (or unmap) this board's strategy from every start square."""
        self._map_wanted = shown
        if shown:
            self.sync_map(force=True)
        else:
            self.startmap.clear()

    _map_wanted = False

    def sync_map(self, force: bool = False) -> None:
        """A map on show follows the settings: made again for new ones, none for a puzzle
        without a start square."""
        s = self.session
        if not self._map_wanted or not s.puzzle.movable_start:
            if self.startmap.shown:
                self.startmap.clear()
            return
        if force or not self.startmap.matches(s.puzzle, s.settings):
            self.startmap.start(s.puzzle, s.settings)

    # -- showing the session ------------------------------------------------------------------

    def dress(self) -> None:
        """The board and panels follow the puzzle and its settings: layers, start square,
        counter titles, the constraints panel's layout."""
        s = self.session
        puzzle, settings = s.puzzle, s.settings
        board = self.board
        if self._dressed is None or self._dressed[0] != puzzle.key:
            board.set_layers(puzzle.create_layers())
            self.counters.set_titles(*puzzle.counter_titles())
            self.counters.set_solutions_visible(puzzle.solution_depth(settings) is not None)
        if self.full:
            self.solutions_panel.set_describe(lambda sol: puzzle.solution_text(settings, sol))
        puzzle.configure_layers(board.layers(), settings)
        board.set_holes(puzzle.shape(settings).holes)
        board.set_marked(puzzle.marked(settings, s.start))
        board.set_movable_start(puzzle.movable_start)
        board.set_typing(self.full and puzzle.types_on_board)
        board.set_picker(lambda sq, fx, fy: puzzle.pick_event(settings, sq, fx, fy))
        if puzzle.movable_start:
            board.set_start(s.start)
        if self.full:
            layout = puzzle.constraint_layout(settings)
            if layout is not None:
                self.constraints_panel.set_board(settings.rows, layout)
        self._dressed = (puzzle.key, settings)
        self._explained = (-1, -1)

    def retranslate(self) -> None:
        """Texts built from the state, built again in the new language."""
        self.counters.set_titles(*self.session.puzzle.counter_titles())
        self.counters.retranslate()
        self.startmap.reword()
        self.map_legend.refresh()
        self.tree_panel.retranslate()  # its legend and "nodes at step" are built texts
        if self.full:
            self.stack_view.retranslate()
            self.constraints_panel.retranslate()
            self.solutions_panel.retranslate()
        self._explained = (-1, -1)
        self.refresh()

    def show_clock(self, step: int | None) -> None:
        """Show the recording at the race clock's ``step`` (None: the live position)."""
        self.clock_step = step
        self._show_board()
        self.board.refresh()
        self._show_counters()
        self._show_tree()

    @Slot()
    def refresh(self) -> None:
        """Everything derived from the session's state, at once."""
        self._show_board()
        self._show_counters()
        self._show_tree()
        if self.full:
            self._show_banners()
            self._show_timeline()
            self._explain(force=True)
            self._show_solutions()
        self.changed.emit()
        self.refreshed.emit()

    @Slot(object)
    def draw(self, parts: Part) -> None:
        """Redraw ``parts``, as the session's refresh scheduler says, in this order."""
        if Part.FRAME in parts:
            self.board.paint_frame()
        if Part.BOARD in parts:
            self.board.refresh()
        if Part.FIGURES in parts:
            self._show_counters()
            if self.full:
                self._show_hint()
                self._show_timeline()
        if Part.EXPLAIN in parts and self.full:
            self._explain()
            self._show_solutions()
        if Part.TREE in parts:
            self._show_tree()
        if Part.CHART in parts:
            self.refreshed.emit()  # the window's chart, the predictor

    def _show_board(self) -> None:
        s = self.session
        board = self.board
        board.set_model(s.shown_model(self.clock_step))
        running = s.running
        board.set_interactive(not running)
        board.set_animating(s.state is State.RUNNING)
        self._show_details()
        run, result = s.run, s.result
        closing = (
            s.state is State.FINISHED
            and run is not None
            and self.puzzles[run.puzzle].closing(run.settings, result)
        )
        board.set_closing(closing)

    def _show_details(self) -> None:
        """The board's explanations (paced or paused); while the learner is asked for the
        next step, none that tells it, and the choices' figures only with the hint."""
        asked = self.full and self.predictor.asking
        details = self.session.details
        if asked:
            details = details and self.predictor.figures_shown
        self.board.set_details(details)
        self.board.set_concealed(asked)

    def _show_counters(self) -> None:
        s = self.session
        m = s.shown_model(self.clock_step)
        setup = s.shown_setup()
        puzzle = self.puzzles[setup.puzzle]
        total = puzzle.depth_total(setup.settings)
        depth = puzzle.depth_shown(setup.settings, m)
        self.counters.show_counts(m.moves, m.backtracks, depth, total)
        if not self.full:
            return
        self.counters.show_time(s.seconds(), self._rate.rate(self.session))
        # At the step shown: a solution chosen from the list is the last one counted.
        self.counters.show_solutions(len(s.solutions_up_to(m.steps)))

    def _show_banners(self) -> None:
        """One banner above the board: a verdict (no solution can exist), else a stuck
        run's hint, else the forecast."""
        s = self.session
        verdict = s.verdict() if s.state is State.IDLE else None
        if verdict is None:
            self.verdict_banner.hide()
        else:
            self.verdict_banner.show_text("⚠ " + verdict)
        # A learner's strategy is never run for a forecast: only Start runs its code.
        if s.state is State.IDLE and self.notices.isVisible() and not s.puzzle.own(s.settings):
            # Under a verdict too: the forecast then shows once Search anyway has begun.
            key = forecast_key(s.puzzle, s.settings, s.start, anyway=verdict is not None)
            if self.forecaster.wants(key):
                self.forecaster.request(make_request(s.puzzle, s.settings, s.start, key))
        else:
            self.forecaster.stop()  # the run has the processor to itself
        self._show_hint()

    @Slot(object)
    def _on_run_recorded(self, record: RunRecord) -> None:
        """A run's history row carries its "your turn" score: one row per session of
        predictions."""
        if self.full and (stats := self.predictor.stats()) is not None:
            record = replace(record, predictions=stats)
        self.run_recorded.emit(record)

    @Slot()
    def engine_ready(self) -> None:
        """The compiled engine has loaded: the forecast on show measured the Python engine,
        so it is made again (its key names the engine; the run will be the compiled one's)."""
        if self.full:
            self._show_banners()

    def stop_forecast(self) -> None:
        """No background forecast now (race mode, the window closing)."""
        self.forecaster.stop()

    @Slot()
    def _show_forecast(self) -> None:
        """The forecast of the setup on the board (of the run, while it goes), where no
        verdict, hint or question has the place."""
        if not self.full:
            return
        free = self.verdict_banner.isHidden() and self.hint_banner.isHidden()
        text = None
        if free and not self.predictor.enabled:
            f = self.forecaster
            text = forecast_words(self.session, self.puzzles, f.key, f.latest())
        if text is None:
            self.forecast_banner.hide()
        elif text != self.forecast_banner.text() or self.forecast_banner.isHidden():
            self.forecast_banner.show_text(text)

    @Slot(str)
    def _on_forecast_link(self, link: str) -> None:
        if self.session.running:
            return
        if link == RACE:
            self.race_requested.emit()
        elif link.startswith(SQUARE):
            square = int(link[len(SQUARE) :])
            self.set_start(square)
            self.start_chosen.emit(square)

    @Slot()
    def _show_prediction(self) -> None:
        """ "Your turn" takes the place of the hint and the forecast while it is on."""
        p = self.predictor
        self._show_details()  # a question opened or closed: what the board may tell
        self.tree_panel.set_concealed(p.asking)
        self._show_solutions()  # the constraints the next queen takes, framed or not
        if not p.enabled or not self.verdict_banner.isHidden():
            self.prediction_banner.hide()
            if not p.enabled:
                self._show_hint()
            return
        self.hint_banner.hide()
        self.forecast_banner.hide()
        self.prediction_banner.show_for(p)
        self._explain(force=True)  # the hint, under the board, while a question is open

    def _show_hint(self) -> None:
        """The "this run looks stuck" banner; its figures reworded once a second at most
        while the run goes (a wrapped paragraph rewritten every frame reflows the window),
        at once otherwise (paused, its figure is the counter's)."""
        if self.predictor.enabled:
            return
        hint = self.session.slow_hint()
        if hint is None:
            self.hint_banner.hide()
            self._show_forecast()
            return
        now = monotonic()
        running = self.session.state is State.RUNNING
        if self.hint_banner.isHidden() or (
            hint != self.hint_banner.wordings() and (not running or now - self._hint_at >= 1.0)
        ):
            self.forecast_banner.hide()
            self.hint_banner.show_texts(hint)
            self._hint_at = now

    def _show_timeline(self) -> None:
        s = self.session
        rec = s.recording
        if rec is None or s.state is State.IDLE:
            self.timeline.show_state(0, 0, None, [], False)
            self.timeline.setEnabled(False)
            return
        self.timeline.setEnabled(True)
        finished = s.state is State.FINISHED
        step = s.shown_model().steps  # a chosen solution's step, else the position
        self.timeline.show_state(step, s.end, rec.markers, rec.gaps(), finished, s.exact)

    def _show_tree(self) -> None:
        """The tree of the run on the board at the step shown (its index made once per
        recording; a hidden panel only notes the step, to show it there when opened)."""
        s = self.session
        panel = self.tree_panel
        rec, run = s.recording, s.run
        if rec is not self._tree_of or s.shadow is not self._tree_shadow:
            self._tree_of = rec
            self._tree_shadow = s.shadow  # (a learner's strategy's comes once it started)
            if rec is None or run is None or s.shadow is None:
                panel.set_index(None, str, lambda _p: None)
            else:
                puzzle, settings = self.puzzles[run.puzzle], run.settings
                kids, goal = puzzle.tree_children(settings, s.shadow), puzzle.tree_goal(settings)
                index = None if kids is None else TreeIndex(rec, kids, goal, update_budget())

                def name(event: int) -> str:
                    return puzzle.event_name(settings, event)

                panel.set_index(index, name, lambda path: puzzle.subtree_probe(settings, path))
        if rec is None:
            return
        live = s.state is State.RUNNING and s.live and self.clock_step is None
        panel.show_at(s.shown_model(self.clock_step).steps, live)

    def _show_solutions(self) -> None:
        s = self.session
        if not self.solutions_panel.isVisible() and not self.counters.solutions_shown():
            return
        shown = s.solutions_up_to(s.position)
        total = s.solutions.count if s.live and s.recording is not None else len(shown)
        self.solutions_panel.show_solutions(shown, max(total, len(shown)))
        if self.constraints_panel.isVisible():
            self.constraints_panel.show_model(
                s.shown_model(), s.details, conceal=self.predictor.asking
            )

    def _explain(self, force: bool = False) -> None:
        """Stack, code line, narration and gauge for the position on the board: exact for
        every event at paced speeds and while paused, a few times a second above."""
        s = self.session
        model = s.shown_model()
        key = (id(model), model.version)
        if not force and key == self._explained:
            return
        self._explain_tick += 1
        if not force and not s.details and self._explain_tick % EXPLAIN_EVERY:
            return
        self._explained = key
        setup = s.shown_setup()
        puzzle, settings = self.puzzles[setup.puzzle], setup.settings
        finished = s.result if s.state is State.FINISHED and s.at_end else None
        self.code_panel.view.set_program(puzzle.program(settings))
        stack = s.display_stack()
        if stack is None:
            self.stack_view.show_source(None)
            self.code_panel.view.show_line(0)
            self.code_panel.variables.setText("")
            own = s.run is not None and puzzle.own(settings)  # no stack, yet a narration
            self.narration.setText(self._narrate(puzzle, settings, model, finished) if own else "")
        else:
            if self.stack_view.isVisible():
                source = puzzle.stack_source(settings, model, stack)
                self.stack_view.show_source(self.predictor.conceal(source))
            self.code_panel.view.show_line(puzzle.code_line(settings, model, finished))
            self.code_panel.variables.setText(puzzle.code_variables(settings, model, stack))
            hint = self.predictor.hint_text()
            self.narration.setText(hint or self._narrate(puzzle, settings, model, finished))
        backtracked = model.backtracks > 0
        self.gauge.show_fraction(s.shown_explored(), finished is not None, s.result, backtracked)
        self.gauge.show_estimate(self._estimate_text())

    def _narrate(
        self, puzzle: Puzzle[Any], settings: Any, model: BoardModel, finished: Result | None
    ) -> str:
        """The puzzle's narration; at the end of a learner's strategy's run, what went
        wrong with it, or that it pruned (solutions may have been missed)."""
        s = self.session
        if finished is not None and s.strategy_error() is not None:
            return s.strategy_sentence()
        text: str = puzzle.narrate(settings, model, finished)
        if finished is not None and s.pruned():
            return " ".join(t for t in (text, own_pruned_words()) if t)
        return text

    def _estimate_text(self) -> str:
        return estimate_words(self.session, self._rate)

    # -- reactions ------------------------------------------------------------------------------

    @Slot(object)
    def _on_model_replaced(self, model: Any) -> None:
        self.board.set_model(model)

    @Slot()
    def _on_estimate(self) -> None:
        if self.full:
            self.gauge.show_estimate(self._estimate_text())

    @Slot(int)
    def _on_start_chosen(self, square: int) -> None:
        if self.session.running:
            return
        self.session.set_start(square)
        self.start_chosen.emit(square)

    @Slot()
    def _on_drag_refused(self) -> None:
        self.message.emit(
            self.tr("The piece cannot be moved during a run: press Reset (R) first."), 4000
        )

    @Slot(object)
    def _on_solution_chosen(self, solution: tuple[int, ...]) -> None:
        """A solution picked in the list (mouse or keys): on the board and every panel."""
        self.session.preview(solution)

    @Slot(int)
    def _on_level_hovered(self, row: int) -> None:
        """Show a stack level on the board: its square and its candidates."""
        marks = self.stack_view.level_marks(row)
        if marks is not None:
            self.board.set_highlights(marks)
