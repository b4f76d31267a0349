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
# Two lanes: everything but the browser on every core (pytest-xdist; a module stays on one
# worker, so its fixtures are made once), then the browser and static-site tests alone, so
# a page never waits on a core busy with a solver (tests/test_browser.py drives Debian's
# chromium, /usr/bin/chromium).
XDIST := -n auto --dist loadscope
test: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(XDIST) -m "not browser and not site"
	$(BIN)/python -m pytest -m "browser or site"

# The quick lane for daily work (a few minutes): everything but the browser, the static site
# and the tests marked slow (long random play, the expert's games, every puzzle proved, the
# benchmark scripts). CI runs `make test`, which runs them all.
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
