"""Confidence intervals shared by the sampling checks and the simulator (standard library only).

>>> low, high = wilson_interval(50, 100); round(low, 4), round(high, 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

from math import sqrt
from statistics import NormalDist

__all__ = ["wilson_interval", "z_for"]


def z_for(confidence: float) -> float:
    """The two-sided normal quantile for a confidence level: 1.96 for 0.95.

    >>> round(z_for(0.95), 4)
    1.96
    """
    if not 0 < confidence < 1:
        raise ValueError(f"confidence: expected a level between 0 and 1, not {confidence!r}.")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(successes: int, trials: int, confidence: float = 0.95, *, z: float | None = None) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / trials``.

    Unlike "rate ± 2 standard errors" it stays inside [0, 1] and is sensible
    when nothing (or everything) happened, the usual case for rare moons.
    Give ``z`` directly to override ``confidence``.

    >>> wilson_interval(0, 100)[0], round(wilson_interval(0, 100)[1], 4)
    (0.0, 0.037)
    """
    if trials <= 0:
        raise ValueError(f"trials: expected at least one trial, not {trials!r}.")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes: expected 0 to {trials}, not {successes!r}.")
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
