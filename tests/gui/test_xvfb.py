"""The real program in a real window on an X virtual framebuffer: start, paint, screenshot.

Run by CI (``CI`` set: a missing Xvfb is a failure). Set KNIGHTVIZ_UPDATE_SCREENSHOT=1 to
also refresh the README's ``resources/screenshot.png``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.xvfb


@pytest.fixture(scope="module")
def display():
    binary = shutil.which("Xvfb")
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("Xvfb is not installed but CI is set")
        pytest.skip("Xvfb is not installed")
    number = next(n for n in range(97, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    proc = subprocess.Popen(
        [binary, f":{number}", "-screen", "0", "1280x960x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail("Xvfb did not start")
            time.sleep(0.05)
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(5)


def shoot(display: str, path: Path, scene: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.update(
        DISPLAY=display,
        QT_QPA_PLATFORM="xcb",
        KNIGHTVIZ_SCREENSHOT=str(path),
        KNIGHTVIZ_SCREENSHOT_SCRIPT=scene,
    )
    code = "from knightviz.gui.app import main; raise SystemExit(main([]))"
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )


def distinct_colours(image: QImage) -> int:
    seen = set()
    for y in range(0, image.height(), 7):
        for x in range(0, image.width(), 7):
            seen.add(image.pixel(x, y))
    return len(seen)


@pytest.mark.parametrize("scene", ["idle", "readme", "midrun", "queens", "queens-list"])
def test_real_window_screenshot(display, tmp_path, scene):
    path = tmp_path / f"{scene}.png"
    done = shoot(display, path, scene)
    assert done.returncode == 0, done.stderr
    assert "QThread: Destroyed" not in done.stderr
    image = QImage(str(path))
    assert not image.isNull()
    assert image.width() >= 900 and image.height() >= 700
    assert distinct_colours(image) > 50  # a painted window, not a blank one
    if os.environ.get("KNIGHTVIZ_UPDATE_SCREENSHOT"):
        target = ROOT / "resources" / ("screenshot.png" if scene == "readme" else f"{scene}.png")
        if scene == "readme":
            shutil.copy(path, target)
        else:
            shutil.copy(path, Path("/tmp") / target.name)
