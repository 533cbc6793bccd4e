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
from typing import Any

from knightviz.engine.strategies.api import CALL_LIMIT, MEMORY_LIMIT_MB, StrategyError


class CallTimeout(BaseException):
    """Raised in the child's main thread when a call runs over the limit (a BaseException,
    so that the user's ``except Exception`` does not swallow it)."""


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

    def has(self, name: str) -> bool:
        return name in self.functions

    def order(self, name: str, step: int, candidates: tuple[int, ...], *args: Any) -> Sequence[int]:
        """Call ``name(*args, candidates)``; the candidates in the order returned (checked)."""
        returned = self._call(name, step, *args, candidates)
        if returned is candidates:
            return candidates
        return self._checked(name, step, returned, candidates)

    def pick(self, name: str, step: int, candidates: tuple[int, ...], *args: Any) -> int:
        """Call ``name(*args, candidates)``, which must return one of the candidates."""
        returned = self._call(name, step, *args, candidates)
        if not isinstance(returned, int) or type(returned) is not int:
            raise self._wrong(name, step, returned, "not-candidate")
        if returned not in candidates:
            raise self._wrong(name, step, returned, "not-candidate")
        return returned

    def _call(self, name: str, step: int, *args: Any) -> object:
        self.calls += 1
        self.current = name
        self.started = perf_counter()
        try:
            return self.functions[name](*args)
        except CallTimeout as e:
            raise self.timeout(name, step, self.line_of(e)) from None
        except MemoryError as e:
            raise self.memory(step, self.line_of(e)) from None
        except Exception as e:
            raise self.exception(e, step) from None
        finally:
            self.started = 0.0

    def _checked(
        self, name: str, step: int, returned: object, candidates: tuple[int, ...]
    ) -> Sequence[int]:
        if not isinstance(returned, list | tuple):
            raise self._wrong(name, step, returned, "not-list")
        allowed = set(candidates)
        seen: set[int] = set()
        for item in returned:
            if type(item) is not int or item not in allowed:
                raise self._wrong(name, step, item, "not-candidate")
            if item in seen:
                raise self._wrong(name, step, item, "repeated")
            seen.add(item)
        if len(returned) < len(candidates):
            self.pruned = True
        return returned

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
        what = f"{name}()" if name else "Loading the strategy"
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
