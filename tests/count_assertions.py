"""Count the suite's checks, so a change to the tests can show that none was dropped.

A check is an ``assert`` statement, a call of a function named ``assert_*`` (the suite's
own helpers, numpy's and mock's) or a ``pytest.raises`` / ``pytest.warns`` block, counted
in the source under tests/ (not as run: a parametrized test counts once).

    python tests/count_assertions.py          # the total, then one line per folder
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent


def checks(tree: ast.AST) -> int:
    """The checks in one parsed file."""
    found = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            found += 1
        elif isinstance(node, ast.Call):
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            if name.startswith("assert_") or name in ("raises", "warns"):
                found += 1
    return found


def count(root: Path = HERE) -> Counter[str]:
    """Checks per folder under ``root`` (its top-level files under ".")."""
    per_folder: Counter[str] = Counter()
    for path in sorted(root.rglob("*.py")):
        if path == Path(__file__).resolve():
            continue
        relative = path.relative_to(root)
        folder = relative.parts[0] if len(relative.parts) > 1 else "."
        per_folder[folder] += checks(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return per_folder


def main(argv: list[str]) -> int:
    root = Path(argv[0]) if argv else HERE
    per_folder = count(root)
    print(f"{sum(per_folder.values())} checks")
    for folder, n in sorted(per_folder.items()):
        print(f"  {folder}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
