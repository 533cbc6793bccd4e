"""The comparison: this run's steps beside the last run of the same problem with another
strategy, and how many times as many, in words.

It is what the app exists for (plain backtracking against Warnsdorff's rule from one square),
so it sits in the controls' column, in view at every window size, and follows the history:
the newest run when one ends, the row the user picks when one is chosen.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QRect, QSize, Qt
from PySide6.QtGui import QLinearGradient, QPainter, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import QGroupBox, QLabel, QSizePolicy, QVBoxLayout, QWidget

from knightviz.engine import Outcome
from knightviz.gui.puzzles.base import Puzzle
from knightviz.gui.records import RunRecord
from knightviz.gui.text import capitalised, count_of, fmt_float, fmt_int, sentences

# Outcomes whose step count is the whole run's (the others stopped early: a lower bound).
COMPLETE = (Outcome.SOLVED, Outcome.EXHAUSTED)


def same_problem(puzzles: dict[str, Puzzle[Any]], a: RunRecord, b: RunRecord) -> bool:
    """The same puzzle, problem (board size, holes, piece; the puzzle's own) and start."""
    if a.puzzle != b.puzzle or a.start != b.start:
        return False
    puzzle = puzzles[a.puzzle]
    return bool(puzzle.problem_key(a.settings) == puzzle.problem_key(b.settings))


def partner(
    puzzles: dict[str, Puzzle[Any]],
    records: Sequence[RunRecord | None],
    record: RunRecord,
    index: int = -1,
) -> RunRecord | None:
    """The run to compare ``record`` with: the last run before it of the same problem with
    another strategy; failing that, the first such run after it. ``index``, when known, is
    ``record``'s place (the history's rows are read one at a time: the nearest first);
    None in ``records`` is a row that could not be read."""
    if record.puzzle not in puzzles:
        return None
    describe = puzzles[record.puzzle].describe
    strategy = describe(record.settings)
    if not (0 <= index < len(records) and records[index] is record):
        index = next((i for i, r in enumerate(records) if r is record), len(records))

    def fits(other: RunRecord | None) -> bool:
        return (
            other is not None
            and same_problem(puzzles, record, other)
            and describe(other.settings) != strategy
        )

    link = record.race
    if link is not None:  # a racer: the other racer of its race, in the row beside it
        for i in (index - 1, index + 1):
            other = records[i] if 0 <= i < len(records) else None
            theirs = None if other is None else other.race
            ours = theirs is not None and theirs.race == link.race and theirs.lane != link.lane
            if ours and fits(other):
                return other
    for i in range(index - 1, -1, -1):
        if fits(records[i]):
            return records[i]
    return next((records[i] for i in range(index + 1, len(records)) if fits(records[i])), None)


def _ratio(times: float) -> str:
    """How many times: whole numbers from 10 up, one decimal below."""
    return fmt_int(round(times)) if times >= 9.95 else fmt_float(times)


class ComparisonCounts(QObject):
    """The comparison's counts with their nouns, in Qt's plural forms ("1 step")."""

    def steps(self, record: RunRecord) -> str:
        """A run's steps, saying when the run ended before its search did."""
        n = record.result.steps
        steps = fmt_int(n)
        outcome = record.result.outcome
        if outcome is Outcome.CANCELLED:
            return self.tr("stopped after {0} steps", "", count_of(n)).format(steps)
        if outcome is Outcome.LIMIT:
            return self.tr("step limit reached after {0} steps", "", count_of(n)).format(steps)
        return self.tr("{0} steps", "", count_of(n)).format(steps)

    def searching(self, name: str, n: int) -> str:
        """The other racer of a race still going: searching, and how far it has got."""
        return self.tr("{0} is still searching: {1} steps so far.", "", count_of(n)).format(
            name, fmt_int(n)
        )


def _steps(record: RunRecord) -> str:
    return ComparisonCounts().steps(record)


def racing_sentences(
    puzzles: dict[str, Puzzle[Any]],
    this: RunRecord,
    rival: str,
    steps: int,
    name: Any = lambda text: text,
    joint: str = "",
) -> str:
    """A racer that has ended, and the other racer still searching (its steps so far)."""
    first = QCoreApplication.translate("Comparison", "{0}: {1}.").format(
        name(_names(puzzles, [this])[0]), _steps(this)
    )
    return _join(joint, first, ComparisonCounts().searching(name(rival), steps))


def _how_many(small: RunRecord, large: RunRecord) -> str:
    """How many times ``small``'s steps ``large`` took, in words ("" when it cannot be
    said): "at least" where the larger run stopped early, "at most" where the smaller one
    did."""
    a, b = small.result.steps, large.result.steps
    small_done = small.result.outcome in COMPLETE
    large_done = large.result.outcome in COMPLETE
    if a == 0 or not (small_done or large_done):
        return ""
    if a == b:
        return (
            QCoreApplication.translate("Comparison", "the same number")
            if small_done and large_done
            else ""
        )
    times = b / a
    if small_done and large_done and round(times, 1) <= 1.0:
        return QCoreApplication.translate("Comparison", "about as many")
    amount = _ratio(times)
    if not large_done:
        return QCoreApplication.translate("Comparison", "at least {0} times as many").format(amount)
    if not small_done:
        return QCoreApplication.translate("Comparison", "at most {0} times as many").format(amount)
    return QCoreApplication.translate("Comparison", "{0} times as many").format(amount)


def comparison_text(
    puzzles: dict[str, Puzzle[Any]], this: RunRecord | None, other: RunRecord | None
) -> str:
    """The comparison as plain text: both runs' strategies and steps, and the ratio."""
    return _sentences(puzzles, this, other, lambda name: name)


def comparison_html(
    puzzles: dict[str, Puzzle[Any]], this: RunRecord | None, other: RunRecord | None
) -> str:
    """The same, each strategy's name in bold and each run on its own line."""
    return _sentences(puzzles, this, other, _bold, "<br>")


def _bold(text: str) -> str:
    """A strategy's name in the label's rich text."""
    return f"<b>{html.escape(text)}</b>"


def ordered(this: RunRecord, other: RunRecord) -> tuple[RunRecord, RunRecord]:
    """The two runs as the comparison reads them: the fewer steps first (the order a
    learner reads "63 against 16,501,401" in, whichever ran last); the earlier run first
    when both took as many."""
    if this.result.steps == other.result.steps:
        return other, this
    small, large = sorted((this, other), key=lambda r: r.result.steps)
    return small, large


def _names(puzzles: dict[str, Puzzle[Any]], runs: Sequence[RunRecord]) -> list[str]:
    """The strategies' names: in the tutorials' words, or in full where those agree
    (Warnsdorff's rule with two tie-breaks)."""
    puzzle = puzzles[runs[0].puzzle]
    names = [puzzle.strategy_name(r.settings) for r in runs]
    if len(set(names)) < len(names):
        return [capitalised(puzzle.describe(r.settings)) for r in runs]
    return names


def _sentences(
    puzzles: dict[str, Puzzle[Any]],
    this: RunRecord | None,
    other: RunRecord | None,
    name: Any,
    joint: str = "",
) -> str:
    """The fewer steps first, then the other run and how many times as many it took."""
    if this is None or this.puzzle not in puzzles:
        return QCoreApplication.translate(
            "Comparison",
            "Press Start, then change the strategy and run again from the same start: "
            "the two runs are compared here.",
        )
    puzzle = puzzles[this.puzzle]
    if other is None:
        first = QCoreApplication.translate("Comparison", "{0}: {1}.").format(
            name(_names(puzzles, [this])[0]), _steps(this)
        )
        rival = puzzle.rival(this.settings)
        if rival is None:
            invite = QCoreApplication.translate(
                "Comparison", "Change the strategy and run again to compare."
            )
        else:
            invite = puzzle.comparison_words()[0].format(rival[1])
        return _join(joint, first, invite)
    small, large = ordered(this, other)
    names = _names(puzzles, [small, large])
    first = QCoreApplication.translate("Comparison", "{0}: {1}.").format(
        name(names[0]), _steps(small)
    )
    where = puzzle.comparison_words()[1]
    second = where.format(name(names[1]), _steps(large))
    ratio = _how_many(small, large)
    ending = (
        QCoreApplication.translate("Comparison", "{0}, {1}.").format(second, ratio)
        if ratio
        else QCoreApplication.translate("Comparison", "{0}.").format(second)
    )
    return _join(joint, first, ending)


def _join(joint: str, first: str, second: str) -> str:
    return first + joint + second if joint else sentences(first, second)


class StepBars(QWidget):
    """The two runs' steps as bars of one linear scale, the fewer first: 63 against
    16,501,401 is a sliver against a full bar, which words alone do not show. A bar whose
    run stopped early fades out at its end (the run would have gone further)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("comparisonBars")
        self._rows: list[tuple[str, int, bool]] = []
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_rows(self, rows: list[tuple[str, int, bool]]) -> None:
        """(strategy, steps, whole run) for each run, in the order shown."""
        self._rows = rows
        self.updateGeometry()
        self.update()

    def rows(self) -> list[tuple[str, int, bool]]:
        return list(self._rows)

    def row_height(self) -> int:
        return self.fontMetrics().height() + 8

    def sizeHint(self) -> QSize:
        return QSize(120, self.row_height() * len(self._rows))

    def minimumSizeHint(self) -> QSize:
        return QSize(60, self.sizeHint().height())

    def bar_widths(self, room: int) -> list[int]:
        """Each bar's length in ``room`` px: linear in steps, never under 2 px."""
        most = max((steps for _, steps, _ in self._rows), default=0)
        if most <= 0:
            return [2 for _ in self._rows]
        return [max(2, round(room * steps / most)) for _, steps, _ in self._rows]

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self._rows:
            return
        fm = self.fontMetrics()
        palette = self.palette()
        name_room = min(
            max(fm.horizontalAdvance(n) for n, _, _ in self._rows) + 8, self.width() // 2
        )
        bar_room = max(10, self.width() - name_room)
        height = self.row_height()
        with QPainter(self) as p:
            for i, ((name, steps, whole), width) in enumerate(
                zip(self._rows, self.bar_widths(bar_room), strict=True)
            ):
                top = i * height
                p.setPen(palette.color(QPalette.ColorRole.WindowText))
                text_rect = QRect(0, top, name_room - 6, height)
                shown = fm.elidedText(name, Qt.TextElideMode.ElideRight, text_rect.width())
                p.drawText(text_rect, Qt.AlignmentFlag.AlignVCenter, shown)
                bar = QRect(name_room, top + 4, width, height - 8)
                colour = palette.color(QPalette.ColorRole.Highlight)
                if whole:
                    p.fillRect(bar, colour)
                else:
                    fade = QLinearGradient(bar.left(), 0, bar.right() + 1, 0)
                    fade.setColorAt(0.0, colour)
                    fade.setColorAt(1.0, palette.color(QPalette.ColorRole.Base))
                    p.fillRect(bar, fade)
                figure = fmt_int(steps)
                need = fm.horizontalAdvance(figure) + 8
                if width >= need:
                    # On a faded bar the figure stands on the fade's pale end: dark text.
                    role = (
                        QPalette.ColorRole.HighlightedText
                        if whole
                        else QPalette.ColorRole.WindowText
                    )
                    p.setPen(palette.color(role))
                    p.drawText(
                        bar.adjusted(0, 0, -4, 0),
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                        figure,
                    )
                else:
                    p.setPen(palette.color(QPalette.ColorRole.WindowText))
                    after = QRect(bar.right() + 4, top, self.width() - bar.right() - 4, height)
                    p.drawText(
                        after, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, figure
                    )


class ComparisonPanel(QGroupBox):
    """The comparison's box (``comparisonLabel``): what the history's chosen run did
    against the last run of the same problem with another strategy, in words and, where
    the box has the room, as two bars (``comparisonBars``)."""

    def __init__(self, puzzles: dict[str, Puzzle[Any]], parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Comparison"), parent)
        self.setObjectName("comparisonBox")
        self._puzzles = puzzles
        self._this: RunRecord | None = None
        self._other: RunRecord | None = None
        #: While a race goes on: the other racer's name and steps so far (``show_racing``).
        self._racing: tuple[str, int] | None = None
        self.label = QLabel()
        self.label.setObjectName("comparisonLabel")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.bars = StepBars()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(9, 4, 9, 4)
        layout.addWidget(self.label)
        layout.addWidget(self.bars)
        layout.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        # Three lines at least: the strategies' explanations above give way first.
        self.setMinimumHeight(3 * self.fontMetrics().lineSpacing() + 36)
        self._show()

    def show_record(
        self, records: Sequence[RunRecord | None], record: RunRecord | None, index: int = -1
    ) -> None:
        """Compare ``record`` (a run of ``records``, at ``index`` when known; None: no run
        yet) with its partner."""
        self._this = record
        self._other = None if record is None else partner(self._puzzles, records, record, index)
        self._racing = None
        self._show()

    def show_racing(self, record: RunRecord, rival: str, steps: int) -> None:
        """``record``, a racer that has ended, against the other racer of its race, still
        searching: ``rival`` (its strategy) at ``steps`` so far. Not an older run of that
        strategy: the race's own pair is compared once both have ended."""
        self._this = record
        self._other = None
        self._racing = (rival, steps)
        self._show()

    def racing_record(self) -> RunRecord | None:
        """The racer shown against a race still going (None: two runs, or none)."""
        return self._this if self._racing is not None else None

    def text(self) -> str:
        """The comparison as plain text (what the label says, without its markup)."""
        if self._racing is not None and self._this is not None:
            return racing_sentences(self._puzzles, self._this, *self._racing)
        return comparison_text(self._puzzles, self._this, self._other)

    def retranslate(self) -> None:
        self._show()

    def sizeHint(self) -> QSize:
        """No more than its least: the controls above get their room first, the comparison
        the rest of the column (its stretch)."""
        return QSize(super().sizeHint().width(), self.minimumHeight())

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), self.minimumHeight())

    def hasHeightForWidth(self) -> bool:
        """Its words' height never claims room from the controls (the column's layout
        would take a word-wrapped box's height for a width as its least)."""
        return False

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_bars()

    def _show(self) -> None:
        rows: list[tuple[str, int, bool]] = []
        this = self._this
        if self._racing is not None and this is not None:
            rival, steps = self._racing
            text = racing_sentences(self._puzzles, this, rival, steps, _bold, "<br>")
            ended = _names(self._puzzles, [this])[0]
            rows = [(ended, this.result.steps, this.result.outcome in COMPLETE)]
            rows = sorted([*rows, (rival, steps, False)], key=lambda row: row[1])
        else:
            text = comparison_html(self._puzzles, this, self._other)
            if this is not None and self._other is not None:
                runs = ordered(this, self._other)
                names = _names(self._puzzles, runs)
                rows = [
                    (name, r.result.steps, r.result.outcome in COMPLETE)
                    for name, r in zip(names, runs, strict=True)
                ]
        self.label.setText(text)
        self.bars.set_rows(rows)
        self._fit_bars()

    def _fit_bars(self) -> None:
        """The bars only where the words leave them room: the words come first."""
        inner = self.contentsRect().height() - 8
        words = self.label.heightForWidth(max(1, self.label.width()))
        room = inner - words - 6 >= self.bars.sizeHint().height()
        self.bars.setVisible(bool(self.bars.rows()) and room)
