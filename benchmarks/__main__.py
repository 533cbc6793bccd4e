"""``python -m benchmarks [--quick]``: run every ``benchmarks/engine_*`` module in turn."""

from __future__ import annotations

import importlib
import pkgutil
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
    return status


if __name__ == "__main__":
    raise SystemExit(main())
