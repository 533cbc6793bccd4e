"""Shared test setup. No Qt import here: tests/engine must never load PySide6."""

import atexit
import os
import shutil
import tempfile

import pytest

TESTS = os.path.dirname(os.path.abspath(__file__))

# As `make test` runs them: the window's searches on the pure-Python engine unless a test
# names one (a plain pytest run once let a compiled 6×6 search end before a test could pause
# it, when an earlier test had loaded the kernels).
os.environ.setdefault("KNIGHTVIZ_ENGINE", "python")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if os.environ["QT_QPA_PLATFORM"] == "offscreen":
    # A desktop's screen (offscreen's own is 800x800, where the window opens maximized,
    # as on a laptop): windows get the sizes the tests give them. Layout tests of small
    # screens resize the window themselves.
    _screen = os.path.join(os.path.dirname(__file__), "offscreen_screen.json")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_screen}"

# No test, nor any program a test starts, may read or write the user's settings and history:
# QSettings and QStandardPaths follow these on Linux (each GUI test also isolates its own).
_home = tempfile.mkdtemp(prefix="knightviz-tests-")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_home, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_home, "data")
atexit.register(shutil.rmtree, _home, ignore_errors=True)


@pytest.hookimpl(tryfirst=True)  # before -m reads the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks by place and by fixture, so ``-m gui`` or ``-m browser`` runs one area without
    each file having to say so: everything under tests/gui drives the window; a test that
    takes the ``browser`` fixture drives chromium."""
    gui = os.path.join(TESTS, "gui") + os.sep
    for item in items:
        if str(item.path).startswith(gui):
            item.add_marker(pytest.mark.gui)
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """The engine's and the command line's tests run with every search left to the default
    backend on Python, then on the compiled engine (``default_engine``). A test that takes
    ``backend`` names the backend of its searches itself and runs once per backend already;
    one marked ``own_engine`` sets the environment itself: a second run would be the same."""
    if (
        "default_engine" in metafunc.fixturenames
        and "backend" not in metafunc.fixturenames
        and metafunc.definition.get_closest_marker("own_engine") is None
    ):
        metafunc.parametrize("default_engine", ["python", "numba"], indirect=True)


@pytest.fixture
def default_engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str | None:
    """The backend a search gets when none is named (``KNIGHTVIZ_ENGINE``, inherited by the
    programs a test starts); None for a test that takes ``backend`` or is marked
    ``own_engine``: the environment's."""
    from knightviz.engine import kernels

    engine: str | None = getattr(request, "param", None)
    if engine is None:
        return None
    if engine == kernels.NUMBA:
        if not kernels.available():
            pytest.skip("numba is not installed here (CI installs it): compiled backend untested")
        kernels.load()
    monkeypatch.setenv(kernels.ENV, engine)
    return engine


@pytest.fixture(params=["numpy", "compiled"])
def fast_pass(request, monkeypatch):
    """The recording's readers (the tree's pyramid, the chart's depth fold) on numpy's
    passes, then on the compiled ones (skipped without numba)."""
    from knightviz.engine import kernels

    if request.param == "compiled":
        if not kernels.available():
            pytest.skip("numba is not installed")
        kernels.load()
        assert kernels.block_depths() is not None and kernels.depth_fold() is not None
    else:
        monkeypatch.setattr(kernels, "block_depths", lambda: None)
        monkeypatch.setattr(kernels, "depth_fold", lambda: None)
    return request.param
