"""The knight's third strategy, construction: its option, its words and its board layer.

A run of this strategy is no search: ``ConstructionRun`` streams the finished tour square by
square (so the timeline, history and exports work as for a search) while the board draws the
construction's own steps from how far the stream has got: each block's stored tour appearing,
then each join (the four moves cut in red, the four added in green), and at the end the one
closed tour. The words (narration, result, strategy name) say it is a construction.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QCoreApplication, QEvent, QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QCheckBox, QWidget

from knightviz.engine import construct
from knightviz.engine.construct import Plan
from knightviz.gui.board.layers import Z_MARKER, Layer, PaintContext, square_colours
from knightviz.gui.puzzles.programs import CONSTRUCT, CONSTRUCT_GRID, Program
from knightviz.gui.text import fmt_int, fmt_size

# Block tours drawn in turn in these colours (readable on the light and the dark wood).
BLOCK_COLOURS = (
    QColor(46, 62, 98),
    QColor(20, 110, 90),
    QColor(120, 50, 120),
    QColor(150, 80, 20),
)
CUT = QColor(210, 40, 40)
ADDED = QColor(30, 150, 60)


@lru_cache(maxsize=8)
def cached_plan(rows: int, cols: int) -> Plan:
    return construct.plan(rows, cols)


def why_not(rows: int, cols: int) -> str | None:
    """Why the construction does not apply to this board (the option's tooltip), or None."""
    if construct.constructible(rows, cols):
        return None
    size = fmt_size(rows, cols)
    if rows % 2 and cols % 2:
        return QCoreApplication.translate(
            "KnightConstruct",
            "Construct makes closed tours, and {0} has none: both its sides are odd.",
        ).format(size)
    return QCoreApplication.translate(
        "KnightConstruct", "Construct needs both sides at least 5: not on {0}."
    ).format(size)


class ConstructCheck(QCheckBox):
    """The Construct check box of the knight's strategy box: on only where it applies, with
    the reason as its tooltip otherwise (worded again when the language changes)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("constructCheck")
        self.reason: str | None = None
        self._board = (8, 8)
        self.set_board(8, 8)

    def set_board(self, rows: int, cols: int) -> None:
        self._board = (rows, cols)
        self.setText(self.tr("Construct (no search)"))
        self.reason = why_not(rows, cols)
        self.setEnabled(self.reason is None)
        if self.reason is not None:
            self.setChecked(False)
            self.setToolTip(self.reason)
        else:
            self.setToolTip(
                self.tr(
                    "Build a closed tour without any search: Parberry's divide and conquer "
                    "(1997) joins small stored tours at the corners of the board's quarters."
                )
            )

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self.set_board(*self._board)


def program(rows: int, cols: int) -> Program:
    """The construction's program: Parberry's quarters, or the grid of other rectangles."""
    return CONSTRUCT if construct.quartered(rows, cols) else CONSTRUCT_GRID


def strategy_name() -> str:
    return QCoreApplication.translate("KnightConstruct", "Construction (Parberry)")


def describe() -> str:
    return QCoreApplication.translate("KnightConstruct", "construction (Parberry), no search")


def describe_result(rows: int, cols: int, start_name: str) -> str:
    p = cached_plan(rows, cols)
    if len(p.joins) == 0:
        return QCoreApplication.translate(
            "KnightConstruct",
            "Closed tour from {0}, without search: a stored tour of this base board; no move "
            "was tried and taken back.",
        ).format(start_name)
    if p.grid:
        return QCoreApplication.translate(
            "KnightConstruct",
            "Closed tour built from {0} without search: {1} stored block tours in a grid, "
            "joined two at a time ({2} joins); no move was tried and taken back.",
        ).format(start_name, fmt_int(len(p.blocks)), fmt_int(len(p.joins)))
    return QCoreApplication.translate(
        "KnightConstruct",
        "Closed tour built from {0} without search: {1} stored block tours, joined four at "
        "a time ({2} joins); no move was tried and taken back.",
    ).format(start_name, fmt_int(len(p.blocks)), fmt_int(len(p.joins)))


def narrate(rows: int, cols: int, placed: int, names: list[str]) -> str:
    """What the board shows at this point of the construction (``names``: square names)."""
    p = cached_plan(rows, cols)
    shown = construct.stage(p, placed)
    blocks = len(p.blocks)
    total = blocks + len(p.joins) + 1
    head = QCoreApplication.translate("KnightConstruct", "Construction step {0} of {1}").format(
        shown, total
    )
    if shown == 0:
        return QCoreApplication.translate(
            "KnightConstruct", "{0}: nothing is searched; the board is cut into {1} blocks."
        ).format(head, fmt_int(blocks))
    if shown <= blocks:
        b = p.blocks[shown - 1]
        corner = names[b.row * cols + b.col]
        return QCoreApplication.translate(
            "KnightConstruct", "{0}: block {1} of {2}, a stored {3} tour from {4}."
        ).format(head, shown, fmt_int(blocks), fmt_size(b.rows, b.cols), corner)
    if shown == total:
        return QCoreApplication.translate(
            "KnightConstruct", "{0}: one closed tour of all {1} squares."
        ).format(head, fmt_int(rows * cols))
    j = p.joins[shown - blocks - 1]
    if len(j.blocks) == 2:
        return QCoreApplication.translate(
            "KnightConstruct",
            "{0}: join at {1}: two moves cut (red), two added (green), two tours become one.",
        ).format(head, names[j.row * cols + j.col])
    return QCoreApplication.translate(
        "KnightConstruct",
        "{0}: join at {1}: four moves cut (red), four added (green), four tours become one.",
    ).format(head, names[j.row * cols + j.col])


class ConstructionLayer(Layer):
    """The construction's steps on the board (see the module's docstring). Over the
    visited shading and the current-square ring, which would show the order the finished
    tour streams in, not the construction: it repaints the squares under its lines."""

    z = Z_MARKER + 5

    def __init__(self) -> None:
        self.enabled = False
        self._key: tuple[object, ...] = ()
        self._picture: list[tuple[QPen, list[QLineF]]] = []
        self._frames: list[QRectF] = []

    def paint(self, p: QPainter, ctx: PaintContext) -> None:
        if not self.enabled:
            return
        model = ctx.model
        rows, cols = model.rows, model.cols
        if not construct.constructible(rows, cols):
            return
        plan = cached_plan(rows, cols)
        shown = construct.stage(plan, len(model.path))
        if len(model.path) > 1:
            self._squares(p, ctx)
        if shown == 0:
            return
        key = (rows, cols, shown, ctx.geometry.key())
        if key != self._key:  # the lines change only from one step of the plan to the next
            self._draw_step(plan, shown, ctx)
            self._key = key
        done = shown > len(plan.blocks) + len(plan.joins)
        frame = QColor(BLOCK_COLOURS[0])
        frame.setAlphaF(0.25 if done else 0.6)  # block outlines, faint once the tour is whole
        p.setBrush(Qt.BrushStyle.NoBrush)
        for i, rect in enumerate(self._frames):
            if not done:
                tint = QColor(BLOCK_COLOURS[i % len(BLOCK_COLOURS)])
                tint.setAlphaF(0.12)
                p.fillRect(rect, tint)
            p.setPen(QPen(frame, 1.0, Qt.PenStyle.DashLine))
            p.drawRect(rect)
        for pen, lines in self._picture:
            p.setPen(pen)
            p.drawLines(lines)

    def _draw_step(self, plan: Plan, shown: int, ctx: PaintContext) -> None:
        """The lines of the plan's first ``shown`` steps, by pen: each block's tour in its
        colour, the moves earlier joins added, the last join's cut and added moves."""
        g = ctx.geometry
        centres = g.centres
        width = min(3.0, max(1.0, g.square * 0.05))
        blocks = plan.blocks[: min(shown, len(plan.blocks))]
        joins = plan.joins[: max(0, shown - len(plan.blocks))]
        done = shown > len(plan.blocks) + len(plan.joins)
        owner: dict[frozenset[int], int] = {}
        for i, b in enumerate(blocks):
            squares = construct.block_squares(plan, b)
            for k, a in enumerate(squares):
                owner[frozenset((a, squares[k - 1]))] = i
        added: set[frozenset[int]] = set()
        for j in joins:
            for move in j.cut:
                owner.pop(frozenset(move), None)
            added |= {frozenset(m) for m in j.added}
        s = g.square
        self._frames = [
            QRectF(g.board.left() + b.col * s, g.board.top() + b.row * s, b.cols * s, b.rows * s)
            for b in blocks
        ]
        by_colour: dict[int, list[QLineF]] = {}
        for edge, i in owner.items():
            a, z = tuple(edge)
            colour = 0 if done else i % len(BLOCK_COLOURS)
            by_colour.setdefault(colour, []).append(QLineF(centres[a], centres[z]))
        last = joins[-1] if joins and not done else None
        fresh = {frozenset(m) for m in last.added} if last is not None else set()
        for a, z in map(tuple, added - fresh):
            by_colour.setdefault(0, []).append(QLineF(centres[a], centres[z]))
        picture = [(QPen(BLOCK_COLOURS[c], width), lines) for c, lines in by_colour.items()]
        if last is not None:
            picture.append(
                (
                    QPen(CUT, width * 1.5, Qt.PenStyle.DashLine),
                    [QLineF(centres[a], centres[z]) for a, z in last.cut],
                )
            )
            picture.append(
                (QPen(ADDED, width * 2), [QLineF(centres[a], centres[z]) for a, z in last.added])
            )
        self._picture = picture

    @staticmethod
    def _squares(p: QPainter, ctx: PaintContext) -> None:
        g = ctx.geometry
        light, dark = square_colours(ctx.palette)
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.fillRect(g.board, light)
        rects = g.rects
        for row in range(g.rows):
            for col in range(1 - row % 2, g.cols, 2):
                p.fillRect(rects[row * g.cols + col], dark)
        p.restore()
