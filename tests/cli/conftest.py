"""Command-line test fixtures: every test runs once per default backend (the commands leave
the backend to ``KNIGHTVIZ_ENGINE``; ``default_engine``, tests/conftest.py)."""

import pytest


@pytest.fixture(autouse=True)
def every_default_engine(default_engine):
    """Every command, on each default backend."""
    return default_engine
