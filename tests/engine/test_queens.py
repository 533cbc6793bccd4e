"""N-Queens: known counts, the printed order, and the event stream."""

import itertools

import pytest

from knightviz.engine import Board, Outcome, make_queens_search
from knightviz.engine.queens import algebraic
from knightviz.engine.queens_count import count_queens

from .helpers import drive

KNOWN = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]


@pytest.mark.parametrize(("n", "count"), list(enumerate(KNOWN, start=1)))
def test_fast_count_matches_known_counts(n, count, backend):
    assert count_queens(n, backend=backend) == count


# Placements (= removals) for all solutions, and up to the first one (docs/reference.md §4).
PLACEMENTS_ALL = {4: 16, 5: 53, 6: 152, 7: 551, 8: 2056, 9: 8393, 10: 35538}
PLACEMENTS_FIRST = {4: 8, 5: 5, 6: 31, 7: 9, 8: 113, 9: 41, 10: 102}


@pytest.mark.parametrize("n", range(4, 11))
def test_placement_counts_are_the_published_ones(n, backend):
    result = make_queens_search(n, backend=backend).run()
    assert result.moves == result.backtracks == PLACEMENTS_ALL[n]
    assert make_queens_search(n, first=True, backend=backend).run().moves == PLACEMENTS_FIRST[n]


@pytest.mark.parametrize("n", range(1, 10))
def test_search_finds_every_solution_in_printed_order(n, backend):
    search = make_queens_search(n, backend=backend)
    tracker, moves, backtracks = drive(search, [97, 5])
    result = search.result
    assert result.count == len(search.solutions) == KNOWN[n - 1]
    assert (moves, backtracks) == (result.moves, result.backtracks)
    board = Board(n, n)
    files = [[board.coords(sq)[1] for sq in s] for s in search.solutions]
    assert files == sorted(files)
    for s in search.solutions:
        # one queen per rank, rank 1 first; no two share a file or a diagonal
        assert [board.coords(sq)[0] for sq in s] == list(range(n - 1, -1, -1))
        for a, b in itertools.combinations(s, 2):
            (r1, c1), (r2, c2) = board.coords(a), board.coords(b)
            assert c1 != c2 and abs(r1 - r2) != abs(c1 - c2)
    assert result.outcome is (Outcome.SOLVED if KNOWN[n - 1] else Outcome.EXHAUSTED)
    assert tracker.path == []


def test_first_8x8_solution_reads_as_the_article_prints_it(backend):
    search = make_queens_search(8, first=True, backend=backend)
    result = search.run()
    assert " ".join(algebraic(search.board, result.solution)) == "a1 e2 h3 f4 c5 g6 b7 d8"
    assert result.count == 1 and search.path == list(result.solution)


def test_bad_sizes():
    for bad in (0, -1, 1001):
        with pytest.raises(ValueError):
            make_queens_search(bad)
        with pytest.raises(ValueError):
            count_queens(bad)
