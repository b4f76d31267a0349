# The README's commands. Each creates .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: app site serve-site test check bench bench-app bench-bots bench-class lint clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# An editable install leaves out the data files (pyproject.toml): link the checkout's Voila
# template and the voila.json naming it into the venv's Jupyter paths, so `voila lessons`
# and `jupyter server` there use them as an installed copy would, and see edits at once.
JUPYTER_DATA := share/jupyter/voila/templates/trix-tutor etc/jupyter/voila.json
define link_jupyter_data
	for f in $(JUPYTER_DATA); do mkdir -p $(VENV)/$$(dirname $$f) && ln -sfn $(CURDIR)/$$f $(VENV)/$$f; done
endef

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	$(link_jupyter_data)
	touch $@

$(VENV)/.installed-app: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[app]"
	$(link_jupyter_data)
	touch $@

# Serves lessons/ with Voila on localhost:8866 (voila.json) and prints the start page's URL.
app: $(VENV)/.installed-app
	$(BIN)/trix-tutor app

# The static site (JupyterLite + Voici, lessons run by Pyodide in the browser) in build/site,
# built by the pinned tools of lite/requirements.txt in their own venv (needs npm).
SITE_BIN := .venv-site/bin

$(SITE_BIN)/.installed: lite/requirements.txt
	$(PY) -m venv .venv-site
	$(SITE_BIN)/python -m pip install --quiet --upgrade pip
	$(SITE_BIN)/python -m pip install --quiet -r lite/requirements.txt
	touch $@

site: $(SITE_BIN)/.installed
	$(SITE_BIN)/python lite/build.py

serve-site: site
	$(PY) -m http.server 8000 --bind 127.0.0.1 --directory build/site

# pytest exits 5 when it collected nothing, so an empty run fails loudly here.
# Two lanes at once. Lane 1, everything but the browser, on every core (pytest-xdist): the
# tests are handed out one by one in order to whichever worker is free, the slow ones first
# and a lesson notebook's cells together (conftest.py), so no core idles while a long test
# started last runs alone; the few module fixtures are cheap enough to make once per
# worker. Lane 2 beside it: the browser and static-site tests in one process
# (tests/test_browser.py drives Debian's chromium, /usr/bin/chromium; one Voila app and one
# chromium for every module, tests/conftest.py), mostly waiting on pages, so it costs lane 1
# little. Every browser test waits for what it checks, never for a fixed time, so a page
# may wait on a core busy with a solver. Lane 2's output is kept in
# test-artifacts/browser-lane.log and shown when both lanes are done; either failing fails.
XDIST := -n auto --dist load --no-loadscope-reorder
BROWSER_LOG := test-artifacts/browser-lane.log
test: $(VENV)/.installed-test
	@mkdir -p test-artifacts
	@$(BIN)/python -m pytest -m "browser or site" -o cache_dir=.pytest_cache/browser \
	    > $(BROWSER_LOG) 2>&1 & lane2=$$!; trap 'kill $$lane2 2>/dev/null' INT TERM; \
	echo "lane 2 (browser, site) runs beside lane 1: output in $(BROWSER_LOG)"; \
	$(BIN)/python -m pytest $(XDIST) -m "not browser and not site"; lane1=$$?; \
	echo "waiting for lane 2 (browser, site)..."; wait $$lane2; lane2=$$?; \
	cat $(BROWSER_LOG); echo "lane 1 exit $$lane1, lane 2 exit $$lane2"; \
	test $$lane1 -eq 0 && test $$lane2 -eq 0

# The quick lane for daily work (about 3.7 CPU-minutes: some 2 minutes on a quiet 2-core
# machine): everything but the browser, the static site and the tests marked slow (long
# random play, the expert's games, every puzzle proved, the benchmark scripts). CI runs
# `make test`, which runs them all.
check: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(XDIST) -m "not slow and not browser and not site"

bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/solver.py
	$(BIN)/python benchmarks/puzzles.py --no-browser

# Bot strength on duplicated deals (about 20 minutes) and time per 13-card decision.
bench-bots: $(VENV)/.installed-test
	$(BIN)/python benchmarks/arena.py --game trixter --games 30 --hands 8
	$(BIN)/python benchmarks/arena.py --game trix --games 12 --hands 10 --out benchmarks/arena-trix.md
	$(BIN)/python benchmarks/decisions.py --deals 12

# The app in Debian's chromium: page load, click round trip, kernel memory, puzzle replies.
bench-app: $(VENV)/.installed-test
	$(BIN)/python benchmarks/app.py
	$(BIN)/python benchmarks/puzzles.py

# 30 simulated learners on the app at once for 3 minutes (and the anchor): benchmarks/class-load.md.
bench-class: $(VENV)/.installed-test
	$(BIN)/python benchmarks/class_load.py --learners 30 --minutes 3

lint: $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet ruff
	$(BIN)/ruff check tutor widgets tests benchmarks lite

clean:
	rm -rf $(VENV) .venv-site build *.egg-info
