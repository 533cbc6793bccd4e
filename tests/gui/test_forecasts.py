"""The forecast above the board and the stuck-run banner agree with what the window shows
beside them: figures for the engine that runs, a step figure the counter bears out, no
advice already followed, no banner cut off, and Chinese spaced as Chinese is written."""

from __future__ import annotations

import math
import re

import pytest

from knightviz.engine import Board
from knightviz.engine.forecast import Forecast, Trial
from knightviz.gui import MainWindow
from knightviz.gui.i18n import CHINESE, ENGLISH
from knightviz.gui.panels.forecast import forecast_html
from knightviz.gui.puzzles.knight import KnightPuzzle, KnightSettings
from knightviz.gui.session import State
from knightviz.gui.text import floor_first_digit

from .automation import child, setup
from .conftest import digits
from .test_i18n import clipped, settle

B8 = Board(8, 8)
LAPTOP = (1024, 600)
#: Two Chinese words (or a word and a full-width mark) with a space between them.
SPACE_IN_CHINESE = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef] +[\u4e00-\u9fff]")
#: Chinese directly against a Latin word or a number.
UNSPACED_LATIN = re.compile(r"[\u4e00-\u9fff][A-Za-z0-9]|[A-Za-z0-9][\u4e00-\u9fff]")


# -- the forecast ----------------------------------------------------------------------------


def _forecasts() -> list[tuple[Forecast, float]]:
    """A forecast of each kind, with a speed: ends (at a paced speed and at full speed),
    ends after a published count, has not ended with its tree's size, has not ended."""
    ended = Trial(True, 63, 0.0004, "python")
    going = Trial(False, 1_000_000, 0.25, "python")
    return [
        (Forecast(ended), 20.0),
        (Forecast(ended), math.inf),
        (Forecast(going, known=(True, 16.5e6)), 20.0),
        (Forecast(going, known=(True, None), tree_log10=21.6), math.inf),
        (Forecast(going), math.inf),
    ]


def test_the_chinese_forecast_has_no_space_between_chinese_words(language):
    """It read "从 c3 出发的普通回溯 在 …" and "全速 不到一秒": a template's space beside a
    placeholder that turned out a Chinese word."""
    assert language.apply(CHINESE)
    puzzle = KnightPuzzle()
    texts = []
    for warnsdorff in (False, True):
        settings = KnightSettings(8, 8, warnsdorff=warnsdorff)
        subject = puzzle.forecast_subject(settings, B8.parse("c3"))
        rival = puzzle.rival(settings)[1]
        nearest = [("c4", 34, 217e6), ("c5", 26, 4.5e6)]
        for forecast, speed in _forecasts():
            for coming in (False, True):
                text = forecast_html(subject, forecast, speed, nearest, rival, False, True, coming)
                texts.append(re.sub(r"<[^>]+>", "", text))
        texts.append(forecast_html(subject, None, 20.0, [], None, True, True))
    assert any("全速不到一秒" in text for text in texts)
    assert any("与 Warnsdorff 规则竞速" in text for text in texts)
    for text in texts:
        assert not SPACE_IN_CHINESE.search(text), text
        assert not UNSPACED_LATIN.search(text), text


def test_the_chinese_window_forecasts_c3_without_stray_spaces(qtbot, language):
    assert language.apply(CHINESE)
    w = MainWindow(language)
    qtbot.addWidget(w)
    w.resize(1366, 740)
    w.show()
    qtbot.waitExposed(w)
    try:
        setup(w, "knight", 8, speed=20, warnsdorff=False)
        square = B8.parse("c3")
        w.view.set_start(square)
        w.view.start_chosen.emit(square)
        label = child(w, "forecastLabel")
        qtbot.waitUntil(lambda: "square:" in label.text(), timeout=20_000)
        words = re.sub(r"<[^>]+>", "", label.text())
        assert "普通回溯在 3 × 10⁹ 步内没有结束" in words
        assert not SPACE_IN_CHINESE.search(words), words
    finally:
        w.close()


def test_a_figure_measured_on_python_says_so_while_the_compiled_engine_loads():
    """Only where the engine makes a difference (a second or more at full speed)."""
    subject = "Plain backtracking from a8"
    known = Forecast(Trial(False, 1_000_000, 0.25, "python"), known=(True, 16.5e6))
    quick = Forecast(Trial(True, 63, 0.0004, "python"))
    compiled = Forecast(Trial(False, 25_000_000, 0.25, "numba"), known=(True, 16.5e6))

    def words(forecast: Forecast, coming: bool) -> str:
        return forecast_html(subject, forecast, 20.0, [], None, False, True, coming)

    assert "4 seconds at full speed on the Python engine (the compiled one is loading)" in (
        words(known, True)
    )
    assert "Python" not in words(known, False)  # no compiled engine coming: Python it is
    assert "Python" not in words(quick, True)  # under a second either way
    assert "Python" not in words(compiled, True)


# -- the stuck-run banner -------------------------------------------------------------------


def hint_figure(window: MainWindow) -> int:
    """The step figure the stuck-run banner quotes (its first number)."""
    hint = window.hint()
    assert hint is not None
    found = re.search(r"\d[\d,]*", hint)
    assert found is not None, hint
    return digits(found.group(0))


def counter(window: MainWindow) -> int:
    return digits(child(window, "stepsLabel").text())


def plain_run_until_hint(window: MainWindow, qtbot, speed: float = math.inf) -> None:
    setup(window, "knight", 8, speed=speed, warnsdorff=False)
    window.session.start_or_pause()
    qtbot.waitUntil(lambda: window.hint() is not None, timeout=60_000)


@pytest.mark.parametrize("warnsdorff", [False, True])
def test_the_stuck_hint_offers_no_advice_already_followed(warnsdorff):
    """At unlimited speed it said "or set the speed to unlimited"."""
    puzzle = KnightPuzzle()
    settings = KnightSettings(8, 8, warnsdorff=warnsdorff, tie_break="first")
    unlimited = puzzle.slow_hint(settings, 170_393_600, 50, 1e-13, speed=math.inf)
    paced = puzzle.slow_hint(settings, 170_393_600, 50, 1e-13, speed=20.0)
    assert unlimited is not None and paced is not None
    assert not any("unlimited" in wording for wording in unlimited)
    if not warnsdorff:
        assert "set the speed to unlimited" in paced[0]
    # Longest first, each one whole advice; the last the shortest.
    assert [len(w) for w in unlimited] == sorted((len(w) for w in unlimited), reverse=True)
    assert ("Roth" in unlimited[-1]) == warnsdorff


def test_the_stuck_banner_at_unlimited_speed_does_not_suggest_it(window, qtbot):
    plain_run_until_hint(window, qtbot)
    assert "Warnsdorff" in window.hint()
    assert "unlimited" not in window.hint()
    window.session.reset()


def test_the_stuck_banners_step_figure_follows_the_counter(window, qtbot):
    """It quoted 170,393,600 steps while the counter read 255,328,256: the banner is
    reworded once a second at most during a run (a rewrapped paragraph reflows the window).
    It now quotes the counter rounded down to its first digit, true whenever it is read;
    paused, it is reworded at once."""
    plain_run_until_hint(window, qtbot)
    for _ in range(8):  # a few text refreshes of a run going at full speed
        before = counter(window)
        qtbot.waitUntil(lambda before=before: counter(window) > before, timeout=5000)
        assert hint_figure(window) <= counter(window)
    with qtbot.waitSignal(window.controller.pause_reached, timeout=5000):
        window.session.start_or_pause()
    assert window.session.state is State.PAUSED
    assert hint_figure(window) == floor_first_digit(counter(window))
    window.session.step()
    qtbot.waitUntil(lambda: window.session.controller.paused, timeout=2000)
    assert hint_figure(window) == floor_first_digit(counter(window))
    window.session.reset()


@pytest.mark.slow
@pytest.mark.parametrize("lang", [ENGLISH, CHINESE])
def test_the_stuck_banner_is_never_cut_off(qtbot, language, lang):
    """On a 1024×600 screen (and in Chinese) the hint was cut off at the foot of its place
    above the board: it now shows the longest of its wordings that fits whole."""
    assert language.apply(lang)
    w = MainWindow(language)
    qtbot.addWidget(w)
    w.resize(*LAPTOP)
    w.show()
    qtbot.waitExposed(w)
    try:
        plain_run_until_hint(w, qtbot, speed=200)
        settle()
        label = child(w, "hintLabel")
        assert label.heightForWidth(label.width()) <= label.height()
        assert not [found for found in clipped(w) if "hintLabel" in found[0]]
        assert label.text() in w.view.hint_banner.wordings()
        with qtbot.waitSignal(w.controller.pause_reached, timeout=5000):
            w.session.start_or_pause()
        w.resize(1366, 740)  # wider: room for a longer wording, still whole
        settle()
        assert label.heightForWidth(label.width()) <= label.height()
        assert not [found for found in clipped(w) if "hintLabel" in found[0]]
        w.session.reset()
    finally:
        w.close()
