"""The knight's tour adapter: settings, their widget, searches, verdicts, words, layers."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from math import gcd
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
from knightviz.engine.board import (
    CLASSIC_ORDER,
    KNIGHT,
    LEAPER_MAX,
    LEAPERS,
    BoardError,
    Shape,
    leaper_name,
    parse_leaper,
)
from knightviz.engine.estimate import Probe, tour_levels, tour_probe
from knightviz.engine.events import StackLevel
from knightviz.engine.trace import Kind, decode
from knightviz.engine.tree import Children, tour_children
from knightviz.engine.verdict import NAMED, analyse, marked
from knightviz.gui.board.layers import Layer
from knightviz.gui.board.model import BoardModel
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
from knightviz.gui.puzzles.programs import PLAIN, WARNSDORFF, Program, with_moves
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
    #: Removed squares, as square numbers (row * cols + col) joined by commas: a string, so
    #: the history, the settings and the run files keep it as they keep every field.
    holes: str = ""
    #: The piece: ``knight``, ``camel``, ``zebra``, ``giraffe`` or ``a,b``.
    leaper: str = "knight"

    @property
    def shape(self) -> Shape:
        return _shape(self.holes, self.leaper, self.rows * self.cols)


def _shape(holes: str, leaper: str, size: int) -> Shape:
    squares = frozenset(int(x) for x in holes.split(",") if x.strip().isdigit())
    squares = frozenset(sq for sq in squares if sq < size)
    if len(squares) >= size:
        squares = frozenset()
    try:
        piece = parse_leaper(leaper)
    except BoardError:
        piece = KNIGHT
    return Shape(squares, piece)


def board_of(settings: KnightSettings) -> Board:
    """The settings' board: size, holes and piece."""
    return Board(settings.rows, settings.cols, settings.shape)


def holes_text(squares: Sequence[int] | frozenset[int]) -> str:
    return ",".join(str(sq) for sq in sorted(squares))


#: The choices of the Piece box (item data), the custom (a, b) last.
PIECES = ("knight", "camel", "zebra", "giraffe", "custom")


#: The text layouts of ``knightviz solve --format`` a run can be exported in.
TEXT_FORMATS = ("c", "py", "matrix", "sequence", "algebraic")


class KnightSettingsWidget(SettingsWidget):
    """Strategy: Warnsdorff's rule and its tie-break (and seed), backtracking, closed tours;
    the piece; the board's removed squares (edited on the board itself)."""

    editable_board = True

    def __init__(
        self, puzzle: KnightPuzzle, parent: QWidget | None = None, compact: bool = False
    ) -> None:
        super().__init__(parent)
        self._updating = False
        self._compact = False
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
        self.closed_check = QCheckBox(self.tr("Closed tour"))
        self.closed_check.setObjectName("closedCheck")
        self.closed_check.setToolTip(
            self.tr("Closed tour: the last square must be a knight's move from the start")
        )
        #: Removed squares as (row, col): kept through a change of size (those still inside).
        self._holes: frozenset[tuple[int, int]] = frozenset()
        self.piece_combo = QComboBox()
        self.piece_combo.setObjectName("pieceCombo")
        for value, label in zip(
            PIECES,
            (
                self.tr("Knight (1, 2)"),
                self.tr("Camel (1, 3)"),
                self.tr("Zebra (2, 3)"),
                self.tr("Giraffe (1, 4)"),
                self.tr("Custom (a, b)"),
            ),
            strict=True,
        ):
            self.piece_combo.addItem(label, value)
        self.piece_combo.setToolTip(
            self.tr(
                "The piece that tours the board: an (a, b)-leaper jumps a squares one way "
                "and b the other (the knight is (1, 2))"
            )
        )
        self.leaper_a_spin = QSpinBox()
        self.leaper_a_spin.setObjectName("leaperASpin")
        self.leaper_b_spin = QSpinBox()
        self.leaper_b_spin.setObjectName("leaperBSpin")
        for spin, name in ((self.leaper_a_spin, "a"), (self.leaper_b_spin, "b")):
            spin.setRange(1, LEAPER_MAX)
            spin.setKeyboardTracking(False)
            spin.setPrefix(f"{name} = ")
        self.leaper_a_spin.setAccessibleName(self.tr("Leaper's first step"))
        self.leaper_b_spin.setAccessibleName(self.tr("Leaper's second step"))
        self.leaper_a_spin.setToolTip(self.tr("Squares the leaper jumps one way (1 to 7)"))
        self.leaper_b_spin.setToolTip(
            self.tr("Squares it jumps the other way (at least a, at most 7)")
        )
        self.leaper_a_spin.setValue(1)
        self.leaper_b_spin.setValue(2)
        self.piece_label = QLabel(self.tr("Piece"))
        leaper_row = QHBoxLayout()
        leaper_row.setContentsMargins(0, 0, 0, 0)
        leaper_row.addWidget(self.leaper_a_spin, 1)
        leaper_row.addWidget(self.leaper_b_spin, 1)
        self.leaper_row = QWidget()
        self.leaper_row.setLayout(leaper_row)

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
            grid.setColumnStretch(1, 1)
            # A race's lanes share the window's board and piece: no choice of their own.
            for w in (self.piece_label, self.piece_combo, self.leaper_row):
                w.setParent(self)
                w.hide()
            self._compact = True
        else:
            form = QFormLayout()
            form.setContentsMargins(0, 0, 0, 0)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
            form.addRow(self.tie_break_label, self.tie_break_combo)
            form.addRow(self.seed_label, seed_row)
            piece_form = QFormLayout()
            piece_form.setContentsMargins(0, 0, 0, 0)
            piece_form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
            piece_form.addRow(self.piece_label, self.piece_combo)
            piece_form.addRow("", self.leaper_row)
            layout = QVBoxLayout(self)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.addWidget(self.warnsdorff_check)
            layout.addWidget(self.explain_label)
            layout.addLayout(form)
            checks = QHBoxLayout()  # side by side: the Piece row fits on a laptop's screen
            checks.setContentsMargins(0, 0, 0, 0)
            checks.addWidget(self.backtrack_check)
            checks.addWidget(self.closed_check)
            checks.addStretch(1)
            layout.addLayout(checks)
            layout.addLayout(piece_form)

        for check in (self.warnsdorff_check, self.backtrack_check, self.closed_check):
            check.toggled.connect(self._changed)
        self.tie_break_combo.currentIndexChanged.connect(self._changed)
        self.piece_combo.currentIndexChanged.connect(self._changed)
        self.leaper_a_spin.valueChanged.connect(self._on_leaper_a)
        self.leaper_b_spin.valueChanged.connect(self._changed)
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
            holes=self._holes_text(rows, cols),
            leaper=self._leaper(),
        )

    def _holes_text(self, rows: int, cols: int) -> str:
        """The holes inside a rows × cols board (those outside dropped for good, as a
        smaller board drops them; all of them if nothing else would be left)."""
        self._holes = frozenset((r, c) for r, c in self._holes if r < rows and c < cols)
        inside = [r * cols + c for r, c in self._holes]
        return holes_text(inside) if len(inside) < rows * cols else ""

    def _leaper(self) -> str:
        piece = str(self.piece_combo.currentData())
        if piece != "custom":
            return piece
        return leaper_name((self.leaper_a_spin.value(), self.leaper_b_spin.value()))

    def holes(self) -> frozenset[tuple[int, int]]:
        return self._holes

    def set_holes(self, holes: frozenset[tuple[int, int]]) -> None:
        """New removed squares (the board editor, a preset): the settings change."""
        if holes != self._holes:
            self._holes = frozenset(holes)
            self.settings_changed.emit()

    def _on_leaper_a(self) -> None:
        """b is never below a: raising a raises b with it."""
        a = self.leaper_a_spin.value()
        self.leaper_b_spin.setMinimum(a)
        self._changed()

    def set_settings(self, settings: Any) -> None:
        s: KnightSettings = settings
        self._updating = True
        try:
            shape = s.shape
            self._holes = frozenset(divmod(h, s.cols) for h in shape.holes)
            a, b = shape.leaper
            named = leaper_name(shape.leaper)
            self.piece_combo.setCurrentIndex(
                PIECES.index(named) if named in LEAPERS else PIECES.index("custom")
            )
            self.leaper_a_spin.setValue(a)
            self.leaper_b_spin.setMinimum(a)
            self.leaper_b_spin.setValue(b)
            self.warnsdorff_check.setChecked(s.warnsdorff)
            self.tie_break_combo.setCurrentIndex(max(0, self.tie_break_combo.findData(s.tie_break)))
            self.seed_spin.setValue(s.seed)
            self.backtrack_check.setChecked(s.backtrack)
            self.closed_check.setChecked(s.closed)
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
        guided = self.warnsdorff_check.isChecked()
        for item in (self.tie_break_combo, self.tie_break_label):
            item.setEnabled(guided)
        randomised = guided and self.tie_break_combo.currentData() == TieBreak.RANDOM.value
        # The seed only matters for random ties: shown then, out of the way otherwise.
        for w in (self.seed_spin, self.new_seed_button, self.seed_label):
            w.setVisible(randomised)
        custom = self.piece_combo.currentData() == "custom"
        self.leaper_row.setVisible(custom and not self._compact)
        if guided:
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
        config = TourConfig(
            s.rows, s.cols, start, self.strategy(s), s.closed, None, anyway, s.shape
        )
        return TourSearch(config, backend=backend)

    def check_settings(self, settings: KnightSettings) -> KnightSettings:
        if settings.tie_break not in {t.value for t in TieBreak}:
            raise ValueError(f"unknown tie-break {settings.tie_break!r}")
        if not 0 <= settings.seed <= MAX_SEED:
            raise ValueError("the seed is out of range")
        parse_leaper(settings.leaper)  # BoardError (a ValueError) names the problem
        return settings

    def race_defaults(self) -> tuple[KnightSettings, KnightSettings]:
        """Plain backtracking against Warnsdorff's rule: the comparison the app exists for."""
        base = self.default_settings()
        return replace(base, warnsdorff=False), replace(base, warnsdorff=True)

    def sweep_options(self, settings: KnightSettings) -> SweepOptions:
        return SweepOptions(self.strategy(settings), settings.closed, settings.shape)

    def closing(self, settings: KnightSettings, result: Result | None) -> bool:
        return settings.closed and result is not None and result.solved

    def start_name(self, settings: KnightSettings, start: int) -> str:
        return board_of(settings).name(start)

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
        board = board_of(s)
        if fmt == "json":
            payload = layouts.solve_payload(
                board,
                start,
                heuristic="warnsdorff" if s.warnsdorff else "none",
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
        if not s.warnsdorff:
            strategy = "plain"
        else:
            tie = s.tie_break
            strategy = "warnsdorff" if tie == TieBreak.FIRST.value else f"warnsdorff-{tie}"
            if tie == TieBreak.RANDOM.value:
                strategy += f"{s.seed}"
        if not s.backtrack:
            strategy += "-greedy"
        if s.closed:
            strategy += "-closed"
        name = board_of(s).name(start)
        shape = s.shape
        if shape.leaper != KNIGHT:
            strategy += "-" + leaper_name(shape.leaper).replace(",", "x")
        if shape.holes:
            strategy += f"-{len(shape.holes)}holes"
        return f"{self.key}-{s.rows}x{s.cols}-{name}-{strategy}"

    def verdict(self, settings: KnightSettings, start: int) -> str | None:
        s = settings
        board = board_of(s)
        if not board.present(start):
            return self.tr("The start square {0} is removed from the board.").format(
                board.name(start)
            )
        code = verdict(board, start, s.closed)
        if code is None:
            return None
        if not board.shape.classic:
            return self.shaped_verdict(code, board, start)
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

    def shaped_verdict(self, code: Verdict, board: Board, start: int) -> str:
        """The verdicts of boards with holes and other pieces, in words (the engine's
        ``verdict.explain`` says the same in English for the command line)."""
        facts = analyse(board)
        a, b = board.leaper
        piece = self.piece_name(board.leaper)
        squares = marked(code, board, start)
        names = ", ".join(board.name(sq) for sq in squares[:NAMED])
        rest = len(squares) - NAMED
        some = self.tr("{0} and {1} more").format(names, rest) if rest > 0 else names
        name = board.name(start)
        more, less = max(facts.light, facts.dark), min(facts.light, facts.dark)
        if code is Verdict.SAME_COLOUR:
            return self.tr(
                "No tour: each move of a {0} changes row + column by {1} + {2} = {3}, an even "
                "number, so it never leaves its colour; from {4} it cannot reach {5}."
            ).format(piece, a, b, a + b, name, some)
        if code is Verdict.SUB_LATTICE:
            return self.tr(
                "No tour: a {0} moves by multiples of {1} (the greatest common divisor of {2} "
                "and {3}), so it reaches only a sub-lattice; from {4} it cannot reach {5}."
            ).format(piece, gcd(a, b), a, b, name, some)
        if code is Verdict.NO_MOVES:
            return self.tr("No tour: {0} has no move at all on this board.").format(some)
        if code is Verdict.CUT:
            return self.tr(
                "No tour: the moves fall apart into {0} pieces; from {1} the {2} cannot reach {3}."
            ).format(len(facts.pieces), name, piece, some)
        if code is Verdict.COLOURS_OPEN:
            return self.tr(
                "No tour: a {0} alternates colours, so a tour's colours differ by at most one, "
                "but this board has {1} squares of one colour and {2} of the other."
            ).format(piece, more, less)
        if code is Verdict.COLOUR_START:
            return self.tr(
                "No tour can start on {0}: the {1} alternates colours and this board has one "
                "square more of the other colour ({2} to {3}), so a tour must start and end "
                "on that colour."
            ).format(name, piece, more, less)
        if code is Verdict.COLOURS_CLOSED:
            return self.tr(
                "No closed tour: a {0} alternates colours, so a closed tour needs as many "
                "squares of each colour, but this board has {1} and {2}."
            ).format(piece, more, less)
        if code is Verdict.ENDS_OPEN:
            return self.tr(
                "No tour: {0} squares ({1}) have one move each, and each can only be an end "
                "of the tour, which has two."
            ).format(len(squares), some)
        if code is Verdict.ENDS_START:
            return self.tr(
                "No tour can start on {0}: {1} have one move each, so they must be the tour's "
                "two ends."
            ).format(name, some)
        return self.tr(
            "No closed tour: {0} has only one move, and a closed tour enters and leaves "
            "every square."
        ).format(some)

    def strategy_name(self, settings: KnightSettings) -> str:
        """The strategy in the words of the tutorials ("Warnsdorff's rule")."""
        s = settings
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
        other = replace(settings, warnsdorff=not settings.warnsdorff, backtrack=True)
        name = self.tr("Warnsdorff's rule") if other.warnsdorff else self.tr("plain backtracking")
        return other, name

    def describe(self, settings: KnightSettings) -> str:
        s = settings
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
        parts = [order, back, kind]
        shape = s.shape
        if shape.leaper != KNIGHT:
            parts.append(self.piece_name(shape.leaper))
        if shape.holes:
            parts.append(self.tr("{0} squares removed").format(fmt_int(len(shape.holes))))
        return " · ".join(parts)

    def piece_name(self, leaper: tuple[int, int]) -> str:
        """The piece in words: "camel (1, 3)", "(2, 5)-leaper"."""
        a, b = leaper
        named = {
            "knight": self.tr("knight"),
            "camel": self.tr("camel"),
            "zebra": self.tr("zebra"),
            "giraffe": self.tr("giraffe"),
        }.get(leaper_name(leaper))
        if named is None:
            return self.tr("({0}, {1})-leaper").format(a, b)
        return f"{named} ({a}, {b})"

    def describe_result(
        self, settings: KnightSettings, start: int, result: Result, model: BoardModel
    ) -> str:
        s = settings
        board = board_of(s)
        name = board.name(start)
        counts = self.tr("{0} moves, {1} backtracks, {2} steps").format(
            fmt_int(result.moves), fmt_int(result.backtracks), fmt_int(result.steps)
        )
        outcome = result.outcome
        if outcome is Outcome.SOLVED:
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
            ).format(where, fmt_int(len(model.path)), fmt_int(board.area))
        kind = self.tr("closed tour") if s.closed else self.tr("tour")
        text = self.tr(
            "No {0} from {1} on a {2} board: the search tried every possibility ({3})."
        ).format(kind, name, fmt_size(s.rows, s.cols), counts)
        if len(model.path) > 1:
            text = sentences(
                text,
                self.tr(
                    "The board shows the deepest position it reached: {0} of {1} squares."
                ).format(fmt_int(len(model.path)), fmt_int(board.area)),
            )
        return text

    def outcome_text(self, result: Result) -> str:
        if result.outcome is Outcome.EXHAUSTED:
            return self.tr("no tour")
        return super().outcome_text(result)

    def create_layers(self) -> list[Layer]:
        return [PathLayer(), NumbersLayer(), DegreesLayer(), KnightLayer()]

    def configure_layers(self, layers: list[Layer], settings: KnightSettings) -> None:
        for layer in layers:
            if isinstance(layer, DegreesLayer):
                layer.enabled = settings.warnsdorff
                layer.shape = settings.shape

    # -- explaining ---------------------------------------------------------------------------

    def program(self, settings: KnightSettings) -> Program:
        program = WARNSDORFF if settings.warnsdorff else PLAIN
        shape = settings.shape
        if shape.holes:  # a tour ends on the board's last square, not on square N * N
            text = program.text.replace("move == N * N:    ", "move == SQUARES:  ")
            program = Program(f"{program.key}-holes", text, program.lines)
        if shape.leaper == KNIGHT:
            return program
        return with_moves(program, board_of(settings).order(CLASSIC_ORDER))

    def shape(self, settings: KnightSettings) -> Shape:
        return settings.shape

    def board_text(self, settings: KnightSettings) -> str:
        """``8×8``, or with its removed squares and piece: ``8×8 − 4, camel``."""
        text = fmt_size(settings.rows, settings.cols)
        shape = settings.shape
        if shape.holes:
            text = self.tr("{0} − {1}").format(text, fmt_int(len(shape.holes)))
        if shape.leaper != KNIGHT:
            text = f"{text}, {self.piece_name(shape.leaper)}"
        return text

    def depth_total(self, settings: KnightSettings) -> int:
        """A tour covers every square but the removed ones."""
        return board_of(settings).area

    def marked(self, settings: KnightSettings, start: int) -> tuple[int, ...]:
        board = board_of(settings)
        if board.shape.classic or not board.present(start):
            return ()
        code = verdict(board, start, settings.closed)
        return () if code is None else marked(code, board, start)

    def stack_source(
        self, settings: KnightSettings, model: BoardModel, stack: Sequence[StackLevel]
    ) -> StackSource:
        s = settings
        board = board_of(s)
        index = model.index
        table = board_of(s).neighbours()
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
        return tour_probe(s.rows, s.cols, start, shape=s.shape) if s.backtrack else None

    def tree_children(self, settings: KnightSettings, search: Search) -> Children | None:
        return tour_children(search)

    def tree_goal(self, settings: KnightSettings) -> int | None:
        """A full path is a tour, except in a closed search (it must also close)."""
        return None if settings.closed else board_of(settings).area

    def subtree_probe(self, settings: KnightSettings, path: Sequence[int]) -> Probe | None:
        s = settings
        return tour_probe(s.rows, s.cols, path[0], path, s.shape) if path and s.backtrack else None

    def narrate(self, settings: KnightSettings, model: BoardModel, finished: Result | None) -> str:
        s = settings
        board = board_of(s)
        path = model.path
        if not path:
            return ""
        here = board.name(path[-1])
        if finished is not None and finished.outcome is Outcome.SOLVED:
            return self.tr("Tour complete: all {0} squares visited.").format(fmt_int(board.area))
        if model.considered:
            c = decode(model.considered[-1])
            if c.kind is Kind.OFF_BOARD:
                dr, dc = board.order(CLASSIC_ORDER)[c.payload]
                if board.holes:
                    return self.tr(
                        "From {0}, the move ({1:+d}, {2:+d}) leaves the board or lands on a "
                        "removed square: skip it."
                    ).format(here, dr, dc)
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
                degree = sum(1 for w in board_of(s).neighbours()[last] if model.index[w] < 0)
                return self.tr(
                    "Move {0}: {1} → {2}, the candidate with the fewest onward moves ({3})."
                ).format(move, before, here, degree)
            return self.tr("Move {0}: {1} → {2}, the first free square in the fixed order.").format(
                move, before, here
            )
        left = ~last
        name = board.name(left)
        table = board_of(s).neighbours()
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
        board = board_of(s)
        top = stack[-1]
        return self.tr("square = {0}   move = {1}   candidate {2} of {3}").format(
            board.name(model.path[-1]), len(model.path) - 1, top.tried, len(top.candidates)
        )

    def slow_hint(
        self, settings: KnightSettings, steps: int, depth: int, explored: float | None = None
    ) -> str | None:
        s = settings
        size = board_of(s).area
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
