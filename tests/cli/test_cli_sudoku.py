"""knightviz sudoku: the command the puzzle's spec describes, made by the one generic
handler (commands/puzzle.py). Known facts (a published puzzle's solution, the 288 grids of
4×4), properties of every answer (a valid grid holding the givens), the exit statuses and
their one-line messages."""

from __future__ import annotations

import io
import itertools
import json
import re
import sys

import pytest

from knightviz.cli import main
from knightviz.engine.puzzles import spec

from .notices import quiet_but_for_a_long_search

#: A published 9×9 puzzle and its one solution (the example of Wikipedia's Sudoku article).
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC_SOLUTION = (
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)
#: Arto Inkala's puzzle: a search of many steps with plain backtracking.
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
#: Norvig's first "top95" puzzle, the famous hard one.
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EMPTY4 = "." * 16
#: Four cells of a 4×4 grid blanked where two digits can swap (rows 1 and 3, columns 1 and
#: 2, two boxes): exactly two solutions.
SWAP4 = "..343412..434321"
#: No two equal digits in a unit and a candidate for every blank, yet no solution (the brute
#: force below finds none).
DEAD4 = "...1.3.4..4..1.."
STRATEGIES = ("plain", "mrv", "dlx")


def run(capsys, *args, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(["sudoku", *args])
    out, err = capsys.readouterr()
    return code, out, err


def digits(text: str) -> list[int]:
    return [int(ch, 17) if ch not in ".0" else 0 for ch in text]


def box_shape(n: int) -> tuple[int, int]:
    return {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4)}[n]


def assert_solves(puzzle: str, answer: str) -> None:
    """``answer`` is a complete valid grid that keeps every given of ``puzzle``."""
    n = int(len(puzzle) ** 0.5)
    grid = digits(answer)
    assert len(grid) == n * n
    for given, got in zip(digits(puzzle), grid, strict=True):
        assert given in (0, got)
    br, bc = box_shape(n)
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    units += [
        [(R + r) * n + C + c for r in range(br) for c in range(bc)]
        for R in range(0, n, br)
        for C in range(0, n, bc)
    ]
    for unit in units:
        assert sorted(grid[i] for i in unit) == list(range(1, n + 1))


def brute_force(puzzle: str) -> list[str]:
    """Every solution of a 4×4 puzzle, by trying all 4×4 grids of permuted rows (an oracle
    independent of the engine)."""
    rows = list(itertools.permutations("1234"))
    found = []
    for grid in itertools.product(rows, repeat=4):
        text = "".join("".join(r) for r in grid)
        if all(p in ".0" or p == t for p, t in zip(puzzle, text, strict=True)):
            try:
                assert_solves(puzzle, text)
            except AssertionError:
                continue
            found.append(text)
    return found


# -- the command and its formats -------------------------------------------------------------


def test_the_command_is_listed_and_made_from_the_spec(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "sudoku" in capsys.readouterr().out
    command = spec("sudoku").command
    assert command is not None and command.name == "sudoku"
    with pytest.raises(SystemExit):
        main(["sudoku", "--help"])
    text = capsys.readouterr().out
    for word in (*command.strategies, *command.formats, *(f"--{f}" for f, _ in command.flags)):
        assert word in text


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_line_prints_the_published_solution(capsys, strategy):
    code, out, err = run(capsys, CLASSIC, "--format", "line", "--strategy", strategy)
    assert (code, out) == (0, CLASSIC_SOLUTION + "\n") and quiet_but_for_a_long_search(err)


def test_grid_is_the_same_solution_drawn_with_box_lines(capsys):
    code, out, err = run(capsys, CLASSIC, "--format", "grid")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 9 + 2  # two rules between the three bands
    cells = [ch for line in lines for ch in line if ch.isalnum()]
    assert "".join(cells) == CLASSIC_SOLUTION
    assert sum(1 for line in lines if set(line) <= set("-+ ")) == 2
    assert all(line.count("|") == 2 for line in lines if "|" in line)


def test_grid_is_the_default_format(capsys):
    assert run(capsys, CLASSIC) == run(capsys, CLASSIC, "--format", "grid")


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_json_has_the_solution_and_the_counts(capsys, strategy):
    code, out, err = run(capsys, CLASSIC, "--format", "json", "--strategy", strategy)
    assert code == 0 and err == ""
    obj = json.loads(out)
    assert obj["solution"] == CLASSIC_SOLUTION
    assert obj["solutions"] == [CLASSIC_SOLUTION]
    assert obj["steps"] == obj["moves"] + obj["backtracks"]
    assert obj["moves"] >= CLASSIC.count(".")  # each blank placed once at least


def test_the_famous_hard_puzzle_takes_898_steps_with_mrv(capsys):
    # A known figure (docs/reference.md): 898 steps with MRV to the first solution (plain's
    # 19,454,728 are the engine's and the benchmarks' to check, not a CLI test's).
    code, out, _ = run(capsys, HARD, "--format", "json", "--strategy", "mrv")
    assert code == 0
    obj = json.loads(out)
    assert obj["steps"] == 898
    assert_solves(HARD, obj["solution"])


def test_count_of_the_empty_4x4_is_288(capsys):
    for extra in ((), ("--jobs", "1")):
        code, out, err = run(capsys, EMPTY4, "--format", "count", *extra)
        assert (code, out) == (0, "288\n") and quiet_but_for_a_long_search(err)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_count_by_a_named_strategy_s_search(capsys, strategy):
    code, out, err = run(capsys, EMPTY4, "--format", "count", "--strategy", strategy)
    assert (code, out) == (0, "288\n") and quiet_but_for_a_long_search(err)


def test_count_with_singles_counts_the_same_solutions(capsys):
    code, out, _ = run(capsys, EMPTY4, "--format", "count", "--strategy", "mrv", "--singles")
    assert (code, out) == (0, "288\n")


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_all_lists_every_solution_once(capsys, strategy):
    want = brute_force(SWAP4)
    assert len(want) == 2
    code, out, err = run(capsys, SWAP4, "--all", "--format", "line", "--strategy", strategy)
    assert code == 0 and err == ""
    assert sorted(out.split()) == sorted(want)
    code, out, _ = run(capsys, EMPTY4, "--all", "--format", "line", "--strategy", strategy)
    lines = out.split()
    assert len(lines) == len(set(lines)) == 288
    for line in lines[:20]:
        assert_solves(EMPTY4, line)


def test_first_stops_at_one_solution_of_several(capsys):
    code, out, _ = run(capsys, SWAP4, "--format", "line")
    assert code == 0 and out.strip() in brute_force(SWAP4)


def test_singles_solve_the_same_puzzle(capsys):
    for strategy in ("plain", "mrv"):
        code, out, _ = run(capsys, CLASSIC, "--format", "line", "--strategy", strategy, "--singles")
        assert (code, out) == (0, CLASSIC_SOLUTION + "\n")


def test_a_named_example_and_the_list_of_examples(capsys):
    code, out, err = run(capsys, "--list-examples")
    assert code == 0 and err == ""
    examples = [line.split(" ", 1) for line in out.splitlines()]
    assert examples and all(len(e) == 2 for e in examples)
    text, name = examples[0]
    assert run(capsys, name, "--format", "line")[1] == run(capsys, text, "--format", "line")[1]
    hard = [text for text, name in examples if name.lower().startswith("hard")]
    assert hard == [HARD]  # the one name beginning so
    assert run(capsys, "HARD", "--format", "line", "--strategy", "mrv") == run(
        capsys, HARD, "--format", "line", "--strategy", "mrv"
    )


# -- several puzzles: --file and stdin -----------------------------------------------------------


def test_file_reads_one_puzzle_a_line_skipping_comments_and_blanks(capsys, tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(f"# two puzzles\n\n{CLASSIC}\n   \n  # indented comment\n{SWAP4}\n")
    code, out, err = run(capsys, "--file", str(path), "--format", "line")
    assert code == 0 and err == ""
    first, second = out.splitlines()
    assert first == CLASSIC_SOLUTION and second in brute_force(SWAP4)


def test_stdin_reads_the_same_way(capsys, monkeypatch):
    stdin = f"{CLASSIC}\n# comment\n\n{CLASSIC}\r\n"
    code, out, err = run(capsys, "-", "--format", "json", stdin=stdin, monkeypatch=monkeypatch)
    assert code == 0 and err == ""
    objs = [json.loads(line) for line in out.splitlines()]
    assert [o["solution"] for o in objs] == [CLASSIC_SOLUTION] * 2


def test_several_puzzles_exit_1_if_any_has_no_solution(capsys, monkeypatch):
    bad = "11" + "." * 14
    code, out, err = run(
        capsys, "-", "--format", "line", stdin=f"{SWAP4}\n{bad}\n", monkeypatch=monkeypatch
    )
    assert code == 1
    assert out.splitlines()[1] == "none"
    assert err == "line 2: two 1s in row 1\n"


# -- exit statuses and their messages --------------------------------------------------------------


@pytest.mark.parametrize(
    ("puzzle", "sentence"),
    [
        ("11" + "." * 14, "two 1s in row 1"),
        ("1...1" + "." * 11, "two 1s in column 1"),
        ("1....1" + "." * 10, "two 1s in box 1"),
    ],
)
def test_a_verdict_is_exit_1_with_its_sentence(capsys, puzzle, sentence):
    code, out, err = run(capsys, puzzle, "--format", "line")
    assert (code, out, err) == (1, "none\n", sentence + "\n")


def test_a_cell_with_no_candidate_is_named(capsys):
    # r1c4 sees 1 and 2 in its row, 3 in its column, 4 in its box.
    puzzle = "12.." + "..4." + "...3" + "...."
    code, _, err = run(capsys, puzzle, "--format", "line")
    assert (code, err) == (1, "r1c4 has no candidate\n")


def test_no_solution_found_by_searching(capsys):
    assert brute_force(DEAD4) == []
    for strategy in STRATEGIES:
        code, out, err = run(capsys, DEAD4, "--format", "line", "--strategy", strategy)
        assert (code, out, err) == (1, "none\n", "no solution\n")


@pytest.mark.parametrize(
    ("args", "pattern"),
    [
        (["12345"], r"PUZZLE: .*"),
        (["12x" + "." * 13], r"PUZZLE, column 3: .*'x'.*"),
        (["--size", "4", "." * 17], r"PUZZLE, column 17: .*"),
    ],
)
def test_usage_errors_are_one_line_naming_the_column(capsys, args, pattern):
    code, out, err = run(capsys, *args, "--format", "line")
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert re.fullmatch(rf"knightviz: error: {pattern}\n", err), err


def test_a_bad_line_of_a_file_names_its_line_and_column(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(f"# comment\n{CLASSIC}\n\n  {CLASSIC[:10]}?{CLASSIC[11:]}\n")
    code, out, err = run(capsys, "--file", str(path))
    assert (code, out) == (2, "")  # nothing is solved before the input is read whole
    assert err.startswith(f"knightviz: error: {path}, line 4, column 13: ")
    assert err.count("\n") == 1


def test_usage_errors_of_the_options(capsys, tmp_path):
    cases = [
        ["--strategy", "nope", CLASSIC],
        ["--format", "nope", CLASSIC],
        ["--size", "5", CLASSIC],
        ["--file", str(tmp_path / "missing")],
        [],
        [CLASSIC, "--file", str(tmp_path / "x")],
        [CLASSIC, "--format", "count", "--trace"],
        [CLASSIC, "--format", "count", "--html", str(tmp_path / "x.html")],
        [CLASSIC, "--jobs", "2"],
        [CLASSIC, "--format", "count", "--strategy", "mrv", "--jobs", "2"],
        [CLASSIC, "--lang", "zh_CN"],
        [CLASSIC, "--strategy", "dlx", "--singles"],
    ]
    for args in cases:
        code, out, err = run(capsys, *args)
        assert (code, out) == (2, ""), args
        assert err.startswith("knightviz: error: ") and err.count("\n") == 1, (args, err)


def test_a_file_too_long_or_not_text_is_refused(capsys, tmp_path):
    path = tmp_path / "bin"
    path.write_bytes(b"\xff\xfe" + b"." * 14)
    code, _, err = run(capsys, "--file", str(path))
    assert code == 2 and "not UTF-8" in err and err.count("\n") == 1


# -- --limit, --trace, --html ---------------------------------------------------------------------


def test_limit_stops_the_search_and_says_so(capsys):
    code, out, err = run(capsys, INKALA, "--limit", "100", "--format", "json")
    assert code == 1
    obj = json.loads(out)
    assert obj["outcome"] == "limit" and obj["steps"] == 100 and obj["solution"] is None
    assert err == "no solution within --limit 100 steps\n"


def test_limit_with_every_solution_is_a_partial_list(capsys):
    code, out, err = run(capsys, EMPTY4, "--all", "--limit", "200", "--format", "line")
    assert code == 1
    assert 0 < len(out.split()) < 288
    assert err == "stopped at --limit 200 steps: not every solution was found\n"
    code, out, _ = run(capsys, EMPTY4, "--format", "count", "--limit", "200")
    assert code == 1 and out.startswith("partial count: ")


@pytest.mark.parametrize(("strategy", "singles"), [("plain", False), ("mrv", True), ("dlx", False)])
def test_trace_replays_to_the_solution(capsys, strategy, singles):
    flags = ["--singles"] if singles else []
    code, out, err = run(
        capsys, CLASSIC, "--trace", "--strategy", strategy, *flags, "--format", "json"
    )
    assert code == 0 and err == ""
    *trace, last = out.splitlines()
    obj = json.loads(last)
    assert len(trace) == obj["steps"]
    assert sum(line.startswith("place ") for line in trace) == obj["moves"]
    grid = digits(CLASSIC)
    for line in trace:
        word, cell, digit = line.split()
        r, c = (int(v) for v in re.fullmatch(r"r(\d+)c(\d+)", cell).groups())
        at = (r - 1) * 9 + c - 1
        if word == "place":
            assert grid[at] == 0 or singles  # (a forced fill is not an event)
            grid[at] = int(digit)
        else:
            assert word == "remove" and grid[at] == int(digit)
            grid[at] = 0
    placed = "".join(str(d) if d else "." for d in grid)
    for mine, solved in zip(placed, CLASSIC_SOLUTION, strict=True):
        assert mine in (".", solved)  # with singles, the forced fills are not events
    if not singles:
        assert placed == CLASSIC_SOLUTION


def test_html_writes_the_page_of_the_run(capsys, tmp_path):
    page = tmp_path / "run.html"
    code, out, err = run(
        capsys, CLASSIC, "--strategy", "mrv", "--html", str(page), "--format", "json"
    )
    assert code == 0 and err == ""
    obj = json.loads(out)
    assert obj["solution"] == CLASSIC_SOLUTION
    html = page.read_text(encoding="utf-8")
    assert '"labels":' in html and f'"length":{obj["steps"]}' in html
    assert "knightviz sudoku" in html and "--strategy mrv" in html


def test_stdin_errors_name_stdin_and_the_line(capsys, monkeypatch):
    stdin = f"{CLASSIC}\n\n  {'.' * 15}G\n"  # G is 16: too large for a 4×4
    code, out, err = run(capsys, "-", stdin=stdin, monkeypatch=monkeypatch)
    assert (code, out) == (2, "")
    assert err.startswith("knightviz: error: stdin, line 3, column 18: ")
    assert err.count("\n") == 1


def test_html_shows_one_puzzle_only(capsys, monkeypatch, tmp_path):
    page = tmp_path / "p.html"
    stdin = f"{CLASSIC}\n{SWAP4}\n"
    code, out, err = run(capsys, "-", "--html", str(page), stdin=stdin, monkeypatch=monkeypatch)
    assert (code, out) == (2, "") and "--html" in err and not page.exists()
    code, out, _ = run(
        capsys, "-", "--html", str(page), stdin=f"# one\n{CLASSIC}\n", monkeypatch=monkeypatch
    )
    assert code == 0 and page.exists()


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_every_size_s_example_is_solved(capsys, strategy):
    code, out, _ = run(capsys, "--list-examples")
    for line in out.splitlines()[:2]:  # the 4×4 and 6×6 starters
        puzzle = line.split()[0]
        code, answer, err = run(capsys, puzzle, "--format", "line", "--strategy", strategy)
        assert (code, err) == (0, "")
        assert_solves(puzzle, answer.strip())
    code, answer, _ = run(capsys, "." * 256, "--format", "line", "--strategy", "mrv")
    assert code == 0
    assert_solves("." * 256, answer.strip())
