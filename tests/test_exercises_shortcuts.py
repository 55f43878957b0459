"""Worksheet checks against a student looking for shortcuts (issue 9, red-team pass).

Each test is one shortcut that worked against the checks before its fix:

- bad input (text sympy evaluates to a non-number, objects a check cannot read)
  crashed a check with a traceback; now every check answers with a sentence;
- worksheet 4 Q7 asks the student to write the event, but ``ws4._event`` was
  that event: ``deal_hands(...).count(ws4._event)`` passed in one call;
"""
from __future__ import annotations

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
    None, "", "abc", "1/0", "nan", "__import__('os')", "[1, 2]", "{}", 10 ** 400, -1, float("nan"), float("inf"),
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
