"""knightviz solve --method construct: the search's formats, without search."""

from __future__ import annotations

import json

import pytest

from knightviz.cli import main
from knightviz.engine import Board
from tests.engine.helpers import assert_valid_tour


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def tour_from_matrix(board: Board, text: str) -> tuple[int, ...]:
    numbers = [int(x) for x in text.split()]
    order = sorted(range(board.size), key=numbers.__getitem__)
    assert sorted(numbers) == list(range(board.size))
    return tuple(order)


@pytest.mark.parametrize(
    "size", ["12", "6x8", "8x6", "14x16", "20", "6x30", "40x10", "5x6", "7x8", "15x30"]
)
def test_matrix_is_a_closed_tour_from_the_top_left(capsys, size):
    code, out, err = run(capsys, "solve", "--method", "construct", "--size", size, "--closed")
    assert code == 0 and err == ""
    rows, _, cols = size.partition("x")
    board = Board(int(rows), int(cols or rows))
    assert_valid_tour(board, tour_from_matrix(board, out), 0, closed=True)


def test_sequence_algebraic_and_c_layouts(capsys):
    board = Board(10, 10)

    def layout(fmt: str) -> str:
        args = ("solve", "--method", "construct", "--size", "10", "--start", "d5", "--format")
        code, out, _ = run(capsys, *args, fmt)
        assert code == 0
        return out

    tour = tuple(int(x) - 1 for x in layout("sequence").split())
    assert_valid_tour(board, tour, board.parse("d5"), closed=True)
    assert layout("algebraic").split() == [board.name(sq) for sq in tour]
    code, out, _ = run(capsys, "solve", "--method", "construct", "--size", "10", "--format", "c")
    assert code == 0 and out.startswith("  0 ") and out.count("\n") == 10


def test_json_says_how_the_tour_was_made(capsys):
    code, out, _ = run(
        capsys, "solve", "--method", "construct", "--size", "6", "--closed", "--format", "json"
    )
    payload = json.loads(out)
    assert code == 0
    assert payload["method"] == "construct" and payload["heuristic"] is None
    assert payload["outcome"] == "solved" and payload["closed"] is True
    assert payload["moves"] == 35 and payload["backtracks"] == 0
    board = Board(6, 6)
    tour = tuple(board.square(r, c) for r, c in payload["tour"])
    assert_valid_tour(board, tour, 0, closed=True)


def test_stats_say_it_was_built_not_searched(capsys):
    code, _, err = run(capsys, "solve", "--method", "construct", "--size", "8", "--stats")
    assert code == 0 and err.startswith("solved: built without search in ")


@pytest.mark.parametrize(
    ("size", "closed"), [("5", True), ("4", False), ("4x8", True), ("3x6", True)]
)
def test_no_tour_at_all_gets_the_search_s_own_verdict(capsys, size, closed):
    flags = ["--closed"] if closed else []
    code, out, err = run(capsys, "solve", "--method", "construct", "--size", size, *flags)
    searched = run(capsys, "solve", "--size", size, *flags)
    assert code == 1 and err == ""
    assert out.startswith("Solution does not exist\nNo ")
    assert (code, out) == searched[:2]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--size", "5", "--start", "e5"], "runs from a5 to c3: start on one of them"),
        (["--size", "3x10", "--closed"], "at least 5"),
        (["--size", "4x6"], "at least 5"),
        (["--size", "8", "--heuristic", "none"], "--heuristic is for --method search"),
        (["--size", "8", "--tie-break", "roth"], "--tie-break is for --method search"),
        (["--size", "8", "--limit", "10"], "--limit is for --method search"),
        (["--size", "8", "--trace"], "--trace is for --method search"),
        (["--size", "8", "--method=search", "--method=bogus"], "invalid choice"),
    ],
)
def test_bad_combinations_are_one_line_and_exit_2(capsys, args, words):
    code, out, err = run(capsys, "solve", "--method", "construct", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err


def test_an_odd_board_gets_an_open_tour_from_the_corner(capsys):
    code, out, err = run(capsys, "solve", "--method", "construct", "--size", "7x9")
    board = Board(7, 9)
    assert code == 0 and err == ""
    assert_valid_tour(board, tour_from_matrix(board, out), 0, closed=False)
