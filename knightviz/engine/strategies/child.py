"""The child process that runs a search with a user's strategy (``runner.py`` starts it).

It loads the strategy (a memory limit set, a watchdog thread started first), makes the
puzzle's ``custom_search`` and answers the parent's requests: ``("advance", n)`` runs up to
``n`` steps, for at most ``BLOCK_SECONDS`` (at least one step), and sends back the events as
``array('i')`` bytes, the solutions found, and the result or the failure once the run is
over; ``("stop",)`` ends the process. Nothing it does reaches the parent but these replies.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import sys
import threading
from array import array
from collections.abc import Callable
from multiprocessing.connection import Connection
from time import perf_counter, sleep
from typing import Any

from knightviz.engine.estimate import Walk
from knightviz.engine.stack import PackedLevels
from knightviz.engine.strategies.api import (
    CALL_LIMIT,
    MEMORY_LIMIT_MB,
    StrategyError,
    UserStrategy,
    no_function,
)
from knightviz.engine.strategies.calls import Calls, CallTimeout, Failed

#: How long one reply may compute before it is sent (keeps Stop and the display prompt).
BLOCK_SECONDS = 0.05
#: Steps between looks at the clock within a reply.
SLICE = 4096
#: The longest path sent with each reply (past it the parent follows the steps itself).
PATH_SENT = 4096
#: Recently backtracked squares kept (as ``SearchBase.recent_backtracks``).
RECENT = 8
#: How often the watchdog thread looks at the running call.
WATCH_SECONDS = 0.05


def boot(fd: int, parent: int) -> None:
    """The entry point of the fresh interpreter ``runner`` starts: the socket it was given,
    and the parent's process id. On Linux the kernel ends this process when its parent does
    (even while the user's code runs in C, holding the interpreter, where no thread of ours
    could run to notice)."""
    _die_with_parent(parent)
    serve_pipe(Connection(fd))


def _die_with_parent(parent: int) -> None:
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent ended before the line above
        os._exit(1)


def serve_pipe(conn: Connection) -> None:
    """The child's whole life: the run's parameters, the strategy loaded, then answers until
    told to stop or the pipe closes."""
    try:
        puzzle_key, problem, strategy, every, options = conn.recv()
        _serve(conn, puzzle_key, problem, strategy, every, options)
    except (EOFError, BrokenPipeError, ConnectionResetError, KeyboardInterrupt):
        pass
    finally:
        conn.close()


def _limit_memory() -> None:
    """The user's code may take ``MEMORY_LIMIT_MB`` beyond what the process holds now."""
    try:
        import resource

        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[0])
        now = pages * os.sysconf("SC_PAGE_SIZE")
        limit = now + MEMORY_LIMIT_MB * 1024 * 1024
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, OSError, ValueError):
        pass  # not Linux: no limit on address space (the parent's watchdog still runs)


def _watch(calls: Calls, main_thread: int) -> None:
    """Interrupt the main thread when a call of the user's code runs over the limit; end the
    process when its parent is gone (even while the user's code runs in C)."""
    parent = os.getppid()
    while True:
        sleep(WATCH_SECONDS)
        if os.getppid() != parent:
            os._exit(1)
        started = calls.started
        if started and perf_counter() - started > CALL_LIMIT:
            calls.started = 0.0
            signal.pthread_kill(main_thread, signal.SIGALRM)


def _on_alarm(_signum: int, _frame: object) -> None:
    raise CallTimeout


def _serve(
    conn: Connection,
    puzzle_key: str,
    problem: Any,
    strategy: UserStrategy,
    every: bool,
    options: dict[str, Any] | None,
) -> None:
    from knightviz.engine import puzzles

    spec = puzzles.spec(puzzle_key)
    filename = strategy.path or "<strategy>"
    calls = Calls({}, filename, strategy.seed)
    signal.signal(signal.SIGALRM, _on_alarm)
    threading.Thread(target=_watch, args=(calls, threading.get_ident()), daemon=True).start()
    _limit_memory()
    sys.setrecursionlimit(2000)

    conn.send(("started",))
    namespace: dict[str, Any] = {"__name__": "strategy", "__file__": filename}
    try:
        code = compile(strategy.source, filename, "exec")
        calls.current = ""
        calls.started = perf_counter()
        try:
            exec(code, namespace)
        finally:
            calls.started = 0.0
    except CallTimeout as e:
        conn.send(("failed", calls.timeout("", None, calls.line_of(e)).to_dict()))
        return
    except MemoryError:
        conn.send(("failed", calls.memory(None).to_dict()))
        return
    except SyntaxError as e:
        line = e.lineno
        err = StrategyError(
            f"Syntax error in line {line}: {e.msg}.", "syntax", {"error": e.msg, "line": line}, line
        )
        conn.send(("failed", err.to_dict()))
        return
    except Exception as e:
        conn.send(("failed", calls.exception(e, None).to_dict()))
        return
    wanted = spec.custom_functions
    calls.functions = {f: namespace[f] for f in wanted if callable(namespace.get(f))}
    if not calls.functions:
        conn.send(("failed", no_function(wanted).to_dict()))
        return
    conn.send(("ready", _describe(namespace.get("describe"), calls)))
    solutions: list[tuple[int, ...]] = []
    search: Any = None
    memo: dict[Any, Any] = {}
    while True:
        request = conn.recv()
        if request[0] == "stack":
            conn.send(("stack", _stack(search)))
            continue
        if request[0] in ("at", "probe"):
            if not memo:  # an explaining child: it makes no steps, it rebuilds positions
                calls.functions = _memoised(calls.functions, memo)
                _background(EXPLAIN_NICE)
            answer = _at if request[0] == "at" else _probe
            conn.send(answer(spec, problem, calls, every, options, *request[1:]))
            continue
        if request[0] != "advance":
            return
        try:
            if search is None:  # its root node already asks the strategy
                search = spec.custom_search(
                    problem, calls, every=every, on_solution=solutions.append, options=options
                )
            reply = _advance(search, calls, solutions, int(request[1]))
        except Failed as failed:  # at the root, before any step
            reply = ("events", b"", [], None, failed.build(0).to_dict(), calls.pruned)
        except CallTimeout as e:  # the alarm came between two calls
            error = calls.timeout(calls.current or "?", None, calls.line_of(e))
            reply = ("events", b"", [], None, error.to_dict(), calls.pruned)
        except MemoryError:
            reply = ("events", b"", [], None, calls.memory(None).to_dict(), calls.pruned)
        over = reply[3] is not None or reply[4] is not None
        if len(reply) == 6:  # (a failure outside the search's loop: no state)
            reply = (*reply, None)
        conn.send((*reply, _stack(search) if over else None))
        if over:
            return


#: Stack levels sent at most (a deeper stack is left out: the window shows none).
STACK_LEVELS = 100_000


def _levels(search: Any) -> list[tuple[int, tuple[int, ...], int]]:
    """The search's stack as plain tuples (square, candidates in order, tried)."""
    if search is None or search.depth > STACK_LEVELS:
        return []
    return [(level.square, tuple(level.candidates), level.tried) for level in search.stack()]


def _stack(search: Any) -> tuple[bytes, ...]:
    """The search's stack as ``PackedLevels`` sends it (a few bytes objects)."""
    return PackedLevels.pack(_levels(search))


#: How much an explaining child (the window's stacks, trees and estimates) gives way to the
#: window and to the run itself when the cores are busy.
EXPLAIN_NICE = 10


def _background(nice: int) -> None:
    """Lower this process's priority (where the system allows it)."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(nice)


#: Answers an explaining child remembers (then it forgets them all and starts again).
MEMO_SIZE = 200_000


def _memoised(
    functions: dict[str, Callable[..., Any]], memo: dict[Any, Any]
) -> dict[str, Callable[..., Any]]:
    """The user's functions answering again from memory for a node already asked about
    (its path and arguments): a strategy decides from the position alone, so the answer is
    the same, and the positions an explaining child rebuilds share their first nodes."""
    memo[None] = None  # (not empty: the functions are wrapped once)

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        def call(position: Any, *args: Any) -> Any:
            key = (fn, tuple(position._s._path), args)
            try:
                return memo[key]
            except KeyError:
                pass
            if len(memo) > MEMO_SIZE:
                memo.clear()
                memo[None] = None
            answer = memo[key] = fn(position, *args)
            return answer

        return call

    return {name: wrap(fn) for name, fn in functions.items()}


def _at(
    spec: Any,
    problem: Any,
    calls: Calls,
    every: bool,
    options: dict[str, Any] | None,
    path: tuple[int, ...],
    last: int | None,
    ended: bool,
) -> tuple[Any, ...]:
    """``("at", levels, error, top)``: the stack a fresh search has after following
    ``path`` (the top level's cursor set by ``last`` and ``ended``, as ``stack_at``; ``top``:
    its last level is the node at the path's end, not a solution's); levels None when the
    path is not one this strategy takes, or when its code failed (``error``)."""
    error: StrategyError | None = None
    try:
        search = spec.custom_search(problem, calls, every=every, options=options)
        for x in path[len(search.initial) :]:
            search.follow(x)
    except Failed as failed:
        error = failed.build(0)
    except CallTimeout as e:
        error = calls.timeout(calls.current or "?", None, calls.line_of(e))
    except MemoryError:
        error = calls.memory(None)
    except (ValueError, IndexError):
        return ("at", None, None, False)
    if error is not None:
        return ("at", None, error.to_dict(), False)
    levels = _levels(search)
    top = len(levels) == len(path) - len(search.initial) + 1  # the node at the path's end
    if top:
        square, candidates, _tried = levels[-1]
        if last is not None and last < 0 and ~last in candidates:
            tried = candidates.index(~last) + 1
        else:
            tried = len(candidates) if ended else 0
        levels[-1] = (square, candidates, tried)
    return ("at", PackedLevels.pack(levels), None, top)


def _probe(
    spec: Any,
    problem: Any,
    calls: Calls,
    every: bool,
    options: dict[str, Any] | None,
    base: tuple[int, ...],
    seed: int,
    count: int,
) -> tuple[Any, ...]:
    """``("probe", values, error)``: ``count`` of Knuth's random walks down the tree below
    ``base`` (each the natural logarithm of its estimate of the node count), walked here:
    one question from the parent, however deep the tree."""
    rng = random.Random(seed)
    values: list[float] = []
    try:
        for _ in range(count):
            search = spec.custom_search(problem, calls, every=every, options=options)
            for x in base[len(search.initial) :]:
                search.follow(x)
            walk = Walk()
            while options_ := search.top():
                walk.down(len(options_))
                search.follow(options_[rng.randrange(len(options_))])
            values.append(walk.log_nodes())
    except Failed as failed:
        return ("probe", None, failed.build(0).to_dict())
    except CallTimeout as e:
        error = calls.timeout(calls.current or "?", None, calls.line_of(e))
        return ("probe", None, error.to_dict())
    except MemoryError:
        return ("probe", None, calls.memory(None).to_dict())
    except (ValueError, IndexError):
        return ("probe", None, None)
    return ("probe", values, None)


def _advance(
    search: Any, calls: Calls, solutions: list[tuple[int, ...]], budget: int
) -> tuple[Any, ...]:
    """Up to ``budget`` steps for at most ``BLOCK_SECONDS`` (one slice at least)."""
    out = array("i")
    recent: tuple[int, ...] = ()
    deadline = perf_counter() + BLOCK_SECONDS
    while len(out) < budget:
        chunk = search.advance(min(SLICE, budget - len(out)))
        out.extend(chunk)
        if search.recent_backtracks:
            recent = (*recent, *search.recent_backtracks)[-RECENT:]
        if not chunk or search.result is not None or perf_counter() > deadline:
            break
    found = solutions[:]
    solutions.clear()
    failure = getattr(search, "failure", None)
    error = failure.to_dict() if isinstance(failure, StrategyError) else None
    result = search.result if error is None else None
    # The state after the block, so that the parent need not follow it step by step (a
    # long path is left out: the parent follows the steps then).
    path = search.snapshot_path() if search.depth <= PATH_SENT else None
    state = (
        search.moves,
        search.backtracks,
        search.max_depth,
        path.tobytes() if path is not None else None,
        recent,
    )
    return ("events", out.tobytes(), found, result, error, calls.pruned, state)


def _describe(value: Any, calls: Calls) -> str:
    """What ``describe`` says: the function's docstring, or what it returns (a string;
    timed like any call, and nothing when it fails)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value.strip()
    doc = getattr(value, "__doc__", None)
    if isinstance(doc, str) and doc.strip():
        return doc.strip()
    if callable(value):
        calls.started = perf_counter()
        try:
            said = value()
        except (Exception, CallTimeout):
            return ""
        finally:
            calls.started = 0.0
        return said.strip() if isinstance(said, str) else ""
    return ""
