"""Driving and reading the window through its public automation contract only.

The automation contract of docs/api.md is what these helpers use: objectNames, ``window.session``,
``window.controller``, ``window.board``, ``window.puzzles``. No private attribute of the
window or of a panel, so the tests of a new user's defects (test_truth.py,
test_stateful.py) survive a rewrite of the window's insides. When a widget's text format
changes, this is the one place to adapt.
"""

from __future__ import annotations

import dataclasses
import math
import re
import weakref
from typing import Any

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QAbstractItemView, QTableWidget

from knightviz.engine import Board

from .conftest import digits

#: The speed slider's right end: unlimited.
UNLIMITED_SLIDER = 100
#: Algebraic square names inside a text (a1 … z30).
SQUARE = re.compile(r"\b[a-z]{1,2}\d{1,3}\b")
SCIENTIFIC = re.compile(r"\d\.\de[+-]\d+")
NUMBER = re.compile(r"\d[\d,\u202f\u00a0 ]*(?:\.\d+)?")


_found: weakref.WeakKeyDictionary[Any, dict[str, QObject]] = weakref.WeakKeyDictionary()


def child(window: Any, name: str) -> Any:
    """The object named ``name`` in ``window`` (remembered while it lives: a walk of
    thousands of actions looks the same few dozen names up again and again)."""
    known = _found.setdefault(window, {})
    found = known.get(name)
    if found is not None and shiboken6.isValid(found) and found.objectName() == name:
        return found
    found = window.findChild(QObject, name)
    assert found is not None, name
    known[name] = found
    return found


# -- driving -------------------------------------------------------------------------------------


def set_puzzle(window: Any, key: str) -> None:
    combo = child(window, "puzzleCombo")
    combo.setCurrentIndex(combo.findData(key))


def set_size(window: Any, n: int) -> None:
    """A square board of side ``n`` (both spins, as a user with "Square" ticked)."""
    child(window, "rowsSpin").setValue(n)
    child(window, "colsSpin").setValue(n)


def set_slider_speed(window: Any, value: int) -> None:
    """Slider 0 … 99: 1 … 10,000 steps/s logarithmically; 100: unlimited."""
    child(window, "speedSlider").setValue(value)


def slider_for(speed: float) -> int:
    """The slider position nearest ``speed`` steps per second (docs/api.md: logarithmic)."""
    if math.isinf(speed):
        return UNLIMITED_SLIDER
    return round(math.log10(min(max(speed, 1.0), 10_000.0)) / 4 * 99)


def setup(window: Any, puzzle: str, n: int, speed: float = math.inf, **strategy: Any) -> None:
    """Puzzle, board side, speed and strategy through the controls (objectNames)."""
    set_puzzle(window, puzzle)
    set_size(window, n)
    set_slider_speed(window, slider_for(speed))
    names = {
        "warnsdorff": "warnsdorffCheck",
        "backtrack": "backtrackCheck",
        "closed": "closedCheck",
        "all_solutions": "allSolutionsCheck",
    }
    for key, value in strategy.items():
        if key in names:
            child(window, names[key]).setChecked(value)
        elif key == "variant":
            combo = child(window, "queensVariantCombo")
            combo.setCurrentIndex(combo.findData(value))
        elif key == "tie_break":
            combo = child(window, "tieBreakCombo")
            combo.setCurrentIndex(combo.findData(value))
        else:
            raise KeyError(key)


def click(window: Any, name: str) -> None:
    """Press a button by its objectName (as the mouse would: only when enabled)."""
    button = child(window, name)
    assert button.isEnabled(), f"{name} is disabled"
    button.click()


def eventually(qtbot: Any, predicate: Any, message: Any, timeout: int = 2000) -> None:
    """Wait for ``predicate`` (panels may refresh at screen rate); on timeout fail with
    ``message()``, which says what the window shows instead."""
    try:
        qtbot.waitUntil(predicate, timeout=timeout)
    except qtbot.TimeoutError:
        raise AssertionError(message() if callable(message) else message) from None


def pause_and_wait(window: Any, qtbot: Any, timeout: int = 5000) -> None:
    """Press Start (now Pause) and wait until the solver has stopped and delivered every
    step it made (the controller's ``pause_reached``)."""
    with qtbot.waitSignal(window.controller.pause_reached, timeout=timeout):
        click(window, "startButton")


def run_to_end(window: Any, qtbot: Any, timeout: int = 30_000) -> Any:
    """Press Start and wait for the run's Result."""
    with qtbot.waitSignal(window.controller.run_finished, timeout=timeout) as blocker:
        click(window, "startButton")
    return blocker.args[0]


# -- reading -------------------------------------------------------------------------------------


def count(window: Any, name: str) -> int:
    return digits(child(window, name).text())


def counters(window: Any) -> tuple[int, int, int]:
    """(moves, backtracks, steps) as the counter labels show them."""
    return (
        count(window, "movesLabel"),
        count(window, "backtracksLabel"),
        count(window, "stepsLabel"),
    )


def shown_puzzle(window: Any) -> str:
    return str(child(window, "puzzleCombo").currentData())


def shown_settings(window: Any) -> Any:
    """The settings the control panel shows, built from its widgets (objectNames) onto the
    puzzle adapter's defaults."""
    key = shown_puzzle(window)
    base = window.puzzles[key].default_settings()
    values: dict[str, Any] = {
        "rows": child(window, "rowsSpin").value(),
        "cols": child(window, "colsSpin").value(),
    }
    if key == "knight":
        values["warnsdorff"] = child(window, "warnsdorffCheck").isChecked()
        values["tie_break"] = str(child(window, "tieBreakCombo").currentData())
        values["seed"] = child(window, "seedSpin").value()
        values["backtrack"] = child(window, "backtrackCheck").isChecked()
        values["closed"] = child(window, "closedCheck").isChecked()
    else:
        values["all_solutions"] = child(window, "allSolutionsCheck").isChecked()
        values["variant"] = str(child(window, "queensVariantCombo").currentData())
    fields = {f.name for f in dataclasses.fields(base)}
    return dataclasses.replace(base, **{k: v for k, v in values.items() if k in fields})


_LINE_NUMBER = re.compile(r"^\s*\d+\s{2}")


def code_text(window: Any) -> list[str]:
    """The code panel's program, line by line, without its line numbers."""
    text = child(window, "codeView").toPlainText()
    return [_LINE_NUMBER.sub("", line, count=1).rstrip() for line in text.splitlines()]


def expected_code(window: Any) -> list[str]:
    """The program of the settings shown in the controls, as its adapter gives it."""
    settings = shown_settings(window)
    program = window.puzzles[shown_puzzle(window)].program(settings)
    return [line.rstrip() for line in program.display_text().splitlines()]


def gauge(window: Any) -> float | None:
    """The explored fraction the gauge shows (None: no tree to explore, "—")."""
    label = child(window, "exploredLabel").text()
    if label.strip() in ("", "—"):
        return None
    bar = child(window, "exploredBar")
    return float(bar.fraction)


def solution_rows(window: Any) -> list[tuple[str, ...]]:
    """Each row of the Solutions list as its squares' names."""
    model = child(window, "solutionsList").model()
    return [tuple(SQUARE.findall(str(model.index(r, 0).data()))) for r in range(model.rowCount())]


def solution_names(n: int, solutions: list[tuple[int, ...]]) -> list[tuple[str, ...]]:
    board = Board(n, n)
    return [tuple(board.name(sq) for sq in sol) for sol in solutions]


def solutions_up_to(window: Any, step: int) -> list[tuple[int, ...]]:
    """The solutions the session's recording completes within its first ``step`` steps (a
    move that brings the path to the puzzle's solution depth completes one), in order."""
    recording = window.session.recording
    depth = window.puzzles[shown_puzzle(window)].solution_depth(shown_settings(window))
    if recording is None or depth is None or step <= 0:
        return []
    path = list(recording.seek(0).path)
    found = []
    for event in recording.events(0, step):
        if event >= 0:
            path.append(event)
            if len(path) == depth:
                found.append(tuple(path))
        else:
            path.pop()
    return found


def seconds_in(text: str) -> float:
    """The first number in a duration text ("2.32 s", "0.05 s")."""
    match = NUMBER.search(text)
    assert match is not None, text
    return float(re.sub(r"[,\u202f\u00a0 ]", "", match.group()))


def history_column(table: QTableWidget, title: str) -> int:
    """A history column by its header's text (or the one header that contains it: the
    Explored column reads "Tree explored")."""
    headers = [table.horizontalHeaderItem(col) for col in range(table.columnCount())]
    texts = [item.text() if item is not None else "" for item in headers]
    if title in texts:
        return texts.index(title)
    near = [col for col, text in enumerate(texts) if title.lower() in text.lower()]
    if len(near) == 1:
        return near[0]
    raise AssertionError(f"no history column {title!r}")


def history_cell(window: Any, row: int, title: str) -> str:
    table = child(window, "historyTable")
    item = table.item(row, history_column(table, title))
    assert item is not None
    return str(item.text())


def row_visible(view: QAbstractItemView, row: int) -> bool:
    """The row is inside the view's visible area."""
    model = view.model()
    rect = view.visualRect(model.index(row, 0))
    return rect.isValid() and view.viewport().rect().intersects(rect)
