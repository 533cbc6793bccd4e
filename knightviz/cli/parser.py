"""The command line's grammar: every command, its options and their help.

Each command's options are declared here and its handler set with ``set_defaults``, so
``main`` dispatches by the parser alone; a command's module is imported when it runs. A
usage error is one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import re
from typing import IO, Any, NoReturn, TypeAlias

from . import options
from .common import PROG, Handler, UsageError
from .options import MAX_TREE_DEPTH, MAX_TREE_STEPS


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on ONE line (no usage block) and exits 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # "-1,0" is a value (a square off the board), not an unknown option: the error
        # then says what is wrong with it.
        self._negative_number_matcher = re.compile(r"^-\d+$|^-\d*\.\d+$|^-\d+,-?\d+$")

    def error(self, message: str) -> NoReturn:
        # argparse quotes the value it refused: an argument can be megabytes long.
        raise UsageError(_LONG_WORD.sub(_shorten, message))


#: A word of an error line too long to quote whole.
_LONG_WORD = re.compile(r"\S{201,}")


def _shorten(m: re.Match[str]) -> str:
    return f"{m[0][:20]}… ({len(m[0]):,} characters)"


class _Command:
    """A command's handler: the ``run`` of its module in knightviz/cli/commands, imported
    only when the command runs (``knightviz solve`` loads neither the tree nor the estimator)."""

    def __init__(self, name: str) -> None:
        self.module = f"{__package__}.commands.{name}"

    def __call__(self, args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
        run: Handler = importlib.import_module(self.module).run
        return run(args, out, err)


#: The subcommands' action, where each command adds its parser.
_Commands: TypeAlias = "argparse._SubParsersAction[Parser]"


#: The commands defined here; a command line naming one needs no puzzle's (``build_parser``).
OWN_COMMANDS = ("solve", "batch", "count", "sweep", "queens", "estimate", "tree")


def build_parser(puzzles: bool = True) -> argparse.ArgumentParser:
    """The command line's parser; without ``puzzles``, without the puzzles' commands
    (finding them imports every puzzle: a command line naming one of ``OWN_COMMANDS``
    saves that)."""
    parser = Parser(
        prog=PROG,
        description="Watch backtracking search think: knight's tours, N-Queens and the "
        "puzzles listed below. "
        "With no command, opens the desktop app.",
        epilog="Squares are named like a8 (file letter, rank; a8 is the top-left of 8x8) or "
        "given as row,col (0-based, row 0 at the top). The tutorials' programs, byte for byte: "
        "solve --format c|py, batch, queens --format results|ascii. count, queens --format "
        "count and sweep run on every CPU (--jobs) or a Dask cluster (--scheduler), with a "
        "progress bar on a terminal; Ctrl-C prints the partial count (exit 130). Exit "
        "status: 0 found, 1 no solution, 2 usage error. With no command the desktop app "
        "opens; it also takes Qt's standard options (e.g. -style fusion).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    _add_solve(sub)
    _add_batch(sub)
    _add_count(sub)
    _add_sweep(sub)
    _add_queens(sub)
    _add_estimate(sub)
    _add_tree(sub)
    if puzzles:
        _add_puzzles(sub)
    return parser


def _add_solve(sub: _Commands) -> None:
    """One knight's tour, searched or constructed."""
    p = sub.add_parser(
        "solve",
        help="find one knight's tour",
        description="Find one knight's tour and print it. Exit 1 if none was found.",
    )
    options.add_strategy(p)
    options.add_strategy_file(p, "order(position, candidates)")
    p.add_argument(
        "--method",
        choices=["search", "construct"],
        default="search",
        help="search: backtracking as --heuristic says (default); construct: build a closed "
        "tour without search by Parberry's divide and conquer, for boards with both sides "
        "even, at least 6 and close in length (N, or N x N+2), in time linear in the board",
    )
    p.add_argument(
        "--start",
        default=None,
        metavar="SQUARE",
        help="start square (a8 or 0,0); default the top-left square",
    )
    p.add_argument(
        "--limit",
        type=options.steps,
        default=None,
        metavar="STEPS",
        help="give up after this many steps (moves + backtracks)",
    )
    p.add_argument(
        "--format",
        choices=["matrix", "c", "py", "sequence", "algebraic", "json"],
        default="matrix",
        help="matrix: move numbers per board row (default); c: the tutorial's C/C++ "
        "layout, ' %%2d ' per square; py: its Python3/Java/C# layout, each number and a "
        "space; sequence: square numbers 1..rows*cols in visiting order; algebraic: square "
        "names; json: everything. With no tour, c prints 'Solution does not exist' with no "
        "newline, py with one (no reason line; --stats puts it on stderr)",
    )
    p.add_argument(
        "--stats",
        action="store_true",
        help="also print moves, backtracks, steps and time on stderr",
    )
    options.add_html(p)
    p.add_argument(
        "--trace",
        action="store_true",
        help="first print every event, one per line: 'move SQ', 'backtrack SQ', and what "
        "the search examined and passed by before each step: 'off-board DR,DC', "
        "'visited SQ', 'degree SQ D' and 'tie SQ K' (Warnsdorff); then the result as usual",
    )
    p.set_defaults(handler=_Command("solve"))


def _add_batch(sub: _Commands) -> None:
    """The classic batch program: start squares on stdin."""
    p = sub.add_parser(
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
    p.set_defaults(handler=_Command("batch"))


def _add_count(sub: _Commands) -> None:
    """Every directed tour, counted in pieces on every CPU."""
    p = sub.add_parser(
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
    p.add_argument(
        "--size", type=options.size, default=(5, 5), metavar="N|RxC", help="board size; default 5"
    )
    p.add_argument(
        "--start",
        default=None,
        metavar="SQUARE",
        help="count tours from this square only (default: from every square)",
    )
    p.add_argument("--closed", action="store_true", help="count closed tours only")
    options.add_shape(p)
    p.add_argument(
        "--limit",
        type=options.steps,
        default=None,
        metavar="STEPS",
        help="stop after this many steps (entering and leaving a position are one step "
        "each) and print the partial count: the same for any --jobs",
    )
    options.add_workers(p, "the count")
    options.add_plan(p, "the count")
    options.add_checkpoint(p, "the count")
    p.set_defaults(handler=_Command("count"))


def _add_sweep(sub: _Commands) -> None:
    """One strategy from every start square."""
    p = sub.add_parser(
        "sweep",
        help="run a strategy from every start square",
        description="Run one strategy from every start square and report per square: "
        "outcome, moves, backtracks, steps; then a summary.",
    )
    options.add_strategy(p)
    p.add_argument(
        "--limit",
        type=options.steps,
        default=1_000_000,
        metavar="STEPS",
        help="step limit per start square (default 1,000,000)",
    )
    p.add_argument("--format", choices=["table", "json"], default="table")
    options.add_workers(p, "the start squares")
    p.set_defaults(handler=_Command("sweep"))


def _add_queens(sub: _Commands) -> None:
    """N-Queens: every solution, the first, or the count."""
    p = sub.add_parser(
        "queens",
        help="solve N-Queens",
        description="Place N queens so that none attacks another: every solution in order, "
        "or the first, or the count.",
    )
    p.add_argument(
        "--size", type=options.queens_size, default=8, metavar="N", help="board size; default 8"
    )
    p.add_argument(
        "--trace",
        action="store_true",
        help="first print every event, one per line: 'place SQ', 'remove SQ', and each "
        "square rejected before a step with the constraint that holds it: 'column SQ', "
        "'ascending SQ' (x + y), 'descending SQ' (x - y); then the result as usual",
    )
    p.add_argument(
        "--first",
        action="store_true",
        help="stop at the first solution (not with count or results)",
    )
    p.add_argument(
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
    p.add_argument(
        "--limit",
        type=options.steps,
        default=None,
        metavar="STEPS",
        help="stop after this many steps (placements + removals) and print what was found "
        "so far, labelled partial (exit 1)",
    )
    options.add_html(p)
    options.add_workers(p, "--format count")
    options.add_plan(p, "the count (--format count)")
    options.add_checkpoint(p, "--format count")
    options.add_strategy_file(p, "order(position, candidates)")
    p.set_defaults(handler=_Command("queens"))


def _add_estimate(sub: _Commands) -> None:
    """The whole search tree's size by Knuth's probes."""
    p = sub.add_parser(
        "estimate",
        help="estimate the size of the whole search tree (Knuth's random probes)",
        description="Estimate how many positions the whole search tree from a start square "
        "has, and so how many steps an exhaustive search would take, by Knuth's method: "
        "random walks from the start to a dead end, averaged. The tree is that of every "
        "knight path (plain backtracking and Warnsdorff with backtracking search the same "
        "tree in different orders, so --heuristic, --tie-break and --no-backtrack, which "
        "change only the order, are refused). "
        "Here --seed seeds the probes.",
    )
    options.add_strategy(p)
    p.add_argument(
        "--start",
        default=None,
        metavar="SQUARE",
        help="start square (a8 or 0,0); default the top-left square",
    )
    p.add_argument(
        "--probes",
        type=options.probes,
        default=2000,
        metavar="N",
        help="random probes; default 2000",
    )
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(handler=_Command("estimate"))


def _add_tree(sub: _Commands) -> None:
    """The first levels of the search tree at a step."""
    p = sub.add_parser(
        "tree",
        help="print the first levels of the search tree as text",
        description="The search tree of a run at a step, its first levels as the window's "
        "Search tree panel draws them: each node's depth, square, share of the root (Knuth's "
        "equal shares per candidate, so the finished shares add up to the explored figure) "
        "and state: finished (entered and left, no solution below), solution (one below), "
        "path (on the search's path at that step) or untried; with the steps spent below a "
        "finished node.",
    )
    options.add_strategy(p)
    p.add_argument(
        "--start",
        default=None,
        metavar="SQUARE",
        help="start square (a8 or 0,0); default the top-left square",
    )
    p.add_argument(
        "--queens",
        action="store_true",
        help="the N-Queens search's tree on the N x N board of --size (strategy options are "
        "ignored)",
    )
    p.add_argument(
        "--depth",
        type=options.whole(0, MAX_TREE_DEPTH),
        default=3,
        metavar="D",
        help=f"levels below the root; default 3, at most {MAX_TREE_DEPTH}",
    )
    p.add_argument(
        "--steps",
        type=options.whole(0, MAX_TREE_STEPS),
        default=10_000,
        metavar="N",
        help="the tree after this many steps (or at the end of a shorter search); default 10000",
    )
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(handler=_Command("tree"))


def _add_puzzles(sub: _Commands) -> None:
    """One command per puzzle spec that describes one (``CommandSpec``): the options come
    from the spec, the handler is the one generic module, commands/puzzle.py."""
    from ..engine.puzzles import specs

    for spec in specs().values():
        command = spec.command
        if command is None:
            continue
        examples = ", ".join(name for name, _ in command.examples)
        p = sub.add_parser(
            command.name,
            help=command.help,
            description=f"{command.help[:1].upper()}{command.help[1:]}: each puzzle's "
            "solution, every solution (--all) or their count. Exit 0 when every puzzle has a "
            "solution, 1 when one has none (the reason on stderr), 2 on a usage error (one "
            "line naming the line and column of a puzzle that cannot be read).",
            epilog=f"Examples by name: {examples} (--list-examples prints them)."
            if examples
            else None,
        )
        p.add_argument(
            "puzzle",
            nargs="?",
            default=None,
            metavar="PUZZLE",
            help="the puzzle as one line of text, an example's name (or its first letters, "
            "if no other example's name begins so: see --list-examples), or '-' to read "
            "puzzles from stdin, one a line (blank lines and lines starting with '#' skipped)",
        )
        p.add_argument(
            "--file",
            default=None,
            metavar="FILE",
            help="read the puzzles from FILE, one a line (blank lines and '#' lines skipped)",
        )
        if command.sizes:
            p.add_argument(
                "--size",
                type=options.whole(1, max(command.sizes)),
                choices=command.sizes,
                default=None,
                metavar="N",
                help=f"the puzzle's size, one of {', '.join(map(str, command.sizes))} "
                "(default: read from the puzzle's length)",
            )
        p.add_argument(
            "--strategy",
            choices=command.strategies,
            default=command.strategies[0],
            help=f"how the search chooses; default {command.strategies[0]}",
        )
        if spec.custom_functions:
            functions = " and/or ".join(f"{f}()" for f in spec.custom_functions)
            options.add_strategy_file(p, functions)
        for flag, text in command.flags:
            p.add_argument(
                f"--{flag}", dest=f"flag_{flag.replace('-', '_')}", action="store_true", help=text
            )
        p.add_argument(
            "--all",
            action="store_true",
            help="search to the end, reporting every solution (default: stop at the first)",
        )
        p.add_argument(
            "--format",
            choices=command.formats,
            default=command.formats[0],
            help=f"the output's layout; default {command.formats[0]}. count: the number of "
            "solutions alone (every solution counted: --all implied)",
        )
        p.add_argument(
            "--limit",
            type=options.steps,
            default=None,
            metavar="STEPS",
            help="stop each search after this many steps (placements + removals) and say so "
            "(exit 1 when a puzzle's solution was not reached)",
        )
        p.add_argument(
            "--trace",
            action="store_true",
            help="first print every event of each search, one a line, then the result as usual",
        )
        p.add_argument(
            "--list-examples",
            action="store_true",
            help="print the example puzzles, one a line: the puzzle, a space, its name (which "
            "PUZZLE also takes), and exit",
        )
        options.add_html(p)
        options.add_workers(p, "--format count")
        options.add_checkpoint(p, "--format count")
        p.set_defaults(handler=_Command("puzzle"), puzzle_key=spec.key)
