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

from PySide6.QtCore import QBuffer, QCoreApplication, QIODevice, QRect, QSize
from PySide6.QtGui import QImage, QPainter, QPalette
from PySide6.QtSvg import QSvgGenerator

from knightviz.engine import Board, Result
from knightviz.engine.files import atomic_write
from knightviz.engine.recording import Recording, fast_scanner
from knightviz.engine.runfile import RunFileError, SavedRun, read_run, rebuild
from knightviz.engine.runfile import write_run as write_run_file
from knightviz.engine.store import RecordingStore
from knightviz.gui.board.geometry import BoardGeometry
from knightviz.gui.board.layers import FLASH
from knightviz.gui.board.model import BoardModel
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.puzzles.base import ExportRefused, Puzzle, RunFormat
from knightviz.gui.session import RunRecord, RunSession, RunSetup, State
from knightviz.gui.text import fmt_int
from knightviz.page import PageError, write_page

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

IMAGE_FORMATS = ("png", "svg", "gif")
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


@dataclass(slots=True)
class RunExport:
    """The run on the board, as File › Export run sees it."""

    puzzle: Puzzle[Any]
    settings: Any
    #: The start square (``row * cols + col``).
    start: int
    result: Result
    solutions: list[tuple[int, ...]]
    recording: Recording | None

    @property
    def board(self) -> Board:
        return Board(self.settings.rows, self.settings.cols)

    @property
    def file_name(self) -> str:
        """What the run was, as a file name without suffix (``knight-8x8-a8-warnsdorff``)."""
        return self.puzzle.file_name(self.settings, self.start)

    @classmethod
    def from_session(cls, session: RunSession) -> RunExport | None:
        """The session's run once it has ended (solved, exhausted or stopped), else None."""
        run = session.run
        if session.state is not State.FINISHED or session.result is None or run is None:
            return None
        return cls(
            session.puzzles[run.puzzle],
            run.settings,
            run.start,
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


def run_formats(puzzle: Puzzle[Any], settings: Any) -> list[RunFormat]:
    """The formats File › Export run offers for this puzzle: its text layouts, then pictures."""
    return [
        *puzzle.export_formats(settings),
        RunFormat("png", ".png", QCoreApplication.translate("Export", "PNG image of the board")),
        RunFormat("svg", ".svg", QCoreApplication.translate("Export", "SVG drawing of the board")),
        RunFormat("gif", ".gif", QCoreApplication.translate("Export", "Animated GIF of the run")),
        RunFormat("html", ".html", QCoreApplication.translate("Export", "Interactive page")),
    ]


# -- text and JSON ----------------------------------------------------------------------------


def run_text(run: RunExport, fmt: str) -> str:
    """The run as ``knightviz solve``/``queens --format fmt`` prints the same search."""
    try:
        return run.puzzle.export_text(run.settings, run.start, run.result, run.solutions, fmt)
    except ExportRefused as exc:
        raise ExportError(str(exc)) from None


def _write_bytes(path: str, data: bytes) -> None:
    """All of ``data`` in ``path``, or the old file left as it was and ExportError."""
    try:
        atomic_write(path, data)
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
        puzzle: Puzzle[Any],
        settings: Any,
        start: int,
        side: int,
        details: bool = False,
        closing: bool = False,
    ) -> None:
        self.model = BoardModel(settings.rows, settings.cols, (), puzzle.values(settings))
        self.widget = BoardWidget(self.model)
        w = self.widget
        w.set_layers(puzzle.create_layers())
        puzzle.configure_layers(w.layers(), settings)
        w.set_movable_start(puzzle.movable_start)
        if puzzle.movable_start:
            w.set_start(start)
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
        m.clear_flashes()
        backs = [~x for x in last[-1:] if x < 0]
        m.replace(path, moves, backtracks, flashes=backs, last_events=last)

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
        self.image(scale).save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs want bytes, the binding wants str
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
    lang: str = "en",
) -> GifReport | None:
    """Write ``run`` in format ``fmt`` (see ``run_formats``). Pictures show ``shown`` (the
    board on screen) or, without it, the run's end; a GIF shows steps ``first`` … ``last``
    (default: the whole run); the interactive page speaks ``lang``. ExportError with a
    sentence when it cannot be done."""
    if fmt == "html":
        write_html(run, path, lang)
        return None
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


def write_html(run: RunExport, path: str, lang: str) -> None:
    """The run as one interactive page (knightviz/page): its whole recording, offline."""
    rec = run.recording
    if rec is None or len(rec) == 0:
        raise ExportError(QCoreApplication.translate("Export", "This run has no recorded steps."))
    try:
        page = run.puzzle.page_run(run.settings, run.start, run.result, rec.data(), lang)
    except ExportRefused as exc:
        raise ExportError(str(exc)) from None
    except PageError:
        raise ExportError(
            QCoreApplication.translate(
                "Export",
                "The interactive page shows the knight on a full board only, not removed "
                "squares or other pieces.",
            )
        ) from None
    try:
        write_page(page, path)
    except OSError as exc:
        raise ExportError(cannot_write(path, exc)) from None


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
    explored = record.explored if record is not None else None
    return SavedRun(
        puzzle=run.puzzle.key,
        rows=run.settings.rows,
        cols=run.settings.cols,
        settings=dataclasses.asdict(run.settings),
        start=divmod(run.start, run.settings.cols),
        result=run.result,
        wall_seconds=record.wall_seconds if record is not None else wall_seconds,
        solutions=list(run.solutions),
        anyway=record.anyway if record is not None else False,
        explored=float(explored) if explored is not None else None,
        recording=data,
        values=run.puzzle.values(run.settings),
    )


def save_run_file(run: RunExport, record: RunRecord | None, wall: float, path: str) -> SavedRun:
    saved = saved_run(run, record, wall)
    try:
        write_run_file(path, saved)
    except OSError as exc:
        raise ExportError(cannot_write(path, exc)) from None
    return saved


def open_run_file(path: str, puzzles: dict[str, Puzzle[Any]], store: RecordingStore) -> RunRecord:
    """A saved run as a history record (number 0: the window numbers it), its recording
    rebuilt in ``store``. ExportError with a sentence for any file that cannot be opened."""
    recording: Recording | None = None
    try:
        saved = read_run(path)
        puzzle = puzzles.get(saved.puzzle)
        if puzzle is None:
            raise RunFileError(f"a puzzle this knightviz does not know: {short(saved.puzzle)!r}")
        try:
            settings = puzzle.decode_settings(saved.settings)
        except ValueError as exc:
            raise RunFileError(f"damaged file: {short(str(exc))}") from None
        if (settings.rows, settings.cols) != (saved.rows, saved.cols):
            raise RunFileError("damaged file: two different board sizes")
        if saved.values != puzzle.values(settings):
            raise RunFileError("damaged file: its squares hold another number of values")
        row, col = saved.start
        if not (0 <= row < settings.rows and 0 <= col < settings.cols):
            raise RunFileError("damaged file: the start square is off the board")
        start = row * settings.cols + col if puzzle.movable_start else 0
        if saved.recording is not None:
            data = saved.recording
            if tuple(data.initial) != puzzle.initial(settings, start):
                raise RunFileError("damaged file: the recording starts elsewhere")
            recording = rebuild(
                data, store.new(data.initial, data.solution_depth), puzzle.rules(settings)
            )
        model = BoardModel(settings.rows, settings.cols, (), puzzle.values(settings))
        if recording is not None:
            pos = recording.seek(len(recording))
            model.replace(pos.path, pos.moves, pos.backtracks)
        return RunRecord(
            setup=RunSetup(puzzle.key, settings, start),
            result=saved.result,
            wall_seconds=saved.wall_seconds,
            strategy=puzzle.describe(settings),
            summary=puzzle.describe_result(settings, start, saved.result, model),
            start_name=puzzle.start_name(settings, start),
            solutions=tuple(saved.solutions),
            path=tuple(model.path),
            explored=saved.explored,
            recording=recording,
            anyway=saved.anyway,
        )
    except OSError as exc:
        why = exc.strerror or QCoreApplication.translate("Export", "the system refused to read it")
        raise ExportError(
            QCoreApplication.translate("Export", "{0} cannot be read: {1}.").format(path, why)
        ) from None
    except Exception as exc:  # a damaged file, whatever it provokes: one sentence of ours
        if recording is not None:
            recording.release()
        if isinstance(exc, RunFileError):
            why = str(exc)
        else:  # (never a library's own words: they name its internals)
            why = QCoreApplication.translate(
                "Export", "damaged file: its contents do not make a run this knightviz can show"
            )
        raise ExportError(
            QCoreApplication.translate("Export", "{0} cannot be opened: {1}.").format(
                os.path.basename(path), why.rstrip(".")
            )
        ) from None


def short(text: str, most: int = 60) -> str:
    """Text taken from a file, cut to a length a sentence can hold."""
    return text if len(text) <= most else text[: most - 1] + "…"


def record_of(records: Sequence[RunRecord | None], recording: Recording | None) -> RunRecord | None:
    """The history row of the run whose recording this is (the run on the board; None in
    ``records`` is a row that could not be read)."""
    if recording is None:
        return None
    for rec in reversed(records):
        if rec is not None and rec.recording is recording:
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
