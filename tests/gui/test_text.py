"""The wording of numbers the window shows: counts and durations of any size."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QLocale

from knightviz.engine import Board
from knightviz.engine.estimate import TreeEstimate, TreeEstimator, tour_probe
from knightviz.gui.i18n import CHINESE, ENGLISH, Translations
from knightviz.gui.text import (
    cjk_spacing,
    fmt_big,
    fmt_big_log10,
    fmt_duration,
    fmt_duration_log10,
    fmt_estimate,
    fmt_range_log10,
)

YEAR = 365.25 * 86400


@pytest.mark.parametrize("value", [0.0, 1.0, 999_999.0, 1e6, 6.37e21, 5.4e40, 9.96e99])
def test_big_from_its_log_reads_as_fmt_big_within_a_doubles_range(value):
    log10 = math.log10(value) if value else -math.inf
    assert fmt_big_log10(log10) == fmt_big(value)


@pytest.mark.parametrize(
    ("log10", "text"), [(100.0, "10¹⁰⁰"), (152.3, "10¹⁵²"), (370.0, "10³⁷⁰"), (9835.6, "10⁹⁸³⁶")]
)
def test_astronomical_counts_are_bare_powers_of_ten(log10, text):
    assert fmt_big_log10(log10) == text


@pytest.mark.parametrize("seconds", [0.2, 5.0, 4000.0, 86400 * 40, YEAR * 3e5, YEAR * 2e11])
def test_duration_from_its_log_reads_as_fmt_duration_for_ordinary_times(seconds):
    assert fmt_duration_log10(math.log10(seconds)) == fmt_duration(seconds)


def test_astronomical_durations_are_powers_of_ten_years():
    assert fmt_duration_log10(140 + math.log10(YEAR)) == "10¹⁴⁰ years"
    assert fmt_duration_log10(2000.0).endswith(" years") and "10" in fmt_duration_log10(2000.0)
    # Either side of where the wording changes hands: both a power of ten of years.
    below, above = fmt_duration_log10(19.99), fmt_duration_log10(20.01)
    assert below.endswith("× 10¹² years") and above.endswith("× 10¹² years")
    assert fmt_duration_log10(math.inf) == "forever"


def test_the_estimate_line_of_an_ordinary_tree():
    d4 = Board(8, 8).parse("d4")
    estimate = TreeEstimator(tour_probe(8, 8, d4), seed=0).run(200)
    text = fmt_estimate(estimate)
    assert text.startswith(f"Whole tree ≈ {fmt_big(estimate.steps)} steps (likely ")
    assert text.endswith(", 200 probes)")
    at_speed = fmt_estimate(estimate, steps_done=1000, rate=9e7)
    left = (estimate.steps - 1000) / 9e7
    assert at_speed == text + f": about {fmt_duration(left)} at this speed"


def test_the_estimate_line_of_a_100x100_board_is_never_zero_or_under_a_second():
    """Defect 11: the window showed "≈ 0 steps (± 999%)" and "about under a second"."""
    estimate = TreeEstimator(tour_probe(100, 100, 0), seed=0).run(20)
    assert estimate.steps == math.inf  # past a double: only the logarithms tell
    text = fmt_estimate(estimate, steps_done=3_600_000, rate=25_000_000.0)
    power = round(estimate.log10_steps)
    assert f"≈ {fmt_big_log10(estimate.log10_steps)} steps" in text
    assert fmt_big_log10(estimate.log10_steps).startswith("10") and power > 1000
    assert "999%" not in text and "under a second" not in text and " 0 steps" not in text
    years = estimate.log10_steps - math.log10(25_000_000.0) - math.log10(YEAR)
    assert text.endswith(f": about {fmt_big_log10(years)} years at this speed")


def test_the_estimate_line_claims_no_time_once_the_search_is_past_it():
    estimate = TreeEstimate(math.log10(5e6), 0.1, 100)  # 10 M steps
    assert fmt_estimate(estimate, steps_done=9_999_990, rate=100.0).endswith(
        ": under a second at this speed"
    )
    assert fmt_estimate(estimate, steps_done=20_000_000, rate=1e6) == fmt_estimate(estimate)
    assert fmt_estimate(estimate, steps_done=0, rate=0.0) == fmt_estimate(estimate)
    one_probe = fmt_estimate(TreeEstimate(math.log10(5e6), math.inf, 1))
    assert one_probe.endswith(" steps (1 probes)") and "inf" not in one_probe


def test_the_estimate_line_in_chinese():
    saved = QLocale()
    translations = Translations()
    try:
        assert translations.apply(CHINESE)
        estimate = TreeEstimate(2000.0, 0.5, 100)
        text = fmt_estimate(estimate, rate=1e8)
        assert text.startswith("整棵树 ≈ 10²⁰⁰⁰ 步（可能在 10²⁰⁰⁰–10²⁰⁰¹ 之间，100 次探测）")  # noqa: RUF001
        assert text.endswith("，按此速度约需 10¹⁹⁸⁵ 年")  # noqa: RUF001
        quick = fmt_estimate(TreeEstimate(3.0, 0.5, 100), rate=1e8)
        assert quick.endswith("，按此速度不到一秒")  # noqa: RUF001
    finally:
        translations.apply(ENGLISH)
        QLocale.setDefault(saved)


_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")


def _log10_of(figure: str) -> float:
    """log10 of a count as the window writes it: "4,871", "3.3 × 10²¹", "10¹⁵²"."""
    if "10" in figure and "×" not in figure and "," not in figure and len(figure) > 2:
        return float(figure[2:].translate(_SUPERSCRIPTS))
    mantissa, _, power = figure.partition(" × ")
    exponent = float(power[2:].translate(_SUPERSCRIPTS)) if power else 0.0
    return math.log10(float(mantissa.replace(",", ""))) + exponent


def stated_range(text: str) -> tuple[float, float]:
    """log10 of the range the estimate line states for the whole tree's steps: its range
    ("likely 2.3", en dash, "5.4 × 10²¹"), or its "± 13 %" as a factor either side."""
    import re

    size = _log10_of(re.search(r"≈ (.+?) steps", text).group(1))
    plus = re.search(r"\(± (\d+)%", text)
    if plus:
        share = int(plus.group(1)) / 100
        return size + math.log10(max(1e-9, 1 - share)), size + math.log10(1 + share)
    low, high = re.search(r"likely (.+?)\u2013(.+?), [\d,]+ probes", text).groups()
    if " × " in high and " × " not in low:  # one power of ten for both ends
        low += high[high.index(" × ") :]
    return _log10_of(low), _log10_of(high)


@pytest.mark.parametrize("probes", [400, 3000])
def test_the_estimate_line_states_a_range_that_holds_repeated_estimates(probes):
    """The line under the gauge said "± 13 %" (one standard error) for plain 8×8 from c3,
    while a dozen estimates of that tree (other seeds) spread over a factor of 1.5 at
    3,000 probes and of 5 at 400: the stated error held the typical one for only half of
    them. The range stated now holds it for each, and nearly every other one too."""
    c3 = Board(8, 8).parse("c3")
    estimates = [TreeEstimator(tour_probe(8, 8, c3), seed=s).run(probes) for s in range(12)]
    ranges = [stated_range(fmt_estimate(e)) for e in estimates]
    sizes = [_log10_of(fmt_big_log10(e.log10_steps)) for e in estimates]
    typical = sorted(sizes)[len(sizes) // 2]
    assert sum(low <= typical <= high for low, high in ranges) >= 11
    inside = sum(low <= size <= high for low, high in ranges for size in sizes)
    assert inside >= 0.85 * len(ranges) * len(sizes)


@pytest.mark.parametrize(
    ("low", "high", "text"),
    [
        (3.08, 3.69, "1,202\u20134,898"),
        (21.36, 21.73, "2.3\u20135.4 × 10²¹"),
        (20.91, 22.2, "8.1 × 10²⁰\u20131.6 × 10²²"),
        (21.99, 22.2, "9.8 × 10²¹\u20131.6 × 10²²"),
        (151.8, 154.1, "10¹⁵²\u201310¹⁵⁴"),
    ],
)
def test_ranges_are_written_as_short_as_they_read(low, high, text):
    assert fmt_range_log10(low, high) == text
    lo, hi = stated_range(f"≈ 5 steps (likely {text}, 3 probes)")
    close = 0.03 if high < 100 else 0.5  # a bare power of ten: to the nearest power
    assert lo == pytest.approx(low, abs=close) and hi == pytest.approx(high, abs=close)


@pytest.mark.parametrize(
    ("years", "english", "chinese"),
    [
        (2.4, "2.4 years", "2.4 年"),
        (15.3, "15 years", "15 年"),
        (631_245.7, "630,000 years", "630,000 年"),
        (846_873.0, "850,000 years", "850,000 年"),
        (999_999.0, "1 million years", "1 × 10⁶ 年"),
        (1.12e6, "1.1 million years", "1.1 × 10⁶ 年"),
        (7.504e7, "75 million years", "75 × 10⁶ 年"),
        (6.31e8, "630 million years", "630 × 10⁶ 年"),
        (2.24e9, "2.2 billion years", "2.2 × 10⁹ 年"),
    ],
)
def test_durations_over_a_year_are_rounded_in_both_languages(years, english, chinese):
    """The forecast read "up to 846,873 years at full speed" and the estimate line "about
    843,069 years" (then "75.0 million years"): six digits of a figure good to a factor."""
    seconds = years * YEAR
    assert fmt_duration(seconds) == english
    assert fmt_duration_log10(math.log10(seconds)) == english
    saved = QLocale()
    translations = Translations()
    try:
        assert translations.apply(CHINESE)
        assert fmt_duration(seconds) == chinese
    finally:
        translations.apply(ENGLISH)
        QLocale.setDefault(saved)


def test_days_past_a_hundred_are_rounded_too():
    assert fmt_duration(42.6 * 86400) == "43 days"
    assert fmt_duration(631.4 * 86400) == "630 days"


@pytest.mark.parametrize(
    ("pieces", "spaced"),
    [
        (
            "从 c3 出发的普通回溯 在 3 × 10⁹ 步内没有结束",
            "从 c3 出发的普通回溯在 3 × 10⁹ 步内没有结束",
        ),
        ("全速 不到一秒", "全速不到一秒"),
        ("全速 4 秒", "全速 4 秒"),
        ("与Warnsdorff 规则竞速", "与 Warnsdorff 规则竞速"),
        ("以 20 步/秒 需 10 天，全速 9 秒。", "以 20 步/秒需 10 天，全速 9 秒。"),  # noqa: RUF001
        ("Plain backtracking from c3 ends after 63 steps.", None),
    ],
)
def test_chinese_pieces_are_spaced_as_chinese_is_written(pieces, spaced):
    assert cjk_spacing(pieces) == (pieces if spaced is None else spaced)


def test_counts_past_two_to_the_31_read_in_their_plural_form(window):
    """Qt's plural forms take a C int: a long run's 3,959,481,806,803,752 moves overflowed
    it (a RuntimeWarning, and a wrong form). The count kept to its last nine digits reads
    as any count does."""
    import warnings

    from knightviz.gui.text import count_of

    big = 3_959_481_806_803_752
    assert count_of(5) == 5 and count_of(-(2**31) + 1) == -(2**31) + 1
    assert 0 < count_of(big) < 2**31 and count_of(big) % 1_000_000_000 == big % 1_000_000_000
    assert count_of(2**31 + 1) != 1  # never the singular's 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = window.puzzles["knight"].counts_text(big, 1, big + 1)
    assert text == "3,959,481,806,803,752 moves, 1 backtrack, 3,959,481,806,803,753 steps"
