"""Shared configuration for notebook regression tests (pytest-notebook).

``tests/test_notebooks.py`` uses :func:`regression_fixture` for the quick notebooks
(``make check``); ``tests/test_binder.py`` compares every ``notebooks/*.ipynb``, executed
in the Binder environment, with :func:`outputs_diff` (``make test``: each notebook runs
once per environment, and the Binder one is what students get); other tests (exercises,
widgets) may reuse them::

    from notebook_harness import regression_fixture
    regression_fixture(cwd=path.parent).check(path)

What is compared: every cell's outputs after a fresh run, with the stored ones.
What is ignored: notebook and cell metadata, execution counts, cell ids, widget
model ids (``application/vnd.jupyter.widget-view+json``), output metadata,
tracebacks, and - by regex replacement in text outputs - timings
(``%time``/``%timeit`` lines, durations such as ``1.2 s``/``35 ms``) and memory
addresses (``0x7f...``).

Set ``NB_FORCE_REGEN=1`` (or pass ``--nb-force-regen``) to rewrite every
notebook whose outputs differ; those tests then fail once, saying so.
``tools/execute_notebooks.py`` stores outputs in the same form.
"""
from __future__ import annotations

import os
from pathlib import Path

import nbformat
from pytest_notebook.diffing import diff_notebooks, diff_to_string, filter_diff
from pytest_notebook.nb_regression import NBRegressionFixture
from pytest_notebook.notebook import regex_replace_nb
from pytest_notebook.post_processors import load_processor

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"

#: Notebooks that execute in a few seconds: tests/test_notebooks.py runs them in the test environment, the
#: only notebooks ``make check`` runs (``make test`` runs every one in the Binder environment, tests/test_binder.py).
QUICK_NOTEBOOKS = ("00_start_here.ipynb",)  # session 9 left 03 (11.5 s at load 3) and 05 (2.8 s at load 1) to make test

KERNEL_ENV = {"PYTHONHASHSEED": "0"}
CELL_TIMEOUT = 120  # seconds per cell

DIFF_IGNORE = (
    "/metadata",
    "/nbformat_minor",
    "/cells/*/id",
    "/cells/*/metadata",
    "/cells/*/execution_count",
    "/cells/*/outputs/*/execution_count",
    "/cells/*/outputs/*/metadata",
    "/cells/*/outputs/*/traceback",
    "/cells/*/outputs/*/data/application/vnd.jupyter.widget-view+json",
)

_TEXT_PATHS = (
    "/cells/*/outputs/*/text",
    "/cells/*/outputs/*/data/text/plain",
    "/cells/*/outputs/*/data/text/html",
)
_TEXT_REPLACEMENTS = (
    # IPython %time / %%time
    (r"(?m)^(CPU times|Wall time):.*$", r"\1: <TIME>"),
    # IPython %timeit
    (r"[^\n]* per loop \(mean[^\n]*", "<TIMEIT>"),
    # durations: "1.23 s", "35ms", "2.5 seconds", "120 µs"
    (r"\b\d+(?:\.\d+)?\s?(?:ns|µs|μs|us|ms|s|sec|secs|seconds|min)\b", "<DURATION>"),
    # object reprs: "<Foo object at 0x7f3a...>"
    (r"0x[0-9a-fA-F]{6,}", "0x<ADDR>"),
)
DIFF_REPLACE = tuple(
    (path, regex, repl) for path in _TEXT_PATHS for regex, repl in _TEXT_REPLACEMENTS
)


def force_regen_requested(config=None) -> bool:
    """True if NB_FORCE_REGEN is set (not 0/empty) or pytest got --nb-force-regen."""
    if os.environ.get("NB_FORCE_REGEN", "").strip() not in ("", "0", "false", "no"):
        return True
    if config is not None:
        return bool(config.getoption("nb_force_regen", default=False))
    return False


def regression_fixture(cwd: Path | str = NOTEBOOKS, force_regen: bool = False) -> NBRegressionFixture:
    """An NBRegressionFixture configured the Hearts Lab way.

    >>> fx = regression_fixture()
    >>> fx.exec_env["PYTHONHASHSEED"], fx.exec_timeout
    ('0', 120)
    """
    return NBRegressionFixture(
        exec_cwd=str(cwd),
        exec_timeout=CELL_TIMEOUT,
        exec_env=dict(KERNEL_ENV),
        diff_ignore=DIFF_IGNORE,
        diff_replace=DIFF_REPLACE,
        diff_use_color=False,
        force_regen=force_regen,
    )


def outputs_diff(stored: Path | str, executed: Path | str) -> str:
    """What differs between a stored notebook and the same notebook executed elsewhere, compared as
    :func:`regression_fixture`'s check compares a fresh run (same post-processors, replacements and
    ignored paths): ``""`` when the outputs agree (tests/test_notebooks.py checks what it reports)."""
    config = regression_fixture()
    before = nbformat.read(str(stored), as_version=4)
    after = nbformat.read(str(executed), as_version=4)
    resources: dict = {}
    for name in config.post_processors:
        after, resources = load_processor(name)(after, resources)
    replace = list(config.diff_replace)
    before, after = regex_replace_nb(before, replace), regex_replace_nb(after, replace)
    diff = filter_diff(diff_notebooks(before, after), set(config.diff_ignore))
    return diff_to_string(before, diff, use_color=False) if diff else ""
