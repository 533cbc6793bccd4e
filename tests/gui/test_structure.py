"""The shape of the window's code, kept: every GUI module has its place in a layer of the
import contracts (pyproject.toml), the layers hold, and puzzle knowledge stays in the
puzzle adapters."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

from knightviz.engine.puzzles import specs

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = ROOT / "pyproject.toml"
GUI = ROOT / "knightviz" / "gui"
MODULES = sorted(GUI.rglob("*.py"))
CONTRACTS = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"][
    "contracts"
]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layered() -> dict[str, set[str]]:
    """Container ("" for none) → the names its layers contracts place in a layer."""
    out: dict[str, set[str]] = {}
    for contract in CONTRACTS:
        if contract["type"] != "layers":
            continue
        names = {
            name.strip(" ()")
            for layer in contract["layers"]
            for name in re.split(r"[|:]", layer)
            if name.strip()
        }
        for container in contract.get("containers", [""]):
            out.setdefault(container, set()).update(names)
    return out


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(GUI)))
def test_every_gui_module_has_its_layer(path):
    """Each module (a package: its ``__init__``) is named in a layer of the contract of the
    package that holds it, so the layers are stated for all of the GUI, not most of it."""
    name = module_name(path)
    container, _, last = name.rpartition(".")
    places = layered()
    assert last in places.get(container, set()) or name in places.get("", set()), (
        f"{name} is in no layer of {container}'s contract in pyproject.toml"
    )


def test_the_gui_layers_hold():
    """The GUI's contracts, checked as ``lint-imports`` checks them (TYPE_CHECKING imports
    included): no module imports from a layer above its own, so no circle either."""
    ids = [c["id"] for c in CONTRACTS if c.get("id", "").startswith("gui")]
    assert len(ids) >= 7
    command = [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"]
    for contract in ids:
        command += ["--contract", contract]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if "puzzles" not in p.relative_to(GUI).parts],
    ids=lambda p: str(p.relative_to(GUI)),
)
def test_puzzle_knowledge_stays_in_the_adapters(path):
    """No ``== "knight"`` test (of any registered puzzle's key, or Sudoku's) and no probing
    of settings for a named attribute outside gui/puzzles/: the presenter and its engine
    spec answer such questions. (tests/engine/test_puzzle_names.py checks, more broadly, which
    modules may name a puzzle at all.)"""
    text = path.read_text(encoding="utf-8")
    keys = "|".join(re.escape(key) for key in sorted({*specs(), "sudoku"}))
    assert not re.search(rf"""[!=]= ?["']({keys})["']""", text, re.IGNORECASE)
    assert not re.search(r"""(get|has)attr\(\s*settings\s*,\s*["']""", text)
