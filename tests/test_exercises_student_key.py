"""A teacher looks up one student's own questions and answers (issue 17, rev-ws4 #7): Class.key and
``hearts-lab class key NAME``. What matters: the answers the key prints are the ones that student's own
copy accepts, each slip it prints gets that copy's refusal, and the questions are worded as in the copy."""

from __future__ import annotations

import dataclasses
import re

import pytest
import sympy

from hearts_lab.exercises import ws3, ws4
from hearts_lab.exercises.classroom import Class, variant_values
from hearts_lab.exercises.sampling import deal_hands, mark_made
from hearts_lab.simulate import simulate

SECRET = "correct horse battery staple, 2026"
ROSTER = ["Ada Lovelace", "Alan Turing", "Grace Hopper"]


pytestmark = pytest.mark.usefixtures("exercise_session")  # tests/conftest.py


def _value(printed: str):
    """A printed answer read back as the student would type it: p/q, a whole number or a tuple of scores."""
    if printed.startswith("("):
        return tuple(int(x) for x in printed.strip("()").split(","))
    fraction = re.fullmatch(r"(\d+)/(\d+) \(≈ [^)]+\)", printed)
    return sympy.Rational(int(fraction[1]), int(fraction[2])) if fraction else sympy.Integer(printed)


def _copy_text(klass, student, worksheet, question):
    nb = klass.copy(student, worksheet)
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and text.startswith(f"## {question}"):
            return " ".join(text.split("\n", 1)[1].replace("**", "").replace("`", "").split())
    raise AssertionError(question)


@pytest.mark.parametrize("student", ROSTER[:2])
def test_a_students_ws4_key_is_what_their_own_copy_accepts(student):
    klass = Class(SECRET, ROSTER)
    key = klass.key(student, "ws4")
    seed = klass.seed(student, "ws4")
    assert [e.question for e in key.entries] == ["Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7", "Q8"]
    assert "generic (self-study) copy" in str(key) and f"variant {seed}" in str(key)
    ws4.use_variant(seed, values=variant_values("ws4", seed))  # this copy's checks, with the teacher's values
    v = klass.variant(student, "ws4")
    # Q7 and Q8 take what deal_hands(...).count(...) and simulate(...) return: the key's number in such an object
    deals, deal_seed = v.q7
    any_count = deal_hands(ws4.STANDARD_4, deals, seed=deal_seed).count(lambda hand: True)
    result = simulate(ws4.Q8_RULES, v.q8[0], bots="random", seed=v.q8[1])
    assert ws4.check_q8(result).status == "correct" and str(result.moon_count) == key.entry("Q8").answer
    for e in key.entries:
        check = getattr(ws4, f"check_q{e.question[1:]}")
        if e.question in ("Q7", "Q8"):
            if e.question == "Q7":
                # the key's number in a count as the call returns it (marked: a replaced dataclass loses the mark)
                right, off = (dataclasses.replace(any_count, hits=h) for h in (int(e.answer), int(e.answer) + 1))
                mark_made(right)
                mark_made(off)
                assert check(right).status == "correct"
                assert check(off).status == "incorrect"
            continue
        assert check(_value(e.answer)).status == "correct", (student, e.question, e.answer)
        for name, value, _ in e.slips:
            assert check(_value(value)).status == "incorrect", (student, e.question, name)
        if e.question in ("Q1", "Q2", "Q3", "Q6"):
            assert e.slips and e.method
    for q in ("Q1", "Q3", "Q6", "Q8"):
        assert " ".join(key.entry(q).asked.split()) == _copy_text(klass, student, "ws4", q)


def test_a_students_ws3_key_matches_their_copy_and_other_students_differ():
    klass = Class(SECRET, ROSTER)
    keys = {s: klass.key(s, "ws3") for s in ROSTER}
    seed = klass.seed("Alan Turing", "ws3")
    ws3.use_variant(seed, values=variant_values("ws3", seed))
    for e in keys["Alan Turing"].entries:
        check = getattr(ws3, f"check_q{e.question[1:]}")
        assert check(_value(e.answer)).status == "correct", e.question
        assert all(check(_value(v)).status == "incorrect" for _, v, _ in e.slips), e.question
    assert len({str(k) for k in keys.values()}) == 3
    assert " ".join(keys["Alan Turing"].entry("Q1").asked.split()) == _copy_text(klass, "Alan Turing", "ws3", "Q1")


def test_a_name_not_on_the_roster_or_a_worksheet_without_variants_is_refused():
    klass = Class(SECRET, ROSTER)
    with pytest.raises(ValueError, match=r"^student: 'Ada' is not on the roster \(3 names"):
        klass.key("Ada", "ws4")
    with pytest.raises(ValueError, match=r"^worksheet: one of ws1, "):
        klass.key("Ada Lovelace", "ws7")
    assert klass.key(" ada  LOVELACE ", "ws1").seed == klass.seed("Ada Lovelace", "ws1")
    assert "no answers are listed" in str(klass.key("Ada Lovelace", "ws1"))
    base, house = klass.variant("Ada Lovelace", "ws5").seeds
    assert f"seeds {base} (base rules) and {house} (house rule)" in " ".join(str(klass.key("Ada Lovelace", "ws5")).split())


def test_the_command_line_prints_a_students_key(tmp_path, capsys):
    from hearts_lab.cli import main

    secret, roster = tmp_path / "secret.txt", tmp_path / "roster.txt"
    secret.write_text(SECRET + "\n", encoding="utf-8")
    roster.write_text("\n".join(ROSTER) + "\n", encoding="utf-8")
    assert main(["class", "key", "grace hopper", "--secret-file", str(secret), "--roster", str(roster), "--worksheets", "ws3"]) == 0
    out = capsys.readouterr().out
    assert out == str(Class(SECRET, ROSTER).key("Grace Hopper", "ws3")) and "Grace Hopper's own copy" in out
    assert main(["class", "key", "Grace", "--secret-file", str(secret), "--roster", str(roster), "--worksheets", "ws3"]) == 2
    assert "not on the roster" in capsys.readouterr().err
    assert main(["class", "key", "Grace Hopper", "--secret-file", str(secret), "--worksheets", "ws3"]) == 2
    assert "--roster" in capsys.readouterr().err
