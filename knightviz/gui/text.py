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
