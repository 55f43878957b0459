"""Issue 17, review rev-ws4 findings 3 and 4: the teacher's grading reads an answer cell as the student's kernel ran it.

Finding 4: ``q1 = 666425/2430973200726`` is a float in Python, refused by the kernel's exact check; the teacher's side
read the same text exactly and graded it correct. Both sides now read ``/`` between plain numbers as Python does, and a
value whose check did not record it (a float) is named as what it was, never suspected of an edit.
"""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
import sympy
from test_exercises_classroom_typed import ROSTER, SECRET, _hand_in, _kernel, _right, _save

from hearts_lab.exercises import ws4, ws6
from hearts_lab.exercises.classroom import MADE_BY, Class, _literal, grade, variant_values

pytestmark = pytest.mark.usefixtures("exercise_session")  # tests/conftest.py


@pytest.fixture(scope="module")
def klass():
    return Class(SECRET, ROSTER)


def _teacher_reads(line: str):
    """What the teacher's grading reads from the answer line ``qN = ...`` (never running it)."""
    return _literal(ast.parse(line).body[0].value, [line])


def test_a_python_division_is_a_float_on_both_sides(klass, tmp_path):
    values = variant_values("ws4", klass.seed("Ada Lovelace", "ws4"))
    p, q = (int(n) for n in next(v for v, name in values["Q1"].items() if name == "answer").split("/"))
    # The student's kernel: Python's / makes a float, which the exact check refuses; sympy arithmetic with a float
    # in it is a sympy float, refused too. The teacher's side reads each line to the same value and the same refusal.
    _kernel(klass, "Ada Lovelace", "ws4")
    kernel = {f"q1 = {p}/{q}": p / q, "q1 = 1/2 * binomial(4, 2)": 1 / 2 * sympy.binomial(4, 2),
              f"q1 = Rational({p}, {q})": sympy.Rational(p, q)}
    for line, value in kernel.items():
        readable, read = _teacher_reads(line)  # exact arithmetic stays text for the exact reader
        assert readable and (isinstance(read, str) or (type(read) is type(value) and read == value)), (line, read)
        teacher, student = ws4.check_q1(read), ws4.check_q1(value)
        assert (teacher.status, teacher.message) == (student.status, student.message), line
    assert ws4.check_q1(sympy.Rational(p, q)).status == "correct"
    assert ws4.check_q1(p / q).status == "incorrect" and "not the float" in ws4.check_q1(p / q).message
    ws4.use_variant(None)
    # The class table: the float is incorrect, as the kernel said, and q2 = 2 * q1 (refused as a float, so its
    # stored output records no value) is named as a refused float, not as an edited output.
    nb = _hand_in(klass, "Ada Lovelace", "ws4", {"Q1": f"q1 = {p}/{q}", "Q2": "q2 = 2 * q1"},
                  {"Q1": p / q, "Q2": 2 * (p / q)})
    _save(tmp_path, "ada.ipynb", nb)
    (sub,) = grade(tmp_path, SECRET, roster=ROSTER).submissions
    answers = {a.question: a for a in sub.answers}
    assert answers["Q1"].status == "incorrect" and answers["Q1"].source == "cell", answers["Q1"]
    assert not any("stored output says" in f for f in answers["Q1"].flags), answers["Q1"].flags
    assert answers["Q2"].status == "incorrect", answers["Q2"]
    assert any("the check refused the value when it ran: a float" in f for f in answers["Q2"].flags), answers["Q2"].flags
    assert not any("edited" in f for f in answers["Q2"].flags), answers["Q2"].flags


def test_a_count_built_by_hand_is_not_the_call_the_question_asks_for(klass, tmp_path):
    """Finding 3: a Count (a result, a WorldCount) built by hand can be tried number by number in the kernel; on the
    teacher's side the answer cell must make it by the call the question asks for, read from the cells."""
    right = _right(klass, "Ada Lovelace")
    v4 = klass.variant("Ada Lovelace", "ws4")
    hits, moons, worlds = right[("ws4", "Q7")].hits, right[("ws4", "Q8")].moon_count, right[("ws6", "Q3")]
    cases = {  # file: (worksheet, question, answer cell); every stored output says what the right call gives
        "count": ("ws4", "Q7", f"q7 = Count(Rules.preset('standard', players=4), {v4.q7[0]}, {v4.q7[1]}, {hits})"),
        "object": ("ws4", "Q8", f"class R: pass\nq8 = R(); q8.moon_count = {moons}; q8.hands = {v4.q8[0]}"),
        "replaced": ("ws4", "Q8", f"q8 = dataclasses.replace(other, moons=(0, 0, 0, {moons}))"),
        "world": ("ws6", "Q3", f"q3 = WorldCount({worlds.worlds}, {worlds.seed}, {worlds.hits})"),
        "own_maker": ("ws4", "Q7", "def deal_hands(*a, **k):\n    return made\nq7 = deal_hands(four, n, seed=s).count(e)"),
        "elsewhere": ("ws4", "Q7", "q7 = found_by_trying"),
        "honest_via_name": ("ws4", "Q7", "dealt = deal_hands(four, n, seed=s)\ncount = dealt.count(moon_shaped)\nq7 = count"),
        "honest_q8": ("ws4", "Q8", "result = simulate(rules, n, bots='random', seed=s); q8 = result"),
        "honest_q3": ("ws6", "Q3", "worlds = ws6.sample_q3(k, seed)\nq3 = worlds.count(holds_queen)"),
    }
    for name, (ws, q, line) in cases.items():
        _save(tmp_path, f"{name}.ipynb", _hand_in(klass, "Ada Lovelace", ws, {q: line}, {q: right[(ws, q)]}))
    grades = grade(tmp_path, SECRET, roster=ROSTER)
    assert not grades.skipped, grades.skipped
    graded = {s.file.removesuffix(".ipynb"): {a.question: a for a in s.answers} for s in grades.submissions}
    for name, (ws, q, _) in cases.items():
        answer = graded[name][q]
        if name.startswith("honest"):
            assert answer.status == "correct" and not answer.flags, (name, answer)
            continue
        assert answer.status == "incorrect", (name, answer)
        assert any("stored output says correct, the answer is incorrect" in f for f in answer.flags), (name, answer.flags)
        why = {"own_maker": "the notebook defines or replaces deal_hands", "elsewhere": "is not the result of the call"}
        assert any(why.get(name, "builds the count by hand") in f and MADE_BY[(ws, q)][2] in f
                   for f in answer.flags), (name, answer.flags)
        # the class table's why column gives that reason, never the check's message for the value it passed
        assert why.get(name, "builds the count by hand") in answer.why, (name, answer.why)


def test_in_the_kernel_a_hand_built_count_is_refused_before_its_count_is_read(klass):
    """Finding 3 in the student's kernel: trying k = 0, 1, 2, ... in a hand-built Count, an object with a result's
    attributes or a changed result gets one sentence for every k, so the loop finds nothing; the call's results pass."""
    import dataclasses

    from hearts_lab.exercises.sampling import Count
    from hearts_lab.simulate import simulate

    right = _right(klass, "Ada Lovelace")
    v4 = klass.variant("Ada Lovelace", "ws4")
    _kernel(klass, "Ada Lovelace", "ws4")
    hits, moons = right[("ws4", "Q7")].hits, right[("ws4", "Q8")].moon_count
    tried = {ws4.check_q7(Count(ws4.STANDARD_4, *v4.q7, k)).message for k in range(hits - 2, hits + 3)}
    assert len(tried) == 1 and "built by hand" in tried.pop()

    class R:
        pass

    def fake(k):
        x = R()
        x.moon_count, x.hands, x.seed, x.rules, x.policy = k, v4.q8[0], v4.q8[1], ws4.Q8_RULES, "random"
        return x

    other = simulate(ws4.Q8_RULES, 500, bots="random", seed=1)  # a small run, relabelled as the copy's own
    changed = [dataclasses.replace(other, hands=v4.q8[0], seed=v4.q8[1], moons=(0, 0, 0, k)) for k in (moons - 1, moons, moons + 1)]
    assert {ws4.check_q8(fake(k)).status for k in (moons - 1, moons, moons + 1)} == {"incorrect"}
    assert len({ws4.check_q8(c).message for c in changed}) == 1 and ws4.check_q8(changed[1]).status == "incorrect"
    assert ws4.check_q7(right[("ws4", "Q7")]).status == "correct" and ws4.check_q8(right[("ws4", "Q8")]).status == "correct"
    ws4.use_variant(None)
    _kernel(klass, "Ada Lovelace", "ws6")
    world = right[("ws6", "Q3")]
    assert ws6.check_q3(world).status == "correct"
    built = ws6.WorldCount(world.worlds, world.seed, world.hits)
    assert ws6.check_q3(built).status == "incorrect" and "built by hand" in ws6.check_q3(built).message


def test_an_answer_line_is_read_only_as_python_computes_it(klass, tmp_path):
    """rev-h3 #2: the teacher's side read ``^`` as a power (XOR in Python) and refused ``//``, ``%`` and shifts, and
    it ignored a later ``q1 += 1`` or ``q1, _ = ...``. Now only ``+ - * / **`` (and the sympy calls) are read, each as
    the kernel computes it; any other operator, and any later rebinding of the answer name, leaves the answer computed:
    graded from the value its check recorded (the kernel's), or unreadable where no output records one."""
    from test_exercises_classroom import submit

    from hearts_lab.exercises import ws3
    from hearts_lab.exercises.classroom import _variant_keys

    ans = int(_variant_keys("ws3", klass.seed("Ada Lovelace", "ws3"))["Q1"].answer)
    lines = {  # the line, what Python holds after it
        f"q1 = {ans ^ 1} ^ 1": ans, f"q1 = {ans} ^ 1": ans ^ 1, f"q1 = {ans * 2} // 2": ans, f"q1 = {ans} % {ans + 1}": ans,
        f"q1 = ({ans} << 1) >> 1": ans, f"q1 = {ans - 1}\nq1 += 1": ans, f"q1 = {ans}\nq1 += 1": ans + 1,
        f"q1 = {ans}\nq1, _ = {ans + 1}, 0": ans + 1, f"q1 = {ans}\nfor q1 in [{ans + 1}]: pass": ans + 1,
        f"q1 = {ans}\ndel q1\nq1 = {ans + 2}": ans + 2, f"q1 = {ans}\nexec('q1 = {ans + 1}')": ans + 1,
        f"q1 = {ans}\nwith open('x') as q1: pass": None, f"q1 = {ans}\ndef q1(): pass": None,
        f"q1 = {ans}\nimport math as q1": None, f"q1 = {ans}\nif (q1 := {ans + 1}): pass": ans + 1,
        f"q1 = {ans}\n__main__.q1 = {ans + 1}": ans + 1, f"q1 = 2 ** (0 - 1) * {2 * ans}": float(ans),
        f"q1 = {ans} + 0": ans,
    }
    from hearts_lab.exercises.classroom import _answer_cells

    read = {f"q1 = {ans} + 0", f"q1 = {ans}\ndel q1\nq1 = {ans + 2}"}  # the last line binds q1 last: read as typed
    for line, kernel in lines.items():
        nb = {"cells": [{"cell_type": "code", "source": line}]}
        readable, value = _answer_cells(nb)["Q1"]
        assert not readable or (value == kernel and type(value) is type(kernel)), (line, value, kernel)
        assert readable == (line in read), line
    teacher = json.loads((Path(__file__).resolve().parents[1] / "exercises" / "teacher" / "04_moon_odds.ipynb").read_text(encoding="utf-8"))
    assert _answer_cells(teacher)["Q4"] == (True, (71 + 26, 58, 83 + 26, 90 + 26))  # a tuple of sums, as Python makes it
    # The class table: what the kernel held is what its check recorded; the teacher agrees with it or says unreadable.
    for i, (line, kernel) in enumerate(lines.items()):
        recorded = ans if kernel is None else kernel
        nb = submit(klass, "Ada Lovelace", "ws3", {"Q1": recorded}, cells={"Q1": line})
        _save(tmp_path / str(i), "ada.ipynb", nb)
        row = {a.question: a for a in grade(tmp_path / str(i), SECRET, roster=ROSTER).submissions[0].answers}["Q1"]
        ws3.use_variant(None)
        want = "correct" if recorded == ans and not isinstance(recorded, float) else "incorrect"
        assert row.status == want, (line, row)
        # (a float is refused by the kernel's exact check, which records no float: the refusal is the verdict)
        assert row.source == ("cell" if line in read else "" if isinstance(recorded, float) else "recorded"), (line, row)
    nb = submit(klass, "Ada Lovelace", "ws3", {"Q1": ans}, cells={"Q1": f"q1 = {ans} ^ 1"}, run=False)
    _save(tmp_path / "unrun", "ada.ipynb", nb)
    row = {a.question: a for a in grade(tmp_path / "unrun", SECRET, roster=ROSTER).submissions[0].answers}["Q1"]
    assert row.status == "unreadable" and "no check output records its value" in " ".join(row.flags), row


def test_a_notebook_using_anything_dynamic_has_every_answer_computed(klass, tmp_path):
    """rev-h4 #2: later rebindings of q1 the reader missed (the kernel held answer + 1, the table said correct with no
    flag): sys._getframe().f_globals, __globals__, __setattr__, getattr(builtins, 'ex' + 'ec'), a def with ``global``
    defined before the answer line and called after, an IPython hook, %%capture q1, %%timeit bodies, a magic cell
    with globals(), from m import *. Now anything of that kind ANYWHERE in the notebook leaves every answer computed:
    the value its check recorded (the kernel's), or unreadable where no output records one, with one note saying why."""
    from test_exercises_classroom import submit

    from hearts_lab.exercises import ws3
    from hearts_lab.exercises.classroom import _variant_keys

    ans = int(_variant_keys("ws3", klass.seed("Ada Lovelace", "ws3"))["Q1"].answer)
    wrong = ans + 1
    cases = {  # the answer cell, then cells after it
        "frame": [f"q1 = {ans}\nimport sys\nsys._getframe().f_globals['q1'] = {wrong}"],
        "globals": [f"q1 = {ans}\n(lambda: 0).__globals__['q1'] = {wrong}"],
        "setattr": [f"q1 = {ans}\n__import__('__main__').__setattr__('q1', {wrong})"],
        "getattr": [f"q1 = {ans}\ngetattr(__import__('builtins'), 'ex' + 'ec')('q1 = {wrong}')"],
        "def before": [f"q1 = {ans}", f"def f():\n    global q1\n    q1 = {wrong}\n"],
        "hook": [f"q1 = {ans}", "get_ipython().events.register('post_run_cell', lambda *a: None)"],
        "capture": [f"q1 = {ans}", "%%capture q1\nprint('hi')"],
        "timeit": [f"q1 = {wrong}", f"%%timeit -n1 -r1\nq1 = {ans}"],
        "magic": [f"q1 = {ans}", f"%who\nglobals()['q' + '1'] = {wrong}"],
        "star": [f"q1 = {ans}\nfrom qmod import *"],
    }
    for case, cells in cases.items():
        for run in (True, False):
            nb = submit(klass, "Ada Lovelace", "ws3", {"Q1": wrong}, cells={"Q1": cells[0]}, run=run)
            at = next(i for i, c in enumerate(nb["cells"]) if "".join(c["source"]) == cells[0])
            nb["cells"][at + 1:at + 1] = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                                           "source": extra} for extra in cells[1:]]
            _save(tmp_path / f"{case}-{run}", "ada.ipynb", nb)
            row = {a.question: a for a in grade(tmp_path / f"{case}-{run}", SECRET, roster=ROSTER).submissions[0].answers}["Q1"]
            ws3.use_variant(None)
            assert row.status == ("incorrect" if run else "unreadable") and row.source == ("recorded" if run else ""), (case, row)
            assert sum("read as computed: code cell" in n for n in row.flags) == 1, (case, row.flags)
    nb = submit(klass, "Ada Lovelace", "ws3", {"Q1": ans}, cells={"Q1": f"q1 = {ans}"}, run=False)  # nothing dynamic
    _save(tmp_path / "plain", "ada.ipynb", nb)
    row = {a.question: a for a in grade(tmp_path / "plain", SECRET, roster=ROSTER).submissions[0].answers}["Q1"]
    assert row.status == "correct" and row.source == "cell" and not row.flags, row


def test_the_readers_arithmetic_is_pythons_or_computed(klass):
    """rev-h4 #4/#5: a name of the reader's arithmetic the notebook binds itself (def binomial, from math import sqrt)
    made the teacher read sympy's meaning; float arithmetic was read exactly and rounded once (0.1 + 0.2 read as 0.3);
    ``%time q1 = 3`` was never parsed. Now the first leaves every answer computed, floats are Python's step by step,
    and a %time line is read as IPython runs it."""
    from hearts_lab.exercises.classroom import _answer_cells

    def cells(*texts):
        return _answer_cells({"cells": [{"cell_type": "code", "source": t} for t in texts]})["Q1"]

    assert cells("def binomial(n, k): return 7", "q1 = binomial(52, 13)") == (False, None)
    assert cells("from math import sqrt", "q1 = sqrt(16) * 3") == (False, None)
    assert cells("from sympy import binomial", "q1 = binomial(4, 2)") == (True, 6)
    for line, python in (("q1 = 0.1 + 0.2", 0.1 + 0.2), ("q1 = 10**16 + 1.0 + 1.0", 10**16 + 1.0 + 1.0),
                         ("q1 = 666425/2430973200726", 666425 / 2430973200726)):
        readable, value = cells(line)
        assert readable and value == python and type(value) is float, (line, value)
    assert cells("q1 = 2 ** 2000 / 3") == (False, None) and cells("q1 = 0 ** -1") == (False, None)
    assert cells("%time q1 = 3") == (True, 3) and cells("x = 1\n%time q1 = 3") == (True, 3)
