"""The algorithm, line by line: the running strategy as short Python, the executed line lit.

The line follows the events through the program's fixed mapping (``puzzles/programs.py``),
and the variables beside it say where the search stands (square, move number, candidate).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QFont, QTextCursor, QTextFormat
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QVBoxLayout, QWidget

from knightviz.gui.panels.elided import SteadyLabel
from knightviz.gui.puzzles.programs import Program
from knightviz.gui.theme import pick

HIGHLIGHT = QColor(255, 230, 120)
HIGHLIGHT_DARK = QColor(110, 90, 20)


class CodeView(QPlainTextEdit):
    """Read-only program text with line numbers and one highlighted line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("codeView")
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        mono = QFont(self.font())
        mono.setStyleHint(QFont.StyleHint.Monospace)
        mono.setFamilies(["DejaVu Sans Mono", "Menlo", "Consolas", "monospace"])
        self.setFont(mono)
        self._program: Program | None = None
        self._text = ""
        self._line = 0

    def set_program(self, program: Program) -> None:
        """Show ``program`` (again when the language of its comments changed)."""
        text = program.display_text()
        if self._program is program and self._text == text:
            return
        self._program = program
        self._text = text
        numbered = "\n".join(f"{i:>2}  {line}" for i, line in enumerate(text.splitlines(), start=1))
        self.setPlainText(numbered)
        self._line = 0
        self.setExtraSelections([])

    def program(self) -> Program | None:
        return self._program

    def current_line(self) -> int:
        """The highlighted line (1-based), or 0 when none."""
        return self._line

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._line > 0:
            line, self._line = self._line, 0
            self.show_line(line)  # the highlight's colour follows light or dark

    def show_line(self, line: int) -> None:
        if line == self._line:
            return
        self._line = line
        if line <= 0:
            self.setExtraSelections([])
            return
        block = self.document().findBlockByNumber(line - 1)
        selection = QTextEdit.ExtraSelection()
        selection.format.setBackground(pick(self.palette(), HIGHLIGHT, HIGHLIGHT_DARK))
        selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        cursor = QTextCursor(block)
        selection.cursor = cursor
        self.setExtraSelections([selection])
        self.setTextCursor(cursor)
        self.ensureCursorVisible()


class CodePanel(QWidget):
    """The code view and, under it, the variables at the highlighted line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("codePanel")
        self.view = CodeView()
        self.variables = SteadyLabel(lines=2, wrap=True)
        self.variables.setObjectName("codeVariablesLabel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.variables)

    def current_line(self) -> int:
        return self.view.current_line()
