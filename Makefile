# Two entry points that work from nothing but Python 3 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two stamps: what the app needs (make run), and the test tools on top (make test). make run
# after make test installs nothing; make test after make run installs only the test tools.
APP_STAMP := $(VENV)/.installed-app
STAMP := $(VENV)/.installed

.PHONY: run test test-fast lint typecheck bench clean translations install-desktop uninstall-desktop icons wheel-check

# setuptools reports every editable install with an "Editable installation" notice (about
# folders named like the package in the working directory): nothing to act on, so not shown.
PIP := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install --quiet
# The "test" extra's requirements alone, read from the installed metadata (no second build
# of the package); a requirement keeps its own environment marker, less the extra clause.
TEST_EXTRAS := import re, subprocess, sys; from importlib.metadata import requires; \
  extra = re.compile(r"(\s*and)?\s*extra\s*==\s*.test.(\s*and)?"); \
  marker = lambda r: extra.sub(" ", r.partition(";")[2]).strip(); \
  reqs = [r.partition(";")[0].strip() + ("; " + marker(r) if marker(r) else "") \
          for r in requires("knightviz") or () if extra.search(r)]; \
  sys.exit(subprocess.call([sys.executable, "-m", "pip", "install", "--quiet", *reqs]))

$(APP_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -e .
	touch $(APP_STAMP)

# On top of the app: the test tools alone; from nothing: both in one pip run (one resolve).
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	if [ $(APP_STAMP) -nt pyproject.toml ]; then $(BIN)/python -c '$(TEST_EXTRAS)'; \
	else $(PIP) -e '.[test]' && touch $(APP_STAMP); fi
	touch $(STAMP)

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
	$(BIN)/ruff check knightviz tests benchmarks
	$(BIN)/ruff format --check knightviz tests benchmarks
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy knightviz

# The whole suite once with the engine pinned to the pure-Python reference (the GUI tests
# stay deterministic; tests that take a ``backend`` fixture still run both), then the engine
# and CLI tests again with every search on the compiled backend (numba).
test: lint typecheck
	KNIGHTVIZ_ENGINE=python $(BIN)/python -m pytest -q
	KNIGHTVIZ_ENGINE=numba $(BIN)/python -m pytest -q tests/engine

# The same without the tests marked slow (engine tests over about 5 s each), for quick rounds.
test-fast: lint typecheck
	KNIGHTVIZ_ENGINE=python $(BIN)/python -m pytest -q -m "not slow"
	KNIGHTVIZ_ENGINE=numba $(BIN)/python -m pytest -q -m "not slow" tests/engine

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
