"""The first minute on the screens people have: 1366×768 (the most common laptop), 1024×600
(a netbook) and 1920×1080, each with 50 px taken by a desktop panel and a title bar, in
English and Chinese, for the knight and N-Queens, before and after two runs and a race.

Each screen is Qt's offscreen platform given that screen's size (a JSON file), in a process
of its own (``layout_probe.py``): the size is read when the application starts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from knightviz.gui.i18n import CHINESE, ENGLISH

PROBE = Path(__file__).with_name("layout_probe.py")
SCREENS = [(1366, 768), (1024, 600), (1920, 1080)]
STAGES = ("first", "knight_one", "knight_two", "knight_race", "queens_two", "queens_race")
#: A control row's height: the largest empty gap allowed in the controls' column.
ROW = 32


@cache
def probe(width: int, height: int, language: str, tmp: str) -> dict[str, Any]:
    screen = Path(tmp) / f"screen-{width}x{height}.json"
    screen.write_text(
        json.dumps(
            {
                "screens": [
                    {
                        "name": "laptop",
                        "x": 0,
                        "y": 0,
                        "width": width,
                        "height": height,
                        "logicalDpi": 96,
                        "logicalBaseDpi": 96,
                        "dpr": 1,
                    }
                ]
            }
        )
    )
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={screen}")
    env["KNIGHTVIZ_ENGINE"] = "python"
    done = subprocess.run(
        [sys.executable, str(PROBE), str(width), str(height), language],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


@pytest.fixture(params=[(*s, lang) for s in SCREENS for lang in (ENGLISH, CHINESE)], ids=str)
def report(request, tmp_path_factory) -> tuple[tuple[int, int, str], dict[str, Any]]:
    width, height, language = request.param
    tmp = str(tmp_path_factory.getbasetemp())
    return request.param, probe(width, height, language, tmp)


def test_every_control_of_the_puzzle_in_view_without_scrolling(report):
    _, r = report
    for stage in STAGES:
        assert r[stage]["controls_not_shown"] == [], (stage, r[stage]["controls_not_shown"])


def test_no_empty_gap_taller_than_a_control_row_in_the_controls_column(report):
    _, r = report
    for stage in STAGES:
        assert max(r[stage]["gaps"]) <= ROW, (stage, r[stage]["gaps"])


def test_the_history_shows_puzzle_strategy_outcome_and_steps_first(report):
    _, r = report
    for stage in STAGES:
        assert r[stage]["history_shown"], stage
        assert list(r[stage]["history"].values()) == [True] * 4, (stage, r[stage]["history"])


def test_the_comparison_is_in_view_after_two_runs_and_after_a_race(report):
    (_, _, lang), r = report
    for stage in STAGES:
        shown = r[stage]["comparison"]
        assert shown["shown"] and shown["fits"], (stage, shown)
    two = r["knight_two"]["comparison"]["text"]
    # Warnsdorff's rule: 63 steps, then the plain run stopped: a lower bound of the ratio.
    assert "63" in two
    if lang == ENGLISH:
        assert two.startswith("Warnsdorff's rule: 63 steps. Plain backtracking from the same ")
        assert "stopped after" in two and "at least" in two and "times as many" in two
    else:
        assert two.startswith("Warnsdorff 规则：63 步。从同一格出发的普通回溯：")  # noqa: RUF001
        assert "至少是前者的" in two
    queens = r["queens_two"]["comparison"]["text"]
    assert "218" in queens and "4,112" in queens  # first solution, then all 92 of 8-queens


def test_a_first_launch_shows_no_explanatory_panel_and_offers_explain(report):
    _, r = report
    assert r["first"]["docks_shown"] == []
    assert r["first"]["explain_on_toolbar"]


def test_the_board_keeps_300_px_and_nothing_changes_size_during_a_run(report):
    (width, _, _), r = report
    least = min(r[stage]["board"] for stage in STAGES)
    assert least >= (300 if width <= 1024 else 440), least
    for run in ("knight_sizes", "queens_sizes"):
        stages = r[run]
        for when in ("running", "paused", "after"):
            assert stages[when] == stages["before"], (run, when, stages)


def test_nothing_clipped_and_no_qt_warning(report):
    _, r = report
    for stage in STAGES:
        assert r[stage]["clipped"] == [], (stage, r[stage]["clipped"])
    assert r["warnings"] == []
    assert r["knight_race_done"] and r["queens_race_done"]


def test_a_race_fits_the_screen_side_by_side(report):
    """Both lanes and the controls in the screen's width: a lane's strategy box once grew
    (your own strategy beside Warnsdorff's rule) and pushed the window past 1024 pixels."""
    (width, _, _), r = report
    assert len(r["race_widths"]) == 2
    for shown, least in r["race_widths"]:
        assert least <= width and shown <= width, r["race_widths"]
