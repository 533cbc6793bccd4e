"""Bring your own strategy: the order in which a search tries its candidates, in Python.

A strategy is Python source (a file, or text typed in the window) that defines one or more
of these functions; the search calls them at each decision with a read-only ``position``
(see ``positions.py``) and the candidates, and tries what they return, in that order:

- knight's tour and other leapers: ``order(position, candidates)``: the squares the piece
  may move to next (``position.degree(square)``: that square's onward moves);
- N-Queens: ``order(position, candidates)``: the free columns of the row being filled
  (``position.degree(column)``: the free squares a queen there leaves in the rows above);
- the digit-grid puzzle: ``cell(position, cells)`` returns the one blank cell to fill next
  (``position.count(cell)``: its candidate digits), then ``digits(position, cell, digits)``
  the order of that cell's digits. Either may be left out (first blank; ascending).

``order`` and ``digits`` return a list (or tuple) of their candidates; returning fewer
prunes, and the search may then miss solutions (``search.pruned``, and the result says so).
An optional ``describe()`` (its docstring, or the string it returns) names the strategy in
the history and the race; ``position.random`` is a ``random.Random`` seeded per run.

The user's code is never executed in the calling process: ``user_search`` runs the whole
search in a child process (``runner.py``, ``child.py``) and hands back a ``Search`` that
streams its events. ``compile_check`` only parses. What goes wrong is a ``StrategyError``
(``search.error`` once the run has ended): one English sentence, and ``kind`` + ``args_``
for presenters that word it in another language.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from knightviz.engine.strategies.runner import UserSearch

#: Every function a strategy may define, for any puzzle.
FUNCTIONS = ("order", "cell", "digits")
#: How long one call of the user's function may take, in seconds.
CALL_LIMIT = 1.0
#: The memory the user's code may take beyond what the child process needs, in MB.
MEMORY_LIMIT_MB = 512

#: What a ``StrategyError`` may be about.
KINDS = ("exception", "timeout", "memory", "wrong-return", "syntax", "no-function", "crashed")

#: The name a strategy typed in the window goes by.
TYPED_NAME = "your strategy"


@dataclass(frozen=True)
class UserStrategy:
    """A strategy to run: its Python text and what it is called."""

    #: The Python text (never executed in the calling process).
    source: str
    #: Shown in the history and the race: the file's name, or "your strategy".
    name: str = TYPED_NAME
    #: The seed of ``position.random``, for random strategies.
    seed: int = 0
    #: The file it was read from, if any (tracebacks name it).
    path: str | None = None

    @classmethod
    def from_file(cls, path: str, seed: int = 0) -> UserStrategy:
        """A strategy read from a ``.py`` file (OSError / UnicodeDecodeError as ``open``)."""
        import os

        with open(path, encoding="utf-8") as f:
            source = f.read()
        return cls(source, os.path.basename(path), seed, path)


class StrategyError(Exception):
    """What went wrong with a user's strategy: one sentence for the user, where and when.

    ``kind`` is one of ``KINDS``; ``args_`` holds the sentence's figures (the function's
    name, the value returned, the exception's type ...) so a presenter can word it in
    Chinese; ``line`` is the line of the user's source to mark, ``step`` the number of steps
    made when it happened (None: before the search began).
    """

    def __init__(
        self,
        message: str,
        kind: str,
        args_: Mapping[str, Any] | None = None,
        line: int | None = None,
        step: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.args_: dict[str, Any] = dict(args_ or {})
        self.line = line
        self.step = step

    def to_dict(self) -> dict[str, Any]:
        """Plain data, to cross the pipe from the child (and to be saved)."""
        return {
            "message": self.message,
            "kind": self.kind,
            "args": self.args_,
            "line": self.line,
            "step": self.step,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StrategyError:
        return cls(
            data["message"], data["kind"], data.get("args"), data.get("line"), data.get("step")
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (StrategyError.from_dict, (self.to_dict(),))

    def __repr__(self) -> str:
        return f"StrategyError({self.kind!r}, {self.message!r})"


def compile_check(source: str, functions: tuple[str, ...] = FUNCTIONS) -> StrategyError | None:
    """A syntax error, or no strategy function among ``functions`` defined at the top level;
    None when the text has the shape of a strategy. Parses only: executes nothing."""
    try:
        tree = ast.parse(source, "<strategy>")
    except SyntaxError as e:
        line = e.lineno
        what = e.msg or "invalid syntax"
        where = f" in line {line}" if line else ""
        return StrategyError(
            f"Syntax error{where}: {what}.", "syntax", {"error": what, "line": line}, line
        )
    except ValueError as e:  # e.g. a NUL character in the text
        return StrategyError(
            f"The text cannot be read as Python: {e}.", "syntax", {"error": str(e)}
        )
    defined = {
        node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    if not defined & set(functions):
        return no_function(functions)
    return None


def no_function(functions: tuple[str, ...]) -> StrategyError:
    """The error of a text that defines none of the functions a puzzle calls."""
    names = " or ".join(f"{f}()" for f in functions)
    return StrategyError(
        f"The strategy defines no {names} function: write def {functions[0]}(position, ...).",
        "no-function",
        {"functions": list(functions)},
    )


def user_search(
    puzzle_key: str,
    problem: Any,
    strategy: UserStrategy,
    *,
    every: bool = False,
    limit: int | None = None,
    cancel: Callable[[], bool] | None = None,
    on_solution: Callable[[tuple[int, ...]], None] | None = None,
    options: Mapping[str, Any] | None = None,
) -> UserSearch:
    """A search of ``problem`` (puzzle ``puzzle_key``, as its spec parses it) trying the
    candidates in the order ``strategy`` gives: the engine's ``Search``, backed by a child
    process that runs the Python search with the user's functions and streams its events.

    ``every``, ``limit``, ``cancel``, ``on_solution`` and ``options`` (the puzzle's flags)
    as for the spec's ``make_search``. Besides the protocol: ``error`` (a StrategyError once
    a failure ended the run), ``pruned``, ``describe``, ``solutions``, ``count``, ``close()``.
    """
    from knightviz.engine.strategies.runner import UserSearch

    return UserSearch(
        puzzle_key,
        problem,
        strategy,
        every=every,
        limit=limit,
        cancel=cancel,
        on_solution=on_solution,
        options=options,
    )
