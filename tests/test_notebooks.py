"""Regression tests: every notebooks/*.ipynb re-executes to its stored outputs.

Parametrized over the notebooks present at collection time.  A failure shows
the diff between stored and fresh outputs.  To store fresh outputs run
``.venv/bin/python tools/execute_notebooks.py [NOTEBOOK ...]`` or
``NB_FORCE_REGEN=1 .venv/bin/python -m pytest tests/test_notebooks.py``.
See tests/notebook_harness.py for what is ignored.
"""
from __future__ import annotations

import pytest

from notebook_harness import NOTEBOOKS, force_regen_requested, regression_fixture

NOTEBOOK_PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=[p.name for p in NOTEBOOK_PATHS])
def test_notebook_outputs_are_reproduced(path, request):
    fixture = regression_fixture(cwd=NOTEBOOKS, force_regen=force_regen_requested(request.config))
    fixture.check(str(path))
