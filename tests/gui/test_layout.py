"""A window that keeps its shape: at the default size and at 1024x600, in English
and Chinese, before and after visiting every puzzle and panel, and after a restart: the
controls in view without scrolling, nothing cut that is not cut by design, and a board whose
size changes only when the window does (not when a banner comes, a run starts, pauses, steps
or ends)."""

from __future__ import annotations

import math

import pytest
from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox, QComboBox, QPushButton, QWidget

from knightviz.gui import MainWindow
from knightviz.gui.i18n import CHINESE, ENGLISH, Translations
from knightviz.gui.main_window import DEFAULT_SIZE
from knightviz.gui.session import State

from .automation import child, setup
from .test_i18n import clipped, settle

LAPTOP = (1024, 600)


def open_window(qtbot, translations: Translations, size: tuple[int, int]) -> MainWindow:
    """A first launch on a screen of ``size``: the window that size, its panels placed as
    a first launch places them there."""
    w = MainWindow(translations)
    qtbot.addWidget(w)
    w.resize(*size)
    w.arrange_docks()
    w.show()
    qtbot.waitExposed(w)
    settle()
    return w


def controls_out_of_view(w: MainWindow) -> list[str]:
    """The current puzzle's controls not wholly inside the settings' visible area."""
    scroll = child(w, "setupScroll")
    viewport = scroll.viewport()
    seen = viewport.rect()
    out = []
    kinds = (QCheckBox, QComboBox, QAbstractSpinBox, QPushButton)
    for widget in w.panel.findChildren(QWidget):
        if not isinstance(widget, kinds) or not widget.isVisible():
            continue
        top_left = widget.mapTo(viewport, widget.rect().topLeft())
        bottom_right = widget.mapTo(viewport, widget.rect().bottomRight())
        if not (seen.contains(top_left) and seen.contains(bottom_right)):
            out.append(widget.objectName() or type(widget).__name__)
    return out


def visit_everything(w: MainWindow, qtbot) -> None:
    """Every puzzle, every panel, the chart and the race, and back (the panels closed again
    as a first launch has them: an open panel takes its room from the board)."""
    for dock in (w.code_dock, w.stack_dock, w.constraints_dock, w.solutions_dock):
        dock.show()
        dock.raise_()
        settle()
    w.explain_action.setChecked(False)
    settle()
    setup(w, "queens", 8)
    settle()
    w.chart_action.setChecked(True)
    settle()
    w.chart_action.setChecked(False)
    w.set_race_mode(True)
    settle()
    w.set_race_mode(False)
    setup(w, "knight", 8)
    settle()


def board_side(w: MainWindow) -> int:
    return min(w.board.width(), w.board.height())


@pytest.mark.parametrize("lang", [ENGLISH, CHINESE])
def test_default_size_every_control_in_view_before_and_after_visiting_everything(
    qtbot, language, lang
):
    assert language.apply(lang)
    w = open_window(qtbot, language, DEFAULT_SIZE)
    try:
        for puzzle in ("knight", "queens", "knight"):
            setup(w, puzzle, 8)
            settle()
            assert controls_out_of_view(w) == [], (lang, puzzle)
            assert child(w, "setupScroll").verticalScrollBar().maximum() == 0
        side = board_side(w)
        visit_everything(w, qtbot)
        assert controls_out_of_view(w) == []
        assert child(w, "setupScroll").verticalScrollBar().maximum() == 0
        assert board_side(w) == side, "the board changed size after a visit everywhere"
        assert clipped(w) == []
    finally:
        w.close()


@pytest.mark.parametrize("lang", [ENGLISH, CHINESE])
def test_laptop_every_control_reachable_and_a_board_of_300_px(qtbot, language, lang):
    assert language.apply(lang)
    w = open_window(qtbot, language, LAPTOP)
    try:
        assert board_side(w) >= 300
        if lang == ENGLISH:  # the strategy's explanation gives way: all in view
            assert controls_out_of_view(w) == []
        # Else reachable: the settings scroll, the run buttons and counters stay put.
        assert w.run_controls.isVisible() and w.run_controls.start_button.isVisible()
        assert w.run_controls.geometry().bottom() <= w.run_controls.parentWidget().height()
        visit_everything(w, qtbot)
        assert board_side(w) >= 300
        assert clipped(w) == []
    finally:
        w.close()


def test_the_board_keeps_its_size_through_a_run(qtbot, language):
    """Before, during (the stuck-run hint comes), paused, a step, at the end, after Reset."""
    w = open_window(qtbot, language, DEFAULT_SIZE)
    try:
        setup(w, "knight", 8, speed=math.inf, warnsdorff=False)
        settle()
        size = w.board.size()
        controls = child(w, "sidePanel").size()
        w.session.start_or_pause()
        qtbot.waitUntil(lambda: not child(w, "hintFrame").isHidden(), timeout=60_000)
        settle()
        assert w.board.size() == size, "the stuck-run hint moved the board"
        with qtbot.waitSignal(w.controller.pause_reached, timeout=5000):
            w.session.start_or_pause()
        settle()
        assert w.board.size() == size, "Pause moved the board"
        w.session.step()
        settle()
        assert w.board.size() == size, "Step moved the board"
        w.session.seek(w.session.end // 2)
        settle()
        assert w.board.size() == size
        w.session.reset()
        settle()
        assert w.session.state is State.IDLE
        assert w.board.size() == size, "Reset moved the board"
        assert child(w, "sidePanel").size() == controls
    finally:
        w.close()


def test_a_restart_and_reset_settings_keep_the_first_launch_shape(qtbot, language):
    w = open_window(qtbot, language, DEFAULT_SIZE)
    side = board_side(w)
    visit_everything(w, qtbot)
    w.close()  # saves the window's state
    again = MainWindow(language)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    settle()
    try:
        assert controls_out_of_view(again) == []
        assert abs(board_side(again) - side) <= 2
        again.reset_settings()
        settle()
        assert controls_out_of_view(again) == []
        assert abs(board_side(again) - side) <= 2
    finally:
        again.close()
