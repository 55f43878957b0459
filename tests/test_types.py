"""``mypy --strict`` over the engine modules, run by ``make test`` (issue 11).

The engine (and the play-table session and the solver, once they exist) must type-check
strictly; a failure shows mypy's own report.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "hearts_lab"
ENGINE = ["cards", "rules", "deal", "tricks", "hand", "scoring", "game", "errors", "records"]
#: Modules other helpers own that must pass too, when present.
LATER = ["table", "solve", "bots", "cli", "paper"]
#: Outside the engine, modules that are clean under ``mypy --strict`` (issue 19: the whole package
#: is the goal; add a module here once it is clean).
CLEAN = [
    "arguments", "exercises/checks", "exercises/ws1", "exercises/ws2", "exercises/variants",
    "combinatorics/deck", "combinatorics/odds", "combinatorics/counting", "combinatorics/sampling",
    "widgets/explorers", "widgets/play_page", "widgets/play_table",
]


def modules() -> list[Path]:
    found = [PACKAGE / f"{name}.py" for name in ENGINE]
    found += [PACKAGE / f"{name}.py" for name in LATER if (PACKAGE / f"{name}.py").exists()]
    found += [p for name in LATER if (PACKAGE / name).is_dir() for p in sorted((PACKAGE / name).glob("*.py"))]  # a package
    found += [PACKAGE / f"{name}.py" for name in CLEAN]
    return found


def test_the_package_ships_its_types():
    assert (PACKAGE / "py.typed").exists()


def test_engine_modules_pass_mypy_strict():
    # mypy is in the test extra; without it this fails rather than skip silently.
    assert importlib.util.find_spec("mypy") is not None, "mypy is not installed: pip install -e '.[test]'"
    files = [str(p.relative_to(ROOT)) for p in modules()]
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"), *files],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )
    assert result.returncode == 0, f"mypy --strict {' '.join(files)}:\n{result.stdout}{result.stderr}"


def test_rule_changes_name_every_field_a_preset_may_change():
    import dataclasses

    from hearts_lab.rules import RuleChanges, Rules

    fields = {f.name for f in dataclasses.fields(Rules) if f.init} - {"players", "name"}
    assert set(RuleChanges.__annotations__) == fields


def test_a_misspelt_preset_option_or_field_fails_type_checking(tmp_path):
    from mypy import api

    snippet = tmp_path / "snippet.py"
    snippet.write_text(
        "from hearts_lab import Rules\n"
        "Rules.preset('standrd', players=4)\n"
        "Rules.preset('standard', players=4, moon='sideways')\n"
        "Rules.preset('standard', players=4, bogus=1)\n"
        "Rules.preset('cancellation', players=7, card_points={'QS': 13}, removed='2C 2D')\n",
        encoding="utf-8",
    )
    out, _, status = api.run(["--strict", "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"), str(snippet)])
    lines = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1 and [line.split(":")[1] for line in lines] == ["2", "3", "4"], out
