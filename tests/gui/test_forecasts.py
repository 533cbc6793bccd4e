"""The forecast above the board agrees with what the window shows beside it: figures for
the engine that runs, and Chinese spaced as Chinese is written."""

from __future__ import annotations

import math
import re

import pytest
from PySide6.QtCore import QLocale

from knightviz.engine import Board
from knightviz.engine.forecast import Forecast, Trial
from knightviz.gui import MainWindow
from knightviz.gui.i18n import CHINESE, ENGLISH, Translations
from knightviz.gui.panels.forecast import forecast_html
from knightviz.gui.puzzles.knight import KnightPuzzle, KnightSettings

from .automation import child, setup

B8 = Board(8, 8)
#: Two Chinese words (or a word and a full-width mark) with a space between them.
SPACE_IN_CHINESE = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef] +[\u4e00-\u9fff]")
#: Chinese directly against a Latin word or a number.
UNSPACED_LATIN = re.compile(r"[\u4e00-\u9fff][A-Za-z0-9]|[A-Za-z0-9][\u4e00-\u9fff]")


@pytest.fixture
def language():
    saved = QLocale()
    translations = Translations()
    yield translations
    translations.apply(ENGLISH)
    QLocale.setDefault(saved)


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
