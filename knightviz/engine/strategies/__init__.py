"""Strategies of one's own: the API (``api.py``) and the child-process runner.

``user_search(puzzle_key, problem, UserStrategy(source))`` is a ``Search`` like the
built-ins', its steps chosen by the user's Python functions run in a child process;
``UserExplainer`` rebuilds its positions (stack, children) for the window's panels.
"""

from __future__ import annotations

from knightviz.engine.strategies.api import (
    CALL_LIMIT,
    FUNCTIONS,
    KINDS,
    MEMORY_LIMIT_MB,
    TYPED_NAME,
    StrategyError,
    UserStrategy,
    compile_check,
)
from knightviz.engine.strategies.explain import UserExplainer
from knightviz.engine.strategies.runner import UserSearch, user_search

__all__ = [
    "CALL_LIMIT",
    "FUNCTIONS",
    "KINDS",
    "MEMORY_LIMIT_MB",
    "TYPED_NAME",
    "StrategyError",
    "UserExplainer",
    "UserSearch",
    "UserStrategy",
    "compile_check",
    "user_search",
]
