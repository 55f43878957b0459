"""Teacher-only answer keys: every question's answer and its known slips, with what each slip reveals.

This file is part of the *teacher* side of the repository, next to the
worksheet sources; it is never shipped to students (``tools/student_dist.py``
drops ``exercises/source``). ``tools/make_exercises.py`` reads it to

* write ``hearts_lab/exercises/_digests.py``: salted SHA-256 digests of each
  hashed answer and slip (the checks compare digests, so no answer is written
  in the package), and
* write the answer keys in ``exercises/teacher/``.

``tests/test_exercises.py`` checks every entry: the answer is accepted, every
slip is refused with a hint containing ``words`` (for the checks that derive
their answer from the engine) or with its own targeted hint (digests).

``hashed=True``: the check knows this answer only by its digest (worksheets 3
and 4); otherwise the check derives it from the engine at check time and the
value here documents it for the key.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sympy import Rational, binomial as C, factorial as F


@dataclass(frozen=True)
class Slip:
    value: Any
    reveals: str
    words: str = ""


@dataclass(frozen=True)
class Key:
    answer: Any
    formula: str
    slips: dict[str, Slip] = field(default_factory=dict)
    hashed: bool = False


def _multiset_hands(faces: int, size: int) -> int:
    """Hands of ``size`` cards from ``faces`` faces present twice each (distinct hands)."""
    return sum(C(faces, d) * C(faces - d, size - 2 * d) for d in range(size // 2 + 1))


# -- worksheet 3 ------------------------------------------------------------------

_W3_Q6 = C(102, 9) / C(104, 11)
_W3_Q6_INDEPENDENT = Rational(11, 104) ** 2

WS3 = {
    "Q1": Key(C(49, 9), "C(49, 9): the 3♣ is in the hand; choose the other 9 of the 49 other cards", {
        "every-hand": Slip(C(50, 10), "counted every hand: did not build the condition (the 3♣ is in it) into the count"),
        "full-pack": Slip(C(51, 9), "forgot that two cards are stripped with 5 players (51 = 52 - 1)"),
        "reused-card": Slip(C(50, 9), "fixed the 3♣ but still chose the other 9 from all 50 cards, the 3♣ among them"),
        "ordered": Slip(F(49) / F(40), "counted ordered sequences: a hand is a set, order does not matter"),
    }, hashed=True),
    "Q2": Key(F(48) / F(12) ** 4, "48!/(12!)^4 (multinomial: 48 cards into four named hands of 12)", {
        "seats-alike": Slip(F(48) / (F(12) ** 4 * F(4)), "divided by 4!: treated the seats as interchangeable"),
        "whole-order": Slip(F(48), "counted orders of the deck, not deals: forgot that order inside a hand does not matter"),
        "one-hand": Slip(C(48, 12), "counted one seat's hands, not whole deals"),
        "full-pack": Slip(F(52) / F(13) ** 4, "used the full 52-card pack (the number printed in notebook 07), not the 48-card deck"),
    }, hashed=True),
    "Q3": Key(F(52) / (F(10) ** 5 * F(2)), "52!/((10!)^5·2!): five hands of 10 and a kitty of 2", {
        "kitty-unsorted": Slip(F(52) / F(10) ** 5, "did not divide by 2!: the kitty's two cards are a pile, their order does not matter"),
        "stripped": Slip(F(50) / F(10) ** 5, "used the stripped 50-card deck of the standard preset; here the two cards go to a kitty"),
        "seats-alike": Slip(F(52) / (F(10) ** 5 * F(2) * F(5)), "divided by 5!: treated the seats as interchangeable"),
        "kitty-as-seat": Slip(F(52) / (F(10) ** 5 * F(2) * F(6)), "treated the kitty and the hands as interchangeable piles"),
    }, hashed=True),
    "Q4": Key(C(76, 5) * F(99) / F(11) ** 9,
              "C(76, 5)·99!/(11!)^9: the kitty from the 76 physical non-point cards, then 99 cards into 9 hands of 11", {
        "every-deal": Slip(F(104) / (F(11) ** 9 * F(5)), "counted every physical deal: ignored the condition on the kitty"),
        "kitty-only": Slip(C(76, 5), "counted only the kitties: each kitty comes with many deals of the other 99 cards"),
        "queens-forgotten": Slip(C(78, 5) * F(99) / F(11) ** 9, "forgot that the two Q♠ are point cards (104 - 26 = 78)"),
        "complement": Slip(F(104) / (F(11) ** 9 * F(5)) - C(76, 5) * F(99) / F(11) ** 9,
                           "counted deals whose kitty *does* hold a point card"),
    }, hashed=True),
    "Q5": Key(_multiset_hands(39, 13), "Σ_d C(39, d)·C(39 - d, 13 - 2d), d = 0..6: d faces held twice, the rest once", {
        "physical": Slip(C(78, 13), "told the two copies apart (78 physical cards): hands that look alike were counted twice"),
        "one-copy": Slip(C(39, 13), "allowed each face at most once, but a hand can hold both copies"),
        "any-copies": Slip(C(39 + 12, 13), "allowed any number of copies of a face; there are only two"),
        "with-hearts": Slip(_multiset_hands(52, 13), "counted every distinct hand, hearts included"),
    }, hashed=True),
    "Q6": Key(_W3_Q6, "C(102, 9)/C(104, 11) = 11·10/(104·103): over the 104 physical cards", {
        "distinct-hands": Slip(Rational(_multiset_hands(51, 9), _multiset_hands(52, 11)),
                               "divided counts of distinct hands, which are not equally likely with two packs"),
        "some-seat": Slip(9 * _W3_Q6, "answered for some seat (Q7) instead of seat 0"),
        "independent": Slip(_W3_Q6_INDEPENDENT, "treated the two copies as independent: once one is in the hand, 10 of the other 103 places remain"),
        "one-pack": Slip(C(50, 9) / C(52, 11), "counted in a single 52-card pack"),
    }, hashed=True),
    "Q7": Key(9 * _W3_Q6, "9 × Q6: the nine events are disjoint, so their chances add", {
        "one-seat": Slip(_W3_Q6, "answered for one seat (Q6)"),
        "independent-seats": Slip(1 - (1 - _W3_Q6) ** 9, "treated the seats as independent; they are disjoint"),
        "independent-copies": Slip(9 * _W3_Q6_INDEPENDENT, "carried Q6's independence slip into Q7"),
    }, hashed=True),
    "Q8": Key(1 - C(102, 5) / C(104, 5), "1 - C(102, 5)/C(104, 5): the complement of 'no Q♠ in the kitty'", {
        "no-queen": Slip(C(102, 5) / C(104, 5), "gave P(no Q♠ in the kitty), forgot to take the complement"),
        "expected-count": Slip(Rational(10, 104), "added the chances of each copy (5·2/104): that is the expected number of Q♠, it double-counts"),
        "any-point": Slip(1 - C(76, 5) / C(104, 5), "counted any point card in the kitty, not a Q♠"),
        "exactly-one": Slip(2 * C(102, 4) / C(104, 5), "counted kitties with exactly one Q♠, not at least one"),
    }, hashed=True),
}

# -- worksheet 4 ------------------------------------------------------------------

_W4_Q1 = C(38, 4) / C(51, 17)


def _scores(before: tuple[int, ...], shooter: int, policy: str) -> tuple[int, ...]:
    import dataclasses

    from hearts_lab import Rules
    from hearts_lab.scoring import score_hand

    rules = dataclasses.replace(Rules.preset("standard", players=4), moon=policy)
    points = tuple(rules.total_points if s == shooter else 0 for s in range(rules.players))
    deltas = score_hand(rules, points, shooter, before).deltas
    return tuple(b + d for b, d in zip(before, deltas))


BEFORE, SHOOTER = (71, 58, 83, 90), 1
_OLD, _NEW = _scores(BEFORE, SHOOTER, "old"), _scores(BEFORE, SHOOTER, "new")
_KEPT = tuple(b + (26 if s == SHOOTER else 0) for s, b in enumerate(BEFORE))


def _q6(low: int, high: int, others: int) -> Any:
    return sum(C(12, j) * C(others, 11 - j) for j in range(low, high + 1)) / C(52, 13)


WS4 = {
    "Q1": Key(_W4_Q1, "C(38, 4)/C(51, 17): the 13 hearts plus 4 of the other 38 cards", {
        "with-queen": Slip(C(37, 3) / C(51, 17), "also required the Q♠ (the dealt moon); the question asks for the hearts only"),
        "full-pack": Slip(C(39, 4) / C(52, 17), "forgot that the 2♦ is stripped with 3 players"),
        "one-hand": Slip(1 / C(51, 17), "counted one particular hand, not every hand that holds all the hearts"),
        "some-seat": Slip(3 * _W4_Q1, "answered for some seat (Q2)"),
    }, hashed=True),
    "Q2": Key(3 * _W4_Q1, "3 × Q1: at most one seat can hold all 13 hearts, so the events are disjoint", {
        "one-seat": Slip(_W4_Q1, "answered for one seat (Q1)"),
        "independent-seats": Slip(1 - (1 - _W4_Q1) ** 3, "treated the seats as independent; they are disjoint"),
        "with-queen": Slip(3 * C(37, 3) / C(51, 17), "also required the Q♠"),
    }, hashed=True),
    "Q3": Key(C(38, 13), "C(38, 13): the 13 hearts, then 13 more from the 38 cards that are neither a heart nor the Q♠", {
        "queen-allowed": Slip(C(39, 13), "did not exclude the Q♠: counted every hand holding all the hearts"),
        "moon-hands": Slip(C(38, 12), "counted the hands that hold the Q♠ too (dealt moons), the opposite of the question"),
        "every-hand": Slip(C(52, 26), "counted every hand"),
        "probability": Slip(C(38, 13) / C(52, 26), "gave the probability; the question asks how many hands"),
    }, hashed=True),
    "Q4": Key(_OLD, "moon='auto' takes the old moon here: +26 to each other player", {
        "new-moon": Slip(_NEW, "applied the new moon; under 'auto' the shooter takes the old moon when their score minus 26 is lower than every other"),
        "shooter-scores": Slip(_KEPT, "gave the shooter the 26 points they took: that is what shooting the moon cancels"),
        "deltas": Slip(tuple(a - b for a, b in zip(_OLD, BEFORE)), "gave the changes, not the scores after the hand"),
    }, hashed=True),
    "Q5": Key(_NEW, "moon='avoid-end': the old moon would end the game, so the new moon: -26 to the shooter", {
        "old-moon": Slip(_OLD, "applied the old moon, which would end the game: avoid-end refuses it"),
        "shooter-scores": Slip(_KEPT, "gave the shooter the 26 points they took"),
        "deltas": Slip(tuple(a - b for a, b in zip(_NEW, BEFORE)), "gave the changes, not the scores after the hand"),
    }, hashed=True),
    "Q6": Key(_q6(3, 11, 38), "Σ_{j=3..11} C(12, j)·C(38, 11 - j) / C(52, 13): Q♠ and A♥ fixed, j more hearts, the rest from the 38 others", {
        "no-ace": Slip(sum(C(13, i) * C(38, 12 - i) for i in range(4, 13)) / C(52, 13), "did not require the A♥"),
        "exactly-four": Slip(_q6(3, 3, 38), "counted exactly four hearts, not at least four"),
        "four-others": Slip(_q6(4, 11, 38), "asked for four hearts besides the A♥ (five in all)"),
        "no-queen": Slip(sum(C(12, j) * C(39, 12 - j) for j in range(3, 13)) / C(52, 13), "did not require the Q♠"),
    }, hashed=True),
}

KEYS: dict[str, dict[str, Key]] = {"ws3": WS3, "ws4": {k: v for k, v in WS4.items()}}
