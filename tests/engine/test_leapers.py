"""Board shapes and leapers: tables, both backends, tours, counts.

Every check here builds what it expects independently of the engine: moves from the
(a, b) offsets, tours checked square by square, counts by a plain recursive walk.
"""

import functools
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knightviz.engine import (
    BATCH_ORDER,
    CLASSIC_ORDER,
    Heuristic,
    Outcome,
    Strategy,
    TieBreak,
    TourConfig,
    TourSearch,
    kernels,
    make_tour_search,
)
from knightviz.engine.board import (
    FULL,
    KNIGHT,
    LEAPERS,
    Board,
    BoardError,
    Shape,
    leaper_order,
    neighbour_table,
    parse_grid,
    parse_holes,
    parse_leaper,
)
from knightviz.engine.count import count_tours, symmetry_orbits
from knightviz.engine.estimate import TreeEstimator, tour_probe
from knightviz.engine.sweep import sweep_starts

needs_numba = pytest.mark.skipif(
    not kernels.available(), reason="numba is not installed here (CI installs it)"
)


def is_leap(board: Board, x: int, y: int) -> bool:
    (r1, c1), (r2, c2) = board.coords(x), board.coords(y)
    return sorted((abs(r1 - r2), abs(c1 - c2))) == sorted(board.leaper)


def assert_tour(board: Board, tour: tuple[int, ...], start: int, closed: bool) -> None:
    present = sorted(sq for sq in range(board.size) if sq not in board.holes)
    assert tour[0] == start
    assert sorted(tour) == present, "every square that is not a hole, exactly once"
    for x, y in pairwise(tour):
        assert is_leap(board, x, y), f"{board.name(x)}-{board.name(y)} is no {board.leaper} leap"
    if closed:
        assert is_leap(board, tour[-1], tour[0])


def brute_count(board: Board, closed: bool = False) -> int:
    """Directed tours (closed ones when ``closed``) from every square."""
    open_tours, closed_tours = brute_counts(board)
    return closed_tours if closed else open_tours


@functools.cache
def brute_counts(board: Board) -> tuple[int, int]:
    """Directed open and closed tours from every square, by trying every path (no pruning
    at all)."""
    offsets = {
        (s * p, t * q)
        for p, q in (board.leaper, board.leaper[::-1])
        for s in (1, -1)
        for t in (1, -1)
    }
    present = [sq for sq in range(board.size) if sq not in board.holes]
    targets = {}
    for sq in present:
        r, c = board.coords(sq)
        targets[sq] = [
            (r + dr) * board.cols + c + dc
            for dr, dc in offsets
            if 0 <= r + dr < board.rows
            and 0 <= c + dc < board.cols
            and (r + dr) * board.cols + c + dc not in board.holes
        ]
    total = closing = 0

    def walk(path: list[int], seen: set[int]) -> None:
        nonlocal total, closing
        if len(path) == len(present):
            total += 1
            closing += path[0] in targets[path[-1]]
            return
        for t in targets[path[-1]]:
            if t not in seen:
                seen.add(t)
                path.append(t)
                walk(path, seen)
                path.pop()
                seen.discard(t)

    for sq in present:
        walk([sq], {sq})
    return total, closing


# -- the move order -----------------------------------------------------------------------


def test_the_knight_order_is_the_classic_one_and_leapers_scale_it():
    assert leaper_order(CLASSIC_ORDER, KNIGHT) is CLASSIC_ORDER
    # dx = [2, 1, -1, -2, -2, -1, 1, 2], dy = [1, 2, 2, 1, -1, -2, -2, -1]: 1 -> a, 2 -> b.
    assert leaper_order(CLASSIC_ORDER, (1, 3)) == (
        (3, 1), (1, 3), (-1, 3), (-3, 1), (-3, -1), (-1, -3), (1, -3), (3, -1)
    )  # fmt: skip
    assert leaper_order(CLASSIC_ORDER, (2, 3)) == (
        (3, 2), (2, 3), (-2, 3), (-3, 2), (-3, -2), (-2, -3), (2, -3), (3, -2)
    )  # fmt: skip
    assert leaper_order(BATCH_ORDER, (1, 4))[:2] == ((4, -1), (1, -4))
    # a == b: four moves, each kept where it first comes.
    assert leaper_order(CLASSIC_ORDER, (2, 2)) == ((2, 2), (-2, 2), (-2, -2), (2, -2))


@pytest.mark.parametrize("leaper", [KNIGHT, (1, 3), (2, 3), (1, 4), (2, 2), (3, 7), (1, 1)])
@pytest.mark.parametrize("size", [(1, 1), (3, 9), (8, 8), (13, 6), (16, 17)])
def test_neighbour_tables_are_the_leapers_moves_less_the_holes(leaper, size):
    rows, cols = size
    holes = frozenset(range(0, rows * cols, 7)) - {rows * cols - 1}
    board = Board(rows, cols, Shape(holes, leaper))
    order = leaper_order(CLASSIC_ORDER, leaper)
    table = board.neighbours()
    for sq in range(board.size):
        r, c = board.coords(sq)
        expected = tuple(
            (r + dr) * cols + c + dc
            for dr, dc in order
            if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr) * cols + c + dc not in holes
        )
        assert table[sq] == (() if sq in holes else expected)


def test_full_knight_boards_keep_their_tables():
    for rows, cols in ((8, 8), (5, 7), (30, 30)):
        assert Board(rows, cols, FULL).neighbours() == neighbour_table(rows, cols, CLASSIC_ORDER)


@needs_numba
@pytest.mark.parametrize("leaper", [KNIGHT, (1, 3), (2, 3), (3, 3)])
def test_compiled_tables_are_the_engine_tables(leaper):
    from knightviz.engine.kernels.tables import tables

    for rows, cols in ((1, 1), (3, 9), (8, 8), (13, 6)):
        holes = frozenset(range(1, rows * cols, 5))
        board = Board(rows, cols, Shape(holes, leaper))
        for base in (CLASSIC_ORDER, BATCH_ORDER[::-1]):
            order = board.order(base)
            nb, off = tables(rows, cols, order, holes)
            rows_of = [tuple(nb[off[s] : off[s + 1]]) for s in range(rows * cols)]
            assert rows_of == list(board.neighbours(base))


# -- parsing ------------------------------------------------------------------------------


def test_parsing_leapers_holes_and_grids():
    assert parse_leaper("camel") == (1, 3) and parse_leaper("Zebra") == (2, 3)
    assert parse_leaper("4,1") == (1, 4) and parse_leaper("(2, 5)") == (2, 5)
    assert LEAPERS["giraffe"] == (1, 4)
    for bad in ("dragon", "0,2", "1,8", "2"):
        with pytest.raises(BoardError):
            parse_leaper(bad)
    assert parse_holes("d4,e5", 8, 8) == {4 * 8 + 3, 3 * 8 + 4}
    with pytest.raises(BoardError):
        parse_holes("z9", 8, 8)
    rows, cols, holes = parse_grid("#..\n...\n..#\n")
    assert (rows, cols, holes) == (3, 3, frozenset({0, 8}))
    for bad in ("", "..\n...", ".x.", "#"):
        with pytest.raises(BoardError):
            parse_grid(bad)
    with pytest.raises(BoardError):
        Board(3, 3, Shape(frozenset({9})))
    with pytest.raises(BoardError):
        Board(3, 3, Shape(leaper=(3, 2)))


# -- both backends, every strategy, random shapes ------------------------------------------


@st.composite
def shaped_configs(draw):
    rows = draw(st.integers(1, 8))
    cols = draw(st.integers(1, 8))
    n = rows * cols
    holes = frozenset(draw(st.lists(st.integers(0, n - 1), max_size=min(6, n - 1))))
    a = draw(st.integers(1, 4))
    b = draw(st.integers(a, 5))
    start = draw(st.sampled_from([sq for sq in range(n) if sq not in holes]))
    strategy = Strategy(
        draw(st.sampled_from(list(Heuristic))),
        draw(st.sampled_from(list(TieBreak))),
        draw(st.integers(0, 1000)),
        draw(st.booleans()),
        draw(st.sampled_from([CLASSIC_ORDER, BATCH_ORDER])),
    )
    return TourConfig(
        rows,
        cols,
        start,
        strategy,
        closed=draw(st.booleans()),
        # Bounded: an unlimited plain search of a 6x6 shape can run for hours (hypothesis drew
        # one in CI and the test grew to 8 GB).
        limit=draw(st.sampled_from([0, 7, 500, 3000, 20_000])),
        search_anyway=draw(st.booleans()),
        shape=Shape(holes, (a, b)),
    )


def _events(search: TourSearch, chunk: int) -> list[int]:
    out: list[int] = []
    while part := search.advance(chunk):
        out.extend(part)
    return out


@needs_numba
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=shaped_configs(), chunk=st.sampled_from([1, 3, 64, 4096]))
def test_both_backends_agree_event_for_event_on_shaped_boards(config, chunk):
    kernels.load()
    python = make_tour_search(config, backend="python")
    numba = make_tour_search(config, backend="numba")
    assert _events(python, chunk) == _events(numba, chunk)
    assert python.result == numba.result or (
        python.result.outcome == numba.result.outcome
        and python.result.moves == numba.result.moves
        and python.result.backtracks == numba.result.backtracks
        and python.result.solution == numba.result.solution
    )
    if python.result.outcome is Outcome.SOLVED:
        board = Board(config.rows, config.cols, config.shape)
        assert_tour(board, python.result.solution, config.start, config.closed)


@settings(max_examples=150, deadline=None)
@given(config=shaped_configs())
def test_every_tour_is_a_tour_of_its_leaper_and_board(config):
    search = make_tour_search(config, backend="python")
    while search.advance_quiet(4096):
        pass
    result = search.result
    board = Board(config.rows, config.cols, config.shape)
    if result.outcome is Outcome.SOLVED:
        assert_tour(board, result.solution, config.start, config.closed)
        if config.strategy.backtrack:
            assert result.moves - result.backtracks == board.area - 1


def test_a_hole_is_never_a_start():
    with pytest.raises(ValueError, match="hole"):
        make_tour_search(TourConfig(5, 5, 0, shape=Shape(frozenset({0}))))


def test_warnsdorff_tours_a_board_with_holes_and_a_zebra(backend):
    holes = frozenset({0, 9, 90, 99})
    config = TourConfig(
        10, 10, 1, Strategy(tie_break=TieBreak.ROTH), limit=2_000_000, shape=Shape(holes)
    )
    result = make_tour_search(config, backend=backend).run()
    assert result.outcome is Outcome.SOLVED
    assert_tour(Board(10, 10, Shape(holes)), result.solution, 1, False)


# -- counting -----------------------------------------------------------------------------

COUNTED = [
    pytest.param(5, 5, Shape(frozenset({0})), marks=pytest.mark.slow),  # a corner removed
    (3, 4, FULL),
    (4, 5, Shape(leaper=(1, 3))),  # the camel: 0
    (4, 4, Shape(frozenset({5}))),
    (4, 5, Shape(frozenset({0, 19}), (1, 2))),
    (3, 5, Shape(leaper=(1, 1))),
    (5, 4, Shape(frozenset({6}), (2, 3))),
]


@pytest.mark.parametrize("rows,cols,shape", COUNTED)
@pytest.mark.parametrize("closed", [False, True])
def test_counts_of_shaped_boards_against_a_brute_force(rows, cols, shape, closed, backend):
    board = Board(rows, cols, shape)
    assert count_tours(rows, cols, closed=closed, backend=backend, shape=shape) == brute_count(
        board, closed
    )


def test_known_shaped_counts(backend):
    assert count_tours(3, 4, backend=backend) == 16
    assert count_tours(4, 5, backend=backend, shape=Shape(leaper=(1, 3))) == 0
    assert count_tours(5, 5, backend=backend, shape=Shape(frozenset({0}))) == 8584


def test_the_parallel_planner_counts_shaped_boards():
    from knightviz.engine import parallel

    shape = Shape(frozenset({0}))
    got = parallel.count_tours(5, 5, jobs=1, backend="python", shape=shape)
    assert got.count == 8584


@pytest.mark.slow
def test_pieces_sent_to_worker_processes_carry_the_shape():
    from knightviz.engine import parallel

    shape = Shape(frozenset({0}))  # 5x6 less a5: 81,540, as the serial count says
    assert count_tours(5, 6, backend="python", shape=shape) == 81_540
    assert parallel.count_tours(5, 6, jobs=2, backend="python", shape=shape).count == 81_540


def test_orbits_keep_only_the_symmetries_of_the_holes():
    corner = Board(5, 5, Shape(frozenset({0})))
    orbits = symmetry_orbits(corner)
    assert sum(map(len, orbits)) == 24
    assert [1, 5] in orbits  # the diagonal mirror keeps a8 removed
    assert all(24 not in o or o == [24] for o in orbits)  # the far corner: alone


# -- sweep and estimate -------------------------------------------------------------------


def test_sweep_skips_holes_and_estimate_walks_the_leaper(backend):
    shape = Shape(frozenset({12}), (1, 2))
    runs = list(sweep_starts(5, 5, Strategy(), shape=shape, limit=10_000, backend=backend))
    assert [run.square for run in runs] == [sq for sq in range(25) if sq != 12]
    estimate = TreeEstimator(tour_probe(3, 3, 0, shape=Shape(leaper=(1, 1))), seed=1).run(50)
    # the (1, 1)-leaper from a corner of 3x3: a8-b7, then c8/a6/c6, then b7 is taken: 4 nodes.
    assert estimate.nodes == pytest.approx(5)


@needs_numba
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=shaped_configs(), first=st.integers(0, 400))
def test_a_running_search_hands_over_to_the_compiled_engine_on_shaped_boards(config, first):
    """The window moves a running pure-Python search to the compiled engine: on a shaped
    board it goes on with the very events the pure-Python search would make."""
    from knightviz.engine.handover import hand_over

    kernels.load()
    reference = make_tour_search(config, backend="python")
    expected = _events(reference, 997)
    search = make_tour_search(config, backend="python")
    head = list(search.advance(first)) if first else []
    if search.result is not None:
        assert head == expected
        return
    compiled = hand_over(search)
    assert compiled.backend == "numba"
    assert head + _events(compiled, 997) == expected
