"""Every lesson and student worksheet carries a current JupyterLite install cell.

Without it the notebook's first import fails in the browser (no Hearts Lab, no
ipywidgets in a fresh Pyodide kernel). The browser test (tests/browser/test_lite.py)
finds that too, but only after building the site; this finds it in a second, and
names the notebook and the command that fixes it.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("lite_cell", REPO / "tools" / "lite_cell.py")
lite_cell = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lite_cell)

NOTEBOOKS = sorted(p for pattern in lite_cell.TARGETS for p in REPO.glob(pattern))


def test_every_target_is_found():
    assert len([p for p in NOTEBOOKS if p.parent.name == "notebooks"]) >= 11
    assert len([p for p in NOTEBOOKS if p.parent.name == "student"]) >= 5


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_install_cell_is_current(path):
    notebook = nbformat.read(path, as_version=4)
    stored = [c for c in notebook.cells if c.get("id") == lite_cell.CELL_ID]
    assert stored, f"{path.relative_to(REPO)} has no JupyterLite install cell: run `python tools/lite_cell.py`"
    assert not lite_cell.apply(notebook), (
        f"{path.relative_to(REPO)}: its JupyterLite install cell is stale (the notebook's imports changed): "
        "run `python tools/lite_cell.py`")
    first_code = next(c for c in notebook.cells if c.cell_type == "code")
    assert first_code.get("id") == lite_cell.CELL_ID, "the install cell must run before any other code"


def test_a_notebook_without_the_cell_is_caught():
    notebook = nbformat.read(REPO / "notebooks" / "10_perfect_information.ipynb", as_version=4)
    notebook.cells = [c for c in notebook.cells if c.get("id") != lite_cell.CELL_ID]
    assert lite_cell.apply(notebook)  # the check above would have failed on this notebook
    assert "ipywidgets" in notebook.cells[[c.get("id") for c in notebook.cells].index(lite_cell.CELL_ID)].source
