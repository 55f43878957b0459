"""Regression tests in the test environment: the quick notebooks re-execute to their stored outputs.

``make check`` runs these (notebook_harness.QUICK_NOTEBOOKS). Every notebooks/*.ipynb is compared
with its stored outputs in ``make test`` by tests/test_binder.py, executed once, in the
Binder environment students get, rather than a second time here.  A failure shows
the diff between stored and fresh outputs.  To store fresh outputs run
``.venv/bin/python tools/execute_notebooks.py [NOTEBOOK ...]`` or
``NB_FORCE_REGEN=1 .venv/bin/python -m pytest tests/test_notebooks.py``.
See tests/notebook_harness.py for what is ignored.
"""
from __future__ import annotations

import pytest
from notebook_harness import NOTEBOOKS, QUICK_NOTEBOOKS, force_regen_requested, regression_fixture

NOTEBOOK_PATHS = [NOTEBOOKS / name for name in QUICK_NOTEBOOKS]


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=[p.name for p in NOTEBOOK_PATHS])
def test_notebook_outputs_are_reproduced(path, request):
    fixture = regression_fixture(cwd=NOTEBOOKS, force_regen=force_regen_requested(request.config))
    fixture.check(str(path))


def test_a_changed_output_is_a_difference_and_a_timing_is_not(tmp_path):
    """What test_binder.py's comparison (notebook_harness.outputs_diff) reports: an output that changed, not a
    duration that did, nor a cell's execution count."""
    import nbformat
    from notebook_harness import outputs_diff

    stored = NOTEBOOKS / "00_start_here.ipynb"
    nb = nbformat.read(stored, as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "code" and any(o.output_type == "stream" for o in c.outputs))
    stream = next(o for o in cell.outputs if o.output_type == "stream")
    cell.execution_count = 99
    stream.text += "took 1.5 s\n"
    timed = tmp_path / "timed.ipynb"
    nbformat.write(nb, timed)
    stored_timed = tmp_path / "stored_timed.ipynb"
    stream.text = stream.text.replace("1.5 s", "0.2 s")
    nbformat.write(nb, stored_timed)
    assert outputs_diff(stored_timed, timed) == ""
    stream.text = stream.text.replace("2♣", "3♣")
    changed = tmp_path / "changed.ipynb"
    nbformat.write(nb, changed)
    assert "3♣" in outputs_diff(stored_timed, changed)
