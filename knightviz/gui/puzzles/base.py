"""What a puzzle must tell the window: the presenter interface.

The window, the history and a run session know a puzzle only through its presenter: its
settings (a frozen dataclass with at least ``rows`` and ``cols``), the widget that edits them,
how to word a run and its outcome, and the layers that paint its pieces. The domain questions
(the search, its tree, the text layouts, the rules a saved run is checked against) are the
engine's puzzle spec's (``spec``): a presenter turns its settings into the spec's problem
(``problem``) and the defaults here ask the spec. Adding a puzzle means one engine spec and
one presenter.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Generic, NamedTuple, Protocol, TypeVar, cast

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QCheckBox, QFileDialog, QHBoxLayout, QToolButton, QWidget

from knightviz.engine import Board, Outcome, Result, Search, Strategy
from knightviz.engine.board import FULL, Shape
from knightviz.engine.estimate import Probe
from knightviz.engine.events import StackLevel
from knightviz.engine.legal import Rules
from knightviz.engine.puzzles import PuzzleSpec, spec
from knightviz.engine.recording import RecordingData
from knightviz.engine.trace import decode
from knightviz.engine.tree import Children
from knightviz.gui.board.layers import Layer
from knightviz.gui.board.model import BoardModel
from knightviz.gui.puzzles.own import OwnShadow, Shadows, trust, trusted
from knightviz.gui.puzzles.programs import BACKTRACK, EXHAUSTED, MOVE, SOLVED, Program
from knightviz.gui.solver.feed import SolutionLog
from knightviz.gui.text import capitalised, fmt_int, fmt_size
from knightviz.page import PageRun, with_strategy_file

DONE = "done"  # a candidate taken and finished
CURRENT = "current"  # being explored below
NEXT = "next"  # not yet tried
SKIPPED = "skipped"  # not a candidate any more (on the path, or attacked)


@dataclass(frozen=True, slots=True)
class Chip:
    """One candidate of a stack level, as the stack panel draws it."""

    text: str
    state: str
    #: Warnsdorff's onward degree (or None).
    degree: int | None = None
    square: int = -1


@dataclass(slots=True)
class StackSource:
    """A stack and how to word it: what the stack panel shows (built by the adapter)."""

    stack: Sequence[StackLevel]
    #: The chips of a level: (depth, level) -> chips.
    chips: Callable[[int, StackLevel], list[Chip]]
    #: The row's first column: (depth, level) -> text (contains the square's name).
    label: Callable[[int, StackLevel], str]
    #: The widest first column this stack can need (in the current language), or "".
    widest: str = ""


@dataclass(frozen=True, slots=True)
class Tie:
    """Choices the strategy's rule ranks level ("your turn"): a guess of any is right for
    the rule, and the tie-break took one of them."""

    #: The level choices (two or more), in the order the tie-break speaks of.
    squares: tuple[int, ...]
    #: What they share, as a clause ("b6 and c7 both have the fewest onward moves (5)"),
    #: and the tie-break's name as the strategy's controls call it ("first in order"):
    #: worded when called, in the language of the verdict (it may differ from the
    #: question's).
    words: Callable[[], tuple[str, str]]


def _answering_own(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` answering for the learner's strategy first (``Puzzle.OWN_ANSWERS``)."""

    @functools.wraps(method)
    def answer(self: Puzzle[Any], settings: Any, *args: Any, **kwargs: Any) -> Any:
        if self.own(settings) and name == "page_run":
            # The page of the plain order's command, run with --strategy-file instead.
            page = method(self, self.plain(settings), *args, **kwargs)
            return with_strategy_file(page, self.own_answer("strategy_name", settings))
        if self.own(settings):
            return self.own_answer(name, settings, *args)
        return method(self, settings, *args, **kwargs)

    return answer


def own_pruned_words() -> str:
    """What a run of a learner's strategy that pruned cannot promise."""
    return QCoreApplication.translate(
        "OwnStrategy",
        "Your strategy returned fewer candidates than it was given at least once: the "
        "search may have missed solutions.",
    )


def own_failure_words(error: Any) -> str:
    """A learner's strategy's failure (the engine's ``StrategyError``) as a sentence in the
    user's language: its ``kind`` and ``args_`` pick the wording and fill it in (the
    engine's own English sentence when the kind is not known here)."""
    kind = str(getattr(error, "kind", ""))
    args: Mapping[str, Any] = getattr(error, "args_", {}) or {}
    step = getattr(error, "step", None)
    line = getattr(error, "line", None)
    fallback = str(getattr(error, "message", "") or error)
    at = (
        QCoreApplication.translate("OwnStrategy", " at step {0}").format(fmt_int(step))
        if step is not None
        else ""
    )
    on = QCoreApplication.translate("OwnStrategy", " in line {0}").format(line) if line else ""
    if kind == "exception":
        what = str(args.get("type", ""))
        detail = str(args.get("detail", ""))
        raised = f"{what}: {detail}" if detail else what
        return QCoreApplication.translate("OwnStrategy", "Your strategy raised {0}{1}{2}.").format(
            raised, on, at
        )
    if kind == "timeout":
        function = str(args.get("function", ""))
        seconds = f"{float(args.get('seconds', 1.0)):g}"
        if function:
            return QCoreApplication.translate(
                "OwnStrategy",
                "{0}() ran for over {1} s{2} (an endless loop?): the run was stopped.",
            ).format(function, seconds, at)
        return QCoreApplication.translate(
            "OwnStrategy", "Your strategy stopped answering for over {0} s: the run was stopped."
        ).format(seconds)
    if kind == "memory":
        return QCoreApplication.translate(
            "OwnStrategy", "Your strategy used over {0} MB of memory{1}: the run was stopped."
        ).format(args.get("megabytes", ""), at)
    if kind == "wrong-return":
        function, value = str(args.get("function", "")), str(args.get("value", ""))
        problem = args.get("what")
        if problem == "not-list":
            return QCoreApplication.translate(
                "OwnStrategy", "{0}() must return a list, not {1} {2}{3}."
            ).format(function, args.get("type", ""), value, at)
        if problem == "repeated":
            return QCoreApplication.translate("OwnStrategy", "{0}() returned {1} twice{2}.").format(
                function, value, at
            )
        return QCoreApplication.translate(
            "OwnStrategy", "{0}() returned {1}, which is not one of its candidates{2}."
        ).format(function, value, at)
    if kind == "syntax":
        return QCoreApplication.translate("OwnStrategy", "Syntax error{0}: {1}.").format(
            on, args.get("error", "")
        )
    if kind == "no-function":
        names = [str(f) for f in args.get("functions", ())] or ["order"]
        return QCoreApplication.translate(
            "OwnStrategy", "The strategy defines none of the functions the search calls: {0}."
        ).format(", ".join(f"{f}(position, …)" for f in names))
    if kind == "crashed":
        return QCoreApplication.translate(
            "OwnStrategy",
            "The process running your strategy stopped unexpectedly (exit code {0}){1}.",
        ).format(args.get("exitcode"), at)
    return fallback


def changed(settings: S, **changes: Any) -> S:
    """``dataclasses.replace`` for settings (frozen dataclasses behind the protocol)."""
    return cast(S, replace(cast(Any, settings), **changes))


class ExportRefused(ValueError):
    """This run cannot be written in that layout (a sentence for the user)."""


class Settings(Protocol):
    """Every puzzle's settings have a board size; the rest is the puzzle's own."""

    @property
    def rows(self) -> int: ...

    @property
    def cols(self) -> int: ...


S = TypeVar("S", bound=Settings)

#: The optional panels a puzzle may show (the window's docks).
CODE, STACK, CONSTRAINTS, SOLUTIONS = "code", "stack", "constraints", "solutions"


class SweepOptions(NamedTuple):
    """What the start-square map runs from every square (``knightviz sweep``'s options)."""

    strategy: Strategy
    closed: bool
    #: The board's holes and leaper (a full board and the default piece unless set).
    shape: Shape = FULL


@dataclass(frozen=True, slots=True)
class RunFormat:
    """One choice of File › Export run: its key (``export_run``'s ``fmt``), the file name
    suffix and the file dialog's filter."""

    key: str
    suffix: str
    label: str

    @property
    def filter(self) -> str:
        return f"{self.label} (*{self.suffix})"


ORDER_TEMPLATE = '''"""My strategy: the order in which the search tries its candidates."""


def describe():
    """Fewest onward choices first"""


def order(position, candidates):
    """The candidates, best first; return fewer to prune (solutions may then be missed).

    position.degree(c): how many choices c leaves next; position.random: a
    random.Random seeded per run. Help (above) lists the rest.
    """
    return sorted(candidates, key=position.degree)
'''

CELL_TEMPLATE = '''"""My strategy: which blank cell to fill next, and its digits in which order."""


def describe():
    """Fewest candidates first"""


def cell(position, cells):
    """One of the blank cells: the next to fill. position.count(c): c's candidate digits."""
    return min(cells, key=position.count)


def digits(position, cell, digits):
    """The cell's candidate digits, in the order to try them (fewer prunes)."""
    return digits
'''

#: The settings fields of a learner's own strategy, every puzzle's: chosen (``own``), and
#: its text and name, taken from the editor when Start is pressed.
OWN_FIELDS = ("own", "own_source", "own_name")


class SettingsWidget(QWidget):
    """Edits a puzzle's own settings (not the board size, which every puzzle shares)."""

    settings_changed = Signal()
    #: "Your own…" (``own_choice``), where the puzzle's widget offers it.
    own_check: QCheckBox | None = None
    _own_text: tuple[str, str] = ("", "")

    def own_choice(self) -> QWidget:
        """The "Your own…" choice beside the built-ins: each puzzle puts it where its
        strategies are chosen; ``with_own`` and ``show_own`` carry it in the settings. A
        racer's box also offers a file of its own (``offer_own_file``): two strategies of
        one's own can race."""
        check = QCheckBox(QCoreApplication.translate("OwnStrategy", "Your own strategy…"))
        check.setObjectName("ownStrategyCheck")
        check.setToolTip(
            QCoreApplication.translate(
                "OwnStrategy",
                "Write the order in which the search tries its candidates, in Python, in the "
                "Your strategy panel. Start runs what the editor holds then.",
            )
        )
        check.toggled.connect(lambda _on: self.settings_changed.emit())
        self.own_check = check
        button = QToolButton()
        button.setObjectName("ownFileButton")
        button.setText(QCoreApplication.translate("OwnStrategy", "File…"))
        button.setToolTip(
            QCoreApplication.translate(
                "OwnStrategy", "This racer runs a strategy file of its own, not the editor's"
            )
        )
        button.clicked.connect(self._pick_own_file)
        button.hide()
        self.own_file_button = button
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(check)
        line.addWidget(button)
        line.addStretch(1)
        return row

    #: The racer's own file was chosen: Start keeps it (not the editor's text).
    own_pinned = False
    own_file_button: QToolButton | None = None

    def offer_own_file(self) -> None:
        """A racer's box: a strategy file for this racer alone."""
        if self.own_file_button is not None:
            self.own_file_button.show()

    def _pick_own_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            QCoreApplication.translate("OwnStrategy", "Open strategy"),
            "",
            QCoreApplication.translate("OwnStrategy", "Python files (*.py)"),
        )
        if path:
            self.pin_own_file(path)

    def pin_own_file(self, path: str) -> bool:
        """Run ``path``'s text for this racer (read now, never executed here)."""
        try:
            source = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return False
        self._own_text = (source, Path(path).name)
        self.own_pinned = True
        if self.own_file_button is not None:
            self.own_file_button.setText(Path(path).name)
        if self.own_check is not None and not self.own_check.isChecked():
            self.own_check.setChecked(True)  # emits settings_changed
        else:
            self.settings_changed.emit()
        return True

    def with_own(self, settings: Any) -> Any:
        """``settings`` with the own-strategy fields as this widget shows them."""
        if self.own_check is None:
            return settings
        source, name = self._own_text
        return changed(settings, own=self.own_check.isChecked(), own_source=source, own_name=name)

    def show_own(self, settings: Any) -> None:
        """Show the own-strategy fields of ``settings`` (kept for ``with_own``)."""
        if self.own_check is None:
            return
        self._own_text = (getattr(settings, "own_source", ""), getattr(settings, "own_name", ""))
        self.own_pinned = False
        if self.own_file_button is not None:
            self.own_file_button.setText(QCoreApplication.translate("OwnStrategy", "File…"))
        self.own_check.blockSignals(True)
        self.own_check.setChecked(bool(getattr(settings, "own", False)))
        self.own_check.blockSignals(False)

    def settings(self, rows: int, cols: int) -> Any:
        raise NotImplementedError

    def set_settings(self, settings: Any) -> None:
        raise NotImplementedError

    def board_changed(self, rows: int, cols: int) -> None:
        """The board's size changed (before its settings are read): options that depend on
        it can follow (a construction may apply to some sizes only)."""

    #: The board's squares can be removed (Edit board).
    editable_board = False

    def holes(self) -> frozenset[tuple[int, int]]:
        """Removed squares as (row, col)."""
        return frozenset()

    def set_holes(self, holes: frozenset[tuple[int, int]]) -> None:
        """New removed squares (the board editor); emits settings_changed when they change."""


class Puzzle(QObject, Generic[S]):
    """One puzzle's presenter, for settings of type ``S``. Subclasses fill in the methods
    that raise NotImplementedError; the domain's defaults ask the engine's spec."""

    #: Stable identifier (item data of ``puzzleCombo``, history, saved runs).
    key = ""
    #: Where the puzzle selector lists it (smaller first).
    order = 100
    #: Largest board side the window offers.
    max_side = 100
    #: Rows and columns always equal.
    square_only = False
    #: The user places a piece before the run (its start square).
    movable_start = True
    #: The puzzle's own controls set the board's size (from its problem): no size boxes.
    sized_by_settings = False
    #: The board takes typing while idle (``key_on_square``): the problem is typed on it.
    types_on_board = False

    @property
    def spec(self) -> PuzzleSpec[Any]:
        """The engine's spec of this puzzle (same key): its domain knowledge."""
        return spec(self.key)

    def problem(self, settings: S, start: int = -1) -> Any:
        """The spec's problem of these settings from ``start`` (-1: no piece placed before
        the run, or a question that does not depend on where it is)."""
        raise NotImplementedError

    def strategy_key(self, settings: S) -> str:
        """The spec's strategy (one of ``spec.strategies``) these settings choose."""
        return self.spec.strategies[0] if self.spec.strategies else ""

    def search_options(self, settings: S, anyway: bool) -> Mapping[str, Any]:
        """The strategy's options for the spec's ``make_search``; ``anyway``: search even
        where a known fact says there is no solution."""
        return {}

    def _states_its_problem(self) -> bool:
        """``problem`` is filled in: the optional domain questions' defaults ask the spec
        (a presenter without it keeps their old answers, None)."""
        return type(self).problem is not Puzzle.problem

    def _problem_of(self, settings: S, search: Search) -> Any:
        """The problem of a search made from ``settings`` (its piece placed first)."""
        return self.problem(settings, search.initial[0] if search.initial else -1)

    def title(self) -> str:
        raise NotImplementedError

    def default_settings(self) -> S:
        raise NotImplementedError

    def with_size(self, settings: S, rows: int, cols: int) -> S:
        return changed(settings, rows=rows, cols=cols)

    def decode_settings(self, values: dict[str, Any]) -> S:
        """Settings from a JSON object (a history row, a saved run): every field typed as
        the default's (a missing one takes the default), the board within this puzzle's
        range. ValueError with a short reason for anything else."""
        base = self.default_settings()
        changes: dict[str, Any] = {}
        for name in base.__dataclass_fields__:  # type: ignore[attr-defined]
            if name not in values:
                continue
            value, default = values[name], getattr(base, name)
            if type(value) is not type(default):
                raise ValueError(f"setting {name!r} has the wrong type")
            changes[name] = value
        settings = changed(base, **changes)
        if not (1 <= settings.rows <= self.max_side and 1 <= settings.cols <= self.max_side):
            raise ValueError("the board size is out of range")
        if self.square_only and settings.rows != settings.cols:
            raise ValueError("this puzzle's board must be square")
        return self.check_settings(settings)

    def check_settings(self, settings: S) -> S:
        """The puzzle's own range checks on decoded settings (ValueError if out of range)."""
        return settings

    def race_defaults(self) -> tuple[S, S]:
        """The two strategies a race starts with (at the default board size)."""
        raise NotImplementedError

    def constructs(self, settings: S) -> bool:
        """The run builds its answer without search (a construction): the window
        then says "Constructing", not "Searching"."""
        return False

    def panels(self) -> frozenset[str]:
        """The optional panels (docks) this puzzle shows: CODE, STACK, CONSTRAINTS, SOLUTIONS."""
        return frozenset({CODE, STACK})

    def values(self, settings: S) -> int:
        """How many values a square may hold: an event ``x >= 0`` puts value
        ``x // (rows * cols)`` on square ``x % (rows * cols)`` (1: a piece is a piece)."""
        return 1

    def key_on_square(self, settings: S, square: int, text: str) -> S | None:
        """Settings after the user typed ``text`` on ``square`` of the idle board (""
        for Delete or Backspace), or None when the puzzle takes no typing there."""
        return None

    def idle_text(self, settings: S) -> str:
        """The status line before a run, when the puzzle says more than the window's own
        ("" for the window's)."""
        return ""

    def legend(self) -> list[tuple[S, tuple[int, ...], dict[str, Any], str, str]]:
        """The puzzle's own sections of Help › Board legend: a position to picture (settings,
        path, and ``board_picture``'s options: start, upcoming, flash), a title and an HTML
        text. The window's own sections cover the puzzles that have none."""
        return []

    def map_refusal(self) -> str:
        """Why the start-square map does not apply, for a puzzle without ``sweep_options``
        (the map's menu action and panel say it instead of showing nothing)."""
        return self.tr("No start square to map: this puzzle always starts the same way")

    def event_name(self, settings: S, event: int) -> str:
        """An event's name as panels print it (a square's name; a backtrack's square)."""
        board = Board(settings.rows, settings.cols)
        return board.name((event if event >= 0 else ~event) % (settings.rows * settings.cols))

    def pick_event(self, settings: S, square: int, fx: float, fy: float) -> int:
        """The event a click means when the learner answers on the board ("your turn"):
        ``fx``, ``fy`` where in the square (0..1 from its top left); the square itself
        unless a square holds several values."""
        return square

    def problem_key(self, settings: S) -> Any:
        """What makes two runs' problems the same, whatever their strategies (the
        comparison compares runs of one problem): the board's size and shape."""
        return (settings.rows, settings.cols, self.shape(settings))

    def depth_shown(self, settings: S, model: BoardModel) -> int:
        """The counters' depth at the model's position ("covered"; with derived pieces, such
        as forced fills, more than the path)."""
        return len(model.path)

    def depth_total(self, settings: S) -> int:
        """The depth a solution reaches (the counters' "covered / total")."""
        return settings.rows * settings.cols

    def sweep_options(self, settings: S) -> SweepOptions | None:
        """What the start-square map runs from every square (None: nothing to map)."""
        return None

    def closing(self, settings: S, result: Result | None) -> bool:
        """The board draws the closing move of this finished run (a closed tour)."""
        return False

    def complete(self, settings: S, result: Result) -> bool:
        """The search tried everything (exhausted, or found every solution): its explored
        gauge reads exactly 1 at the end."""
        if result.outcome is Outcome.EXHAUSTED:
            return True
        return result.outcome is Outcome.SOLVED and self.solution_depth(settings) is not None

    def export_formats(self, settings: S) -> list[RunFormat]:
        """The text layouts File › Export run offers for this puzzle (pictures are added)."""
        raise NotImplementedError

    def page_run(
        self, settings: S, start: int, result: Result, recording: RecordingData, lang: str
    ) -> PageRun:
        """The run as the shareable HTML page needs it (File › Export run, Interactive page)."""
        raise NotImplementedError

    def export_text(
        self,
        settings: S,
        start: int,
        result: Result,
        solutions: Sequence[tuple[int, ...]],
        fmt: str,
    ) -> str:
        """The run as the command line prints the same search in layout ``fmt``; ValueError
        for an unknown layout, ExportRefused for one this run cannot be written in."""
        return str(self.spec.format_result(self.problem(settings, start), result, solutions, fmt))

    def file_name(self, settings: S, start: int) -> str:
        """A file name (no suffix) that says what the run was: its key, size and strategy."""
        raise NotImplementedError

    def solution_text(self, settings: S, solution: tuple[int, ...]) -> str:
        """A solution in one line of square names (the Solutions list)."""
        board = Board(settings.rows, settings.cols)
        return " ".join(board.name(sq) for sq in solution)

    def constraint_layout(self, settings: S) -> str | None:
        """How the constraints panel draws this puzzle's state (None: no such panel)."""
        return None

    def start_name(self, settings: S, start: int) -> str:
        """The start square's name as the history shows it ("—" without a start)."""
        return "—"

    def create_settings_widget(
        self, parent: QWidget | None = None, compact: bool = False
    ) -> SettingsWidget:
        """The strategy's controls; ``compact``: in as few lines as possible (a race)."""
        raise NotImplementedError

    def initial(self, settings: S, start: int) -> tuple[int, ...]:
        """Squares occupied before the first event."""
        return tuple(self.spec.initial(self.problem(settings, start)))

    def make_search(
        self,
        settings: S,
        start: int,
        anyway: bool,
        solutions: SolutionLog | None,
        backend: str | None = None,
    ) -> Search:
        """The engine search; ``backend`` forces one (the explaining shadow uses Python)."""
        search: Search = self.spec.make_search(
            self.problem(settings, start),
            self.strategy_key(settings),
            backend=backend,
            on_solution=solutions.add if solutions is not None else None,
            options=self.search_options(settings, anyway),
        )
        return search

    # -- the learner's own strategy ------------------------------------------------------------

    #: The presenter methods whose answer explains a built-in rule: a run of the learner's
    #: own strategy has none to explain (no tree to draw or estimate, no next move to
    #: guess), and is named by its file. ``__init_subclass__`` puts ``_own_answer`` in front
    #: of each presenter's own definition, so no presenter has to remember it.
    OWN_ANSWERS = (
        "describe",
        "strategy_name",
        "forecast_subject",
        "tree_children",
        "next_event",
        "tree_probe",
        "subtree_probe",
        "predict_tie",
        "tree_goal",
        "rival",
        "file_name",
        "sweep_options",
        "narrate",
        "page_run",
        "program",
    )

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in Puzzle.OWN_ANSWERS:
            if name in cls.__dict__:
                setattr(cls, name, _answering_own(name, cls.__dict__[name]))

    def own(self, settings: S) -> bool:
        """The learner's own strategy runs these settings (not a built-in one)."""
        return bool(getattr(settings, "own", False))

    def plain(self, settings: S) -> S:
        """The built-in settings closest to a learner's strategy: the plain order, with no
        option it would ignore (what its command line is built from, with --strategy-file
        in place of the strategy's own options)."""
        return self.builtin(settings)

    def builtin(self, settings: S) -> S:
        """The settings without the learner's strategy: what the built-in runs."""
        if not any(hasattr(settings, f) for f in OWN_FIELDS):
            return settings
        return changed(settings, own=False, own_source="", own_name="")

    def with_source(self, settings: S, source: str, name: str) -> S:
        """Settings that run ``source`` (the editor's text when Start is pressed)."""
        return changed(settings, own_source=source, own_name=name)

    def own_source(self, settings: S) -> str:
        """The learner's strategy's text these settings carry ("" before Start took it)."""
        return str(getattr(settings, "own_source", ""))

    def own_name(self, settings: S) -> str:
        """The learner's strategy as the history and a race name it: its file's name."""
        name = str(getattr(settings, "own_name", ""))
        return name or QCoreApplication.translate("OwnStrategy", "your strategy")

    def own_program(self, settings: S) -> Program:
        """The code panel's program for a strategy of one's own (``settings``: the
        built-in's): where the learner's function is called. By default the built-in's."""
        return self.program(settings)

    def own_template(self) -> str:
        """A strategy for this puzzle to start from, shown when the editor is empty: the
        functions the spec's search calls, returning what they are given (the built-in
        plain order), for the learner to change."""
        functions = self.spec.custom_functions
        if "order" in functions:
            return ORDER_TEMPLATE
        if "cell" in functions:
            return CELL_TEMPLATE
        return ""

    def own_answer(self, name: str, settings: S, *args: Any) -> Any:
        """What ``name`` (one of OWN_ANSWERS) says of a run of the learner's strategy."""
        if name in ("describe", "strategy_name", "forecast_subject"):
            text = self.own_name(settings)  # a file's name stays as it is spelt
            named = bool(getattr(settings, "own_name", ""))
            return capitalised(text) if name != "describe" and not named else text
        if name == "narrate":
            model: BoardModel = args[0]
            if args[1] is not None or not model.last_events:
                return ""
            last = model.last_events[-1]
            what = self.event_name(settings, last)
            if last >= 0:
                words = QCoreApplication.translate("OwnStrategy", "{0} tried {1}.")
            else:
                words = QCoreApplication.translate("OwnStrategy", "{0} took {1} back.")
            return words.format(self.own_answer("strategy_name", settings), what)
        if name in ("tree_children", "next_event"):
            shadow = args[0]
            if not isinstance(shadow, OwnShadow):
                return None
            if name == "tree_children":
                return shadow.kids
            base = self.builtin(settings)
            return self.spec.next_event(
                self.problem(base), self.strategy_key(base), args[1], args[2], shadow.kids
            )
        if name in ("tree_probe", "subtree_probe"):
            found = (
                self.own_shadows.get((settings, args[0]))
                if name == "tree_probe"
                else self.own_shadows.like(cast(Hashable, settings))
            )
            if found is None:
                return None
            return found.probe() if name == "tree_probe" else found.probe(args[0])
        if name == "program":
            return self.own_program(self.builtin(settings))
        if name == "tree_goal":
            return self.solution_depth(settings)
        if name == "rival":  # the built-in it departs from
            base = self.builtin(settings)
            return base, self.strategy_name(base)
        if name == "file_name":
            base = self.builtin(settings)
            stem = str(getattr(settings, "own_name", "")).removesuffix(".py") or "own"
            return f"{self.key}-{base.rows}x{base.cols}-{stem}"
        return None

    def run_search(
        self,
        settings: S,
        start: int,
        anyway: bool,
        solutions: SolutionLog | None,
        cancel: Callable[[], bool] | None = None,
    ) -> Search:
        """The run's search: the built-in's, or the learner's strategy in a child process
        (its code never runs in the window's process); ``cancel``: stop waiting for the
        child at once (Stop while the learner's function is still thinking)."""
        if not self.own(settings):
            return self.make_search(settings, start, anyway, solutions)
        from knightviz.engine.strategies import user_search

        base = self.builtin(settings)
        strategy = self.own_strategy(settings)
        trust(strategy.source)  # the user runs it: its runs may be explained
        search: Search = user_search(
            self.key,
            self.problem(base, start),
            strategy,
            every=self.solution_depth(base) is not None,
            on_solution=solutions.add if solutions is not None else None,
            options=self.search_options(base, anyway),
            cancel=cancel,
        )
        return search

    def own_strategy(self, settings: S) -> Any:
        """The engine's ``UserStrategy`` these settings run."""
        from knightviz.engine.strategies import UserStrategy

        return UserStrategy(
            source=self.own_source(settings),
            name=self.own_name(settings),
            seed=int(getattr(settings, "seed", 0)),
        )

    @functools.cached_property
    def own_shadows(self) -> Shadows:
        """The explained runs of the learner's strategy (closed with the window)."""
        return Shadows()

    def explain_search(self, settings: S, start: int, anyway: bool) -> Any:
        """The Python search the panels replay positions with (its stack, its tree). For a
        learner's strategy, an ``OwnShadow``: its code rebuilds the positions in a process
        of its own, and only once the user has run it in this session (opening a run file
        never executes its code); None before that."""
        if not self.own(settings):
            return self.make_search(settings, start, anyway, None, backend="python")
        if not trusted(self.own_source(settings)):
            return None
        key = (settings, start)
        shadow = self.own_shadows.get(key)
        if shadow is None:
            base = self.builtin(settings)
            problem = self.problem(base, start)
            shadow = OwnShadow(
                self.key,
                problem,
                self.own_strategy(settings),
                self.spec.initial(problem),
                every=self.solution_depth(base) is not None,
                options=dict(self.search_options(base, anyway)),
            )
            self.own_shadows.keep(key, shadow)
        return shadow

    def solution_depth(self, settings: S) -> int | None:
        """A move that brings the path to this length completes a solution, for puzzles that
        report many (None: the run's result is its one solution)."""
        if not self._states_its_problem():
            return None
        depth: int | None = self.spec.solution_depth(
            self.problem(settings), self.strategy_key(settings)
        )
        return depth

    def verdict(self, settings: S, start: int) -> str | None:
        """Why no solution can exist, known without searching, or None."""
        return None

    def shape(self, settings: S) -> Shape:
        """The board's holes and piece (a full board and the default piece unless the puzzle
        has an editable board)."""
        return FULL

    def rules(self, settings: S) -> Rules | None:
        """What a recording of this puzzle may do, to replay a saved run against before it is
        shown (None: nothing checked beyond the recording's own consistency)."""
        if not self._states_its_problem():
            return None
        rules: Rules | None = self.spec.rules(self.problem(settings))
        return rules

    def board_text(self, settings: S) -> str:
        """The board in a few characters (the history's Board column): ``8×8``."""
        return fmt_size(settings.rows, settings.cols)

    def marked(self, settings: S, start: int) -> tuple[int, ...]:
        """Squares the verdict is about, marked on the board (those out of reach)."""
        return ()

    def describe(self, settings: S) -> str:
        """The strategy in a few words (history, status bar)."""
        raise NotImplementedError

    def strategy_name(self, settings: S) -> str:
        """The strategy in a learner's words, capitalised ("Warnsdorff's rule")."""
        return capitalised(self.describe(settings))

    def forecast_subject(self, settings: S, start: int) -> str:
        """The run as the forecast above the board names it ("Plain backtracking from c3")."""
        return self.describe(settings)

    def rival(self, settings: S) -> tuple[S, str] | None:
        """The strategy to race this one against, and its name (None: no race offered)."""
        return None

    def describe_result(self, settings: S, start: int, result: Result, model: BoardModel) -> str:
        """The status line after a run: what happened, in the user's terms."""
        raise NotImplementedError

    def comparison_words(self) -> tuple[str, str]:
        """Where the comparison says the other run was made: the invitation ("Run {0} from
        the same square to compare.") and the second run's line ("{0} from the same square:
        {1}"), each with its place holders."""
        if self.movable_start:
            return (
                QCoreApplication.translate(
                    "Comparison", "Run {0} from the same square to compare."
                ),
                QCoreApplication.translate("Comparison", "{0} from the same square: {1}"),
            )
        return (
            QCoreApplication.translate("Comparison", "Run {0} on the same board to compare."),
            QCoreApplication.translate("Comparison", "{0} on the same board: {1}"),
        )

    def outcome_text(self, result: Result) -> str:
        """One or two words for the history's Outcome column."""
        outcome = result.outcome
        if outcome is Outcome.SOLVED:
            return self.tr("solved")
        if outcome is Outcome.EXHAUSTED:
            return self.tr("no solution")
        if outcome is Outcome.LIMIT:
            return self.tr("step limit")
        if outcome is Outcome.CANCELLED:
            return self.tr("stopped")
        return self.tr("impossible")

    def counter_titles(self) -> tuple[str, str, str]:
        """Titles of the moves, backtracks and depth counters."""
        return (self.tr("Moves"), self.tr("Backtracks"), self.tr("Squares covered"))

    def create_layers(self) -> list[Layer]:
        """Fresh paint layers for one board widget (each keeps its own caches)."""
        raise NotImplementedError

    def configure_layers(self, layers: list[Layer], settings: S) -> None:
        """Adjust this puzzle's layers to the settings (e.g. degrees only with Warnsdorff)."""

    def slow_hint(
        self,
        settings: S,
        steps: int,
        depth: int,
        explored: float | None = None,
        speed: float = math.inf,
    ) -> tuple[str, ...] | None:
        """Advice when a run is taking far longer than the board's size suggests, or None:
        its wordings, longest first (the banner shows the first that fits it whole).
        ``explored``: the explored fraction of the whole tree, when known; ``speed``: the
        run's steps per second (inf: unlimited)."""
        return None

    # -- explaining the search (stack panel, code panel, narration, gauge) ---------------------

    def program(self, settings: S) -> Program:
        """The algorithm of this strategy, for the code panel."""
        raise NotImplementedError

    def stack_source(
        self, settings: S, model: BoardModel, stack: Sequence[StackLevel]
    ) -> StackSource:
        """How the stack panel words this puzzle's stack levels."""
        raise NotImplementedError

    def levels(self, settings: S, stack: Sequence[StackLevel]) -> Iterator[tuple[int, int]]:
        """(children, finished) per level, for the explored gauge."""
        raise NotImplementedError

    def tree_children(self, settings: S, search: Search) -> Children | None:
        """A node's children in the order the strategy tries them (the search tree panel);
        ``search``: a Python search of these settings. None: no tree."""
        if not self._states_its_problem():
            return None
        children: Children | None = self.spec.children(
            self._problem_of(settings, search), self.strategy_key(settings)
        )
        return children

    def next_event(
        self, settings: S, search: Search, path: Sequence[int], last: int | None
    ) -> int | None:
        """The event the search takes next from ``path`` after ``last`` (None at the
        start): a square, ``~square`` for a backtrack, None when it stops there. The "your
        turn" mode's question; None too for a puzzle that cannot say."""
        if not self._states_its_problem():
            return None
        event: int | None = self.spec.next_event(
            self._problem_of(settings, search), self.strategy_key(settings), path, last
        )
        return event

    def predict_question(self, settings: S) -> str:
        """The "your turn" question before each decision."""
        return self.tr("Your turn: what does the search do next? Click a square, or press B.")

    def predict_again(self, settings: S) -> str:
        """The question's short form, once the whole one has been asked."""
        return self.tr("Your turn: the next step? Click its square, or press B for back.")

    def predict_hint(self, settings: S, model: BoardModel, options: Sequence[int]) -> str:
        """What the "hint" setting adds to the question (the choices' figures), or ""."""
        return ""

    def predict_tie(
        self, settings: S, model: BoardModel, options: Sequence[int], expected: int
    ) -> Tie | None:
        """The choices the rule ranks level with ``expected`` (the event the search takes
        next from ``model``'s position), when there are several; None: no tie (a fixed
        order has none)."""
        return None

    def tree_goal(self, settings: S) -> int | None:
        """The depth at which a move completes a solution, for the tree's marks (None:
        the run's own end tells)."""
        return self.solution_depth(settings)

    def subtree_probe(self, settings: S, path: Sequence[int]) -> Probe | None:
        """Knuth's probe of the subtree below ``path`` (the tree panel's hover)."""
        return None

    def tree_probe(self, settings: S, start: int) -> Probe | None:
        """One random root-to-leaf walk of this search's tree (Knuth), or None when the
        search has no tree to estimate (a greedy walk)."""
        return None

    def narrate(self, settings: S, model: BoardModel, finished: Result | None) -> str:
        """One line: what the search just did, and why."""
        return ""

    def code_line(self, settings: S, model: BoardModel, finished: Result | None) -> int:
        """The program line the last event executed (see ``programs.py``), or 0."""
        program = self.program(settings)
        if finished is not None:
            if finished.outcome is Outcome.SOLVED:
                return program.line_for(SOLVED)
            if finished.outcome is Outcome.EXHAUSTED:
                return program.line_for(EXHAUSTED)
        if model.considered:
            return program.line_for(decode(model.considered[-1]).kind)
        if model.last_events:
            return program.line_for(MOVE if model.last_events[-1] >= 0 else BACKTRACK)
        return 0

    def code_variables(self, settings: S, model: BoardModel, stack: Sequence[StackLevel]) -> str:
        """The program's variables at the highlighted line, in one line."""
        return ""


for _name in Puzzle.OWN_ANSWERS:  # the defaults answer for the learner's strategy too
    setattr(Puzzle, _name, _answering_own(_name, Puzzle.__dict__[_name]))
