"""File > Export run, Export history, Save run and Open run: the work behind the menu.

- A run exports as text in the tutorials' layouts and as JSON, byte for byte what
  ``knightviz solve`` / ``knightviz queens`` print for the same search (the layouts live in
  ``engine/formats.py`` and both use them); as the board in PNG or SVG; as an animated GIF of
  the timeline between two steps (Pillow, imported only then).
- The history exports as CSV or JSON, one row per run.
- A run saves to a ``.knightviz`` file with its recording (``engine/runfile.py``) and opens
  again as a history row brought back: the board at its end, the timeline to scrub.

The window calls these functions with its session and history; nothing here knows the window.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import Any

from PySide6.QtCore import QBuffer, QCoreApplication, QIODevice, QRect, QSize, Qt
from PySide6.QtGui import QImage, QPainter, QPalette
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QMessageBox,
    QProgressDialog,
    QSpinBox,
    QWidget,
)

from knightviz.engine import Board, Result
from knightviz.engine import formats as layouts
from knightviz.engine.recording import Recording, fast_scanner
from knightviz.engine.runfile import RunFileError, SavedRun, read_run, rebuild
from knightviz.engine.runfile import write_run as write_run_file
from knightviz.gui.board.geometry import BoardGeometry
from knightviz.gui.board.layers import FLASH
from knightviz.gui.board.model import BoardModel
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.puzzles.base import Puzzle
from knightviz.gui.session import RecordingStore, RunRecord, RunSession, State
from knightviz.gui.text import fmt_int

#: A GIF has at most this many frames: longer stretches are sampled evenly.
MAX_GIF_FRAMES = 300
#: Longest side of a GIF (pixels), and its default.
MAX_GIF_SIDE = 800
GIF_SIDE = 480
#: Frame delay of a GIF (ms), and how long its last frame stays before it loops.
GIF_DELAY_MS = 100
GIF_HOLD_MS = 2000
#: Longest side of the board in PNG and SVG (logical pixels); PNG is drawn at twice that.
IMAGE_SIDE = 640
PNG_SCALE = 2.0

TEXT_FORMATS_KNIGHT = ("c", "py", "matrix", "sequence", "algebraic")
TEXT_FORMATS_QUEENS = ("algebraic", "results", "ascii")
IMAGE_FORMATS = ("png", "svg", "gif")
HISTORY_FORMATS = ("csv", "json")
HISTORY_COLUMNS = (
    "number",
    "puzzle",
    "rows",
    "cols",
    "board",
    "start",
    "strategy",
    "outcome",
    "moves",
    "backtracks",
    "steps",
    "solutions",
    "search_seconds",
    "wall_seconds",
)


class ExportError(Exception):
    """Something the user must be told (a sentence, already translated)."""


@dataclass(frozen=True, slots=True)
class RunFormat:
    """One choice of File > Export run: its key (``export_run``'s ``fmt``), the file name
    suffix and the file dialog's filter."""

    key: str
    suffix: str
    label: str

    @property
    def filter(self) -> str:
        return f"{self.label} (*{self.suffix})"


@dataclass(slots=True)
class RunExport:
    """The run on the board, as File > Export run sees it."""

    puzzle: Puzzle
    settings: Any
    start: tuple[int, int]
    result: Result
    solutions: list[tuple[int, ...]]
    recording: Recording | None

    @property
    def board(self) -> Board:
        return Board(self.settings.rows, self.settings.cols)

    @property
    def start_index(self) -> int:
        return self.start[0] * self.settings.cols + self.start[1]

    @property
    def file_name(self) -> str:
        """What the run was, as a file name without suffix (``default_name``)."""
        start = self.board.name(self.start_index) if self.puzzle.movable_start else ""
        return default_name(self.puzzle.key, self.settings, start)

    @classmethod
    def from_session(cls, session: RunSession) -> RunExport | None:
        """The session's run once it has ended (solved, exhausted or stopped), else None."""
        if session.state is not State.FINISHED or session.result is None:
            return None
        if session.run_settings is None:
            return None
        return cls(
            session.run_puzzle,
            session.run_settings,
            session.run_start,
            session.result,
            list(session.found),
            session.recording,
        )


def why_not_exportable(session: RunSession) -> str | None:
    """Why there is no run to export or save yet (a sentence), or None."""
    if session.state in (State.RUNNING, State.PAUSED):
        return QCoreApplication.translate(
            "Export", "A run is going: it can be exported once it has ended (or press Reset)."
        )
    if RunExport.from_session(session) is None:
        return QCoreApplication.translate(
            "Export", "No run to export yet: press Start, or bring a run back from the history."
        )
    return None


def run_formats(puzzle_key: str, settings: Any) -> list[RunFormat]:
    """The formats File > Export run offers for this puzzle, text layouts first."""
    if puzzle_key == "queens":
        out = [
            RunFormat(
                "algebraic",
                ".txt",
                QCoreApplication.translate("Export", "Solutions, one line of squares each (text)"),
            ),
        ]
        if getattr(settings, "all_solutions", True):
            out.append(
                RunFormat(
                    "results",
                    ".txt",
                    QCoreApplication.translate("Export", "The eight-queens article's lines (text)"),
                )
            )
        out.append(
            RunFormat(
                "ascii", ".txt", QCoreApplication.translate("Export", "The article's boards (text)")
            )
        )
        out.append(
            RunFormat(
                "json",
                ".json",
                QCoreApplication.translate("Export", "JSON, as knightviz queens prints it"),
            )
        )
    else:
        out = [
            RunFormat(
                "c",
                ".txt",
                QCoreApplication.translate(
                    "Export", "Matrix as the tutorial's C/C++ program prints it"
                ),
            ),
            RunFormat(
                "py",
                ".txt",
                QCoreApplication.translate(
                    "Export", "Matrix as the tutorial's Python3/Java/C# programs print it"
                ),
            ),
            RunFormat(
                "matrix",
                ".txt",
                QCoreApplication.translate("Export", "Matrix as the tutorial's text shows it"),
            ),
            RunFormat(
                "sequence",
                ".txt",
                QCoreApplication.translate(
                    "Export", "Square numbers on one line (the batch program's line)"
                ),
            ),
            RunFormat(
                "algebraic",
                ".txt",
                QCoreApplication.translate("Export", "Square names on one line"),
            ),
            RunFormat(
                "json",
                ".json",
                QCoreApplication.translate("Export", "JSON, as knightviz solve prints it"),
            ),
        ]
    out += [
        RunFormat("png", ".png", QCoreApplication.translate("Export", "PNG image of the board")),
        RunFormat("svg", ".svg", QCoreApplication.translate("Export", "SVG drawing of the board")),
        RunFormat("gif", ".gif", QCoreApplication.translate("Export", "Animated GIF of the run")),
    ]
    return out


def default_name(puzzle_key: str, settings: Any, start_name: str) -> str:
    """A file name (no suffix) that says what the run was: ``knight-8x8-a8-warnsdorff``."""
    size = f"{settings.rows}x{settings.cols}"
    if puzzle_key == "queens":
        which = "all" if getattr(settings, "all_solutions", True) else "first"
        return f"queens-{size}-{which}-{getattr(settings, 'variant', 'sets')}"
    if not getattr(settings, "warnsdorff", False):
        strategy = "plain"
    else:
        tie = str(getattr(settings, "tie_break", "first"))
        strategy = "warnsdorff" if tie == "first" else f"warnsdorff-{tie}"
        if tie == "random":
            strategy += f"{getattr(settings, 'seed', 0)}"
    if not getattr(settings, "backtrack", True):
        strategy += "-greedy"
    if getattr(settings, "closed", False):
        strategy += "-closed"
    return f"{puzzle_key}-{size}-{start_name}-{strategy}"


# -- text and JSON ----------------------------------------------------------------------------


def run_text(run: RunExport, fmt: str) -> str:
    """The run as ``knightviz solve``/``queens --format fmt`` prints the same search."""
    board, result = run.board, run.result
    s = run.settings
    if run.puzzle.key == "queens":
        first = not getattr(s, "all_solutions", True)
        if result.count > len(run.solutions):
            raise ExportError(
                QCoreApplication.translate(
                    "Export",
                    "Only the first {0} of {1} solutions were kept: too many to export.",
                ).format(fmt_int(len(run.solutions)), fmt_int(result.count))
            )
        if fmt == "json":
            payload = layouts.queens_payload(board, run.solutions, result, first)
            return json.dumps(payload) + "\n"
        if fmt == "results" and first:
            raise ExportError(
                QCoreApplication.translate(
                    "Export",
                    "The article's program has no first-solution mode: its lines end with "
                    "the number of all solutions. Find all solutions to export this layout.",
                )
            )
        if fmt not in TEXT_FORMATS_QUEENS:
            raise ValueError(f"unknown N-Queens format: {fmt!r}")
        return layouts.queens_text(board, run.solutions, result, fmt, first)
    if fmt == "json":
        payload = layouts.solve_payload(
            board,
            run.start_index,
            heuristic="warnsdorff" if s.warnsdorff else "none",
            tie_break=s.tie_break,
            seed=s.seed,
            backtrack=s.backtrack,
            closed=s.closed,
            result=result,
        )
        return json.dumps(payload) + "\n"
    if fmt == "batch":
        fmt = "sequence"
    if fmt not in TEXT_FORMATS_KNIGHT:
        raise ValueError(f"unknown knight's tour format: {fmt!r}")
    return layouts.solve_text(board, result, fmt)


def _write_bytes(path: str, data: bytes) -> None:
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError as exc:
        raise ExportError(cannot_write(path, exc)) from None


def cannot_write(path: str, exc: OSError | None = None) -> str:
    why = exc.strerror if exc is not None and exc.strerror else ""
    text = QCoreApplication.translate("Export", "Could not write {0}.").format(path)
    return f"{text} {why}".strip()


# -- pictures ---------------------------------------------------------------------------------


class BoardPainter:
    """A board widget that is never shown, to draw any position of a run into an image or
    an SVG file with the puzzle's own layers (the window's board is left alone)."""

    def __init__(
        self,
        puzzle: Puzzle,
        settings: Any,
        start: tuple[int, int],
        side: int,
        details: bool = False,
        closing: bool = False,
    ) -> None:
        self.model = BoardModel(settings.rows, settings.cols, ())
        self.widget = BoardWidget(self.model)
        w = self.widget
        w.set_layers(puzzle.create_layers())
        puzzle.configure_layers(w.layers(), settings)
        w.set_movable_start(puzzle.movable_start)
        if puzzle.movable_start:
            w.set_start_square(*start)
        w.set_interactive(False)
        w.set_details(details)
        w.set_closing(closing)
        self.size = self._fit(side, settings.rows, settings.cols)
        w.resize(self.size)

    def _fit(self, side: int, rows: int, cols: int) -> QSize:
        """The widget size whose board has ``rows``:``cols`` proportions, longest side
        ``side``, with room for the labels."""
        self.widget.resize(side, side)
        g = self.widget.board_geometry()
        metrics = g.metrics
        square = (side - 2 * max(g.band_x, g.band_y)) / max(rows, cols)
        probe = BoardGeometry(side, side, rows, cols, metrics)
        width = math.ceil(cols * square + 2 * probe.band_x)
        height = math.ceil(rows * square + 2 * probe.band_y)
        return QSize(width, height)

    def show(self, path: Sequence[int], moves: int, backtracks: int, last: Sequence[int]) -> None:
        """The position to draw: its squares, counts, and last steps (a backtrack among
        them flashes, as on screen)."""
        m = self.model
        m.flashes.clear()
        backs = [~x for x in last[-1:] if x < 0]
        m.replace(path, moves, backtracks, flashes=backs)
        m.last_events = tuple(last)

    def copy_model(self, model: BoardModel) -> None:
        self.show(model.path, model.moves, model.backtracks, model.last_events)

    def paint(self, p: QPainter, dpr: float) -> None:
        w = self.widget
        ctx = w.paint_context()
        ctx.dpr = dpr
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for layer in w.layers():
            layer.paint(p, ctx)

    def image(self, scale: float = 1.0) -> QImage:
        size = self.size
        img = QImage(
            round(size.width() * scale),
            round(size.height() * scale),
            QImage.Format.Format_ARGB32_Premultiplied,
        )
        img.setDevicePixelRatio(scale)
        img.fill(self.widget.palette().color(QPalette.ColorRole.Window))
        with QPainter(img) as p:
            self.paint(p, scale)
        return img

    def svg(self, title: str) -> bytes:
        """The board as an SVG document."""
        size = self.size
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        gen = QSvgGenerator()
        gen.setOutputDevice(buffer)
        gen.setSize(size)
        gen.setResolution(96)  # its width and height in mm then mean these pixels on screen
        gen.setViewBox(QRect(0, 0, size.width(), size.height()))
        gen.setTitle(title)
        gen.setDescription(QCoreApplication.translate("Export", "Drawn by knightviz"))
        with QPainter(gen) as p:
            p.fillRect(QRect(0, 0, size.width(), size.height()), self._window_colour())
            # The squares, numbers and pieces are cached pixmaps: drawn at 3× they stay
            # crisp when the drawing is enlarged; lines and shading are vectors.
            self.paint(p, 3.0)
        return bytes(buffer.data().data())

    def png(self, scale: float) -> bytes:
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        self.image(scale).save(buffer, "PNG")
        return bytes(buffer.data().data())

    def _window_colour(self) -> Any:
        return self.widget.palette().color(QPalette.ColorRole.Window)

    def close(self) -> None:
        self.widget.close()
        self.widget.deleteLater()


@dataclass(frozen=True, slots=True)
class GifReport:
    frames: int
    seconds: float
    bytes: int


def gif_steps(first: int, last: int, max_frames: int = MAX_GIF_FRAMES) -> list[int]:
    """The steps shown by a GIF from ``first`` to ``last``: every step, or ``max_frames``
    of them evenly spread (both ends included)."""
    first, last = min(first, last), max(first, last)
    n = last - first + 1
    if n <= max_frames:
        return list(range(first, last + 1))
    return sorted({first + round(i * (last - first) / (max_frames - 1)) for i in range(max_frames)})


def write_gif(
    painter: BoardPainter,
    recording: Recording,
    path: str,
    first: int,
    last: int,
    delay_ms: int = GIF_DELAY_MS,
    progress: Callable[[int, int], bool] | None = None,
) -> GifReport:
    """An animated GIF of the run from step ``first`` to step ``last`` (looping, the last
    frame held). ``progress(done, total)`` may return False to cancel (ExportError)."""
    from PIL import Image  # only here: the rest of the app never needs Pillow

    t0 = perf_counter()
    steps = gif_steps(first, last, MAX_GIF_FRAMES)
    rgb: list[Any] = []
    for i, step in enumerate(steps):
        pos = recording.seek(step)
        painter.show(pos.path, pos.moves, pos.backtracks, pos.last_events)
        img = painter.image().convertToFormat(QImage.Format.Format_RGB888)
        w, h = img.width(), img.height()
        data = bytes(img.constBits())[: img.bytesPerLine() * h]
        rgb.append(Image.frombuffer("RGB", (w, h), data, "raw", "RGB", img.bytesPerLine(), 1))
        if progress is not None and not progress(i + 1, len(steps)):
            raise ExportError(QCoreApplication.translate("Export", "GIF export cancelled."))
    # One palette for every frame, made from a few frames and the flash's red: frames then
    # differ only where the board changed, and the GIF stores just that rectangle.
    samples = [*rgb[:: max(1, len(rgb) // 8)], rgb[-1]]
    sheet = Image.new("RGB", (rgb[0].width, rgb[0].height * len(samples) + 16))
    for k, frame in enumerate(samples):
        sheet.paste(frame, (0, k * rgb[0].height))
    sheet.paste(FLASH.name(), (0, rgb[0].height * len(samples), 16, sheet.height))
    palette = sheet.quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    frames = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in rgb]
    durations = [max(20, delay_ms)] * len(frames)
    durations[-1] = max(durations[-1], GIF_HOLD_MS)
    buffer = io.BytesIO()
    frames[0].save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        disposal=1,
    )
    data = buffer.getvalue()
    _write_bytes(path, data)
    return GifReport(len(frames), perf_counter() - t0, len(data))


def write_export(
    run: RunExport,
    path: str,
    fmt: str,
    *,
    shown: BoardModel | None = None,
    details: bool = False,
    closing: bool = False,
    first: int | None = None,
    last: int | None = None,
    delay_ms: int = GIF_DELAY_MS,
    side: int | None = None,
    progress: Callable[[int, int], bool] | None = None,
) -> GifReport | None:
    """Write ``run`` in format ``fmt`` (see ``run_formats``). Pictures show ``shown`` (the
    board on screen) or, without it, the run's end; a GIF shows steps ``first`` … ``last``
    (default: the whole run). ExportError with a sentence when it cannot be done."""
    if fmt in IMAGE_FORMATS:
        painter = BoardPainter(
            run.puzzle,
            run.settings,
            run.start,
            side or (GIF_SIDE if fmt == "gif" else IMAGE_SIDE),
            details=details if fmt != "gif" else False,
            closing=closing,
        )
        try:
            if fmt == "gif":
                rec = run.recording
                if rec is None or len(rec) == 0:
                    raise ExportError(
                        QCoreApplication.translate("Export", "This run has no recorded steps.")
                    )
                lo = 0 if first is None else max(0, min(first, len(rec)))
                hi = len(rec) if last is None else max(0, min(last, len(rec)))
                return write_gif(painter, rec, path, lo, hi, delay_ms, progress)
            if shown is not None:
                painter.copy_model(shown)
            elif run.recording is not None:
                pos = run.recording.seek(len(run.recording))
                painter.show(pos.path, pos.moves, pos.backtracks, pos.last_events)
            if fmt == "png":
                _write_bytes(path, painter.png(PNG_SCALE))
            else:
                _write_bytes(path, painter.svg(run.file_name))
            return None
        finally:
            painter.close()
    _write_bytes(path, run_text(run, fmt).encode("utf-8"))
    return None


class GifDialog(QDialog):
    """From which step to which, how fast and how big: the GIF's few choices."""

    def __init__(self, length: int, shown: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gifDialog")
        self.setWindowTitle(self.tr("Export an animated GIF"))
        # Before the spins: setting their values below already calls _update.
        self.frames_label = QLabel()
        self.frames_label.setObjectName("gifFramesLabel")
        self.frames_label.setWordWrap(True)
        self.first_spin = QSpinBox()
        self.first_spin.setObjectName("gifFirstSpin")
        self.last_spin = QSpinBox()
        self.last_spin.setObjectName("gifLastSpin")
        for spin in (self.first_spin, self.last_spin):
            spin.setRange(0, max(0, length))
            spin.setGroupSeparatorShown(True)
            spin.valueChanged.connect(self._update)
        self.first_spin.setValue(0)
        self.last_spin.setValue(length)
        self.first_spin.setToolTip(self.tr("The step of the timeline the GIF starts at"))
        self.last_spin.setToolTip(
            self.tr("The step it ends at (the step on the board now: {0})").format(fmt_int(shown))
        )
        self.delay_spin = QSpinBox()
        self.delay_spin.setObjectName("gifDelaySpin")
        self.delay_spin.setRange(20, 5000)
        self.delay_spin.setSingleStep(10)
        self.delay_spin.setValue(GIF_DELAY_MS)
        self.delay_spin.setSuffix(self.tr(" ms"))
        self.delay_spin.setToolTip(self.tr("How long each frame is shown"))
        self.side_spin = QSpinBox()
        self.side_spin.setObjectName("gifSizeSpin")
        self.side_spin.setRange(160, MAX_GIF_SIDE)
        self.side_spin.setSingleStep(40)
        self.side_spin.setValue(GIF_SIDE)
        self.side_spin.setSuffix(self.tr(" px"))
        self.side_spin.setToolTip(self.tr("The longest side of the picture"))
        form = QFormLayout(self)
        form.addRow(self.tr("From step"), self.first_spin)
        form.addRow(self.tr("To step"), self.last_spin)
        form.addRow(self.tr("Frame delay"), self.delay_spin)
        form.addRow(self.tr("Size"), self.side_spin)
        form.addRow(self.frames_label)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._update()

    def _update(self) -> None:
        first, last = self.first_spin.value(), self.last_spin.value()
        span = abs(last - first) + 1
        frames = min(span, MAX_GIF_FRAMES)
        if span > MAX_GIF_FRAMES:
            text = self.tr("{0} frames, evenly spread over {1} steps.").format(
                fmt_int(frames), fmt_int(span)
            )
        else:
            text = self.tr("{0} frames, one per step.").format(fmt_int(frames))
        self.frames_label.setText(text)

    def choice(self) -> tuple[int, int, int, int]:
        """(first step, last step, delay in ms, longest side in px)."""
        first, last = self.first_spin.value(), self.last_spin.value()
        return min(first, last), max(first, last), self.delay_spin.value(), self.side_spin.value()


# -- history ----------------------------------------------------------------------------------


def history_rows(records: Sequence[RunRecord]) -> list[dict[str, Any]]:
    """One dict per run, the columns of ``HISTORY_COLUMNS`` (machine-readable values:
    the outcome as the CLI writes it, seconds as numbers)."""
    rows = []
    for rec in records:
        r, s = rec.result, rec.settings
        rows.append(
            {
                "number": rec.number,
                "puzzle": rec.puzzle,
                "rows": s.rows,
                "cols": s.cols,
                "board": f"{s.rows}x{s.cols}",
                "start": rec.start_name if rec.start_name != "—" else "",
                "strategy": rec.strategy,
                "outcome": r.outcome.value,
                "moves": r.moves,
                "backtracks": r.backtracks,
                "steps": r.steps,
                "solutions": r.count,
                "search_seconds": round(r.seconds, 6),
                "wall_seconds": round(rec.wall_seconds, 6),
            }
        )
    return rows


def write_history(records: Sequence[RunRecord], path: str, fmt: str) -> None:
    """The history as CSV (UTF-8 with a byte-order mark, so spreadsheets read non-English
    text right) or JSON (``{"runs": [...]}``)."""
    rows = history_rows(records)
    if fmt == "csv":
        out = io.StringIO(newline="")
        writer = csv.DictWriter(out, fieldnames=HISTORY_COLUMNS, lineterminator="\r\n")
        writer.writeheader()
        writer.writerows(rows)
        data = out.getvalue().encode("utf-8-sig")
    elif fmt == "json":
        payload = {"format": "knightviz-history", "version": 1, "runs": rows}
        data = (json.dumps(payload, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    else:
        raise ValueError(f"unknown history format: {fmt!r}")
    _write_bytes(path, data)


# -- saved runs -------------------------------------------------------------------------------


def saved_run(run: RunExport, record: RunRecord | None, wall_seconds: float) -> SavedRun:
    """What a ``.knightviz`` file keeps of ``run`` (its recording fully scanned for markers)."""
    rec = run.recording
    data = None
    if rec is not None:
        scanner = fast_scanner()
        while not rec.scan_markers(budget=1 << 22, scanner=scanner):
            pass
        data = rec.data()
    extra = record.extra if record is not None else {}
    explored = extra.get("explored")
    return SavedRun(
        puzzle=run.puzzle.key,
        rows=run.settings.rows,
        cols=run.settings.cols,
        settings=dataclasses.asdict(run.settings),
        start=run.start,
        result=run.result,
        wall_seconds=record.wall_seconds if record is not None else wall_seconds,
        solutions=list(run.solutions),
        anyway=bool(extra.get("anyway", False)),
        explored=float(explored) if explored is not None else None,
        recording=data,
    )


def save_run_file(run: RunExport, record: RunRecord | None, wall: float, path: str) -> SavedRun:
    saved = saved_run(run, record, wall)
    try:
        write_run_file(path, saved)
    except OSError as exc:
        raise ExportError(cannot_write(path, exc)) from None
    return saved


def settings_from(puzzle: Puzzle, values: dict[str, Any]) -> Any:
    """The puzzle's settings from a file's JSON object: every field typed as the default's
    (a missing one takes the default); RunFileError on a wrong type or size."""
    base = puzzle.default_settings()
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(base):
        if f.name not in values:
            continue
        value, default = values[f.name], getattr(base, f.name)
        if type(value) is not type(default):
            raise RunFileError(f"damaged file: setting {f.name!r} has the wrong type")
        changes[f.name] = value
    settings = dataclasses.replace(base, **changes)
    rows, cols = settings.rows, settings.cols
    if not (1 <= rows <= puzzle.max_side and 1 <= cols <= puzzle.max_side):
        raise RunFileError("damaged file: the board size is out of range")
    if puzzle.square_only and rows != cols:
        raise RunFileError("damaged file: this puzzle's board must be square")
    return settings


def open_run_file(path: str, puzzles: dict[str, Puzzle], store: RecordingStore) -> RunRecord:
    """A saved run as a history record (number 0: the window numbers it), its recording
    rebuilt in ``store``. ExportError with a sentence for any file that cannot be opened."""
    try:
        saved = read_run(path)
        puzzle = puzzles.get(saved.puzzle)
        if puzzle is None:
            raise RunFileError(f"a puzzle this knightviz does not know: {saved.puzzle!r}")
        settings = settings_from(puzzle, saved.settings)
        if (settings.rows, settings.cols) != (saved.rows, saved.cols):
            raise RunFileError("damaged file: two different board sizes")
        recording = None
        if saved.recording is not None:
            data = saved.recording
            if tuple(data.initial) != puzzle.initial(settings, _index(saved.start, settings)):
                raise RunFileError("damaged file: the recording starts elsewhere")
            recording = rebuild(data, store.new(data.initial, data.solution_depth))
    except RunFileError as exc:
        raise ExportError(
            QCoreApplication.translate("Export", "{0} cannot be opened: {1}.").format(
                os.path.basename(path), str(exc).rstrip(".")
            )
        ) from None
    except OSError as exc:
        raise ExportError(
            QCoreApplication.translate("Export", "{0} cannot be read: {1}.").format(
                path, exc.strerror or exc
            )
        ) from None
    start = saved.start
    board = Board(settings.rows, settings.cols)
    model = BoardModel(settings.rows, settings.cols, ())
    if recording is not None:
        pos = recording.seek(len(recording))
        model.replace(pos.path, pos.moves, pos.backtracks)
    index = _index(start, settings)
    return RunRecord(
        puzzle=puzzle.key,
        settings=settings,
        start=start,
        start_name=board.name(index) if puzzle.movable_start else "—",
        result=saved.result,
        wall_seconds=saved.wall_seconds,
        strategy=puzzle.describe(settings),
        summary=puzzle.describe_result(settings, index, saved.result, model),
        solutions=tuple(saved.solutions),
        extra={
            "explored": saved.explored,
            "tree_steps": None,
            "backend": "python",
            "recording": recording,
            "anyway": saved.anyway,
            "file": path,
        },
    )


def record_of(records: Sequence[RunRecord], recording: Recording | None) -> RunRecord | None:
    """The history row of the run whose recording this is (the run on the board)."""
    if recording is None:
        return None
    for rec in reversed(records):
        if rec.extra.get("recording") is recording:
            return rec
    return None


def gaps_note(saved: SavedRun) -> str:
    """A sentence when the saved recording has gaps (steps not kept), else ""."""
    gaps = saved.gaps
    if not gaps:
        return ""
    missing = sum(b - a for a, b in gaps)
    return QCoreApplication.translate(
        "Export",
        "The recording had dropped {0} steps to stay within its memory budget: the file "
        "keeps the rest, and the timeline shows the gaps hatched.",
    ).format(fmt_int(missing))


def _index(start: tuple[int, int], settings: Any) -> int:
    return start[0] * settings.cols + start[1]


# -- dialogs (the window's File menu) ---------------------------------------------------------


def ask_save_path(
    parent: QWidget, title: str, folder: str, name: str, choices: Sequence[RunFormat]
) -> tuple[str, str] | None:
    """A file name and the chosen format's key, or None if cancelled. A name typed without
    the format's suffix gets it."""
    filters = [c.filter for c in choices]
    suggested = os.path.join(folder, name + choices[0].suffix)
    path, chosen = QFileDialog.getSaveFileName(
        parent, title, suggested, ";;".join(filters), filters[0]
    )
    if not path:
        return None
    choice = next((c for c in choices if c.filter == chosen), None)
    if choice is None:  # no filter reported back: go by the suffix typed
        choice = next((c for c in choices if path.lower().endswith(c.suffix)), choices[0])
    if not os.path.splitext(path)[1]:
        path += choice.suffix
    return path, choice.key


def history_formats() -> list[RunFormat]:
    return [
        RunFormat("csv", ".csv", QCoreApplication.translate("Export", "CSV table")),
        RunFormat("json", ".json", QCoreApplication.translate("Export", "JSON")),
    ]


def run_file_format() -> RunFormat:
    return RunFormat(
        "knightviz", ".knightviz", QCoreApplication.translate("Export", "knightviz runs")
    )


def ask_open_path(parent: QWidget, folder: str) -> str | None:
    path, _ = QFileDialog.getOpenFileName(
        parent,
        QCoreApplication.translate("Export", "Open a saved run"),
        folder,
        run_file_format().filter + ";;" + QCoreApplication.translate("Export", "All files (*)"),
    )
    return path or None


def ask_gif(parent: QWidget, length: int, shown: int) -> tuple[int, int, int, int] | None:
    dialog = GifDialog(length, shown, parent)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.choice()
    finally:
        dialog.deleteLater()


def warn(parent: QWidget, title: str, text: str) -> None:
    QMessageBox.warning(parent, title, text)


class Progress:
    """A cancellable progress dialog for a long export (the GIF's frames)."""

    def __init__(self, parent: QWidget, text: str) -> None:
        self.dialog = QProgressDialog(
            text, QCoreApplication.translate("Export", "Cancel"), 0, 100, parent
        )
        self.dialog.setObjectName("exportProgress")
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(300)

    def __call__(self, done: int, total: int) -> bool:
        self.dialog.setMaximum(total)
        self.dialog.setValue(done)
        QApplication.processEvents()
        return not self.dialog.wasCanceled()

    def close(self) -> None:
        self.dialog.reset()
        self.dialog.close()
        self.dialog.deleteLater()
