"""The student distribution holds no solution, no answer and no pointer to them.

tools/student_dist.py defines the student side; binder/postBuild prunes the
Binder image to it and ``make handouts`` zips it for an LMS. These tests build
both forms from this repository and read every file in them:

- no teacher copy, worksheet source, answer key, tests, tools or .git;
- no solution line of any worksheet source in any student worksheet;
- no answer (every answer a teacher copy computes, every answer in the keys)
  in any file, in the forms a student could paste;
- no pointer to the teacher side (``exercises/teacher``, "teacher copy", ...).
"""
from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
import test_exercises as ex  # noqa: E402  (answers and solution lines, computed as in the worksheet tests)


def _tool():
    spec = importlib.util.spec_from_file_location("student_dist", REPO / "tools" / "student_dist.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


student_dist = _tool()

POINTERS = re.compile(
    r"exercises/teacher|exercises/source|answers\.py|teacher(?:'s|s')? cop(?:y|ies)|BEGIN SOLUTION|solution source",
    re.IGNORECASE,
)


def _texts(files: dict[str, bytes]) -> dict[str, str]:
    out = {}
    for name, data in files.items():
        try:
            out[name] = data.decode("utf-8")
        except UnicodeDecodeError:
            continue  # images
    return out


def _solution_lines() -> list[str]:
    lines = set()
    for path in ex.SOURCES:
        source = nbformat.read(path, as_version=4)
        visible = "\n".join(
            ex.make_exercises._visible_code(c, "") if c.cell_type == "code" else c.source
            for c in source.cells
            if ex.make_exercises.SOLUTION_TAG not in c.metadata.get("tags", [])
        )
        lines |= {line for line in ex.make_exercises.solution_lines(source) if len(line) >= 6 and line not in visible}
    return sorted(lines)


@pytest.fixture(scope="module")
def answer_forms():
    return [(ws, variable, form) for ws, variable, value in ex._all_answers() for form in ex._answer_forms(value)]


def _assert_student_side(files: dict[str, bytes], answer_forms) -> None:
    names = set(files)
    for forbidden in student_dist.FORBIDDEN:
        assert not any(n == forbidden or n.startswith(forbidden + "/") for n in names), forbidden
    assert not any(n.startswith(".git") or "/.git/" in n for n in names)
    worksheets = sorted(n for n in names if n.startswith("exercises/student/") and n.endswith(".ipynb"))
    assert len(worksheets) == len(ex.SOURCES), worksheets
    assert "docs/rules.md" in names and "notebooks/00_start_here.ipynb" in names
    texts = _texts(files)
    pointers = [(n, m.group(0)) for n, t in texts.items() for m in [POINTERS.search(t)] if m]
    assert not pointers, f"pointers to the teacher side: {pointers}"
    worksheet_text = "\n".join(texts[n] for n in worksheets)
    solution = [line for line in _solution_lines() if line in worksheet_text]
    assert not solution, f"solution lines in student worksheets: {solution}"
    leaks = [(ws, variable, form, n) for ws, variable, form in answer_forms for n, t in texts.items()
             if ex._boundary(form).search(t)]
    assert not leaks, f"answers in the student side: {leaks}"


def _read_tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_built_student_side_holds_no_solution(tmp_path, answer_forms):
    root = student_dist.build(tmp_path / "student")
    files = _read_tree(root)
    _assert_student_side(files, answer_forms)
    assert any(n.startswith("hearts_lab/exercises/") for n in files), "the checks ship (as digests)"
    assert files["README.md"].decode() == student_dist.STUDENT_README


def test_handouts_archive_holds_no_solution(tmp_path, answer_forms):
    archive = student_dist.handouts(tmp_path / "handouts.zip")
    with zipfile.ZipFile(archive) as zf:
        files = {n.removeprefix("hearts-lab/"): zf.read(n) for n in zf.namelist()}
    _assert_student_side(files, answer_forms)
    assert not any(n.startswith("hearts_lab/") for n in files), "the LMS archive is worksheets, notebooks and rules"


def test_prune_turns_a_checkout_into_the_same_student_side(tmp_path):
    """What binder/postBuild does to the image: a full checkout (with .git) pruned in place."""
    checkout = tmp_path / "checkout"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(REPO), str(checkout)], check=True, timeout=300)
    (checkout / "exercises" / "student" / ".ipynb_checkpoints").mkdir()
    assert (checkout / ".git").is_dir() and (checkout / "exercises" / "teacher").is_dir()
    removed = student_dist.prune(checkout)
    assert {".git", "exercises/teacher", "exercises/source", "tests", "tools"} <= set(removed)
    pruned = set(_read_tree(checkout))
    built = set(_read_tree(student_dist.build(tmp_path / "built", repo=checkout)))
    assert pruned == built


def test_binder_postbuild_prunes_after_installing():
    text = (REPO / "binder" / "postBuild").read_text(encoding="utf-8")
    install = text.index("pip install --no-deps")
    prune = text.index("tools/student_dist.py --prune .")
    assert install < prune, "prune after installing the package (pip needs the source)"
