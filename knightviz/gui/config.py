"""Where the app keeps what it remembers: its QSettings and its data directory.

Every setting goes through ``settings()`` (an INI file in the user's configuration
directory: ``~/.config/knightviz/knightviz.ini`` on Linux), the run history through
``data_dir()`` (``QStandardPaths.AppDataLocation``: ``~/.local/share/knightviz/knightviz``).
``isolate(directory)`` points both somewhere else: the tests do it for every test, and the
screenshot scenes do it so they start from the defaults and leave the user's files alone.

Keys that several parts of the app share (the language, the appearance) have their typed
helpers here, so no one spells a key twice.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, QStandardPaths

ORGANIZATION = "knightviz"
APPLICATION = "knightviz"

LANGUAGE_KEY = "language"
APPEARANCE_KEY = "appearance"
#: The appearance choices: follow the system, or force one scheme.
SYSTEM, LIGHT, DARK = "system", "light", "dark"
APPEARANCES = (SYSTEM, LIGHT, DARK)

_data_dir: Path | None = None


def settings() -> QSettings:
    """The app's settings (INI format in every platform's user scope)."""
    return QSettings(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION
    )


def data_dir() -> Path:
    """The directory for the app's own files (the run history); not created here."""
    if _data_dir is not None:
        return _data_dir
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    if not location:  # no home directory at all: next to the settings
        return Path(settings().fileName()).parent
    path = Path(location)
    # Outside the app (tests, tools) the application name may be Python's; keep ours.
    if path.name != APPLICATION:
        path = path.parent / ORGANIZATION / APPLICATION
    return path


def isolate(directory: str | Path) -> None:
    """Keep settings and data under ``directory`` from now on (tests, screenshots)."""
    global _data_dir
    root = Path(directory)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(root / "config"))
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    _data_dir = root / "data"


def preferred_language() -> str | None:
    """The language the user chose (``en``, ``zh_CN``…), or None to follow the system."""
    value = settings().value(LANGUAGE_KEY)
    return str(value) if value else None


def set_preferred_language(code: str | None) -> None:
    """Remember a language code; None or "" goes back to following the system."""
    s = settings()
    if code:
        s.setValue(LANGUAGE_KEY, code)
    else:
        s.remove(LANGUAGE_KEY)


def appearance() -> str:
    """``system`` (follow the desktop's colour scheme), ``light`` or ``dark``."""
    value = str(settings().value(APPEARANCE_KEY, SYSTEM))
    return value if value in APPEARANCES else SYSTEM


def set_appearance(value: str) -> None:
    if value not in APPEARANCES:
        raise ValueError(f"appearance must be one of {', '.join(APPEARANCES)}: {value!r}")
    s = settings()
    if value == SYSTEM:
        s.remove(APPEARANCE_KEY)
    else:
        s.setValue(APPEARANCE_KEY, value)


def encode_settings(settings: Any) -> str:
    """A puzzle's settings dataclass as JSON (its fields by name)."""
    return json.dumps(dataclasses.asdict(settings), sort_keys=True)


def decode_settings(default: Any, text: object) -> Any:
    """Settings read back over ``default``: fields of the wrong type or unknown are dropped,
    missing fields keep their default. Unreadable text gives ``default``."""
    try:
        data = json.loads(str(text))
    except (TypeError, ValueError):
        return default
    if not isinstance(data, dict):
        return default
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(default):
        if f.name not in data:
            continue
        value, current = data[f.name], getattr(default, f.name)
        if type(value) is type(current):
            changes[f.name] = value
        elif isinstance(current, float) and type(value) is int:
            changes[f.name] = float(value)
    return dataclasses.replace(default, **changes)
