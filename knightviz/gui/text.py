"""Numbers, durations and sizes as the user's locale writes them.

One place for formatting, so every panel writes 16,501,401 (or 16 501 401, or 16.501.401)
the same way. The "C" locale has no digit grouping; there English is used instead.
"""

from __future__ import annotations

import math
import re

from PySide6.QtCore import QCoreApplication, QLocale

from knightviz.engine.estimate import TreeEstimate


def locale() -> QLocale:
    loc = QLocale()
    if loc.language() == QLocale.Language.C:
        return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)
    return loc


def fmt_int(value: int) -> str:
    """An integer with the locale's digit grouping."""
    return locale().toString(int(value))


def floor_first_digit(value: int) -> int:
    """``value`` rounded down to its first digit (255,328,256 → 200,000,000): a figure that
    stays true while the count it is read beside goes on growing."""
    if value < 10:
        return max(0, value)
    power = int(10 ** (len(str(value)) - 1))
    return value // power * power


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
        minutes, secs = divmod(seconds, 60)
        return QCoreApplication.translate("Format", "{0} min {1} s").format(
            int(minutes), f"{secs:04.1f}"
        )
    hours, rest = divmod(seconds, 3600)
    return QCoreApplication.translate("Format", "{0} h {1} min").format(
        int(hours), f"{int(rest // 60):02d}"
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


_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def fmt_big(value: float) -> str:
    """A count of any size: grouped digits below a million, else "6.4 × 10²¹"."""
    if not math.isfinite(value):
        return "∞"
    if abs(value) < 1e6:
        return fmt_int(round(value))
    exponent = math.floor(math.log10(abs(value)))
    mantissa = value / 10.0**exponent
    if round(mantissa, 1) >= 10:
        mantissa /= 10
        exponent += 1
    power = "10" + str(exponent).translate(_SUPERSCRIPT)
    return f"{fmt_float(mantissa)} × {power}"


def significant(value: float, digits: int = 2) -> float:
    """``value`` rounded to ``digits`` significant digits (631,245.7 → 630,000)."""
    if value <= 0 or not math.isfinite(value):
        return value
    quantum = 10.0 ** (math.floor(math.log10(value)) - digits + 1)
    return round(value / quantum) * quantum


def _fmt_rounded(value: float) -> str:
    """A figure rounded to two significant digits: "630,000", "75", "1.1"."""
    value = significant(value)
    if value >= 10 or value == round(value):
        return fmt_int(round(value))
    return fmt_float(value)


def fmt_duration(seconds: float) -> str:
    """A duration from a second to the age of the universe and beyond, in words; from 100
    days on to two significant digits ("630,000 years", not "631,246 years": the figures
    behind such durations are estimates, and a reader takes in only the first digits)."""
    if not math.isfinite(seconds):
        return QCoreApplication.translate("Format", "forever")
    if seconds < 1:
        return QCoreApplication.translate("Format", "under a second")
    if seconds < 90:
        return QCoreApplication.translate("Format", "{0} seconds").format(round(seconds))
    if seconds < 5400:
        return QCoreApplication.translate("Format", "{0} minutes").format(round(seconds / 60))
    if seconds < 2 * 86400:
        return QCoreApplication.translate("Format", "{0} hours").format(round(seconds / 3600))
    days = seconds / 86400
    if days < 730:
        shown = round(days) if days < 100 else days
        return QCoreApplication.translate("Format", "{0} days").format(_fmt_rounded(shown))
    years = significant(days / 365.25)
    if years < 1e6:
        return QCoreApplication.translate("Format", "{0} years").format(_fmt_rounded(years))
    if years < 1e9:
        return QCoreApplication.translate("Format", "{0} million years").format(
            _fmt_rounded(years / 1e6)
        )
    if years < 1e12:
        return QCoreApplication.translate("Format", "{0} billion years").format(
            _fmt_rounded(years / 1e9)
        )
    return QCoreApplication.translate("Format", "{0} years").format(fmt_big(years))


# From this power of ten on a count is written as a bare power ("10¹⁵²"): its leading digits
# would be noise (Knuth's estimate is good to a factor at best there), and a reader takes in
# only the exponent.
BARE_POWER = 100
# log10 of the seconds in a (Julian) year.
_LOG10_YEAR = math.log10(365.25 * 86400)
# Up to this many seconds (about 3 × 10¹² years) ``fmt_duration`` words a duration itself.
_LOG10_DURATION_MAX = 20.0


def fmt_big_log10(log10_value: float) -> str:
    """A count given by its log10 (it may be far past a double's range): as ``fmt_big``
    up to 10¹⁰⁰ ("6.4 × 10²¹"), then a bare power of ten ("10¹⁵²")."""
    if math.isnan(log10_value) or log10_value == math.inf:
        return "∞"
    if log10_value == -math.inf:
        return fmt_int(0)
    if log10_value < BARE_POWER:
        return fmt_big(10.0**log10_value)
    return "10" + str(round(log10_value)).translate(_SUPERSCRIPT)


def fmt_duration_log10(log10_seconds: float) -> str:
    """``fmt_duration`` for a duration given by its log10: "10¹⁴⁰ years" where the seconds
    themselves would overflow (the time plain backtracking needs on a large board)."""
    if math.isnan(log10_seconds) or log10_seconds == math.inf:
        return QCoreApplication.translate("Format", "forever")
    if log10_seconds < _LOG10_DURATION_MAX:
        return fmt_duration(10.0**log10_seconds)
    return QCoreApplication.translate("Format", "{0} years").format(
        fmt_big_log10(log10_seconds - _LOG10_YEAR)
    )


def _mantissa_exponent(log10_value: float) -> tuple[float, int]:
    """(mantissa to one decimal, exponent) of 10**log10_value as ``fmt_big`` writes it."""
    exponent = math.floor(log10_value)
    mantissa = round(10.0 ** (log10_value - exponent), 1)
    if mantissa >= 10:
        mantissa, exponent = 1.0, exponent + 1
    return mantissa, exponent


_EN_DASH = "\u2013"


def fmt_range_log10(log10_low: float, log10_high: float) -> str:
    """A range of counts given by their log10s, its two ends joined by an en dash and as
    short as it reads: one power of ten for both ends when they share it ("2.3", dash,
    "4.9 × 10²¹"), else each end as ``fmt_big_log10`` writes it."""
    low, high = fmt_big_log10(log10_low), fmt_big_log10(log10_high)
    if not (6 <= log10_low < BARE_POWER and 6 <= log10_high < BARE_POWER):
        return f"{low}{_EN_DASH}{high}"
    (m_low, e_low), (m_high, e_high) = map(_mantissa_exponent, (log10_low, log10_high))
    if e_low != e_high:
        return f"{low}{_EN_DASH}{high}"
    power = "10" + str(e_low).translate(_SUPERSCRIPT)
    return f"{fmt_float(m_low)}{_EN_DASH}{fmt_float(m_high)} × {power}"


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
    log10_left = _log10_left(estimate.log10_steps, steps_done)
    if log10_left is None:
        return text
    log10_seconds = log10_left - math.log10(rate)
    if log10_seconds < 0:
        return text + QCoreApplication.translate("Format", ": under a second at this speed")
    return text + QCoreApplication.translate("Format", ": about {0} at this speed").format(
        fmt_duration_log10(log10_seconds)
    )


def _log10_left(log10_total: float, done: int) -> float | None:
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
