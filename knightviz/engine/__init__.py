"""The headless engine: pure Python, standard library only; never imports Qt.

The compiled backend (``kernels``, numba) is optional and chosen inside the engine, by
one policy (``backends``); searches are made on the chosen backend by ``factory``.

The names below are imported on first use (PEP 562): a counting command imports the few
modules it runs, not the whole engine.
"""

from __future__ import annotations

import importlib
import sys
import types

TYPE_CHECKING = False  # (not typing's: importing typing costs a command ~7 ms)

if TYPE_CHECKING:
    from typing import Any

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


_WHERE = {
    "BATCH_ORDER": "board",
    "CLASSIC_ORDER": "board",
    "FULL": "board",
    "KNIGHT": "board",
    "LEAPERS": "board",
    "MAX_SQUARES": "board",
    "Board": "board",
    "BoardError": "board",
    "Shape": "board",
    "file_name": "board",
    "leaper_order": "board",
    "parse_leaper": "board",
    "parse_size": "board",
    "parse_square": "board",
    "Backtrack": "events",
    "Event": "events",
    "EventSource": "events",
    "Finished": "events",
    "Move": "events",
    "Outcome": "events",
    "Result": "events",
    "Search": "events",
    "StackLevel": "events",
    "Tracker": "events",
    "decode": "events",
    "run": "events",
    "make_queens_search": "factory",
    "make_tour_search": "factory",
    "tour_search": "factory",
    "QueensSearch": "queens",
    "TrackedSearch": "search",
    "Heuristic": "tour",
    "Strategy": "tour",
    "TieBreak": "tour",
    "TourConfig": "tour",
    "TourSearch": "tour",
    "Verdict": "verdict",
    "closed_tour_exists": "verdict",
    "impossibility": "verdict",
    "open_tour_exists": "verdict",
    "verdict": "verdict",
}


def __getattr__(name: str) -> Any:
    if name in ("backends", "kernels"):
        return importlib.import_module(f"{__name__}.{name}")
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{where}"), name)
    globals()[name] = value
    return value


class _Engine(types.ModuleType):
    """This package, where ``verdict`` stays the function: importing the module of that
    name (``from .verdict import …`` anywhere) would bind the module here instead."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "verdict" and isinstance(value, types.ModuleType):
            value = value.verdict
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Engine


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
