"""The integers C's ``scanf("%d")`` reads, as the classic batch program reads its start
squares (docs/reference.md §3)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

# One ``scanf("%d")`` conversion: C's whitespace (" \t\n\v\f\r") is skipped, then a sign and
# ASCII digits are read; anything else, up to the next whitespace, is one bad token. So
# ``5abc`` reads 5 as scanf does, then ``abc`` is the bad token scanf chokes on.
_SCANF_TOKEN = re.compile(r"([+-]?[0-9]+)|[^ \t\n\v\f\r]+")


def _scanf_value(text: str) -> int:
    """The value of a ``%d`` token, any number of leading zeros; huge magnitudes are capped
    (only -1 and 1..64 matter, and Python refuses to convert thousands of digits)."""
    digits = text.lstrip("+-").lstrip("0") or "0"
    value = int(digits) if len(digits) <= 18 else 10**18
    return -value if text.startswith("-") else value


def scanf_ints(lines: Iterable[str]) -> Iterator[int | None]:
    """The integers ``scanf("%d")`` reads from ``lines``, lazily (the batch program answers
    each start as it is typed); None for a token that is not an integer."""
    for line in lines:
        for token in _SCANF_TOKEN.finditer(line):
            number = token.group(1)
            yield None if number is None else _scanf_value(number)
