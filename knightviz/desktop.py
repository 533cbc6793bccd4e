"""The Linux desktop entry and icons: ``knightviz --install-desktop`` (and ``--uninstall-desktop``).

Installs for the current user only, where the freedesktop specifications look:

- ``$XDG_DATA_HOME/applications/knightviz.desktop`` (``~/.local/share/applications``),
- ``$XDG_DATA_HOME/icons/hicolor/<n>x<n>/apps/knightviz.png`` for every size in ``SIZES``
  and ``.../hicolor/scalable/apps/knightviz.svg``.

The entry's ``Exec`` is the ``knightviz`` command of this installation (a virtual
environment's ``bin/knightviz`` when there is one), so the menu launches this copy.
The PNG icons are rendered from ``resources/icon.svg`` by ``render_icons`` (``make icons``)
and committed, so installing needs no Qt and no display. Nothing here imports Qt at the top.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from .engine.files import atomic_write

NAME = "knightviz"
SIZES = (16, 24, 32, 48, 64, 128, 256)
DESKTOP_FILE = f"{NAME}.desktop"


def icon_name(size: int) -> str:
    return f"{NAME}-{size}.png"


def data_home() -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share``."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and Path(value).is_absolute() else Path.home() / ".local/share"


def command() -> str:
    """The ``knightviz`` command of this installation, absolute when it can be found."""
    beside = Path(sys.executable).with_name(NAME)
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    found = shutil.which(NAME)
    return found or NAME


def shipped() -> Traversable:
    """The folder of shipped resources (the wheel's ``knightviz/resources``)."""
    return resources.files("knightviz.resources")


def desktop_entry(exec_command: str = NAME) -> str:
    """The shipped entry, with ``Exec`` pointing at ``exec_command``."""
    text = (shipped() / DESKTOP_FILE).read_text(encoding="utf-8")
    quoted = f'"{exec_command}"' if " " in exec_command else exec_command
    return "".join(
        f"Exec={quoted}\n" if line.startswith("Exec=") else line
        for line in text.splitlines(keepends=True)
    )


def targets(home: Path | None = None) -> dict[str, Path]:
    """Where each shipped file goes: resource name -> installed path."""
    base = data_home() if home is None else home
    icons = base / "icons" / "hicolor"
    out = {DESKTOP_FILE: base / "applications" / DESKTOP_FILE}
    for size in SIZES:
        out[f"icons/{icon_name(size)}"] = icons / f"{size}x{size}" / "apps" / f"{NAME}.png"
    out["icon.svg"] = icons / "scalable" / "apps" / f"{NAME}.svg"
    return out


def install(home: Path | None = None, exec_command: str | None = None) -> list[Path]:
    """Copy the entry and the icons; returns the files written."""
    package = shipped()
    written = []
    for name, target in targets(home).items():
        target.parent.mkdir(parents=True, exist_ok=True)
        if name == DESKTOP_FILE:
            atomic_write(target, desktop_entry(exec_command or command()).encode("utf-8"))
        else:
            node = package
            for part in name.split("/"):
                node = node / part
            atomic_write(target, node.read_bytes())
        written.append(target)
    _refresh_caches(home)
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what ``install`` wrote; returns the files removed."""
    removed = []
    for target in targets(home).values():
        if target.is_file():
            target.unlink()
            removed.append(target)
    _refresh_caches(home)
    return removed


def _refresh_caches(home: Path | None) -> None:
    """Tell the desktop (best effort: the tools are optional)."""
    base = data_home() if home is None else home
    for tool, arg in (
        ("update-desktop-database", base / "applications"),
        ("gtk-update-icon-cache", base / "icons" / "hicolor"),
    ):
        path = shutil.which(tool)
        if path and arg.is_dir():
            subprocess.run(
                [path, "-q", str(arg)] if tool == "update-desktop-database" else [path, str(arg)],
                check=False,
                capture_output=True,
            )


def render_icons(folder: Path) -> list[Path]:
    """Render ``icon.svg`` at every size in ``SIZES`` into ``folder`` (``make icons``)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(["knightviz", "-platform", "offscreen"])
    data = (shipped() / "icon.svg").read_bytes()
    svg = QSvgRenderer(QByteArray(data))
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        with QPainter(image) as p:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            svg.render(p, QRectF(0, 0, size, size))
        path = folder / icon_name(size)
        png = QBuffer()
        png.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(png, "PNG")  # type: ignore[call-overload]  # (the stubs want bytes, PySide str)
        atomic_write(path, bytes(png.data().data()))
        out.append(path)
    del app
    return out


def main(argv: Sequence[str]) -> int:
    """``--install-desktop``, ``--uninstall-desktop`` or ``--render-icons FOLDER`` (from
    ``knightviz``'s command line). A folder or file that cannot be made or written is one
    line on stderr naming it and why, exit 1."""
    try:
        return _main(list(argv))
    except BrokenPipeError:
        raise  # standard output's reader has gone: the command line ends quietly
    except OSError as exc:
        where = exc.filename if exc.filename is not None else "a file"
        sys.stderr.write(f"knightviz: error: cannot write {where}: {exc.strerror or exc}\n")
        return 1


def _main(args: list[str]) -> int:
    if args == ["--install-desktop"]:
        for path in install():
            print(f"installed {path}")
        return 0
    if args == ["--uninstall-desktop"]:
        for path in uninstall():
            print(f"removed {path}")
        return 0
    if len(args) == 2 and args[0] == "--render-icons":
        for path in render_icons(Path(args[1])):
            print(f"rendered {path}")
        return 0
    sys.stderr.write(f"knightviz: error: unrecognized arguments: {' '.join(args[1:])}\n")
    return 2
