"""A teacher's class: per-student copies, and grading the notebooks students hand in.

Submissions are built the way a student's kernel writes them: the student's
own copy, its answer cells filled in, and each check's (and hint's) output
stored as Jupyter stores it (the object's MIME bundle). One test runs a real
kernel on a student's copy and grades the saved notebook. The grader must
never run what a student wrote: a hostile answer cell would leave a file
behind if it ran.
"""
from __future__ import annotations

import csv
import dataclasses
import html
import json
import os
import re
from pathlib import Path

import nbformat
import pytest
import sympy
from nbclient import NotebookClient
from notebook_harness import KERNEL_ENV
from test_exercises_variants import q6_event, ws1_answers, ws2_answers

from hearts_lab import Card
from hearts_lab.exercises import checks, ws1, ws2, ws3, ws4
from hearts_lab.exercises.classroom import Class, _variant_keys, _ws3_keys, grade, safe_cell, student_seed, variant_values

SECRET = "correct horse battery staple, 2026"
EXERCISES_DIR = Path(__file__).resolve().parents[1] / "exercises"
ROSTER = ["Ada Lovelace", "Alan Turing", "Grace Hopper"]


pytestmark = pytest.mark.usefixtures("exercise_session")  # tests/conftest.py


@pytest.fixture
def klass():
    return Class(SECRET, ROSTER)


def _literal(value) -> str:
    if isinstance(value, (set, frozenset, list, tuple)) and all(isinstance(c, Card) for c in value):
        return repr(sorted(str(c) for c in value))
    if isinstance(value, Card):
        return repr(str(value))
    if isinstance(value, sympy.Rational) and value.q != 1:  # as a student types an exact fraction: 3/7 is a float
        return f"Rational({value.p}, {value.q})"
    return repr(value)


def _answers(klass, student, worksheet):
    if worksheet in ("ws3", "ws4"):  # the teacher's keys: exercises/source/answers.py (ws4: its exact questions)
        return {q: key.answer for q, key in _variant_keys(worksheet, klass.seed(student, worksheet)).items()}
    v = klass.variant(student, worksheet)
    return ws1_answers(v) if worksheet == "ws1" else ws2_answers(v)


def submit(klass, student, worksheet, answers, *, run=True, attempts=None, outputs=None, hints=(), cells=None):
    """``student``'s copy with ``answers`` typed in and (``run``) each check's output stored as the kernel would.

    ``attempts``: {question: n} answers checked before the stored one (wrong ones); ``outputs``:
    {question: changes to the stored output's data} (a student editing the file); ``cells``:
    {question: source of the answer line} instead of the literal.
    """
    nb = klass.copy(student, worksheet)
    module = {"ws1": ws1, "ws2": ws2, "ws3": ws3, "ws4": ws4}[worksheet]
    seed = klass.seed(student, worksheet)
    if worksheet in ("ws3", "ws4"):  # what the student's key line gives, without a tenth of a second a digest
        module.use_variant(seed, values=variant_values(worksheet, seed))
    else:
        module.use_variant(seed)
    checks.reset(worksheet)
    attempts, outputs, cells = attempts or {}, outputs or {}, cells or {}
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        for key, value in answers.items():
            name = key.lower()
            if cell["cell_type"] == "code" and text.startswith(f"{name} = ...  # your answer here"):
                cell["source"] = cells.get(key, f"{name} = {_literal(value)}")
            if cell["cell_type"] == "code" and text == f"{worksheet}.check_{name}({name})" and run:
                check = getattr(module, f"check_{name}")
                for _ in range(attempts.get(key, 0)):
                    check(-1 if isinstance(value, int) else "2♥")
                bundle = check(value)._repr_mimebundle_()
                bundle[checks.MIME_TYPE].update(outputs.get(key, {}))
                stored = [{"output_type": "execute_result", "data": bundle, "metadata": {}, "execution_count": 1}]
                for q, level in hints:
                    if q == key:
                        stored.append({"output_type": "execute_result", "metadata": {}, "execution_count": 1,
                                       "data": module.hint(q, level)._repr_mimebundle_()})
                cell["outputs"] = stored
    module.use_variant(None)
    return nb


def _save(folder: Path, name: str, nb) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    return path


def _rows(grades, student, worksheet):
    return {r["question"]: r for r in grades.rows() if r["student"] == student and r["worksheet"] == worksheet}


def test_seeds_are_an_hmac_of_secret_and_name():
    a = student_seed(SECRET, "Ada Lovelace", "ws1")
    assert a == student_seed(SECRET, "  ada   LOVELACE", "ws1")
    assert a != student_seed(SECRET, "Ada Lovelace", "ws2")
    assert a != student_seed(SECRET + "!", "Ada Lovelace", "ws1")
    assert a != student_seed(SECRET, "Alan Turing", "ws1")


@pytest.mark.parametrize("secret, roster, words", [
    ("short", ROSTER, "at least 16"),
    (12345678901234567, ROSTER, "text or bytes"),
    (SECRET, ["Ada", "ada "], "same name"),
    (SECRET, ["Ada!", "Ada?"], "same file name"),
    (SECRET, ["Ada", ""], "a student's name"),
    (SECRET, [], "no students"),
])
def test_a_bad_class_is_refused_with_the_field(secret, roster, words):
    with pytest.raises(ValueError, match=words):
        Class(secret, roster)


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it out
def test_write_gives_each_student_their_own_questions(klass, tmp_path):
    paths = klass.write(tmp_path, worksheets=("ws1", "ws2", "ws3"))
    assert len(paths) == 9
    ada = json.loads((tmp_path / "Ada_Lovelace" / "01_legal_moves.ipynb").read_text(encoding="utf-8"))
    alan = json.loads((tmp_path / "Alan_Turing" / "01_legal_moves.ipynb").read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in ada["cells"])
    assert f"ws1.use_variant({klass.seed('Ada Lovelace', 'ws1')})" in code
    assert "student='Ada Lovelace'" in code
    assert ada["metadata"]["hearts_lab"] == {"worksheet": "ws1", "student": "Ada Lovelace", "variant": klass.seed("Ada Lovelace", "ws1")}

    def texts(nb: dict) -> list[str]:
        return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]

    assert texts(ada) != texts(alan)
    assert SECRET not in json.dumps(ada)
    # Every question's text is the student's own (ws2's "Q6 and Q7" heading included).
    for ws, name, module in (("ws1", "01_legal_moves", ws1), ("ws2", "02_passing_and_cancellation", ws2)):
        own = json.loads((tmp_path / "Alan_Turing" / f"{name}.ipynb").read_text(encoding="utf-8"))
        module.use_variant(klass.seed("Alan Turing", ws))
        shown = "\n".join(texts(own))
        for key in module.TEXTS:
            assert module.question_text(key) in shown, (ws, key)
        module.use_variant(None)
    own3 = json.loads((tmp_path / "Ada_Lovelace" / "03_counting_deals.ipynb").read_text(encoding="utf-8"))
    seed3 = klass.seed("Ada Lovelace", "ws3")
    assert own3["metadata"]["hearts_lab"]["variant"] == seed3
    code3 = "\n".join("".join(c["source"]) for c in own3["cells"] if c["cell_type"] == "code")
    assert f"ws3.use_variant({seed3}, key='Q1=" in code3
    ws3.use_variant(seed3)
    shown3 = "\n".join(texts(own3))
    assert all(ws3.question_text(key) in shown3 for key in ws3.TEXTS)
    numbers = set(re.findall(r"(?<![\w.])\d{4,}(?![\w.])", json.dumps(own3)))
    for key in _ws3_keys(seed3).values():  # the copy names no count or probability (numerator, denominator)
        value = sympy.nsimplify(key.answer)
        assert not {str(value.p), str(value.q)} & numbers


@pytest.mark.parametrize("ws", ["ws1", "ws2", "ws3", "ws4", "ws5", "ws6"])
def test_a_class_copy_says_hand_in_this_notebook(klass, ws):
    """Issue 17 (rev-t1 #2, #3): grading reads the notebook, so a class copy's hand-in cell says to hand in the
    notebook itself, not the results file the generic copy uploads; its export line, whose name is filled in, no
    longer asks for the name. The generic copy keeps its own text: both come from results.hand_in_text."""
    from hearts_lab.exercises.classroom import EXPORT_NOTE, WORKSHEETS
    from hearts_lab.exercises.results import HAND_IN_HEADING, hand_in_text

    def hand_in(nb):
        found = [c for c in nb["cells"] if "".join(c["source"]).startswith(HAND_IN_HEADING)]
        assert len(found) == 1
        return "".join(found[0]["source"])

    own = klass.copy("Ada Lovelace", ws)
    generic = json.loads((EXERCISES_DIR / "student" / f"{WORKSHEETS[ws]}.ipynb").read_text(encoding="utf-8"))
    assert hand_in(own) == hand_in_text(ws, own_copy=True) and hand_in(generic) == hand_in_text(ws, own_copy=False)
    said = re.sub(r"\s+", " ", hand_in(own))
    assert "Hand in **this notebook itself**" in said and f"`{ws}.use_variant(...)`" in said
    assert "Upload that file" not in said and "not what is graded" in said
    assert "Upload that file" in hand_in(generic) and "use_variant" not in hand_in(generic)
    code = "\n".join("".join(c["source"]) for c in own["cells"] if c["cell_type"] == "code")
    line = next(line for line in code.splitlines() if line.startswith(f'export("{ws}"'))
    assert line == f'export("{ws}", student=\'Ada Lovelace\')  {EXPORT_NOTE}'
    assert "in place of the" not in code
    # The copy's import cell carries the use_variant line the hand-in text points to.
    assert any(f"{ws}.use_variant(" in "".join(c["source"]) and "import" in "".join(c["source"])
               for c in own["cells"] if c["cell_type"] == "code")


@pytest.mark.parametrize("ws", ["ws1", "ws2", "ws3", "ws4", "ws5", "ws6"])
def test_the_export_message_says_what_the_hand_in_cell_says(klass, ws, tmp_path):
    """Follow-up review finding 1: the generic capstone's hand-in cell says to upload the results file with the
    notebook, and export's message said to upload it only if the teacher asks; a class copy's cell calls the file a
    report, not what is graded. Export now says the hand-in cell's own sentence (results.file_use), in the generic
    copy and in a class copy (its use_variant line has run), and what the file counts, as the cell does."""
    import importlib

    from hearts_lab.exercises import export
    from hearts_lab.exercises.classroom import WORKSHEETS
    from hearts_lab.exercises.results import HAND_IN_HEADING

    def hand_in(nb):
        return " ".join("".join(next(c["source"] for c in nb["cells"] if "".join(c["source"]).startswith(HAND_IN_HEADING))).split())

    module = importlib.import_module(f"hearts_lab.exercises.{ws}")
    generic = json.loads((EXERCISES_DIR / "student" / f"{WORKSHEETS[ws]}.ipynb").read_text(encoding="utf-8"))
    said = {}
    for copy, seed, cell in (("generic", None, hand_in(generic)),
                             ("own", klass.seed("Ada Lovelace", ws), hand_in(klass.copy("Ada Lovelace", ws)))):
        module.use_variant(seed)
        saved = export(ws, student="Ada", folder=tmp_path)
        counted, use = repr(saved).split(" in this folder: ", 1)[1].split(". ", 1)
        assert counted in cell, (copy, counted)
        assert use in cell and use in saved._repr_html_(), (copy, use, cell)
        said[copy] = use
    assert said["generic"] != said["own"]
    assert ("with this notebook" in said["generic"]) == (ws == "ws5"), said
    assert "not what is graded" in said["own"], said


def test_good_wrong_and_copied_submissions(klass, tmp_path):
    ada = _answers(klass, "Ada Lovelace", "ws1")
    _save(tmp_path, "ada/01_legal_moves.ipynb", submit(klass, "Ada Lovelace", "ws1", ada, attempts={"Q1": 2}, hints=[("Q2", 3)]))
    # Alan hands in Ada's answers: right for her deals, not for his.
    _save(tmp_path, "alan/01_legal_moves.ipynb", submit(klass, "Alan Turing", "ws1", ada))
    wrong = dict(_answers(klass, "Grace Hopper", "ws1"), Q6=99, Q7="2♥")
    _save(tmp_path, "grace/01_legal_moves.ipynb", submit(klass, "Grace Hopper", "ws1", wrong))
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    assert grades.skipped == []
    rows = _rows(grades, "Ada Lovelace", "ws1")
    assert all(r["correct"] == "correct" for r in rows.values()), rows
    assert rows["Q1"]["first try (recorded)"] == "no" and rows["Q1"]["attempts (recorded)"] == "3"
    assert rows["Q3"]["first try (recorded)"] == "yes" and rows["Q3"]["attempts (recorded)"] == "1"
    assert rows["Q2"]["hints (recorded)"] == "3"
    alan = _rows(grades, "Alan Turing", "ws1")
    assert all(alan[q]["correct"] == "incorrect" for q in ("Q2", "Q3", "Q4")), alan
    grace = _rows(grades, "Grace Hopper", "ws1")
    assert grace["Q6"]["correct"] == grace["Q7"]["correct"] == "incorrect"
    assert grace["Q5"]["correct"] == "correct" and not grace["Q6"]["flags"]
    assert [s for s in grades.summary() if s[0] == "Ada Lovelace"] == [("Ada Lovelace", "ws1", 8, 8)]


def test_ws2_submission_is_graded_on_the_students_variant(klass, tmp_path):
    answers = _answers(klass, "Grace Hopper", "ws2")
    _save(tmp_path, "g.ipynb", submit(klass, "Grace Hopper", "ws2", answers))
    rows = _rows(grade(tmp_path, SECRET), "Grace Hopper", "ws2")
    assert [r["correct"] for r in rows.values()] == ["correct"] * 8


def test_edited_outputs_and_a_borrowed_variant_are_flagged(klass, tmp_path):
    ada = _answers(klass, "Ada Lovelace", "ws1")
    nb = submit(klass, "Ada Lovelace", "ws1", dict(ada, Q6=ada["Q6"] + 1),
                outputs={"Q6": {"status": "correct", "attempt": 1}})
    nb["metadata"]["hearts_lab"]["variant"] = klass.seed("Alan Turing", "ws1")
    _save(tmp_path, "ada.ipynb", nb)
    grades = grade(tmp_path, SECRET)
    (sub,) = grades.submissions
    assert "the notebook's variant is not this student's" in sub.flags[0]
    rows = _rows(grades, "Ada Lovelace", "ws1")
    assert rows["Q6"]["correct"] == "incorrect" and "stored output says correct" in rows["Q6"]["flags"]


def test_a_notebook_handed_in_under_another_name_is_graded_on_that_name(klass, tmp_path):
    """Grace hands in Ada's notebook, outputs and all, with her own name in it."""
    nb = submit(klass, "Ada Lovelace", "ws1", _answers(klass, "Ada Lovelace", "ws1"))
    nb["metadata"]["hearts_lab"]["student"] = "Grace Hopper"
    _save(tmp_path, "grace.ipynb", nb)
    _save(tmp_path, "ada.ipynb", submit(klass, "Ada Lovelace", "ws1", _answers(klass, "Ada Lovelace", "ws1")))
    grades = grade(tmp_path, SECRET)
    grace = _rows(grades, "Grace Hopper", "ws1")
    assert all(grace[q]["correct"] == "incorrect" for q in ("Q2", "Q3", "Q4"))
    assert all("the notebook's variant is not this student's" in grace[q]["flags"] for q in ("Q2", "Q3", "Q4"))
    assert all("stored output says correct" in grace[q]["flags"] for q in ("Q2", "Q3", "Q4"))


@pytest.mark.parametrize("worksheet", ["ws1", "ws2", "ws3", "ws4"])
def test_a_neighbours_copy_relabelled_as_ones_own_is_named_by_its_use_variant_line(klass, tmp_path, worksheet):
    """Grace hands in Ada's filled-in copy with her own name and her own variant written into the metadata (review
    helper-23): the use_variant line still runs Ada's questions, and the teacher's table says whose they are."""
    nb = submit(klass, "Ada Lovelace", worksheet, _answers(klass, "Ada Lovelace", worksheet))
    nb["metadata"]["hearts_lab"].update(student="Grace Hopper", variant=klass.seed("Grace Hopper", worksheet))
    _save(tmp_path, "grace.ipynb", nb)
    _save(tmp_path, "ada.ipynb", submit(klass, "Ada Lovelace", worksheet, _answers(klass, "Ada Lovelace", worksheet)))
    grades = klass.grade(tmp_path)
    grace, ada = ({s.student: s for s in grades.submissions}[n] for n in ("Grace Hopper", "Ada Lovelace"))
    assert grace.flags == [f"its {worksheet}.use_variant line names the variant of Ada Lovelace, not this student's "
                           "(graded on the student's own): another student's copy?"]
    assert ada.flags == []
    assert html.escape("use_variant: another student's (graded on own variant)") in grades._repr_html_()
    # without a roster the grader cannot say whose variant it is, only that it is not hers
    (alone,) = [s for s in grade(tmp_path, SECRET).submissions if s.student == "Grace Hopper"]
    assert alone.flags == [f"its {worksheet}.use_variant line names another variant than this student's "
                           "(graded on the student's own)"]


def _ada_ws1_with(klass, change) -> dict:
    """Ada's honest, filled-in ws1 copy with ``change`` applied to the source of its use_variant cell."""
    nb = submit(klass, "Ada Lovelace", "ws1", _answers(klass, "Ada Lovelace", "ws1"))
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "code" and "ws1.use_variant(" in text:
            cell["source"] = change(text)
    return nb


@pytest.mark.parametrize("change, flag", [
    # an honest copy with a magic the reader does not parse: the line is there, unread (review helper-25, must-fix 1)
    (lambda text: "%matplotlib inline\n" + text,
     "code cell 2 names use_variant but is not plain Python (a magic such as %matplotlib, a syntax error, or a number "
     "too long to read): which variant the notebook ran is not checked (graded on the student's own)"),
    # another variant run through a name the reader does not track (should-fix 2)
    (lambda text: text + "\n(w := ws1).use_variant(12345)",
     "code cell 2 reaches use_variant otherwise than as ws1.use_variant(N): which variant the notebook ran is not "
     "checked (graded on the student's own)"),
    (lambda text: text.replace("from hearts_lab.exercises import", "from hearts_lab.exercises.ws1 import *\nfrom hearts_lab.exercises import")
     + "\nuse_variant(12345)",
     "code cell 2 reaches use_variant otherwise than as ws1.use_variant(N): which variant the notebook ran is not "
     "checked (graded on the student's own)"),
    # key= is a class copy's argument of worksheets 3 and 4 only: ws1's use_variant has none (nit 7)
    (lambda text: text.replace(")  # your own", ", key='x')  # your own"),
     "its ws1.use_variant line names another variant than this student's (graded on the student's own)"),
])
def test_a_use_variant_line_the_reader_cannot_follow_is_said_so_not_called_missing(klass, tmp_path, change, flag):
    _save(tmp_path, "ada.ipynb", _ada_ws1_with(klass, change))
    grades = klass.grade(tmp_path)
    (sub,) = grades.submissions
    assert sub.flags == [flag]
    if flag.startswith("code cell"):  # not evidence that the notebook is another student's: no file label for it
        name_cell = grades._repr_html_().split(">Ada Lovelace", 1)[1].split("</th>", 1)[0]
        assert "ada.ipynb" not in name_cell, name_cell


def test_a_copy_whose_use_variant_line_was_deleted_is_flagged(klass, tmp_path):
    nb = submit(klass, "Ada Lovelace", "ws1", _answers(klass, "Ada Lovelace", "ws1"))
    for cell in nb["cells"]:
        cell["source"] = "".join(line for line in "".join(cell["source"]).splitlines(keepends=True)
                                 if "use_variant(" not in line)
    _save(tmp_path, "ada.ipynb", nb)
    (sub,) = klass.grade(tmp_path).submissions
    assert sub.flags == ["no ws1.use_variant line: the notebook ran the self-study copy's questions (graded on the student's own)"]


def test_a_computed_answer_is_graded_from_the_value_its_check_recorded(klass, tmp_path):
    ada = _answers(klass, "Ada Lovelace", "ws1")
    computed = {"Q3": "q3 = [c for c in q3_position.cards(q3_position.to_play) if c.suit != 'H']"}
    _save(tmp_path, "a.ipynb", submit(klass, "Ada Lovelace", "ws1", ada, cells=computed))
    _save(tmp_path, "b.ipynb", submit(klass, "Alan Turing", "ws1", _answers(klass, "Alan Turing", "ws1"), cells=computed, run=False))
    grades = grade(tmp_path, SECRET)
    assert _rows(grades, "Ada Lovelace", "ws1")["Q3"]["correct"] == "correct"
    alan = _rows(grades, "Alan Turing", "ws1")
    assert alan["Q3"]["correct"] == "unreadable" and "no check output" in alan["Q3"]["flags"]
    assert alan["Q1"]["correct"] == "correct" and alan["Q1"]["attempts (recorded)"] == ""


def test_hostile_and_malformed_submissions_are_named_and_skipped(klass, tmp_path):
    marker = tmp_path / "ran"
    evil = {"Q1": f"q1 = __import__('os').system('touch {marker}')",
            "Q2": f"q2 = open('{marker}', 'w').write('x')"}
    ada = _answers(klass, "Ada Lovelace", "ws1")
    hostile = submit(klass, "Ada Lovelace", "ws1", ada, cells=evil, run=False)
    # An edited output whose recorded answer is an absurd expression and a 2 MB string.
    huge = submit(klass, "Alan Turing", "ws1", _answers(klass, "Alan Turing", "ws1"),
                  outputs={"Q6": {"answer": "9**9**9**9"}, "Q7": {"answer": "x" * 2_000_000}})
    hostile["cells"][5]["source"] = "q1 = (" * 200 + ")" * 200
    _save(tmp_path, "hostile.ipynb", hostile)
    _save(tmp_path, "huge_answer.ipynb", huge)
    (tmp_path / "garbage.ipynb").write_text("{not json", encoding="utf-8")
    (tmp_path / "list.ipynb").write_text("[1, 2]", encoding="utf-8")
    (tmp_path / "big.ipynb").write_bytes(b" " * 6_000_000)
    (tmp_path / "nested.ipynb").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    plain = nbformat.v4.new_notebook()
    (tmp_path / "plain.ipynb").write_text(nbformat.writes(plain), encoding="utf-8")
    grades = grade(tmp_path, SECRET)
    assert not marker.exists(), "a student's code ran on the teacher's side"
    skipped = dict(grades.skipped)
    assert set(skipped) == {"garbage.ipynb", "list.ipynb", "big.ipynb", "nested.ipynb", "plain.ipynb"}
    assert "not valid JSON" in skipped["garbage.ipynb"] and "the limit is 5,000,000" in skipped["big.ipynb"]
    assert "which worksheet" in skipped["plain.ipynb"]
    rows = _rows(grades, "Ada Lovelace", "ws1")
    assert rows["Q1"]["correct"] == rows["Q2"]["correct"] == "unreadable"
    alan = _rows(grades, "Alan Turing", "ws1")
    assert alan["Q6"]["correct"] == "correct" and alan["Q7"]["correct"] == "correct"  # the cells hold the answers
    assert "different answer" in alan["Q6"]["flags"]


def test_the_class_table_is_spreadsheet_safe(tmp_path):
    names = ["=HYPERLINK(\"http://evil\", \"x\")", "+1+cmd|' /C calc'!A0", "@SUM(A1)", "Ada"]
    klass = Class(SECRET, names)
    for name in names:
        nb = submit(klass, name, "ws1", {})
        _save(tmp_path / "in", f"{abs(hash(name))}.ipynb", nb)
    (tmp_path / "in" / "-2+3.ipynb").write_text("{", encoding="utf-8")
    out = klass.grade(tmp_path / "in").to_csv(tmp_path / "table.csv")
    with out.open(encoding="utf-8") as handle:
        cells = [c for row in csv.reader(handle) for c in row]
    assert cells and not [c for c in cells if c[:1] in ("=", "+", "-", "@")]
    assert "'=HYPERLINK(\"http://evil\", \"x\")" in cells and "'-2+3.ipynb" in cells
    assert safe_cell("\t=1") == "'\t'=1"  # a tab-split sheet sees "'" and "'=1"


def test_grading_leaves_the_teachers_session_alone(klass, tmp_path):
    ws1.check_q1(0)
    before = list(checks._RESULTS)
    _save(tmp_path, "a.ipynb", submit(klass, "Ada Lovelace", "ws1", _answers(klass, "Ada Lovelace", "ws1")))
    checks._RESULTS[:] = before
    grade(tmp_path, SECRET)
    assert checks._RESULTS == before
    assert ws1.position_q2().cards(0) == ws1.PositionView(ws1._replayed(ws1.GENERIC.q2)).cards(0)


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it out
def test_a_real_kernel_session_is_graded(klass, tmp_path):
    """Ada's own copy run in a kernel with her answers typed in (one wrong first), saved, handed in, graded."""
    ada = _answers(klass, "Ada Lovelace", "ws1")
    nb = nbformat.reads(json.dumps(klass.copy("Ada Lovelace", "ws1")), as_version=4)
    for cell in nb.cells:
        for key, value in ada.items():
            if cell.cell_type == "code" and cell.source.startswith(f"{key.lower()} = ..."):
                cell.source = f"{key.lower()} = {_literal(value)}"
                if key == "Q3":  # worked out in the notebook: a list of Cards, graded from the value its check recorded
                    cell.source = "q3 = [c for c in q3_position.cards(q3_position.to_play) if c.suit != 'H']"
            if cell.cell_type == "code" and cell.source == f"ws1.check_{key.lower()}({key.lower()})" and key == "Q5":
                cell.source = f"display(ws1.check_q5({(value + 1) % 4}))\ndisplay(ws1.hint('Q5', level=2))\nws1.check_q5(q5)"
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute(
        env={**os.environ, **KERNEL_ENV}
    )
    (tmp_path / "in").mkdir()
    nbformat.write(nb, tmp_path / "in" / "ada.ipynb")
    rows = _rows(grade(tmp_path / "in", SECRET), "Ada Lovelace", "ws1")
    assert [r["correct"] for r in rows.values()] == ["correct"] * 8
    assert rows["Q5"]["first try (recorded)"] == "no" and rows["Q5"]["attempts (recorded)"] == "2"
    assert rows["Q5"]["hints (recorded)"] == "2" and not any(r["flags"] for r in rows.values())
    assert [a.source for a in grade(tmp_path / "in", SECRET).submissions[0].answers][2] == "recorded"


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it out
def test_the_command_line_writes_copies_and_grades(tmp_path, capsys):
    from hearts_lab.cli import main

    secret, roster = tmp_path / "secret.txt", tmp_path / "roster.txt"
    secret.write_text(SECRET + "\n", encoding="utf-8")
    roster.write_text("# class 11B\nAda Lovelace\n\nAlan Turing\n", encoding="utf-8")
    assert main(["class", "copies", str(tmp_path / "out"), "--secret-file", str(secret), "--roster", str(roster),
                 "--worksheets", "ws1", "ws3"]) == 0
    assert "wrote 4 notebooks for 2 students" in capsys.readouterr().out
    assert main(["class", "grade", str(tmp_path / "out"), "--secret-file", str(secret), "--roster", str(roster),
                 "--csv", str(tmp_path / "table.csv")]) == 0
    out = capsys.readouterr().out
    assert "Ada Lovelace ws1: 0 of 8 correct" in out and (tmp_path / "table.csv").is_file()
    assert main(["class", "copies", str(tmp_path / "x"), "--secret-file", str(secret)]) == 2
    assert "--roster" in capsys.readouterr().err
    assert main(["class", "grade", str(tmp_path / "out"), "--secret-file", str(tmp_path / "missing")]) == 2
    assert main(["class", "copies", str(tmp_path / "x"), "--secret-file", str(secret), "--roster", str(roster), "--worksheets", "ws9"]) == 2
    assert "ws9" in capsys.readouterr().err


@pytest.mark.parametrize("status, answer, made, graded, flag", [
    ("incorrect", None, None, "recorded incorrect", "nothing to run again"),  # a typed float: refused, nothing recorded
    ("correct", None, None, "unreadable", "records no answer"),  # a correct Q8 always records its count
    ("correct", 181, None, "unreadable", "not what it was made from"),  # a count alone: not verified
    ("correct", 181, {"hands": 20000, "seed": "7"}, "unreadable", "made.seed"),  # a record no check writes
])
def test_a_simulation_answer_is_judged_only_with_what_it_was_made_from(klass, tmp_path, status, answer, made, graded, flag):
    """Worksheet 4 Q8 takes a simulation result: a stored output that does not record its count and what it
    was made from (rules, hands, seed, players) is never graded correct on the teacher's side."""
    nb = klass.copy("Ada Lovelace", "ws4")
    for cell in nb["cells"]:
        if "".join(cell["source"]) == "ws4.check_q8(q8)":
            data = {"worksheet": "ws4", "question": "Q8", "status": status, "attempt": 2, "answer": answer}
            data.update({"made": made} if made is not None else {})
            cell["outputs"] = [{"output_type": "execute_result", "metadata": {}, "execution_count": 1,
                                "data": {"text/plain": "Q8", checks.MIME_TYPE: data}}]
        if "".join(cell["source"]).startswith("q8 = ..."):
            cell["source"] = "q8 = simulate(rules, 2000, seed=7)"
    _save(tmp_path, "a.ipynb", nb)
    rows = _rows(grade(tmp_path, SECRET), "Ada Lovelace", "ws4")
    assert rows["Q8"]["correct"] == graded and flag in rows["Q8"]["flags"], rows["Q8"]
    assert rows["Q1"]["correct"] == "unanswered"


def test_worksheet_4_scores_are_graded_on_the_students_own_moon(klass, tmp_path):
    from hearts_lab.exercises import variants

    before, shooter = klass.variant("Ada Lovelace", "ws4").q4
    own = variants.moon_scores(before, shooter, "auto")
    generic = variants.moon_scores((71, 58, 83, 90), 1, "auto")
    for student, q4 in (("Ada Lovelace", own), ("Alan Turing", own), ("Grace Hopper", generic)):
        nb = klass.copy(student, "ws4")
        for cell in nb["cells"]:
            if "".join(cell["source"]).startswith("q4 = ..."):
                cell["source"] = f"q4 = {q4!r}"
        _save(tmp_path, f"{student}.ipynb", nb)
    grades = grade(tmp_path, SECRET)
    assert _rows(grades, "Ada Lovelace", "ws4")["Q4"]["correct"] == "correct"
    assert _rows(grades, "Alan Turing", "ws4")["Q4"]["correct"] == "incorrect"
    assert _rows(grades, "Grace Hopper", "ws4")["Q4"]["correct"] == "incorrect"


def test_special_files_duplicate_keys_and_terminal_escapes_are_named_not_trusted(tmp_path):
    # A FIFO or a symlink to /dev/zero named .ipynb is named as skipped (not read, not silently dropped), a
    # notebook repeating a JSON key is refused, and a name's control characters never reach the teacher's
    # terminal or spreadsheet (an OSC/CSI escape could retitle or clear the terminal; U+202E reverses text).
    name = "\x1b]0;pwned\x07\x1b[2JAda\u202e"
    klass = Class(SECRET, [name])
    nb = submit(klass, name, "ws1", {})
    _save(tmp_path, "ada.ipynb", nb)
    (tmp_path / "dup.ipynb").write_text(json.dumps(nb)[:-1] + ', "metadata": {}}', encoding="utf-8")
    os.mkfifo(tmp_path / "fifo.ipynb")
    (tmp_path / "zero.ipynb").symlink_to("/dev/zero")
    (tmp_path / "\x1b[2Jx.ipynb").write_text("{", encoding="utf-8")
    grades = grade(tmp_path, SECRET)
    skipped = dict(grades.skipped)
    assert "pipe" in skipped["fifo.ipynb"] and "not a regular file" in skipped["zero.ipynb"]
    assert "repeats a key" in skipped["dup.ipynb"] and " [2Jx.ipynb" in skipped
    shown = repr(grades) + grades.to_csv(tmp_path / "t.csv").read_text(encoding="utf-8")
    assert "Ada" in shown and not any(c in shown for c in "\x1b\x07\u202e")


@pytest.mark.parametrize("roster", ["Ada", b"Ada", None, 5, [1], ["Ada", None]])
def test_a_roster_that_is_not_a_list_of_names_is_refused_naming_it(roster, tmp_path):
    # A text roster was read letter by letter (every student flagged 'not on the roster'); [1] or None was a bare TypeError.
    with pytest.raises(ValueError, match="^roster: "):
        Class(SECRET, roster)
    if roster is not None:
        with pytest.raises(ValueError, match="^roster: "):
            grade(tmp_path, SECRET, roster=roster)
    with pytest.raises(ValueError, match="^folder: "):
        grade(5, SECRET)


@pytest.mark.slow  # a class copy written and graded: about 30 s; make test runs it
def test_ws3_good_wrong_copied_malformed_and_hostile_submissions(klass, tmp_path):
    """Worksheet 3 is graded on each student's own decks and events, from the teacher's answer keys."""
    ada = _answers(klass, "Ada Lovelace", "ws3")
    keys = _ws3_keys(klass.seed("Ada Lovelace", "ws3"))
    _save(tmp_path, "ada.ipynb", submit(klass, "Ada Lovelace", "ws3", ada, attempts={"Q2": 1}, hints=[("Q4", 3)]))
    # Alan hands in Ada's answers: right only where his parameters happen to be hers.
    _save(tmp_path, "alan.ipynb", submit(klass, "Alan Turing", "ws3", ada))
    # Grace makes each question's first slip, and writes Q1 as arithmetic, Q2 as a formula the grader reads.
    grace_keys = _ws3_keys(klass.seed("Grace Hopper", "ws3"))
    slips = {q: next(iter(k.slips.values())).value for q, k in grace_keys.items()}
    marker = tmp_path / "ran"
    cells = {"Q1": "q1 = binomial(4, 2) * 7",
             "Q3": f"q3 = __import__('os').system('touch {marker}')",
             "Q4": "q4 = binomial(",
             "Q5": "q5 = 9**9**9**9",
             "Q6": "q6 = factorial(10**100)"}
    _save(tmp_path, "grace.ipynb", submit(klass, "Grace Hopper", "ws3", slips, cells=cells, run=False))
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    assert not marker.exists(), "a student's code ran on the teacher's side"
    assert grades.skipped == []
    rows = _rows(grades, "Ada Lovelace", "ws3")
    assert all(r["correct"] == "correct" for r in rows.values()), rows
    assert rows["Q2"]["first try (recorded)"] == "no" and rows["Q2"]["attempts (recorded)"] == "2"
    assert rows["Q4"]["hints (recorded)"] == "3"
    alan_keys = _ws3_keys(klass.seed("Alan Turing", "ws3"))
    alan = _rows(grades, "Alan Turing", "ws3")
    for q in ada:
        same = alan_keys[q].answer == keys[q].answer
        assert alan[q]["correct"] == ("correct" if same else "incorrect"), q
    assert sum(r["correct"] == "incorrect" for r in alan.values()) >= 4
    grace = _rows(grades, "Grace Hopper", "ws3")
    # rev-h4 #2: a cell that is not Python (q4 = binomial() and __import__ anywhere: no answer line of the notebook is
    # taken as written; each is computed, and without stored outputs unreadable, saying why.
    assert all(grace[q]["correct"] == "unreadable" for q in ("Q1", "Q2", "Q3", "Q4", "Q7", "Q8")), grace
    assert "read as computed: code cell 8 uses a dunder name" in grace["Q1"]["flags"], grace["Q1"]
    assert grace["Q5"]["correct"] in ("incorrect", "unreadable") and grace["Q6"]["correct"] in ("incorrect", "unreadable")
    out = grades.to_csv(tmp_path / "t.csv").read_text(encoding="utf-8")
    assert "__import__" not in out


@pytest.mark.slow  # a class copy written and graded: about 30 s; make test runs it
def test_ws4_estimates_are_regraded_from_the_students_own_seed(klass, tmp_path):
    """Worksheet 4 Q7 and Q8 of a student's copy: the recorded count is dealt (simulated) again on the teacher's
    side with that student's own size and seed; the same count handed in by another student, or edited, is wrong."""
    from hearts_lab.exercises import ws4
    from hearts_lab.exercises.sampling import deal_hands
    from hearts_lab.simulate import simulate

    def handed_in(student, q7_hits=None, q8_moons=None, stored_as=None):
        v = klass.variant(stored_as or student, "ws4")
        count = deal_hands(ws4.STANDARD_4, v.q7[0], seed=v.q7[1]).count(q6_event(v))  # the copy's own Q6 event
        result = simulate(ws4.Q8_RULES, v.q8[0], bots="random", seed=v.q8[1])
        nb = klass.copy(student, "ws4")
        for cell in nb["cells"]:
            text = "".join(cell["source"])
            for key, value in (("Q7", q7_hits if q7_hits is not None else count.hits),
                               ("Q8", q8_moons if q8_moons is not None else result.moon_count)):
                if text.startswith(f"{key.lower()} = ..."):  # computed in the notebook: not a literal
                    cell["source"] = {"Q7": "q7 = deal_hands(four, n, seed=s).count(moon_shaped)",
                                      "Q8": "q8 = simulate(rules, n, bots='random', seed=s)"}[key]  # the calls asked for
                if text == f"ws4.check_{key.lower()}({key.lower()})":
                    data = {"worksheet": "ws4", "question": key, "status": "correct", "attempt": 1, "answer": value,
                            "made": checks.made_of(count if key == "Q7" else result)}
                    cell["outputs"] = [{"output_type": "execute_result", "metadata": {}, "execution_count": 1,
                                        "data": {"text/plain": f"{key} ✔ Correct", checks.MIME_TYPE: data}}]
        return nb, count, result

    ada, count, result = handed_in("Ada Lovelace")
    _save(tmp_path, "ada.ipynb", ada)
    _save(tmp_path, "alan.ipynb", handed_in("Alan Turing", stored_as="Ada Lovelace", q7_hits=count.hits, q8_moons=result.moon_count)[0])
    _save(tmp_path, "grace.ipynb", handed_in("Grace Hopper", q7_hits=10**6, q8_moons=-1)[0])
    grades = grade(tmp_path, SECRET)
    rows = _rows(grades, "Ada Lovelace", "ws4")
    assert rows["Q7"]["correct"] == rows["Q8"]["correct"] == "correct", rows
    alan, grace = _rows(grades, "Alan Turing", "ws4"), _rows(grades, "Grace Hopper", "ws4")
    # Ada's outputs in Alan's copy record Ada's deals and seed: wrong for Alan even where the counts coincide.
    assert alan["Q7"]["correct"] == alan["Q8"]["correct"] == "incorrect"
    assert "stored output says correct" in alan["Q8"]["flags"]
    assert grace["Q7"]["correct"] == grace["Q8"]["correct"] == "incorrect"
    # A name nobody in the class has: flagged, and its dealing and simulation are not re-run (a second each).
    _save(tmp_path / "other", "mallory.ipynb", handed_in("Mallory")[0])
    mallory = _rows(grade(tmp_path / "other", SECRET, roster=ROSTER), "Mallory", "ws4")
    assert mallory["Q7"]["correct"] == mallory["Q8"]["correct"] == "not re-run"
    assert "student not on the roster" in mallory["Q7"]["flags"]


def test_ws4_exact_questions_are_graded_on_each_students_own_variant(klass, tmp_path):
    """Worksheet 4 Q1-Q3 and Q6 are graded against each student's own table, suit, named cards and threshold,
    from the teacher's answer keys: the right answers are correct, a classmate's are right only where the two
    variants share the answer, a slip is wrong, and the copy's key line was written for that student's variant."""
    ada = _answers(klass, "Ada Lovelace", "ws4")
    assert set(ada) == {"Q1", "Q2", "Q3", "Q6"}
    _save(tmp_path, "ada.ipynb", submit(klass, "Ada Lovelace", "ws4", ada, attempts={"Q6": 1}, hints=[("Q3", 2)]))
    _save(tmp_path, "alan.ipynb", submit(klass, "Alan Turing", "ws4", ada))  # Ada's answers in Alan's copy
    grace_keys = _variant_keys("ws4", klass.seed("Grace Hopper", "ws4"))
    slips = {q: next(iter(k.slips.values())).value for q, k in grace_keys.items()}
    _save(tmp_path, "grace.ipynb", submit(klass, "Grace Hopper", "ws4", slips))
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    assert grades.skipped == []
    rows = _rows(grades, "Ada Lovelace", "ws4")
    assert all(rows[q]["correct"] == "correct" for q in ada), rows
    assert rows["Q6"]["first try (recorded)"] == "no" and rows["Q3"]["hints (recorded)"] == "2"
    alan_keys = _variant_keys("ws4", klass.seed("Alan Turing", "ws4"))
    alan = _rows(grades, "Alan Turing", "ws4")
    for q in ada:
        same = alan_keys[q].answer == ada[q]
        assert alan[q]["correct"] == ("correct" if same else "incorrect"), q
    assert sum(alan[q]["correct"] == "incorrect" for q in ada) >= 2
    grace = _rows(grades, "Grace Hopper", "ws4")
    assert all(grace[q]["correct"] == "incorrect" for q in slips), grace
    text = "".join("".join(c["source"]) for c in klass.copy("Grace Hopper", "ws4")["cells"])
    seed = klass.seed("Grace Hopper", "ws4")
    assert f"ws4.use_variant({seed}, key='Q1=" in text
    for key in grace_keys.values():  # the copy names no count and no probability's numerator or denominator
        value = sympy.nsimplify(key.answer)
        assert all(str(part) not in text for part in (value.p, value.q) if part > 999)


@pytest.mark.slow  # several seconds: make test runs it, make check leaves it out
def test_a_real_kernel_runs_a_students_own_worksheet_3(klass, tmp_path):
    """Ada's own worksheet 3 run top to bottom in a kernel, her counts typed in as sympy expressions (one
    slip first): the key line works offline, the slip gets its hint, and the saved notebook grades 8 of 8."""
    seed = klass.seed("Ada Lovelace", "ws3")
    keys = _ws3_keys(seed)
    nb = nbformat.reads(json.dumps(klass.copy("Ada Lovelace", "ws3")), as_version=4)
    for cell in nb.cells:
        for q, key in keys.items():
            name = q.lower()
            if cell.cell_type == "code" and cell.source.startswith(f"{name} = ..."):
                value = sympy.nsimplify(key.answer)
                cell.source = f"{name} = sympy.Rational({value.p}, {value.q})"
            if cell.cell_type == "code" and cell.source == f"ws3.check_{name}({name})" and q == "Q4":
                slip = sympy.nsimplify(key.slips["kitty-only"].value)
                cell.source = f"display(ws3.check_q4({slip.p}))\nws3.check_q4(q4)"
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute(
        env={**os.environ, **KERNEL_ENV}
    )
    shown = json.dumps([c.get("outputs", []) for c in nb.cells], ensure_ascii=False)
    assert "Each kitty comes with many ways" in shown and "Traceback" not in shown
    (tmp_path / "in").mkdir()
    nbformat.write(nb, tmp_path / "in" / "ada.ipynb")
    rows = _rows(grade(tmp_path / "in", SECRET), "Ada Lovelace", "ws3")
    assert [r["correct"] for r in rows.values()] == ["correct"] * 8
    assert rows["Q4"]["first try (recorded)"] == "no" and rows["Q4"]["attempts (recorded)"] == "2"
    assert not any(r["flags"] for r in rows.values())


def test_a_file_name_that_is_not_utf8_is_named_with_escapes_and_never_stops_the_table(tmp_path, capsys):
    # What unzip makes of a Windows zip (M\x81ller) or an old tool's Latin-1 (caf\xe9): the table, the CSV and
    # the command line name the file with a backslash escape instead of failing on the undecodable byte.
    from types import SimpleNamespace

    from hearts_lab.exercises.classroom import command

    klass = Class(SECRET, ROSTER)
    nb = submit(klass, "Ada Lovelace", "ws1", {})
    folder = tmp_path / "in"
    _save(folder, os.fsdecode(b"caf\xe9.ipynb"), nb)
    (folder / os.fsdecode(b"bad\xff.ipynb")).write_text("{not json", encoding="utf-8")
    capstone = klass.copy("Alan Turing", "ws5")
    _save(folder, os.fsdecode(b"M\x81ller_05.ipynb"), capstone)
    forged = json.loads(json.dumps(nb))
    forged["metadata"]["hearts_lab"]["student"] = "Ada\udcff"  # a JSON "\udcff": a lone surrogate
    (folder / "surrogate.ipynb").write_text(json.dumps(forged), encoding="utf-8")  # ASCII, with the \\udcff escape
    grades = grade(folder, SECRET, roster=ROSTER)
    assert dict(grades.skipped).keys() == {"bad\\xff.ipynb"}
    assert {s.file for s in grades.submissions} == {"caf\\xe9.ipynb", "surrogate.ipynb", "M\\x81ller_05.ipynb"}
    assert "Ada\ufffd" in {s.student for s in grades.submissions}
    repr(grades).encode("utf-8")  # strict: what a UTF-8 terminal accepts
    table = grades.to_csv(tmp_path / "t.csv").read_text(encoding="utf-8")
    assert "bad\\xff.ipynb" in table and "M\\x81ller_05.ipynb" in table
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")
    args = SimpleNamespace(action="grade", folder=str(folder), secret_file=str(tmp_path / "secret.txt"), roster=None,
                           csv=str(tmp_path / "out.csv"), worksheets=None)
    assert command(args) == 0
    out = capsys.readouterr().out
    out.encode("utf-8")
    assert "skipped bad\\xff.ipynb" in out and "M\\x81ller_05.ipynb" in out and "wrote" in out
    assert not list(tmp_path.glob("*.part"))


def test_odd_extensions_and_deep_folders_are_named_not_silently_left_out(tmp_path):
    klass = Class(SECRET, ROSTER)
    nb = submit(klass, "Ada Lovelace", "ws1", {})
    folder = tmp_path / "in"
    for name in ("ada.IPYNB", "alan.ipynb.json", "grace.ipynb.txt", "ok.ipynb"):
        _save(folder, name, nb)
    # One student's zip, extracted: 1,500 one-letter folders (a recursive walk overflows the stack).
    chain = [folder / "a"]
    for _ in range(1499):
        chain.append(chain[-1] / "a")
    for level in chain:  # one by one: os.makedirs and shutil.rmtree recurse too
        level.mkdir()
    _save(chain[-1], "x.ipynb", nb)
    try:
        grades = grade(folder, SECRET)
    finally:
        (chain[-1] / "x.ipynb").unlink()
        for level in reversed(chain):
            level.rmdir()
    assert sorted(s.file for s in grades.submissions) == ["ada.IPYNB", "ok.ipynb"]
    skipped = dict(grades.skipped)
    assert "wrong name" in skipped["alan.ipynb.json"] and "wrong name" in skipped["grace.ipynb.txt"]
    assert skipped["/".join("a" * 9)] == "not searched: more than 8 folders deep"
    assert len(skipped) == 3


def test_a_stored_verdict_without_its_answer_is_not_verified_outside_ws4_q7_q8(klass, tmp_path):
    # A student computes q1 and q6 in code and edits their stored check outputs to "correct" with no answer:
    # only worksheet 4's dealing/simulation questions store no answer, so here nothing can be re-derived.
    forged = {"answer": None, "status": "correct", "attempt": 1}
    nb = submit(klass, "Ada Lovelace", "ws1", _answers(klass, "Ada Lovelace", "ws1"),
                cells={"Q1": "q1 = my_answer()", "Q6": "q6 = f()"}, outputs={"Q1": forged, "Q6": forged})
    _save(tmp_path, "ada.ipynb", nb)
    rows = _rows(grade(tmp_path, SECRET, roster=ROSTER), "Ada Lovelace", "ws1")
    for key in ("Q1", "Q6"):
        assert rows[key]["correct"] == "unreadable", rows[key]
        assert "records no answer" in rows[key]["flags"] and "simulation" not in rows[key]["flags"]
    assert rows["Q2"]["correct"] == "correct"


def test_a_roster_saved_with_a_bom_gives_the_same_names_and_seeds(tmp_path):
    from hearts_lab.exercises.classroom import read_roster

    path = tmp_path / "roster.txt"
    path.write_bytes("Ada Lovelace\r\nAlan Turing\n".encode("utf-8-sig"))  # Excel's "CSV UTF-8"
    assert read_roster(path) == ["Ada Lovelace", "Alan Turing"]
    assert student_seed(SECRET, "\ufeffAda Lovelace", "ws1") == student_seed(SECRET, "Ada Lovelace", "ws1")
    assert student_seed(SECRET, "Ada\u200b Lovelace", "ws1") == student_seed(SECRET, "Ada Lovelace", "ws1")


def test_a_roster_name_pasted_with_bidi_isolates_is_the_same_name_everywhere(tmp_path):
    """rev-h3 #3: a name pasted from a chat or mail program (U+2068 ... U+2069) kept its isolates in Class and the
    copy's seed, while grading showed them as spaces: the honest notebook was graded on another variant, "not on the
    roster", and listed missing. One normalisation now: what the table shows of a name is the same name."""
    from hearts_lab.exercises.names import SPACE_LIKE, normal
    from hearts_lab.exercises.results import printable

    for c in [*SPACE_LIKE, "\ufeff", "\u200b", "\u200e", "\udcff"]:
        for name in (f"{c}Ada Lovelace{c}", f"Ada{c}Lovelace", f"Ada {c} Lovelace"):
            assert normal(printable(name)) == normal(name), ascii(name)
    roster = ["\u2068Ada Lovelace\u2069", "Alan Turing"]
    klass = Class(SECRET, roster)
    assert klass.seed(roster[0], "ws1") == klass.seed("Ada Lovelace", "ws1") and klass.roster[0] == "Ada Lovelace"
    assert klass.key("Ada Lovelace", "ws4", ["Q4"]).entry("Q4").answer == Class(SECRET, ["Ada Lovelace"]).key(
        "Ada Lovelace", "ws4", ["Q4"]).entry("Q4").answer
    with pytest.raises(ValueError, match="same name"):
        Class(SECRET, ["Ada Lovelace", "\u2066Ada Lovelace\u2069"])
    nb = submit(klass, roster[0], "ws1", _answers(klass, roster[0], "ws1"))
    assert nb["metadata"]["hearts_lab"]["variant"] == klass.seed("Ada Lovelace", "ws1")
    _save(tmp_path, "Ada/01_legal_moves.ipynb", nb)
    grades = klass.grade(tmp_path)
    (sub,) = grades.submissions
    assert sub.student == "Ada Lovelace" and sub.flags == [] and sub.correct == len(sub.answers), (sub.flags, sub.answers)
    assert grades.missing == [("Alan Turing", "ws1")]


def test_a_notebook_saved_with_a_bom_is_graded_and_first_try_is_labelled_recorded(klass, tmp_path):
    """rev-h3 nits: a notebook an editor saved with a UTF-8 BOM was skipped as "not valid JSON" (it is read as
    read_roster reads a roster); the first-try column comes from the recorded attempt, and says so."""
    nb = submit(klass, "Ada Lovelace", "ws1", _answers(klass, "Ada Lovelace", "ws1"))
    (tmp_path / "ada.ipynb").write_bytes(json.dumps(nb).encode("utf-8-sig"))
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    assert grades.skipped == [] and grades.submissions[0].correct == len(grades.submissions[0].answers)
    assert "first try (recorded)" in grades.COLUMNS and "first try" not in grades.COLUMNS
    assert {r["first try (recorded)"] for r in grades.rows()} == {"yes"}
    assert "first try (recorded)" in grades.to_csv(tmp_path / "t.csv").read_text(encoding="utf-8").splitlines()[0]


@pytest.mark.parametrize("names", [["王伟", "李娜"], ["Σωκράτης", "Πλάτων"], ["Иван Петров", "Пётр Иванов"]])
def test_names_in_any_script_get_their_own_folders(names, tmp_path):
    paths = Class(SECRET, names).write(tmp_path, worksheets=["ws1"])
    assert len({p.parent.name for p in paths}) == 2
    assert all(p.parent.parent == tmp_path and p.is_file() for p in paths)


def test_folder_names_differ_on_a_case_blind_disk_and_stay_short(tmp_path):
    with pytest.raises(ValueError, match="same file name"):
        Class(SECRET, ["Ada", "ada_"])  # Ada/ and ada/ are one folder on macOS and Windows
    paths = Class(SECRET, ["W" * 300, "W" * 299 + "V", "Zed Last"]).write(tmp_path, worksheets=["ws1"])
    assert len({p.parent.name for p in paths}) == 3 and max(len(p.parent.name) for p in paths) <= 60


def test_two_notebooks_of_one_student_are_told_apart_by_their_file(klass, tmp_path):
    nb = submit(klass, "Ada Lovelace", "ws1", _answers(klass, "Ada Lovelace", "ws1"))
    _save(tmp_path, "ada.ipynb", nb)
    _save(tmp_path, "sub/=1+1.ipynb", nb)  # a classmate's hand-in carrying Ada's name, say
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    assert {r["file"] for r in grades.rows()} == {"ada.ipynb", "sub/=1+1.ipynb"}
    shown = repr(grades)
    assert "(ada.ipynb; more than one notebook" in shown and "(sub/=1+1.ipynb; more than one notebook" in shown
    with grades.to_csv(tmp_path / "t.csv").open(newline="", encoding="utf-8") as handle:
        table = list(csv.DictReader(handle))
    assert {row["file"] for row in table if row["correct"] != "no notebook found"} == {"ada.ipynb", "sub/=1+1.ipynb"}
    # The notebook view has no file column: it names the file under the student's name where there are two.
    shown = grades._repr_html_().replace("<wbr>", "")
    assert ">sub/=1+1.ipynb</div>" in shown and ">ada.ipynb</div>" in shown


def test_links_huge_numbers_old_notebooks_and_the_wrong_worksheet_are_named(klass, tmp_path):
    nb = submit(klass, "Ada Lovelace", "ws1", _answers(klass, "Ada Lovelace", "ws1"))
    folder, outside = tmp_path / "in", _save(tmp_path, "outside.ipynb", nb)
    (folder / "sub").mkdir(parents=True)
    (folder / "link_out.ipynb").symlink_to(outside)  # a zip's link to a file outside the hand-in folder
    text = json.dumps(nb)
    (folder / "bigint.ipynb").write_text(text.replace(f'"variant": {nb["metadata"]["hearts_lab"]["variant"]}',
                                                      '"variant": ' + "9" * 5000), encoding="utf-8")
    (folder / "v3.ipynb").write_text(json.dumps({"nbformat": 3, "metadata": {}, "worksheets": [{"cells": []}]}), encoding="utf-8")
    wrong = json.loads(text)
    wrong["metadata"]["hearts_lab"]["worksheet"] = "ws2"
    _save(folder, "sub/wrong_ws.ipynb", wrong)
    _save(tmp_path, "elsewhere/alan.ipynb", nb)
    (folder / "alan").symlink_to(tmp_path / "elsewhere")  # rev-h3 #8: a zip's (or a sync tool's) folder link
    grades = grade(folder, SECRET, roster=ROSTER)
    skipped = dict(grades.skipped)
    assert "never followed" in skipped["link_out.ipynb"]
    assert skipped["alan"] == "a link to a folder, not a folder: a handed-in link is never followed"
    assert "4,300 digits" in skipped["bigint.ipynb"] and "nbformat 3" in skipped["v3.ipynb"]
    (sub,) = grades.submissions  # graded as what its cells say it is, flagged
    assert sub.worksheet == "ws1" and any("worksheet ws1's: handed in for the wrong worksheet" in f for f in sub.flags)


@pytest.mark.parametrize("forged", [float("nan"), {"p": 1, "q": 2}, True, json.loads("[" * 50 + "]" * 50), 2.5])
def test_a_stored_answer_no_check_records_is_unreadable_not_a_mistake(klass, tmp_path, forged):
    answers = _answers(klass, "Ada Lovelace", "ws1")
    nb = submit(klass, "Ada Lovelace", "ws1", answers, cells={"Q1": "q1 = compute()", "Q2": "q2 = compute()"},
                outputs={"Q1": {"answer": forged}})
    _save(tmp_path, "ada.ipynb", nb)
    rows = _rows(grade(tmp_path, SECRET, roster=ROSTER), "Ada Lovelace", "ws1")
    assert rows["Q1"]["correct"] == "unreadable" and "not an answer (edited?)" in rows["Q1"]["flags"]
    assert rows["Q2"]["correct"] == "correct"  # its honestly recorded value is still read back and judged


def test_notebooks_beyond_the_limit_are_named_not_graded(klass, tmp_path, monkeypatch):
    from hearts_lab.exercises import classroom

    monkeypatch.setattr(classroom, "MAX_NOTEBOOKS", 2)
    nb = submit(klass, "Ada Lovelace", "ws1", {})
    for name in ("a.ipynb", "b.ipynb", "c.ipynb"):
        _save(tmp_path, name, nb)
    grades = grade(tmp_path, SECRET)
    assert [s.file for s in grades.submissions] == ["a.ipynb", "b.ipynb"]
    assert grades.skipped == [("c.ipynb", "not graded: more than 2 notebooks in the folder")]


def test_a_roster_name_with_no_notebook_is_listed_as_missing(klass, tmp_path):
    _save(tmp_path, "ada.ipynb", submit(klass, "Ada Lovelace", "ws1", {}))
    (tmp_path / "alan.ipynb.txt").write_text("{}", encoding="utf-8")  # the file a browser renamed
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    assert grades.missing == [("Alan Turing", "ws1"), ("Grace Hopper", "ws1")]
    assert "Alan Turing ws1: no notebook found" in repr(grades)
    assert "no notebook found" in grades.to_csv(tmp_path / "t.csv").read_text(encoding="utf-8")
    assert grade(tmp_path, SECRET).missing == []  # no roster: nobody is known to be missing


@pytest.mark.slow  # a ws3 and a ws4 copy written (their key lines' digests): about 13 s of CPU; make test runs it
def test_a_correct_answer_written_as_arithmetic_carries_no_flag(klass, tmp_path):
    """A count typed as arithmetic (``binomial(30, 9) - binomial(28, 9)``) is checked as the number it is, and
    the check records that number: the teacher's side reads the cell's text and the stored number as one
    answer, with no "checked a different answer" flag (issue 17, rev-ws4 finding 1; worksheets 3 and 4)."""
    from hearts_lab.exercises.variants import ws4_q3_rules

    ws3_keys = _answers(klass, "Ada Lovelace", "ws3")
    whole = {q: v for q, v in ws3_keys.items() if v.is_Integer}
    assert {"Q1", "Q5"} <= set(whole) and all(abs(v) < 10**15 for q, v in whole.items() if q in ("Q1", "Q5"))
    _save(tmp_path, "ws3.ipynb", submit(klass, "Ada Lovelace", "ws3", whole,
                                        cells={q: f"{q.lower()} = binomial({v}, 1)" for q, v in whole.items()}))
    rules = ws4_q3_rules(klass.variant("Ada Lovelace", "ws4").q3)
    m, k = len(rules.deck()) - 14, rules.hand_size - 13  # neither a heart nor the Q♠; the rest of the hand
    q3 = _answers(klass, "Ada Lovelace", "ws4")["Q3"]
    assert sympy.binomial(m, k) - sympy.binomial(m - 2, k) == q3
    _save(tmp_path, "ws4.ipynb", submit(klass, "Ada Lovelace", "ws4", {"Q3": q3},
                                        cells={"Q3": f"q3 = binomial({m}, {k}) - binomial({m - 2}, {k})"}))
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    for worksheet, asked in (("ws3", whole), ("ws4", {"Q3": q3})):
        rows = _rows(grades, "Ada Lovelace", worksheet)
        for q in asked:
            assert rows[q]["correct"] == "correct" and rows[q]["flags"] == "", (worksheet, q, rows[q])


@pytest.mark.slow  # two simulations of 20,000 hands and a class copy: several seconds; make test runs it
def test_ws4_q8_of_the_wrong_rules_is_incorrect_even_when_the_moons_coincide(tmp_path):
    """rev-ws4 finding 2: Grace's copy asks for 20,000 hands from seed 2111882994, where random players shoot
    181 moons whether or not points may fall on trick 1. Her simulation of the plain standard rules (the slip
    the check has a hint for) was refused in her kernel; the teacher's side must say incorrect too, and for that
    reason, also when the stored verdict is edited to correct."""
    from hearts_lab.exercises import ws4
    from hearts_lab.simulate import simulate

    grace = Class("rev-ws4 class secret 2026 kept", ["Grace Hopper"])
    hands, seed = grace.variant("Grace Hopper", "ws4").q8
    assert (hands, seed) == (20000, 2111882994)
    plain = simulate(ws4.STANDARD_4, hands, bots="random", seed=seed)
    right = simulate(ws4.Q8_RULES, hands, bots="random", seed=seed)
    assert plain.moon_count == right.moon_count == 181  # the count cannot tell the rules apart
    ws4.use_variant(grace.seed("Grace Hopper", "ws4"))
    kernel = ws4.check_q8(plain)
    assert kernel.status == "incorrect" and "plain standard rules" in kernel.message
    assert ws4.check_q8(right).status == "correct"
    ws4.use_variant(None)
    stored = kernel._repr_mimebundle_()[checks.MIME_TYPE]
    assert stored["answer"] == 181 and stored["made"] == checks.made_of(plain)

    def hand_in(name, data):
        nb = grace.copy("Grace Hopper", "ws4")
        for cell in nb["cells"]:
            text = "".join(cell["source"])
            if text.startswith("q8 = ..."):
                cell["source"] = "q8 = simulate(Rules.preset('standard', players=4), 20000, bots='random', seed=2111882994)"
            if text == "ws4.check_q8(q8)":
                cell["outputs"] = [{"output_type": "execute_result", "metadata": {}, "execution_count": 1,
                                    "data": {"text/plain": "Q8", checks.MIME_TYPE: data}}]
        _save(tmp_path, name, nb)

    hand_in("grace.ipynb", stored)
    hand_in("grace_edited.ipynb", {**stored, "status": "correct"})
    hand_in("grace_right.ipynb", {**stored, "status": "correct", "made": checks.made_of(right)})
    grades = grade(tmp_path, "rev-ws4 class secret 2026 kept", roster=["Grace Hopper"])
    by_file = {s.file: {a.question: a for a in s.answers} for s in grades.submissions}
    for name in ("grace.ipynb", "grace_edited.ipynb"):
        assert by_file[name]["Q8"].status == "incorrect", (name, by_file[name]["Q8"])
    assert any("stored output says correct" in f for f in by_file["grace_edited.ipynb"]["Q8"].flags)
    assert by_file["grace_right.ipynb"]["Q8"].status == "correct"


def test_the_class_table_says_why_an_answer_is_wrong(klass, tmp_path):
    """rev-ws6 finding 4: the table's "why" is the check's own message for an incorrect answer, so a teacher tells
    a slip the hints name (worksheet 4 Q4: the changes instead of the scores) from nonsense ("matches no known
    slip"); it is empty for a correct answer, and spreadsheet-safe in the CSV like every other cell."""
    from hearts_lab.exercises import variants

    before, shooter = klass.variant("Grace Hopper", "ws4").q4
    after = variants.moon_scores(before, shooter, "auto")
    deltas = tuple(a - b for a, b in zip(after, before))
    _save(tmp_path, "grace.ipynb", submit(klass, "Grace Hopper", "ws4", {"Q4": deltas, "Q5": (-1, -1, -1, -1)}))
    ada = _answers(klass, "Ada Lovelace", "ws1")
    wrong = dict(ada, Q6=99)
    _save(tmp_path, "ada.ipynb", submit(klass, "Ada Lovelace", "ws1", wrong, outputs={"Q6": {"status": "incorrect"}}))
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    grace, ada_rows = _rows(grades, "Grace Hopper", "ws4"), _rows(grades, "Ada Lovelace", "ws1")
    assert grace["Q4"]["correct"] == "incorrect" and grace["Q4"]["why"] == ws4.SLIP_HINTS["Q4"]["deltas"], grace["Q4"]
    assert grace["Q5"]["correct"] == "incorrect" and grace["Q5"]["why"] == "matches no known slip", grace["Q5"]
    assert ada_rows["Q6"]["correct"] == "incorrect" and ada_rows["Q6"]["why"], ada_rows["Q6"]
    assert all(r["why"] == "" for r in ada_rows.values() if r["correct"] != "incorrect")
    assert grades.COLUMNS.index("why") == grades.COLUMNS.index("correct") + 1
    with grades.to_csv(tmp_path / "t.csv").open(encoding="utf-8") as handle:
        table = list(csv.DictReader(handle))
    assert {r["why"] for r in table if r["student"] == "Grace Hopper" and r["question"] == "Q4"} == {grace["Q4"]["why"]}
    assert all(not r["why"].startswith(("=", "+", "-", "@")) for r in table)


def _capstone_copy(klass, student, *, variant_line=None, q3_seed=None, seeds="ws5.my_seeds()", q3=True, q3_house=True,
                   after_q3=None):
    """``student``'s worksheet 5 copy as handed in: Q1-Q3 checked (stored outputs), its use_variant line changed
    to ``variant_line`` if given, Q3's stored output recording a base run with ``q3_seed`` if given (none: ``q3``
    false), and a house run with ``q3_house`` (``True``: the own house seed; ``None``: an older record, no house seed),
    its seeds line ``seeds = <seeds>``. ``after_q3``: ``{"Q4": data, ...}``, a stored output for each question named,
    a correct one recording the own runs (as an honest Q3's) unless ``data`` says otherwise (``"made": None``: no
    record of the runs)."""

    nb = klass.copy(student, "ws5")
    own = klass.seed(student, "ws5")
    own_seeds = klass.variant(student, "ws5").seeds
    own_runs = {"hands": 20000, "seed": own_seeds[0], "rules": "0" * 16, "policy": "random", "house_seed": own_seeds[1]}
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if "\nseeds = ...  # your answer here" in text:
            cell["source"] = text.replace("seeds = ...  # your answer here", f"seeds = {seeds}")
        if not q3 and text.startswith("ws5.check_q3("):
            continue
        if variant_line is not None and f"ws5.use_variant({own})" in text:
            cell["source"] = text.replace(f"ws5.use_variant({own})", f"ws5.use_variant({variant_line})")
        for key, data in (after_q3 or {}).items():
            if text.startswith(f"ws5.check_{key.lower()}("):
                data = {"worksheet": "ws5", "question": key, "status": "correct", "attempt": 1, "answer": None,
                        "made": dict(own_runs), **data}
                if data["made"] is None:
                    del data["made"]
                cell["outputs"] = [{"output_type": "execute_result", "metadata": {}, "execution_count": 1,
                                    "data": {"text/plain": key, checks.MIME_TYPE: data}}]
        for key, status in (("Q1", "correct"), ("Q2", "correct"), ("Q3", "correct")):
            if text.startswith(f"ws5.check_{key.lower()}("):
                data = {"worksheet": "ws5", "question": key, "status": status, "attempt": 1, "answer": None}
                if key == "Q2":  # the plan, as ws5.check_q2 records it
                    data.update(answer="moon rate", made={"metric": "moon rate", "prediction": "increase", "seed": own_seeds[0],
                                                          "house_seed": own_seeds[1], "hands": 20000, "policy": "random",
                                                          "plan": 1, "earlier": [], "plans": 1, "looked_then_replanned": 0,
                                                          "last_looked": None})
                if key == "Q3":
                    seed = klass.variant(student, "ws5").seeds[0] if q3_seed is None else q3_seed
                    data.update(answer=250, made={"hands": 20000, "seed": seed, "rules": "0" * 16, "policy": "random"})
                    if q3_house is not None:
                        house = klass.variant(student, "ws5").seeds[1] if q3_house is True else q3_house
                        data["made"]["house_seed"] = house
                cell["outputs"] = [{"output_type": "execute_result", "metadata": {}, "execution_count": 1,
                                    "data": {"text/plain": key, checks.MIME_TYPE: data}}]
    return nb


def test_the_capstone_is_read_without_marks_and_a_changed_seed_line_is_seen(klass, tmp_path):
    """rev-ws4 finding 8: grade() reads worksheet 5 too, without marks: a "seeds" row says whether the seeds are
    the class copy's own (its use_variant line against the secret, and the base seed Q3's output records), and
    each check's stored verdict is listed as recorded."""
    ada_seed = klass.seed("Ada Lovelace", "ws5")
    _save(tmp_path, "ada.ipynb", _capstone_copy(klass, "Ada Lovelace"))
    _save(tmp_path, "alan.ipynb", _capstone_copy(klass, "Alan Turing", variant_line=ada_seed + 1,
                                                  q3_seed=klass.variant("Grace Hopper", "ws5").seeds[0]))
    grace = _capstone_copy(klass, "Grace Hopper", q3_seed=12345)  # the line restored afterwards: Q3 still tells
    grace["metadata"]["hearts_lab"]["variant"] = ada_seed  # and a borrowed variant in the metadata
    _save(tmp_path, "grace.ipynb", grace)
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    assert grades.skipped == []
    ada, alan, grace_rows = (_rows(grades, n, "ws5") for n in ("Ada Lovelace", "Alan Turing", "Grace Hopper"))
    assert ada["seeds"]["correct"] == "the class copy's own" and ada["seeds"]["why"] == ""
    assert [ada[q]["correct"] for q in ("Q1", "Q2", "Q3", "Q4")] == ["recorded correct"] * 3 + [""]
    assert not any(r["correct"] == "correct" for r in ada.values())  # nothing is marked
    assert alan["seeds"]["correct"] == "NOT the class copy's own"
    alan_own = klass.seed("Alan Turing", "ws5")
    assert f"use_variant line was changed (this student's own variant is {alan_own}; the notebook's: {ada_seed + 1})" in alan["seeds"]["why"] and "Q3's stored output" in alan["seeds"]["why"]
    assert grace_rows["seeds"]["correct"] == "NOT the class copy's own" and "seed 12345" in grace_rows["seeds"]["why"]
    assert "the notebook's variant is not this student's" in grace_rows["seeds"]["flags"]
    assert all(s[1] != "ws5" for s in grades.summary())
    assert "capstone, not marked" in repr(grades) and "seeds NOT the class copy's own" in repr(grades)


def test_the_seeds_row_reads_the_seeds_line_and_says_not_verified_without_evidence(klass, tmp_path):
    """rev-h3 #4: the seeds row said "the class copy's own" for a seeds line naming other seeds with no Q3 output, for
    the own base seed with a shopped house seed, and for another variant reached through an alias of ws5. Now the
    seeds line is read (both seeds), every alias of ws5 is followed, and missing evidence says "not verified"."""
    own = klass.variant("Ada Lovelace", "ws5").seeds
    cases = {
        "a": dict(seeds="(11, 12)", q3=False),
        "b": dict(seeds=f"({own[0]}, 4242)"),
        "own_written": dict(seeds=f"({own[0]}, {own[1]})"),
        "no_q3": dict(q3=False),
        "computed": dict(seeds="(a, b)"),
        "rebound": dict(seeds="ws5.my_seeds()\nseeds = seeds[0], 4242 if True else 0\nseeds += ()"),
        "honest": dict(),
    }
    for case, kwargs in cases.items():
        _save(tmp_path / case, "ada.ipynb", _capstone_copy(klass, "Ada Lovelace", **kwargs))
    aliases = {"c": "import hearts_lab.exercises.ws5 as w5; w5.use_variant(7)",
               "c2": "from hearts_lab.exercises.ws5 import use_variant as uv\nuv(7)",
               "c3": "import hearts_lab.exercises\nhearts_lab.exercises.ws5.use_variant(7)",
               "c4": "import importlib\nimportlib.import_module('hearts_lab.exercises.ws5').use_variant(7)"}
    for case, line in aliases.items():
        nb = _capstone_copy(klass, "Ada Lovelace")
        nb["cells"][2]["source"] += "\n" + line + "\n"
        _save(tmp_path / case, "ada.ipynb", nb)
    rows = {case: _rows(grade(tmp_path / case, SECRET, roster=ROSTER), "Ada Lovelace", "ws5")["seeds"]
            for case in [*cases, *aliases]}
    assert rows["honest"]["correct"] == rows["own_written"]["correct"] == "the class copy's own", rows["honest"]
    for case in ("a", "b"):
        assert rows[case]["correct"] == "NOT the class copy's own", (case, rows[case])
        assert f"not the copy's own {own[0]} and {own[1]}" in rows[case]["why"], (case, rows[case])
    assert "names 11 and 12" in rows["a"]["why"] and "4242" in rows["b"]["why"]
    assert rows["no_q3"]["correct"] == "not verified" and "Q3's check" in rows["no_q3"]["why"], rows["no_q3"]
    for case in ("computed", "rebound"):
        assert rows[case]["correct"] == "not verified" and "seeds line is not ws5.my_seeds()" in rows[case]["why"], rows[case]
    for case in ("c", "c2", "c3"):
        assert rows[case]["correct"] == "NOT the class copy's own" and f"use_variant line was changed (this student's own variant is {klass.seed('Ada Lovelace', 'ws5')}; the notebook's: 7)" in rows[case]["why"], rows[case]
    assert rows["c4"]["correct"] == "not verified" and "in a way the reader does not follow" in rows["c4"]["why"], rows["c4"]


def test_q3_records_both_seeds_and_a_reach_into_ws5_is_not_verified(klass, tmp_path):
    """rev-h4 #1: one added line (ws5.__dict__[...], ws5.my_seeds.__globals__[...], sys.modules[...]._current) gave the
    kernel (own base, 4242) while the use_variant and seeds lines stayed, and Q3's honest record named the base seed
    only: the seeds row said "the class copy's own". Q3's record now names both runs' seeds, both are checked against
    the own pair, any reach into ws5 the reader cannot follow says "not verified", and an older record (no house
    seed) says "not verified" too."""
    from hearts_lab import Rules
    from hearts_lab.exercises import ws5
    from hearts_lab.simulate import simulate

    four = Rules.preset("standard", players=4)
    house_rules = Rules.preset("standard", players=4, first_trick_points=True)
    made = ws5.check_q3(simulate(four, 2, bots="random", seed=3), simulate(house_rules, 2, bots="random", seed=4),
                        four, house_rules, (3, 4)).made  # refused (Q2 not run), but recorded: both seeds
    assert made["seed"] == 3 and made["house_seed"] == 4, made
    own = klass.variant("Ada Lovelace", "ws5").seeds
    tricks = {
        "dict": "ws5.__dict__['_current'] = type(ws5._current)((ws5.my_seeds()[0], 4242))",
        "globals": "ws5.my_seeds.__globals__['_current'] = type(ws5._current)((ws5.my_seeds()[0], 4242))",
        "modules": "import sys\nsys.modules['hearts_lab.exercises.ws5']._current = None",
        "getattr": "getattr(ws5, 'use_' + 'variant')(7)",
        "setattr": "setattr(ws5, '_cur' + 'rent', None)",
        "vars": "vars(ws5)['_current'] = None",
        "current": "from hearts_lab.exercises.ws5 import _current",
        "variant": "from hearts_lab.exercises.variants import ws5_variant\nx = ws5_variant(7)",
        "string": "x = 'ws5.use_' 'variant(7)'",
        "accepted": "ws5._ACCEPTED_RUNS.append((base_result, house_result))",  # Q4-Q6 would take any runs put here
        "repeated": "ws5._REPEATED.update({key: made_up})",  # Q3 would take a made-up run as simulated again
    }
    for case, trick in tricks.items():
        nb = _capstone_copy(klass, "Ada Lovelace")
        nb["cells"][2]["source"] += "\n" + trick + "\n"
        _save(tmp_path / case, "ada.ipynb", nb)
    _save(tmp_path / "old", "ada.ipynb", _capstone_copy(klass, "Ada Lovelace", q3_house=None))
    _save(tmp_path / "house", "ada.ipynb", _capstone_copy(klass, "Ada Lovelace", q3_house=4242))
    _save(tmp_path / "honest", "ada.ipynb", _capstone_copy(klass, "Ada Lovelace"))
    rows = {case: _rows(grade(tmp_path / case, SECRET, roster=ROSTER), "Ada Lovelace", "ws5")["seeds"]
            for case in [*tricks, "old", "house", "honest"]}
    assert rows["honest"]["correct"] == "the class copy's own", rows["honest"]
    for case in tricks:
        assert rows[case]["correct"] == "not verified" and "does not follow" in rows[case]["why"], (case, rows[case])
    assert rows["old"]["correct"] == "not verified" and "no house run's seed" in rows["old"]["why"], rows["old"]
    assert rows["house"]["correct"] == "NOT the class copy's own", rows["house"]
    assert f"a house run with seed 4242, not the copy's own {own[1]}" in rows["house"]["why"], rows["house"]


def test_the_seeds_row_checks_the_runs_q4_to_q6_recorded(klass, tmp_path):
    """The final review's must-fix: Q4-Q6's checks took any two runs that simulate again, and the seeds row read Q3's
    record only, so a student could answer Q4-Q6 from a tried seed pair unseen. Their checks now take Q3's runs only
    (tests/test_exercises_ws5.py) and their stored outputs record both runs' seeds, which the row checks against the
    copy's own pair, derived from the secret: a record (hand-edited, or of a refused try) naming other seeds is "NOT
    the class copy's own", a record naming none or not as a check writes it "not verified", and a record of other runs
    than Q3's (same seeds) is noted on its row. Nothing in the hand-in is trusted beyond what the secret gives."""
    from hearts_lab.exercises.classroom import OTHER_RUNS

    own = klass.variant("Ada Lovelace", "ws5").seeds
    runs = {"hands": 20000, "seed": own[0], "rules": "0" * 16, "policy": "random", "house_seed": own[1]}
    every = ("Q4", "Q5", "Q6")
    cases = {
        "honest": {k: {} for k in every},
        "unchecked": {},
        "unanswered": {"Q4": {"status": "unanswered", "made": None}},
        "tried": {k: {"made": {**runs, "seed": 11, "house_seed": 12}} for k in every},
        "one": {"Q4": {}, "Q5": {"status": "incorrect", "made": {**runs, "house_seed": 4242}}, "Q6": {}},
        "unrecorded": {"Q4": {"made": None}, "Q5": {"made": {**runs, "house_seed": None}}, "Q6": {}},
        "hostile": {"Q4": {"made": list(own)}, "Q5": {"made": {**runs, "seed": True}},
                    "Q6": {"made": {**runs, "seed": str(own[0]), "house_seed": [own[1]]}, "status": ["correct"]}},
        "huge": {"Q6": {"made": {**runs, "seed": 2 ** 80}}},
        "more_hands": {"Q4": {"made": {**runs, "hands": 10000}}, "Q5": {}, "Q6": {}},
    }
    for case, after_q3 in cases.items():
        _save(tmp_path / case, "ada.ipynb", _capstone_copy(klass, "Ada Lovelace", after_q3=after_q3))
    rows = {}
    for case in cases:
        grades = grade(tmp_path / case, SECRET, roster=ROSTER)
        assert grades.skipped == [], (case, grades.skipped)
        rows[case] = _rows(grades, "Ada Lovelace", "ws5")
    for case in ("honest", "unchecked", "unanswered", "more_hands"):
        assert rows[case]["seeds"]["correct"] == "the class copy's own" and rows[case]["seeds"]["why"] == "", (case, rows[case]["seeds"])
    assert [rows["honest"][k]["correct"] for k in every] == ["recorded correct"] * 3
    assert not any(rows["honest"][k]["flags"] for k in every)
    assert rows["more_hands"]["Q4"]["flags"] == OTHER_RUNS and rows["more_hands"]["Q5"]["flags"] == ""
    tried = rows["tried"]["seeds"]
    assert tried["correct"] == "NOT the class copy's own", tried
    assert (f"the stored outputs of Q4, Q5 and Q6 record a base run with seed 11, not the copy's own {own[0]}; "
            f"the stored outputs of Q4, Q5 and Q6 record a house run with seed 12, not the copy's own {own[1]}") == tried["why"]
    assert all(rows["tried"][k]["flags"] == OTHER_RUNS for k in every)
    one = rows["one"]["seeds"]
    assert one["correct"] == "NOT the class copy's own" and one["why"] == (
        f"Q5's stored output records a house run with seed 4242, not the copy's own {own[1]}"), one
    assert rows["one"]["Q5"]["correct"] == "recorded incorrect"
    unrecorded = rows["unrecorded"]["seeds"]
    assert unrecorded["correct"] == "not verified" and unrecorded["why"] == (
        "Q4's stored output records no seeds of its runs (checked with an older hearts_lab?); "
        "Q5's stored output records one run's seed only"), unrecorded
    hostile = rows["hostile"]["seeds"]
    assert hostile["correct"] == "not verified" and hostile["why"] == (
        "the stored outputs of Q4, Q5 and Q6 record seeds it cannot read"), hostile
    huge = rows["huge"]["seeds"]
    assert huge["correct"] == "NOT the class copy's own" and f"a base run with seed {2 ** 80}, not the copy's own" in huge["why"], huge


def test_the_records_a_students_own_kernel_writes_for_q4_to_q6_reach_the_seeds_row(klass, tmp_path):
    """End to end: the stored outputs Ada's own kernel writes (Q2-Q6 with her own runs) read "the class copy's own";
    a Q4 answered from a tried pair, refused by her check but stored, reads "NOT the class copy's own", and so does
    that output hand-edited to say "correct"."""
    from hearts_lab import Rules
    from hearts_lab.exercises import ws5
    from hearts_lab.simulate import simulate

    four = Rules.preset("standard", players=4)
    house = Rules.preset("standard", players=4, first_trick_points=True)
    own = klass.variant("Ada Lovelace", "ws5").seeds
    ws5.use_variant(klass.seed("Ada Lovelace", "ws5"))
    mine = (simulate(four, ws5.MIN_HANDS, bots="random", seed=own[0]), simulate(house, ws5.MIN_HANDS, bots="random", seed=own[1]))
    tried = (mine[0], simulate(house, ws5.MIN_HANDS, bots="random", seed=own[1] + 1))

    def effect(b, h):
        return ws5.metric_value(h, "moon rate") - ws5.metric_value(b, "moon rate")

    interval = ws5._interval(*mine, "moon rate")
    verdict = "increase" if interval[0] > 0 else "decrease" if interval[1] < 0 else "no clear effect"
    results = {"Q2": ws5.check_q2("moon rate", "increase", ws5.my_seeds(), ws5.MIN_HANDS, "random"), "Q3": ws5.check_q3(*mine, four, house, own),
               "Q4": ws5.check_q4(effect(*mine), *mine, "moon rate"), "Q5": ws5.check_q5(interval, *mine, "moon rate"),
               "Q6": ws5.check_q6(verdict, interval, *mine, "moon rate")}
    assert all(r.status == "correct" for r in results.values()), results
    shopped = ws5.check_q4(effect(*tried), *tried, "moon rate")
    assert shopped.status == "incorrect" and "Q3 accepted" in shopped.message

    edited = dataclasses.replace(shopped, status="correct", message="")
    rows = {folder: _handed_in_from(klass, tmp_path, folder, stored)
            for folder, stored in (("honest", results), ("shopped", {**results, "Q4": shopped}),
                                   ("edited", {**results, "Q4": edited}))}
    assert rows["honest"]["seeds"]["correct"] == "the class copy's own", rows["honest"]["seeds"]
    assert [rows["honest"][k]["correct"] for k in ("Q2", "Q3", "Q4", "Q5", "Q6")] == ["recorded correct"] * 5
    for folder, status in (("shopped", "recorded incorrect"), ("edited", "recorded correct")):
        seeds = rows[folder]["seeds"]
        assert seeds["correct"] == "NOT the class copy's own", (folder, seeds)
        assert seeds["why"] == f"Q4's stored output records a house run with seed {own[1] + 1}, not the copy's own {own[1]}"
        assert rows[folder]["Q4"]["correct"] == status


def test_a_use_variant_line_with_a_huge_number_is_named_in_the_seeds_row(klass, tmp_path):
    """rev-h3 #7: a hex literal escapes Python's 4,300-digit limit, so str() of it raised and the notebook was skipped
    "could not be graded (ValueError)": the seeds row now says the line was changed, naming the number's size."""
    own = klass.seed("Ada Lovelace", "ws5")
    _save(tmp_path, "ada.ipynb", _capstone_copy(klass, "Ada Lovelace", variant_line="0x" + "f" * 4000))
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    assert grades.skipped == []
    seeds = _rows(grades, "Ada Lovelace", "ws5")["seeds"]
    assert seeds["correct"] == "NOT the class copy's own"
    assert f"its use_variant line was changed (this student's own variant is {own}; the notebook's: an int of about 4,816 digits)" in seeds["why"]


def test_a_fresh_process_reads_the_capstone(klass, tmp_path):
    """hearts-lab class grade runs in a process that never imported worksheet 5: its notebooks are still read
    (the first version skipped every one with 'could not be graded (KeyError)')."""
    import subprocess
    import sys

    _save(tmp_path, "ada.ipynb", _capstone_copy(klass, "Ada Lovelace"))
    code = ("import sys; from hearts_lab.exercises.classroom import grade; "
            "print(grade(sys.argv[1], sys.argv[2]))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path), SECRET], capture_output=True, text=True,
                         timeout=120, env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})
    assert "capstone, not marked" in out.stdout and "seeds the class copy's own" in out.stdout, out.stdout + out.stderr


def test_grade_refuses_two_roster_lines_that_are_one_name(tmp_path):
    """rev-h4 #6: grade(..., roster=...) and ``hearts-lab class grade`` took two roster lines that normalise alike
    (one seed, one row for two students), which Class() refuses: now both refuse them."""
    import subprocess
    import sys

    roster = ["Ada Lovelace", "ada  lovelace", "Alan Turing"]
    with pytest.raises(ValueError, match="are the same name"):
        grade(tmp_path, SECRET, roster=roster)
    (tmp_path / "roster.txt").write_text("\n".join(roster) + "\n", encoding="utf-8")
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")
    (tmp_path / "in").mkdir()
    args = ["class", "grade", str(tmp_path / "in"), "--secret-file", str(tmp_path / "secret.txt"), "--roster",
            str(tmp_path / "roster.txt")]
    out = subprocess.run([sys.executable, "-c", "import sys; from hearts_lab.cli import main; sys.exit(main(sys.argv[1:]))", *args],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})
    assert out.returncode == 2 and "are the same name" in out.stderr, out.stdout + out.stderr


def test_a_capstone_of_many_changed_use_variant_lines_names_a_few_and_counts_them(klass, tmp_path):
    """rev-table #3: 300 changed ``ws5.use_variant(...)`` lines made the seeds row's *why* list every one (a row
    11,000 px tall in the projected table): it names the first three and how many there are; the view cuts the
    whole *why* to WHY_LENGTH (the CSV and rows() keep it)."""
    import html

    from hearts_lab.exercises import classroom

    lines = f"{10**40})\n" + "\n".join(f"ws5.use_variant({10**40 + i})" for i in range(1, 300))[:-1]
    _save(tmp_path, "ada.ipynb", _capstone_copy(klass, "Ada Lovelace", variant_line=lines))
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    why = _rows(grades, "Ada Lovelace", "ws5")["seeds"]["why"]
    own = klass.seed("Ada Lovelace", "ws5")
    assert f"its use_variant line was changed (this student's own variant is {own}; the notebook's: 3 of 300 lines: " in why
    assert why.count("1000000000000000") == 3 and len(why) < 400, why
    shown = html.unescape(grades._repr_html_().replace("<wbr>", ""))  # the text as drawn (an apostrophe is &#x27;)
    assert why[:100] in shown or len(why) <= classroom.WHY_LENGTH
    # rev-table2 #4: the view cuts the why at WHY_LENGTH; the student's own variant, which came after the list of
    # changed lines and was cut off, comes first
    assert len(why) > classroom.WHY_LENGTH and f"this student's own variant is {own};" in shown


# -- rev-cap: the capstone's rows read Q2's plan; honest slips read as slips ---------------------------------------


def _handed_in_from(klass, tmp_path, folder, stored):
    """Ada's class copy with the stored outputs ``stored`` ({question: CheckResult, as her kernel wrote it}) in its
    check cells, graded: her rows."""
    nb = _capstone_copy(klass, "Ada Lovelace")
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        for key, result in stored.items():
            if text.startswith(f"ws5.check_{key.lower()}("):
                cell["outputs"] = [_stored_output(result)]
    _save(tmp_path / folder, "ada.ipynb", nb)
    grades = grade(tmp_path / folder, SECRET, roster=ROSTER)
    assert grades.skipped == [], grades.skipped
    return _rows(grades, "Ada Lovelace", "ws5")


def _ada_session(klass):
    """Ada's own kernel: her copy, her runs of 10,000 hands, and a function answering Q4-Q6 right for given runs."""
    from hearts_lab import Rules
    from hearts_lab.exercises import ws5
    from hearts_lab.simulate import simulate

    four = Rules.preset("standard", players=4)
    house = Rules.preset("standard", players=4, first_trick_points=True)
    checks.reset("ws5")
    ws5.use_variant(klass.seed("Ada Lovelace", "ws5"))
    own = ws5.my_seeds()

    def runs(hands=ws5.MIN_HANDS):
        return simulate(four, hands, bots="random", seed=own[0]), simulate(house, hands, bots="random", seed=own[1])

    def answered(b, h, metric="moon rate"):
        effect = ws5.metric_value(h, metric) - ws5.metric_value(b, metric)
        interval = ws5._interval(b, h, metric)
        verdict = "increase" if interval[0] > 0 else "decrease" if interval[1] < 0 else "no clear effect"
        return {"Q4": ws5.check_q4(effect, b, h, metric), "Q5": ws5.check_q5(interval, b, h, metric),
                "Q6": ws5.check_q6(verdict, interval, b, h, metric)}

    return ws5, four, house, own, runs, answered


def test_a_plan_changed_after_q3_accepted_runs_is_noted_on_q2s_row(klass, tmp_path):
    """rev-cap must-fix 1: simulating more hands is a new Q2 plan, and Q2's stored output records the plans before it
    and whether Q3 had accepted runs of one: the teacher's Q2 row notes a plan changed after a look. A Q3 record of
    other runs than Q2's plan and a Q4-Q6 record of another metric than the plan's are noted on their rows."""
    ws5, four, house, own, runs, answered = _ada_session(klass)
    first = runs()
    assert ws5.check_q2("moon rate", "increase", own, ws5.MIN_HANDS, "random").status == "correct"
    assert ws5.check_q3(*first, four, house, own).status == "correct"
    honest = {"Q2": ws5.check_q2("moon rate", "increase", own, ws5.MIN_HANDS, "random"),
              "Q3": ws5.check_q3(*first, four, house, own), **answered(*first)}
    more = runs(2 * ws5.MIN_HANDS)
    stored = {"Q2": ws5.check_q2("moon rate", "increase", own, 2 * ws5.MIN_HANDS, "random"),
              "Q3": ws5.check_q3(*more, four, house, own), **answered(*more)}
    assert all(r.status == "correct" for r in stored.values()), stored
    rows = _handed_in_from(klass, tmp_path, "more", stored)
    assert rows["seeds"]["correct"] == "the class copy's own", rows["seeds"]
    assert rows["Q2"]["flags"] == ("a new plan (plan 2 of the session) after Q3 had accepted runs of an earlier one "
                                   "(10,000 hands, bots 'random', metric 'moon rate', predicted 'increase'): ask why"), rows["Q2"]
    assert not any(rows[k]["flags"] for k in ("Q3", "Q4", "Q5", "Q6")), rows
    plain = _handed_in_from(klass, tmp_path, "honest", honest)
    assert not any(plain[k]["flags"] for k in ("Q2", "Q3", "Q4", "Q5", "Q6")), plain
    # Q2 checked again with the first plan after the runs of the second: Q3's record is of another plan.
    stale = {**stored, "Q2": ws5.check_q2("moon rate", "increase", own, ws5.MIN_HANDS, "random")}
    rows = _handed_in_from(klass, tmp_path, "stale", stale)
    assert rows["Q3"]["flags"] == "its stored output records runs of another plan than Q2's stored output (hands 20,000, not 10,000)", rows["Q3"]
    # A record edited to another metric than the plan's.
    edited = dataclasses.replace(stored["Q4"], made={**stored["Q4"].made, "metric": "unclaimed rate"})
    rows = _handed_in_from(klass, tmp_path, "metric", {**stored, "Q4": edited})
    assert rows["Q4"]["flags"] == "its stored output records the metric 'unclaimed rate', not Q2's planned 'moon rate'", rows["Q4"]


def test_honest_slips_in_q3_to_q6_read_as_slips(klass, tmp_path):
    """rev-cap should-fix 3 and 5 (kernel_runs.py swapped_q4, rules_in_q4): Q4 given Q3's runs the other way round
    (refused: 'the other way round') read "NOT the class copy's own" when left as the stored output, and Q4 given the
    rules (refused, no runs recorded) "not verified (checked with an older hearts_lab?)". Now the first is a note on
    the row and the second is not read."""
    from hearts_lab.exercises.classroom import OTHER_WAY

    ws5, four, house, own, runs, answered = _ada_session(klass)
    b, h = runs()
    stored = {"Q2": ws5.check_q2("moon rate", "increase", own, ws5.MIN_HANDS, "random"),
              "Q3": ws5.check_q3(b, h, four, house, own), **answered(b, h)}
    effect = ws5.metric_value(h, "moon rate") - ws5.metric_value(b, "moon rate")
    swapped = ws5.check_q4(effect, h, b, "moon rate")
    assert swapped.status == "incorrect" and "other way round" in swapped.message
    rules = ws5.check_q4(effect, four, house, "moon rate")
    assert rules.status == "incorrect" and rules.made is None
    swapped_q3 = ws5.check_q3(h, b, four, house, own)
    assert swapped_q3.status == "incorrect"
    rows = {name: _handed_in_from(klass, tmp_path, name, changed) for name, changed in (
        ("swapped_q4", {**stored, "Q4": swapped}), ("rules_in_q4", {**stored, "Q4": rules}),
        ("swapped_q3", {**stored, "Q3": swapped_q3}))}
    for name, row in rows.items():
        assert row["seeds"]["correct"] == "the class copy's own" and row["seeds"]["why"] == "", (name, row["seeds"])
    assert rows["swapped_q4"]["Q4"]["flags"] == OTHER_WAY and rows["swapped_q4"]["Q4"]["correct"] == "recorded incorrect"
    assert rows["swapped_q3"]["Q3"]["flags"] == OTHER_WAY
    assert rows["rules_in_q4"]["Q4"]["flags"] == "" and rows["rules_in_q4"]["Q4"]["correct"] == "recorded incorrect"


def test_hand_edited_q4_to_q6_records_are_read_whatever_their_status(klass, tmp_path):
    """rev-cap should-fix 5 and nit 7 (hostile.py): seeds of a kind the reader cannot take read "(checked with an older
    hearts_lab?)", and a record with status "unanswered" naming other seeds was skipped ("the class copy's own")."""
    own = klass.variant("Ada Lovelace", "ws5").seeds
    runs = {"hands": 20000, "seed": own[0], "rules": "0" * 16, "policy": "random", "house_seed": own[1]}
    cases = {
        "unanswered_other": {"Q4": {"status": "unanswered", "made": {**runs, "seed": 11}}},
        "Unanswered_other": {"Q4": {"status": "Unanswered", "made": {**runs, "seed": 11}}},
        "missing_status": {"Q4": {"made": {**runs, "seed": 11}}},
        "nan": {"Q4": {"made": {**runs, "seed": float("nan")}}},
        "text": {"Q5": {"made": {**runs, "seed": str(own[0])}}},
        "bool": {"Q6": {"made": {**runs, "house_seed": True}}},
        "refused_no_runs": {"Q4": {"status": "incorrect", "made": None}},
    }
    for case, after_q3 in cases.items():
        nb = _capstone_copy(klass, "Ada Lovelace", after_q3=after_q3)
        if case == "missing_status":
            for cell in nb["cells"]:
                for out in cell.get("outputs", []):
                    data = out.get("data", {}).get(checks.MIME_TYPE)
                    if data and data.get("question") == "Q4":
                        del data["status"]
        _save(tmp_path / case, "ada.ipynb", nb)
    rows = {case: _rows(grade(tmp_path / case, SECRET, roster=ROSTER), "Ada Lovelace", "ws5")["seeds"] for case in cases}
    for case in ("unanswered_other", "Unanswered_other", "missing_status"):
        assert rows[case]["correct"] == "NOT the class copy's own", (case, rows[case])
        assert rows[case]["why"] == f"Q4's stored output records a base run with seed 11, not the copy's own {own[0]}", rows[case]
    for case, key in (("nan", "Q4"), ("text", "Q5"), ("bool", "Q6")):
        assert rows[case]["correct"] == "not verified", (case, rows[case])
        assert rows[case]["why"] == f"{key}'s stored output records seeds it cannot read", (case, rows[case])
        assert "older hearts_lab" not in rows[case]["why"]
    assert rows["refused_no_runs"]["correct"] == "the class copy's own", rows["refused_no_runs"]


def test_a_reach_into_the_runs_ws5_keeps_is_named_as_such(klass, tmp_path):
    """rev-cap nit 8: a cell naming ws5._ACCEPTED_RUNS or ws5._REPEATED was said to reach 'ws5's variant'; they are the
    plan and runs its checks keep, and the message names the cell, as the dynamic-code message does."""
    for case, trick in {"accepted": "ws5._ACCEPTED_RUNS.append((base_result, house_result))",
                        "repeated": "ws5._REPEATED.update({})", "plans": "ws5._PLANS.clear()",
                        "current": "x = ws5._current"}.items():
        nb = _capstone_copy(klass, "Ada Lovelace")
        nb["cells"].insert(3, {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": trick})
        _save(tmp_path / case, "ada.ipynb", nb)
    rows = {case: _rows(grade(tmp_path / case, SECRET, roster=ROSTER), "Ada Lovelace", "ws5")["seeds"]
            for case in ("accepted", "repeated", "plans", "current")}
    for case, name in (("accepted", "ws5._ACCEPTED_RUNS"), ("repeated", "ws5._REPEATED"), ("plans", "ws5._PLANS")):
        assert rows[case]["correct"] == "not verified", rows[case]
        assert re.fullmatch(rf"code cell \d+ reaches the plan and runs ws5's checks keep \({re.escape(name)}\), which the "
                            r"reader does not follow: Q3 and Q4-Q6 may have judged other runs than the copy's own",
                            rows[case]["why"]), rows[case]
    assert re.match(r"code cell \d+ reaches ws5's variant", rows["current"]["why"]), rows["current"]


def _capstone_teacher_texts() -> dict[str, str]:
    """The teacher texts that say what the capstone's rows read: the rubric, exercises/README and class_results'
    prose, each on one line (whitespace runs as one space)."""
    teacher = EXERCISES_DIR / "teacher"
    texts = {"rubric": (teacher / "capstone_rubric.md").read_text(encoding="utf-8"),
             "README": (EXERCISES_DIR / "README.md").read_text(encoding="utf-8"),
             "class_results": " ".join("".join(c["source"]) for c in json.loads(
                 (teacher / "class_results.ipynb").read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "markdown")}
    return {name: " ".join(text.split()) for name, text in texts.items()}


def test_the_teacher_texts_say_what_the_seeds_row_cannot_see():
    """rev-cap should-fix 2 (kernel_runs.py rng_alias, rng_mock, attrgetter; reach_variants.py): runs faked through an
    alias or a patch in the kernel pass every check and read "the class copy's own"; the texts said the seeds could
    not be tried without an edited use_variant line or a reach into ws5. They now say what the row cannot see and how
    the teacher runs a student's plan again; since the re-run row (tests/test_exercises_classroom_rerun.py), that the
    teacher's side re-runs it, when it does not, and how to ask for the slow plans."""
    texts = _capstone_teacher_texts()
    for name, text in texts.items():
        assert "unittest.mock.patch" in text and "deleted" in text, name
        assert "is impossible without" not in text and "each of which records both runs' seeds" not in text, name
        assert "*re-run* row" in text and "simulates the student's plan again" in text, name
        assert "*not re-run*" in text and 'rerun="all"' in text and "never from the notebook" in text, name
    rubric = texts["rubric"]
    assert "re-run it by hand with `simulate`" in rubric  # an older hearts_lab's record holds no rules
    assert "*the class copy's own* means that the file shows nothing against it" in rubric


# -- rev-cap2 (re-review of the capstone's plan history): /tmp/rev-cap2-findings ---------------------------


def test_a_look_pushed_out_of_the_shown_plans_is_still_noted_on_q2s_row(klass, tmp_path):
    """rev-cap2 must-fix 1 (kernel_runs2.py throwaway5; plan_history_gaps.py case a'): after a look, five throwaway
    plans pushed the looked plan out of Q2's stored list and the Q2 row noted nothing. It reads the kernel's counts."""
    from hearts_lab.exercises import ws5 as module

    ws5, four, house, own, runs, answered = _ada_session(klass)
    first = runs()
    assert ws5.check_q2("moon rate", "no change", own, ws5.MIN_HANDS, "random").status == "correct"
    assert ws5.check_q3(*first, four, house, own).status == "correct"
    for i in range(module.EARLIER_SHOWN):
        assert ws5.check_q2("moon rate", ("increase", "decrease")[i % 2], own, ws5.MIN_HANDS, "random").status == "correct"
    more = runs(2 * ws5.MIN_HANDS)
    stored = {"Q2": ws5.check_q2("moon rate", "no change", own, 2 * ws5.MIN_HANDS, "random"),
              "Q3": ws5.check_q3(*more, four, house, own), **answered(*more)}
    assert not any(e["looked"] for e in stored["Q2"].made["earlier"]), "the look is out of the shown plans"
    rows = _handed_in_from(klass, tmp_path, "throwaway", stored)
    number = module.EARLIER_SHOWN + 2
    assert rows["Q2"]["flags"] == (f"a new plan (plan {number} of the session) after Q3 had accepted runs of an earlier "
                                   "one (10,000 hands, bots 'random', metric 'moon rate', predicted 'no change'): ask why"), rows["Q2"]


def test_a_plan_after_the_first_is_noted_more_mildly(klass, tmp_path):
    """rev-cap2 must-fix 1, second part: any plan number above 1 is noted on Q2's row, milder than a look."""
    ws5, four, house, own, runs, answered = _ada_session(klass)
    assert ws5.check_q2("moon rate", "increase", own, ws5.MIN_HANDS, "random").status == "correct"
    b, h = runs()
    stored = {"Q2": ws5.check_q2("moon rate", "decrease", own, ws5.MIN_HANDS, "random"),
              "Q3": ws5.check_q3(b, h, four, house, own), **answered(b, h)}
    rows = _handed_in_from(klass, tmp_path, "second", stored)
    assert rows["Q2"]["flags"] == "plan 2 of the session: ask why the plan changed", rows["Q2"]
    assert rows["seeds"]["correct"] == "the class copy's own", rows["seeds"]


def test_a_reset_after_a_look_is_noted_from_the_kernels_count(klass, tmp_path):
    """rev-cap2 should-fix 2 (kernel_runs2.py reset_replan; plan_history_gaps.py case b): reset("ws5") after a look
    wiped Q2's history and the table noted nothing; the kernel's count survives reset, and is read."""
    from hearts_lab.exercises import reset

    ws5, four, house, own, runs, answered = _ada_session(klass)
    assert ws5.check_q2("moon rate", "no change", own, ws5.MIN_HANDS, "random").status == "correct"
    assert ws5.check_q3(*runs(), four, house, own).status == "correct"
    reset("ws5")
    more = runs(2 * ws5.MIN_HANDS)
    stored = {"Q2": ws5.check_q2("moon rate", "no change", own, 2 * ws5.MIN_HANDS, "random"),
              "Q3": ws5.check_q3(*more, four, house, own), **answered(*more)}
    rows = _handed_in_from(klass, tmp_path, "reset", stored)
    assert rows["Q2"]["flags"].startswith("a new plan (plan 2 of the session) after Q3 had accepted runs"), rows["Q2"]


@pytest.mark.parametrize("trick", ['from hearts_lab.exercises import reset\nreset("ws5")',
                                   "import hearts_lab.exercises.checks as c\nc.reset()",
                                   "from hearts_lab.exercises import checks\nchecks._RESULTS.clear()",
                                   'from hearts_lab.exercises import checks as c\nc.reset(worksheet="ws" + "5")',
                                   'import hearts_lab.exercises as E\nE.ws5.reset()',
                                   # follow-up finding 7: one tracker (_Names) follows the checks module and its reset
                                   # through assignments too, which the imports-only scan missed
                                   "from hearts_lab.exercises import checks\nc = checks\nc.reset()",
                                   'from hearts_lab.exercises import checks\nr = checks.reset\nr("ws5")',
                                   "import hearts_lab.exercises\nE = hearts_lab.exercises\nE.reset()",
                                   'import hearts_lab.exercises as E\nE.checks.reset("ws5")'])
def test_a_cell_that_resets_ws5s_checks_is_noted_on_q2s_row(klass, tmp_path, trick):
    """rev-cap2 should-fix 2: a code cell that calls reset on ws5 (or on every worksheet) or clears the checks'
    results wipes Q2's list of plans; the teacher's table names the cell, however the cell names the checks' reset.
    Follow-up finding 4: the note was the seeds row's reason for "not verified", but a reset changes neither the copy's
    seeds nor the runs the checks take (both come from the kernel's variant, which a reset keeps): it is noted on Q2's
    row, whose stored list of plans it can shorten, and the seeds row reads the seeds alone."""
    nb = _capstone_copy(klass, "Ada Lovelace")
    nb["cells"].insert(3, {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": trick})
    _save(tmp_path / "reset", "ada.ipynb", nb)
    rows = _rows(grade(tmp_path / "reset", SECRET, roster=ROSTER), "Ada Lovelace", "ws5")
    assert re.fullmatch(r"code cell 3 may reset ws5's recorded checks \((reset|_RESULTS)\), which can hide earlier plans "
                        r"from Q2's stored list \(not from the kernel's counts\)", rows["Q2"]["flags"]), rows["Q2"]
    assert rows["seeds"]["correct"] == "the class copy's own" and rows["seeds"]["why"] == "", rows["seeds"]


@pytest.mark.parametrize("spare", ["lab.reset()", "bar = tqdm(total=5)\nbar.reset(total=5)", "w = Stopwatch()\nw.reset()",
                                   "from stopwatch import reset\nreset()"])  # another module's reset (follow-up 7)
def test_another_objects_reset_is_not_the_checks(klass, tmp_path, spare):
    """rev-cap3 must-fix 1 (kernel_runs3.py timer_reset, reset_detect.py): any object's .reset() - the rules lab's, a
    progress bar's, a student's stopwatch - made the seeds row "not verified" with the false reason that the cell resets
    ws5's recorded checks. Only the checks' reset counts."""
    nb = _capstone_copy(klass, "Ada Lovelace")
    nb["cells"].insert(3, {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": spare})
    _save(tmp_path / "spare", "ada.ipynb", nb)
    rows = _rows(grade(tmp_path / "spare", SECRET, roster=ROSTER), "Ada Lovelace", "ws5")
    assert "reset" not in rows["seeds"]["why"] and "reset" not in rows["Q2"]["flags"], rows


@pytest.mark.parametrize("last", ["unanswered", "refused"])
def test_one_more_q2_check_at_the_end_hides_no_q2_note(klass, tmp_path, last):
    """rev-cap3 must-fix 2 (kernel_runs3.py replan_then_blank_q2, replan_then_refused_q2): the grader read only the
    last Q2 output, so one more Q2 line at the end (left unanswered, or refused) hid the note of a plan changed after a
    look. Every stored Q2 output is read: the kernel's counts only grow."""
    ws5, four, house, own, runs, answered = _ada_session(klass)
    assert ws5.check_q2("moon rate", "no change", own, ws5.MIN_HANDS, "random").status == "correct"
    assert ws5.check_q3(*runs(), four, house, own).status == "correct"
    more = runs(2 * ws5.MIN_HANDS)
    stored = {"Q2": ws5.check_q2("moon rate", "no change", own, 2 * ws5.MIN_HANDS, "random"),
              "Q3": ws5.check_q3(*more, four, house, own), **answered(*more)}
    extra = (ws5.check_q2(..., "no change", own, 2 * ws5.MIN_HANDS, "random") if last == "unanswered"
             else ws5.check_q2("moon rate", "no change", own, 2 * ws5.MIN_HANDS, "medium"))
    assert extra.status == ("unanswered" if last == "unanswered" else "incorrect"), extra
    nb = _capstone_copy(klass, "Ada Lovelace")
    for cell in nb["cells"]:
        for key, result in stored.items():
            if "".join(cell["source"]).startswith(f"ws5.check_{key.lower()}("):
                cell["outputs"] = [_stored_output(result)]
    nb["cells"].append({"cell_type": "code", "metadata": {}, "execution_count": 2, "source": "ws5.check_q2(metric, ...)",
                        "outputs": [_stored_output(extra)]})
    _save(tmp_path / last, "ada.ipynb", nb)
    rows = _rows(grade(tmp_path / last, SECRET, roster=ROSTER), "Ada Lovelace", "ws5")
    assert rows["Q2"]["flags"].startswith("a new plan (plan 2 of the session) after Q3 had accepted runs"), rows["Q2"]


def _stored_output(result) -> dict:
    """A check's result as its cell stores it (the kernel's display, without the HTML)."""
    return {"output_type": "execute_result", "metadata": {}, "execution_count": 1,
            "data": {k: v for k, v in result._repr_mimebundle_().items() if k != "text/html"}}


def test_a_reset_of_another_worksheet_is_not_flagged(klass, tmp_path):
    nb = _capstone_copy(klass, "Ada Lovelace")
    nb["cells"].insert(3, {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                           "source": 'ws1.reset("ws1")'})
    _save(tmp_path / "other", "ada.ipynb", nb)
    rows = _rows(grade(tmp_path / "other", SECRET, roster=ROSTER), "Ada Lovelace", "ws5")
    assert "reset" not in rows["seeds"]["why"] and "reset" not in rows["Q2"]["flags"], rows


def test_the_teacher_texts_say_what_q2s_row_notes_and_cannot_see():
    """rev-cap2 should-fix 3: the texts overclaimed what Q2's note catches. They now say what is noted (a plan after a
    look, from the kernel's count; any plan after the first; a cell resetting ws5's checks by name) and what cannot
    be seen (a spare cell before or after Q2, an interval computed by hand before a new plan, a kernel restart)."""
    texts = _capstone_teacher_texts()
    for name, text in texts.items():
        assert "any plan after the first" in text, name
        assert "kernel restart" in text, name
        assert "resets ws5's recorded checks" in text or "resetting ws5's recorded checks" in text, name
        assert "cannot change the seeds" in text, name  # follow-up finding 4: a reset is noted on Q2's row, not the seeds row
        assert "could not be read, are missing or contradict each other" in text, name  # follow-up finding 5
        assert "spare cell before Q2," not in text, name
    for name in ("rubric", "README"):
        text = texts[name]
        assert "spare cell before or after Q2" in text and "computed by hand before a new plan" in text, name
    key = (EXERCISES_DIR / "teacher" / "answer_keys" / "05_capstone_house_rule.md").read_text(encoding="utf-8")
    assert "new seeds or more hands" not in key and "which the hand-in shows" not in key


@pytest.mark.parametrize("edit, said", [
    ({"plans": "lots"}, "its stored output's count of plans could not be read ('lots')"),
    ({"looked_then_replanned": "x"}, "its stored output's count of plans changed after a look could not be read ('x')"),
    ({"looked_then_replanned": -1}, "its stored output's count of plans changed after a look could not be read (-1)"),
    ({"looked_then_replanned": True}, "its stored output's count of plans changed after a look could not be read (True)"),
    ({"plan": 2.0, "last_looked": 5}, "its stored output's plan number and record of the latest plan changed after a look could not be read (2.0, 5)"),
    ({"earlier": "none"}, "its stored output's list of earlier plans could not be read ('none')"),
    ({"plans": None, "looked_then_replanned": None, "last_looked": None, "earlier": None, "plan": None},
     "its stored output's plan number, count of plans, count of plans changed after a look and list of earlier plans "
     "could not be read (None, None, None, None)"),
])
def test_a_hand_edited_count_that_cannot_be_read_is_noted_on_q2s_row(klass, tmp_path, edit, said):
    """Follow-up finding 5: Q2's stored record carries the kernel's counts (plans, looked_then_replanned, last_looked);
    one edited to something the reader cannot take was skipped, so the row read as a clean Q2 with no note. Each is
    noted as 'could not be read', with what it holds; the seeds row is not concerned."""
    ws5, four, house, own, runs, answered = _ada_session(klass)
    b, h = runs()
    stored = {"Q2": ws5.check_q2("moon rate", "increase", own, ws5.MIN_HANDS, "random"),
              "Q3": ws5.check_q3(b, h, four, house, own), **answered(b, h)}
    assert not _handed_in_from(klass, tmp_path, "honest", stored)["Q2"]["flags"], "an honest plan 1 has no note"
    edited = {**stored, "Q2": dataclasses.replace(stored["Q2"], made={**stored["Q2"].made, **edit})}
    rows = _handed_in_from(klass, tmp_path, "edited", edited)
    assert rows["Q2"]["flags"] == said, rows["Q2"]
    assert rows["seeds"]["correct"] == "the class copy's own", rows["seeds"]


def test_a_record_without_the_counts_is_noted_on_q2s_row(klass, tmp_path):
    """Follow-up finding 5: a record without the kernel's counts (an older hearts_lab's, or the keys deleted) read as
    clean; it says what it does not record."""
    ws5, four, house, own, runs, answered = _ada_session(klass)
    b, h = runs()
    stored = {"Q2": ws5.check_q2("moon rate", "increase", own, ws5.MIN_HANDS, "random"),
              "Q3": ws5.check_q3(b, h, four, house, own), **answered(b, h)}
    made = {k: v for k, v in stored["Q2"].made.items() if k not in ("plans", "looked_then_replanned", "last_looked")}
    rows = _handed_in_from(klass, tmp_path, "older", {**stored, "Q2": dataclasses.replace(stored["Q2"], made=made)})
    assert rows["Q2"]["flags"] == ("its stored output records no count of plans, count of plans changed after a look and "
                                   "record of the latest plan changed after a look (checked with an older hearts_lab, or "
                                   "edited?)"), rows["Q2"]


@pytest.mark.parametrize("edit, said", [
    ({"looked_then_replanned": 1}, "1 plan changed after a look, but 1 plan in all"),
    ({"plans": 2, "plan": 2, "looked_then_replanned": 2}, "2 plans changed after a look, but 2 plans in all"),
    ({"plans": 1, "plan": 3, "last_looked": None}, "plan 3 of 1 plan"),
    ({"plans": 3, "plan": 3}, "a plan changed after a look recorded, but none counted"),
    ({"plans": 3, "plan": 3, "looked_then_replanned": 1, "last_looked": None}, "1 plan changed after a look, but none recorded"),
])
def test_contradictory_hand_edited_counts_are_noted_not_read(klass, tmp_path, edit, said):
    """Follow-up finding 5: counts edited into a contradiction were shown as they were ('a new plan (plan 1 of the
    session) after Q3 had accepted runs of an earlier one'). The kernel counts a plan changed after a look as a new
    plan, so there are fewer such plans than plans in all, each with the plan it changed; the plan's number is at most
    the count of plans. A record that breaks this is noted as contradicting itself, and its counts are not read."""
    ws5, four, house, own, runs, answered = _ada_session(klass)
    b, h = runs()
    stored = {"Q2": ws5.check_q2("moon rate", "increase", own, ws5.MIN_HANDS, "random"),
              "Q3": ws5.check_q3(b, h, four, house, own), **answered(b, h)}
    looked = {k: stored["Q2"].made[k] for k in ("metric", "prediction", "seed", "house_seed", "hands", "policy")}
    made = {**stored["Q2"].made, "last_looked": looked, **edit}
    rows = _handed_in_from(klass, tmp_path, "edited", {**stored, "Q2": dataclasses.replace(stored["Q2"], made=made)})
    assert rows["Q2"]["flags"] == f"its stored output's counts contradict each other ({said}): edited? ask why", rows["Q2"]
    assert "of the session" not in rows["Q2"]["flags"]
