"""The command line on shaped boards and other leapers: --holes, --board, --leaper."""

import json

import pytest

from knightviz.engine.board import Board, Shape
from tests.engine.test_leapers import assert_tour

from .test_cli import run


def test_solve_with_holes_prints_them_in_every_layout(capsys):
    code, out, err = run(capsys, "solve", "--size", "5", "--holes", "a5", "--start", "b5")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split()[0] == "--" and lines[0].split()[1] == "0"
    numbers = sorted(int(x) for line in lines for x in line.split() if x != "--")
    assert numbers == list(range(24))
    code, out, _ = run(
        capsys, "solve", "--size", "5", "--holes", "a5", "--start", "b5", "--format", "c"
    )
    assert out.startswith(" -1   0 ")
    code, out, _ = run(
        capsys, "solve", "--size", "5", "--holes", "a5", "--start", "b5", "--format", "py"
    )
    assert out.startswith("-1 0 ")


def test_json_carries_the_shape_and_the_leaper(capsys, tmp_path):
    grid = tmp_path / "board.txt"
    grid.write_text("#.....\n......\n......\n......\n......\n.....#\n")
    code, out, _ = run(capsys, "solve", "--board", str(grid), "--start", "b6", "--format", "json")
    data = json.loads(out)
    assert (data["rows"], data["cols"]) == (6, 6)
    assert data["holes"] == [[0, 0], [5, 5]] and data["leaper"] == [1, 2]
    board = Board(6, 6, Shape(frozenset({0, 35})))
    if code == 0:
        tour = tuple(r * 6 + c for r, c in data["tour"])
        assert_tour(board, tour, 1, False)
    else:
        assert data["outcome"] in ("impossible", "exhausted")
    code, out, _ = run(
        capsys, "solve", "--leaper", "giraffe", "--limit", "1000", "--format", "json"
    )
    data = json.loads(out)
    assert data["leaper"] == [1, 4] and data["holes"] == []


def test_full_knight_boards_print_as_before(capsys):
    plain = run(capsys, "solve", "--size", "6", "--format", "c")
    named = run(capsys, "solve", "--size", "6", "--format", "c", "--leaper", "knight")
    assert plain == named


def test_a_camel_is_refused_before_any_search_with_the_reason(capsys):
    code, out, _ = run(capsys, "solve", "--leaper", "camel")
    assert code == 1
    assert "never leaves its colour" in out and "b8" in out


def test_count_sweep_estimate_on_shaped_boards(capsys):
    code, out, _ = run(capsys, "count", "--size", "5", "--holes", "a5", "--jobs", "1")
    assert (code, out) == (0, "8584\n")
    code, out, err = run(capsys, "count", "--size", "4x5", "--leaper", "camel")
    assert (code, out) == (0, "0\n") and "colour" in err
    code, out, _ = run(
        capsys,
        "sweep",
        "--size",
        "5",
        "--holes",
        "c3",
        "--jobs",
        "1",
        "--limit",
        "5000",
        "--format",
        "json",
    )
    data = json.loads(out)
    assert data["holes"] == [[2, 2]]
    assert len(data["starts"]) == 24 and "c3" not in {s["square"] for s in data["starts"]}
    code, out, _ = run(capsys, "estimate", "--size", "6", "--leaper", "zebra", "--start", "c4")
    assert code in (0, 1)
    assert "zebra" in out


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--leaper", "dragon"],
        ["solve", "--leaper", "2,9"],
        ["solve", "--holes", "z9"],
        ["solve", "--holes", "a8", "--start", "a8"],
        ["solve", "--board", "/no/such/file"],
        ["count", "--size", "2", "--holes", "a1,a2,b1,b2"],
    ],
)
def test_bad_shapes_are_one_line_and_exit_2(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("knightviz: error: ")


def test_a_bad_board_file_names_its_line(capsys, tmp_path):
    grid = tmp_path / "bad.txt"
    grid.write_text("...\n.x.\n")
    code, _, err = run(capsys, "solve", "--board", str(grid))
    assert code == 2 and "line 2" in err
