"""Coordinates, names and neighbour tables as docs/reference.md defines them."""

import pytest

from knightviz.engine import Board, BoardError, file_name, parse_size, parse_square
from knightviz.engine.board import CLASSIC_ORDER, MAX_SQUARES, neighbour_table


def test_a8_is_top_left_and_a1_bottom_left():
    b = Board(8, 8)
    assert b.name(b.square(0, 0)) == "a8"
    assert b.name(b.square(7, 0)) == "a1"
    assert b.name(b.square(7, 7)) == "h1"
    assert b.parse("a8") == 0
    assert b.parse("h1") == 63
    assert b.parse("0,0") == 0
    assert b.parse("7,7") == 63
    assert b.parse(" E4 ") == b.square(4, 4)


@pytest.mark.parametrize(
    ("col", "name"),
    [
        (0, "a"),
        (25, "z"),
        (26, "aa"),
        (27, "ab"),
        (51, "az"),
        (52, "ba"),
        (701, "zz"),
        (702, "aaa"),
    ],
)
def test_files_past_z_go_like_spreadsheet_columns(col, name):
    assert file_name(col) == name
    b = Board(3, col + 1)
    assert b.parse(f"{name}1") == b.square(2, col)


def test_names_round_trip_on_rectangles():
    b = Board(30, 60)
    for sq in range(b.size):
        assert b.parse(b.name(sq)) == sq


@pytest.mark.parametrize(
    "text", ["i1", "a9", "a0", "8,0", "0,8", "-1,0", "", "e", "44", "a-1", "x,y", "a8b"]
)
def test_bad_squares_are_value_errors_with_a_message(text):
    with pytest.raises(ValueError, match=r"\S") as info:
        parse_square(text, 8, 8)
    assert isinstance(info.value, BoardError)
    assert "\n" not in str(info.value)


def test_sizes():
    assert parse_size("8") == (8, 8)
    assert parse_size("5x6") == (5, 6)
    assert parse_size("2000x2000") == (2000, 2000)
    for bad in ["0", "x", "3x", "-4", "2001x2000", "abc", "5x0"]:
        with pytest.raises(BoardError):
            parse_size(bad)
    with pytest.raises(BoardError):
        Board(1, MAX_SQUARES + 1)


def naive_table(rows, cols):
    return tuple(
        tuple(
            (r + dr) * cols + c + dc
            for dr, dc in CLASSIC_ORDER
            if 0 <= r + dr < rows and 0 <= c + dc < cols
        )
        for r in range(rows)
        for c in range(cols)
    )


@pytest.mark.parametrize("rows", [1, 2, 3, 4, 5, 6, 9])
@pytest.mark.parametrize("cols", [1, 2, 4, 5, 7, 12])
def test_neighbour_table_matches_the_definition(rows, cols):
    assert neighbour_table(rows, cols, CLASSIC_ORDER) == naive_table(rows, cols)
