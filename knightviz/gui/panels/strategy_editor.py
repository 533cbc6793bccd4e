"""The learner's own strategy: a Python editor in a dock, with its file and the API's help.

The text is only edited here, never executed: Start hands it to the engine, which runs it in
a child process. An error found there comes back as a line to mark (``mark_error``).
"""

from __future__ import annotations

import keyword
import re
from pathlib import Path

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)
from PySide6.QtWidgets import (
    QFileDialog,
    QLabel,
    QMenu,
    QPlainTextEdit,
    QSplitter,
    QTextBrowser,
    QTextEdit,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from knightviz.gui import config
from knightviz.gui.panels.elided import ElidedLabel
from knightviz.gui.theme import pick

#: How many files File › Recent in the editor remembers.
RECENT_MAX = 8
RECENT_KEY = "strategy/recent"
ERROR_BACK = QColor(255, 205, 205)
ERROR_BACK_DARK = QColor(110, 30, 30)
ERROR_STYLE = "color: #c62828;"


def _format(color: str, bold: bool = False, italic: bool = False) -> QTextCharFormat:
    fmt = QTextCharFormat()
    fmt.setForeground(QColor(color))
    if bold:
        fmt.setFontWeight(QFont.Weight.Bold)
    fmt.setFontItalic(italic)
    return fmt


class PythonHighlighter(QSyntaxHighlighter):
    """Keywords, names after def/class, strings, numbers and comments: enough colour to
    read a short function, no parser (a triple-quoted string spanning lines is followed)."""

    RULES = (
        (r"\b(" + "|".join(keyword.kwlist) + r")\b", _format("#7b1fa2", bold=True)),
        (r"\b(True|False|None|self)\b", _format("#6a1b9a")),
        (
            r"\b(len|range|sorted|min|max|list|tuple|dict|set|int|str|sum|any|all)\b",
            _format("#00695c"),
        ),
        (r"(?<=\bdef )\w+|(?<=\bclass )\w+", _format("#1565c0", bold=True)),
        (r"\b\d+(\.\d+)?\b", _format("#e65100")),
        (r"'[^'\\\n]*(\\.[^'\\\n]*)*'|\"[^\"\\\n]*(\\.[^\"\\\n]*)*\"", _format("#2e7d32")),
        (r"#[^\n]*", _format("#757575", italic=True)),
    )
    TRIPLE = re.compile(r'"""|\'\'\'')

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self._rules = [(re.compile(p), f) for p, f in self.RULES]
        self._doc = _format("#2e7d32", italic=True)

    def highlightBlock(self, text: str) -> None:
        for pattern, fmt in self._rules:
            for m in pattern.finditer(text):
                self.setFormat(m.start(), m.end() - m.start(), fmt)
        # Triple-quoted strings (docstrings) may span lines: state 1 means "inside one".
        self.setCurrentBlockState(0)
        start = 0 if self.previousBlockState() == 1 else -1
        pos = 0
        if start < 0:
            opening = self.TRIPLE.search(text)
            if opening is None:
                return
            start, pos = opening.start(), opening.end()
        while True:
            closing = self.TRIPLE.search(text, pos)
            if closing is None:
                self.setFormat(start, len(text) - start, self._doc)
                self.setCurrentBlockState(1)
                return
            self.setFormat(start, closing.end() - start, self._doc)
            again = self.TRIPLE.search(text, closing.end())
            if again is None:
                return
            start, pos = again.start(), again.end()


class _Gutter(QWidget):
    def __init__(self, editor: CodeEditor) -> None:
        super().__init__(editor)
        self._editor = editor

    def sizeHint(self) -> QSize:
        return QSize(self._editor.gutter_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        self._editor.paint_gutter(event)


class CodeEditor(QPlainTextEdit):
    """Plain text with line numbers in a gutter and one line that can be marked wrong."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("strategyText")
        # Long lines wrap (under their one line number): the dock is a third of a laptop's
        # width, and a strategy read whole beats one scrolled sideways.
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        mono = QFont(self.font())
        mono.setStyleHint(QFont.StyleHint.Monospace)
        mono.setFamilies(["DejaVu Sans Mono", "Menlo", "Consolas", "monospace"])
        self.setFont(mono)
        self.setTabStopDistance(4 * self.fontMetrics().horizontalAdvance(" "))
        self._gutter = _Gutter(self)
        self.highlighter = PythonHighlighter(self.document())
        #: The line marked as wrong (1-based), or 0.
        self.error_line = 0
        self.blockCountChanged.connect(lambda _n: self._fit_gutter())
        self.updateRequest.connect(self._scroll_gutter)
        self._fit_gutter()

    def gutter_width(self) -> int:
        digits = max(2, len(str(self.blockCount())))
        return 8 + self.fontMetrics().horizontalAdvance("9") * digits

    def _fit_gutter(self) -> None:
        self.setViewportMargins(self.gutter_width(), 0, 0, 0)

    def _scroll_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self._gutter.scroll(0, dy)
        else:
            self._gutter.update(0, rect.y(), self._gutter.width(), rect.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        cr = self.contentsRect()
        self._gutter.setGeometry(QRect(cr.left(), cr.top(), self.gutter_width(), cr.height()))

    def paint_gutter(self, event: QPaintEvent) -> None:
        painter = QPainter(self._gutter)
        painter.fillRect(event.rect(), self.palette().alternateBase())
        block = self.firstVisibleBlock()
        number = block.blockNumber()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        bottom = top + round(self.blockBoundingRect(block).height())
        height = self.fontMetrics().height()
        while block.isValid() and top <= event.rect().bottom():
            if block.isVisible() and bottom >= event.rect().top():
                wrong = number + 1 == self.error_line
                pen = QColor("#c62828") if wrong else self.palette().placeholderText().color()
                painter.setPen(pen)
                painter.drawText(
                    0,
                    top,
                    self._gutter.width() - 4,
                    height,
                    Qt.AlignmentFlag.AlignRight,
                    str(number + 1),
                )
            block = block.next()
            top = bottom
            bottom = top + round(self.blockBoundingRect(block).height())
            number += 1

    def mark_line(self, line: int) -> None:
        """Mark ``line`` (1-based) wrong: a red background and underline, the cursor on
        it; 0 clears the mark."""
        self.error_line = line if 1 <= line <= self.blockCount() else 0
        if not self.error_line:
            self.setExtraSelections([])
            self._gutter.update()
            return
        block = self.document().findBlockByNumber(self.error_line - 1)
        cursor = QTextCursor(block)
        self.setTextCursor(cursor)
        self.centerCursor()
        mark = QTextEdit.ExtraSelection()
        mark.format.setBackground(pick(self.palette(), ERROR_BACK, ERROR_BACK_DARK))
        mark.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        mark.format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        mark.format.setUnderlineColor(QColor("#c62828"))
        mark.cursor = QTextCursor(block)
        mark.cursor.clearSelection()
        self.setExtraSelections([mark])
        self._gutter.update()


def api_help() -> str:
    """The strategy API for the Help pane (Markdown): ``docs/strategies.md`` beside a
    source checkout, else the API module's own text (an installed wheel has no docs)."""
    import knightviz

    guide = Path(knightviz.__file__).resolve().parents[1] / "docs" / "strategies.md"
    try:
        return guide.read_text(encoding="utf-8")
    except OSError:
        pass
    try:
        from knightviz.engine.strategies import api
    except ImportError:
        return ""
    return (api.__doc__ or "").strip()


class StrategyEditor(QWidget):
    """The "Your strategy" dock: the text Start runs, its file, recent files, the API."""

    #: The text or its file changed (the window's title of the strategy follows).
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("strategyEditor")
        self.path: str | None = None
        self.edit = CodeEditor()
        self.edit.textChanged.connect(self._on_text)

        def button(name: str, text: str, tip: str) -> QToolButton:
            b = QToolButton()
            b.setObjectName(name)
            b.setText(text)
            b.setToolTip(tip)
            b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            return b

        self.open_button = button(
            "strategyOpenButton", self.tr("Open…"), self.tr("Open a strategy (.py file)")
        )
        self.save_button = button(
            "strategySaveButton", self.tr("Save"), self.tr("Save the strategy to its file")
        )
        self.save_as_button = button(
            "strategySaveAsButton", self.tr("Save as…"), self.tr("Save the strategy to a new file")
        )
        self.recent_button = button(
            "strategyRecentButton", self.tr("Recent"), self.tr("Strategies opened lately")
        )
        self.recent_menu = QMenu(self.recent_button)
        self.recent_button.setMenu(self.recent_menu)
        self.recent_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.help_button = button(
            "strategyHelpButton",
            self.tr("Help"),
            self.tr("What your function receives and must return"),
        )
        self.help_button.setCheckable(True)
        self.name_label = ElidedLabel()
        self.name_label.setObjectName("strategyNameLabel")
        self.error_label = QLabel()
        self.error_label.setObjectName("strategyErrorLabel")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)
        self.error_label.hide()
        self.help_view = QTextBrowser()
        self.help_view.setObjectName("strategyHelp")
        self.help_view.setOpenExternalLinks(True)
        self.help_view.hide()

        # A tool bar: on a narrow screen the buttons that do not fit go behind its "»"
        # (a row of them kept the window wider than a 1024-pixel screen).
        bar = QToolBar()
        bar.setObjectName("strategyToolBar")
        bar.setMovable(False)
        bar.setFloatable(False)
        for b in (
            self.open_button,
            self.save_button,
            self.save_as_button,
            self.recent_button,
            self.help_button,
        ):
            bar.addWidget(b)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.edit)
        split.addWidget(self.help_view)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        # The file's name on a line of its own, elided (whole on hover): beside the buttons
        # it kept the dock wider than a laptop can give it beside the board.
        layout.addWidget(self.name_label)
        layout.addWidget(bar)
        layout.addWidget(self.error_label)
        layout.addWidget(split, 1)

        self.open_button.clicked.connect(self.ask_open)
        self.save_button.clicked.connect(self.save)
        self.save_as_button.clicked.connect(self.ask_save_as)
        self.help_button.toggled.connect(self.show_help)
        self._show_name()

    # -- the text -------------------------------------------------------------------------------

    def text(self) -> str:
        return self.edit.toPlainText()

    def set_text(self, text: str, path: str | None = None, name: str = "") -> None:
        """``path``: the file the text is saved in; else ``name``: the file's name it had
        (the last session's strategy, whose file may have moved: Save asks where)."""
        self.edit.setPlainText(text)
        self.path = path
        self._name = "" if path else name
        self._show_name()

    def restore(self, text: str, name: str) -> None:
        """The last session's strategy: its text and its file's name, and the file itself
        when a recent file of that name still holds that very text."""
        for path in self.recent():
            if Path(path).name == name and name:
                try:
                    same = Path(path).read_text(encoding="utf-8") == text
                except (OSError, UnicodeDecodeError):
                    same = False
                if same:
                    self.set_text(text, path)
                    return
        self.set_text(text, None, name)

    #: The name of a strategy restored without its file (see ``set_text``).
    _name = ""

    def name(self) -> str:
        """The strategy's name for the history and the race: its file's name, or ""."""
        return Path(self.path).name if self.path else self._name

    def offer_template(self, template: str) -> None:
        """Start from ``template`` when there is nothing to edit yet."""
        if not self.text().strip() and template:
            self.set_text(template)

    # -- errors ---------------------------------------------------------------------------------

    def mark_error(self, message: str, line: int | None) -> None:
        """Show what went wrong above the text and mark its line (when known)."""
        self.error_label.setText(message)
        self.error_label.show()
        self.edit.mark_line(line or 0)
        if line:
            self.edit.setFocus()

    def clear_error(self) -> None:
        self.error_label.hide()
        self.error_label.clear()
        self.edit.mark_line(0)

    # -- help -----------------------------------------------------------------------------------

    def show_help(self, on: bool = True) -> None:
        if on and not self.help_view.toPlainText():
            text = api_help()
            self.help_view.setMarkdown(
                text or self.tr("The strategy API's help is not available in this install.")
            )
        self.help_view.setVisible(on)
        if self.help_button.isChecked() != on:
            self.help_button.setChecked(on)

    # -- files ----------------------------------------------------------------------------------

    def ask_open(self) -> None:
        folder = str(Path(self.path).parent) if self.path else ""
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open strategy"), folder, self.tr("Python files (*.py)")
        )
        if path:
            self.open(path)

    def open(self, path: str) -> bool:
        """Load ``path`` (read only: nothing in it runs); False with a sentence if unreadable."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.mark_error(self.tr("Could not open {0}: {1}").format(path, why), None)
            return False
        self.set_text(text, path)
        self.clear_error()
        self._remember(path)
        return True

    def save(self) -> bool:
        if not self.path:
            return self.ask_save_as()
        return self._write(self.path)

    def ask_save_as(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Save strategy"),
            self.path or self._name or "strategy.py",
            self.tr("Python files (*.py)"),
        )
        if not path:
            return False
        if not path.endswith(".py"):
            path += ".py"
        return self._write(path)

    def _write(self, path: str) -> bool:
        try:
            Path(path).write_text(self.text(), encoding="utf-8")
        except OSError as exc:
            why = exc.strerror or str(exc)
            self.mark_error(self.tr("Could not save {0}: {1}").format(path, why), None)
            return False
        self.path = path
        self.edit.document().setModified(False)
        self._remember(path)
        self._show_name()
        return True

    def recent(self) -> list[str]:
        value: object = config.settings().value(RECENT_KEY, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            return []
        return [str(v) for v in value if str(v)][:RECENT_MAX]

    def _remember(self, path: str) -> None:
        paths = [path, *(p for p in self.recent() if p != path)][:RECENT_MAX]
        config.settings().setValue(RECENT_KEY, paths)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        paths = self.recent()
        if not paths:
            action = self.recent_menu.addAction(self.tr("No recent strategies"))
            action.setEnabled(False)
        for path in paths:
            action = self.recent_menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.triggered.connect(lambda _c=False, p=path: self.open(p))

    # -- internals ------------------------------------------------------------------------------

    def _on_text(self) -> None:
        if self.edit.error_line:
            self.edit.mark_line(0)
        self._show_name()
        self.changed.emit()

    def _show_name(self) -> None:
        name = self.name() or self.tr("your strategy (not saved)")
        star = "*" if self.edit.document().isModified() and self.path else ""
        self.name_label.set_full_text(name + star)
