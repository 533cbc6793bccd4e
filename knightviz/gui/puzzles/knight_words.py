"""The knight's tour in words: verdicts (why no tour can exist), the narration, the
outcome and the stuck-run hint; a mixin of the adapter, so its translation context stays
its own."""

from __future__ import annotations

import math
from math import gcd

from knightviz.engine import (
    Board,
    Outcome,
    Result,
    TieBreak,
    Verdict,
)
from knightviz.engine.board import (
    CLASSIC_ORDER,
    leaper_name,
)
from knightviz.engine.puzzles.knight import REMOVED
from knightviz.engine.trace import Kind, decode
from knightviz.engine.verdict import NAMED, analyse, marked
from knightviz.gui.board.model import BoardModel
from knightviz.gui.puzzles import knight_construct as construction
from knightviz.gui.puzzles.base import (
    Puzzle,
)
from knightviz.gui.puzzles.knight_settings import (
    SLOW_FACTOR,
    SLOW_MIN,
    KnightSettings,
    board_of,
)
from knightviz.gui.text import (
    cjk_spacing,
    count_of,
    floor_first_digit,
    fmt_int,
    fmt_size,
    sentences,
)


class KnightWords(Puzzle[KnightSettings]):
    """What the knight's adapter says."""

    def verdict(self, settings: KnightSettings, start: int) -> str | None:
        s = settings
        board = board_of(s)
        found = self.spec.verdict(self.problem(s, start))
        if found is not None and found.kind == REMOVED:
            return self.tr("The start square {0} is removed from the board.").format(
                board.name(start)
            )
        code = None if found is None else Verdict(found.kind)
        if code is None:
            if s.construct and not board.shape.classic:
                return self.tr(
                    "Construct builds knight's tours of full boards: this board has removed "
                    "squares or another piece. Choose plain backtracking or Warnsdorff's rule."
                )
            return construction.why_not(s.rows, s.cols) if s.construct else None
        if not board.shape.classic:
            return self.shaped_verdict(code, board, start)
        size, name = fmt_size(s.rows, s.cols), board.name(start)
        if code is Verdict.CLOSED_ODD:
            return self.tr(
                "No closed tour exists on a {0} board: it has an odd number of squares, and a "
                "knight alternates colours, so it cannot return to its start."
            ).format(size)
        if code is Verdict.CLOSED_SCHWENK:
            return self.tr("No closed tour exists on a {0} board (Schwenk's theorem).").format(size)
        if code is Verdict.NO_OPEN:
            return self.tr("No knight's tour exists on a {0} board from any square.").format(size)
        if code is Verdict.WRONG_COLOUR:
            return self.tr(
                "No tour can start on {0}: this board has an odd number of squares, so a tour "
                "must start and end on the corners' colour, and {0} is the other colour."
            ).format(name)
        return self.tr("No knight's tour on a {0} board starts on {1}.").format(size, name)

    def shaped_verdict(self, code: Verdict, board: Board, start: int) -> str:
        """The verdicts of boards with holes and other pieces, in words (the engine's
        ``verdict.explain`` says the same in English for the command line)."""
        facts = analyse(board)
        a, b = board.leaper
        piece = self.piece_name(board.leaper)
        squares = marked(code, board, start)
        names = ", ".join(board.name(sq) for sq in squares[:NAMED])
        rest = len(squares) - NAMED
        some = self.tr("{0} and {1} more").format(names, rest) if rest > 0 else names
        name = board.name(start)
        more, less = max(facts.light, facts.dark), min(facts.light, facts.dark)
        if code is Verdict.SAME_COLOUR:
            return self.tr(
                "No tour: each move of a {0} changes row + column by {1} + {2} = {3}, an even "
                "number, so it never leaves its colour; from {4} it cannot reach {5}."
            ).format(piece, a, b, a + b, name, some)
        if code is Verdict.SUB_LATTICE:
            return self.tr(
                "No tour: a {0} moves by multiples of {1} (the greatest common divisor of {2} "
                "and {3}), so it reaches only a sub-lattice; from {4} it cannot reach {5}."
            ).format(piece, gcd(a, b), a, b, name, some)
        if code is Verdict.NO_MOVES:
            return self.tr("No tour: {0} has no move at all on this board.").format(some)
        if code is Verdict.CUT:
            return self.tr(
                "No tour: the moves fall apart into {0} pieces; from {1} the {2} cannot reach {3}."
            ).format(len(facts.pieces), name, piece, some)
        if code is Verdict.COLOURS_OPEN:
            return self.tr(
                "No tour: a {0} alternates colours, so a tour's colours differ by at most one, "
                "but this board has {1} squares of one colour and {2} of the other."
            ).format(piece, more, less)
        if code is Verdict.COLOUR_START:
            return self.tr(
                "No tour can start on {0}: the {1} alternates colours and this board has one "
                "square more of the other colour ({2} to {3}), so a tour must start and end "
                "on that colour."
            ).format(name, piece, more, less)
        if code is Verdict.COLOURS_CLOSED:
            return self.tr(
                "No closed tour: a {0} alternates colours, so a closed tour needs as many "
                "squares of each colour, but this board has {1} and {2}."
            ).format(piece, more, less)
        if code is Verdict.ENDS_OPEN:
            return self.tr(
                "No tour: {0} squares ({1}) have one move each, and each can only be an end "
                "of the tour, which has two."
            ).format(len(squares), some)
        if code is Verdict.ENDS_START:
            return self.tr(
                "No tour can start on {0}: {1} have one move each, so they must be the tour's "
                "two ends."
            ).format(name, some)
        return self.tr(
            "No closed tour: {0} has only one move, and a closed tour enters and leaves "
            "every square."
        ).format(some)

    def piece_name(self, leaper: tuple[int, int]) -> str:
        """The piece in words: "camel (1, 3)", "(2, 5)-leaper"."""
        a, b = leaper
        named = {
            "knight": self.tr("knight"),
            "camel": self.tr("camel"),
            "zebra": self.tr("zebra"),
            "giraffe": self.tr("giraffe"),
        }.get(leaper_name(leaper))
        if named is None:
            return self.tr("({0}, {1})-leaper").format(a, b)
        return f"{named} ({a}, {b})"

    def counts_text(self, moves: int, backtracks: int, steps: int) -> str:
        """A run's counts, each with its noun in the number's form ("1 move")."""
        return self.tr("{0}, {1}, {2}").format(
            self.tr("{0} moves", "", count_of(moves)).format(fmt_int(moves)),
            self.tr("{0} backtracks", "", count_of(backtracks)).format(fmt_int(backtracks)),
            self.tr("{0} steps", "", count_of(steps)).format(fmt_int(steps)),
        )

    def describe_result(
        self, settings: KnightSettings, start: int, result: Result, model: BoardModel
    ) -> str:
        s = settings
        board = board_of(s)
        name = board.name(start)
        counts = self.counts_text(result.moves, result.backtracks, result.steps)
        outcome = result.outcome
        if outcome is Outcome.SOLVED:
            if s.construct:
                return construction.describe_result(s.rows, s.cols, name)
            if s.closed:
                return self.tr("Closed tour found from {0}: {1}.").format(name, counts)
            return self.tr("Tour found from {0}: {1}.").format(name, counts)
        if outcome is Outcome.CANCELLED:
            return self.tr("Stopped after {0}.").format(counts)
        if outcome is Outcome.IMPOSSIBLE:
            return self.verdict(s, start) or ""
        if outcome is Outcome.LIMIT:
            return self.tr("Stopped at the step limit: {0}.").format(counts)
        if not s.backtrack:
            where = board.name(model.path[-1]) if model.path else name
            return self.tr(
                "The greedy walk got stuck on {0} after {1} of {2} squares, with no "
                "backtracking allowed."
            ).format(where, fmt_int(len(model.path)), fmt_int(board.area))
        kind = self.tr("closed tour") if s.closed else self.tr("tour")
        text = self.tr(
            "No {0} from {1} on a {2} board: the search tried every possibility ({3})."
        ).format(kind, name, fmt_size(s.rows, s.cols), counts)
        if len(model.path) > 1:
            text = sentences(
                text,
                self.tr(
                    "The board shows the deepest position it reached: {0} of {1} squares."
                ).format(fmt_int(len(model.path)), fmt_int(board.area)),
            )
        return text

    def narrate(self, settings: KnightSettings, model: BoardModel, finished: Result | None) -> str:
        s = settings
        board = board_of(s)
        path = model.path
        if s.construct and construction.why_not(s.rows, s.cols) is None:
            names = [board.name(sq) for sq in range(board.size)]
            return construction.narrate(s.rows, s.cols, len(path), names)
        if not path:
            return ""
        here = board.name(path[-1])
        if finished is not None and finished.outcome is Outcome.SOLVED:
            return self.tr("Tour complete: all {0} squares visited.").format(fmt_int(board.area))
        if model.considered:
            c = decode(model.considered[-1])
            if c.kind is Kind.OFF_BOARD:
                dr, dc = board.order(CLASSIC_ORDER)[c.payload]
                if board.holes:
                    return self.tr(
                        "From {0}, the move ({1:+d}, {2:+d}) leaves the board or lands on a "
                        "removed square: skip it."
                    ).format(here, dr, dc)
                return self.tr(
                    "From {0}, the move ({1:+d}, {2:+d}) leaves the board: skip it."
                ).format(here, dr, dc)
            name = board.name(c.payload)
            if c.kind is Kind.VISITED:
                return self.tr("From {0}, {1} is already on the path: skip it.").format(here, name)
            if c.kind is Kind.DEGREE:
                degree = c.value
                return self.tr(
                    "{0} could go on to {1} unvisited squares (its onward degree).",
                    "",
                    count_of(degree),
                ).format(name, degree)
            if c.kind is Kind.TIE:
                return self.tr(
                    "{0} candidates share the fewest onward moves: the tie-break takes {1}."
                ).format(c.value, name)
        if not model.last_events:
            moves = len(path) - 1
            return self.tr("The knight stands on {0} after {1} moves.", "", count_of(moves)).format(
                here, fmt_int(moves)
            )
        last = model.last_events[-1]
        if last >= 0:
            move = len(path) - 1
            before = board.name(path[-2]) if len(path) > 1 else here
            if s.warnsdorff:
                degree = sum(1 for w in board_of(s).neighbours()[last] if model.index[w] < 0)
                return self.tr(
                    "Move {0}: {1} → {2}, the candidate with the fewest onward moves ({3})."
                ).format(move, before, here, degree)
            return self.tr("Move {0}: {1} → {2}, the first free square in the fixed order.").format(
                move, before, here
            )
        left = ~last
        name = board.name(left)
        table = board_of(s).neighbours()
        options = table[left]
        free = [u for u in options if model.index[u] < 0 and u != left]
        if not free:
            count = len(options)
            return self.tr(
                "{0} is a dead end: all {1} of its moves lead to visited squares or off the "
                "board. Back to {2}.",
                "",
                count,
            ).format(name, count, here)
        return self.tr("Every way on from {0} has been tried: back to {1}.").format(name, here)

    def slow_hint(
        self,
        settings: KnightSettings,
        steps: int,
        depth: int,
        explored: float | None = None,
        speed: float = math.inf,
    ) -> tuple[str, ...] | None:
        s = settings
        size = board_of(s).area
        if steps < max(SLOW_MIN, SLOW_FACTOR * size):
            return None
        # The counter's figure rounded down to its first digit: true whenever it is read
        # beside the counter, though it is reworded only once a second during a run.
        taken = self.tr("More than {0} steps so far for a board of {1} squares.").format(
            fmt_int(floor_first_digit(steps)), fmt_int(size)
        )
        gauge = ""
        if explored is not None and 0 < explored < 0.01:
            gauge = self.tr(
                "That is only about {0} of the whole search tree (the gauge under the board)."
            ).format(f"{explored:.0e}")
        short = ""
        if not s.warnsdorff:
            # Never advice already followed: no "set the speed to unlimited" at unlimited.
            if math.isinf(speed):
                advice = self.tr(
                    "Plain backtracking can need millions or billions of steps (8×8 from a8: "
                    "16.5 million). Warnsdorff's rule usually needs only {0}: turn it on and "
                    "start again."
                ).format(fmt_int(size - 1))
                short = self.tr(
                    "Warnsdorff's rule usually needs only {0}: turn it on and start again."
                ).format(fmt_int(size - 1))
            else:
                advice = self.tr(
                    "Plain backtracking can need millions or billions of steps (8×8 from a8: "
                    "16.5 million). Warnsdorff's rule usually needs only {0}: turn it on and "
                    "start again, or set the speed to unlimited."
                ).format(fmt_int(size - 1))
                short = self.tr(
                    "Warnsdorff's rule usually needs only {0}: turn it on and start again, or "
                    "set the speed to unlimited."
                ).format(fmt_int(size - 1))
        elif s.tie_break != TieBreak.ROTH.value:
            advice = self.tr(
                "Warnsdorff's rule is backtracking far more than usual: its ties lead it "
                "astray here. The tie-break “farthest from centre (Roth)” usually needs "
                "no backtracking at all."
            )
            short = self.tr(
                "The tie-break “farthest from centre (Roth)” usually needs no backtracking at all."
            )
        else:
            advice = self.tr(
                "Even Roth's tie-break is stuck here: try another start square or another "
                "tie-break."
            )
        # Longest first: the banner shows the first that fits its place whole.
        wordings = (
            sentences(taken, gauge, advice),
            sentences(taken, advice),
            sentences(taken, short or advice),
            short or advice,
        )
        return tuple(cjk_spacing(w) for w in dict.fromkeys(wordings))
