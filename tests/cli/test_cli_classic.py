"""The tutorials' own output layouts (docs/reference.md §1, §3, §4), byte for byte.

Expected bytes are built here from the move-number matrix or the solutions, the way the
tutorials' programs build them (``printf(" %2d ")``, ``print(v, end=" ")``, …), or copied from
docs/reference.md; never by calling knightviz's own formatting functions.
"""

import os
import subprocess
import sys

import pytest

from knightviz.engine import Board
from tests.engine.classic import classic_tour
from tests.engine.helpers import assert_valid_tour
from tests.engine.test_tour import PUBLISHED_8X8

from .notices import quiet_but_for_a_long_search
from .test_cli import run

NO_SOLUTION = "Solution does not exist"


def c_program(matrix):
    """What the tutorial's C program prints: ``printf(" %2d ", sol[x][y])``, a newline a row."""
    text = ""
    for row in matrix:
        for v in row:
            text += " %2d " % v  # noqa: UP031  (the C format, on purpose)
        text += "\n"
    return text


def py_program(matrix):
    """What the tutorial's Python3 program prints: ``print(v, end=" ")``, then ``print()``."""
    return "".join("".join(str(v) + " " for v in row) + "\n" for row in matrix)


def published_matrix():
    return [[int(v) for v in line.split()] for line in PUBLISHED_8X8.splitlines()]


def matrix_from_sequence(rows, cols, sequence_text):
    """Move numbers per square from ``--format sequence`` (square numbers in visiting order)."""
    matrix = [[-1] * cols for _ in range(rows)]
    for move, number in enumerate(sequence_text.split()):
        r, c = divmod(int(number) - 1, cols)
        matrix[r][c] = move
    return matrix


# -- solve: the C/C++ and Python3/Java/C# layouts -------------------------------------------


@pytest.mark.slow
def test_solve_c_is_the_c_programs_output_in_a_real_process():
    """A real process: nothing may add or strip a byte, including the last newline."""
    done = subprocess.run(
        [sys.executable, "-m", "knightviz", "solve", "--heuristic", "none", "--format", "c"],
        capture_output=True,
    )
    assert done.returncode == 0 and quiet_but_for_a_long_search(done.stderr)
    assert done.stdout == c_program(published_matrix()).encode()
    first = done.stdout.split(b"\n")[0]
    assert first == b"  0  59  38  33  30  17   8  63 "  # docs/reference.md §1, literally
    assert done.stdout.count(b"\n") == 8 and done.stdout.endswith(b" 12 \n")


@pytest.mark.slow
def test_solve_py_is_the_python_programs_output(capsys):
    code, out, err = run(capsys, "solve", "--heuristic", "none", "--format", "py")
    assert code == 0 and quiet_but_for_a_long_search(err)
    assert out == py_program(published_matrix())
    assert out.splitlines()[0] == "0 59 38 33 30 17 8 63 "  # docs/reference.md §1, literally
    assert out.endswith("21 12 \n")


@pytest.mark.parametrize(("n", "square", "row", "col"), [(5, "c3", 2, 2), (6, "a6", 0, 0)])
def test_solve_c_and_py_match_the_classic_program_on_other_sizes(capsys, n, square, row, col):
    matrix, _, _ = classic_tour(n, row, col)  # the independent transcription of §1
    assert matrix is not None
    args = ("solve", "--heuristic", "none", "--size", str(n), "--start", square)
    assert run(capsys, *args, "--format", "c") == (0, c_program(matrix), "")
    assert run(capsys, *args, "--format", "py") == (0, py_program(matrix), "")


def test_solve_c_keeps_width_2_past_99_and_on_rectangles(capsys):
    for rows, cols, start in ((11, 11, "f6"), (3, 4, "a3"), (10, 12, "b2")):
        args = ("solve", "--size", f"{rows}x{cols}", "--start", start)
        code, sequence, _ = run(capsys, *args, "--format", "sequence")
        assert code == 0
        matrix = matrix_from_sequence(rows, cols, sequence)
        assert run(capsys, *args, "--format", "c") == (0, c_program(matrix), "")
        assert run(capsys, *args, "--format", "py") == (0, py_program(matrix), "")
    # 11x11 has numbers up to 120: three digits overflow " %2d " by one, as in C.
    code, out, _ = run(capsys, "solve", "--size", "11", "--format", "c")
    assert code == 0 and out.startswith("  0  21 ") and "  99 " in out and " 120 " in out
    # Four characters a square, one more for each of the 21 numbers 100..120.
    assert sum(len(line) for line in out.splitlines()) == 11 * 11 * 4 + 21


NO_TOUR_CASES = [
    pytest.param(("--size", "4"), id="4x4"),
    pytest.param(("--size", "5", "--start", "b5"), id="5x5-b5"),
    pytest.param(("--size", "4", "--heuristic", "none", "--search-anyway"), id="4x4-exhaustive"),
]


@pytest.mark.parametrize("extra", NO_TOUR_CASES)
def test_solve_no_tour_prints_the_programs_verdict_only(capsys, extra):
    assert run(capsys, "solve", *extra, "--format", "c") == (1, NO_SOLUTION, "")
    assert run(capsys, "solve", *extra, "--format", "py") == (1, NO_SOLUTION + "\n", "")


def test_solve_no_tour_reason_goes_to_stderr_with_stats(capsys):
    code, out, err = run(
        capsys, "solve", "--size", "5", "--start", "b5", "--format", "c", "--stats"
    )
    assert (code, out) == (1, "Solution does not exist")
    stats, reason = err.splitlines()
    assert stats.startswith("impossible: 0 moves, 0 backtracks, 0 steps in ")
    assert reason.startswith("No tour can start on b5:") and err.endswith("\n")
    code, out, err = run(capsys, "solve", "--size", "4", "--format", "py", "--stats")
    assert (code, out) == (1, "Solution does not exist\n")
    assert err.splitlines()[1] == "No knight's tour exists on a 4x4 board from any square."


def test_solve_no_tour_c_in_a_real_process_has_no_newline():
    done = subprocess.run(
        [sys.executable, "-m", "knightviz", "solve", "--size", "4", "--format", "c"],
        capture_output=True,
    )
    assert (done.returncode, done.stdout, done.stderr) == (1, b"Solution does not exist", b"")


# -- queens: the article's Main and its board drawing ---------------------------------------


def lex_solutions(n):
    """Every N-Queens solution as the file index of ranks 1..N, in lexicographic order."""
    found = []

    def place(files):
        rank = len(files)
        if rank == n:
            found.append(tuple(files))
            return
        for f in range(n):
            if all(f != g and abs(f - g) != rank - r for r, g in enumerate(files)):
                place([*files, f])

    place([])
    return found


def square(file, rank):
    return "abcdefghijklmnopqrstuvwxyz"[file] + str(rank)


def article_main(n):
    """What the article's C# Main prints: each solution read from its stack top (the file of
    rank N first), each square after a space, the lines joined, then the count."""
    lines = []
    for files in lex_solutions(n):
        stack_top_first = files[::-1]
        lines.append("".join(" " + square(f, i + 1) for i, f in enumerate(stack_top_first)))
    return "\n".join(lines) + "\n" + f"{len(lines)} Results\n"


def article_boards(solutions):
    """The article's drawing: ``Solution:``, then rank 1 on the top line, a1 top-left."""
    text = ""
    for files in solutions:
        text += "Solution:\n"
        for f in files:  # rank 1 first
            text += "".join(" Q " if c == f else " * " for c in range(len(files))) + "\n"
    return text


def test_lex_solutions_agree_with_the_known_counts():
    assert [len(lex_solutions(n)) for n in range(1, 9)] == [1, 0, 0, 2, 10, 4, 40, 92]
    assert lex_solutions(8)[0] == (0, 4, 7, 5, 2, 6, 1, 3)  # a1 e2 h3 f4 c5 g6 b7 d8


def test_queens_results_is_the_articles_main_in_a_real_process():
    done = subprocess.run(
        [sys.executable, "-m", "knightviz", "queens", "--format", "results"], capture_output=True
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == article_main(8).encode()
    lines = done.stdout.decode().split("\n")
    assert lines[0] == " d1 b2 g3 c4 f5 h6 e7 a8"  # docs/reference.md §4, literally
    assert lines[-2:] == ["92 Results", ""] and len(lines) == 94


def test_queens_results_lines_are_the_solutions_mirrored_in_lexicographic_order(capsys):
    code, out, err = run(capsys, "queens", "--format", "results")
    assert (code, err) == (0, "")
    printed = [line.split() for line in out.splitlines()[:-1]]
    assert all(line.startswith(" ") and "  " not in line for line in out.splitlines()[:-1])
    solutions = lex_solutions(8)
    # Mirroring ranks back (rank k -> 9 - k) gives the i-th lexicographic solution.
    unmirrored = [tuple("abcdefgh".index(sq[0]) for sq in reversed(line)) for line in printed]
    assert unmirrored == solutions
    assert all([int(sq[1:]) for sq in line] == list(range(1, 9)) for line in printed)
    # A mirror image is a solution too: the 92 lines are the 92 solutions, in another order.
    as_files = [tuple("abcdefgh".index(sq[0]) for sq in line) for line in printed]
    assert sorted(as_files) == solutions and as_files != solutions


@pytest.mark.parametrize("n", [4, 5, 6, 10])
def test_queens_results_on_other_sizes(capsys, n):
    assert run(capsys, "queens", "--size", str(n), "--format", "results") == (
        0,
        article_main(n),
        "",
    )


def test_queens_results_with_no_solution_and_with_one(capsys):
    for n in (2, 3):
        assert run(capsys, "queens", "--size", str(n), "--format", "results") == (
            0,
            "\n0 Results\n",
            "",
        )
    # N = 1: one stack of one file, a1; the count line keeps the program's plural.
    assert run(capsys, "queens", "--size", "1", "--format", "results") == (
        0,
        " a1\n1 Results\n",
        "",
    )
    assert article_main(1) == " a1\n1 Results\n" and article_main(3) == "\n0 Results\n"


def test_queens_ascii_draws_the_articles_boards(capsys):
    code, out, err = run(capsys, "queens", "--format", "ascii")
    assert (code, err) == (0, "")
    assert out == article_boards(lex_solutions(8)) + "92 solutions\n"
    first = out.split("\n")[:9]
    assert first == [  # a1 e2 h3 f4 c5 g6 b7 d8, rank 1 on top as in the article's sample
        "Solution:",
        " Q  *  *  *  *  *  *  * ",
        " *  *  *  *  Q  *  *  * ",
        " *  *  *  *  *  *  *  Q ",
        " *  *  *  *  *  Q  *  * ",
        " *  *  Q  *  *  *  *  * ",
        " *  *  *  *  *  *  Q  * ",
        " *  Q  *  *  *  *  *  * ",
        " *  *  *  Q  *  *  *  * ",
    ]
    assert out.count("Solution:\n") == 92 and "\n\n" not in out


@pytest.mark.parametrize("n", [1, 4, 5, 6])
def test_queens_ascii_on_other_sizes(capsys, n):
    solutions = lex_solutions(n)
    count = f"{len(solutions)} solution{'' if len(solutions) == 1 else 's'}\n"
    assert run(capsys, "queens", "--size", str(n), "--format", "ascii") == (
        0,
        article_boards(solutions) + count,
        "",
    )
    assert run(capsys, "queens", "--size", str(n), "--format", "ascii", "--first") == (
        0,
        article_boards(solutions[:1]),
        "",
    )


def test_queens_ascii_with_no_solution(capsys):
    assert run(capsys, "queens", "--size", "2", "--format", "ascii") == (0, "0 solutions\n", "")
    code, out, _ = run(capsys, "queens", "--size", "3", "--format", "ascii", "--first")
    assert code == 1 and out.startswith("Solution does not exist\n")


# -- batch: the non-recursive program's input and output ------------------------------------

DIRX = (2, 1, -1, -2, -2, -1, 1, 2)  # row offsets, docs/reference.md §3
DIRY = (-1, -2, -2, -1, 1, 2, 2, 1)


def batch_program(start):
    """The published program's line for ``start`` where it never needs to backtrack: fewest
    onward moves, ties to the LAST minimum (``<=``); None where it would have to backtrack."""
    if not 1 <= start <= 64:
        return "-1"
    seen = {start - 1}
    path = [start - 1]

    def free(sq):
        r, c = divmod(sq, 8)
        return [
            (r + dr) * 8 + c + dc
            for dr, dc in zip(DIRX, DIRY, strict=True)
            if 0 <= r + dr < 8 and 0 <= c + dc < 8 and (r + dr) * 8 + c + dc not in seen
        ]

    while len(path) < 64:
        best = None
        for target in free(path[-1]):
            if best is None or len(free(target)) <= best[0]:
                best = (len(free(target)), target)
        if best is None:
            return None
        seen.add(best[1])
        path.append(best[1])
    return " ".join(str(sq + 1) for sq in path)


def batch(capsys, monkeypatch, stdin):
    code, out, err = run(capsys, "batch", stdin=stdin, monkeypatch=monkeypatch)
    assert (code, err) == (0, "")
    return out


def lines_for(*starts):
    return "".join(batch_program(s) + "\n" for s in starts)


def test_batch_prints_the_published_programs_lines_from_every_start(capsys, monkeypatch):
    out = batch(capsys, monkeypatch, "\n".join(str(s) for s in range(1, 65)) + "\n-1\n")
    lines = out.split("\n")
    assert len(lines) == 65 and lines[-1] == ""
    for start, line in enumerate(lines[:-1], 1):
        if start != 21:
            assert line == batch_program(start)
    # From 21 (e6) the published program would need to backtrack, and cannot: knightviz can.
    assert batch_program(21) is None
    numbers = [int(v) for v in lines[20].split(" ")]
    board = Board(8, 8)
    assert_valid_tour(board, tuple(v - 1 for v in numbers), 20, False)


def test_batch_reads_several_starts_per_line(capsys, monkeypatch):
    assert batch(capsys, monkeypatch, "1 2 3\n-1\n") == lines_for(1, 2, 3)
    assert batch(capsys, monkeypatch, "4\t5  6\n7\n-1") == lines_for(4, 5, 6, 7)


def test_batch_skips_blank_lines_and_spaces(capsys, monkeypatch):
    assert batch(capsys, monkeypatch, "\n\n 7 \n\t\n   \n12\n\n-1\n") == lines_for(7, 12)
    assert batch(capsys, monkeypatch, "\n\n\n") == ""


def test_batch_stops_at_minus_one_mid_line(capsys, monkeypatch):
    assert batch(capsys, monkeypatch, "5 -1 6\n9\n") == lines_for(5)
    assert batch(capsys, monkeypatch, "-1 5\n") == ""
    # As with %d, the sign starts a new integer: "5-1" is 5, then -1.
    assert batch(capsys, monkeypatch, "5-1 6\n") == lines_for(5)


def test_batch_reads_integers_as_percent_d_does(capsys, monkeypatch):
    stdin = "007 +5 064 -0 +0 00 65 -5 99999999999999999999999 -001 8\n"
    expected = lines_for(7, 5, 64) + "-1\n" * 6  # -0, +0, 00, 65, -5 and the huge one
    assert batch(capsys, monkeypatch, stdin) == expected  # -001 is -1: the end
    assert batch(capsys, monkeypatch, "0" * 5000 + "7\n") == lines_for(7)


def test_batch_reads_crlf_input(capsys, monkeypatch):
    assert batch(capsys, monkeypatch, "1\r\n2 3\r\n\r\n-1\r\n4\r\n") == lines_for(1, 2, 3)


def test_batch_answers_minus_one_to_a_bad_token_and_reads_on(capsys, monkeypatch):
    # "5abc": %d reads 5, then chokes on "abc"; "1.5" reads 1, then ".5"; "0x10" reads 0
    # (not a square), then "x10". Each token %d chokes on prints -1; reading goes on.
    stdin = "hello 5abc\nx7 1.5 0x10 - +\n2\n"
    expected = "-1\n" + lines_for(5) + "-1\n" * 2 + lines_for(1) + "-1\n" * 5 + lines_for(2)
    assert batch(capsys, monkeypatch, stdin) == expected


def test_batch_ends_at_end_of_input_without_minus_one(capsys, monkeypatch):
    assert batch(capsys, monkeypatch, "3 4") == lines_for(3, 4)
    assert batch(capsys, monkeypatch, "") == ""


def test_batch_in_a_real_process_with_crlf_and_bad_bytes():
    done = subprocess.run(
        [sys.executable, "-m", "knightviz", "batch"],
        input=b"1 2\r\n\r\n 007 5abc \xff\r\n-1 9\r\n",
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == (lines_for(1, 2, 7, 5) + "-1\n-1\n").encode()


def test_help_names_the_tutorial_layouts_and_the_batch_deviations():
    def help_text(*command):
        done = subprocess.run(
            [sys.executable, "-m", "knightviz", *command, "--help"], capture_output=True, text=True
        )
        assert done.returncode == 0
        return " ".join(done.stdout.split())

    assert "solve --format c|py, batch, queens --format results|ascii" in help_text()
    solve = help_text("solve")
    assert "{matrix,c,py,sequence,algebraic,json}" in solve and "' %2d '" in solve
    batch = help_text("batch")
    for phrase in (
        'scanf("%d")',
        "several per line, blank lines skipped",
        "(007, +5)",
        "prints -1 and reading goes on",
        "'5abc' reads 5",
        "end of input ends the run",
        "start 21 prints a correct tour",
    ):
        assert phrase in batch
    queens = help_text("queens")
    assert "' d1 b2 g3 c4 f5 h6 e7 a8'" in queens and "'0 Results'" in queens
    assert "(not with count or results)" in queens
