"""The page of a spec-made puzzle, built without a browser: the solutions' steps, the page of
a recording made elsewhere (the window's), the packing of its events."""

from __future__ import annotations

from knightviz.engine.puzzles import spec
from knightviz.engine.recording import Recording
from knightviz.page import solution_steps_in, spec_page_of, spec_page_run
from knightviz.page.build import page_data

SUDOKU = spec("sudoku")
EMPTY4 = "." * 16
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def recorded(problem, strategy, every, options=None):
    """A run recorded as the window records it, and its solutions as the search reported."""
    found: list[tuple[int, ...]] = []
    search = SUDOKU.make_search(
        problem, strategy, every=every, on_solution=found.append, options=options
    )
    rec = Recording(search.initial, checkpoint_every=64)
    while chunk := search.advance(1000):
        rec.extend(chunk, search.snapshot_path())
    rec.finish()
    return search.result, rec, found


def test_every_solution_s_step_is_where_the_recording_holds_it():
    for strategy in ("plain", "mrv", "dlx"):
        result, rec, found = recorded(SUDOKU.parse(EMPTY4), strategy, every=True)
        assert result.count == len(found) == 288
        steps = solution_steps_in(rec.data(), found)
        assert len(steps) == 288 and steps == sorted(set(steps))
        for step, path in zip(steps, found, strict=True):
            assert tuple(rec.seek(step).path) == path
        # The page built while searching finds the same steps.
        run = spec_page_run(SUDOKU, SUDOKU.parse(EMPTY4), strategy, every=True)
        assert list(run.solution_steps or ()) == steps


def test_the_page_of_a_recording_made_elsewhere_is_the_page_of_the_same_run():
    problem = SUDOKU.parse(HARD)
    options = {"singles": True}
    result, rec, found = recorded(problem, "mrv", every=False, options=options)
    steps = solution_steps_in(rec.data(), found)
    assert steps == [result.steps]
    mine = spec_page_of(
        SUDOKU, problem, "mrv", result, rec.data(), options=options, solution_steps=steps
    )
    theirs = spec_page_run(SUDOKU, problem, "mrv", options=options, checkpoint_every=64)
    a, b = page_data(mine), page_data(theirs)
    for key in ("length", "segments", "markers", "labels", "command", "puzzle"):
        assert a[key] == b[key], key
    assert a["result"]["moves"] == b["result"]["moves"]


def test_events_pack_in_the_narrowest_width_with_one_backtrack_symbol():
    # 4×4: 64 events and the backtrack symbol fit 8 bits; 9×9: 729 need 16.
    for text, width in ((EMPTY4, 8), (HARD, 16)):
        run = spec_page_run(SUDOKU, SUDOKU.parse(text), "mrv", limit=50)
        assert {seg["width"] for seg in page_data(run)["segments"]} == {width}
