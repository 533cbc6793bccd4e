"""Knight's-tour search against the classic program, known facts and properties."""

import subprocess
import sys
from itertools import pairwise

import pytest

from knightviz.engine import (
    BATCH_ORDER,
    Backtrack,
    Board,
    Finished,
    Move,
    Outcome,
    decode,
    make_tour_search,
    tour_search,
)
from knightviz.engine.board import CLASSIC_ORDER, neighbour_table

from .classic import classic_tour
from .helpers import assert_valid_tour, drive

PUBLISHED_8X8 = """\
 0 59 38 33 30 17  8 63
37 34 31 60  9 62 29 16
58  1 36 39 32 27 18  7
35 48 41 26 61 10 15 28
42 57  2 49 40 23  6 19
47 50 45 54 25 20 11 14
56 43 52  3 22 13 24  5
51 46 55 44 53  4 21 12"""


def matrix_of(board, tour):
    numbers = [[0] * board.cols for _ in range(board.rows)]
    for i, sq in enumerate(tour):
        r, c = board.coords(sq)
        numbers[r][c] = i
    return numbers


@pytest.mark.parametrize("quiet", [False, True], ids=["events", "quiet"])
@pytest.mark.parametrize(
    "backend", [pytest.param("python", marks=pytest.mark.slow), "numba"], indirect=True
)
def test_plain_8x8_reproduces_the_published_matrix_and_counts(backend, quiet):
    search = tour_search(8, 8, 0, heuristic="none", backend=backend)
    assert search.backend == backend
    if quiet:
        steps = 0
        while made := search.advance_quiet(1_000_003):
            steps += made
        moves = backtracks = None
    else:
        _, moves, backtracks = drive(search, [65536], track=False)
        steps = moves + backtracks
    result = search.result
    assert result.outcome is Outcome.SOLVED
    published = [[int(v) for v in line.split()] for line in PUBLISHED_8X8.splitlines()]
    assert matrix_of(search.board, result.solution) == published
    assert result.steps == steps == 16_501_401
    # The classic program resets every square it assigned except the 63 of the final tour.
    assert (result.moves, result.backtracks) == (8_250_732, 8_250_669)
    if not quiet:
        assert (moves, backtracks) == (result.moves, result.backtracks)
    assert search.depth == search.max_depth == 63
    assert list(search.snapshot_path()) == list(result.solution) == search.path


@pytest.mark.parametrize(
    ("n", "start"),
    [
        (5, (0, 0)),
        (5, (2, 2)),
        (6, (0, 0)),
        pytest.param(5, (1, 0), marks=pytest.mark.slow),
        (1, (0, 0)),
    ],
)
def test_plain_counts_equal_the_classic_programs(n, start, backend):
    matrix, moves, backtracks = classic_tour(n, *start)
    board = Board(n, n)
    search = tour_search(
        n, n, board.square(*start), heuristic="none", search_anyway=True, backend=backend
    )
    result = search.run()
    assert (result.moves, result.backtracks) == (moves, backtracks)
    if matrix is None:
        assert result.outcome is Outcome.EXHAUSTED
    else:
        assert matrix_of(board, result.solution) == matrix


@pytest.mark.parametrize("tie", ["first", "last", "roth", "random"])
def test_warnsdorff_8x8_needs_63_moves(tie, backend):
    for start in (0, 9, 63):
        result = tour_search(8, 8, start, tie_break=tie, seed=3, backend=backend).run()
        assert result.outcome is Outcome.SOLVED
        assert (result.moves, result.backtracks) == (63, 0)
        assert_valid_tour(Board(8, 8), result.solution, start, False)


def centre_distance(board, sq):
    r, c = board.coords(sq)
    return (2 * r - board.rows + 1) ** 2 + (2 * c - board.cols + 1) ** 2


def expected_choice(board, order, visited, cur, tie):
    """Warnsdorff's pick by the rule as written in docs/reference.md."""
    table = neighbour_table(board.rows, board.cols, order)
    cands = [u for u in table[cur] if u not in visited]
    degree = {u: sum(1 for w in table[u] if w not in visited and w != u) for u in cands}
    low = min(degree.values())
    best = [u for u in cands if degree[u] == low]
    if tie == "first":
        return best[0]
    if tie == "last":
        return best[-1]
    far = max(centre_distance(board, u) for u in best)
    return next(u for u in best if centre_distance(board, u) == far)


@pytest.mark.parametrize("tie", ["first", "last", "roth"])
@pytest.mark.parametrize(("rows", "cols"), [(8, 8), (9, 9), (12, 12), (7, 10), (20, 20)])
@pytest.mark.parametrize("order", [CLASSIC_ORDER, BATCH_ORDER])
def test_each_warnsdorff_choice_follows_its_tie_break(tie, rows, cols, order):
    from knightviz.engine import Heuristic, Strategy, TieBreak, TourConfig

    board = Board(rows, cols)
    for start in (0, board.size // 2 + cols // 3, board.size - 1):
        if board.size % 2 and not board.is_light(start):
            continue
        strategy = Strategy(Heuristic.WARNSDORFF, TieBreak(tie), backtrack=False, order=order)
        result = make_tour_search(TourConfig(rows, cols, start, strategy)).run()
        walk = result.solution or ()
        if result.outcome is not Outcome.SOLVED:
            continue  # a stuck greedy walk has no full path to check here
        visited = {walk[0]}
        for cur, nxt in pairwise(walk):
            assert nxt == expected_choice(board, order, visited, cur, tie)
            visited.add(nxt)


def test_random_tie_break_is_reproducible_and_seeded():
    tours = {
        seed: tour_search(12, 12, 0, tie_break="random", seed=seed).run().solution
        for seed in range(6)
    }
    assert tour_search(12, 12, 0, tie_break="random", seed=4).run().solution == tours[4]
    assert len(set(tours.values())) > 1


@pytest.mark.parametrize(
    ("rows", "cols"), [(6, 6), (8, 8), (10, 10), (6, 8), (5, 6), (3, 10), (16, 16)]
)
def test_closed_tours_return_to_the_start(rows, cols):
    board = Board(rows, cols)
    result = tour_search(rows, cols, 0, closed=True, limit=2_000_000).run()
    assert result.outcome is Outcome.SOLVED
    assert_valid_tour(board, result.solution, 0, True)


def test_greedy_walk_reports_where_it_got_stuck():
    result = tour_search(8, 8, 0, heuristic="none", backtrack=False).run()
    assert result.outcome is Outcome.EXHAUSTED
    assert result.backtracks == 0
    assert f"stuck after {result.moves + 1} squares" in result.reason


def test_impossible_boards_answer_at_once_with_a_reason():
    cases = [
        ((4, 4, 0, False), "4x4"),
        ((2, 8, 0, False), "2x8"),
        ((5, 5, Board(5, 5).parse("b5"), False), "b5"),
        ((7, 7, 0, True), "odd number of squares"),
        ((4, 6, 0, True), "Schwenk"),
        ((3, 4, Board(3, 4).parse("b3"), False), "b3"),
    ]
    for (rows, cols, start, closed), words in cases:
        search = tour_search(rows, cols, start, closed=closed)
        assert search.result is not None and search.result.outcome is Outcome.IMPOSSIBLE
        assert words in search.result.reason
        assert search.result.reason.endswith(".") and "\n" not in search.result.reason
        assert len(search.advance(100)) == 0
        assert search.result.steps == 0


def test_search_anyway_proves_it():
    result = tour_search(4, 4, 0, heuristic="none", search_anyway=True).run()
    assert result.outcome is Outcome.EXHAUSTED and result.steps > 0
    assert "tried every possibility" in result.reason


def test_limit_stops_exactly_at_the_budget_across_chunks():
    search = tour_search(8, 8, 0, heuristic="none", limit=10_007)
    _, moves, backtracks = drive(search, [1000, 333, 1])
    assert search.result.outcome is Outcome.LIMIT
    assert moves + backtracks == search.result.steps == 10_007
    assert tour_search(8, 8, 0, limit=63).run().outcome is Outcome.SOLVED
    assert tour_search(8, 8, 0, limit=62).run().outcome is Outcome.LIMIT


def test_cancel_hook_stops_between_events():
    calls = []

    def cancel():
        calls.append(1)
        return len(calls) > 3

    search = tour_search(8, 8, 0, heuristic="none", cancel=cancel)
    _, moves, backtracks = drive(search, [10])
    assert search.result.outcome is Outcome.CANCELLED
    assert moves + backtracks == 30 == search.result.steps


def test_decode_gives_depths_and_ends_with_the_result():
    search = tour_search(8, 8, 0, heuristic="none", limit=500)
    depth = 0
    events = list(decode(search, 7))
    for ev in events[:-1]:
        if isinstance(ev, Move):
            depth += 1
            assert ev.depth == depth
        else:
            assert isinstance(ev, Backtrack)
            assert ev.depth == depth
            depth -= 1
        assert ev.square == ev.row * 8 + ev.col
    assert isinstance(events[-1], Finished) and events[-1].result.steps == 500 == len(events) - 1


def test_one_square_board_is_a_tour_of_no_moves():
    result = tour_search(1, 1, 0).run()
    assert result.outcome is Outcome.SOLVED and result.solution == (0,) and result.steps == 0


@pytest.mark.slow
def test_no_recursion_even_on_huge_boards():
    code = (
        # the backend (KNIGHTVIZ_ENGINE) is loaded first: importing numba itself recurses
        "from knightviz.engine import kernels; kernels.choose();"
        "import sys; sys.setrecursionlimit(60);"
        "from knightviz.engine import tour_search;"
        "from knightviz.engine.count import count_tours;"
        "from knightviz.engine import make_queens_search;"
        "from knightviz.engine.queens_count import count_queens;"
        "r = tour_search(1000, 1000, 0, tie_break='roth').run(); assert r.solved, r;"
        "assert len(r.solution) == 10**6;"
        "assert count_tours(5, 5, 0) == 304; assert count_queens(9) == 352;"
        "assert make_queens_search(20, first=True).run().solved"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
