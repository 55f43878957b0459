"""Worksheet 4 checks: moon odds, exact and estimated.

Exact answers come from :mod:`hearts_lab.combinatorics`, scores from
:func:`hearts_lab.scoring.score_hand`, and the simulated moon rate from a
reference run of :func:`hearts_lab.simulate.simulate` made at check time.

>>> check_q4((86, 85, 90, 95)).message
'The shooter does not score the 26 points they took: that is what shooting the moon means.'
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, Iterable

import sympy

from ..combinatorics import moon_deal_possible, p_dealt_moon, p_queen_with_hearts
from ..rules import PRESET_PLAYERS, Rules
from ..scoring import score_hand
from .checks import Wrong, question, read_estimate, read_exact, read_seats, same_exact

__all__ = [
    "SCORES_BEFORE",
    "SHOOTER",
    "Q7_TOLERANCE",
    "Q7_MIN_DEALS",
    "Q8_TOLERANCE",
    "Q8_MIN_HANDS",
    "Q8_REFERENCE_HANDS",
    "check_q1",
    "check_q2",
    "check_q3",
    "check_q4",
    "check_q5",
    "check_q6",
    "check_q7",
    "check_q8",
]

WS = "ws4"
STANDARD_3 = Rules.preset("standard", players=3)
STANDARD_4 = Rules.preset("standard", players=4)
#: Q4, Q5: the scores before the hand in which seat :data:`SHOOTER` shoots the moon (target 100).
SCORES_BEFORE = (60, 85, 90, 95)
SHOOTER = 0
#: Q6, Q7: the "moon-shaped" hand: the Q♠ and at least this many hearts.
HEARTS_AT_LEAST = 4
#: Q7: an estimate from at least this many deals must land within this distance of the exact value.
Q7_TOLERANCE = 0.015
Q7_MIN_DEALS = 5000
#: Q8: an estimate of the random bots' moon rate must land within this distance of the reference.
Q8_TOLERANCE = 0.003
Q8_MIN_HANDS = 20_000
Q8_REFERENCE_HANDS = 60_000
_Q8_REFERENCE_SEED = 20_260_101


@question(WS, "Q1", "Seat 0 is dealt the moon (standard, 3 players)")
def check_q1(answer: object) -> None:
    """Probability that seat 0 is dealt all 13 hearts and the Q♠ in standard 3-player Hearts."""
    got = read_exact(answer)
    if same_exact(got, p_dealt_moon(STANDARD_3).value):
        return
    if same_exact(got, sympy.binomial(38, 3) / sympy.binomial(52, 17)):
        raise Wrong("With 3 players the 2♦ is stripped: the deck has 51 cards, not 52.")
    if same_exact(got, p_dealt_moon(STANDARD_3, some_seat=True).value):
        raise Wrong("That is the chance that *some* seat is dealt the moon; the question asks about seat 0 only.")
    if same_exact(got, 1 / sympy.binomial(51, 17)):
        raise Wrong("Seat 0 needs those 14 cards plus 3 more: count the hands that contain all 14, not one particular hand.")
    raise Wrong("Seat 0's 17 cards must include the 14 moon cards; choose the other 3 from the remaining 37 cards.")


@question(WS, "Q2", "Some seat is dealt the moon (standard, 3 players)")
def check_q2(answer: object) -> None:
    """Probability that some seat is dealt every moon card in standard 3-player Hearts."""
    got = read_exact(answer)
    one = p_dealt_moon(STANDARD_3).value
    if same_exact(got, p_dealt_moon(STANDARD_3, some_seat=True).value):
        return
    if same_exact(got, one):
        raise Wrong("That is the chance for one given seat (Q1). Any of the 3 seats will do here.")
    if same_exact(got, 1 - (1 - one) ** 3):
        raise Wrong("Two seats cannot both hold every moon card: the events are disjoint, so their chances simply add.")
    raise Wrong("The events 'seat s is dealt the moon' for s = 0, 1, 2 are disjoint.")


def _read_ints(answer: object) -> set[int]:
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise Wrong(f"Give the player counts as a set or list of whole numbers, e.g. {{5, 6}}, not {answer!r}.")
    out = set()
    for value in answer:
        if isinstance(value, bool) or not isinstance(value, (int, sympy.Integer)):
            raise Wrong(f"Every entry should be a whole number of players; {value!r} is not.")
        out.add(int(value))
    return out


@question(WS, "Q3", "When can one hand hold the whole moon?")
def check_q3(answer: object) -> None:
    """The player counts of ``standard`` (3 to 7) at which one hand can be dealt every heart and the Q♠."""
    counts = PRESET_PLAYERS["standard"]
    got = _read_ints(answer)
    want = {n for n in counts if moon_deal_possible(Rules.preset("standard", players=n))}
    if got == want:
        return
    if not got <= set(counts):
        raise Wrong(f"The standard preset is for {counts.start} to {counts.stop - 1} players.")
    if 4 in got:
        raise Wrong("With 4 players a hand has 13 cards, but the moon needs 13 hearts and the Q♠: 14 cards.")
    raise Wrong("Compare each player count's hand size (Rules.preset(...).hand_size) with the 14 moon cards.")


def _scores_after(policy: str) -> tuple[int, ...]:
    rules = dataclasses.replace(STANDARD_4, moon=policy)
    points = tuple(rules.total_points if s == SHOOTER else 0 for s in range(rules.players))
    deltas = score_hand(rules, points, SHOOTER, SCORES_BEFORE).deltas
    return tuple(b + d for b, d in zip(SCORES_BEFORE, deltas))


def _judge_scores(answer: object, policy: str) -> None:
    got = read_seats(answer, STANDARD_4.players, STANDARD_4.players)
    if got == _scores_after(policy):
        return
    other = "new" if _scores_after(policy) == _scores_after("old") else "old"
    if got == _scores_after(other):
        if other == "new":
            raise Wrong(
                "That is the new moon (-26 to the shooter). Under 'auto' the shooter takes the old moon when "
                f"{SCORES_BEFORE[SHOOTER]} - 26 is strictly lower than every other score."
            )
        raise Wrong("That is the old moon (+26 to everyone else). Under 'avoid-end' the old moon is refused when it would end the game.")
    if got == tuple(s + (26 if i == SHOOTER else 0) for i, s in enumerate(SCORES_BEFORE)):
        raise Wrong("The shooter does not score the 26 points they took: that is what shooting the moon means.")
    if got == tuple(26 if i == SHOOTER else 0 for i in range(4)) or got == tuple(s - SCORES_BEFORE[i] for i, s in enumerate(_scores_after(policy))):
        raise Wrong("Give the scores *after* the hand (the scores before plus the changes), not the changes alone.")
    raise Wrong("Decide old (+26 to each other player) or new (-26 to the shooter) first, then add to the scores before.")


@question(WS, "Q4", "Scores after a moon, moon='auto'")
def check_q4(answer: object) -> None:
    """Scores after seat 0 shoots the moon from :data:`SCORES_BEFORE` under ``moon='auto'``."""
    _judge_scores(answer, "auto")


@question(WS, "Q5", "Scores after a moon, moon='avoid-end'")
def check_q5(answer: object) -> None:
    """Scores after seat 0 shoots the moon from :data:`SCORES_BEFORE` under ``moon='avoid-end'``."""
    _judge_scores(answer, "avoid-end")


def _queen_and_hearts(k: int) -> sympy.Rational:
    return p_queen_with_hearts(STANDARD_4, k=k).value


@question(WS, "Q6", "A moon-shaped hand, exactly")
def check_q6(answer: object) -> None:
    """Probability that seat 0 is dealt the Q♠ and at least 4 hearts (standard, 4 players)."""
    got = read_exact(answer)
    k = HEARTS_AT_LEAST
    if same_exact(got, _queen_and_hearts(k)):
        return
    if same_exact(got, _queen_and_hearts(k) - _queen_and_hearts(k + 1)):
        raise Wrong(f"That is the chance of the Q♠ and *exactly* {k} hearts; the question says at least {k}.")
    at_least = sum(sympy.binomial(13, i) * sympy.binomial(39, 13 - i) for i in range(k, 14)) / sympy.binomial(52, 13)
    if same_exact(got, at_least):
        raise Wrong(f"That is the chance of at least {k} hearts, with or without the Q♠.")
    if same_exact(got, at_least / 4):
        raise Wrong("Holding the Q♠ and holding many hearts are not independent: the Q♠ takes one of the 13 places.")
    raise Wrong("Sum over i ≥ 4 hearts: C(13, i) ways for the hearts, and the other 12 - i cards from the 38 non-hearts other than the Q♠.")


def _estimate_of(answer: object) -> float:
    if hasattr(answer, "moon_rate"):
        return float(answer.moon_rate)  # type: ignore[attr-defined]
    return read_estimate(answer)


def _judge_probability(value: float) -> None:
    if value > 1 and value <= 100:
        raise Wrong("Give a probability between 0 and 1, not a percentage.")
    if not 0 <= value <= 1:
        raise Wrong(f"{value} is not a probability: it must lie between 0 and 1.")


@question(WS, "Q7", "A moon-shaped hand, estimated", note=f"accepted within ±{Q7_TOLERANCE} of the exact value")
def check_q7(answer: object) -> None:
    """An estimate of Q6's probability from dealing; accepted within :data:`Q7_TOLERANCE` of the exact value."""
    value = read_estimate(answer)
    _judge_probability(value)
    exact = float(_queen_and_hearts(HEARTS_AT_LEAST))
    if abs(value - exact) <= Q7_TOLERANCE:
        return
    exactly = float(_queen_and_hearts(HEARTS_AT_LEAST) - _queen_and_hearts(HEARTS_AT_LEAST + 1))
    if abs(value - exactly) <= Q7_TOLERANCE / 3:
        raise Wrong("Your estimate looks like the chance of exactly 4 hearts; count deals with at least 4.")
    raise Wrong(
        f"Not within ±{Q7_TOLERANCE} of the exact value. Count deals where seat 0 holds the Q♠ and at least "
        f"{HEARTS_AT_LEAST} hearts, over at least {Q7_MIN_DEALS} deals, and divide by the number of deals."
    )


@functools.lru_cache(maxsize=1)
def _reference_moon_rate() -> float:
    from ..simulate import simulate

    return simulate(STANDARD_4, Q8_REFERENCE_HANDS, bots="random", seed=_Q8_REFERENCE_SEED).moon_rate


@question(WS, "Q8", "How often do random players shoot the moon?", note=f"accepted within ±{Q8_TOLERANCE} of a {Q8_REFERENCE_HANDS:,}-hand reference run")
def check_q8(answer: Any) -> None:
    """The moon rate of random bots in standard 4-player Hearts, estimated by simulation."""
    value = _estimate_of(answer)
    _judge_probability(value)
    hands = getattr(answer, "hands", None)
    if hands is not None and hands < Q8_MIN_HANDS:
        raise Wrong(f"Simulate at least {Q8_MIN_HANDS:,} hands; {hands:,} give too wide an interval.")
    rules = getattr(answer, "rules", None)
    if rules is not None and rules != STANDARD_4:
        raise Wrong("Simulate the standard 4-player rules: Rules.preset('standard', players=4).")
    policy = getattr(answer, "policy", None)
    if policy is not None and policy != "random":
        raise Wrong("Use random players: simulate(..., bots='random').")
    reference = _reference_moon_rate()
    if abs(value - reference) <= Q8_TOLERANCE:
        return
    if abs(value / 100 - reference) <= Q8_TOLERANCE:
        raise Wrong("Give a rate between 0 and 1, not a percentage.")
    raise Wrong(
        f"Not within ±{Q8_TOLERANCE} of the reference. Give result.moon_rate from simulate(rules, hands, bots='random') "
        f"with at least {Q8_MIN_HANDS:,} hands of standard 4-player Hearts."
    )
