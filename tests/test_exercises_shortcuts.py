"""Worksheet checks against a student looking for shortcuts (issue 9, red-team pass).

Each test is one shortcut that worked against the checks before its fix:

- bad input (text sympy evaluates to a non-number, objects a check cannot read)
  crashed a check with a traceback; now every check answers with a sentence;
- worksheet 4 Q7 asks the student to write the event, but ``ws4._event`` was
  that event: ``deal_hands(...).count(ws4._event)`` passed in one call;
- worksheet 5 never ran the student's simulations again: an edited result
  (``dataclasses.replace(result, hands=...)``, or counts changed) or a made-up
  object with the right attributes passed Q3 and fed Q4-Q6;
- the stored answer digests were one salted SHA-256: trying every C(n, k),
  n <= 104, against them recovered worksheet 3 Q1 and worksheet 4 Q3 in 0.06 s;
- a forged size (a Count of 10**9 deals, a result claiming 10**9 hands) made
  the checks that repeat a run hang for hours instead of answering;
- worksheet 5 Q3-Q6 passed with base simulated twice (house = base, two
  seeds): the whole capstone without a house rule.
"""
from __future__ import annotations

import dataclasses
import hashlib
import inspect
import math
import types
from fractions import Fraction

import pytest
import sympy

from hearts_lab import Rules
from hearts_lab.exercises import ws1, ws2, ws3, ws4, ws5

MODULES = (ws1, ws2, ws3, ws4, ws5)
CHECKS = [getattr(m, n) for m in MODULES for n in sorted(vars(m)) if n.startswith("check_q")]

BAD_INPUTS = [
    None, "", "abc", sympy.Interval(0, 1), sympy.Eq(sympy.Symbol("x"), 1), sympy.FiniteSet(1, 2), "1/0", "nan", "__import__('os')", "[1, 2]", "{}", 10 ** 400, -1, float("nan"), float("inf"),
    [], {}, (1,), sympy.oo, sympy.nan, sympy.zoo, sympy.Symbol("x"), Fraction(1, 3), True, b"1", object(),
    types.SimpleNamespace(rules=None, hands="many", seed="s", policy="random", moon_count="x", value=0.5, low=0.0,
                          high=1.0, formula="f"),
]


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: f"{c.worksheet}-{c.key}")
def test_bad_input_gets_a_sentence_never_a_traceback(check):
    arity = len(inspect.signature(inspect.unwrap(check)).parameters)
    for bad in BAD_INPUTS:
        result = check(*([bad] * arity))  # raises on a traceback
        assert result.status in ("incorrect", "correct"), (bad, result)  # (ws2 Q5's answer is None)
        assert result.correct or result.message, (bad, result)


def test_text_that_evaluates_to_a_non_number_is_refused_with_a_sentence():
    result = ws3.check_q1("__import__('os')")
    assert result.status == "incorrect" and "cannot read" in result.message
    for not_a_number in (sympy.Interval(0, 1), sympy.Eq(sympy.Symbol("x"), 1)):
        for check in (ws1.check_q6, ws2.check_q7, ws3.check_q1):
            result = check(not_a_number)
            assert result.status == "incorrect" and "exact number" in result.message, result


def test_no_module_level_predicate_of_ws4_answers_q7():
    from hearts_lab.exercises.sampling import deal_hands

    dealing = deal_hands(Rules.preset("standard", players=4), ws4.Q7_MIN_DEALS, seed=3)
    hands = list(dealing.hands())[:3]
    for name, value in vars(ws4).items():
        if not callable(value) or isinstance(value, type) or name.startswith("check_"):
            continue
        try:
            for hand in hands:
                if not isinstance(value(hand), bool):
                    raise TypeError
        except Exception:
            continue  # not a predicate on one hand
        count = dealing.count(value)
        assert ws4.check_q7(count).status != "correct", f"ws4.{name} is Q7's event: one call answers it"


def test_capstone_refuses_edited_or_made_up_simulation_results():
    from hearts_lab.simulate import simulate

    base = Rules.preset("standard", players=4)
    house = dataclasses.replace(base, first_trick_points=True)
    b = simulate(base, ws5.MIN_HANDS, bots="random", seed=11)
    h = simulate(house, ws5.MIN_HANDS, bots="random", seed=12)
    assert ws5.check_q3(b, h, base, house).status == "correct"
    few = simulate(house, 500, bots="random", seed=12)
    stretched = dataclasses.replace(few, hands=ws5.MIN_HANDS)  # 500 hands claimed as 10,000
    more_moons = dataclasses.replace(h, moons=tuple(m + 20 for m in h.moons))
    fake = types.SimpleNamespace(**{f.name: getattr(h, f.name) for f in dataclasses.fields(h)},
                                 moon_count=h.moon_count + 20, unclaimed_hands=h.unclaimed_hands, set_aside_hands=h.set_aside_hands)
    for forged in (stretched, more_moons, fake):
        result = ws5.check_q3(b, forged, base, house)
        assert result.status == "incorrect", forged
        effect = ws5.metric_value(forged, "moon rate") - b.moon_rate
        assert ws5.check_q4(effect, b, forged, "moon rate").status == "incorrect"
    assert "fresh run" in ws5.check_q3(b, more_moons, base, house).message


def test_answer_digests_cannot_be_brute_forced_with_one_fast_hash():
    from math import comb

    from hearts_lab.exercises import checks
    from hearts_lab.exercises._digests import DIGESTS

    stored = {(ws, q): entry["answer"] for ws, questions in DIGESTS.items() for q, entry in questions.items()}
    candidates = [comb(n, k) for n in range(1, 105) for k in range(n + 1)]
    for (ws, q), answer in stored.items():
        for c in candidates:  # what a student can do in a twentieth of a second with a fast digest
            fast = hashlib.sha256(f"hearts-lab|{ws}|{q}|{c}".encode()).hexdigest()[:32]
            assert fast != answer, f"{ws} {q} is C(n, k) = {c}, found by trying every binomial"
    # the stored digests are the slow ones: each try costs DIGEST_ROUNDS SHA-256 computations
    assert checks.DIGEST_ROUNDS >= 100_000
    text = b"hearts-lab|ws3|Q1|7"
    state = hashlib.sha256(text).digest()
    for _ in range(checks.DIGEST_ROUNDS):
        state = hashlib.sha256(state + text).digest()
    assert checks.digest("ws3", "Q1", 7) == state.hex()[:32]


def test_forged_sizes_are_refused_at_once_instead_of_repeated():
    from hearts_lab.exercises.sampling import Count
    from hearts_lab.simulate import simulate

    four = Rules.preset("standard", players=4)
    assert "at most" in ws4.check_q7(Count(four, 10 ** 9, 1, 12_345)).message
    right = simulate(ws4.Q8_RULES, ws4.Q8_MIN_HANDS, bots="random", seed=5)
    huge = dataclasses.replace(right, hands=10 ** 9, points=tuple({0: 10 ** 9} for _ in right.points))
    assert "at most" in ws4.check_q8(huge).message
    base = Rules.preset("standard", players=4)
    house = dataclasses.replace(base, first_trick_points=True)
    b = simulate(base, ws5.MIN_HANDS, bots="random", seed=11)
    h = simulate(house, ws5.MIN_HANDS, bots="random", seed=12)
    stretched = dataclasses.replace(h, hands=10 ** 9)
    assert "do not add up" in ws5.check_q3(b, stretched, base, house).message
    consistent = dataclasses.replace(h, hands=10 ** 9, points=tuple({0: 10 ** 9} for _ in h.points))
    assert "more than the check will run again" in ws5.check_q3(b, consistent, base, house).message


def test_capstone_refuses_base_compared_with_itself():
    from hearts_lab.simulate import simulate

    base = Rules.preset("standard", players=4)
    b = simulate(base, ws5.MIN_HANDS, bots="random", seed=1)
    again = simulate(base, ws5.MIN_HANDS, bots="random", seed=2)
    interval = ws5._interval(b, again, "moon rate")
    results = [
        ws5.check_q3(b, again, base, base),
        ws5.check_q4(again.moon_rate - b.moon_rate, b, again, "moon rate"),
        ws5.check_q5(interval, b, again, "moon rate"),
        ws5.check_q6("no clear effect", interval, b, again, "moon rate"),
    ]
    for result in results:
        assert result.status == "incorrect" and "same rules" in result.message, result
