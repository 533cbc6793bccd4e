"""The race's page: two lanes side by side under a bar with the race clock and the finish rule.

A lane is a column: its title, its strategy (the puzzle's settings widget in its compact
form), the racer's board, map legend, finish badge and counters. The boards, legends and
counters belong to the racers' run views; this page only lays them out and shows what the
race says (badges, clock). Every lane widget is named like its single-run twin with the
lane's suffix (``warnsdorffCheck_1``, ``raceBadge_2``).
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from knightviz.gui.panels.elided import ElidedLabel, SteadyLabel
from knightviz.gui.puzzles.base import Puzzle, SettingsWidget

#: Badge colours by how the race drew it (``race.PLAIN`` … ``race.NONE``).
_BADGE_STYLES = {
    "winner": "QLabel { background: #1f8a4c; color: white; border-radius: 4px; font-weight: 600; }",
    "second": "QLabel { background: #3c6eb4; color: white; border-radius: 4px; }",
    "none": "QLabel { background: #8a8a8a; color: white; border-radius: 4px; }",
}


class LaneParts(NamedTuple):
    """A racer's widgets that its run view owns."""

    lane: int
    board: QWidget
    legend: QWidget
    counters: QWidget


class LaneColumn(QFrame):
    """A racer's column: title, strategy, board, map legend, badge and counters."""

    def __init__(
        self, parts: LaneParts, puzzles: dict[str, Puzzle[Any]], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.lane = parts.lane
        suffix = f"_{parts.lane}"
        self.setObjectName("raceLane" + suffix)
        # One line, elided (the whole text on hover): both boards start at the same height.
        self.title = ElidedLabel()
        font = QFont(self.title.font())
        font.setBold(True)
        self.title.setFont(font)
        self.strategy_box = QGroupBox()
        self.strategy_box.setObjectName("raceStrategy" + suffix)
        self.stack = QStackedWidget()
        self.widgets: dict[str, SettingsWidget] = {}
        for key, puzzle in puzzles.items():
            widget = puzzle.create_settings_widget(compact=True)
            widget.offer_own_file()  # two strategies of one's own can race
            for child in widget.findChildren(QWidget):
                if child.objectName() and not child.objectName().startswith("qt_"):
                    child.setObjectName(child.objectName() + suffix)
            for combo in widget.findChildren(QComboBox):
                combo.setSizeAdjustPolicy(
                    QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
                )
                combo.setMinimumContentsLength(8)
            self.widgets[key] = widget
            self.stack.addWidget(widget)
        box = QVBoxLayout(self.strategy_box)
        box.setContentsMargins(6, 2, 6, 2)
        box.addWidget(self.stack)
        self.badge = QLabel()
        self.badge.setObjectName("raceBadge" + suffix)
        self.badge.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.badge.setMinimumHeight(self.badge.fontMetrics().lineSpacing() + 8)
        self.badge.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        parts.board.setMinimumSize(160, 160)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addWidget(self.title)
        layout.addWidget(self.strategy_box)
        layout.addWidget(parts.board, 1)
        layout.addWidget(parts.legend)
        layout.addWidget(self.badge)
        layout.addWidget(parts.counters)

    def show_badge(self, text: str, kind: str) -> None:
        self.badge.setText(text)
        self.badge.setStyleSheet(_BADGE_STYLES.get(kind, ""))


class RaceView(QWidget):
    """The two lanes side by side under a bar with the race clock and the finish rule."""

    #: A racer's strategy was changed.
    settings_changed = Signal()
    #: The finish rule changed: True when the other racer stops at the first finish.
    finish_rule_changed = Signal(bool)

    def __init__(
        self,
        lanes: list[LaneParts],
        puzzles: dict[str, Puzzle[Any]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("raceView")
        self.puzzles = puzzles
        self.columns = [LaneColumn(parts, puzzles) for parts in lanes]
        self.finish_combo = QComboBox()
        self.finish_combo.setObjectName("raceFinishCombo")
        self.finish_combo.addItem(self.tr("the other keeps going"), False)
        self.finish_combo.addItem(self.tr("the other stops"), True)
        self.finish_combo.setToolTip(self.tr("What happens to the other racer when one finishes"))
        self.finish_label = QLabel(self.tr("When one finishes:"))
        self.finish_label.setBuddy(self.finish_combo)
        self.clock_label = SteadyLabel()  # every tick: a repaint, never a relayout
        self.clock_label.setObjectName("raceClockLabel")
        self.clock_label.setToolTip(
            self.tr("Both boards advance by the same number of steps per tick")
        )
        bar = QHBoxLayout()
        bar.addWidget(self.clock_label, 1)
        bar.addWidget(self.finish_label)
        bar.addWidget(self.finish_combo)
        row = QHBoxLayout()
        row.setSpacing(8)
        for column in self.columns:
            row.addWidget(column, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addLayout(row, 1)
        self.finish_combo.currentIndexChanged.connect(
            lambda _: self.finish_rule_changed.emit(bool(self.finish_combo.currentData()))
        )
        for column in self.columns:
            for widget in column.widgets.values():
                widget.settings_changed.connect(self.settings_changed)
        for key, puzzle in puzzles.items():
            self.set_lane_settings(key, puzzle.race_defaults())

    def minimumSizeHint(self) -> QSize:
        """Nothing while hidden: the single-run page decides how small the window may be."""
        if self.isHidden():
            return QSize(0, 0)
        return super().minimumSizeHint()

    def show_puzzle(self, key: str) -> None:
        for column in self.columns:
            column.stack.setCurrentWidget(column.widgets[key])

    def lane_settings(self, key: str, rows: int, cols: int) -> list[Any]:
        """Each lane's settings for puzzle ``key`` on a rows × cols board."""
        return [column.widgets[key].settings(rows, cols) for column in self.columns]

    def lanes_on(self, key: str, settings: Any) -> list[Any]:
        """The racers' settings: their own strategies on the window's board (size, removed
        squares, piece and problem are the board's, shared by both)."""
        lanes = self.lane_settings(key, settings.rows, settings.cols)
        shared = {
            f.name: getattr(settings, f.name)
            for f in dataclasses.fields(settings)
            if f.name in ("rows", "cols", "holes", "leaper", "problem")
        }
        return [dataclasses.replace(lane, **shared) for lane in lanes]

    def set_lane_settings(self, key: str, settings: tuple[Any, ...]) -> None:
        for column, s in zip(self.columns, settings, strict=True):
            column.widgets[key].set_settings(s)

    def show_lanes(
        self, titles: list[str], badges: list[tuple[str, str]], clock: str, editable: bool
    ) -> None:
        """What the race says: each lane's title and badge, the clock; strategies can be
        changed only between races."""
        for column, title, (text, kind) in zip(self.columns, titles, badges, strict=True):
            column.title.set_full_text(title)
            column.show_badge(text, kind)
            column.strategy_box.setEnabled(editable)
        self.clock_label.setText(clock)
