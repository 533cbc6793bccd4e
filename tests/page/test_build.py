"""The page's builder without a browser: the packing, the data, the command line's pages."""

from __future__ import annotations

import json
import re

import pytest

from knightviz.cli import main as cli_main
from knightviz.engine import Heuristic, Strategy, TourConfig
from knightviz.page import PageError, PageRun, build_page, knight_page_run, queens_page_run
from knightviz.page.build import encode_steps, page_data, symbol_width


def data_of(text: str) -> dict:
    found = re.search(r"const KV_DATA = (\{.*?\});\n", text)
    assert found
    return json.loads(found.group(1))


def test_symbol_widths():
    assert [symbol_width(k) for k in (8, 15, 16, 255, 256, 65535)] == [4, 4, 8, 8, 16, 16]
    with pytest.raises(PageError):
        symbol_width(1 << 16)


def test_steps_pack_as_directions_files_and_one_backtrack_symbol():
    # Knight from a8 (0) on 5x5: c7 (7 = 0 + 1*5 + 2: direction (1, 2), index 1 of the
    # classic order), then back, then b6 (11: (2, 1), index 0). Backtrack = 15.
    from array import array

    steps = array("i", [7, ~7, 11])
    width, packed = encode_steps(steps, [0], "knight", 5, Strategy().order)
    assert width == 4 and packed == bytes([1 | 15 << 4, 0])
    # Queens on 20x20: files in a byte each, the backtrack 255.
    n = 20
    steps = array("i", [(n - 1) * n + 3, (n - 2) * n + 17, ~((n - 2) * n + 17)])
    assert encode_steps(steps, [], "queens", n) == (8, bytes([3, 17, 255]))


def test_a_move_that_is_not_the_piece_s_is_refused():
    from array import array

    with pytest.raises(PageError):
        encode_steps(array("i", [1]), [0], "knight", 5, Strategy().order)


def test_a_gap_keeps_its_checkpoints_and_each_stretch_starts_at_one():
    run = knight_page_run(
        TourConfig(5, 5, 0, Strategy(Heuristic.NONE)),
        block=512,
        budget=4 * 512 * 6,
        checkpoint_every=300,
    )
    data = page_data(run)
    assert data["gaps"]
    starts = [s["start"] for s in data["segments"]]
    assert set(starts) <= set(data["checkpointSteps"])
    for a in data["anchors"]:
        assert not any(s["start"] <= a["step"] <= s["start"] + s["count"] for s in data["segments"])
    kept = sum(s["count"] for s in data["segments"])
    assert kept < data["length"] == run.result.steps


def test_the_page_s_script_cannot_be_ended_early_by_its_data():
    run = queens_page_run(4)
    odd = PageRun(**{**{f: getattr(run, f) for f in run.__slots__}, "command": "</script><b>"})
    text = build_page(odd)
    assert text.count("</script>") == 2  # the two of the template
    assert data_of(text)["command"] == "</script><b>"


HOSTILE_TEXT = "<!--<script>x</script>&amp;\u2028\u2029-->"


def test_no_markup_character_is_left_in_the_page_s_inline_json():
    """``<!--<script>`` in a name or a reason made the browser read the data's script and the
    player's as one, and the player never ran (in chromium: see tests/page/test_page.py)."""
    run = queens_page_run(4)
    odd = PageRun(**{**{f: getattr(run, f) for f in run.__slots__}, "command": HOSTILE_TEXT})
    text = build_page(odd)
    scripts = re.findall(r"<script>(.*?)</script>", text, re.S)
    data = next(s for s in scripts if "KV_DATA" in s)
    assert not set("<>&\u2028\u2029") & set(data)
    assert data_of(text)["command"] == HOSTILE_TEXT


def test_unknown_language():
    run = queens_page_run(4)
    with pytest.raises(PageError):
        build_page(PageRun(**{**{f: getattr(run, f) for f in run.__slots__}, "lang": "fr"}))


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--size", "5", "--trace"],
        ["solve", "--size", "6", "--heuristic", "none", "--limit", "5000", "--format", "json"],
        ["queens", "--size", "6", "--trace"],
        ["queens", "--size", "6", "--format", "json"],
        ["queens", "--size", "7", "--first"],
    ],
)
def test_the_cli_s_page_holds_the_run_it_printed(tmp_path, capsys, args):
    html = tmp_path / "p.html"
    cli_main([*args, "--html", str(html)])
    out = capsys.readouterr().out
    data = data_of(html.read_text(encoding="utf-8"))
    if "--format" in args:
        printed = json.loads(out)
        assert data["result"]["moves"] == printed["moves"]
        assert data["result"]["backtracks"] == printed["backtracks"]
    steps = data["result"]["moves"] + data["result"]["backtracks"]
    assert data["length"] == steps > 0
    if "--trace" in args:
        traced = [
            line
            for line in out.splitlines()
            if line.split()[0] in ("move", "backtrack", "place", "remove")
        ]
        assert len(traced) == steps
