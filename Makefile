# Two commands for a newcomer: `make demo` and `make test`. Each makes the .venv it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Test workers (pytest-xdist). The suite waits on mail servers, PostgreSQL and child processes
# as well as the CPU, so the full run keeps both cores busy with four; the unit run is CPU only.
TEST_WORKERS ?= 4
UNIT_WORKERS ?= 2
# Python keeps compiled modules (and pytest its rewritten tests) in __pycache__ even where the
# shell says not to: every test worker and every `pbem` a test starts would compile them again.
unexport PYTHONDONTWRITEBYTECODE

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

# The inner loop: every test that needs no service (Dovecot, SMTP, PostgreSQL) and starts no
# process (pbem, a bench, Chromium), each property test on a fifth of its random examples
# (tests/support/examples.py). `make test` runs everything with every example.
unit: venv
	PBEM_TEST_EXAMPLES=quick $(BIN)/pytest -q -n $(UNIT_WORKERS) --dist loadgroup \
		-m "not services and not subprocess"

test: venv services lint
	PBEM_TEST_EXAMPLES=full $(BIN)/pytest -q -n $(TEST_WORKERS) --dist loadgroup --durations=20

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache demo-out
