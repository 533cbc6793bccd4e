"""The main window's making: the board, the controls' column and the results' column (the
counters and the history), the explanatory docks and their first-launch places, and how they
give each other room. Built here so the window itself stays wiring: ``build_layout`` returns
the parts (``WindowParts``), which the window keeps and hands back to the functions here."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QGroupBox,
    QHBoxLayout,
    QMainWindow,
    QSplitter,
    QStackedWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from knightviz.gui.panels.controls import ControlPanel, SettingsScroll
from knightviz.gui.panels.elided import ElidedLabel
from knightviz.gui.panels.engine import EngineStatus
from knightviz.gui.puzzles.base import CODE, CONSTRAINTS, SOLUTIONS, STACK
from knightviz.gui.view import RunView

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


@dataclass(frozen=True, eq=False)
class WindowParts:
    """What ``build_layout`` made and the window keeps: the columns, the docks, the status
    bar's widgets (the README's automation names are among them)."""

    #: The single run's board and panels, or the race's two boards.
    centre_stack: QStackedWidget
    #: The window's central widget: the splitter in its margins.
    central: QWidget
    #: Board | controls and the comparison | counters and the history.
    splitter: QSplitter
    side: SidePanel
    results: QWidget
    #: The single run's counters, at the top of the results column.
    counters: QWidget
    history_box: QGroupBox
    #: Where the history goes while the explanatory panels take the room.
    runs_dock: QDockWidget
    code_dock: QDockWidget
    stack_dock: QDockWidget
    constraints_dock: QDockWidget
    solutions_dock: QDockWidget
    chart_dock: QDockWidget
    #: The single run's tree, or in a race the two racers' trees side by side.
    tree_stack: QStackedWidget
    tree_dock: QDockWidget
    #: The Algorithm panel (its font sets the code dock's height).
    code_panel: QWidget
    status_label: ElidedLabel
    engine: EngineStatus
    #: A dock opened or closed: the columns make room, or take it back, a turn later.
    balance: QTimer
    #: Docks beyond the explanatory ones that take their room from the columns as they do
    #: (the editor of one's own strategy): ``take_room`` adds one.
    others: list[QDockWidget] = field(default_factory=list)

    def take_room(self, dock: QDockWidget) -> None:
        """``dock``, opened or closed, balances the columns as the explanatory docks do."""
        self.others.append(dock)
        dock.toggleViewAction().toggled.connect(self.balance.start)

    @property
    def panel_docks(self) -> dict[str, QDockWidget]:
        """The docks a puzzle may show (``Puzzle.panels``): what Explain shows and hides."""
        return {
            CODE: self.code_dock,
            STACK: self.stack_dock,
            CONSTRAINTS: self.constraints_dock,
            SOLUTIONS: self.solutions_dock,
        }

    @property
    def docks(self) -> list[QDockWidget]:
        """The explanatory docks, in the View menu's order."""
        return [
            self.code_dock,
            self.constraints_dock,
            self.stack_dock,
            self.solutions_dock,
            self.tree_dock,
            self.chart_dock,
        ]


@dataclass(frozen=True, eq=False)
class RaceReturn:
    """What the single run's window comes back to after a race: its geometry and the
    explanatory docks it showed."""

    geometry: QByteArray
    docks: list[QDockWidget]


def build_layout(
    window: QMainWindow,
    view: RunView,
    *,
    race_view: QWidget,
    race_trees: Sequence[QWidget],
    panel: ControlPanel,
    run_controls: QWidget,
    comparison: QWidget,
    history: QWidget,
    chart: QWidget,
    backend: Callable[[], str | None],
) -> WindowParts:
    """The three columns and the docks, made and put in the window; returned for the
    window to keep (its wiring and the README's automation names use them).

    Board | controls and the comparison | counters and the history: what a first minute
    needs, in view at any window size. The explanatory panels are docks, hidden until asked
    for (Explain, the View menu). ``backend``: the engine of the run going (None: none)."""
    v = view
    centre_stack = QStackedWidget()
    centre_stack.setObjectName("centreStack")
    under = (v.map_legend, v.timeline, v.narration, v.gauge)
    # Tight: on a laptop's 600 pixels every one goes to the board.
    centre_stack.addWidget(column(v.notices, (v.board, 1), *under, spacing=3))
    centre_stack.addWidget(race_view)
    scroll = SettingsScroll(panel)
    side = SidePanel(scroll, [panel.puzzle_bar, run_controls], comparison)
    # A new puzzle's settings fitted at once (the layout's own request comes a turn later).
    panel.puzzle_combo.currentIndexChanged.connect(side.fit)
    runs_title = QCoreApplication.translate("MainWindow", "Runs")
    history_box = QGroupBox(runs_title)
    history_box.setObjectName("historyBox")
    runs_layout = QVBoxLayout(history_box)
    runs_layout.setContentsMargins(4, 4, 4, 4)
    runs_layout.addWidget(history)
    results = column(v.counters, (history_box, 1))
    results.setObjectName("resultsPanel")
    results_layout = results.layout()
    if isinstance(results_layout, QVBoxLayout):  # the counters stay at the top, alone too
        results_layout.addStretch(0)
    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.setObjectName("mainSplitter")
    splitter.addWidget(centre_stack)
    splitter.addWidget(side)
    splitter.addWidget(results)
    splitter.setStretchFactor(0, 1)
    splitter.setStretchFactor(1, 0)
    splitter.setStretchFactor(2, 0)
    splitter.setChildrenCollapsible(False)
    central = column(splitter)
    central.setContentsMargins(8, 4, 8, 2)
    window.setCentralWidget(central)

    def dock(name: str, title: str, widget: QWidget) -> QDockWidget:
        return make_dock(window, name, title, widget)

    # Where the history goes while the explanatory panels are open on a window too narrow
    # for four columns: a tab beside the Search stack (never closed: Explain brings it back).
    runs_dock = dock("runsDock", runs_title, QWidget())
    runs_dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
    constraints_dock = dock(
        "constraintsDock",
        QCoreApplication.translate("MainWindow", "Constraints"),
        v.constraints_panel,
    )
    solutions_dock = dock(
        "solutionsDock", QCoreApplication.translate("MainWindow", "Solutions"), v.solutions_panel
    )
    code_dock = dock(
        "codeDock", QCoreApplication.translate("MainWindow", "Algorithm"), v.code_panel
    )
    stack_dock = dock(
        "stackDock", QCoreApplication.translate("MainWindow", "Search stack"), v.stack_view
    )
    chart_dock = dock("chartDock", QCoreApplication.translate("MainWindow", "Steps chart"), chart)
    # The single run's tree, or in a race the two racers' trees side by side.
    tree_stack = QStackedWidget()
    tree_stack.addWidget(v.tree_panel)
    lanes = QSplitter(Qt.Orientation.Horizontal)
    lanes.setObjectName("raceTrees")
    lanes.setChildrenCollapsible(False)
    for tree in race_trees:
        lanes.addWidget(tree)
    tree_stack.addWidget(lanes)
    tree_dock = dock(
        "treeDock", QCoreApplication.translate("MainWindow", "Search tree"), tree_stack
    )
    balance = QTimer(window)
    balance.setSingleShot(True)
    balance.setInterval(0)

    status_label = ElidedLabel()
    status_label.setObjectName("statusLabel")
    status_label.floor = 20
    window.statusBar().addWidget(status_label, 1)
    engine = EngineStatus(backend)
    window.statusBar().addPermanentWidget(engine)
    parts = WindowParts(
        centre_stack=centre_stack,
        central=central,
        splitter=splitter,
        side=side,
        results=results,
        counters=v.counters,
        history_box=history_box,
        runs_dock=runs_dock,
        code_dock=code_dock,
        stack_dock=stack_dock,
        constraints_dock=constraints_dock,
        solutions_dock=solutions_dock,
        chart_dock=chart_dock,
        tree_stack=tree_stack,
        tree_dock=tree_dock,
        code_panel=v.code_panel,
        status_label=status_label,
        engine=engine,
        balance=balance,
    )
    # A dock opened or closed (a menu, its own button): the columns make room, or take it
    # back, once the dock area has settled.
    balance.timeout.connect(lambda: balance_columns(window, parts))
    for opened in parts.docks:
        opened.toggleViewAction().toggled.connect(balance.start)
    return parts


def place_toolbars(window: QMainWindow, bars: list[QToolBar]) -> None:
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


def arrange_docks(window: QMainWindow, parts: WindowParts) -> None:
    """The panels' first-launch places (and View › Reset settings'), every one hidden: on
    the right, the Algorithm above the Search stack (as tabs on a narrow window), the
    Constraints and Solutions, the tree and the chart tabbed with them. Explain shows the
    puzzle's own; the View and Compare menus any of them."""
    right = Qt.DockWidgetArea.RightDockWidgetArea
    docks = parts.docks
    place_history(parts, docked=False)
    for dock in (*docks, parts.runs_dock):  # afresh: tabifying split docks crashed Qt
        dock.hide()
        dock.setFloating(False)
        window.removeDockWidget(dock)
    code, stack = parts.code_dock, parts.stack_dock
    window.addDockWidget(right, code)
    if window.width() >= WIDE:
        window.addDockWidget(right, stack)
        window.splitDockWidget(code, stack, Qt.Orientation.Vertical)
        window.tabifyDockWidget(code, parts.constraints_dock)
        for other in (parts.solutions_dock, parts.runs_dock, parts.tree_dock, parts.chart_dock):
            window.tabifyDockWidget(stack, other)
    else:  # one column of tabs: the board keeps its size on a small screen
        for other in (*docks[1:], parts.runs_dock):
            window.tabifyDockWidget(code, other)
    for dock in (*docks, parts.runs_dock):
        dock.hide()
    arrange_columns(window, parts)


def arrange_columns(window: QMainWindow, parts: WindowParts, docks: int = 0) -> None:
    """The three columns' widths: the controls as narrow as they allow, the results a
    share of the window (enough for the history's first four columns; the counters' own
    width when the history is in its dock), the board the rest; ``docks`` px of the
    window's width go to the explanatory panels."""
    splitter = parts.splitter
    total = max(0, window.width() - 16 - 2 * splitter.handleWidth() - docks)
    side_width = parts.side.sizeHint().width()
    if parts.history_box.parentWidget() is not parts.results:
        results = parts.counters.sizeHint().width()
    else:
        share = RESULTS_MIN if docks else round(total * RESULTS_SHARE)
        results = min(max(share, RESULTS_MIN), RESULTS_MAX)
    board = max(total - side_width - results, parts.centre_stack.minimumSizeHint().width())
    splitter.setSizes([board, side_width, results])


def place_history(parts: WindowParts, docked: bool) -> None:
    """The history in its column under the counters, or in the Runs dock (a tab beside the
    Search stack) while the explanatory panels take the room."""
    box, dock = parts.history_box, parts.runs_dock
    if docked == (box.parentWidget() is not parts.results):
        return
    if docked:
        box.setTitle("")  # the dock's title says it
        dock.setWidget(box)
        box.show()
        dock.show()
        return
    dock.hide()
    box.setTitle(QCoreApplication.translate("MainWindow", "Runs"))
    layout = parts.results.layout()
    if isinstance(layout, QVBoxLayout):
        layout.insertWidget(1, box, 1)
    box.show()


def show_explanations(
    window: QMainWindow, parts: WindowParts, on: bool, shows: Collection[str], race: bool
) -> None:
    """Explain: the puzzle's explanatory panels (``shows``) shown (raised, the Algorithm as
    tall as its program) or hidden; none in a race."""
    for kind, dock in parts.panel_docks.items():
        dock.setVisible(on and kind in shows and not race)
    if on:
        (parts.constraints_dock if CONSTRAINTS in shows else parts.code_dock).raise_()
        parts.stack_dock.raise_()
        fit_code_dock(window, parts)
    balance_columns(window, parts)


def balance_columns(window: QMainWindow, parts: WindowParts) -> None:
    """The docks open on the right take their room from the history's column before the
    board's: on a window too narrow for four columns the history becomes a tab beside
    them; with none open, the columns' first widths again."""
    right = Qt.DockWidgetArea.RightDockWidgetArea
    opened = [
        d
        for d in (*parts.docks, *parts.others)
        if not d.isHidden() and not d.isFloating() and window.dockWidgetArea(d) == right
    ]
    if not opened:
        place_history(parts, docked=False)
        arrange_columns(window, parts)
        return
    spare = window.width() - 16 - parts.side.sizeHint().width() - RESULTS_MIN
    place_history(parts, docked=spare - DOCKS_WIDTH < EXPLAINED_BOARD)
    arrange_columns(window, parts, DOCKS_WIDTH)
    window.resizeDocks([opened[0]], [DOCKS_WIDTH], Qt.Orientation.Horizontal)


def sync_explain(parts: WindowParts, explain: QAction, shows: Collection[str], race: bool) -> None:
    """Explain reads on while any of the puzzle's explanatory panels (``shows``) is open
    (one may be closed by its own button or the View menu, or brought back by the
    settings); a race leaves it as it is."""
    on = any(not d.isHidden() for k, d in parts.panel_docks.items() if k in shows)
    if race or on == explain.isChecked():
        return
    explain.blockSignals(True)
    explain.setChecked(on)
    explain.blockSignals(False)


def fit_code_dock(window: QMainWindow, parts: WindowParts) -> None:
    """The Algorithm panel as tall as the program and its variables, no more: the
    stack (or the chart) below gets the rest of the column."""
    right = Qt.DockWidgetArea.RightDockWidgetArea
    code_dock = parts.code_dock
    if code_dock.isFloating() or window.dockWidgetArea(code_dock) != right:
        return
    lines = QFontMetrics(parts.code_panel.font()).lineSpacing()
    window.resizeDocks([code_dock], [17 * lines + 44], Qt.Orientation.Vertical)


def make_dock(window: QMainWindow, name: str, title: str, widget: QWidget) -> QDockWidget:
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    dock.setWidget(widget)
    dock.setFeatures(
        QDockWidget.DockWidgetFeature.DockWidgetClosable
        | QDockWidget.DockWidgetFeature.DockWidgetMovable
        | QDockWidget.DockWidgetFeature.DockWidgetFloatable
    )
    return dock


def enter_race(window: QMainWindow, parts: WindowParts, race_view: QWidget) -> RaceReturn:
    """The two racers' boards in the board's place (the single run's panels hidden, the
    tree dock showing both racers' trees); returns what ``leave_race`` comes back to."""
    shown = parts.panel_docks.values()  # the tree stays: one tree per racer
    back = RaceReturn(window.saveGeometry(), [d for d in shown if d.isVisible()])
    parts.tree_stack.setCurrentIndex(1)
    for dock in back.docks:
        dock.hide()
    parts.centre_stack.setCurrentWidget(race_view)
    return back


def leave_race(window: QMainWindow, parts: WindowParts, back: RaceReturn | None) -> None:
    """Back to the single run at the window's size before the race (the two boards may
    have widened it), its explanatory docks shown again."""
    parts.centre_stack.setCurrentIndex(0)
    parts.tree_stack.setCurrentIndex(0)
    # The layouts shrink to the one board first, and the window forgets the race's
    # minimum width: the docks back beside that would widen the window.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    parts.central.updateGeometry()
    if back is None:
        return
    for dock in back.docks:
        dock.show()
    if not (window.isMaximized() or window.isFullScreen()):
        window.restoreGeometry(back.geometry)
