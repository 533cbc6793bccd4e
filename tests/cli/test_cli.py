"""The command line, a public interface: formats, exit statuses, bad input."""

import itertools
import json
import math
import re
import subprocess
import sys

import pytest

from knightviz.cli import main
from knightviz.engine import Board, BoardError
from tests.engine.helpers import assert_valid_tour, is_knight_move
from tests.engine.test_tour import PUBLISHED_8X8

from .notices import quiet_but_for_a_long_search


def run(capsys, *args, stdin=None, monkeypatch=None):
    if stdin is not None:
        import io

        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_version_is_the_package_s_and_opens_no_window(capsys):
    from importlib.metadata import version

    code, out, err = run(capsys, "--version")
    assert code == 0 and err == ""
    assert out == f"knightviz {version('knightviz')}\n"
    code = "import sys; from knightviz.cli import main; main(['--version']); print(*sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "PySide6" not in done.stdout  # no Qt loaded, no window


@pytest.mark.slow
def test_solve_plain_prints_the_published_matrix(capsys):
    code, out, err = run(capsys, "solve", "--heuristic", "none")
    assert code == 0 and out == PUBLISHED_8X8 + "\n" and quiet_but_for_a_long_search(err)


def test_solve_defaults_are_warnsdorff_from_the_top_left(capsys):
    code, out, _ = run(capsys, "solve", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert (data["rows"], data["cols"], data["start"]) == (8, 8, [0, 0])
    assert (data["heuristic"], data["tie_break"], data["closed"]) == ("warnsdorff", "first", False)
    assert (data["outcome"], data["reason"]) == ("solved", None)
    assert (data["moves"], data["backtracks"], data["steps"]) == (63, 0, 63)
    assert isinstance(data["seconds"], float)
    board = Board(8, 8)
    assert_valid_tour(board, tuple(board.square(r, c) for r, c in data["tour"]), 0, False)


def test_solve_formats_agree(capsys):
    common = ("solve", "--size", "6x7", "--start", "c4", "--tie-break", "roth")
    _, matrix, _ = run(capsys, *common)
    _, sequence, _ = run(capsys, *common, "--format", "sequence")
    _, names, _ = run(capsys, *common, "--format", "algebraic")
    board = Board(6, 7)
    tour = [int(v) - 1 for v in sequence.split()]
    assert [board.name(sq) for sq in tour] == names.split()
    assert tour[0] == board.parse("c4")
    rows = matrix.splitlines()
    assert len(rows) == 6
    width = len(str(41))
    for r, line in enumerate(rows):
        cells = [line[i : i + width] for i in range(0, len(line), width + 1)]
        assert len(cells) == 7 and all(c.strip().isdigit() for c in cells)
        for c, cell in enumerate(cells):
            assert tour[int(cell)] == board.square(r, c)
    assert all(is_knight_move(board, a, b) for a, b in itertools.pairwise(tour))


def test_solve_start_as_row_col_and_closed(capsys):
    code, out, _ = run(
        capsys, "solve", "--size", "6", "--start", "2,3", "--closed", "--format", "json"
    )
    data = json.loads(out)
    board = Board(6, 6)
    tour = tuple(board.square(r, c) for r, c in data["tour"])
    assert code == 0 and data["start"] == [2, 3] and data["closed"] is True
    assert_valid_tour(board, tour, board.square(2, 3), True)


def test_no_solution_prints_the_classic_line_and_reason(capsys):
    code, out, _ = run(capsys, "solve", "--size", "4")
    assert code == 1
    first, reason = out.splitlines()
    assert first == "Solution does not exist" and "4x4" in reason
    code, out, _ = run(capsys, "solve", "--size", "4", "--heuristic", "none", "--search-anyway")
    assert code == 1 and out.startswith("Solution does not exist\nThe search tried every")
    code, out, _ = run(
        capsys, "solve", "--heuristic", "none", "--limit", "1000", "--format", "json"
    )
    data = json.loads(out)
    assert (
        code == 1 and data["outcome"] == "limit" and data["steps"] == 1000 and data["tour"] is None
    )
    code, out, _ = run(capsys, "solve", "--heuristic", "none", "--no-backtrack")
    assert code == 1 and "got stuck after" in out


def test_stats_go_to_stderr(capsys):
    code, out, err = run(capsys, "solve", "--stats", "--format", "sequence")
    assert code == 0 and len(out.split()) == 64
    assert err.startswith("solved: 63 moves, 0 backtracks, 63 steps in ")


def test_batch_reproduces_the_batch_program_format(capsys, monkeypatch):
    stdin = "1\n64\nhello\n0\n65\n\n 10 \n-1\n5\n"
    code, out, _ = run(capsys, "batch", stdin=stdin, monkeypatch=monkeypatch)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 6  # the blank line is skipped, the 5 after -1 unread
    assert lines[2:5] == ["-1"] * 3
    board = Board(8, 8)
    for line, start in ((lines[0], 1), (lines[1], 64), (lines[5], 10)):
        numbers = [int(v) for v in line.split(" ")]
        assert len(numbers) == 64 and numbers[0] == start
        assert_valid_tour(board, tuple(v - 1 for v in numbers), start - 1, False)


def test_batch_ends_at_end_of_input(capsys, monkeypatch):
    code, out, _ = run(capsys, "batch", stdin="33", monkeypatch=monkeypatch)
    assert code == 0 and len(out.split()) == 64 and out.split()[0] == "33"


def test_count(capsys):
    assert run(capsys, "count", "--size", "5")[:2] == (0, "1728\n")
    assert run(capsys, "count", "--size", "5", "--start", "a1")[:2] == (0, "304\n")
    assert run(capsys, "count", "--size", "5", "--start", "c3")[:2] == (0, "64\n")
    assert run(capsys, "count", "--size", "4")[:2] == (0, "0\n")
    assert run(capsys, "count", "--size", "3x4", "--closed")[:2] == (0, "0\n")


def test_sweep_table_and_json(capsys):
    code, out, _ = run(capsys, "sweep", "--size", "6", "--format", "json")
    data = json.loads(out)
    assert code == 0 and len(data["starts"]) == 36
    assert data["summary"]["solved"] == 36 == data["summary"]["starts"]
    assert data["summary"]["total_steps"] == sum(s["steps"] for s in data["starts"])
    assert data["summary"]["worst_steps"] == max(s["steps"] for s in data["starts"])
    for s in data["starts"]:
        assert s["steps"] == s["moves"] + s["backtracks"]
    code, out, _ = run(capsys, "sweep", "--size", "5")
    lines = out.splitlines()
    assert code == 1  # the 12 squares of the minority colour have no tour
    assert len(lines) == 1 + 25 + 1
    assert lines[-1].startswith("solved 13 of 25 starts;")
    assert sum("impossible" in line for line in lines) == 12


def test_queens_formats(capsys):
    code, out, _ = run(capsys, "queens")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "a1 e2 h3 f4 c5 g6 b7 d8" and lines[-1] == "92 solutions"
    assert len(lines) == 93 and len(set(lines[:-1])) == 92
    assert run(capsys, "queens", "--size", "12", "--format", "count")[:2] == (0, "14200\n")
    assert run(capsys, "queens", "--first")[1] == "a1 e2 h3 f4 c5 g6 b7 d8\n"
    assert run(capsys, "queens", "--size", "4")[1] == "b1 d2 a3 c4\nc1 a2 d3 b4\n2 solutions\n"
    data = json.loads(run(capsys, "queens", "--size", "6", "--format", "json")[1])
    assert data["count"] == 4 == len(data["solutions"])
    assert run(capsys, "queens", "--size", "3", "--first")[:2] == (
        1,
        "Solution does not exist\nNo way to place 3 queens on a 3x3 board.\n",
    )


BAD = [
    ["solve", "--size", "0"],
    ["solve", "--size", "3x"],
    ["solve", "--size", "3000"],
    ["solve", "--start", "z9"],
    ["solve", "--start", "8,0"],
    ["solve", "--heuristic", "clever"],
    ["solve", "--tie-break", "middle"],
    ["solve", "--limit", "-5"],
    ["solve", "--format", "xml"],
    ["solve", "--bogus"],
    ["frobnicate"],
    ["count", "--start", "q1"],
    ["sweep", "--seed", "x"],
    ["queens", "--size", "0"],
    ["queens", "--size", "eight"],
    ["queens", "--first", "--format", "count"],
    ["queens", "--first", "--format", "results"],
]


@pytest.mark.parametrize("args", BAD, ids=" ".join)
def test_bad_input_is_one_line_on_stderr_and_exit_2(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("knightviz: error: ") and err.count("\n") == 1


def test_real_process_exit_status_and_help():
    bad = subprocess.run(
        [sys.executable, "-m", "knightviz", "solve", "--start", "j1"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1
    assert "Traceback" not in bad.stderr
    helped = subprocess.run(
        [sys.executable, "-m", "knightviz", "--help"], capture_output=True, text=True
    )
    assert helped.returncode == 0
    for word in ("solve", "batch", "count", "sweep", "queens"):
        assert word in helped.stdout
    solve_help = subprocess.run(
        [sys.executable, "-m", "knightviz", "solve", "--help"], capture_output=True, text=True
    ).stdout
    for option in (
        "--size",
        "--start",
        "--heuristic",
        "--tie-break",
        "--seed",
        "--no-backtrack",
        "--closed",
        "--limit",
        "--search-anyway",
        "--format",
    ):
        assert option in solve_help


def test_board_errors_are_value_errors():
    assert issubclass(BoardError, ValueError)


def numba_loaded_by(args, env_engine=None):
    """Run the CLI in a fresh interpreter; did it import numba?"""
    import os

    code = (
        "import sys, io, contextlib; from knightviz.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()): rc = main({args!r})\n"
        "print(rc, 'numba' in sys.modules)"
    )
    env = {k: v for k, v in os.environ.items() if k != "KNIGHTVIZ_ENGINE"}
    if env_engine:
        env["KNIGHTVIZ_ENGINE"] = env_engine
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    rc, loaded = done.stdout.split()
    return int(rc), loaded == "True"


@pytest.mark.own_engine
@pytest.mark.parametrize(
    "args",
    [
        ["solve"],
        ["solve", "--size", "5", "--heuristic", "none", "--start", "a1"],
        ["queens", "--size", "8"],
        ["queens", "--size", "12", "--format", "count"],
        ["count", "--size", "5", "--start", "c3"],
        ["sweep", "--size", "8"],
        ["solve", "--heuristic", "none", "--limit", "100000"],
    ],
    ids=" ".join,
)
def test_short_commands_never_import_numba(args):
    assert numba_loaded_by(args) == (0 if "--limit" not in args else 1, False)


@pytest.mark.own_engine
@pytest.mark.slow
def test_long_commands_load_the_kernels_unless_python_is_forced():
    from knightviz.engine import kernels

    if not kernels.available():
        pytest.skip("numba is not installed here (CI installs it)")
    args = ["solve", "--heuristic", "none", "--size", "6", "--start", "b6"]
    assert numba_loaded_by(args) == (0, True)
    assert numba_loaded_by(["queens", "--size", "12", "--format", "json"]) == (0, True)
    assert numba_loaded_by(args, env_engine="python") == (0, False)


@pytest.mark.own_engine
def test_a_bad_engine_choice_is_a_usage_error(capsys, monkeypatch):
    monkeypatch.setenv("KNIGHTVIZ_ENGINE", "fortran")
    code, out, err = run(capsys, "solve")
    assert code == 2 and out == ""
    assert err.startswith("knightviz: error: unknown engine backend") and err.count("\n") == 1


def test_solve_trace_lines_match_the_traced_stream(capsys):
    from knightviz.engine import Board, tour_search
    from knightviz.engine.trace import decode, is_considered

    code, out, _ = run(
        capsys, "solve", "--trace", "--size", "5", "--heuristic", "none", "--format", "sequence"
    )
    assert code == 0
    lines = out.splitlines()
    search = tour_search(5, 5, 0, heuristic="none")
    search.trace = True
    events = []
    while chunk := search.advance(1000):
        events.extend(chunk)
    board = Board(5, 5)
    assert len(lines) == len(events) + 1  # the trace, then the tour as usual
    for line, x in zip(lines, events, strict=False):
        word, *rest = line.split()
        if not is_considered(x):
            assert (word, rest) == (
                ("move" if x >= 0 else "backtrack"),
                [board.name(x if x >= 0 else ~x)],
            )
        else:
            c = decode(x)
            assert word == c.kind.name.lower().replace("_", "-")
    assert lines[-1] == " ".join(str(sq + 1) for sq in search.result.solution)
    moves = sum(1 for line in lines if line.startswith("move "))
    assert moves == search.result.moves


def test_queens_trace_then_the_solutions(capsys):
    code, out, _ = run(capsys, "queens", "--size", "4", "--trace")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "place a1"
    assert lines[1] == "column a2"  # a2 shares a1's column
    assert lines[-3:] == ["b1 d2 a3 c4", "c1 a2 d3 b4", "2 solutions"]
    placed = [line for line in lines if line.startswith("place ")]
    assert len(placed) == 16  # docs/reference.md: 16 placements for N = 4


def test_estimate_text_and_json(capsys):
    code, out, _ = run(capsys, "estimate", "--size", "5", "--probes", "20000", "--seed", "3")
    assert code == 0
    assert "positions" in out and "exhaustive search would take" in out
    code, out, _ = run(
        capsys, "estimate", "--size", "5", "--probes", "20000", "--seed", "3", "--format", "json"
    )
    data = json.loads(out)
    # The whole tree of knight paths from a5 on 5×5 has 1,735,079 positions (enumerated in
    # tests/engine/test_estimate.py); the estimate is within a few percent.
    assert abs(data["nodes"] - 1_735_079) / 1_735_079 < 0.05
    assert data["steps"] == pytest.approx(2 * (data["nodes"] - 1))
    code, _, err = run(capsys, "estimate", "--probes", "1")
    assert code == 2 and err.count("\n") == 1


@pytest.mark.parametrize(("size", "probes"), [("20", "200"), ("30", "100"), ("100", "10")])
def test_estimate_of_a_large_board_is_a_power_of_ten_never_nan_or_inf(capsys, size, probes):
    """--size 20 printed '± inf%' and --size 30 'nan' (the figures overflowed a double):
    astronomical figures are powers of ten, and JSON stays JSON (no NaN or Infinity)."""
    args = ("estimate", "--size", size, "--probes", probes, "--seed", "2")
    code, out, err = run(capsys, *args)
    assert code == 0 and err == ""
    assert not re.search(r"nan|inf", out, re.IGNORECASE)
    positions = re.search(r"about 10\^(\d+\.\d) positions \(± (\d+)%", out)
    steps = re.search(r"would take about 10\^(\d+\.\d) steps", out)
    assert positions and steps, out
    assert int(positions[2]) <= 100
    code, out, _ = run(capsys, *args, "--format", "json")
    data = json.loads(out, parse_constant=lambda name: pytest.fail(f"{name} in JSON"))
    assert code == 0
    assert data["log10_nodes"] == pytest.approx(float(positions[1]), abs=0.05)
    assert data["log10_steps"] == pytest.approx(data["log10_nodes"] + math.log10(2))
    assert float(steps[1]) == pytest.approx(data["log10_steps"], abs=0.05)
    assert 0 < data["relative_error"] <= 1
    if data["log10_nodes"] > 308:  # past a double: the plain figures are null, not inf
        assert data["nodes"] is None and data["steps"] is None and data["stderr"] is None
    else:
        assert data["nodes"] == pytest.approx(10 ** data["log10_nodes"])


def test_estimate_of_an_ordinary_board_keeps_its_plain_figures(capsys):
    code, out, _ = run(capsys, "estimate", "--start", "d4", "--probes", "500", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert data["nodes"] == pytest.approx(10 ** data["log10_nodes"])
    assert data["steps"] == pytest.approx(2 * (data["nodes"] - 1))
    assert data["stderr"] == pytest.approx(data["nodes"] * data["relative_error"])
    code, out, _ = run(capsys, "estimate", "--start", "d4", "--probes", "500")
    assert f"about {data['nodes']:.3g} positions" in out


@pytest.mark.parametrize(
    ("years", "text"),
    [
        (2.44, "2.4 years"),
        (631_245.7, "630,000 years"),
        (846_873.0, "850,000 years"),
        (7.504e7, "75 million years"),
        (2.24e9, "2.2 billion years"),
        (2.3e17, "2.3e+17 years"),
    ],
)
def test_durations_over_a_year_are_rounded(years, text):
    """ "this count will take about 6.3e+05 years": to two digits, in words."""
    from knightviz.cli import duration, log_duration

    seconds = years * 365.25 * 86400
    assert duration(seconds) == text
    assert log_duration(math.log(seconds)) == text
