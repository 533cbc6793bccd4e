"""The shape of the window's code, kept: the window is wiring, no GUI module grows
into a second window, and puzzle knowledge stays in the puzzle adapters."""

import re
from pathlib import Path

import pytest

GUI = Path(__file__).resolve().parents[2] / "knightviz" / "gui"
MODULES = sorted(GUI.rglob("*.py"))


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_window_is_wiring():
    assert lines(GUI / "main_window.py") < 700


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if p.name != "main_window.py"],
    ids=lambda p: str(p.relative_to(GUI)),
)
def test_no_other_gui_module_over_600_lines(path):
    assert lines(path) <= 600


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if "puzzles" not in p.relative_to(GUI).parts],
    ids=lambda p: str(p.relative_to(GUI)),
)
def test_puzzle_knowledge_stays_in_the_adapters(path):
    """No ``== "knight"`` test and no probing of settings for a named attribute outside
    gui/puzzles/: the adapter answers such questions."""
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"""[!=]= ?["'](knight|queens)["']""", text)
    assert not re.search(r"""(get|has)attr\(\s*settings\s*,\s*["']""", text)
