"""Worksheet 5 (the capstone): Q4-Q6 take only the two runs Q3 accepted.

The final review's must-fix: Q2 records the seeds and Q3 takes runs with those seeds only, but Q4, Q5 and Q6
took any two runs that simulate again to the answers, so a student could try seed pairs in a spare cell until
the effect looked nice and answer Q4-Q6 from that pair (the teacher's seeds row looked at Q3 only). Now:

- Q4-Q6 refuse every pair but the one Q3 accepted last in this session (Q3 right first; a later correct Q3
  wins, as Q2's latest seeds do for Q3; a new Q2 plan or a new copy forgets the runs), saying why and what to do;
- their slips and nudges work as before on Q3's runs;
- their stored outputs record both runs' seeds, as Q3's does, for the teacher's seeds row
  (tests/test_exercises_classroom.py reads them on the teacher's side).
"""
from __future__ import annotations

import dataclasses

import pytest

from hearts_lab import Rules
from hearts_lab.exercises import checks, ws5
from hearts_lab.simulate import simulate

pytestmark = pytest.mark.usefixtures("exercise_session")  # tests/conftest.py

METRIC = "moon rate"
BASE = Rules.preset("standard", players=4)
HOUSE = dataclasses.replace(BASE, first_trick_points=True)


def _runs(base_seed: int, house_seed: int, hands: int = ws5.MIN_HANDS):
    return simulate(BASE, hands, bots="random", seed=base_seed), simulate(HOUSE, hands, bots="random", seed=house_seed)


def _answered(b, h) -> list[checks.CheckResult]:
    """Q4, Q5 and Q6, each answered right for the runs ``b`` and ``h`` (so that only the runs can be refused)."""
    effect = ws5.metric_value(h, METRIC) - ws5.metric_value(b, METRIC)
    low, high = ws5._interval(b, h, METRIC)
    verdict = "increase" if low > 0 else "decrease" if high < 0 else "no clear effect"
    return [ws5.check_q4(effect, b, h, METRIC), ws5.check_q5((low, high), b, h, METRIC),
            ws5.check_q6(verdict, (low, high), b, h, METRIC)]


def _seeds_recorded(result: checks.CheckResult) -> tuple[int, int]:
    """The two seeds a check's stored output records (what the teacher's seeds row reads), through JSON."""
    made = result._repr_mimebundle_()[checks.MIME_TYPE]["made"]
    return made["seed"], made["house_seed"]


def test_q4_to_q6_need_q3_right_first_and_then_take_its_runs_only():
    checks.reset("ws5")
    ws5.use_variant(None)
    b, h = _runs(1, 2)
    for result in _answered(b, h):  # no Q3 yet
        assert result.status == "incorrect" and result.message.startswith("First get Q3 right:"), result
        assert _seeds_recorded(result) == (1, 2)
    assert ws5.check_q2(METRIC, "increase", (1, 2), ws5.MIN_HANDS, "random").status == "correct"
    assert ws5.check_q3(b, _runs(1, 7)[1], BASE, HOUSE, (1, 2)).status == "incorrect"
    assert all("First get Q3 right" in r.message for r in _answered(b, h)), "a refused Q3 accepts no runs"
    assert ws5.check_q3(b, h, BASE, HOUSE, (1, 2)).status == "correct"
    for result in _answered(b, h):
        assert result.status == "correct", result
        assert _seeds_recorded(result) == (1, 2)
    # The same runs made again (equal to Q3's) are Q3's runs.
    assert all(r.status == "correct" for r in _answered(*_runs(1, 2)))


def test_a_student_who_tries_other_seed_pairs_for_q4_to_q6_is_refused():
    checks.reset("ws5")
    ws5.use_variant(None)
    b, h = _runs(1, 2)
    assert ws5.check_q2(METRIC, "increase", (1, 2), ws5.MIN_HANDS, "random").status == "correct"
    assert ws5.check_q3(b, h, BASE, HOUSE, (1, 2)).status == "correct"
    for pair in ((1, 7), (3, 2), (3, 4), (2, 1)):
        tried = _runs(*pair)
        for result in _answered(*tried):
            assert result.status == "incorrect", (pair, result)
            assert "Q3 accepted" in result.message and "check any new runs in Q3 first" in result.message, result
            assert _seeds_recorded(result) == pair, "the record names the runs given, for the teacher's seeds row"
    one = _answered(b, _runs(1, 7)[1])[0].message
    assert one.startswith("house_result is not the run Q3 accepted (house: seed 2, 10,000 hands; you gave: seed 7, "
                          "10,000 hands)."), one
    both = _answered(*_runs(3, 4))[0].message
    assert both.startswith("base_result and house_result are not the runs Q3 accepted (base: seed 1, 10,000 hands; "
                           "house: seed 2, 10,000 hands; you gave base: seed 3, 10,000 hands and house: seed 4, "
                           "10,000 hands)."), both
    # More hands with the planned seeds are other runs too, until Q3 has checked them.
    assert all("not the runs Q3 accepted" in r.message for r in _answered(*_runs(1, 2, hands=12_000)))
    swapped = ws5.check_q4(0.0, h, b, METRIC)
    assert swapped.status == "incorrect" and "other way round" in swapped.message
    assert all(r.status == "correct" for r in _answered(b, h))


def test_the_latest_correct_q3_gives_q4_to_q6_their_runs():
    checks.reset("ws5")
    ws5.use_variant(None)
    first, again = _runs(1, 2), _runs(1, 2)
    assert ws5.check_q2(METRIC, "increase", (1, 2), ws5.MIN_HANDS, "random").status == "correct"
    assert ws5.check_q3(*first, BASE, HOUSE, (1, 2)).status == "correct"
    assert ws5.check_q3(*again, BASE, HOUSE, (1, 2)).status == "correct"
    assert all(r.status == "correct" for r in _answered(*first))
    # A refused Q3 afterwards changes nothing: the latest *correct* Q3 wins.
    assert ws5.check_q3(first[0], _runs(1, 7)[1], BASE, HOUSE, (1, 2)).status == "incorrect"
    assert all(r.status == "correct" for r in _answered(*first))
    # A new plan (generic copy) needs runs of it checked in Q3 first.
    assert ws5.check_q2(METRIC, "increase", (1, 7), ws5.MIN_HANDS, "random").status == "correct"
    for result in _answered(*first):
        assert result.status == "incorrect" and result.message.startswith("Q2 recorded a new plan ('moon rate', predicted "
                                                                          "'increase', seeds 1 (base) and 7 (house)"), result
    new = _runs(1, 7)
    assert ws5.check_q3(*new, BASE, HOUSE, (1, 7)).status == "correct"
    assert all(r.status == "correct" for r in _answered(*new))
    # Another copy forgets the plan and the runs.
    ws5.use_variant(12345)
    ws5.use_variant(None)
    assert ws5.check_q2(METRIC, "increase", (1, 7), ws5.MIN_HANDS, "random").status == "correct"
    assert all("First get Q3 right" in r.message for r in _answered(*new))


def test_a_class_copy_takes_only_its_own_runs_in_q4_to_q6():
    """In a class copy Q2 and Q3 take only the copy's own seeds; now Q4-Q6 do too, through Q3: another student's
    pair, or a pair with one seed changed, is refused, and the records name the seeds given."""
    from hearts_lab.exercises.classroom import Class

    klass = Class("a long class secret, kept off the repo", ["Ada Lovelace", "Alan Turing"])
    ada, alan = (klass.variant(name, "ws5").seeds for name in klass.roster)
    checks.reset("ws5")
    ws5.use_variant(klass.seed("Ada Lovelace", "ws5"))
    assert ws5.check_q2(METRIC, "decrease", ws5.my_seeds(), ws5.MIN_HANDS, "random").status == "correct"
    mine = _runs(*ada)
    assert ws5.check_q3(*mine, BASE, HOUSE, ada).status == "correct"
    for pair in (alan, (ada[0], ada[1] + 1), (ada[0] + 1, ada[1])):
        for result in _answered(*_runs(*pair)):
            assert result.status == "incorrect" and "Q3 accepted" in result.message, (pair, result)
            assert _seeds_recorded(result) == pair
    for result in _answered(*mine):
        assert result.status == "correct", result
        assert _seeds_recorded(result) == ada


def test_q4_to_q6_refuse_what_is_not_a_run_with_a_sentence():
    checks.reset("ws5")
    ws5.use_variant(None)
    b, h = _runs(1, 2)
    assert ws5.check_q2(METRIC, "increase", (1, 2), ws5.MIN_HANDS, "random").status == "correct"
    assert ws5.check_q3(b, h, BASE, HOUSE, (1, 2)).status == "correct"

    class Equal:  # says it equals anything: the check compares runs of simulate's own type only
        def __eq__(self, other):
            return True

        __hash__ = None

    for given in (Equal(), dataclasses.asdict(b), None):
        result = ws5.check_q4(0.0, given, h, METRIC)
        assert result.status == "incorrect" and "base_result should be what simulate(...) returned" in result.message, result
        assert result.made is None
    subclass = type("Run", (type(b),), {})(**{f.name: getattr(b, f.name) for f in dataclasses.fields(b)})
    assert "should be what simulate(...) returned" in ws5.check_q4(0.0, subclass, h, METRIC).message
    assert "same rules" in ws5.check_q4(0.0, b, b, METRIC).message
