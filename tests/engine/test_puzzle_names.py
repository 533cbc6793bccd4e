"""The design rule "adding a puzzle means one engine spec, one presenter, their tests and
translations: no other module names a puzzle", checked.

For every registered puzzle (and Sudoku, registered or not), the files of the package that
name it (its key or its title, a whole word, any case) outside its own modules
(``engine/puzzles/KEY*`` and ``gui/puzzles/KEY*``) must be those listed here. The knight's
tour and N-Queens grew up before the specs, and many engine modules (kernels, counting,
formats) and the command line's own commands still name them: their lists are a ratchet that
may only shrink. A new file naming them fails, and so does a listed file that no longer
does (take it off the list). Non-Python resources (translations, images) and the docs may
name any puzzle.
"""

import re
from functools import cache
from pathlib import Path

import pytest

from knightviz.engine.puzzles import specs

PACKAGE = Path(__file__).resolve().parents[2] / "knightviz"
#: Code and the page's own files; ``resources`` (translations, images) may name anything.
SUFFIXES = {".py", ".js", ".html", ".css", ".json"}

#: Files that name a puzzle outside its own modules, as they stand: only ever shorter.
ALLOWED: dict[str, frozenset[str]] = {
    "knight": frozenset(
        {
            "__init__.py",
            "cli/commands/solve.py",
            "cli/commands/tree.py",
            "cli/common.py",
            "cli/options.py",
            "cli/parser.py",
            "engine/__init__.py",
            "engine/board.py",
            "engine/construct.py",
            "engine/construct_base.py",
            "engine/construct_data.py",
            "engine/count.py",
            "engine/estimate.py",
            "engine/events.py",
            "engine/explain.py",
            "engine/factory.py",
            "engine/forecast.py",
            "engine/formats.py",
            "engine/handover.py",
            "engine/kernels/_count.py",
            "engine/kernels/_search.py",
            "engine/kernels/_tables.py",
            "engine/kernels/compiled.py",
            "engine/kernels/tours.py",
            "engine/legal.py",
            "engine/queens.py",
            "engine/search.py",
            "engine/stack.py",
            "engine/tour.py",
            "engine/tree.py",
            "engine/verdict.py",
            "gui/menus/menus.py",
            "gui/panels/controls.py",
            "gui/panels/export.py",
            "gui/panels/help.py",
            "gui/panels/map_legend.py",
            "gui/race.py",
            "gui/screenshot.py",
            "gui/session.py",
            "page/build.py",
            "page/player.js",
            "page/strings.json",
        }
    ),
    "queens": frozenset(
        {
            "__init__.py",
            "cli/backend.py",
            "cli/commands/queens.py",
            "cli/commands/tree.py",
            "cli/count_job.py",
            "cli/options.py",
            "cli/parser.py",
            "cli/trace_text.py",
            "engine/__init__.py",
            "engine/backends.py",
            "engine/bitboards.py",
            "engine/count_estimate.py",
            "engine/estimate.py",
            "engine/events.py",
            "engine/explain.py",
            "engine/factory.py",
            "engine/formats.py",
            "engine/handover.py",
            "engine/kernels/__init__.py",
            "engine/kernels/_count.py",
            "engine/kernels/_scan.py",
            "engine/kernels/_search.py",
            "engine/kernels/compiled.py",
            "engine/kernels/counting.py",
            "engine/kernels/loading.py",
            "engine/kernels/queens.py",
            "engine/legal.py",
            "engine/parallel/__init__.py",
            "engine/parallel/api.py",
            "engine/parallel/job.py",
            "engine/parallel/planning.py",
            "engine/parallel/tallies.py",
            "engine/parallel/tasks.py",
            "engine/queens.py",
            # Counting by start constellations, its kernels built ahead of time, its
            # checkpoints and its plan (added with
            # them, a step back for this ratchet): N-Queens counting still lives beside
            # the engine's other counters, below the puzzle specs; moving it into
            # engine/puzzles/queens* means turning the count's layers around first.
            "cli/count_plan.py",
            # The quick count of short N-Queens counts, before the command line loads.
            "cli/quick.py",
            "engine/kernels/_constellations.py",
            "engine/kernels/_native_build.py",
            "engine/kernels/constellations.py",
            "engine/kernels/native.py",
            "engine/parallel/checkpoint.py",
            "engine/queens_constellations.py",
            "engine/queens_count.py",
            "engine/queens_rules.py",
            "engine/search.py",
            "engine/stack.py",
            "engine/trace.py",
            # A docstring of the Sudoku search cites the compiled queens search as its
            # model: to be reworded by the Sudoku package (then taken off here).
            "engine/puzzles/sudoku/search.py",
            "engine/tree.py",
            "gui/menus/menus.py",
            "gui/panels/chart.py",
            "gui/panels/controls.py",
            "gui/panels/export.py",
            "gui/panels/help.py",
            "gui/panels/history.py",
            "gui/puzzles/programs.py",
            "gui/screenshot.py",
            "gui/session.py",
            "page/build.py",
            "page/strings.json",
        }
    ),
    "sudoku": frozenset(),
}


@cache
def sources() -> dict[str, str]:
    """Every code file of the package by its path inside it, and its text."""
    out = {}
    for path in sorted(PACKAGE.rglob("*")):
        parts = path.relative_to(PACKAGE).parts
        if "__pycache__" in parts or parts[0] == "resources" or path.suffix not in SUFFIXES:
            continue
        if path.is_file():
            out["/".join(parts)] = path.read_text(encoding="utf-8")
    return out


def names(key: str) -> list[str]:
    """How a puzzle is named: its key, and its title when it is registered."""
    found = specs().get(key)
    return [key] + ([found.title] if found is not None and found.title else [])


def naming(key: str) -> set[str]:
    """The files outside the puzzle's own modules that name it."""
    pattern = re.compile(
        "|".join(rf"(?<![\w-]){re.escape(word)}(?!\w)" for word in names(key)), re.IGNORECASE
    )
    own = (f"engine/puzzles/{key}", f"gui/puzzles/{key}")
    return {
        path
        for path, text in sources().items()
        if not path.startswith(own) and pattern.search(text)
    }


#: Every registered puzzle (a new one: nothing outside its modules may name it), and those
#: with a list.
KEYS = sorted(set(specs()) | set(ALLOWED))


@pytest.mark.parametrize("key", KEYS)
def test_no_new_module_names_a_puzzle(key):
    extra = sorted(naming(key) - ALLOWED.get(key, frozenset()))
    assert not extra, (
        f"{', '.join(extra)} name(s) the puzzle {key!r}: generic code reaches a puzzle only "
        "through the spec and presenter registries (engine/puzzles, gui/puzzles)"
    )


@pytest.mark.parametrize("key", sorted(ALLOWED))
def test_the_allowlist_only_shrinks(key):
    gone = sorted(ALLOWED[key] - naming(key))
    assert not gone, f"remove {', '.join(gone)} from the allowlist of {key!r}"


def test_the_names_are_found():
    """The check sees what it looks for: the specs' own modules name their puzzles."""
    for key in specs():
        pattern = re.compile(rf"(?<![\w-]){re.escape(key)}(?!\w)", re.IGNORECASE)
        assert any(
            pattern.search(text)
            for path, text in sources().items()
            if path.startswith(f"engine/puzzles/{key}")
        )
