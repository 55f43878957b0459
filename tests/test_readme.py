"""The README's examples are what a new user types first: they must run as shown."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run_as_shown():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10
    assert result.failed == 0


def test_readme_opens_with_the_two_commands():
    text = README.read_text(encoding="utf-8")
    first_block = text.split("```sh", 1)[1].split("```", 1)[0]
    assert "make lab" in first_block and "make test" in first_block
