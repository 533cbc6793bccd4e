"""The example notebook's players in the real front ends: JupyterLab and Notebook 7; and
in VS Code's renderer, reproduced.

    .venv/bin/python benchmarks/notebook_frontends.py --jupyter /path/to/venv/bin \\
        [--notebook EXECUTED.ipynb] [--shots DIR] [--only lab|notebook]
    .venv/bin/python benchmarks/notebook_frontends.py --vscode-renderer \\
        [--notebook EXECUTED.ipynb] [--shots DIR]

tests/page/test_notebook.py opens the notebook's players in a bare page; this opens them
where a learner sees them. ``--jupyter`` is the bin directory of an environment with
``jupyterlab`` and ``notebook`` (kept out of the project's own: ``python3 -m venv V &&
V/bin/pip install jupyterlab notebook ipykernel``); without one the check says so and
stops. ``examples/comparison.ipynb`` is executed first on this environment's kernel (half
a minute with numba), unless ``--notebook`` gives one already executed.

Each front end gets a server of its own (a token, a free port, its config, data and
settings in a temporary directory, so nothing of the user's setup or trust database
counts) holding two copies of the notebook: one signed with ``jupyter trust`` (as a
notebook the user ran is) and one not (as one opened from disk is). In headless chromium
(Playwright), for the trusted copy, inside every player's frame: the page is ready, the
board is drawn (its canvas holds several colours), the counters at the last step match the
run's summary in the frame's title (Warnsdorff from a8: 63), Step, Back and Play move the
shown step, and stepping one player leaves another where it was; for the untrusted copy:
what the outputs show instead (the players are stripped by the front end's sanitiser, so
each must say in words what ran and how to see it). Screenshots of both go to ``--shots``.
Prints one line per front end and copy.

VS Code cannot run here: ``--vscode-renderer`` (no Jupyter needed) renders the notebook's
``text/html`` outputs into a page as VS Code's notebook webview and its built-in renderer
do (``benchmarks/vscode_webview.html`` names the sources: the output parsed with
``innerHTML``, each script run as a copy appended at the END of the output, not in its
place), then makes the same checks inside every player's frame, plus: no script error, and
each frame as high as its page. In an untrusted workspace that renderer shows no
``text/html`` output at all (nothing to check).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "examples" / "comparison.ipynb"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: VS Code's notebook webview and its text/html renderer, reproduced (sources named inside).
VSCODE_WEBVIEW = ROOT / "benchmarks" / "vscode_webview.html"
#: Front end: (the server command, the notebook's address under the server).
FRONTENDS = {
    # A workspace per notebook: JupyterLab reopens the last one's tabs in a fresh page.
    "lab": ("jupyter-lab", "lab/workspaces/{stem}/tree/{name}"),
    "notebook": ("jupyter-notebook", "notebooks/{name}"),
}
#: The players of examples/comparison.ipynb, in order, and the runs known from elsewhere
#: (docs/api.md, tests/page/test_notebook.py): None for the learner's own strategy.
KNOWN = (16_501_401, 63, None, 63, 19_454_728, 898)
#: What an untrusted output must say instead of its player.
FALLBACK = "trust"


def execute(source: Path, target: Path) -> None:
    """The notebook run on a kernel of this environment, as its reader would run it."""
    import nbclient
    import nbformat

    nb = nbformat.read(source, as_version=4)  # type: ignore[no-untyped-call]
    env_engine = os.environ.pop("KNIGHTVIZ_ENGINE", None)  # the compiled engine, as a reader's
    try:
        nbclient.NotebookClient(
            nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
        ).execute()
    finally:
        if env_engine is not None:
            os.environ["KNIGHTVIZ_ENGINE"] = env_engine
    nbformat.write(nb, target)  # type: ignore[no-untyped-call]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One front end's server in a directory of its own (config, data, settings, notebooks)."""

    def __init__(self, bindir: Path, frontend: str, home: Path, executed: Path) -> None:
        self.frontend = frontend
        self.home = home
        self.token = secrets.token_hex(16)
        self.port = free_port()
        self.env = dict(os.environ)
        for var, sub in (
            ("JUPYTER_CONFIG_DIR", "config"),
            ("JUPYTER_DATA_DIR", "data"),
            ("JUPYTER_RUNTIME_DIR", "runtime"),
            ("JUPYTERLAB_SETTINGS_DIR", "settings"),
            ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
            ("IPYTHONDIR", "ipython"),
        ):
            (home / sub).mkdir(parents=True, exist_ok=True)
            self.env[var] = str(home / sub)
        self.env.pop("PYTHONPATH", None)  # the front end's own environment, not ours
        # No news toast over the screenshots (nor a request to the network).
        notes = home / "settings" / "@jupyterlab" / "apputils-extension"
        notes.mkdir(parents=True, exist_ok=True)
        (notes / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False})
        )
        self.root = home / "notebooks"
        self.root.mkdir(exist_ok=True)
        shutil.copy(executed, self.root / "trusted.ipynb")
        nb = json.loads(executed.read_text(encoding="utf-8"))
        nb["metadata"]["knightviz_check"] = "untrusted"  # another digest: not signed
        (self.root / "untrusted.ipynb").write_text(json.dumps(nb), encoding="utf-8")
        subprocess.run(
            [str(bindir / "jupyter-trust"), str(self.root / "trusted.ipynb")],
            env=self.env,
            check=True,
            capture_output=True,
        )
        command, self.path = FRONTENDS[frontend]
        self.log = open(home / "server.log", "wb")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [
                str(bindir / command),
                "--no-browser",
                f"--port={self.port}",
                "--ServerApp.ip=127.0.0.1",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={self.root}",
                *(["--allow-root"] if os.name == "posix" and os.geteuid() == 0 else []),
            ],
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.wait()

    def url(self, name: str) -> str:
        where = self.path.format(name=name, stem=Path(name).stem)
        return f"http://127.0.0.1:{self.port}/{where}?token={self.token}"

    def wait(self) -> None:
        status = f"http://127.0.0.1:{self.port}/api/status?token={self.token}"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.log.flush()
                tail = (self.home / "server.log").read_text(errors="replace")[-2000:]
                raise RuntimeError(f"{self.frontend} server stopped:\n{tail}")
            try:
                with urllib.request.urlopen(status, timeout=2):
                    return
            except OSError:
                time.sleep(0.5)
        raise RuntimeError(f"{self.frontend} server did not answer in 120 s")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def digits(text: str) -> int:
    return int(text.replace(",", ""))


def board_colours(frame: Any) -> int:
    """Distinct colours on the board's canvas (a blank frame has one or none)."""
    return int(
        frame.evaluate(
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
    )


def step_of(frame: Any) -> int:
    return int(frame.evaluate("window.knightviz.state().step"))


def wait_step(frame: Any, predicate: str) -> None:
    frame.wait_for_function(
        f"() => {{ const s = window.knightviz.state().step; return {predicate}; }}"
    )


def settle(page: Any) -> None:
    """A moment for the front end to paint what was scrolled in (cells off screen are
    skipped by content-visibility) before a screenshot."""
    page.wait_for_timeout(800)


def check_trusted(page: Any, server: Server, shots: Path) -> str:
    """Every player of the trusted copy checked inside its frame; the summary line."""
    page.goto(server.url("trusted.ipynb"))
    return check_players(page, server.frontend, shots)


def check_players(page: Any, frontend: str, shots: Path) -> str:
    """Every player on the page checked inside its frame; the summary line."""
    players = page.locator("iframe.knightviz-player")
    page.wait_for_function(
        f"() => document.querySelectorAll('iframe.knightviz-player').length >= {len(KNOWN)}",
        timeout=180_000,
    )
    count = players.count()
    assert count == len(KNOWN), f"{count} players on the page, {len(KNOWN)} expected"
    frames = []
    for i in range(count):
        element = players.nth(i)
        element.scroll_into_view_if_needed()
        frame = element.element_handle().content_frame()
        assert frame is not None, f"player {i + 1} has no document"
        frame.wait_for_function("() => window.knightviz && window.knightviz.ready", timeout=120_000)
        frames.append((element, frame))
    ends = []
    overflow = []
    for i, ((element, frame), known) in enumerate(zip(frames, KNOWN, strict=True)):
        element.scroll_into_view_if_needed()
        colours = board_colours(frame)
        assert colours >= 3, f"player {i + 1}: the board is blank ({colours} colours)"
        box = element.bounding_box()
        assert box is not None and box["height"] >= 400, f"player {i + 1}: frame {box}"
        title = element.get_attribute("title") or ""
        summary = re.search(r": \w+, ([\d,]+) steps", title)
        assert summary is not None, f"player {i + 1}: title {title!r}"
        state = frame.evaluate("window.knightviz.seek(window.knightviz.state().length)")
        shown = state["shownCounters"]
        assert digits(shown[2]) == state["length"] == digits(summary.group(1)), (title, shown)
        assert digits(shown[0]) + digits(shown[1]) == state["length"]
        if known is not None:
            assert state["length"] == known, (title, state["length"], known)
        ends.append(state["length"])
        # Scrolling inside the frame: the player is taller or wider than its frame (the
        # output's script sizes the frame to the height the page posts: give it a moment).
        with contextlib.suppress(Exception):  # a timeout: reported below, with the sizes
            frame.wait_for_function(
                "() => document.documentElement.scrollHeight <= window.innerHeight",
                timeout=5_000,
            )
        inner = frame.evaluate(
            "[document.documentElement.scrollHeight, window.innerHeight,"
            " document.documentElement.scrollWidth, window.innerWidth]"
        )
        if inner[0] > inner[1] or inner[2] > inner[3]:
            overflow.append(f"player {i + 1}: page {inner[2]}x{inner[0]} in {inner[3]}x{inner[1]}")
        elif inner[1] > inner[0] + 8:  # the output's script did not size it: empty below
            overflow.append(f"player {i + 1}: frame {inner[1]} px high, its page {inner[0]}")
    # The controls, with real clicks: Step, Back, Play (and pause), in the second player.
    element, frame = frames[1]
    element.scroll_into_view_if_needed()
    frame.evaluate("window.knightviz.seek(0)")
    frame.locator("#step").click()
    wait_step(frame, "s === 1")
    frame.locator("#step").click()
    wait_step(frame, "s === 2")
    frame.locator("#back").click()
    wait_step(frame, "s === 1")
    frame.locator("#play").click()
    wait_step(frame, "s > 1")
    frame.locator("#play").click()
    assert not frame.evaluate("window.knightviz.state().playing")
    frame.evaluate("window.knightviz.seek(20)")
    settle(page)
    page.screenshot(path=str(shots / f"{frontend}-trusted-warnsdorff.png"))
    # Independent: the second and the sixth player (a knight's and a Sudoku's).
    a, b = frames[1][1], frames[5][1]
    a.evaluate("window.knightviz.seek(0)")
    b.evaluate("window.knightviz.seek(100)")
    a.locator("#step").click()
    a.locator("#step").click()
    wait_step(a, "s === 2")
    assert step_of(b) == 100, "stepping one player moved another"
    b.locator("#back").click()
    wait_step(b, "s === 99")
    assert step_of(a) == 2, "stepping one player moved another"
    frames[5][0].scroll_into_view_if_needed()
    settle(page)
    page.screenshot(path=str(shots / f"{frontend}-trusted-sudoku.png"))
    frames[0][0].scroll_into_view_if_needed()
    settle(page)
    page.screenshot(path=str(shots / f"{frontend}-trusted-plain.png"))
    line = (
        f"{frontend} trusted: {count} players drawn, counts match their runs "
        f"({', '.join(f'{n:,}' for n in ends)} steps), step/back/play work, players independent"
    )
    if overflow:
        line += "; not sized to its page: " + "; ".join(overflow)
    return line


def check_vscode(page: Any, notebook: Path, shots: Path) -> str:
    """The notebook's outputs rendered as VS Code's renderer does, then every player
    checked inside its frame (and no script error on the way)."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_content(VSCODE_WEBVIEW.read_text(encoding="utf-8"))
    index = 0
    for cell in nb["cells"]:
        found = [
            "".join(out["data"]["text/html"])
            for out in cell.get("outputs", ())
            if "text/html" in out.get("data", {})
        ]
        for html in found:
            page.evaluate("([cell, html]) => window.vscodeRender(cell, html, true)", [index, html])
        index += bool(found)
    line = check_players(page, "vscode", shots)
    if errors:
        line += "; script errors: " + "; ".join(dict.fromkeys(errors))
    return line


def check_untrusted(page: Any, server: Server, shots: Path) -> str:
    """What the untrusted copy shows where the players were."""
    page.goto(server.url("untrusted.ipynb"))
    outputs = page.locator(".jp-OutputArea-output")
    page.wait_for_function(
        "() => document.querySelectorAll('.jp-OutputArea-output').length >= 6", timeout=180_000
    )
    page.wait_for_timeout(1000)  # let the last outputs render before reading them
    players = page.locator("iframe.knightviz-player").count()
    # The text, laid out or not (cells off screen are skipped by content-visibility).
    texts = [
        " ".join((outputs.nth(i).text_content() or "").split()) for i in range(outputs.count())
    ]
    races = [t for t in texts if "finished first" in t or "no winner" in t]
    outputs.filter(has_text="finished first").first.scroll_into_view_if_needed()
    settle(page)
    page.screenshot(path=str(shots / f"{server.frontend}-untrusted.png"))
    said = [t for t in races if FALLBACK in t.lower()]
    line = f"{server.frontend} untrusted: {players} players left by the sanitiser; "
    line += f"{len(races)} race outputs, {len(said)} of them say how to see the players"
    if races:
        line += f" (first: {races[0]!r})"
    return line


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jupyter", type=Path, help="bin directory with jupyter-lab")
    parser.add_argument("--notebook", type=Path, help="examples/comparison.ipynb executed")
    parser.add_argument("--shots", type=Path, help="where the screenshots go")
    parser.add_argument("--only", choices=sorted(FRONTENDS))
    parser.add_argument(
        "--vscode-renderer",
        action="store_true",
        help="VS Code's text/html renderer reproduced in chromium (no Jupyter needed)",
    )
    args = parser.parse_args()
    found = shutil.which("jupyter-lab")
    bindir = args.jupyter or (Path(found).parent if found else None)
    if not args.vscode_renderer and (bindir is None or not (bindir / "jupyter-lab").exists()):
        print("skipped: no jupyter-lab (pass --jupyter DIR: a venv's bin with jupyterlab)")
        return 0
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("skipped: no playwright (pip install -e '.[test]')")
        return 0
    if not Path(CHROMIUM).exists():
        print("skipped: no chromium")
        return 0
    with tempfile.TemporaryDirectory(prefix="kv-frontends-") as tmp:
        work = Path(tmp)
        shots = args.shots or work / "shots"
        shots.mkdir(parents=True, exist_ok=True)
        executed = args.notebook
        if executed is None:
            executed = work / "comparison.ipynb"
            execute(NOTEBOOK, executed)
        failed = 0
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            if args.vscode_renderer:
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                try:
                    print(check_vscode(page, executed, shots), flush=True)
                except Exception as exc:  # a timeout too
                    failed += 1
                    print(f"vscode renderer: FAILED {exc}", flush=True)
                    page.screenshot(path=str(shots / "vscode-failed.png"))
                finally:
                    page.close()
            frontends = [args.only] if args.only else list(FRONTENDS)
            for frontend in [] if args.vscode_renderer else frontends:
                assert bindir is not None
                server = Server(bindir, frontend, work / frontend, executed)
                try:
                    for check in (check_trusted, check_untrusted):
                        page = browser.new_page(viewport={"width": 1280, "height": 900})
                        try:
                            print(check(page, server, shots), flush=True)
                        except Exception as exc:  # a timeout too: say which check
                            failed += 1
                            print(f"{frontend} {check.__name__}: FAILED {exc}", flush=True)
                            page.screenshot(path=str(shots / f"{frontend}-failed.png"))
                        finally:
                            page.close()
                finally:
                    server.stop()
            browser.close()
        if args.shots is None:
            print(f"screenshots (removed with the temporary directory): {shots}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
