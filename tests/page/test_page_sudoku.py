"""The page of a spec-made puzzle (Sudoku) in a real headless browser: its labels mode. At
a dozen steps the page's position equals the engine's replay of the recording
(Recording.seek), and its board equals the engine's grid at that position (givens bold,
placements, and with forced cells the squares they fill); solutions are marked where the
search reached them."""

from __future__ import annotations

import bisect
import json
from pathlib import Path

import pytest

from knightviz.cli import main as cli_main
from knightviz.engine.puzzles import spec
from knightviz.engine.puzzles.sudoku.problem import grid as engine_grid
from knightviz.engine.recording import Recording
from knightviz.page import PageRun, spec_page_run
from knightviz.page.build import page_data, strings

from .test_page import browser, open_page, write  # noqa: F401  (fixtures and the writer)

SUDOKU = spec("sudoku")
#: Norvig's first "top95" puzzle (hard for plain backtracking).
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: Four cells of a 4×4 grid where two digits can swap: two solutions.
SWAP4 = "..343412..434321"


def steps_of(run: PageRun, rec: Recording) -> list[int]:
    n = len(rec)
    chosen = {0, 1, 2, n - 1, n, *(n * k // 11 for k in range(1, 11)), *(run.solution_steps or ())}
    return sorted(s for s in chosen if 0 <= s <= n)


def check_board(page, run: PageRun, problem, singles: bool) -> int:
    """The page equals the engine at a dozen steps; how many were checked."""
    rec = Recording(run.recording.initial)
    rec.load(run.recording)
    size = run.rows * run.cols
    givens = {cell for cell, d in enumerate(problem.cells) if d}
    solutions = list(run.solution_steps or ())
    checked = 0
    for step in steps_of(run, rec):
        want = rec.seek(step)
        got = page.seek(step)
        assert got["path"] == list(want.path), step
        assert (got["moves"], got["backtracks"]) == (want.moves, want.backtracks), step
        assert got["solutions"] == bisect.bisect_right(solutions, step), step
        assert got["stack"] == [[x, [x], 1] for x in want.path]
        full = engine_grid(problem, list(want.path), singles)
        board = got["board"]
        placed = {x % size for x in want.path}
        for cell, entry in enumerate(board):
            if full[cell] == 0:
                assert entry is None, (step, cell)
                continue
            label, kind = entry
            assert label == "123456789ABCDEFG"[full[cell] - 1], (step, cell)
            expected = "fixed" if cell in givens else "placed" if cell in placed else "derived"
            assert kind == expected, (step, cell)
        if want.last_events and want.last_events[-1] < 0:
            assert got["last"][-1] == want.last_events[-1]
        checked += 1
    return checked


@pytest.mark.parametrize("singles", [False, True])
def test_mrv_on_a_hard_puzzle_equals_the_engine(tmp_path, open_page, singles):  # noqa: F811
    problem = SUDOKU.parse(HARD)
    options = {"singles": True} if singles else {}
    run = spec_page_run(SUDOKU, problem, "mrv", options=options)
    assert run.result.solved and run.solution_steps == (run.result.steps,)
    assert (run.derived is not None) == singles
    page = open_page(write(tmp_path, run))
    assert check_board(page, run, problem, singles) >= 12
    end = page.seek(run.result.steps)
    assert all(entry is not None for entry in end["board"])  # the solved grid, every cell
    assert end["solutions"] == 1 and page.seek(run.result.steps - 1)["solutions"] == 0
    subtitle = page.page.evaluate("document.getElementById('subtitle').textContent")
    assert subtitle.endswith(" · 1 solution"), subtitle  # one, not "1 solutions"


@pytest.mark.parametrize("strategy", ["plain", "dlx"])
def test_every_solution_is_marked_where_it_was_reached(tmp_path, open_page, strategy):  # noqa: F811
    run = spec_page_run(SUDOKU, SUDOKU.parse(SWAP4), strategy, every=True)
    assert run.result.count == 2 and len(run.solution_steps or ()) == 2
    page = open_page(write(tmp_path, run))
    check_board(page, run, SUDOKU.parse(SWAP4), False)
    for step in run.solution_steps or ():
        assert all(entry is not None for entry in page.seek(step)["board"])


def test_a_16x16_run_packs_its_events_in_16_bits(tmp_path, open_page):  # noqa: F811
    problem = SUDOKU.parse("." * 256)
    run = spec_page_run(SUDOKU, problem, "mrv", limit=300)
    assert all(seg["width"] == 16 for seg in page_data(run)["segments"])
    page = open_page(write(tmp_path, run))
    assert check_board(page, run, problem, False) >= 12


def test_a_verdict_is_a_page_of_no_steps_with_its_sentence(tmp_path, open_page):  # noqa: F811
    problem = SUDOKU.parse("11" + "." * 14)
    run = spec_page_run(SUDOKU, problem)
    assert run.result.steps == 0
    page = open_page(write(tmp_path, run))
    state = page.seek(0)
    assert state["length"] == 0 and state["board"][:2] == [["1", "fixed"], ["1", "fixed"]]
    subtitle = page.page.evaluate("document.getElementById('subtitle').textContent")
    assert SUDOKU.verdict(problem).sentence in subtitle


def test_the_chinese_page_names_the_puzzle_in_chinese(tmp_path, open_page):  # noqa: F811
    run = spec_page_run(SUDOKU, SUDOKU.parse(SWAP4), lang="zh_CN")
    page = open_page(write(tmp_path, run))
    title = page.page.evaluate("document.getElementById('title').textContent")
    assert SUDOKU.name("zh_CN") in title and SUDOKU.name("zh_CN") != SUDOKU.name("en")


def test_the_cli_s_page_holds_the_run_it_printed(tmp_path, open_page, capsys):  # noqa: F811
    path = tmp_path / "run.html"
    code = cli_main(["sudoku", HARD, "--strategy", "mrv", "--format", "json", "--html", str(path)])
    obj = json.loads(capsys.readouterr().out)
    assert code == 0
    page = open_page(Path(path))
    end = page.seek(obj["steps"])
    assert end["length"] == obj["steps"]
    assert "".join(label for label, _ in end["board"]) == obj["solution"]


def test_a_run_too_long_for_its_forced_cells_says_they_are_not_drawn(
    tmp_path,
    open_page,  # noqa: F811
    monkeypatch,
):
    monkeypatch.setattr("knightviz.page.build.DERIVED_MAX_PLACEMENTS", 10)
    problem = SUDOKU.parse(HARD)
    run = spec_page_run(SUDOKU, problem, "mrv", options={"singles": True})
    assert run.derived is not None and run.derived.omitted
    page = open_page(write(tmp_path, run))
    subtitle = page.page.evaluate("document.getElementById('subtitle').textContent")
    assert strings("en")["derivedOmitted"] in subtitle
    board = page.seek(run.result.steps)["board"]
    assert {entry[1] for entry in board if entry} == {"fixed", "placed"}
