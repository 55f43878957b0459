"""The answers of worksheets 3 and 4 (exercises/source/answers.py), verified two ways, and checked
against the library: no public call of hearts_lab answers an exact question in one or two calls.

- Each answer is a sympy formula. The same formula, written for any deck size, is compared with a
  brute-force enumeration of a small deck (every hand or deal listed), and the worksheet's value is
  compared with a large seeded simulation of the real deck (within a 99.9% Wilson interval) where
  the event is not too rare to see.
- "One library call answers it" was the red team's finding (p_both_queens answered worksheet 3's
  'both A♥', deal_count its 'deals without the 2s', p_kitty_points with chosen card points its
  'a Q♠ in the kitty', hearts_distribution worksheet 4's 'every heart'). The last test computes every
  value the public counting functions give for each question's rules - also with the cards the
  question names removed, or made the only point cards - and every sum, difference, product and
  ratio of two of them, complement and multiple by the number of seats, and checks that no answer is
  among them.
"""
from __future__ import annotations

import contextlib
import dataclasses
import itertools
import random
import sys
from collections import Counter
from fractions import Fraction
from math import comb, factorial
from pathlib import Path

import pytest
import sympy
from sympy import Rational, binomial as C, factorial as F

from hearts_lab import Rules
from hearts_lab.cards import Card
from hearts_lab.stats import wilson_interval

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "exercises" / "source"))
import answers  # noqa: E402

WS3, WS4 = answers.WS3, answers.WS4


def H(faces: int, size: int) -> int:
    """Distinct hands from ``faces`` faces, two copies each."""
    return sum(comb(faces, d) * comb(faces - d, size - 2 * d) for d in range(size // 2 + 1) if size - 2 * d <= faces - d)


def multinomial(*piles: int) -> int:
    out = factorial(sum(piles))
    for p in piles:
        out //= factorial(p)
    return out


def deals(cards: list, piles: tuple[int, ...]):
    """Every deal of ``cards`` (all different) into named piles of the given sizes."""
    if not piles:
        yield ()
        return
    first, rest = piles[0], piles[1:]
    for chosen in itertools.combinations(range(len(cards)), first):
        left = [c for i, c in enumerate(cards) if i not in chosen]
        for tail in deals(left, rest):
            yield (tuple(cards[i] for i in chosen),) + tail


def close(rate_hits: int, trials: int, exact) -> bool:
    low, high = wilson_interval(rate_hits, trials, confidence=0.999)
    return low <= float(exact) <= high


# -- worksheet 3 --------------------------------------------------------------------------


def ws3_q1(clubs: int, others: int, h: int, k: int):
    """Hands of h holding one given club and exactly k of the other clubs."""
    return C(clubs - 1, k) * C(others, h - 1 - k)


def test_ws3_q1():
    deck = [("C", i) for i in range(4)] + [("X", i) for i in range(5)]
    brute = sum(1 for hand in itertools.combinations(deck, 4) if ("C", 0) in hand and sum(c[0] == "C" for c in hand) == 2)
    assert brute == ws3_q1(4, 5, 4, 1)
    five = Rules.preset("standard", players=5)
    clubs = sum(c.suit == "C" for c in five.deck())
    assert (clubs, len(five.deck()) - clubs, five.hand_size) == (12, 38, 10)
    assert WS3["Q1"].answer == ws3_q1(12, 38, 10, 2)
    # a large seeded sample of real 10-card hands from the 50-card deck
    rng, deck50, three = random.Random(31), five.deck(), Card.parse("3♣")
    n = 200_000
    hits = sum(1 for _ in range(n) for hand in [rng.sample(deck50, 10)]
               if three in hand and sum(c.suit == "C" for c in hand) == 3)
    assert close(hits, n, WS3["Q1"].answer / C(50, 10))


def ws3_q2(hearts: int, others: int, seats: int, h: int, a: int, b: int):
    """Deals to ``seats`` named hands of h: seat 0 holds exactly a hearts, every other seat exactly b."""
    return (F(hearts) / (F(a) * F(b) ** (seats - 1))) * (F(others) / (F(h - a) * F(h - b) ** (seats - 1)))


def test_ws3_q2():
    cards = [("H", i) for i in range(5)] + [("X", i) for i in range(4)]
    brute = sum(1 for d in deals(cards, (3, 3, 3))
                if [sum(c[0] == "H" for c in hand) for hand in d] == [3, 1, 1])
    assert brute == ws3_q2(5, 4, 3, 3, 3, 1)
    assert WS3["Q2"].answer == ws3_q2(12, 36, 4, 12, 6, 2)
    rules = dataclasses.replace(Rules.preset("standard", players=4), removed=tuple(Card.parse(f"2{s}") for s in "CDHS"))
    deck = list(rules.deck())
    assert len(deck) == 48 and sum(c.suit == "H" for c in deck) == 12
    rng, n, hits = random.Random(32), 100_000, 0
    for _ in range(n):
        rng.shuffle(deck)
        counts = [sum(c.suit == "H" for c in deck[12 * s:12 * s + 12]) for s in range(4)]
        hits += counts == [6, 2, 2, 2]
    assert close(hits, n, WS3["Q2"].answer / (F(48) / F(12) ** 4))


def test_ws3_q3():
    cards = list(range(6))
    assert sum(1 for _ in deals(cards, (2, 2, 2))) == F(6) / (F(2) ** 2 * F(2))  # two hands of 2, a kitty of 2
    assert WS3["Q3"].answer == F(52) / (F(16) ** 3 * F(4)) == C(52, 4) * multinomial(16, 16, 16)
    # Rules cannot make this deal: with 3 players it deals 17 each and a kitty of 1
    three = dataclasses.replace(Rules.preset("standard", players=3), removed=())
    assert (three.hand_size, three.kitty_size) == (17, 1)


def ws3_q4(n_cards: int, points: int, seats: int, h: int, kitty: int):
    """Physical deals whose kitty holds exactly one point card."""
    return points * C(n_cards - points, kitty - 1) * F(n_cards - kitty) / F(h) ** seats


def test_ws3_q4():
    cards = ["P0", "P1"] + [f"x{i}" for i in range(5)]
    brute = sum(1 for d in deals(cards, (2, 2, 3)) if sum(c.startswith("P") for c in d[2]) == 1)
    assert brute == ws3_q4(7, 2, 2, 2, 3)
    nine = Rules.preset("cancellation", players=9)
    points = sum(1 for c in nine.deck() if nine.points([c]))
    assert (len(nine.deck()), points, nine.hand_size, nine.kitty_size) == (104, 28, 11, 5)
    assert WS3["Q4"].answer == ws3_q4(104, 28, 9, 11, 5)
    rng, deck, n = random.Random(34), list(nine.deck()), 100_000
    hits = sum(1 for _ in range(n) if sum(1 for c in rng.sample(deck, 5) if nine.points([c])) == 1)
    assert close(hits, n, WS3["Q4"].answer * F(5) * F(11) ** 9 / F(104))


def test_ws3_q5():
    faces = list(range(5))  # face 0 plays the Q♠
    physical = [(f, copy) for f in faces for copy in (0, 1)]
    distinct = {tuple(sorted(Counter(f for f, _ in hand).items())) for hand in itertools.combinations(physical, 4)}
    brute = sum(1 for hand in distinct if dict(hand).get(0, 0) >= 1)
    assert brute == H(5, 4) - H(4, 4) == H(4, 3) + H(4, 2)
    assert WS3["Q5"].answer == H(39, 13) - H(38, 13) == H(38, 12) + H(38, 11)


def ws3_q6(n_cards: int, h: int):
    """Seat 0's h physical cards hold both A♥ and exactly one of the two Q♠."""
    return C(2, 1) * C(n_cards - 4, h - 3) / C(n_cards, h)


def test_ws3_q6_q7():
    cards = ["A", "A'", "Q", "Q'"] + [f"x{i}" for i in range(4)]
    hands = list(itertools.combinations(cards, 4))
    good = lambda hand: {"A", "A'"} <= set(hand) and len({"Q", "Q'"} & set(hand)) == 1  # noqa: E731
    assert Rational(sum(map(good, hands)), len(hands)) == ws3_q6(8, 4)
    # some seat, two seats of 4: the events are disjoint, so the chance is twice one seat's
    all_deals = list(deals(cards, (4, 4)))
    assert Rational(sum(1 for d in all_deals if good(d[0]) or good(d[1])), len(all_deals)) == 2 * ws3_q6(8, 4)
    assert WS3["Q6"].answer == ws3_q6(104, 11) and WS3["Q7"].answer == 9 * ws3_q6(104, 11)
    nine = Rules.preset("cancellation", players=9)
    ace, queen = Card.parse("A♥"), Card.parse("Q♠")
    rng, deck, n, hits = random.Random(36), list(nine.deck()), 200_000, 0
    for _ in range(n):
        hand = Counter(rng.sample(deck, 11))
        hits += hand[ace] == 2 and hand[queen] == 1
    assert close(hits, n, WS3["Q6"].answer)


def ws3_q8(n_cards: int, queens: int, hearts: int, k: int):
    return 1 - (C(n_cards - queens, k) + C(n_cards - hearts, k) - C(n_cards - queens - hearts, k)) / C(n_cards, k)


def test_ws3_q8():
    cards = ["Q", "Q'", "H0", "H1", "H2"] + [f"x{i}" for i in range(4)]
    kitties = list(itertools.combinations(cards, 3))
    good = sum(1 for k in kitties if any(c.startswith("Q") for c in k) and any(c.startswith("H") for c in k))
    assert Rational(good, len(kitties)) == ws3_q8(9, 2, 3, 3)
    assert WS3["Q8"].answer == ws3_q8(104, 2, 26, 5)
    nine = Rules.preset("cancellation", players=9)
    queen = Card.parse("Q♠")
    rng, deck, n = random.Random(38), list(nine.deck()), 100_000
    hits = sum(1 for _ in range(n) for k in [rng.sample(deck, 5)] if queen in k and any(c.suit == "H" for c in k))
    assert close(hits, n, WS3["Q8"].answer)


# -- worksheet 4 --------------------------------------------------------------------------


def ws4_q1(n_cards: int, hearts: int, spades: int, h: int):
    """Seat 0's h cards hold every heart and at most one spade."""
    free = n_cards - hearts - spades
    return (C(free, h - hearts) + spades * C(free, h - hearts - 1)) / C(n_cards, h)


def test_ws4_q1_q2():
    cards = ["H0", "H1", "S0", "S1"] + [f"x{i}" for i in range(4)]
    hands = list(itertools.combinations(cards, 4))
    good = lambda hand: sum(c[0] == "H" for c in hand) == 2 and sum(c[0] == "S" for c in hand) <= 1  # noqa: E731
    assert Rational(sum(map(good, hands)), len(hands)) == ws4_q1(8, 2, 2, 4)
    all_deals = list(deals(cards, (4, 4)))
    assert Rational(sum(1 for d in all_deals if good(d[0]) or good(d[1])), len(all_deals)) == 2 * ws4_q1(8, 2, 2, 4)
    three = Rules.preset("standard", players=3)
    deck = three.deck()
    assert (len(deck), sum(c.suit == "S" for c in deck), three.hand_size) == (51, 13, 17)
    assert WS4["Q1"].answer == ws4_q1(51, 13, 13, 17) and WS4["Q2"].answer == 3 * ws4_q1(51, 13, 13, 17)
    # (about 2e-9: too rare for a simulation to see; the small-deck enumeration above checks the formula)


def ws4_q3(n_cards: int, hearts: int, h: int):
    """Hands of h: every heart, not the Q♠, at least one of the A♠ and K♠."""
    return C(n_cards - hearts - 1, h - hearts) - C(n_cards - hearts - 3, h - hearts)


def test_ws4_q3():
    cards = ["H0", "H1", "Q", "A", "K", "x0", "x1", "x2"]
    brute = sum(1 for hand in itertools.combinations(cards, 4)
                if {"H0", "H1"} <= set(hand) and "Q" not in hand and ({"A", "K"} & set(hand)))
    assert brute == ws4_q3(8, 2, 4)
    assert WS4["Q3"].answer == ws4_q3(52, 13, 26)


def ws4_q6(n_cards: int, hearts: int, h: int, at_least: int):
    """Seat 0 holds the Q♠, the A♥, the K♥ and at least ``at_least`` hearts in all."""
    others = n_cards - hearts - 1
    return sum(C(hearts - 2, j) * C(others, h - 3 - j) for j in range(max(at_least - 2, 0), h - 2)) / C(n_cards, h)


def test_ws4_q6():
    cards = ["Q", "A", "K", "h0", "h1", "x0", "x1", "x2", "x3"]
    hands = list(itertools.combinations(cards, 5))
    good = sum(1 for hand in hands if {"Q", "A", "K"} <= set(hand) and sum(c in ("A", "K", "h0", "h1") for c in hand) >= 3)
    assert Rational(good, len(hands)) == ws4_q6(9, 4, 5, 3)
    assert WS4["Q6"].answer == ws4_q6(52, 13, 13, 4)
    four = Rules.preset("standard", players=4)
    q, a, k = (Card.parse(c) for c in ("Q♠", "A♥", "K♥"))
    rng, deck, n = random.Random(46), four.deck(), 200_000
    hits = sum(1 for _ in range(n) for hand in [rng.sample(deck, 13)]
               if q in hand and a in hand and k in hand and sum(c.suit == "H" for c in hand) >= 4)
    assert close(hits, n, WS4["Q6"].answer)


# -- no public call answers an exact question ----------------------------------------------


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def _library_values(rules: Rules, named: list[tuple[Card, ...]], other_tables: bool = False) -> set:
    """Every value the public counting functions give for ``rules`` and its variants (with
    ``other_tables``: also for the same deck dealt to any other number of seats)."""
    from hearts_lab import combinatorics as cb

    tables = [rules]
    for players in range(2, 14) if other_tables else ():
        if players != rules.players:
            with contextlib.suppress(Exception):
                tables.append(dataclasses.replace(rules, players=players, pass_schedule=(1, 0)))
    variants = []
    for table in tables:
        variants.append(table)
        deck = table.deck()
        for cards in named:
            removed = tuple(c for c in deck if c in cards)
            for change in ({"removed": tuple(table.removed) + removed}, {"card_points": tuple((c, 1) for c in cards)}):
                with contextlib.suppress(Exception):
                    variants.append(dataclasses.replace(table, **change))
    values = set()
    for r in variants:
        calls = [cb.deal_count, cb.physical_deal_count, cb.hand_count, cb.physical_hand_count, cb.p_kitty_points,
                 cb.expected_kitty_points, cb.p_pair, cb.expected_pairs, cb.p_void,
                 lambda r: cb.strip_choices(r), lambda r: cb.strip_choices(r, True)]
        calls += [lambda r, s=s: cb.p_no_hearts(r, s) for s in (False, True)]
        calls += [lambda r, s=s: cb.p_dealt_moon(r, s) for s in (False, True)]
        calls += [lambda r, s=s: cb.p_both_queens(r, s) for s in (False, True)]
        calls += [lambda r, k=k: cb.p_queen_with_hearts(r, k) for k in range(14)]
        calls += [lambda r, s=s: cb.p_void(r, s) for s in "CDHS"]
        for call in calls:
            with contextlib.suppress(Exception):
                values.add(sympy.Rational(call(r).value))
        for dist in (cb.hearts_distribution, cb.pairs_distribution):
            with contextlib.suppress(Exception):
                values |= {sympy.Rational(e.value) for e in dist(r)}
    return {v for v in values if v != 0}


QUESTIONS = {
    ("ws3", "Q1"): (Rules.preset("standard", players=5), ["3♣", "4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣", "3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"]),
    ("ws3", "Q2"): (dataclasses.replace(Rules.preset("standard", players=4), removed=_cards("2♣ 2♦ 2♥ 2♠")),
                    ["3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"]),
    ("ws3", "Q3"): (dataclasses.replace(Rules.preset("standard", players=3), removed=()), ["2♣ 2♦ 2♥ 2♠"]),
    ("ws3", "Q4"): (Rules.preset("cancellation", players=9), ["Q♠", "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"]),
    ("ws3", "Q5"): (Rules.preset("cancellation", players=8), ["Q♠", "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥",
                                                              "Q♠ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"]),
    ("ws3", "Q6"): (Rules.preset("cancellation", players=9), ["A♥", "Q♠", "A♥ Q♠"]),
    ("ws3", "Q7"): (Rules.preset("cancellation", players=9), ["A♥", "Q♠", "A♥ Q♠"]),
    ("ws3", "Q8"): (Rules.preset("cancellation", players=9), ["Q♠", "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥",
                                                              "Q♠ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"]),
    ("ws4", "Q1"): (Rules.preset("standard", players=3), ["2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",
                                                          "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"]),
    ("ws4", "Q2"): (Rules.preset("standard", players=3), ["2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",
                                                          "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"]),
    ("ws4", "Q3"): (Rules.preset("lowest-clubs", players=2), ["Q♠", "A♠ K♠", "Q♠ A♠ K♠"]),
    ("ws4", "Q6"): (Rules.preset("standard", players=4), ["A♥", "K♥", "A♥ K♥", "Q♠ A♥ K♥"]),
}


def _library_search(ws: str, key: str):
    """The question's rules, every value the library gives on its table (sorted), and on any table."""
    rules, named = QUESTIONS[(ws, key)]
    named_cards = [_cards(text) for text in named]
    values = sorted(_library_values(rules, named_cards), key=float)
    return rules, values, _library_values(rules, named_cards, other_tables=True)




def _assert_not_among(answer, values, anywhere, n, name):
    """Not one call (on the question's table or any other) and trivial arithmetic; not two calls on the
    question's table combined. (Two calls at *other* table sizes can rebuild a product formula - e.g.
    C(52, 4) as the hands of a 13-seat table times the deals of the other 48 cards - but only for a
    student who already has the decomposition, which is the skill: that is the library as a calculator.)"""
    # Exact fractions (Python's, a few times faster than sympy's), and for two calls the one w each v and
    # each combination would need, looked up among the values: the same pairs as trying every (v, w) with
    # each combination, v * w, v / w, v + w, v - w, (1 - v) * w, v * (1 - w), n * v * w, in linear time.
    answer = Fraction(int(answer.p), int(answer.q))
    singles = set()
    for v in (Fraction(int(x.p), int(x.q)) for x in anywhere):
        singles |= {v, 1 - v, n * v, 1 - (1 - v) ** n}
    assert answer not in singles, f"{name}: one library call gives the answer"
    table = {Fraction(int(x.p), int(x.q)): x for x in values}  # no value is 0 (_library_values drops it)
    for v in table:
        needed = [answer / v, v / answer if answer else None, answer - v, v - answer,
                  answer / (1 - v) if v != 1 else None, 1 - answer / v, answer / (n * v)]
        for w in needed:
            assert w not in table, f"{name}: two library calls give the answer ({table[v]}, {table[w]})"


#: The questions the red team answered with one or two calls, before they were replaced.
OLD = {
    ("ws3", "Q2"): F(48) / F(12) ** 4,                        # deal_count(rules without the 2s)
    ("ws3", "Q4"): C(76, 5) * F(99) / F(11) ** 9,             # physical_deal_count × (1 - p_kitty_points)
    ("ws3", "Q5"): H(39, 13),                                 # hand_count(6 players, hearts removed)
    ("ws3", "Q6"): C(102, 9) / C(104, 11),                    # p_both_queens (both A♥: same by symmetry)
    ("ws3", "Q7"): 9 * C(102, 9) / C(104, 11),                # p_both_queens(..., some_seat=True)
    ("ws3", "Q8"): 1 - C(102, 5) / C(104, 5),                 # p_kitty_points with only the Q♠ worth points
    ("ws4", "Q1"): C(38, 4) / C(51, 17),                      # hearts_distribution(rules)[13]
    ("ws4", "Q2"): 3 * C(38, 4) / C(51, 17),
}


def _searches() -> list[tuple[tuple[str, str], ...]]:
    """The questions grouped by their search: questions on the same table with the same named cards (ws3 Q6
    and Q7, ws4 Q1 and Q2) get the same library values, so one search serves them all."""
    groups: dict[tuple, list[tuple[str, str]]] = {}
    for (ws, key), (rules, named) in sorted(QUESTIONS.items()):
        groups.setdefault((rules, tuple(named)), []).append((ws, key))
    return [tuple(group) for group in groups.values()]


SEARCHES = _searches()


def test_every_question_and_old_answer_is_searched():
    assert sorted(q for group in SEARCHES for q in group) == sorted(QUESTIONS)
    assert set(OLD) <= set(QUESTIONS)


@pytest.mark.parametrize("questions", SEARCHES, ids=["+".join(f"{ws}-{key}" for ws, key in g) for g in SEARCHES])
def test_no_one_or_two_library_calls_answer_the_question(questions):
    """No call or two answer the question; and the search is not vacuous: on the same values it finds
    each answer the red team got from the library (OLD) before the question was replaced."""
    rules, values, anywhere = _library_search(*questions[0])
    assert len(values) > 30 and len(anywhere) > 3 * len(values)
    for ws, key in questions:
        _assert_not_among(sympy.Rational(answers.KEYS[ws][key].answer), values, anywhere, rules.players, f"{ws} {key}")
        if (ws, key) in OLD:
            with pytest.raises(AssertionError, match="library call"):
                _assert_not_among(sympy.Rational(OLD[(ws, key)]), values, anywhere, rules.players, f"{ws} {key} (old)")


# -- how far can an offline search against a digest get? ----------------------------------------


def test_the_teacher_key_lists_every_answer_an_offline_search_of_simple_forms_finds():
    """A student can try candidates against a stored digest offline (0.1 s a try, no attempt counted).
    Answers of a simple form - c·C(a, b) times or over a factor the question makes obvious, or a
    plain deal count - are found in minutes to hours; answers.SEARCHABLE lists them with the number
    of tries, and the answer keys say so. Worksheet 4's scores after a moon (about 81 plausible
    values, 10 s) have no digest at all."""
    binomials = sorted({comb(n, k) for n in range(1, 105) for k in range(n + 1)})
    binomial_set = set(binomials)
    deal_counts = set()
    for n_cards in range(2, 105):
        for seats in range(2, 14):
            for h in range(1, n_cards // seats + 1):
                deal_counts.add(factorial(n_cards) // (factorial(h) ** seats * factorial(n_cards - seats * h)))
    obvious = {
        ("ws3", "Q1"): [C(50, 10)], ("ws3", "Q2"): [F(48) / F(12) ** 4], ("ws3", "Q3"): [F(48) / F(16) ** 3],
        ("ws3", "Q4"): [F(99) / F(11) ** 9, F(104) / (F(11) ** 9 * F(5))], ("ws3", "Q5"): [],
        ("ws3", "Q6"): [C(104, 11)], ("ws3", "Q7"): [C(104, 11)], ("ws3", "Q8"): [C(104, 5)],
        ("ws4", "Q1"): [C(51, 17)], ("ws4", "Q2"): [C(51, 17)], ("ws4", "Q3"): [C(52, 26)], ("ws4", "Q6"): [C(52, 13)],
    }
    from hearts_lab.exercises._digests import DIGESTS

    assert set(obvious) == {(ws, q) for ws, qs in DIGESTS.items() for q in qs}
    found = {}
    for (ws, key), factors in obvious.items():
        value = sympy.Rational(answers.KEYS[ws][key].answer)
        tries = []
        if value.q == 1 and int(value.p) in deal_counts:
            tries.append(len(deal_counts))
        for factor in [sympy.Integer(1), *factors]:
            for scaled in (value * factor, value / factor):
                for c in range(1, 31):
                    x = scaled / c
                    if x.q == 1 and int(x.p) in binomial_set:
                        tries.append(c * len(binomials))
        if tries:
            found[(ws, key)] = min(tries)
    assert found == answers.SEARCHABLE
    assert "Q4" not in DIGESTS["ws4"] and "Q5" not in DIGESTS["ws4"]
    keys_dir = Path(__file__).resolve().parent.parent / "exercises" / "teacher" / "answer_keys"
    for (ws, key), tries in found.items():
        name = {"ws3": "03_counting_deals.md", "ws4": "04_moon_odds.md"}[ws]
        section = (keys_dir / name).read_text(encoding="utf-8").split(f"## {key}.", 1)[1].split("\n## ", 1)[0]
        assert "offline search" in section and f"{tries:,} tries" in section, (ws, key)
