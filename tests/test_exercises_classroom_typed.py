"""Issue 17, hostile review rev-h2 findings 2 and 5: one rule for a typed count on both sides, and a notebook
handed in under another worksheet's label.

Worksheet 4's Q7 and Q8 and worksheet 6's Q3 are estimates checked as the dealing, sampling or simulation
that made them: the student's kernel refuses a typed number, and so must the teacher's grading (it used to
read a literal in the answer cell as the count). A notebook is graded as what its cells say it is (its
use_variant line), flagged where its label or file name says otherwise.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_exercises_variants import q6_event
from test_exercises_ws6 import answers as ws6_answers

from hearts_lab.exercises import checks, ws4, ws6
from hearts_lab.exercises.classroom import Class, grade, variant_values
from hearts_lab.exercises.sampling import deal_hands
from hearts_lab.simulate import simulate

SECRET = "correct horse battery staple, 2026"
ROSTER = ["Ada Lovelace", "Alan Turing", "Grace Hopper"]
MODULES = {"ws4": ws4, "ws6": ws6}
TYPED = "cannot show how it was made"  # every such question's sentence for a typed number


pytestmark = pytest.mark.usefixtures("exercise_session")  # tests/conftest.py


@pytest.fixture(scope="module")
def klass():
    return Class(SECRET, ROSTER)


def _kernel(klass, student, worksheet):
    """Switch to ``student``'s own copy as their kernel has it (worksheet 4: the key line's judgement)."""
    seed = klass.seed(student, worksheet)
    if worksheet == "ws4":
        ws4.use_variant(seed, values=variant_values("ws4", seed))
    else:
        ws6.use_variant(seed)


def _right(klass, student):
    """The results of the calls ``student``'s own copy asks for: {(worksheet, question): result}."""
    v4 = klass.variant(student, "ws4")
    return {
        ("ws4", "Q7"): deal_hands(ws4.STANDARD_4, v4.q7[0], seed=v4.q7[1]).count(q6_event(v4)),
        ("ws4", "Q8"): simulate(ws4.Q8_RULES, v4.q8[0], bots="random", seed=v4.q8[1]),
        ("ws6", "Q3"): ws6_answers(klass.variant(student, "ws6"))["Q3"],
    }


def _hand_in(klass, student, worksheet, cells, run, edit=None):
    """``student``'s copy with ``cells`` ({question: answer line}) and each check's output as their kernel stores it
    after running ``run[question]`` (``edit``: changes a student made to the stored output's data)."""
    nb = klass.copy(student, worksheet)
    module = MODULES[worksheet]
    _kernel(klass, student, worksheet)
    checks.reset(worksheet)
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        for key, line in cells.items():
            name = key.lower()
            if cell["cell_type"] == "code" and text.startswith(f"{name} = ..."):
                cell["source"] = line
            if cell["cell_type"] == "code" and text == f"{worksheet}.check_{name}({name})":
                bundle = getattr(module, f"check_{name}")(run[key])._repr_mimebundle_()
                bundle[checks.MIME_TYPE].update((edit or {}).get(key, {}))
                cell["outputs"] = [{"output_type": "execute_result", "data": bundle, "metadata": {}, "execution_count": 1}]
    module.use_variant(None)
    return nb


def _save(folder: Path, name: str, nb) -> None:
    (folder / name).parent.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


def test_a_typed_count_is_refused_in_the_kernel_and_by_the_teachers_grading(klass, tmp_path):
    right = _right(klass, "Ada Lovelace")
    # The student's kernel: the call's result is right; the same number typed is refused, saying why.
    for (ws, q), result in right.items():
        _kernel(klass, "Ada Lovelace", ws)
        check = getattr(MODULES[ws], f"check_{q.lower()}")
        assert check(result).status == "correct", (ws, q)
        typed = check(checks.recorded(result))
        assert typed.status == "incorrect" and TYPED in typed.message, (ws, q, typed.message)
        MODULES[ws].use_variant(None)
    # The teacher's side: four notebooks of each worksheet, all with the right numbers.
    calls = {"Q7": "q7 = deal_hands(four, n, seed=s).count(moon_shaped)", "Q8": "q8 = simulate(rules, n, bots='random', seed=s)",
             "Q3": "q3 = ws6.sample_q3(k, seed).count(holds_queen)"}
    for ws in ("ws4", "ws6"):
        asked = {q: r for (w, q), r in right.items() if w == ws}
        typed = {q: f"{q.lower()} = {checks.recorded(r)}" for q, r in asked.items()}
        numbers = {q: checks.recorded(r) for q, r in asked.items()}
        _save(tmp_path, f"{ws}_typed.ipynb", _hand_in(klass, "Ada Lovelace", ws, typed, numbers))
        _save(tmp_path, f"{ws}_edited.ipynb", _hand_in(klass, "Ada Lovelace", ws, typed, numbers,  # output says correct
                                                       edit={q: {"status": "correct"} for q in asked}))
        computed = {q: f"{q.lower()} = result.{'moon_count' if q == 'Q8' else 'hits'}" for q in asked}
        _save(tmp_path, f"{ws}_computed.ipynb", _hand_in(klass, "Ada Lovelace", ws, computed, numbers))
        _save(tmp_path, f"{ws}_honest.ipynb", _hand_in(klass, "Ada Lovelace", ws, {q: calls[q] for q in asked}, asked))
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    assert not grades.skipped, grades.skipped
    by_file = {s.file: {a.question: a for a in s.answers} for s in grades.submissions}
    for (ws, q), _ in right.items():
        honest, typed, edited, computed = (by_file[f"{ws}_{kind}.ipynb"][q] for kind in ("honest", "typed", "edited", "computed"))
        assert honest.status == "correct", (ws, q, honest)
        for answer in (typed, edited):
            assert answer.status == "incorrect" and answer.source == "cell", (ws, q, answer)
            assert any("a typed value in the answer cell, not the result of the call" in f and TYPED in f
                       for f in answer.flags), (ws, q, answer.flags)
        assert any("stored output says correct, the answer is incorrect" in f for f in edited.flags), edited.flags
        assert computed.status == "incorrect" and computed.source == "recorded", (ws, q, computed)
        assert any("refused this answer when it ran" in f for f in computed.flags), computed.flags


def test_a_relabelled_notebook_without_outputs_is_graded_as_what_its_cells_say(klass, tmp_path):
    """A worksheet 6 copy relabelled as worksheet 4 (metadata and file name) and saved without outputs."""
    ada = ws6_answers(klass.variant("Ada Lovelace", "ws6"))
    nb = klass.copy("Ada Lovelace", "ws6")
    for cell in nb["cells"]:
        if cell["cell_type"] == "code" and "".join(cell["source"]).startswith("q1 = ..."):
            cell["source"] = f"q1 = {ada['Q1']!r}"
    relabelled = json.loads(json.dumps(nb))
    relabelled["metadata"]["hearts_lab"]["worksheet"] = "ws4"
    assert not any(cell.get("outputs") for cell in relabelled["cells"])
    _save(tmp_path, "ada/04_moon_odds.ipynb", relabelled)
    _save(tmp_path, "alan/04_moon_odds.ipynb", klass.copy("Alan Turing", "ws6"))  # only its file name says ws4
    _save(tmp_path, "grace/06_how_computers_play.ipynb", klass.copy("Grace Hopper", "ws6"))  # nothing to flag
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    subs = {s.student: s for s in grades.submissions}
    assert {s.worksheet for s in subs.values()} == {"ws6"}
    ada_flags, alan_flags = subs["Ada Lovelace"].flags, subs["Alan Turing"].flags
    assert any("labelled ws4 in its metadata, but its use_variant line is worksheet ws6's: handed in for the wrong "
               "worksheet? (graded as ws6)" in f for f in ada_flags), ada_flags
    assert any("file name is worksheet ws4's" in f for f in ada_flags + alan_flags)
    assert not any("labelled" in f for f in alan_flags) and subs["Grace Hopper"].flags == []
    assert "the notebook's variant is not this student's" not in " ".join(ada_flags)  # its own ws6 variant
    assert {a.question: a.status for a in subs["Ada Lovelace"].answers}["Q1"] == "correct"
    assert not any(ws == "ws4" for _, ws in grades.missing)  # nobody handed in a worksheet 4


def test_two_use_variant_lines_leave_the_label(klass, tmp_path):
    nb = klass.copy("Ada Lovelace", "ws6")
    nb["cells"].append({"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                        "source": "ws4.use_variant(1)"})
    _save(tmp_path, "ada.ipynb", nb)
    (sub,) = grade(tmp_path, SECRET).submissions
    assert sub.worksheet == "ws6" and not any("wrong worksheet" in f for f in sub.flags)


def test_a_deep_answer_is_one_unreadable_answer_not_a_skipped_notebook(klass, tmp_path):
    """rev-h3 #6: a long sum (1,500 terms, which Python runs) or a 1,200-link d.count(e).count(e)... raised a
    RecursionError in the answer reader, and the whole notebook was skipped "could not be graded". Now only that
    answer is unread (computed, as far as the teacher can tell: no check output records it), the others graded."""
    from test_exercises_classroom import _rows

    nb = klass.copy("Ada Lovelace", "ws6")
    right = ws6_answers(klass.variant("Ada Lovelace", "ws6"))
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "code" and text.startswith("q1 = ..."):
            cell["source"] = f"q1 = {right['Q1']!r}"
        elif cell["cell_type"] == "code" and text.startswith("q2 = ..."):
            cell["source"] = "q2 = " + " + ".join(["1"] * 1500)
        elif cell["cell_type"] == "code" and text.startswith("q3 = ..."):
            cell["source"] = "q3 = d" + ".count(e)" * 1200
    _save(tmp_path, "ada.ipynb", nb)
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    assert grades.skipped == []
    rows = _rows(grades, "Ada Lovelace", "ws6")
    assert rows["Q1"]["correct"] == "correct", rows["Q1"]
    assert rows["Q2"]["correct"] == "unreadable" and "no check output records its value" in rows["Q2"]["flags"], rows["Q2"]
    assert rows["Q3"]["correct"] in ("incorrect", "unreadable") and "not the result of the call" in rows["Q3"]["flags"], rows["Q3"]


def test_a_deleted_answer_cell_leaves_a_call_result_not_verified(klass, tmp_path):
    """rev-h3 #5: with its answer cell deleted and its stored output edited (the right count, its made record, first
    try), ws4 Q7 / ws6 Q3 were graded correct with no flag: the made-by-call check ran only where a q7 line existed.
    Now such an answer is unreadable, saying why; another question with no answer line says it was judged from the
    stored output only."""
    right = _right(klass, "Ada Lovelace")
    for ws, q in (("ws4", "Q7"), ("ws6", "Q3")):
        result = right[(ws, q)]
        nb = _hand_in(klass, "Ada Lovelace", ws, {q: f"{q.lower()} = d.count(e)"}, {q: result},
                      edit={q: {"status": "correct", "attempt": 1}})
        deleted = (f"{q.lower()} = ", "q1 = ") if ws == "ws6" else (f"{q.lower()} = ",)
        nb["cells"] = [c for c in nb["cells"] if not "".join(c["source"]).startswith(deleted)]
        if ws == "ws6":  # and a question answered honestly, its answer cell deleted too
            answers = ws6_answers(klass.variant("Ada Lovelace", "ws6"))
            nb6 = _hand_in(klass, "Ada Lovelace", ws, {"Q1": f"q1 = {answers['Q1']!r}"}, {"Q1": answers["Q1"]})
            q1_out = next(c for c in nb6["cells"] if "".join(c["source"]) == "ws6.check_q1(q1)")
            for cell in nb["cells"]:
                if "".join(cell["source"]) == "ws6.check_q1(q1)":
                    cell["outputs"] = q1_out["outputs"]
        _save(tmp_path / ws, "ada.ipynb", nb)
        (sub,) = grade(tmp_path / ws, SECRET, roster=ROSTER).submissions
        answer = {a.question: a for a in sub.answers}[q]
        assert answer.status == "unreadable" and answer.first_try is None, (ws, q, answer)
        assert any(f"no answer line ({q.lower()} = ...) in any cell" in f and "not verified" in f for f in answer.flags), answer.flags
        if ws == "ws6":
            q1 = {a.question: a for a in sub.answers}["Q1"]
            assert q1.status == "correct" and q1.flags == ["no answer line (q1 = ...) in any cell: judged from the stored output only"], q1
