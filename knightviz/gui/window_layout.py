"""The main window's making: the board, the controls' column and the results' column (the
counters and the history), the explanatory docks and their first-launch places, the
preferences and the history read at start. Built here so the window itself stays wiring."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QGroupBox,
    QHBoxLayout,
    QSplitter,
    QStackedWidget,
    QToolBar,
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

#: Largest default window; smaller screens get the window maximized.
DEFAULT_SIZE = (1440, 900)
#: A window at least this wide has the Algorithm above the Search stack (else as tabs).
WIDE = 1150
#: The results column (counters and history): its first-launch share of the window's
#: width, and the least it gets (the history's puzzle, strategy, outcome and steps fit).
RESULTS_SHARE = 0.3
RESULTS_MIN = 330
RESULTS_MAX = 520
#: The explanatory panels' first width (the Algorithm's lines and their comments).
DOCKS_WIDTH = 360
#: The least board column beside the explanatory panels and the history: on a narrower
#: window the history moves into a tab beside the Search stack.
EXPLAINED_BOARD = 480


def column(*items: QWidget | tuple[QWidget, int], spacing: int = -1) -> QWidget:
    """Widgets one above the other, no margins (a tuple gives a widget and its stretch;
    ``spacing`` between them, the style's when -1)."""
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(spacing)
    for item in items:
        widget, stretch = item if isinstance(item, tuple) else (item, 0)
        layout.addWidget(widget, stretch)
    return box


class SidePanel(QWidget):
    """The controls' column: as narrow as its contents allow, the board gets the rest (a
    splitter hands out its first sizes by the columns' size hints). Its settings get the
    room the run controls and the comparison's least leave; the comparison the rest."""

    def __init__(self, scroll: SettingsScroll, fixed: list[QWidget], flexible: QWidget) -> None:
        super().__init__()
        self.setObjectName("sidePanel")
        self.setMinimumWidth(310)
        self.setMaximumWidth(460)
        self._scroll, self._fixed, self._flexible = scroll, fixed, flexible
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (fixed[0], scroll, *fixed[1:]):
            layout.addWidget(widget)
        layout.addWidget(flexible, 1)
        # The settings' height changed (a puzzle, a race's end showing the strategy again):
        # their room is weighed again once the layout has settled.
        self._refit = QTimer(self)
        self._refit.setSingleShot(True)
        self._refit.setInterval(0)
        self._refit.timeout.connect(self.fit)
        settings = scroll.widget()
        if settings is not None:
            settings.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self._refit.start()
        return False

    def sizeHint(self) -> QSize:
        return QSize(self.minimumSizeHint().width(), super().sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def fit(self) -> None:
        """The settings' room: the column less the run controls, the comparison's least
        and the spacing (not the scroll's height now: that follows the settings)."""
        layout = self.layout()
        spacing = layout.spacing() if layout is not None else 6
        taken = sum(w.sizeHint().height() for w in self._fixed if not w.isHidden())
        taken += self._flexible.minimumHeight() + spacing * (len(self._fixed) + 1)
        self._scroll.fit_to(self.height() - taken)


def build_layout(window: MainWindow) -> None:
    """The three columns and the docks, made and put in place (the window keeps them as
    attributes: its wiring and the README's automation names use them).

    Board | controls and the comparison | counters and the history: what a first minute
    needs, in view at any window size. The explanatory panels are docks, hidden until asked
    for (Explain, the View menu)."""
    v = window.view
    window.centre_stack = QStackedWidget()
    window.centre_stack.setObjectName("centreStack")
    under = (v.map_legend, v.timeline, v.narration, v.gauge)
    # Tight: on a laptop's 600 pixels every one goes to the board.
    window.centre_stack.addWidget(column(v.notices, (v.board, 1), *under, spacing=3))
    window.centre_stack.addWidget(window.race_view)
    scroll = SettingsScroll(window.panel)
    side = SidePanel(scroll, [window.panel.puzzle_bar, window.run_controls], window.comparison)
    # A new puzzle's settings fitted at once (the layout's own request comes a turn later).
    window.panel.puzzle_combo.currentIndexChanged.connect(side.fit)
    runs_title = QCoreApplication.translate("MainWindow", "Runs")
    window.history_box = QGroupBox(runs_title)
    window.history_box.setObjectName("historyBox")
    runs_layout = QVBoxLayout(window.history_box)
    runs_layout.setContentsMargins(4, 4, 4, 4)
    runs_layout.addWidget(window.history)
    window.results = column(v.counters, (window.history_box, 1))
    window.results.setObjectName("resultsPanel")
    results_layout = window.results.layout()
    if isinstance(results_layout, QVBoxLayout):  # the counters stay at the top, alone too
        results_layout.addStretch(0)
    window.splitter = QSplitter(Qt.Orientation.Horizontal)
    window.splitter.setObjectName("mainSplitter")
    window.splitter.addWidget(window.centre_stack)
    window.splitter.addWidget(side)
    window.splitter.addWidget(window.results)
    window.splitter.setStretchFactor(0, 1)
    window.splitter.setStretchFactor(1, 0)
    window.splitter.setStretchFactor(2, 0)
    window.splitter.setChildrenCollapsible(False)
    window._central = column(window.splitter)
    window._central.setContentsMargins(8, 4, 8, 2)
    window.setCentralWidget(window._central)

    dock = functools.partial(make_dock, window)
    # Where the history goes while the explanatory panels are open on a window too narrow
    # for four columns: a tab beside the Search stack (never closed: Explain brings it back).
    window.runs_dock = dock("runsDock", runs_title, QWidget())
    window.runs_dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
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
    # A dock opened or closed (a menu, its own button): the columns make room, or take it
    # back, once the dock area has settled.
    window.balance = QTimer(window)
    window.balance.setSingleShot(True)
    window.balance.setInterval(0)
    window.balance.timeout.connect(functools.partial(balance_columns, window))
    for opened in all_docks(window):
        opened.toggleViewAction().toggled.connect(window.balance.start)
    #: The docks a puzzle may show (``Puzzle.panels``): what Explain shows and hides.
    window.panel_docks = {
        CODE: window.code_dock,
        STACK: window.stack_dock,
        CONSTRAINTS: window.constraints_dock,
        SOLUTIONS: window.solutions_dock,
    }

    window.status_label = ElidedLabel()
    window.status_label.setObjectName("statusLabel")
    window.status_label.floor = 20
    window.statusBar().addWidget(window.status_label, 1)
    window.engine = EngineStatus(lambda: window.session.backend if window.session.running else None)
    window.statusBar().addPermanentWidget(window.engine)


def place_toolbars(window: MainWindow, bars: list[QToolBar]) -> None:
    """The toolbars in the menu bar's row, on its right: a laptop's 600 pixels of height
    go to the board, not to a row of their own."""
    row = QWidget(window.menuBar())  # owned by the bar (setCornerWidget does not take it)
    row.setObjectName("toolBarRow")
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(0)
    for bar in bars:
        bar.setParent(row)
        layout.addWidget(bar)
    window.menuBar().setCornerWidget(row, Qt.Corner.TopRightCorner)


def all_docks(window: MainWindow) -> list[QDockWidget]:
    return [
        window.code_dock,
        window.constraints_dock,
        window.stack_dock,
        window.solutions_dock,
        window.tree_dock,
        window.chart_dock,
    ]


def arrange_docks(window: MainWindow) -> None:
    """The panels' first-launch places (and View › Reset settings'), every one hidden: on
    the right, the Algorithm above the Search stack (as tabs on a narrow window), N-Queens'
    Constraints and Solutions, the tree and the chart tabbed with them. Explain shows the
    puzzle's own; the View and Compare menus any of them."""
    right = Qt.DockWidgetArea.RightDockWidgetArea
    docks = all_docks(window)
    place_history(window, docked=False)
    for dock in (*docks, window.runs_dock):  # afresh: tabifying split docks crashed Qt
        dock.hide()
        dock.setFloating(False)
        window.removeDockWidget(dock)
    code, stack = window.code_dock, window.stack_dock
    window.addDockWidget(right, code)
    if window.width() >= WIDE:
        window.addDockWidget(right, stack)
        window.splitDockWidget(code, stack, Qt.Orientation.Vertical)
        window.tabifyDockWidget(code, window.constraints_dock)
        for other in (window.solutions_dock, window.runs_dock, window.tree_dock, window.chart_dock):
            window.tabifyDockWidget(stack, other)
    else:  # one column of tabs: the board keeps its size on a small screen
        for other in (*docks[1:], window.runs_dock):
            window.tabifyDockWidget(code, other)
    for dock in (*docks, window.runs_dock):
        dock.hide()
    arrange_columns(window)


def arrange_columns(window: MainWindow, docks: int = 0) -> None:
    """The three columns' widths: the controls as narrow as they allow, the results a
    share of the window (enough for the history's first four columns; the counters' own
    width when the history is in its dock), the board the rest; ``docks`` px of the
    window's width go to the explanatory panels."""
    splitter = window.splitter
    total = max(0, window.width() - 16 - 2 * splitter.handleWidth() - docks)
    side_width = side_panel(window).sizeHint().width()
    if window.history_box.parentWidget() is not window.results:
        results = window.view.counters.sizeHint().width()
    else:
        share = RESULTS_MIN if docks else round(total * RESULTS_SHARE)
        results = min(max(share, RESULTS_MIN), RESULTS_MAX)
    board = max(total - side_width - results, window.centre_stack.minimumSizeHint().width())
    splitter.setSizes([board, side_width, results])


def side_panel(window: MainWindow) -> QWidget:
    side = window.splitter.widget(1)
    assert side is not None
    return side


def place_history(window: MainWindow, docked: bool) -> None:
    """The history in its column under the counters, or in the Runs dock (a tab beside the
    Search stack) while the explanatory panels take the room."""
    box, dock = window.history_box, window.runs_dock
    if docked == (box.parentWidget() is not window.results):
        return
    if docked:
        box.setTitle("")  # the dock's title says it
        dock.setWidget(box)
        box.show()
        dock.show()
        return
    dock.hide()
    box.setTitle(QCoreApplication.translate("MainWindow", "Runs"))
    layout = window.results.layout()
    if isinstance(layout, QVBoxLayout):
        layout.insertWidget(1, box, 1)
    box.show()


def show_explanations(window: MainWindow, on: bool) -> None:
    """Explain: the current puzzle's explanatory panels shown (raised, the Algorithm as
    tall as its program) or hidden."""
    shows = window.puzzles[window.panel.puzzle_key()].panels()
    for kind, dock in window.panel_docks.items():
        dock.setVisible(on and kind in shows and not window.race_mode)
    if on:
        (window.constraints_dock if CONSTRAINTS in shows else window.code_dock).raise_()
        window.stack_dock.raise_()
        fit_code_dock(window)
    balance_columns(window)


def balance_columns(window: MainWindow) -> None:
    """The docks open on the right take their room from the history's column before the
    board's: on a window too narrow for four columns the history becomes a tab beside
    them; with none open, the columns' first widths again."""
    right = Qt.DockWidgetArea.RightDockWidgetArea
    opened = [
        d
        for d in all_docks(window)
        if not d.isHidden() and not d.isFloating() and window.dockWidgetArea(d) == right
    ]
    if not opened:
        place_history(window, docked=False)
        arrange_columns(window)
        return
    spare = window.width() - 16 - side_panel(window).sizeHint().width() - RESULTS_MIN
    place_history(window, docked=spare - DOCKS_WIDTH < EXPLAINED_BOARD)
    arrange_columns(window, DOCKS_WIDTH)
    window.resizeDocks([opened[0]], [DOCKS_WIDTH], Qt.Orientation.Horizontal)


def sync_explain(window: MainWindow) -> None:
    """Explain reads on while any of the puzzle's explanatory panels is open (one may be
    closed by its own button or the View menu, or brought back by the settings)."""
    shows = window.session.puzzle.panels()
    on = any(not d.isHidden() for k, d in window.panel_docks.items() if k in shows)
    if window.race_mode or on == window.explain_action.isChecked():
        return
    window.explain_action.blockSignals(True)
    window.explain_action.setChecked(on)
    window.explain_action.blockSignals(False)


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
    tree dock showing both racers' trees), or back to the single run at the window's size
    before the race (the two boards may have widened it)."""
    if on:
        window._race_geometry = window.saveGeometry()
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
    geometry, window._race_geometry = window._race_geometry, None
    if geometry is not None and not (window.isMaximized() or window.isFullScreen()):
        window.restoreGeometry(geometry)


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
    window.balance.stop()  # the remembered columns stand
    if not window.runs_dock.isHidden():  # remembered with the explanatory panels open
        place_history(window, docked=True)
    # What went wrong with the history or the settings, in the window, not only the log;
    # once the window is up (a message shown before would share the bar with the status
    # line, drawn over each other).
    window.startup_warning = " ".join(
        w for w in (window.history_store.warning(), window.prefs.warning()) if w
    )
    if window.startup_warning:
        QTimer.singleShot(0, window, window._show_startup_warning)
