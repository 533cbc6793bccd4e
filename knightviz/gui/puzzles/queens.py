"""The N-Queens adapter: the eight-queens article (docs/reference.md §4) in the window.

Queens go rank by rank from rank 1, files a, b, … in turn: the article's order, so its
solutions come out in its printed order. Two variants make exactly the same placements: the
three sets of constraint IDs, and the two bitboards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from knightviz.engine import Board, Outcome, Result
from knightviz.engine import file_name as file_letter
from knightviz.engine.estimate import Probe, queens_levels, queens_probe
from knightviz.engine.events import StackLevel
from knightviz.engine.explain import conflicts
from knightviz.engine.puzzles.queens import BITBOARDS, SETS, SPEC, Queens
from knightviz.engine.recording import RecordingData
from knightviz.engine.trace import Kind, decode
from knightviz.gui.board.layers import Layer
from knightviz.gui.board.model import BoardModel
from knightviz.gui.puzzles.base import (
    CODE,
    CONSTRAINTS,
    CURRENT,
    DONE,
    NEXT,
    SKIPPED,
    SOLUTIONS,
    STACK,
    Chip,
    ExportRefused,
    Puzzle,
    RunFormat,
    SettingsWidget,
    StackSource,
)
from knightviz.gui.puzzles.programs import QUEENS_BITS, QUEENS_OWN, QUEENS_SETS, Program
from knightviz.gui.puzzles.queens_paint import AttackLayer, QueensLayer, RejectLayer
from knightviz.gui.text import count_of, fmt_int, fmt_size
from knightviz.page import PageRun, queens_command

MAX_QUEENS_SIDE = 30
#: The text layouts of ``knightviz queens --format`` a run can be exported in (and json).
TEXT_FORMATS = SPEC.formats


@dataclass(frozen=True, slots=True)
class QueensSettings:
    rows: int = 8
    cols: int = 8
    #: Every solution (the article's program), or stop at the first.
    all_solutions: bool = True
    #: ``sets`` (constraint IDs) or ``bitboards`` (two integers).
    variant: str = SETS
    #: The learner's own strategy orders the columns of each row (see ``Puzzle.own``).
    own: bool = False
    own_source: str = ""
    own_name: str = ""


def solution_text(n: int, solution: tuple[int, ...]) -> str:
    """A solution as the article prints it: squares by rank from 1 upward."""
    board = Board(n, n)
    return " ".join(board.name(sq) for sq in solution)


class QueensSettingsWidget(SettingsWidget):
    def __init__(self, puzzle: QueensPuzzle, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._updating = False
        self.all_check = QCheckBox(self.tr("Find all solutions"))
        self.all_check.setObjectName("allSolutionsCheck")
        font = self.all_check.font()
        font.setBold(True)
        self.all_check.setFont(font)
        self.all_check.setToolTip(
            self.tr(
                "On: search the whole tree, listing every solution (92 on 8×8).\n"
                "Off: stop at the first solution."
            )
        )
        self.variant_combo = QComboBox()
        self.variant_combo.setObjectName("queensVariantCombo")
        self.variant_combo.addItem(self.tr("Constraint sets (columns, diagonals)"), SETS)
        self.variant_combo.addItem(self.tr("Bitboards (two integers)"), BITBOARDS)
        self.variant_combo.setToolTip(
            self.tr(
                "How the search remembers the board: three sets of constraint IDs, or two "
                "bitboards (queens, attacked squares). Both make the same placements."
            )
        )
        explain = QLabel(
            self.tr(
                "Queens go rank by rank from rank 1; on each rank the files a, b, … are tried "
                "in turn. A square is free when its column and both diagonals are."
            )
        )
        explain.setWordWrap(True)
        explain.setObjectName("strategyExplainLabel")
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(self.tr("Method"), self.variant_combo)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.all_check)
        layout.addWidget(explain)
        layout.addLayout(form)
        layout.addWidget(self.own_choice())
        self.all_check.toggled.connect(self._changed)
        self.variant_combo.currentIndexChanged.connect(self._changed)
        self.set_settings(puzzle.default_settings())

    def settings(self, rows: int, cols: int) -> QueensSettings:
        settings: QueensSettings = self.with_own(
            QueensSettings(
                rows=rows,
                cols=cols,
                all_solutions=self.all_check.isChecked(),
                variant=str(self.variant_combo.currentData()),
            )
        )
        return settings

    def set_settings(self, settings: Any) -> None:
        s: QueensSettings = settings
        self._updating = True
        try:
            self.all_check.setChecked(s.all_solutions)
            self.variant_combo.setCurrentIndex(max(0, self.variant_combo.findData(s.variant)))
            self.show_own(s)
        finally:
            self._updating = False

    def _changed(self) -> None:
        if not self._updating:
            self.settings_changed.emit()


class QueensPuzzle(Puzzle[QueensSettings]):
    key = "queens"
    order = 10
    max_side = MAX_QUEENS_SIDE
    square_only = True
    movable_start = False

    def title(self) -> str:
        return self.tr("N-Queens")

    def default_settings(self) -> QueensSettings:
        return QueensSettings()

    def with_size(self, settings: QueensSettings, rows: int, cols: int) -> QueensSettings:
        s = settings
        n = min(rows, MAX_QUEENS_SIDE)
        return replace(s, rows=n, cols=n)

    def create_settings_widget(
        self, parent: QWidget | None = None, compact: bool = False
    ) -> SettingsWidget:
        widget = QueensSettingsWidget(self, parent)
        if compact:
            for label in widget.findChildren(QLabel):
                if label.wordWrap():  # the explanation: the boards get the height
                    label.hide()
        return widget

    def problem(self, settings: QueensSettings, start: int = -1) -> Queens:
        return Queens(settings.rows, not settings.all_solutions)

    def strategy_key(self, settings: QueensSettings) -> str:
        return settings.variant

    def check_settings(self, settings: QueensSettings) -> QueensSettings:
        if settings.variant not in (SETS, BITBOARDS):
            raise ValueError(f"unknown method {settings.variant!r}")
        return settings

    def strategy_name(self, settings: QueensSettings) -> str:
        if settings.all_solutions:
            return self.tr("The search for every solution")
        return self.tr("The search for a first solution")

    def forecast_subject(self, settings: QueensSettings, start: int) -> str:
        if settings.all_solutions:
            return self.tr("The search for every solution of {0}-queens").format(settings.rows)
        return self.tr("The search for a first solution of {0}-queens").format(settings.rows)

    def race_defaults(self) -> tuple[QueensSettings, QueensSettings]:
        """The article's two methods side by side (they make exactly the same placements)."""
        base = self.default_settings()
        return replace(base, variant=SETS), replace(base, variant=BITBOARDS)

    def map_refusal(self) -> str:
        return self.tr("No start square to map: N-Queens always starts from an empty board")

    def panels(self) -> frozenset[str]:
        return frozenset({CODE, STACK, CONSTRAINTS, SOLUTIONS})

    def depth_total(self, settings: QueensSettings) -> int:
        return settings.rows

    def solution_text(self, settings: QueensSettings, solution: tuple[int, ...]) -> str:
        return solution_text(settings.rows, solution)

    def constraint_layout(self, settings: QueensSettings) -> str:
        return settings.variant

    # -- export -------------------------------------------------------------------------------

    def export_formats(self, settings: QueensSettings) -> list[RunFormat]:
        out = [
            RunFormat("algebraic", ".txt", self.tr("Solutions, one line of squares each (text)"))
        ]
        if settings.all_solutions:
            out.append(
                RunFormat("results", ".txt", self.tr("The eight-queens article's lines (text)"))
            )
        out.append(RunFormat("ascii", ".txt", self.tr("The article's boards (text)")))
        out.append(RunFormat("json", ".json", self.tr("JSON, as knightviz queens prints it")))
        return out

    def page_run(
        self,
        settings: QueensSettings,
        start: int,
        result: Result,
        recording: RecordingData,
        lang: str,
    ) -> PageRun:
        n = settings.rows
        first = not settings.all_solutions
        stopped = result.outcome in (Outcome.LIMIT, Outcome.CANCELLED)
        limit = result.steps if stopped else None
        html = self.file_name(settings, start) + ".html"
        command = queens_command(n, first, limit, html, lang=lang)
        return PageRun("queens", n, n, result, recording, first=first, command=command, lang=lang)

    def export_text(
        self,
        settings: QueensSettings,
        start: int,
        result: Result,
        solutions: Sequence[tuple[int, ...]],
        fmt: str,
    ) -> str:
        if result.count > len(solutions):
            raise ExportRefused(
                self.tr(
                    "Only the first {0} of {1} solutions were kept: too many to export."
                ).format(fmt_int(len(solutions)), fmt_int(result.count))
            )
        if fmt == "results" and not settings.all_solutions:
            raise ExportRefused(
                self.tr(
                    "The article's program has no first-solution mode: its lines end with "
                    "the number of all solutions. Find all solutions to export this layout."
                )
            )
        return super().export_text(settings, start, result, solutions, fmt)

    def file_name(self, settings: QueensSettings, start: int) -> str:
        which = "all" if settings.all_solutions else "first"
        return f"{self.key}-{settings.rows}x{settings.cols}-{which}-{settings.variant}"

    def describe(self, settings: QueensSettings) -> str:
        s = settings
        which = self.tr("all solutions") if s.all_solutions else self.tr("first solution")
        how = self.tr("constraint sets") if s.variant == SETS else self.tr("bitboards")
        return f"{which} · {how}"

    def counts_text(self, placements: int, removals: int, steps: int) -> str:
        """A run's counts, each with its noun in the number's form ("1 placement")."""
        return self.tr("{0}, {1}, {2}").format(
            self.tr("{0} placements", "", count_of(placements)).format(fmt_int(placements)),
            self.tr("{0} removals", "", count_of(removals)).format(fmt_int(removals)),
            self.tr("{0} steps", "", count_of(steps)).format(fmt_int(steps)),
        )

    def describe_result(
        self, settings: QueensSettings, start: int, result: Result, model: BoardModel
    ) -> str:
        s = settings
        n = s.rows
        counts = self.counts_text(result.moves, result.backtracks, result.steps)
        size = fmt_size(n, n)
        if result.outcome is Outcome.CANCELLED:
            found = result.count
            return self.tr("Stopped after {0}; {1} solutions so far.", "", count_of(found)).format(
                counts, fmt_int(found)
            )
        if result.outcome is Outcome.SOLVED and not s.all_solutions and result.solution:
            return self.tr("First solution on {0}: {1} ({2}).").format(
                size, solution_text(n, result.solution), counts
            )
        if result.outcome is Outcome.SOLVED:
            found = result.count
            return self.tr("{0} solutions on {1}: {2}.", "", count_of(found)).format(
                fmt_int(found), size, counts
            )
        if result.outcome is Outcome.LIMIT:
            return self.tr("Stopped at the step limit: {0}.").format(counts)
        return self.tr(
            "No way to place {0} queens on a {1} board: the search tried every possibility ({2})."
        ).format(n, size, counts)

    # -- explaining ---------------------------------------------------------------------------

    def program(self, settings: QueensSettings) -> Program:
        return QUEENS_SETS if settings.variant == SETS else QUEENS_BITS

    def own_program(self, settings: QueensSettings) -> Program:
        return QUEENS_OWN

    def stack_source(
        self, settings: QueensSettings, model: BoardModel, stack: Sequence[StackLevel]
    ) -> StackSource:
        n = settings.rows
        board = Board(n, n)
        queens = list(model.path)

        def label(d: int, level: StackLevel) -> str:
            rank = self.tr("rank {0}").format(d + 1)
            if level.square < 0:
                return self.tr("{0} · filling").format(rank)
            return f"{rank} · {board.name(level.square)}"

        def chips(d: int, level: StackLevel) -> list[Chip]:
            below = queens[:d]
            placed = level.square >= 0
            out = []
            for i, sq in enumerate(level.candidates):
                if conflicts(n, below, sq):
                    state = SKIPPED
                elif placed and i == level.tried - 1:
                    state = CURRENT
                elif i < level.tried:
                    state = DONE
                else:
                    state = NEXT
                out.append(Chip(file_letter(sq % n), state, None, sq))
            return out

        widest = self.tr("{0} · filling").format(self.tr("rank {0}").format(n))
        return StackSource(stack, chips, label, widest)

    def levels(
        self, settings: QueensSettings, stack: Sequence[StackLevel]
    ) -> Iterator[tuple[int, int]]:
        return queens_levels(settings.rows, stack)

    def tree_probe(self, settings: QueensSettings, start: int) -> Probe | None:
        return queens_probe(settings.rows)

    def predict_question(self, settings: QueensSettings) -> str:
        return self.tr(
            "Your turn: where does the search put the next queen? Click the square, or press "
            "B if it takes a queen back."
        )

    def predict_hint(
        self, settings: QueensSettings, model: BoardModel, options: Sequence[int]
    ) -> str:
        """The free squares of the rank being filled (no file or diagonal taken)."""
        board = Board(settings.rows, settings.cols)
        if not options:
            return self.tr("Hint: no free square is left on this rank.")
        names = ", ".join(board.name(u) for u in options)
        return self.tr("Hint: free squares left on this rank: {0}.").format(names)

    def subtree_probe(self, settings: QueensSettings, path: Sequence[int]) -> Probe | None:
        return queens_probe(settings.rows, path)

    def narrate(self, settings: QueensSettings, model: BoardModel, finished: Result | None) -> str:
        n = settings.rows
        board = Board(n, n)
        if finished is not None and finished.outcome is Outcome.SOLVED:
            if settings.all_solutions:
                found = finished.count
                return self.tr(
                    "Every possibility tried: {0} solutions.", "", count_of(found)
                ).format(fmt_int(found))
            return self.tr("A solution: {0}.").format(solution_text(n, tuple(model.path)))
        if model.considered:
            c = decode(model.considered[-1])
            queens = list(model.path)
            why = {
                Kind.COLUMN: self.tr("its column is taken"),
                Kind.ASCENDING: self.tr("its diagonal x + y is taken"),
                Kind.DESCENDING: self.tr("its diagonal x − y is taken"),
            }.get(c.kind, "")
            holder = next((board.name(q) for kind, q in conflicts(n, queens, c.payload)), "")
            return self.tr("{0} rejected: {1} (queen on {2}).").format(
                board.name(c.payload), why, holder
            )
        if not model.last_events:
            return ""
        last = model.last_events[-1]
        if last >= 0:
            if len(model.path) == n:
                return self.tr("Queen {0} on {1}: all {0} placed, a solution.").format(
                    n, board.name(last)
                )
            return self.tr("Queen {0} on {1}: its column and both diagonals are free.").format(
                len(model.path), board.name(last)
            )
        removed = board.name(~last)
        if len(model.path) == n - 1 and ~last // n == 0:
            return self.tr("Take back the queen on {0} to look for more solutions.").format(removed)
        return self.tr("No free file left on rank {0}: take back the queen on {1}.").format(
            len(model.path) + 2, removed
        )

    def code_variables(
        self, settings: QueensSettings, model: BoardModel, stack: Sequence[StackLevel]
    ) -> str:
        n = settings.rows
        if not len(stack):
            return ""
        top = stack[-1]
        rank = len(stack)
        file = file_letter(top.tried - 1) if top.tried else "—"
        return self.tr("rank = {0}   file = {1}   queens placed = {2}").format(
            rank, file, len(model.path) if len(model.path) <= n else n
        )

    def counter_titles(self) -> tuple[str, str, str]:
        return (self.tr("Placements"), self.tr("Removals"), self.tr("Queens placed"))

    def create_layers(self) -> list[Layer]:
        return [AttackLayer(), RejectLayer(), QueensLayer()]


#: Found by ``make_puzzles``.
PRESENTER = QueensPuzzle
