"""What hovering a node of the search tree says: its square, depth and state, its share of
the root's width, and the steps the search spent below it (exact once it is finished, else
Knuth's estimate). The canvas (``tree.TreeCanvas``) draws; this base of it words."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from time import monotonic

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QToolTip, QWidget

from knightviz.engine.estimate import Probe, TreeEstimator
from knightviz.engine.tree import Node, NodeState, TreeIndex
from knightviz.gui.text import count_of, fmt_big_log10, fmt_int

#: Hover estimates of an unfinished subtree: probes, and their time budget (s).
HOVER_PROBES = 400
HOVER_SECONDS = 0.03


class TreeHover(QWidget):
    """The canvas's tooltips: the node under the mouse (``node_at``) described from the
    tree's ``index``, the squares' ``name`` and the ``subtree_probe`` the canvas holds."""

    index: TreeIndex | None
    name: Callable[[int], str]
    subtree_probe: Callable[[Sequence[int]], Probe | None]
    #: "Your turn" asks for the next step: a candidate not tried yet keeps its square to
    #: itself (the boxes stand in the order the search tries them).
    concealed = False

    def node_at(self, x: float, y: float) -> Node | None:
        raise NotImplementedError

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            node = self.node_at(event.pos().x(), event.pos().y())
            if node is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.describe(node), self)
            return True
        return super().event(event)

    def describe(self, node: Node) -> str:
        """The hover text: square, depth, state, and the steps spent below it."""
        if self.concealed and node.state is NodeState.UNTRIED:
            return self.tr("Not tried yet: which one comes next is yours to say.")
        words = {
            NodeState.FINISHED: self.tr("finished: its whole subtree explored"),
            NodeState.SOLUTION: self.tr("finished, with a solution below"),
            NodeState.PATH: self.tr("on the search's current path"),
            NodeState.UNTRIED: self.tr("not tried yet"),
        }
        square = self.name(node.square) if node.path else self.tr("the empty board")
        count = node.children
        if count < 0 and self.index is not None:
            count = len(self.index.children(node.path))
        count = max(count, 0)
        lines = [
            self.tr("{0}, depth {1}: {2}").format(square, fmt_int(node.depth), words[node.state]),
            self.tr("{0} candidates below it; {1} of the root's width", "", count_of(count)).format(
                fmt_int(count), _share(node.w)
            ),
        ]
        below = node.steps_below
        if below is not None:
            lines.append(
                self.tr("{0} steps spent below it (exact)", "", count_of(below)).format(
                    fmt_int(below)
                )
            )
        else:
            estimate = self._estimate(node)
            if estimate is not None:
                lines.append(estimate)
        if node.entered >= 0:
            lines.append(
                self.tr("Click: go to step {0}, where the search entered it").format(
                    fmt_int(node.entered)
                )
            )
        return "\n".join(lines)

    def _estimate(self, node: Node) -> str | None:
        probe = self.subtree_probe(node.path)
        if probe is None:
            return None
        estimator = TreeEstimator(probe, seed=0)
        started = monotonic()
        while estimator.probes < HOVER_PROBES and monotonic() - started < HOVER_SECONDS:
            estimator.run(20)
        est = estimator.estimate()
        spread = f"{est.relative_error:.0%}" if math.isfinite(est.relative_error) else "?"
        return self.tr(
            "Its subtree: about {0} steps (Knuth's estimate, ± {1}, {2} probes)",
            "",
            count_of(est.probes),
        ).format(fmt_big_log10(est.log10_steps), spread, fmt_int(est.probes))


def _share(w: float) -> str:
    if math.isnan(w):  # deep in a long path, shown without the levels above
        return QCoreApplication.translate("SearchTree", "a share not worked out this deep")
    if w <= 0.0:
        return QCoreApplication.translate("SearchTree", "less than 10^-308")
    if w >= 0.001:
        return f"{w:.1%}"
    exponent = math.floor(math.log10(w)) if w > 0 else 0
    return f"{w / 10.0**exponent:.1f}e{exponent}"
