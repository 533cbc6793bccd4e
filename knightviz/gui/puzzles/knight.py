"""The knight's tour adapter: searches, layers, the stack, export, the tree and Your turn
(its settings in knight_settings.py, their widget in knight_widget.py, its words in
knight_words.py)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from PySide6.QtWidgets import (
    QWidget,
)

from knightviz.engine import (
    Heuristic,
    Outcome,
    Result,
    Strategy,
    TieBreak,
)
from knightviz.engine.board import (
    CLASSIC_ORDER,
    KNIGHT,
    Shape,
    leaper_name,
    parse_leaper,
)
from knightviz.engine.estimate import Probe, tour_levels, tour_probe
from knightviz.engine.events import StackLevel
from knightviz.engine.puzzles.knight import Tour, strategy_of
from knightviz.engine.recording import RecordingData
from knightviz.gui.board.layers import Layer
from knightviz.gui.board.model import BoardModel
from knightviz.gui.puzzles import knight_construct as construction
from knightviz.gui.puzzles.base import (
    CURRENT,
    DONE,
    NEXT,
    SKIPPED,
    Chip,
    RunFormat,
    SettingsWidget,
    StackSource,
    SweepOptions,
    Tie,
)
from knightviz.gui.puzzles.knight_paint import DegreesLayer, KnightLayer, NumbersLayer, PathLayer
from knightviz.gui.puzzles.knight_settings import (
    MAX_SEED,
    PIECES,
    SLOW_FACTOR,
    SLOW_MIN,
    TEXT_FORMATS,
    KnightSettings,
    board_of,
    holes_text,
)
from knightviz.gui.puzzles.knight_widget import KnightSettingsWidget
from knightviz.gui.puzzles.knight_words import KnightWords
from knightviz.gui.puzzles.programs import OWN, PLAIN, WARNSDORFF, Program, with_moves
from knightviz.gui.text import count_of, fmt_int, fmt_size
from knightviz.page import PageError, PageRun, knight_command

__all__ = [
    "MAX_SEED",
    "PIECES",
    "SLOW_FACTOR",
    "SLOW_MIN",
    "TEXT_FORMATS",
    "KnightPuzzle",
    "KnightSettings",
    "KnightSettingsWidget",
    "board_of",
    "holes_text",
]


class KnightPuzzle(KnightWords):
    key = "knight"
    order = 0
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

    def plain(self, settings: KnightSettings) -> KnightSettings:
        """The plain order, backtracking (a learner's strategy always backtracks)."""
        return replace(
            self.builtin(settings),
            warnsdorff=False,
            construct=False,
            backtrack=True,
            tie_break=TieBreak.FIRST.value,
            seed=0,
        )

    def strategy(self, settings: KnightSettings) -> Strategy:
        """The engine's strategy for these settings (the command line's ``--heuristic``,
        ``--tie-break``, ``--seed`` and ``--no-backtrack``): the one conversion."""
        heuristic = Heuristic.WARNSDORFF if settings.warnsdorff else Heuristic.NONE
        return Strategy(heuristic, TieBreak(settings.tie_break), settings.seed, settings.backtrack)

    def problem(self, settings: KnightSettings, start: int = -1) -> Tour:
        s = settings
        return Tour(s.rows, s.cols, start, s.closed, s.shape, self.strategy(s), s.construct)

    def strategy_key(self, settings: KnightSettings) -> str:
        return strategy_of(self.problem(settings))

    def search_options(self, settings: KnightSettings, anyway: bool) -> dict[str, bool]:
        return {"search_anyway": anyway}

    def check_settings(self, settings: KnightSettings) -> KnightSettings:
        if settings.tie_break not in {t.value for t in TieBreak}:
            raise ValueError(f"unknown tie-break {settings.tie_break!r}")
        if not 0 <= settings.seed <= MAX_SEED:
            raise ValueError("the seed is out of range")
        if settings.construct and construction.why_not(settings.rows, settings.cols):
            raise ValueError("the construction does not apply to this board")
        parse_leaper(settings.leaper)  # BoardError (a ValueError) names the problem
        return settings

    def constructs(self, settings: KnightSettings) -> bool:
        return settings.construct

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

    def page_run(
        self,
        settings: KnightSettings,
        start: int,
        result: Result,
        recording: RecordingData,
        lang: str,
    ) -> PageRun:
        s = settings
        if not s.shape.classic or s.construct:
            raise PageError("the interactive page shows the knight on a full board only")
        strategy = self.strategy(s)
        # A run stopped in the window is made again by stopping at the same step.
        stopped = result.outcome in (Outcome.LIMIT, Outcome.CANCELLED)
        command = knight_command(
            s.rows,
            s.cols,
            start,
            strategy,
            s.closed,
            result.steps if stopped else None,
            self.file_name(s, start) + ".html",
            lang=lang,
        )
        return PageRun(
            "knight",
            s.rows,
            s.cols,
            result,
            recording,
            start=start,
            strategy=strategy,
            closed=s.closed,
            command=command,
            lang=lang,
        )

    def file_name(self, settings: KnightSettings, start: int) -> str:
        s = settings
        if s.construct:
            strategy = "construct"
        elif not s.warnsdorff:
            strategy = "plain"
        else:
            tie = s.tie_break
            strategy = "warnsdorff" if tie == TieBreak.FIRST.value else f"warnsdorff-{tie}"
            if tie == TieBreak.RANDOM.value:
                strategy += f"{s.seed}"
        if not s.backtrack and not s.construct:
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

    def strategy_name(self, settings: KnightSettings) -> str:
        """The strategy in the words of the tutorials ("Warnsdorff's rule")."""
        s = settings
        if s.construct:
            return construction.strategy_name()  # its tours are always closed
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
        if settings.construct:  # construction against the search it replaces
            other = replace(settings, construct=False, warnsdorff=True, backtrack=True)
            return other, self.tr("Warnsdorff's rule")
        other = replace(settings, warnsdorff=not settings.warnsdorff, backtrack=True)
        name = self.tr("Warnsdorff's rule") if other.warnsdorff else self.tr("plain backtracking")
        return other, name

    def describe(self, settings: KnightSettings) -> str:
        s = settings
        if s.construct:
            kind = self.tr("closed") if s.closed else self.tr("open")
            return " · ".join((construction.describe(), kind))
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
            holes = len(shape.holes)
            parts.append(self.tr("{0} squares removed", "", count_of(holes)).format(fmt_int(holes)))
        return " · ".join(parts)

    def outcome_text(self, result: Result) -> str:
        if result.outcome is Outcome.EXHAUSTED:
            return self.tr("no tour")
        return super().outcome_text(result)

    def create_layers(self) -> list[Layer]:
        return [
            PathLayer(),
            NumbersLayer(),
            DegreesLayer(),
            KnightLayer(),
            construction.ConstructionLayer(),
        ]

    def configure_layers(self, layers: list[Layer], settings: KnightSettings) -> None:
        for layer in layers:
            if isinstance(layer, DegreesLayer):
                layer.enabled = settings.warnsdorff and not settings.construct
                layer.shape = settings.shape
            if isinstance(layer, (PathLayer, NumbersLayer)):
                layer.enabled = not settings.construct
            if isinstance(layer, construction.ConstructionLayer):
                layer.enabled = settings.construct
            if isinstance(layer, KnightLayer):
                layer.at_start = settings.construct

    # -- explaining ---------------------------------------------------------------------------

    def own_program(self, settings: KnightSettings) -> Program:
        return self._program(settings, OWN)

    def program(self, settings: KnightSettings) -> Program:
        if settings.construct:
            return construction.program(settings.rows, settings.cols)
        return self._program(settings, WARNSDORFF if settings.warnsdorff else PLAIN)

    def _program(self, settings: KnightSettings, program: Program) -> Program:
        """``program`` for this board's holes and this piece's moves."""
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
        found = self.spec.verdict(self.problem(settings, start))
        return () if found is None else found.squares

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
        return (
            tour_probe(s.rows, s.cols, start, shape=s.shape)
            if s.backtrack and not s.construct
            else None
        )

    def predict_question(self, settings: KnightSettings) -> str:
        return self.tr(
            "Your turn: which square does the knight try next? Click it, or press B if it "
            "goes back."
        )

    def predict_hint(
        self, settings: KnightSettings, model: BoardModel, options: Sequence[int]
    ) -> str:
        """Each choice's onward degree (what Warnsdorff's rule ranks by)."""
        if not options or not model.path:
            return ""
        board = board_of(settings)  # the piece's moves, the removed squares left out
        table = board.neighbours(CLASSIC_ORDER)
        here = model.path[-1]

        def degree(u: int) -> int:
            return sum(1 for w in table[u] if w != here and model.index[w] < 0)

        parts = [f"{board.name(u)} {degree(u)}" for u in options]
        return self.tr("Hint: onward moves {0}.").format(", ".join(parts))

    def predict_tie(
        self, settings: KnightSettings, model: BoardModel, options: Sequence[int], expected: int
    ) -> Tie | None:
        """Warnsdorff's rule ranks the choices by onward degree: those with the degree of
        the square it takes are level, and the tie-break chose among them."""
        s = settings
        if not s.warnsdorff or s.construct or expected < 0 or not model.path:
            return None
        board = board_of(s)
        table = board.neighbours(CLASSIC_ORDER)
        index = model.index

        def degree(u: int) -> int:
            return sum(1 for w in table[u] if index[w] < 0)

        fewest = degree(expected)
        choices = set(options)
        # In the move order: the order "first" and "last in order" speak of.
        level = tuple(u for u in table[model.path[-1]] if u in choices and degree(u) == fewest)
        if len(level) < 2 or expected not in level:
            return None
        names = [board.name(u) for u in level]

        def words() -> tuple[str, str]:
            if len(names) == 2:
                text = self.tr("{0} and {1} both have the fewest onward moves ({2})")
            else:
                text = self.tr("{0} and {1} all have the fewest onward moves ({2})")
            #: between the names of squares in a list
            head = self.tr(", ").join(names[:-1])
            return text.format(head, names[-1], fewest), self._tie_break_name(s)

        return Tie(level, words)

    def _tie_break_name(self, settings: KnightSettings) -> str:
        """The tie-break as the strategy box names it."""
        tie = settings.tie_break
        if tie == TieBreak.LAST.value:
            return self.tr("last in order")
        if tie == TieBreak.ROTH.value:
            return self.tr("farthest from centre (Roth)")
        if tie == TieBreak.RANDOM.value:
            return self.tr("random, seed {0}").format(settings.seed)
        return self.tr("first in order")

    def tree_goal(self, settings: KnightSettings) -> int | None:
        """A full path is a tour, except in a closed search (it must also close)."""
        return self.spec.solution_depth(self.problem(settings), self.strategy_key(settings))

    def solution_depth(self, settings: KnightSettings) -> int | None:
        """The run's result is its one tour: no depth marks many solutions."""
        return None

    def subtree_probe(self, settings: KnightSettings, path: Sequence[int]) -> Probe | None:
        s = settings
        if s.construct:
            return None
        return tour_probe(s.rows, s.cols, path[0], path, s.shape) if path and s.backtrack else None

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


#: Found by ``make_puzzles``.
PRESENTER = KnightPuzzle
