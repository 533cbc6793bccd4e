"""knightviz PUZZLE-COMMAND: every puzzle whose spec describes a command (``CommandSpec``),
one puzzle or a file of them, solved, listed or counted.

No puzzle is named here: the spec parses the problems, says what is known before searching,
makes the searches, counts and writes the results; this module reads the input within
bounds, chooses what runs and sets the exit status (docs/cli.md, "Puzzle commands").
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from ...engine import Outcome, Result
from ...engine.events import Search
from ...engine.puzzles import ProblemError, PuzzleSpec, spec
from .. import strategy_file
from ..common import EXIT_NOT_FOUND, EXIT_OK, PROG, UsageError
from ..count_job import opened, resuming
from ..options import named
from ..workers import NOTICE_SECONDS, notice

#: The most input read (--file or stdin): far more puzzles than anyone solves at once; past
#: it, a usage error, never a read without end (``--file /dev/zero``).
MAX_INPUT = 16 * 1024 * 1024
#: Steps of a traced search written at once.
TRACE_CHUNK = 4096
#: Steps of an untraced search between looks at the clock.
SLICE = 1 << 16


@dataclass(frozen=True, slots=True)
class Item:
    """One puzzle of the input and where it was read ("line 3"; "" for the one argument)."""

    where: str
    problem: Any


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    puzzle: PuzzleSpec[Any] = spec(args.puzzle_key)
    command = puzzle.command
    assert command is not None  # (the parser made this command from it)
    if args.list_examples:
        if args.puzzle is not None or args.file is not None:
            raise UsageError("--list-examples prints the examples: give no puzzle with it")
        for name, text in command.examples:
            out.write(f"{text} {name}\n")
        return EXIT_OK
    _refuse(args, puzzle)
    args.user_strategy = strategy_file.load(args, puzzle.key)
    items = _read(args, puzzle)
    if args.html is not None and len(items) != 1:
        raise UsageError(f"--html shows one puzzle's run; the input holds {len(items):,}")
    if args.checkpoint is not None and len(items) != 1:
        raise UsageError(f"--checkpoint resumes one puzzle's count; the input holds {len(items):,}")
    several = len(items) > 1
    code = EXIT_OK
    apart = False  # a blank line between puzzles whose answers take several lines
    for item in items:
        say = f"{item.where}: " if several else ""
        if args.format == "count":
            one = _count(args, puzzle, item.problem, say, out, err)
        else:
            one = _solve(args, puzzle, item.problem, say, out, err, apart)
            apart = True
        code = max(code, one)
        out.flush()
    return code


def _flags(args: argparse.Namespace, puzzle: PuzzleSpec[Any]) -> dict[str, bool]:
    """The spec's flags as ``make_search`` takes them: only those given."""
    assert puzzle.command is not None
    flags = {
        name: bool(getattr(args, f"flag_{name.replace('-', '_')}"))
        for name, _ in puzzle.command.flags
    }
    return {name: on for name, on in flags.items() if on}


def _spec_count(args: argparse.Namespace, puzzle: PuzzleSpec[Any]) -> bool:
    """--format count by the spec's own counter (as fast as the engine counts, on every core
    or a cluster), unless a strategy, a flag or a step limit asks for that search's count."""
    return (
        args.limit is None
        and not named(args, "--strategy")
        and not _flags(args, puzzle)
        and getattr(args, "strategy_file", None) is None
    )


def _refuse(args: argparse.Namespace, puzzle: PuzzleSpec[Any]) -> None:
    """The combinations that would be taken and then ignored."""
    if args.puzzle is not None and args.file is not None:
        raise UsageError("give the puzzles as PUZZLE or with --file FILE, not both")
    strategy_file.refuse(
        args,
        {"--strategy": named(args, "--strategy")}
        | {f"--{flag}": on for flag, on in _flags(args, puzzle).items()},
    )
    assert puzzle.command is not None
    for flag, strategies in puzzle.command.flag_strategies:
        if _flags(args, puzzle).get(flag) and args.strategy not in strategies:
            raise UsageError(
                f"--{flag} is for --strategy {' or '.join(strategies)}, not {args.strategy}"
            )
    if args.format == "count":
        if args.trace:
            raise UsageError("--trace cannot be combined with --format count (no steps shown)")
        if args.html is not None:
            raise UsageError("--html cannot be combined with --format count (no steps to show)")
        if not _spec_count(args, puzzle):
            for option, dest in (
                ("--jobs", "jobs"),
                ("--scheduler", "scheduler"),
                ("--checkpoint", "checkpoint"),
            ):
                if getattr(args, dest) is not None:
                    raise UsageError(
                        f"{option} is for the engine's own count, which --strategy, --limit "
                        "and the search's flags replace by one search in this process"
                    )
    else:
        for option, dest in (("--jobs", "jobs"), ("--scheduler", "scheduler")):
            if getattr(args, dest) is not None:
                raise UsageError(f"{option} is for --format count: a search runs in one process")


# -- the input ----------------------------------------------------------------------------------


def _read(args: argparse.Namespace, puzzle: PuzzleSpec[Any]) -> list[Item]:
    """Every puzzle of the input, read before any is searched (a usage error runs none)."""
    size = getattr(args, "size", None)
    if args.file is not None:
        return _lines(puzzle, _file_text(args.file), args.file, size)
    if args.puzzle == "-":
        return _lines(puzzle, _stdin_text(), "stdin", size)
    if args.puzzle is None:
        raise UsageError("give a PUZZLE, --file FILE, or '-' to read the puzzles from stdin")
    text = _example(puzzle, args.puzzle)
    return [Item("", _parse(puzzle, text, size, "PUZZLE"))]


def _example(puzzle: PuzzleSpec[Any], word: str) -> str:
    """The example ``word`` names (its name, or the one name it begins, any case, at least
    3 characters: ``hard``), else ``word`` itself, the puzzle's text."""
    examples = puzzle.command.examples if puzzle.command is not None else ()
    key = word.casefold()
    exact = [text for name, text in examples if name.casefold() == key]
    if exact:
        return exact[0]
    begun = [text for name, text in examples if name.casefold().startswith(key)]
    return begun[0] if len(begun) == 1 and len(word) >= 3 else word


def _parse(puzzle: PuzzleSpec[Any], text: str, size: int | None, where: str) -> Any:
    try:
        return puzzle.parse(text, size)
    except ProblemError as exc:
        column = f", column {exc.column}" if exc.column else ""
        raise UsageError(f"{where}{column}: {exc.message}") from None


def _lines(puzzle: PuzzleSpec[Any], text: str, name: str, size: int | None) -> list[Item]:
    """One puzzle a line; blank lines and lines starting with '#' skipped."""
    items = []
    for number, line in enumerate(text.splitlines(), 1):
        body = line.strip()
        if not body or body.startswith("#"):
            continue
        lead = len(line) - len(line.lstrip())
        try:
            problem = puzzle.parse(body, size)
        except ProblemError as exc:
            column = f", column {exc.column + lead}" if exc.column else ""
            raise UsageError(f"{name}, line {number:,}{column}: {exc.message}") from None
        items.append(Item(f"line {number:,}", problem))
    if not items:
        raise UsageError(f"{name} holds no puzzle (blank lines and '#' lines are skipped)")
    return items


def _decoded(data: bytes, name: str) -> str:
    if len(data) > MAX_INPUT:
        raise UsageError(f"{name}: at most {MAX_INPUT:,} bytes (16 MiB) are read; this is longer")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"cannot read {name}: not UTF-8 text ({exc.reason})") from None


def _file_text(path: str) -> str:
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_INPUT + 1)
    except OSError as exc:
        raise UsageError(f"cannot read --file {path}: {exc.strerror or exc}") from None
    return _decoded(data, path)


def _stdin_text() -> str:
    stdin = sys.stdin
    if stdin is None:
        raise UsageError("'-' reads the puzzles from stdin, and there is none")
    if isinstance(stdin, io.TextIOWrapper):
        return _decoded(stdin.buffer.read(MAX_INPUT + 1), "stdin")
    text = stdin.read(MAX_INPUT + 1)
    if len(text) > MAX_INPUT:
        raise UsageError(f"stdin: at most {MAX_INPUT:,} characters are read; this is longer")
    return text


# -- solving --------------------------------------------------------------------------------------


def _solve(
    args: argparse.Namespace,
    puzzle: PuzzleSpec[Any],
    problem: Any,
    say: str,
    out: IO[str],
    err: IO[str],
    apart: bool = False,
) -> int:
    """One puzzle searched (its trace first), its result written (after a blank line when
    ``apart`` and it takes several lines); 1 when it has no solution."""
    verdict = puzzle.verdict(problem)
    if verdict is not None:
        result = Result(Outcome.IMPOSSIBLE, 0, 0, reason=verdict.sentence)
        if args.html is not None:
            _page(args, puzzle, problem, [])
        _write(args, puzzle, problem, result, [], out, apart)
        err.write(f"{say}{verdict.sentence}\n")
        return EXIT_NOT_FOUND
    found: list[tuple[int, ...]] = []
    if args.html is not None and not args.trace:
        result = _page(args, puzzle, problem, found)
    else:
        search = _make(args, puzzle, problem, every=args.all, on_solution=found.append)
        if args.trace:
            while chunk := search.advance(TRACE_CHUNK):
                out.write("".join(puzzle.event_text(problem, x) + "\n" for x in chunk))
            assert search.result is not None
            result = search.result
        else:
            result = _run(search, say, err)
        strategy_file.check(args, search)
        if args.html is not None:  # the traced search has run: the same search again
            _page(args, puzzle, problem, [])
    _write(args, puzzle, problem, result, found, out, apart)
    if result.outcome is Outcome.LIMIT:
        steps = f"{args.limit:,} step{'' if args.limit == 1 else 's'}"
        if found:
            err.write(f"{say}stopped at --limit {steps}: not every solution was found\n")
        else:
            err.write(f"{say}no solution within --limit {steps}\n")
        return EXIT_NOT_FOUND
    if not found:
        err.write(f"{say}no solution\n")
        return EXIT_NOT_FOUND
    return EXIT_OK


def _make(
    args: argparse.Namespace,
    puzzle: PuzzleSpec[Any],
    problem: Any,
    *,
    every: bool,
    on_solution: Callable[[tuple[int, ...]], None] | None = None,
) -> Search:
    """The search of ``problem``: the spec's with --strategy, or --strategy-file's."""
    mine = getattr(args, "user_strategy", None)
    if mine is not None:
        return strategy_file.search(
            args, puzzle.key, problem, mine, every=every, limit=args.limit, on_solution=on_solution
        )
    return puzzle.make_search(
        problem,
        args.strategy,
        every=every,
        limit=args.limit,
        on_solution=on_solution,
        options=_flags(args, puzzle),
    )


def _run(search: Search, say: str, err: IO[str]) -> Result:
    """Run the search to its end; past a second without an end, say so once, with its steps
    so far (a backtracking search of a hard puzzle may take minutes) and how to bound it."""
    t0 = time.monotonic()
    said = False
    while search.advance_quiet(SLICE):
        if not said and time.monotonic() - t0 >= NOTICE_SECONDS:
            said = True
            err.write(
                f"{PROG}: {say}still searching after {search.moves + search.backtracks:,} steps "
                f"({search.backtracks:,} backtracks); this search may take long; --limit STEPS "
                "bounds it, Ctrl-C stops it at any time\n"
            )
            err.flush()
    assert search.result is not None
    return search.result


def _write(
    args: argparse.Namespace,
    puzzle: PuzzleSpec[Any],
    problem: Any,
    result: Result,
    found: list[tuple[int, ...]],
    out: IO[str],
    apart: bool = False,
) -> None:
    if args.format == "json":
        out.write(json.dumps(puzzle.payload(problem, result, found)) + "\n")
        return
    text = puzzle.format_result(problem, result, found, args.format)
    if text and not text.endswith("\n"):
        text += "\n"
    if apart and text.count("\n") > 1:
        text = "\n" + text
    out.write(text)


def _page(
    args: argparse.Namespace, puzzle: PuzzleSpec[Any], problem: Any, found: list[tuple[int, ...]]
) -> Result:
    """The search run again recording every step, written as the --html page."""
    from ..html import spec_page

    made: list[Search] = []

    def make(on_solution: Callable[[tuple[int, ...]], None]) -> Search:
        made.append(_make(args, puzzle, problem, every=args.all, on_solution=on_solution))
        return made[-1]

    mine = getattr(args, "user_strategy", None) is not None
    result = spec_page(
        args,
        puzzle,
        problem,
        args.strategy,
        _flags(args, puzzle),
        every=args.all,
        on_solution=found.append,
        make=make if mine else None,
    )
    for search in made:
        strategy_file.check(args, search)
    return result


# -- counting ---------------------------------------------------------------------------------


def command_name(puzzle: PuzzleSpec[Any]) -> str:
    """The command's name, as a checkpoint's meaning holds it."""
    assert puzzle.command is not None
    return f"{puzzle.command.name} --format count"


def _count(
    args: argparse.Namespace,
    puzzle: PuzzleSpec[Any],
    problem: Any,
    say: str,
    out: IO[str],
    err: IO[str],
) -> int:
    """The number of solutions: 0 with the reason on stderr when one is known at once."""
    verdict = puzzle.verdict(problem)
    if verdict is not None:
        err.write(f"{say}{verdict.sentence}\n")
        out.write("0\n")
        return EXIT_OK
    if _spec_count(args, puzzle):
        meaning = {"command": command_name(puzzle), "puzzle": puzzle.text(problem)}
        with (
            opened(args, meaning) as saved,
            notice(
                err,
                f"{say}counting every solution; this count may take long",
                "--limit STEPS counts by a bounded search instead",
            ),
        ):
            resuming(saved, err)
            count = puzzle.count(
                problem, jobs=args.jobs, scheduler=args.scheduler, checkpoint=saved
            )
        out.write(f"{count}\n")
        return EXIT_OK
    search = _make(args, puzzle, problem, every=True)
    result = _run(search, say, err)
    strategy_file.check(args, search)
    if result.outcome is Outcome.LIMIT:
        noun = "solution" if result.count == 1 else "solutions"
        out.write(
            f"partial count: {result.count} {noun} (stopped at --limit {args.limit:,} steps; "
            "not the total)\n"
        )
        return EXIT_NOT_FOUND
    out.write(f"{result.count}\n")
    return EXIT_OK
