"""The knight's strategy box: Warnsdorff's rule and its tie-break, backtracking, closed
tours, Construct, the piece."""

from __future__ import annotations

import random
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
    TieBreak,
)
from knightviz.engine.board import (
    LEAPER_MAX,
    LEAPERS,
    leaper_name,
)
from knightviz.gui.puzzles import knight_construct as construction
from knightviz.gui.puzzles.base import Puzzle, SettingsWidget
from knightviz.gui.puzzles.knight_settings import (
    MAX_SEED,
    PIECES,
    KnightSettings,
    holes_text,
)


class KnightSettingsWidget(SettingsWidget):
    """Strategy: Warnsdorff's rule and its tie-break (and seed), backtracking, closed tours;
    the piece; the board's removed squares (edited on the board itself)."""

    editable_board = True

    def __init__(
        self, puzzle: Puzzle[KnightSettings], parent: QWidget | None = None, compact: bool = False
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
        self.construct_check = construction.ConstructCheck(self)
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
            # Your own strategy (and its File… button) on a line of its own: beside
            # Warnsdorff's rule it widened both lanes past a 1024-pixel screen.
            grid.addWidget(self.warnsdorff_check, 0, 0, 1, 2)
            grid.addWidget(self.own_choice(), 1, 0, 1, 2)
            grid.addWidget(self.tie_break_label, 2, 0)
            grid.addWidget(self.tie_break_combo, 2, 1)
            grid.addWidget(self.seed_label, 3, 0)
            grid.addLayout(seed_row, 3, 1)
            grid.addWidget(self.backtrack_check, 4, 0)
            grid.addWidget(self.closed_check, 4, 1)
            grid.addWidget(self.construct_check, 5, 0, 1, 2)
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
            # Tight rows: six of them (strategy, construction and your own, ties, options,
            # piece) stay in view on a 1024x600 screen.
            layout.setSpacing(2)
            form.setVerticalSpacing(2)
            piece_form.setVerticalSpacing(2)
            first = QHBoxLayout()  # side by side: the rows still fit a 1024x600 screen
            first.setContentsMargins(0, 0, 0, 0)
            first.addWidget(self.warnsdorff_check)
            first.addWidget(self.own_choice())
            first.addStretch(1)
            layout.addLayout(first)
            layout.addWidget(self.construct_check)
            layout.addWidget(self.explain_label)
            layout.addLayout(form)
            options = QHBoxLayout()  # side by side: the Piece row fits on a laptop's screen
            options.setContentsMargins(0, 0, 0, 0)
            options.addWidget(self.backtrack_check)
            options.addWidget(self.closed_check)
            options.addStretch(1)
            layout.addLayout(options)
            layout.addLayout(piece_form)

        if self.own_check is not None:
            self.own_check.toggled.connect(lambda _on: self._sync())
        checks = (self.warnsdorff_check, self.backtrack_check, self.closed_check)
        for check in (*checks, self.construct_check):
            check.toggled.connect(self._changed)
        self.tie_break_combo.currentIndexChanged.connect(self._changed)
        self.piece_combo.currentIndexChanged.connect(self._changed)
        self.leaper_a_spin.valueChanged.connect(self._on_leaper_a)
        self.leaper_b_spin.valueChanged.connect(self._changed)
        self.seed_spin.valueChanged.connect(self._changed)
        self.new_seed_button.clicked.connect(self._new_seed)
        self.set_settings(puzzle.default_settings())

    def settings(self, rows: int, cols: int) -> KnightSettings:
        settings: KnightSettings = self.with_own(self._settings(rows, cols))
        return settings

    def _settings(self, rows: int, cols: int) -> KnightSettings:
        return KnightSettings(
            rows=rows,
            cols=cols,
            warnsdorff=self.warnsdorff_check.isChecked(),
            tie_break=str(self.tie_break_combo.currentData()),
            seed=self.seed_spin.value(),
            backtrack=self.backtrack_check.isChecked(),
            closed=self.closed_check.isChecked(),
            construct=self.construct_check.isChecked(),
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

    def board_changed(self, rows: int, cols: int) -> None:
        self.construct_check.set_board(rows, cols)

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
            self.construct_check.set_board(s.rows, s.cols)
            self.construct_check.setChecked(s.construct)
            self.show_own(s)
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
        # Your own strategy replaces the rule, the construction and the choice to backtrack
        # (it always does): their controls are greyed, their values kept for later.
        own = self.own_check is not None and self.own_check.isChecked()
        self.construct_check.setEnabled(not own)
        built = self.construct_check.isChecked() and not own
        self.warnsdorff_check.setEnabled(not built and not own)
        self.backtrack_check.setEnabled(not built and not own)
        guided = self.warnsdorff_check.isChecked() and not built and not own
        for item in (self.tie_break_combo, self.tie_break_label):
            item.setEnabled(guided)
        randomised = guided and self.tie_break_combo.currentData() == TieBreak.RANDOM.value
        # The seed only matters for random ties: shown then, out of the way otherwise.
        for w in (self.seed_spin, self.new_seed_button, self.seed_label):
            w.setVisible(randomised)
        custom = self.piece_combo.currentData() == "custom"
        self.leaper_row.setVisible(custom and not self._compact)
        if own:
            text = self.tr(
                "Your own strategy orders the moves (the editor's text when you press Start), "
                "and the search backtracks."
            )
        elif built:
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
