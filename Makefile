# The two commands of the README: `make serve` and `make test`. Everything else is a step they depend on.
SHELL := /bin/bash
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
NODE_STAMP := node_modules/.installed

.PHONY: serve site test venv node lint unit e2e bench simulate measure

$(BIN)/.installed: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

venv: $(BIN)/.installed

# Pyodide comes from npm, pinned exactly in package.json / package-lock.json.
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

node: $(NODE_STAMP)

# site/: the publishable folder (wheel, Pyodide core, pages, service worker with a hashed precache list).
site: venv node
	$(BIN)/python tools/build_site.py

# Build the site and serve it on 127.0.0.1:$(PORT); the URL is printed.
serve: site
	$(BIN)/python tools/serve.py --port $(PORT)

# The browser JavaScript is type-checked from its JSDoc by TypeScript (pinned in package.json; jsconfig.json).
lint: venv node
	$(BIN)/ruff check pygame_rules tests e2e tools
	$(BIN)/mypy --strict pygame_rules
	node_modules/.bin/tsc -p jsconfig.json

# Unit, scenario and property tests, spread over the machine's cores.
unit: venv
	$(BIN)/python -m pytest -q -n auto tests pygame_rules

# Browser tests: build site/ in a fixture, serve it, drive /usr/bin/chromium (Playwright) and firefox-esr (puppeteer-core).
e2e: venv node
	bash tools/ensure_chromium.sh
	$(BIN)/python -m pytest -q e2e

test: lint unit e2e

# Engine-ready times, site size, first-visit download, bot move time in the browser (prints figures).
measure: site
	$(BIN)/python tools/measure_browser.py

bench: venv
	$(BIN)/python -m pygame_rules bench
