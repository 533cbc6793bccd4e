"""The counting kernels built ahead of time (``kernels.native``): the same counts as numba's
and the pure-Python references, the library keyed by its source, and numba taking over,
silently, whenever the library is missing, stale or broken."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from knightviz.engine import backends, kernels
from knightviz.engine.count import count_below as tours_below_py
from knightviz.engine.kernels import native
from knightviz.engine.queens_constellations import _below, log_nodes, roots

# docs/reference.md: Q(N); directed open tours of 5x5 (every start square).
TOTALS = {6: 4, 8: 92, 10: 724, 11: 2680}
OPEN_5X5 = 1728

pytestmark = [
    pytest.mark.skipif(not kernels.available(), reason="numba is not installed here"),
    pytest.mark.own_engine,  # each test says which engine runs what
]


@pytest.fixture
def library(tmp_path, monkeypatch):
    """An empty library directory and no part loaded; what the test loads is forgotten."""
    monkeypatch.setenv(native.ENV_DIR, str(tmp_path))
    monkeypatch.delenv(native.ENV, raising=False)
    monkeypatch.setattr(native, "_loaded", {})
    native.key.cache_clear()
    yield tmp_path
    native.key.cache_clear()


def built(part):
    """Build ``part`` (numba compiles its kernels first, as ``backends.load`` does)."""
    from knightviz.engine.kernels import loading

    loading.load_part(part)
    assert native.build(part)
    assert native.load(part)


def test_nothing_built_is_nothing_loaded(library):
    assert not native.load("queens-count")
    assert not native.loaded("queens-count")
    assert native.function("queens-count", "below") is None


def test_queens_counts_are_exact(library):
    built("queens-count")
    for n, total in TOTALS.items():
        got = [native.queens_below(n, key, 1 << 62) for key in roots(n)]
        assert sum(g[0] for g in got) == total
        for key, g in zip(roots(n), got, strict=True):
            py = _below(n, key, 1 << 62)
            assert g == (py.total, py.eighths, py.nodes, py.finished)


def test_queens_budget_and_enumeration_match_numba(library):
    from knightviz.engine.kernels import _constellations

    built("queens-count")
    assert [k for k, _ in native.queens_constellations(12)] == roots(12)
    jit = _constellations.constellations(12).tolist()
    assert [(tuple(r[:4]), r[4]) for r in jit] == native.queens_constellations(12)
    for key in roots(12)[:20]:
        for budget in (1, 7, 100):
            py = _below(12, key, budget)
            assert native.queens_below(12, key, budget) == (
                py.total,
                py.eighths,
                py.nodes,
                py.finished,
            )
    import numpy as np

    for key in roots(12)[:5]:
        prefix = np.array(key, np.int64)
        assert native.queens_log_nodes(12, key, 64, 3) == _constellations.probe(12, prefix, 64, 3)
        assert native.queens_log_nodes(12, key, 64, 3) == pytest.approx(
            log_nodes(12, key, 4096, 3), abs=0.5
        )


def test_tours_counts_are_exact(library):
    from knightviz.engine.board import CLASSIC_ORDER
    from knightviz.engine.kernels import counting

    built("tours-count")
    got = [native.tours_below_bits(5, 5, CLASSIC_ORDER, (s,), False, 1 << 62) for s in range(25)]
    assert sum(g[0] for g in got) == OPEN_5X5
    for s in (0, 7, 12):
        py = tours_below_py(5, 5, (s,), False, backend=backends.PYTHON)
        assert native.tours_below_bits(5, 5, CLASSIC_ORDER, (s,), False, 1 << 62) == (
            py.count,
            py.nodes,
            True,
        )
    bounded = [native.tours_below_bits(6, 6, CLASSIC_ORDER, (0, 13), c, 5000) for c in (0, 1)]
    native._loaded.clear()  # numba's count and probe, then the library's: the same walks
    assert [counting.count_below_compiled(6, 6, (0, 13), c, 5000) for c in (0, 1)] == bounded
    jit = counting.tours_log_nodes_compiled(6, 6, (0, 13), False, 32, 5)
    assert native.load("tours-count")
    assert native.tours_log_nodes(6, 6, CLASSIC_ORDER, (0, 13), False, 32, 5) == jit


def test_a_changed_source_is_not_loaded(library, tmp_path_factory, monkeypatch):
    built("queens-count")
    old = native.key("queens-count")
    copy = tmp_path_factory.mktemp("kernels")
    for name in ("_constellations.py", "_native_build.py", "_count.py"):
        (copy / name).write_bytes((Path(native._HERE) / name).read_bytes())
    monkeypatch.setattr(native, "_HERE", str(copy))
    native.key.cache_clear()
    assert native.key("queens-count") == old  # the same sources, the same library
    with (copy / "_constellations.py").open("a") as source:
        source.write("\n# edited\n")
    native.key.cache_clear()
    assert native.key("queens-count") != old
    native._loaded.clear()
    assert not native.load("queens-count")  # the old library stays unused


def test_a_broken_library_is_not_loaded(library, tmp_path_factory, monkeypatch):
    built("queens-count")
    name = native.key("queens-count")
    elsewhere = tmp_path_factory.mktemp("broken")  # (a loaded library's path loads it again)
    monkeypatch.setenv(native.ENV_DIR, str(elsewhere))
    symbols = (library / name).with_suffix(".symbols").read_text("ascii")
    (elsewhere / name).with_suffix(".symbols").write_text(symbols, "ascii")
    (elsewhere / name).with_suffix(".so").write_bytes(b"not a library")
    native._loaded.clear()
    assert not native.load("queens-count")
    (elsewhere / name).with_suffix(".symbols").write_text("below nowhere\n", "ascii")
    assert not native.load("queens-count")  # entry points missing


def test_turned_off(library, monkeypatch):
    built("queens-count")
    native._loaded.clear()
    monkeypatch.setenv(native.ENV, "0")
    assert not native.load("queens-count")
    assert not native.build("queens-count")


_PROBE = """
import sys
from knightviz.cli.entry import main
from knightviz.engine.kernels import native
code = main(["queens", "--size", "14", "--format", "count", "--jobs", "1"])
print(native.loaded("queens-count"), "numba" in sys.modules, "numpy" in sys.modules, code)
"""


@pytest.mark.slow
def test_first_command_builds_the_next_runs_without_numba(tmp_path):
    """No library: numba counts, and builds it; the next command loads it, with neither
    numba nor numpy imported. Both print the exact count."""
    env = {**os.environ, native.ENV_DIR: str(tmp_path), "KNIGHTVIZ_ENGINE": "auto"}
    env.pop(native.ENV, None)
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")

    def command():
        done = subprocess.run(
            [sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.split()

    first = command()
    assert first == ["365596", "False", "True", "True", "0"]
    assert list(tmp_path.glob("queens-count-*.symbols"))
    assert command() == ["365596", "True", "False", "False", "0"]


def test_without_a_linker_llvmlite_loads_the_object(library, monkeypatch):
    from knightviz.engine.kernels import _native_build

    monkeypatch.setattr(_native_build, "linker", lambda: None)
    built("queens-count")
    assert list(library.glob("queens-count-*.o"))
    assert not list(library.glob("queens-count-*.so"))
    assert sum(native.queens_below(11, key, 1 << 62)[0] for key in roots(11)) == TOTALS[11]


def test_a_failed_build_is_not_tried_again(library, monkeypatch):
    from knightviz.engine.kernels import _native_build, loading

    loading.load_part("queens-count")
    calls = []

    def fails(part, target):
        calls.append(part)
        raise RuntimeError("no code for this processor")

    monkeypatch.setattr(_native_build, "build", fails)
    assert not native.build("queens-count")
    assert not native.build("queens-count")
    assert calls == ["queens-count"]
    assert not native.load("queens-count")
