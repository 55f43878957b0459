"""``mypy --strict`` over the whole package and ``ruff check`` over the project's Python files, run by ``make test`` and ``make check``
(issues 11 and 19).

Both read their settings from pyproject.toml ([tool.mypy], [tool.ruff]); a failure shows the tool's own
report. The package names the libraries that ship no types (sympy, ipywidgets, pandas) in one place
there, so a new untyped import elsewhere fails here.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "hearts_lab"


def _mypy_cache() -> str:
    """Where mypy keeps its incremental cache: under HEARTS_LAB_CACHE (``make test`` and ``make check`` set it to
    ~/.cache/hearts-lab), so a fresh clone reuses what an earlier run checked (cold: about 14 s of CPU; warm:
    under 1 s), else the clone's .mypy_cache. mypy checks each cached module against its source's hash (a
    clone's edit is checked again, tested with a type error added in a copy of the package) and writes
    its cache files atomically, so clones and concurrent runs can share it."""
    base = os.environ.get("HEARTS_LAB_CACHE")
    return str(Path(base) / "mypy") if base else str(ROOT / ".mypy_cache")


def _ruff() -> list[str]:
    if importlib.util.find_spec("ruff") is not None:
        return [sys.executable, "-m", "ruff"]
    found = shutil.which("ruff")
    assert found, "ruff is not installed: pip install -e '.[test]'"
    return [found]


def test_the_package_ships_its_types():
    assert (PACKAGE / "py.typed").exists()


def test_the_package_passes_mypy_strict():
    # mypy is in the test extra; without it this fails rather than skip silently.
    assert importlib.util.find_spec("mypy") is not None, "mypy is not installed: pip install -e '.[test]'"
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", _mypy_cache(), "hearts_lab"],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )
    assert result.returncode == 0, f"mypy --strict hearts_lab:\n{result.stdout}{result.stderr}"


def test_the_project_passes_ruff():
    """The package and every other Python file of the project (tests, tools, benchmarks, the worksheet sources;
    git-ignored folders and the notebooks left out: pyproject.toml's [tool.ruff])."""
    result = subprocess.run(
        [*_ruff(), "check", "--no-cache", "--output-format", "concise", "."],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, f"ruff check .:\n{result.stdout}{result.stderr}"


def test_rule_changes_name_every_field_a_preset_may_change():
    from hearts_lab.rules import RuleChanges, Rules

    fields = {f.name for f in dataclasses.fields(Rules) if f.init} - {"players", "name"}
    assert set(RuleChanges.__annotations__) == fields


#: (a line of user code, whether the type checker must refuse it); the engine refuses the same at run time.
SNIPPETS = [
    ("Rules.preset('standrd', players=4)", True),
    ("Rules.preset('standard', players=4, moon='sideways')", True),
    ("Rules.preset('standard', players=4, bogus=1)", True),
    ("Card(12, 'X')", True),
    ("Game(Rules.preset('standard', players=4)).add_hand(Hand.deal(Rules.preset('standard', players=4)), 'newer')", True),
    ("Rules.preset('cancellation', players=7, card_points={'QS': 13}, removed='2C 2D', moon='new')", False),
    ("Rules.preset('standard', players=4, card_points='omnibus', kitty_to='last-trick')", False),
    ("Card(12, 'S'), Card.parse('q of spades')", False),
]


def test_options_are_checked_by_the_type_checker(tmp_path):
    from mypy import api

    snippet = tmp_path / "snippet.py"
    lines = ["from hearts_lab import Card, Game, Hand, Rules", *(line for line, _ in SNIPPETS)]
    snippet.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out, err, _ = api.run(["--strict", "--no-error-summary", "--cache-dir", _mypy_cache(), str(snippet)])
    refused = {int(text.split(":")[1]) for text in out.splitlines() if ": error:" in text}
    expected = {number for number, (_, bad) in enumerate(SNIPPETS, start=2) if bad}
    assert refused == expected, out + err
