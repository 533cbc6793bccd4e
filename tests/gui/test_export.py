"""File > Export run, Export history, Save run and Open run: every format written and read
back; the text layouts and JSON are exactly what the command line prints for the same run."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math
import os

import pytest
from PIL import Image
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QFileDialog, QMessageBox

from knightviz.cli import main as cli_main
from knightviz.engine import Outcome
from knightviz.gui.menus import file_dialogs
from knightviz.gui.panels import export as exporting

from .conftest import child, configure, place, set_speed, start_and_finish


@pytest.fixture
def messages(monkeypatch):
    """Message boxes, recorded instead of shown (a modal box would block the test): each one's
    (title, text), and in ``formats`` each one's text format."""
    shown = Shown()

    def warning(parent, title, text, *args, **kwargs):
        shown.append((title, text))
        shown.formats.append(Qt.TextFormat.AutoText)
        return QMessageBox.StandardButton.Ok

    def exec_(box):
        shown.append((box.windowTitle(), box.text()))
        shown.formats.append(box.textFormat())
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", warning)
    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return shown


class Shown(list):
    """(title, text) of each message box shown, and ``formats``: each one's text format."""

    def __init__(self) -> None:
        super().__init__()
        self.formats: list[Qt.TextFormat] = []


def cli_out(*args: str) -> bytes:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cli_main(list(args))
    return out.getvalue().encode("utf-8")


def run_knight(window, qtbot, start=(0, 0), **settings):
    configure(window, "knight", **settings)
    place(window, *start)
    set_speed(window, math.inf)
    return start_and_finish(window, qtbot)


def run_queens(window, qtbot, **settings):
    configure(window, "queens", **settings)
    set_speed(window, math.inf)
    return start_and_finish(window, qtbot)


def exported(window, tmp_path, fmt, suffix=".txt", **options) -> bytes:
    path = tmp_path / f"out-{fmt}{suffix}"
    assert window.export_run(str(path), fmt, **options)
    return path.read_bytes()


# -- nothing to export ------------------------------------------------------------------------


def test_export_is_disabled_with_a_reason_until_a_run_has_ended(window, qtbot, tmp_path, messages):
    for name in ("exportRunAction", "saveRunAction", "exportHistoryAction"):
        action = child(window, name)
        assert not action.isEnabled()
        assert action.toolTip()
    assert "No run" in child(window, "exportRunAction").toolTip()
    assert child(window, "openRunAction").isEnabled()
    assert not window.export_run(str(tmp_path / "x.txt"), "c")
    assert not window.save_run(str(tmp_path / "x.knightviz"))
    assert len(messages) == 2 and "No run" in messages[0][1]
    assert not (tmp_path / "x.txt").exists()
    run_knight(window, qtbot)
    for name in ("exportRunAction", "saveRunAction", "exportHistoryAction"):
        assert child(window, name).isEnabled()


# -- text and JSON: the command line's bytes -------------------------------------------------


@pytest.mark.parametrize(
    ("start", "settings", "cli"),
    [
        ((0, 0), {}, []),
        ((4, 2), {"rows": 6, "cols": 6, "tie_break": "roth"}, ["--size", "6", "--start", "c2"]),
        (
            (1, 1),
            {"rows": 6, "cols": 7, "tie_break": "random", "seed": 5, "closed": False},
            ["--size", "6x7", "--start", "b5", "--tie-break", "random", "--seed", "5"],
        ),
    ],
)
def test_tour_text_and_json_equal_the_cli(window, qtbot, tmp_path, start, settings, cli):
    result = run_knight(window, qtbot, start, **settings)
    assert result.outcome is Outcome.SOLVED
    if "--tie-break" not in cli and settings.get("tie_break"):
        cli = [*cli, "--tie-break", settings["tie_break"]]
    for fmt in ("c", "py", "matrix", "sequence", "algebraic"):
        assert exported(window, tmp_path, fmt) == cli_out("solve", *cli, "--format", fmt), fmt
    assert exported(window, tmp_path, "batch") == cli_out("solve", *cli, "--format", "sequence")
    ours = json.loads(exported(window, tmp_path, "json", ".json"))
    theirs = json.loads(cli_out("solve", *cli, "--format", "json"))
    assert isinstance(ours.pop("seconds"), float) and theirs.pop("seconds") is not None
    assert ours == theirs


def test_the_8x8_tour_is_the_batch_programs_line_shape(window, qtbot, tmp_path):
    run_knight(window, qtbot)
    line = exported(window, tmp_path, "sequence").decode()
    numbers = [int(x) for x in line.split()]
    assert line.endswith("\n") and sorted(numbers) == list(range(1, 65)) and numbers[0] == 1
    c = exported(window, tmp_path, "c").decode()
    assert c.splitlines()[0].startswith("  0 ") and c.splitlines()[0].endswith(" ")


def test_no_tour_text_equals_the_cli(window, qtbot, tmp_path):
    configure(window, "knight", rows=4, cols=4, warnsdorff=False)
    set_speed(window, math.inf)
    with qtbot.waitSignal(window.controller.run_finished, timeout=20_000) as blocker:
        window.search_anyway()
    assert blocker.args[0].outcome is Outcome.EXHAUSTED
    cli = ["--size", "4", "--heuristic", "none", "--search-anyway"]
    for fmt in ("c", "py", "matrix", "algebraic"):
        assert exported(window, tmp_path, fmt) == cli_out("solve", *cli, "--format", fmt), fmt
    assert exported(window, tmp_path, "c") == b"Solution does not exist"
    ours = json.loads(exported(window, tmp_path, "json", ".json"))
    theirs = json.loads(cli_out("solve", *cli, "--format", "json"))
    ours.pop("seconds"), theirs.pop("seconds")
    assert ours == theirs and ours["outcome"] == "exhausted"


@pytest.mark.parametrize("variant", ["sets", "bitboards"])
def test_queens_text_and_json_equal_the_cli(window, qtbot, tmp_path, variant):
    result = run_queens(window, qtbot, n=6, variant=variant)
    assert result.count == 4
    for fmt in ("algebraic", "results", "ascii"):
        assert exported(window, tmp_path, fmt) == cli_out("queens", "--size", "6", "--format", fmt)
    ours = json.loads(exported(window, tmp_path, "json", ".json"))
    theirs = json.loads(cli_out("queens", "--size", "6", "--format", "json"))
    ours.pop("seconds"), theirs.pop("seconds")
    assert ours == theirs


def test_queens_first_solution_and_the_layout_it_cannot_have(window, qtbot, tmp_path, messages):
    run_queens(window, qtbot, n=8, all_solutions=False)
    for fmt in ("algebraic", "ascii"):
        ours = exported(window, tmp_path, fmt)
        assert ours == cli_out("queens", "--first", "--format", fmt)
    ours = json.loads(exported(window, tmp_path, "json", ".json"))
    theirs = json.loads(cli_out("queens", "--first", "--format", "json"))
    ours.pop("seconds"), theirs.pop("seconds")
    assert ours == theirs
    # The article's program always ends with the count of all solutions: no such layout.
    offered = exporting.run_formats(window.puzzles["queens"], window.session.settings)
    assert "results" not in [f.key for f in offered]
    assert not window.export_run(str(tmp_path / "r.txt"), "results")
    assert messages and "first-solution" in messages[-1][1]


# -- pictures ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("rows", "cols"), [(8, 8), (5, 8)])
def test_png_and_svg_load_back_with_the_boards_proportions(window, qtbot, tmp_path, rows, cols):
    run_knight(window, qtbot, rows=rows, cols=cols)
    png, svg = tmp_path / "b.png", tmp_path / "b.svg"
    assert window.export_run(str(png), "png") and window.export_run(str(svg), "svg")
    image = QImage(str(png))
    assert not image.isNull()
    renderer = QSvgRenderer(str(svg))
    assert renderer.isValid()
    view = renderer.viewBoxF()  # the drawing's own coordinates: logical pixels
    size = QSize(round(view.width()), round(view.height()))
    # PNG at twice the SVG's size (crisp on paper and on high-DPI screens).
    assert abs(image.width() - 2 * size.width()) <= 2
    assert abs(image.height() - 2 * size.height()) <= 2
    ratio = image.width() / image.height()
    assert abs(ratio / (cols / rows) - 1) < 0.12  # labels add a small margin
    assert max(size.width(), size.height()) <= exporting.IMAGE_SIDE + 1
    # The board is really drawn: light and dark squares, and the path's colour somewhere.
    colours = {image.pixelColor(x, image.height() // 2).name() for x in range(image.width())}
    assert len(colours) > 10
    text = svg.read_text()
    assert "<svg" in text and "knight-" in text


def test_queens_png(window, qtbot, tmp_path):
    run_queens(window, qtbot, n=6)
    path = tmp_path / "q.png"
    assert window.export_run(str(path), "png")
    image = QImage(str(path))
    assert not image.isNull() and abs(image.width() / image.height() - 1) < 0.05


# -- GIF --------------------------------------------------------------------------------------


def frames(path) -> int:
    with Image.open(path) as im:
        assert im.format == "GIF" and im.info.get("loop") == 0
        return im.n_frames


def test_gif_of_the_whole_run_and_of_a_stretch(window, qtbot, tmp_path):
    run_knight(window, qtbot)
    whole = tmp_path / "whole.gif"
    assert window.export_run(str(whole), "gif")
    assert frames(whole) == 64  # steps 0 … 63
    assert window.last_gif.frames == 64 and window.last_gif.bytes == whole.stat().st_size
    part = tmp_path / "part.gif"
    assert window.export_run(str(part), "gif", first=10, last=20, delay_ms=50, side=200)
    assert frames(part) == 11
    with Image.open(part) as im:
        assert max(im.size) <= 200 and im.info["duration"] == 50
        im.seek(10)
        assert im.info["duration"] == exporting.GIF_HOLD_MS  # the last frame stays


def test_a_long_gif_is_sampled_evenly(window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(exporting, "MAX_GIF_FRAMES", 12)
    run_queens(window, qtbot, n=6)
    path = tmp_path / "q.gif"
    assert window.export_run(str(path), "gif")
    assert frames(path) == 12
    assert exporting.gif_steps(0, 10, 300) == list(range(11))
    steps = exporting.gif_steps(0, 16_501_401, 300)
    assert len(steps) == 300 and steps[0] == 0 and steps[-1] == 16_501_401


# -- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["c", "json", "png", "svg", "gif", "html"])
def test_an_unwritable_path_is_a_message_not_a_crash(window, qtbot, tmp_path, messages, fmt):
    run_knight(window, qtbot, rows=5, cols=5)
    path = tmp_path / "no such folder" / f"out.{fmt}"
    assert not window.export_run(str(path), fmt)
    assert messages and "Could not write" in messages[-1][1]
    assert not window.save_run(str(tmp_path / "no such folder" / "r.knightviz"))
    assert not window.export_history(str(tmp_path / "no such folder" / "h.csv"), "csv")
    assert len(messages) == 3


# -- history ----------------------------------------------------------------------------------


def test_history_as_csv_and_json(window, qtbot, tmp_path):
    first = run_knight(window, qtbot, rows=6, cols=6)
    second = run_queens(window, qtbot, n=6)
    csv_path, json_path = tmp_path / "h.csv", tmp_path / "h.json"
    assert window.export_history(str(csv_path), "csv")
    assert window.export_history(str(json_path), "json")
    with open(csv_path, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    runs = json.loads(json_path.read_text(encoding="utf-8"))["runs"]
    assert len(rows) == len(runs) == 2
    assert list(rows[0]) == list(exporting.HISTORY_COLUMNS) == list(runs[0])
    for row, run, result, puzzle, start in (
        (rows[0], runs[0], first, "knight", "a6"),
        (rows[1], runs[1], second, "queens", ""),
    ):
        assert row["puzzle"] == run["puzzle"] == puzzle
        assert row["start"] == run["start"] == start
        assert row["board"] == run["board"] == "6x6"
        assert int(row["moves"]) == run["moves"] == result.moves
        assert int(row["backtracks"]) == run["backtracks"] == result.backtracks
        assert int(row["steps"]) == run["steps"] == result.steps
        assert int(row["solutions"]) == run["solutions"] == result.count
        assert row["outcome"] == run["outcome"] == "solved"
        assert float(row["wall_seconds"]) == run["wall_seconds"] >= 0
        assert row["strategy"] == run["strategy"] != ""
    assert [int(r["number"]) for r in rows] == [1, 2]


# -- save and open ----------------------------------------------------------------------------


def positions(window, steps):
    rec = window.session.recording
    out = []
    for k in steps:
        p = rec.seek(k)
        out.append((p.step, p.path, p.moves, p.backtracks, p.last_events, p.exact))
    return out


@pytest.mark.parametrize("puzzle", ["knight", "queens"])
def test_save_then_open_brings_the_run_back_with_its_timeline(window, qtbot, tmp_path, puzzle):
    if puzzle == "knight":
        result = run_knight(window, qtbot, (2, 3), rows=6, cols=6, tie_break="last")
    else:
        result = run_queens(window, qtbot, n=6, variant="bitboards")
    s = window.session
    length = len(s.recording)
    spots = sorted({0, 1, length // 3, length // 2, length - 1, length})
    before = positions(window, spots)
    markers = s.recording.markers
    found = list(s.found)
    path = tmp_path / "lesson.knightviz"
    assert window.save_run(str(path))
    window.reset()
    run_knight(window, qtbot, rows=5, cols=5)  # something else on the board meanwhile
    rows = window.history.rowCount()
    assert window.open_run(str(path))
    assert "Opened lesson.knightviz" in window.statusBar().currentMessage()
    assert window.history.rowCount() == rows + 1
    assert s.result == result and s.puzzle.key == puzzle
    assert len(s.recording) == length and s.position == length
    assert child(window, "timelineSlider").maximum() == length
    assert positions(window, spots) == before
    assert s.recording.markers == markers
    assert s.found == found
    assert window.panel.puzzle_key() == puzzle
    assert window.session.settings.rows == 6
    if puzzle == "knight":
        assert window.board.start_square() == (2, 3)
        assert window.session.settings.tie_break == "last"
    else:
        assert window.session.settings.variant == "bitboards"
    # It scrubs like any run brought back from the history.
    window.seek(length // 2)
    assert s.position == length // 2
    window.step_back()
    assert s.position == length // 2 - 1
    # And it exports like one.
    assert window.export_run(str(tmp_path / "again.txt"), "algebraic")


@pytest.mark.parametrize(
    "content",
    [b"", b"not a zip at all", b"PK\x03\x04 broken"],
)
def test_a_damaged_file_is_a_message_and_nothing_is_lost(
    window, qtbot, tmp_path, messages, content
):
    result = run_knight(window, qtbot, rows=5, cols=5)
    bad = tmp_path / "bad.knightviz"
    bad.write_bytes(content)
    rows = window.history.rowCount()
    assert not window.open_run(str(bad))
    assert messages and "bad.knightviz cannot be opened" in messages[-1][1]
    assert window.history.rowCount() == rows
    assert window.session.result == result  # the run on the board is still there
    assert not window.open_run(str(tmp_path / "missing.knightviz"))
    assert "cannot be read" in messages[-1][1]


def test_a_foreign_puzzle_is_refused(window, qtbot, tmp_path, messages):
    import zipfile

    run_knight(window, qtbot, rows=5, cols=5)
    good = tmp_path / "good.knightviz"
    assert window.save_run(str(good))
    with zipfile.ZipFile(good) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    header = json.loads(parts["run.json"])
    header["puzzle"] = "sudoku"
    parts["run.json"] = json.dumps(header).encode()
    bad = tmp_path / "sudoku.knightviz"
    with zipfile.ZipFile(bad, "w") as z:
        for n, data in parts.items():
            z.writestr(n, data)
    stored = len(window.recordings._kept)
    assert not window.open_run(str(bad))
    assert "sudoku" in messages[-1][1]
    assert len(window.recordings._kept) == stored


# -- the menu ---------------------------------------------------------------------------------


def test_the_file_menu_suggests_a_name_and_writes_the_chosen_format(
    window, qtbot, tmp_path, monkeypatch
):
    run_knight(window, qtbot)
    asked = {}

    def save_name(parent, title, suggested, filters, selected):
        asked.update(suggested=suggested, filters=filters.split(";;"))
        chosen = asked["filters"][1]  # the Python3/Java/C# matrix
        return str(tmp_path / "tour"), chosen

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    child(window, "exportRunAction").trigger()
    assert os.path.basename(asked["suggested"]) == "knight-8x8-a8-warnsdorff.txt"
    assert any("GIF" in f for f in asked["filters"]) and any("SVG" in f for f in asked["filters"])
    assert (tmp_path / "tour.txt").read_bytes() == cli_out("solve", "--format", "py")

    monkeypatch.setattr(
        QFileDialog,
        "getSaveFileName",
        lambda *a: (str(tmp_path / "tour.gif"), next(f for f in asked["filters"] if "GIF" in f)),
    )
    monkeypatch.setattr(file_dialogs, "ask_gif", lambda parent, length, shown: (0, 5, 100, 160))
    child(window, "exportRunAction").trigger()
    assert frames(tmp_path / "tour.gif") == 6

    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *a: (str(tmp_path / "run.knightviz"), a[3])
    )
    child(window, "saveRunAction").trigger()
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", lambda *a: (str(tmp_path / "run.knightviz"), "")
    )
    child(window, "openRunAction").trigger()
    assert window.history.rowCount() == 2
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *a: (str(tmp_path / "h.csv"), a[3].split(";;")[0])
    )
    child(window, "exportHistoryAction").trigger()
    assert (tmp_path / "h.csv").read_text(encoding="utf-8-sig").count("\n") == 3


def test_default_names(window):
    from knightviz.gui.puzzles.knight import KnightSettings
    from knightviz.gui.puzzles.queens import QueensSettings

    knight, queens = window.puzzles["knight"], window.puzzles["queens"]
    assert knight.file_name(KnightSettings(), 0) == "knight-8x8-a8-warnsdorff"
    plain = KnightSettings(6, 7, warnsdorff=False, closed=True)
    assert knight.file_name(plain, 2 * 7 + 2) == "knight-6x7-c4-plain-closed"
    roth = KnightSettings(tie_break="random", seed=4, backtrack=False)
    assert knight.file_name(roth, 7 * 8 + 1) == "knight-8x8-b1-warnsdorff-random4-greedy"
    first = QueensSettings(8, 8, all_solutions=False)
    assert queens.file_name(first, 0) == "queens-8x8-first-sets"
