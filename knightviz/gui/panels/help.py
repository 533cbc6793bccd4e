"""Help: the keyboard shortcuts, an illustrated guide to what the window shows, About.

The shortcuts dialog lists the run keys the window handles itself, the board's keys, and
every QAction shortcut found in the window when it opens (so a new menu command appears
without editing this file). The guide's board pictures are painted by the real board
widget and the puzzles' own layers, in the current palette (light or dark).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from importlib import metadata
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QMessageBox,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

import knightviz
from knightviz.engine.explain import onward_degrees
from knightviz.gui.board.layers import new_pixmap
from knightviz.gui.board.model import BoardModel
from knightviz.gui.board.widget import BoardWidget
from knightviz.gui.panels.banner import INFO, WARNING, banner_colours
from knightviz.gui.panels.stack import paint_chip_box
from knightviz.gui.panels.timeline import DEEPEST, END, LONGEST, SOLUTION
from knightviz.gui.puzzles.base import CURRENT, DONE, NEXT, SKIPPED, Puzzle
from knightviz.gui.theme import is_dark


def version() -> str:
    """The installed distribution's version (the package's own when not installed)."""
    try:
        return metadata.version("knightviz")
    except metadata.PackageNotFoundError:
        return knightviz.__version__


# -- keyboard shortcuts ----------------------------------------------------------------------


def fixed_keys() -> list[tuple[str, str]]:
    """The keys the window and the board handle themselves (no QAction holds them)."""
    return [
        (
            QCoreApplication.translate("Help", "Space"),
            QCoreApplication.translate(
                "Help",
                "Start, pause or resume the search (a focused check box keeps its Space: "
                "click the board first)",
            ),
        ),
        (
            QCoreApplication.translate("Help", "N or →"),
            QCoreApplication.translate(
                "Help", "One step: a move or a backtrack (starts a paused run when idle)"
            ),
        ),
        (
            QCoreApplication.translate("Help", "Shift+N, Shift+→ or Backspace"),
            QCoreApplication.translate("Help", "Step back: undo exactly one step"),
        ),
        (
            QCoreApplication.translate("Help", "R"),
            QCoreApplication.translate("Help", "Reset: stop the search and clear the board"),
        ),
        (
            QCoreApplication.translate("Help", "← ↑ → ↓ (board focused, before a run)"),
            QCoreApplication.translate("Help", "Move the start square; → steps only during a run"),
        ),
        (
            QCoreApplication.translate("Help", "Drag the piece, or click a square"),
            QCoreApplication.translate("Help", "Choose the start square"),
        ),
        (
            QCoreApplication.translate("Help", "Double-click a run in the history"),
            QCoreApplication.translate("Help", "Bring back its settings and start"),
        ),
        (
            QCoreApplication.translate("Help", "Click or drag the timeline"),
            QCoreApplication.translate("Help", "Show the board at that step of the recording"),
        ),
        (
            QCoreApplication.translate("Help", "Tab, Shift+Tab"),
            QCoreApplication.translate("Help", "Move the keyboard focus between controls"),
        ),
    ]


#: A mnemonic written apart from the words, as Chinese does: "保存运行(&S)…" (the key in
#: brackets goes with the ampersand; "&&" is a literal ampersand, kept).
MNEMONIC = re.compile(r"\s*[(\uff08]&(?!&)\w[)\uff09]")


def action_shortcuts(window: QWidget) -> list[tuple[str, str]]:
    """(keys, command) for every QAction in ``window`` that has a shortcut."""
    rows: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for action in window.findChildren(QAction):
        sequences = [s for s in action.shortcuts() if not s.isEmpty()]
        if not sequences:
            continue
        keys = QCoreApplication.translate("Help", " or ").join(
            s.toString(QKeySequence.SequenceFormat.NativeText) for s in sequences
        )
        name = MNEMONIC.sub("", action.text().split("\t")[0]).replace("&&", "\0")
        name = name.replace("&", "").replace("\0", "&").rstrip(".…")
        if (keys, name) not in seen:
            seen.add((keys, name))
            rows.append((keys, name))
    return sorted(rows, key=lambda r: r[1].lower())


class ShortcutsDialog(QDialog):
    """Help › Keyboard shortcuts: every key, in a two-column table."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        rows: list[tuple[str, str] | str] = [self.tr("Running the search"), *fixed_keys()]
        menu_rows = action_shortcuts(window)
        if menu_rows:
            rows += [self.tr("Menu commands"), *menu_rows]
        self.table = QTableWidget(len(rows), 2)
        self.table.setObjectName("shortcutsTable")
        self.table.setHorizontalHeaderLabels([self.tr("Keys"), self.tr("What they do")])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setWordWrap(True)
        self.table.setShowGrid(False)
        bold = QFont(self.font())
        bold.setBold(True)
        for r, row in enumerate(rows):
            if isinstance(row, str):  # a section title across both columns
                item = QTableWidgetItem(row)
                item.setFont(bold)
                self.table.setItem(r, 0, item)
                self.table.setSpan(r, 0, 1, 2)
                continue
            keys = QTableWidgetItem(row[0])
            keys.setFont(bold)
            self.table.setItem(r, 0, keys)
            self.table.setItem(r, 1, QTableWidgetItem(row[1]))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.resizeRowsToContents()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(720, 470)

    def texts(self) -> list[str]:
        """Every cell's text (tests)."""
        out = []
        for r in range(self.table.rowCount()):
            for c in range(2):
                item = self.table.item(r, c)
                if item is not None:
                    out.append(item.text())
        return out


# -- the guide -------------------------------------------------------------------------------

PICTURE = 220


def board_picture(
    puzzle: Puzzle[Any],
    settings: Any,
    path: list[int],
    *,
    start: tuple[int, int] | None = None,
    upcoming: int | None = None,
    flash: int | None = None,
    details: bool = True,
    side: int = PICTURE,
) -> QPixmap:
    """A board painted by the real widget and the puzzle's layers, as a picture."""
    model = BoardModel(settings.rows, settings.cols, path, puzzle.values(settings))
    model.set_upcoming(upcoming)
    if flash is not None:
        model.flash(flash, age=0.05)  # a flash just after the backtrack
    widget = BoardWidget(model)
    try:
        layers = puzzle.create_layers()
        widget.set_layers(layers)
        puzzle.configure_layers(widget.layers(), settings)
        widget.set_movable_start(puzzle.movable_start)
        if start is not None:
            widget.set_start_square(*start)
        widget.set_details(details)
        widget.set_interactive(False)
        widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        widget.resize(side, side)
        return widget.grab()
    finally:
        widget.deleteLater()


def chip_picture(widget: QWidget) -> QPixmap:
    """The stack panel's four kinds of candidate chips, as the panel paints them."""
    pal = widget.palette()
    fm = widget.fontMetrics()
    chips = [(DONE, "b6"), (CURRENT, "c5"), (NEXT, "e4"), (SKIPPED, "a4")]
    h = fm.height() + 8
    widths = [fm.horizontalAdvance(t) + 14 for _, t in chips]
    pm = new_pixmap(sum(widths) + 6 * len(chips), h + 2, widget.devicePixelRatioF())
    text = pal.color(pal.ColorRole.Text)
    with QPainter(pm) as p:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        x = 1.0
        for (state, label), w in zip(chips, widths, strict=True):
            box = QRectF(x, 1, w, h)
            font = QFont(widget.font())
            font.setStrikeOut(state == SKIPPED)
            p.setFont(font)
            paint_chip_box(p, box, state, text)
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
            x += w + 6
    return pm


def marks_picture(widget: QWidget) -> QPixmap:
    """The timeline's marks on a groove: deepest, longest backtrack, solutions, the end."""
    pal = widget.palette()
    w, h = 300, 26
    pm = new_pixmap(w, h, widget.devicePixelRatioF())
    with QPainter(pm) as p:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(pal.color(pal.ColorRole.Mid), 1))
        p.setBrush(pal.color(pal.ColorRole.Base))
        p.drawRoundedRect(QRectF(4, 12, w - 8, 6), 3, 3)
        for x in (60, 150):
            p.setPen(QPen(SOLUTION.darker(130), 1))
            p.setBrush(SOLUTION)
            p.drawRect(QRectF(x - 1, 1, 2, 7))
        for x, colour in ((110, DEEPEST), (200, LONGEST)):
            p.setPen(QPen(colour.darker(130), 1))
            p.setBrush(colour)
            p.drawPolygon([QPointF(x - 5, 0), QPointF(x + 5, 0), QPointF(x, 7)])
        end = END if not is_dark(pal) else pal.color(pal.ColorRole.WindowText)
        p.setPen(QPen(end, 1))
        p.setBrush(end)
        p.drawRect(QRectF(w - 12, 1, 2, h - 2))
    return pm


def banner_picture(widget: QWidget, kind: str, text: str) -> QPixmap:
    """A banner's colours (the verdict's amber, the hint's blue) with a line of text."""
    bg, border, fg = banner_colours(kind, is_dark(widget.palette()))
    fm = widget.fontMetrics()
    w, h = fm.horizontalAdvance(text) + 24, fm.height() + 12
    pm = new_pixmap(w, h, widget.devicePixelRatioF())
    with QPainter(pm) as p:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(border), 1))
        p.setBrush(QColor(bg))
        p.drawRoundedRect(QRectF(0.5, 0.5, w - 1, h - 1), 6, 6)
        p.setPen(QColor(fg))
        p.setFont(widget.font())
        p.drawText(QRectF(0, 0, w, h), Qt.AlignmentFlag.AlignCenter, text)
    return pm


class GuideDialog(QDialog):
    """Help › What am I looking at?: the board's colours, numbers, flashes, and the panels."""

    def __init__(self, puzzles: dict[str, Puzzle[Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("guideDialog")
        self.setWindowTitle(self.tr("What am I looking at?"))
        self._puzzles = puzzles
        body = QWidget()
        body.setObjectName("guideBody")
        self.grid = QGridLayout(body)
        self.grid.setHorizontalSpacing(16)
        self.grid.setVerticalSpacing(14)
        self.grid.setColumnStretch(1, 1)
        #: The pictures shown (tests check they are real paintings).
        self.pictures: list[QPixmap] = []
        for picture, title, text in self._sections():
            self._add(picture, title, text)
        scroll = QScrollArea()
        scroll.setWidget(body)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll)
        layout.addWidget(buttons)
        self.resize(820, 640)

    def _add(self, picture: QPixmap, title: str, text: str) -> None:
        row = self.grid.rowCount()
        image = QLabel()
        image.setPixmap(picture)
        image.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        words = QLabel(f"<h3>{title}</h3>{text}")
        words.setWordWrap(True)
        words.setTextFormat(Qt.TextFormat.RichText)
        words.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.grid.addWidget(image, row, 0)
        self.grid.addWidget(words, row, 1)
        self.pictures.append(picture)

    def _sections(self) -> list[tuple[QPixmap, str, str]]:
        knight = self._puzzles["knight"]
        queens = self._puzzles["queens"]
        k6 = knight.with_size(knight.default_settings(), 6, 6)
        # A tour from a6 (0,0), caught after its eighth move; the rule's next square framed.
        tour = [0, 13, 24, 32, 28, 17, 4, 15, 26]
        seen = set(tour)
        options = onward_degrees(6, 6, tour[-1], lambda sq: sq in seen)
        chosen = min(options, key=lambda o: o[1])[0] if options else None
        plain = knight.with_size(
            dataclasses.replace(knight.default_settings(), warnsdorff=False), 6, 6
        )
        q6 = queens.with_size(queens.default_settings(), 6, 6)
        sections: list[tuple[Callable[[], QPixmap], str, str]] = [
            (
                lambda: board_picture(knight, k6, tour, start=(0, 0), upcoming=chosen),
                self.tr("The board"),
                self.tr(
                    "<p><b>Numbers</b> are the order of the moves: the start is 0. The "
                    "<b>line</b> joins them into the knight's path.</p>"
                    "<p>Visited squares are <b>tinted blue</b>: faintly for the first moves, "
                    "deeper and deeper up to the last, so the order shows even where numbers "
                    "do not fit.</p>"
                    "<p>The <b>framed square</b> (the highlight colour) is where the search "
                    "stands now.</p>"
                    "<p>With Warnsdorff's rule, at paced speeds or when paused, each square "
                    "the knight could jump to shows its <b>onward degree</b> in a corner badge "
                    "(how many moves it would have from there); the rule takes the smallest, "
                    "<b>framed in green</b>.</p>"
                ),
            ),
            (
                lambda: board_picture(knight, plain, [0, 13, 24, 32], start=(0, 0), flash=21),
                self.tr("Backtracking"),
                self.tr(
                    "<p>When every move from a square leads to a dead end, the search "
                    "<b>backtracks</b>: it takes the last move back and tries the next "
                    "candidate. The square it left <b>flashes red</b> and fades.</p>"
                    "<p>Plain backtracking does this millions of times on 8×8; Warnsdorff's "
                    "rule almost never. The Backtracks counter and the history count them.</p>"
                ),
            ),
            (
                lambda: board_picture(queens, q6, [31, 27], upcoming=18),
                self.tr("N-Queens"),
                self.tr(
                    "<p>Queens are placed rank by rank. <b>Hatched red</b> squares are "
                    "attacked by a queen already placed; the search skips them.</p>"
                    "<p>At paced speeds, <b>red crosses</b> mark the squares the last scan "
                    "rejected, and a <b>dashed green frame</b> the square the next queen "
                    "takes. A solution's queens are tinted green.</p>"
                ),
            ),
            *(
                (
                    lambda p=puzzle, s=s, path=path, options=options: board_picture(
                        p, s, list(path), **options
                    ),
                    title,
                    text,
                )
                for puzzle in self._puzzles.values()
                for s, path, options, title, text in puzzle.legend()
            ),
            (
                lambda: chip_picture(self),
                self.tr("The search stack"),
                self.tr(
                    "<p>One row per depth, with the candidates that level tries in order: "
                    "<b>grey</b>: tried and finished; <b>green</b>: being explored now; "
                    "<b>outlined blue</b>: not tried yet; <b>struck through</b>: already on "
                    "the path (plain backtracking tries it and rejects it). With Warnsdorff's "
                    "rule each chip shows its onward degree. Hover a row to see it on the "
                    "board.</p>"
                ),
            ),
            (
                lambda: marks_picture(self),
                self.tr("The timeline"),
                self.tr(
                    "<p>The whole recorded run, under the board: drag it to see any step "
                    "again. Marks: <b>blue</b>: the deepest point so far; <b>red</b>: the "
                    "start of the longest backtrack; <b>gold</b>: a solution; a bar at the "
                    "end of a finished run. Hatched stretches were dropped to save memory.</p>"
                ),
            ),
            (
                lambda: banner_picture(
                    self, WARNING, self.tr("⚠ No tour can exist on a 4×4 board")
                ),
                self.tr("Banners above the board"),
                self.tr(
                    "<p><b>Amber</b>: no solution can exist with these settings, and why; "
                    "“Search anyway” runs the search to prove it.</p><p><b>Blue</b>: this "
                    "run is taking far more steps than the board has squares, and what "
                    "would help.</p>"
                ),
            ),
            (
                lambda: banner_picture(self, INFO, self.tr("Steps = moves + backtracks")),
                self.tr("Counters, gauge and history"),
                self.tr(
                    "<p><b>Moves</b> and <b>backtracks</b> (N-Queens: placements and "
                    "removals); <b>steps</b> are both. The <b>gauge</b> under the board says "
                    "how much of the whole search tree is behind the search (the bar fills in "
                    "proportion; the figure beside it tells a part too small to see) and "
                    "estimates the rest.</p>"
                    "<p>Every finished or stopped run adds a row to the <b>history</b>; "
                    "double-click one to bring its settings back. The history is kept "
                    "between sessions.</p>"
                ),
            ),
        ]
        return [(make(), title, text) for make, title, text in sections]


# -- about and the menu ----------------------------------------------------------------------


def show_about(parent: QWidget) -> None:
    QMessageBox.about(
        parent,
        QCoreApplication.translate("Help", "About knightviz"),
        QCoreApplication.translate(
            "Help",
            "<h3>knightviz {0}</h3><p>Watch backtracking search think: every move and every "
            "backtrack of a knight's tour or N-Queens search, live.</p><p>Toggle "
            "Warnsdorff's rule and compare the steps in the history.</p>"
            "<p>Help › What am I looking at? explains the board and the panels; "
            "Help › Keyboard shortcuts lists every key.</p>",
        ).format(version()),
    )


class HelpMenu:
    """Fills the Help menu; keeps its dialogs (one of each, raised when asked again)."""

    def __init__(self, menu: QMenu, window: QWidget, puzzles: dict[str, Puzzle[Any]]) -> None:
        self._window = window
        self._puzzles = puzzles
        self.shortcuts_dialog: ShortcutsDialog | None = None
        self.guide_dialog: GuideDialog | None = None
        self.guide_action = QAction(
            QCoreApplication.translate("Help", "&What am I looking at?"), window
        )
        self.guide_action.setObjectName("guideAction")
        self.guide_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.guide_action.setStatusTip(
            QCoreApplication.translate(
                "Help", "A short illustrated guide to the board's colours, numbers and the panels"
            )
        )
        self.guide_action.triggered.connect(self.show_guide)
        self.shortcuts_action = QAction(
            QCoreApplication.translate("Help", "&Keyboard shortcuts"), window
        )
        self.shortcuts_action.setObjectName("shortcutsAction")
        self.shortcuts_action.setShortcut(QKeySequence("Ctrl+/"))
        self.shortcuts_action.setStatusTip(
            QCoreApplication.translate("Help", "Every key the window understands")
        )
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        self.about_action = QAction(QCoreApplication.translate("Help", "&About knightviz"), window)
        self.about_action.setObjectName("aboutAction")
        self.about_action.setStatusTip(
            QCoreApplication.translate("Help", "The version, and what knightviz is for")
        )
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(lambda: show_about(window))
        menu.addAction(self.guide_action)
        menu.addAction(self.shortcuts_action)
        menu.addSeparator()
        menu.addAction(self.about_action)

    def show_shortcuts(self) -> ShortcutsDialog:
        if self.shortcuts_dialog is not None:
            self.shortcuts_dialog.close()
            self.shortcuts_dialog.deleteLater()
        # Rebuilt each time: the actions (and the language) may have changed.
        self.shortcuts_dialog = ShortcutsDialog(self._window)
        self.shortcuts_dialog.show()
        return self.shortcuts_dialog

    def retranslate(self) -> None:
        """The dialogs open worded again (rebuilt where they stand; closed ones stay so)."""
        for dialog, show in (
            (self.shortcuts_dialog, self.show_shortcuts),
            (self.guide_dialog, self.show_guide),
        ):
            if dialog is not None and dialog.isVisible():
                geometry = dialog.geometry()
                show().setGeometry(geometry)

    def show_guide(self) -> GuideDialog:
        if self.guide_dialog is not None:
            self.guide_dialog.close()
            self.guide_dialog.deleteLater()
        # Rebuilt each time: the pictures follow the current palette.
        self.guide_dialog = GuideDialog(self._puzzles, self._window)
        self.guide_dialog.show()
        return self.guide_dialog
