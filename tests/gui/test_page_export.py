"""File › Export run › Interactive page: the window writes the same page data as
``knightviz solve/queens --html`` for the same run, in the window's language."""

from __future__ import annotations

import json
import math
import re

from PySide6.QtWidgets import QFileDialog

from knightviz.cli import main as cli_main

from .conftest import child, configure, place, set_speed, start_and_finish
from .test_export import messages  # noqa: F401  (the fixture)


def page_data(path) -> dict:
    text = path.read_text(encoding="utf-8")
    found = re.search(r"const KV_DATA = (\{.*?\});\n", text)
    assert found, "no data in the page"
    data = json.loads(found.group(1))
    data["result"].pop("seconds")
    return data


def test_the_menu_offers_the_page_and_writes_the_cli_s_run(window, qtbot, tmp_path, monkeypatch):
    configure(window, "knight", rows=5, cols=5, warnsdorff=False)
    place(window, 0, 0)
    set_speed(window, math.inf)
    start_and_finish(window, qtbot)
    asked = {}

    def save_name(parent, title, suggested, filters, selected):
        asked["filters"] = filters.split(";;")
        chosen = next(f for f in asked["filters"] if f.endswith("(*.html)"))
        return str(tmp_path / "tour"), chosen

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    child(window, "exportRunAction").trigger()
    assert "Interactive page (*.html)" in asked["filters"]
    ours = page_data(tmp_path / "tour.html")
    assert (
        cli_main(
            ["solve", "--size", "5", "--heuristic", "none", "--html", str(tmp_path / "c.html")]
        )
        == 0
    )
    theirs = page_data(tmp_path / "c.html")
    assert ours["command"] == (
        "knightviz solve --size 5 --start a5 --heuristic none --html knight-5x5-a5-plain.html"
    )
    for data in (ours, theirs):
        data.pop("command")
    assert ours == theirs
    assert ours["lang"] == "en" and ours["length"] == 17_654


def test_the_page_speaks_the_window_s_language(window, qtbot, tmp_path):
    assert window.set_language("zh_CN")
    configure(window, "queens", n=6)
    set_speed(window, math.inf)
    start_and_finish(window, qtbot)
    assert window.export_run(str(tmp_path / "q.html"), "html")
    data = page_data(tmp_path / "q.html")
    assert data["lang"] == "zh_CN"
    assert data["command"].endswith("--lang zh_CN")
    assert len(data["markers"]["solutions"]) == 4
    assert '<html lang="zh-CN">' in (tmp_path / "q.html").read_text(encoding="utf-8")


def test_a_run_stopped_in_the_window_is_made_again_with_a_limit(window):
    from knightviz.engine import Outcome, Result
    from knightviz.engine.recording import Recording
    from knightviz.gui.puzzles.knight import KnightSettings
    from knightviz.gui.puzzles.queens import QueensSettings

    data = Recording((0,)).data()
    stopped = Result(Outcome.CANCELLED, 700, 300)
    knight = window.puzzles["knight"].page_run(
        KnightSettings(6, 6, warnsdorff=False), 0, stopped, data, "en"
    )
    assert knight.command == (
        "knightviz solve --size 6 --start a6 --heuristic none --limit 1000 "
        "--html knight-6x6-a6-plain.html"
    )
    solved = Result(Outcome.SOLVED, 2056, 2056, count=92)
    queens = window.puzzles["queens"].page_run(
        QueensSettings(), -1, solved, Recording(()).data(), "zh_CN"
    )
    assert queens.command.startswith("knightviz queens --size 8 --html ")
    assert queens.command.endswith(" --lang zh_CN") and "--limit" not in queens.command


def test_a_shaped_board_gets_a_sentence_not_a_wrong_page(
    window,
    qtbot,
    tmp_path,
    messages,  # noqa: F811
):
    """The page draws the knight on a full board only: a board with a removed square is
    refused in one sentence (it raised PageError out of the menu, or drew the hole as a
    square), and so is the command line (one line, exit 2)."""
    configure(window, "knight", rows=5, cols=5, warnsdorff=False, holes="0")
    place(window, 0, 1)
    set_speed(window, math.inf)
    start_and_finish(window, qtbot)
    path = tmp_path / "tour.html"
    assert window.export_run(str(path), "html") is False
    assert not path.exists()
    assert any("full board only" in text for _, text in messages)
    code = cli_main(["solve", "--size", "5", "--holes", "a5", "--start", "b5", "--html", str(path)])
    assert code == 2 and not path.exists()


def test_a_run_of_ones_own_strategy_pages_its_file_and_the_same_run(window, qtbot, tmp_path):
    """The page of a run of one's own strategy: its command line runs the file (no
    built-in strategy's options beside it), and that command makes the same page."""
    from pathlib import Path

    strategy = Path(__file__).resolve().parents[2] / "examples" / "strategies" / "edge_first.py"
    configure(window, "knight", n=6, warnsdorff=True, own=True)  # Warnsdorff ticked before
    assert window.own.editor.open(str(strategy))
    set_speed(window, math.inf)
    start_and_finish(window, qtbot, 30_000)
    assert window.export_run(str(tmp_path / "own.html"), "html")
    ours = page_data(tmp_path / "own.html")
    words = ours["command"].split()
    assert words[:2] == ["knightviz", "solve"] and "--strategy-file" in words
    assert words[words.index("--strategy-file") + 1] == "edge_first.py"
    assert "--heuristic" not in words or words[words.index("--heuristic") + 1] == "none"
    assert ours["custom"] == "edge_first.py"
    args = words[2:]
    args[args.index("edge_first.py")] = str(strategy)
    args[args.index("--html") + 1] = str(tmp_path / "cli.html")
    assert cli_main(["solve", *args]) == 0
    theirs = page_data(tmp_path / "cli.html")
    assert theirs["length"] == ours["length"] and theirs["result"] == ours["result"]
