"""Languages: English (the source texts) and Simplified Chinese, switched without a restart.

The translations are Qt Linguist files: ``resources/i18n/knightviz_zh_CN.ts`` (kept up to date
with ``make translations``, which runs pyside6-lupdate and pyside6-lrelease) compiled to
``knightviz_zh_CN.qm``; both ship in the wheel. Qt's own ``qtbase`` translations come with
PySide6, so standard dialogs and buttons follow.

A count with its noun is one text in Qt's plural forms
(``self.tr("{0} nodes", "", count_of(n))``, ``count_of`` keeping a count past 2³¹ within
Qt's int): the English source is the plural, and ``knightviz_en.ts`` (only those texts) gives
the singular ("1 node"); Chinese has one form.

Switching at run time: installing or removing a translator sends every widget a
``LanguageChange`` event. Texts that are built from a state (the status line, counters,
badges) are rebuilt by their owners; fixed texts (labels, buttons, menus, tooltips, headers)
are swapped here by walking the widget tree with the catalogue read from the .ts file, so
no widget has to remember where its texts came from.
"""

from __future__ import annotations

import logging
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from importlib import resources

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, Qt, QTranslator
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QProgressBar,
    QSpinBox,
    QTableWidget,
    QTabWidget,
    QToolBar,
    QWidget,
)

log = logging.getLogger(__name__)
TOOLTIP_ROLE = Qt.ItemDataRole.ToolTipRole

ENGLISH = "en"
CHINESE = "zh_CN"
#: Language code → its name in that language (the View, Language menu).
LANGUAGES = {ENGLISH: "English", CHINESE: "简体中文"}


def system_language() -> str:
    """The language the system asks for, if we have it (Chinese of any region → zh_CN)."""
    for name in QLocale.system().uiLanguages():
        if name.lower().startswith("zh"):
            return CHINESE
        if name.lower().startswith("en"):
            return ENGLISH
    return ENGLISH


def normalise(code: str) -> str | None:
    """A language code as the user may type it (``zh``, ``zh-CN``, ``zh_CN``, ``en_US``)."""
    c = code.strip().replace("-", "_").lower()
    if c.startswith("zh"):
        return CHINESE
    if c.startswith("en") or c == "c":
        return ENGLISH
    return None


#: The English plural forms' translator and the .qm bytes it reads (kept while it lives).
_plurals: tuple[QTranslator, bytes] | None = None


def install_english_plurals() -> None:
    """The English singulars ("1 node"), installed once and first: any language installed
    after it is asked before it, and English (no translator of its own) falls back to it."""
    global _plurals
    app = QCoreApplication.instance()
    if app is None or (_plurals is not None and _plurals[0].parent() is app):
        return
    data = _i18n_file("knightviz_en.qm")
    translator = QTranslator(app)
    if data is None or not translator.load(data):
        log.warning("no English plural forms: counts of one read as plurals")
        return
    _plurals = (translator, data)
    QCoreApplication.installTranslator(translator)


def _i18n_file(name: str) -> bytes | None:
    path = resources.files("knightviz.resources") / "i18n" / name
    try:
        return path.read_bytes()
    except (FileNotFoundError, OSError):
        return None


class Catalogue:
    """Source text ↔ translation for one language, from its .ts file (finished entries).

    The same English may be worded differently in two contexts ("Start" the button, "Start"
    the history column): lookups try the contexts given first (class names), then any.
    """

    def __init__(self, ts: bytes | None) -> None:
        self.forward: dict[str, str] = {}
        self.backward: dict[str, str] = {}
        self.in_context: dict[tuple[str, str], str] = {}
        self.back_in_context: dict[tuple[str, str], str] = {}
        if ts is None:
            return
        root = ET.fromstring(ts)
        for context in root.iter("context"):
            name = context.findtext("name") or ""
            for message in context.iter("message"):
                if message.get("numerus") == "yes":
                    continue  # a count's text: its owner words it again
                source = message.findtext("source")
                tr = message.find("translation")
                if source is None or tr is None or tr.get("type") in ("unfinished", "obsolete"):
                    continue
                text = tr.text or ""
                if not text:
                    continue
                self.forward.setdefault(source, text)
                self.backward.setdefault(text, source)
                self.in_context.setdefault((name, source), text)
                self.back_in_context.setdefault((name, text), source)

    def translate(self, source: str, contexts: Sequence[str] = ()) -> str | None:
        for context in contexts:
            text = self.in_context.get((context, source))
            if text is not None:
                return text
        return self.forward.get(source)

    def source(self, text: str, contexts: Sequence[str] = ()) -> str | None:
        for context in contexts:
            source = self.back_in_context.get((context, text))
            if source is not None:
                return source
        return self.backward.get(text)


class Translations(QObject):
    """The installed translators and the current language (one per application)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.language = ENGLISH
        self._translators: list[QTranslator] = []
        #: The .qm bytes the translators read: QTranslator.load(data) does not copy them, so
        #: they must live as long as their translator.
        self._data: bytes | None = None
        self._catalogues: dict[str, Catalogue] = {}
        install_english_plurals()

    def catalogue(self, language: str) -> Catalogue:
        if language not in self._catalogues:
            ts = None if language == ENGLISH else _i18n_file(f"knightviz_{language}.ts")
            self._catalogues[language] = Catalogue(ts)
        return self._catalogues[language]

    def apply(self, language: str) -> bool:
        """Switch to ``language`` (every widget gets a LanguageChange event); False if its
        translations cannot be loaded (the language stays as it was)."""
        app = QCoreApplication.instance()
        if app is None or language not in LANGUAGES:
            return False
        install_english_plurals()
        if language == self.language and (language == ENGLISH or self._translators):
            return True
        new: list[QTranslator] = []
        data: bytes | None = None
        if language != ENGLISH:
            data = _i18n_file(f"knightviz_{language}.qm")
            ours = QTranslator(self)
            if data is None or not ours.load(data):
                log.warning("no translations for %s", language)
                return False
            new.append(ours)
            qt = QTranslator(self)
            qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            if qt.load(f"qtbase_{language}", qt_dir):
                new.append(qt)
        for translator in self._translators:
            QCoreApplication.removeTranslator(translator)
            translator.deleteLater()
        self._translators = new
        self._data = data
        self.language = language
        QLocale.setDefault(QLocale(language if language != ENGLISH else "en_US"))
        for translator in new:
            QCoreApplication.installTranslator(translator)
        return True

    def swap(self, text: str, old: str, new: str, contexts: Sequence[str] = ()) -> str | None:
        """``text`` (a fixed text in ``old``) in ``new``, or None if it is not a known one.
        ``contexts``: the class names the text may come from, nearest first."""
        if not text or old == new:
            return None
        head, tab, tail = text.partition("\t")  # "Start / &Pause\tSpace": the key stays
        source = head if old == ENGLISH else self.catalogue(old).source(head, contexts)
        if source is None:
            return None
        target = source if new == ENGLISH else self.catalogue(new).translate(source, contexts)
        if target is None or target == head:
            return None
        return target + tab + tail


#: Texts Qt gives its own widgets once, at their creation (its qtbase translations have them):
#: object name → (Qt's context, the English text).
QT_TEXTS = {
    "qt_dockwidget_floatbutton": ("QDockWidget", "Float"),
    "qt_dockwidget_closebutton": ("QDockWidget", "Close"),
}


def retranslate_tree(root: QWidget, translations: Translations, old: str, new: str) -> int:
    """Swap every fixed text under ``root`` from ``old`` to ``new``; how many changed."""
    changed = 0
    contexts: list[str] = []

    def fix(get: Callable[[], str], put: Callable[[str], None]) -> None:
        nonlocal changed
        text = get()
        swapped = translations.swap(text, old, new, contexts)
        if swapped is not None:
            put(swapped)
            changed += 1

    for widget in _widgets(root):
        qt_text = QT_TEXTS.get(widget.objectName())
        if qt_text is not None:  # the translators of ``new`` are installed already
            widget.setAccessibleName(QCoreApplication.translate(*qt_text))
            continue
        contexts = _contexts(widget)
        fix(widget.toolTip, widget.setToolTip)
        fix(widget.statusTip, widget.setStatusTip)
        fix(widget.accessibleName, widget.setAccessibleName)
        full = getattr(widget, "set_full_text", None)
        if full is not None:  # an elided label: its whole text, which it elides itself
            fix(widget.full_text, full)  # type: ignore[attr-defined]
        elif isinstance(widget, (QLabel, QAbstractButton)):
            fix(widget.text, widget.setText)
        if isinstance(widget, (QSpinBox, QDoubleSpinBox)):
            fix(widget.suffix, widget.setSuffix)
            fix(widget.prefix, widget.setPrefix)
        if isinstance(widget, QLineEdit):
            fix(widget.placeholderText, widget.setPlaceholderText)
        if isinstance(widget, QProgressBar):  # "%v of %m"
            fix(widget.format, widget.setFormat)
        if isinstance(widget, QGroupBox):
            fix(widget.title, widget.setTitle)
        if isinstance(widget, (QDockWidget, QToolBar)) or widget.isWindow():
            fix(widget.windowTitle, widget.setWindowTitle)
        if isinstance(widget, QMenu):
            fix(widget.title, widget.setTitle)
        if isinstance(widget, QComboBox):
            for i in range(widget.count()):
                fix(*_combo_item(widget, i))
                fix(*_combo_tip(widget, i))
        if isinstance(widget, QTabWidget):
            for i in range(widget.count()):
                fix(*_tab(widget, i))
        if isinstance(widget, QTableWidget):
            for col in range(widget.columnCount()):
                item = widget.horizontalHeaderItem(col)
                if item is not None:
                    fix(item.text, item.setText)
                    fix(item.toolTip, item.setToolTip)
    for action in root.findChildren(QAction):
        contexts = _contexts(action)
        fix(action.text, action.setText)
        fix(action.iconText, action.setIconText)
        fix(action.toolTip, action.setToolTip)
        fix(action.statusTip, action.setStatusTip)
    return changed


Accessor = tuple[Callable[[], str], Callable[[str], None]]


def _combo_item(combo: QComboBox, i: int) -> Accessor:
    return (lambda: combo.itemText(i)), (lambda text: combo.setItemText(i, text))


def _combo_tip(combo: QComboBox, i: int) -> Accessor:
    return (lambda: str(combo.itemData(i, TOOLTIP_ROLE) or "")), (
        lambda text: combo.setItemData(i, text, TOOLTIP_ROLE)
    )


def _tab(tabs: QTabWidget, i: int) -> Accessor:
    return (lambda: tabs.tabText(i)), (lambda text: tabs.setTabText(i, text))


def _contexts(obj: QObject) -> list[str]:
    """The class names a text of ``obj`` may have been translated in: its own classes and its
    parents', nearest first (``self.tr`` uses the class, then its bases)."""
    names: list[str] = []
    node: QObject | None = obj
    while node is not None:
        for cls in type(node).__mro__:
            if cls.__module__.startswith("knightviz") and cls.__name__ not in names:
                names.append(cls.__name__)
        node = node.parent()
    return names


def _widgets(root: QWidget) -> Iterator[QWidget]:
    yield root
    yield from root.findChildren(QWidget)
