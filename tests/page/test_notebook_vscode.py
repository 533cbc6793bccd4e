"""The inline players as VS Code shows a notebook's ``text/html`` outputs: VS Code itself
cannot run here, so benchmarks/vscode_webview.html reproduces its notebook webview and the
built-in renderer's steps (sources named there). What matters to the players: the output
is parsed with ``innerHTML`` and each script runs as a copy appended at the END of the
output, not in its place (JupyterLab runs its copy in place), so a script that looks for
its frame next to itself finds none. In headless chromium: every player is drawn, shows
its run's known counts (Warnsdorff from a8: 63 steps; the hard Sudoku by MRV: 898), its
controls move it, two players are independent, and each frame is sized to its page, so
nothing scrolls inside it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import knightviz as kv

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e '.[test]'")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("no chromium here (.ci/run installs it)", allow_module_level=True)

WEBVIEW = Path(__file__).resolve().parents[2] / "benchmarks" / "vscode_webview.html"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def digits(text: str) -> int:
    return int(text.replace(",", ""))


def board_colours(frame) -> int:
    """Distinct colours on the board's canvas (a blank one has one or none)."""
    return frame.evaluate(
        """() => {
            const c = document.getElementById("boardCanvas");
            if (!c || !c.width || !c.height) return 0;
            const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
            const seen = new Set();
            for (let i = 0; i < d.length; i += 4 * 97) {
                seen.add(d[i] << 16 | d[i + 1] << 8 | d[i + 2]);
            }
            return seen.size;
        }"""
    )


def test_players_rendered_as_vscode_renders_html_outputs(browser):
    knight = kv.race(kv.knight(8, start="a8"), "warnsdorff", "plain", limit=500)
    sudoku = kv.run(kv.sudoku(HARD), "mrv")
    cells = [knight._repr_html_(), sudoku._repr_html_()]  # a race's two players, then one
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_content(WEBVIEW.read_text(encoding="utf-8"))
    for index, html in enumerate(cells):
        page.evaluate("([cell, html]) => window.vscodeRender(cell, html, true)", [index, html])
    players = page.locator("iframe.knightviz-player")
    assert players.count() == 3
    frames = []
    for i in range(3):
        element = players.nth(i)
        element.scroll_into_view_if_needed()  # off screen a frame is not laid out
        frame = element.element_handle().content_frame()
        frame.wait_for_function("() => window.knightviz && window.knightviz.ready", timeout=60_000)
        frames.append(frame)
    ends = []
    for i, frame in enumerate(frames):
        players.nth(i).scroll_into_view_if_needed()
        assert board_colours(frame) >= 3
        state = frame.evaluate("window.knightviz.seek(window.knightviz.state().length)")
        shown = state["shownCounters"]  # as drawn: moves, backtracks, steps, solutions
        assert digits(shown[2]) == state["length"]
        assert digits(shown[0]) + digits(shown[1]) == state["length"]
        ends.append(state["length"])
        # Sized to its page by the output's script: nothing scrolls inside, nothing empty
        # below (a frame left at its first 720 px would do one or the other).
        frame.wait_for_function(
            "() => document.documentElement.scrollHeight <= window.innerHeight"
            " && window.innerHeight <= document.documentElement.scrollHeight + 8"
            " && document.documentElement.scrollWidth <= window.innerWidth",
            timeout=10_000,
        )
    assert (ends[0], ends[2]) == (63, 898)  # Warnsdorff from a8; the hard Sudoku by MRV
    assert ends[1] == 500  # plain, stopped at its limit

    # The controls, clicked; then stepping one player leaves the other where it was.
    a, b = frames[0], frames[2]
    players.nth(0).scroll_into_view_if_needed()
    a.evaluate("window.knightviz.seek(0)")
    a.locator("#step").click()
    a.wait_for_function("() => window.knightviz.state().step === 1")
    a.locator("#play").click()
    a.wait_for_function("() => window.knightviz.state().step > 1")
    a.locator("#play").click()
    a.wait_for_function("() => !window.knightviz.state().playing")
    a.evaluate("window.knightviz.seek(10)")
    b.evaluate("window.knightviz.seek(100)")
    players.nth(2).scroll_into_view_if_needed()
    b.locator("#back").click()
    b.wait_for_function("() => window.knightviz.state().step === 99")
    assert a.evaluate("window.knightviz.state().step") == 10
    page.close()
    assert errors == [], errors
