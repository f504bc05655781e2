# Two commands do all the set-up on a fresh machine: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000

.PHONY: install test lint site serve bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .

# conf.py at the root, sources in site/, clean URLs (/lifa/04/#p042); Sphinx's doctrees and
# caches go to build/doctrees, outside the published build/html
site: $(STAMP)
	@rm -rf build/html/.doctrees  # where older builds put them
	$(BIN)/python -m sphinx -W --keep-going -q -b dirhtml -d build/doctrees -c . site build/html

# build/html only: no listings, no hidden files; a port in use is one line (PORT=8001 make serve)
serve: site
	@$(BIN)/python -m yimao.serve --port $(PORT) build/html

bench: $(STAMP)
	$(BIN)/python tools/bench.py $(BENCH_ARGS)

clean:
	rm -rf build $(VENV)
