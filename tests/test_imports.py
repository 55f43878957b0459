"""The engine imports only the standard library (DESIGN.md, dependency direction).

Checked in a fresh interpreter, so that modules imported by other tests in
this pytest process cannot hide (or fake) an import.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
ENGINE = ["cards", "errors", "rules", "deal", "hand", "tricks", "scoring", "game", "bots", "render", "cli", "cases", "table", "wording"]
JUPYTER_AND_FRIENDS = ["ipywidgets", "IPython", "sympy", "matplotlib", "numpy", "ipykernel", "traitlets"]


def imported_after(modules: list[str]) -> dict:
    """Import ``modules`` in a fresh interpreter; report what got imported beyond the interpreter's start-up."""
    code = textwrap.dedent(
        f"""
        import importlib, json, sys
        before = set(sys.modules)
        for name in {modules!r}:
            importlib.import_module(name)
        new = sorted({{m.split(".")[0] for m in set(sys.modules) - before}})
        print(json.dumps({{"new": new, "stdlib": sorted(sys.stdlib_module_names)}}))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def present_engine_modules() -> list[str]:
    modules = []
    for m in ENGINE:
        if (REPO / "hearts_lab" / f"{m}.py").exists():
            modules.append(f"hearts_lab.{m}")
        elif (REPO / "hearts_lab" / m / "__init__.py").exists():  # a package: every module in it
            modules += [f"hearts_lab.{m}", *(f"hearts_lab.{m}.{p.stem}" for p in sorted((REPO / "hearts_lab" / m).glob("[!_]*.py")))]
    return modules


def test_engine_modules_exist():
    required = {f"hearts_lab.{m}" for m in ["cards", "rules", "deal", "hand", "tricks", "scoring", "game", "bots", "render"]}
    assert required <= set(present_engine_modules())


def test_engine_pulls_in_no_jupyter_or_sympy():
    result = imported_after(["hearts_lab", *present_engine_modules()])
    for name in JUPYTER_AND_FRIENDS:
        assert name not in result["new"], f"importing the engine imported {name}"


def test_engine_imports_only_the_standard_library():
    result = imported_after(["hearts_lab", *present_engine_modules()])
    stdlib = set(result["stdlib"])
    foreign = [m for m in result["new"] if m not in stdlib and m != "hearts_lab" and not m.startswith("_")]
    assert foreign == []


@pytest.mark.parametrize("module", ["hearts_lab.cards", "hearts_lab.rules", "hearts_lab.hand", "hearts_lab.game"])
def test_each_engine_module_alone(module):
    result = imported_after([module])
    assert not set(JUPYTER_AND_FRIENDS) & set(result["new"])
