"""The "your turn" checks: right answers pass, wrong ones get a nudge that never contains the formula."""

from __future__ import annotations

from fractions import Fraction
from math import comb, factorial

import pytest
import sympy

from hearts_lab import Rules
from hearts_lab.combinatorics import deal_count, hand_count, p_no_hearts
from hearts_lab.teach import MIME_TYPE, NOT_ANSWERED, NOT_TRIED, Verdict, as_fraction, compare_rates, reveal, worked_answer

FOUR = Rules.preset("standard", players=4)


def test_none_is_not_answered_and_shows_neither_the_value_nor_the_formula():
    deals = deal_count(FOUR)
    verdict = reveal(None, deals)
    assert verdict.status == "unanswered" and not verdict
    assert verdict.message == NOT_ANSWERED
    assert str(deals.value) not in verdict.message and deals.text not in verdict.message
    assert verdict._repr_mimebundle_()[MIME_TYPE] == {"status": "unanswered"}


@pytest.mark.parametrize(
    "answer",
    [
        factorial(52) // factorial(13) ** 4,
        comb(52, 13) * comb(39, 13) * comb(26, 13),
        sympy.factorial(52) / sympy.factorial(13) ** 4,
        sympy.binomial(52, 13, evaluate=False) * sympy.binomial(39, 13, evaluate=False) * sympy.binomial(26, 13, evaluate=False),
    ],
)
def test_right_counts_in_every_form(answer):
    verdict = reveal(answer, deal_count(FOUR))
    assert verdict.status == "right" and verdict
    assert "52!/(13!)^4" in verdict.message  # the formula is shown once the student is right


def test_ordered_seats_slip_is_named_as_a_factorial_without_the_factor():
    """The kind of factor is named; the factor is not (the value divided by it would be the answer)."""
    deals = deal_count(FOUR)
    verdict = reveal(int(deals.value) * 24, deals)
    assert verdict.status == "wrong"
    assert "too large by a factorial factor" in verdict.message
    assert "24" not in verdict.message and "4!" not in verdict.message
    assert deals.text not in verdict.message and str(deals.value) not in verdict.message


def test_a_count_too_small_by_a_factorial():
    verdict = reveal(comb(52, 13) * comb(39, 13) * comb(26, 13) // 24, deal_count(FOUR))
    assert verdict.status == "wrong" and "too small by a factorial factor" in verdict.message
    assert "24" not in verdict.message


def test_float_for_a_huge_count_is_close_not_right():
    verdict = reveal(factorial(52) / factorial(13) ** 4, deal_count(FOUR))
    assert verdict.status == "close" and "exact" in verdict.message


def test_probabilities_exact_and_float():
    p = p_no_hearts(FOUR)
    assert reveal(Fraction(comb(39, 13), comb(52, 13)), p).status == "right"
    assert reveal(comb(39, 13) / comb(52, 13), p).status == "right"
    assert reveal(sympy.Rational(comb(39, 13), comb(52, 13)), p).status == "right"
    wrong = reveal(Fraction(comb(39, 13), comb(52, 13)) * 4, p)
    assert wrong.status == "wrong" and "too large by a whole number factor" in wrong.message
    assert "4" not in wrong.message.replace("too large", "") and p.text not in wrong.message
    assert "between 0 and 1" in reveal(Fraction(3, 2), p).message
    assert "between 0 and 1" in reveal(-0.1, p).message


def test_hints_for_known_slips_come_first():
    verdict = reveal(comb(52, 13) ** 4, deal_count(FOUR), hints={comb(52, 13) ** 4: "The seats share one pack."})
    assert verdict.message == "Not yet: The seats share one pack."


@pytest.mark.parametrize("answer", ["52!/(13!)^4", [1, 2], True, sympy.Symbol("n") + 1])
def test_not_a_number_is_invalid_and_says_what_it_got(answer):
    verdict = reveal(answer, hand_count(FOUR))
    assert verdict.status == "invalid"
    assert "not a number" in verdict.message


def test_impossible_event_and_sign_slips():
    assert "can this happen" in reveal(Fraction(1, 10), 0).message
    assert "zero" in reveal(0, 6).message


def test_verdict_displays_as_text_and_html():
    v = reveal(6, 6)
    assert str(v).startswith("✓") and repr(v) == str(v)
    assert "hl-verdict-right" in v._repr_html_()
    assert Verdict("wrong", "<b>").__str__() == "✗ <b>" and "&lt;b&gt;" in Verdict("wrong", "<b>")._repr_html_()


def test_expected_must_be_exact():
    with pytest.raises(TypeError, match="expected"):
        reveal(1, 0.5)


def test_as_fraction_reads_exact_answers():
    assert as_fraction(deal_count(FOUR)) == Fraction(int(deal_count(FOUR).value))
    with pytest.raises(TypeError):
        as_fraction("1/2")


def test_compare_rates():
    assert compare_rates(None, 500, 100, 1000).status == "unanswered"
    agree = compare_rates(118, 500, 23_500, 100_000)
    assert agree.status == "right" and "contains 0" in agree.message
    off = compare_rates(60, 500, 23_500, 100_000)  # 12% against 23.5%
    assert off.status == "wrong" and "excludes 0" in off.message
    assert compare_rates(2.5, 500, 1, 10).status == "invalid"
    assert compare_rates(600, 500, 1, 10).status == "invalid"


def test_reveal_nudges_integer_division_and_near_misses_without_the_answer():
    """`//` for a probability and an off-by-one are named as slips; neither message shows the library's value."""
    p = p_no_hearts(FOUR)
    floor = reveal(comb(39, 13) // comb(52, 13), p)
    assert floor.status == "wrong" and "//" in floor.message and "Fraction" in floor.message
    assert "17063919" not in floor.message
    near = reveal(comb(52, 13) + 1, hand_count(FOUR))
    assert near.status == "wrong" and "very close" in near.message and f"{comb(52, 13):,}" not in near.message
    typed = reveal(0.0128, p)
    assert typed.status == "wrong" and "rounded" in typed.message
    assert reveal(comb(52, 13) * 2 + 7, hand_count(FOUR)).message == "Not yet: your value is too large."


def test_the_worked_answer_stays_hidden_until_every_answer_it_gives_away_is_tried():
    deals = deal_count(FOUR)
    locked = worked_answer(deals, after=None)
    assert locked.status == "unanswered" and locked.message == NOT_TRIED
    shown = str(locked) + "".join(map(str, locked._repr_mimebundle_().values()))
    assert str(deals.value) not in shown and deals.text not in shown
    assert worked_answer(deals, after=(7, None)).status == "unanswered"
    assert worked_answer(deals, after=()).status == "unanswered"


def test_any_attempt_right_or_wrong_opens_the_worked_answer():
    deals = deal_count(FOUR)
    assert worked_answer(deals, after=12) is deals
    assert worked_answer(deals, after=(1, Fraction(1, 2))) is deals
    assert worked_answer(deals, after="52!/(13!)^4") is deals
