"""The engine and the command line never import Qt (docs/ARCHITECTURE.md: dependencies point
one way)."""

import ast
import subprocess
import sys
from pathlib import Path

import knightviz.engine

ENGINE = Path(knightviz.engine.__file__).parent


def test_engine_imports_only_the_standard_library():
    """Only the compiled backend's kernels and searches may import numba and numpy; its
    loader (kernels/__init__.py) must stay cheap to import."""
    stdlib = sys.stdlib_module_names
    for path in [*ENGINE.glob("*.py"), ENGINE / "kernels" / "__init__.py"]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in stdlib, f"{path.name} imports {name}"


def test_cli_solve_runs_without_loading_qt():
    code = (
        "import sys; from knightviz.cli import main;"
        "rc = main(['solve', '--format', 'sequence']);"
        "assert rc == 0;"
        "assert not [m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))]"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_importing_the_engine_does_not_import_numba():
    code = (
        "import sys; import knightviz.engine, knightviz.cli;"
        "assert 'numba' not in sys.modules and 'numpy' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
