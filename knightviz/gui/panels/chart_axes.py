"""The steps chart's axes: counts as 25k and 2.5M, a log scale labelled in steps, and the
groups' names.

Imported with pyqtgraph, on the chart's first show (see ``chart_plots``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtGui import QFontMetrics

from knightviz.gui.text import fmt_int


def compact(value: float) -> str:
    """A tick label: 950, 1,000, 25k, 2.5M, 1.2G."""
    v = abs(value)
    if v < 10_000:
        return fmt_int(round(value))
    for size, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if v >= size:
            scaled = value / size
            text = f"{scaled:.0f}" if abs(scaled) >= 100 else f"{scaled:.1f}".rstrip("0")
            return text.rstrip(".") + suffix
    return fmt_int(round(value))  # pragma: no cover


class StepsAxis(pg.AxisItem):
    """A count axis labelled 25k, 2.5M… instead of pyqtgraph's 2.5e+06."""

    def __init__(self, orientation: str) -> None:
        super().__init__(orientation)
        self.enableAutoSIPrefix(False)

    def tickValues(
        self, minVal: float, maxVal: float, size: float
    ) -> list[tuple[float, list[float]]]:
        """Whole numbers only: an axis from 0 to 1 (nothing run yet) read "0 0 0 0 0 1 1"."""
        levels = super().tickValues(minVal, maxVal, size)
        out = []
        for spacing, values in levels:
            whole = [v for v in values if abs(v - round(v)) < 1e-9]
            if spacing >= 1 and whole:
                out.append((spacing, whole))
        return out or [(1.0, [float(v) for v in range(math.ceil(minVal), math.floor(maxVal) + 1)])]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        labels = [compact(v * scale) for v in values]
        if len(set(labels)) < len(labels):  # zoomed in closer than "k" or "M" can say
            labels = [fmt_int(round(v * scale)) for v in values]
        return labels


class LogAxis(pg.AxisItem):
    """An axis over log10 of the data, labelled in the data's units: 1, 10, 100, 1,000,
    10k … 16.5M: a label at every power of ten while a decade has room for a line of text
    (every other one only when the plot is too low for that), unlabelled ticks at 2…9 × each
    power while few decades are shown."""

    def __init__(self, orientation: str) -> None:
        super().__init__(orientation)
        self.enableAutoSIPrefix(False)

    def label_room(self) -> int:
        """The pixels a tick label needs along the axis: its figures' height as pyqtgraph
        measures it (four fifths of a line: figures have no descenders) and a gap."""
        font = self.style.get("tickFont")
        return math.ceil(0.8 * QFontMetrics(self.font() if font is None else font).height()) + 2

    def tickValues(
        self, minVal: float, maxVal: float, size: float
    ) -> list[tuple[float, list[float]]]:
        if not (math.isfinite(minVal) and math.isfinite(maxVal)) or maxVal <= minVal:
            return []
        lo, hi = math.floor(minVal), math.ceil(maxVal)
        per_decade = max(size, 1) / (maxVal - minVal)
        every = 1
        while every * per_decade < self.label_room() and every < 64:
            every *= 2
        major = [float(v) for v in range(lo, hi + 1) if v % every == 0 and minVal <= v <= maxVal]
        levels = [(float(every), major)]
        if per_decade > 60:  # room for 2…9 between the powers
            minor = [
                v + math.log10(m)
                for v in range(lo, hi)
                for m in range(2, 10)
                if minVal <= v + math.log10(m) <= maxVal
            ]
            levels.append((1.0, minor))
        return levels

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        out = []
        for v in values:
            if abs(v - round(v)) < 1e-9:
                out.append(compact(10 ** round(v)))
            else:
                out.append("")
        return out


class CategoryAxis(pg.AxisItem):
    """Group names at integer positions (start squares, board sizes): every k-th one when
    they would print on top of each other."""

    def __init__(self, orientation: str) -> None:
        super().__init__(orientation)
        self.enableAutoSIPrefix(False)
        self.labels: list[str] = []

    def set_labels(self, labels: Sequence[str]) -> None:
        self.labels = list(labels)
        self.picture = None  # redraw with the new names
        self.update()

    def label_stride(self, first: float, last: float, size: float) -> int:
        """Label every ``k``-th group so that neighbouring names keep a gap."""
        shown = [t for i, t in enumerate(self.labels) if first <= i <= last]
        if not shown or size <= 0:
            return 1
        font = self.style.get("tickFont")
        fm = QFontMetrics(self.font() if font is None else font)
        widest = max(fm.horizontalAdvance(t) for t in shown) + 10
        per_group = size / max(last - first, 1)
        return max(1, math.ceil(widest / max(per_group, 1)))

    def tickValues(
        self, minVal: float, maxVal: float, size: float
    ) -> list[tuple[float, list[float]]]:
        first, last = max(0, math.ceil(minVal)), min(len(self.labels) - 1, math.floor(maxVal))
        if last < first:
            return []
        every = self.label_stride(minVal, maxVal, size)
        return [(float(every), [float(i) for i in range(first, last + 1) if i % every == 0])]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        out = []
        for v in values:
            i = round(v)
            out.append(self.labels[i] if 0 <= i < len(self.labels) else "")
        return out
