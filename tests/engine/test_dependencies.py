"""Every package the app imports at run time is declared in pyproject.toml (a dependency,
or the optional extra its feature needs): a user's ``pip install`` must bring it, not the
luck of another package depending on it."""

import ast
import importlib.metadata
import re
import sys
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later

ROOT = Path(__file__).resolve().parents[2]


def _name(requirement):
    """A requirement's distribution name, normalised (PEP 503)."""
    return re.sub(r"[-_.]+", "-", re.match(r"[A-Za-z0-9_.-]+", requirement).group()).lower()


def imported_packages():
    """Top-level modules imported anywhere in knightviz/ (``import_module`` calls too), but
    the standard library's and knightviz's own."""
    found = set()
    for path in (ROOT / "knightviz").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
            elif (
                isinstance(node, ast.Call)
                and getattr(node.func, "attr", "") == "import_module"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(str(node.args[0].value).split(".")[0])
    return found - set(sys.stdlib_module_names) - {"knightviz"}


def test_every_runtime_import_is_declared():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {_name(r) for r in project["dependencies"]}
    for extra in ("cluster", "notebook"):
        declared |= {_name(r) for r in project["optional-dependencies"][extra]}
    providers = importlib.metadata.packages_distributions()
    imported = imported_packages()
    assert {"PySide6", "numpy", "numba", "pyqtgraph", "PIL", "distributed"} <= imported
    undeclared = {
        module: providers.get(module)
        for module in imported
        if not {_name(d) for d in providers.get(module, [module])} & declared
    }
    assert undeclared == {}
