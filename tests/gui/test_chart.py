"""The steps chart: one point per run, the run's depth over time, and pyqtgraph only on show."""

from __future__ import annotations

import itertools
import math
import os
import re
import subprocess
import sys

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QTabWidget, QWidget

from knightviz.engine import tour_search
from knightviz.engine.recording import Recording
from knightviz.gui import MainWindow
from knightviz.gui.i18n import CHINESE, ENGLISH
from knightviz.gui.panels.depth import LiveProfile, depth_profile

from .conftest import UNLIMITED, configure, place, set_speed, start_and_finish

#: Chinese characters: a text in Chinese has some.
HAN = re.compile("[\u4e00-\u9fff]")


def show_chart(window, qtbot) -> None:
    window.chart_action.setChecked(True)
    qtbot.waitUntil(lambda: window.chart.isVisible() and window.chart.built)


def true_depths(initial: int, events) -> np.ndarray:
    """The depth after each step 0 … n, replayed one event at a time in plain Python."""
    depths = [initial]
    for x in events:
        depths.append(depths[-1] + (1 if x >= 0 else -1))
    return np.array(depths)


def test_the_window_imports_pyqtgraph_only_when_the_chart_is_first_shown():
    script = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from knightviz.gui import MainWindow\n"
        "w = MainWindow(); w.show(); app.processEvents()\n"
        "assert 'pyqtgraph' not in sys.modules, 'imported at start-up'\n"
        "assert not w.chart.built and w.chart_dock.isHidden()\n"
        "w.chart_action.setChecked(True); app.processEvents()\n"
        "assert 'pyqtgraph' in sys.modules and w.chart.built\n"
        "assert w.findChild(type(w.chart), 'stepsChart') is w.chart\n"
        "w.close()\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", KNIGHTVIZ_ENGINE="python")
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr


def test_one_point_per_run_grouped_by_square_coloured_by_strategy(window, qtbot):
    set_speed(window, UNLIMITED)
    results = []
    for square in ((0, 0), (2, 2)):  # a5, c3
        for warnsdorff in (False, True):
            configure(window, n=5, warnsdorff=warnsdorff)
            place(window, *square)
            results.append(start_and_finish(window, qtbot))
            if len(results) == 2:
                show_chart(window, qtbot)  # later runs join a chart on show
    assert not window.chart_dock.isHidden() and window.chart_action.isChecked()
    points = window.chart.points()
    assert [p.number for p in points] == [1, 2, 3, 4]
    assert [p.steps for p in points] == [r.steps for r in results]
    assert [p.steps for p in points] == [17_654, 24, 19_792, 24]
    assert [p.group for p in points] == ["a5", "a5", "c3", "c3"]
    assert window.chart.groups() == ["a5", "c3"]
    assert all(p.finished for p in points)
    assert all(p.y == pytest.approx(math.log10(p.steps)) for p in points)
    plain, warnsdorff = points[0].strategy, points[1].strategy
    assert plain.startswith("plain") and warnsdorff.startswith("Warnsdorff")
    assert plain == "plain · backtracking · open"
    assert warnsdorff == "Warnsdorff (ties: first) · backtracking · open"
    # The legend names each by what sets it apart (the rest is in its tooltip).
    assert window.chart.legend() == ["plain", "Warnsdorff (ties: first)"]
    # Side by side within a group, groups left to right.
    assert points[0].x < points[1].x < points[2].x < points[3].x
    assert round(points[0].x) == 0 and round(points[3].x) == 1
    assert "Run 1" in points[0].tip and "17,654 steps" in points[0].tip and plain in points[0].tip


def test_hovering_a_point_names_the_run(window, qtbot):
    set_speed(window, UNLIMITED)
    configure(window, n=5, warnsdorff=False)
    start_and_finish(window, qtbot)
    show_chart(window, qtbot)
    plot = window.chart.history_plot
    (point,) = window.chart.points()
    vb = plot.getPlotItem().getViewBox()
    qtbot.waitUntil(lambda: vb.width() > 50)
    pos = plot.mapFromScene(vb.mapViewToScene(QPointF(point.x, point.y)))
    move = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(pos),
        QPointF(plot.viewport().mapToGlobal(pos)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(plot.viewport(), move)
    qtbot.waitUntil(lambda: "Run 1" in vb.toolTip())
    assert "17,654 steps" in vb.toolTip()


def test_runs_that_ended_early_are_hollow_and_queens_group_by_size(window, qtbot):
    configure(window, n=6, warnsdorff=False)
    set_speed(window, 200)
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.model.steps > 5)
    window.reset()  # stopped: its record says cancelled
    set_speed(window, UNLIMITED)
    configure(window, "queens", n=6, all_solutions=False)
    start_and_finish(window, qtbot)
    show_chart(window, qtbot)
    stopped, queens = window.chart.points()
    assert not stopped.finished and queens.finished
    assert window.chart.groups() == ["a6", "N-Queens 6×6"]
    axis = window.chart.history_plot.getPlotItem().getAxis("bottom").labelText
    assert axis == "start square on 6×6; N-Queens"
    assert window.chart.legend()[-1].startswith("ended early")
    scatter = window.chart.history_plot._items[0]
    brush = scatter.data["brush"][0]
    assert brush.color() == window.chart.palette().color(QPalette.ColorRole.Base)  # hollow


def test_depth_over_time_equals_a_replay_of_the_run(window, qtbot):
    set_speed(window, UNLIMITED)
    configure(window, n=5, warnsdorff=False)
    result = start_and_finish(window, qtbot)
    show_chart(window, qtbot)
    rec = window.session.recording
    profile = window.chart.profile()
    assert profile is not None and profile.steps == len(rec) == result.steps == 17_654
    truth = true_depths(len(rec.initial), rec.events(0, len(rec)))
    assert truth.max() == 25 == profile.deepest  # a whole tour: N² squares
    assert profile.solution_depth is None and window.chart.depth_plot.goal == 25
    # 2,000 columns of 9 steps: each keeps the lowest and the highest depth in it.
    assert profile.bucket == math.ceil(17_654 / 2000)
    for k in range(len(profile.low)):
        part = truth[k * profile.bucket : (k + 1) * profile.bucket]
        assert (profile.low[k], profile.high[k]) == (part.min(), part.max()), k
        assert profile.mean[k] == pytest.approx(part.mean())
    # Exact (one column a step) when the run fits.
    exact = depth_profile(rec, buckets=len(rec))
    assert exact.bucket == 1
    for k in range(0, len(rec) + 1, 97):
        assert exact.low[k] == truth[k], k
    # The position line follows the timeline.
    window.seek(1234)
    assert window.chart.marked_step() == 1234
    window.reset()
    assert window.chart.profile() is None and window.chart.marked_step() is None


def test_the_chart_does_nothing_while_hidden(window, qtbot):
    set_speed(window, UNLIMITED)
    configure(window, n=5, warnsdorff=True)
    start_and_finish(window, qtbot)
    assert not window.chart.built and window.chart.profile() is None
    show_chart(window, qtbot)
    assert window.chart.profile() is not None and len(window.chart.points()) == 1
    window.chart_action.setChecked(False)
    assert window.chart_dock.isHidden()
    start_and_finish(window, qtbot)
    assert len(window.chart.points()) == 1  # drawn on the next show
    window.chart_dock.toggleViewAction().trigger()  # View menu
    qtbot.waitUntil(window.chart.isVisible)
    assert window.chart_action.isChecked() and len(window.chart.points()) == 2


def test_colours_follow_the_palette(window, qtbot):
    show_chart(window, qtbot)
    palette = QPalette(window.chart.palette())
    palette.setColor(QPalette.ColorRole.Base, QColor(30, 30, 30))
    palette.setColor(QPalette.ColorRole.Text, QColor(230, 230, 230))
    window.chart.setPalette(palette)
    plot = window.chart.depth_plot
    assert plot.backgroundBrush().color() == QColor(30, 30, 30)
    assert plot.getPlotItem().getAxis("left").textPen().color() == QColor(230, 230, 230)


# -- the depth profile on recordings with gaps -------------------------------------------------


def recorded(make, chunk: int, **kwargs):
    search = make()
    rec = Recording(search.initial, **kwargs)
    events = []
    while part := search.advance(chunk):
        events.extend(part)
        rec.extend(part, list(search.path))
    rec.finish()
    return rec, true_depths(len(search.initial), events)


def known_steps(rec: Recording) -> np.ndarray:
    """Steps whose depth the recording still knows: outside its gaps (gap ends included)."""
    known = np.ones(len(rec) + 1, dtype=bool)
    for a, b in rec.gaps():
        known[a + 1 : b] = False
    return known


def assert_buckets(profile, truth: np.ndarray, known: np.ndarray, mean_tol: float = 0.0) -> None:
    """Each bucket holds the lowest and highest known depth of its steps, and their mean
    (within ``mean_tol`` of the spread); NaN where none is known."""
    b = profile.bucket
    for k in range(len(profile.low)):
        span = slice(profile.first + k * b, profile.first + (k + 1) * b)
        part = truth[span][known[span]]
        if len(part) == 0:
            assert np.isnan([profile.low[k], profile.high[k], profile.mean[k]]).all(), k
            continue
        assert (profile.low[k], profile.high[k]) == (part.min(), part.max()), k
        spread = mean_tol * (part.max() - part.min())
        assert math.isclose(profile.mean[k], part.mean(), abs_tol=spread + 1e-9), k


@pytest.mark.parametrize(
    ("buckets", "first"), [(1, 0), (7, 0), (300, 0), (2000, 0), (10**6, 0), (2000, 31_234)]
)
def test_downsampling_keeps_min_and_max_per_bucket_across_gaps(buckets, first, fast_pass):
    make = lambda: tour_search(5, 5, 2, heuristic="none")  # noqa: E731  (730,816 steps)
    rec, truth = recorded(make, 4096, budget=40_000 * 4, block=5_000, checkpoint_every=2_000)
    assert len(rec.gaps()) == 1
    known = known_steps(rec)
    profile = depth_profile(rec, buckets=buckets, first=first)
    assert profile.steps == len(rec) and profile.gaps == tuple(rec.gaps())
    assert_buckets(profile, truth, known)


def test_a_profile_up_to_a_step_and_after_a_skip(fast_pass):
    make = lambda: tour_search(5, 5, 0, heuristic="none")  # noqa: E731  (17,654 steps)
    search = make()
    rec = Recording(search.initial, block=1_000, checkpoint_every=500)
    events = list(search.advance(3_000))
    rec.extend(events, list(search.path))
    skipped = search.advance(4_000)  # made without their events (a continued run)
    events.extend(skipped)
    rec.skip(len(skipped), list(search.path), (search.moves, search.backtracks))
    while part := search.advance(777):
        events.extend(part)
        rec.extend(part, list(search.path))
    truth = true_depths(1, events)
    profile = depth_profile(rec, buckets=len(rec), max_depth=25)
    known = known_steps(rec)
    assert np.array_equal(profile.low[known], truth[known])
    assert np.isnan(profile.low[~known]).all()
    upto = depth_profile(rec, buckets=10**6, end=2_500)
    assert upto.steps == 2_500 and np.array_equal(upto.low, truth[:2_501])
    inside = depth_profile(rec, buckets=10**6, first=9_000, end=12_000, max_depth=25)
    assert np.array_equal(inside.low, truth[9_000:12_001])


@pytest.mark.parametrize(("buckets", "slice_"), [(7, 1_000), (300, 33_333), (2000, 10**6)])
def test_a_live_profile_grown_a_slice_at_a_time_keeps_min_max_and_mean(buckets, slice_, fast_pass):
    """The running search's profile: folded in slices as the recording grows, its columns
    merging when full, it keeps each column's lowest, highest and mean depth exactly."""
    search = tour_search(5, 5, 2, heuristic="none")  # 730,816 steps
    rec = Recording(search.initial, block=5_000, checkpoint_every=2_000)
    live = LiveProfile(rec, 25, buckets=buckets)
    events: list[int] = []
    while part := search.advance(4096):
        events.extend(part)
        rec.extend(part, list(search.path))
        live.advance(slice_)  # behind at times: it catches up a slice a call
    while not live.advance(slice_):
        pass
    truth = true_depths(1, events)
    profile = live.profile()
    assert profile.steps == len(rec) == len(truth) - 1
    assert len(profile.low) <= 2 * buckets
    assert_buckets(profile, truth, np.ones(len(truth), dtype=bool))


@pytest.mark.parametrize(
    ("buckets", "least"), [(2000, 400), (2000, 7), (1999, 1000), (1999, 700), (10, 400)]
)
def test_merged_columns_keep_each_groups_lowest_highest_and_mean(buckets, least, fast_pass):
    make = lambda: tour_search(5, 5, 2, heuristic="none")  # noqa: E731  (730,816 steps)
    rec, truth = recorded(make, 4096, budget=40_000 * 4, block=5_000, checkpoint_every=2_000)
    known = known_steps(rec)
    profile = depth_profile(rec, buckets=buckets)
    merged = profile.columns(least)
    if profile.bucket > 1 and len(profile.low) >= least:
        assert least <= len(merged.low) < 2 * least + 1
    else:
        assert merged is profile
    assert (merged.first, merged.steps, merged.gaps) == (profile.first, profile.steps, profile.gaps)
    assert_buckets(merged, truth, known, mean_tol=0.02)


def test_the_depth_plot_draws_two_to_four_buckets_a_pixel(window, qtbot):
    """2,000 strokes into a few hundred pixels painted each one many times over; fewer
    than two a pixel left pale diagonals: the plot merges buckets to two to four a pixel
    column (again when it is resized)."""
    set_speed(window, UNLIMITED)
    configure(window, n=5, warnsdorff=False)
    start_and_finish(window, qtbot)
    show_chart(window, qtbot)
    plot = window.chart.depth_plot
    assert len(window.chart.profile().low) > 1000
    for width in (300, 700):
        plot.resize(width, 250)
        columns = plot.getPlotItem().getViewBox().width()
        drawn = len(plot.drawn.low)
        assert drawn == len(window.chart.profile().low) or 2 * columns <= drawn <= 4 * columns
        # Filled: four corners a bucket and the closing line, the whole band, nothing else.
        band = plot.band.path()
        assert band.elementCount() == 4 * drawn + 1
        box = band.boundingRect()
        shown = plot.drawn
        assert box.left() == shown.x[0] and box.right() == shown.x[-1] + shown.bucket
        assert (box.top(), box.bottom()) == (min(shown.low), max(shown.high))
        assert plot.curve.getData()[0] is None or len(plot.curve.getData()[0]) == 0
        assert plot.drawn.steps == window.chart.profile().steps == len(window.session.recording)


@pytest.mark.parametrize("slice_", [3_000, 50_000])
def test_a_live_profile_behind_a_dropped_stretch_goes_on_after_it(slice_, fast_pass):
    """The recording dropped steps (its memory budget) before the live profile folded them
    in: the profile skips them, shows them as a gap, and goes on after them, its depth
    worked back from an anchor (it stopped for good; near the end of the newest stretch,
    whose oldest steps go next, it goes on a few slices before the end)."""
    make = lambda: tour_search(5, 5, 2, heuristic="none")  # noqa: E731  (730,816 steps)
    rec, truth = recorded(make, 4096, budget=40_000 * 4, block=5_000, checkpoint_every=2_000)
    assert rec.gaps()
    known = known_steps(rec)
    live = LiveProfile(rec, 25, buckets=300)
    while not live.advance(slice_):
        assert not live.lost
    profile = live.profile()
    assert profile.steps == len(rec) and profile.gaps
    for a, b in rec.gaps():  # each dropped stretch lies in a stretch the profile skipped
        assert any(x <= a and b <= y for x, y in profile.gaps), (a, b)
    for x, y in profile.gaps:
        known[x + 1 : y] = False
    assert_buckets(profile, truth, known)


def test_zooming_in_shows_every_step(window, qtbot):
    set_speed(window, UNLIMITED)
    configure(window, n=5, warnsdorff=False)
    start_and_finish(window, qtbot)
    show_chart(window, qtbot)
    rec = window.session.recording
    truth = true_depths(1, rec.events(0, len(rec)))
    window.chart.zoom(5_000, 6_000)
    profile = window.chart.profile()
    assert (profile.first, profile.steps, profile.bucket) == (5_000, 6_000, 1)
    assert np.array_equal(profile.low, truth[5_000:6_001])
    window.chart.depth_plot.view_reset.emit()  # a double-click
    assert (window.chart.profile().first, window.chart.profile().steps) == (0, len(rec))


def test_the_depth_plot_follows_a_run_as_it_goes(window, qtbot):
    show_chart(window, qtbot)
    set_speed(window, UNLIMITED)
    configure(window, n=8, warnsdorff=False)
    place(window, 4, 3)  # d4: about 10^21 steps, it goes on as long as we watch
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.chart.profile() is not None, timeout=10_000)
    seen = window.chart.profile().steps
    # Redrawn every LIVE_REFRESH_S while the run goes, with the steps folded in since.
    qtbot.waitUntil(lambda: window.chart.profile().steps > seen, timeout=10_000)
    assert window.controller.running
    with qtbot.waitSignal(window.controller.run_finished, timeout=20_000):
        window.reset()
    assert window.chart.points()[0].finished is False


def test_a_run_followed_live_keeps_one_profile_and_ends_with_it_caught_up(
    window, qtbot, monkeypatch, fast_pass
):
    """A live profile that falls behind the search is kept and catches up, not thrown away
    and begun again every frame; at the end it is the whole run's profile (reading a
    260-million-step run again at its end froze the window for 3 s)."""
    import knightviz.gui.panels.chart as chart
    import knightviz.gui.panels.depth as depth

    monkeypatch.setattr(chart, "LIVE_SLICE", 3_000)  # far behind the search
    monkeypatch.setattr(chart, "LIVE_SLICE_COMPILED", 3_000, raising=False)
    made = []
    original = depth.LiveProfile.__init__

    def counting(self, *args, **kwargs):
        made.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(depth.LiveProfile, "__init__", counting)
    monkeypatch.setattr(
        depth, "depth_profile", lambda *a, **k: pytest.fail("the run was read again")
    )
    monkeypatch.setattr(chart, "LIVE_REFRESH_S", 0.0)
    show_chart(window, qtbot)
    set_speed(window, UNLIMITED)
    configure(window, n=5, warnsdorff=False)
    place(window, 0, 2)  # c1: 730,816 steps
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.chart.profile() is not None, timeout=10_000)
    with qtbot.waitSignal(window.controller.run_finished, timeout=60_000):
        pass
    qtbot.waitUntil(lambda: window.chart.profile().steps == len(window.session.recording))
    assert len(made) == 1, "the live profile was thrown away and begun again"
    rec = window.session.recording
    truth = true_depths(len(rec.initial), rec.events(0, len(rec)))
    assert_buckets(window.chart.profile(), truth, np.ones(len(truth), dtype=bool))


def test_pausing_shows_the_whole_run_so_far_at_once(window, qtbot, monkeypatch):
    """Paused, the depth plot covers every step made, not the last live redraw's (which
    came up to two seconds earlier: 70 M of 95 M steps in a screenshot)."""
    import knightviz.gui.panels.chart as chart

    monkeypatch.setattr(chart, "LIVE_REFRESH_S", 3600.0)  # no live redraw after the first
    show_chart(window, qtbot)
    set_speed(window, UNLIMITED)
    configure(window, n=8, warnsdorff=False)
    place(window, 4, 3)  # d4: it goes on as long as we watch
    window.start_or_pause()
    qtbot.waitUntil(lambda: window.chart.profile() is not None, timeout=10_000)
    first = window.chart.profile().steps
    qtbot.waitUntil(lambda: window.model.steps > first + 10_000, timeout=10_000)
    with qtbot.waitSignal(window.controller.pause_reached, timeout=5000):
        window.start_or_pause()
    steps = window.session.position
    qtbot.waitUntil(lambda: window.chart.profile().steps == steps, timeout=2000)
    with qtbot.waitSignal(window.controller.run_finished, timeout=20_000):
        window.reset()


def test_the_band_covers_each_bucket_from_its_lowest_to_its_highest_depth(qtbot):
    """Filled, not a stroke a bucket (13 to 30 ms a paint): an empty bucket (a gap the
    recording dropped) breaks it; a lone bucket still has its width."""
    import math
    from types import SimpleNamespace

    pytest.importorskip("pyqtgraph")
    from PySide6.QtCore import QPointF

    from knightviz.gui.panels.chart_plots import band_path

    nan = math.nan
    profile = SimpleNamespace(
        x=[0.0, 10.0, 20.0, 30.0, 40.0],
        bucket=10,
        low=[3.0, 5.0, nan, 2.0, nan],
        high=[8.0, 6.0, nan, 9.0, nan],
    )
    path = band_path(profile)
    outlines = path.toSubpathPolygons()
    assert len(outlines) == 2  # buckets 0-1, and the lone bucket 3
    assert path.elementCount() == 4 * 3 + 2  # four corners a bucket, each outline closed
    inside = [(5, 4), (5, 7.9), (15, 5.5), (35, 2.1), (35, 8.9)]
    outside = [(5, 2.9), (15, 6.1), (15, 4.9), (25, 5), (35, 1.9), (45, 5)]
    assert all(path.contains(QPointF(x, y)) for x, y in inside)
    assert not any(path.contains(QPointF(x, y)) for x, y in outside)


def test_a_redrawn_depth_plot_has_its_new_scale_before_it_paints(window, qtbot):
    """pyqtgraph settles a view's transform as a paint begins, and that change asked for a
    second full paint: a running search's curve cost two paints a refresh. The plot now
    settles it as it is given the new range, so the first paint is the last."""
    set_speed(window, UNLIMITED)
    configure(window, n=5, warnsdorff=False)
    start_and_finish(window, qtbot)
    show_chart(window, qtbot)
    plot = window.chart.depth_plot
    profile = window.chart.profile()
    vb = plot.getPlotItem().getViewBox()
    for total in (4 * profile.steps, 9 * profile.steps):
        plot.show_profile(profile, 25, "t", total)
        (x0, x1), _ = vb.viewRange()
        assert x1 > total  # the new range, with its padding
        scale = vb.childGroup.transform().m11()
        assert scale == pytest.approx(vb.width() / (x1 - x0), rel=1e-6)


def test_the_dropped_stretches_are_shaded_by_one_item_whatever_their_number(qtbot):
    """Each refresh of a running search's curve shades the profile's gaps, clipped to the
    steps shown, from depth 0 to the top of the view; all of them in one item, so that a
    refresh adds no item to the plot (a region item built per gap at every refresh took 3
    to 6 ms whenever the recording dropped another stretch)."""
    import dataclasses

    pytest.importorskip("pyqtgraph")
    from knightviz.gui.panels.chart_plots import DepthPlot

    plot = DepthPlot()
    qtbot.addWidget(plot)
    make = lambda: tour_search(5, 5, 2, heuristic="none")  # noqa: E731  (730,816 steps)
    rec, _ = recorded(make, 4096, budget=40_000 * 4, block=5_000, checkpoint_every=2_000)
    profile = depth_profile(rec, buckets=500)
    (a, b) = profile.gaps[0]
    three = dataclasses.replace(profile, gaps=((-50, 10), (a, b), (b + 100, 10**9)))
    plot.show_profile(three, 25, "t", len(rec))
    assert plot.gaps_shown() == [(0, 10), (a, b), (b + 100, profile.steps)]
    items = list(plot.getPlotItem().items)
    (_, ceiling) = plot.getPlotItem().getViewBox().viewRange()[1]
    box = plot.gap_shade.path().boundingRect()
    assert (box.top(), box.bottom()) == (0, pytest.approx(ceiling))
    plot.show_profile(dataclasses.replace(profile, gaps=((a + 1, b - 1),)), 25, "t", len(rec))
    assert plot.gaps_shown() == [(a + 1, b - 1)]
    many = tuple((k * 1_000, k * 1_000 + 500) for k in range(200))
    plot.show_profile(dataclasses.replace(profile, gaps=many), 25, "t", len(rec))
    assert plot.gaps_shown() == [g for g in many if g[0] < profile.steps]
    assert plot.getPlotItem().items == items
    plot.show_profile(None, None, "")
    assert plot.gaps_shown() == []


# -- every run of the history, readable in a small dock, in the language of the moment --------


FIVE_STRATEGIES = (
    {"warnsdorff": False},
    {"warnsdorff": True, "tie_break": "first"},
    {"warnsdorff": True, "tie_break": "last"},
    {"warnsdorff": True, "tie_break": "roth"},
    {"warnsdorff": True, "tie_break": "random", "seed": 1},
)


def test_runs_from_earlier_sessions_and_from_files_are_in_the_chart(window, qtbot, tmp_path):
    """The Runs table held four runs and the chart none: the runs read from the history
    file at start were never given to it. Opened run files join it too, and Clear history
    empties it with the table."""
    set_speed(window, UNLIMITED)
    for warnsdorff in (False, True):
        configure(window, n=5, warnsdorff=warnsdorff)
        start_and_finish(window, qtbot)
    saved = tmp_path / "warnsdorff.knightviz"
    assert window.save_run(str(saved))
    window.close()
    again = MainWindow()  # the next session: the history file read back
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert again.history.rowCount() == 2
    show_chart(again, qtbot)
    points = again.chart.points()
    assert [(p.number, p.steps) for p in points] == [(1, 17_654), (2, 24)]
    assert [p.strategy.split(" · ")[0] for p in points] == ["plain", "Warnsdorff (ties: first)"]
    assert again.open_run(str(saved))
    assert [p.number for p in again.chart.points()] == [1, 2, 3]
    assert again.chart.points()[2].steps == 24
    again.clear_history()
    assert again.chart.points() == [] and again.chart.legend() == []


def five_runs(window, qtbot) -> None:
    """Plain backtracking and Warnsdorff with each tie-break, 5×5 from a5."""
    set_speed(window, UNLIMITED)
    for strategy in FIVE_STRATEGIES:
        configure(window, n=5, **strategy)
        place(window, 0, 0)
        start_and_finish(window, qtbot)


def dock_chart_at(window, qtbot, width: int, height: int) -> None:
    """The chart's dock floated, the chart ``width`` × ``height`` px inside it."""
    dock, chart = window.chart_dock, window.chart
    dock.setFloating(True)
    qtbot.waitUntil(lambda: dock.isFloating() and dock.isVisible())
    extra = dock.size() - chart.size()
    dock.resize(width + extra.width(), height + extra.height())
    qtbot.waitUntil(lambda: chart.size().toTuple() == (width, height))
    for _ in range(4):  # the layouts within, and the plots' own, settled to the new size
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def drawn_tick_labels(axis) -> list[tuple[QRectF, str]]:
    """The tick labels the axis paints, with their boxes (pyqtgraph's own layout)."""
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        _, _, texts = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [(rect, text) for rect, _, text in texts]


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # offscreen, floating
def test_five_strategies_stay_readable_in_a_small_dock(window, qtbot):
    """A dock of 380×300 px (1366×768) with five strategies: the steps plot shrank to a
    20 px strip under five lines of legend, its figures over each other. Now each plot has
    a tab when the two do not fit, at least 120 px high; the legend names the strategies by
    what sets them apart; no figure covers another or a point."""
    five_runs(window, qtbot)
    show_chart(window, qtbot)
    dock_chart_at(window, qtbot, 380, 300)
    chart, plot = window.chart, window.chart.history_plot
    vb = plot.getPlotItem().getViewBox()
    assert vb.height() >= 120
    assert chart.arrangement() == "tabs"
    assert chart.legend() == [
        "plain",
        "Warnsdorff (ties: first)",
        "Warnsdorff (ties: last)",
        "Warnsdorff (ties: Roth)",
        "Warnsdorff (ties: random, seed 1)",
    ]
    legend = chart.findChild(QLabel, "stepsChartLegend")
    assert legend.isVisible() and legend.toolTip().count("backtracking · open") == 5
    assert legend.height() >= legend.heightForWidth(legend.width())  # every line shown
    plot_foot = plot.mapTo(chart, QPoint(0, plot.height())).y()
    assert legend.mapTo(chart, QPoint(0, 0)).y() >= plot_foot  # below the plot, not over it
    # Every figure in the plot, clear of the others and of the points.
    plot.grab()  # painted: the figures' places in the scene are up to date
    boxes = plot.figure_boxes()
    assert sorted(p.steps for p, _ in boxes) == [24, 24, 24, 24, 17_654]
    area = vb.sceneBoundingRect()
    for i, (_, box) in enumerate(boxes):
        assert area.contains(box)
        assert not any(box.intersects(other) for _, other in boxes[i + 1 :])
        for p in chart.points():
            centre = vb.mapViewToScene(QPointF(p.x, p.y))
            assert not box.intersects(QRectF(centre.x() - 5, centre.y() - 5, 10, 10))
    # The depth plot, a tab away, as high.
    chart.tabs.setCurrentWidget(chart.depth_plot)
    depth_vb = chart.depth_plot.getPlotItem().getViewBox()
    qtbot.waitUntil(lambda: depth_vb.height() >= 120)
    # A larger dock holds both plots again, one above the other.
    dock_chart_at(window, qtbot, 420, 640)
    assert chart.arrangement() == "stacked"
    assert vb.height() >= 120 and depth_vb.height() >= 120


def test_the_log_axis_labels_every_power_of_ten_at_its_least_height(qtbot):
    """63 to 16.5 M steps on a plot 120 px high: a label at each power of ten from 10 to
    10 M (every other one went, and the lowest was cut off at the plot's foot)."""
    pytest.importorskip("pyqtgraph")
    from knightviz.gui.panels.chart_plots import ChartPoint, HistoryPlot

    holder = QWidget()  # (a plot closed as a window twice fails: pyqtgraph drops its item)
    qtbot.addWidget(holder)
    holder.resize(400, 1000)
    plot = HistoryPlot(holder)
    holder.show()
    qtbot.waitExposed(holder)
    points = [
        ChartPoint(k + 1, "a8", f"s{k}", steps, True, k * 0.15, math.log10(steps), "")
        for k, steps in enumerate((16_501_401, 63, 63, 63, 63))
    ]
    colours = {p.strategy: QColor("#0072b2") for p in points}
    plot.show_points(points, ["a8"], "start square", colours, plot.palette())
    vb = plot.getPlotItem().getViewBox()
    for width, height in ((380, 300), (380, 120)):
        plot.resize(width, height + 400)
        qtbot.waitUntil(lambda: vb.height() > 300)
        plot.resize(width, round(plot.height() - vb.height()) + height)
        qtbot.waitUntil(lambda height=height: abs(vb.height() - height) < 1)
        labels = drawn_tick_labels(plot.y_axis)
        texts = [text for _, text in labels]
        assert texts == ["10", "100", "1,000", "10k", "100k", "1M", "10M"], (height, texts)
        boxes = sorted(rect.top() for rect, _ in labels)
        tall = max(rect.height() for rect, _ in labels)
        assert all(b - a >= tall for a, b in itertools.pairwise(boxes)), height


def test_the_solution_depth_is_worded_when_the_chart_was_open_before_the_run(window, qtbot):
    """pyqtgraph words a hidden line's label never: with the chart open before the first
    run, the solution depth's dotted line came without its words. They stand in the plot,
    above the line."""
    show_chart(window, qtbot)
    set_speed(window, UNLIMITED)
    configure(window, n=5, warnsdorff=False)
    start_and_finish(window, qtbot)
    chart, plot = window.chart, window.chart.depth_plot
    tabs = chart.findChild(QTabWidget, "stepsChartTabs")
    if tabs is not None and tabs.count():
        tabs.setCurrentWidget(plot)
    vb = plot.getPlotItem().getViewBox()
    qtbot.waitUntil(lambda: chart.profile() is not None and plot.isVisible())
    for _ in range(4):  # the layouts and the plot settled to its size
        QApplication.sendPostedEvents()
        QApplication.processEvents()
    assert vb.height() > 80
    label = plot.goal_line.label
    assert label.toPlainText() == "solution depth 25"
    plot.grab()  # painted: the label's place in the scene is up to date
    assert vb.sceneBoundingRect().contains(label.sceneBoundingRect())


@pytest.mark.slow
def test_the_chart_follows_a_language_switch_mid_run(window, qtbot, language):
    """The legend and the points' tooltips kept the words of each run's time (English after
    a switch to Chinese); every text of the chart reads Chinese at once now, the running
    search's depth plot too."""
    window.translations = language
    set_speed(window, UNLIMITED)
    for warnsdorff in (False, True):
        configure(window, n=5, warnsdorff=warnsdorff)
        start_and_finish(window, qtbot)
    configure(window, "queens", n=6, all_solutions=False)
    start_and_finish(window, qtbot)
    show_chart(window, qtbot)
    configure(window, n=8, warnsdorff=False)
    place(window, 4, 3)  # d4: it goes on as long as we watch
    window.start_or_pause()
    chart = window.chart
    qtbot.waitUntil(lambda: chart.profile() is not None, timeout=10_000)
    assert window.controller.running
    assert window.set_language(CHINESE)
    history, depth = chart.history_plot.getPlotItem(), chart.depth_plot.getPlotItem()
    tabs = chart.findChild(QTabWidget, "stepsChartTabs")
    texts = {
        "legend": chart.legend(),
        "strategies": [p.strategy for p in chart.points()],
        "tooltips": [p.tip for p in chart.points()],
        "groups": [chart.groups()[-1]],
        "steps axis": [history.getAxis("left").labelText, history.getAxis("bottom").labelText],
        "depth axis": [depth.getAxis("left").labelText, depth.getAxis("bottom").labelText],
        "depth title": [depth.titleLabel.text],
        "tabs": [tabs.tabText(i) for i in range(tabs.count())] if tabs is not None else [],
    }
    if history.titleLabel.isVisible():
        texts["title"] = [history.titleLabel.text]
    english = {k: [t for t in v if not HAN.search(t)] for k, v in texts.items()}
    assert not any(english.values()), english
    assert len(texts["legend"]) == 3 and len(texts["tooltips"]) == 3
    with qtbot.waitSignal(window.controller.run_finished, timeout=20_000):
        window.reset()
    assert window.set_language(ENGLISH)
    assert chart.legend()[0].startswith("plain") and chart.legend()[-1].startswith("ended early")
