# Hearts Lab: two entry points.
#
#   make lab    create .venv if missing, install '.[notebooks]', open JupyterLab
#               (rooted at the repository) on notebooks/00_start_here.ipynb
#   make test   create .venv if missing, install '.[test]', run the whole pytest suite
#
# and the play page for students (the play table, a rules card and the settings; no code):
#
#   make play        install '.[play]' (adds Voila), serve notebooks/play.ipynb with Voila on
#                    http://localhost:8866/ (PLAY_PORT=...); Ctrl-C stops it
#
# and for the edit-test loop:
#
#   make check       the test venv; unit tests, doctests, property tests and the quick
#                    notebooks (everything not marked slow or browser; a sample of the cases of
#                    tests/conftest.py's SAMPLED_IN_CHECK, a quarter of each property test's examples:
#                    tests/suite_size.py), in about a minute and a half
#   make lint        mypy --strict over hearts_lab, ruff check over the project's Python files (make test and
#                    make check run them too)
#
# and the JupyterLite site (Hearts Lab in the browser, no server):
#
#   make site        install '.[lite]', build the static site into site/ (needs npm
#                    and PyPI at build time; downloads are cached in build/lite-cache/)
#   make site-serve  serve site/ on http://127.0.0.1:8000/ (SITE_PORT=...)
#
# and the student side for an LMS:
#
#   make handouts    printable PDFs in dist/handouts/ (worksheets drawn as cards, a rules sheet per
#                    rule set, deal slips) and dist/teacher/ (answer keys), and
#                    dist/hearts-lab-handouts.zip: student worksheets, notebooks, rules, the PDFs and
#                    the package as a wheel (no teacher copy, no solution source; tools/make_handouts.py,
#                    tools/student_dist.py). Needs Chromium or Chrome. PAPER=Letter for US Letter.
#   make student-branch  commit the student side (no teacher copy, no solution source, no tests,
#                    no history of the main branch) on the branch 'student', which the student
#                    links (Binder, Voila, JupyterLite) point at; publish: git push origin student
#
# Reinstalls happen only when pyproject.toml changes (stamp files in .venv/).
# Extra pytest arguments: make test PYTEST_ARGS="-k solve"
# Tests run on JOBS parallel workers (pytest-xdist, default: one per core; JOBS=0 runs
# them in this process). pytest-xdist's own --dist loadgroup is a no-op under pytest 9
# (it sets item._nodeid, which pytest 9 no longer reads); tests/conftest.py gives it back
# its meaning: the Binder tests run whole on one worker; the costliest tests start first.
# Environments the tests build (the Binder venv, the JupyterLite downloads) are kept in
# CACHE_DIR between runs, keyed by what they are built from.

PYTHON      ?= python3
VENV        ?= .venv
BIN         := $(VENV)/bin
PYTEST_ARGS ?=
# JupyterLab refuses to start as root (e.g. in a container) without --allow-root
ROOT_ARGS   := $(if $(filter 0,$(shell id -u)),--allow-root)
LAB_ARGS    ?=
SITE_PORT   ?= 8000
# make handouts PAPER=Letter for US Letter
PAPER       ?= A4
PLAY_PORT   ?= 8866
JOBS        ?= $(shell nproc 2>/dev/null || echo 2)
CACHE_DIR   ?= $(HOME)/.cache/hearts-lab
# The tests start many Python processes (workers, kernels, servers, the notebook harness): with
# PYTHONDONTWRITEBYTECODE set, each compiled every module of the clone again and pytest rewrote every
# test module's asserts again. They write __pycache__ as Python does by default (gitignored; the student
# side, the site and the Binder copy leave it out).
# jsonschema (nbformat's, imported by pytest-notebook's plugin in every test process) imports rfc3987_syntax,
# which costs 3-4 s of CPU per process at import; tests/import_stubs/ makes that import fail at once (its docstring).
IMPORT_STUBS := $(CURDIR)/tests/import_stubs
PYTEST      := HEARTS_LAB_CACHE=$(CACHE_DIR) PYTHONDONTWRITEBYTECODE= PYTHONPATH=$(IMPORT_STUBS)$(if $(PYTHONPATH),:$(PYTHONPATH)) $(BIN)/python -m pytest $(if $(filter 0,$(JOBS)),,-n $(JOBS) --dist loadgroup)

STAMP_NOTEBOOKS := $(VENV)/.installed-notebooks
STAMP_TEST      := $(VENV)/.installed-test
STAMP_LITE      := $(VENV)/.installed-lite
STAMP_HANDOUTS  := $(VENV)/.installed-handouts
STAMP_PLAY      := $(VENV)/.installed-play

.PHONY: lab test check lint play site site-serve handouts student-branch

lab: $(STAMP_NOTEBOOKS)
	$(BIN)/jupyter lab --LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb $(ROOT_ARGS) $(LAB_ARGS)

play: $(STAMP_PLAY)
	$(BIN)/voila notebooks/play.ipynb --port=$(PLAY_PORT) --Voila.ip=127.0.0.1 --theme=light

test: $(STAMP_TEST)
	$(PYTEST) $(PYTEST_ARGS)

# mypy --strict and ruff over the package, alone (test and check run them too: tests/test_types.py)
lint: $(STAMP_TEST)
	$(BIN)/python -m mypy hearts_lab
	$(BIN)/python -m ruff check .

check: $(STAMP_TEST)
	HEARTS_LAB_SUITE=check $(PYTEST) -m "not slow and not browser" $(PYTEST_ARGS)

site: $(STAMP_LITE)
	$(BIN)/python tools/build_site.py

site-serve: $(STAMP_LITE)
	@test -f site/jupyter-lite.json || $(BIN)/python tools/build_site.py
	$(BIN)/python tools/build_site.py serve --port $(SITE_PORT)

handouts: $(STAMP_HANDOUTS)
	$(BIN)/python tools/make_handouts.py dist --paper $(PAPER)

student-branch:
	$(PYTHON) tools/student_dist.py --branch student

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip

$(STAMP_NOTEBOOKS): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[notebooks]'
	$(BIN)/jupyter labextension disable --level=sys_prefix "@jupyterlab/apputils-extension:announcements"
	touch $@

$(STAMP_HANDOUTS): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[handouts]'
	touch $@

$(STAMP_PLAY): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[play]'
	touch $@

$(STAMP_LITE): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[lite]'
	touch $@

# '.[test]' includes '.[notebooks]', '.[lite]', '.[handouts]' and '.[play]', so it satisfies `make lab`,
# `make site`, `make handouts` and `make play` too.
$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[test]'
	$(BIN)/jupyter labextension disable --level=sys_prefix "@jupyterlab/apputils-extension:announcements"
	touch $@ $(STAMP_NOTEBOOKS) $(STAMP_LITE) $(STAMP_HANDOUTS) $(STAMP_PLAY)
