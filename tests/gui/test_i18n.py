"""Languages: the .ts file is complete and current, the Chinese window has no English left,
switching at run time and back restores every English text, --lang, numbers, and nothing is
clipped with the Chinese texts or with texts 40 % longer than the English ones."""

from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import PySide6
import pytest
from PySide6 import QtGui
from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QModelIndex, Qt, QTranslator
from PySide6.QtGui import QAction, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QStyle,
    QStyleOptionButton,
    QStyleOptionGroupBox,
    QTabBar,
    QToolButton,
    QWidget,
)

from knightviz.gui import MainWindow
from knightviz.gui.app import take_language
from knightviz.gui.i18n import CHINESE, ENGLISH, LANGUAGES
from knightviz.gui.main_window import DEFAULT_SIZE
from knightviz.gui.panels.elided import SteadyLabel
from knightviz.gui.panels.history import OUTCOME, PUZZLE, STRATEGY
from knightviz.gui.puzzles.programs import PLAIN, QUEENS_BITS, QUEENS_SETS, WARNSDORFF
from knightviz.gui.session import State as RaceState
from knightviz.gui.text import fmt_int, sentences

from .conftest import UNLIMITED, configure, place, set_speed, start_and_finish

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "i18n" / "knightviz_zh_CN.ts"
#: The English plural forms: only the texts of a count and its noun.
TS_EN = ROOT / "resources" / "i18n" / "knightviz_en.ts"

#: Words that stay as they are in Chinese: names, the program's name, units, keys, code.
ALLOWED = {
    "knightviz",
    "warnsdorff",
    "roth",
    "knuth",
    "schwenk",
    "parberry",
    "python",
    "numba",
    "mb",
    "id",
    "ids",
    "ctrl",
    "shift",
    "backspace",
    "delete",
    "tab",
    # file formats, units and the programs and commands they come from
    "json",
    "csv",
    "png",
    "svg",
    "gif",
    "py",
    "kb",
    "solve",
    "sudoku",
    "java",
    # Sudoku's strategy known by its letters: minimum remaining values
    "mrv",
    # a puzzle known by its name, AI Escargot
    "ai",
    "escargot",
}
#: The program's variables, shown as the code names them (the code panel, the bitboards).
CODE_WORDS = {"square", "move", "rank", "file", "queens", "attacked"}
#: Placeholders and markup a translation must keep: {0}, {1:+d}, {0:0{1}X}, tags, %n, \t.
PLACEHOLDER = re.compile(r"\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|<[^>]+>|%n|\t")


# -- the .ts file ------------------------------------------------------------------------------


def read_ts(path: Path) -> dict[tuple[str, str], ET.Element]:
    root = ET.parse(path).getroot()
    out = {}
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            out[(name, message.findtext("source") or "")] = message.find("translation")
    return out


def forms(tr: ET.Element) -> list[str]:
    """A translation's texts: its plural forms (one in Chinese), else its one text."""
    numerus = tr.findall("numerusform")
    if numerus:
        return [form.text or "" for form in numerus]
    return [tr.text or ""]


def lupdate() -> str:
    here = Path(PySide6.__file__).parent
    for candidate in (
        Path(sys.executable).parent / "pyside6-lupdate",
        here / "lupdate",
        here / "Qt" / "libexec" / "lupdate",
    ):
        if candidate.exists():
            return str(candidate)
    found = shutil.which("pyside6-lupdate")
    assert found, "pyside6-lupdate not found (it ships with PySide6)"
    return found


def lrelease() -> str:
    here = Path(PySide6.__file__).parent
    for candidate in (
        Path(sys.executable).parent / "pyside6-lrelease",
        here / "lrelease",
        here / "Qt" / "libexec" / "lrelease",
    ):
        if candidate.exists():
            return str(candidate)
    found = shutil.which("pyside6-lrelease")
    assert found, "pyside6-lrelease not found (it ships with PySide6)"
    return found


def sources() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "knightviz").rglob("*.py"))


def test_ts_has_no_unfinished_or_obsolete_entries():
    messages = read_ts(TS)
    assert len(messages) > 250
    for (context, source), tr in messages.items():
        assert tr is not None, (context, source)
        assert tr.get("type") not in ("unfinished", "obsolete", "vanished"), (context, source)
        assert all(forms(tr)), (context, source)
        assert len(forms(tr)) == 1, (context, source)  # Chinese: one form for any count


def test_ts_is_current_with_the_code(tmp_path):
    """lupdate over the code finds exactly the committed texts: a new English text without
    its translation (or a text no longer in the code) fails here. Fix: ``make translations``
    and translate the new entries."""
    copy = tmp_path / "current.ts"
    shutil.copy(TS, copy)
    subprocess.run(
        [lupdate(), *sources(), "-no-obsolete", "-locations", "none", "-ts", str(copy)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    committed, current = read_ts(TS), read_ts(copy)
    assert set(current) - set(committed) == set(), "new texts: run make translations"
    assert set(committed) - set(current) == set(), "texts gone from the code"


def test_translations_keep_placeholders_mnemonics_and_lines():
    for (context, source), tr in read_ts(TS).items():
        (text,) = forms(tr)
        where = (context, source, text)
        assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(source)), where
        assert text.count("\n") == source.count("\n"), where
        mnemonic = re.search(r"&(\w)", source)
        if mnemonic:  # "&File" → "文件(&F)"
            assert f"&{mnemonic.group(1)}".upper() in text.upper(), where
        for word in re.findall(r"[A-Za-z]{2,}", text):
            assert word.lower() in ALLOWED | CODE_WORDS or word in ("MB", "ID"), where


@pytest.mark.parametrize("ts", [TS, TS_EN], ids=["zh_CN", "en"])
def test_qm_is_compiled_from_the_ts(tmp_path, ts):
    """The committed .qm translates what the .ts says (``make translations`` was run)."""
    qm = tmp_path / "fresh.qm"
    subprocess.run([lrelease(), str(ts), "-qm", str(qm)], check=True, capture_output=True)
    committed = ts.with_suffix(".qm").read_bytes()
    assert committed == qm.read_bytes()


def test_english_plural_forms_are_complete_and_current(tmp_path):
    """Every text of a count and its noun (``tr(text, "", n)``) has its two English forms,
    the singular and the source's plural, and nothing else is in the English file. Fix:
    ``make translations`` and write the new singulars."""
    copy = tmp_path / "current.ts"
    shutil.copy(TS_EN, copy)
    subprocess.run(
        [
            lupdate(),
            *sources(),
            "-pluralonly",
            "-no-obsolete",
            "-locations",
            "none",
            "-target-language",
            "en",
            "-ts",
            str(copy),
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    committed, current = read_ts(TS_EN), read_ts(copy)
    assert set(committed) == set(current), "new or vanished plural texts: make translations"
    chinese = read_ts(TS)
    assert len(committed) >= 30
    for (context, source), tr in committed.items():
        where = (context, source)
        assert tr is not None and tr.get("type") is None, where
        one, many = forms(tr)
        assert many == source and one and one != source, where
        # The singular may say the count in words ("its only move"), never another figure.
        assert set(PLACEHOLDER.findall(one)) <= set(PLACEHOLDER.findall(source)), where
        assert chinese[where].findall("numerusform"), f"{where} is not a plural text in Chinese"


# -- walking the window ------------------------------------------------------------------------


def _plain(text: str) -> str:
    if "<" in text and QtGui.Qt.mightBeRichText(text):  # QtGui's, not QtCore's Qt
        doc = QTextDocument()
        doc.setHtml(text)
        return doc.toPlainText()
    return text


def _inside(widget: QWidget, name: str) -> bool:
    node: QWidget | None = widget
    while node is not None:
        if node.objectName() == name:
            return True
        node = node.parentWidget()
    return False


def settle() -> None:
    """Deliver what Qt has posted (layout requests, LanguageChange, show and palette events,
    the deletion of replaced dialogs) before looking: what a fixed wait stood in for,
    without a length of time."""
    QCoreApplication.sendPostedEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()


def walk(window: MainWindow, visible_only: bool = True) -> list[tuple[str, str, str]]:
    """Every text the user can read: (where, what, text). Menus and actions always;
    widgets only when visible (``visible_only``)."""
    out: list[tuple[str, str, str]] = []

    def add(where: str, what: str, text: object) -> None:
        if isinstance(text, str) and text.strip():
            out.append((where, what, _plain(text)))

    widgets = [window, *window.findChildren(QWidget)]
    for i, w in enumerate(widgets):
        if isinstance(w, QMenu):
            continue  # below, with the actions
        if visible_only and not w.isVisible():
            continue
        where = f"{i}:{type(w).__name__}:{w.objectName()}"
        if w.objectName() in ("codeView", "bitboardView"):
            continue  # code: checked apart
        add(where, "toolTip", w.toolTip())
        add(where, "accessibleName", w.accessibleName())
        if isinstance(w, QLabel):
            add(where, "text", w.full_text() if hasattr(w, "full_text") else w.text())
        if isinstance(w, QAbstractButton):
            add(where, "text", w.text())
        if isinstance(w, QGroupBox):
            add(where, "title", w.title())
        if isinstance(w, QDockWidget) or w.isWindow():
            add(where, "windowTitle", w.windowTitle())
        if isinstance(w, QLineEdit):
            add(where, "placeholder", w.placeholderText())
        if isinstance(w, QProgressBar) and w.isTextVisible():
            add(where, "format", w.format())
        if isinstance(w, QSpinBox):
            add(where, "suffix", w.suffix())
            add(where, "prefix", w.prefix())
        if isinstance(w, QComboBox):
            for k in range(w.count()):
                add(where, f"item{k}", w.itemText(k))
                add(where, f"itemTip{k}", w.itemData(k, Qt.ItemDataRole.ToolTipRole))
        if isinstance(w, QTabBar):
            for k in range(w.count()):
                add(where, f"tab{k}", w.tabText(k))
        if isinstance(w, QAbstractItemView) and not isinstance(w, QHeaderView) and w.model():
            model = w.model()
            try:
                columns = model.columnCount(QModelIndex())
            except TypeError:  # a list model's is private
                columns = 1
            for col in range(columns):
                add(where, f"header{col}", model.headerData(col, Qt.Orientation.Horizontal))
                add(
                    where,
                    f"headerTip{col}",
                    model.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole),
                )
            for row in range(min(model.rowCount(QModelIndex()), 40)):
                for col in range(columns):
                    index = model.index(row, col)
                    add(where, f"cell{row},{col}", model.data(index))
                    add(
                        where, f"cellTip{row},{col}", model.data(index, Qt.ItemDataRole.ToolTipRole)
                    )
    for menu_action in window.menuBar().actions():
        add("menu", "title", menu_action.text())
        for action in _actions(menu_action.menu()):
            add(f"menu:{menu_action.text()}", "action", action.text())
            add(f"menu:{menu_action.text()}", "tip", action.toolTip())
    for action in window.findChildren(QAction):
        name = action.objectName() or action.text()
        if action.data() in LANGUAGES:
            continue  # each language in its own words
        add(f"action:{name}", "text", action.text())
        add(f"action:{name}", "iconText", action.iconText())
        add(f"action:{name}", "toolTip", action.toolTip())
        add(f"action:{name}", "statusTip", action.statusTip())
    return out


def _actions(menu: QMenu | None) -> Iterator[QAction]:
    if menu is None:
        return
    for action in menu.actions():
        if action.data() in LANGUAGES:
            continue
        yield action
        yield from _actions(action.menu())


def english_words(window: MainWindow, texts: list[tuple[str, str, str]]) -> list[tuple]:
    """Texts with English UI words left (names, code names in code panels, keys allowed)."""
    code_panels = {
        f"{i}:{type(w).__name__}:{w.objectName()}"
        for i, w in enumerate([window, *window.findChildren(QWidget)])
        if _inside(w, "codePanel") or _inside(w, "constraintsPanel")
    }
    bad = []
    for where, what, text in texts:
        allowed = ALLOWED | (CODE_WORDS if where in code_panels else set())
        words = [
            w
            for w in re.findall(r"[A-Za-z]{2,}", re.sub(r"\b[a-z]{1,2}\d+\b", "", text))
            if w.lower() not in allowed
        ]
        if words:
            bad.append((where, what, text, words))
    return bad


#: English punctuation after Chinese words ("3 个有解, 2 个…"): Chinese writes full-width.
HALF_WIDTH = re.compile(r"[\u4e00-\u9fff][,;:] ")


def assert_chinese(window: MainWindow, state: str) -> None:
    texts = walk(window)
    bad = english_words(window, texts)
    bad += [(where, what, text) for where, what, text in texts if HALF_WIDTH.search(text)]
    assert not bad, f"{state}:\n" + "\n".join(map(repr, bad))


def comments(program_text: str) -> list[str]:
    return [line.partition("# ")[2] for line in program_text.splitlines() if "# " in line]


@pytest.fixture
def zh_window(qtbot, language):
    assert language.apply(CHINESE)
    w = MainWindow(language)
    qtbot.addWidget(w)
    w.resize(*DEFAULT_SIZE)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.close()


def run_queens(window: MainWindow, qtbot) -> None:
    configure(window, "queens", n=6)
    set_speed(window, UNLIMITED)
    start_and_finish(window, qtbot)


def run_knight(window: MainWindow, qtbot) -> None:
    configure(window, "knight", n=5, warnsdorff=False)
    set_speed(window, UNLIMITED)
    start_and_finish(window, qtbot)


def run_race(window: MainWindow, qtbot) -> None:
    configure(window, "knight", n=5)
    set_speed(window, UNLIMITED)
    place(window, 0, 0)  # a5: a 5×5 tour starts on the corners' colour
    window.race_action.setChecked(True)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.race.state is RaceState.FINISHED, timeout=30_000)


def show_maps(window: MainWindow, qtbot) -> None:
    """The start-square map (two in race mode), drawn to the end."""
    set_speed(window, UNLIMITED)
    with qtbot.waitSignal(window.map_finished, timeout=60_000):
        window.start_map()
    settle()


def run_knight_map(window: MainWindow, qtbot) -> None:
    """Knight 5×5 with its map beside the board."""
    window.race_action.setChecked(False)
    configure(window, "knight", n=5, warnsdorff=False)
    show_maps(window, qtbot)


def show_help(window: MainWindow, qtbot) -> None:
    """Help › Keyboard shortcuts and Help › What am I looking at? open."""
    window.help.show_shortcuts()
    window.help.show_guide()
    qtbot.waitExposed(window.help.shortcuts_dialog)
    qtbot.waitExposed(window.help.guide_dialog)


def test_chinese_window_has_no_english_left(zh_window, qtbot):
    w = zh_window
    assert w.language() == CHINESE
    for dock in (w.code_dock, w.stack_dock):
        dock.show()
    assert_chinese(w, "idle")
    run_knight(w, qtbot)
    w.code_dock.show()
    w.stack_dock.show()
    w.session.seek(w.session.end // 2)  # mid-run: stack, narration, code variables
    qtbot.waitUntil(lambda: bool(w.view.narration.text() and w.view.code_panel.variables.text()))
    assert w.view.narration.text() and w.view.code_panel.variables.text()
    assert_chinese(w, "knight, mid-run")
    w.session.seek(w.session.end)
    assert_chinese(w, "knight, finished")
    run_queens(w, qtbot)
    w.constraints_dock.show()
    w.constraints_dock.raise_()
    w.session.seek(5)
    settle()
    assert_chinese(w, "queens")
    run_race(w, qtbot)
    assert_chinese(w, "race")
    show_maps(w, qtbot)
    assert_chinese(w, "race with maps")
    run_knight_map(w, qtbot)
    assert w.startmap.shown
    assert_chinese(w, "knight with its map")
    show_help(w, qtbot)
    assert w.findChild(QWidget, "shortcutsDialog").isVisible()
    assert_chinese(w, "help dialogs")
    commands = w.help.shortcuts_dialog.texts()
    assert "保存运行" in commands  # not 保存运行(S)…: the menu's mnemonic left out
    assert not [t for t in commands if re.search(r"[(\uff08][A-Z][)\uff09]", t)]
    w.set_appearance("dark")
    settle()
    assert_chinese(w, "dark")
    # The code panel: the code in English, its comments in Chinese.
    for program in (PLAIN, WARNSDORFF, QUEENS_SETS, QUEENS_BITS):
        text = program.display_text()
        assert [line.partition("#")[0] for line in text.splitlines()] == [
            line.partition("#")[0] for line in program.text.splitlines()
        ]
        for comment in comments(text):
            assert not re.search(r"[A-Za-z]{3,}", comment.replace("IDs", "")), comment
    # Qt's own dialogs and buttons are Chinese too (qtbase translations).
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"


def test_knight_terms_our_users_know(zh_window, qtbot):
    w = zh_window
    texts = " ".join(t for _, _, t in walk(w, visible_only=False))
    for term in ("骑士周游", "Warnsdorff 规则", "回溯", "步数", "前进", "回退", "N 皇后"):
        assert term in texts, term


def round_trip(w: MainWindow, qtbot, state: str) -> None:
    """To Chinese: no English left; back to English: exactly the texts of before."""
    before = walk(w, visible_only=False)
    code_before = w.view.code_panel.view.toPlainText()
    assert w.set_language(CHINESE)
    settle()  # Qt's own widgets answer their LanguageChange event
    assert w.language() == CHINESE
    assert_chinese(w, state)
    if w.code_dock.isVisible():
        assert w.view.code_panel.view.toPlainText() != code_before  # the comments
    assert w.set_language(ENGLISH)
    settle()
    assert w.view.code_panel.view.toPlainText() == code_before
    after = walk(w, visible_only=False)
    gained = [t for t in after if t not in before]
    lost = [t for t in before if t not in after]
    assert not gained and not lost, "\n".join(map(repr, [state, "now:", *gained, "before:", *lost]))


@pytest.mark.slow
def test_switching_language_retranslates_everything_and_back(window, qtbot, language):
    w = window
    w.translations = language  # the window follows this test's languages
    w.resize(*DEFAULT_SIZE)
    run_knight(w, qtbot)
    run_queens(w, qtbot)
    w.solutions_dock.show()
    w.constraints_dock.show()
    w.constraints_dock.raise_()
    round_trip(w, qtbot, "queens")
    assert w.view.solutions_panel.model.rowCount() == 4  # switching keeps the solutions listed
    configure(w, "knight", n=5, warnsdorff=False)
    w.code_dock.show()
    w.stack_dock.show()
    w.code_dock.raise_()
    run_knight(w, qtbot)
    w.session.seek(w.session.end // 2)
    settle()
    round_trip(w, qtbot, "knight mid-run, panels open")
    assert language.language == ENGLISH
    w.set_language(CHINESE)
    assert w.history.rowCount() == 3
    for row in range(3):  # the rows and their summaries worded anew
        for col in (PUZZLE, STRATEGY, OUTCOME):
            assert re.search("[\u4e00-\u9fff]", w.history.item(row, col).text()), (row, col)
        assert re.search("[\u4e00-\u9fff]", w.history.item(row, OUTCOME).toolTip())
    w.set_language(ENGLISH)
    run_race(w, qtbot)
    round_trip(w, qtbot, "race")
    with qtbot.waitSignal(w.map_finished, timeout=60_000):
        w.map_action.setChecked(True)  # two maps, their legends and cap boxes
    round_trip(w, qtbot, "race with maps")
    run_knight_map(w, qtbot)
    show_help(w, qtbot)  # open dialogs are worded again where they stand
    round_trip(w, qtbot, "knight with its map, help dialogs open")
    w.set_language(CHINESE)  # the map's progress (hidden once drawn) reads Chinese too
    assert w.view.map_legend.progress.format() == "%v / %m"
    w.set_language(ENGLISH)
    assert w.view.map_legend.progress.format() == "%v of %m"
    assert w.help.shortcuts_dialog.isVisible() and w.help.guide_dialog.isVisible()


def test_switching_language_mid_run_with_the_tree_shown_leaves_no_english(window, qtbot, language):
    """View › Language › 简体中文 while a run goes, the search tree shown: its legend and its
    "nodes at step" stayed English (built texts nobody built again)."""
    w = window
    w.translations = language
    configure(w, "knight", n=6, warnsdorff=False)
    set_speed(w, 400)
    w.tree_dock.show()
    w.tree_dock.raise_()
    tree = w.findChild(QWidget, "searchTree")
    info = w.findChild(QLabel, "treeInfoLabel")
    w.start_or_pause()
    qtbot.waitUntil(lambda: w.session.model.steps > 40 and "nodes at step" in info.text())
    assert tree.isVisible() and w.session.state is RaceState.RUNNING
    w.set_language(CHINESE)
    settle()
    assert w.session.state is RaceState.RUNNING  # still mid-run
    assert_chinese(w, "mid-run, the search tree shown")
    steps = w.session.model.steps
    qtbot.waitUntil(lambda: w.session.model.steps > steps + 20)  # the texts built anew
    settle()
    assert_chinese(w, "mid-run, the search tree shown, later")
    assert "个节点" in info.text()
    w.reset()


def test_a_count_of_one_reads_in_the_singular(window, qtbot, language):
    """Qt's plural forms: "1 node" (not "1 nodes"), "1 move, 1 backtrack, 2 steps"; Chinese
    has one form for any count."""
    w = window
    w.translations = language
    knight, queens = w.puzzles["knight"], w.puzzles["queens"]
    w.tree_dock.show()
    w.tree_dock.raise_()
    info = w.findChild(QLabel, "treeInfoLabel")
    configure(w, "knight", n=5, warnsdorff=True)
    set_speed(w, UNLIMITED)
    start_and_finish(w, qtbot)
    w.session.seek(0)
    settle()
    qtbot.waitUntil(lambda: info.text() == "1 node at step 0")
    w.session.seek(1)
    qtbot.waitUntil(lambda: info.text() == "2 nodes at step 1")
    assert knight.counts_text(1, 1, 2) == "1 move, 1 backtrack, 2 steps"
    assert knight.counts_text(0, 2, 2) == "0 moves, 2 backtracks, 2 steps"
    assert queens.counts_text(1, 0, 1) == "1 placement, 0 removals, 1 step"
    w.view.solutions_panel.show_solutions([(0,)], 1)
    assert w.findChild(QLabel, "solutionsCountLabel").text() == "1 solution found"
    w.view.solutions_panel.show_solutions([(0,), (1,)], 2)
    assert w.findChild(QLabel, "solutionsCountLabel").text() == "2 solutions found"
    w.set_language(CHINESE)
    settle()
    assert info.text() == "第 1 步时共 2 个节点"
    assert knight.counts_text(1, 1, 2) == "前进 1，回退 1，共 2 步"  # noqa: RUF001
    assert w.findChild(QLabel, "solutionsCountLabel").text() == "已找到 2 个解"
    w.set_language(ENGLISH)
    assert info.text() == "2 nodes at step 1"


def test_language_menu_switches(window, qtbot, language):
    window.translations = language
    menu = window.language_menu
    assert menu.objectName() == "languageMenu"
    actions = {a.data(): a for a in menu.actions()}
    assert set(actions) == {ENGLISH, CHINESE}
    actions[CHINESE].trigger()
    assert window.language() == CHINESE
    assert actions[CHINESE].isChecked()
    assert window.run_controls.start_button.text() == "开始"
    actions[ENGLISH].trigger()
    assert window.run_controls.start_button.text() == "Start"


# -- the command line and numbers --------------------------------------------------------------


def test_take_language():
    assert take_language(["--lang", "zh_CN", "-style", "fusion"]) == (CHINESE, ["-style", "fusion"])
    assert take_language(["--lang=zh-cn"]) == (CHINESE, [])
    assert take_language(["--lang", "en"]) == (ENGLISH, [])
    assert take_language([]) == (None, [])
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        take_language(["--lang", "xx"])


PROBE = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import knightviz.gui.app as app

def probe(window):
    def report():
        print(window.language(), window.run_controls.start_button.text(), flush=True)
        window.close()
        QApplication.quit()
    QTimer.singleShot(0, report)

app._schedule_screenshot = probe
raise SystemExit(app.main(["knightviz", *sys.argv[1:]]))
"""


def _app(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    environ = dict(os.environ, QT_QPA_PLATFORM="offscreen", KNIGHTVIZ_ENGINE="python")
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        environ.pop(key, None)
    environ.update(LANG="C.UTF-8", **env)
    return subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        env=environ,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_lang_option_starts_in_chinese():
    done = _app(["--lang", "zh_CN"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [CHINESE, "开始"]


def test_system_language_chosen_without_the_option():
    done = _app([], LANGUAGE="zh_CN", LC_ALL="zh_CN.UTF-8")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [CHINESE, "开始"]


def test_unknown_language_is_a_usage_error():
    done = _app(["--lang", "xx"])
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("knightviz: error: argument --lang"), lines
    assert done.stdout == ""


def test_numbers_as_the_chinese_locale_writes_them(language):
    assert QLocale(QLocale.Language.Chinese, QLocale.Country.China).toString(16501401) == (
        "16,501,401"
    )
    assert language.apply(CHINESE)
    assert QLocale().name() == "zh_CN"
    assert fmt_int(16_501_401) == "16,501,401"


# -- nothing clipped ---------------------------------------------------------------------------

_ACCENTS = str.maketrans("aceinosuyACEINOSUY", "áçéíñóśúýÁÇÉÍÑÓŚÚÝ")
_PROTECTED = re.compile(r"\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|<[^>]+>|&\w|%n|\t\S*|\n")


def pseudo(source: str) -> str:
    """``source`` accented and 40 % longer (each word grows by 40 %, so lines wrap where
    they did), placeholders, tags, mnemonics and keys intact."""
    out = []
    pos = 0
    for m in _PROTECTED.finditer(source):
        out.append(_stretch(source[pos : m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append(_stretch(source[pos:]))
    return "".join(out)


def _stretch(text: str) -> str:
    def grow(m: re.Match[str]) -> str:
        word = m.group(0)
        return (word + word[: math.ceil(len(word) * 0.4)].lower()).translate(_ACCENTS)

    return re.sub(r"[A-Za-z]+", grow, text)


@pytest.fixture
def pseudo_translator(tmp_path):
    root = ET.parse(TS).getroot()
    for message in root.iter("message"):
        source = message.findtext("source") or ""
        tr = message.find("translation")
        assert tr is not None
        tr.attrib.pop("type", None)
        numerus = tr.findall("numerusform")
        for form in numerus:
            form.text = pseudo(source)
        if not numerus:
            tr.text = pseudo(source)
    ts = tmp_path / "pseudo.ts"
    ET.ElementTree(root).write(ts, encoding="utf-8", xml_declaration=True)
    qm = tmp_path / "pseudo.qm"
    subprocess.run([lrelease(), str(ts), "-qm", str(qm)], check=True, capture_output=True)
    translator = QTranslator()
    assert translator.load(str(qm))
    QCoreApplication.installTranslator(translator)
    yield translator
    QCoreApplication.removeTranslator(translator)


def test_pseudo_translation_is_longer():
    assert pseudo("Moves") == "Móvéśmó"
    assert pseudo("{0} moves, {1:+d}\tSpace") == "{0} móvéśmó, {1:+d}\tSpace"
    assert pseudo("Start / &Pause").startswith("Śtártśt / &P")
    for (_, source), _tr in read_ts(TS).items():
        text = pseudo(source)
        assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(source))
        letters = len(re.findall(r"[A-Za-z]", source))
        assert len(text) >= len(source) + 0.4 * letters - 2 * source.count("&")


def clipped(window: MainWindow) -> list[tuple[str, str, float, float]]:
    """Visible labels, buttons, check boxes and group box titles whose text is wider than the
    room the widget gives it (word-wrapped labels: taller than their height; elided labels
    that show the full text in a tooltip are fine)."""
    bad = []
    for w in window.findChildren(QWidget):
        if not w.isVisible() or w.width() <= 0:
            continue
        fm = w.fontMetrics()
        name = f"{type(w).__name__}:{w.objectName()}"
        if isinstance(w, QLabel) and w.text() and w.pixmap().isNull():
            text = _plain(w.text())
            room = w.contentsRect().width() - 2 * w.margin() - w.indent() * (w.indent() > 0)
            if w.wordWrap():
                need = w.heightForWidth(w.width())
                if need > w.height() + 1:
                    bad.append((name, text, need, w.height()))
                # Lines break at spaces, and anywhere between Chinese characters.
                words = re.findall(r"[^\s\u2e80-\u9fff\uff00-\uffef]+", text)
                longest = max((fm.horizontalAdvance(x) for x in words), default=0)
                if longest > room + 1:
                    bad.append((name, text, longest, room))
                continue
            if w.toolTip() and w.toolTip() != text and text.endswith("…"):
                continue  # elided, the whole text on hover
            if isinstance(w, SteadyLabel):
                # Cut with "…" by design (its size never follows its text), the whole text on
                # hover: only a cut without the tooltip is clipping.
                if not w.shows_all() and w.toolTip() != text:
                    bad.append((name, text, fm.horizontalAdvance(text), room))
                continue
            widest = max(fm.horizontalAdvance(line) for line in text.split("\n"))
            if widest > room + 1:
                bad.append((name, text, widest, room))
        elif isinstance(w, (QCheckBox, QPushButton)) and w.text():
            opt = QStyleOptionButton()
            w.initStyleOption(opt)
            element = (
                QStyle.SubElement.SE_CheckBoxContents
                if isinstance(w, QCheckBox)
                else QStyle.SubElement.SE_PushButtonContents
            )
            room = w.style().subElementRect(element, opt, w).width()
            need = fm.horizontalAdvance(opt.text.replace("&", ""))
            if isinstance(w, QPushButton):
                need += 2 * w.style().pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, opt, w) // 2
            if need > room + 1:
                bad.append((name, w.text(), need, room))
        elif isinstance(w, QToolButton) and w.text() and w.parentWidget() is not None:
            if w.width() + 1 < w.sizeHint().width():
                bad.append((name, w.text(), w.sizeHint().width(), w.width()))
        elif isinstance(w, QGroupBox) and w.title():
            opt = QStyleOptionGroupBox()
            w.initStyleOption(opt)
            label = w.style().subControlRect(
                QStyle.ComplexControl.CC_GroupBox, opt, QStyle.SubControl.SC_GroupBoxLabel, w
            )
            need = fm.horizontalAdvance(w.title().replace("&", ""))
            if need > min(label.width(), w.width()) + 1 or label.right() > w.width():
                bad.append((name, w.title(), need, label.width()))
    return bad


def test_the_clip_check_sees_clipping(window, qtbot):
    """The check itself: a label, a button and a check box too narrow for their texts."""
    label = QLabel("A label much wider than its room", window.panel)
    button = QPushButton("A button much wider than its room", window.panel)
    check = QCheckBox("A check box much wider than its room", window.panel)
    wrapped = QLabel("Wrapped words " * 20, window.panel)
    wrapped.setWordWrap(True)
    for i, w in enumerate((label, button, check, wrapped)):
        w.setGeometry(0, 30 * i, 60, 24)
        w.show()
    settle()
    found = {text for _, text, _, _ in clipped(window)}
    assert {label.text(), button.text(), check.text(), wrapped.text()} <= found
    assert window.run_controls.start_button.text() not in found


def _layout_states(w: MainWindow, qtbot) -> Iterator[str]:
    w.code_dock.show()
    w.stack_dock.show()
    settle()
    yield "idle"
    configure(w, "knight", warnsdorff=True, tie_break="random")
    settle()
    yield "random tie-break"
    run_knight(w, qtbot)
    w.session.seek(w.session.end // 2)
    settle()
    yield "knight mid-run"
    configure(w, "knight", n=5, warnsdorff=False, backtrack=False)
    set_speed(w, UNLIMITED)
    start_and_finish(w, qtbot)
    settle()
    yield "greedy walk stuck"
    configure(w, "knight", n=4)  # no tour: the verdict banner
    settle()
    yield "verdict"
    run_queens(w, qtbot)
    w.constraints_dock.show()
    w.constraints_dock.raise_()
    settle()
    yield "queens"
    run_race(w, qtbot)
    settle()
    yield "race"
    show_maps(w, qtbot)
    yield "race with maps"
    run_knight_map(w, qtbot)
    yield "knight with its map"
    show_help(w, qtbot)
    settle()
    yield "help dialogs"
    w.set_appearance("dark")
    settle()
    yield "dark"


@pytest.mark.slow
@pytest.mark.parametrize("which", ["zh_CN", "pseudo"])
def test_nothing_clipped_at_the_default_size(which, qtbot, language, request):
    if which == "pseudo":
        request.getfixturevalue("pseudo_translator")
    else:
        assert language.apply(CHINESE)
    w = MainWindow(language)
    qtbot.addWidget(w)
    w.resize(*DEFAULT_SIZE)
    w.show()
    qtbot.waitExposed(w)
    try:
        problems = {}
        for state in _layout_states(w, qtbot):
            assert w.size().toTuple() == DEFAULT_SIZE, state
            found = clipped(w)
            if found:
                problems[state] = found
        assert not problems
    finally:
        w.close()


def test_english_is_unchanged_by_the_catalogue(window):
    """English texts are the sources: no translator, no change (a sample)."""
    assert window.run_controls.start_button.text() == "Start"
    assert window.windowTitle() == "knightviz — watch backtracking search think"
    assert QApplication.translate("KnightPuzzle", "Knight's tour") == "Knight's tour"


def test_sentences_are_spaced_as_each_language_writes_them():
    assert sentences("One.", "Two.") == "One. Two."
    assert sentences("of 3", "(nearest kept step)") == "of 3 (nearest kept step)"
    assert sentences("已经走了 5 步。", "这只是一部分。") == "已经走了 5 步。这只是一部分。"
    assert sentences("/ 3", "（最近的保留步）") == "/ 3（最近的保留步）"  # noqa: RUF001
    assert sentences("", "Two.") == "Two."


@pytest.mark.parametrize("args", [["--lang", ""], ["--lang"], ["--lang="]])
def test_an_empty_language_says_what_is_expected(args):
    """(It said "unknown language ''".)"""
    with pytest.raises(ValueError, match="expected a language: en, zh_CN"):
        take_language(args)
