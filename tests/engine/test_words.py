"""The engine's formatter of durations, big numbers and progress (no Qt)."""

import math
from dataclasses import dataclass

import pytest

from knightviz.engine import words


@dataclass
class _Progress:
    done: int = 3
    total: int = 256
    fraction: float = 0.25
    count: int = 1_728
    elapsed: float = 200.0
    eta: float | None = 600.0


def test_the_progress_line_of_the_command_line():
    assert words.progress_line(_Progress(), "tours") == (
        "[######------------------]  25%  3/256 pieces  1,728 tours so far  "
        "3 min 20 s elapsed, 10 min 00 s left"
    )
    assert words.progress_line(_Progress(fraction=1.0, eta=None), "solutions", 4).startswith(
        "[####] 100%"
    )
    assert words.progress_line(_Progress(eta=None), "tours").endswith("elapsed, … left")


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0.4, "under a second"),
        (89.4, "89 seconds"),
        (200.0, "3 minutes"),
        (7200.0, "2 hours"),
        (86400 * 40.4, "40 days"),
        (words.YEAR * 631_245.7, "630,000 years"),
        (words.YEAR * 7.504e7, "75 million years"),
        (words.YEAR * 2.24e9, "2.2 billion years"),
        (words.YEAR * 6.4e21, "6.4 × 10²¹ years"),
        (math.inf, "forever"),
    ],
)
def test_durations_in_english_words(seconds, text):
    """The window's words with English templates and Python's digits."""
    assert words.in_words(seconds) == text
    if math.isfinite(seconds):
        assert words.in_words_log10(math.log10(seconds)) == text


def test_big_numbers_and_their_logarithms():
    assert words.big(999_999.0, words.PLAIN) == "999,999"
    assert words.big(6.37e21, words.PLAIN) == "6.4 × 10²¹"
    assert words.big_log10(152.3, words.PLAIN) == "10¹⁵²"
    assert words.range_log10(21.36, 21.69, words.PLAIN) == "2.3\u20134.9 × 10²¹"
    assert words.log_figure(math.log(4.1e7)) == "4.1e+07"
    assert words.log_figure(800 * math.log(10)) == "10^800"
    assert words.log10_left(3.0, 1000) is None
    assert words.floor_first_digit(255_328_256) == 200_000_000
