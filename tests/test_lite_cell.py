"""Every lesson and student worksheet carries a current JupyterLite install cell.

Without it the notebook's first import fails in the browser (no Hearts Lab, no
ipywidgets in a fresh Pyodide kernel). The browser test (tests/browser/test_lite.py)
finds that too, but only after building the site; this finds it in a second, and
names the notebook and the command that fixes it.
"""
from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
import textwrap
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


def test_lazy_widget_table_matches_the_package():
    # tools/lite_cell.py follows hearts_lab.widgets' lazy names through this table
    import hearts_lab.widgets as widgets

    table = lite_cell.lazy_names("hearts_lab.widgets")
    assert sorted(table) == sorted(widgets.__all__)
    for name, module in table.items():
        assert getattr(widgets, name).__module__ == f"hearts_lab.widgets.{module}"


def _imports(path: Path) -> list[str]:
    """Every import statement of a notebook's code cells (the install cell left out)."""
    found = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code" or cell.get("id") == lite_cell.CELL_ID:
            continue
        lines = [line for line in cell.source.splitlines() if not line.lstrip().startswith(("%", "!"))]
        for node in ast.walk(ast.parse("\n".join(lines))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.append(ast.unparse(node))
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_install_cell_lists_what_the_imports_really_load(path):
    """Run the notebook's imports in a fresh interpreter: the distributions they load are the
    ones its install cell lists, no fewer (the browser would fail) and no more (a notebook's
    start in the browser pays for each, sympy most)."""
    code = "\n".join(_imports(path)) + textwrap.dedent(f"""
        import json, sys
        print(json.dumps(sorted({{m.split(".")[0] for m in sys.modules}} & set({list(lite_cell.DISTRIBUTIONS)!r}))))
        """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    loaded = {lite_cell.DISTRIBUTIONS[m] for m in json.loads(out.stdout.splitlines()[-1])} - {None}
    for package, dependency in (("sympy", "mpmath"), ("matplotlib", "numpy")):
        if package in loaded:
            loaded.discard(dependency)  # installing the package installs its dependency
    assert loaded == set(lite_cell.needed(nbformat.read(path, as_version=4)))
