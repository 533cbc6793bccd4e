"""The steps chart: steps per run for the history, and the current run's depth over time.

Two plots (pyqtgraph), side by side in a wide dock and one above the other in a tall one:

- **Steps per run**: one point per run in the history (earlier sessions' and opened files'
  too), log scale, grouped by start square (N-Queens runs under their board size), coloured
  by strategy; a hollow point is a run that ended early (stopped, or the step limit).
  Hovering a point names the run, its strategy and its exact steps.
- **Depth over time**: the depth (the path's length) after every step of the run on the
  board, from its recording: the saw-tooth of backtracking. Long runs are drawn as 2,000
  columns from the lowest to the highest depth in each. A dashed line marks the step on the
  board, a dotted one the depth of a solution.

Where the panel is too small for both plots at a readable height (a dock of 380×300 px on a
1366×768 screen), each gets a tab of the whole panel.

pyqtgraph (and numpy) are imported on the chart's first show, never at start-up: that costs
about a third of a second, once, and only for users who open the chart.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QLabel,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from knightviz.gui.panels.chart_legend import ChartLegend
from knightviz.gui.puzzles.base import Puzzle
from knightviz.gui.session import RunRecord, RunSession
from knightviz.gui.text import fmt_int, fmt_size

if TYPE_CHECKING:
    from knightviz.gui.panels.chart_plots import ChartPoint, DepthPlot, HistoryPlot
    from knightviz.gui.panels.depth import DepthProfile

#: Refresh period of the depth plot while a run goes (longer if a refresh costs more).
#: A running search's depth curve and position line are redrawn this often (s): a redraw
#: of the plot is a long paint.
LIVE_REFRESH_S = 2.0
#: Steps of a running search folded into the depth profile per frame (a millisecond or two:
#: numpy folds a step in about 15 ns, the compiled fold in 2 ns). When the search makes
#: steps faster, the curve shows the steps folded so far and catches up when it stops.
LIVE_SLICE = 1 << 17
LIVE_SLICE_COMPILED = 1 << 20
#: The least height of a plot's drawing area (px) before the plots share the panel: below
#: it, a log scale of seven decades has no room for a label at each power of ten.
MIN_PLOT = 120
#: The least width of a plot beside the other (px).
MIN_SIDE = 280
#: A plot's title, axis, tick labels and margins, in lines of text (4.6 measured).
PLOT_CHROME_LINES = 5


#: Runs whose words the chart keeps between redraws (up to four entries each).
MAX_WORDS = 100_000


def live_slice() -> int:
    from knightviz.engine import kernels

    return LIVE_SLICE_COMPILED if kernels.depth_fold() is not None else LIVE_SLICE


class ChartPanel(QWidget):
    """The ``stepsChart`` widget: feed it runs (``add_record``) and the session on show
    (``show_session``); it draws only while visible, and builds its plots on first show."""

    def __init__(self, puzzles: dict[str, Puzzle[Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stepsChart")
        self._puzzles = puzzles
        self._records: list[RunRecord] = []
        #: Where the runs come from once the window gives it (the history's rows, read when
        #: the chart is first drawn, not at start-up); until then, the runs added.
        self._source: Callable[[], list[RunRecord]] | None = None
        #: Each run's words in the current language (strategy, group, tooltip), by the
        #: record's identity with what they depend on: a redraw after a new run makes only
        #: the new run's (10,000 runs' words cost half a second).
        self._words: dict[tuple[Any, ...], tuple[RunRecord, Any]] = {}
        self._session: RunSession | None = None
        self.history_plot: HistoryPlot | None = None
        self.depth_plot: DepthPlot | None = None
        #: The plots side by side, one above the other, or a tab each ("tabs").
        self._arrangement = ""
        self._history_dirty = True
        #: What the depth plot shows: (recording id, its length, its gaps), and when.
        self._depth_key: tuple[Any, ...] | None = None
        #: (At first never, so the first redraw comes at once: the clock counts from boot, and
        #: 0 read as "just now" while the machine's uptime was under LIVE_REFRESH_S.)
        self._depth_at = -math.inf
        #: Seconds the last depth profile took (the live refresh slows down to match).
        self.profile_seconds = 0.0
        self._live: Any = None  # the running search's profile, grown a frame at a time
        #: The steps zoomed into on the depth plot (None: the whole run).
        self._view: tuple[int, int] | None = None
        self._view_recording: Any = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(2, 2, 2, 2)
        self._placeholder = QLabel(self.tr("The chart appears when this panel is shown."))
        self._placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._layout.addWidget(self._placeholder)

    # -- what the window calls ------------------------------------------------------------------

    def add_record(self, record: RunRecord) -> None:
        """A run joined the history (ended now, read from the history file at start, or
        opened from a run file)."""
        if self._source is None:
            self._records.append(record)
        self._history_dirty = True
        if self.isVisible():
            self._show_history()

    def set_source(self, source: Callable[[], list[RunRecord]]) -> None:
        """The runs to draw: ``source()`` (the history's), asked for at each redraw."""
        self._source = source
        self._records.clear()
        self._history_dirty = True

    def clear_records(self) -> None:
        """The history was cleared: no run left to draw."""
        self._records.clear()
        self._words.clear()
        self._history_dirty = True
        if self.isVisible():
            self._show_history()

    def show_session(self, session: RunSession) -> None:
        """The run on the board: its recording, the step shown, whether it still grows.

        Cheap when hidden or when nothing changed; while a run goes the curve is redrawn a
        few times a second at most, the position line every call."""
        self._session = session
        if not self.isVisible() or self.depth_plot is None:
            return
        rec = session.recording
        if rec is None or session.run is None:
            self._depth_key = None
            note = self.tr("No run on the board: press Start")
            self.depth_plot.show_profile(None, None, self.tr("Depth over time"), note=note)
            return
        if rec is not self._view_recording:
            self._view, self._view_recording = None, rec  # a new run: all of it
        key = self._key(session)
        running = session.controller.running and not session.controller.paused
        live = running and session.live and self._view is None  # paused: the whole run so far
        now = time.monotonic()
        if live:
            # A slice of new steps each frame; the curve redrawn once a second at most (a
            # redraw is a long paint).
            self._follow(session)
            if now - self._depth_at >= LIVE_REFRESH_S and self._live is not None:
                self._show_live(session)
                self.depth_plot.show_position(session.position)
                self._depth_key = None
                self._depth_at = now
            return
        if key != self._depth_key:
            if not self._finish_live(session):
                self._live = None
                self._show_depth(session)
            self._depth_key = key
            self._depth_at = now
        self.depth_plot.show_position(session.position)

    def _follow(self, session: RunSession) -> None:
        """Fold the run's newest steps into the live profile (a new one for a new run)."""
        from knightviz.gui.panels.depth import LiveProfile

        rec, run = session.recording, session.run
        assert rec is not None and run is not None
        if self._live is None or self._live.recording is not rec:
            self._live = LiveProfile(rec, run.settings.rows * run.settings.cols)
        self._live.advance(live_slice())
        if self._live.lost:
            self._live = None  # a gap came between: the whole run is read when it stops

    def _finish_live(self, session: RunSession) -> bool:
        """The run followed live has stopped: its live profile, caught up to the end, is
        the whole run's (reading a long run again at its end froze the window for seconds).
        False when there is none to finish (a zoomed view, another run, a gap)."""
        live, rec = self._live, session.recording
        if self._view is not None or live is None or rec is None or live.recording is not rec:
            return False
        while not live.advance():
            if live.lost:
                return False
        self._show_live(session)
        return True

    def _show_live(self, session: RunSession) -> None:
        assert self.depth_plot is not None and self._live is not None
        run = session.run
        assert run is not None
        settings, puzzle = run.settings, session.puzzles[run.puzzle]
        goal = puzzle.solution_depth(settings)
        if goal is None and puzzle.movable_start:
            goal = settings.rows * settings.cols
        profile = self._live.profile()
        title = self.tr("Depth over time: {0} steps").format(fmt_int(profile.steps))
        self.depth_plot.show_profile(profile, goal, title, profile.steps, False)

    # -- what tests and automation use ----------------------------------------------------------

    def records(self) -> list[RunRecord]:
        return self._runs()

    def points(self) -> list[ChartPoint]:
        """The steps-per-run plot's points, one per run (empty before the first show)."""
        return list(self.history_plot.points) if self.history_plot is not None else []

    def groups(self) -> list[str]:
        """The names along the steps-per-run plot's x axis, left to right."""
        return list(self.history_plot.x_axis.labels) if self.history_plot is not None else []

    def legend(self) -> list[str]:
        """The legend's entries: one per strategy (and one for runs that ended early),
        without the words every strategy shares."""
        return self.legend_label.entries() if self.built else []

    def arrangement(self) -> str:
        """How the two plots share the panel: "side by side", "stacked" or "tabs"."""
        return self._arrangement

    def profile(self) -> DepthProfile | None:
        """The depth profile drawn (None: no run, or not shown yet)."""
        return self.depth_plot.profile if self.depth_plot is not None else None

    def marked_step(self) -> int | None:
        """The step the position line marks (None: no run drawn)."""
        plot = self.depth_plot
        return plot.position if plot is not None and plot.profile is not None else None

    # -- building (first show) ------------------------------------------------------------------

    @property
    def built(self) -> bool:
        return self.history_plot is not None

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.built:
            self._build()
        if self._history_dirty:
            self._show_history()
        if self._session is not None:
            self._depth_key = None
            self.show_session(self._session)

    def _build(self) -> None:
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            from knightviz.gui.panels.chart_plots import DepthPlot, HistoryPlot
        finally:
            QGuiApplication.restoreOverrideCursor()
        self._layout.removeWidget(self._placeholder)
        self._placeholder.deleteLater()
        self.history_plot = HistoryPlot()
        self.depth_plot = DepthPlot()
        self.legend_label = ChartLegend()
        self._left = QWidget()
        self._left_layout = QBoxLayout(QBoxLayout.Direction.TopToBottom, self._left)
        self._left_layout.setContentsMargins(0, 0, 0, 0)
        self._left_layout.setSpacing(4)
        self._left_layout.addWidget(self.history_plot, 1)
        self._left_layout.addWidget(self.legend_label)
        self.splitter = QSplitter()
        self.splitter.setObjectName("stepsChartSplitter")
        self.splitter.setChildrenCollapsible(False)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("stepsChartTabs")
        self.tabs.setDocumentMode(True)
        self._pages = QStackedWidget()
        self._pages.addWidget(self.splitter)
        self._pages.addWidget(self.tabs)
        self.depth_plot.view_changed.connect(self._on_view_changed)
        self.depth_plot.view_reset.connect(self._on_view_reset)
        self._layout.addWidget(self._pages)
        self._pages.show()  # now, not at the next turn of the event loop
        self._restyle()
        self._orient()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._orient()

    def _orient(self) -> None:
        """Both plots side by side when each has room at its least size, else one above the
        other, else a tab each; the legend beside the steps plot when that is wide and low."""
        if not self.built:
            return
        w, h = self.width() - 4, self.height() - 4  # (the panel's margins)
        chrome = PLOT_CHROME_LINES * self.fontMetrics().lineSpacing()
        handle = self.splitter.handleWidth()
        legend = self.legend_label

        def legend_for(width: float, height: float) -> tuple[bool, float]:
            beside = width >= 2.2 * height and legend.widest() <= width / 3
            below = legend.height_in_rows(int(width)) + self._left_layout.spacing()
            return beside, 0.0 if beside or not legend.entries() else below

        wide = w >= 1.4 * h
        beside_h, legend_h = legend_for((w - handle) / 2, h)
        beside_v, legend_v = legend_for(w, (h - handle) / 2)
        fits = {
            "side by side": (w - handle) / 2 >= MIN_SIDE and h >= chrome + MIN_PLOT + legend_h,
            "stacked": h >= 2 * (chrome + MIN_PLOT) + legend_v + handle,
        }
        order = ("side by side", "stacked") if wide else ("stacked", "side by side")
        arrangement = next((a for a in order if fits[a]), "tabs")
        beside = {
            "side by side": beside_h,
            "stacked": beside_v,
            "tabs": legend_for(w, h - self.tabs.tabBar().sizeHint().height())[0],
        }[arrangement]
        if arrangement != self._arrangement:
            self._arrange(arrangement, chrome, legend_v)
        if beside != legend.column:
            direction = (
                QBoxLayout.Direction.LeftToRight if beside else QBoxLayout.Direction.TopToBottom
            )
            self._left_layout.setDirection(direction)
            legend.set_column(beside)
        legend.setMaximumWidth(legend.widest() + 8 if beside else 16_777_215)

    def _arrange(self, arrangement: str, chrome: float, legend: float) -> None:
        """Move the two plots into the splitter or into the tabs."""
        assert self.depth_plot is not None and self.history_plot is not None
        self._arrangement = arrangement
        if arrangement == "tabs":
            if self.tabs.count() == 0:
                self.tabs.addTab(self._left, self.tr("Steps per run"))
                self.tabs.addTab(self.depth_plot, self.tr("Depth over time"))
            self._pages.setCurrentWidget(self.tabs)
            self.history_plot.show_title(False)  # the tab names it
            return
        self.tabs.clear()
        self.splitter.insertWidget(0, self._left)
        self.splitter.insertWidget(1, self.depth_plot)
        self._left.show()
        self.depth_plot.show()
        self.history_plot.show_title(True)
        self._pages.setCurrentWidget(self.splitter)
        stacked = arrangement == "stacked"
        self.splitter.setOrientation(
            Qt.Orientation.Vertical if stacked else Qt.Orientation.Horizontal
        )
        if stacked:  # the steps plot's legend below it: the depth plot gives up that much
            rest = max(self.height() - self.splitter.handleWidth() - 2 * chrome - legend, 2)
            self.splitter.setSizes([int(chrome + legend + rest / 2), int(chrome + rest / 2)])
        else:
            self.splitter.setSizes([self.width() // 2, self.width() // 2])

    def retranslate(self) -> None:
        """Axes, titles, groups and tooltips again in the current language."""
        if self.history_plot is None or self.depth_plot is None:
            return
        self.history_plot.retranslate()
        self.depth_plot.retranslate()
        if self.tabs.count() == 2:
            self.tabs.setTabText(0, self.tr("Steps per run"))
            self.tabs.setTabText(1, self.tr("Depth over time"))
        self._history_dirty = True
        self._words.clear()
        self._depth_key = None
        self._depth_at = -math.inf  # a running search's curve too, at once
        if self.isVisible():
            self._show_history()
            if self._session is not None:
                self.show_session(self._session)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.built:
            self._restyle()

    def _restyle(self) -> None:
        from knightviz.gui.panels.chart_plots import style_plot

        assert self.history_plot is not None and self.depth_plot is not None
        palette = self.palette()
        style_plot(self.history_plot, palette)
        # The depth plot is redrawn while a run goes: only the labelled grid lines (the
        # level below them doubled the time of its every paint, 4 to 5 ms more).
        style_plot(self.depth_plot, palette, levels=1)
        self.depth_plot.restyle(palette)
        self._history_dirty = True
        if self.isVisible():
            self._show_history()

    # -- drawing ---------------------------------------------------------------------------------

    def _runs(self) -> list[RunRecord]:
        return self._source() if self._source is not None else list(self._records)

    def _show_history(self) -> None:
        from knightviz.gui.panels.chart_plots import (
            UNFINISHED,
            ChartPoint,
            strategy_colour,
        )

        plot = self.history_plot
        if plot is None:
            return
        self._history_dirty = False
        runs = self._runs()
        # Each strategy in the current language (a record keeps the words of its time),
        # coloured in order of first appearance: the same colours in every language.
        strategy = {id(r): self._memo(r, "strategy", self._strategy) for r in runs}
        order: dict[str, int] = {}
        for r in runs:
            order.setdefault(strategy[id(r)], len(order))
        groups: dict[tuple[Any, ...], int] = {}
        labels: list[str] = []
        knight_sizes = {
            (r.settings.rows, r.settings.cols)
            for r in runs
            if self._puzzles[r.puzzle].movable_start
        }
        for r in runs:
            key, label = self._memo(r, len(knight_sizes) > 1, self._group)
            if key not in groups:
                groups[key] = len(groups)
                labels.append(label)
        # Within a group, one column per strategy present (in legend order), so two
        # strategies from one square stand side by side; repeats step a little aside.
        present: dict[int, list[str]] = {}
        for r in runs:
            g = groups[self._memo(r, len(knight_sizes) > 1, self._group)[0]]
            if strategy[id(r)] not in present.setdefault(g, []):
                present[g].append(strategy[id(r)])
        for g in present:
            present[g].sort(key=lambda s: order[s])
        repeats: dict[tuple[int, str], int] = {}
        points = []
        for r in runs:
            g = groups[self._memo(r, len(knight_sizes) > 1, self._group)[0]]
            strategies, mine = present[g], strategy[id(r)]
            width = min(0.7, 0.25 * len(strategies))
            k = strategies.index(mine)
            offset = 0.0 if len(strategies) == 1 else -width / 2 + width * k / (len(strategies) - 1)
            seen = repeats.get((g, mine), 0)
            repeats[(g, mine)] = seen + 1
            offset += 0.05 * min(seen, 3)
            steps = r.result.steps
            finished = r.result.outcome not in UNFINISHED
            points.append(
                ChartPoint(
                    number=r.number,
                    group=labels[g],
                    strategy=mine,
                    steps=steps,
                    finished=finished,
                    x=g + offset,
                    y=math.log10(max(steps, 1)),
                    tip=self._memo(r, (labels[g], mine), self._tip),
                )
            )
        colours = {s: strategy_colour(i) for s, i in order.items()}
        queens = any(not self._puzzles[r.puzzle].movable_start for r in runs)
        if len(knight_sizes) == 1:
            rows, cols = next(iter(knight_sizes))
            axis = self.tr("start square on {0}").format(fmt_size(rows, cols))
        else:
            axis = self.tr("start square (board)")
        if queens:
            axis = self.tr("board size") if not knight_sizes else axis + self.tr("; N-Queens")
        plot.show_points(points, labels, axis, colours, self.palette())
        puzzles = {strategy[id(r)]: r.puzzle for r in runs}
        self.legend_label.set_entries(colours, puzzles, any(not p.finished for p in points))
        self._orient()  # a longer legend entry may not fit beside the plot any more

    def _memo(self, record: RunRecord, what: Any, make: Callable[..., Any]) -> Any:
        """``make(record, *what)`` (or ``make(record)`` for a name), made once per record
        and ``what`` while the language stays."""
        key = (id(record), what)
        kept = self._words.get(key)
        if kept is not None and kept[0] is record:
            return kept[1]
        if isinstance(what, str):
            value = make(record)
        elif isinstance(what, tuple):
            value = make(record, *what)
        else:
            value = make(record, what)
        if len(self._words) > 4 * MAX_WORDS:
            self._words.clear()  # records gone (a cleared history): start again
        self._words[key] = (record, value)
        return value

    def _group(self, record: RunRecord, sized: bool) -> tuple[tuple[Any, ...], str]:
        """A run's group on the x axis: its start square, or (N-Queens) its board size."""
        s = record.settings
        size = fmt_size(s.rows, s.cols)
        puzzle = self._puzzles[record.puzzle]
        if not puzzle.movable_start:
            return (record.puzzle, s.rows, s.cols), self.tr("{0} {1}").format(puzzle.title(), size)
        key = (record.puzzle, s.rows, s.cols, record.start)
        return key, f"{record.start_name} ({size})" if sized else record.start_name

    def _strategy(self, record: RunRecord) -> str:
        return self._puzzles[record.puzzle].describe(record.settings)

    def _tip(self, record: RunRecord, group: str, strategy: str) -> str:
        puzzle = self._puzzles[record.puzzle]
        r = record.result
        return self.tr("Run {0}: {1}, {2}\n{3}\n{4} steps ({5} moves, {6} backtracks)").format(
            record.number,
            group,
            puzzle.outcome_text(r),
            strategy,
            fmt_int(r.steps),
            fmt_int(r.moves),
            fmt_int(r.backtracks),
        )

    def _show_depth(self, session: RunSession) -> None:
        from knightviz.gui.panels.depth import depth_profile

        assert self.depth_plot is not None
        rec = session.recording
        run = session.run
        assert rec is not None and run is not None
        settings, puzzle = run.settings, session.puzzles[run.puzzle]
        squares = settings.rows * settings.cols
        goal = puzzle.solution_depth(settings)
        if goal is None and puzzle.movable_start:
            goal = squares  # a tour's path covers the board
        started = time.perf_counter()
        total = len(rec)
        first, end = self._view if self._view is not None else (0, total)
        profile = depth_profile(rec, first=first, end=end, max_depth=squares)
        self.profile_seconds = time.perf_counter() - started
        if self._view is None:
            title = self.tr("Depth over time: {0} steps").format(fmt_int(total))
        else:
            title = self.tr("Depth over time: steps {0} to {1} of {2}").format(
                fmt_int(profile.first), fmt_int(profile.steps), fmt_int(total)
            )
        self.depth_plot.show_profile(profile, goal, title, total, self._view is not None)

    def _on_view_changed(self) -> None:
        """Zoomed or panned: the steps in view, at up to a column a step."""
        session = self._session
        plot = self.depth_plot
        if session is None or session.recording is None or plot is None:
            return
        total = len(session.recording)
        x0, x1 = plot.view_steps()
        first, end = max(0, math.floor(x0)), min(total, math.ceil(x1))
        self._view = None if first <= 0 and end >= total else (first, max(end, first + 1))
        self._show_depth(session)
        self._depth_key = self._key(session)

    def _on_view_reset(self) -> None:
        self._view = None
        if self._session is not None and self._session.recording is not None:
            self._show_depth(self._session)
            self._depth_key = self._key(self._session)

    def _key(self, session: RunSession) -> tuple[Any, ...]:
        """What the depth plot depends on: when it is unchanged, nothing is redrawn."""
        rec = session.recording
        assert rec is not None
        return (id(rec), len(rec), len(rec.gaps()), session.state, self._view)

    def zoom(self, first: int, end: int) -> None:
        """Show steps ``first`` … ``end`` of the run (as the mouse wheel does)."""
        if self.depth_plot is not None:
            self.depth_plot.setXRange(first, end, padding=0)
            self._on_view_changed()
