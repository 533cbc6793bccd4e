"""The knight's tour adapter: settings, their widget, searches, verdicts, words, layers."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from knightviz.engine import (
    Board,
    Heuristic,
    Outcome,
    Result,
    Search,
    Strategy,
    TieBreak,
    TourConfig,
    TourSearch,
    Verdict,
    verdict,
)
from knightviz.engine import formats as layouts
from knightviz.engine.board import CLASSIC_ORDER, neighbour_table
from knightviz.engine.estimate import Probe, tour_levels, tour_probe
from knightviz.engine.events import StackLevel
from knightviz.engine.trace import Kind, decode
from knightviz.engine.tree import Children, tour_children
from knightviz.gui.board.layers import Layer
from knightviz.gui.board.model import BoardModel
from knightviz.gui.puzzles import knight_construct as construction
from knightviz.gui.puzzles.base import (
    CURRENT,
    DONE,
    NEXT,
    SKIPPED,
    Chip,
    Puzzle,
    RunFormat,
    SettingsWidget,
    StackSource,
    SweepOptions,
)
from knightviz.gui.puzzles.knight_paint import DegreesLayer, KnightLayer, NumbersLayer, PathLayer
from knightviz.gui.puzzles.programs import PLAIN, WARNSDORFF, Program
from knightviz.gui.solver.feed import SolutionLog
from knightviz.gui.text import fmt_int, fmt_size, sentences

MAX_SEED = 999_999
#: A run that has taken this many times the board's squares in steps "looks hung".
SLOW_FACTOR = 4
#: …but never before this many steps (small boards backtrack a little, harmlessly).
SLOW_MIN = 2_000


@dataclass(frozen=True, slots=True)
class KnightSettings:
    """Everything the user chose for a knight's tour run except the start and the speed."""

    rows: int = 8
    cols: int = 8
    #: On by default: a newcomer who just presses Start sees a whole tour in seconds.
    warnsdorff: bool = True
    tie_break: str = TieBreak.FIRST.value
    seed: int = 0
    backtrack: bool = True
    closed: bool = False
    #: The third strategy: build the tour by Parberry's construction, no search.
    construct: bool = False


#: The text layouts of ``knightviz solve --format`` a run can be exported in.
TEXT_FORMATS = ("c", "py", "matrix", "sequence", "algebraic")


class KnightSettingsWidget(SettingsWidget):
    """Strategy: Warnsdorff's rule and its tie-break (and seed), backtracking, closed tours."""

    def __init__(
        self, puzzle: KnightPuzzle, parent: QWidget | None = None, compact: bool = False
    ) -> None:
        super().__init__(parent)
        self._updating = False
        self.warnsdorff_check = QCheckBox(self.tr("Warnsdorff's rule"))
        self.warnsdorff_check.setObjectName("warnsdorffCheck")
        font = self.warnsdorff_check.font()
        font.setBold(True)
        self.warnsdorff_check.setFont(font)
        self.warnsdorff_check.setToolTip(
            self.tr(
                "On: at every square, try first the move with the fewest onward moves "
                "(fewest exits first).\nOff: plain backtracking, trying the eight moves in "
                "the classic fixed order."
            )
        )
        self.explain_label = QLabel()
        self.explain_label.setObjectName("strategyExplainLabel")
        self.explain_label.setWordWrap(True)
        self.explain_label.setForegroundRole(self.explain_label.foregroundRole())
        self.tie_break_combo = QComboBox()
        self.tie_break_combo.setObjectName("tieBreakCombo")
        for value, label in (
            (TieBreak.FIRST.value, self.tr("first in order")),
            (TieBreak.LAST.value, self.tr("last in order")),
            (TieBreak.ROTH.value, self.tr("farthest from centre (Roth)")),
            (TieBreak.RANDOM.value, self.tr("random")),
        ):
            self.tie_break_combo.addItem(label, value)
        self.tie_break_combo.setToolTip(
            self.tr("Which candidate Warnsdorff's rule takes when several have the same degree")
        )
        self.seed_spin = QSpinBox()
        self.seed_spin.setObjectName("seedSpin")
        self.seed_spin.setRange(0, MAX_SEED)
        self.seed_spin.setKeyboardTracking(False)
        self.seed_spin.setAccessibleName(self.tr("Random seed"))
        self.seed_spin.setToolTip(
            self.tr("Seed of the random tie-break: the same seed, the same tour")
        )
        self.new_seed_button = QPushButton(self.tr("New seed"))
        self.new_seed_button.setObjectName("newSeedButton")
        self.new_seed_button.setToolTip(self.tr("Pick another random seed"))
        self.backtrack_check = QCheckBox(self.tr("Backtracking"))
        self.backtrack_check.setObjectName("backtrackCheck")
        self.backtrack_check.setChecked(True)
        self.backtrack_check.setToolTip(
            self.tr("Off: a greedy walk that stops at the first dead end")
        )
        self.construct_check = construction.ConstructCheck(self)
        self.closed_check = QCheckBox(self.tr("Closed tour"))
        self.closed_check.setObjectName("closedCheck")
        self.closed_check.setToolTip(
            self.tr("Closed tour: the last square must be a knight's move from the start")
        )

        seed_row = QHBoxLayout()
        seed_row.setContentsMargins(0, 0, 0, 0)
        seed_row.addWidget(self.seed_spin, 1)
        seed_row.addWidget(self.new_seed_button)
        self.tie_break_label = QLabel(self.tr("Tie-break"))
        self.seed_label = QLabel(self.tr("Seed"))
        if compact:
            # Narrow (a race's lanes, side by side): three lines, no explanation.
            self.explain_label.hide()
            grid = QGridLayout(self)
            grid.setContentsMargins(0, 0, 0, 0)
            grid.addWidget(self.warnsdorff_check, 0, 0, 1, 2)
            grid.addWidget(self.tie_break_label, 1, 0)
            grid.addWidget(self.tie_break_combo, 1, 1)
            grid.addWidget(self.seed_label, 2, 0)
            grid.addLayout(seed_row, 2, 1)
            grid.addWidget(self.backtrack_check, 3, 0)
            grid.addWidget(self.closed_check, 3, 1)
            grid.addWidget(self.construct_check, 4, 0, 1, 2)
            grid.setColumnStretch(1, 1)
        else:
            form = QFormLayout()
            form.setContentsMargins(0, 0, 0, 0)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
            form.addRow(self.tie_break_label, self.tie_break_combo)
            form.addRow(self.seed_label, seed_row)
            layout = QVBoxLayout(self)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.addWidget(self.warnsdorff_check)
            layout.addWidget(self.construct_check)
            layout.addWidget(self.explain_label)
            layout.addLayout(form)
            options = QHBoxLayout()  # one row: Construct took the room of a line above
            options.setContentsMargins(0, 0, 0, 0)
            options.addWidget(self.backtrack_check)
            options.addWidget(self.closed_check)
            options.addStretch(1)
            layout.addLayout(options)

        checks = (self.warnsdorff_check, self.backtrack_check, self.closed_check)
        for check in (*checks, self.construct_check):
            check.toggled.connect(self._changed)
        self.tie_break_combo.currentIndexChanged.connect(self._changed)
        self.seed_spin.valueChanged.connect(self._changed)
        self.new_seed_button.clicked.connect(self._new_seed)
        self.set_settings(puzzle.default_settings())

    def settings(self, rows: int, cols: int) -> KnightSettings:
        return KnightSettings(
            rows=rows,
            cols=cols,
            warnsdorff=self.warnsdorff_check.isChecked(),
            tie_break=str(self.tie_break_combo.currentData()),
            seed=self.seed_spin.value(),
            backtrack=self.backtrack_check.isChecked(),
            closed=self.closed_check.isChecked(),
            construct=self.construct_check.isChecked(),
        )

    def board_changed(self, rows: int, cols: int) -> None:
        self.construct_check.set_board(rows, cols)

    def set_settings(self, settings: Any) -> None:
        s: KnightSettings = settings
        self._updating = True
        try:
            self.warnsdorff_check.setChecked(s.warnsdorff)
            self.tie_break_combo.setCurrentIndex(max(0, self.tie_break_combo.findData(s.tie_break)))
            self.seed_spin.setValue(s.seed)
            self.backtrack_check.setChecked(s.backtrack)
            self.closed_check.setChecked(s.closed)
            self.construct_check.set_board(s.rows, s.cols)
            self.construct_check.setChecked(s.construct)
        finally:
            self._updating = False
        self._sync()

    def _new_seed(self) -> None:
        current = self.seed_spin.value()
        seed = current
        while seed == current:
            seed = random.randint(0, MAX_SEED)
        self.seed_spin.setValue(seed)

    def _sync(self) -> None:
        built = self.construct_check.isChecked()
        self.warnsdorff_check.setEnabled(not built)
        self.backtrack_check.setEnabled(not built)
        guided = self.warnsdorff_check.isChecked() and not built
        for item in (self.tie_break_combo, self.tie_break_label):
            item.setEnabled(guided)
        randomised = guided and self.tie_break_combo.currentData() == TieBreak.RANDOM.value
        # The seed only matters for random ties: shown then, out of the way otherwise.
        for w in (self.seed_spin, self.new_seed_button, self.seed_label):
            w.setVisible(randomised)
        if built:
            text = self.tr("Construction: stored block tours joined at their corners, no search.")
        elif guided:
            text = self.tr("Fewest exits first: the move with fewest onward moves.")
        else:
            text = self.tr("Off: plain backtracking in the classic fixed order.")
        self.explain_label.setText(text)

    def _changed(self) -> None:
        self._sync()
        if not self._updating:
            self.settings_changed.emit()


class KnightPuzzle(Puzzle[KnightSettings]):
    key = "knight"
    max_side = 100
    square_only = False
    movable_start = True

    def title(self) -> str:
        return self.tr("Knight's tour")

    def default_settings(self) -> KnightSettings:
        return KnightSettings()

    def create_settings_widget(
        self, parent: QWidget | None = None, compact: bool = False
    ) -> SettingsWidget:
        return KnightSettingsWidget(self, parent, compact)

    def initial(self, settings: KnightSettings, start: int) -> tuple[int, ...]:
        return (start,)

    def strategy(self, settings: KnightSettings) -> Strategy:
        """The engine's strategy for these settings (the command line's ``--heuristic``,
        ``--tie-break``, ``--seed`` and ``--no-backtrack``): the one conversion."""
        heuristic = Heuristic.WARNSDORFF if settings.warnsdorff else Heuristic.NONE
        return Strategy(heuristic, TieBreak(settings.tie_break), settings.seed, settings.backtrack)

    def make_search(
        self,
        settings: KnightSettings,
        start: int,
        anyway: bool,
        solutions: SolutionLog | None,
        backend: str | None = None,
    ) -> Search:
        s = settings
        if s.construct:
            return construction.make_search(s.rows, s.cols, start)
        config = TourConfig(s.rows, s.cols, start, self.strategy(s), s.closed, None, anyway)
        return TourSearch(config, backend=backend)

    def check_settings(self, settings: KnightSettings) -> KnightSettings:
        if settings.tie_break not in {t.value for t in TieBreak}:
            raise ValueError(f"unknown tie-break {settings.tie_break!r}")
        if not 0 <= settings.seed <= MAX_SEED:
            raise ValueError("the seed is out of range")
        if settings.construct and construction.why_not(settings.rows, settings.cols):
            raise ValueError("the construction does not apply to this board")
        return settings

    def constructs(self, settings: KnightSettings) -> bool:
        return settings.construct

    def race_defaults(self) -> tuple[KnightSettings, KnightSettings]:
        """Plain backtracking against Warnsdorff's rule: the comparison the app exists for."""
        base = self.default_settings()
        return replace(base, warnsdorff=False), replace(base, warnsdorff=True)

    def sweep_options(self, settings: KnightSettings) -> SweepOptions:
        return SweepOptions(self.strategy(settings), settings.closed)

    def closing(self, settings: KnightSettings, result: Result | None) -> bool:
        return settings.closed and result is not None and result.solved

    def start_name(self, settings: KnightSettings, start: int) -> str:
        return Board(settings.rows, settings.cols).name(start)

    # -- export -------------------------------------------------------------------------------

    def export_formats(self, settings: KnightSettings) -> list[RunFormat]:
        return [
            RunFormat("c", ".txt", self.tr("Matrix as the tutorial's C/C++ program prints it")),
            RunFormat(
                "py", ".txt", self.tr("Matrix as the tutorial's Python3/Java/C# programs print it")
            ),
            RunFormat("matrix", ".txt", self.tr("Matrix as the tutorial's text shows it")),
            RunFormat(
                "sequence", ".txt", self.tr("Square numbers on one line (the batch program's line)")
            ),
            RunFormat("algebraic", ".txt", self.tr("Square names on one line")),
            RunFormat("json", ".json", self.tr("JSON, as knightviz solve prints it")),
        ]

    def export_text(
        self,
        settings: KnightSettings,
        start: int,
        result: Result,
        solutions: Sequence[tuple[int, ...]],
        fmt: str,
    ) -> str:
        s = settings
        board = Board(s.rows, s.cols)
        if fmt == "json":
            payload = layouts.solve_payload(
                board,
                start,
                heuristic="construct" if s.construct else "warnsdorff" if s.warnsdorff else "none",
                tie_break=s.tie_break,
                seed=s.seed,
                backtrack=s.backtrack,
                closed=s.closed,
                result=result,
            )
            return json.dumps(payload) + "\n"
        if fmt == "batch":
            fmt = "sequence"
        if fmt not in TEXT_FORMATS:
            raise ValueError(f"unknown knight's tour format: {fmt!r}")
        return layouts.solve_text(board, result, fmt)

    def file_name(self, settings: KnightSettings, start: int) -> str:
        s = settings
        if s.construct:
            strategy = "construct"
        elif not s.warnsdorff:
            strategy = "plain"
        else:
            tie = s.tie_break
            strategy = "warnsdorff" if tie == TieBreak.FIRST.value else f"warnsdorff-{tie}"
            if tie == TieBreak.RANDOM.value:
                strategy += f"{s.seed}"
        if not s.backtrack and not s.construct:
            strategy += "-greedy"
        if s.closed:
            strategy += "-closed"
        name = Board(s.rows, s.cols).name(start)
        return f"{self.key}-{s.rows}x{s.cols}-{name}-{strategy}"

    def verdict(self, settings: KnightSettings, start: int) -> str | None:
        s = settings
        board = Board(s.rows, s.cols)
        code = verdict(board, start, s.closed)
        if code is None:
            return construction.why_not(s.rows, s.cols) if s.construct else None
        size, name = fmt_size(s.rows, s.cols), board.name(start)
        if code is Verdict.CLOSED_ODD:
            return self.tr(
                "No closed tour exists on a {0} board: it has an odd number of squares, and a "
                "knight alternates colours, so it cannot return to its start."
            ).format(size)
        if code is Verdict.CLOSED_SCHWENK:
            return self.tr("No closed tour exists on a {0} board (Schwenk's theorem).").format(size)
        if code is Verdict.NO_OPEN:
            return self.tr("No knight's tour exists on a {0} board from any square.").format(size)
        if code is Verdict.WRONG_COLOUR:
            return self.tr(
                "No tour can start on {0}: this board has an odd number of squares, so a tour "
                "must start and end on the corners' colour, and {0} is the other colour."
            ).format(name)
        return self.tr("No knight's tour on a {0} board starts on {1}.").format(size, name)

    def strategy_name(self, settings: KnightSettings) -> str:
        """The strategy in the words of the tutorials ("Warnsdorff's rule")."""
        s = settings
        if s.construct:
            return construction.strategy_name()  # its tours are always closed
        if not s.warnsdorff:
            name = self.tr("Plain backtracking")
        elif s.backtrack:
            name = self.tr("Warnsdorff's rule")
        else:
            name = self.tr("Warnsdorff's rule without backtracking")
        return self.tr("{0} (closed tour)").format(name) if s.closed else name

    def forecast_subject(self, settings: KnightSettings, start: int) -> str:
        return self.tr("{0} from {1}").format(
            self.strategy_name(settings), self.start_name(settings, start)
        )

    def rival(self, settings: KnightSettings) -> tuple[KnightSettings, str]:
        """Plain backtracking against Warnsdorff's rule (with backtracking), the rest kept."""
        if settings.construct:  # construction against the search it replaces
            other = replace(settings, construct=False, warnsdorff=True, backtrack=True)
            return other, self.tr("Warnsdorff's rule")
        other = replace(settings, warnsdorff=not settings.warnsdorff, backtrack=True)
        name = self.tr("Warnsdorff's rule") if other.warnsdorff else self.tr("plain backtracking")
        return other, name

    def describe(self, settings: KnightSettings) -> str:
        s = settings
        if s.construct:
            kind = self.tr("closed") if s.closed else self.tr("open")
            return " · ".join((construction.describe(), kind))
        if not s.warnsdorff:
            order = self.tr("plain")
        elif s.tie_break == TieBreak.FIRST.value:
            order = self.tr("Warnsdorff (ties: first)")
        elif s.tie_break == TieBreak.LAST.value:
            order = self.tr("Warnsdorff (ties: last)")
        elif s.tie_break == TieBreak.ROTH.value:
            order = self.tr("Warnsdorff (ties: Roth)")
        else:
            order = self.tr("Warnsdorff (ties: random, seed {0})").format(s.seed)
        back = self.tr("backtracking") if s.backtrack else self.tr("no backtracking")
        kind = self.tr("closed") if s.closed else self.tr("open")
        return " · ".join((order, back, kind))

    def describe_result(
        self, settings: KnightSettings, start: int, result: Result, model: BoardModel
    ) -> str:
        s = settings
        board = Board(s.rows, s.cols)
        name = board.name(start)
        counts = self.tr("{0} moves, {1} backtracks, {2} steps").format(
            fmt_int(result.moves), fmt_int(result.backtracks), fmt_int(result.steps)
        )
        outcome = result.outcome
        if outcome is Outcome.SOLVED:
            if s.construct:
                return construction.describe_result(s.rows, s.cols, name)
            if s.closed:
                return self.tr("Closed tour found from {0}: {1}.").format(name, counts)
            return self.tr("Tour found from {0}: {1}.").format(name, counts)
        if outcome is Outcome.CANCELLED:
            return self.tr("Stopped after {0}.").format(counts)
        if outcome is Outcome.IMPOSSIBLE:
            return self.verdict(s, start) or ""
        if outcome is Outcome.LIMIT:
            return self.tr("Stopped at the step limit: {0}.").format(counts)
        if not s.backtrack:
            where = board.name(model.path[-1]) if model.path else name
            return self.tr(
                "The greedy walk got stuck on {0} after {1} of {2} squares, with no "
                "backtracking allowed."
            ).format(where, fmt_int(len(model.path)), fmt_int(board.size))
        kind = self.tr("closed tour") if s.closed else self.tr("tour")
        text = self.tr(
            "No {0} from {1} on a {2} board: the search tried every possibility ({3})."
        ).format(kind, name, fmt_size(s.rows, s.cols), counts)
        if len(model.path) > 1:
            text = sentences(
                text,
                self.tr(
                    "The board shows the deepest position it reached: {0} of {1} squares."
                ).format(fmt_int(len(model.path)), fmt_int(board.size)),
            )
        return text

    def outcome_text(self, result: Result) -> str:
        if result.outcome is Outcome.EXHAUSTED:
            return self.tr("no tour")
        return super().outcome_text(result)

    def create_layers(self) -> list[Layer]:
        return [
            PathLayer(),
            NumbersLayer(),
            DegreesLayer(),
            KnightLayer(),
            construction.ConstructionLayer(),
        ]

    def configure_layers(self, layers: list[Layer], settings: KnightSettings) -> None:
        for layer in layers:
            if isinstance(layer, DegreesLayer):
                layer.enabled = settings.warnsdorff and not settings.construct
            if isinstance(layer, (PathLayer, NumbersLayer)):
                layer.enabled = not settings.construct
            if isinstance(layer, construction.ConstructionLayer):
                layer.enabled = settings.construct
            if isinstance(layer, KnightLayer):
                layer.at_start = settings.construct

    # -- explaining ---------------------------------------------------------------------------

    def program(self, settings: KnightSettings) -> Program:
        if settings.construct:
            return construction.program(settings.rows, settings.cols)
        return WARNSDORFF if settings.warnsdorff else PLAIN

    def stack_source(
        self, settings: KnightSettings, model: BoardModel, stack: Sequence[StackLevel]
    ) -> StackSource:
        s = settings
        board = Board(s.rows, s.cols)
        index = model.index
        table = neighbour_table(s.rows, s.cols, CLASSIC_ORDER)
        guided = s.warnsdorff
        top = len(stack) - 1

        def label(d: int, level: StackLevel) -> str:
            return f"{d:>4} · {board.name(level.square)}"

        def chips(d: int, level: StackLevel) -> list[Chip]:
            out = []
            for i, u in enumerate(level.candidates):
                on_path = 0 <= index[u] <= d
                if on_path:
                    state = SKIPPED
                elif d < top and i == level.tried - 1:
                    state = CURRENT
                elif i < level.tried:
                    state = DONE
                else:
                    state = NEXT
                degree = None
                if guided and not on_path:
                    degree = sum(1 for w in table[u] if not 0 <= index[w] <= d)
                out.append(Chip(board.name(u), state, degree, u))
            return out

        return StackSource(stack, chips, label)

    def levels(
        self, settings: KnightSettings, stack: Sequence[StackLevel]
    ) -> Iterator[tuple[int, int]]:
        return tour_levels(stack)

    def tree_probe(self, settings: KnightSettings, start: int) -> Probe | None:
        s = settings
        return tour_probe(s.rows, s.cols, start) if s.backtrack and not s.construct else None

    def tree_children(self, settings: KnightSettings, search: Search) -> Children | None:
        return None if settings.construct else tour_children(search)

    def tree_goal(self, settings: KnightSettings) -> int | None:
        """A full path is a tour, except in a closed search (it must also close)."""
        return None if settings.closed else settings.rows * settings.cols

    def subtree_probe(self, settings: KnightSettings, path: Sequence[int]) -> Probe | None:
        s = settings
        if s.construct:
            return None
        return tour_probe(s.rows, s.cols, path[0], path) if path and s.backtrack else None

    def narrate(self, settings: KnightSettings, model: BoardModel, finished: Result | None) -> str:
        s = settings
        board = Board(s.rows, s.cols)
        path = model.path
        if s.construct and construction.why_not(s.rows, s.cols) is None:
            names = [board.name(sq) for sq in range(board.size)]
            return construction.narrate(s.rows, s.cols, len(path), names)
        if not path:
            return ""
        here = board.name(path[-1])
        if finished is not None and finished.outcome is Outcome.SOLVED:
            return self.tr("Tour complete: all {0} squares visited.").format(fmt_int(board.size))
        if model.considered:
            c = decode(model.considered[-1])
            if c.kind is Kind.OFF_BOARD:
                dr, dc = CLASSIC_ORDER[c.payload]
                return self.tr(
                    "From {0}, the move ({1:+d}, {2:+d}) leaves the board: skip it."
                ).format(here, dr, dc)
            name = board.name(c.payload)
            if c.kind is Kind.VISITED:
                return self.tr("From {0}, {1} is already on the path: skip it.").format(here, name)
            if c.kind is Kind.DEGREE:
                return self.tr(
                    "{0} could go on to {1} unvisited squares (its onward degree)."
                ).format(name, c.value)
            if c.kind is Kind.TIE:
                return self.tr(
                    "{0} candidates share the fewest onward moves: the tie-break takes {1}."
                ).format(c.value, name)
        if not model.last_events:
            return self.tr("The knight stands on {0} after {1} moves.").format(
                here, fmt_int(len(path) - 1)
            )
        last = model.last_events[-1]
        if last >= 0:
            move = len(path) - 1
            before = board.name(path[-2]) if len(path) > 1 else here
            if s.warnsdorff:
                degree = sum(
                    1
                    for w in neighbour_table(s.rows, s.cols, CLASSIC_ORDER)[last]
                    if model.index[w] < 0
                )
                return self.tr(
                    "Move {0}: {1} → {2}, the candidate with the fewest onward moves ({3})."
                ).format(move, before, here, degree)
            return self.tr("Move {0}: {1} → {2}, the first free square in the fixed order.").format(
                move, before, here
            )
        left = ~last
        name = board.name(left)
        table = neighbour_table(s.rows, s.cols, CLASSIC_ORDER)
        options = table[left]
        free = [u for u in options if model.index[u] < 0 and u != left]
        if not free:
            return self.tr(
                "{0} is a dead end: all {1} of its moves lead to visited squares or off the "
                "board. Back to {2}."
            ).format(name, len(options), here)
        return self.tr("Every way on from {0} has been tried: back to {1}.").format(name, here)

    def code_variables(
        self, settings: KnightSettings, model: BoardModel, stack: Sequence[StackLevel]
    ) -> str:
        s = settings
        if not model.path or not len(stack):
            return ""
        board = Board(s.rows, s.cols)
        top = stack[-1]
        return self.tr("square = {0}   move = {1}   candidate {2} of {3}").format(
            board.name(model.path[-1]), len(model.path) - 1, top.tried, len(top.candidates)
        )

    def slow_hint(
        self, settings: KnightSettings, steps: int, depth: int, explored: float | None = None
    ) -> str | None:
        s = settings
        size = s.rows * s.cols
        if steps < max(SLOW_MIN, SLOW_FACTOR * size):
            return None
        taken = self.tr("{0} steps so far for a board of {1} squares.").format(
            fmt_int(steps), fmt_int(size)
        )
        if explored is not None and 0 < explored < 0.01:
            taken = sentences(
                taken,
                self.tr(
                    "That is only about {0} of the whole search tree (the gauge under the board)."
                ).format(f"{explored:.0e}"),
            )
        if not s.warnsdorff:
            advice = self.tr(
                "Plain backtracking can need millions or billions of steps (8×8 from a8: "
                "16.5 million). Warnsdorff's rule usually needs only {0}: turn it on and "
                "start again, or set the speed to unlimited."
            ).format(fmt_int(size - 1))
        elif s.tie_break != TieBreak.ROTH.value:
            advice = self.tr(
                "Warnsdorff's rule is backtracking far more than usual: its ties lead it "
                "astray here. The tie-break “farthest from centre (Roth)” usually needs "
                "no backtracking at all."
            )
        else:
            advice = self.tr(
                "Even Roth's tie-break is stuck here: try another start square or another "
                "tie-break."
            )
        return sentences(taken, advice)
