"""The ``knightviz`` command: the desktop app with no command, else one command's run.

A public interface (docs/cli.md): output formats and exit statuses are stable. Exit 0 on
success, 1 when no solution was found, 2 on a usage error (one line on stderr). Qt is
imported only when the desktop app is launched, so ``knightviz solve`` starts fast.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from typing import IO

from ..engine import BoardError, backends
from ..version import __version__
from . import backend
from .common import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, PROG, Handler, UsageError
from .options import refuse_unused, resolve_shape
from .parser import OWN_COMMANDS, build_parser
from .stdout import guarded
from .strategy_file import EXIT_STRATEGY, StrategyFailed

#: Options of ours that do not open the app.
OWN_OPTIONS = (["--install-desktop"], ["--uninstall-desktop"], ["--render-icons"], ["--version"])


def wants_app(args: Sequence[str]) -> bool:
    """No command, only options that are not ours: the desktop app with Qt's own options
    (``-style fusion``, ``-platform xcb``, ``-reverse``, …) and the app's (``--lang``)."""
    if not args:
        return True
    first = args[0]
    return first.startswith("-") and first not in ("-h", "--help")


def main(argv: Sequence[str] | None = None) -> int:
    """The ``knightviz`` command. Standard output full (``> /dev/full``) or closed
    (``>&-``): one line on stderr, exit 1; a closed pipe (``| head -1``): quietly."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    err: IO[str] = sys.stderr if sys.stderr is not None else io.StringIO()
    if wants_app(args_list) and args_list[:1] not in OWN_OPTIONS:
        return _main(args_list, sys.stdout, err)  # the desktop app: its output is its own
    return guarded(lambda out: _main(args_list, out, err), err)


def _main(args_list: list[str], out: IO[str], err: IO[str]) -> int:
    if args_list[:1] in OWN_OPTIONS[:3]:
        from .. import desktop  # the Linux menu entry and icons, for this user

        return desktop.main(args_list)
    if args_list == ["--version"]:
        out.write(f"{PROG} {__version__}\n")
        return EXIT_OK
    if wants_app(args_list):
        # Before anything loads Qt: a missing system library or no display is one line and
        # exit 2, not Qt's abort (the check imports no Qt).
        from ..gui.platform_check import problem

        why = problem(args_list)
        if why is not None:
            err.write(f"{PROG}: error: {why}\n")
            return EXIT_USAGE
        from ..gui.app import main as gui_main  # Qt only here

        return gui_main([sys.argv[0] if sys.argv else PROG, *args_list])
    return _command(args_list, out, err)


def _command(args_list: list[str], out: IO[str], err: IO[str]) -> int:
    """Parse, read the board's shape, choose the engine, and run the command's handler."""
    parser = build_parser(puzzles=args_list[:1] not in [[c] for c in OWN_COMMANDS])
    try:
        args = parser.parse_args(args_list)
        args.given = {a.partition("=")[0] for a in args_list if a.startswith("--")}
        resolve_shape(args)
        refuse_unused(args)
        backend.use_kernels(args)
        handler: Handler = args.handler
        return handler(args, out, err)
    except UsageError as exc:
        err.write(f"{PROG}: error: {exc}\n")
        return EXIT_USAGE
    except StrategyFailed as exc:
        err.write(f"{PROG}: {exc}\n")
        return EXIT_STRATEGY
    except (BoardError, backends.BackendError) as exc:
        err.write(f"{PROG}: error: {exc}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        err.write(f"{PROG}: interrupted\n")
        return EXIT_INTERRUPTED
