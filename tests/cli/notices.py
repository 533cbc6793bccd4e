"""What a command may say on stderr beside an exact output: a search past a second says once
that it may take long (plain 8x8 takes seconds on the pure-Python engine), and nothing else."""

from __future__ import annotations

import re

LONG_SEARCH = re.compile(
    r"knightviz: no tour yet after [\d,]+ steps \([\d,]+ backtracks\); this search may take "
    r"very long; --limit STEPS bounds it, Ctrl-C stops it at any time\n"
    # a puzzle command's search, and its count (the kernels may be loading on a busy machine)
    r"|knightviz: ([^\n]*: )?still searching after [\d,]+ steps \([\d,]+ backtracks\); "
    r"this search may take long; --limit STEPS bounds it, Ctrl-C stops it at any time\n"
    r"|knightviz: ([^\n]*: )?counting every solution; this count may take long; --limit "
    r"STEPS counts by a bounded search instead, Ctrl-C stops it at any time\n"
)


def quiet_but_for_a_long_search(err: str | bytes) -> bool:
    """Nothing on stderr, or only the long search's one notice."""
    text = err.decode() if isinstance(err, bytes) else err
    return text == "" or LONG_SEARCH.fullmatch(text) is not None
