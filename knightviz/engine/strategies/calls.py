"""The user's functions as a search calls them: timed, checked, their failures worded.

Runs in the child process only. Each call records when it began (``started``), which the
child's watchdog thread reads to stop a call that runs over ``CALL_LIMIT``; what the
function returns is checked (a list or tuple, of candidates, each once) and turned into a
``StrategyError`` that names the step when it is not.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Callable, Sequence
from time import perf_counter
from typing import Any, Generic, Protocol, TypeVar

from knightviz.engine.strategies.api import CALL_LIMIT, MEMORY_LIMIT_MB, StrategyError


class CallTimeout(BaseException):
    """Raised in the child's main thread when a call runs over the limit (a BaseException,
    so that the user's ``except Exception`` does not swallow it)."""


#: No extra argument (``Calls.orderer``).
_NONE = object()


class Failed(Exception):
    """A call of the user's code failed; ``build(step)`` words it, once the search knows
    its step (the searches keep their counts in locals while they run)."""

    def __init__(self, build: Callable[[int], StrategyError]) -> None:
        super().__init__()
        self.build = build


class Calls:
    """The user's functions by name, with the checks around each call."""

    def __init__(self, functions: dict[str, Callable[..., Any]], filename: str, seed: int) -> None:
        self.functions = functions
        self.filename = filename
        self.seed = seed
        self.random = random.Random(seed)
        #: When the running call began (perf_counter), 0.0 between calls.
        self.started = 0.0
        #: The function running now (for the timeout's sentence).
        self.current = ""
        #: Some call returned fewer candidates than it was given.
        self.pruned = False
        self.calls = 0

    def random_at(self, path: Sequence[int]) -> random.Random:
        """The position's random numbers: seeded by the run's seed and the path to the
        node, so a node's order is the same whenever it is asked for (the window rebuilds
        the stack, the tree and "your turn" from it) and another seed gives another run."""
        self.random.seed(f"{self.seed}:{','.join(map(str, path))}")
        return self.random

    def has(self, name: str) -> bool:
        return name in self.functions

    def orderer(self, name: str, position: object) -> Callable[..., Sequence[int]] | None:
        """``ask(candidates[, extra])``: ``name(position[, extra], candidates)`` timed and
        checked, the candidates in the order returned; None when the strategy has no
        ``name``. A failure raises ``Failed``, which the search words at its step."""
        fn = self.functions.get(name)
        if fn is None:
            return None
        clock = perf_counter
        none = _NONE

        def ask(candidates: tuple[int, ...], extra: object = none) -> Sequence[int]:
            self.started = clock()
            try:
                if extra is none:
                    returned: object = fn(position, candidates)
                else:
                    returned = fn(position, extra, candidates)
            except BaseException as e:
                self.started = 0.0
                self.current = name
                raise self._failed(name, e) from None
            self.started = 0.0
            if returned is candidates:  # unchanged (a tuple: it cannot have been altered)
                return candidates
            return self._checked(name, returned, candidates)

        return ask

    def picker(self, name: str, position: object) -> Callable[..., int] | None:
        """``pick(candidates)``: ``name(position, candidates)``, which must return one of
        the candidates; None when the strategy has no ``name``."""
        fn = self.functions.get(name)
        if fn is None:
            return None
        clock = perf_counter

        def pick(candidates: tuple[int, ...]) -> int:
            self.started = clock()
            try:
                returned = fn(position, candidates)
            except BaseException as e:
                self.started = 0.0
                self.current = name
                raise self._failed(name, e) from None
            self.started = 0.0
            if type(returned) is not int or returned not in candidates:
                raise Failed(lambda step: self._wrong(name, step, returned, "not-candidate"))
            return int(returned)

        return pick

    def _failed(self, name: str, error: BaseException) -> Failed:
        if isinstance(error, CallTimeout):
            line = self.line_of(error)
            return Failed(lambda step: self.timeout(name, step, line))
        if isinstance(error, MemoryError):
            line = self.line_of(error)
            return Failed(lambda step: self.memory(step, line))
        if isinstance(error, Exception):
            return Failed(lambda step: self.exception(error, step))
        raise error  # KeyboardInterrupt, SystemExit: the process ends

    def _checked(self, name: str, returned: object, candidates: tuple[int, ...]) -> Sequence[int]:
        if not isinstance(returned, list | tuple):
            raise Failed(lambda step: self._wrong(name, step, returned, "not-list"))
        allowed = set(candidates)
        seen: set[int] = set()
        for item in returned:
            if type(item) is not int or item not in allowed:
                raise self._wrong_later(name, item, "not-candidate")
            if item in seen:
                raise self._wrong_later(name, item, "repeated")
            seen.add(item)
        if len(returned) < len(candidates):
            self.pruned = True
        return returned

    def _wrong_later(self, name: str, value: object, what: str) -> Failed:
        return Failed(lambda step: self._wrong(name, step, value, what))

    # -- the sentences ---------------------------------------------------------------------

    def _wrong(self, name: str, step: int, value: Any, what: str) -> StrategyError:
        shown = _short(value)
        if what == "not-list":
            text = f"{name}() must return a list, not {type(value).__name__} {shown}"
        elif what == "repeated":
            text = f"{name}() returned {shown} twice"
        elif name == "cell":
            text = f"cell() returned {shown}, which is not one of the blank cells it was given"
        else:
            text = f"{name}() returned {shown}, which is not one of its candidates"
        code = getattr(self.functions.get(name), "__code__", None)
        line = code.co_firstlineno if code is not None else None
        return StrategyError(
            f"{text} (at step {step:,}).",
            "wrong-return",
            {"function": name, "what": what, "value": shown, "type": type(value).__name__},
            line,
            step,
        )

    def exception(self, error: BaseException, step: int | None) -> StrategyError:
        """An exception raised by the user's code, with the line it came from."""
        line = self.line_of(error)
        kind = type(error).__name__
        detail = str(error)
        text = f"{kind}: {detail}" if detail else kind
        where = f" in line {line}" if line else ""
        when = f" at step {step:,}" if step is not None else " while loading"
        return StrategyError(
            f"Your strategy raised {text}{where}{when}.",
            "exception",
            {"type": kind, "detail": detail, "line": line},
            line,
            step,
        )

    def timeout(self, name: str, step: int | None, line: int | None = None) -> StrategyError:
        what = {"": "Loading the strategy", "?": "A call of your strategy"}.get(name, f"{name}()")
        where = f" (in line {line})" if line else ""
        when = f" at step {step:,}" if step is not None else ""
        return StrategyError(
            f"{what} ran for over {CALL_LIMIT:g} s{when}{where}, an endless loop?"
            " The run was stopped.",
            "timeout",
            {"function": name, "seconds": CALL_LIMIT, "line": line},
            line,
            step,
        )

    def memory(self, step: int | None, line: int | None = None) -> StrategyError:
        where = f" in line {line}" if line else ""
        when = f" at step {step:,}" if step is not None else ""
        return StrategyError(
            f"Your strategy used over {MEMORY_LIMIT_MB} MB of memory{where}{when}:"
            " the run was stopped.",
            "memory",
            {"megabytes": MEMORY_LIMIT_MB, "line": line},
            line,
            step,
        )

    def line_of(self, error: BaseException) -> int | None:
        """The last line of the user's source in the traceback (SyntaxError: its own)."""
        if isinstance(error, SyntaxError) and error.filename == self.filename:
            return error.lineno
        line = None
        for frame in traceback.extract_tb(error.__traceback__):
            if frame.filename == self.filename:
                line = frame.lineno
        return line


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


class Steered(Protocol):
    """A search a strategy steers, as its position reads it."""

    calls: Calls
    _path: list[int]


S = TypeVar("S", bound=Steered)


class Position(Generic[S]):
    """What a strategy's functions see of a search (read-only): each puzzle's position
    adds its own questions; the seed and the node's random numbers are the same for all."""

    __slots__ = ("_s",)

    def __init__(self, search: S) -> None:
        self._s = search

    @property
    def seed(self) -> int:
        return int(self._s.calls.seed)

    @property
    def random(self) -> random.Random:
        """Seeded by the run's seed and the path to this node (``Calls.random_at``)."""
        return self._s.calls.random_at(self._s._path)
