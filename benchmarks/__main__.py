"""``python -m benchmarks [--quick]``: every ``engine_*`` module, then every ``gui_*`` and
``page_*`` script.

The GUI scripts run in their own processes (each needs a fresh QApplication); the page's
runs in a real browser.
"""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    status = 0
    names = sorted(
        info.name
        for info in pkgutil.iter_modules([str(Path(__file__).parent)])
        if info.name.startswith("engine_")
    )
    for name in names:
        print(f"== benchmarks.{name}", flush=True)
        module = importlib.import_module(f"benchmarks.{name}")
        status = max(status, int(module.main(list(args))))
    here = Path(__file__).parent
    for script in [*sorted(here.glob("gui_*.py")), *sorted(here.glob("page_*.py"))]:
        print(f"== benchmarks/{script.name}", flush=True)
        status = max(status, subprocess.run([sys.executable, str(script)], check=False).returncode)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
