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
import types
from fractions import Fraction
from pathlib import Path

import pytest
import sympy

from hearts_lab import Rules
from hearts_lab.exercises import ws1, ws2, ws3, ws4, ws5, ws6

MODULES = (ws1, ws2, ws3, ws4, ws5, ws6)
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
    assert ws5.check_q2("moon rate", "increase", (11, 12), ws5.MIN_HANDS, "random").status == "correct"
    assert ws5.check_q3(b, h, base, house, (11, 12)).status == "correct"
    few = simulate(house, 500, bots="random", seed=12)
    stretched = dataclasses.replace(few, hands=ws5.MIN_HANDS)  # 500 hands claimed as 10,000
    more_moons = dataclasses.replace(h, moons=tuple(m + 20 for m in h.moons))
    fake = types.SimpleNamespace(**{f.name: getattr(h, f.name) for f in dataclasses.fields(h)},
                                 moon_count=h.moon_count + 20, unclaimed_hands=h.unclaimed_hands, set_aside_hands=h.set_aside_hands)
    for forged in (stretched, more_moons, fake):
        result = ws5.check_q3(b, forged, base, house, (11, 12))
        assert result.status == "incorrect", forged
        effect = ws5.metric_value(forged, "moon rate") - b.moon_rate
        assert ws5.check_q4(effect, b, forged, "moon rate").status == "incorrect"
    assert "fresh run" in ws5.check_q3(b, more_moons, base, house, (11, 12)).message


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
    from hearts_lab.exercises.sampling import Count, mark_made
    from hearts_lab.simulate import simulate

    four = Rules.preset("standard", players=4)
    forged = Count(four, 10 ** 9, 1, 12_345)
    assert "built by hand" in ws4.check_q7(forged).message  # refused at once, before its size is read
    mark_made(forged)  # a student who forges the call's mark too
    assert "at most" in ws4.check_q7(forged).message
    right = simulate(ws4.Q8_RULES, ws4.Q8_MIN_HANDS, bots="random", seed=5)
    huge = dataclasses.replace(right, hands=10 ** 9, points=tuple({0: 10 ** 9} for _ in right.points))
    assert "at most" in ws4.check_q8(huge).message
    base = Rules.preset("standard", players=4)
    house = dataclasses.replace(base, first_trick_points=True)
    b = simulate(base, ws5.MIN_HANDS, bots="random", seed=11)
    h = simulate(house, ws5.MIN_HANDS, bots="random", seed=12)
    assert ws5.check_q2("moon rate", "increase", (11, 12), ws5.MIN_HANDS, "random").status == "correct"
    stretched = dataclasses.replace(h, hands=10 ** 9)
    assert "do not add up" in ws5.check_q3(b, stretched, base, house, (11, 12)).message
    consistent = dataclasses.replace(h, hands=10 ** 9, points=tuple({0: 10 ** 9} for _ in h.points))
    assert "more than the check will run again" in ws5.check_q3(b, consistent, base, house, (11, 12)).message


def test_capstone_refuses_base_compared_with_itself():
    from hearts_lab.simulate import simulate

    base = Rules.preset("standard", players=4)
    b = simulate(base, ws5.MIN_HANDS, bots="random", seed=1)
    again = simulate(base, ws5.MIN_HANDS, bots="random", seed=2)
    interval = ws5._interval(b, again, "moon rate")
    assert ws5.check_q2("moon rate", "increase", (1, 2), ws5.MIN_HANDS, "random").status == "correct"
    results = [
        ws5.check_q3(b, again, base, base, (1, 2)),
        ws5.check_q4(again.moon_rate - b.moon_rate, b, again, "moon rate"),
        ws5.check_q5(interval, b, again, "moon rate"),
        ws5.check_q6("no clear effect", interval, b, again, "moon rate"),
    ]
    for result in results:
        assert result.status == "incorrect" and "same rules" in result.message, result



def test_absurdly_large_answers_are_refused_before_sympy_evaluates_them():
    """A hang guard, not a performance test: every check that reads an exact number must answer each of
    these within 5 s (before the size guard each kept sympy busy for hours). sympy's big-integer
    arithmetic holds the GIL, so a thread cannot time it out: the checks run in a child process that
    times each answer, and the parent gives up on the child after 5 s per answer. The guard itself uses
    no signal or subprocess, so it works in Pyodide too."""
    import json
    import os
    import subprocess
    import sys

    child = r"""
import json, sys, time, sympy
from hearts_lab.exercises import ws1, ws2, ws3, ws4
d = sympy.Symbol("d")
huge = [
    "9**9**9**9", "10**10**10", "factorial(10**9)", "binomial(10**9, 5*10**8)", "(10**5)!", "2^(2^(2^(2^(2^10))))",
    "Sum(d, (d, 0, 10**9))", "Rational(10**10**10, 3)", "factorial(factorial(20))",
    sympy.Pow(9, sympy.Pow(9, 9, evaluate=False), evaluate=False),
    sympy.factorial(sympy.Pow(10, 9, evaluate=False)),
    sympy.binomial(sympy.Pow(10, 9, evaluate=False), sympy.Pow(10, 8, evaluate=False), evaluate=False),
    sympy.Sum(d, (d, 0, sympy.Pow(10, 9, evaluate=False))),
]
out = []
for check in (ws3.check_q1, ws3.check_q6, ws4.check_q1, ws4.check_q3, ws1.check_q6, ws2.check_q7):
    for answer in huge:
        start = time.monotonic()
        result = check(answer)
        out.append([check.worksheet, check.key, str(answer), time.monotonic() - start, result.status, result.message])
print(json.dumps(out))
"""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=20 + 5 * 6 * 13, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = json.loads(done.stdout)
    assert len(rows) == 6 * 13
    for ws, key, answer, seconds, status, message in rows:
        assert seconds < 5, f"{ws} {key} took {seconds:.1f} s on {answer}"
        assert status == "incorrect" and ("too large" in message or "cannot read" in message), (ws, key, answer, message)


def test_reasonable_expressions_are_still_read():
    from hearts_lab.exercises.checks import exact_value, read_exact

    assert read_exact("52!/(13!)^4") == sympy.factorial(52) / sympy.factorial(13) ** 4
    assert read_exact("Sum(binomial(39, d)*binomial(39 - d, 13 - 2*d), (d, 0, 6))") == sum(
        sympy.binomial(39, d) * sympy.binomial(39 - d, 13 - 2 * d) for d in range(7))
    assert exact_value(sympy.binomial(104, 11, evaluate=False) / 9) == sympy.binomial(104, 11) / 9
    assert read_exact("1 - binomial(102, 5)/binomial(104, 5)") == 1 - sympy.binomial(102, 5) / sympy.binomial(104, 5)
    # A large n with a small k is a modest number (57 digits): read, not refused.
    assert read_exact(sympy.binomial(sympy.Pow(10, 9, evaluate=False), 7, evaluate=False)) == sympy.binomial(10**9, 7)


def test_the_digest_oracle_is_not_a_public_call():
    """checks.matches(ws, key, value) said whether a value was the answer without counting an attempt.
    The oracle is module-private now: the recorded check is the only public route, and every answer it
    judges is counted."""
    from hearts_lab.exercises import checks

    assert not hasattr(checks, "matches") and "matches" not in checks.__all__
    for module in MODULES:
        public = getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")])
        assert "matches" not in public and "_matches" not in public
    before = checks.attempts("ws3", "Q1")
    ws3.check_q1(12)
    ws3.check_q1("binomial(3, 2)")
    assert checks.attempts("ws3", "Q1") == before + 2


def test_q7_of_worksheet_4_does_not_tell_whether_a_number_is_q6s_answer():
    """Q7 used to say 'That is the exact value from Q6' for Q6's answer: Q6 answers could be tested
    through Q7 with no attempt at Q6 counted. Every number now gets the same sentence."""
    from hearts_lab.exercises import checks

    before = checks.attempts("ws4", "Q6")
    wrong_numbers = [Fraction(1, 7), sympy.Rational(3, 1000), 12]
    messages = {ws4.check_q7(n).message for n in wrong_numbers}
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "exercises" / "source"))
    import answers

    messages.add(ws4.check_q7(answers.WS4["Q6"].answer).message)
    assert len(messages) == 1, messages
    assert checks.attempts("ws4", "Q6") == before


def test_an_unevaluated_product_is_refused_with_the_way_to_give_its_value():
    """Only a few operations are read (so nothing huge is evaluated); anything else says how to give the value."""
    import sympy

    from hearts_lab.exercises import ws3

    i = sympy.Symbol("i", integer=True)
    product = sympy.Product(i, (i, 1, 3))
    result = ws3.check_q1(product)
    assert result.status == "incorrect" and "Product(...)" in result.message and ".doit()" in result.message
    assert ws3.check_q1(product.doit()).status == "incorrect"  # read as the number 6, and simply wrong
    assert "cannot read" not in ws3.check_q1(product.doit()).message
