"""Issue 17 (rev-t1 #4): every import the READMEs and the teacher's notebook show works as written.

``from hearts_lab.exercises import Class`` failed while the docs named ``Class`` as a teacher's first step.
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
#: Where a teacher reads the class loop (and the project's other READMEs and docs).
DOCS = [REPO / "README.md", REPO / "CONTRIBUTING.md", REPO / "exercises" / "README.md",
        *sorted((REPO / "exercises" / "teacher").glob("*.md")), *sorted((REPO / "docs").glob("*.md")),
        REPO / "exercises" / "teacher" / "class_results.ipynb"]
_IMPORT = re.compile(r"\bfrom (hearts_lab(?:\.\w+)*) import ([\w, ]+)")
_DOTTED = re.compile(r"`(hearts_lab(?:\.\w+)+)")


def _text(path: Path) -> str:
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text(encoding="utf-8"))
        return "\n".join("".join(c["source"]) for c in nb["cells"])
    return path.read_text(encoding="utf-8")


def _imports() -> list[tuple[str, str, str]]:
    found = []
    for path in DOCS:
        text = _text(path)
        for module, names in _IMPORT.findall(text):
            for name in names.split(","):
                if name.strip():
                    found.append((path.name, module, name.strip()))
        for dotted in _DOTTED.findall(text):
            module, _, name = dotted.rpartition(".")
            found.append((path.name, module, name))
    return sorted(set(found))


def test_the_readme_names_the_teacher_loop_from_the_package():
    """The README's teacher loop imports Class and grade from hearts_lab.exercises (and the test below finds it)."""
    assert ("README.md", "hearts_lab.exercises", "Class") in _imports()
    assert ("README.md", "hearts_lab.exercises", "grade") in _imports()


def _resolve(dotted: str) -> object:
    """``hearts_lab.exercises.Class`` or ``hearts_lab.render.display.four_colour``: the longest module prefix, then
    attributes (or submodules)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for index, part in enumerate(parts[cut:], start=cut):
            if not hasattr(found, part):
                found = importlib.import_module(".".join(parts[: index + 1]))  # a submodule not yet imported
            else:
                found = getattr(found, part)
        return found
    raise ModuleNotFoundError(dotted)


@pytest.mark.parametrize("where, module, name", _imports())
def test_every_import_the_docs_show_works(where, module, name):
    """``from module import name`` as the page shows it, or the dotted name it writes, resolves."""
    try:
        _resolve(f"{module}.{name}")
    except (ImportError, AttributeError) as error:
        pytest.fail(f"{where}: {module}.{name} does not resolve ({error})")


def test_the_class_loop_is_importable_from_the_package():
    from hearts_lab.exercises import Class, Grades, classroom, grade, student_seed

    assert (Class, Grades, grade, student_seed) == (classroom.Class, classroom.Grades, classroom.grade, classroom.student_seed)
