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
             if ex._shows(form, t)]
    assert not leaks, f"answers in the student side: {leaks}"


def _read_tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it out
def test_built_student_side_holds_no_solution(tmp_path, answer_forms):
    root = student_dist.build(tmp_path / "student")
    files = _read_tree(root)
    _assert_student_side(files, answer_forms)
    assert any(n.startswith("hearts_lab/exercises/") for n in files), "the checks ship (as digests)"
    assert files["README.md"].decode() == student_dist.STUDENT_README


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it out
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


#: What the student side must not name: commands of the full project, its tools, tests and teacher files.
LACKING = re.compile(
    r"`make [a-z-]+`|\bmake (?:lab|test|site|site-serve|play|handouts|student-branch)\b|\btools/[\w./-]+"
    r"|\btests/[\w./-]+|\.ci/run|CONTRIBUTING|\bbinder/postBuild|see the README"
)
BINDER = re.compile(r"mybinder\.org/v2/gh/[\w.-]+/[\w.-]+/([\w.-]+)\?")


def _student_facing(root: Path) -> dict[str, str]:
    """The text a student reads: Markdown files and every cell and stored output of every notebook."""
    texts = {}
    for path in sorted(root.rglob("*")):
        name = path.relative_to(root).as_posix()
        if path.suffix == ".md":
            texts[name] = path.read_text(encoding="utf-8")
        elif path.suffix == ".ipynb":
            nb = nbformat.read(path, as_version=4)
            parts = [c.source for c in nb.cells]
            parts += [str(o.get("text", "")) + str(o.get("data", {}).get("text/plain", "")) + str(o.get("data", {}).get("text/markdown", ""))
                      for c in nb.cells for o in c.get("outputs", [])]
            texts[name] = "\n".join(parts)
    return texts


def test_student_side_names_no_file_or_command_it_lacks(tmp_path):
    root = student_dist.build(tmp_path / "side")
    texts = _student_facing(root)
    lacking = [(n, m.group(0)) for n, t in texts.items() for m in LACKING.finditer(t)]
    assert not lacking, lacking
    for name, text in texts.items():
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if "://" in target or target.startswith("mailto:"):
                continue
            assert (root / Path(name).parent / target).resolve().exists(), f"{name} links {target}, which the student side lacks"
        assert set(BINDER.findall(text)) <= {"student"}, f"{name}: a Binder link to another branch than 'student'"


def test_readme_student_links_point_at_the_student_branch():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    branches = BINDER.findall(text)
    assert branches and set(branches) == {"student"}


def test_student_branch_holds_only_the_student_side(tmp_path):
    """make student-branch: the student side and a Binder setup that only installs, with no main history."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(REPO), str(clone)], check=True, timeout=300)
    commit, changed = student_dist.branch("student", repo=clone)
    assert changed

    def git(*a: str) -> str:
        return subprocess.run(["git", *a], cwd=clone, capture_output=True, text=True, check=True).stdout

    files = set(git("ls-tree", "-r", "--name-only", "student").split())
    built = set(_read_tree(student_dist.build(tmp_path / "built", repo=clone)))
    assert files == built | {"binder/postBuild", "binder/requirements.txt", "binder/runtime.txt"}
    for forbidden in student_dist.FORBIDDEN:
        assert not any(f == forbidden or f.startswith(forbidden + "/") for f in files), forbidden
    assert git("rev-list", "--count", "student").strip() == "1", "the branch must not carry the main history"
    postbuild = git("show", "student:binder/postBuild")
    assert "pip install --no-deps" in postbuild and "student_dist" not in postbuild
    assert git("ls-tree", "student", "binder/postBuild").split()[0] == "100755"
    assert student_dist.branch("student", repo=clone) == (commit, False), "unchanged side: no new commit"
    assert git("status", "--porcelain") == "", "the working tree and index are untouched"
