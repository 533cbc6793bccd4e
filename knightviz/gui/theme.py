"""Light and dark: follow the desktop's colour scheme, or force one (View › Appearance).

The scheme is applied as an application palette on the Fusion style, which honours a palette
on every platform (the native Windows and macOS styles do not). Following the system leaves
the platform's own style and palette alone unless the desktop says "dark" and the palette is
still light (a style that does not follow the scheme itself): then our dark palette is used.

Everything that paints with colours of its own asks ``is_dark(palette)`` or ``pick(...)``
and repaints on ``QEvent.PaletteChange``, so a switch at run time repaints everything.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QWidget,
)

from knightviz.gui import config
from knightviz.gui.config import DARK, LIGHT, SYSTEM

Role = QPalette.ColorRole
Group = QPalette.ColorGroup

#: The style a forced scheme uses (it follows the palette on every platform).
FORCED_STYLE = "Fusion"

# (role, active/inactive colour, disabled colour or None)
_DARK_ROLES: tuple[tuple[Role, str, str | None], ...] = (
    (Role.Window, "#2b2d30", None),
    (Role.WindowText, "#e4e4e4", "#7d7f82"),
    (Role.Base, "#1f2023", "#26282b"),
    (Role.AlternateBase, "#27292c", None),
    (Role.ToolTipBase, "#3b3e42", None),
    (Role.ToolTipText, "#ececec", None),
    (Role.PlaceholderText, "#8b8d90", None),
    (Role.Text, "#e4e4e4", "#75777a"),
    (Role.Button, "#3a3d41", "#303235"),
    (Role.ButtonText, "#e4e4e4", "#7d7f82"),
    (Role.BrightText, "#ff7070", None),
    (Role.Light, "#505358", None),
    (Role.Midlight, "#43464a", None),
    (Role.Mid, "#5b5e63", None),
    (Role.Dark, "#1b1c1e", None),
    (Role.Shadow, "#0c0c0d", None),
    (Role.Highlight, "#3d7fd6", "#4a4c50"),
    (Role.HighlightedText, "#ffffff", "#9a9a9a"),
    (Role.Link, "#78b0ff", None),
    (Role.LinkVisited, "#c09cf5", None),
    (Role.Accent, "#3d7fd6", None),
)

_LIGHT_ROLES: tuple[tuple[Role, str, str | None], ...] = (
    (Role.Window, "#efefef", None),
    (Role.WindowText, "#111111", "#9d9d9d"),
    (Role.Base, "#ffffff", "#efefef"),
    (Role.AlternateBase, "#f5f5f5", None),
    (Role.ToolTipBase, "#ffffdc", None),
    (Role.ToolTipText, "#000000", None),
    (Role.PlaceholderText, "#7f7f7f", None),
    (Role.Text, "#111111", "#9d9d9d"),
    (Role.Button, "#efefef", None),
    (Role.ButtonText, "#111111", "#9d9d9d"),
    (Role.BrightText, "#ffffff", None),
    (Role.Light, "#ffffff", None),
    (Role.Midlight, "#cacaca", None),
    (Role.Mid, "#b8b8b8", None),
    (Role.Dark, "#9f9f9f", None),
    (Role.Shadow, "#767676", None),
    (Role.Highlight, "#308cc6", "#919191"),
    (Role.HighlightedText, "#ffffff", "#ffffff"),
    (Role.Link, "#0b57d0", None),
    (Role.LinkVisited, "#7b3fb8", None),
    (Role.Accent, "#308cc6", None),
)


def _palette(roles: tuple[tuple[Role, str, str | None], ...]) -> QPalette:
    pal = QPalette()
    for role, colour, disabled in roles:
        c = QColor(colour)
        pal.setColor(Group.Active, role, c)
        pal.setColor(Group.Inactive, role, c)
        pal.setColor(Group.Disabled, role, QColor(disabled) if disabled else c)
    return pal


def dark_palette() -> QPalette:
    return _palette(_DARK_ROLES)


def light_palette() -> QPalette:
    return _palette(_LIGHT_ROLES)


def is_dark(palette: QPalette) -> bool:
    """Whether this palette paints light text on a dark window."""
    return palette.color(Role.Window).lightness() < 128


def pick(palette: QPalette, light: QColor, dark: QColor) -> QColor:
    """``dark`` on a dark palette, else ``light``."""
    return dark if is_dark(palette) else light


def system_scheme() -> Qt.ColorScheme:
    """What the desktop says (Unknown when it says nothing)."""
    return QGuiApplication.styleHints().colorScheme()


#: The style before we first forced a scheme; None while the platform's palette is in use.
_original_style: str | None = None


class FusionStyle(QProxyStyle):
    """Fusion, whose unticked check boxes (in dialogs and in menus) keep an outline a user
    can see in the dark: Fusion draws it a shade darker than the window, which on a dark
    window is a black square on dark grey, and in a menu nothing at all."""

    def __init__(self) -> None:
        super().__init__(QStyleFactory.create(FORCED_STYLE))

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element is QStyle.PrimitiveElement.PE_IndicatorCheckBox and is_dark(option.palette):
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.setPen(QPen(option.palette.color(Role.WindowText).darker(170), 1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(option.rect.adjusted(0, 0, -1, -1))
            painter.restore()


def _force(app: QApplication, palette: QPalette) -> None:
    global _original_style
    if _original_style is None:
        _original_style = app.style().name()
    if not isinstance(app.style(), FusionStyle):
        app.setStyle(FusionStyle())
    app.setPalette(palette)


def _unforce(app: QApplication) -> None:
    global _original_style
    if _original_style is None:
        return
    if app.style().name().lower() != _original_style.lower():
        app.setStyle(_original_style)
    _original_style = None
    app.setPalette(QPalette())  # back to the style's and the platform's own


def apply(mode: str, system: Qt.ColorScheme | None = None) -> bool:
    """Give the application the palette ``mode`` asks for; True if the result is dark.

    ``system`` stands for the desktop's scheme (tests pass it; by default it is asked).
    """
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return False
    if mode in (LIGHT, DARK):
        _force(app, dark_palette() if mode == DARK else light_palette())
        return mode == DARK
    # Follow the system: its own style and palette, unless it says dark and they are light.
    _unforce(app)
    scheme = system_scheme() if system is None else system
    if scheme == Qt.ColorScheme.Dark and not is_dark(app.palette()):
        _force(app, dark_palette())
    return is_dark(app.palette())


def reset_application() -> None:
    """Back to the platform's style and palette, remembering nothing (tests)."""
    apply(SYSTEM, Qt.ColorScheme.Unknown)


class ThemeController(QObject):
    """The appearance the user chose, remembered, applied, and kept up with the desktop."""

    #: The effective scheme changed: True for dark.
    scheme_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._mode = config.appearance()
        self._dark = False
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._on_system_changed)

    def mode(self) -> str:
        return self._mode

    def dark(self) -> bool:
        """Whether the app is dark now."""
        return self._dark

    def apply(self, system: Qt.ColorScheme | None = None) -> None:
        """Apply the remembered mode (at start-up, after a reset)."""
        self._mode = config.appearance()
        self._update(system)

    def set_mode(self, mode: str) -> None:
        """``system``, ``light`` or ``dark``: applied at once and remembered."""
        config.set_appearance(mode)
        self._mode = mode
        self._update()

    @Slot(Qt.ColorScheme)
    def _on_system_changed(self, scheme: Qt.ColorScheme) -> None:
        if self._mode == SYSTEM:
            self._update(scheme)

    def _update(self, system: Qt.ColorScheme | None = None) -> None:
        self._dark = apply(self._mode, system)
        self.scheme_changed.emit(self._dark)
