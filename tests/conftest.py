"""Shared pytest configuration for Hearts Lab.

Fixtures available everywhere:

- ``repo_root``      the repository root (Path)
- ``artifacts_dir``  tests/artifacts/ (gitignored): screenshots, logs, anything
                     a failing test wants to leave behind for a human

Tests under tests/browser/ are marked ``browser`` automatically; their fixtures
live in tests/browser/conftest.py.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
ARTIFACTS = TESTS / "artifacts"

# Helper modules next to the tests (notebook_harness, ...) import by plain name
# from any test directory.
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def pytest_ignore_collect(collection_path, config):
    # --doctest-modules would import every conftest.py as a plain module named
    # "conftest", and two of them (tests/, tests/browser/) then clash.  pytest
    # still loads them as conftests; they just are not doctest-collected.
    if collection_path.name == "conftest.py":
        return True
    return None


def pytest_collection_modifyitems(config, items):
    browser_dir = TESTS / "browser"
    for item in items:
        if browser_dir in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    # Keep each phase's report on the item so fixtures (e.g. the browser page)
    # can tell in teardown whether the test failed.
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
