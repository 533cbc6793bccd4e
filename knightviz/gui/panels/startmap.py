"""The start-square map: one strategy from every start square, coloured by the steps it took.

``StartMap(board)`` runs the searches in the background (a worker on a QThread, the engine's
``run_start`` per square, so the figures are those of ``knightviz sweep``), lays its overlay
over that board and answers for it (result, outcomes, tooltips). ``StartMapLegend(map)`` is
its legend: the colour bar, the marks, the cap, progress and Cancel. A window may hold one
map per board (a race shows two side by side): nothing here is global but the thread registry
the tests check.

Cancel answers within one engine call (``CHUNK_PYTHON`` steps, a few tens of milliseconds in
Python) and joins the thread: the squares finished so far are kept, the others stay blank.
"""

from __future__ import annotations

import logging
import math
import traceback
from collections.abc import Callable
from time import monotonic, perf_counter
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    QPointF,
    QRectF,
    QSize,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from knightviz.engine import Board, Outcome
from knightviz.engine.sweep import STUCK, StartRun, sweep_starts
from knightviz.gui.board.layers import Overlay, PaintContext, new_pixmap
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.panels.elided import ElidedLabel
from knightviz.gui.puzzles.base import Puzzle, SweepOptions
from knightviz.gui.solver.controller import SwitchInterval
from knightviz.gui.solver.jobs import JOIN_MS, BackgroundWorker, Job
from knightviz.gui.text import fmt_float, fmt_int, fmt_seconds, fmt_size

log = logging.getLogger("knightviz.startmap")

#: The default step cap per start square (``knightviz sweep``'s default --limit).
DEFAULT_CAP = 1_000_000
MIN_CAP = 1_000
MAX_CAP = 2_000_000_000
#: Finished squares are sent to the GUI at most this often (a 100×100 map has 10,000).
FLUSH_SECONDS = 0.05

# What the map says about a square, by outcome label.
SOLVED, LIMIT, EXHAUSTED, IMPOSSIBLE = "solved", "limit", "exhausted", "impossible"
FAILED = (STUCK, EXHAUSTED)

#: viridis (matplotlib), dark purple to yellow; the map runs it backwards: few steps yellow.
VIRIDIS = (
    "#440154",
    "#472d7b",
    "#3b528b",
    "#2c728e",
    "#21918c",
    "#28ae80",
    "#5ec962",
    "#addc30",
    "#fde725",
)
FAILED_COLOUR = QColor("#d62728")
LIMIT_COLOUR = QColor("#cfcfcf")
LIMIT_HATCH = QColor("#7a7a7a")
IMPOSSIBLE_COLOUR = QColor("#2e2e2e")
IMPOSSIBLE_CROSS = QColor("#bdbdbd")
#: Smallest legible figure in a square (px); below it squares carry colour only.
MIN_FIGURE_PX = 7
#: A figure takes at most this share of its square's width, and its height…
FIGURE_WIDTH = 0.88
FIGURE_HEIGHT = 0.32
#: …and is never bigger than this (px).
MAX_FIGURE_PX = 22
#: Squares this big (px) or bigger get a thin grid line.
MIN_GRID = 8
#: The overlay's opacity while a run is on the board (the run stays readable).
DIMMED = 0.28


def compact(steps: int) -> str:
    """A step count in a few characters: 63, 950, 1k, 1.2k, 34k, 3.4M, 17M (for squares)."""
    if steps < 1000:
        return str(steps)
    for size, suffix in ((1e3, "k"), (1e6, "M"), (1e9, "G")):
        value = steps / size
        if value < 9.95:
            r = round(value, 1)
            return (str(int(r)) if r == int(r) else fmt_float(r, 1)) + suffix
        if round(value) < 1000 or suffix == "G":
            return f"{round(value)}{suffix}"
    raise AssertionError("unreachable")  # pragma: no cover


class LogScale:
    """Steps → [0, 1] on a logarithmic scale from a tour without backtracking (squares − 1
    steps) to the cap, so that two maps with the same board and cap compare colour for
    colour."""

    def __init__(self, squares: int, cap: int) -> None:
        self.lo = max(1, squares - 1)
        self.hi = max(cap, self.lo + 1)
        self._span = math.log(self.hi / self.lo)

    def fraction(self, steps: int) -> float:
        if steps <= self.lo:
            return 0.0
        return min(1.0, math.log(steps / self.lo) / self._span)

    def colour(self, steps: int) -> QColor:
        return ramp(1.0 - self.fraction(steps))

    def ticks(self) -> list[int]:
        """The ends and every power of ten between them."""
        out = [self.lo]
        power = 10 ** math.ceil(math.log10(self.lo))
        while power < self.hi:
            if power > self.lo:
                out.append(power)
            power *= 10
        out.append(self.hi)
        return out


_RAMP = [QColor(c) for c in VIRIDIS]


def ramp(t: float) -> QColor:
    """viridis at ``t`` in [0, 1] (0 dark purple, 1 yellow), linearly between its stops."""
    t = min(1.0, max(0.0, t)) * (len(_RAMP) - 1)
    i = min(int(t), len(_RAMP) - 2)
    f = t - i
    a, b = _RAMP[i], _RAMP[i + 1]
    return QColor(
        round(a.red() + (b.red() - a.red()) * f),
        round(a.green() + (b.green() - a.green()) * f),
        round(a.blue() + (b.blue() - a.blue()) * f),
    )


def ink(fill: QColor) -> QColor:
    """Black or white, whichever reads better on ``fill``."""
    luma = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF()
    return QColor(20, 20, 20) if luma > 0.55 else QColor(250, 250, 250)


# -- the marks, shared by the overlay and the legend's swatches -------------------------------


def paint_limit(p: QPainter, rect: QRectF) -> None:
    """Over the cap: light grey, hatched."""
    p.fillRect(rect, LIMIT_COLOUR)
    p.save()
    p.setClipRect(rect)
    p.setPen(QPen(LIMIT_HATCH, max(1.0, rect.width() / 28)))
    gap = max(4.0, rect.width() / 5)
    x = rect.left() - rect.height()
    while x < rect.right():
        p.drawLine(QPointF(x, rect.bottom()), QPointF(x + rect.height(), rect.top()))
        x += gap
    p.restore()


def paint_failed(p: QPainter, rect: QRectF) -> None:
    """Stuck or exhausted without a tour: red."""
    p.fillRect(rect, FAILED_COLOUR)


def paint_impossible(p: QPainter, rect: QRectF) -> None:
    """No tour can exist from here (a known fact, no search): dark, crossed."""
    p.fillRect(rect, IMPOSSIBLE_COLOUR)
    inset = rect.width() * 0.28
    r = rect.adjusted(inset, inset, -inset, -inset)
    p.save()
    pen = QPen(IMPOSSIBLE_CROSS, max(1.2, rect.width() / 18))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.drawLine(r.topLeft(), r.bottomRight())
    p.drawLine(r.topRight(), r.bottomLeft())
    p.restore()


def mark_pixmap(paint: Callable[[QPainter, QRectF], None], side: int, dpr: float) -> QPixmap:
    pm = new_pixmap(side, side, dpr)
    with QPainter(pm) as p:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint(p, QRectF(0, 0, side, side))
        p.setPen(QPen(QColor(0, 0, 0, 90), 1.0))
        p.drawRect(QRectF(0.5, 0.5, side - 1, side - 1))
    return pm


class FigureFonts:
    """The bold font of the squares' figures, shrunk per figure to fit its square."""

    def __init__(self, base: QFont, side: float) -> None:
        self._base = QFont(base)
        self._base.setBold(True)
        self._side = side
        self._px = min(MAX_FIGURE_PX, int(side * FIGURE_HEIGHT))
        self._fonts: dict[int, tuple[QFont, QFontMetricsF]] = {}

    def _font(self, px: int) -> tuple[QFont, QFontMetricsF]:
        found = self._fonts.get(px)
        if found is None:
            font = QFont(self._base)
            font.setPixelSize(px)
            found = self._fonts[px] = (font, QFontMetricsF(font))
        return found

    def fitting(self, text: str) -> QFont | None:
        """The font to write ``text`` in its square, or None if it cannot be read there."""
        px = self._px
        if px < MIN_FIGURE_PX:
            return None
        font, fm = self._font(px)
        room = self._side * FIGURE_WIDTH
        width = fm.horizontalAdvance(text)
        if width > room:
            px = int(px * room / width)
            if px < MIN_FIGURE_PX:
                return None
            font = self._font(px)[0]
        return font


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
        self.puzzle: Puzzle | None = None
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
        return self.rows * self.cols

    @property
    def done(self) -> int:
        return len(self._runs)

    def runs(self) -> dict[int, StartRun]:
        """The squares mapped so far (board index → StartRun)."""
        return self._runs

    def matches(self, puzzle: Puzzle, settings: Any) -> bool:
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
        steps = fmt_int(run.steps)
        label = run.label
        if label == SOLVED:
            text = self.tr("{0}: tour found in {1} steps ({2} moves, {3} backtracks).").format(
                name, steps, fmt_int(run.moves), fmt_int(run.backtracks)
            )
        elif label == LIMIT:
            text = self.tr("{0}: no tour within the cap of {1} steps (limit reached).").format(
                name, steps
            )
        elif label == STUCK:
            text = self.tr("{0}: stuck after {1} steps, no tour (no backtracking).").format(
                name, steps
            )
        elif label == EXHAUSTED:
            text = self.tr(
                "{0}: no tour from here: the search tried every possibility in {1} steps."
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
        label = run.label
        if label == SOLVED:
            return self.tr("{0}: tour in {1} steps").format(name, fmt_int(run.steps))
        if label == LIMIT:
            return self.tr("{0}: no tour within the cap").format(name)
        if label == STUCK:
            return self.tr("{0}: stuck after {1} steps").format(name, fmt_int(run.steps))
        if label == EXHAUSTED:
            return self.tr("{0}: no tour ({1} steps)").format(name, fmt_int(run.steps))
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

    def start(self, puzzle: Puzzle, settings: Any, cap: int | None = None) -> None:
        """Map ``settings`` (a knight puzzle's) from every start square, in the background."""
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


# -- the legend ---------------------------------------------------------------------------------


class ColourBar(QWidget):
    """The log colour scale, few steps (yellow) to the cap (purple), powers of ten marked."""

    def __init__(self, owner: StartMap, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mapColourBar")
        self._map = owner
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(160)

    def scale(self) -> LogScale:
        m = self._map
        squares = m.rows * m.cols if m.shown else 64
        return LogScale(squares, m.cap_used if m.shown else m.cap)

    def _font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.85))
        return font

    def sizeHint(self) -> QSize:
        return QSize(320, self.minimumSizeHint().height())

    def minimumSizeHint(self) -> QSize:
        fm = QFontMetricsF(self._font())
        return QSize(160, int(12 + 3 + fm.height() + 2))

    def tick_labels(self) -> list[tuple[float, str]]:
        """(x, text) of the labels drawn: the ends, and powers of ten with room for them."""
        scale = self.scale()
        fm = QFontMetricsF(self._font())
        left, width = 4.0, max(1.0, self.width() - 8.0)
        placed: list[tuple[float, str, float]] = []
        ticks = scale.ticks()
        for i, value in enumerate(ticks):
            text = compact(value) if i < len(ticks) - 1 else compact(value) + self.tr(" (cap)")
            x = left + scale.fraction(value) * width
            w = fm.horizontalAdvance(text)
            start = min(max(x - w / 2, 0.0), self.width() - w)
            if placed and start < placed[-1][2] + 6:
                if i < len(ticks) - 1:
                    continue
                while placed and start < placed[-1][2] + 6 and len(placed) > 1:
                    placed.pop()  # the cap always shows
            placed.append((x, text, start + w))
        return [(x, text) for x, text, _ in placed]

    def paintEvent(self, event: QPaintEvent) -> None:
        left, width = 4.0, max(1.0, self.width() - 8.0)
        bar = QRectF(left, 1, width, 12)
        gradient = QLinearGradient(bar.topLeft(), bar.topRight())
        for k in range(len(VIRIDIS)):
            t = k / (len(VIRIDIS) - 1)
            gradient.setColorAt(t, ramp(1.0 - t))
        font = self._font()
        fm = QFontMetricsF(font)
        text_colour = self.palette().color(QPalette.ColorRole.WindowText)
        with QPainter(self) as p:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.fillRect(bar, gradient)
            p.setPen(QPen(QColor(0, 0, 0, 90), 1.0))
            p.drawRect(bar)
            p.setFont(font)
            for x, text in self.tick_labels():
                p.setPen(QPen(text_colour, 1.0))
                p.drawLine(QPointF(x, bar.bottom()), QPointF(x, bar.bottom() + 3))
                w = fm.horizontalAdvance(text)
                start = min(max(x - w / 2, 0.0), self.width() - w)
                p.drawText(QPointF(start, bar.bottom() + 3 + fm.ascent()), text)


class MarkKey(QWidget):
    """The marks' key (over cap, no tour, impossible): beside the colour bar where the
    legend is wide enough, else on a line of its own (``inline``). Beside the bar it asks
    for no width of its own: the legend moves it down rather than widen the window."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("mapMarkKey")
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.inline = True

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(0, hint.height()) if self.inline else hint


class StartMapLegend(QWidget):
    """Under its board while the map is shown: what the colours and marks mean, the cap,
    and while running a progress bar and Cancel."""

    def __init__(self, owner: StartMap, suffix: str = "", parent: QWidget | None = None) -> None:
        """``suffix``: appended to every object name (a race's ``_1``, ``_2``)."""
        super().__init__(parent)
        self._map = owner
        self.title = ElidedLabel()
        self.title.setObjectName("mapTitleLabel")
        self.summary = ElidedLabel()
        self.summary.setObjectName("mapSummaryLabel")
        self.cap_spin = QSpinBox()
        self.cap_spin.setObjectName("mapCapSpin")
        self.cap_spin.setRange(MIN_CAP, MAX_CAP)
        self.cap_spin.setValue(owner.cap)
        self.cap_spin.setGroupSeparatorShown(True)
        self.cap_spin.setStepType(QSpinBox.StepType.AdaptiveDecimalStepType)
        self.cap_spin.setKeyboardTracking(False)
        self.cap_spin.setSuffix(self.tr(" steps"))
        self.cap_spin.setAccessibleName(self.tr("Step cap per start square"))
        self.cap_spin.setToolTip(
            self.tr(
                "Each start square's search stops after this many steps (moves + "
                "backtracks); such squares are hatched grey. Changing it maps again."
            )
        )
        cap_label = QLabel(self.tr("Cap"))
        cap_label.setBuddy(self.cap_spin)
        self.progress = QProgressBar()
        self.progress.setObjectName("mapProgress")
        self.progress.setFormat(self.tr("%v of %m"))
        self.progress.setMaximumWidth(160)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setObjectName("mapCancelButton")
        self.cancel_button.setToolTip(self.tr("Stop mapping; the squares done so far stay"))
        self.again_button = QPushButton(self.tr("Map again"))
        self.again_button.setObjectName("mapAgainButton")
        self.again_button.setToolTip(self.tr("Map every start square again"))
        for button in (self.cancel_button, self.again_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.bar = ColourBar(owner)
        self.piece_label = QLabel()
        self.piece_label.setObjectName("mapPieceLabel")
        self.piece_label.setToolTip(self.tr("The square the knight stands on"))

        # Three rows: what is mapped and the cap; how it went (or progress and Cancel);
        # what the colours and marks mean.
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title, 1)
        top.addSpacing(8)
        top.addWidget(cap_label)
        top.addWidget(self.cap_spin)
        middle = QHBoxLayout()
        middle.setContentsMargins(0, 0, 0, 0)
        middle.addWidget(self.summary, 1)
        middle.addSpacing(10)
        middle.addWidget(self.piece_label)
        middle.addWidget(self.progress)
        middle.addWidget(self.cancel_button)
        middle.addWidget(self.again_button)
        bottom = QHBoxLayout()
        bottom.setContentsMargins(0, 0, 0, 0)
        steps_label = QLabel(self.tr("Steps"))
        steps_label.setToolTip(
            self.tr("Steps (moves + backtracks) from each start square, on a log scale")
        )
        bottom.addWidget(steps_label, 0, Qt.AlignmentFlag.AlignTop)
        bottom.addWidget(self.bar, 1)
        self._steps_label = steps_label
        self.marks = MarkKey()
        self._marks: list[tuple[QLabel, Callable[[QPainter, QRectF], None]]] = []
        for paint, text, tip in (
            (
                paint_limit,
                self.tr("over cap"),
                self.tr("Over the cap: the search reached the cap without finding a tour"),
            ),
            (
                paint_failed,
                self.tr("no tour found"),
                self.tr(
                    "The strategy ended without a tour: a greedy walk stuck with no "
                    "backtracking, or a search that tried every possibility"
                ),
            ),
            (
                paint_impossible,
                self.tr("impossible"),
                self.tr(
                    "No tour can exist: a known fact rules out a tour from this square, "
                    "nothing searched"
                ),
            ),
        ):
            swatch = QLabel()
            self._marks.append((swatch, paint))
            label = QLabel(text)
            for w in (swatch, label):
                w.setToolTip(tip)
            self.marks.row.addSpacing(6)
            self.marks.row.addWidget(swatch)
            self.marks.row.addWidget(label)
        self.marks.row.addStretch(1)
        bottom.addWidget(self.marks)
        self._bottom = bottom
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addLayout(middle)
        layout.addLayout(bottom)
        self._layout = layout

        self.cap_spin.valueChanged.connect(owner.set_cap)
        self.cancel_button.clicked.connect(owner.cancel)
        self.again_button.clicked.connect(owner.restart)
        owner.map_changed.connect(self.refresh)
        # Queued: the board's paint reports it, and the label is not to be set mid-paint.
        owner.piece_changed.connect(self.refresh, Qt.ConnectionType.QueuedConnection)
        self._swatch_dpr = 0.0
        self.setObjectName("mapLegend" + suffix)
        for child in self.findChildren(QWidget):
            if child.objectName():
                child.setObjectName(child.objectName() + suffix)
        self.refresh()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._place_marks()

    def _place_marks(self) -> None:
        """The marks' key beside the colour bar if both fit at their widths, else below."""
        spacing = max(0, self._bottom.spacing())
        need = (
            self._steps_label.sizeHint().width()
            + self.bar.minimumSizeHint().width()
            + self.marks.sizeHint().width()
            + 2 * spacing
        )
        inline = need <= self.contentsRect().width()
        if inline == self.marks.inline:
            return
        self.marks.inline = inline
        if inline:
            self._layout.removeWidget(self.marks)
            self._bottom.addWidget(self.marks)
        else:
            self._bottom.removeWidget(self.marks)
            self._layout.addWidget(self.marks)
        self.marks.updateGeometry()

    @Slot()
    def refresh(self) -> None:
        m = self._map
        self.setVisible(m.shown)
        self._place_marks()  # the words may have changed (a language switch)
        if self.cap_spin.value() != m.cap:
            self.cap_spin.blockSignals(True)
            self.cap_spin.setValue(m.cap)
            self.cap_spin.blockSignals(False)
        self._paint_swatches()
        if not m.shown:
            return
        self.title.set_full_text(self.tr("Map of {0}").format(m.describe()))
        running = m.running
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)
        self.again_button.setVisible(not running and m.cancelled)
        self.piece_label.setText(m.brief(m.piece))
        self.piece_label.setVisible(not running and bool(self.piece_label.text()))
        self.progress.setRange(0, max(1, m.total))
        self.progress.setValue(m.done)
        self.summary.set_full_text(self.summary_text())
        self.bar.update()

    def summary_text(self) -> str:
        m = self._map
        c = m.counts()
        parts = [self.tr("{0} of {1} solved").format(fmt_int(c[SOLVED]), fmt_int(m.total))]
        if c["failed"]:
            parts.append(self.tr("{0} no tour found").format(fmt_int(c["failed"])))
        if c[LIMIT]:
            parts.append(self.tr("{0} over the cap").format(fmt_int(c[LIMIT])))
        if c[IMPOSSIBLE]:
            parts.append(self.tr("{0} impossible").format(fmt_int(c[IMPOSSIBLE])))
        #: between the parts of the map's summary (3 solved, 2 over the cap)
        text = self.tr(", ").join(parts)
        if m.running:
            return self.tr("mapping… {0}").format(text)
        if m.cancelled:
            return self.tr("cancelled: {0}").format(text)
        return self.tr("{0} (in {1})").format(text, fmt_seconds(m.seconds))

    def _paint_swatches(self) -> None:
        dpr = self.devicePixelRatioF()
        if dpr == self._swatch_dpr:
            return
        self._swatch_dpr = dpr
        side = max(12, int(QFontMetricsF(self.font()).height()))
        for swatch, paint in self._marks:
            swatch.setPixmap(mark_pixmap(paint, side, dpr))
