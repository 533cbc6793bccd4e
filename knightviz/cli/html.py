"""--html: a run recorded step by step and written as one page for a browser (the page
package is imported only when a page is asked for)."""

from __future__ import annotations

import argparse
import errno
import os
from collections.abc import Callable, Mapping
from typing import Any

from ..engine import Result, TourConfig
from ..engine.events import EventSource
from ..engine.puzzles import PuzzleSpec
from .common import UsageError
from .stdout import OutputError


def tour_page(args: argparse.Namespace, config: TourConfig, search: EventSource) -> Result:
    """Run ``search`` recording every step, and write it as the --html page."""
    from ..page import PageError, knight_page_run

    html = os.path.basename(args.html)
    try:
        run = knight_page_run(config, search, html=html, lang=args.lang)
    except PageError as exc:
        raise UsageError(str(exc)) from None
    _write_page(run, args.html)
    return run.result


def queens_page(args: argparse.Namespace, search: EventSource) -> Result:
    """Run ``search`` recording every step, and write it as the --html page."""
    from ..page import queens_page_run

    html = os.path.basename(args.html)
    run = queens_page_run(
        args.size, search, first=args.first, limit=args.limit, html=html, lang=args.lang
    )
    _write_page(run, args.html)
    return run.result


#: Failures of the writing itself (a full disk or device, a quota, a file-size limit, a
#: reader gone): exit 1 as for standard output; any other (no such folder, a folder named)
#: is a path that cannot be used, a usage error.
_WRITE_FAILED = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EPIPE}


def _write_page(run: Any, path: str) -> None:
    from ..page import write_page

    try:
        write_page(run, path)
    except OSError as exc:
        message = f"cannot write {path}: {exc.strerror or exc}"
        if exc.errno in _WRITE_FAILED:
            raise OutputError(message) from None
        raise UsageError(message) from None


def spec_page(
    args: argparse.Namespace,
    spec: PuzzleSpec[Any],
    problem: Any,
    strategy: str,
    options: Mapping[str, Any],
    *,
    every: bool,
    on_solution: Callable[[tuple[int, ...]], None] | None = None,
    make: Callable[[Callable[[tuple[int, ...]], None]], EventSource] | None = None,
) -> Result:
    """A spec-made puzzle's search run recording every step, written as the --html page
    (``make``: the search to run instead of the spec's, given its ``on_solution``)."""
    from ..page import PageError, spec_page_run

    html = os.path.basename(args.html)
    try:
        run = spec_page_run(
            spec,
            problem,
            strategy,
            every=every,
            limit=args.limit,
            options=options,
            on_solution=on_solution,
            html=html,
            lang=args.lang,
            make=make,
        )
    except PageError as exc:
        raise UsageError(str(exc)) from None
    _write_page(run, args.html)
    return run.result
