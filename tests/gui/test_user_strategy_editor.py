"""The learner's own strategy in the window, before any code runs: the choice, the editor,
the settings that carry its text (nothing here executes a strategy)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from knightviz.gui.config import decode_settings, encode_settings
from knightviz.gui.panels.strategy_editor import StrategyEditor

from .conftest import child


@pytest.mark.parametrize("puzzle", ["knight", "queens", "sudoku"])
def test_choosing_your_own_shows_the_editor(window, qtbot, puzzle):
    window.panel.set_settings(puzzle, window.puzzles[puzzle].default_settings())
    check = window.panel.widgets[puzzle].own_check
    assert check is not None and check.isVisible()
    assert not window.own.dock.isVisible()
    check.setChecked(True)
    qtbot.waitUntil(window.own.dock.isVisible)
    assert window.panel.settings().own
    assert window.puzzles[puzzle].own(window.panel.settings())


@pytest.mark.parametrize("puzzle", ["knight", "queens", "sudoku"])
def test_settings_keep_the_strategy_text_through_json(window, puzzle):
    presenter = window.puzzles[puzzle]
    source = 'def order(position, candidates):\n    return candidates  # "quoted"\n'
    settings = presenter.with_source(
        dataclasses.replace(presenter.default_settings(), own=True), source, "edge.py"
    )
    text = encode_settings(settings)
    json.loads(text)
    back = decode_settings(presenter.default_settings(), text)
    assert back == settings
    assert presenter.decode_settings(json.loads(text)) == settings
    # The widget shows it and gives it back unchanged (a run brought back from a file).
    window.panel.set_settings(puzzle, settings)
    assert window.panel.settings() == settings
    assert presenter.describe(settings) == "edge.py"
    assert presenter.builtin(settings) == dataclasses.replace(
        settings, own=False, own_source="", own_name=""
    )


def test_a_strategy_names_itself_or_says_your_strategy(window):
    knight = window.puzzles["knight"]
    own = dataclasses.replace(knight.default_settings(), own=True)
    assert knight.describe(own) == "your strategy"
    assert knight.tree_children(own, None) is None  # nothing built in to draw
    assert knight.tree_probe(own, 0) is None
    rival = knight.rival(own)
    assert rival is not None and not knight.own(rival[0])


def test_editor_marks_a_line_and_clears_it_on_typing(qtbot):
    editor = StrategyEditor()
    qtbot.addWidget(editor)
    editor.set_text("def order(p, c):\n    x = 1\n    return c\n")
    editor.mark_error("Your strategy raised an error on line 2", 2)
    assert editor.edit.error_line == 2
    assert editor.edit.textCursor().blockNumber() == 1
    assert editor.edit.extraSelections()
    assert editor.error_label.text().endswith("line 2")
    editor.edit.insertPlainText("# edited\n")
    assert editor.edit.error_line == 0
    assert not editor.edit.extraSelections()


def test_editor_opens_saves_and_remembers_files(qtbot, tmp_path):
    editor = StrategyEditor()
    qtbot.addWidget(editor)
    path = tmp_path / "edge.py"
    path.write_text("def order(position, candidates):\n    return candidates\n")
    assert editor.open(str(path))
    assert editor.name() == "edge.py"
    assert editor.recent()[0] == str(path)
    editor.edit.appendPlainText("# more")
    assert editor.save()
    assert path.read_text().endswith("# more")
    assert not editor.open(str(tmp_path / "missing.py"))
    assert editor.error_label.isVisibleTo(editor)


def test_editor_highlights_python(qtbot):
    editor = StrategyEditor()
    qtbot.addWidget(editor)
    editor.set_text('def order(p):\n    """Doc."""\n    return 1  # note\n')
    formats = editor.edit.document().findBlockByNumber(0).layout().formats()
    assert formats, "the keyword def is coloured"


def test_help_is_one_click_away(window, qtbot):
    window.own.dock.show()
    button = child(window, "strategyHelpButton")
    button.click()
    assert window.own.editor.help_view.isVisible()
    assert window.own.editor.help_view.toPlainText().strip()


def test_failures_are_worded_in_chinese_from_their_figures(language):
    from knightviz.engine.strategies import StrategyError
    from knightviz.gui.i18n import CHINESE
    from knightviz.gui.puzzles.base import own_failure_words, own_pruned_words

    errors = [
        StrategyError("x", "timeout", {"function": "order", "seconds": 1.0}, step=7),
        StrategyError("x", "exception", {"type": "ZeroDivisionError", "detail": "boom"}, 3, 7),
        StrategyError(
            "x", "wrong-return", {"function": "order", "what": "repeated", "value": "12"}, step=7
        ),
        StrategyError("x", "memory", {"megabytes": 512}, step=7),
        StrategyError("x", "no-function", {"functions": ["order"]}),
        StrategyError("x", "crashed", {"exitcode": -9}, step=7),
    ]
    english = [own_failure_words(e) for e in errors]
    assert "endless loop" in english[0] and "step 7" in english[0]
    assert "line 3" in english[1] and "ZeroDivisionError: boom" in english[1]
    assert language.apply(CHINESE)
    chinese = [own_failure_words(e) for e in errors]
    assert "第 7 步" in chinese[0] and "秒" in chinese[0]
    assert "第 3 行" in chinese[1] and "ZeroDivisionError" in chinese[1]
    assert "12" in chinese[2] and "512" in chinese[3] and "-9" in chinese[5]
    assert all(c != e for c, e in zip(chinese, english, strict=True))
    assert "漏掉" in own_pruned_words()


def test_the_last_sessions_strategy_comes_back_in_the_editor(qtbot):
    """The settings remembered between sessions keep the strategy's text: the next window
    shows it in the editor (and runs nothing)."""
    import dataclasses as dc

    from knightviz.gui import MainWindow

    first = MainWindow()
    qtbot.addWidget(first)
    knight = first.puzzles["knight"]
    source = "def order(position, candidates):\n    return candidates[::-1]\n"
    settings = knight.with_source(
        dc.replace(knight.default_settings(), own=True), source, "reverse.py"
    )
    first.panel.set_settings("knight", settings)
    first.close()
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.panel.settings().own
    assert again.own.editor.text() == source
    assert again.own.editor.name() == "reverse.py"  # named as before, not "your strategy"
    assert again.own.editor.path is None  # no such file here: Save asks where
    again.close()


def test_the_last_sessions_file_is_found_again_among_the_recent_ones(qtbot, tmp_path):
    import dataclasses as dc

    from knightviz.gui import MainWindow

    source = "def order(position, candidates):\n    return candidates[::-1]\n"
    path = tmp_path / "reverse.py"
    path.write_text(source, encoding="utf-8")
    first = MainWindow()
    qtbot.addWidget(first)
    assert first.own.editor.open(str(path))  # remembered among the recent files
    knight = first.puzzles["knight"]
    settings = knight.with_source(
        dc.replace(knight.default_settings(), own=True), source, "reverse.py"
    )
    first.panel.set_settings("knight", settings)
    first.close()
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.own.editor.path == str(path)
    again.close()


def test_ticking_your_own_greys_what_it_replaces_and_says_so(window):
    from .conftest import child, configure

    configure(window, n=8, warnsdorff=True)
    own_check = child(window, "ownStrategyCheck")
    replaced = [child(window, n) for n in ("warnsdorffCheck", "backtrackCheck", "constructCheck")]
    assert all(w.isEnabled() for w in replaced)
    own_check.setChecked(True)
    assert not any(w.isEnabled() for w in replaced)
    assert child(window, "warnsdorffCheck").isChecked()  # kept for later
    assert "Your own strategy" in child(window, "strategyExplainLabel").text()
    own_check.setChecked(False)
    assert all(w.isEnabled() for w in replaced)
    assert "Fewest exits" in child(window, "strategyExplainLabel").text()


def test_sudoku_your_own_greys_the_strategy_and_forced_cells(window):
    import dataclasses

    from .conftest import child

    sudoku = window.puzzles["sudoku"]
    window.panel.set_settings("sudoku", dataclasses.replace(sudoku.default_settings(), own=True))
    combo, singles = child(window, "sudokuStrategyCombo"), child(window, "sudokuSinglesCheck")
    assert not combo.isEnabled() and not singles.isEnabled()
    checks = [c for c in window.findChildren(type(singles), "ownStrategyCheck") if c.isVisible()]
    assert len(checks) == 1
    checks[0].setChecked(False)
    assert combo.isEnabled() and singles.isEnabled()


def test_the_editor_leaves_the_board_its_room_on_a_laptop(window, qtbot):
    """1366×768 less a panel and a title bar: opening the editor moves the history to a
    tab and keeps the board over 300 px (it was squeezed to 200 px beside four columns)."""
    from .conftest import child, configure

    window.showNormal()
    window.resize(1366, 718)
    configure(window, n=8)
    qtbot.waitUntil(lambda: window.width() == 1366, timeout=5_000)
    before = window.board.width()
    child(window, "ownStrategyCheck").setChecked(True)
    qtbot.waitUntil(lambda: window.own.dock.isVisible(), timeout=5_000)
    parts = window.parts
    # The history goes to a tab beside the editor; its column gives the board the room.
    qtbot.waitUntil(lambda: parts.history_box.parentWidget() is not parts.results, timeout=5_000)
    qtbot.waitUntil(lambda: window.board.width() > before, timeout=5_000)
    assert min(window.board.width(), window.board.height()) >= 300
    assert window.own.dock.width() >= 300  # and the editor its own third or so


def test_the_editor_fits_a_1024_pixel_screen(window, qtbot):
    """Opening the editor never makes the window wider than a netbook's screen (a row of
    five buttons kept it 1,136 px wide): its buttons that do not fit go behind "»"."""
    from .conftest import child, configure

    configure(window, n=8)
    child(window, "ownStrategyCheck").setChecked(True)
    qtbot.waitUntil(lambda: window.own.dock.isVisible(), timeout=5_000)
    assert window.minimumSizeHint().width() <= 1024
    assert window.own.dock.minimumSizeHint().width() <= 200
