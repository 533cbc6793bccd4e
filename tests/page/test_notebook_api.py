"""The notebook API (``knightviz.notebook``, ``import knightviz as kv``): problems built
through the spec registry, runs with their counts, outcomes and recordings (checked
against known facts), races, and the inline player's markup. No browser here:
test_notebook.py opens the players."""

from __future__ import annotations

import html
import re
import subprocess
import sys

import pytest

import knightviz as kv
from knightviz.engine.puzzles import ProblemError, specs

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_a_builder_for_every_puzzle_and_nothing_else():
    assert kv.puzzles() == tuple(specs())
    for key in specs():
        assert getattr(kv, key).__name__ == key
    with pytest.raises(AttributeError):
        kv.no_such_puzzle  # noqa: B018
    assert set(specs()) <= set(dir(kv))


def test_importing_the_package_or_a_submodule_loads_no_notebook_api():
    code = (
        "import sys, knightviz\nfrom knightviz import engine\n"
        "print('knightviz.notebook' in sys.modules, 'knightviz.engine.puzzles' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_problems_read_their_words_as_the_command_line_does():
    assert kv.knight(8, start="a8").text == "8x8 a8"
    assert kv.knight("6x6", "c3", closed=True).text == "6x6 c3 closed"
    assert kv.problem("knight", "5x6 b2 plain").text == "5x6 b2 plain"
    assert kv.queens(8).value.n == 8
    with pytest.raises(ProblemError):
        kv.knight(8, start="z9")


def test_warnsdorff_from_a8_is_a_tour_of_63_moves_and_its_recording_replays_it():
    run = kv.run(kv.knight(8, start="a8"), "warnsdorff")
    assert (run.steps, run.moves, run.backtracks, run.outcome) == (63, 63, 0, "solved")
    assert run.finished and run.builtin
    assert len(run.recording) == 63
    end = run.recording.seek(63)
    assert tuple(end.path) == run.solution
    assert sorted(run.solution) == list(range(64))


def test_known_counts():
    assert kv.run(kv.queens(8)).count == 92  # every solution: the spec's default
    assert kv.run(kv.sudoku("." * 16), "mrv", every=True).count == 288
    mrv = kv.run(kv.sudoku(HARD), "mrv")
    assert (mrv.steps, mrv.outcome) == (898, "solved")
    grid = mrv.text().split()
    assert grid[:9] == ["4", "1", "7", "|", "3", "6", "9", "|", "8"]


def test_a_problem_with_a_verdict_is_not_searched():
    duplicate = kv.sudoku("11" + "." * 14)
    assert duplicate.verdict() is not None
    run = kv.run(duplicate)
    assert (run.outcome, run.steps, len(run.recording)) == ("impossible", 0, 0)
    assert "<iframe" in run._repr_html_()


def test_a_race_names_the_run_that_finished_first():
    board = kv.knight(8, start="a8")
    race = kv.race(board, "plain", "warnsdorff", limit=1_000)
    plain, warnsdorff = race.runs
    assert plain.outcome == "limit" and plain.steps == 1_000
    assert race.winner is warnsdorff
    assert "warnsdorff finished first, in 63 steps" in race.summary()
    tie = kv.race(warnsdorff, warnsdorff)
    assert tie.winner is None
    with pytest.raises(TypeError):
        kv.race(board, "plain")


def frames(markup: str) -> list[str]:
    """The pages inside the markup's iframes (srcdoc unescaped)."""
    return [html.unescape(s) for s in re.findall(r'srcdoc="([^"]*)"', markup)]


def test_the_inline_player_is_the_page_in_a_sandboxed_frame():
    run = kv.run(kv.knight(5, start="a1"), "warnsdorff")
    markup = run._repr_html_()
    assert markup.count("<iframe") == 1
    assert 'sandbox="allow-scripts"' in markup  # scripts run; the notebook is out of reach
    assert frames(markup) == [run.page()]
    race = kv.race(run, kv.run(kv.knight(5, start="a1"), "plain", limit=50))
    assert len(frames(race._repr_html_())) == 2


def test_a_sanitised_player_leaves_its_run_and_how_to_see_it():
    """An untrusted notebook's sanitiser (JupyterLab's, Notebook 7's) drops iframes and
    scripts but keeps the text inside them: each player then says what ran and how to see
    it, in a block of its own."""
    run = kv.run(kv.knight(5, start="a1"), "warnsdorff")
    race = kv.race(run, kv.run(kv.knight(5, start="a1"), "plain", limit=50))
    for shown, runs in ((run._repr_html_(), [run]), (race._repr_html_(), race.runs)):
        kept = re.sub(r"<iframe[^>]*>|</iframe>|<script>.*?</script>", "", shown, flags=re.S)
        assert "<iframe" not in kept and "srcdoc" not in kept
        blocks = re.findall(r'<div class="knightviz-frame">(.*?)</div>', kept, flags=re.S)
        assert len(blocks) == len(runs)
        for block, r in zip(blocks, runs, strict=True):
            assert html.unescape(block).startswith(r.summary())
            assert "run the cell, or trust the notebook" in block


def test_each_frame_is_sized_to_its_own_page():
    """The script after each frame takes the height its own frame's page posts (a trusted
    output runs it), so the player never scrolls inside the notebook's output."""
    race = kv.race(kv.knight(5, start="a1"), "warnsdorff", "plain", limit=50)
    shown = race._repr_html_()
    assert len(re.findall(r"</iframe><script>.*?previousElementSibling.*?</script>", shown)) == 2
    assert shown.count("event.source === frame.contentWindow") == 2
    assert "knightvizHeight" in race.runs[0].page()  # the page posts it


def test_an_unknown_strategy_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="built-in"):
        kv.run(kv.queens(6), "fastest")


# -- the learner's own strategies (run in a child process by the engine) -------------------


def unchanged(position, candidates):
    """Every candidate in the search's own order: plain backtracking."""
    return candidates


def first_only(position, candidates):
    return candidates[:1]


def broken(position, candidates):
    return candidates[0] / 0


def test_a_function_that_changes_nothing_is_plain_backtracking():
    board = kv.knight(5, start="a1")
    mine = kv.run(board, unchanged, limit=20_000)
    plain = kv.run(board, "plain", limit=20_000)
    assert (mine.steps, mine.moves, mine.outcome) == (plain.steps, plain.moves, plain.outcome)
    assert list(mine.recording.events(0, len(mine.recording))) == list(
        plain.recording.events(0, len(plain.recording))
    )
    assert mine.strategy == "unchanged" and not mine.builtin and not mine.pruned


def test_mrv_written_as_two_functions_takes_the_known_898_steps():
    def cell(position, cells):
        return min(cells, key=position.count)

    def digits(position, cell, digits):
        return digits

    run = kv.run(kv.sudoku(HARD), [cell, digits])
    assert (run.steps, run.outcome, run.strategy) == (898, "solved", "cell + digits")


def test_pruning_and_a_failure_are_reported():
    pruned = kv.run(kv.knight(5, start="a1"), first_only)
    assert pruned.pruned and "may have been missed" in pruned.summary()
    failed = kv.run(kv.knight(5, start="a1"), broken)
    assert failed.error is not None and failed.error.kind == "exception"
    assert "ZeroDivisionError" in failed.summary()
    assert not failed.finished


def test_a_page_of_the_learners_strategy_names_it_and_its_file(tmp_path):
    from knightviz.page import page_of
    from knightviz.page.build import page_data

    source = tmp_path / "mine.py"
    source.write_text("def order(position, candidates):\n    return candidates[::-1]\n")
    board = kv.knight(5, start="a1")
    run = kv.run(board, str(source), limit=500)
    assert run.strategy == "mine.py"
    page = page_of(board.spec, board.value, run.strategy, run.result, run.recording.data())
    data = page_data(page)
    assert data["custom"] == "mine.py"
    assert "--strategy-file mine.py" in data["command"]
    assert data["length"] == run.steps == 500
