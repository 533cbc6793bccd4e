"""The headless engine: pure Python, standard library only; never imports Qt.

The compiled backend (``kernels``, numba) is optional and chosen inside the engine; see
``kernels.choose``.
"""

from . import kernels
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
from .search import TrackedSearch
from .tour import Heuristic, Strategy, TieBreak, TourConfig, TourSearch, tour_search
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
    "closed_tour_exists",
    "decode",
    "file_name",
    "impossibility",
    "kernels",
    "leaper_order",
    "open_tour_exists",
    "parse_leaper",
    "parse_size",
    "parse_square",
    "run",
    "tour_search",
    "verdict",
]
