# Orrery. `make help` lists the targets. Each creates the virtual environment and installs
# what it needs on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
# pytest-xdist workers; loadgroup keeps the tests that share the browser stack or the Redis
# Cluster on one worker, so each is started once (tests/conftest.py). Most of make test's time
# is spent waiting (on the processes, browser and Redis it drives, on timeouts it provokes):
# with one worker per core its processes used about half of what the cores could give, so
# it runs two per core.
# make check is computation only: one per core.
CORES        := $(shell nproc 2>/dev/null || echo 2)
TEST_WORKERS ?= $(shell echo $$(( 2 * $(CORES) )))
CHECK_WORKERS ?= $(CORES)

.PHONY: help install run test check bench clean

help:  ## list the targets
	@grep -E '^[a-z]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z]+):.*## /\1\t/' | \
		awk -F '\t' '{printf "  make %-8s %s\n", $$1, $$2}'

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)  ## create .venv and install Orrery with its test tools
	@true

run: $(STAMP)  ## start every service: the API and web client on :8000, matchmaking on :8001
	$(PY) -m services.launcher

test: $(STAMP)  ## run every test against a real Redis (what CI runs)
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup

# make check spends a tenth of each random-playout budget (tests/depth.py); make test all of it.
check: $(STAMP)  ## the fast loop: engines, contracts, docs and the unit tests that need no Redis
	ORRERY_TEST_DEPTH=quick $(PY) -m pytest -n $(CHECK_WORKERS) --dist loadgroup -m fast_loop tests/games tests/contract tests/docs tests/services

bench: $(STAMP)  ## run the benchmarks, one JSON line per figure (docs/BENCHMARKS.md)
	$(PY) -m bench

clean:  ## remove .venv, make run's data/ and pytest's cache
	rm -rf $(VENV) data .pytest_cache
