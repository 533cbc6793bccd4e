"""Can Qt open a window here? Checked before the QApplication exists, without importing Qt.

Qt answers a missing library or an unreachable display by aborting (exit 134) with a message
that may blame the wrong library: on a fresh Debian machine it named ``xcb-cursor0``
(installed) while ``libxcb-icccm4`` and ``libxcb-keysyms1`` were missing. So before Qt is
loaded, knightviz works out the platform Qt will use and, for X11 (``xcb``), reads the
libraries the plugin needs from its ELF header (``DT_NEEDED``, following Qt's own bundled
libraries) and asks the dynamic loader for each; whatever is missing is named in one line,
with the packages that provide it, and the app exits 2 like the command line's usage errors.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import socket
import struct
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

#: Library → (Debian/Ubuntu package, Fedora package): what Qt's xcb plugin and Qt's GUI
#: library load on Linux (PySide6 bundles Qt itself, not these).
PACKAGES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxcb-xinerama.so.0": ("libxcb-xinerama0", "libxcb"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libOpenGL.so.0": ("libopengl0", "libglvnd-opengl"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libgthread-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
    "libz.so.1": ("zlib1g", "zlib"),
}

EXIT_NO_DISPLAY = 2

_PT_DYNAMIC, _PT_LOAD = 2, 1
_DT_NULL, _DT_NEEDED, _DT_STRTAB, _DT_RPATH, _DT_RUNPATH = 0, 1, 5, 15, 29


class ElfError(ValueError):
    """Not an ELF shared object this reader understands."""


def needed(path: Path) -> tuple[list[str], list[str]]:
    """The libraries a shared object names (``DT_NEEDED``), and its search path (``DT_RUNPATH``
    or ``DT_RPATH``, ``$ORIGIN`` resolved). Reads the dynamic section through the program
    headers, as the loader does; 32- and 64-bit, either byte order."""
    data = path.read_bytes()
    if data[:4] != b"\x7fELF":
        raise ElfError(f"{path} is not an ELF file")
    wide = data[4] == 2
    order = "<" if data[5] == 1 else ">"
    if wide:
        phoff, phentsize, phnum = (
            struct.unpack_from(order + "Q", data, 0x20)[0],
            *struct.unpack_from(order + "HH", data, 0x36),
        )
        ph_fmt, dyn_fmt = order + "IIQQQQQQ", order + "qQ"
    else:
        phoff, phentsize, phnum = (
            struct.unpack_from(order + "I", data, 0x1C)[0],
            *struct.unpack_from(order + "HH", data, 0x2A),
        )
        ph_fmt, dyn_fmt = order + "IIIIIIII", order + "iI"
    loads: list[tuple[int, int, int]] = []  # (vaddr, offset, filesz)
    dynamic: tuple[int, int] | None = None
    for i in range(phnum):
        fields = struct.unpack_from(ph_fmt, data, phoff + i * phentsize)
        if wide:
            kind, _flags, offset, vaddr, _paddr, filesz = fields[:6]
        else:
            kind, offset, vaddr, _paddr, filesz = fields[:5]
        if kind == _PT_LOAD:
            loads.append((vaddr, offset, filesz))
        elif kind == _PT_DYNAMIC:
            dynamic = (offset, filesz)
    if dynamic is None:
        return [], []
    size = struct.calcsize(dyn_fmt)
    entries: list[tuple[int, int]] = []
    for at in range(dynamic[0], dynamic[0] + dynamic[1] - size + 1, size):
        tag, value = struct.unpack_from(dyn_fmt, data, at)
        if tag == _DT_NULL:
            break
        entries.append((tag, value))
    strtab = next((v for t, v in entries if t == _DT_STRTAB), None)
    if strtab is None:
        raise ElfError(f"{path} has no string table")
    base = next((off + strtab - va for va, off, sz in loads if va <= strtab < va + sz), strtab)

    def string(at: int) -> str:
        end = data.index(b"\0", base + at)
        return data[base + at : end].decode("utf-8", "replace")

    names = [string(v) for t, v in entries if t == _DT_NEEDED]
    origin = str(path.parent)
    search = [
        d.replace("$ORIGIN", origin).replace("${ORIGIN}", origin)
        for t, v in entries
        if t in (_DT_RUNPATH, _DT_RPATH)
        for d in string(v).split(":")
        if d
    ]
    return names, search


def loadable(name: str) -> bool:
    """The dynamic loader finds ``name`` (and what it needs) the way Qt's plugin load would."""
    try:
        ctypes.CDLL(name, mode=getattr(os, "RTLD_LAZY", 1) | getattr(os, "RTLD_LOCAL", 0))
    except OSError:
        return False
    return True


def missing_libraries(plugin: Path, bundled: Sequence[Path] = ()) -> list[str]:
    """The system libraries ``plugin`` needs, directly or through the libraries it brings
    along (found in its own search path or in ``bundled``), that cannot be loaded."""
    missing: list[str] = []
    seen: set[str] = set()
    todo = [plugin]
    while todo:
        obj = todo.pop()
        try:
            names, search = needed(obj)
        except (OSError, ElfError, struct.error, IndexError):
            continue
        folders = [Path(d) for d in search] + list(bundled)
        for name in names:
            if name in seen:
                continue
            seen.add(name)
            local = next((f / name for f in folders if (f / name).is_file()), None)
            if local is not None:
                todo.append(local)
            elif not loadable(name):
                missing.append(name)
    return missing


def qt_folder() -> Path | None:
    """PySide6's Qt folder (plugins, lib), found without importing PySide6."""
    try:
        spec = importlib.util.find_spec("PySide6")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "Qt"
    return folder if folder.is_dir() else None


def xcb_plugin(env: Mapping[str, str], qt: Path | None) -> Path | None:
    """The xcb platform plugin Qt would load: from ``QT_PLUGIN_PATH`` first, as Qt looks
    there first, then PySide6's own."""
    folders = [Path(d) for d in env.get("QT_PLUGIN_PATH", "").split(os.pathsep) if d]
    if qt is not None:
        folders.append(qt / "plugins")
    for folder in folders:
        candidate = folder / "platforms" / "libqxcb.so"
        if candidate.is_file():
            return candidate
    return None


def x_reachable(display: str) -> bool:
    """A local X display (``:N``, ``unix:N``) has a server listening on its socket, as
    libxcb connects to it (the abstract socket, then the file). Any other form (a host, a
    launchd path) is taken on trust: only Qt can tell."""
    match = re.fullmatch(r"(?:unix)?:(\d+)(?:\.\d+)?", display)
    if match is None:
        return True
    path = f"/tmp/.X11-unix/X{match.group(1)}"
    for address in ("\0" + path, path):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(1.0)
            try:
                sock.connect(address)
            except OSError:
                continue
            return True
    return False


def platforms(args: Sequence[str], env: Mapping[str, str]) -> list[str] | None:
    """The platforms asked for (``-platform`` wins over ``QT_QPA_PLATFORM``), in the order Qt
    tries them, without their options; None when nothing was asked for."""
    spec: str | None = None
    for i, arg in enumerate(args):
        if arg == "-platform" and i + 1 < len(args):
            spec = args[i + 1]
        elif arg.startswith("-platform="):
            spec = arg.partition("=")[2]
    if spec is None:
        spec = env.get("QT_QPA_PLATFORM") or None
    if spec is None:
        return None
    return [p.split(":")[0].strip() for p in spec.split(";") if p.strip()]


def _packages(libraries: Iterable[str]) -> tuple[list[str], list[str]]:
    debian: list[str] = []
    fedora: list[str] = []
    for lib in libraries:
        deb, fed = PACKAGES.get(lib, ("", ""))
        if deb and deb not in debian:
            debian.append(deb)
        if fed and fed not in fedora:
            fedora.append(fed)
    return debian, fedora


def problem(
    args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    system: str = sys.platform,
) -> str | None:
    """Why Qt could not open a window here (one line), or None when it should."""
    if not system.startswith("linux"):
        return None
    env = os.environ if env is None else env
    wanted = platforms(args, env)
    x11 = bool(env.get("DISPLAY"))
    wayland = bool(env.get("WAYLAND_DISPLAY"))
    if wanted is None:
        if not x11 and not wayland:
            return (
                "no display to open the window on (DISPLAY, WAYLAND_DISPLAY and "
                "QT_QPA_PLATFORM are all unset): run it in a desktop session, under "
                "xvfb-run, or with QT_QPA_PLATFORM=offscreen (no window shown)"
            )
        # Qt prefers Wayland in a Wayland session, X11 otherwise.
        session_wayland = wayland and env.get("XDG_SESSION_TYPE", "").lower() == "wayland"
        first = "wayland" if session_wayland or not x11 else "xcb"
    else:
        first = wanted[0] if wanted else "xcb"
    if first != "xcb":
        return None
    if not x11:
        return (
            "the xcb platform was asked for but DISPLAY is unset: run it in an X session, "
            "under xvfb-run, or with QT_QPA_PLATFORM=offscreen (no window shown)"
        )
    display = env["DISPLAY"]
    if not x_reachable(display):
        return (
            f"cannot reach the X display {display} (no X server listens there): run it in "
            f"a desktop session, under xvfb-run, or with QT_QPA_PLATFORM=offscreen (no "
            f"window shown)"
        )
    qt = qt_folder()
    plugin = xcb_plugin(env, qt)
    if plugin is None:
        return None  # not a PySide6 layout we know: let Qt speak for itself
    bundled = [qt / "lib"] if qt is not None else []
    missing = missing_libraries(plugin, bundled)
    if not missing:
        return None
    debian, fedora = _packages(missing)
    unknown = [lib for lib in missing if lib not in PACKAGES]
    hint = ""
    if debian:
        hint = (
            f"; install them (Debian/Ubuntu: sudo apt-get install {' '.join(debian)}; "
            f"Fedora: sudo dnf install {' '.join(fedora)})"
        )
    if unknown:
        hint += f"; no package known for {', '.join(unknown)}"
    return (
        f"Qt's X11 (xcb) platform plugin needs libraries that are missing: "
        f"{', '.join(missing)}{hint}; or run with QT_QPA_PLATFORM=offscreen (no window shown)"
    )
