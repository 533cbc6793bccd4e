"""Numbers, durations and sizes as the user's locale writes them.

One place for formatting, so every panel writes 16,501,401 (or 16 501 401, or 16.501.401)
the same way. The "C" locale has no digit grouping; there English is used instead.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QLocale

from knightviz.engine import words
from knightviz.engine.estimate import TreeEstimate
from knightviz.engine.words import floor_first_digit as floor_first_digit


def locale() -> QLocale:
    loc = QLocale()
    if loc.language() == QLocale.Language.C:
        return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)
    return loc


def fmt_int(value: int) -> str:
    """An integer with the locale's digit grouping."""
    return locale().toString(int(value))


def capitalised(text: str) -> str:
    """A description as a sentence begins it ("plain · backtracking" -> "Plain · …")."""
    return text[:1].upper() + text[1:]


def count_of(n: int) -> int:
    """The count Qt's plural forms read, as the C int ``tr`` takes: a count past 2³¹ (a long
    run's moves) is kept to its last nine digits, all a plural rule ever looks at (it
    overflowed, with a warning, at 3,959,481,806,803,752 moves)."""
    return n if -(2**31) < n < 2**31 else 1_000_000_000 + abs(n) % 1_000_000_000


def fmt_float(value: float, decimals: int = 1) -> str:
    return locale().toString(float(value), "f", decimals)


def fmt_size(rows: int, cols: int) -> str:
    """Board sizes are written with the multiplication sign everywhere in the window."""
    return f"{rows}×{cols}"


def fmt_seconds(seconds: float) -> str:
    """A duration a person reads at a glance: 12.3 ms, 4.56 s, 3 min 04.1 s, 2 h 05 min."""
    if not math.isfinite(seconds):
        return "—"
    if 0 < seconds < 1:
        return QCoreApplication.translate("Format", "{0} ms").format(fmt_float(seconds * 1000))
    if seconds < 60:
        return QCoreApplication.translate("Format", "{0} s").format(fmt_float(seconds, 2))
    if seconds < 3600:
        minutes, secs = words.clock(seconds, 60)
        return QCoreApplication.translate("Format", "{0} min {1} s").format(
            minutes, f"{secs:04.1f}"
        )
    hours, rest = words.clock(seconds, 3600)
    return QCoreApplication.translate("Format", "{0} h {1} min").format(
        hours, f"{int(rest // 60):02d}"
    )


def fmt_speed(speed: float) -> str:
    if math.isinf(speed):
        return QCoreApplication.translate("Format", "unlimited")
    if speed < 10:
        return QCoreApplication.translate("Format", "{0} steps/s").format(fmt_float(speed))
    return QCoreApplication.translate("Format", "{0} steps/s").format(fmt_int(round(speed)))


#: Chinese (full-width) punctuation ends a sentence without a space after it.
_FULL_WIDTH = tuple("。！？；：，）")  # noqa: RUF001


def sentences(*parts: str) -> str:
    """Sentences one after another: a space between them in English, none after Chinese
    punctuation ("…步。这只是…")."""
    out = ""
    for part in parts:
        if not part:
            continue
        if out and not out.endswith(_FULL_WIDTH) and not part.startswith("（"):  # noqa: RUF001
            out += " "
        out += part
    return out


# Chinese characters, and Chinese (full-width) punctuation.
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_HAN_OR_MARK = _HAN + "\u3000-\u303f\uff00-\uffef"
_SPACE_IN_CHINESE = re.compile(f"(?<=[{_HAN_OR_MARK}]) +(?=[{_HAN_OR_MARK}])")
_HAN_THEN_LATIN = re.compile(f"(?<=[{_HAN}])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[{_HAN}])")


def cjk_spacing(text: str) -> str:
    """A sentence put together from pieces, spaced as Chinese is written: no space between
    two Chinese words ("全速 不到一秒" → "全速不到一秒": a template's space next to a
    placeholder that turned out Chinese), one between Chinese and a Latin word or a number
    ("与Warnsdorff 规则" → "与 Warnsdorff 规则"). English text is returned unchanged."""
    text = _SPACE_IN_CHINESE.sub("", text)
    return _HAN_THEN_LATIN.sub(" ", text)


class _LocaleDigits:
    """The locale's digits, for the engine's formatter (knightviz/engine/words.py)."""

    def whole(self, value: int) -> str:
        return fmt_int(value)

    def decimal(self, value: float, decimals: int) -> str:
        return fmt_float(value, decimals)


_DIGITS = _LocaleDigits()


def fmt_big(value: float) -> str:
    """A count of any size: grouped digits below a million, else "6.4 × 10²¹"."""
    return words.big(value, _DIGITS)


# The words of a duration, translated (their English is ``words.Span``'s).
_SPANS: dict[words.Span, Callable[[], str]] = {
    words.Span.FOREVER: lambda: QCoreApplication.translate("Format", "forever"),
    words.Span.UNDER_A_SECOND: lambda: QCoreApplication.translate("Format", "under a second"),
    words.Span.SECONDS: lambda: QCoreApplication.translate("Format", "{0} seconds"),
    words.Span.MINUTES: lambda: QCoreApplication.translate("Format", "{0} minutes"),
    words.Span.HOURS: lambda: QCoreApplication.translate("Format", "{0} hours"),
    words.Span.DAYS: lambda: QCoreApplication.translate("Format", "{0} days"),
    words.Span.YEARS: lambda: QCoreApplication.translate("Format", "{0} years"),
    words.Span.MILLION_YEARS: lambda: QCoreApplication.translate("Format", "{0} million years"),
    words.Span.BILLION_YEARS: lambda: QCoreApplication.translate("Format", "{0} billion years"),
}


def _span(span: words.Span) -> str:
    return _SPANS[span]()


def fmt_duration(seconds: float) -> str:
    """A duration from a second to the age of the universe and beyond, in the user's words
    (``words.in_words``: estimates to two significant digits)."""
    return words.in_words(seconds, _span, _DIGITS)


def fmt_big_log10(log10_value: float) -> str:
    """A count given by its log10 (it may be far past a double's range): as ``fmt_big``
    up to 10¹⁰⁰ ("6.4 × 10²¹"), then a bare power of ten ("10¹⁵²")."""
    return words.big_log10(log10_value, _DIGITS)


def fmt_duration_log10(log10_seconds: float) -> str:
    """``fmt_duration`` for a duration given by its log10: "10¹⁴⁰ years" where the seconds
    themselves would overflow (the time plain backtracking needs on a large board)."""
    return words.in_words_log10(log10_seconds, _span, _DIGITS)


def fmt_range_log10(log10_low: float, log10_high: float) -> str:
    """A range of counts given by their log10s, as short as it reads (``words.range_log10``)."""
    return words.range_log10(log10_low, log10_high, _DIGITS)


def fmt_estimate(estimate: TreeEstimate, steps_done: int = 0, rate: float = 0.0) -> str:
    """The whole-tree estimate in one line: its size in steps, the range it likely lies in
    (``TreeEstimate.log10_error``: wide enough to hold repeated estimates) and its probes,
    and with a ``rate`` (steps per second, 0 for none) how long the rest would take at it.

    Worded from the estimate's logarithms, so a 100×100 board reads "≈ 10⁹⁸³⁵ steps" and
    "about 10⁹⁸¹⁸ years", never "0 steps" or "under a second". Once the search has made more
    steps than the estimate (it is an estimate) the time left is not claimed.
    """
    size, probes = fmt_big_log10(estimate.log10_steps), fmt_int(estimate.probes)
    low, high = estimate.log10_steps_range()
    if math.isfinite(estimate.log10_error) and math.isfinite(low) and math.isfinite(high):
        text = QCoreApplication.translate(
            "Format", "Whole tree ≈ {0} steps (likely {1}, {2} probes)"
        ).format(size, fmt_range_log10(low, high), probes)
    else:
        text = QCoreApplication.translate("Format", "Whole tree ≈ {0} steps ({1} probes)").format(
            size, probes
        )
    if rate <= 0 or not math.isfinite(rate):
        return text
    log10_left = words.log10_left(estimate.log10_steps, steps_done)
    if log10_left is None:
        return text
    log10_seconds = log10_left - math.log10(rate)
    if log10_seconds < 0:
        return text + QCoreApplication.translate("Format", ": under a second at this speed")
    return text + QCoreApplication.translate("Format", ": about {0} at this speed").format(
        fmt_duration_log10(log10_seconds)
    )
