"""The Sudoku presenter: the engine's Sudoku spec in the window.

A run puts digits in cells: a placement is a step forward, its removal a step back, and an
event is ``(digit - 1) * N² + cell`` (the board model holds N values per square). Forced
fills (naked singles) are no events: the grid at any position is derived from the givens and
the placements on the path (the engine's ``propagate``), which is also what the board paints.
Everything the search does comes from the spec (``knightviz.engine.puzzles.spec("sudoku")``):
its searches, verdicts, children and text layouts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from typing import Any

from PySide6.QtWidgets import QWidget

from knightviz import page
from knightviz.engine import Outcome, Result, Search
from knightviz.engine.estimate import Probe, children_probe
from knightviz.engine.events import StackLevel
from knightviz.engine.puzzles import ProblemError, PuzzleSpec, spec
from knightviz.engine.puzzles.sudoku.problem import BOXES, SudokuProblem, propagate
from knightviz.engine.puzzles.sudoku.problem import Board as Grid
from knightviz.engine.recording import RecordingData
from knightviz.engine.tree import Children, next_event
from knightviz.gui.board.layers import Layer
from knightviz.gui.board.model import BoardModel
from knightviz.gui.puzzles.base import (
    CODE,
    CURRENT,
    DONE,
    NEXT,
    STACK,
    Chip,
    Puzzle,
    RunFormat,
    SettingsWidget,
    StackSource,
)
from knightviz.gui.puzzles.programs import Program
from knightviz.gui.puzzles.sudoku_paint import (
    DecidedLayer,
    DigitsLayer,
    GridLayer,
    NextLayer,
    State,
    StateLayer,
    digit_text,
    pencil_digit,
)
from knightviz.gui.puzzles.sudoku_widget import (
    DLX,
    MRV,
    PLAIN,
    SIZES,
    STRATEGIES,
    SudokuSettingsWidget,
    clean,
)
from knightviz.gui.puzzles.sudoku_words import CELL, COLUMN, ROW, Decision, decision, program
from knightviz.gui.puzzles.sudoku_words import OWN as OWN_PROGRAM
from knightviz.gui.solver.feed import SolutionLog
from knightviz.gui.text import count_of, fmt_int, fmt_size
from knightviz.page import PageRun

KEY = "sudoku"
#: The characters of a cell: 0 for a blank, then the digits 1 to 16.
DIGITS_16 = "0123456789ABCDEFG"
#: Each size's boxes (rows × columns of a box), as the engine has them.
BOX_SHAPES = BOXES
#: A run past this many steps on plain backtracking gets the advice to try MRV.
SLOW_STEPS = 200_000


def the_spec() -> PuzzleSpec[Any]:
    return spec(KEY)


def examples() -> tuple[tuple[str, str], ...]:
    """The spec's built-in puzzles (name, problem), easy to hardest."""
    command = the_spec().command
    return command.examples if command is not None else ()


def default_problem() -> str:
    """The first 9×9 built-in puzzle (the easiest), else the empty 9×9 grid."""
    for _, text in examples():
        if len(clean(text)) == 81:
            canon: str = the_spec().text(problem_of(clean(text)))
            return canon
    return "." * 81


@dataclass(frozen=True, slots=True)
class SudokuSettings:
    rows: int = 9
    cols: int = 9
    #: ``plain``, ``mrv`` or ``dlx``.
    strategy: str = PLAIN
    #: Fill forced cells (naked singles) after every placement (plain and MRV).
    singles: bool = False
    #: The problem: N² characters, ``.`` for a blank (the presenter's default: a built-in one).
    problem: str = "." * 81
    #: The learner's own strategy chooses the cell and orders its digits (``Puzzle.own``).
    own: bool = False
    own_source: str = ""
    own_name: str = ""


@lru_cache(maxsize=64)
def problem_of(text: str) -> SudokuProblem:
    problem: SudokuProblem = the_spec().parse(text)
    return problem


def options_of(s: SudokuSettings) -> dict[str, Any]:
    return {"singles": s.singles and s.strategy != DLX}


def cell_name(n: int, cell: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


class SudokuPuzzle(Puzzle[SudokuSettings]):
    key = KEY
    order = 20
    max_side = 16
    square_only = True
    movable_start = False
    sized_by_settings = True
    types_on_board = True

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        #: The grids last worked out, by (model, version, problem, forced fills): the
        #: window's board and a race's two boards share this presenter.
        self._states: dict[tuple[int, int, str, bool], State] = {}

    # -- settings -----------------------------------------------------------------------------

    def title(self) -> str:
        return self.tr("Sudoku")

    def default_settings(self) -> SudokuSettings:
        return SudokuSettings(problem=default_problem())

    def make_settings(self, n: int, strategy: str, singles: bool, problem: str) -> SudokuSettings:
        return SudokuSettings(n, n, strategy, singles, problem)

    def examples(self) -> tuple[tuple[str, str], ...]:
        return examples()

    def example_title(self, name: str) -> str:
        """A built-in puzzle's name in the user's language (the engine's English name for
        one this list does not know)."""
        known = {
            "4×4 starter": self.tr("4×4 starter"),
            "6×6 starter": self.tr("6×6 starter"),
            "easy": self.tr("easy"),
            "easy (Project Euler 96, grid 1)": self.tr("easy (Project Euler 96, grid 1)"),
            "AI Escargot (Arto Inkala)": self.tr("AI Escargot (Arto Inkala)"),
            "Arto Inkala's 2012 puzzle": self.tr("Arto Inkala's 2012 puzzle"),
            "Easter Monster": self.tr("Easter Monster"),
            "against brute force (17 givens)": self.tr("against brute force (17 givens)"),
            "hard (19 million plain steps)": self.tr("hard (19 million plain steps)"),
        }
        return known.get(name, name)

    def size_label(self, n: int) -> str:
        return fmt_size(n, n)

    def strategy_label(self, key: str) -> str:
        return {
            PLAIN: self.tr("Plain: the first empty cell"),
            MRV: self.tr("MRV: the fewest candidates first"),
            DLX: self.tr("Dancing Links (Algorithm X)"),
        }[key]

    def with_size(self, settings: SudokuSettings, rows: int, cols: int) -> SudokuSettings:
        if rows == settings.rows or rows not in SIZES:
            return settings
        return replace(settings, rows=rows, cols=rows, problem="." * (rows * rows))

    def check_settings(self, settings: SudokuSettings) -> SudokuSettings:
        s = settings
        if s.strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {s.strategy!r}")
        if s.rows not in SIZES or s.rows != s.cols:
            raise ValueError("a sudoku is 4×4, 6×6, 9×9 or 16×16")
        if len(s.problem) != s.rows * s.cols:
            raise ValueError("the problem does not fit the size")
        try:
            problem_of(s.problem)
        except ProblemError as exc:
            raise ValueError(exc.message) from None
        return s

    def problem_error(self, text: str) -> str | None:
        """Why ``text`` is no problem, in the user's words (where: its character's place in
        ``text``), or None when the engine reads it."""
        try:
            problem_of(text)
        except ProblemError as exc:
            column = exc.column
        else:
            return None
        cells = sum(1 for ch in text if ch.upper() in "." + DIGITS_16)
        if 0 < column <= len(text):
            ch = text[column - 1]
            if ch.upper() not in "." + DIGITS_16:
                return self.tr(
                    "Character {0}, “{1}”, is not a digit: write 1-9 (A-G up to 16), and . or 0 "
                    "for a blank."
                ).format(column, ch)
            n = next((n for n in SIZES if n * n == cells), 0)
            if n and ".123456789ABCDEFG".find(ch.upper()) > n:
                return self.tr("Character {0}, {1}, is too large for a {2}×{2} grid.").format(
                    column, ch, n
                )
        return self.tr(
            "{0} cells: a Sudoku has 16, 36, 81 or 256 (4×4, 6×6, 9×9 or 16×16)."
        ).format(cells)

    def canonical(self, text: str) -> str:
        """A readable problem as the settings keep it: ``.`` for blanks, capitals."""
        canon: str = the_spec().text(problem_of(text))
        return canon

    def key_on_square(
        self, settings: SudokuSettings, square: int, text: str
    ) -> SudokuSettings | None:
        n = settings.rows
        if not 0 <= square < n * n:
            return None
        ch = text.upper()
        if ch in ("", ".", "0"):
            ch = "."
        elif ".123456789ABCDEFG".find(ch) < 1 or ".123456789ABCDEFG".find(ch) > n:
            return None
        cells = list(settings.problem)
        if cells[square] == ch:
            return None
        cells[square] = ch
        return replace(settings, problem="".join(cells))

    def create_settings_widget(
        self, parent: QWidget | None = None, compact: bool = False
    ) -> SettingsWidget:
        return SudokuSettingsWidget(self, parent, compact)

    def describe(self, settings: SudokuSettings) -> str:
        how = {
            PLAIN: self.tr("plain backtracking"),
            MRV: self.tr("fewest candidates first (MRV)"),
            DLX: self.tr("Dancing Links"),
        }[settings.strategy]
        if settings.singles and settings.strategy != DLX:
            return self.tr("{0} · forced cells filled").format(how)
        return how

    def strategy_name(self, settings: SudokuSettings) -> str:
        name = {
            PLAIN: self.tr("Plain backtracking"),
            MRV: self.tr("MRV"),
            DLX: self.tr("Dancing Links"),
        }[settings.strategy]
        if settings.singles and settings.strategy != DLX:
            return self.tr("{0} with forced cells").format(name)
        return name

    def forecast_subject(self, settings: SudokuSettings, start: int) -> str:
        return self.tr("{0} on this {1} Sudoku").format(
            self.strategy_name(settings), fmt_size(settings.rows, settings.cols)
        )

    def rival(self, settings: SudokuSettings) -> tuple[SudokuSettings, str] | None:
        if settings.strategy == PLAIN:
            return replace(settings, strategy=MRV), self.tr("MRV")
        if settings.strategy == MRV:
            return replace(settings, strategy=DLX, singles=False), self.tr("Dancing Links")
        return replace(settings, strategy=MRV), self.tr("MRV")

    def race_defaults(self) -> tuple[SudokuSettings, SudokuSettings]:
        base = self.default_settings()
        return replace(base, strategy=PLAIN), replace(base, strategy=MRV)

    def panels(self) -> frozenset[str]:
        return frozenset({CODE, STACK})

    def idle_text(self, settings: SudokuSettings) -> str:
        return self.tr(
            "Press Start (Space) to fill the grid. To change the puzzle, click a cell and type "
            "a digit (Delete clears), or paste one into the puzzle line."
        )

    def legend(self) -> list[tuple[SudokuSettings, tuple[int, ...], dict[str, Any], str, str]]:
        s = replace(self.default_settings(), problem="1..4.4..2....3..", rows=4, cols=4)
        n = 4
        try:
            problem_of(s.problem)
        except ProblemError:
            return []
        path = ((2 - 1) * n * n + 1, (3 - 1) * n * n + 2)  # r1c2 = 2, r1c3 = 3
        options: dict[str, Any] = {"upcoming": (3 - 1) * n * n + 4, "flash": 6}  # r2c1 = 3
        text = self.tr(
            "<p>Givens are <b>bold</b>, the search's placements <b>blue</b>, cells forced "
            "by a single candidate (Fill forced cells) <b>green italic</b>. Each empty cell "
            "shows its candidates as small <b>pencil marks</b>, each digit in its own place "
            "(at paced speeds and when paused).</p>"
            "<p>The cell of the last step is tinted with its row, column and box; a "
            "<b>dashed green frame</b> marks the cell filled next, and a removal flashes "
            "its cell red.</p>"
        )
        return [(s, path, options, self.tr("Sudoku"), text)]

    def map_refusal(self) -> str:
        return self.tr(
            "The start map compares the squares a piece can start from: a Sudoku has no start "
            "square, so there is nothing to map"
        )

    def problem_key(self, settings: SudokuSettings) -> Any:
        return (settings.rows, settings.problem)

    def board_text(self, settings: SudokuSettings) -> str:
        problem = problem_of(settings.problem)
        return self.tr("{0}, {1} givens").format(
            fmt_size(settings.rows, settings.cols), problem.givens
        )

    # -- the search ---------------------------------------------------------------------------

    def values(self, settings: SudokuSettings) -> int:
        return int(settings.rows)

    def problem(self, settings: SudokuSettings, start: int = -1) -> SudokuProblem:
        return problem_of(settings.problem)

    def strategy_key(self, settings: SudokuSettings) -> str:
        return settings.strategy

    def search_options(self, settings: SudokuSettings, anyway: bool) -> Mapping[str, Any]:
        return options_of(settings)

    def solution_depth(self, settings: SudokuSettings) -> int | None:
        """None: a window run stops at its first solution, its last step (forced fills make
        the depth of a solution vary)."""
        return None

    def initial(self, settings: SudokuSettings, start: int) -> tuple[int, ...]:
        return ()

    def make_search(
        self,
        settings: SudokuSettings,
        start: int,
        anyway: bool,
        solutions: SolutionLog | None,
        backend: str | None = None,
    ) -> Search:
        s = settings
        return the_spec().make_search(
            problem_of(s.problem),
            s.strategy,
            backend=backend,
            on_solution=solutions.add if solutions is not None else None,
            options=options_of(s),
        )

    def depth_total(self, settings: SudokuSettings) -> int:
        return int(problem_of(settings.problem).blanks)

    def depth_shown(self, settings: SudokuSettings, model: BoardModel) -> int:
        if not (settings.singles and settings.strategy != DLX):
            return len(model.path)
        st = self.state(settings, model)
        return sum(1 for k in st.kinds if k in ("p", "f"))

    def solved(self, settings: SudokuSettings, path: Sequence[int]) -> bool:
        """Every cell filled after ``path`` (with forced fills when they are on)."""
        problem = problem_of(settings.problem)
        if not options_of(settings)["singles"]:
            return len(path) == problem.blanks
        return 0 not in propagate(problem, path, True).grid

    def tree_goal(self, settings: SudokuSettings) -> int | None:
        depth: int | None = the_spec().solution_depth(
            problem_of(settings.problem), settings.strategy, options_of(settings)
        )
        return depth

    def verdict(self, settings: SudokuSettings, start: int) -> str | None:
        v = the_spec().verdict(problem_of(settings.problem))
        if v is None:
            return None
        return self.verdict_words(settings.rows, v.kind, v.args, v.sentence)

    def verdict_words(self, n: int, kind: str, args: Mapping[str, Any], sentence: str) -> str:
        if kind == "duplicate":
            unit = str(args.get("unit", ""))
            digit = digit_text(int(args.get("digit", 0)))
            index = int(args.get("index", 0))
            if unit == "row":
                return self.tr("Two {0}s in row {1}: no solution can exist.").format(digit, index)
            if unit == "column":
                return self.tr("Two {0}s in column {1}: no solution can exist.").format(
                    digit, index
                )
            return self.tr("Two {0}s in box {1}: no solution can exist.").format(digit, index)
        if kind == "no-candidate" and "cell" in args:
            return self.tr("{0} has no candidate: no solution can exist.").format(
                cell_name(n, int(args["cell"]))
            )
        return sentence

    def marked(self, settings: SudokuSettings, start: int) -> tuple[int, ...]:
        v = the_spec().verdict(problem_of(settings.problem))
        return tuple(v.squares) if v is not None else ()

    def slow_hint(
        self,
        settings: SudokuSettings,
        steps: int,
        depth: int,
        explored: float | None = None,
        speed: float = math.inf,
    ) -> tuple[str, ...] | None:
        if settings.strategy != PLAIN or steps < SLOW_STEPS:
            return None
        return (
            self.tr(
                "Plain backtracking fills the cells in reading order, whatever they hold: "
                "some puzzles are made to need millions of steps that way. MRV (the fewest "
                "candidates first) usually needs a few hundred: choose it and start again."
            ),
            self.tr("Millions of steps? Try MRV: the fewest candidates first."),
        )

    # -- writing ------------------------------------------------------------------------------

    def describe_result(
        self, settings: SudokuSettings, start: int, result: Result, model: BoardModel
    ) -> str:
        counts = self.tr("{0}, {1}, {2}").format(
            self.tr("{0} placements", "", count_of(result.moves)).format(fmt_int(result.moves)),
            self.tr("{0} removals", "", count_of(result.backtracks)).format(
                fmt_int(result.backtracks)
            ),
            self.tr("{0} steps", "", count_of(result.steps)).format(fmt_int(result.steps)),
        )
        how = self.strategy_name(settings)
        if result.outcome is Outcome.SOLVED:
            return self.tr("Solved. {0}: {1}.").format(how, counts)
        if result.outcome is Outcome.CANCELLED:
            return self.tr("Stopped after {0}.").format(counts)
        if result.outcome is Outcome.LIMIT:
            return self.tr("Stopped at the step limit: {0}.").format(counts)
        return self.tr("No solution: the search tried every possibility ({0}).").format(counts)

    def counter_titles(self) -> tuple[str, str, str]:
        return (self.tr("Placements"), self.tr("Removals"), self.tr("Cells filled"))

    def outcome_text(self, result: Result) -> str:
        if result.outcome is Outcome.IMPOSSIBLE:
            return self.tr("no solution")
        return super().outcome_text(result)

    def solution_text(self, settings: SudokuSettings, solution: tuple[int, ...]) -> str:
        s = settings
        full = propagate(problem_of(s.problem), solution, options_of(s)["singles"]).grid
        return "".join(digit_text(d) for d in full)

    def event_name(self, settings: SudokuSettings, event: int) -> str:
        n = settings.rows
        x = event if event >= 0 else ~event
        return f"{cell_name(n, x % (n * n))}={digit_text(x // (n * n) + 1)}"

    def export_formats(self, settings: SudokuSettings) -> list[RunFormat]:
        return [
            RunFormat("grid", ".txt", self.tr("The grid, with box lines (text)")),
            RunFormat("line", ".txt", self.tr("The solution in one line (text)")),
            RunFormat("json", ".json", self.tr("JSON, as knightviz sudoku prints it")),
        ]

    def export_text(
        self,
        settings: SudokuSettings,
        start: int,
        result: Result,
        solutions: Sequence[tuple[int, ...]],
        fmt: str,
    ) -> str:
        sp = the_spec()
        if fmt not in sp.formats:
            raise ValueError(f"unknown Sudoku format: {fmt!r}")
        text: str = sp.format_result(problem_of(settings.problem), result, solutions, fmt)
        return text

    def page_run(
        self,
        settings: SudokuSettings,
        start: int,
        result: Result,
        recording: RecordingData,
        lang: str,
    ) -> PageRun:
        """The page of this very recording (no second search: a plain run of the hard
        puzzle is millions of steps). A window run stops at its first solution: its last
        step, when solved."""
        s = settings
        stopped = result.outcome in (Outcome.LIMIT, Outcome.CANCELLED)
        solved = result.outcome is Outcome.SOLVED
        return page.spec_page_of(
            the_spec(),
            problem_of(s.problem),
            s.strategy,
            result,
            recording,
            limit=result.steps if stopped else None,
            options=options_of(s),
            solution_steps=[recording.length] if solved else [],
            html=self.file_name(s, start) + ".html",
            lang=lang,
        )

    def plain(self, settings: SudokuSettings) -> SudokuSettings:
        """Plain, no forced fills (a learner's strategy fills none)."""
        return replace(self.builtin(settings), strategy=PLAIN, singles=False)

    def file_name(self, settings: SudokuSettings, start: int) -> str:
        s = settings
        forced = "-singles" if s.singles and s.strategy != DLX else ""
        return f"{self.key}-{s.rows}x{s.cols}-{s.strategy}{forced}"

    # -- painting -----------------------------------------------------------------------------

    def create_layers(self) -> list[Layer]:
        return [GridLayer(), DecidedLayer(), DigitsLayer(), NextLayer()]

    def configure_layers(self, layers: list[Layer], settings: SudokuSettings) -> None:
        n = settings.rows
        for layer in layers:
            if isinstance(layer, StateLayer):
                layer.state_of = partial(self.state, settings)
            if isinstance(layer, GridLayer):
                layer.boxes = BOX_SHAPES.get(n, (3, 3))
                layer.invalidate()

    def state(self, settings: SudokuSettings, model: BoardModel) -> State:
        """The grid at the model's position (cached per model and version)."""
        s = settings
        key = (id(model), model.version, s.problem, bool(options_of(s)["singles"]))
        known = self._states.get(key)
        if known is not None:
            return known
        problem = problem_of(s.problem)
        n = problem.n
        nn = n * n
        path = [x for x in model.path if x < nn * n]
        singles = options_of(s)["singles"]
        full = propagate(problem, path, singles).grid if model.size == nn else problem.cells
        kinds = ["g" if d else "" for d in problem.cells]
        if model.size == nn:
            for x in path:
                kinds[x % nn] = "p"
            for c, d in enumerate(full):
                if d and not kinds[c]:
                    kinds[c] = "f"
        grid = Grid(replace(problem, cells=tuple(full)))
        cands = tuple(0 if d else grid.mask(c) for c, d in enumerate(full))
        focus = -1
        if model.last_events:
            last = model.last_events[-1]
            focus = (last if last >= 0 else ~last) % nn
        elif model.path:
            focus = model.path[-1] % nn
        state = State(n, problem.box_rows, problem.box_cols, full, tuple(kinds), cands, focus)
        if len(self._states) >= 8:
            self._states.clear()
        self._states[key] = state
        return state

    def pick_event(self, settings: SudokuSettings, square: int, fx: float, fy: float) -> int:
        n = settings.rows
        br, bc = BOX_SHAPES.get(n, (3, 3))
        digit = pencil_digit(n, br, bc, fx, fy)
        return (digit - 1) * n * n + square

    # -- explaining ---------------------------------------------------------------------------

    def program(self, settings: SudokuSettings) -> Program:
        return program(settings.strategy, bool(options_of(settings)["singles"]))

    def own_program(self, settings: SudokuSettings) -> Program:
        return OWN_PROGRAM

    def kids_of(self, settings: SudokuSettings) -> Children | None:
        kids: Children | None = the_spec().children(
            problem_of(settings.problem), settings.strategy, options_of(settings)
        )
        return kids

    def decision_of(self, settings: SudokuSettings, events: Sequence[int]) -> Decision | None:
        br, bc = BOX_SHAPES.get(settings.rows, (3, 3))
        return decision(settings.rows, br, bc, events)

    def decision_text(self, settings: SudokuSettings, d: Decision) -> str:
        n = settings.rows
        if d.kind == CELL:
            return cell_name(n, d.index)
        digit = digit_text(d.digit)
        if d.kind == ROW:
            return self.tr("row {0} needs {1}").format(d.index + 1, digit)
        if d.kind == COLUMN:
            return self.tr("column {0} needs {1}").format(d.index + 1, digit)
        return self.tr("box {0} needs {1}").format(d.index + 1, digit)

    def stack_source(
        self, settings: SudokuSettings, model: BoardModel, stack: Sequence[StackLevel]
    ) -> StackSource:
        n = settings.rows
        nn = n * n
        path = list(model.path)

        def label(depth: int, level: StackLevel) -> str:
            d = self.decision_of(settings, level.candidates)
            if d is not None:
                return self.decision_text(settings, d)
            dead = self._dead_cell(settings, path[:depth])
            if dead < 0:
                return self.tr("dead end")
            return self.tr("{0}: no candidate").format(cell_name(n, dead))

        def chips(depth: int, level: StackLevel) -> list[Chip]:
            d = self.decision_of(settings, level.candidates)
            placed = level.square >= 0
            out = []
            for i, x in enumerate(level.candidates):
                if placed and i == level.tried - 1:
                    state = CURRENT
                elif i < level.tried:
                    state = DONE
                else:
                    state = NEXT
                if d is not None and d.kind == CELL:
                    text = digit_text(x // nn + 1)
                else:
                    text = cell_name(n, x % nn)
                out.append(Chip(text, state, None, x % nn))
            return out

        widest = max(
            self.tr("column {0} needs {1}").format(n, digit_text(n)),
            self.tr("{0}: no candidate").format(cell_name(n, nn - 1)),
            key=len,
        )
        return StackSource(stack, chips, label, widest)

    def levels(
        self, settings: SudokuSettings, stack: Sequence[StackLevel]
    ) -> Iterator[tuple[int, int]]:
        for level in stack:
            placed = 1 if level.square >= 0 else 0
            yield len(level.candidates), max(0, level.tried - placed)

    def tree_children(self, settings: SudokuSettings, search: Search) -> Children | None:
        return self.kids_of(settings)

    def tree_probe(self, settings: SudokuSettings, start: int) -> Probe | None:
        return self.subtree_probe(settings, ())

    def subtree_probe(self, settings: SudokuSettings, path: Sequence[int]) -> Probe | None:
        if settings.strategy == DLX:
            kids = self.kids_of(settings)
            return None if kids is None else children_probe(kids, path)
        return _grid_probe(
            problem_of(settings.problem), settings.strategy, options_of(settings)["singles"], path
        )

    def next_event(
        self,
        settings: SudokuSettings,
        search: Search,
        path: Sequence[int],
        last: int | None,
    ) -> int | None:
        kids = self.kids_of(settings)
        if kids is None:
            return None
        return next_event(
            kids,
            path,
            last,
            root_depth=0,
            solved=lambda p: self.solved(settings, p),
            stop_on_solution=True,
        )

    def comparison_words(self) -> tuple[str, str]:
        return (
            self.tr("Run {0} on the same puzzle to compare."),
            self.tr("{0} on the same puzzle: {1}"),
        )

    def predict_question(self, settings: SudokuSettings) -> str:
        return self.tr(
            "Your turn: which digit goes in which cell next? Click the digit's place in the "
            "cell (where its pencil mark is), or press B if the search removes a placement."
        )

    def predict_again(self, settings: SudokuSettings) -> str:
        return self.tr(
            "Your turn: the next digit? Click its place in its cell, or press B for a removal."
        )

    def predict_hint(
        self, settings: SudokuSettings, model: BoardModel, options: Sequence[int]
    ) -> str:
        if not options:
            return self.tr("Hint: nothing fits here.")
        names = ", ".join(self.event_name(settings, x) for x in sorted(options)[:12])
        return self.tr("Hint: the choices left here: {0}.").format(names)

    def narrate(self, settings: SudokuSettings, model: BoardModel, finished: Result | None) -> str:
        text = self._narrate(settings, model, finished)
        path = model.path
        if not text or finished is not None or not options_of(settings)["singles"]:
            return text
        if not model.last_events or model.last_events[-1] < 0 or not path:
            return text
        problem = problem_of(settings.problem)
        forced = len(propagate(problem, path, True).forced)
        forced -= len(propagate(problem, path[:-1], True).forced)
        if forced <= 0:
            return text
        more = self.tr("{0} more cells had one candidate left: filled.", "", count_of(forced))
        return f"{text} {more.format(fmt_int(forced))}"

    def _narrate(self, settings: SudokuSettings, model: BoardModel, finished: Result | None) -> str:
        n = settings.rows
        nn = n * n
        if finished is not None and finished.outcome is Outcome.SOLVED:
            return self.tr("Every cell filled: the puzzle is solved.")
        if finished is not None and finished.outcome is Outcome.EXHAUSTED:
            return self.tr("Every possibility tried: this puzzle has no solution.")
        if not model.last_events:
            return ""
        kids = self.kids_of(settings)
        if kids is None:
            return ""
        last = model.last_events[-1]
        path = list(model.path)
        if last >= 0:
            before = path[:-1]
            options = list(kids(before))
            d = self.decision_of(settings, options)
            cell, digit = last % nn, digit_text(last // nn + 1)
            name = cell_name(n, cell)
            prev = model.last_events[0] if len(model.last_events) == 2 else 0
            if prev < 0 and ~prev in options:
                return self.tr("{0}: {1} led nowhere; try {2}.").format(
                    name, digit_text((~prev) // nn + 1), digit
                )
            if len(options) == 1 and (d is None or d.kind == CELL):
                return self.tr("{0} has one candidate left: {1}.").format(name, digit)
            if d is not None and d.kind != CELL:
                return self.tr("{0}: {1} places; try {2}.").format(
                    self.decision_text(settings, d), len(options), name
                )
            digits = ", ".join(digit_text(x // nn + 1) for x in options)
            if settings.strategy == MRV:
                return self.tr("{0} has the fewest candidates ({1}): try {2}.").format(
                    name, digits, digit
                )
            if settings.strategy == DLX:
                return self.tr("{0} has the fewest options ({1}): try {2}.").format(
                    name, digits, digit
                )
            return self.tr("{0} is the first empty cell; candidates {1}: try {2}.").format(
                name, digits, digit
            )
        removed = ~last
        name = cell_name(n, removed % nn)
        digit = digit_text(removed // nn + 1)
        after = [*path, removed]
        stuck = self.decision_of(settings, kids(after))
        if stuck is None:
            where = self._dead_cell(settings, after)
            if where >= 0:
                return self.tr(
                    "{0}: no digit fits — remove the last placement ({1} = {2})."
                ).format(cell_name(n, where), name, digit)
            return self.tr("Nothing fits any more — remove the last placement ({0} = {1}).").format(
                name, digit
            )
        return self.tr("Every choice below {0} = {1} failed: remove it.").format(name, digit)

    def _dead_cell(self, settings: SudokuSettings, path: Sequence[int]) -> int:
        """The first empty cell with no candidate after ``path``, or -1."""
        problem = problem_of(settings.problem)
        full = propagate(problem, path, options_of(settings)["singles"]).grid
        grid = Grid(replace(problem, cells=tuple(full)))
        for c, d in enumerate(full):
            if not d and not grid.mask(c):
                return c
        return -1

    def code_variables(
        self, settings: SudokuSettings, model: BoardModel, stack: Sequence[StackLevel]
    ) -> str:
        if not model.last_events:
            return ""
        n = settings.rows
        nn = n * n
        last = model.last_events[-1]
        x = last if last >= 0 else ~last
        return self.tr("cell = {0}   digit = {1}   placed = {2}").format(
            cell_name(n, x % nn), digit_text(x // nn + 1), len(model.path)
        )


def _grid_probe(problem: SudokuProblem, strategy: str, singles: bool, path: Sequence[int]) -> Probe:
    """Knuth's estimate for plain and MRV, walking the grid itself (a walk from the root
    through ``children`` would replay the path at every level)."""
    n = problem.n
    nn = n * n

    def probe(rng: random.Random) -> float:
        grid = Grid(problem)
        if grid.clash:
            return 0.0
        trail: list[int] = []
        bad = grid.singles(trail) if singles else -1
        for x in path:
            grid.put(x % nn, x // nn + 1)
            if singles:
                bad = grid.singles(trail)
        total = product = 1.0
        while bad < 0:
            cell, fewest = -1, n + 1
            for c in range(nn):
                if grid.grid[c]:
                    continue
                k = grid.mask(c).bit_count()
                if strategy == PLAIN:
                    cell, fewest = c, k
                    break
                if k < fewest:
                    cell, fewest = c, k
                    if not k:
                        break
            if cell < 0 or not fewest:
                break
            product *= fewest
            total += product
            digits = [d + 1 for d in range(n) if grid.mask(cell) >> d & 1]
            grid.put(cell, digits[rng.randrange(len(digits))])
            if singles:
                bad = grid.singles(trail)
        return math.log(total)

    return probe


#: Found by ``make_puzzles``.
PRESENTER = SudokuPuzzle
