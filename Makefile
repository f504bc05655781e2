# Two commands do all the set-up on a fresh machine: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000

.PHONY: install runtime test test-fast lint site release serve bench bench-cases bench-runner golden golden-record clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The Run panels' Python: the pinned npm package `pyodide` (yimao/web/pyodide.toml), fetched once
# (with npm when it is installed, else from the npm registry with Python), checked against the
# pinned sha512, kept in .cache/pyodide/ (a rebuild downloads nothing); when node is installed
# the build compiles its Python ahead of time (an optimisation: without node it is served as
# source).
runtime: $(STAMP)
	@$(BIN)/python -m yimao.web.runtime fetch

test: $(STAMP) runtime
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

# what a developer runs often: every test but those marked site (the built site), browser
# (chromium) or slow (pyproject.toml registers the markers; tests/conftest.py sets the first two),
# spread over the cores (pytest-xdist)
test-fast: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n auto -m "not site and not browser and not slow"

lint: $(STAMP)
	$(BIN)/ruff check .

# conf.py at the root, sources in site/, clean URLs (/lifa/04/#p042); Sphinx's doctrees and
# caches go to build/doctrees, outside the published build/html
site: $(STAMP) runtime
	@rm -rf build/html/.doctrees  # where older builds put them
	$(BIN)/python -m sphinx -W --keep-going -q -b dirhtml -d build/doctrees -c . site build/html

# a release: the site built with its public address (YIMAO_BASEURL=https://… make release);
# without it, one line and exit 2 (a local build names make serve's address, and make serve
# puts the address it is served at in its place)
release:
	@test -n "$(YIMAO_BASEURL)" || { echo "make: a release needs the site's public address: YIMAO_BASEURL=https://… make release"; exit 2; }
	YIMAO_RELEASE=1 $(MAKE) site

# build/html only: no listings, no hidden files; a port in use is one line (PORT=8001 make serve)
serve: site
	@$(BIN)/python -m yimao.web.serve --port $(PORT) build/html

bench: $(STAMP)
	$(BIN)/python tools/bench.py $(BENCH_ARGS)

# `yimao cases --json` (every case charted, every claim checked), warm (the cases kept from the
# TEI) and cold (kept file removed), beside one `yimao chart` process
bench-cases: $(STAMP)
	$(BIN)/python tools/bench.py --cases $(BENCH_ARGS)

# the Run panel in headless chromium: first run cold and re-runs, medians (after make site)
bench-runner: site
	$(BIN)/python tools/bench_runner.py $(BENCH_ARGS)

# compute's safety net before an optimisation (tools/golden.py): `make golden-record` keeps
# every chart of a fixed sample and of the book's cases in $(GOLDEN) (outside git); after each
# change `make golden` recomputes them and fails on any difference, field by field
GOLDEN ?= build/golden.json

golden-record: $(STAMP)
	@mkdir -p $(dir $(GOLDEN))
	$(BIN)/python tools/golden.py record $(GOLDEN)

golden: $(STAMP)
	@test -f $(GOLDEN) || { echo "make: no $(GOLDEN): run make golden-record first (before the change)"; exit 2; }
	$(BIN)/python tools/golden.py check $(GOLDEN)

clean:
	rm -rf build $(VENV)
