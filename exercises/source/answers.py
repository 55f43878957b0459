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
#
# Every question is chosen so that no public call of hearts_lab (a function of
# hearts_lab.combinatorics on the question's own rules, with or without the
# cards the question names removed or given points) answers it in one or two
# calls plus trivial arithmetic: tests/test_exercises_answers.py tries them all.


def _h(faces: int, size: int) -> Any:
    """Distinct hands of ``size`` cards from ``faces`` faces present twice each (two packs)."""
    return _multiset_hands(faces, size)


_W3_Q1 = C(11, 2) * C(38, 7)
_W3_Q2_HEARTS = F(12) / (F(6) * F(2) ** 3)
_W3_Q2 = _W3_Q2_HEARTS * F(36) / (F(6) * F(10) ** 3)
_W3_Q3 = F(52) / (F(16) ** 3 * F(4))
_W3_REST = F(99) / F(11) ** 9
_W3_Q4 = 28 * C(76, 4) * _W3_REST
_W3_Q5 = _h(39, 13) - _h(38, 13)
_W3_Q6 = C(2, 1) * C(100, 8) / C(104, 11)
_W3_Q6_ONE_COPY = C(100, 8) / C(104, 11)
_W3_OLD_Q6 = C(102, 9) / C(104, 11)
_W3_NO_Q = C(102, 5) / C(104, 5)
_W3_NO_H = C(78, 5) / C(104, 5)
_W3_NEITHER = C(76, 5) / C(104, 5)

WS3 = {
    "Q1": Key(_W3_Q1, "C(11, 2)·C(38, 7): the 3♣, 2 of the 11 other clubs, 7 of the 38 cards that are not clubs", {
        "ignore-clubs": Slip(C(49, 9), "fixed the 3♣ but ignored the condition on the other clubs"),
        "three-clubs": Slip(C(12, 3) * C(38, 7), "counted hands with exactly three clubs: the 3♣ was not required"),
        "at-least": Slip(sum(C(11, j) * C(38, 9 - j) for j in range(2, 10)), "counted at least two other clubs, not exactly two"),
        "full-pack": Slip(C(12, 2) * C(39, 7), "used the full 52-card pack: with 5 players the 2♣ and 2♦ are stripped"),
        "rest-from-all": Slip(C(11, 2) * C(47, 7), "chose the last 7 cards from every card left, so more clubs could come in"),
    }, hashed=True),
    "Q2": Key(_W3_Q2, "12!/(6!·2!·2!·2!) × 36!/(6!·10!·10!·10!): deal the 12 hearts 6-2-2-2, then the 36 other cards into the room left", {
        "every-deal": Slip(F(48) / F(12) ** 4, "counted every deal: ignored the condition on the hearts"),
        "seats-alike": Slip(_W3_Q2 / F(3), "divided by 3!: treated seats 1-3 as interchangeable, but they are different people"),
        "some-seat": Slip(4 * _W3_Q2, "let any seat hold the six hearts; the question names seat 0"),
        "hearts-only": Slip(_W3_Q2_HEARTS, "dealt only the hearts: the 36 other cards must be dealt too"),
        "one-hand": Slip(C(12, 6) * C(36, 6), "counted seat 0's hands only, not whole deals"),
    }, hashed=True),
    "Q3": Key(_W3_Q3, "52!/((16!)^3·4!) = C(52, 4)·48!/(16!)^3: three named hands of 16 and a kitty of 4", {
        "kitty-unsorted": Slip(F(52) / F(16) ** 3, "did not divide by 4!: the kitty's cards are a pile, their order does not matter"),
        "seats-alike": Slip(_W3_Q3 / F(3), "divided by 3!: treated the seats as interchangeable"),
        "seventeen": Slip(F(52) / F(17) ** 3, "dealt 17 to each seat and 1 card over, as a 3-player game deals (its Rules object strips the 2♦), not the house rule's 16 each and a kitty of 4"),
        "no-kitty-choice": Slip(F(48) / F(16) ** 3, "dealt 48 cards to the seats but did not count the ways to choose the kitty"),
        "one-hand": Slip(C(52, 16), "counted one seat's hands, not whole deals"),
    }, hashed=True),
    "Q4": Key(_W3_Q4, "C(28, 1)·C(76, 4)·99!/(11!)^9: the kitty holds 1 of the 28 physical point cards and 4 of the 76 others; then 99 cards into 9 hands of 11", {
        "every-deal": Slip(F(104) / (F(11) ** 9 * F(5)), "counted every physical deal: ignored the condition on the kitty"),
        "kitty-only": Slip(28 * C(76, 4), "counted only the kitties: each kitty comes with many deals of the other 99 cards"),
        "queens-forgotten": Slip(26 * C(78, 4) * _W3_REST, "forgot that the two Q♠ are point cards (26 hearts + 2 Q♠ = 28)"),
        "at-most-one": Slip((C(76, 5) + 28 * C(76, 4)) * _W3_REST, "counted kitties with at most one point card, not exactly one"),
        "no-point": Slip(C(76, 5) * _W3_REST, "counted kitties with no point card"),
    }, hashed=True),
    "Q5": Key(_W3_Q5, "H(39, 13) − H(38, 13) = H(38, 12) + H(38, 11), H(f, s) = Σ_d C(f, d)·C(f − d, s − 2d): one or two Q♠, the rest from the 38 other non-heart faces", {
        "all-heartless": Slip(_h(39, 13), "counted every heartless hand, with or without a Q♠"),
        "physical": Slip(C(78, 13) - C(76, 13), "told the two copies apart (physical cards): hands that look alike were counted more than once"),
        "one-queen": Slip(_h(38, 12), "counted hands with exactly one Q♠: a hand can hold both"),
        "fixed-queen": Slip(_h(39, 12), "fixed one Q♠ and chose 12 more from all 39 faces: hands with both Q♠ are counted wrongly (a third Q♠)"),
        "one-copy": Slip(C(38, 12), "allowed each face at most once, but a hand can hold both copies of a card"),
    }, hashed=True),
    "Q6": Key(_W3_Q6, "C(2, 2)·C(2, 1)·C(100, 8)/C(104, 11): both A♥, one of the two Q♠, 8 of the 100 other physical cards", {
        "ignore-queens": Slip(_W3_OLD_Q6, "required both A♥ but nothing about the Q♠"),
        "one-copy": Slip(_W3_Q6_ONE_COPY, "forgot that the two Q♠ are two physical cards: either one can be the one held"),
        "at-least-one": Slip(_W3_Q6 + C(100, 7) / C(104, 11), "counted at least one Q♠, not exactly one"),
        "distinct-hands": Slip(Rational(_h(50, 8), _h(52, 11)), "divided counts of distinct hands, which are not equally likely with two packs"),
        "some-seat": Slip(9 * _W3_Q6, "answered for some seat (Q7) instead of seat 0"),
    }, hashed=True),
    "Q7": Key(9 * _W3_Q6, "9 × Q6: only one seat can hold both A♥, so the nine events are disjoint and their chances add", {
        "one-seat": Slip(_W3_Q6, "answered for one seat (Q6)"),
        "independent-seats": Slip(1 - (1 - _W3_Q6) ** 9, "treated the seats as independent; the events are disjoint"),
        "ignore-queens": Slip(9 * _W3_OLD_Q6, "left out the condition on the Q♠"),
        "one-copy": Slip(9 * _W3_Q6_ONE_COPY, "carried Q6's one-copy slip into Q7"),
    }, hashed=True),
    "Q8": Key(1 - (_W3_NO_Q + _W3_NO_H - _W3_NEITHER), "1 − [C(102, 5) + C(78, 5) − C(76, 5)]/C(104, 5): the complement of 'no Q♠ or no heart', by inclusion–exclusion", {
        "queen-only": Slip(1 - _W3_NO_Q, "counted kitties with a Q♠, whether or not they hold a heart"),
        "any-point": Slip(1 - _W3_NEITHER, "counted kitties with any point card"),
        "no-overlap": Slip(1 - (_W3_NO_Q + _W3_NO_H), "subtracted both failures but did not add back the kitties with neither (counted twice)"),
        "independent": Slip((1 - _W3_NO_Q) * (1 - _W3_NO_H), "multiplied the two chances: 'a Q♠' and 'a heart' are not independent in a 5-card kitty"),
        "one-each": Slip(2 * 26 * C(76, 3) / C(104, 5), "counted exactly one Q♠ and exactly one heart, not at least one of each"),
    }, hashed=True),
}

# -- worksheet 4 ------------------------------------------------------------------

_W4_Q1 = (C(25, 4) + 13 * C(25, 3)) / C(51, 17)


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
    """Q♠, A♥ and K♥ fixed; j more hearts (low..high) of the other 11; the rest from ``others`` cards."""
    return sum(C(11, j) * C(others, 10 - j) for j in range(low, high + 1)) / C(52, 13)


WS4 = {
    "Q1": Key(_W4_Q1, "[C(25, 4) + C(13, 1)·C(25, 3)]/C(51, 17): the 13 hearts, then no spade (4 of the 25 clubs and diamonds) or one spade (1 of 13) and 3 of the 25", {
        "no-spade": Slip(C(25, 4) / C(51, 17), "counted only the hands with no spade: at most one includes exactly one"),
        "one-spade": Slip(13 * C(25, 3) / C(51, 17), "counted only the hands with exactly one spade"),
        "hearts-only": Slip(C(38, 4) / C(51, 17), "required the hearts but ignored the spades"),
        "full-pack": Slip((C(26, 4) + 13 * C(26, 3)) / C(52, 17), "forgot that the 2♦ is stripped with 3 players"),
        "some-seat": Slip(3 * _W4_Q1, "answered for some seat (Q2)"),
    }, hashed=True),
    "Q2": Key(3 * _W4_Q1, "3 × Q1: at most one seat can hold all 13 hearts, so the events are disjoint", {
        "one-seat": Slip(_W4_Q1, "answered for one seat (Q1)"),
        "independent-seats": Slip(1 - (1 - _W4_Q1) ** 3, "treated the seats as independent; they are disjoint"),
        "no-spade": Slip(3 * C(25, 4) / C(51, 17), "counted only the hands with no spade"),
    }, hashed=True),
    "Q3": Key(C(38, 13) - C(36, 13), "C(38, 13) − C(36, 13): the 13 hearts, not the Q♠, 13 of the other 38, minus the hands with neither the A♠ nor the K♠", {
        "no-high-spade-condition": Slip(C(38, 13), "left out the condition on the A♠ and K♠"),
        "both": Slip(C(36, 11), "required both the A♠ and the K♠, not at least one"),
        "exactly-one": Slip(2 * C(36, 12), "counted exactly one of the A♠ and K♠, not at least one"),
        "complement": Slip(C(36, 13), "counted the hands with neither the A♠ nor the K♠: the complement"),
        "double-count": Slip(2 * C(37, 12), "fixed the A♠ or the K♠ and chose the rest freely: hands holding both are counted twice"),
        "queen-allowed": Slip(C(39, 13) - C(37, 13), "did not exclude the Q♠"),
    }, hashed=True),
    # Q4 and Q5 are checked by the engine at check time (scoring.score_hand): no digest is stored, because a
    # decision between the old and the new moon has a handful of plausible answers that anyone could try
    # against a digest offline in seconds (see the answer key).
    "Q4": Key(_OLD, "moon='auto' takes the old moon here: +26 to each other player", {
        "new-moon": Slip(_NEW, "applied the new moon; under 'auto' the shooter takes the old moon when their score minus 26 is lower than every other", "new moon"),
        "shooter-scores": Slip(_KEPT, "gave the shooter the 26 points they took: that is what shooting the moon cancels", "does not score"),
        "deltas": Slip(tuple(a - b for a, b in zip(_OLD, BEFORE)), "gave the changes, not the scores after the hand", "not the changes"),
    }),
    "Q5": Key(_NEW, "moon='avoid-end': the old moon would end the game, so the new moon: -26 to the shooter", {
        "old-moon": Slip(_OLD, "applied the old moon, which would end the game: avoid-end refuses it", "old moon"),
        "shooter-scores": Slip(_KEPT, "gave the shooter the 26 points they took", "does not score"),
        "deltas": Slip(tuple(a - b for a, b in zip(_NEW, BEFORE)), "gave the changes, not the scores after the hand", "not the changes"),
    }),
    "Q6": Key(_q6(2, 10, 38), "Σ_{j=2..10} C(11, j)·C(38, 10 − j) / C(52, 13): Q♠, A♥ and K♥ fixed, j more hearts, the rest from the 38 others", {
        "ace-only": Slip(sum(C(12, j) * C(38, 11 - j) for j in range(3, 12)) / C(52, 13), "required the A♥ but not the K♥"),
        "no-honours": Slip(sum(C(13, i) * C(38, 12 - i) for i in range(4, 13)) / C(52, 13), "required neither the A♥ nor the K♥"),
        "exactly-four": Slip(_q6(2, 2, 38), "counted exactly four hearts, not at least four"),
        "four-others": Slip(_q6(4, 10, 38), "asked for four hearts besides the A♥ and K♥ (six in all)"),
        "no-queen": Slip(sum(C(11, j) * C(39, 11 - j) for j in range(2, 12)) / C(52, 13), "did not require the Q♠"),
    }, hashed=True),
}

KEYS: dict[str, dict[str, Key]] = {"ws3": WS3, "ws4": WS4}

#: Hashed answers that a student who guesses the *form* of the answer could find offline, trying
#: candidates against the stored digest (0.1 s a try, no attempt recorded): the number of tries.
#: The forms searched (tests/test_exercises_answers.py): c·C(a, b) (a <= 104, c <= 30; 2,683
#: distinct binomials per multiplier) times or over a factor the question makes obvious (its
#: C(N, h), the deal of the remaining cards), and every deal count N!/((h!)^n k!) (11,176 of them).
#: Every other hashed answer is a sum or difference of several terms: millions of candidates.
SEARCHABLE: dict[tuple[str, str], int] = {
    ("ws3", "Q3"): 2_683,    # C(52, 4) × 48!/(16!)^3 (also a plain deal count): about 4.5 minutes
    ("ws3", "Q6"): 5_366,    # 2·C(100, 8)/C(104, 11): about 9 minutes
    ("ws3", "Q7"): 48_294,   # 18·C(100, 8)/C(104, 11): about 1.3 hours
    ("ws3", "Q4"): 75_124,   # 28·C(76, 4) × 99!/(11!)^9: about 2.1 hours
}


# -- worksheet 3, per-student variants ---------------------------------------------------
#
# A student's copy of worksheet 3 asks the same eight questions about its own decks and events
# (hearts_lab.exercises.variants.Ws3Variant). The answers and slips of a variant are computed here, on
# the teacher's side only: hearts_lab.exercises.classroom writes their salted digests into the student's
# copy (so the student's checks work offline) and grades with the values themselves.


def _deal(cards: int, piles: tuple[int, ...]) -> Any:
    """Ways to deal ``cards`` distinct cards into named piles of the given sizes (the rest set aside)."""
    out = F(cards)
    for p in piles:
        out /= F(p)
    return out / F(cards - sum(piles))


def ws3_variant_keys(v: Any) -> dict[str, Key]:
    """Every answer and slip of worksheet 3's variant ``v`` (the generic variant gives :data:`WS3`)."""
    from hearts_lab import Rules

    keys: dict[str, Key] = {}
    # Q1: standard Hearts for n players; the opening card and exactly k other clubs.
    n, k = v.q1
    rules = Rules.preset("standard", players=n)
    deck, hand = len(rules.deck()), rules.hand_size
    clubs = sum(1 for c in rules.deck() if c.suit == "C")
    others = deck - clubs
    rest = hand - 1 - k
    keys["Q1"] = Key(C(clubs - 1, k) * C(others, rest), f"C({clubs - 1}, {k})·C({others}, {rest})", {
        "ignore-clubs": Slip(C(deck - 1, hand - 1), "fixed the opening card but ignored the condition on the other clubs"),
        "three-clubs": Slip(C(clubs, k + 1) * C(others, rest), "counted hands with exactly k + 1 clubs: the opening card was not required"),
        "at-least": Slip(sum(C(clubs - 1, j) * C(others, hand - 1 - j) for j in range(k, hand)), "counted at least k other clubs, not exactly k"),
        "full-pack": Slip(C(12, k) * C(39, rest), "used the full 52-card pack"),
        "rest-from-all": Slip(C(clubs - 1, k) * C(deck - 1 - k, rest), "chose the rest from every card left, so more clubs could come in"),
    }, hashed=True)
    # Q2: 4-player standard without the lowest r ranks; seat s holds a hearts, each other seat b.
    r, a, b, _seat = v.q2
    cards, hearts = 52 - 4 * r, 13 - r
    each, other = cards // 4, cards - hearts
    hearts_dealt = F(hearts) / (F(a) * F(b) ** 3)
    answer = hearts_dealt * F(other) / (F(each - a) * F(each - b) ** 3)
    keys["Q2"] = Key(answer, f"{hearts}!/({a}!·{b}!·{b}!·{b}!) × {other}!/({each - a}!·{each - b}!·{each - b}!·{each - b}!)", {
        "every-deal": Slip(F(cards) / F(each) ** 4, "counted every deal: ignored the condition on the hearts"),
        "seats-alike": Slip(answer / F(3), "divided by 3!: treated the other three seats as interchangeable"),
        "some-seat": Slip(4 * answer, "let any seat hold the named seat's hearts"),
        "hearts-only": Slip(hearts_dealt, "dealt only the hearts"),
        "one-hand": Slip(C(hearts, a) * C(other, each - a), "counted the named seat's hands only, not whole deals"),
    }, hashed=True)
    # Q3: a house rule: n players, h cards each from 52, the rest a kitty.
    n, h = v.q3
    kitty = 52 - n * h
    preset = Rules.preset("standard", players=n)
    answer = _deal(52, (h,) * n)
    keys["Q3"] = Key(answer, f"52!/(({h}!)^{n}·{kitty}!)", {
        "kitty-unsorted": Slip(F(52) / F(h) ** n, "did not divide by the kitty's order"),
        "seats-alike": Slip(answer / F(n), "divided by n!: treated the seats as interchangeable") if n == 3 else Slip(answer / F(n), "divided by n!"),
        "seventeen": Slip(_deal(52, (preset.hand_size,) * n), "dealt as many cards to each seat as the Rules object of this table size does, not the house rule's number"),
        "no-kitty-choice": Slip(F(52 - kitty) / F(h) ** n, "dealt the seats' cards but did not count the ways to choose the kitty"),
        "one-hand": Slip(C(52, h), "counted one seat's hands, not whole deals"),
    }, hashed=True)
    # Q4: Cancellation, n players, all 104 cards told apart; exactly j point cards in the kitty.
    n, j = v.q4
    rules = Rules.preset("cancellation", players=n)
    hand, kitty = rules.hand_size, rules.kitty_size
    rest = F(104 - kitty) / F(hand) ** n
    answer = C(28, j) * C(76, kitty - j) * rest
    keys["Q4"] = Key(answer, f"C(28, {j})·C(76, {kitty - j})·{104 - kitty}!/({hand}!)^{n}", {
        "every-deal": Slip(F(104) / (F(hand) ** n * F(kitty)), "counted every physical deal"),
        "kitty-only": Slip(C(28, j) * C(76, kitty - j), "counted only the kitties"),
        "queens-forgotten": Slip(C(26, j) * C(78, kitty - j) * rest, "forgot the two Q♠ (28 point cards)"),
        "at-most-one": Slip(sum(C(28, i) * C(76, kitty - i) for i in range(j + 1)) * rest, "counted at most j point cards, not exactly j"),
        "no-point": Slip(C(76, kitty) * rest, "counted kitties with no point card"),
    }, hashed=True)
    # Q5: Cancellation, n players; distinct hands void in hearts (and diamonds) holding at least one Q♠.
    n, voids = v.q5
    size = Rules.preset("cancellation", players=n).hand_size
    faces = 52 - 13 * voids
    answer = _h(faces, size) - _h(faces - 1, size)
    keys["Q5"] = Key(answer, f"H({faces}, {size}) − H({faces - 1}, {size}) = H({faces - 1}, {size - 1}) + H({faces - 1}, {size - 2})", {
        "all-heartless": Slip(_h(faces, size), "counted every such hand, with or without a Q♠"),
        "physical": Slip(C(2 * faces, size) - C(2 * faces - 2, size), "told the two copies apart"),
        "one-queen": Slip(_h(faces - 1, size - 1), "counted hands with exactly one Q♠"),
        "fixed-queen": Slip(_h(faces, size - 1), "fixed one Q♠ and chose the rest from all the faces"),
        "one-copy": Slip(C(faces - 1, size - 1), "allowed each face at most once"),
    }, hashed=True)
    # Q6, Q7: Cancellation, n players; seat s (Q6) or some seat (Q7) holds both A♥ and q Q♠ (exactly one, or both).
    n, q, _seat = v.q6
    hand = Rules.preset("cancellation", players=n).hand_size
    total = C(104, hand)
    answer = C(2, q) * C(100, hand - 2 - q) / total
    other_q = 3 - q  # the other count of Q♠ (the at-least slip for exactly one; exactly one for both)
    keys["Q6"] = Key(answer, f"C(2, 2)·C(2, {q})·C(100, {hand - 2 - q})/C(104, {hand})", {
        "ignore-queens": Slip(C(102, hand - 2) / total, "required both A♥ but nothing about the Q♠"),
        "one-copy": Slip(C(100, hand - 2 - q) / total, "counted the two Q♠ as one card") if q == 1
        else Slip(2 * C(100, hand - 4) / total, "counted two ways to hold both Q♠ (there is one)"),
        "at-least-one": Slip(answer + C(2, other_q) * C(100, hand - 2 - other_q) / total, "counted at least one Q♠, not exactly one")
        if q == 1 else Slip(C(2, 1) * C(100, hand - 3) / total, "counted exactly one Q♠, not both"),
        "distinct-hands": Slip(Rational(_h(50, hand - 2 - q), _h(52, hand)), "divided counts of distinct hands"),
        "some-seat": Slip(n * answer, "answered for some seat (Q7)"),
    }, hashed=True)
    keys["Q7"] = Key(n * answer, f"{n} × Q6: only one seat can hold both A♥", {
        "one-seat": Slip(answer, "answered for one seat (Q6)"),
        "independent-seats": Slip(1 - (1 - answer) ** n, "treated the seats as independent; the events are disjoint"),
        "ignore-queens": Slip(n * C(102, hand - 2) / total, "left out the condition on the Q♠"),
        "one-copy": Slip(n * keys["Q6"].slips["one-copy"].value, "carried Q6's one-copy slip into Q7"),
    }, hashed=True)
    # Q8: Cancellation, n players; the kitty holds at least one Q♠ and at least one heart.
    players, copies = v.q8  # copies: physical cards that are the named card (2: the Q♠; 4: a black queen)
    kitty = Rules.preset("cancellation", players=players).kitty_size
    all_kitties = C(104, kitty)
    no_q, no_h, neither = (C(104 - m, kitty) / all_kitties for m in (copies, 26, 26 + copies))
    keys["Q8"] = Key(1 - (no_q + no_h - neither), f"1 − [C({104 - copies}, {kitty}) + C(78, {kitty}) − C({78 - copies}, {kitty})]/C(104, {kitty})", {
        "queen-only": Slip(1 - no_q, "counted kitties with a Q♠, whether or not they hold a heart"),
        "any-point": Slip(1 - neither, "counted kitties with any point card"),
        "no-overlap": Slip(1 - (no_q + no_h), "did not add back the kitties with neither"),
        "independent": Slip((1 - no_q) * (1 - no_h), "multiplied the two chances"),
        "one-each": Slip(copies * 26 * C(78 - copies, kitty - 2) / all_kitties, "counted exactly one of the named cards and exactly one heart"),
    }, hashed=True)
    return keys


# -- worksheet 4, per-student variants ---------------------------------------------------
#
# A student's copy of worksheet 4 asks Q1-Q3 and Q6 about its own table and event
# (hearts_lab.exercises.variants.Ws4Variant); as for worksheet 3, the answers and slips are computed here,
# on the teacher's side only, and a student's copy carries their salted digests. Which slips a variant has
# (and in which order its key line lists them) is ws4.slip_names(v): Q1's full-pack slip is left out where
# the table strips nothing (it would be the answer).

_SUIT_WORDS = {"S": "spade", "C": "club", "D": "diamond", "H": "heart"}


def _table(players: int) -> Any:
    from hearts_lab import Rules
    from hearts_lab.exercises.variants import WS4_PRESETS

    return Rules.preset(WS4_PRESETS[players], players=players)


def _ws4_q6(named: int, least: int, queen: bool = True) -> Any:
    """Seat 0 of 4-player standard holds the Q♠ (if ``queen``), the ``named`` top hearts and at least ``least`` hearts."""
    fixed = named + (1 if queen else 0)
    others = 38 if queen else 39  # the cards that are neither hearts nor the Q♠ (the Q♠ among them when not required)
    rest = 13 - fixed
    return sum(C(13 - named, j) * C(others, rest - j) for j in range(max(0, least - named), min(13 - named, rest) + 1)) / C(52, 13)


def ws4_variant_keys(v: Any) -> dict[str, Key]:
    """The answers and slips of worksheet 4's exact questions Q1-Q3 and Q6 for variant ``v``
    (the generic variant gives :data:`WS4`'s Q1-Q3 and Q6)."""
    from hearts_lab.exercises.variants import ws4_q3_rules
    from hearts_lab.exercises.ws4 import slip_names

    keys: dict[str, Key] = {}
    # Q1, Q2: a seat holds every heart and at most `most` cards of the suit.
    players, suit, most, _seat = v.q1
    rules = _table(players)
    deck, hand = rules.deck(), rules.hand_size
    n, s = len(deck), sum(1 for c in deck if c.suit == suit)
    r, free = n - 13 - s, hand - 13  # the other cards that are not hearts; the places left after the hearts
    total = C(n, hand)

    def holding(allowed: Any, s: int = s, r: int = r, total: Any = total) -> Any:
        return sum(C(s, i) * C(r, free - i) for i in allowed) / total

    answer = holding(range(most + 1))
    terms = " + ".join(f"C({s}, {i})·C({r}, {free - i})" for i in range(most + 1))
    word = _SUIT_WORDS[suit]
    every: dict[str, Slip] = {
        "no-spade": Slip(holding(range(1)), f"counted only the hands with no {word}"),
        "one-spade": Slip(holding(range(most, most + 1)), f"counted only the hands with exactly {most} of the {word}s"),
        "hearts-only": Slip(C(n - 13, free) / total, f"required the hearts but ignored the {word}s"),
        "full-pack": Slip(holding(range(most + 1), 13, 26, C(52, hand)), f"forgot the cards stripped with {players} players"),
        "some-seat": Slip(players * answer, "answered for some seat (Q2)"),
    }
    keys["Q1"] = Key(answer, f"[{terms}]/C({n}, {hand}): the 13 hearts, then i of the {s} {word}s (i = 0..{most}) and the rest from the {r} other cards",
                     {name: every[name] for name in slip_names(v)["Q1"]}, hashed=True)
    keys["Q2"] = Key(players * answer, f"{players} × Q1: at most one seat can hold all 13 hearts, so the events are disjoint", {
        "one-seat": Slip(answer, "answered for one seat (Q1)"),
        "independent-seats": Slip(1 - (1 - answer) ** players, "treated the seats as independent; they are disjoint"),
        "no-spade": Slip(players * every["no-spade"].value, f"counted only the hands with no {word}"),
    }, hashed=True)
    # Q3: every heart, not the Q♠, at least one of the A♠ and K♠; m cards are neither a heart nor the Q♠.
    rules = ws4_q3_rules(v.q3)
    m, k = len(rules.deck()) - 14, rules.hand_size - 13
    keys["Q3"] = Key(C(m, k) - C(m - 2, k), f"C({m}, {k}) − C({m - 2}, {k}): the 13 hearts, not the Q♠, {k} of the other {m}, minus the hands with neither the A♠ nor the K♠", {
        "no-high-spade-condition": Slip(C(m, k), "left out the condition on the A♠ and K♠"),
        "both": Slip(C(m - 2, k - 2), "required both the A♠ and the K♠, not at least one"),
        "exactly-one": Slip(2 * C(m - 2, k - 1), "counted exactly one of the A♠ and K♠, not at least one"),
        "complement": Slip(C(m - 2, k), "counted the hands with neither the A♠ nor the K♠: the complement"),
        "double-count": Slip(2 * C(m - 1, k - 1), "fixed the A♠ or the K♠ and chose the rest freely: hands holding both are counted twice"),
        "queen-allowed": Slip(C(m + 1, k) - C(m - 1, k), "did not exclude the Q♠"),
    }, hashed=True)
    # Q6: the Q♠, the `named` top hearts and at least `least` hearts in seat 0's 13 cards (4-player standard).
    named, least = v.q6
    every = {
        "ace-only": Slip(_ws4_q6(named - 1, least), "left out the lowest of the named hearts"),
        "no-honours": Slip(_ws4_q6(0, least), "required none of the named hearts"),
        "exactly-four": Slip(_ws4_q6(named, least) - _ws4_q6(named, least + 1), f"counted exactly {least} hearts, not at least {least}"),
        "four-others": Slip(_ws4_q6(named, least + named), f"asked for {least} hearts besides the named ones"),
        "no-queen": Slip(_ws4_q6(named, least, queen=False), "did not require the Q♠"),
    }
    keys["Q6"] = Key(_ws4_q6(named, least), f"Σ_{{j={least - named}..{12 - named}}} C({13 - named}, j)·C(38, {12 - named} − j) / C(52, 13): the Q♠ and the {named} named hearts fixed, j more hearts, the rest from the 38 others",
                     {name: every[name] for name in slip_names(v)["Q6"]}, hashed=True)
    return keys


# -- worksheet 4, per-student variants: the questions the engine checks --------------------
#
# Q4-Q5 (scores), Q7 (a count of dealt hands) and Q8 (moons in a simulation) are judged by the engine when
# the check runs, so no digest is stored; for a teacher who wants one student's own answers
# (classroom.Class.key), they are computed here, on the teacher's side: Q7's event is written out only here,
# never in the package, where it would answer Q7 in one call.


def ws4_checked_keys(v: Any, estimates: bool = True) -> dict[str, Key]:
    """The answers and slips of worksheet 4's Q4, Q5 and (``estimates``) Q7 and Q8 for variant ``v``:
    Q7's count of hands dealt with the variant's own deals and seed that hold its own Q6 event, Q8's moons
    in its own simulation (a few seconds between them). The generic variant has no deals or seed of its own."""
    from hearts_lab import Card, Rules
    from hearts_lab.exercises.sampling import deal_hands
    from hearts_lab.exercises.variants import moon_scores
    from hearts_lab.simulate import simulate

    before, shooter = v.q4
    old, new = moon_scores(before, shooter, "old"), moon_scores(before, shooter, "new")
    kept = tuple(b + (26 if s == shooter else 0) for s, b in enumerate(before))
    others = ", ".join(str(s) for s in range(4) if s != shooter)
    keys: dict[str, Key] = {}
    for q, policy in (("Q4", "auto"), ("Q5", "avoid-end")):
        got = moon_scores(before, shooter, policy)
        moon, wrong = ("old", new) if got == old else ("new", old)
        effect = f"+26 to seats {others}" if moon == "old" else f"-26 to seat {shooter}"
        keys[q] = Key(got, f"moon={policy!r} takes the {moon} moon here: {effect}", {
            ("new-moon" if moon == "old" else "old-moon"): Slip(wrong, f"applied the {'new' if moon == 'old' else 'old'} moon"),
            "shooter-scores": Slip(kept, "gave the shooter the 26 points they took"),
            "deltas": Slip(tuple(a - b for a, b in zip(got, before)), "gave the changes, not the scores after the hand"),
        })
    if not estimates or v.q7 is None or v.q8 is None:
        return keys
    named, least = v.q6
    top = [Card.parse(c) for c in ("Q♠", "A♥", "K♥", "Q♥")[:named + 1]]
    deals, seed = v.q7
    names = " ".join(map(str, top))
    count = deal_hands(Rules.preset("standard", players=4), deals, seed=seed).count(
        lambda hand: all(c in hand for c in top) and sum(1 for c in hand if c.suit == "H") >= least)
    keys["Q7"] = Key(count.hits, f"deal_hands(Rules.preset('standard', players=4), {deals}, seed={seed}).count(event): "
                     f"seat 0 holds {names} and at least {least} hearts; {count.hits} of {deals:,} deals = {count.hits / deals:.4%}")
    hands, seed8 = v.q8
    result = simulate(Rules.preset("standard", players=4, first_trick_points=True), hands, bots="random", seed=seed8)
    keys["Q8"] = Key(result.moon_count, f"simulate(Rules.preset('standard', players=4, first_trick_points=True), {hands}, "
                     f"bots='random', seed={seed8}): {result.moon_count} moons in {hands:,} hands = {result.moon_rate:.3%}")
    return keys
