"""The HTML page in a real headless browser: what it shows at a dozen steps of a run equals
the engine's replay of the same run (Recording.seek and the search's stack_at), with no
JavaScript error and no network request."""

from __future__ import annotations

import bisect
import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from knightviz.cli import main as cli_main
from knightviz.engine import (
    Heuristic,
    Outcome,
    Strategy,
    TieBreak,
    TourConfig,
    make_queens_search,
    make_tour_search,
)
from knightviz.engine.recording import Recording
from knightviz.page import PageRun, build_page, knight_page_run, queens_page_run
from knightviz.page.build import strings

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
sync_api = pytest.importorskip(
    "playwright.sync_api",
    reason="Playwright's Python package is not installed (pip install -e '.[test]')",
)
if not Path(CHROMIUM).exists():
    pytest.skip(
        "no chromium here: the page's browser tests need Debian's chromium (.ci/run installs it)",
        allow_module_level=True,
    )


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


class Page:
    """One page opened in the browser, with every JavaScript error and request counted."""

    def __init__(self, browser, path: Path, scheme: str = "light") -> None:
        self.page = browser.new_page(viewport={"width": 1200, "height": 820}, color_scheme=scheme)
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        url = path.as_uri()
        self.page.on("request", lambda r: self.requests.append(r.url) if r.url != url else None)
        self.page.goto(url)
        self.page.wait_for_function(
            "() => window.knightviz && window.knightviz.ready", timeout=30_000
        )

    def seek(self, step: int) -> dict:
        return self.page.evaluate(f"window.knightviz.seek({step})")

    def state(self) -> dict:
        return self.page.evaluate("window.knightviz.state()")

    def close(self) -> None:
        self.page.close()
        assert self.errors == [], self.errors
        assert self.requests == [], f"the page asked the network for {self.requests}"


@pytest.fixture
def open_page(browser):
    pages: list[Page] = []

    def opener(path: Path, scheme: str = "light") -> Page:
        page = Page(browser, path, scheme)
        pages.append(page)
        return page

    yield opener
    for page in pages:
        page.close()


def knight_run(rows, cols, start, strategy, limit=None, **recording):
    config = TourConfig(rows, cols, start, strategy, limit=limit)
    # The oracle's stack: the reference engine's stack_at, as the window's shadow search.
    return knight_page_run(config, **recording), make_tour_search(config, backend="python")


def queens_run(n, first=False, **recording):
    return queens_page_run(n, first=first, **recording), make_queens_search(
        n, first=first, backend="python"
    )


def write(tmp_path: Path, run: PageRun, name: str = "run.html") -> Path:
    path = tmp_path / name
    path.write_text(build_page(run), encoding="utf-8")
    return path


def sample_steps(run: PageRun, rec: Recording) -> list[int]:
    """A dozen steps: the ends, the markers, and evenly between."""
    n = rec.length if hasattr(rec, "length") else len(rec)
    steps = {0, 1, 2, n - 1, n, *(n * k // 11 for k in range(1, 11))}
    steps.update(rec.markers.solutions[:2])
    steps.add(rec.markers.deepest_step)
    return sorted(s for s in steps if 0 <= s <= n)


def check_against_engine(page: Page, run: PageRun, shadow, steps=None) -> int:
    """The page equals the engine at each step; how many steps were exact."""
    rec = Recording(run.recording.initial)
    rec.load(run.recording)
    while not rec.scan_markers():
        pass
    solutions = (
        [len(rec)] if run.puzzle == "knight" and run.result.solved else rec.markers.solutions
    )
    exact = 0
    for step in steps or sample_steps(run, rec):
        want = rec.seek(step)
        got = page.seek(step)
        assert got["step"] == step
        assert got["shown"] == want.step, step
        assert got["exact"] == want.exact, step
        assert got["path"] == list(want.path), step
        assert (got["moves"], got["backtracks"]) == (want.moves, want.backtracks), step
        assert got["steps"] == want.moves + want.backtracks
        found = bisect.bisect_right(solutions, want.step)
        assert got["solutions"] == found, step
        assert got["shownCounters"] == [
            f"{want.moves:,}",
            f"{want.backtracks:,}",
            f"{want.moves + want.backtracks:,}",
            f"{found:,}",
        ]
        if want.exact:
            exact += 1
            last = want.last_events[-1] if want.last_events else None
            if last is not None:
                assert got["last"][-1] == last, step
            ended = (
                run.result.outcome is Outcome.EXHAUSTED
                and bool(want.last_events)
                and step == len(rec)
            )
            stack = shadow.stack_at(want.path, last, ended=ended)
            assert got["stack"] == [
                [level.square, list(level.candidates), level.tried] for level in stack
            ], step
    return exact


def test_plain_5x5_equals_the_engine_at_a_dozen_steps(tmp_path, open_page):
    run, shadow = knight_run(5, 5, 0, Strategy(Heuristic.NONE))
    assert run.result.steps == 17_654
    page = open_page(write(tmp_path, run))
    assert check_against_engine(page, run, shadow) >= 12
    # The tour at the end, the one solution counted there and not a step before.
    end = page.seek(run.result.steps)
    assert tuple(end["path"]) == run.result.solution
    assert end["solutions"] == 1 and page.seek(run.result.steps - 1)["solutions"] == 0


@pytest.mark.slow
def test_warnsdorff_8x8_with_backtracks_equals_the_engine(tmp_path, open_page):
    # e6 is the one 8x8 start where Warnsdorff (first tie) backtracks: 109 moves, 46 back.
    strategy = Strategy(Heuristic.WARNSDORFF, TieBreak.FIRST)
    run, shadow = knight_run(8, 8, 20, strategy)
    assert (run.result.moves, run.result.backtracks) == (109, 46)
    page = open_page(write(tmp_path, run))
    assert check_against_engine(page, run, shadow, steps=range(0, 156, 13)) == 12
    # Every step, since there are few: the stack's order is Warnsdorff's at every level.
    check_against_engine(page, run, shadow, steps=range(155, -1, -1))


def test_warnsdorff_random_ties_use_the_seeded_ranks(tmp_path, open_page):
    strategy = Strategy(Heuristic.WARNSDORFF, TieBreak.RANDOM, seed=7)
    run, shadow = knight_run(6, 6, 0, strategy, limit=400)
    page = open_page(write(tmp_path, run))
    check_against_engine(page, run, shadow)


def test_queens_6x6_all_solutions_equals_the_engine(tmp_path, open_page):
    run, shadow = queens_run(6)
    assert run.result.count == 4 and run.result.moves == 152  # docs/reference.md §4
    page = open_page(write(tmp_path, run))
    assert check_against_engine(page, run, shadow) >= 12
    ends = page.seek(run.result.steps)
    assert ends["solutions"] == 4 and ends["stack"][0][2] == 6  # every file of rank 1 tried


def test_a_recording_with_a_gap_shows_the_nearest_kept_position(tmp_path, open_page):
    # A small budget: the first blocks and the newest kept, the middle dropped (a gap).
    run, shadow = knight_run(
        5, 5, 0, Strategy(Heuristic.NONE), block=512, budget=4 * 512 * 6, checkpoint_every=300
    )
    rec = Recording(run.recording.initial)
    rec.load(run.recording)
    gaps = rec.gaps()
    assert gaps, "the budget should have dropped some steps"
    a, b = gaps[0]
    steps = [0, 700, a - 1, a, a + 1, (a + b) // 2, b - 1, b, b + 1, len(rec) - 1, len(rec)]
    page = open_page(write(tmp_path, run))
    exact = check_against_engine(page, run, shadow, steps=sorted(set(steps)))
    assert 0 < exact < len(set(steps))  # some steps in the gap are shown as coarse
    inside = page.seek((a + b) // 2)
    assert not inside["exact"]
    note = page.page.inner_text("#note")
    assert f"{(a + b) // 2:,}" in note and f"{inside['shown']:,}" in note


@pytest.mark.slow
def test_the_controls_and_the_keyboard(tmp_path, open_page):
    run, _ = knight_run(5, 5, 0, Strategy(Heuristic.NONE))
    page = open_page(write(tmp_path, run))
    p = page.page
    page.seek(100)
    p.keyboard.press("n")
    assert page.state()["step"] == 101
    p.keyboard.press("ArrowRight")
    assert page.state()["step"] == 102
    p.keyboard.press("Backspace")
    p.keyboard.press("ArrowLeft")
    assert page.state()["step"] == 100
    p.click("#step")
    assert page.state()["step"] == 101
    p.click("#back")
    assert page.state()["step"] == 100
    speed = page.state()["speed"]
    p.keyboard.press("ArrowUp")
    assert page.state()["speed"] > speed
    p.fill("#stepBox", "4321")
    p.press("#stepBox", "Enter")
    assert page.state()["step"] == 4321
    # The timeline slider seeks too.
    p.eval_on_selector(
        "#timeline", "(el) => { el.value = '17000'; el.dispatchEvent(new Event('input')); }"
    )
    assert page.state()["step"] == 17_000
    # Unlimited speed plays to the end of the run (as fast as the browser paints).
    page.page.evaluate("window.knightviz.setSpeed(8)")
    p.keyboard.press(" ")
    p.wait_for_function(f"() => window.knightviz.state().step === {run.result.steps}")
    assert not page.state()["playing"]
    # At 1 step/s a play moves one step at a time.
    page.seek(50)
    page.page.evaluate("window.knightviz.setSpeed(0)")
    p.keyboard.press(" ")
    assert page.state()["playing"]
    p.wait_for_function("() => window.knightviz.state().step >= 51", timeout=5000)
    p.keyboard.press(" ")
    assert not page.state()["playing"]


def test_title_markers_and_the_command_line(tmp_path, open_page):
    run, _ = queens_run(8)
    page = open_page(write(tmp_path, run))
    p = page.page
    assert p.inner_text("#title") == "8 queens on 8×8 · every solution"
    assert "92 solutions" in p.inner_text("#subtitle")
    assert p.locator(".marker.solution").count() == 92
    assert p.locator(".marker.deepest").count() == 1
    assert p.locator(".marker.first").count() == 1
    assert "knightviz 0.1.0" in p.inner_text("#made") or "knightviz" in p.inner_text("#made")
    assert p.inner_text("#command") == "knightviz queens --size 8 --html run.html"
    p.locator(".marker.solution").nth(0).dispatch_event("click")
    assert page.state()["solutions"] == 1


def test_chinese_page(tmp_path, open_page):
    run, _ = knight_run(5, 5, 0, Strategy(Heuristic.NONE))
    zh = PageRun(**{**{f: getattr(run, f) for f in run.__slots__}, "lang": "zh_CN"})
    page = open_page(write(tmp_path, zh))
    p = page.page
    assert p.inner_text("#title").startswith("5×5 棋盘上的骑士周游")
    assert p.inner_text("#play") == "播放"
    assert p.evaluate("document.documentElement.lang") == "zh-CN"
    # Every English string has its Chinese one.
    assert set(strings("zh_CN")) == set(strings("en"))
    en, zh_words = strings("en"), strings("zh_CN")
    assert all(zh_words[k] != en[k] or k == "none" for k in en)


def test_the_cli_writes_the_same_run_as_its_text(tmp_path, open_page, capsys):
    html = tmp_path / "tour.html"
    assert cli_main(["solve", "--size", "5", "--format", "sequence", "--html", str(html)]) == 0
    squares = [int(x) - 1 for x in capsys.readouterr().out.split()]
    page = open_page(html)
    end = page.seek(10**9)
    assert end["path"] == squares
    assert (
        page.page.inner_text("#command") == "knightviz solve --size 5 --start a5 --html tour.html"
    )
    queens = tmp_path / "q.html"
    assert cli_main(["queens", "--size", "5", "--html", str(queens), "--lang", "zh_CN"]) == 0
    assert capsys.readouterr().out.endswith("10 solutions\n")
    q = open_page(queens)
    assert q.seek(10**9)["solutions"] == 10
    assert "皇后" in q.page.inner_text("#title")


def test_cli_html_usage_errors(tmp_path, capsys):
    assert cli_main(["queens", "--format", "count", "--html", str(tmp_path / "x.html")]) == 2
    assert cli_main(["solve", "--html", str(tmp_path / "no" / "x.html")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("knightviz: error: ") for line in err)


def test_the_page_loads_nothing_and_inlines_its_pieces(tmp_path):
    run, _ = queens_run(4)
    text = build_page(run)
    assert not re.search(r"(src|href)=[\"']?(https?:)?//", text)
    assert "data:image/svg+xml;base64," in text
    assert "@JS@" not in text and "@DATA@" not in text


# -- the board's labels and the puzzle's words, as in the window ---------------------------------


def window_geometry(labels: dict, rows: int, cols: int):
    """The window's own geometry for the page's canvas and label font."""
    from knightviz.gui.board.geometry import BoardGeometry, TextMetrics

    m = labels["metrics"]
    metrics = TextMetrics(
        label_height=m["height"], label_digit=m["digit"], label_letter=m["letter"]
    )
    return BoardGeometry(labels["width"], labels["height"], rows, cols, metrics)


def same_rects(page_labels: list, window_labels: list) -> None:
    assert [t for t, *_ in page_labels] == [t for t, _ in window_labels]
    for (text, x, y, w, h), (_, rect) in zip(page_labels, window_labels, strict=True):
        got = (x, y, w, h)
        want = (rect.x(), rect.y(), rect.width(), rect.height())
        assert got == pytest.approx(want, abs=1e-6), text


def painted(page: Page, rect: list) -> int:
    """Pixels drawn on the board's canvas inside ``rect`` ([x, y, w, h] in CSS px)."""
    return page.page.evaluate(
        """([x, y, w, h]) => {
            const c = document.getElementById("boardCanvas");
            const k = c.width / c.getBoundingClientRect().width;
            const data = c.getContext("2d").getImageData(
                Math.floor(x * k), Math.floor(y * k), Math.ceil(w * k), Math.ceil(h * k)).data;
            let n = 0;
            for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n += 1;
            return n;
        }""",
        rect,
    )


@pytest.mark.parametrize(
    ("puzzle", "rows", "cols"),
    [("knight", 5, 5), ("queens", 8, 8), ("knight", 5, 8), ("knight", 100, 100)],
)
def test_files_and_ranks_are_labelled_as_in_the_window(tmp_path, open_page, puzzle, rows, cols):
    """a, b, … along the bottom and the top, ranks down both sides with 1 at the bottom, and
    on a big board the window's thinning: the same labels at the same places as the
    window's BoardGeometry puts them for this canvas and font; each one painted."""
    if puzzle == "queens":
        run, _ = queens_run(rows)
    elif rows == 100:
        strategy = Strategy(Heuristic.WARNSDORFF, TieBreak.ROTH)
        run, _ = knight_run(rows, cols, 0, strategy)
    else:
        run, _ = knight_run(rows, cols, 0, Strategy(Heuristic.NONE), limit=300)
    page = open_page(write(tmp_path, run))
    page.seek(run.result.steps // 2)
    labels = page.page.evaluate("window.knightviz.labels()")
    g = window_geometry(labels, rows, cols)
    board = labels["board"]
    assert (board["x"], board["y"], board["w"], board["h"]) == pytest.approx(
        (g.board.x(), g.board.y(), g.board.width(), g.board.height())
    )
    same_rects(labels["files"], g.file_labels())
    same_rects(labels["ranks"], g.rank_labels())
    files = [t for t, *_ in labels["files"]][::2]
    ranks = [t for t, *_ in labels["ranks"]][::2]
    if rows <= 8 and cols <= 8:
        assert files == [chr(ord("a") + c) for c in range(cols)]
        assert ranks == [str(r) for r in range(1, rows + 1)]
    else:
        assert files[:3] == ["a", "k", "u"] and ranks[:3] == ["1", "6", "11"]
    below, above = labels["files"][0], labels["files"][1]
    assert below[2] > board["y"] + board["h"] > board["y"] > above[2]  # under and over the board
    one, top = labels["ranks"][0], labels["ranks"][-1]
    assert one[2] > top[2]  # rank 1 at the bottom
    for _text, x, y, w, h in labels["files"] + labels["ranks"]:
        assert painted(page, [x, y, w, h]) > 0
    assert painted(page, [0, 0, board["x"] - 1, board["y"] - 1]) == 0  # the corner stays empty


def visible_words(page: Page) -> str:
    """Every text of the page a reader meets: the text, the title, the markers' tooltips."""
    return page.page.evaluate(
        """() => [document.title, document.body.innerText,
            ...Array.from(document.querySelectorAll("[title]"), (e) => e.title)].join("\\n")"""
    )


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_queens_are_placed_and_removed_the_knight_moves_and_backtracks(tmp_path, open_page, lang):
    """N-Queens has placements and removals everywhere on the page (title, counters,
    legend, markers), as in the window; the knight keeps its moves and backtracks."""
    queens, _ = queens_run(6)
    knight, _ = knight_run(5, 5, 0, Strategy(Heuristic.NONE))
    pages = {}
    for name, run in (("queens", queens), ("knight", knight)):
        run = PageRun(**{**{f: getattr(run, f) for f in run.__slots__}, "lang": lang})
        page = open_page(write(tmp_path, run, f"{name}.html"))
        page.seek(run.result.steps // 3)
        pages[name] = visible_words(page)
    if lang == "en":
        for word in ("Placements", "Removals", "first removal", "152 placements, 152 removals"):
            assert word in pages["queens"]
        assert not re.search(r"\bmoves?\b|backtrack", pages["queens"], re.IGNORECASE)
        for word in ("Moves", "Backtracks", "first backtrack", "8,839 moves, 8,815 backtracks"):
            assert word in pages["knight"]
    else:
        for word in ("放置", "撤回", "第一次撤回", "放置 152，撤回 152"):  # noqa: RUF001
            assert word in pages["queens"]
        for word in ("移动", "回溯", "前进", "回退"):
            assert word not in pages["queens"]
        for word in ("前进", "回退", "前进 8,839，回退 8,815"):  # noqa: RUF001
            assert word in pages["knight"]  # the window's words for the knight


def test_a_name_holding_script_markup_is_shown_as_text_and_the_player_runs(
    tmp_path, open_page, capsys
):
    """``<!--<script>`` in the page's name (or in any text the page carries) made the browser
    read the data's script and the player's as one: the player never ran."""
    name = "<!--<script>x.html"
    html = tmp_path / name
    assert cli_main(["solve", "--size", "5", "--format", "sequence", "--html", str(html)]) == 0
    squares = [int(x) - 1 for x in capsys.readouterr().out.split()]
    page = open_page(html)  # (waits for the player to be ready)
    assert name in page.page.inner_text("#command")
    assert page.seek(10**9)["path"] == squares
    # Any text the page carries: the command, the reason, with every character the page's
    # JSON escapes.
    run, _ = queens_run(5)
    hostile = "<!--<script>x</script>&amp;\u2028\u2029-->"
    result = dataclasses.replace(run.result, reason=hostile)
    odd = PageRun(**{**{f: getattr(run, f) for f in run.__slots__}, "command": hostile})
    odd = PageRun(**{**{f: getattr(odd, f) for f in odd.__slots__}, "result": result})
    page = open_page(write(tmp_path, odd, "odd.html"))
    assert page.page.evaluate("document.getElementById('command').textContent") == hostile
    assert page.seek(3)["step"] == 3
