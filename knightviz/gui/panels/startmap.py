"""The start-square map: one strategy from every start square, coloured by the steps it took.

``StartMap(board)`` runs the searches in the background (a worker on a QThread, the engine's
``sweep_starts``, so the figures are those of ``knightviz sweep``), lays its overlay over that
board and answers for it (result, outcomes, tooltips); ``map_legend.StartMapLegend`` is its
legend and ``map_paint`` its colours and marks. A window may hold one map per board (a race
shows two side by side): nothing here is global.

Cancel answers within one engine call (a few tens of milliseconds on either engine) and joins
the thread: the squares finished so far are kept, the others stay blank.
"""

from __future__ import annotations

import logging
import traceback
from time import monotonic, perf_counter
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
)

from knightviz.engine import Board, Outcome
from knightviz.engine.sweep import STUCK, StartRun, sweep_starts
from knightviz.gui.board.layers import Overlay, PaintContext, new_pixmap
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.panels.map_paint import (
    DEFAULT_CAP,
    DIMMED,
    EXHAUSTED,
    FAILED,
    FAILED_COLOUR,
    IMPOSSIBLE,
    LIMIT,
    LIMIT_COLOUR,
    MAX_CAP,
    MIN_CAP,
    MIN_GRID,
    SOLVED,
    FigureFonts,
    LogScale,
    compact,
    ink,
    paint_failed,
    paint_impossible,
    paint_limit,
)
from knightviz.gui.puzzles.base import Puzzle, SweepOptions
from knightviz.gui.solver.controller import SwitchInterval
from knightviz.gui.solver.jobs import JOIN_MS, BackgroundWorker, Job
from knightviz.gui.text import count_of, fmt_int, fmt_size

log = logging.getLogger("knightviz.startmap")

#: Finished squares are sent to the GUI at most this often (a 100×100 map has 10,000).
FLUSH_SECONDS = 0.05


# -- the worker -------------------------------------------------------------------------------


class MapWorker(BackgroundWorker):
    """Runs every start square in turn (the engine's ``sweep_starts``) on its job's thread."""

    #: Finished squares: (job id, list of StartRun), at most every FLUSH_SECONDS.
    runs_ready = Signal(int, object)
    #: The job ended: (job id, cancelled).
    job_done = Signal(int, bool)
    #: The job failed: (job id, traceback text).
    job_failed = Signal(int, str)

    def __init__(self, rows: int, cols: int, options: SweepOptions, cap: int) -> None:
        super().__init__()
        self._rows, self._cols = rows, cols
        self._options = options
        self._cap = cap

    def work(self) -> None:
        job = self.job_id
        batch: list[StartRun] = []
        last = monotonic()
        try:
            # The engine picks the backend per square: compiled as soon as it is loaded,
            # and answers Cancel within one call of a few tens of milliseconds.
            for run in sweep_starts(
                self._rows,
                self._cols,
                self._options.strategy,
                self._options.closed,
                self._cap,
                cancel=self.stopped,
                chunk=None,
                shape=self._options.shape,
            ):
                if run.outcome is Outcome.CANCELLED:
                    break
                batch.append(run)
                now = monotonic()
                if now - last >= FLUSH_SECONDS:
                    self.runs_ready.emit(job, batch)
                    batch, last = [], now
            if batch:
                self.runs_ready.emit(job, batch)
            self.job_done.emit(job, self.stopped())
        except Exception:
            self.job_failed.emit(job, traceback.format_exc())


# -- the overlay --------------------------------------------------------------------------------


class StartMapLayer(Overlay):
    """The map on its board: a colour per square, the figure when it fits, the marks."""

    def __init__(self, owner: StartMap) -> None:
        self._map = owner
        self._pixmap: QPixmap | None = None
        self._key: tuple[object, ...] = ()

    def invalidate(self) -> None:
        self._pixmap = None

    def tooltip(self, square: int) -> str | None:
        return self._map.tooltip(square)

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        m = self._map
        g = ctx.geometry
        if (g.rows, g.cols) != (m.rows, m.cols):
            return  # the board shows another size (the map is about to be cleared)
        dimmed = len(ctx.model.path) > 1  # a run on the board: keep it readable
        # The piece hides its square's figure: the legend tells it instead.
        piece = None if dimmed else ctx.current
        if piece != m.piece:
            m.set_piece(piece)
        key = (g.key(), ctx.dpr, m.version, ctx.font.key(), piece)
        if self._pixmap is None or key != self._key:
            self._pixmap = self._render(ctx, piece)
            self._key = key
        if dimmed:
            p.setOpacity(DIMMED)
        p.drawPixmap(0, 0, self._pixmap)
        p.setOpacity(1.0)
        current = ctx.current
        if current is not None and not dimmed:
            rect = g.rects[current]
            pen = QPen(ctx.palette.color(QPalette.ColorRole.Highlight), max(2.0, rect.width() / 14))
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            w = pen.widthF() / 2
            p.drawRect(rect.adjusted(w, w, -w, -w))

    def _render(self, ctx: PaintContext, piece: int | None) -> QPixmap:
        g = ctx.geometry
        m = self._map
        pm = new_pixmap(g.width, g.height, ctx.dpr)
        runs = m.runs()
        if not runs:
            return pm
        scale = LogScale(m.rows * m.cols, m.cap_used)
        side = g.square
        fonts = FigureFonts(ctx.font, side)
        centre = Qt.AlignmentFlag.AlignCenter
        with QPainter(pm) as p:
            p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            for sq, run in runs.items():
                rect = g.rects[sq]
                label = run.label
                if label == SOLVED:
                    fill = scale.colour(run.steps)
                    p.fillRect(rect, fill)
                elif label == LIMIT:
                    paint_limit(p, rect)
                    fill = LIMIT_COLOUR
                elif label in FAILED:
                    paint_failed(p, rect)
                    fill = FAILED_COLOUR
                else:
                    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
                    paint_impossible(p, rect)
                    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
                    continue
                if sq == piece:
                    continue
                text = compact(run.steps) if label != LIMIT else ">" + compact(run.steps)
                font = fonts.fitting(text)
                if font is not None:
                    p.setFont(font)
                    p.setPen(ink(fill))
                    p.drawText(rect, centre, text)
            if side >= MIN_GRID:
                # A thin grid: neighbouring squares of one colour stay apart.
                p.setPen(QPen(QColor(0, 0, 0, 60), 1.0))
                for sq in runs:
                    p.drawRect(g.rects[sq].adjusted(0, 0, -1, -1))
        return pm


# -- the map ----------------------------------------------------------------------------------


class StartMap(QObject):
    """One board's start-square map: its job, its results, its overlay."""

    #: Squares done (including those no tour can start from), squares in all.
    progress_changed = Signal(int, int)
    #: The job ended: True when every square is mapped, False when cancelled.
    map_finished = Signal(bool)
    #: Anything the legend shows changed (results, state, settings, cap).
    map_changed = Signal()
    #: The job failed: one line for the status bar.
    map_failed = Signal(str)
    #: The piece stands on another square of the map (``piece``), or left it.
    piece_changed = Signal()

    def __init__(self, board: BoardWidget, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.board = board
        #: The cap the next map gets (the legend's spin box sets it).
        self.cap = DEFAULT_CAP
        self.layer = StartMapLayer(self)
        #: Bumped whenever the results change (the overlay's cache key).
        self.version = 0
        self.puzzle: Puzzle[Any] | None = None
        self.settings: Any = None
        self.rows = self.cols = 0
        #: The cap of the map shown (the one it was computed with).
        self.cap_used = DEFAULT_CAP
        #: Wall-clock seconds the last map took (so far, while running).
        self.seconds = 0.0
        self.cancelled = False
        self._runs: dict[int, StartRun] = {}
        self.job = Job("startmap", self, auto_join=False)
        self.job.stuck.connect(self.map_failed)
        self._switch = False  # holds a SwitchInterval (released when the job ends)
        self._t0 = 0.0
        #: The square the board's piece stands on while the map is shown (None: a run).
        self.piece: int | None = None

    # -- state --------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.job.active()

    @property
    def shown(self) -> bool:
        """A map (finished, running or cancelled) is on the board."""
        return self.settings is not None

    @property
    def total(self) -> int:
        """Squares to map: the board's, less its removed squares."""
        if self.puzzle is None or self.settings is None:
            return self.rows * self.cols
        return self.rows * self.cols - len(self.puzzle.shape(self.settings).holes)

    @property
    def done(self) -> int:
        return len(self._runs)

    def runs(self) -> dict[int, StartRun]:
        """The squares mapped so far (board index → StartRun)."""
        return self._runs

    def matches(self, puzzle: Puzzle[Any], settings: Any) -> bool:
        """The map shown is for these settings."""
        return self.shown and self.puzzle is puzzle and self.settings == settings

    def result(self) -> dict[str, int | None]:
        """Square name → steps, None where no tour can exist (no search); squares not
        mapped (yet, or cancelled) are absent."""
        board = Board(self.rows, self.cols)
        return {
            board.name(sq): None if run.outcome is Outcome.IMPOSSIBLE else run.steps
            for sq, run in sorted(self._runs.items())
        }

    def outcomes(self) -> dict[str, str]:
        """Square name → solved, limit, stuck, exhausted or impossible."""
        board = Board(self.rows, self.cols)
        return {board.name(sq): run.label for sq, run in sorted(self._runs.items())}

    def counts(self) -> dict[str, int]:
        """How many squares per outcome label (failed = stuck + exhausted)."""
        out = {SOLVED: 0, LIMIT: 0, "failed": 0, IMPOSSIBLE: 0}
        for run in self._runs.values():
            label = run.label
            out["failed" if label in FAILED else label] += 1
        return out

    def describe(self) -> str:
        """Board and strategy of the map shown, e.g. "8×8 · plain · backtracking · open"."""
        if self.puzzle is None:
            return ""
        return f"{fmt_size(self.rows, self.cols)} · {self.puzzle.describe(self.settings)}"

    def tooltip(self, square: int) -> str | None:
        """What the map says about ``square``, in words with the exact figure."""
        model = self.board.model()
        if not self.shown or (model.rows, model.cols) != (self.rows, self.cols):
            return None
        if not 0 <= square < self.total:
            return None
        name = Board(self.rows, self.cols).name(square)
        run = self._runs.get(square)
        click = self.tr("Click to start here.")
        if run is None:
            if self.running:
                return self.tr("{0}: not mapped yet.").format(name)
            return self.tr("{0}: not mapped (the map was cancelled).").format(name)
        n = run.steps
        steps = fmt_int(n)
        label = run.label
        if label == SOLVED:
            moves = self.tr("{0} moves", "", count_of(run.moves)).format(fmt_int(run.moves))
            backs = self.tr("{0} backtracks", "", count_of(run.backtracks)).format(
                fmt_int(run.backtracks)
            )
            text = self.tr("{0}: tour found in {1} steps ({2}, {3}).", "", count_of(n)).format(
                name, steps, moves, backs
            )
        elif label == LIMIT:
            text = self.tr(
                "{0}: no tour within the cap of {1} steps (limit reached).", "", count_of(n)
            )
            text = text.format(name, steps)
        elif label == STUCK:
            text = self.tr(
                "{0}: stuck after {1} steps, no tour (no backtracking).", "", count_of(n)
            )
            text = text.format(name, steps)
        elif label == EXHAUSTED:
            text = self.tr(
                "{0}: no tour from here: the search tried every possibility in {1} steps.",
                "",
                count_of(n),
            ).format(name, steps)
        else:
            assert self.puzzle is not None
            reason = self.puzzle.verdict(self.settings, square) or run.reason or ""
            text = self.tr("{0}: no tour can exist here, nothing searched. {1}").format(
                name, reason
            )
        return f"{text}\n{click}"

    def brief(self, square: int | None) -> str:
        """A few words on ``square``: "e6: stuck after 59 steps" ("" if not mapped)."""
        run = None if square is None else self._runs.get(square)
        if run is None or square is None:
            return ""
        name = Board(self.rows, self.cols).name(square)
        label, n = run.label, run.steps
        if label == SOLVED:
            return self.tr("{0}: tour in {1} steps", "", count_of(n)).format(name, fmt_int(n))
        if label == LIMIT:
            return self.tr("{0}: no tour within the cap").format(name)
        if label == STUCK:
            return self.tr("{0}: stuck after {1} steps", "", count_of(n)).format(name, fmt_int(n))
        if label == EXHAUSTED:
            return self.tr("{0}: no tour ({1} steps)", "", count_of(n)).format(name, fmt_int(n))
        return self.tr("{0}: no tour can exist").format(name)

    def set_piece(self, square: int | None) -> None:
        """The board's overlay says where the piece stands (it paints around it)."""
        self.piece = square
        self.piece_changed.emit()

    # -- commands -----------------------------------------------------------------------------

    def set_cap(self, cap: int) -> None:
        """The cap for the next map; a map on the board is made again with it."""
        cap = min(MAX_CAP, max(MIN_CAP, int(cap)))
        if cap == self.cap:
            return
        self.cap = cap
        if self.shown and cap != self.cap_used:
            assert self.puzzle is not None
            self.start(self.puzzle, self.settings)
        else:
            self.map_changed.emit()

    def start(self, puzzle: Puzzle[Any], settings: Any, cap: int | None = None) -> None:
        """Map ``settings`` (a movable start's) from every start square, in the background."""
        if not puzzle.movable_start:
            raise ValueError(f"{puzzle.key} has no start square to map")
        self._end_job()
        if cap is not None:
            self.cap = min(MAX_CAP, max(MIN_CAP, int(cap)))
        self.puzzle, self.settings = puzzle, settings
        self.rows, self.cols = settings.rows, settings.cols
        self.cap_used = self.cap
        self.cancelled = False
        self._runs = {}
        self.version += 1
        options = puzzle.sweep_options(settings)
        if options is None:
            raise ValueError(f"{puzzle.key} has no start square to map")
        worker = MapWorker(self.rows, self.cols, options, self.cap)
        worker.runs_ready.connect(self._on_runs)
        worker.job_done.connect(self._on_done)
        worker.job_failed.connect(self._on_failed)
        self._t0 = perf_counter()
        self.seconds = 0.0
        SwitchInterval.acquire()
        self._switch = True
        self.job.start(worker)
        self.board.set_overlay(self.layer)
        self.board.update()
        self.progress_changed.emit(0, self.total)
        self.map_changed.emit()

    def restart(self) -> None:
        """Map the same settings again (after a cancel)."""
        if self.puzzle is not None:
            self.start(self.puzzle, self.settings)

    def cancel(self) -> None:
        """Stop the job now; the squares mapped so far stay on the board."""
        worker = self.job.worker
        if worker is None:
            return
        worker.stop()
        if worker.done.wait(JOIN_MS / 1000):
            # Its last signals are queued behind us: deliver them now, in order (the last,
            # job_done, joins the thread and says cancelled).
            QCoreApplication.sendPostedEvents(self, 0)
        if self.job.worker is worker:  # not delivered in time: end it anyway
            self._end_job()
            self._finish(complete=False)

    def reword(self) -> None:
        """The language changed: the figures, tooltips and legend worded again."""
        if self.shown:
            self.version += 1
            self.map_changed.emit()

    def clear(self) -> None:
        """Stop any job and take the map off the board."""
        self._end_job()
        self.puzzle = self.settings = None
        self._runs = {}
        self.version += 1
        self.board.set_overlay(None)
        self.map_changed.emit()

    def shutdown(self) -> None:
        """Window closing: stop → quit → bounded wait, no signals."""
        self._end_job()

    # -- internals ----------------------------------------------------------------------------

    def _end_job(self) -> None:
        """Stop the job without a word; its queued signals are dropped (another job id)."""
        self.job.stop()
        if self._switch:
            self._switch = False
            SwitchInterval.release()

    def _current(self, job: int) -> bool:
        return self.job.current(job)

    @Slot(int, object)
    def _on_runs(self, job: int, runs: list[StartRun]) -> None:
        if not self._current(job):
            return
        for run in runs:
            self._runs[run.square] = run
        self.version += 1
        self.seconds = perf_counter() - self._t0
        self.board.update()
        self.progress_changed.emit(len(self._runs), self.total)
        self.map_changed.emit()

    @Slot(int, bool)
    def _on_done(self, job: int, cancelled: bool) -> None:
        if not self._current(job):
            return
        self._end_job()
        self._finish(complete=len(self._runs) == self.total)

    @Slot(int, str)
    def _on_failed(self, job: int, text: str) -> None:
        if not self._current(job):
            return
        self._end_job()
        log.error("start-square map failed:\n%s", text)
        last = text.strip().splitlines()[-1] if text.strip() else "unknown error"
        self.map_failed.emit(self.tr("The map failed: {0}").format(last))
        self._finish(complete=False)

    def _finish(self, complete: bool) -> None:
        self.seconds = perf_counter() - self._t0
        self.cancelled = not complete
        self.board.update()
        self.progress_changed.emit(len(self._runs), self.total)
        self.map_changed.emit()
        self.map_finished.emit(complete)
