"""Every presenter stands on its engine spec: the same key, its settings turned into a
problem the spec reads back, a strategy the spec has; the domain defaults ask the spec."""

from __future__ import annotations

from typing import Any

import pytest

from knightviz.engine.puzzles import specs
from knightviz.gui.puzzles import presenter_types
from knightviz.gui.puzzles.base import Puzzle


@pytest.mark.parametrize("kind", presenter_types(), ids=lambda k: k.key)
def test_each_presenter_has_its_spec(qapp, kind):
    presenter = kind()
    assert presenter.key in specs()
    assert presenter.spec.key == presenter.key
    settings = presenter.default_settings()
    spec = presenter.spec
    problem = presenter.problem(settings, 0)
    assert spec.parse(spec.text(problem)) == problem
    assert spec.dims(problem) == (settings.rows, settings.cols)
    assert presenter.strategy_key(settings) in spec.strategies
    assert presenter.initial(settings, 0) == spec.initial(problem)


def test_a_presenter_that_states_no_problem_keeps_the_old_answers(qapp):
    """A presenter written before ``problem`` existed: its optional domain answers stay
    None rather than failing."""

    class Bare(Puzzle[Any]):
        key = next(iter(specs()))

    bare = Bare()
    settings = object()
    assert bare.solution_depth(settings) is None
    assert bare.rules(settings) is None
    with pytest.raises(NotImplementedError):
        bare.problem(settings)
