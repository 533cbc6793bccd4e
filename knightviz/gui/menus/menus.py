"""The Run, Compare and View menus: one small object each, built and worded here, wired by
the window (their actions carry the automation names of docs/api.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QDockWidget, QInputDialog, QMainWindow, QMenu, QToolBar, QWidget

from knightviz.engine.store import RecordingStore
from knightviz.gui.board.presets import preset_holes
from knightviz.gui.config import DARK, LIGHT, SYSTEM
from knightviz.gui.i18n import LANGUAGES
from knightviz.gui.menus.dock_tabs import raise_when_shown
from knightviz.gui.text import fmt_int

if TYPE_CHECKING:
    from knightviz.gui.board.widget import BoardWidget
    from knightviz.gui.panels.controls import ControlPanel
    from knightviz.gui.predict import Predictor


def action(parent: QWidget, name: str, text: str = "", tip: str = "") -> QAction:
    """An action with its automation name and its status-bar tip."""
    made = QAction(text, parent)
    made.setObjectName(name)
    if tip:
        made.setStatusTip(tip)
    return made


class RunMenu(QMenu):
    """Start/Pause, Step, Step back, Reset (keys the window handles itself), the recording
    budget and Clear history."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(self.tr("&Run"), parent)
        self.start_action = action(
            parent, "startAction", "", self.tr("Start, pause or resume the search")
        )
        self.step_action = action(
            parent, "stepAction", "", self.tr("Make exactly one move or backtrack")
        )
        self.step_back_action = action(
            parent, "stepBackAction", "", self.tr("Undo exactly one step")
        )
        self.reset_action = action(
            parent, "resetAction", "", self.tr("Stop the search and clear the board")
        )
        self.word()
        self.addActions(
            [self.start_action, self.step_action, self.step_back_action, self.reset_action]
        )
        self.addSeparator()
        self.budget_action = action(
            parent,
            "budgetAction",
            self.tr("Recording &memory…"),
            self.tr("How much memory the recordings of runs may use (for going back)"),
        )
        self.clear_history_action = action(
            parent,
            "clearHistoryAction",
            self.tr("&Clear history…"),
            self.tr("Remove every run from the history, here and on disk"),
        )
        self.addActions([self.budget_action, self.clear_history_action])

    def ask_budget(self, store: RecordingStore) -> None:
        """Run › Recording memory…: the budget shared by every kept run's recording."""
        mb, ok = QInputDialog.getInt(
            self.parentWidget(),
            self.tr("Recording memory"),
            self.tr(
                "Memory for recordings of runs, in MB (all kept runs together; the oldest "
                "go first). In use now: {0} MB."
            ).format(fmt_int(store.nbytes >> 20)),
            store.budget >> 20,
            16,
            1 << 16,
            16,
        )
        if ok:
            store.set_budget(mb << 20)

    def word(self) -> None:
        """The run actions' texts, each with its key as the language names it (Space: 空格).
        Space, N, → and R are not QAction shortcuts: a shortcut would take Space from a
        focused check box or button; the window handles them in its keyPressEvent."""
        for item, text, key in (
            (self.start_action, self.tr("Start / &Pause"), "Space"),
            (self.step_action, self.tr("&Step"), "N"),
            (self.step_back_action, self.tr("Step &back"), "Shift+N"),
            (self.reset_action, self.tr("&Reset"), "R"),
        ):
            native = QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)
            item.setText(f"{text}\t{native}")


class PredictMenu(QMenu):
    """Your turn: the mode's switch (``predictAction``) and its settings, which decisions
    are asked about, when the choices are marked, and the hint."""

    def __init__(self, parent: QWidget, run: RunMenu, toolbar: QToolBar) -> None:
        """In the Run menu (above the recording's memory) and its switch on ``toolbar``."""
        super().__init__(self.tr("Your &turn"), parent)
        self.setObjectName("predictMenu")
        self.predict_action = action(parent, "predictAction", self.tr("&Predict each step"))
        self.predict_action.setCheckable(True)
        self.predict_action.setIconText(self.tr("Your turn"))
        self.predict_action.setShortcut(QKeySequence("Ctrl+T"))
        self.predict_action.setToolTip(
            self.tr(
                "Before each decision the search waits for your guess: click the square it "
                "tries next, or press B if it goes back"
            )
        )
        self.predict_action.setStatusTip(self.predict_action.toolTip())
        self.addAction(self.predict_action)
        self.addSeparator()
        self.every = self._choices(
            parent,
            (
                "all",
                "predictEveryAction",
                self.tr("Ask at &every decision"),
                self.tr("Wait for a guess before every move and every backtrack"),
            ),
            (
                "backtracks",
                "predictBacktracksAction",
                self.tr("Ask only before &backtracks"),
                self.tr("Wait only when the search is about to go back; the moves between play"),
            ),
            (
                "sometimes",
                "predictSometimesAction",
                self.tr("Ask at one decision in &5"),
                self.tr("Wait at every fifth decision; the others play at the run's speed"),
            ),
        )
        self.addSeparator()
        self.marks = self._choices(
            parent,
            (
                "after_wrong",
                "predictMarksAfterWrongAction",
                self.tr("Mark the choices after a wrong &guess (a second try)"),
                self.tr("A wrong first guess gets a second try, the choices left outlined"),
            ),
            (
                "always",
                "predictMarksAlwaysAction",
                self.tr("Mark the choices &at once"),
                self.tr("Outline the squares the search may still choose as soon as it waits"),
            ),
            (
                "never",
                "predictMarksNeverAction",
                self.tr("&Never mark the choices"),
                self.tr("No outlines: one guess for each decision"),
            ),
        )
        self.addSeparator()
        self.hint_action = action(
            parent,
            "predictHintAction",
            self.tr("&Hint: the choices' onward moves"),
            self.tr("Mark the choices and give their figures (a knight's onward moves)"),
        )
        self.hint_action.setCheckable(True)
        self.addAction(self.hint_action)
        self.every["all"].setChecked(True)
        self.marks["after_wrong"].setChecked(True)
        run.insertMenu(run.budget_action, self)
        run.insertSeparator(run.budget_action)
        toolbar.addSeparator()
        toolbar.addAction(self.predict_action)

    def _choices(self, parent: QWidget, *items: tuple[str, str, str, str]) -> dict[str, QAction]:
        """One checkable action per (data, automation name, text, tip), one checked."""
        group = QActionGroup(self)
        made: dict[str, QAction] = {}
        for key, name, text, tip in items:
            item = action(parent, name, text, tip)
            item.setCheckable(True)
            item.setData(key)
            group.addAction(item)
            self.addAction(item)
            made[key] = item
        return made

    def bind(self, predictor: Predictor) -> None:
        """The settings' actions configure ``predictor``."""
        for key, item in self.every.items():
            item.triggered.connect(lambda _=False, k=key: predictor.configure(every=k))
        for key, item in self.marks.items():
            item.triggered.connect(lambda _=False, k=key: predictor.configure(marks=k))
        self.hint_action.toggled.connect(lambda on: predictor.configure(hint=on))


class CompareMenu(QMenu):
    """The race, the start-square map and the steps chart: a menu and a toolbar of their own,
    each feature's action in both."""

    def __init__(self, parent: QMainWindow) -> None:
        super().__init__(self.tr("&Compare"), parent)
        self.toolbar = QToolBar(self.tr("Compare"), parent)
        self.toolbar.setObjectName("compareToolBar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar.setMovable(False)
        self.race_action = action(parent, "raceAction", self.tr("&Race two strategies"))
        self.race_action.setCheckable(True)
        self.race_action.setIconText(self.tr("Race"))
        self.race_action.setToolTip(
            self.tr(
                "Two boards side by side, one strategy each, the same steps per tick: "
                "watch which finishes first"
            )
        )
        self.race_action.setStatusTip(self.race_action.toolTip())
        self.map_action = action(parent, "mapAction", self.tr("Map all start squares"))
        self.map_action.setCheckable(True)
        self.chart_action = action(parent, "chartAction", self.tr("Steps &chart"))
        self.chart_action.setCheckable(True)
        self.chart_action.setToolTip(
            self.tr("Steps per run for the history, and the depth over time of this run")
        )
        self.chart_action.setStatusTip(self.chart_action.toolTip())
        self.chart_action.setIconText(self.tr("Steps chart"))  # the toolbar: no mnemonic
        for item in (self.race_action, self.map_action, self.chart_action):
            self.addAction(item)
            self.toolbar.addAction(item)

    def word_map(self, movable: bool, refusal: str = "") -> None:
        """The map's action: enabled for a puzzle with a start square, else why not (the
        puzzle's ``refusal``)."""
        self.map_action.setEnabled(movable)
        if movable:
            tip = self.tr(
                "Run the current strategy from every start square and colour each "
                "square by the steps it took"
            )
        else:
            tip = refusal
            self.map_action.setChecked(False)  # clears the maps
        self.map_action.setToolTip(tip)
        self.map_action.setStatusTip(tip)


class ViewMenu(QMenu):
    """The panels shown, the language, the appearance, Reset settings."""

    #: View › Language: a language's code (``en``, ``zh_CN``).
    language_chosen = Signal(str)
    #: View › Appearance: ``system``, ``light`` or ``dark``.
    appearance_chosen = Signal(str)

    def __init__(self, parent: QMainWindow, docks: list[QDockWidget], language: str) -> None:
        super().__init__(self.tr("&View"), parent)
        self._window = parent
        #: The puzzle's explanatory panels (the algorithm, the search stack; N-Queens'
        #: constraints and solutions), shown or hidden at once; also on the toolbar.
        self.explain_action = action(parent, "explainAction", self.tr("&Explain the search"))
        self.explain_action.setCheckable(True)
        self.explain_action.setIconText(self.tr("Explain"))
        self.explain_action.setToolTip(
            self.tr("Show the algorithm and the search stack: why the search does what it does")
        )
        self.explain_action.setStatusTip(self.explain_action.toolTip())
        self.addAction(self.explain_action)
        self.addSeparator()
        for dock in docks:
            self.addAction(dock.toggleViewAction())
            raise_when_shown(dock)
        self.addSeparator()
        self.language_menu = self.addMenu(self.tr("&Language"))
        self.language_menu.setObjectName("languageMenu")
        self.language_group = QActionGroup(self)
        self.language_group.setExclusive(True)
        for code, name in LANGUAGES.items():
            item = action(
                parent,
                f"language_{code}",
                name,  # each language in its own words, never translated
                self.tr("Show the window in this language (at once; remembered)"),
            )
            item.setData(code)
            item.setCheckable(True)
            item.setChecked(code == language)
            item.triggered.connect(lambda _=False, code=code: self.language_chosen.emit(code))
            self.language_group.addAction(item)
            self.language_menu.addAction(item)
        self.appearance_menu = self.addMenu(self.tr("&Appearance"))
        self.appearance_menu.setObjectName("appearanceMenu")
        self.appearance_menu.menuAction().setStatusTip(
            self.tr("Light or dark: follow the system, or choose one")
        )
        self.appearance_group = QActionGroup(self)
        for mode, label, tip in (
            (SYSTEM, self.tr("Follow the &system"), self.tr("Light or dark as the desktop is")),
            (LIGHT, self.tr("&Light"), self.tr("Always light")),
            (DARK, self.tr("&Dark"), self.tr("Always dark")),
        ):
            item = action(parent, f"appearance{mode.capitalize()}Action", label, tip)
            item.setData(mode)
            item.setCheckable(True)
            item.triggered.connect(lambda _=False, m=mode: self.appearance_chosen.emit(m))
            self.appearance_group.addAction(item)
            self.appearance_menu.addAction(item)
        self.addSeparator()
        self.reset_settings_action = action(
            parent,
            "resetSettingsAction",
            self.tr("Reset &settings"),
            self.tr("Forget every remembered setting and show the defaults now"),
        )
        self.addAction(self.reset_settings_action)
        self.word_panel_toggles()

    def check(self, language: str | None = None, appearance: str | None = None) -> None:
        """Tick the language and the appearance in force."""
        if language is not None:
            for item in self.language_group.actions():
                item.setChecked(item.data() == language)
        if appearance is not None:
            for item in self.appearance_group.actions():
                item.setChecked(item.data() == appearance)

    def word_panel_toggles(self) -> None:
        """Each panel's show/hide action says which panel (in the language)."""
        bars: list[QDockWidget | QToolBar] = [
            *self._window.findChildren(QDockWidget),
            *self._window.findChildren(QToolBar),
        ]
        for bar in bars:
            bar.toggleViewAction().setStatusTip(
                self.tr("Show or hide “{0}”").format(bar.windowTitle())
            )


#: Keys the window handles when the focused widget does not want them, with no modifier.
RUN_KEYS = {
    Qt.Key.Key_Space: "start",
    Qt.Key.Key_N: "step",
    Qt.Key.Key_Right: "step",
    Qt.Key.Key_R: "reset",
}


def run_key(event: QKeyEvent) -> str:
    """The run command a key press asks for ("start", "step", "back", "reset"), or ""."""
    key = Qt.Key(event.key())
    mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    shift = mods == Qt.KeyboardModifier.ShiftModifier
    if (key in (Qt.Key.Key_N, Qt.Key.Key_Right) and shift) or (
        key == Qt.Key.Key_Backspace and mods == Qt.KeyboardModifier.NoModifier
    ):
        return "back"
    if mods != Qt.KeyboardModifier.NoModifier:
        return ""
    return RUN_KEYS.get(key, "")


def connect(item: QAction, slot: Callable[[], None]) -> None:
    """``triggered`` → ``slot`` (the checked flag dropped)."""
    item.triggered.connect(lambda _=False: slot())


class BoardMenu(QMenu):
    """Edit board (remove and restore squares on the board itself) and the shapes to start
    from; a toolbar of its own with the edit action."""

    #: A preset chosen: its name (``board.presets.PRESETS``).
    preset_chosen = Signal(str)
    #: A sentence for the status bar, and how long to show it (ms).
    message = Signal(str, int)

    def __init__(self, parent: QMainWindow) -> None:
        super().__init__(self.tr("&Board"), parent)
        self.setObjectName("boardMenu")
        self.edit_action = action(parent, "editBoardAction", self.tr("&Edit board"))
        self.edit_action.setCheckable(True)
        self.edit_action.setIconText(self.tr("Edit board"))
        self.edit_action.setToolTip(
            self.tr(
                "Click or drag over squares to remove them; start on a removed square to "
                "restore squares. The piece's moves skip removed squares."
            )
        )
        self.edit_action.setStatusTip(self.edit_action.toolTip())
        self.addAction(self.edit_action)
        self.addSeparator()
        self.presets: dict[str, QAction] = {}
        for name, text, tip in (
            ("full", self.tr("&Full board"), self.tr("Restore every square")),
            ("corners", self.tr("Four &corners cut"), self.tr("Remove the four corners")),
            ("centre", self.tr("2×2 hole in the c&entre"), self.tr("Remove the middle 2×2")),
            ("cross", self.tr("C&ross"), self.tr("A plus: remove the four corner blocks")),
            ("ring", self.tr("R&ing"), self.tr("Remove the middle, keep a ring")),
        ):
            made = action(parent, f"preset{name.capitalize()}Action", text, tip)
            made.triggered.connect(lambda _=False, n=name: self.preset_chosen.emit(n))
            self.presets[name] = made
            self.addAction(made)
        self.toolbar = QToolBar(self.tr("Board"), parent)
        self.toolbar.setObjectName("boardToolBar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar.setMovable(False)
        self.toolbar.addAction(self.edit_action)

    def bind(self, board: BoardWidget, panel: ControlPanel) -> None:
        """Edit board edits ``board``; its strokes and the presets become the removed
        squares of ``panel``'s current puzzle settings."""

        def holes(squares: frozenset[tuple[int, int]]) -> None:
            panel.widgets[panel.puzzle_key()].set_holes(squares)

        def edit(on: bool) -> None:
            board.set_editing(on)
            if on:
                text = self.tr(
                    "Edit board: click or drag to remove squares, from a removed square to "
                    "restore them. Turn Edit board off to move the piece again."
                )
                self.message.emit(text, 8000)

        def edited(squares: frozenset[int]) -> None:
            cols = panel.settings().cols
            holes(frozenset(divmod(sq, cols) for sq in squares))

        def preset(name: str) -> None:
            s = panel.settings()
            holes(preset_holes(name, s.rows, s.cols))

        self.edit_action.toggled.connect(edit)
        board.holes_edited.connect(edited)
        self.preset_chosen.connect(preset)

    def word(self, editable: bool) -> None:
        """Enabled for a puzzle whose board can be edited (the knight's tour), else why not."""
        for item in (self.edit_action, *self.presets.values()):
            item.setEnabled(editable)
        if not editable:
            self.edit_action.setChecked(False)
