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
    hearts_lab/exercises/_digests.py  salted digests of the answers in exercises/source/answers.py
    exercises/source/digests.sha256   a fast fingerprint of those digests' inputs and of _digests.py,
                                      so that --check need not recompute the slow digests
    exercises/teacher/                the teacher's kit from exercises/source/kit.py: README.md,
                                      answer_keys/, capstone_rubric.md, notebook_notes.md,
                                      handouts/ (student worksheets as printable HTML, positions
                                      drawn as cards, and the same with the keys: tools/make_handouts.py),
                                      class_results.ipynb

Usage::

    .venv/bin/python tools/make_exercises.py             # regenerate every worksheet
    .venv/bin/python tools/make_exercises.py 01_legal_moves
    .venv/bin/python tools/make_exercises.py --check     # exit 1 if a committed copy is stale

``--check`` compares the student copies byte for byte, the teacher copies'
cells (sources, types, order), and what each check in a teacher copy recorded
(its stored output's worksheet, question, status, attempt and answer) with what
the same check records when the teacher copy's code runs in this process (it
runs anyway, for the answer keys); it starts no kernel, so other outputs
(printed values, tables) are not compared: the tests execute the teacher
copies. Teacher copies run in a fresh kernel with ``PYTHONHASHSEED=0`` and
working directory ``exercises/teacher``, like tools/execute_notebooks.py.
``--check`` recomputes the slow digests (about 14 s of CPU) only when the
fingerprint does not match the answer keys, the digest's code and _digests.py.
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
#: A fast fingerprint of the digests' inputs and of _digests.py (teacher side, like answers.py: never handed out).
FINGERPRINT = SOURCE / "digests.sha256"

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


def _rel(path: Path) -> Path:
    return path.relative_to(REPO) if path.is_relative_to(REPO) else path


def stored_checks(nb) -> list[dict]:
    """What each check in the executed notebook ``nb`` recorded in its output (the part the grading reads)."""
    from hearts_lab.exercises.checks import MIME_TYPE

    return [output["data"][MIME_TYPE] for cell in nb.cells if cell.cell_type == "code"
            for output in cell.get("outputs", []) if MIME_TYPE in output.get("data", {})]


def stale(path: Path, checked: list[dict] | None = None) -> list[str]:
    """Why the committed copies of the source ``path`` are out of date (empty if fresh).

    ``checked``: what the teacher copy's checks record when its code runs now (:func:`teacher_run`),
    compared with what its stored outputs recorded; ``None`` skips that comparison.
    """
    problems = []
    source_nb = nbformat.read(path, as_version=4)
    written = nbformat.writes(source_nb)
    set_hand_in(source_nb, _worksheet_of(path))
    if nbformat.writes(source_nb) != written:
        problems.append(f"{_rel(path)}'s hand-in cell is not hearts_lab.exercises.results.hand_in_text (regenerate)")
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
        elif checked is not None and (stored := stored_checks(teacher)) != checked:
            differ = [f"{new.get('question')}: stored {old}, now {new}" for old, new in zip(stored, checked) if old != new]
            if len(stored) != len(checked):
                differ.append(f"{len(stored)} check outputs stored, {len(checked)} checks run now")
            problems.append(f"{_rel(teacher_path)} has check outputs that differ from a run of its code ("
                            + "; ".join(differ) + ")")
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

from typing import Any

DIGESTS: dict[str, dict[str, dict[str, Any]]] = '''


def _hashed_keys():
    """(worksheet, question, answer, {slip name: value}) of every hashed answer key."""
    for ws, questions in load_answers().KEYS.items():
        for q, key in questions.items():
            if key.hashed:
                yield ws, q, _plain(key.answer), {name: _plain(slip.value) for name, slip in key.slips.items()}


def digests_text() -> str:
    """The text of ``hearts_lab/exercises/_digests.py`` for the current answer keys (about 14 s: slow digests)."""
    sys.path.insert(0, str(REPO))
    from hearts_lab.exercises.checks import digest

    table: dict[str, dict[str, dict]] = {}
    for ws, q, answer, slips in _hashed_keys():
        table.setdefault(ws, {})[q] = {"answer": digest(ws, q, answer),
                                       "slips": {digest(ws, q, value): name for name, value in slips.items()}}
    import pprint

    return DIGESTS_HEAD + pprint.pformat(table, width=110, sort_dicts=False) + "\n"


def digests_fingerprint(text: str) -> str:
    """A fast SHA-256 of what ``_digests.py`` is made from and of ``text`` (its contents): the code and rounds of
    the slow digest, and the exact text each answer and slip is digested as. If the stored fingerprint matches,
    ``text`` is what :func:`digests_text` would generate, without a second of slow digests (``--check``).
    Teacher side only: a fast hash of the answers must never be in the package."""
    import hashlib
    import inspect

    sys.path.insert(0, str(REPO))
    from hearts_lab.exercises import checks

    h = hashlib.sha256(inspect.getsource(checks.digest).encode() + f"|{checks.DIGEST_ROUNDS}\n".encode())
    for ws, q, answer, slips in _hashed_keys():
        h.update(f"{ws}|{q}|answer|{checks.canonical(answer)}\n".encode())
        for name, value in slips.items():
            h.update(f"{ws}|{q}|slip {name}|{checks.canonical(value)}\n".encode())
    h.update(text.encode())
    return h.hexdigest()


FINGERPRINT_HEAD = "# SHA-256 of the slow digests' inputs and of hearts_lab/exercises/_digests.py (tools/make_exercises.py)\n"


def digests_stale() -> str | None:
    """Why ``_digests.py`` is out of date, or None. Reads the fingerprint; regenerates the digests only if it differs."""
    where = _rel(DIGESTS)
    if not DIGESTS.exists():
        return f"{where} is missing"
    text = DIGESTS.read_text(encoding="utf-8")
    stored = FINGERPRINT.read_text(encoding="utf-8").removeprefix(FINGERPRINT_HEAD).strip() if FINGERPRINT.exists() else ""
    if stored == digests_fingerprint(text):
        return None
    if text != digests_text():
        return f"{where} differs from what {_rel(ANSWERS)} generates"
    return f"{_rel(FINGERPRINT)} does not match {where} and its inputs"


def write_digests() -> None:
    text = digests_text()
    DIGESTS.write_text(text, encoding="utf-8")
    FINGERPRINT.write_text(FINGERPRINT_HEAD + digests_fingerprint(text) + "\n", encoding="utf-8")


def _plain(value):
    import sympy

    if isinstance(value, sympy.Basic):
        value = sympy.nsimplify(value) if not isinstance(value, sympy.Rational) else value
    return value


def _worksheet_of(path: Path) -> str:
    """``ws4`` for ``04_moon_odds.ipynb``."""
    return f"ws{int(path.name[:2])}"


def set_hand_in(nb, worksheet: str) -> bool:
    """Write the generic copy's hand-in cell from the one source every copy uses (results.hand_in_text).

    A class's own copies get the other form of the same text (classroom.personalise). True if it changed."""
    from hearts_lab.exercises.results import HAND_IN_HEADING, hand_in_text

    cells = [c for c in nb.cells if c.cell_type == "markdown" and c.source.startswith(HAND_IN_HEADING)]
    if len(cells) != 1:
        raise SystemExit(f"{worksheet}: expected one '{HAND_IN_HEADING}' cell, found {len(cells)}")
    text = hand_in_text(worksheet, own_copy=False)
    changed = cells[0].source != text
    cells[0].source = text
    return changed


def generate(path: Path) -> None:
    source_nb = nbformat.read(path, as_version=4)
    nbformat.validate(source_nb)
    if set_hand_in(source_nb, _worksheet_of(path)):
        nbformat.write(source_nb, path)  # the source says what its copies say
    STUDENT.mkdir(parents=True, exist_ok=True)
    TEACHER.mkdir(parents=True, exist_ok=True)
    student = make_student(source_nb)
    nbformat.write(student, STUDENT / path.name)
    teacher = execute(make_teacher_unexecuted(source_nb, path.name), TEACHER)
    nbformat.write(teacher, TEACHER / path.name)


# -- the teacher's kit ---------------------------------------------------------------

KIT_SOURCE = SOURCE / "kit.py"
KEYS_DIR = TEACHER / "answer_keys"
HANDOUTS_DIR = TEACHER / "handouts"
RESULTS_NB = TEACHER / "class_results.ipynb"
_CHECK = re.compile(r"\bws(\d)\.check_q(\d+)\(")


def load_kit():
    sys.path.insert(0, str(SOURCE))
    load_answers()
    spec = importlib.util.spec_from_file_location("worksheet_kit", KIT_SOURCE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def teacher_run(name: str) -> tuple[dict, list[dict]]:
    """Run a teacher copy's code in this process (no kernel): its variables, and what each of its checks
    recorded (as its output's machine-readable part, through JSON as a stored output is)."""
    import contextlib
    import io
    import json

    sys.path.insert(0, str(REPO))
    from hearts_lab.exercises import checks

    ws = f"ws{int(name.split('_', 1)[0])}"
    nb = make_teacher_unexecuted(nbformat.read(SOURCE / name, as_version=4), name)
    namespace: dict = {}
    checks.reset(ws)  # a fresh kernel's attempt numbers
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in nb.cells:
            if cell.cell_type == "code":
                exec(compile(cell.source, f"{name} cell", "exec"), namespace)
    recorded = [json.loads(json.dumps(r._repr_mimebundle_()[checks.MIME_TYPE])) for r in checks.results(ws)]
    checks.reset(ws)
    return namespace, recorded


def teacher_namespace(name: str) -> dict:
    """Run a teacher copy's code in this process (no kernel) and return its variables."""
    return teacher_run(name)[0]


def _shown(value) -> str:
    """An answer as a teacher reads it."""
    import sympy

    from hearts_lab.cards import Card, format_cards

    if value is None:
        return "`None` (nobody: the trick is set aside)"
    if isinstance(value, (list, tuple, set, frozenset)) and value and all(isinstance(c, Card) for c in value):
        return format_cards(sorted(value, key=Card.sort_key))
    if isinstance(value, (int, sympy.Basic)) and not isinstance(value, bool):
        number = sympy.nsimplify(value)
        if isinstance(number, sympy.Rational) and number.q != 1:
            return f"{number} ≈ {float(number):.6g}"
        return str(number)
    if hasattr(value, "moon_count") and hasattr(value, "hands"):
        low, high = value.moon_interval
        return (f"the result of `simulate(...)` itself (e.g. {value.moon_count} moons in {value.hands:,} hands, "
                f"rate {value.moon_rate:.4f}, 95% interval [{low:.4f}, {high:.4f}]); any seed, ≥ 20,000 hands")
    if hasattr(value, "hits") and hasattr(value, "deals"):
        return (f"the `Count` from `deal_hands(...).count(event)` itself (e.g. {value.hits} of {value.deals:,} "
                f"deals with seed {value.seed}: {value.value:.4f}); any seed, ≥ 5,000 deals")
    if hasattr(value, "hits") and hasattr(value, "worlds"):
        return (f"the `WorldCount` from `ws6.sample_q3(k, seed).count(event)` itself (e.g. {value.hits} of {value.worlds} "
                f"worlds with seed {value.seed}: {value.value:.4f}); any seed, ≥ {value.worlds} worlds; a student's own "
                "copy names its number of worlds and its seed")
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, float) for v in value):
        return f"({value[0]:.4f}, {value[1]:.4f})"
    return f"`{value!r}`"


def _questions_of(name: str) -> dict[str, dict]:
    """Per question: its solution code and solution notes, from the source."""
    source_nb = nbformat.read(SOURCE / name, as_version=4)
    found: dict[str, dict] = {}
    pending: list[str] = []
    last = None
    for index, cell in enumerate(source_nb.cells):
        if cell.cell_type == "code" and BEGIN in cell.source:
            pending.append(teacher_source(cell.source, f"cell {index}").strip())
            continue
        if cell.cell_type == "code" and SOLUTION_TAG in _tags(cell) and last:  # a teacher's cell: shown in the key too
            found[last]["notes"].append("```python\n" + cell.source.strip() + "\n```")
            continue
        if cell.cell_type == "code":
            match = _CHECK.search(cell.source)
            if match:
                last = f"Q{match.group(2)}"
                found[last] = {"code": "\n".join(pending), "notes": []}
                pending = []
                continue
        if cell.cell_type == "markdown" and SOLUTION_TAG in _tags(cell) and last:
            found[last]["notes"].append(cell.source.strip())
    return found


def answer_key_text(name: str, namespace: dict, kit, keys) -> str:
    sys.path.insert(0, str(REPO))

    from hearts_lab.exercises.checks import HINTS, QUESTIONS

    ws = f"ws{int(name.split('_', 1)[0])}"
    meta = kit.WORKSHEETS[name.removesuffix(".ipynb")]
    lines = [f"# Answer key: {name.removesuffix('.ipynb')}", "",
             f"*Teacher only — generated by tools/make_exercises.py; do not hand out.* Time: {meta['time']}; after {meta['after']}.", "",
             "## Learning objectives", ""]
    lines += [f"- {o}" for o in meta["objectives"]]
    questions = _questions_of(name)
    for key, title in QUESTIONS[ws].items():
        number = key[1:]
        lines += ["", f"## {key}. {title}", ""]
        answer = None
        for variable in (f"q{number}",):
            if variable in namespace:
                answer = namespace[variable]
        entry = keys.get(ws, {}).get(key)
        if ws == "ws5":
            lines.append("**Answer:** open-ended; the checks verify the experiment. The teacher's example is below.")
        else:
            lines.append(f"**Answer:** {_shown(answer)}")
        if entry is not None:
            lines.append(f"  \n**Formula:** {entry.formula}")
        code = questions.get(key, {}).get("code")
        if code:
            lines += ["", "```python", code, "```"]
        for note in questions.get(key, {}).get("notes", []):
            lines += ["", note]
        wrong = []
        if entry is not None:
            for slip in entry.slips.values():
                value = slip.value
                shown = _shown(value) if not isinstance(value, tuple) else f"`{value}`"
                wrong.append(f"- {shown} — {slip.reveals}.")
        notes = []
        for answer_text, reveals in kit.KEY_NOTES.get(ws, {}).get(key, {}).items():
            if answer_text.startswith("("):  # a note on the question, not a wrong answer
                notes.append(f"**Note{' ' + answer_text if answer_text != '(note)' else ''}:** {reveals[0].upper()}{reveals[1:]}.")
            else:
                wrong.append(f"- {answer_text} — {reveals}.")
        if wrong:
            lines += ["", "**Common wrong answers and what they reveal** (each gets its own hint from the check):", ""] + wrong
        tries = getattr(load_answers(), "SEARCHABLE", {}).get((ws, key))
        if tries:
            notes.append(
                f"**Note (offline search):** a student who guesses the form of this answer can find it without the "
                f"check, trying candidates against the stored digest: about {tries:,} tries at 0.1 s, "
                f"{_duration(tries * 0.1)}, with no attempt recorded. A digest cannot prevent this for an answer with one "
                f"binomial-sized unknown; ask for the reasoning (the formula) when it matters.")
        for note in notes:
            lines += ["", note]
        ladder = HINTS[ws][key]
        lines += ["", "**Hints** (levels 1-3; a wrong answer gets level 1, level 2 after three tries, level 3 only on request):", ""]
        lines += [f"{n}. {text}" for n, text in enumerate(ladder, 1)]
    return "\n".join(lines) + "\n"


def _duration(seconds: float) -> str:
    return f"about {seconds / 60:.0f} minutes" if seconds < 5400 else f"about {seconds / 3600:.1f} hours"


def rubric_text(kit) -> str:
    lines = ["# Capstone rubric (worksheet 5)", "",
             "*Teacher only.* The checks verify the experiment's mechanics (Q1-Q6); this rubric grades the "
             "write-up. Three levels per criterion; a strong write-up is at the first level on every row.", "",
             "| criterion | strong | adequate | missing |", "|---|---|---|---|"]
    lines += [f"| {c} | {a} | {b} | {d} |" for c, a, b, d in kit.RUBRIC]
    lines += ["", kit.RUBRIC_EVIDENCE]
    lines += ["", "A common trap worth a conversation: comparing the two runs' separate intervals ('they overlap, so "
              "no effect'). Two 95% intervals can overlap while the interval for the difference excludes 0; the "
              "difference needs its own interval (`rate_difference`)."]
    return "\n".join(lines) + "\n"


def _prompt_paragraphs() -> list[tuple[str, str, str]]:
    """Every prompt in notebooks 01-11: (notebook number, its first line, its paragraph up to the next heading)."""
    pattern = re.compile(r"^(\*\*|#+ [0-9 ·]*)(✏️ )?(Try|Questions|Your turn|Things to try)")
    found = []
    for path in sorted((REPO / "notebooks").glob("*.ipynb")):
        number = path.name[:2]
        if not "01" <= number <= "11":
            continue
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type != "markdown":
                continue
            lines = cell.source.splitlines()
            for index, line in enumerate(lines):
                if pattern.match(line) and "Your turn cells" not in line:
                    paragraph = [line.strip()]
                    for following in lines[index + 1 :]:
                        if following.startswith("#"):
                            break
                        if following.strip():
                            paragraph.append(following.strip())
                    found.append((number, line, " ".join(paragraph)))
    return found


def prompts_in_notebooks() -> list[tuple[str, str, str]]:
    """Every prompt in notebooks 01-11: (notebook number, its first 40 characters, a fingerprint of its paragraph).

    The fingerprint (12 hex digits of the SHA-1 of the text from the prompt line to the next heading)
    changes when the prompt's wording does, so a note written for an older prompt is flagged.
    """
    import hashlib

    return [(number, line[:40], hashlib.sha1(paragraph.encode("utf-8")).hexdigest()[:12])
            for number, line, paragraph in _prompt_paragraphs()]


def prompt_heading(line: str, paragraph: str) -> str:
    r"""A note's heading: the prompt's label and its first sentence, bold, with ``$`` escaped (no math span opens).

    >>> prompt_heading("**✏️ Your turn.** Four players, $k = 3$. What is the chance?", "")
    '**✏️ Your turn. Four players, \\$k = 3\\$.**'
    >>> prompt_heading("## Your turn", "## Your turn 1. Change the worlds: what changes? 2. Race again.")
    '**Your turn: Change the worlds: what changes?**'
    """
    paragraph = paragraph or line
    if line.lstrip().startswith("#"):
        label, rest = line.strip().lstrip("#").strip(), paragraph[len(line.strip()):].strip()
        if len(label) > 15:  # a heading that says what to do is the whole heading
            rest = ""
    else:
        match = re.match(r"\*\*(.+?)\*\*\s*(.*)", paragraph)
        label, rest = (match.group(1), match.group(2)) if match else (paragraph, "")
    rest = re.sub(r"^(\d+\.|[-*])\s+", "", rest.replace("**", ""))
    sentence = re.split(r"(?<=[.?!])\s+(?=\S)", rest)[0] if rest else ""
    heading = f"{label}{':' if label[-1:].isalnum() else ''} {sentence}" if sentence else label
    return "**" + heading.replace("$", "\\$") + "**"


def note_for(kit, number: str, prompt: str, fingerprint: str | None = None) -> str | None:
    """The kit's note for a prompt: keys are (notebook, the prompt line's start, fingerprint); the first
    30 characters must agree, and the fingerprint too when one is given."""
    for (nb, start, seen), note in kit.NOTEBOOK_NOTES.items():
        if nb == number and start[:30] == prompt[:30] and (fingerprint is None or seen == fingerprint):
            return note
    return None


def notebook_notes_text(kit) -> str:
    lines = ["# Notes on the notebooks' prompts", "",
             "*Teacher only.* Answers or discussion notes for every *Try it*, *Questions*, *Your turn* and "
             "*Things to try* prompt in notebooks 01-11, in order. (The ✏️ cells of notebooks 07 and 08 check "
             "themselves; the values are here for reference.)"]
    current = None
    for (number, prompt, fingerprint), (_, line, paragraph) in zip(prompts_in_notebooks(), _prompt_paragraphs()):
        if number != current:
            current = number
            title = next((REPO / "notebooks").glob(f"{number}_*.ipynb")).stem
            lines += ["", f"## {title}"]
        note = note_for(kit, number, prompt, fingerprint) or "**(no note yet: the prompt is new or has changed)**"
        lines += ["", prompt_heading(line, paragraph), "", note]
    return "\n".join(lines) + "\n"


def kit_readme_text(kit) -> str:
    lines = ["# Teacher's kit", "",
             "*Teacher only: this folder stays in the full repository; the student side (Binder, `make handouts`) "
             "never contains it.* Generated by `tools/make_exercises.py` from `exercises/source/` — edit there.", "",
             "| worksheet | time | after | answer key | printable handout |", "|---|---|---|---|---|"]
    for name, meta in kit.WORKSHEETS.items():
        lines.append(f"| `{name}` | {meta['time']} | {meta['after']} | [key](answer_keys/{name}.md) | "
                     f"[HTML](handouts/{name}.html), [with the key](handouts/{name}_key.html) |")
    lines += ["", "- **Teacher copies** (`NN_name.ipynb` here): solutions, executed, every check correct.",
              "- **Answer keys** (`answer_keys/`): each answer shown, the formula or method, the common wrong answers "
              "and what they reveal, and the three hint levels.",
              "- **Capstone rubric**: [capstone_rubric.md](capstone_rubric.md).",
              "- **Notebook prompts**: [notebook_notes.md](notebook_notes.md) — answers or discussion notes for every "
              "Try it / Questions / Your turn prompt of notebooks 01-11.",
              "- **Printable handouts** (`handouts/`): each student worksheet as a clean HTML page, every position "
              "drawn as cards and a box for each answer (no solutions), and the same page with each question's answer "
              "key (`NN_name_key.html`, teacher only); print from the browser, or run `make handouts` for PDFs "
              "(`dist/handouts/`, and the keys in `dist/teacher/`).",
              "- **A class, graded on your machine**: [class_results.ipynb](class_results.ipynb). "
              "`hearts-lab class copies` (or `Class(secret, roster).write(folder)`, `from hearts_lab.exercises import "
              "Class, grade`) writes each student's own copies (worksheets 1 to 6: their own deals, seats, decks, "
              "tables, events, scores, worlds and seeds, from an HMAC of your secret and their name); students hand in the "
              "notebook itself; `hearts-lab class grade` (or `grade(folder, secret)`) reads the notebooks without running "
              "them and makes the class table: per question correct or not and, for an incorrect answer, *why* (the "
              "worksheet's own check's message: the slip it names, or \"matches no known slip\"), then first try, "
              "attempts and hints as recorded, and flags. The capstone (worksheet 5) is read without marks: a *seeds* "
              "row says what the notebook's lines and stored outputs show of its seeds (*the class copy's own*: nothing "
              "against them; *NOT the class copy's own*; *not verified*), a *re-run* row simulates the student's plan "
              "again with their own seeds and says whether the effect and interval Q4 and Q5 recorded agree with yours "
              "(plans with the heuristic bots only with `rerun=\"all\"`), the question rows note a plan changed after a "
              "look and other runs, and each check's stored verdict is listed as "
              "recorded (see the [capstone rubric](capstone_rubric.md), which says what the rows cannot see). The generic copies' results files (`export(...)`, merged with "
              "`merge_results(folder)`) are the student's own report, not a grade.",
              "- **One student's own questions and answers**: the answer keys and printed handouts here are the "
              "generic (self-study) copy's, and a class copy asks its own questions. `hearts-lab class key \"Ada "
              "Lovelace\" --secret-file ~/hearts-secret.txt --roster roster.txt --worksheets ws4` (or "
              "`Class(secret, roster).key(\"Ada Lovelace\", \"ws4\")`) prints that student's questions as their copy "
              "words them and, for worksheets 3 and 4, each answer with its method and the slips the checks have "
              "hints for; for worksheets 1, 2 and 6 the questions only (their checks derive each answer from the "
              "engine), for worksheet 5 the two seeds. `python tools/make_handouts.py out --notebooks copies` "
              "prints each student's own sheet, with their name.", "",
              *shared_answers_lines(kit), "",
              "## Learning objectives", ""]
    for name, meta in kit.WORKSHEETS.items():
        lines += [f"**{name}** ({meta['time']})", ""] + [f"- {o}" for o in meta["objectives"]] + [""]
    return "\n".join(lines)


def shared_answers_lines(kit) -> list[str]:
    """The kit README's table of the answers many pairs of a class still share (kit.SHARED_ANSWERS)."""
    floor = f"{kit.SHARED_FLOOR:.0%}"
    lines = ["## What copying can carry in a class", "",
             "Each student's own copy has its own answers, but some questions have only a few possible answers, so two "
             "students' copies can share one by chance: a classmate's answer to such a question is right for a copy with "
             f"that chance. In a class of 30 (`benchmarks/classroom.py`, 435 pairs of students), these questions are "
             f"shared by {floor} of pairs or more; every other question by fewer (worksheet 1 Q2-Q4 and worksheet 4 Q4-Q5 by "
             "none; worksheet 1 Q8 and worksheet 6 Q2 are built by the student, with many right answers). These are one "
             "class's shares: another secret draws other variants, so its shares differ somewhat.", "",
             "| worksheet | question | pairs sharing the answer | distinct answers in the class | the answer is |",
             "|---|---|---|---|---|"]
    for (ws, q), (share, distinct, what) in kit.SHARED_ANSWERS.items():
        lines.append(f"| {ws} | {q} | {share:.1%} | {distinct} of 30 | {what} |")
    return lines


def class_results_notebook():
    cells = [
        nbformat.v4.new_markdown_cell(
            "# A class: each student's own worksheets, graded on your machine\n\n"
            "*Teacher only.* The whole loop, in five steps:\n\n"
            "1. **Keep a secret.** Write a passphrase only you know (16 characters or more) into a file *outside* "
            "the repository, and the class list into a text file, one name a line.\n"
            "2. **Write each student's copies.** `Class(secret, roster).write(\"copies\")`, or in a terminal "
            "`hearts-lab class copies copies/ --secret-file ~/hearts-secret.txt --roster roster.txt`, writes "
            "`copies/<student>/NN_name.ipynb`. Worksheets 1 and 2 get the student's own deals, seats, hand numbers, "
            "player counts and cards, drawn from a seed that is an HMAC of your secret and the student's name; "
            "worksheet 3 their own table sizes, short decks, kitties and events to count (the copy carries only salted "
            "digests of its answers, computed from your answer keys: about 4 s of CPU a copy); worksheet 4 their own "
            "tables and events to count for Q1-Q3 and Q6 (carried the same way), their own scores for Q4 and Q5 and their "
            "own deals and seeds for Q7 and Q8; worksheet 5, the capstone, the two seeds of their experiment, drawn from your secret "
            "(Q2 records the student's whole plan with them, the metric, prediction, number of hands and bots; Q3 takes runs of "
            "that plan only, Q4-Q6 only the two runs Q3's check accepted and the plan's metric; a new plan after Q3 had accepted "
            "runs of an earlier one, and more mildly any plan after the first, is noted on the class table's Q2 row, as the "
            "student's kernel counted them since it last started; the house rule and the plan are the student's own, "
            "and the rubric marks it); worksheet 6 their own positions, card, seats, worlds, seed and race; every copy "
            "carries the student's name.\n"
            "3. **Hand out** each student's folder (the LMS, a shared drive). Students work in it as in any worksheet "
            "and its checks give the same hints.\n"
            "4. **Collect the notebooks themselves**: students save and upload the `.ipynb` file.\n"
            "5. **Grade** the folder of handed-in notebooks: `grade(folder, secret)` or `hearts-lab class grade "
            "handed_in/ --secret-file ~/hearts-secret.txt --roster roster.txt --csv grades.csv`.\n\n"
            "Grading reads each notebook as data and never runs it. An answer is taken from the question's last "
            "answer line if the grader can compute it exactly as Python would: a value (`q2 = [\"3♦\", \"9♦\"]`) or "
            "arithmetic with `+ - * / **` and sympy's `binomial`, `factorial`, `C`, `Rational`, `Integer` and `sqrt` "
            "(`q3 = binomial(36, 12) - binomial(34, 12)`). Otherwise (a variable, another call, `//`, `%`, `^`, a later "
            "line that changes `qN`, an answer of more than 1,000 pieces of Python or 100 levels deep) it is the value the student's check "
            "recorded in its output; with neither, the question is *unreadable*. When any code cell uses something the "
            "reader does not follow (a syntax error, a magic other than `%%time`, `%time` or a bare `%%capture`, "
            "`exec`/`eval`/`getattr`-style names, a `__dunder__` name, `from x import *`, `global`/`nonlocal` in a "
            "def or class, a change to something imported such as `sys.modules[...] = ...`, or its own version of one "
            "of the sympy names above, e.g. `from math import sqrt`), every answer is taken from the recorded values "
            "(a question never checked is then *unreadable*; one still `qN = ...` stays *unanswered*), with a note naming the first such use. The worksheet's own check judges it against the student's variant, which is made again from "
            "the secret. A friend's answers, or a friend's whole notebook handed in under one's own name, are answers "
            "for other deals: right by coincidence only, which `benchmarks/classroom.py` measures ("
            "in one measured class of 30 (one secret, 435 pairs) no pair shared a card-set answer of worksheet 1 Q2-Q4 "
            "and 5-40 % of pairs shared an answer that is "
            "a seat, a number of points or one of a few clubs; [README.md](README.md#what-copying-can-carry-in-a-class) "
            "lists every question that 10 % of pairs or more share). For an incorrect answer, *why* is the worksheet's own check's "
            "message on your side: the slip its hints name (on worksheet 6, for example, \"That counts the worlds in which seat 3 does *not* hold the "
            "Q♠\"), or \"matches no known slip\", so a slip, nonsense and a copied answer (right for another "
            "student's deals) read differently. The capstone (worksheet 5) is read, not marked: its *seeds* row reads "
            "the notebook's lines and the stored outputs of Q3-Q6, and nothing else. It says *NOT the class copy's own*, with "
            "the reason in *why*, for an edited `use_variant` line, a `seeds = ...` line naming other seeds or a stored output "
            "naming other runs' seeds; *not verified* where that evidence is missing (no Q3 output or an old one, a Q4-Q6 output "
            "of a judged answer naming no seeds or seeds it cannot read, no seeds line it can read, a `use_variant` call it cannot "
            "follow, a cell reaching by name into `ws5`'s variant or the plan and runs its checks keep, or anything dynamic "
            "anywhere in the notebook): missing evidence, not evidence of other seeds; and *the class copy's own* where the file "
            "shows nothing against it. It cannot see runs faked in the kernel through other names (the simulator's random "
            "numbers replaced through an alias or `unittest.mock.patch`, results relabelled and put where the checks keep them "
            "through a name built at run time), a deleted cell or a kernel restart, and the stored outputs are the student's to edit. "
            "Its *re-run* row checks the values Q4's and Q5's checks recorded against your own re-run (not the notebook's "
            "cells, printed lines or write-up): it simulates the student's plan again on your side (the rules Q3's "
            "stored output records, checked against their fingerprints; the hands and bots of the runs Q3's check accepted and the metric Q4's recorded (else Q5's, else Q2's plan's); "
            "the seeds from your secret, never from the notebook), shows your effect and 95% interval first, and says "
            "*recorded values agree* or *recorded values do NOT agree* for the effect Q4 and the interval Q5 recorded, by "
            "the checks' own tolerance (*not verified* where either recorded none or a value it cannot read; a plain "
            "`effect = <number>` or `interval = (<low>, <high>)` line holding another value than its check recorded is "
            "flagged, other forms are not read, and the write-up's numbers are yours to compare with the row; the *why* names the rules re-run, `house = base with ...`, to compare with Q1 and "
            "the write-up; the rules' fingerprint is an unkeyed hash, which catches careless edits, not a recomputed one); *not re-run*, with a note saying why, for an older hearts_lab's "
            "record without rules, rules too long to record, rules it cannot read or that do not match their fingerprint, "
            "no plan it can read, a name not on the roster, a re-run the simulator refused (\"could not be made\"), or a plan the engine plays (bots 'heuristic', or rules or a recorded method the "
            "fast batch path does not take: about 15 s of CPU for 2 x 10,000 hands of 4 heuristic players, up to about "
            "140 s for the largest plan, 2 x 20,000 hands of 2 players with two packs, on a 2-core machine: `grade(folder, secret, rerun=\"all\")` or "
            "`--rerun all` re-runs those too, unless estimated over 150 s of CPU, when the note gives the estimate and "
            "the code to run yourself; by default a call's re-runs stop after 60 s of CPU, the rest saying so; "
            "[capstone_rubric.md](capstone_rubric.md) says more). The question rows note a plan changed after Q3 had accepted "
            "runs of an earlier one, else any plan after the first (Q2, from the kernel's counts, which `reset` does not "
            "clear and a restart does), a cell resetting ws5's recorded checks by name (Q2: it can shorten Q2's stored "
            "list of plans, not the counts, and cannot change the seeds), counts that could not be read, are missing or "
            "contradict each other (Q2: edited? a contradiction is noted, not read), runs of another plan (Q3), other runs or another "
            "metric (Q4-Q6), and the own runs "
            "given the other way round. Each check's stored verdict is listed as recorded. "
            "*attempts* and *hints* come from the stored outputs, which the student's kernel wrote and the student "
            "could edit, and are shown as recorded; *first try (recorded)* is \"yes\" only when the recorded attempt 1 "
            "was correct and your grade agrees, \"no\" when the recorded correct attempt came later or whenever your grade is "
            "incorrect and the notebook stores a check output for the question, and blank otherwise (no stored output, a stored "
            "verdict that disagrees with a correct grade, or an unreadable answer). A question you grade "
            "correct or incorrect is flagged where its stored verdict differs from yours and, where the answer was "
            "read from its cell, where its stored output checked a different value. A file that is not a notebook, is "
            "too large (over 5 MB, or code cells over 200,000 characters or 100,000 pieces of Python; past 2,000 "
            "notebooks or 8 folders deep) or names no worksheet or student is skipped "
            "and named (a notebook saved with a byte-order mark is read); the CSV is safe to open in a spreadsheet."),
        nbformat.v4.new_markdown_cell(
            "A demonstration with a made-up class: copies for three students, who each typed an answer to Q1 "
            "of worksheet 1, and a broken file. The table below is sized for a projector: it leaves out the *file* "
            "column (the CSV and `grades.rows()` keep it; a file is named under the student's name where they hand "
            "in two notebooks of a worksheet, where two students' names look alike, or where the notebook may not be "
            "the student's, whole on hover), puts *first try*, *attempts* and *hints* under "
            "one heading, *recorded*, and shows a long flag as a short form, the whole note a click away. To print "
            "or keep the table, use the CSV (`grades.to_csv(\"grades.csv\")`): it has every row's file, flags and "
            "*why* (a check's message up to 200 characters), and for a class of hundreds of notebooks it is the better "
            "copy to read too (this view of them is megabytes of HTML)."),
        nbformat.v4.new_code_cell(
            "import json, tempfile\nfrom pathlib import Path\nfrom hearts_lab.exercises import Class\n\n"
            "demo = Path(tempfile.mkdtemp())\n"
            "klass = Class(\"a demonstration secret - use your own, kept in a file\", [\"Ada\", \"Ben\", \"Cy\"])\n"
            "copies = klass.write(demo, worksheets=[\"ws1\"])\n\n"
            "def typed(student, source):\n"
            "    path = demo / student / \"01_legal_moves.ipynb\"\n"
            "    nb = json.loads(path.read_text(encoding=\"utf-8\"))\n"
            "    for cell in nb[\"cells\"]:\n"
            "        if \"\".join(cell[\"source\"]).startswith(\"q1 = ...\"):\n"
            "            cell[\"source\"] = source\n"
            "    path.write_text(json.dumps(nb), encoding=\"utf-8\")\n\n"
            "typed(\"Ada\", \"q1 = 2\")\n"
            "typed(\"Cy\", \"q1 = 99\")\n"
            "typed(\"Ben\", \"q1 = __import__('os').remove('something')  # never run by the grader\")\n"
            "(demo / \"Cy\" / \"broken.ipynb\").write_text(\"{ this is not a notebook\")\n\n"
            "grades = klass.grade(demo)\ngrades"),
        nbformat.v4.new_code_cell("[row for row in grades.rows() if row[\"question\"] == \"Q1\"]"),
        nbformat.v4.new_markdown_cell(
            "**When a student asks why their answer is wrong**, look at *their* questions: the answer keys and the "
            "printed handouts are the generic (self-study) copy's. `klass.key(name, worksheet)` (in a terminal "
            "`hearts-lab class key \"Ada\" --secret-file ~/hearts-secret.txt --roster roster.txt --worksheets ws4`) "
            "prints the student's own questions and, for worksheets 3 and 4, each answer, its method and the slips "
            "the checks have hints for (worksheets 1, 2 and 6: the questions, whose answers their checks derive "
            "from the engine; worksheet 5: the two seeds). Here, Ada's worksheet 4 Q4 and Q5:"),
        nbformat.v4.new_code_cell("klass.key(\"Ada\", \"ws4\", questions=[\"Q4\", \"Q5\"])"),
        nbformat.v4.new_markdown_cell(
            "**Your class.** Put the handed-in notebooks in a folder, e.g. `handed_in/`, then run the next cell "
            "(remove the `#`s and give the path of your secret file)."),
        nbformat.v4.new_code_cell(
            "# from hearts_lab.exercises.classroom import grade, read_roster\n"
            "# secret = Path(\"~/hearts-secret.txt\").expanduser().read_text().strip()\n"
            "# grades = grade(\"handed_in\", secret, roster=read_roster(\"roster.txt\"))\n# grades.to_csv(\"grades.csv\")\n# grades"),
        nbformat.v4.new_markdown_cell(
            "# Results files (the generic copies)\n\n*Teacher only.* Each student hands in one file per worksheet, written by the "
            "worksheet's last cell (`export(\"ws3\", student=\"Ada\")`): for every question its latest status and "
            "the number of answers checked — never an answer. Download the files from the LMS into one folder "
            "and merge them. A file that cannot be read, or is not a results file, is skipped and named with the "
            "reason; it never stops the merge. A later file from the same student for the same worksheet replaces "
            "an earlier one. These files are the student's own report (statuses and attempts), not a grade."),
        nbformat.v4.new_markdown_cell("A demonstration with three made-up files (two students, one broken file):"),
        nbformat.v4.new_code_cell(
            "import json, tempfile\nfrom pathlib import Path\nfrom hearts_lab.exercises import merge_results\n\n"
            "demo = Path(tempfile.mkdtemp())\n"
            "def made_up(student, statuses):\n"
            "    questions = [{\"question\": f\"Q{i}\", \"title\": \"\", \"status\": s, \"attempts\": n}\n"
            "                 for i, (s, n) in enumerate(statuses, 1)]\n"
            "    record = {\"format\": \"hearts-lab-results/1\", \"worksheet\": \"ws3\", \"student\": student,\n"
            "              \"exported\": \"2026-01-15T10:00:00+00:00\", \"questions\": questions}\n"
            "    (demo / f\"ws3_{student}.json\").write_text(json.dumps(record))\n\n"
            "made_up(\"Ada\", [(\"correct\", 1), (\"correct\", 2), (\"incorrect\", 3), (\"unanswered\", 0)])\n"
            "made_up(\"Ben\", [(\"correct\", 1), (\"incorrect\", 1), (\"correct\", 4), (\"correct\", 1)])\n"
            "(demo / \"ws3_Cy.json\").write_text(\"{ this is not JSON\")\n\n"
            "table = merge_results(demo)\ntable"),
        nbformat.v4.new_code_cell("table.skipped"),
        nbformat.v4.new_markdown_cell(
            "**Your class.** Put the downloaded files in a folder next to this notebook, e.g. `results/`, then run "
            "the next cell (remove the `#`). `to_csv` writes a table for a spreadsheet or the LMS gradebook."),
        nbformat.v4.new_code_cell("# table = merge_results(\"results\")\n# table.to_csv(\"class_results.csv\")\n# table"),
    ]
    nb = nbformat.v4.new_notebook(cells=cells)
    for i, cell in enumerate(nb.cells):
        cell.id = f"class-results-{i}"
    nb.metadata = nbformat.NotebookNode({"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                                         "language_info": {"name": "python"}})
    return nb


def _handouts_tool():
    """tools/make_handouts.py, which prints the worksheets for paper (positions drawn as cards)."""
    spec = importlib.util.spec_from_file_location("make_handouts", REPO / "tools" / "make_handouts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def handout_html(name: str, key: bool = False) -> str:
    """A student worksheet as a printable HTML page, every position drawn as cards and a box for each
    answer; with ``key``, the answer key of each question in place of the box (teacher only)."""
    tool = _handouts_tool()
    stem = f"{'key_' if key else ''}ws{int(name[:2])}_{Path(name).stem[3:]}"
    return tool.worksheet_pages(keys=key, names=[Path(name).stem])[stem]


def kit_files(namespaces: dict | None = None) -> dict[Path, str]:
    """Every generated text file of the kit: path -> text."""
    kit = load_kit()
    keys = load_answers().KEYS
    files: dict[Path, str] = {}
    for path in sorted(SOURCE.glob("*.ipynb")):
        namespace = (namespaces or {}).get(path.name) or teacher_namespace(path.name)
        files[KEYS_DIR / f"{path.stem}.md"] = answer_key_text(path.name, namespace, kit, keys)
    files[TEACHER / "capstone_rubric.md"] = rubric_text(kit)
    files[TEACHER / "notebook_notes.md"] = notebook_notes_text(kit)
    files[TEACHER / "README.md"] = kit_readme_text(kit)
    return files


def write_kit() -> None:
    for path, text in kit_files().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    HANDOUTS_DIR.mkdir(parents=True, exist_ok=True)
    for path in sorted(STUDENT.glob("*.ipynb")):
        (HANDOUTS_DIR / f"{path.stem}.html").write_text(handout_html(path.name), encoding="utf-8")
        (HANDOUTS_DIR / f"{path.stem}_key.html").write_text(handout_html(path.name, key=True), encoding="utf-8")
    nbformat.write(execute(class_results_notebook(), TEACHER), RESULTS_NB)


def changed_prompts(kit) -> list[str]:
    """Prompts in the notebooks whose wording no note in exercises/source/kit.py was written for.

    Notes are tied to a fingerprint of their prompt's text, so a notebook edit that rewords a prompt
    (another author's, often) makes notebook_notes.md stale until the note is reviewed: this names
    each such prompt and where to fix it, instead of only "notebook_notes.md differs".
    """
    out = []
    for number, prompt, fingerprint in prompts_in_notebooks():
        if note_for(kit, number, prompt, fingerprint) is None:
            old = next((seen for (nb, start, seen) in kit.NOTEBOOK_NOTES if nb == number and start[:30] == prompt[:30]), None)
            was = f"its note was written for fingerprint {old}" if old else "it has no note"
            out.append(f"notebook {number}'s prompt {prompt.strip()!r} is new or reworded (fingerprint {fingerprint}; "
                       f"{was}): review the note in exercises/source/kit.py, set the fingerprint, regenerate")
    return out


def kit_stale(namespaces: dict | None = None) -> list[str]:
    problems = changed_prompts(load_kit())
    for path, text in kit_files(namespaces).items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            problems.append(f"{path.relative_to(REPO)} differs from what the sources generate")
    for path in sorted(STUDENT.glob("*.ipynb")):
        for key, suffix in ((False, ""), (True, "_key")):
            handout = HANDOUTS_DIR / f"{path.stem}{suffix}.html"
            if not handout.exists():
                problems.append(f"{handout.relative_to(REPO)} is missing")
            elif handout.read_text(encoding="utf-8") != handout_html(path.name, key=key):
                problems.append(f"{handout.relative_to(REPO)} differs from what the worksheet prints")
    if not RESULTS_NB.exists() or _cells_signature(nbformat.read(RESULTS_NB, as_version=4)) != _cells_signature(class_results_notebook()):
        problems.append(f"{RESULTS_NB.relative_to(REPO)} differs from what the tool generates")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="worksheets to build, e.g. 01_legal_moves (default: all)")
    parser.add_argument("--check", action="store_true", help="fail if a committed copy is stale; write nothing")
    opts = parser.parse_args(argv)
    failures = 0
    if opts.check:
        problem = digests_stale()
        if problem:
            print(f"STALE {problem}", file=sys.stderr)
            failures += 1
    else:
        write_digests()
        print(f"wrote {DIGESTS.relative_to(REPO)} and {FINGERPRINT.relative_to(REPO)}")
    runs = {path.name: teacher_run(path.name) for path in worksheets([])} if opts.check else {}
    for path in worksheets(opts.names):
        if opts.check:
            problems = stale(path, runs[path.name][1])
            for problem in problems:
                print(f"STALE {problem}", file=sys.stderr)
            failures += bool(problems)
            if not problems:
                print(f"fresh {path.name}")
            continue
        start = time.monotonic()
        generate(path)
        print(f"built {path.name}  ({time.monotonic() - start:.1f}s)", flush=True)
    if opts.check:
        for problem in kit_stale({name: namespace for name, (namespace, _) in runs.items()}):
            print(f"STALE {problem}", file=sys.stderr)
            failures += 1
    else:
        start = time.monotonic()
        write_kit()
        print(f"built the teacher's kit  ({time.monotonic() - start:.1f}s)", flush=True)
    if failures:
        print("Regenerate with: .venv/bin/python tools/make_exercises.py", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
