"""--strategy-file on solve, queens and the puzzle commands: the file's order is searched
(the rewritten built-ins give the built-ins' answers), an unusable file is a usage error
(exit 2) and a strategy failing while it searches stops with one line and exit 3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from knightviz.cli import main
from knightviz.engine.puzzles.sudoku import HARD

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "strategies"

#: The user's search is Python in a child process whatever the default engine: one run.
pytestmark = pytest.mark.own_engine


def example(name: str) -> str:
    return str(EXAMPLES / f"{name}.py")


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_solve_with_warnsdorff_rewritten_gives_the_built_ins_tour(capsys):
    mine = run(capsys, "solve", "--strategy-file", example("warnsdorff"), "--format", "json")
    built_in = run(capsys, "solve", "--format", "json")
    assert mine[0] == built_in[0] == 0
    assert json.loads(mine[1])["tour"] == json.loads(built_in[1])["tour"]
    assert json.loads(mine[1])["moves"] == 63


def test_solve_trace_and_html(capsys, tmp_path):
    page = tmp_path / "run.html"
    code, out, _ = run(
        capsys,
        "solve",
        "--size", "5",
        "--start", "a5",
        "--strategy-file", example("warnsdorff"),
        "--trace",
        "--html", str(page),
    )  # fmt: skip
    assert code == 0 and page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert out.count("\n") > 24


def test_queens_every_format(capsys):
    assert (
        run(capsys, "queens", "--strategy-file", example("identity"), "--format", "count")[1]
        == "92\n"
    )
    code, out, _ = run(capsys, "queens", "--size", "6", "--strategy-file", example("queens_middle"))
    assert code == 0 and out.endswith("4 solutions\n")
    code, out, _ = run(
        capsys, "queens", "--size", "6", "--strategy-file", example("identity"), "--format", "json"
    )
    assert code == 0 and json.loads(out)["count"] == 4


def test_sudoku_with_mrv_rewritten_gives_the_built_ins_counts(capsys):
    mine = run(capsys, "sudoku", HARD, "--strategy-file", example("mrv"), "--format", "json")
    built_in = run(capsys, "sudoku", HARD, "--strategy", "mrv", "--format", "json")
    assert mine[0] == built_in[0] == 0
    assert json.loads(mine[1]) | {"seconds": 0} == json.loads(built_in[1]) | {"seconds": 0}
    assert json.loads(mine[1])["steps"] == 898


def test_sudoku_count_by_the_strategys_search(capsys):
    assert (
        run(capsys, "sudoku", "." * 16, "--strategy-file", example("mrv"), "--format", "count")[1]
        == "288\n"
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["solve", "--strategy-file", "/no/such/file.py"], "cannot read"),
        (["solve", "--strategy-file", example("mrv")], "no order() function"),
        (["sudoku", "." * 16, "--strategy-file", example("warnsdorff")], "no cell() or digits()"),
        (["solve", "--strategy-file", example("warnsdorff"), "--heuristic", "none"], "--heuristic"),
        (
            ["sudoku", "." * 16, "--strategy-file", example("mrv"), "--strategy", "mrv"],
            "--strategy",
        ),
    ],
)
def test_an_unusable_file_or_option_is_a_usage_error(capsys, args, said):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == "" and said in err and err.count("\n") == 1


def test_a_syntax_error_names_the_line(capsys, tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def order(position, candidates)\n    return candidates\n", encoding="utf-8")
    code, _, err = run(capsys, "solve", "--strategy-file", str(bad))
    assert code == 2 and "line 1" in err


def test_a_failing_strategy_is_one_line_and_exit_3(capsys, tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def order(position, candidates):\n    return [99]\n", encoding="utf-8")
    code, _, err = run(capsys, "solve", "--strategy-file", str(bad))
    assert code == 3 and err.count("\n") == 1 and "bad.py: order() returned 99" in err
