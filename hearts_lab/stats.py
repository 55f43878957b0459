"""Confidence intervals shared by the sampling checks, the simulator and the worksheets (standard library only).

>>> low, high = wilson_interval(50, 100); round(low, 4), round(high, 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

from math import ceil, exp, inf, lgamma, log, log1p, sqrt
from statistics import NormalDist
from typing import Callable, NamedTuple

from .arguments import ArgumentError, check_count, shown

__all__ = [
    "RateDifference", "RateRatio", "clopper_pearson", "hands_needed", "rate_difference", "rate_ratio",
    "wilson_interval", "z_for",
]


def z_for(confidence: float) -> float:
    """The two-sided normal quantile for a confidence level: 1.96 for 0.95.

    >>> round(z_for(0.95), 4)
    1.96
    """
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 < confidence < 1:
        raise ArgumentError(f"confidence: expected a level between 0 and 1, not {shown(confidence)}.", "confidence")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def _check_counts(successes: int, trials: int, name: str = "") -> None:
    # At most 10**15 trials: the interval is computed in floats.
    check_count(trials, f"trials{name}", low=1, high=10**15)
    check_count(successes, f"successes{name}", low=0, high=trials)


def wilson_interval(successes: int, trials: int, confidence: float = 0.95, *, z: float | None = None) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / trials``.

    Unlike "rate ± 2 standard errors" it stays inside [0, 1] and is sensible
    when nothing (or everything) happened, the usual case for rare moons.
    Give ``z`` directly to override ``confidence``.

    >>> wilson_interval(0, 100)[0], round(wilson_interval(0, 100)[1], 4)
    (0.0, 0.037)
    """
    _check_counts(successes, trials)
    if z is None:
        z = z_for(confidence)
    p = successes / trials
    z2 = z * z
    scale = 1 + z2 / trials
    centre = p + z2 / (2 * trials)
    spread = z * sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    low = 0.0 if successes == 0 else max(0.0, (centre - spread) / scale)
    high = 1.0 if successes == trials else min(1.0, (centre + spread) / scale)
    return low, high


def _binomial_tail(successes: int, trials: int, p: float, upper: bool) -> float:
    """P(X >= successes) if ``upper`` else P(X <= successes), X ~ Binomial(trials, p), summed in logs."""
    if p <= 0.0:
        return 1.0 if not upper or successes == 0 else 0.0
    if p >= 1.0:
        return 1.0 if upper or successes == trials else 0.0
    # sum the shorter side and take the complement: a handful of moons in 120,000 hands is 5 terms, not 120,000
    if upper and successes > 0 and successes <= trials - successes:
        return max(0.0, 1.0 - _binomial_tail(successes - 1, trials, p, upper=False))
    if not upper and successes < trials and successes > trials - successes:
        return max(0.0, 1.0 - _binomial_tail(successes + 1, trials, p, upper=True))
    lp, lq = log(p), log1p(-p)
    base = lgamma(trials + 1)
    terms = range(successes, trials + 1) if upper else range(0, successes + 1)
    logs = [base - lgamma(i + 1) - lgamma(trials - i + 1) + i * lp + (trials - i) * lq for i in terms]
    top = max(logs)
    return min(1.0, exp(top) * sum(exp(x - top) for x in logs))


def _solve(f: Callable[[float], float], target: float) -> float:
    """The p in [0, 1] where the increasing function f(p) crosses target (bisection to 1e-12)."""
    low, high = 0.0, 1.0
    for _ in range(60):
        mid = (low + high) / 2
        if f(mid) < target:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def clopper_pearson(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The exact (Clopper–Pearson) interval for a proportion: never narrower than it must be.

    Each end is the rate at which the count seen would be just at the edge of
    chance (2.5 % in that tail for 95 %). For a handful of events, such as moons
    that happened 1 to 5 times, this is the interval to quote: Wilson's lower
    end sits too high there.

    >>> [f"{x:.4%}" for x in clopper_pearson(0, 20_000)]
    ['0.0000%', '0.0184%']
    >>> [f"{x:.4%}" for x in clopper_pearson(4, 120_000)]
    ['0.0009%', '0.0085%']
    """
    _check_counts(successes, trials)
    z_for(confidence)  # the same check of the level as everywhere
    tail = (1 - confidence) / 2
    # the lower end: P(X >= k) = tail; the upper end: P(X <= k) = tail (both monotone in p)
    low = 0.0 if successes == 0 else _solve(lambda p: _binomial_tail(successes, trials, p, upper=True), tail)
    high = 1.0 if successes == trials else _solve(lambda p: 1 - _binomial_tail(successes, trials, p, upper=False), 1 - tail)
    return low, high


class RateRatio(NamedTuple):
    """A ratio of two rates, ``rate_a / rate_b``, with its confidence interval (``high`` may be infinite)."""

    ratio: float
    low: float
    high: float


def rate_ratio(
    successes_a: int, trials_a: int, successes_b: int, trials_b: int, confidence: float = 0.95
) -> RateRatio:
    """How many times rate ``a`` is rate ``b``, from *independent* samples, with an exact interval.

    The conditional method: given that ``successes_a + successes_b`` events were
    seen in all, the share of them that fell in sample a has a binomial
    distribution whose parameter depends only on the ratio, so the
    Clopper–Pearson interval of that share gives the interval of the ratio.
    It is exact for counts of rare events (Poisson counts) and slightly wide
    otherwise; unlike the ratio of two intervals' ends it has the stated
    confidence. With ``successes_b == 0`` the upper end is infinite.

    >>> r = rate_ratio(204, 20_000, 4, 120_000)
    >>> round(r.ratio), round(r.low), round(r.high)
    (306, 118, 1134)
    """
    _check_counts(successes_a, trials_a, "_a")
    _check_counts(successes_b, trials_b, "_b")
    total = successes_a + successes_b
    if total == 0:
        raise ArgumentError("successes: no event in either sample, so the ratio is not defined.", "successes_a")
    low_share, high_share = clopper_pearson(successes_a, total, confidence)
    scale = trials_b / trials_a
    ratio = inf if successes_b == 0 else (successes_a / trials_a) / (successes_b / trials_b)
    low = low_share / (1 - low_share) * scale
    high = inf if high_share >= 1 else high_share / (1 - high_share) * scale
    return RateRatio(ratio, low, high)


class RateDifference(NamedTuple):
    """A difference of two rates, ``rate_a - rate_b``, with its confidence interval."""

    difference: float
    low: float
    high: float

    def excludes_zero(self) -> bool:
        """True when the interval lies wholly above or wholly below 0.

        >>> RateDifference(0.02, 0.01, 0.03).excludes_zero()
        True
        """
        return self.low > 0 or self.high < 0


def rate_difference(
    successes_a: int, trials_a: int, successes_b: int, trials_b: int, confidence: float = 0.95
) -> RateDifference:
    """The difference ``a - b`` of two rates from *independent* samples, with Newcombe's interval.

    Newcombe's method (1998, method 10) combines the two Wilson intervals, so
    it behaves well for rare events and for zero counts, where "difference ±
    1.96 standard errors" does not. The samples must be independent: two
    simulations with different seeds, never the same deals replayed under two
    rule sets (that is a paired design and needs a paired analysis).

    Comparing the two separate intervals is the wrong test: two 95 % intervals
    can overlap while the interval for the difference excludes 0.

    >>> d = rate_difference(110, 10_000, 80, 10_000)
    >>> round(d.difference, 4), round(d.low, 4), round(d.high, 4), d.excludes_zero()
    (0.003, 0.0003, 0.0057, True)
    >>> a, b = wilson_interval(110, 10_000), wilson_interval(80, 10_000)
    >>> a[0] < b[1]            # the separate intervals overlap all the same
    True
    """
    _check_counts(successes_a, trials_a, "_a")
    _check_counts(successes_b, trials_b, "_b")
    p_a, p_b = successes_a / trials_a, successes_b / trials_b
    low_a, high_a = wilson_interval(successes_a, trials_a, confidence)
    low_b, high_b = wilson_interval(successes_b, trials_b, confidence)
    d = p_a - p_b
    low = d - sqrt((p_a - low_a) ** 2 + (high_b - p_b) ** 2)
    high = d + sqrt((high_a - p_a) ** 2 + (p_b - low_b) ** 2)
    return RateDifference(d, low, high)


def hands_needed(rate: float, half_width: float, confidence: float = 0.95) -> int:
    """How many independent hands give a 95 % interval of about ``± half_width`` for a rate near ``rate``.

    From the normal approximation: n = z² · p(1 − p) / h². Halving the width
    takes four times as many hands.

    >>> hands_needed(0.01, 0.001)
    38031
    >>> hands_needed(0.01, 0.0005)
    152122
    """
    if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 < rate < 1:
        raise ArgumentError(f"rate: expected a rate strictly between 0 and 1, not {shown(rate)}.", "rate")
    if isinstance(half_width, bool) or not isinstance(half_width, (int, float)) or not 1e-9 <= half_width <= 1:
        raise ArgumentError(f"half_width: expected a width from 1e-9 to 1, not {shown(half_width)}.", "half_width")
    z = z_for(confidence)
    return ceil(z * z * rate * (1 - rate) / (half_width * half_width))
