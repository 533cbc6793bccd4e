"""Checks shared by the engine tests: what makes a tour a tour."""

from __future__ import annotations

from itertools import pairwise

from knightviz.engine import Board, Search, Tracker


def is_knight_move(board: Board, a: int, b: int) -> bool:
    (r1, c1), (r2, c2) = board.coords(a), board.coords(b)
    return {abs(r1 - r2), abs(c1 - c2)} == {1, 2}


def assert_valid_tour(board: Board, tour: tuple[int, ...], start: int, closed: bool) -> None:
    assert tour[0] == start
    assert sorted(tour) == list(range(board.size)), "every square exactly once"
    for a, b in pairwise(tour):
        assert is_knight_move(board, a, b), f"{board.name(a)}-{board.name(b)} is no knight move"
    if closed:
        assert is_knight_move(board, tour[-1], tour[0]), "closed tour must return to the start"


def drive(
    search: Search, chunk_sizes: list[int] | None = None, *, track: bool = True
) -> tuple[Tracker, int, int]:
    """Run to the end, counting events; ``track`` checks each backtrack undoes the latest move."""
    tracker = Tracker(list(search.initial))
    moves = backtracks = 0
    sizes = chunk_sizes or [4096]
    i = 0
    while chunk := search.advance(sizes[i % len(sizes)]):
        i += 1
        assert len(chunk) <= sizes[(i - 1) % len(sizes)]
        if track:
            tracker.apply(chunk)  # raises if a backtrack is not off the latest square
        minus = sum(map((0).__gt__, chunk))
        moves += len(chunk) - minus
        backtracks += minus

    return tracker, moves, backtracks
