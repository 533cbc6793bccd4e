"""The forecast before a run (``engine.forecast``): the published 8×8 table, the trial, the
nearest quick squares."""

import pytest

from knightviz.engine import Board, Heuristic, Strategy, TourConfig, make_tour_search
from knightviz.engine.forecast import (
    KNOWN_BEYOND,
    PLAIN_8X8,
    Forecast,
    Trial,
    known_plain,
    nearest,
    trial,
)

PLAIN = Strategy(Heuristic.NONE)
WARNSDORFF = Strategy(Heuristic.WARNSDORFF)
B8 = Board(8, 8)


def test_the_table_has_the_fifteen_quick_squares_of_reference_md():
    quick = {B8.name(sq) for sq, steps in PLAIN_8X8.items() if steps is not None}
    assert len(PLAIN_8X8) == 64
    assert quick == {
        "a8", "d8", "h8", "g6", "c5", "f5", "g5", "a4", "c4", "f4",
        "a1", "b1", "d1", "e1", "h1",
    }  # fmt: skip
    assert max(s for s in PLAIN_8X8.values() if s is not None) < KNOWN_BEYOND


def test_the_table_agrees_with_the_classic_programs_counts_from_a8():
    """docs/reference.md: from a8, 8,250,732 moves and 8,250,669 backtracks."""
    steps = PLAIN_8X8[B8.parse("a8")]
    assert steps is not None
    assert abs(steps - (8_250_732 + 8_250_669)) < 0.05e6  # published as 16.5M


@pytest.mark.slow
@pytest.mark.parametrize("name", ["c5", "a1"])
def test_the_table_agrees_with_the_engine(name):
    search = make_tour_search(TourConfig(8, 8, B8.parse(name), PLAIN))
    result = search.run()
    steps = PLAIN_8X8[B8.parse(name)]
    assert result.solved and steps is not None
    assert abs(result.steps - steps) <= 0.05e6


def test_a_square_beyond_the_table_does_not_finish_early():
    search = make_tour_search(TourConfig(8, 8, B8.parse("c3"), PLAIN, limit=200_000))
    assert not search.run().solved
    assert known_plain(8, 8, B8.parse("c3")) == (True, None)
    assert known_plain(6, 6, 0) == (False, None)


def test_a_trial_that_ends_knows_the_exact_steps():
    search = make_tour_search(TourConfig(8, 8, B8.parse("c3"), WARNSDORFF))
    t = trial(search, seconds=5.0)
    assert t.finished and t.steps == 63
    forecast = Forecast(t)
    assert forecast.steps == 63 and forecast.at_least == 63


def test_a_trial_that_does_not_end_is_a_lower_bound_and_a_rate():
    search = make_tour_search(TourConfig(8, 8, B8.parse("c3"), PLAIN))
    t = trial(search, seconds=0.05)
    assert not t.finished and t.steps == search.steps > 0
    assert search.result is None
    forecast = Forecast(t, known=known_plain(8, 8, B8.parse("c3")))
    assert forecast.steps is None
    assert forecast.at_least == KNOWN_BEYOND


def test_a_stopped_trial_stops():
    search = make_tour_search(TourConfig(8, 8, B8.parse("c3"), PLAIN))
    t = trial(search, seconds=60.0, stop=lambda: True)
    assert not t.finished and t.steps == 0


def test_a_trial_rate_needs_enough_steps():
    assert Trial(True, 63, 0.001, "python").rate == 0.0
    assert Trial(False, 2_000_000, 0.5, "python").rate == 4_000_000


def test_nearest_quick_squares_by_distance_then_steps():
    c3 = B8.parse("c3")
    quick = {sq: s for sq, s in PLAIN_8X8.items() if s is not None}
    names = [B8.name(sq) for sq, _ in nearest(8, 8, c3, quick)]
    # c4 and d1 are nearest (one and about 2.2 squares away); then a4 or c5 (2 and 2.2).
    assert names[0] == "c4"
    assert len(names) == 3
    assert set(names) <= {"c4", "d1", "c5", "a4", "a1", "b1", "e1"}
    distances = [
        ((sq // 8 - c3 // 8) ** 2 + (sq % 8 - c3 % 8) ** 2) for sq, _ in nearest(8, 8, c3, quick)
    ]
    assert distances == sorted(distances)
    assert all(sq != c3 for sq, _ in nearest(8, 8, c3, {c3: 1.0, 0: 5.0}))
