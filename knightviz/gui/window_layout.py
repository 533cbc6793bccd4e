"""The main window's making: the board and its column of controls, the docks and their
first-launch places, the preferences and the history read at start. Built here so the
window itself stays wiring (issue 17)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QDockWidget,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from knightviz.gui.history_store import HistoryStore
from knightviz.gui.panels.controls import SettingsScroll
from knightviz.gui.panels.elided import ElidedLabel
from knightviz.gui.panels.engine import EngineStatus
from knightviz.gui.panels.help import HelpMenu
from knightviz.gui.prefs import WindowPrefs
from knightviz.gui.puzzles.base import CODE, CONSTRAINTS, SOLUTIONS, STACK
from knightviz.gui.theme import ThemeController

if TYPE_CHECKING:
    from knightviz.gui.main_window import MainWindow

#: Largest default window; smaller screens get 92 % of their available area.
DEFAULT_SIZE = (1280, 880)
#: A window at least this tall has the history along the bottom (else beside the stack).
TALL = 800
#: A window at least this wide has the Algorithm above the Search stack (else as tabs).
WIDE = 1150


def column(*items: QWidget | tuple[QWidget, int]) -> QWidget:
    """Widgets one above the other, no margins (a tuple gives a widget and its stretch)."""
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for item in items:
        widget, stretch = item if isinstance(item, tuple) else (item, 0)
        layout.addWidget(widget, stretch)
    return box


class SidePanel(QWidget):
    """The controls' column: as narrow as its contents allow, the board gets the rest (a
    splitter hands out its first sizes by the columns' size hints)."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("sidePanel")
        self.setMinimumWidth(310)
        self.setMaximumWidth(460)

    def sizeHint(self) -> QSize:
        return QSize(self.minimumSizeHint().width(), super().sizeHint().height())


def build_layout(window: MainWindow) -> None:
    """The board, the controls' column and the docks, made and put in place (the window
    keeps them as attributes: its wiring and the README's automation names use them)."""
    v = window.view
    window.centre_stack = QStackedWidget()
    window.centre_stack.setObjectName("centreStack")
    under = (v.map_legend, v.timeline, v.narration, v.gauge)
    window.centre_stack.addWidget(column(v.notices, (v.board, 1), *under))
    window.centre_stack.addWidget(window.race_view)
    scroll = SettingsScroll(window.panel)
    side = SidePanel()
    layout = QVBoxLayout(side)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(window.panel.puzzle_bar)
    layout.addWidget(scroll, 1)
    layout.addWidget(window.run_controls)
    layout.addWidget(v.counters)
    window.splitter = QSplitter(Qt.Orientation.Horizontal)
    window.splitter.setObjectName("mainSplitter")
    window.splitter.addWidget(window.centre_stack)
    window.splitter.addWidget(side)
    window.splitter.setStretchFactor(0, 1)
    window.splitter.setStretchFactor(1, 0)
    window.splitter.setChildrenCollapsible(False)
    window._central = column(window.splitter)
    window._central.setContentsMargins(8, 6, 8, 2)
    window.setCentralWidget(window._central)

    dock = functools.partial(make_dock, window)
    # A short title: it is a tab's text on a small screen (the table's tooltip says
    # that a double-click brings a run back).
    runs = QCoreApplication.translate("MainWindow", "Runs")
    window.history_dock = dock("historyDock", runs, window.history)
    window.constraints_dock = dock(
        "constraintsDock",
        QCoreApplication.translate("MainWindow", "Constraints"),
        v.constraints_panel,
    )
    window.solutions_dock = dock(
        "solutionsDock", QCoreApplication.translate("MainWindow", "Solutions"), v.solutions_panel
    )
    window.code_dock = dock(
        "codeDock", QCoreApplication.translate("MainWindow", "Algorithm"), v.code_panel
    )
    window.stack_dock = dock(
        "stackDock", QCoreApplication.translate("MainWindow", "Search stack"), v.stack_view
    )
    window.chart_dock = dock(
        "chartDock", QCoreApplication.translate("MainWindow", "Steps chart"), window.chart
    )
    # The single run's tree, or in a race the two racers' trees side by side.
    window.tree_stack = QStackedWidget()
    window.tree_stack.addWidget(v.tree_panel)
    lanes = QSplitter(Qt.Orientation.Horizontal)
    lanes.setObjectName("raceTrees")
    lanes.setChildrenCollapsible(False)
    for lane in window.race.views:
        lanes.addWidget(lane.tree_panel)
    window.tree_stack.addWidget(lanes)
    window.tree_dock = dock(
        "treeDock", QCoreApplication.translate("MainWindow", "Search tree"), window.tree_stack
    )
    #: The docks a puzzle may show (``Puzzle.panels``).
    window.panel_docks = {
        CODE: window.code_dock,
        STACK: window.stack_dock,
        CONSTRAINTS: window.constraints_dock,
        SOLUTIONS: window.solutions_dock,
    }
    window.chart_dock.hide()  # until asked for (Compare, Steps chart)
    window.tree_dock.hide()  # until asked for (View, Search tree)
    # The right column reaches the window's foot; the history spans board and controls.
    window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)

    window.status_label = ElidedLabel()
    window.status_label.setObjectName("statusLabel")
    window.status_label.floor = 20
    window.statusBar().addWidget(window.status_label, 1)
    window.engine = EngineStatus(lambda: window.session.backend if window.session.running else None)
    window.statusBar().addPermanentWidget(window.engine)


def arrange_docks(window: MainWindow) -> None:
    """The panels' first-launch places (and View › Reset settings'): the Algorithm above
    the Search stack on the right, N-Queens' Constraints and Solutions tabbed with them;
    the history (and the steps chart, a tab beside it) along the bottom when the window is
    tall enough, else as a tab beside the stack, so the board keeps its size on a laptop."""
    right, bottom = (
        Qt.DockWidgetArea.RightDockWidgetArea,
        Qt.DockWidgetArea.BottomDockWidgetArea,
    )
    docks = (window.code_dock, window.constraints_dock, window.stack_dock, window.solutions_dock)
    for dock in (*docks, window.history_dock, window.chart_dock, window.tree_dock):
        dock.setFloating(False)
    for dock in docks:
        window.addDockWidget(right, dock)
    wide = window.width() >= WIDE
    if wide:
        window.splitDockWidget(window.code_dock, window.stack_dock, Qt.Orientation.Vertical)
        window.tabifyDockWidget(window.code_dock, window.constraints_dock)
        window.tabifyDockWidget(window.stack_dock, window.solutions_dock)
    else:  # one column of tabs: the board keeps 300 px on a 1024-pixel screen
        for dock in docks[1:]:
            window.tabifyDockWidget(window.code_dock, dock)
    if window.height() >= TALL:
        window.addDockWidget(bottom, window.history_dock)
        window.resizeDocks([window.history_dock], [130], Qt.Orientation.Vertical)
    else:
        window.addDockWidget(right, window.history_dock)
        window.tabifyDockWidget(window.stack_dock, window.history_dock)
    # The chart a tab beside the stack, in a right column that reaches the window's
    # foot: its two plots one above the other, readable, and neither the board nor the
    # controls give it an inch.
    window.addDockWidget(right, window.chart_dock)
    window.tabifyDockWidget(window.stack_dock, window.chart_dock)
    window.addDockWidget(right, window.tree_dock)  # beside the stack: the same run, drawn
    window.tabifyDockWidget(window.stack_dock, window.tree_dock)
    window.code_dock.raise_()
    if wide:
        window.stack_dock.raise_()
        fit_code_dock(window)
    window.resizeDocks([window.code_dock], [380 if wide else 270], Qt.Orientation.Horizontal)


def fit_code_dock(window: MainWindow) -> None:
    """The Algorithm panel as tall as the program and its variables, no more: the
    stack (or the chart) below gets the rest of the column."""
    right = Qt.DockWidgetArea.RightDockWidgetArea
    if window.code_dock.isFloating() or window.dockWidgetArea(window.code_dock) != right:
        return
    lines = QFontMetrics(window.view.code_panel.font()).lineSpacing()
    window.resizeDocks([window.code_dock], [17 * lines + 44], Qt.Orientation.Vertical)


def make_dock(window: MainWindow, name: str, title: str, widget: QWidget) -> QDockWidget:
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    dock.setWidget(widget)
    dock.setFeatures(
        QDockWidget.DockWidgetFeature.DockWidgetClosable
        | QDockWidget.DockWidgetFeature.DockWidgetMovable
        | QDockWidget.DockWidgetFeature.DockWidgetFloatable
    )
    return dock


def show_race(window: MainWindow, on: bool) -> None:
    """The two racers' boards in the board's place (the single run's panels hidden, the
    tree dock showing both racers' trees), or back to the single run."""
    if on:
        shown = window.panel_docks.values()  # the tree stays: one tree per racer
        window._race_docks = [d for d in shown if d.isVisible()]
        window.tree_stack.setCurrentIndex(1)
        for dock in window._race_docks:
            dock.hide()
        window.centre_stack.setCurrentWidget(window.race_view)
        return
    window.centre_stack.setCurrentIndex(0)
    window.tree_stack.setCurrentIndex(0)
    # The layouts shrink to the one board first, and the window forgets the race's
    # minimum width: the docks back beside that would widen the window.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    window._central.updateGeometry()
    for dock in window._race_docks:
        dock.show()
    window._race_docks = []


def build_preferences(window: MainWindow) -> None:
    """Settings restored (saved in closeEvent), the history loaded from disk, the
    appearance applied, the Help menu; their actions in the View, Run and Help menus."""
    window.theme = ThemeController(window)
    window.theme.apply()
    window.view_menu.check(appearance=window.theme.mode())
    window.history_store = HistoryStore(window.puzzles)
    for record in window.history_store.load():
        window.history.add_record(record)
        window.chart.add_record(record)
        window._runs = max(window._runs, record.number)
    window.help = HelpMenu(window.help_menu, window, window.puzzles)
    window.prefs = WindowPrefs(
        window,
        window.puzzles,
        window.panel,
        window.run_controls,
        lambda: window.session.start,
        window._on_start_chosen,
        window.splitter,
        window.first_launch_shape,
    )
    window.prefs.restore()
    # What went wrong with the history or the settings, in the window, not only the log;
    # once the window is up (a message shown before would share the bar with the status
    # line, drawn over each other).
    window.startup_warning = " ".join(
        w for w in (window.history_store.warning(), window.prefs.warning()) if w
    )
    if window.startup_warning:
        QTimer.singleShot(0, window, window._show_startup_warning)
