"""The desktop entry and the icons: valid, complete, installed where freedesktop looks."""

from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from knightviz import desktop
from knightviz.cli import main as cli_main

#: This checkout's resources (an editable install may point at another checkout).
RESOURCES = Path(__file__).resolve().parents[2] / "resources"


@pytest.fixture(autouse=True)
def this_checkout(monkeypatch):
    monkeypatch.setattr(desktop, "shipped", lambda: RESOURCES)


def entry(text: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string(text)
    return parser["Desktop Entry"]


def test_the_desktop_entry_has_the_keys_menus_need():
    e = entry((RESOURCES / "knightviz.desktop").read_text(encoding="utf-8"))
    assert e["Type"] == "Application"
    assert e["Name"] == "knightviz"
    assert e["Name[zh_CN]"] == "骑士周游可视化"
    assert e["Comment"]
    assert e["Exec"] == "knightviz"
    assert e["Icon"] == "knightviz"
    assert e["Terminal"] == "false"
    categories = e["Categories"].split(";")
    assert {"Education", "Science"} <= set(categories)
    assert e["Categories"].endswith(";")


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="no desktop-file-utils")
def test_desktop_file_validate_accepts_it(tmp_path):
    out = subprocess.run(
        ["desktop-file-validate", str(RESOURCES / "knightviz.desktop")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_an_icon_at_every_size():
    for size in desktop.SIZES:
        image = QImage(str(RESOURCES / "icons" / desktop.icon_name(size)))
        assert not image.isNull(), size
        assert (image.width(), image.height()) == (size, size)
        assert image.hasAlphaChannel()
        # Transparent corners (a rounded tile), an opaque middle.
        assert image.pixelColor(0, 0).alpha() == 0
        assert image.pixelColor(size // 2, size // 2).alpha() == 255


def test_install_and_uninstall_for_the_user(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert cli_main(["--install-desktop"]) == 0
    app = tmp_path / "applications" / "knightviz.desktop"
    e = entry(app.read_text(encoding="utf-8"))
    assert e["Icon"] == "knightviz"
    assert e["Exec"].strip('"').endswith("knightviz")
    for size in desktop.SIZES:
        icon = tmp_path / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "knightviz.png"
        assert icon.read_bytes() == (RESOURCES / "icons" / desktop.icon_name(size)).read_bytes()
    assert (tmp_path / "icons/hicolor/scalable/apps/knightviz.svg").is_file()
    assert "installed" in capsys.readouterr().out
    assert cli_main(["--uninstall-desktop"]) == 0
    assert not app.exists()
    assert not list((tmp_path / "icons").rglob("knightviz.*"))


def test_the_shipped_files_are_package_data():
    import tomllib

    text = (RESOURCES.parent / "pyproject.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)["tool"]["setuptools"]["package-data"]
    assert "*.desktop" in data["knightviz.resources"]
    assert "*.png" in data["knightviz.resources.icons"]
    assert {"*.ts", "*.qm"} <= set(data["knightviz.resources.i18n"])
    # The HTML page's player: every file of knightviz/page that is not Python ships.
    from fnmatch import fnmatch

    page = RESOURCES.parent / "knightviz" / "page"
    shipped = [f.name for f in page.iterdir() if f.is_file() and f.suffix != ".py"]
    assert {"player.js", "player.css", "page.html", "strings.json"} <= set(shipped)
    for name in shipped:
        assert any(fnmatch(name, glob) for glob in data["knightviz.page"]), name
