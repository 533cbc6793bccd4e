"""Durations, big numbers and progress as people read them, without Qt.

The one formatter of the command line (knightviz/cli) and of the window's text helpers
(knightviz/gui/text.py): the arithmetic and the shape of every figure live here once, and
a caller says how its locale writes digits (``Digits``) and, for the window, supplies the
translated words (``Span`` templates). The command line writes English with Python's digit
grouping (``PLAIN``); its durations are the compact ones of a terminal ("3 min 20 s"), the
window's are rounded words ("3 minutes").
"""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import Enum
from typing import Protocol


class Digits(Protocol):
    """How a locale writes a number: the window's follows QLocale, the command line's Python."""

    def whole(self, value: int) -> str: ...

    def decimal(self, value: float, decimals: int) -> str: ...


class _PlainDigits:
    """English digit grouping, as Python's format writes it (16,501,401; 2.5)."""

    def whole(self, value: int) -> str:
        return f"{value:,}"

    def decimal(self, value: float, decimals: int) -> str:
        return f"{value:,.{decimals}f}"


#: The command line's digits.
PLAIN: Digits = _PlainDigits()


# -- numbers ---------------------------------------------------------------------------


def significant(value: float, digits: int = 2) -> float:
    """``value`` rounded to ``digits`` significant digits (631,245.7 → 630,000)."""
    if value <= 0 or not math.isfinite(value):
        return value
    quantum = 10.0 ** (math.floor(math.log10(value)) - digits + 1)
    return round(value / quantum) * quantum


def floor_first_digit(value: int) -> int:
    """``value`` rounded down to its first digit (255,328,256 → 200,000,000): a figure that
    stays true while the count it is read beside goes on growing."""
    if value < 10:
        return max(0, value)
    power = int(10 ** (len(str(value)) - 1))
    return value // power * power


def rounded(value: float, digits: Digits) -> str:
    """A figure rounded to two significant digits: "630,000", "75", "1.1"."""
    value = significant(value)
    if value >= 10 or value == round(value):
        return digits.whole(round(value))
    return digits.decimal(value, 1)


_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def power_of_ten(exponent: int) -> str:
    """ "10²¹": a power of ten written as one, never as "1e21"."""
    return "10" + str(exponent).translate(_SUPERSCRIPT)


#: From this power of ten on a count is written as a bare power ("10¹⁵²"): its leading
#: digits would be noise (Knuth's estimate is good to a factor at best there), and a reader
#: takes in only the exponent.
BARE_POWER = 100


def big(value: float, digits: Digits) -> str:
    """A count of any size: grouped digits below a million, else "6.4 × 10²¹"."""
    if not math.isfinite(value):
        return "∞"
    if abs(value) < 1e6:
        return digits.whole(round(value))
    exponent = math.floor(math.log10(abs(value)))
    mantissa = value / 10.0**exponent
    if round(mantissa, 1) >= 10:
        mantissa /= 10
        exponent += 1
    return f"{digits.decimal(mantissa, 1)} × {power_of_ten(exponent)}"


def big_log10(log10_value: float, digits: Digits) -> str:
    """A count given by its log10 (it may be far past a double's range): as ``big`` up to
    10¹⁰⁰ ("6.4 × 10²¹"), then a bare power of ten ("10¹⁵²")."""
    if math.isnan(log10_value) or log10_value == math.inf:
        return "∞"
    if log10_value == -math.inf:
        return digits.whole(0)
    if log10_value < BARE_POWER:
        return big(10.0**log10_value, digits)
    return power_of_ten(round(log10_value))


def _mantissa_exponent(log10_value: float) -> tuple[float, int]:
    """(mantissa to one decimal, exponent) of 10**log10_value as ``big`` writes it."""
    exponent = math.floor(log10_value)
    mantissa = round(10.0 ** (log10_value - exponent), 1)
    if mantissa >= 10:
        mantissa, exponent = 1.0, exponent + 1
    return mantissa, exponent


_EN_DASH = "\u2013"


def range_log10(log10_low: float, log10_high: float, digits: Digits) -> str:
    """A range of counts given by their log10s, its two ends joined by an en dash and as
    short as it reads: one power of ten for both ends when they share it ("2.3", dash,
    "4.9 × 10²¹"), else each end as ``big_log10`` writes it."""
    low, high = big_log10(log10_low, digits), big_log10(log10_high, digits)
    if not (6 <= log10_low < BARE_POWER and 6 <= log10_high < BARE_POWER):
        return f"{low}{_EN_DASH}{high}"
    (m_low, e_low), (m_high, e_high) = map(_mantissa_exponent, (log10_low, log10_high))
    if e_low != e_high:
        return f"{low}{_EN_DASH}{high}"
    return (
        f"{digits.decimal(m_low, 1)}{_EN_DASH}{digits.decimal(m_high, 1)} × {power_of_ten(e_low)}"
    )


def log10_left(log10_total: float, done: int) -> float | None:
    """log10 of (total − done), or None when nothing is left (or no total)."""
    if not math.isfinite(log10_total):
        return None
    if done <= 0:
        return log10_total
    # done / total in logarithms: total may be past a double's range.
    log10_share = math.log10(done) - log10_total
    if log10_share >= 0:
        return None
    return log10_total + math.log1p(-(10.0**log10_share)) / math.log(10.0)


def log_figure(log_n: float) -> str:
    """A count given by its natural log, to two digits: "4.1e+07", or "10^152" past a
    double's range (the command line's estimates of positions)."""
    if log_n < 700:
        return f"{math.exp(log_n):.2g}"
    return f"10^{log_n / math.log(10):.0f}"


# -- durations -------------------------------------------------------------------------

#: Seconds in a (Julian) year, and their log10.
YEAR = 86400 * 365.25
LOG10_YEAR = math.log10(YEAR)
#: Up to this many seconds (about 3 × 10¹² years) ``in_words`` words a duration itself.
LOG10_DURATION_MAX = 20.0


class Span(Enum):
    """The words of a duration in words: each the template of one unit ("{0} minutes")."""

    FOREVER = "forever"
    UNDER_A_SECOND = "under a second"
    SECONDS = "{0} seconds"
    MINUTES = "{0} minutes"
    HOURS = "{0} hours"
    DAYS = "{0} days"
    YEARS = "{0} years"
    MILLION_YEARS = "{0} million years"
    BILLION_YEARS = "{0} billion years"


def english(span: Span) -> str:
    """The English template of ``span`` (a window translates its own)."""
    return span.value


def clock(seconds: float, unit: float) -> tuple[int, float]:
    """Whole ``unit``s in ``seconds`` and what is left ("3 min" and "20 s" of 200 s)."""
    return int(seconds // unit), seconds % unit


def _years_scale(years: float) -> tuple[float, Span] | None:
    """A number of years as a figure and its scale (75 million years), or None from 10¹²
    years on (a power of ten then)."""
    if years >= 1e12:
        return None
    if years >= 1e9:
        return years / 1e9, Span.BILLION_YEARS
    if years >= 1e6:
        return years / 1e6, Span.MILLION_YEARS
    return years, Span.YEARS


def in_words(seconds: float, word: Callable[[Span], str] = english, digits: Digits = PLAIN) -> str:
    """A duration from a second to the age of the universe and beyond, in words; from 100
    days on to two significant digits ("630,000 years", not "631,246 years": the figures
    behind such durations are estimates, and a reader takes in only the first digits)."""
    if not math.isfinite(seconds):
        return word(Span.FOREVER)
    if seconds < 1:
        return word(Span.UNDER_A_SECOND)
    if seconds < 90:
        return word(Span.SECONDS).format(round(seconds))
    if seconds < 5400:
        return word(Span.MINUTES).format(round(seconds / 60))
    if seconds < 2 * 86400:
        return word(Span.HOURS).format(round(seconds / 3600))
    days = seconds / 86400
    if days < 730:
        shown = round(days) if days < 100 else days
        return word(Span.DAYS).format(rounded(shown, digits))
    years = significant(days / 365.25)
    scaled = _years_scale(years)
    if scaled is None:
        return word(Span.YEARS).format(big(years, digits))
    figure, span = scaled
    return word(span).format(rounded(figure, digits))


def in_words_log10(
    log10_seconds: float, word: Callable[[Span], str] = english, digits: Digits = PLAIN
) -> str:
    """``in_words`` for a duration given by its log10: "10¹⁴⁰ years" where the seconds
    themselves would overflow (the time plain backtracking needs on a large board)."""
    if math.isnan(log10_seconds) or log10_seconds == math.inf:
        return word(Span.FOREVER)
    if log10_seconds < LOG10_DURATION_MAX:
        return in_words(10.0**log10_seconds, word, digits)
    return word(Span.YEARS).format(big_log10(log10_seconds - LOG10_YEAR, digits))


def duration(seconds: float) -> str:
    """A time span for a terminal: '45 s', '3 min 20 s', '2 h 05 min', '3.2 days', '4.1 years',
    '630,000 years', '75 million years', '2.3e+17 years' (inf: 'longer than the universe
    has existed'). Years to two significant digits: the spans this long are estimates."""
    if not math.isfinite(seconds):
        return "longer than the universe has existed"
    if seconds < 60:
        return f"{seconds:.0f} s" if seconds >= 10 else f"{seconds:.1f} s"
    if seconds < 3600:
        minutes, rest = clock(seconds, 60)
        return f"{minutes} min {int(rest):02d} s"
    if seconds < 86400 * 2:
        hours, rest = clock(seconds, 3600)
        return f"{hours} h {int(rest // 60):02d} min"
    days = seconds / 86400
    if days < 730:
        return f"{days:.1f} days"
    years = float(f"{days / 365.25:.2g}")  # two significant digits
    scaled = _years_scale(years)
    if scaled is None:
        return f"{years:.2g} years"
    figure, span = scaled
    shown = f"{figure:,.1f}" if figure < 10 else f"{figure:,.0f}"
    return span.value.format(shown)


def log_duration(log_seconds: float) -> str:
    """``duration`` of e^log_seconds, past any float (a 9x9 count is 10^40 years)."""
    if log_seconds < 700:
        return duration(math.exp(log_seconds))
    log10_years = (log_seconds - math.log(YEAR)) / math.log(10)
    return f"10^{log10_years:.0f} years"


# -- progress --------------------------------------------------------------------------


class Progress(Protocol):
    """How far a run of pieces is (the engine's ``parallel.Progress`` is one)."""

    @property
    def done(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def fraction(self) -> float: ...
    @property
    def count(self) -> int: ...
    @property
    def elapsed(self) -> float: ...
    @property
    def eta(self) -> float | None: ...


def progress_bar(fraction: float, width: int) -> str:
    """ "[#####-----]"'s inside: ``width`` characters, the done share filled."""
    filled = int(width * fraction)
    return "#" * filled + "-" * (width - filled)


def progress_line(p: Progress, noun: str, width: int = 24) -> str:
    """A run's progress in one line: bar, percent, pieces, found so far, time left."""
    eta = "…" if p.eta is None else duration(p.eta)
    return (
        f"[{progress_bar(p.fraction, width)}] {100 * p.fraction:3.0f}%  "
        f"{p.done:,}/{p.total:,} pieces  {p.count:,} {noun} so far  "
        f"{duration(p.elapsed)} elapsed, {eta} left"
    )
