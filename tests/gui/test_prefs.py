"""Settings remembered between sessions, and the run history kept on disk."""

from __future__ import annotations

import math
import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication

from knightviz.gui import MainWindow, config
from knightviz.gui.history_store import FILENAME, HistoryStore
from knightviz.gui.panels.controls import slider_to_speed, speed_to_slider
from knightviz.gui.panels.history import STEPS
from knightviz.gui.puzzles.knight import KnightSettings
from knightviz.gui.puzzles.queens import QueensSettings
from knightviz.gui.session import DEFAULT_SPEED

from .conftest import configure, place, set_speed, start_and_finish


def open_window(qtbot, size: tuple[int, int] | None = None) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w)
    if size is not None:
        w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_settings_live_in_the_test_directory(isolated_settings: Path):
    assert Path(config.settings().fileName()).is_relative_to(isolated_settings)
    assert config.data_dir().is_relative_to(isolated_settings)


def test_a_new_window_starts_from_the_defaults(qtbot):
    w = open_window(qtbot)
    assert w.panel.puzzle_key() == "knight"
    assert w.panel.settings() == KnightSettings()
    assert w.board.start_square() == (0, 0)
    assert w.history.records() == []


def test_settings_round_trip(qtbot):
    w = open_window(qtbot, (1000, 600))
    configure(w, "queens", n=6, all_solutions=False, variant="bitboards")
    configure(w, "knight", rows=10, cols=12, tie_break="roth", closed=True, seed=7)
    place(w, 3, 4)
    set_speed(w, 250)
    w.code_dock.show()  # the panels a user opened and closed come back as they were
    w.stack_dock.hide()
    w.splitter.setSizes([300, 330, 300])
    sizes = w.splitter.sizes()
    speed = w.run_controls.speed()
    size = w.size()
    w.close()

    w2 = open_window(qtbot)
    assert w2.panel.puzzle_key() == "knight"
    assert w2.panel.settings() == KnightSettings(
        10, 12, tie_break="roth", closed=True, seed=7, warnsdorff=True
    )
    assert w2.session.settings == w2.panel.settings()
    assert w2.panel.widgets["queens"].settings(6, 6) == QueensSettings(
        6, 6, all_solutions=False, variant="bitboards"
    )
    assert w2.board.start_square() == (3, 4)
    assert w2.session.start == 3 * 12 + 4
    assert w2.run_controls.speed() == speed
    assert w2.session.speed == speed
    assert w2.size() == size
    assert w2.stack_dock.isHidden()
    assert not w2.code_dock.isHidden()
    assert w2.splitter.sizes() == sizes


def test_unlimited_speed_and_queens_are_remembered(qtbot):
    w = open_window(qtbot)
    configure(w, "queens", n=5)
    set_speed(w, math.inf)
    w.explain_action.setChecked(True)  # N-Queens' panels open: they come back so
    w.close()
    w2 = open_window(qtbot)
    assert w2.panel.puzzle_key() == "queens"
    assert w2.panel.settings() == QueensSettings(5, 5)
    assert math.isinf(w2.run_controls.speed())
    assert w2.solutions_dock.isVisible()
    assert w2.explain_action.isChecked()


def test_reset_settings_shows_the_defaults_at_once(qtbot):
    w = open_window(qtbot)
    configure(w, "queens", n=5, all_solutions=False)
    set_speed(w, 3)
    w.explain_action.setChecked(True)
    w.stack_dock.hide()
    config.set_preferred_language("zh_CN")
    w.close()
    w2 = open_window(qtbot)
    assert w2.panel.puzzle_key() == "queens"
    action = w2.findChild(type(w2.reset_settings_action), "resetSettingsAction")
    assert action is not None
    action.trigger()
    assert w2.panel.puzzle_key() == "knight"
    assert w2.panel.settings() == KnightSettings()
    assert w2.panel.widgets["queens"].settings(8, 8) == QueensSettings()
    assert w2.run_controls.speed() == slider_to_speed(speed_to_slider(DEFAULT_SPEED))
    # The first launch's panels: the explanatory ones closed, one click away.
    assert all(d.isHidden() for d in (w2.stack_dock, w2.code_dock, w2.solutions_dock))
    assert not w2.explain_action.isChecked()
    assert config.preferred_language() is None
    assert config.settings().allKeys() == []


def test_a_window_bigger_than_the_screen_is_clamped(qtbot):
    avail = QGuiApplication.primaryScreen().availableGeometry()
    w = open_window(qtbot)
    w.setGeometry(avail.x() + 50, avail.y() + 50, avail.width() + 600, avail.height() + 400)
    w.close()
    w2 = open_window(qtbot)
    assert w2.width() <= avail.width()
    assert w2.height() <= avail.height()
    assert avail.contains(w2.geometry().topLeft())


def test_unreadable_settings_fall_back_to_defaults(qtbot):
    s = config.settings()
    s.setValue("setup/puzzle", "chess")
    s.setValue("setup/knight", "{not json")
    s.setValue("setup/queens", '{"rows": "many", "all_solutions": false, "variant": 3}')
    s.setValue("setup/speed", "fast")
    s.setValue("setup/start", "e4")
    s.setValue("window/layout", "garbage")
    s.setValue("window/geometry", 12)
    s.sync()
    w = open_window(qtbot)
    assert w.panel.puzzle_key() == "knight"
    assert w.panel.settings() == KnightSettings()
    assert w.panel.widgets["queens"].settings(8, 8) == QueensSettings(all_solutions=False)
    assert w.board.start_square() == (0, 0)


def test_a_board_too_big_for_the_puzzle_is_fitted():
    from knightviz.gui.prefs import fit_size
    from knightviz.gui.puzzles.queens import QueensPuzzle

    puzzle = QueensPuzzle()
    fitted = fit_size(puzzle, QueensSettings(500, 3))
    assert fitted.rows == fitted.cols == puzzle.max_side


def test_language_and_appearance_helpers():
    assert config.preferred_language() is None
    config.set_preferred_language("zh_CN")
    assert config.preferred_language() == "zh_CN"
    assert config.settings().value("language") == "zh_CN"
    config.set_preferred_language(None)
    assert config.preferred_language() is None
    assert config.appearance() == "system"
    config.set_appearance("dark")
    assert config.appearance() == "dark"
    with pytest.raises(ValueError):
        config.set_appearance("sepia")


def test_settings_file_is_ini(isolated_settings: Path):
    config.set_preferred_language("en")
    s = config.settings()
    s.sync()
    assert s.format() == QSettings.Format.IniFormat
    assert Path(s.fileName()).read_text(encoding="utf-8").count("language=en") == 1


# -- the run history on disk -------------------------------------------------------------------


def quick_run(w: MainWindow, qtbot, **changes) -> None:
    configure(w, "knight", **changes)
    set_speed(w, math.inf)
    start_and_finish(w, qtbot)


def test_runs_survive_a_new_window(qtbot):
    w = open_window(qtbot)
    quick_run(w, qtbot, n=5)
    quick_run(w, qtbot, n=5, warnsdorff=False)
    before = w.history.records()
    assert [r.number for r in before] == [1, 2]
    w.close()

    w2 = open_window(qtbot)
    after = w2.history.records()
    assert len(after) == 2
    for old, new in zip(before, after, strict=True):
        assert new.number == old.number
        assert new.puzzle == old.puzzle
        assert new.settings == old.settings
        assert new.start == old.start
        assert new.start_name == old.start_name
        assert new.result.outcome == old.result.outcome
        assert new.result.moves == old.result.moves
        assert new.result.backtracks == old.result.backtracks
        assert new.result.steps == old.result.steps
        assert new.result.count == old.result.count
        assert new.result.solution == old.result.solution
        assert new.result.reason == old.result.reason
        assert new.wall_seconds == pytest.approx(old.wall_seconds)
        assert new.strategy == old.strategy
        assert new.summary == old.summary
        assert new.finished_at
    assert w2.history.rowCount() == 2
    assert w2.history.item(1, STEPS).text() == w.history.item(1, STEPS).text()

    # Bringing one back: its settings and start; a new run gets the next number.
    w2.history.record_activated.emit(after[0])
    assert w2.panel.settings() == after[0].settings
    assert "earlier session" in w2.statusBar().currentMessage()
    quick_run(w2, qtbot, n=5)
    assert w2.history.records()[-1].number == 3


def test_clear_history(qtbot):
    w = open_window(qtbot)
    quick_run(w, qtbot, n=5)
    assert w.history.rowCount() == 1
    assert w.findChild(type(w.clear_history_action), "clearHistoryAction") is not None
    w.clear_history()
    assert w.history.rowCount() == 0
    w.close()
    w2 = open_window(qtbot)
    assert w2.history.rowCount() == 0
    quick_run(w2, qtbot, n=5)
    assert w2.history.records()[-1].number == 1


def test_a_damaged_history_file_is_set_aside(qtbot, caplog):
    path = config.data_dir() / FILENAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database" * 100)
    w = open_window(qtbot)
    assert w.history.rowCount() == 0
    assert w.history_store.available
    assert list(path.parent.glob(FILENAME + ".damaged-*"))
    assert "damaged" in caplog.text
    quick_run(w, qtbot, n=5)
    w.close()
    assert open_window(qtbot).history.rowCount() == 1


def test_a_locked_history_file_never_stops_the_app(qtbot, caplog):
    path = config.data_dir() / FILENAME
    HistoryStore({}, path).close()
    blocker = sqlite3.connect(path)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        w = open_window(qtbot)
        assert w.history.rowCount() == 0
        quick_run(w, qtbot, n=5)  # kept for this session
        assert w.history.rowCount() == 1
        w.clear_history()
    finally:
        blocker.rollback()
        blocker.close()
    assert "run history" in caplog.text


def test_rows_of_unknown_puzzles_are_skipped(tmp_path: Path, qtbot):
    w = open_window(qtbot)
    quick_run(w, qtbot, n=5)
    w.close()
    path = config.data_dir() / FILENAME
    with sqlite3.connect(path) as db:
        db.execute("UPDATE runs SET puzzle = 'sudoku'")
    assert open_window(qtbot).history.rowCount() == 0


def test_every_slider_speed_is_the_speed_its_label_says():
    """The label's figure is the speed the board gets ("20 steps/s" set 19.63), and each
    position a different speed."""
    from knightviz.gui.text import fmt_speed

    speeds = [slider_to_speed(i) for i in range(100)]
    assert len(set(speeds)) == len(speeds)
    for i, speed in enumerate(speeds):
        shown = fmt_speed(speed).split()[0].replace(",", "")
        assert float(shown) == speed, (i, speed, fmt_speed(speed))
        assert speed_to_slider(speed) == i
