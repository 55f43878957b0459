"""Exact answers behave as the numbers they hold (issue 11: ``int(deal_count(rules))`` raised TypeError)."""

from __future__ import annotations

import math
import numbers
import pickle
from fractions import Fraction
from math import comb, factorial

import pytest
import sympy

from hearts_lab import Rules
from hearts_lab.combinatorics import Exact, deal_count
from hearts_lab.combinatorics.exact import binom, frac

STANDARD = Rules.preset("standard", players=4)
DEALS = factorial(52) // factorial(13) ** 4


def test_a_count_converts_and_compares_as_an_integer():
    count = deal_count(STANDARD)
    assert int(count) == DEALS and type(int(count)) is int
    assert count == DEALS and DEALS == count and count != DEALS + 1
    assert count < DEALS + 1 and count <= DEALS and count > 0 and count >= DEALS
    assert not count < DEALS and not count > DEALS
    assert float(count) == pytest.approx(5.3645e28, rel=1e-4)
    assert Fraction(count) == DEALS and count.numerator == DEALS and count.denominator == 1
    assert isinstance(count, numbers.Rational)
    assert hash(count) == hash(DEALS)
    assert {count: "deals"}[DEALS] == "deals"
    assert sorted([count, 1, DEALS - 1])[0] == 1
    assert operator_index(count) == DEALS
    assert math.floor(count) == math.ceil(count) == math.trunc(count) == round(count) == DEALS
    assert bool(count) and not bool(Exact(sympy.Integer(0), sympy.Integer(0), "nothing"))


def operator_index(value):
    import operator

    return operator.index(value)


def test_a_probability_converts_and_compares_as_a_fraction():
    half = Exact(sympy.Rational(1, 2), frac(binom(2, 1), binom(4, 2)) * 3, "a half")
    assert Fraction(half) == Fraction(1, 2) == half.fraction
    assert float(half) == 0.5 and half.float == 0.5
    assert half == sympy.Rational(1, 2) and half == Fraction(1, 2)
    assert half < 1 and half > 0 and half < Fraction(2, 3) and half <= 0.5
    assert half != 0.5  # as sympy: an exact half is not the float 0.5
    with pytest.raises(TypeError, match="not a whole number"):
        operator_index(half)
    with pytest.raises(TypeError):
        [0, 1][half]
    assert int(half) == 0 and math.ceil(half) == 1 and round(half, 3) == Fraction(1, 2)


def test_arithmetic_and_sympy_see_the_value():
    count = deal_count(STANDARD)
    hands = comb(52, 13)
    assert count / hands == sympy.Rational(DEALS, hands)
    assert isinstance(count + 1, sympy.Integer) and count + 1 == DEALS + 1 and 1 + count == DEALS + 1
    assert count - count == 0 and 2 * count == count * 2 == 2 * DEALS
    assert count // 10 == DEALS // 10 and count % 7 == DEALS % 7 and -count == -DEALS and abs(-count) == DEALS
    assert count**2 == DEALS**2 and 2**Exact(sympy.Integer(3), sympy.Integer(3), "three") == 8
    assert Fraction(1, 2) + Exact(sympy.Rational(1, 2), sympy.Rational(1, 2), "half") == 1
    assert sympy.sympify(count) == sympy.Integer(DEALS)
    assert sympy.factorint(Exact(sympy.Integer(12), sympy.Integer(12), "twelve")) == {2: 2, 3: 1}
    assert sympy.log(Exact(sympy.Integer(8), sympy.Integer(8), "eight"), 2) == 3
    assert sympy.Integer(DEALS) == count and sympy.Max(count, 5) == DEALS
    ratio = count / Exact(sympy.Integer(hands), binom(52, 13), "hands")
    assert ratio == sympy.Rational(DEALS, hands)


def test_formatting_and_records():
    count = deal_count(STANDARD)
    assert f"{count:,}" == f"{DEALS:,}" and f"{count:.3e}" == f"{float(DEALS):.3e}"
    assert f"{count}" == str(count) and "=" in str(count)  # the sentence with its formula
    third = Exact(sympy.Rational(1, 3), sympy.Rational(1, 3), "a third")
    assert f"{third:.4f}" == "0.3333" and f"{third:.1%}" == "33.3%"
    assert pickle.loads(pickle.dumps(count)) == count
    assert count.formula.doit() == count.value  # the formula still gives the value back
