"""Worksheets: the check machinery, every teacher and student copy, and answer leaks.

- Teacher copies re-execute to their stored outputs (pytest-notebook, as for
  notebooks/) and every question reports ``correct``.
- Student copies execute without error and every question reports ``unanswered``.
- No solution line of a source appears in its student copy, and no answer the
  teacher copy computes appears as plain text in the hearts_lab.exercises package.
- ``tools/make_exercises.py --check``: the committed copies match their sources.
- Unit tests: equivalent answer forms are accepted, the usual mistakes get their hints.

Check results are read from the ``application/vnd.hearts-lab.check+json``
part of each check's output, never by parsing its text.
"""
from __future__ import annotations

import contextlib
import dataclasses
import importlib
import importlib.util
import io
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
import sympy
from nbclient import NotebookClient

from notebook_harness import KERNEL_ENV, regression_fixture

from hearts_lab import Card, Rules
from hearts_lab.exercises import checks, ws1, ws2, ws3, ws4, ws5
from hearts_lab.exercises.checks import MIME_TYPE, QUESTIONS, CheckResult

REPO = Path(__file__).resolve().parent.parent
EXERCISES = REPO / "exercises"
SOURCES = sorted((EXERCISES / "source").glob("*.ipynb"))
NAMES = [p.name for p in SOURCES]
PACKAGE = REPO / "hearts_lab" / "exercises"


def _tool():
    spec = importlib.util.spec_from_file_location("make_exercises", REPO / "tools" / "make_exercises.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_exercises = _tool()


def _worksheet(name: str) -> str:
    """``01_legal_moves.ipynb`` -> ``ws1``."""
    return f"ws{int(name.split('_', 1)[0])}"


def _statuses(nb) -> list[tuple[str, str, str]]:
    found = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if MIME_TYPE in data:
                payload = data[MIME_TYPE]
                found.append((payload["worksheet"], payload["question"], payload["status"]))
    return found


def _errors(nb) -> list[str]:
    return [
        f"{o.get('ename')}: {o.get('evalue')}"
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if o.get("output_type") == "error"
    ]


def test_five_worksheets_each_with_four_to_eight_questions():
    assert len(SOURCES) >= 5
    for name in NAMES:
        ws = _worksheet(name)
        importlib.import_module(f"hearts_lab.exercises.{ws}")
        assert 4 <= len(QUESTIONS[ws]) <= 8, (ws, list(QUESTIONS[ws]))


def test_committed_copies_are_fresh():
    run = subprocess.run(
        [sys.executable, str(REPO / "tools" / "make_exercises.py"), "--check"],
        capture_output=True, text=True, cwd=REPO, timeout=120,
    )
    assert run.returncode == 0, run.stderr + "\nRegenerate: .venv/bin/python tools/make_exercises.py"


@pytest.mark.notebooks
@pytest.mark.parametrize("name", NAMES)
def test_teacher_copy_reproduces_and_every_check_passes(name):
    path = EXERCISES / "teacher" / name
    result = regression_fixture(cwd=path.parent).check(str(path))
    statuses = _statuses(result.nb_final)
    ws = _worksheet(name)
    assert statuses, "no check reported anything"
    assert {q for _, q, _ in statuses} == set(QUESTIONS[ws]), "every question must be checked"
    wrong = [(q, s) for w, q, s in statuses if s != "correct" or w != ws]
    assert not wrong, f"teacher copy checks not all correct: {wrong}"


@pytest.mark.notebooks
@pytest.mark.parametrize("name", NAMES)
def test_student_copy_runs_and_reports_not_answered(name):
    path = EXERCISES / "student" / name
    stored = nbformat.read(path, as_version=4)
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in stored.cells if c.cell_type == "code")
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute(
        env={**os.environ, **KERNEL_ENV}
    )
    assert not _errors(nb)
    statuses = _statuses(nb)
    ws = _worksheet(name)
    assert {q for _, q, _ in statuses} == set(QUESTIONS[ws])
    assert {s for _, _, s in statuses} == {"unanswered"}


@pytest.mark.parametrize("name", NAMES)
def test_student_copy_contains_no_solution_text(name):
    source = nbformat.read(EXERCISES / "source" / name, as_version=4)
    student = nbformat.read(EXERCISES / "student" / name, as_version=4)
    visible = "\n".join(
        make_exercises._visible_code(c, "") if c.cell_type == "code" else c.source
        for c in source.cells
        if make_exercises.SOLUTION_TAG not in c.metadata.get("tags", [])
    )
    student_text = "\n".join(c.source for c in student.cells)
    lines = [line for line in make_exercises.solution_lines(source) if len(line) >= 6 and line not in visible]
    assert lines, "the source has no solutions?"
    leaked = [line for line in lines if line in student_text]
    assert not leaked, f"solution lines in the student copy: {leaked}"
    assert make_exercises.BEGIN not in student_text and make_exercises.END not in student_text
    assert all(make_exercises.SOLUTION_TAG not in c.metadata.get("tags", []) for c in student.cells)


def _teacher_namespace(name: str) -> dict:
    """Run the teacher copy's code in this process (no kernel) and return its variables."""
    nb = nbformat.read(EXERCISES / "teacher" / name, as_version=4)
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in nb.cells:
            if cell.cell_type == "code":
                exec(compile(cell.source, f"{name} cell", "exec"), namespace)
    return namespace


def _answer_forms(value) -> set[str]:
    forms = {str(value), repr(value)}
    if isinstance(value, (list, tuple, set, frozenset)) and value and all(isinstance(c, Card) for c in value):
        cards = sorted(value, key=Card.sort_key)
        forms |= {" ".join(map(str, cards)), ", ".join(map(str, cards)), " ".join(c.ascii for c in cards)}
        forms |= {", ".join(repr(c.ascii) for c in cards), ", ".join(repr(str(c)) for c in cards)}
    if isinstance(value, sympy.Basic) and value.is_number:
        forms.add(str(sympy.nsimplify(value)))
    return {f for f in forms if len(f) >= 5}


@pytest.mark.parametrize("name", [n for n in NAMES if _worksheet(n) != "ws5"])
def test_package_holds_no_plain_answers(name):
    """Every answer the teacher copy computes is absent from the package source (answers are derived)."""
    source = nbformat.read(EXERCISES / "source" / name, as_version=4)
    student = make_exercises.make_student(source)
    answers = sorted(
        {line.split(" = ", 1)[0] for c in student.cells if c.cell_type == "code" for line in c.source.splitlines()
         if line.endswith("= ...  # your answer here")}
    )
    namespace = _teacher_namespace(name)
    package_text = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    checked = 0
    for variable in answers:
        for form in _answer_forms(namespace[variable]):
            checked += 1
            assert form not in package_text, f"{name}: the answer {variable} = {form!r} is written in hearts_lab/exercises"
    assert checked, "no answer long enough to look for"


# -- the machinery ---------------------------------------------------------------------


def test_unanswered_and_result_object():
    result = ws1.check_q1(...)
    assert isinstance(result, CheckResult) and result.status == "unanswered" and not result
    bundle = result._repr_mimebundle_()
    assert bundle[MIME_TYPE] == {"worksheet": "ws1", "question": "Q1", "status": "unanswered"}
    assert "Not answered yet" in bundle["text/plain"]
    assert ws5.check_q3(..., ..., ..., ...).status == "unanswered"
    assert ws1.check_q1(3).status == "correct" and ws1.check_q1(1).status == "incorrect"


def test_cards_accepted_in_any_notation_and_container():
    legal = ws1.position_q2().legal_moves()
    forms = [
        legal,
        list(reversed(legal)),
        set(legal),
        " ".join(c.ascii.lower() for c in legal),
        ", ".join(str(c) for c in legal),
        [c.ascii.replace("T", "10") for c in legal],
    ]
    for form in forms:
        assert ws1.check_q2(form).status == "correct", form


def test_exact_answers_accepted_in_every_equivalent_form():
    for form in (
        sympy.binomial(102, 11) / sympy.binomial(104, 13),
        Fraction(3, 206),
        sympy.Rational(6, 412),
        "binomial(102, 11)/binomial(104, 13)",
        sympy.Integer(13) * 12 / (104 * 103),
    ):
        assert ws3.check_q6(form).status == "correct", form
    assert ws3.check_q2(sympy.factorial(52) / sympy.factorial(13) ** 4).status == "correct"
    assert ws3.check_q2(int(sympy.factorial(52) / sympy.factorial(13) ** 4)).status == "correct"
    from hearts_lab.combinatorics import p_both_queens

    assert ws3.check_q6(p_both_queens(Rules.preset("cancellation", players=8))).status == "correct"


def test_floats_refused_for_exact_questions_with_a_hint():
    result = ws3.check_q6(3 / 206)
    assert result.status == "incorrect" and "exact" in result.message


def test_estimates_accepted_within_the_stated_tolerance():
    exact = 16737695 / 186768694
    assert ws4.check_q7(exact + 0.9 * ws4.Q7_TOLERANCE).status == "correct"
    assert ws4.check_q7(exact - 1.1 * ws4.Q7_TOLERANCE).status == "incorrect"
    assert str(ws4.Q7_TOLERANCE) in ws4.check_q7(exact).message
    assert ws4.check_q7(100 * exact).status == "incorrect"


@pytest.mark.parametrize(
    "check, answer, words",
    [
        (ws1.check_q1, 1, "left of the dealer"),
        (ws1.check_q2, "2♦ 4♦ 8♦ 10♦ J♦ K♦ 2♠ 6♠ 7♠ 2♥", "first trick"),
        (ws1.check_q3, "J♣ Q♣ K♣ 4♦ K♦ 5♠", "Q♠ is a spade"),
        (ws1.check_q5, 0, "led card does not always win"),
        (ws1.check_q5, 1, "never wins"),
        (ws1.check_q6, 6, "Q♠"),
        (ws1.check_q7, "2♣", "stripped"),
        (ws2.check_q1, 0, "start at 0"),
        (ws2.check_q2, 1, "passes *to*"),
        (ws2.check_q4, 3, "cancel"),
        (ws2.check_q5, 2, "off-suit cards never win"),
        (ws2.check_q6, 3, "nobody won"),
        (ws2.check_q7, 2, "pending pile"),
        (ws2.check_q8, None, "not lost"),
        (ws3.check_q1, sympy.binomial(52, 10), "stripped"),
        (ws3.check_q2, sympy.factorial(52) / sympy.factorial(13) ** 4 / 24, "4!"),
        (ws3.check_q5, sympy.binomial(104, 13), "copies"),
        (ws3.check_q7, Fraction(3, 206), "given seat"),
        (ws4.check_q1, sympy.binomial(38, 3) / sympy.binomial(52, 17), "51 cards"),
        (ws4.check_q2, sympy.binomial(37, 3) / sympy.binomial(51, 17), "one given seat"),
        (ws4.check_q4, (34, 85, 90, 95), "new moon"),
        (ws4.check_q5, (60, 111, 116, 121), "old moon"),
    ],
)
def test_usual_mistakes_get_targeted_hints(check, answer, words):
    result = check(answer)
    assert result.status == "incorrect"
    assert words in result.message, result.message


def test_multiset_probability_mistake_is_recognised():
    """DESIGN.md's pitfall: distinct two-pack hands are not equally likely."""
    def hands(faces, size):
        return sum(sympy.binomial(faces, d) * sympy.binomial(faces - d, size - 2 * d) for d in range(size // 2 + 1))

    result = ws3.check_q6(hands(51, 11) / hands(52, 13))
    assert result.status == "incorrect" and "physical" in result.message


def test_capstone_checks_structure_and_consistency():
    from hearts_lab.simulate import simulate

    base = Rules.preset("standard", players=4)
    house = dataclasses.replace(base, first_trick_points=True)
    assert ws5.check_q1(base, house).status == "correct"
    assert ws5.check_q1(base, base).status == "incorrect"
    assert ws5.check_q1(base, Rules.preset("standard", players=5)).status == "incorrect"
    assert ws5.check_q2("Moon rate", "increase").status == "correct"
    assert ws5.check_q2("luck", "increase").status == "incorrect"
    b = simulate(base, ws5.MIN_HANDS, bots="random", seed=1)
    h = simulate(house, ws5.MIN_HANDS, bots="random", seed=2)
    assert ws5.check_q3(b, h, base, house).status == "correct"
    same_seed = simulate(house, ws5.MIN_HANDS, bots="random", seed=1)
    assert "different seeds" in ws5.check_q3(b, same_seed, base, house).message
    assert ws5.check_q3(h, b, base, house).status == "incorrect"
    effect = h.moon_rate - b.moon_rate
    assert ws5.check_q4(effect, b, h, "moon rate").status == "correct"
    assert "sign" in ws5.check_q4(-effect, b, h, "moon rate").message
    low, high = ws5._interval(b, h, "moon rate")
    assert ws5.check_q5((low, high), b, h, "moon rate").status == "correct"
    assert ws5.check_q5((effect - 0.0001, effect + 0.0001), b, h, "moon rate").status == "incorrect"
    verdict = "increase" if low > 0 else "decrease" if high < 0 else "no clear effect"
    assert ws5.check_q6(verdict, (low, high)).status == "correct"
    assert ws5.check_q6("increase", (-0.01, 0.01)).status == "incorrect"
    assert ws5.check_q6("decrease", (-0.02, -0.01)).status == "correct"


def test_generator_strips_solutions_and_stubs_used_names():
    source = "\n".join(["setup = 1", "### BEGIN SOLUTION", "helper = 2", "q1 = helper + setup", "### END SOLUTION"])
    assert make_exercises.student_source(source, "cell", later="check(q1)") == "setup = 1\nq1 = ...  # your answer here"
    assert make_exercises.student_source(source, "cell", later="") == "setup = 1\n# your work here"
    assert make_exercises.teacher_source(source, "cell") == "setup = 1\nhelper = 2\nq1 = helper + setup"
    with pytest.raises(make_exercises.SourceError):
        make_exercises.student_source("### BEGIN SOLUTION\nx = 1", "cell 3")


def test_summary_lists_every_question():
    table = checks.summary("ws2")
    assert [row[0] for row in table.rows] == list(QUESTIONS["ws2"])
