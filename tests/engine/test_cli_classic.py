"""The tutorials' own output layouts (REFERENCE.md §1, §3, §4), byte for byte.

Expected bytes are built here from the move-number matrix or the solutions, the way the
tutorials' programs build them (``printf(" %2d ")``, ``print(v, end=" ")``, …), or copied from
REFERENCE.md; never by calling knightviz's own formatting functions.
"""

import subprocess
import sys

import pytest

from .classic import classic_tour
from .test_cli import run
from .test_tour import PUBLISHED_8X8

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


def test_solve_c_is_the_c_programs_output_in_a_real_process():
    """A real process: nothing may add or strip a byte, including the last newline."""
    done = subprocess.run(
        [sys.executable, "-m", "knightviz", "solve", "--heuristic", "none", "--format", "c"],
        capture_output=True,
    )
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout == c_program(published_matrix()).encode()
    first = done.stdout.split(b"\n")[0]
    assert first == b"  0  59  38  33  30  17   8  63 "  # REFERENCE.md §1, literally
    assert done.stdout.count(b"\n") == 8 and done.stdout.endswith(b" 12 \n")


def test_solve_py_is_the_python_programs_output(capsys):
    code, out, err = run(capsys, "solve", "--heuristic", "none", "--format", "py")
    assert code == 0 and err == ""
    assert out == py_program(published_matrix())
    assert out.splitlines()[0] == "0 59 38 33 30 17 8 63 "  # REFERENCE.md §1, literally
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
