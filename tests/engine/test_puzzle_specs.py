"""The knight's tour and N-Queens specs: known facts through the spec, problems read back
as written, and the spec's answers agreeing with the searches it makes."""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import pytest

from knightviz.engine import Outcome, Search, run
from knightviz.engine.puzzles import ProblemError, PuzzleSpec, spec, specs
from knightviz.engine.puzzles.knight import Tour, strategy_of, with_strategy

KNIGHT = spec("knight")
QUEENS = spec("queens")


def run_events(search: Search, most: int = 1 << 20) -> list[int]:
    events: list[int] = []
    while len(events) < most and (chunk := search.advance(min(4096, most - len(events)))):
        events.extend(chunk)
    return events


def test_the_registry_finds_both_in_the_selectors_order():
    keys = list(specs())
    assert keys.index("knight") < keys.index("queens")
    assert keys[0] == "knight"
    for key, one in specs().items():
        assert isinstance(one, PuzzleSpec) and one.key == key and one.title


# -- problems --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "8x8 a8",
        "6x6 c3 closed plain",
        "5x6 b2 ties=roth",
        "8x8 a1 ties=random seed=7 greedy leaper=camel holes=d4,e5",
        "10x10 j10 construct closed",
        "7x9 a1 leaper=1,4",
    ],
)
def test_a_tour_problem_reads_back_as_written(text):
    problem = KNIGHT.parse(text)
    again = KNIGHT.text(problem)
    assert KNIGHT.parse(again) == problem
    assert KNIGHT.text(KNIGHT.parse(again)) == again


def test_the_tour_problems_words_mean_what_they_say():
    p = KNIGHT.parse("8x8 c1 closed plain greedy holes=d4")
    assert KNIGHT.dims(p) == (8, 8)
    assert p.board.name(p.start) == "c1"
    assert p.closed and not p.strategy.guided and not p.strategy.backtrack
    assert [p.board.name(sq) for sq in p.shape.holes] == ["d4"]
    assert KNIGHT.initial(p) == (p.start,)
    assert strategy_of(p) == "plain"


@pytest.mark.parametrize(
    ("text", "column"),
    [("8x8 z9", 5), ("8x8 a8 closed wobbly", 15), ("8x8 a8 ties=never", 8), ("eight a8", 1)],
)
def test_an_unreadable_tour_says_where(text, column):
    with pytest.raises(ProblemError) as caught:
        KNIGHT.parse(text)
    assert caught.value.column == column


@pytest.mark.parametrize("text", ["8", "8 first", "1", "12 all"])
def test_a_queens_problem_reads_back(text):
    problem = QUEENS.parse(text)
    assert QUEENS.parse(QUEENS.text(problem)) == problem


@pytest.mark.parametrize("text", ["", "5x6", "0", "8 some"])
def test_an_unreadable_queens_problem_is_refused(text):
    with pytest.raises(ProblemError):
        QUEENS.parse(text)


# -- known facts -----------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "solutions"), [(1, 1), (2, 0), (3, 0), (4, 2), (6, 4), (8, 92)])
@pytest.mark.parametrize("strategy", ["sets", "bitboards"])
def test_n_queens_solutions_counted_through_the_spec(n, solutions, strategy):
    found: list[tuple[int, ...]] = []
    search = QUEENS.make_search(
        QUEENS.parse(str(n)), strategy, backend="python", on_solution=found.append
    )
    result = search.run()
    assert result.count == solutions == len(found)
    rules = QUEENS.rules(QUEENS.parse(str(n)))
    assert rules is not None
    for solution in found:
        assert len(solution) == QUEENS.solution_depth(QUEENS.parse(str(n)), strategy) == n


def test_both_queens_strategies_make_the_same_placements():
    problem = QUEENS.parse("7")
    a = run_events(QUEENS.make_search(problem, "sets", backend="python"))
    b = run_events(QUEENS.make_search(problem, "bitboards"))
    assert a == b


def test_a_first_solution_problem_stops_unless_every_is_asked():
    first = QUEENS.parse("8 first")
    assert QUEENS.make_search(first, "sets", backend="python").run().count == 1
    assert QUEENS.make_search(first, "sets", backend="python", every=True).run().count == 92


def test_a_warnsdorff_tour_through_the_spec_is_a_tour():
    problem = KNIGHT.parse("8x8 a8")
    result = KNIGHT.make_search(problem, "warnsdorff", backend="python").run()
    assert result.outcome is Outcome.SOLVED and result.solution is not None
    tour = result.solution
    board = problem.board
    assert sorted(tour) == list(range(64)) and tour[0] == problem.start
    table = board.neighbours()
    assert all(b in table[a] for a, b in pairwise(tour))
    assert KNIGHT.solution_depth(problem, "warnsdorff") == len(tour)


def test_a_construction_through_the_spec_is_a_closed_tour():
    problem = KNIGHT.parse("8x8 a8 closed construct")
    result = run(KNIGHT.make_search(problem, "construct"))
    tour = result.solution
    assert tour is not None and sorted(tour) == list(range(64))
    assert tour[0] in problem.board.neighbours()[tour[-1]]
    assert KNIGHT.children(problem, "construct") is None


def test_the_strategy_argument_replaces_the_problems():
    problem = KNIGHT.parse("6x6 a1 ties=roth")
    plain = with_strategy(problem, "plain")
    assert not plain.strategy.guided and plain.strategy.tie_break == problem.strategy.tie_break
    a = run_events(KNIGHT.make_search(problem, "plain", backend="python"), 5000)
    b = run_events(KNIGHT.make_search(plain, "plain", backend="python"), 5000)
    assert a == b
    with pytest.raises(ValueError):
        KNIGHT.make_search(problem, "wobbly")
    with pytest.raises(ValueError):
        KNIGHT.make_search(problem, "warnsdorff", every=True)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("3x3 a1", "no_open"),  # no tour on 3×3 at all
        ("5x5 b1", "wrong_colour"),  # 25 squares: a tour starts on the corners' colour
        ("5x5 a1 closed", "closed_odd"),  # odd squares: no closed tour
        ("4x6 a1 closed", "closed_schwenk"),  # Schwenk: no closed tour with a side of 4
        ("8x8 a1 holes=a1", "removed"),
    ],
)
def test_known_facts_are_verdicts(text, kind):
    found = KNIGHT.verdict(KNIGHT.parse(text))
    assert found is not None and found.kind == kind and found.sentence


def test_the_verdict_names_the_squares_a_shaped_board_cuts_off():
    # Holes b3 and c2 leave a1 with no knight move: a tour cannot cover it.
    problem = KNIGHT.parse("8x8 h8 holes=b3,c2")
    found = KNIGHT.verdict(problem)
    assert found is not None
    assert problem.board.name(found.squares[0]) == "a1"
    assert KNIGHT.verdict(KNIGHT.parse("8x8 a8")) is None


def test_tours_of_5x5_from_a_corner_counted_through_the_spec():
    assert KNIGHT.count(KNIGHT.parse("5x5 a1")) == 304


def test_n_queens_counted_through_the_spec():
    assert QUEENS.count(QUEENS.parse("8")) == 92


# -- the tree and "your turn" ----------------------------------------------------------------


def replay_predictions(one: PuzzleSpec[Any], problem: Any, strategy: str, most: int) -> int:
    """Walk a real search's events, asking ``next_event`` before each one: all must match.
    The spec's answer after the last event is None (the search stops there)."""
    search = one.make_search(problem, strategy, backend="python")
    events = run_events(search, most)
    path: list[int] = list(one.initial(problem))
    last: int | None = None
    for x in events:
        assert one.next_event(problem, strategy, path, last) == x
        if x >= 0:
            path.append(x)
        else:
            assert path.pop() == ~x
        last = x
    if search.result is not None and search.result.outcome is not Outcome.LIMIT:
        assert one.next_event(problem, strategy, path, last) is None
    return len(events)


@pytest.mark.parametrize("text", ["6", "5 first", "4"])
def test_queens_next_event_predicts_the_whole_search(text):
    assert replay_predictions(QUEENS, QUEENS.parse(text), "sets", 1 << 16) > 0


@pytest.mark.parametrize(
    ("text", "strategy"),
    [("5x5 a1", "plain"), ("6x6 a1 ties=roth", "warnsdorff"), ("5x5 c3 greedy", "warnsdorff")],
)
def test_tour_next_event_predicts_the_search(text, strategy):
    assert replay_predictions(KNIGHT, KNIGHT.parse(text), strategy, 3000) > 0


def test_the_children_of_the_root_are_the_first_rank_or_the_starts_moves():
    q = QUEENS.children(QUEENS.parse("5"), "sets")
    assert q is not None and len(q(())) == 5
    problem = KNIGHT.parse("8x8 a1")
    kids = KNIGHT.children(problem, "plain")
    assert kids is not None
    named = sorted(problem.board.name(sq) for sq in kids((problem.start,)))
    assert named == ["b3", "c2"]


# -- writing ---------------------------------------------------------------------------------


def solutions_of(one: PuzzleSpec[Any], problem: Any, strategy: str) -> tuple[Any, list[Any]]:
    found: list[tuple[int, ...]] = []
    result = one.make_search(problem, strategy, backend="python", on_solution=found.append).run()
    return result, found


def test_the_queens_layouts_end_with_the_count():
    problem = QUEENS.parse("6")
    result, found = solutions_of(QUEENS, problem, "sets")
    for fmt in QUEENS.formats:
        text = QUEENS.format_result(problem, result, found, fmt)
        assert text.rstrip().splitlines()[-1].startswith("4 ")
    payload = json.loads(QUEENS.format_result(problem, result, found, "json"))
    assert payload == QUEENS.payload(problem, result, found)
    assert payload["count"] == 4 and len(payload["solutions"]) == 4
    with pytest.raises(ValueError):
        QUEENS.format_result(problem, result, found, "nonsense")


def test_the_tour_layouts_show_the_tour():
    problem = KNIGHT.parse("5x5 a1")
    result = KNIGHT.make_search(problem, "warnsdorff", backend="python").run()
    assert result.solution is not None
    names = KNIGHT.format_result(problem, result, (), "algebraic").split()
    assert names == [problem.board.name(sq) for sq in result.solution]
    numbers = KNIGHT.format_result(problem, result, (), "sequence").split()
    assert KNIGHT.format_result(problem, result, (), "batch").split() == numbers
    payload: dict[str, Sequence[Any]] = KNIGHT.payload(problem, result, ())
    assert len(payload["tour"]) == 25 and payload["heuristic"] == "warnsdorff"
    assert json.loads(KNIGHT.format_result(problem, result, (), "json"))["steps"] == result.steps


def test_the_tours_problem_carries_its_engine_configuration():
    problem = KNIGHT.parse("6x6 b2 closed ties=last")
    config = problem.config(limit=10)
    assert Tour.of(config) == problem and config.limit == 10
