"""The command line: the headless engine for scripts, graders and benchmarks.

A public interface (README "Command line"): output formats and exit statuses are stable.
Exit 0 on success, 1 when no solution was found, 2 on a usage error (one line on stderr).
Qt is imported only when the desktop app is launched, so ``knightviz solve`` starts fast.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Any, NoReturn, cast

from .. import __version__
from ..engine import (
    BATCH_ORDER,
    CLASSIC_ORDER,
    Board,
    BoardError,
    Heuristic,
    Outcome,
    Result,
    Strategy,
    TieBreak,
    TourConfig,
    TourSearch,
    closed_tour_exists,
    construct,
    kernels,
    open_tour_exists,
    parallel,
    parse_size,
    trace,
)
from ..engine.board import FULL, Shape, parse_grid, parse_holes, parse_leaper
from ..engine.estimate import TreeEstimator, tour_probe
from ..engine.formats import (
    queens_ending,
    queens_payload,
    queens_solution_text,
    shape_payload,
    solve_payload,
    solve_text,
)
from ..engine.queens import MAX_QUEENS, QueensSearch
from ..engine.tree import TreeIndex, first_levels, queens_children, record_search, tour_children
from ..engine.verdict import impossibility
from ..engine.words import log_duration, log_figure, progress_line

PROG = "knightviz"
EXIT_OK, EXIT_NOT_FOUND, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad command-line input: reported as one line on stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on ONE line (no usage block) and exits 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # "-1,0" is a value (a square off the board), not an unknown option: the error
        # then says what is wrong with it.
        self._negative_number_matcher = re.compile(r"^-\d+$|^-\d*\.\d+$|^-\d+,-?\d+$")

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _size(text: str) -> tuple[int, int]:
    try:
        return parse_size(text)
    except BoardError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


#: ASCII digits only, in groups separated by ``_`` or ``,`` (1_000_000, 16,501,401): the one
#: number syntax of every option (full-width digits are refused everywhere, as --size refuses them).
_WHOLE = re.compile(r"[+-]?[0-9]+(?:[_,][0-9]+)*")
#: Bounds of the numeric options (README "Command line"): past them, a usage error naming
#: the range, never a run that cannot end or a number the engine cannot hold.
MAX_STEPS = 2**63 - 1
MAX_SEED = 2**32 - 1
MAX_PROBES = 100_000_000
MAX_JOBS = 1024


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


def _whole(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        return whole_number(text, low, high)

    return parse


_count = _whole(0, MAX_STEPS)
_seed = _whole(0, MAX_SEED)
_jobs = _whole(1, MAX_JOBS)
_probes = _whole(2, MAX_PROBES)  # (the spread needs two)
_queens_size = _whole(1, MAX_QUEENS)


def _add_workers(p: argparse.ArgumentParser, what: str) -> None:
    """--jobs and --scheduler: where the independent pieces of the work run."""
    p.add_argument(
        "--jobs",
        type=_jobs,
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


def _add_shape(p: argparse.ArgumentParser) -> None:
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


def _resolve_shape(args: argparse.Namespace) -> None:
    """Set ``args.size`` and ``args.shape`` from --size, --board, --holes and --leaper."""
    if not hasattr(args, "leaper"):
        args.shape = FULL
        return
    if args.board is not None:
        try:
            with open(args.board, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"cannot read --board {args.board}: {exc}") from None
        rows, cols, holes = parse_grid(text)
        args.size = (rows, cols)
    else:
        holes = frozenset()
    rows, cols = args.size
    if args.holes is not None:
        holes = holes | parse_holes(args.holes, rows, cols)
    args.shape = Shape(holes, parse_leaper(args.leaper))
    Board(rows, cols, args.shape)  # validates: at least one square left


def _add_strategy(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--size",
        type=_size,
        default=(8, 8),
        metavar="N|RxC",
        help="board size: N for N×N, or RxC (rows x columns); default 8",
    )
    _add_shape(p)
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
    p.add_argument("--seed", type=_seed, default=0, metavar="N", help="seed for --tie-break random")
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


def _add_html(p: argparse.ArgumentParser) -> None:
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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Watch backtracking search think: knight's tours and N-Queens. "
        "With no command, opens the desktop app.",
        epilog="Squares are named like a8 (file letter, rank; a8 is the top-left of 8x8) or "
        "given as row,col (0-based, row 0 at the top). The tutorials' programs, byte for byte: "
        "solve --format c|py, batch, queens --format results|ascii. count, queens --format "
        "count and sweep run on every CPU (--jobs) or a Dask cluster (--scheduler), with a "
        "progress bar on a terminal; Ctrl-C prints the partial count (exit 130). Exit "
        "status: 0 found, 1 no solution, 2 usage error. With no command the desktop app "
        "opens; it also takes Qt's standard options (e.g. -style fusion).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    solve = sub.add_parser(
        "solve",
        help="find one knight's tour",
        description="Find one knight's tour and print it. Exit 1 if none was found.",
    )
    _add_strategy(solve)
    solve.add_argument(
        "--method",
        choices=["search", "construct"],
        default="search",
        help="search: backtracking as --heuristic says (default); construct: build a closed "
        "tour without search by Parberry's divide and conquer, for boards with both sides "
        "even, at least 6 and close in length (N, or N x N+2), in time linear in the board",
    )
    solve.add_argument(
        "--start",
        default=None,
        metavar="SQUARE",
        help="start square (a8 or 0,0); default the top-left square",
    )
    solve.add_argument(
        "--limit",
        type=_count,
        default=None,
        metavar="STEPS",
        help="give up after this many steps (moves + backtracks)",
    )
    solve.add_argument(
        "--format",
        choices=["matrix", "c", "py", "sequence", "algebraic", "json"],
        default="matrix",
        help="matrix: move numbers per board row (default); c: the tutorial's C/C++ "
        "layout, ' %%2d ' per square; py: its Python3/Java/C# layout, each number and a "
        "space; sequence: square numbers 1..rows*cols in visiting order; algebraic: square "
        "names; json: everything. With no tour, c prints 'Solution does not exist' with no "
        "newline, py with one (no reason line; --stats puts it on stderr)",
    )
    solve.add_argument(
        "--stats",
        action="store_true",
        help="also print moves, backtracks, steps and time on stderr",
    )
    _add_html(solve)
    solve.add_argument(
        "--trace",
        action="store_true",
        help="first print every event, one per line: 'move SQ', 'backtrack SQ', and what "
        "the search examined and passed by before each step: 'off-board DR,DC', "
        "'visited SQ', 'degree SQ D' and 'tie SQ K' (Warnsdorff); then the result as usual",
    )

    sub.add_parser(
        "batch",
        help="the classic batch program: start squares on stdin, tours on stdout",
        description="The classic non-recursive program: read start squares (1..64, "
        'row-major from the top-left) as its scanf("%d") does: integers separated by any '
        "whitespace, several per line, blank lines skipped, leading zeros and a sign allowed "
        "(007, +5); print each tour as one line of 64 square numbers, or -1 (a start outside "
        "1..64, or no tour). The integer -1 ends the input. Unlike the classic program: a "
        "token that is not an integer prints -1 and reading goes on ('5abc' reads 5 as scanf "
        "does, then 'abc' prints -1); end of input ends the run; start 21 prints a correct "
        "tour.",
    )

    count = sub.add_parser(
        "count",
        help="count every directed tour (small boards)",
        description="Count directed knight's tours by exhaustive search with dead-end "
        "pruning, split into independent pieces run on every CPU (5x5 and 6x6 take about a "
        "second; 7x7 about ten core-hours). Known facts come first: a board or square with no "
        "tour prints 0 at once, with the reason on stderr. A count estimated to take more "
        "than a minute says so first. On a terminal a progress bar with the time left runs "
        "on stderr. Ctrl-C stops every worker and prints the count so far as 'partial count: "
        "N ...' (exit 130); --limit does the same after a number of steps (exit 1).",
    )
    count.add_argument(
        "--size", type=_size, default=(5, 5), metavar="N|RxC", help="board size; default 5"
    )
    count.add_argument(
        "--start",
        default=None,
        metavar="SQUARE",
        help="count tours from this square only (default: from every square)",
    )
    count.add_argument("--closed", action="store_true", help="count closed tours only")
    _add_shape(count)
    count.add_argument(
        "--limit",
        type=_count,
        default=None,
        metavar="STEPS",
        help="stop after this many steps (entering and leaving a position are one step "
        "each) and print the partial count: the same for any --jobs",
    )
    _add_workers(count, "the count")

    sweep = sub.add_parser(
        "sweep",
        help="run a strategy from every start square",
        description="Run one strategy from every start square and report per square: "
        "outcome, moves, backtracks, steps; then a summary.",
    )
    _add_strategy(sweep)
    sweep.add_argument(
        "--limit",
        type=_count,
        default=1_000_000,
        metavar="STEPS",
        help="step limit per start square (default 1,000,000)",
    )
    sweep.add_argument("--format", choices=["table", "json"], default="table")
    _add_workers(sweep, "the start squares")

    queens = sub.add_parser(
        "queens",
        help="solve N-Queens",
        description="Place N queens so that none attacks another: every solution in order, "
        "or the first, or the count.",
    )
    queens.add_argument(
        "--size", type=_queens_size, default=8, metavar="N", help="board size; default 8"
    )
    queens.add_argument(
        "--trace",
        action="store_true",
        help="first print every event, one per line: 'place SQ', 'remove SQ', and each "
        "square rejected before a step with the constraint that holds it: 'column SQ', "
        "'ascending SQ' (x + y), 'descending SQ' (x - y); then the result as usual",
    )
    queens.add_argument(
        "--first",
        action="store_true",
        help="stop at the first solution (not with count or results)",
    )
    queens.add_argument(
        "--format",
        choices=["algebraic", "results", "ascii", "count", "json"],
        default="algebraic",
        help="algebraic: one line of squares per solution, rank 1 first, then 'N solutions' "
        "(default); results: the article's C# Main, ' d1 b2 g3 c4 f5 h6 e7 a8' (each "
        "solution with its ranks mirrored, as it reads its stack from the top) then "
        "'92 Results' (with no solution: an empty line, then '0 Results'); ascii: the "
        "article's boards, 'Solution:' then rank 1 on the top line, ' Q ' or ' * ' a square, "
        "then 'N solutions'; count: the number alone (counted by classes of the board's 8 "
        "symmetries, on every CPU); json",
    )
    queens.add_argument(
        "--limit",
        type=_count,
        default=None,
        metavar="STEPS",
        help="stop after this many steps (placements + removals) and print what was found "
        "so far, labelled partial (exit 1)",
    )
    _add_html(queens)
    _add_workers(queens, "--format count")
    estimate = sub.add_parser(
        "estimate",
        help="estimate the size of the whole search tree (Knuth's random probes)",
        description="Estimate how many positions the whole search tree from a start square "
        "has, and so how many steps an exhaustive search would take, by Knuth's method: "
        "random walks from the start to a dead end, averaged. The tree is that of every "
        "knight path (plain backtracking and Warnsdorff with backtracking search the same "
        "tree in different orders; the strategy options are accepted for convenience). "
        "Here --seed seeds the probes.",
    )
    _add_strategy(estimate)
    estimate.add_argument(
        "--start",
        default=None,
        metavar="SQUARE",
        help="start square (a8 or 0,0); default the top-left square",
    )
    estimate.add_argument(
        "--probes",
        type=_probes,
        default=2000,
        metavar="N",
        help="random probes; default 2000",
    )
    estimate.add_argument("--format", choices=["text", "json"], default="text")
    _add_tree(sub)
    return parser


def _add_tree(sub: Any) -> None:
    tree = sub.add_parser(
        "tree",
        help="print the first levels of the search tree as text",
        description="The search tree of a run at a step, its first levels as the window's "
        "Search tree panel draws them: each node's depth, square, share of the root (Knuth's "
        "equal shares per candidate, so the finished shares add up to the explored figure) "
        "and state: finished (entered and left, no solution below), solution (one below), "
        "path (on the search's path at that step) or untried; with the steps spent below a "
        "finished node.",
    )
    _add_strategy(tree)
    tree.add_argument(
        "--start",
        default=None,
        metavar="SQUARE",
        help="start square (a8 or 0,0); default the top-left square",
    )
    tree.add_argument(
        "--queens",
        action="store_true",
        help="the N-Queens search's tree on the N x N board of --size (strategy options are "
        "ignored)",
    )
    tree.add_argument(
        "--depth",
        type=_whole(0, MAX_TREE_DEPTH),
        default=3,
        metavar="D",
        help=f"levels below the root; default 3, at most {MAX_TREE_DEPTH}",
    )
    tree.add_argument(
        "--steps",
        type=_whole(0, MAX_TREE_STEPS),
        default=10_000,
        metavar="N",
        help="the tree after this many steps (or at the end of a shorter search); default 10000",
    )
    tree.add_argument("--format", choices=["text", "json"], default="text")


# -- solve -----------------------------------------------------------------------------


def _config(args: argparse.Namespace, start: int, limit: int | None) -> TourConfig:
    rows, cols = args.size
    strategy = Strategy(
        Heuristic(args.heuristic), TieBreak(args.tie_break), args.seed, not args.no_backtrack
    )
    return TourConfig(
        rows, cols, start, strategy, args.closed, limit, args.search_anyway, args.shape
    )


def _start(board: Board, text: str | None) -> int:
    """The start square named, or the first square that is not a hole."""
    if text is None:
        return next(sq for sq in range(board.size) if board.present(sq))
    try:
        square = board.parse(text)
    except BoardError as exc:
        raise UsageError(str(exc)) from None
    if not board.present(square):
        raise UsageError(f"start square {board.name(square)} is a hole")
    return square


def _board(args: argparse.Namespace) -> Board:
    rows, cols = args.size
    return Board(rows, cols, args.shape)


#: solve's options that only a search has: refused with --method construct.
SEARCH_ONLY = (
    "--heuristic",
    "--tie-break",
    "--seed",
    "--no-backtrack",
    "--limit",
    "--trace",
    "--search-anyway",
)


def _solve(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    board = _board(args)
    start = _start(board, args.start)
    if args.method == "construct":
        return _construct(args, board, start, out, err)
    config = _config(args, start, args.limit)
    search = TourSearch(config)
    if args.trace:
        search.trace = True
        order = board.order(config.strategy.order)
        while chunk := search.advance(4096):
            out.write("".join(trace_line(board, x, order) + "\n" for x in chunk))
    if args.html is not None:
        if args.trace:
            search = TourSearch(config)  # the traced one has run: the same search again
        result = _tour_page(args, config, search)
    else:
        result = search.run()
    tour = result.solution
    if args.format == "json":
        payload = solve_payload(
            board,
            start,
            heuristic=args.heuristic,
            tie_break=args.tie_break,
            seed=args.seed,
            backtrack=not args.no_backtrack,
            closed=args.closed,
            result=result,
        )
        out.write(json.dumps(payload) + "\n")
    else:
        out.write(solve_text(board, result, args.format))
    if args.stats:
        err.write(_stats(result) + "\n")
        if tour is None and args.format in ("c", "py"):
            err.write(f"{result.reason}\n")  # stdout has the verdict only, as the tutorial's
    return EXIT_OK if tour is not None else EXIT_NOT_FOUND


def _construct(
    args: argparse.Namespace, board: Board, start: int, out: IO[str], err: IO[str]
) -> int:
    """solve --method construct: the same output as a search's, from Parberry's construction."""
    given = [o for o in SEARCH_ONLY if o in args.given]
    if given:
        raise UsageError(f"{given[0]} is for --method search; a construction does not search")
    try:
        result = construct.solve(board.rows, board.cols, start, args.closed)
    except construct.ConstructError as exc:
        raise UsageError(str(exc)) from None
    if args.format == "json":
        payload = solve_payload(
            board,
            start,
            heuristic="none",
            tie_break="first",
            seed=0,
            backtrack=False,
            closed=args.closed,
            result=result,
        )
        payload.update(method="construct", heuristic=None, tie_break=None)
        out.write(json.dumps(payload) + "\n")
    else:
        out.write(solve_text(board, result, args.format))
    if args.stats:
        err.write(f"{result.outcome.value}: built without search in {result.seconds:.3f} s\n")
    return EXIT_OK if result.solution is not None else EXIT_NOT_FOUND


def _tour_page(args: argparse.Namespace, config: TourConfig, search: TourSearch) -> Result:
    """Run ``search`` recording every step, and write it as the --html page."""
    from ..page import PageError, knight_page_run

    html = os.path.basename(args.html)
    try:
        run = knight_page_run(config, search, html=html, lang=args.lang)
    except PageError as exc:
        raise UsageError(str(exc)) from None
    _write_page(run, args.html)
    return run.result


def _write_page(run: Any, path: str) -> None:
    from ..page import write_page

    try:
        write_page(run, path)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None


def _queens_page(args: argparse.Namespace, search: QueensSearch) -> Result:
    """Run ``search`` recording every step, and write it as the --html page."""
    from ..page import queens_page_run

    html = os.path.basename(args.html)
    run = queens_page_run(
        args.size, search, first=args.first, limit=args.limit, html=html, lang=args.lang
    )
    _write_page(run, args.html)
    return run.result


def _stats(result: Result) -> str:
    return (
        f"{result.outcome.value}: {result.moves:,} moves, {result.backtracks:,} backtracks, "
        f"{result.steps:,} steps in {result.seconds:.3f} s"
    )


# -- batch (docs/reference.md §3) ----------------------------------------------------------


def batch_tour(number: int) -> str:
    """One output line of the batch program for start square ``number`` (1..64)."""
    if not 1 <= number <= 64:
        return "-1"
    strategy = Strategy(Heuristic.WARNSDORFF, TieBreak.LAST, order=BATCH_ORDER)
    result = TourSearch(TourConfig(8, 8, number - 1, strategy)).run()
    if result.solution is None:
        return "-1"
    return " ".join(str(sq + 1) for sq in result.solution)


# One ``scanf("%d")`` conversion: C's whitespace (" \t\n\v\f\r") is skipped, then a sign and
# ASCII digits are read; anything else, up to the next whitespace, is one bad token. So
# ``5abc`` reads 5 as scanf does, then ``abc`` is the bad token scanf chokes on.
_SCANF_TOKEN = re.compile(r"([+-]?[0-9]+)|[^ \t\n\v\f\r]+")


def _scanf_value(text: str) -> int:
    """The value of a ``%d`` token, any number of leading zeros; huge magnitudes are capped
    (only -1 and 1..64 matter, and Python refuses to convert thousands of digits)."""
    digits = text.lstrip("+-").lstrip("0") or "0"
    value = int(digits) if len(digits) <= 18 else 10**18
    return -value if text.startswith("-") else value


def scanf_ints(lines: Iterable[str]) -> Iterator[int | None]:
    """The integers ``scanf("%d")`` reads from ``lines``, lazily (the batch program answers
    each start as it is typed); None for a token that is not an integer."""
    for line in lines:
        for token in _SCANF_TOKEN.finditer(line):
            number = token.group(1)
            yield None if number is None else _scanf_value(number)


def _batch(inp: IO[str], out: IO[str]) -> int:
    for number in scanf_ints(inp):
        if number == -1:
            break
        # A bad token: the classic program stops silently; knightviz answers -1 and reads on.
        out.write(("-1" if number is None else batch_tour(number)) + "\n")
        out.flush()
    return EXIT_OK


# -- count, sweep: pieces on every CPU, a progress bar, Ctrl-C ----------------------------

EXIT_INTERRUPTED = 130
#: Work estimated to take longer than this (seconds) says so before it starts.
ANNOUNCE_SECONDS = 60.0
#: Work estimated to take less than this runs in this process unless --jobs is given.
IN_PROCESS_SECONDS = 1.0


class ProgressBar:
    """One line on a terminal's stderr, redrawn in place: bar, percent, pieces, found so
    far, time left. Writes nothing when stderr is not a terminal."""

    WIDTH = 24

    def __init__(self, err: IO[str], noun: str) -> None:
        self.err = err
        self.noun = noun
        self.shown = err.isatty()
        self.drawn = False

    def __call__(self, p: parallel.Progress) -> None:
        if not self.shown:
            return
        self.err.write(f"\r{progress_line(p, self.noun, self.WIDTH)}\x1b[K")
        self.err.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.err.write("\r\x1b[K")
            self.err.flush()
            self.drawn = False


def _runner(args: argparse.Namespace, backend: str, seconds: float) -> parallel.Runner:
    """Where the pieces run: --scheduler (or $KNIGHTVIZ_SCHEDULER), else --jobs processes
    (default: every usable CPU, but this process alone for work of about a second)."""
    address = parallel.scheduler_address(args.scheduler)
    if address is not None:
        try:
            return parallel.DaskCluster(address, backend)
        except parallel.ClusterError as exc:
            raise UsageError(str(exc)) from None
    jobs = args.jobs
    if jobs is None:
        jobs = 1 if seconds < IN_PROCESS_SECONDS else parallel.usable_cpus()
    if jobs == 1 and seconds >= IN_PROCESS_SECONDS:
        # One worker process, not this one: a compiled piece cannot be interrupted, and
        # Ctrl-C must stop the count at once, not when the piece ends.
        return parallel.LocalPool(1, backend)
    return parallel.make_runner(jobs, None, backend)


def _announce(err: IO[str], what: str, log_seconds: float, workers: int, detail: str) -> None:
    """Say first, in one line, that the work will take long, and how to bound it."""
    if log_seconds < math.log(ANNOUNCE_SECONDS):
        return
    cores = f"{workers} core{'s' if workers != 1 else ''}"
    err.write(
        f"{PROG}: this {what} will take about {log_duration(log_seconds)} on {cores} "
        f"({detail}); --limit STEPS stops it sooner, Ctrl-C at any time, with a partial "
        "count\n"
    )
    err.flush()


def _board_fact(board: Board, start: int | None, closed: bool) -> str | None:
    """The known fact that rules out every tour counted here, or None. (With every start
    square, a square's own fact, its colour or a dead start, rules out only that square.)"""
    if start is not None:
        return impossibility(board, start, closed)
    if not board.shape.classic:  # a fact about every square, or None
        present = [sq for sq in range(board.size) if board.present(sq)]
        if any(impossibility(board, sq, closed) is None for sq in present):
            return None
        return impossibility(board, present[0], closed)
    exists = closed_tour_exists if closed else open_tour_exists
    return None if exists(board.rows, board.cols) else impossibility(board, 0, closed)


def _count_cmd(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    board = _board(args)
    start = None if args.start is None else _start(board, args.start)
    fact = _board_fact(board, start, args.closed)
    if fact is not None:
        err.write(f"{fact}\n")
        out.write("0\n")
        return EXIT_OK
    backend = kernels.choose()
    plan = parallel.plan_tours(
        board.rows, board.cols, start, args.closed, backend=backend, split=False, shape=args.shape
    )
    detail = f"about {log_figure(plan.log_nodes)} positions by Knuth's estimate"
    return _run_count(args, plan, "tours", detail, out, err)


def _run_count(
    args: argparse.Namespace,
    plan: parallel.Plan,
    noun: str,
    detail: str,
    out: IO[str],
    err: IO[str],
) -> int:
    """Announce long work, split it, run it with a progress bar, report it (count, queens)."""
    runner = _runner(args, plan.backend, plan.seconds(1))
    try:
        rate = parallel.RATES[(plan.kind, plan.backend, plan.small)] * runner.workers
        log_seconds = _bounded(plan.log_nodes, args.limit) - math.log(rate)
        _announce(err, "count", log_seconds, runner.workers, detail)
        bar = ProgressBar(err, noun)
        limit = None if args.limit is None else args.limit // 2
        try:
            parallel.refine(plan, runner.workers)
            outcome = parallel.run_plan(plan, runner, limit=limit, progress=bar)
        except KeyboardInterrupt:  # while splitting, before any piece ran
            outcome = parallel.RunOutcome([None] * len(plan.pieces), "interrupted")
        finally:
            bar.close()
    finally:
        parallel.close_runner(runner)
    return _report_count(parallel.total(plan, outcome), noun, out, args.limit)


def _bounded(log_nodes: float, limit: int | None) -> float:
    """The work a --limit leaves (a node is two steps: entering and leaving it)."""
    return log_nodes if not limit else min(log_nodes, math.log(max(1, limit // 2)))


def _report_count(result: parallel.CountResult, noun: str, out: IO[str], limit: int | None) -> int:
    """The count alone when complete; otherwise one line labelled partial."""
    if result.complete:
        out.write(f"{result.count}\n")
        return EXIT_OK
    why = {
        "interrupted": "interrupted by Ctrl-C",
        "cancelled": "cancelled",
        "limit": f"stopped at --limit {limit:,} steps" if limit is not None else "limit",
    }[result.stopped or "interrupted"]
    out.write(
        f"partial count: {result.count} {noun} ({why}; {result.pieces_done:,} of "
        f"{result.pieces:,} pieces finished; not the total)\n"
    )
    out.flush()
    return EXIT_INTERRUPTED if result.stopped == "interrupted" else EXIT_NOT_FOUND


def _sweep(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    board = _board(args)
    rows: list[dict[str, Any]] = []
    config = _config(args, 0, args.limit)
    fact = None if args.search_anyway else _board_fact(board, None, args.closed)
    if fact is not None:  # no square can start a tour: no square is searched
        if args.format == "json":
            payload = {
                "rows": board.rows,
                "cols": board.cols,
                **shape_payload(board),
                "strategy": config.strategy.describe(),
                "closed": args.closed,
                "limit": args.limit,
                "reason": fact,
                "starts": [],
                "summary": {"solved": 0, "starts": board.area},
            }
            out.write(json.dumps(payload) + "\n")
        else:
            out.write(f"{fact}\nsolved 0 of {board.area} starts\n")
        return EXIT_NOT_FOUND
    backend = kernels.choose()
    seconds = python_seconds(args) / (1 if backend == kernels.PYTHON else 20)
    runner = _runner(args, backend, seconds)
    try:
        if config.strategy.heuristic is Heuristic.NONE and args.limit is not None:
            # Plain backtracking mostly runs to its cap: the cap bounds the time.
            steps = float(args.limit) * board.area
            rate = (PLAIN_STEPS if backend == kernels.NUMBA else PY_PLAIN_STEPS) * runner.workers
            _announce(
                err,
                "sweep",
                math.log(max(steps, 1.0) / rate),
                runner.workers,
                f"at most {args.limit:,} steps from each of {board.area:,} squares",
            )
        bar = ProgressBar(err, "solved")
        try:
            swept = parallel.sweep(
                board.rows,
                board.cols,
                config.strategy,
                args.closed,
                args.limit,
                args.search_anyway,
                runner=runner,
                progress=bar,
                backend=backend,
                shape=args.shape,
            )
        finally:
            bar.close()
    finally:
        parallel.close_runner(runner)
    for run in swept.runs:
        if run is None:
            continue
        r, c = board.coords(run.square)
        rows.append(
            {
                "square": board.name(run.square),
                "row": r,
                "col": c,
                "outcome": run.outcome.value,
                "moves": run.moves,
                "backtracks": run.backtracks,
                "steps": run.steps,
                "seconds": round(run.seconds, 6),
            }
        )
    if swept.stopped is not None:
        solved = sum(row["outcome"] == Outcome.SOLVED.value for row in rows)
        out.write(
            f"partial sweep: {solved} solved of the {len(rows):,} of {board.area:,} starts "
            f"finished ({swept.stopped}; not the whole board)\n"
        )
        return EXIT_INTERRUPTED
    solved = sum(row["outcome"] == Outcome.SOLVED.value for row in rows)
    worst = max(rows, key=lambda row: row["steps"])
    summary = {
        "solved": solved,
        "starts": len(rows),
        "total_steps": sum(row["steps"] for row in rows),
        "worst_steps": worst["steps"],
        "worst_square": worst["square"],
        "seconds": round(sum(row["seconds"] for row in rows), 6),
    }
    if args.format == "json":
        payload = {
            "rows": board.rows,
            "cols": board.cols,
            **shape_payload(board),
            "strategy": config.strategy.describe(),
            "closed": args.closed,
            "limit": args.limit,
            "starts": rows,
            "summary": summary,
        }
        out.write(json.dumps(payload) + "\n")
    else:
        out.write(
            f"{'square':>6} {'row':>4} {'col':>4} {'outcome':<10} {'moves':>12} "
            f"{'backtracks':>12} {'steps':>12}\n"
        )
        for row in rows:
            out.write(
                f"{row['square']:>6} {row['row']:>4} {row['col']:>4} {row['outcome']:<10} "
                f"{row['moves']:>12,} {row['backtracks']:>12,} {row['steps']:>12,}\n"
            )
        out.write(
            f"solved {solved} of {len(rows)} starts; total steps {summary['total_steps']:,}; "
            f"worst {summary['worst_steps']:,} steps from {summary['worst_square']}\n"
        )
    return EXIT_OK if solved == len(rows) else EXIT_NOT_FOUND


# -- queens ----------------------------------------------------------------------------


def _queens_count(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    plan = parallel.plan_queens(args.size, backend=kernels.choose(), split=False)
    detail = f"about {log_figure(plan.log_nodes)} queens to place by Knuth's estimate"
    return _run_count(args, plan, "solutions", detail, out, err)


#: Queens placed per second when every solution is listed (compiled; pure Python).
QUEENS_LIST_RATE = {kernels.NUMBA: 3e7, kernels.PYTHON: 1.5e6}


def _queens_announce(args: argparse.Namespace, err: IO[str]) -> None:
    """Listing every solution of a large board takes long: say so first (Knuth's estimate
    of the whole tree: every queen on every free square of the next rank)."""
    if args.first or args.size <= 12 or args.limit is not None:
        return
    from ..engine.count_estimate import queens_plain_log_nodes

    log_nodes = queens_plain_log_nodes(args.size, probes=200)
    rate = QUEENS_LIST_RATE[kernels.choose()]
    _announce(
        err,
        "search",
        log_nodes - math.log(rate),
        1,
        f"about {log_figure(log_nodes)} queens to place by Knuth's estimate",
    )


def _queens(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    n = args.size
    if args.first and args.format == "results":
        # That program has no such mode: its output always ends with the total count.
        raise UsageError("--first cannot be combined with --format results")
    if args.format == "count":
        if args.first:
            raise UsageError("--first cannot be combined with --format count")
        if args.html is not None:
            raise UsageError("--html cannot be combined with --format count (no steps to show)")
        return _queens_count(args, out, err)
    _queens_announce(args, err)
    search = QueensSearch(n, first=args.first, limit=args.limit)
    board = search.board
    if args.format == "json":
        result = search.run() if args.html is None else _queens_page(args, search)
        payload = queens_payload(board, search.solutions, result, args.first)
        out.write(json.dumps(payload) + "\n")
        return EXIT_OK if result.count or not args.first else EXIT_NOT_FOUND

    def show(solution: tuple[int, ...]) -> None:
        out.write(queens_solution_text(board, solution, args.format))

    if args.trace:
        # The trace first, then the solutions as usual (not interleaved with it).
        found: list[tuple[int, ...]] = []
        search = QueensSearch(n, first=args.first, on_solution=found.append, limit=args.limit)
        search.trace = True
        while chunk := search.advance(4096):
            out.write("".join(trace_line(board, x, queens=True) + "\n" for x in chunk))
        for solution in found:
            show(solution)
    else:
        search = QueensSearch(n, first=args.first, on_solution=show, limit=args.limit)
    if args.html is None:
        result = search.run()
    elif args.trace:  # the traced search has run: the same search again, for the page
        result = _queens_page(args, QueensSearch(n, first=args.first, limit=args.limit))
    else:
        result = _queens_page(args, search)
    if result.outcome is Outcome.LIMIT:
        out.write(
            f"partial: {result.count} solution{'' if result.count == 1 else 's'} found before "
            f"--limit {args.limit:,} steps (not all of them)\n"
        )
        return EXIT_NOT_FOUND
    out.write(queens_ending(result, args.format, args.first))
    if args.first and result.count == 0:
        return EXIT_NOT_FOUND
    return EXIT_OK


# -- backend ---------------------------------------------------------------------------

#: Loading the compiled kernels costs about this much once per process (numba import
#: 0.25 s + loading the cached kernels 0.2 s; the very first run on a machine also compiles
#: them, about 5 s, and caches them).
KERNEL_LOAD_SECONDS = 0.5
#: Pure-Python speeds on the benchmark machine (steps per second), and the compiled plain
#: search's.
PY_PLAIN_STEPS = 4e6
PY_GUIDED_STEPS = 1e6
PLAIN_STEPS = 1e8


def python_seconds(args: argparse.Namespace) -> float:
    """Rough time this command would take on the pure-Python engine (0.0 when tiny).

    The break-even is KERNEL_LOAD_SECONDS: loading the kernels (0.45 s, cached) pays once
    the pure-Python engine would take longer than that. Measured (2 shared cores, Python
    3.11, benchmarks/engine_compiled.py and the figures below): plain backtracking runs
    4.3 M steps/s in Python (any 6x6 start may need billions of steps; 5x5 starts at most
    1.6 M), 100 M steps/s compiled; Warnsdorff costs ~1.6 µs a square in Python (500x500:
    0.38 s, 1000x1000: 1.69 s) against 0.16 s compiled for 1000x1000, so boards beyond
    ~250,000 squares load the kernels; a sweep is squares² of that (20x20 roth: 0.18 s in
    Python; 100x100: 5 s compiled); counting 5x5 takes 0.2 s in Python, 6x6 minutes
    (compiled: about a second); N-Queens: counting 12 takes 0.15 s and 13 0.87 s in Python,
    listing all solutions of 11 0.11 s and of 12 1.1 s.
    """
    command = args.command
    if command in ("solve", "sweep"):
        rows, cols = args.size
        squares = rows * cols
        if args.heuristic == "none":
            steps = float("inf") if squares >= 36 else 2e6 * (squares >= 25)
            per_second = PY_PLAIN_STEPS
        else:
            steps = 2.0 * squares  # table building and a walk with little backtracking
            per_second = PY_GUIDED_STEPS
        if command == "sweep":
            steps *= squares
        if args.limit is not None:
            steps = min(steps, float(args.limit) * (squares if command == "sweep" else 1))
        return steps / per_second
    if command == "count":
        rows, cols = args.size
        board = Board(rows, cols, args.shape)
        start = None
        if args.start is not None:
            try:
                start = board.parse(args.start)
            except BoardError:
                return 0.0  # a usage error, reported without loading anything
        if rows * cols <= 25 or _board_fact(board, start, args.closed) is not None:
            return 0.0
        return float("inf")
    if command == "queens":
        if args.first:
            return 0.0
        largest_quick = 12 if args.format == "count" else 11
        return 0.0 if args.size <= largest_quick else float("inf")
    return 0.0  # batch: 8x8 Warnsdorff, milliseconds


def use_kernels(args: argparse.Namespace) -> bool:
    """Load the compiled kernels for this command when it pays (see ``python_seconds``).

    ``KNIGHTVIZ_ENGINE=python`` or a machine without numba keep everything pure Python;
    ``KNIGHTVIZ_ENGINE=numba`` loads them for every command (inside the engine).
    """
    if os.environ.get(kernels.ENV, "").strip().lower() == kernels.PYTHON:
        return False
    if not kernels.available() or python_seconds(args) <= KERNEL_LOAD_SECONDS:
        return False
    kernels.load()
    return True


# -- trace and estimate -----------------------------------------------------------------


def trace_line(
    board: Board, x: int, order: Sequence[tuple[int, int]] = CLASSIC_ORDER, queens: bool = False
) -> str:
    """One event of a traced stream as a line for scripts (see --trace in --help)."""
    if not trace.is_considered(x):
        if queens:
            return f"place {board.name(x)}" if x >= 0 else f"remove {board.name(~x)}"
        return f"move {board.name(x)}" if x >= 0 else f"backtrack {board.name(~x)}"
    c = trace.decode(x)
    kind = c.kind
    if kind is trace.Kind.OFF_BOARD:
        dr, dc = order[c.payload]
        return f"off-board {dr:+d},{dc:+d}"
    name = board.name(c.payload)
    if kind is trace.Kind.DEGREE:
        return f"degree {name} {c.value}"
    if kind is trace.Kind.TIE:
        return f"tie {name} {c.value}"
    return f"{kind.name.lower().replace('_', '-')} {name}"


def _estimate(args: argparse.Namespace, out: IO[str]) -> int:
    board = _board(args)
    start = _start(board, args.start)
    probe = tour_probe(board.rows, board.cols, start, shape=args.shape)
    estimator = TreeEstimator(probe, seed=args.seed)
    est = estimator.run(args.probes)
    if args.format == "json":
        payload = {
            "rows": board.rows,
            "cols": board.cols,
            **shape_payload(board),
            "start": list(board.coords(start)),
            "probes": est.probes,
            "seed": args.seed,
            # Plain figures while a double holds them (null beyond, about 10^308); the
            # log10 figures always (-inf, for a start with no move at all, as null).
            "nodes": _finite(est.nodes),
            "stderr": _finite(est.stderr),
            "relative_error": _finite(est.relative_error),
            "steps": _finite(est.steps),
            "log10_nodes": _finite(est.log10_nodes),
            "log10_steps": _finite(est.log10_steps),
        }
        out.write(json.dumps(payload, allow_nan=False) + "\n")
        return EXIT_OK
    out.write(
        f"search tree from {board.name(start)} on {_described(board)}: about "
        f"{_magnitude(est.log10_nodes)} "
        f"positions (± {est.relative_error:.0%}, {est.probes:,} probes, seed {args.seed})\n"
        f"an exhaustive search would take about {_magnitude(est.log10_steps)} steps\n"
    )
    return EXIT_OK


#: From 10^100 on a figure is printed as a power of ten ("10^152.3"): past a double's range
#: (about 10^308) there is no other way, and below it the same form reads alike.
_POWER_FROM = 100.0


def _magnitude(log10_value: float) -> str:
    """A count given by its log10: "6.37e+21" as before for ordinary trees, "10^152.3"
    for astronomical ones (whose figure a double cannot hold)."""
    if log10_value == -math.inf:
        return "0"
    if log10_value < _POWER_FROM:
        return f"{10.0**log10_value:.3g}"
    return f"10^{log10_value:.1f}"


def _finite(value: float) -> float | None:
    """A float for JSON, which has no inf or nan: those become null."""
    return value if math.isfinite(value) else None


def _estimate_fact(args: argparse.Namespace) -> str | None:
    """A known fact answers before any probe: no tour to estimate the search for."""
    if args.search_anyway:
        return None
    board = _board(args)
    return impossibility(board, _start(board, args.start), args.closed)


# -- tree ------------------------------------------------------------------------------

#: The deepest --depth printed: each level multiplies the lines by up to eight.
MAX_TREE_DEPTH = 8
#: The most steps --steps records (4 bytes each).
MAX_TREE_STEPS = 100_000_000


def _tree(args: argparse.Namespace, out: IO[str]) -> int:
    if not 0 <= args.depth <= MAX_TREE_DEPTH:
        raise UsageError(f"--depth must be from 0 to {MAX_TREE_DEPTH}")
    if not 0 <= args.steps <= MAX_TREE_STEPS:
        raise UsageError(f"--steps must be from 0 to {MAX_TREE_STEPS:,}")
    rows, cols = args.size
    board = Board(rows, cols)
    search: Any
    if args.queens:
        if rows != cols:
            raise UsageError("--queens needs a square board (--size N)")
        search = QueensSearch(rows, backend="python")
        children = queens_children(rows)
        goal: int | None = rows
        what = f"N-Queens search on {board}"
    else:
        start = _start(board, args.start)
        fact = None if args.search_anyway else impossibility(board, start, args.closed)
        if fact is not None:
            out.write(f"{fact}\n")
            return EXIT_NOT_FOUND
        config = _config(args, start, None)
        search = TourSearch(config)
        children = tour_children(TourSearch(config, backend="python"))
        goal = None if args.closed else rows * cols
        how = (
            "plain backtracking"
            if args.heuristic == "none"
            else (f"Warnsdorff's rule (ties: {args.tie_break})")
        )
        if args.no_backtrack:
            how += " without backtracking"
        what = (
            f"{'closed ' if args.closed else ''}tour by {how} from {board.name(start)} on {board}"
        )
    rec = record_search(search, args.steps, goal)
    index = TreeIndex(rec, children, goal)
    at = index.limit
    ended = search.result is not None or at < args.steps
    nodes = list(first_levels(index, at, args.depth))
    if args.format == "json":
        payload = {
            "search": what,
            "step": at,
            "finished": ended,
            "explored": index.explored_fraction(at),
            "nodes": [
                {
                    "depth": n.depth - index.root_depth,
                    "square": None if n.square < 0 else board.name(n.square),
                    "share": f"1/{d}",
                    "state": n.state.value,
                    "entered": n.entered if n.entered >= 0 else None,
                    "steps_below": n.steps_below,
                }
                for n, d in nodes
            ],
        }
        out.write(json.dumps(payload) + "\n")
        return EXIT_OK
    status = "the search ended there" if ended else "the search goes on"
    out.write(
        f"search tree of the {what} after {at:,} steps ({status}); explored "
        f"{index.explored_fraction(at):.6g} of the whole tree\n"
        f"{'depth':>5}  {'square':<{6 + 2 * args.depth}}  {'share':<12}  {'state':<9}  "
        "steps below\n"
    )
    for n, d in nodes:
        level = n.depth - index.root_depth
        name = "(empty)" if n.square < 0 else board.name(n.square)
        below = "" if n.steps_below is None else f"{n.steps_below:,}"
        out.write(
            f"{level:>5}  {'  ' * level + name:<{6 + 2 * args.depth}}  {'1/' + str(d):<12}  "
            f"{n.state.value:<9}  {below}\n".rstrip()
            + "\n"
        )
    return EXIT_OK


def _described(board: Board) -> str:
    """``8x8`` for the knight's full board, else with the piece and holes named."""
    if board.shape.classic:
        return str(board)
    return f"{board.rows}x{board.cols} ({board.shape.describe(board)})"


# -- entry -----------------------------------------------------------------------------


COMMANDS = ("solve", "batch", "count", "sweep", "queens", "estimate", "tree")


def wants_app(args: Sequence[str]) -> bool:
    """No command, only options that are not ours: the desktop app with Qt's own options
    (``-style fusion``, ``-platform xcb``, ``-reverse``, …) and the app's (``--lang``)."""
    if not args:
        return True
    first = args[0]
    return first.startswith("-") and first not in ("-h", "--help")


#: Standard output could not be written (README "Command line": exit statuses).
EXIT_OUTPUT = 1
#: Options of ours that do not open the app.
OWN_OPTIONS = (["--install-desktop"], ["--uninstall-desktop"], ["--render-icons"], ["--version"])


class OutputError(Exception):
    """Standard output could not be written (full, closed, a device error)."""


class _Output(io.TextIOBase):
    """Standard output for the commands: any failure to write it becomes one OutputError
    (a closed pipe stays BrokenPipeError: the reader has all it wanted)."""

    def __init__(self, stream: IO[str] | None) -> None:
        super().__init__()
        self._stream = stream

    def _failed(self, exc: OSError | None) -> OutputError:
        if exc is None:
            return OutputError("standard output is closed")
        return OutputError(f"cannot write the output: {exc.strerror or exc}")

    def write(self, text: str) -> int:
        if self._stream is None:
            raise self._failed(None)
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:  # ValueError: a stream closed inside Python
            raise self._failed(exc if isinstance(exc, OSError) else None) from None

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as exc:
            raise self._failed(exc if isinstance(exc, OSError) else None) from None

    def isatty(self) -> bool:
        try:
            return self._stream is not None and self._stream.isatty()
        except (OSError, ValueError):
            return False


def _silence_stdout() -> None:
    """Point file descriptor 1 at /dev/null so the interpreter's last flush at exit cannot
    fail again (Python's documentation on SIGPIPE advises this)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass
    if sys.stdout is not None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives to exit)


def main(argv: Sequence[str] | None = None) -> int:
    """The ``knightviz`` command. Standard output full (``> /dev/full``) or closed
    (``>&-``): one line on stderr, exit 1; a closed pipe (``| head -1``): quietly."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    err: IO[str] = sys.stderr if sys.stderr is not None else io.StringIO()
    if wants_app(args_list) and args_list[:1] not in OWN_OPTIONS:
        return _main(args_list, sys.stdout, err)  # the desktop app: its output is its own
    out = cast("IO[str]", _Output(sys.stdout))
    stdout = sys.stdout
    sys.stdout = out  # (print() in the desktop commands too)
    try:
        try:
            code = _main(args_list, out, err)
        finally:
            out.flush()  # (also when argparse ends with --help)
        return code
    except BrokenPipeError:
        sys.stdout = stdout
        _silence_stdout()
        return EXIT_OUTPUT
    except OutputError as exc:
        sys.stdout = stdout
        err.write(f"{PROG}: error: {exc}\n")
        _silence_stdout()
        return EXIT_OUTPUT
    finally:
        if sys.stdout is out:
            sys.stdout = stdout


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
    parser = build_parser()
    try:
        args = parser.parse_args(args_list)
        args.given = {a.partition("=")[0] for a in args_list if a.startswith("--")}
        _resolve_shape(args)
        use_kernels(args)
        if args.command == "solve":
            return _solve(args, out, err)
        if args.command == "batch":
            if isinstance(sys.stdin, io.TextIOWrapper):
                # Undecodable bytes are just a bad token, never a traceback.
                sys.stdin.reconfigure(errors="surrogateescape")
            return _batch(sys.stdin, out)
        if args.command == "count":
            return _count_cmd(args, out, err)
        if args.command == "sweep":
            return _sweep(args, out, err)
        if args.command == "estimate":
            fact = _estimate_fact(args)
            if fact is not None:
                out.write(f"{fact}\n")
                return EXIT_NOT_FOUND
            return _estimate(args, out)
        if args.command == "tree":
            return _tree(args, out)
        return _queens(args, out, err)
    except UsageError as exc:
        err.write(f"{PROG}: error: {exc}\n")
        return EXIT_USAGE
    except (BoardError, kernels.BackendError) as exc:
        err.write(f"{PROG}: error: {exc}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        err.write(f"{PROG}: interrupted\n")
        return 130
