# Two entry points that work from nothing but Python 3 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck bench clean translations install-desktop uninstall-desktop icons

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,cluster]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/knightviz

# The Linux menu entry and icons for this user (~/.local/share/applications, .../icons/hicolor).
install-desktop: $(STAMP)
	$(BIN)/knightviz --install-desktop

uninstall-desktop: $(STAMP)
	$(BIN)/knightviz --uninstall-desktop

# Re-render resources/icons/*.png from resources/icon.svg (committed; check the small ones).
icons: $(STAMP)
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

# Qt Linguist: collect every tr() text into the .ts file (new ones unfinished, vanished ones
# dropped), then compile it to the .qm the app loads. Both files are committed.
TS := resources/i18n/knightviz_zh_CN.ts
translations: $(STAMP)
	$(BIN)/pyside6-lupdate $$(find knightviz -name '*.py' | sort) -no-obsolete -locations none -ts $(TS)
	$(BIN)/pyside6-lrelease $(TS) -qm $(TS:.ts=.qm)

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
