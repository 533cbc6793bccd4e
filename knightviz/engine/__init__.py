"""The headless engine: pure Python, standard library only; never imports Qt.

The compiled backend (``kernels``, numba) is optional and chosen inside the engine; see
``kernels.choose``.
"""

from . import kernels
from .board import (
    BATCH_ORDER,
    CLASSIC_ORDER,
    MAX_SQUARES,
    Board,
    BoardError,
    file_name,
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
    "open_tour_exists",
    "parse_size",
    "parse_square",
    "run",
    "tour_search",
    "verdict",
]
