"""The example notebook run for real: nbclient executes examples/comparison.ipynb on an
IPython kernel, then its outputs' players are opened in headless chromium, as a notebook
front end would show them (each in its iframe), and what they show is checked against the
known counts: the knight from a8 in 63 steps by Warnsdorff's rule and 16,501,401 by plain
backtracking, the hard Sudoku in 898 by MRV and 19,454,728 by plain. Two players on one
page are independent: stepping one leaves the other where it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="pip install -e '.[test]' (nbformat)")
nbclient = pytest.importorskip("nbclient", reason="pip install -e '.[test]' (nbclient)")
pytest.importorskip("ipykernel", reason="pip install -e '.[test]' (ipykernel)")
sync_api = pytest.importorskip("playwright.sync_api", reason="pip install -e '.[test]'")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip("no chromium here (.ci/run installs it)", allow_module_level=True)

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "comparison.ipynb"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    """The notebook after a real kernel ran every cell (an error in a cell fails here)."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    where = tmp_path_factory.mktemp("notebook")
    client = nbclient.NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(where)}}
    )
    with pytest.MonkeyPatch.context() as mp:
        # The kernel runs as a reader's would: the compiled engine where numba is (make
        # test pins the tests' own searches to Python; 36 million plain steps need numba).
        mp.delenv("KNIGHTVIZ_ENGINE", raising=False)
        client.execute()
    return nb


def outputs(nb, mime: str) -> list[str]:
    found = []
    for cell in nb.cells:
        for out in cell.get("outputs", ()):
            if out.get("output_type") == "stream":
                if mime == "text/plain":  # what print() wrote
                    found.append(out.get("text", ""))
            elif mime in out.get("data", {}):
                found.append(out["data"][mime])
    return found


def digits(text: str) -> int:
    return int(text.replace(",", ""))


def check_printed_counts(executed) -> None:
    text = "".join(outputs(executed, "text/plain"))
    assert "plain: solved, 16,501,401 steps" in text
    assert "warnsdorff: solved, 63 steps" in text
    assert "mrv: solved, 898 steps" in text
    assert "plain: solved, 19,454,728 steps" in text
    assert "edge_first: solved" in text
    assert "cell + digits: solved, 898 steps" in text  # MRV written out: the built-in's count


def test_the_notebook_runs_and_its_players_show_the_known_counts(executed, browser, tmp_path):
    """One test (the notebook runs once, whatever worker takes it): the counts it prints,
    then every player of its outputs on one page, as a notebook shows them."""
    check_printed_counts(executed)
    html = outputs(executed, "text/html")
    assert len(html) == 3  # three races of two players
    path = tmp_path / "notebook.html"
    path.write_text("<!DOCTYPE html><html><body>" + "\n".join(html) + "</body></html>")
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    requests: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    url = path.as_uri()
    page.on("request", lambda r: requests.append(r.url) if r.url != url else None)
    page.goto(url)
    frames = [f for f in page.frames if f is not page.main_frame]
    assert len(frames) == 6
    ends = []
    for frame in frames:
        frame.frame_element().scroll_into_view_if_needed()  # off screen it is not laid out
        frame.wait_for_function("() => window.knightviz && window.knightviz.ready", timeout=120_000)
        state = frame.evaluate("window.knightviz.seek(window.knightviz.state().length)")
        shown = state["shownCounters"]  # moves, backtracks, steps, solutions as drawn
        assert digits(shown[2]) == state["length"] == state["steps"]
        assert digits(shown[0]) + digits(shown[1]) == state["length"]
        ends.append(state["length"])
    plain, warnsdorff, mine, warnsdorff_again, plain_grid, mrv = ends
    assert (plain, warnsdorff, plain_grid, mrv) == (16_501_401, 63, 19_454_728, 898)
    assert warnsdorff_again == 63
    text = "".join(outputs(executed, "text/plain"))
    assert f"edge_first: solved, {mine:,} steps" in text  # the player shows the run printed
    title = frames[2].locator("#title").inner_text()
    assert "edge_first" in title  # the page names the learner's strategy

    # Independent: each player its own document. Step one with its button; the other stays.
    a, b = frames[1], frames[5]
    a.evaluate("window.knightviz.seek(0)")
    b.evaluate("window.knightviz.seek(100)")
    a.locator("#step").click()
    a.locator("#step").click()
    assert a.evaluate("window.knightviz.state().step") == 2
    assert b.evaluate("window.knightviz.state().step") == 100
    b.locator("#back").click()
    assert b.evaluate("window.knightviz.state().step") == 99
    assert a.evaluate("window.knightviz.state().step") == 2
    # At a notebook's width (JupyterLab's beside its file browser, 1,280 px wide): each
    # frame takes its page's height, and nothing is wider than the frame (the counters of
    # 16,501,401 steps go two by two), so nothing scrolls inside a player.
    page.set_viewport_size({"width": 850, "height": 900})
    for frame in frames:
        frame.evaluate("window.knightviz.seek(window.knightviz.state().length)")
    for frame in frames:
        frame.frame_element().scroll_into_view_if_needed()  # off screen it is not laid out
        frame.wait_for_function(
            "() => document.documentElement.scrollHeight <= window.innerHeight"
            " && document.documentElement.scrollWidth <= window.innerWidth",
            timeout=10_000,
        )
    page.close()
    assert errors == [], errors
    assert requests == [], f"the players asked the network for {requests}"
