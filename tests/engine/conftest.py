"""Engine test fixtures: ``backend`` runs a test once per engine backend; a test without it
runs once per default backend (``default_engine``, tests/conftest.py)."""

import pytest

from knightviz.engine import kernels


@pytest.fixture(params=["python", "numba"])
def backend(request):
    """The backend name to pass as ``backend=``; the compiled one is loaded first."""
    if request.param == "numba":
        if not kernels.available():
            pytest.skip("numba is not installed here (CI installs it): compiled backend untested")
        kernels.load()
    return request.param


@pytest.fixture(autouse=True)
def every_default_engine(default_engine):
    """Every engine test, on each default backend unless it names its own."""
    return default_engine
