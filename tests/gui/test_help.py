"""Help: the shortcuts dialog, the illustrated guide, About, and a tooltip on every control."""

from __future__ import annotations

from importlib import metadata

from PySide6.QtGui import QAction, QColor, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QMenu,
    QScrollBar,
    QTabBar,
    QWidget,
)

import knightviz
from knightviz.gui.panels.help import GuideDialog, ShortcutsDialog, version


def action_sequences(window: QWidget) -> list[str]:
    return [
        s.toString(QKeySequence.SequenceFormat.NativeText)
        for a in window.findChildren(QAction)
        for s in a.shortcuts()
        if not s.isEmpty()
    ]


def test_the_shortcuts_dialog_lists_every_key(window, qtbot):
    dialog = window.help.show_shortcuts()
    qtbot.waitExposed(dialog)
    assert dialog.objectName() == "shortcutsDialog"
    assert window.findChild(ShortcutsDialog, "shortcutsDialog") is dialog
    text = "\n".join(dialog.texts())
    for key in ("Space", "N or →", "Shift+N", "Shift+→", "Backspace", "R", "← ↑ → ↓"):
        assert key in text, key
    sequences = action_sequences(window)
    assert "Ctrl+Q" in sequences or "⌘Q" in sequences
    for seq in sequences:
        assert seq in text, f"{seq} is a shortcut but the dialog does not list it"
    dialog.close()


def test_a_new_action_appears_in_the_shortcuts_dialog(window):
    extra = QAction("Export &run…", window)
    extra.setShortcut(QKeySequence("Ctrl+Shift+E"))
    window.addAction(extra)
    dialog = window.help.show_shortcuts()
    rows = dict(zip(dialog.texts()[::1], dialog.texts()[1:], strict=False))
    assert rows.get("Ctrl+Shift+E") == "Export run"
    dialog.close()


def test_the_guide_is_illustrated_by_the_real_painters(window, qtbot):
    guide = window.help.show_guide()
    qtbot.waitExposed(guide)
    assert window.findChild(GuideDialog, "guideDialog") is guide
    assert len(guide.pictures) >= 6
    board = guide.pictures[0].toImage()
    colours = {
        board.pixelColor(x, y).rgb()
        for x in range(0, board.width(), 3)
        for y in range(0, board.height(), 3)
    }
    assert len(colours) > 40, "the board picture is not a painting"
    # The squares' own colour, the flash's red and a queen's hatch are really drawn.
    assert QColor("#f0d9b5").rgb() in colours
    flash = guide.pictures[1].toImage()
    reds = sum(
        1
        for x in range(0, flash.width(), 2)
        for y in range(0, flash.height(), 2)
        if (c := flash.pixelColor(x, y)).red() > 150 and c.green() < 130 and c.blue() < 130
    )
    assert reds > 20, "no backtrack flash in the picture"
    guide.close()


def test_about_says_the_version():
    try:
        expected = metadata.version("knightviz")
    except metadata.PackageNotFoundError:
        expected = knightviz.__version__
    assert version() == expected


def test_help_menu_actions(window):
    names = {a.objectName() for a in window.help_menu.actions()}
    assert {"guideAction", "shortcutsAction", "aboutAction"} <= names


def _exempt(widget: QWidget) -> bool:
    """Qt's own parts: scroll bars, tab bars' arrows, dock title buttons, spin box arrows."""
    if widget.objectName().startswith("qt_") or isinstance(widget, QScrollBar):
        return True
    parent = widget.parentWidget()
    return isinstance(parent, (QTabBar, QScrollBar)) or (
        parent is not None and parent.objectName().startswith("qt_")
    )


def test_every_control_has_a_tooltip(window, qtbot):
    kinds = (QAbstractButton, QComboBox, QAbstractSpinBox, QAbstractSlider)
    missing = []
    for kind in kinds:
        for widget in window.findChildren(kind):
            if _exempt(widget):
                continue
            action = getattr(widget, "defaultAction", lambda: None)()
            tip = widget.toolTip() or (action.statusTip() if action is not None else "")
            if not tip.strip():
                missing.append(
                    f"{type(widget).__name__} {widget.objectName()!r} "
                    f"{getattr(widget, 'text', lambda: '')()!r}"
                )
    for action in window.findChildren(QAction):
        if action.isSeparator() or not action.text() or action.menu() is not None:
            continue
        if isinstance(action.parent(), QMenu) and action is action.parent().menuAction():
            continue
        if not action.statusTip().strip():
            missing.append(f"QAction {action.objectName()!r} {action.text()!r}")
    assert not missing, "no tooltip or status tip:\n" + "\n".join(missing)
