# The two commands of the README: `make serve` and `make test`. Everything else is a step they depend on.
SHELL := /bin/bash
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: serve test venv lint unit bench simulate

$(BIN)/.installed: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

venv: $(BIN)/.installed

serve: venv
	$(BIN)/python -m pygame_rules simulate skipbo --players 2 --games 1 --seed 1 --verbose

lint: venv
	$(BIN)/ruff check pygame_rules tests e2e tools

unit: venv
	$(BIN)/python -m pytest -q tests pygame_rules

test: lint unit

bench: venv
	$(BIN)/python -m pygame_rules bench
