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


def modules() -> list[Path]:
    found = [PACKAGE / f"{name}.py" for name in ENGINE]
    found += [PACKAGE / f"{name}.py" for name in LATER if (PACKAGE / f"{name}.py").exists()]
    found += [p for name in LATER if (PACKAGE / name).is_dir() for p in sorted((PACKAGE / name).glob("*.py"))]  # a package
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
