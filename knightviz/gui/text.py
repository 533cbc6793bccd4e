"""Numbers, durations and sizes as the user's locale writes them.

One place for formatting, so every panel writes 16,501,401 (or 16 501 401, or 16.501.401)
the same way. The "C" locale has no digit grouping; there English is used instead.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QLocale


def locale() -> QLocale:
    loc = QLocale()
    if loc.language() == QLocale.Language.C:
        return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)
    return loc


def fmt_int(value: int) -> str:
    """An integer with the locale's digit grouping."""
    return locale().toString(int(value))


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


def fmt_duration(seconds: float) -> str:
    """A duration from a second to the age of the universe and beyond, in words."""
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
        return QCoreApplication.translate("Format", "{0} days").format(fmt_int(round(days)))
    years = days / 365.25
    if years < 1e6:
        return QCoreApplication.translate("Format", "{0} years").format(fmt_int(round(years)))
    if years < 1e9:
        return QCoreApplication.translate("Format", "{0} million years").format(
            fmt_float(years / 1e6)
        )
    if years < 1e12:
        return QCoreApplication.translate("Format", "{0} billion years").format(
            fmt_float(years / 1e9)
        )
    return QCoreApplication.translate("Format", "{0} years").format(fmt_big(years))
