#!/usr/bin/env python3
"""Generate the student and teacher copies of every worksheet from its one source.

Sources live in ``exercises/source/NN_name.ipynb`` and hold the solutions.
A solution is either

* a block inside a code cell, between the lines ``### BEGIN SOLUTION`` and
  ``### END SOLUTION``. The student copy replaces the block by one line
  ``name = ...  # your answer here`` for each name the block assigns at top
  level *and* a later cell uses outside solutions (a check cell, say), or by
  ``# your work here`` if there is no such name; or
* a whole cell tagged ``solution`` in its cell metadata (for example a
  markdown explanation): dropped from the student copy.

Outputs::

    exercises/student/NN_name.ipynb   solutions stripped, outputs cleared
    exercises/teacher/NN_name.ipynb   solutions kept (markers removed), executed

Usage::

    .venv/bin/python tools/make_exercises.py             # regenerate every worksheet
    .venv/bin/python tools/make_exercises.py 01_legal_moves
    .venv/bin/python tools/make_exercises.py --check     # exit 1 if a committed copy is stale

``--check`` compares the student copies byte for byte and the teacher copies'
cells (sources, types, order) without executing anything; the tests execute the
teacher copies. Teacher copies run in a fresh kernel with ``PYTHONHASHSEED=0``
and working directory ``exercises/teacher``, like tools/execute_notebooks.py.
"""
from __future__ import annotations

import argparse
import ast
import copy
import importlib.util
import os
import re
import sys
import textwrap
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parent.parent
EXERCISES = REPO / "exercises"
SOURCE = EXERCISES / "source"
STUDENT = EXERCISES / "student"
TEACHER = EXERCISES / "teacher"
ANSWERS = SOURCE / "answers.py"
DIGESTS = REPO / "hearts_lab" / "exercises" / "_digests.py"

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
SOLUTION_TAG = "solution"
STUB = "{name} = ...  # your answer here"
NO_NAME_STUB = "# your work here"
KERNEL_ENV = {"PYTHONHASHSEED": "0"}
TIMEOUT = 300


class SourceError(ValueError):
    """A worksheet source breaks the marker conventions."""


def _tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def _split(source: str, where: str) -> list[tuple[str, list[str]]]:
    """Split a cell into ("text", lines) and ("solution", lines) parts."""
    parts: list[tuple[str, list[str]]] = [("text", [])]
    inside = False
    for number, line in enumerate(source.splitlines(), 1):
        marker = line.strip()
        if marker == BEGIN:
            if inside:
                raise SourceError(f"{where}, line {number}: {BEGIN} inside another solution block.")
            inside = True
            parts.append(("solution", []))
        elif marker == END:
            if not inside:
                raise SourceError(f"{where}, line {number}: {END} without {BEGIN}.")
            inside = False
            parts.append(("text", []))
        else:
            parts[-1][1].append(line)
    if inside:
        raise SourceError(f"{where}: {BEGIN} is never closed by {END}.")
    return [p for p in parts if p[1] or p[0] == "solution"]


def assigned_names(lines: list[str]) -> list[str]:
    """Names a solution block assigns at top level, in order of first assignment.

    >>> assigned_names(["x = 1", "y, z = 2, 3", "for i in range(3):", "    w = i", "x += 1"])
    ['x', 'y', 'z']
    """
    tree = ast.parse(textwrap.dedent("\n".join(lines)))
    names: list[str] = []

    def add(target: ast.AST) -> None:
        if isinstance(target, ast.Name) and target.id not in names:
            names.append(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                add(element)

    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                add(target)
        elif isinstance(node, ast.AnnAssign):
            add(node.target)
    return names


def _indent_of(lines: list[str]) -> str:
    for line in lines:
        if line.strip():
            return line[: len(line) - len(line.lstrip())]
    return ""


def _used(name: str, later: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(name)}\b", later) is not None


def student_source(source: str, where: str, later: str = "") -> str:
    """The student form of a code cell; ``later`` is the student-visible code of the cells after it."""
    parts = _split(source, where)
    out: list[str] = []
    for index, (kind, lines) in enumerate(parts):
        if kind == "text":
            out.extend(lines)
            continue
        indent = _indent_of(lines)
        rest = "\n".join(line for k, ls in parts[index + 1 :] if k == "text" for line in ls) + "\n" + later
        names = [n for n in assigned_names(lines) if _used(n, rest)]
        out.extend(indent + STUB.format(name=n) for n in names) if names else out.append(indent + NO_NAME_STUB)
    return "\n".join(out)


def teacher_source(source: str, where: str) -> str:
    return "\n".join(line for _, lines in _split(source, where) for line in lines)


def solution_lines(nb) -> list[str]:
    """Every non-blank line of every solution (blocks and tagged cells), stripped."""
    found: list[str] = []
    for index, cell in enumerate(nb.cells):
        if SOLUTION_TAG in _tags(cell):
            found.extend(line.strip() for line in cell.source.splitlines() if line.strip())
        elif cell.cell_type == "code":
            for kind, lines in _split(cell.source, f"cell {index}"):
                if kind == "solution":
                    found.extend(line.strip() for line in lines if line.strip())
    return found


def _clean_metadata(nb) -> None:
    keep = {k: nb.metadata[k] for k in ("kernelspec", "language_info") if k in nb.metadata}
    nb.metadata = nbformat.NotebookNode(keep)


def _visible_code(cell, where: str) -> str:
    if cell.cell_type != "code" or SOLUTION_TAG in _tags(cell):
        return ""
    return "\n".join(line for kind, lines in _split(cell.source, where) if kind == "text" for line in lines)


def make_student(source_nb):
    nb = copy.deepcopy(source_nb)
    visible = [_visible_code(cell, f"cell {i}") for i, cell in enumerate(nb.cells)]
    cells = []
    for index, cell in enumerate(nb.cells):
        if SOLUTION_TAG in _tags(cell):
            continue
        if cell.cell_type == "code":
            cell.source = student_source(cell.source, f"cell {index}", "\n".join(visible[index + 1 :]))
            cell.outputs = []
            cell.execution_count = None
        cell.metadata = nbformat.NotebookNode({k: v for k, v in cell.metadata.items() if k == "tags"})
        cells.append(cell)
    nb.cells = cells
    _clean_metadata(nb)
    _lite_cell().apply(nb)  # JupyterLite install cell (tools/lite_cell.py): students may open it in the browser
    return nb


def _lite_cell():
    spec = importlib.util.spec_from_file_location("lite_cell", REPO / "tools" / "lite_cell.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TEACHER_NOTE = (
    "> **Teacher copy** — solutions and their outputs included; do not hand this file to students "
    "(they get `exercises/student/{name}`). Generated from `exercises/source/{name}` by "
    "`tools/make_exercises.py`: edit the source, then regenerate."
)


def make_teacher_unexecuted(source_nb, name: str = "this worksheet"):
    nb = copy.deepcopy(source_nb)
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            cell.source = teacher_source(cell.source, f"cell {index}")
            cell.outputs = []
            cell.execution_count = None
        cell.metadata = nbformat.NotebookNode({k: v for k, v in cell.metadata.items() if k == "tags"})
    note = nbformat.v4.new_markdown_cell(TEACHER_NOTE.format(name=name))
    note.id = "teacher-copy-note"
    nb.cells.insert(0, note)
    _clean_metadata(nb)
    return nb


def _coalesce_streams():
    spec = importlib.util.spec_from_file_location("execute_notebooks", REPO / "tools" / "execute_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module.coalesce_streams


def execute(nb, cwd: Path, timeout: int = TIMEOUT):
    """Run ``nb`` top to bottom in a fresh kernel (PYTHONHASHSEED=0); return it with outputs."""
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name=nb.metadata.get("kernelspec", {}).get("name", "python3"),
        resources={"metadata": {"path": str(cwd)}},
        record_timing=False,
    )
    client.execute(env={**os.environ, **KERNEL_ENV})
    return _coalesce_streams()(nb)


def _cells_signature(nb) -> list[tuple[str, str]]:
    return [(c.cell_type, c.source) for c in nb.cells]


def worksheets(names: list[str]) -> list[Path]:
    paths = sorted(SOURCE.glob("*.ipynb"))
    if names:
        wanted = {n.removesuffix(".ipynb") for n in names}
        paths = [p for p in paths if p.stem in wanted]
        missing = wanted - {p.stem for p in paths}
        if missing:
            raise SystemExit(f"no source worksheet named {', '.join(sorted(missing))} in {SOURCE}")
    return paths


def stale(path: Path) -> list[str]:
    """Why the committed copies of the source ``path`` are out of date (empty if fresh)."""
    problems = []
    source_nb = nbformat.read(path, as_version=4)
    student_path, teacher_path = STUDENT / path.name, TEACHER / path.name
    if not student_path.exists():
        problems.append(f"{student_path.relative_to(REPO)} is missing")
    elif student_path.read_text(encoding="utf-8").rstrip("\n") != nbformat.writes(make_student(source_nb)).rstrip("\n"):
        problems.append(f"{student_path.relative_to(REPO)} differs from what the source generates")
    if not teacher_path.exists():
        problems.append(f"{teacher_path.relative_to(REPO)} is missing")
    else:
        teacher = nbformat.read(teacher_path, as_version=4)
        if _cells_signature(teacher) != _cells_signature(make_teacher_unexecuted(source_nb, path.name)):
            problems.append(f"{teacher_path.relative_to(REPO)} has cells that differ from the source")
        elif any(c.cell_type == "code" and c.source.strip() and c.execution_count is None for c in teacher.cells):
            problems.append(f"{teacher_path.relative_to(REPO)} has not been executed")
    return problems


def load_answers():
    """The teacher-only answer keys, ``exercises/source/answers.py``."""
    spec = importlib.util.spec_from_file_location("worksheet_answers", ANSWERS)
    module = importlib.util.module_from_spec(spec)
    sys.modules["worksheet_answers"] = module
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


DIGESTS_HEAD = '''"""Salted digests of the answers and known slips of worksheets 3 and 4 (generated; do not edit).

Generated from answer keys that are not part of the package. A check
hashes a student's exact value with :func:`hearts_lab.exercises.checks.digest`
and looks it up here; the answers themselves are not stored in the package.
"""

DIGESTS: dict[str, dict[str, dict]] = '''


def digests_text() -> str:
    """The text of ``hearts_lab/exercises/_digests.py`` for the current answer keys."""
    sys.path.insert(0, str(REPO))
    from hearts_lab.exercises.checks import digest

    keys = load_answers().KEYS
    table: dict[str, dict[str, dict]] = {}
    for ws, questions in keys.items():
        for q, key in questions.items():
            if not key.hashed:
                continue
            slips = {digest(ws, q, _plain(slip.value)): name for name, slip in key.slips.items()}
            table.setdefault(ws, {})[q] = {"answer": digest(ws, q, _plain(key.answer)), "slips": slips}
    import pprint

    return DIGESTS_HEAD + pprint.pformat(table, width=110, sort_dicts=False) + "\n"


def _plain(value):
    import sympy

    if isinstance(value, sympy.Basic):
        value = sympy.nsimplify(value) if not isinstance(value, sympy.Rational) else value
    return value


def generate(path: Path) -> None:
    source_nb = nbformat.read(path, as_version=4)
    nbformat.validate(source_nb)
    STUDENT.mkdir(parents=True, exist_ok=True)
    TEACHER.mkdir(parents=True, exist_ok=True)
    student = make_student(source_nb)
    nbformat.write(student, STUDENT / path.name)
    teacher = execute(make_teacher_unexecuted(source_nb, path.name), TEACHER)
    nbformat.write(teacher, TEACHER / path.name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="worksheets to build, e.g. 01_legal_moves (default: all)")
    parser.add_argument("--check", action="store_true", help="fail if a committed copy is stale; write nothing")
    opts = parser.parse_args(argv)
    failures = 0
    if opts.check:
        if not DIGESTS.exists() or DIGESTS.read_text(encoding="utf-8") != digests_text():
            print(f"STALE {DIGESTS.relative_to(REPO)} differs from what {ANSWERS.relative_to(REPO)} generates", file=sys.stderr)
            failures += 1
    else:
        DIGESTS.write_text(digests_text(), encoding="utf-8")
        print(f"wrote {DIGESTS.relative_to(REPO)}")
    for path in worksheets(opts.names):
        if opts.check:
            problems = stale(path)
            for problem in problems:
                print(f"STALE {problem}", file=sys.stderr)
            failures += bool(problems)
            if not problems:
                print(f"fresh {path.name}")
            continue
        start = time.monotonic()
        generate(path)
        print(f"built {path.name}  ({time.monotonic() - start:.1f}s)", flush=True)
    if failures:
        print("Regenerate with: .venv/bin/python tools/make_exercises.py", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
