# Two commands on a fresh machine with python3 and make: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test browser lint bench bank results soak clean native

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,bench]'
	$(BIN)/python -c 'import rectlogic; rectlogic.warm_up()'  # compile the kernels once
	touch $(STAMP)

# The kernels compiled ahead of time (rectlogic.compiled): rebuilt when their sources change,
# so a process starts without numba; the bytecode written too (PYTHONDONTWRITEBYTECODE
# machines would otherwise recompile every module at every start).
native: $(STAMP)
	$(BIN)/python -m rectlogic.aot --if-stale
	$(BIN)/python -m compileall -q src > /dev/null

run: native
	$(BIN)/rectlogic serve

bank: native
	rm -f src/rectlogic/bank/bank.sqlite
	$(BIN)/rectlogic bank build --bank src/rectlogic/bank/bank.sqlite --workers 2

# The browser tests need a Chromium: found, or installed (Debian's package as root, else
# Playwright's download); its path goes to .venv/browser, where the tests read it.
browser: $(STAMP)
	tools/ensure-browser $(BIN) > $(VENV)/browser.tmp && mv $(VENV)/browser.tmp $(VENV)/browser

test: native browser
	$(BIN)/ruff check src tests
	$(BIN)/pytest -n 2 --durations=25

results: native
	$(BIN)/rectlogic experiment --all --workers 2 --out docs/RESULTS.md --readme README.md

soak: native
	$(BIN)/rectlogic soak --seconds 15 --crowd 8 --heavy 44

bench: native
	$(BIN)/rectlogic bench --report docs/BENCHMARKS.md

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache src/rectlogic/_native*
