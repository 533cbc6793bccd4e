"""Properties over random boards, starts and strategies (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knightviz.engine import (
    Board,
    Heuristic,
    Outcome,
    Strategy,
    TieBreak,
    TourConfig,
    impossibility,
    make_tour_search,
)
from knightviz.engine.count import count_tours

from .helpers import assert_valid_tour, drive

strategies = st.builds(
    Strategy,
    heuristic=st.sampled_from(list(Heuristic)),
    tie_break=st.sampled_from(list(TieBreak)),
    seed=st.integers(0, 1000),
    backtrack=st.booleans(),
)


@st.composite
def configs(draw, max_side=12):
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    start = draw(st.integers(0, rows * cols - 1))
    return TourConfig(
        rows,
        cols,
        start,
        draw(strategies),
        closed=draw(st.booleans()),
        limit=20_000,
        search_anyway=draw(st.booleans()),
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), st.lists(st.integers(1, 5000), min_size=1, max_size=4))
def test_every_stream_is_consistent_and_every_tour_valid(config, chunks):
    search = make_tour_search(config)
    tracker, moves, backtracks = drive(search, chunks)  # every backtrack undoes the last move
    result = search.result
    assert (moves, backtracks) == (result.moves, result.backtracks)
    assert result.steps == moves + backtracks <= config.limit
    board = Board(config.rows, config.cols)
    if result.outcome is Outcome.SOLVED:
        assert tuple(tracker.path) == result.solution
        assert_valid_tour(board, result.solution, config.start, config.closed)
        if config.strategy.guided is False or result.backtracks == 0:
            assert result.moves - result.backtracks == board.size - 1
    elif result.outcome is Outcome.IMPOSSIBLE:
        assert not config.search_anyway and moves == backtracks == 0
        assert result.reason
    else:
        assert result.solution is None
        assert result.outcome in (Outcome.EXHAUSTED, Outcome.LIMIT)
        if result.outcome is Outcome.EXHAUSTED and config.strategy.backtrack:
            assert tracker.path == [config.start]  # everything undone
    if not config.strategy.backtrack:
        assert result.backtracks == 0


@settings(max_examples=150, deadline=None)
@given(configs(max_side=5))
def test_impossible_never_contradicts_exhaustive_search(config):
    board = Board(config.rows, config.cols)
    exists = count_tours(board.rows, board.cols, config.start, closed=config.closed) > 0
    assert (impossibility(board, config.start, config.closed) is None) == exists
    result = make_tour_search(config).run()
    if result.outcome is Outcome.SOLVED:
        assert exists
    if result.outcome is Outcome.IMPOSSIBLE:
        assert not exists
