"""Worksheet 5 checks: the capstone - design a house rule and measure its effect.

The capstone is open-ended, so the checks verify *structure and consistency*
rather than one number: the house rule is a valid :class:`Rules` variant of a
preset, both rule sets were simulated with enough hands and independent
seeds, the reported effect and its 95% interval follow from the simulation
results, and the conclusion agrees with the interval.

>>> import dataclasses
>>> base = Rules.preset("standard", players=4)
>>> check_q1(base, dataclasses.replace(base, name="mine")).message
'Your house rule only changes the name. Change a rule field, e.g. dataclasses.replace(base, first_trick_points=True).'
"""

from __future__ import annotations

import math
from typing import Any, Callable

from ..rules import PRESETS, Rules
from .checks import Wrong, question, read_estimate, read_text

__all__ = [
    "METRICS",
    "MIN_HANDS",
    "PREDICTIONS",
    "CONCLUSIONS",
    "INTERVAL_TOLERANCE",
    "metric_value",
    "check_q1",
    "check_q2",
    "check_q3",
    "check_q4",
    "check_q5",
    "check_q6",
]

WS = "ws5"

#: What a student may measure: each is a share of hands, read from a :class:`~hearts_lab.simulate.SimulationResult`.
METRICS: dict[str, Callable[[Any], int]] = {
    "moon rate": lambda r: r.moon_count,
    "unclaimed rate": lambda r: r.unclaimed_hands,
    "set-aside rate": lambda r: r.set_aside_hands,
}
PREDICTIONS = ("increase", "decrease", "no change")
CONCLUSIONS = ("increase", "decrease", "no clear effect")
#: Each rule set must be simulated for at least this many hands.
MIN_HANDS = 10_000
#: The reported interval must match the normal-approximation interval this closely.
INTERVAL_TOLERANCE = 0.001
_Z95 = 1.959963984540054


def metric_value(result: Any, metric: str) -> float:
    """The share of ``result``'s hands counted by ``metric`` (one of :data:`METRICS`)."""
    return METRICS[metric](result) / result.hands


def _read_rules(value: object, name: str) -> Rules:
    if not isinstance(value, Rules):
        raise Wrong(f"{name} should be a Rules value (Rules.preset(...) or dataclasses.replace(...)), not {type(value).__name__}.")
    return value


@question(WS, "Q1", "A house rule")
def check_q1(base: object, house: object) -> None:
    """``base`` is a preset's rules; ``house`` changes at least one rule field of it, same players."""
    base = _read_rules(base, "base")
    house = _read_rules(house, "house")
    if base.name not in PRESETS:
        raise Wrong(f"Start from a preset: base = Rules.preset(name, players=n) with name one of {', '.join(PRESETS)}.")
    if house.players != base.players:
        raise Wrong(
            "Keep the same number of players, so that the comparison is about your rule and not about the table size."
        )
    changes = house.changes_from(base)
    if not changes:
        if house.name != base.name:
            raise Wrong("Your house rule only changes the name. Change a rule field, e.g. dataclasses.replace(base, first_trick_points=True).")
        raise Wrong("house is the same as base. Derive it with dataclasses.replace(base, <field>=<new value>).")


@question(WS, "Q2", "What will you measure, and what do you predict?")
def check_q2(metric: object, prediction: object) -> None:
    """A metric from :data:`METRICS` and a prediction from :data:`PREDICTIONS` (any honest prediction counts)."""
    read_text(metric, METRICS)
    read_text(prediction, PREDICTIONS)


def _read_result(value: object, name: str) -> Any:
    if not all(hasattr(value, a) for a in ("rules", "hands", "seed", "policy", "moon_count")):
        raise Wrong(f"{name} should be what simulate(...) returned, not {type(value).__name__}.")
    return value


@question(WS, "Q3", "Simulate both rule sets")
def check_q3(base_result: object, house_result: object, base: object, house: object) -> None:
    """Both results come from :func:`~hearts_lab.simulate.simulate` on ``base`` and ``house``, fairly."""
    b = _read_result(base_result, "base_result")
    h = _read_result(house_result, "house_result")
    if b.rules != base:
        raise Wrong("base_result was not simulated with your base rules: pass base to simulate().")
    if h.rules != house:
        raise Wrong("house_result was not simulated with your house rules: pass house to simulate().")
    for name, r in (("base_result", b), ("house_result", h)):
        if r.hands < MIN_HANDS:
            raise Wrong(f"{name} has {r.hands:,} hands; simulate at least {MIN_HANDS:,} so the interval is narrow enough to say something.")
    if b.policy != h.policy:
        raise Wrong(f"Use the same players for both ({b.policy!r} vs {h.policy!r}); otherwise you measure the bots, not the rule.")
    if b.seed == h.seed:
        raise Wrong(
            "Use different seeds for the two runs: the interval in Q5 assumes two independent samples, and the same "
            "seed replays the same deals."
        )


def _read_pair(interval: object) -> tuple[float, float]:
    if isinstance(interval, (str, bytes)) or not hasattr(interval, "__len__") or len(interval) != 2:  # type: ignore[arg-type]
        raise Wrong("Give the interval as a pair (low, high).")
    low, high = (read_estimate(v) for v in interval)  # type: ignore[union-attr]
    if low > high:
        raise Wrong("Write the interval low end first: (low, high).")
    return low, high


def _counts(result: Any, metric: str) -> tuple[int, int]:
    return METRICS[metric](result), result.hands


def _effect(base_result: Any, house_result: Any, metric: str) -> float:
    return metric_value(house_result, metric) - metric_value(base_result, metric)


def _interval(base_result: Any, house_result: Any, metric: str) -> tuple[float, float]:
    """95% normal-approximation interval for the difference of two independent proportions."""
    (x1, n1), (x2, n2) = _counts(base_result, metric), _counts(house_result, metric)
    p1, p2 = x1 / n1, x2 / n2
    half = _Z95 * math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    diff = p2 - p1
    return diff - half, diff + half


@question(WS, "Q4", "The effect")
def check_q4(effect: object, base_result: object, house_result: object, metric: object) -> None:
    """``effect`` = the metric under ``house`` minus the metric under ``base``, from the two results."""
    metric = read_text(metric, METRICS)
    base_result, house_result = _read_result(base_result, "base_result"), _read_result(house_result, "house_result")
    value = read_estimate(effect)
    want = _effect(base_result, house_result, metric)
    if math.isclose(value, want, abs_tol=1e-9):
        return
    if math.isclose(value, -want, abs_tol=1e-9) and want != 0:
        raise Wrong("Wrong sign: the effect is house minus base (positive when your rule increases the metric).")
    counts = METRICS[metric](house_result) - METRICS[metric](base_result)
    if math.isclose(value, counts, abs_tol=1e-9):
        raise Wrong("That is a difference of counts. Divide each count by its number of hands first: compare rates.")
    if math.isclose(value, 100 * want, abs_tol=1e-6):
        raise Wrong("Give the difference of the two rates as a fraction, not in percentage points.")
    raise Wrong(f"Compute the {metric} of each result (count / hands) and subtract: house - base.")


@question(WS, "Q5", "A 95% interval for the effect", note=f"matches the normal-approximation interval within ±{INTERVAL_TOLERANCE}")
def check_q5(interval: object, base_result: object, house_result: object, metric: object) -> None:
    """(low, high): a 95% interval for the effect, within :data:`INTERVAL_TOLERANCE` of the normal approximation."""
    metric = read_text(metric, METRICS)
    base_result, house_result = _read_result(base_result, "base_result"), _read_result(house_result, "house_result")
    low, high = _read_pair(interval)
    want_low, want_high = _interval(base_result, house_result, metric)
    if abs(low - want_low) <= INTERVAL_TOLERANCE and abs(high - want_high) <= INTERVAL_TOLERANCE:
        return
    effect = _effect(base_result, house_result, metric)
    half = (want_high - want_low) / 2
    (x1, n1), (x2, n2) = _counts(base_result, metric), _counts(house_result, metric)
    p1, p2 = x1 / n1, x2 / n2
    if not low <= effect <= high:
        raise Wrong("Your interval does not contain your effect: it should be centred on house - base.")
    one_side = _Z95 * math.sqrt(p2 * (1 - p2) / n2)
    if math.isclose(high - effect, one_side, rel_tol=0.02) or math.isclose(high - effect, _Z95 * math.sqrt(p1 * (1 - p1) / n1), rel_tol=0.02):
        raise Wrong("Both rates are uncertain: add the two variances, p1(1-p1)/n1 + p2(1-p2)/n2, before the square root.")
    if math.isclose(high - effect, _Z95 * (p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2), rel_tol=0.02):
        raise Wrong("Take the square root of the summed variances before multiplying by 1.96.")
    if high - effect < half / 1.5:
        raise Wrong("Your interval is too narrow. The half-width is 1.96 × sqrt(p1(1-p1)/n1 + p2(1-p2)/n2).")
    raise Wrong("Use effect ± 1.96 × sqrt(p1(1-p1)/n1 + p2(1-p2)/n2), with p the rates and n the hands of each run.")


@question(WS, "Q6", "What do you conclude?")
def check_q6(conclusion: object, interval: object) -> None:
    """``increase``/``decrease`` only if the whole interval lies above/below 0, else ``no clear effect``."""
    said = read_text(conclusion, CONCLUSIONS)
    low, high = _read_pair(interval)
    want = "increase" if low > 0 else "decrease" if high < 0 else "no clear effect"
    if said == want:
        return
    if want == "no clear effect":
        raise Wrong(
            "Your interval contains 0: the data are consistent with no effect at all. Say 'no clear effect' "
            "(or simulate more hands to narrow the interval)."
        )
    raise Wrong(f"The whole interval lies {'above' if low > 0 else 'below'} 0, so the data show a clear {want}.")
