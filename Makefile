# The README's commands. Each creates .venv on first use.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Python keeps bytecode even where the shell says not to: make test starts some hundred
# Python processes (pytest and its workers, Voila kernels, benchmark scripts), and each
# would compile every module again (a pytest collection takes 12 s of a core so, 7 with it).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: app site serve-site test test-long check bench bench-app bench-bots bench-class lint clean pot

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
# Three lanes at once. Lane 1, everything but the browser and the site, on every core
# (pytest-xdist): the tests are handed out one by one in order to whichever worker is free,
# the slow ones first and a lesson notebook's cells together (conftest.py), so no core idles
# while a long test started last runs alone; the few module fixtures are cheap enough to make
# once per worker. Lanes 2 and 3 beside it, each one process: the app's browser tests (one
# Voila app and one chromium for every module, tests/conftest.py); the static site (run in
# chromium) and the app's benchmark scripts (each starts its own servers). They
# mostly wait on pages, so they cost lane 1 little, and apart neither waits for the other. Every browser test waits for what it
# checks, never for a fixed time, so a page may wait on a core busy with a solver; lane 1
# runs at a lower priority (nice), so a page's kernel is not starved by it. Before the lanes,
# side by side: the solver's numba engine compiled once (`trix-tutor warm`, about five minutes
# of a core in a clean clone: 285 s on an idle 2-core machine, 2026-12-01) and the static site built (mostly pip and npm), then the site's
# tests (Pyodide in chromium: nothing to compile), the site lane's app benchmarks only once
# the compile is done. Without it, every process that solved before numba's cache was
# written compiled for itself: each xdist worker, each benchmark script and each Voila
# kernel whose page's computer seats search (a clean clone's run measured 2 such kernels at
# 72 CPU-s each). Lanes 2 and 3 keep their output in test-artifacts/*-lane.log, shown when
# all are done; any failing fails. Lane 1 ends with its ten slowest tests.
XDIST := -n auto --dist load --no-loadscope-reorder --durations=10
LANES := test-artifacts/browser-lane.log test-artifacts/site-lane.log
test: $(VENV)/.installed-test
	@mkdir -p test-artifacts
	@$(BIN)/trix-tutor warm > test-artifacts/warm.log 2>&1 & warm=$$!; \
	site=""; $(MAKE) --no-print-directory site > test-artifacts/site-build.log 2>&1 \
	    && site=build/site || echo "make site failed: the site lane builds it again and says why"; \
	{ TRIX_TUTOR_SITE=$$site $(BIN)/python -m pytest -m "site or browser" \
	      -o cache_dir=.pytest_cache/site tests/test_site.py; site_tests=$$?; \
	  while kill -0 $$warm 2>/dev/null; do sleep 1; done; \
	  $(BIN)/python -m pytest -m browser -o cache_dir=.pytest_cache/site \
	      tests/test_benchmarks_run.py; benches=$$?; \
	  test $$site_tests -eq 0 && test $$benches -eq 0; } > test-artifacts/site-lane.log 2>&1 & lane3=$$!; \
	wait $$warm || { kill $$lane3; cat test-artifacts/warm.log; exit 1; }; \
	$(BIN)/python -m pytest -m "browser and not site" -o cache_dir=.pytest_cache/browser \
	    --ignore=tests/test_benchmarks_run.py > test-artifacts/browser-lane.log 2>&1 & lane2=$$!; \
	trap 'kill $$lane2 $$lane3 2>/dev/null' INT TERM; \
	echo "lanes 2 (browser) and 3 (site, app benchmarks) run beside lane 1: output in $(LANES)"; \
	nice -n 10 $(BIN)/python -m pytest $(XDIST) -m "not browser and not site"; lane1=$$?; \
	echo "waiting for lanes 2 and 3..."; wait $$lane2; lane2=$$?; wait $$lane3; lane3=$$?; \
	cat $(LANES); echo "lane 1 exit $$lane1, lane 2 exit $$lane2, lane 3 exit $$lane3"; \
	test $$lane1 -eq 0 && test $$lane2 -eq 0 && test $$lane3 -eq 0

# The translation template tutor/locale/trix-tutor.pot, from every message marked in tutor/ and
# widgets/ (tutor.engine.i18n). A test checks it is current: run this after changing words.
pot: $(VENV)/.installed-test
	$(BIN)/python scripts/pot.py

# `make test` with the long random runs (marked sized: random games, the expert's walks) at
# their full size (tests/sizes.py), and the checks only it runs (the expert's walks, the
# notebooks in Jupyter kernels): before a release, or after a change to the rules or the
# search.
test-long:
	TRIX_TUTOR_LONG=1 $(MAKE) test

# The quick lane for daily work (about 2 CPU-minutes: 64 s wall measured on an idle 2-core
# machine, `time make check`, 2026-12-03): everything but the
# browser, the static site and the tests marked slow (long random play, the expert's
# games, every puzzle proved, the lesson notebooks in Jupyter kernels, the benchmark
# scripts). Of a long check it runs a short size or a sample (tests/sizes.py), and the
# notebooks' code in its own process. CI runs `make test`, which runs them all.
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
