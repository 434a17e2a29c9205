# Two commands for a newcomer: `make demo` and `make test`. Each makes the .venv it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test lint typecheck unit venv services clean

$(BIN)/pbem: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	@touch $@

venv: $(BIN)/pbem

services:
	bash scripts/install-services.sh

demo: venv
	bash scripts/install-services.sh --mail-only
	$(BIN)/pip install -q -e '.[sandbox]'
	$(BIN)/pbem demo

lint: venv
	$(BIN)/ruff check pbem tests bench
	$(BIN)/mypy

unit: venv
	$(BIN)/pytest -q

test: venv services lint
	$(BIN)/pytest -q

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache demo-out
