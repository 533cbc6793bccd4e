"""The options' values and the option groups several commands share.

Every numeric option has one syntax and one parser (``whole_number``) with its bounds here,
so a value out of range is a usage error naming the range, never a run that cannot end.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

from ..engine import Board, BoardError, Heuristic, TieBreak, parallel, parse_size
from ..engine.board import FULL, KNIGHT, Shape, parse_grid, parse_holes, parse_leaper
from ..engine.queens import MAX_QUEENS
from . import quick
from .common import UsageError

#: ASCII digits only, in groups separated by ``_`` or ``,`` (1_000_000, 16,501,401): the one
#: number syntax of every option (full-width digits are refused everywhere, as --size refuses them).
_WHOLE = re.compile(r"[+-]?[0-9]+(?:[_,][0-9]+)*")
#: Bounds of the numeric options (docs/cli.md): past them, a usage error naming the range,
#: never a run that cannot end or a number the engine cannot hold.
MAX_STEPS = 2**63 - 1
MAX_SEED = 2**32 - 1
MAX_PROBES = 100_000_000
MAX_JOBS = quick.MAX_JOBS  # (the quick counts check it before this module loads)
#: The deepest tree --depth printed: each level multiplies the lines by up to eight.
MAX_TREE_DEPTH = 8
#: The most steps tree --steps records (4 bytes each).
MAX_TREE_STEPS = 100_000_000
#: The longest --board file read: the largest board's squares, each with a space, a line
#: each at worst, and room to spare; past it, a usage error, never a read without end
#: (``--board /dev/zero``).
MAX_BOARD_FILE = 16 * 1024 * 1024


def whole_number(text: str, low: int, high: int) -> int:
    """The one parser of every numeric option: a whole number from ``low`` to ``high``
    (argparse.ArgumentTypeError naming the range otherwise)."""
    raw = text.strip()
    if not _WHOLE.fullmatch(raw):
        shown = repr(text) if len(text) <= 30 else repr(text[:12] + "…")
        raise argparse.ArgumentTypeError(f"not a whole number: {shown}")
    digits = raw.replace("_", "").replace(",", "")
    # (Python refuses to read thousands of digits: anything that long is out of range anyway)
    value = int(digits) if len(digits) <= 40 else (high + 1 if raw[0] != "-" else low - 1)
    if not low <= value <= high:
        shown = raw if len(raw) <= 30 else f"{raw[:12]}… ({len(digits):,} digits)"
        raise argparse.ArgumentTypeError(f"must be from {low:,} to {high:,}, not {shown}")
    return value


def whole(low: int, high: int) -> Callable[[str], int]:
    """An option's type: ``whole_number`` from ``low`` to ``high``."""

    def parse(text: str) -> int:
        return whole_number(text, low, high)

    return parse


steps = whole(0, MAX_STEPS)
seed = whole(0, MAX_SEED)
jobs = whole(1, MAX_JOBS)
probes = whole(2, MAX_PROBES)  # (the spread needs two)
queens_size = whole(1, MAX_QUEENS)


def size(text: str) -> tuple[int, int]:
    """--size: N or RxC."""
    try:
        return parse_size(text)
    except BoardError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_workers(p: argparse.ArgumentParser, what: str) -> None:
    """--jobs and --scheduler: where the independent pieces of the work run."""
    p.add_argument(
        "--jobs",
        type=jobs,
        default=None,
        metavar="N",
        help=f"worker processes for {what} (default: every usable CPU, "
        f"{parallel.usable_cpus()} here; work of less than about a second runs in this "
        "process); --jobs 1 uses one core. Results are the same for any N",
    )
    p.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="run the pieces on an existing Dask cluster instead, e.g. tcp://10.0.0.5:8786 "
        f"(default: ${parallel.ENV_SCHEDULER} if set); needs pip install 'knightviz[cluster]'",
    )


def add_checkpoint(p: argparse.ArgumentParser, what: str) -> None:
    """--checkpoint: a count that survives a restart (``parallel.checkpoint``)."""
    p.add_argument(
        "--checkpoint",
        default=None,
        metavar="FILE",
        help=f"record {what}'s plan and each finished piece in FILE (created if missing); "
        "the same command with the same FILE resumes after a crash, a kill or Ctrl-C, runs "
        "only the pieces not recorded and prints the same total (a FILE of another count "
        "is refused). Not with --limit",
    )


#: Knuth's probes per first piece of a plan printed by --plan (a count makes 256: a plan is
#: read, not run, and the tours' heavy-tailed trees need many more probes not to say too few).
PLAN_PROBES = 16_384


def add_plan(p: argparse.ArgumentParser, what: str) -> None:
    """--plan and its --probes: the count's plan printed, nothing counted."""
    p.add_argument(
        "--plan",
        action="store_true",
        help=f"print the plan of {what} and count nothing: its pieces (the largest shares), "
        "Knuth's estimate of its nodes, its core-hours and its time on 1, 2, 8 and 64 "
        "workers and on this machine's (and on --jobs N)",
    )
    p.add_argument(
        "--probes",
        type=probes,
        default=None,
        metavar="N",
        help=f"with --plan: Knuth's random probes per first piece; default {PLAN_PROBES:,}",
    )


#: What --plan cannot take: (option, dest, default, why).
_NOT_WITH_PLAN = (
    ("--limit", "limit", None, "it plans the whole count and runs nothing"),
    ("--scheduler", "scheduler", None, "it runs nothing; --jobs N plans for N workers"),
    ("--first", "first", False, "it plans counting every solution"),
    ("--trace", "trace", False, "no steps to show"),
    ("--html", "html", None, "no steps to show"),
    ("--strategy-file", "strategy_file", None, "it plans the engine's own count"),
    ("--checkpoint", "checkpoint", None, "it runs nothing, so records nothing"),
)


def refuse_with_plan(args: argparse.Namespace) -> None:
    """--plan counts nothing: what only a run uses is refused in one line."""
    if not getattr(args, "plan", False):
        if getattr(args, "probes", None) is not None and args.command != "estimate":
            raise UsageError("--probes is for --plan: a count makes its own probes")
        return
    for option, dest, default, why in _NOT_WITH_PLAN:
        if _given(args, dest, default):
            raise UsageError(f"{option} cannot be combined with --plan ({why})")
    fmt = getattr(args, "format", "count")
    if named(args, "--format") and fmt not in ("count", "json"):
        raise UsageError(f"--plan prints the count's plan: --format count or json, not {fmt}")


def add_shape(p: argparse.ArgumentParser) -> None:
    """--holes, --board and --leaper: the board's shape and its piece."""
    p.add_argument(
        "--holes",
        default=None,
        metavar="SQUARES",
        help="squares removed from the board, e.g. d4,e5 (a tour visits every other square)",
    )
    p.add_argument(
        "--board",
        default=None,
        metavar="FILE",
        help="the board's shape from a text file: one line per row, rank 8 (the top) first, "
        "'.' a square, '#' a hole; sets the size",
    )
    p.add_argument(
        "--leaper",
        default="knight",
        metavar="PIECE",
        help="the piece: knight (1,2; default), camel (1,3), zebra (2,3), giraffe (1,4), or "
        "A,B for any (a, b)-leaper with 1 <= a <= b <= 7; its eight moves come in the "
        "knight's classic order with 1 read as a and 2 as b",
    )


def named(args: argparse.Namespace, option: str) -> bool:
    """``option`` is on the command line, whole or abbreviated as argparse allows."""
    return any(len(word) > 2 and option.startswith(word) for word in getattr(args, "given", ()))


def resolve_shape(args: argparse.Namespace) -> None:
    """Set ``args.size`` and ``args.shape`` from --size, --board, --holes and --leaper."""
    if not hasattr(args, "leaper"):
        args.shape = FULL
        return
    if args.board is not None:
        rows, cols, holes = parse_grid(read_board_file(args.board))
        if named(args, "--size") and args.size != (rows, cols):
            raise UsageError(
                f"--size {args.size[0]}x{args.size[1]} and the --board file's {rows}x{cols} "
                "differ: the file sets the size, leave --size out"
            )
        args.size = (rows, cols)
    else:
        holes = frozenset()
    rows, cols = args.size
    if args.holes is not None:
        holes = holes | parse_holes(args.holes, rows, cols)
    args.shape = Shape(holes, parse_leaper(args.leaper))
    Board(rows, cols, args.shape)  # validates: at least one square left


def read_board_file(path: str) -> str:
    """The text of a --board file, read no further than MAX_BOARD_FILE bytes."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BOARD_FILE + 1)
        if len(data) > MAX_BOARD_FILE:
            raise UsageError(
                f"--board {path}: a board file is at most {MAX_BOARD_FILE:,} bytes "
                f"(16 MiB); this one is longer"
            )
        return data.decode("utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read --board {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"cannot read --board {path}: not UTF-8 text ({exc.reason})") from None


def add_strategy(p: argparse.ArgumentParser) -> None:
    """--size, the shape, and how the tour search chooses its moves."""
    p.add_argument(
        "--size",
        type=size,
        default=(8, 8),
        metavar="N|RxC",
        help="board size: N for N×N, or RxC (rows x columns); default 8",
    )
    add_shape(p)
    p.add_argument(
        "--heuristic",
        choices=[h.value for h in Heuristic],
        default="warnsdorff",
        help="move ordering: none = the classic fixed order, warnsdorff = fewest onward "
        "moves first (default)",
    )
    p.add_argument(
        "--tie-break",
        choices=[t.value for t in TieBreak],
        default="first",
        help="Warnsdorff ties: first/last in the classic order, roth = farthest from the "
        "centre, random (see --seed); default first",
    )
    p.add_argument("--seed", type=seed, default=0, metavar="N", help="seed for --tie-break random")
    p.add_argument(
        "--no-backtrack",
        action="store_true",
        help="greedy walk: stop at the first dead end instead of backtracking",
    )
    p.add_argument(
        "--closed", action="store_true", help="closed tour: end a knight's move from the start"
    )
    p.add_argument(
        "--search-anyway",
        action="store_true",
        help="search even where a known fact says no tour exists (to see it proved)",
    )


def add_strategy_file(p: argparse.ArgumentParser, functions: str) -> None:
    """--strategy-file: the user's Python chooses the order (``strategy_file.py``)."""
    p.add_argument(
        "--strategy-file",
        default=None,
        metavar="FILE.py",
        help=f"try the candidates in the order your Python file says: it defines {functions} "
        "(docs/strategies.md); run in a separate process; exit 3 when it fails while searching",
    )


def add_html(p: argparse.ArgumentParser) -> None:
    """--html and its --lang: the run as one page for a browser."""
    p.add_argument(
        "--html",
        default=None,
        metavar="FILE",
        help="also write the run as one interactive HTML page (the same run as the text "
        "output): board, timeline and search stack, to open offline in any browser",
    )
    p.add_argument(
        "--lang",
        choices=["en", "zh_CN"],
        default="en",
        help="the language of the --html page: en (default) or zh_CN (Simplified Chinese)",
    )


#: The knight's-tour options: what ``tree --queens`` has no use for.
_KNIGHT_ONLY = (
    ("--start", "start", None),
    ("--holes", "holes", None),
    ("--board", "board", None),
    ("--closed", "closed", False),
    ("--heuristic", "heuristic", "warnsdorff"),
    ("--tie-break", "tie_break", "first"),
    ("--seed", "seed", 0),
    ("--no-backtrack", "no_backtrack", False),
    ("--search-anyway", "search_anyway", False),
)

#: What only orders a search's moves: the estimate's tree is the same in every order.
_ORDER_ONLY = (
    ("--heuristic", "heuristic", "warnsdorff"),
    ("--tie-break", "tie_break", "first"),
    ("--no-backtrack", "no_backtrack", False),
)


def _given(args: argparse.Namespace, dest: str, default: object) -> bool:
    """The option was given a value that is not its default (argparse's abbreviations
    included: ``--sea`` is ``--search-anyway``)."""
    return getattr(args, dest, default) != default


def refuse_unused(args: argparse.Namespace) -> None:
    """Every option a command accepts changes its run, or is refused here in one line:
    never taken and then ignored (a tree of the wrong piece, a tour through a hole)."""
    command = getattr(args, "command", None)
    refuse_with_plan(args)
    if _given(args, "lang", "en") and getattr(args, "html", None) is None:
        raise UsageError("--lang is the language of the --html page: give --html FILE too")
    if command == "tree" and args.queens:
        for option, dest, default in _KNIGHT_ONLY:
            if _given(args, dest, default):
                raise UsageError(f"{option} is for a knight's tour's tree, not with --queens")
        if args.shape.leaper != KNIGHT:
            raise UsageError("--leaper is for a knight's tour's tree, not with --queens")
    elif command in ("solve", "sweep", "tree") and getattr(args, "method", "") != "construct":
        if _given(args, "tie_break", "first") and args.heuristic == "none":
            raise UsageError("--tie-break breaks Warnsdorff's ties: not with --heuristic none")
        if _given(args, "seed", 0) and args.tie_break != "random":
            raise UsageError("--seed seeds --tie-break random: give that too, or leave it out")
    if command == "solve" and args.method == "construct":
        if not args.shape.classic:
            option = (
                "--holes"
                if args.holes is not None
                else ("--leaper" if args.shape.leaper != KNIGHT else "--board")
            )
            why = "removed squares" if option != "--leaper" else "another piece"
            raise UsageError(
                f"{option}: --method construct builds a knight's tour of a whole board, "
                f"not one with {why}; use --method search"
            )
        if args.html is not None:
            raise UsageError("--html is for --method search: a construction has no steps to show")
    if command == "estimate":
        for option, dest, default in _ORDER_ONLY:
            if _given(args, dest, default):
                raise UsageError(
                    f"{option} does not change the estimate: every order of moves searches "
                    "the same tree, which the probes measure"
                )
    if _given(args, "checkpoint", None):
        if getattr(args, "limit", None) is not None:
            raise UsageError("--checkpoint resumes a whole count: not with --limit")
        if _given(args, "strategy_file", None):
            raise UsageError(
                "--checkpoint is for the engine's own count, which --strategy-file replaces "
                "by one search in this process"
            )
        if command != "count" and args.format != "count":
            raise UsageError("--checkpoint is for --format count: only a count is resumed")
    if command == "queens" and (args.format == "count" or args.plan):
        if args.trace:
            raise UsageError("--trace cannot be combined with --format count (no steps to show)")
    elif command == "queens":
        for option, dest in (("--jobs", "jobs"), ("--scheduler", "scheduler")):
            if _given(args, dest, None):
                raise UsageError(f"{option} is for --format count: a listing runs in one process")
