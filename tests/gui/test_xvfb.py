"""The real program in a real window on an X virtual framebuffer: start, paint, screenshot.

Run by CI (``CI`` set: a missing Xvfb is a failure). Set KNIGHTVIZ_UPDATE_SCREENSHOT=1 to
also refresh the README's ``resources/screenshot.png``.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
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
    # Xvfb picks a free display itself and writes its number once it accepts clients: two
    # test processes (pytest-xdist workers, or a colleague's run) never race for one.
    ready, told = os.pipe()
    proc = subprocess.Popen(
        [binary, "-displayfd", str(told), "-screen", "0", "1280x960x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(told,),
    )
    os.close(told)
    try:
        number = b""
        while not number.endswith(b"\n"):
            if not select.select([ready], [], [], 10)[0]:
                pytest.fail("Xvfb did not start")
            chunk = os.read(ready, 16)
            if not chunk:  # it exited without a display
                pytest.fail("Xvfb did not start")
            number += chunk
        yield f":{int(number)}"
    finally:
        os.close(ready)
        proc.terminate()
        proc.wait(5)


def shoot(display: str, path: Path, scene: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    # The scenes choose their engine as the app does (the README's 16.5 M plain steps on the
    # compiled one: on the Python engine a busy machine took over the minute allowed).
    env.pop("KNIGHTVIZ_ENGINE", None)
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


@pytest.mark.parametrize(
    "scene",
    [
        "idle",
        pytest.param("readme", marks=pytest.mark.slow),
        pytest.param("midrun", marks=pytest.mark.slow),
        pytest.param("queens", marks=pytest.mark.slow),
        "queens-list",
    ],
)
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
