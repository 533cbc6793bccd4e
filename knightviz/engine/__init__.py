"""The headless engine: pure Python, standard library only; never imports Qt.

The compiled backend (``kernels``, numba) is optional and chosen inside the engine, by
one policy (``backends``); searches are made on the chosen backend by ``factory``.
"""

from . import backends, kernels
from .board import (
    BATCH_ORDER,
    CLASSIC_ORDER,
    FULL,
    KNIGHT,
    LEAPERS,
    MAX_SQUARES,
    Board,
    BoardError,
    Shape,
    file_name,
    leaper_order,
    parse_leaper,
    parse_size,
    parse_square,
)
from .events import (
    Backtrack,
    Event,
    EventSource,
    Finished,
    Move,
    Outcome,
    Result,
    Search,
    StackLevel,
    Tracker,
    decode,
    run,
)
from .factory import make_queens_search, make_tour_search, tour_search
from .queens import QueensSearch
from .search import TrackedSearch
from .tour import Heuristic, Strategy, TieBreak, TourConfig, TourSearch
from .verdict import Verdict, closed_tour_exists, impossibility, open_tour_exists, verdict

__all__ = [
    "BATCH_ORDER",
    "CLASSIC_ORDER",
    "FULL",
    "KNIGHT",
    "LEAPERS",
    "MAX_SQUARES",
    "Backtrack",
    "Board",
    "BoardError",
    "Event",
    "EventSource",
    "Finished",
    "Heuristic",
    "Move",
    "Outcome",
    "QueensSearch",
    "Result",
    "Search",
    "Shape",
    "StackLevel",
    "Strategy",
    "TieBreak",
    "TourConfig",
    "TourSearch",
    "TrackedSearch",
    "Tracker",
    "Verdict",
    "backends",
    "closed_tour_exists",
    "decode",
    "file_name",
    "impossibility",
    "kernels",
    "leaper_order",
    "make_queens_search",
    "make_tour_search",
    "open_tour_exists",
    "parse_leaper",
    "parse_size",
    "parse_square",
    "run",
    "tour_search",
    "verdict",
]
