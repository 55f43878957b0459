"""Exact intervals for rare events (hearts_lab.stats): Clopper–Pearson for a rate, the conditional interval for a ratio."""
from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from hearts_lab.arguments import ArgumentError
from hearts_lab.stats import clopper_pearson, rate_ratio, wilson_interval


def _tail(k: int, n: int, p: Fraction, upper: bool) -> float:
    terms = range(k, n + 1) if upper else range(0, k + 1)
    return float(sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in terms))


@pytest.mark.parametrize("n", [1, 10, 300, 20_000])
def test_nothing_seen_and_everything_seen_have_closed_forms(n):
    assert clopper_pearson(0, n) == (0.0, pytest.approx(1 - 0.025 ** (1 / n), rel=1e-9))
    assert clopper_pearson(n, n) == (pytest.approx(0.025 ** (1 / n), rel=1e-9), 1.0)


@pytest.mark.parametrize("k, n", [(1, 10), (3, 40), (7, 60), (20, 50)])
def test_each_end_leaves_exactly_two_and_a_half_percent_in_its_tail(k, n):
    low, high = clopper_pearson(k, n)
    assert _tail(k, n, Fraction(low), upper=True) == pytest.approx(0.025, abs=1e-9)
    assert _tail(k, n, Fraction(high), upper=False) == pytest.approx(0.025, abs=1e-9)


def test_for_a_handful_of_moons_the_exact_lower_end_lies_below_wilsons():
    for k in range(1, 6):
        cp, w = clopper_pearson(k, 20_000), wilson_interval(k, 20_000)
        assert cp[0] < w[0] and cp[0] < k / 20_000 < cp[1]


def test_a_ratio_and_its_interval_turn_over_when_the_samples_swap():
    r, back = rate_ratio(204, 20_000, 4, 120_000), rate_ratio(4, 120_000, 204, 20_000)
    assert r.ratio == pytest.approx(306) and back.ratio == pytest.approx(1 / 306)
    assert r.low == pytest.approx(1 / back.high) and r.high == pytest.approx(1 / back.low)
    assert r.low < r.ratio < r.high


def test_equal_rates_give_an_interval_around_one_and_none_seen_in_b_an_open_end():
    same = rate_ratio(100, 10_000, 100, 10_000)
    assert same.low < 1 < same.high and same.ratio == 1
    assert rate_ratio(3, 1_000, 0, 1_000).high == float("inf")


def test_bad_counts_are_refused_with_the_field_named():
    with pytest.raises(ArgumentError, match="successes"):
        rate_ratio(0, 100, 0, 100)
    with pytest.raises(ArgumentError, match="trials"):
        clopper_pearson(1, 0)
    with pytest.raises(ArgumentError, match="successes"):
        clopper_pearson(5, 4)
    with pytest.raises(ArgumentError, match="confidence"):
        clopper_pearson(1, 4, confidence=1.5)
