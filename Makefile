# Two entry points that work from nothing but Python 3 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two stamps: what the app needs (make run), and the test tools on top (make test). make run
# after make test installs nothing.
APP_STAMP := $(VENV)/.installed-app
STAMP := $(VENV)/.installed

.PHONY: run test test-fast test-count lint typecheck bench clean translations install-desktop uninstall-desktop icons wheel-check

# setuptools reports every editable install with an "Editable installation" notice (about
# folders named like the package in the working directory): nothing to act on, so not shown.
PIP := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install --quiet
# The editable install as a path in a .pth file: setuptools' default is an import hook whose
# own imports (pathlib, urllib, importlib.util) cost every knightviz command about 15 ms.
EDITABLE := --config-settings editable_mode=compat

$(APP_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) $(EDITABLE) -e .
	touch $(APP_STAMP)

# The app and the test tools (pyproject.toml's "test" extra) in one pip run: after make run,
# pip keeps what is installed and adds the tools. It installs the app too, so both stamps.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) $(EDITABLE) -e '.[test]'
	touch $(APP_STAMP) $(STAMP)

run: $(APP_STAMP)
	$(BIN)/knightviz

# The Linux menu entry and icons for this user (~/.local/share/applications, .../icons/hicolor).
install-desktop: $(APP_STAMP)
	$(BIN)/knightviz --install-desktop

uninstall-desktop: $(APP_STAMP)
	$(BIN)/knightviz --uninstall-desktop

# Re-render resources/icons/*.png from resources/icon.svg (committed; check the small ones).
icons: $(APP_STAMP)
	$(BIN)/knightviz --render-icons resources/icons

lint: $(STAMP)
	$(BIN)/ruff check knightviz tests benchmarks examples
	$(BIN)/ruff format --check knightviz tests benchmarks examples
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy knightviz

# The whole suite in one run, spread over the cores (pytest-xdist; JOBS=4 to choose, JOBS=0
# for one process). The window's tests run on the pure-Python engine, so they stay
# deterministic; the engine's and the command line's tests run on both engines by themselves
# (tests/conftest.py). One area: .venv/bin/python -m pytest -m gui (or cluster, browser),
# or tests/engine, tests/cli, tests/gui, tests/page.
# One worker more than the cores: about a fifth of the suite waits (on worker processes, a
# cluster, timeouts, a browser) with its core idle, and the extra worker fills it (2 cores:
# 10 min with 2 workers, 8 with 3).
JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
PYTEST := KNIGHTVIZ_ENGINE=python $(BIN)/python -m pytest -q -n $(JOBS)

# The compiled kernels into numba's cache, and the counting libraries built, once before the
# workers start: in a fresh clone each worker compiled them again (18 s of a core each).
WARM := $(BIN)/python -c "from knightviz.engine import backends as b; b.available() and [b.load(p) for p in ('queens-count', 'tours-count', None)]"

test: lint typecheck
	$(WARM)
	$(PYTEST)

# The same without the tests marked slow (over about 2.5 s each), for quick rounds.
test-fast: lint typecheck
	$(WARM)
	$(PYTEST) -m "not slow"

# How many tests the suite collects and how many checks it makes: neither may fall when
# tests are moved or sped up.
test-count: $(STAMP)
	$(BIN)/python -m pytest -q --collect-only | tail -1
	$(BIN)/python tests/count_assertions.py

# Qt Linguist: collect every tr() text into the .ts file (new ones unfinished, vanished ones
# dropped), then compile it to the .qm the app loads. Both files are committed. The English
# file holds only the texts with plural forms (a count and its noun: "1 node", "2 nodes").
TS := resources/i18n/knightviz_zh_CN.ts
TS_EN := resources/i18n/knightviz_en.ts
translations: $(APP_STAMP)
	$(BIN)/pyside6-lupdate $$(find knightviz -name '*.py' | sort) -no-obsolete -locations none -ts $(TS)
	$(BIN)/pyside6-lupdate $$(find knightviz -name '*.py' | sort) -pluralonly -no-obsolete -locations none -target-language en -ts $(TS_EN)
	$(BIN)/pyside6-lrelease $(TS) -qm $(TS:.ts=.qm)
	$(BIN)/pyside6-lrelease $(TS_EN) -qm $(TS_EN:.ts=.qm)

# Build the wheel, install it in a fresh venv and run it (CI does this after make test).
wheel-check: $(STAMP)
	PYTHON=$(BIN)/python .ci/wheel-check

bench: $(APP_STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
