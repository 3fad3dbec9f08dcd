# The BWB corpus pipeline. `make corpus` and `make test` set everything up on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)
CONFIG ?= config/demo.yaml
WORKERS ?= 1
FORMATS ?= all
PYTEST_ARGS ?=

.PHONY: help setup corpus update test test-fast bench eval eval-split eval-align export report stats render-demo lint clean

help:
	@echo "make corpus   build the corpus (default: the bundled demo site; CONFIG=path WORKERS=N)"
	@echo "make test     run the test suite (slow end-to-end tests included)"
	@echo "make bench    throughput and memory benchmarks"
	@echo "make eval     splitter and aligner accuracy on ../shared/eval-data (skipped when absent)"
	@echo "make export   export splits (FORMATS=all|parquet,text,doc,bwb,jsonl,tmx)"
	@echo "make report   HTML/Markdown corpus report in output/report/"

$(STAMP):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 is required (set PYTHON=...)")'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,embed]'
	@rm -f $(VENV)/.installed-* && touch $@

setup: $(STAMP)
	@$(PY) -m pipeline.langdata

update: setup
	$(PY) -m pipeline update --config $(CONFIG) --workers $(WORKERS)

corpus: setup
	$(PY) -m pipeline corpus --config $(CONFIG) --workers $(WORKERS)

test: setup
	$(PY) -m pytest $(PYTEST_ARGS)

test-fast: setup
	$(PY) -m pytest -m "not slow" $(PYTEST_ARGS)

bench: setup  ## BENCH=scale (or filters, align, cohesion, exports) for one
	$(PY) -m bench $(BENCH)

eval: eval-split eval-align

eval-split: setup
	$(PY) -m filters.eval_split

eval-align: setup  ## default, hybrid and Gale-Church on the dev sets (strict/lax F1, line accuracy, sentences/s)
	@for data in mac-dev webfiction-dev; do for method in default hybrid galechurch; do \
	  $(PY) -m alignment.evaluate ../shared/eval-data/$$data --method $$method --summary || exit 1; done; done

export: setup
	$(PY) -m pipeline export --config $(CONFIG) --formats $(FORMATS)

report: setup
	$(PY) -m pipeline report --config $(CONFIG)

stats: setup
	$(PY) -m pipeline stats --config $(CONFIG)

render-demo: setup
	$(PY) -m crawlers.demo.render

lint: setup
	$(VENV)/bin/ruff check .

clean:
	rm -rf output
