"""Every way a user's strategy can fail gives its sentence, the line to mark where there
is one, and leaves no process behind."""

from __future__ import annotations

import os

import pytest

from knightviz.engine import puzzles
from knightviz.engine.events import Outcome, run
from knightviz.engine.strategies import UserStrategy, user_search

#: The user's search is Python in a child process whatever the default engine: one run.
pytestmark = pytest.mark.own_engine


def gone(pid: int | None) -> bool:
    assert pid is not None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def fail(source: str, key: str = "knight", text: str = "5x5 a5"):
    """Run ``source`` on a small problem; the search, ended."""
    search = user_search(key, puzzles.spec(key).parse(text), UserStrategy(source, "mine.py"))
    result = run(search)
    assert search.pid is None or gone(search.pid)
    return search, result


def failed(source: str, kind: str, key: str = "knight", text: str = "5x5 a5"):
    search, result = fail(source, key, text)
    assert search.error is not None, result
    assert search.error.kind == kind
    assert result.outcome is Outcome.CANCELLED and result.reason == search.error.message
    return search.error


def test_an_exception_names_its_type_and_line():
    error = failed(
        "def order(position, candidates):\n    x = 1\n    return candidates[x * 10]\n", "exception"
    )
    assert "IndexError" in error.message and error.line == 3 and "line 3" in error.message
    assert error.args_["type"] == "IndexError"


def test_an_exception_after_some_steps_says_which_step():
    source = (
        "def order(position, candidates):\n"
        "    if position.depth == 5:\n"
        "        raise ValueError('deep enough')\n"
        "    return candidates\n"
    )
    search, result = fail(source)
    assert search.error is not None and search.error.step == result.steps == 5
    assert "deep enough" in search.error.message and "step 5" in search.error.message
    assert search.error.line == 3


def test_an_exception_while_loading():
    error = failed(
        "1 / 0\n\ndef order(position, candidates):\n    return candidates\n", "exception"
    )
    assert error.line == 1 and error.step is None and "ZeroDivisionError" in error.message


def test_an_endless_loop_is_stopped_after_a_second():
    error = failed("def order(position, candidates):\n    while True:\n        pass\n", "timeout")
    assert "over 1 s" in error.message and error.line in (2, 3)


def test_a_sleeping_call_is_stopped_too():
    error = failed(
        "import time\n\ndef order(position, candidates):\n    time.sleep(60)\n", "timeout"
    )
    assert error.line == 4


@pytest.mark.slow
def test_code_stuck_where_python_cannot_interrupt_it_is_killed():
    """A long computation in C ignores the child's alarm: the parent's watchdog ends it."""
    error = failed("def order(position, candidates):\n    return sum(range(10 ** 12))\n", "timeout")
    assert "stopped answering" in error.message


def test_memory_over_the_limit():
    error = failed(
        "def order(position, candidates):\n    hog = [0] * (10 ** 9)\n    return hog\n", "memory"
    )
    assert "MB" in error.message and error.line == 2


@pytest.mark.parametrize(
    ("body", "what"),
    [
        ("return 5", "not-list"),
        ("return {c for c in candidates}", "not-list"),
        ("return [99]", "not-candidate"),
        ("return [float(c) for c in candidates]", "not-candidate"),
        ("return [candidates[0], candidates[0]]", "repeated"),
    ],
)
def test_a_wrong_return_names_what_and_when(body, what):
    error = failed(f"def order(position, candidates):\n    {body}\n", "wrong-return")
    assert error.args_["what"] == what and error.args_["function"] == "order"
    assert error.step == 0 and "order()" in error.message and error.line == 1


def test_a_cell_that_is_not_blank():
    error = failed(
        "def cell(position, cells):\n    return -1\n", "wrong-return", "sudoku", "." * 16
    )
    assert error.args_["function"] == "cell"


def test_a_syntax_error_is_found_without_a_process():
    search, _ = fail("def order(position, candidates)\n    return candidates\n")
    assert search.pid is None and search.error is not None
    assert search.error.kind == "syntax" and search.error.line == 1


def test_no_function_for_the_puzzle():
    """A file for another puzzle (only the grid's functions) is refused for the knight."""
    search, _ = fail("def digits(position, cell, digits):\n    return digits\n")
    assert search.error is not None and search.error.kind == "no-function"
    assert "order()" in search.error.message


def test_a_crash_of_the_child():
    error = failed("import os\n\ndef order(position, candidates):\n    os._exit(3)\n", "crashed")
    assert error.args_["exitcode"] == 3


def test_pruning_is_said_in_the_result():
    """5x5 from a5 has tours, but the greedy walk keeping one candidate finds none."""
    search, result = fail("def order(position, candidates):\n    return candidates[:1]\n")
    assert search.error is None and search.pruned
    assert result.outcome is Outcome.EXHAUSTED and "may have missed solutions" in (
        result.reason or ""
    )


def test_keeping_everything_is_not_pruning():
    search, result = fail(
        "def order(position, candidates):\n    return sorted(candidates, key=position.degree)\n",
        text="6x6 a6",
    )
    assert result.solved and not search.pruned and "missed" not in (result.reason or "")
