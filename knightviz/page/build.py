"""The builder: one self-contained HTML file that replays a recorded run in any browser.

The player's JavaScript, CSS and strings are files of this package (``player.js``,
``player.css``, ``strings.json``), inlined here; the recording goes in compactly. Each step
becomes one symbol: a knight's move is the index of its direction in the move order, a
queen's placement its file, a spec-made puzzle's placement its event (square and value), a
backtrack the largest symbol (the square taken back is the
top of the path, so it needs no bits). Symbols are packed 4 bits each when they fit (16 bits
at most), deflated (the browser inflates them with its own ``DecompressionStream``) and
base64-encoded. Plain 8×8 from a8, 16.5 million steps, packs into about 1.2 MB.

Only the stretches a recording kept are written, each from a checkpoint of the recording
(the page replays from there, as ``Recording.seek`` does), with the checkpoints inside gaps,
so the page shows exactly what the app shows at every step, gaps included.
"""

from __future__ import annotations

import base64
import bisect
import json
import re
import shlex
import zlib
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from ..engine.board import Board
from ..engine.events import EventSource, Outcome, Result
from ..engine.factory import make_queens_search, make_tour_search
from ..engine.files import atomic_write
from ..engine.puzzles.spec import PuzzleSpec
from ..engine.recording import Recording, RecordingData, fast_scanner
from ..engine.tour import Strategy, TieBreak, TourConfig
from ..version import __version__

KNIGHT, QUEENS = "knight", "queens"
#: Languages the page speaks (the window's and the command line's names).
LANGUAGES = ("en", "zh_CN")


class PageError(ValueError):
    """A run that cannot be made into a page (no recording, an unknown language)."""


@dataclass(frozen=True, slots=True)
class Derived:
    """Squares a spec-made puzzle fills as consequences of its placements (not steps): the
    page draws them from this table."""

    #: Filled before any step: square, value, square, value, …
    root: tuple[int, ...]
    #: By placement step (the step count just after it): what that placement filled.
    fills: Mapping[int, tuple[int, ...]]
    #: For each checkpoint step (and 0), the step that placed each path entry.
    born: Mapping[int, tuple[int, ...]]
    #: Left out (a run too long or with gaps): the page says the squares are not shown.
    omitted: bool = False


#: A run whose derived squares are left out.
OMITTED = Derived((), {}, {}, omitted=True)


@dataclass(frozen=True, slots=True)
class PageRun:
    """One recorded run, as the page needs it: what was searched, how it ended, its steps."""

    puzzle: str
    rows: int
    cols: int
    result: Result
    recording: RecordingData
    #: The knight's start square (None for queens).
    start: int | None = None
    #: The knight's strategy (None for queens).
    strategy: Strategy | None = None
    closed: bool = False
    #: Queens: stop at the first solution.
    first: bool = False
    #: The command line that runs the same search (shown on the page).
    command: str = ""
    lang: str = "en"
    # -- a spec-made puzzle (``spec_page_run``): its values drawn as labels ---------------
    #: How many values an event encodes per square (``PuzzleSpec.values``).
    values: int = 1
    #: Each value's label (None: the board draws pieces).
    labels: tuple[str, ...] | None = None
    #: Squares holding a value before the search: (square, value), drawn bold.
    fixed: tuple[tuple[int, int], ...] = ()
    #: One box's (rows, cols), its lines drawn heavier; None: no boxes.
    regions: tuple[int, int] | None = None
    #: The puzzle's name in the page's language, and the strategy with its flags.
    title: str = ""
    how: str = ""
    #: The steps at which each solution was reached (None: the recording's markers say).
    solution_steps: tuple[int, ...] | None = None
    #: Squares filled as consequences (``PuzzleSpec.derived``): before any step, and by each
    #: placement step (the step's number, then square, value pairs); None: not shown.
    derived: Derived | None = None
    #: A strategy the page does not know (the learner's own): its name, shown as the run's
    #: strategy; the knight's stack then shows the path alone (its order is not the page's).
    custom: str | None = None


def knight_command(
    rows: int,
    cols: int,
    start: int,
    strategy: Strategy,
    closed: bool = False,
    limit: int | None = None,
    html: str = "run.html",
    *,
    search_anyway: bool = False,
    lang: str = "en",
) -> str:
    """``knightviz solve …`` for this search (the page says how to make it again)."""
    size = str(rows) if rows == cols else f"{rows}x{cols}"
    words = ["knightviz", "solve", "--size", size, "--start", Board(rows, cols).name(start)]
    if strategy.guided:
        if strategy.tie_break is not TieBreak.FIRST:
            words += ["--tie-break", strategy.tie_break.value]
        if strategy.tie_break is TieBreak.RANDOM:
            words += ["--seed", str(strategy.seed)]
    else:
        words += ["--heuristic", "none"]
    if not strategy.backtrack:
        words.append("--no-backtrack")
    if closed:
        words.append("--closed")
    if search_anyway:
        words.append("--search-anyway")
    if limit is not None:
        words += ["--limit", str(limit)]
    return _with_page(words, html, lang)


def _with_page(words: list[str], html: str, lang: str) -> str:
    words += ["--html", html or "run.html"]
    if lang != "en":
        words += ["--lang", lang]
    return shlex.join(words)


def queens_command(
    n: int, first: bool = False, limit: int | None = None, html: str = "", *, lang: str = "en"
) -> str:
    """``knightviz queens …`` for this search."""
    words = ["knightviz", "queens", "--size", str(n)]
    if first:
        words.append("--first")
    if limit is not None:
        words += ["--limit", str(limit)]
    return _with_page(words, html, lang)


# -- packing the steps --------------------------------------------------------------------------


def symbol_width(largest: int) -> int:
    """Bits per symbol: 4, 8 or 16 (the largest symbol is the backtrack's)."""
    for width in (4, 8, 16):
        if largest < 1 << width:
            return width
    raise PageError(f"{largest + 1} symbols do not fit 16 bits")


def encode_steps(
    steps: array[int],
    path: list[int] | array[int],
    puzzle: str,
    cols: int,
    order: tuple[tuple[int, int], ...] = (),
    symbols: int = 0,
) -> tuple[int, bytes]:
    """The steps as symbols from the position ``path``: (bits per symbol, packed bytes).
    Another puzzle than the knight or queens: each placement its event, below ``symbols``.

    numpy (a dependency of the app) finds each move's parent square without a Python loop:
    the square at the depth below a move is the latest earlier move to that depth, or the
    starting path's square there when no such move came since.
    """
    import numpy as np

    n = len(steps)
    ev = np.frombuffer(steps, dtype=np.int32) if n else np.zeros(0, np.int32)
    moves = ev >= 0
    if puzzle == QUEENS:
        back = cols if n else 0
    elif puzzle == KNIGHT:
        back = len(order) if n else 0
    else:
        back = symbols
    width = symbol_width(max(back, 15) if puzzle == KNIGHT else back)
    back = (1 << width) - 1
    sym = np.full(n, back, dtype=np.int64)
    mi = np.flatnonzero(moves)
    if puzzle == QUEENS:
        sym[mi] = ev[mi] % cols
    elif puzzle != KNIGHT:
        if len(mi) and (int(ev[mi].max()) >= symbols or int(ev[mi].min()) < 0):
            raise PageError("a recorded placement is not one of the puzzle's events")
        sym[mi] = ev[mi]
    elif len(mi):
        depth = len(path) + np.cumsum(np.where(moves, 1, -1))  # path length after each step
        md = depth[mi]
        key = md * (n + 1) + mi  # moves by depth, then by step: find the latest below
        by = np.argsort(key, kind="stable")
        found = np.searchsorted(key[by], (md - 1) * (n + 1) + mi) - 1
        cand = by[np.clip(found, 0, None)]
        ok = (found >= 0) & (md[cand] == md - 1)
        start = np.asarray(list(path) or [0], dtype=np.int64)
        parent = np.where(ok, ev[mi[cand]], start[np.clip(md - 2, 0, len(start) - 1)])
        child = ev[mi].astype(np.int64)
        reach = max(max(abs(a), abs(b)) for a, b in order)
        span = 2 * reach + 1
        lookup = np.full(span * span, -1, dtype=np.int64)
        for index, (row_step, col_step) in enumerate(order):
            lookup[(row_step + reach) * span + col_step + reach] = index
        dr = child // cols - parent // cols
        dc = child % cols - parent % cols
        inside = (np.abs(dr) <= reach) & (np.abs(dc) <= reach)
        where = np.clip((dr + reach) * span + dc + reach, 0, span**2 - 1)
        direction = np.where(inside, lookup[where], -1)
        if (direction < 0).any():
            raise PageError("a recorded move is not a move of the piece")
        sym[mi] = direction
    if width == 4:
        padded = np.append(sym, 0) if n % 2 else sym
        packed = (padded[0::2] | (padded[1::2] << 4)).astype(np.uint8).tobytes()
    elif width == 8:
        packed = sym.astype(np.uint8).tobytes()
    else:
        packed = sym.astype("<u2").tobytes()
    return width, packed


def record(
    search: EventSource, solution_depth: int | None = None, **recording: Any
) -> tuple[Result, RecordingData]:
    """Run ``search`` to its end, recording every step (the same run as ``search.run()``)."""
    rec = Recording(search.initial, solution_depth=solution_depth, **recording)
    path = getattr(search, "snapshot_path", None)
    while chunk := search.advance(1 << 16):
        rec.extend(chunk, path() if path is not None else None)
    rec.finish()
    result = search.result
    assert result is not None
    return result, rec.data()


def knight_page_run(
    config: TourConfig,
    search: EventSource | None = None,
    *,
    html: str = "run.html",
    lang: str = "en",
    **recording: Any,
) -> PageRun:
    """Run a knight's tour search (``search``, or a new one of ``config``) to its end,
    recorded, as the page needs it; ``html`` names the page in its command line. PageError
    for a board with removed squares or another piece: the page draws and replays the
    knight on a full board only."""
    if not config.shape.classic:
        raise PageError(
            "the interactive page shows the knight on a full board only, not removed squares "
            "or other pieces"
        )
    result, data = record(search if search is not None else make_tour_search(config), **recording)
    c = config
    command = knight_command(
        c.rows,
        c.cols,
        c.start,
        c.strategy,
        c.closed,
        c.limit,
        html,
        search_anyway=c.search_anyway,
        lang=lang,
    )
    return PageRun(
        KNIGHT,
        c.rows,
        c.cols,
        result,
        data,
        start=c.start,
        strategy=c.strategy,
        closed=c.closed,
        command=command,
        lang=lang,
    )


def queens_page_run(
    n: int,
    search: EventSource | None = None,
    *,
    first: bool = False,
    limit: int | None = None,
    html: str = "run.html",
    lang: str = "en",
    **recording: Any,
) -> PageRun:
    """The same for N-Queens (every solution, or the first)."""
    if search is None:
        search = make_queens_search(n, first=first, limit=limit)
    result, data = record(search, n, **recording)
    command = queens_command(n, first, limit, html, lang=lang)
    return PageRun(QUEENS, n, n, result, data, first=first, command=command, lang=lang)


def spec_command(
    spec: PuzzleSpec[Any],
    problem: Any,
    strategy: str,
    *,
    every: bool = False,
    limit: int | None = None,
    options: Mapping[str, Any] | None = None,
    html: str = "run.html",
    lang: str = "en",
) -> str:
    """``knightviz <command> …`` for this search ("" when the spec has no command)."""
    command = spec.command
    if command is None:
        return ""
    words = ["knightviz", command.name, spec.text(problem)]
    if strategy != command.strategies[0]:
        words += ["--strategy", strategy]
    words += [f"--{name}" for name, on in (options or {}).items() if on]
    if every:
        words.append("--all")
    if limit is not None:
        words += ["--limit", str(limit)]
    return _with_page(words, html, lang)


#: Placements past which a page leaves out the squares they fill as consequences (each is
#: worked out once in Python when the page is built: about a second per 4,000 of them for
#: a 9×9 grid of digits), and says so.
DERIVED_MAX_PLACEMENTS = 10_000


def spec_page_run(
    spec: PuzzleSpec[Any],
    problem: Any,
    strategy: str = "",
    *,
    every: bool = False,
    limit: int | None = None,
    options: Mapping[str, Any] | None = None,
    backend: str | None = None,
    on_solution: Callable[[tuple[int, ...]], None] | None = None,
    html: str = "run.html",
    lang: str = "en",
    make: Callable[[Callable[[tuple[int, ...]], None]], EventSource] | None = None,
    **recording: Any,
) -> PageRun:
    """Any spec-made puzzle's search, run to its end recorded, as the page needs it.

    ``make``: instead of the spec's, the search to run, made with the ``on_solution`` it is
    given (a strategy of one's own: the caller keeps the search to read its ``error``).

    ``spec.make_search(problem, strategy or the first strategy, every=, limit=, backend=,
    options=)`` runs here, each solution also handed to ``on_solution``; a problem with a
    verdict (``spec.verdict``) is not searched (no steps, outcome impossible). The page
    draws each value as ``spec.labels`` names it, ``spec.fixed`` bold, ``spec.regions``'
    lines, and the squares ``spec.derived`` fills (for runs of at most
    DERIVED_MAX_PLACEMENTS placements). ``html`` and ``lang`` as for ``knight_page_run``;
    ``recording``: Recording's keywords (budget, checkpoint_every, …). The command line's
    ``--html`` and the window's File › Export run both call it.
    """
    strategy = strategy or spec.strategies[0]
    labels = spec.labels(problem)
    if labels is None:
        raise PageError(f"the page draws a puzzle's values as labels: {spec.title} has none")
    initial = spec.initial(problem)
    found: list[tuple[int, ...]] = []

    def solution(path: tuple[int, ...]) -> None:
        found.append(path)
        if on_solution is not None:
            on_solution(path)

    verdict = spec.verdict(problem)
    if verdict is not None:
        rec = Recording(initial, **recording)
        rec.finish()
        result, data = Result(Outcome.IMPOSSIBLE, 0, 0, verdict.sentence), rec.data()
        steps: list[int] = []
    else:
        if make is not None:
            search: EventSource = make(solution)
        else:
            search = spec.make_search(
                problem,
                strategy,
                every=every,
                limit=limit,
                backend=backend,
                on_solution=solution,
                options=options,
            )
        result, data, steps = _record_found(search, found, **recording)
    return spec_page_of(
        spec,
        problem,
        strategy,
        result,
        data,
        every=every,
        limit=limit,
        options=options,
        solution_steps=steps,
        html=html,
        lang=lang,
    )


def spec_page_of(
    spec: PuzzleSpec[Any],
    problem: Any,
    strategy: str,
    result: Result,
    recording: RecordingData,
    *,
    every: bool = False,
    limit: int | None = None,
    options: Mapping[str, Any] | None = None,
    solution_steps: Sequence[int] | None = None,
    html: str = "run.html",
    lang: str = "en",
) -> PageRun:
    """The page of a spec-made puzzle's run already recorded (the window's recording, its
    ``result``): as ``spec_page_run`` without searching again. ``solution_steps``: the step
    at which each solution was reached (``solution_steps_in`` finds them from the solutions'
    paths); None: the recording's markers (its ``solution_depth``) say."""
    strategy = strategy or spec.strategies[0]
    labels = spec.labels(problem)
    if labels is None:
        raise PageError(f"the page draws a puzzle's values as labels: {spec.title} has none")
    rows, cols = spec.dims(problem)
    flags = [name for name, on in (options or {}).items() if on]
    command = spec_command(
        spec, problem, strategy, every=every, limit=limit, options=options, html=html, lang=lang
    )
    return PageRun(
        spec.key,
        rows,
        cols,
        result,
        recording,
        first=not every,
        command=command,
        lang=lang,
        values=spec.values(problem),
        labels=labels,
        fixed=spec.fixed(problem),
        regions=spec.regions(problem),
        title=spec.name(lang),
        how=", ".join([strategy, *flags]),
        solution_steps=None if solution_steps is None else tuple(solution_steps),
        derived=_derived(spec, problem, options, recording),
    )


def page_of(
    spec: PuzzleSpec[Any],
    problem: Any,
    strategy: str,
    result: Result,
    recording: RecordingData,
    *,
    every: bool = False,
    limit: int | None = None,
    options: Mapping[str, Any] | None = None,
    solution_steps: Sequence[int] | None = None,
    html: str = "run.html",
    lang: str = "en",
) -> PageRun:
    """The page of any puzzle's run already recorded, whichever way the page draws it: the
    knight's tour and N-Queens as pieces (``strategy``: one of the spec's, or any other
    name for a strategy the page cannot replay: the knight's stack then shows its path),
    the others as ``spec_page_of`` does. The one entry point for callers that know a puzzle
    only by its spec (the notebook API)."""
    rows, cols = spec.dims(problem)
    if spec.key == KNIGHT:
        from ..engine.puzzles.knight import with_strategy

        builtin = strategy in spec.strategies
        tour = with_strategy(problem, strategy) if builtin else problem
        config = tour.config(limit, bool((options or {}).get("search_anyway", False)))
        if not config.shape.classic:
            raise PageError(
                "the interactive page shows the knight on a full board only, not removed "
                "squares or other pieces"
            )
        command = knight_command(
            rows,
            cols,
            config.start,
            config.strategy,
            config.closed,
            limit,
            html,
            search_anyway=config.search_anyway,
            lang=lang,
        )
        return PageRun(
            KNIGHT,
            rows,
            cols,
            result,
            recording,
            start=config.start,
            strategy=config.strategy,
            closed=config.closed,
            command=command if builtin else _strategy_file(command, strategy),
            lang=lang,
            custom=None if builtin else strategy,
        )
    if spec.key == QUEENS:
        first = bool(getattr(problem, "first", False)) and not every
        builtin = strategy in spec.strategies
        command = queens_command(rows, first, limit, html, lang=lang)
        if not builtin:
            command = _strategy_file(command, strategy)
        return PageRun(
            QUEENS,
            rows,
            cols,
            result,
            recording,
            first=first,
            command=command,
            lang=lang,
            custom=None if builtin else strategy,
        )
    run = spec_page_of(
        spec,
        problem,
        strategy,
        result,
        recording,
        every=every,
        limit=limit,
        options=options,
        solution_steps=solution_steps,
        html=html,
        lang=lang,
    )
    if strategy in spec.strategies:
        return run
    command = spec_command(
        spec,
        problem,
        spec.strategies[0],
        every=every,
        limit=limit,
        options=options,
        html=html,
        lang=lang,
    )
    return replace(run, command=_strategy_file(command, strategy), custom=strategy)


def with_strategy_file(run: PageRun, name: str) -> PageRun:
    """The page of a run that the learner's strategy ``name`` chose (a file's name, or a
    function's): ``run`` made for the built-in plain order, its command line run with
    ``--strategy-file`` and its strategy shown as ``name``."""
    return replace(run, command=_strategy_file(run.command, name), custom=name)


def _strategy_file(command: str, strategy: str) -> str:
    """The command line of a run with the learner's strategy: ``--strategy-file`` with the
    file it came from (a function's name: the file to save it in), before ``--html``."""
    if not command:
        return ""
    words = shlex.split(command)
    if "--heuristic" in words:  # (the plain order's "none": the file chooses instead)
        at = words.index("--heuristic")
        del words[at : at + 2]
    name = strategy if strategy.endswith(".py") else re.sub(r"\W+", "_", strategy).strip("_")
    name = name if name.endswith(".py") else f"{name or 'strategy'}.py"
    at = words.index("--html") if "--html" in words else len(words)
    return shlex.join([*words[:at], "--strategy-file", name, *words[at:]])


def solution_steps_in(data: RecordingData, solutions: Sequence[Sequence[int]]) -> list[int]:
    """The step at which a recording reached each of ``solutions`` (paths of events, in the
    order the search reported them): the first step after the previous one whose position is
    that path. A solution found nowhere (a gap hid it) is left out."""
    import numpy as np

    rec = Recording(data.initial)
    rec.load(data)
    n = len(rec)
    events = rec.events(0, n) if not rec.gaps() else None
    steps: list[int] = []
    after = 0  # solutions come in order: each is searched for after the one before
    if events is not None and n:
        ev = np.frombuffer(events, dtype=np.int32)
        depth = len(data.initial) + np.cumsum(np.where(ev >= 0, 1, -1))
    for path in solutions:
        want = list(path)
        if events is None or not want:
            if list(rec.seek(after).path) == want:  # (no event: the start's position)
                steps.append(after)
            continue
        at = np.flatnonzero((ev == want[-1]) & (depth == len(want)))
        for i in at[np.searchsorted(at, after) :]:
            step = int(i) + 1
            if list(rec.seek(step).path) == want:
                steps.append(step)
                after = step
                break
    return steps


def _record_found(
    search: EventSource, found: list[tuple[int, ...]], **recording: Any
) -> tuple[Result, RecordingData, list[int]]:
    """``record``, and the step at which each solution in ``found`` (filled by the search's
    ``on_solution``) was reached: the chunk it came in is replayed from the path before it."""
    rec = Recording(search.initial, **recording)
    snapshot = getattr(search, "snapshot_path", None)
    path = list(search.initial)
    steps: list[int] = []
    at = 0
    while chunk := search.advance(1 << 16):
        after = list(snapshot()) if snapshot is not None else None
        if len(found) > len(steps) or after is None:
            for i, x in enumerate(chunk):
                if x >= 0:
                    path.append(x)
                    if len(steps) < len(found) and tuple(path) == found[len(steps)]:
                        steps.append(at + i + 1)
                else:
                    path.pop()
        rec.extend(chunk, after)
        at += len(chunk)
        if after is not None:
            path = after
    while len(steps) < len(found):  # a solution with no step: the givens alone (step 0)
        steps.append(0)
    rec.finish()
    result = search.result
    assert result is not None
    return result, rec.data(), steps


def _derived(
    spec: PuzzleSpec[Any], problem: Any, options: Mapping[str, Any] | None, data: RecordingData
) -> Derived | None:
    """What each placement filled as a consequence, for the page (None: nothing ever is, or
    the run is too long or has gaps)."""
    root = spec.derived(problem, (), options)
    rec = Recording(data.initial)
    rec.load(data)
    moves, _ = rec.counts
    if moves > DERIVED_MAX_PLACEMENTS or rec.gaps():
        end = rec.seek(len(rec)).path
        return OMITTED if root or spec.derived(problem, end, options) else None
    flat = tuple(v for pair in root for v in pair)
    checkpoints = {c[0] for c in data.checkpoints}
    path: list[int] = list(data.initial)
    born: list[int] = [0] * len(path)
    below: list[set[tuple[int, int]]] = [set(root)]
    fills: dict[int, tuple[int, ...]] = {}
    kept: dict[int, tuple[int, ...]] = {0: tuple(born)} if 0 in checkpoints else {}
    events = rec.events(0, len(rec))
    for i, x in enumerate(events, 1):
        if x >= 0:
            path.append(x)
            born.append(i)
            now = set(spec.derived(problem, path, options))
            new = sorted(now - below[-1])
            below.append(now)
            if new:
                fills[i] = tuple(v for pair in new for v in pair)
        else:
            path.pop()
            born.pop()
            below.pop()
        if i in checkpoints:
            kept[i] = tuple(born)
    if not flat and not fills:
        return None
    return Derived(flat, fills, kept)


def _b64(data: bytes) -> str:
    return base64.b64encode(zlib.compress(data, 9)).decode("ascii")


# -- the page's data ------------------------------------------------------------------------------


def _recording(data: RecordingData) -> Recording:
    rec = Recording(data.initial)
    rec.load(data)
    import numpy  # noqa: F401  (loaded first: the marker scan then runs on it)

    scanner = fast_scanner()
    while not rec.scan_markers(budget=1 << 24, scanner=scanner):
        pass
    return rec


def page_data(run: PageRun) -> dict[str, Any]:
    """Everything the player reads (JSON): the run, its strings' language, the steps."""
    data = run.recording
    rec = _recording(data)
    length = data.length
    gaps = rec.gaps()
    kept: list[tuple[int, int]] = []
    at = 0
    for a, b in gaps:
        if a > at:
            kept.append((at, a))
        at = b
    if at < length or not kept:
        kept.append((at, length))
    checkpoints = data.checkpoints
    steps_at = [c[0] for c in checkpoints]
    strategy = run.strategy
    order = strategy.order if strategy is not None else ()
    symbols = run.values * run.rows * run.cols
    segments: list[dict[str, Any]] = []
    covered: list[tuple[int, int]] = []
    first_back: int | None = None
    for a, b in kept:
        i = bisect.bisect_left(steps_at, a)
        if i >= len(checkpoints) or checkpoints[i][0] > b:
            continue  # no checkpoint in this stretch: only coarse, as in the app
        step, path, moves, backtracks = checkpoints[i]
        events = rec.events(step, b)
        width, packed = encode_steps(events, path, run.puzzle, run.cols, order, symbols)
        if first_back is None:
            backs = [j for j, x in enumerate(events[: 1 << 16]) if x < 0]
            first_back = step + backs[0] + 1 if backs else None
        segments.append(
            {
                "start": step,
                "count": b - step,
                "path": list(path),
                "moves": moves,
                "backtracks": backtracks,
                "last": list(rec.seek(step).last_events),
                "width": width,
                "steps": _b64(packed),
            }
        )
        covered.append((step, b))
    anchors = [
        {"step": s, "path": list(p), "moves": m, "backtracks": bt}
        for s, p, m, bt in checkpoints
        if not any(a <= s <= b for a, b in covered)
    ]
    markers = rec.markers
    if run.solution_steps is not None:
        solutions = list(run.solution_steps)
    elif run.puzzle == KNIGHT:
        solutions = [length] if run.result.outcome is Outcome.SOLVED else []
    else:
        solutions = list(markers.solutions)
    result = run.result
    out: dict[str, Any] = {
        "format": 1,
        "version": __version__,
        "lang": run.lang,
        "puzzle": run.puzzle,
        "rows": run.rows,
        "cols": run.cols,
        "start": run.start,
        "closed": run.closed,
        "first": run.first,
        "command": run.command,
        "custom": run.custom,
        "length": length,
        "gaps": [list(g) for g in gaps],
        "checkpointSteps": steps_at,
        "deepest": markers.deepest,
        "pieces": {
            name: _piece(name)
            for name in (
                ("knight",) if run.puzzle == KNIGHT else ("queen",) if run.puzzle == QUEENS else ()
            )
        },
        "segments": segments,
        "anchors": anchors,
        "markers": {
            "solutions": solutions,
            "deepest": markers.deepest_step if markers.deepest_step or length == 0 else None,
            "firstBacktrack": first_back,
        },
        "result": {
            "outcome": result.outcome.value,
            "moves": result.moves,
            "backtracks": result.backtracks,
            "count": result.count,
            "seconds": result.seconds,
            "reason": result.reason,
        },
    }
    if run.labels is not None:
        out["labels"] = {
            "names": list(run.labels),
            "values": run.values,
            "fixed": [list(f) for f in run.fixed],
            "box": list(run.regions) if run.regions is not None else None,
            "title": run.title,
            "how": run.how,
        }
        d = run.derived
        if d is not None:
            out["labels"]["derived"] = {
                "omitted": d.omitted,
                "root": list(d.root),
                "fills": {str(k): list(v) for k, v in d.fills.items()},
                "born": {str(k): list(v) for k, v in d.born.items()},
            }
    if strategy is not None:
        ranks, _ = strategy.ranks(Board(run.rows, run.cols))
        out["strategy"] = {
            "guided": strategy.guided,
            "tieBreak": strategy.tie_break.value,
            "seed": strategy.seed,
            "backtrack": strategy.backtrack,
            "order": [list(d) for d in order],
            "ranks": ranks if any(ranks) else None,
        }
    return out


# -- the page ------------------------------------------------------------------------------------


def _piece(name: str) -> str:
    """The app's own piece drawing as a data: URL (the page loads nothing)."""
    svg = resources.files("knightviz.resources").joinpath(f"{name}.svg").read_bytes()
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


def _source(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def strings(lang: str) -> dict[str, str]:
    """The page's words in ``lang`` (English where a translation is missing)."""
    table: dict[str, dict[str, str]] = json.loads(_source("strings.json"))
    if lang not in table:
        raise PageError(f"no page strings for language {lang!r} (have {', '.join(table)})")
    return {**table["en"], **table[lang]}


#: Characters escaped in the page's inline JSON: "<" alone is enough for "</script>" and
#: "<!--<script>" to change how the browser reads the element (the second made it swallow
#: the player's script); ">" and "&" for good measure; U+2028 and U+2029, which older
#: JavaScript read as line ends. JSON only has them inside strings, where \uXXXX is the same.
_SCRIPT_ESCAPES = str.maketrans(
    {c: f"\\u{ord(c):04x}" for c in ("<", ">", "&", "\u2028", "\u2029")}
)


def _script_json(value: Any) -> str:
    """JSON safe inside a <script> element: whatever its strings hold (a file's name, a
    reason), the element ends where the page says and nothing in it reads as markup."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).translate(_SCRIPT_ESCAPES)


def build_page(run: PageRun) -> str:
    """The page's HTML: the player's sources with the run and its strings inlined."""
    if run.lang not in LANGUAGES:
        raise PageError(f"the page language must be one of {', '.join(LANGUAGES)}")
    words = strings(run.lang)
    html = _source("page.html")
    lang = "zh-CN" if run.lang == "zh_CN" else "en"
    parts = {
        "@LANG@": lang,
        "@TITLE@": _escape(words["appTitle"]),
        "@CSS@": _source("player.css"),
        "@STRINGS@": _script_json(words),
        "@DATA@": _script_json(page_data(run)),
        "@JS@": _source("player.js"),
    }
    # One pass over the template: nothing inlined is searched again.
    return re.sub(r"@[A-Z]+@", lambda m: parts.get(m.group(0), m.group(0)), html)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_page(run: PageRun, path: str) -> int:
    """Write the page to ``path``; its size in bytes. OSError when it cannot be written."""
    data = build_page(run).encode("utf-8")
    atomic_write(path, data)  # a failed write leaves the user's old file as it was
    return len(data)
