"""hearts_lab.combinatorics: every count and probability checked two ways.

1. Exactly, against brute-force enumeration of every deal of small decks
   (one pack and two packs), written here independently of the package.
2. Statistically, against the engine's seeded dealing: the exact value must
   lie inside the 99.9% Wilson interval (or normal interval for means).

Plus: each answer's formula evaluates to its value, the full-size two-pack
deal counts agree with an independent dynamic programme, and the stripped-deck
arithmetic matches RULES.md.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb, factorial

import pytest
import sympy
from sympy.utilities.iterables import multiset_permutations

from hearts_lab import Hand, Rules
from hearts_lab.cards import HEARTS, QUEEN_OF_SPADES, Card, parse_cards
from hearts_lab.combinatorics import (
    CountingError,
    Exact,
    by_enumeration,
    composition,
    deal_count,
    deal_table,
    enumerate_deals,
    estimate,
    expected_kitty_points,
    expected_pairs,
    hand_count,
    hearts_distribution,
    moon_deal_possible,
    odds_table,
    p_both_queens,
    p_dealt_moon,
    p_kitty_points,
    p_no_hearts,
    p_pair,
    p_queen_with_hearts,
    p_void,
    pairs_distribution,
    physical_deal_count,
    physical_hand_count,
    sample_deals,
    sampling as ev,
    small_deck_rules,
    strip_report,
    strip_reports,
    wilson_interval,
)
from hearts_lab.rules import PRESET_PLAYERS

ALL_PRESETS = [(name, n) for name, players in PRESET_PLAYERS.items() for n in players]

# Small decks: (cards, players). Each has at most a few thousand physical deals.
SMALL_DECKS = [
    ("2H 3H QS 2C 3C 4D", 2),  # one pack, the moon (3 cards) fits a hand of 3
    ("2C 3C 2D 2H 3H QS 2S", 2),  # one pack, four suits, a kitty of 1
    ("2C 2D 2H 3H 4H QS 2S 3S", 3),  # one pack, hands of 2, kitty of 2
    ("2H 2H QS QS 2C 2C 3D", 2),  # two packs, kitty of 1
    ("2H 2H 3H QS QS 2C 3C 3C", 3),  # two packs, hands of 2, kitty of 2
    ("2C 2C 3D 2H 2H 3H QS QS 4S", 3),  # singles and pairs, no kitty
    ("2C 2C 3D 2H 2H 3H QS QS 4S", 4),  # hands of 2, kitty of 1
    ("AH AH KH KH QS QS", 2),  # the two-pack moon: 6 cards, hands of 3 -> impossible
    ("AH AH QS QS 2C 3C 2D 2D", 2),  # two-pack moon fits: 4 cards in a hand of 4
]


def small(cards: str, players: int) -> Rules:
    return small_deck_rules(cards, players)


# -- independent brute force ------------------------------------------------------------


@cache
def physical_deals(cards: str, players: int) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Every deal of the physical cards, as piles (seat 0..n-1, then kitty) of sorted cards.

    Physical card i gets a pile label; every arrangement of the multiset of
    labels is one physical deal (copies are told apart by position).
    """
    rules = small(cards, players)
    deck = rules.deck()
    h, k = rules.hand_size, rules.kitty_size
    labels = [seat for seat in range(players) for _ in range(h)] + [players] * k
    out = []
    for arrangement in multiset_permutations(labels):
        piles = [[] for _ in range(players + 1)]
        for card, label in zip(deck, arrangement):
            piles[label].append(card)
        out.append(tuple(tuple(sorted(p, key=Card.sort_key)) for p in piles))
    return tuple(out)


def brute_probability(cards: str, players: int, test) -> Fraction:
    deals = physical_deals(cards, players)
    return Fraction(sum(1 for piles in deals if test(piles[:-1], piles[-1])), len(deals))


def brute_mean(cards: str, players: int, quantity) -> Fraction:
    deals = physical_deals(cards, players)
    return Fraction(sum(quantity(piles[:-1], piles[-1]) for piles in deals), len(deals))


def hearts_in(hand) -> int:
    return sum(c.suit == HEARTS for c in hand)


def moon_in(hand, deck) -> bool:
    need = sum(1 for c in deck if c.suit == HEARTS or c == QUEEN_OF_SPADES)
    return sum(1 for c in hand if c.suit == HEARTS or c == QUEEN_OF_SPADES) == need


def pairs_in(hand) -> int:
    return sum(1 for n in Counter(hand).values() if n == 2)


# Each case: (name, exact(rules), test(hands, kitty, rules) -> bool | int, is_mean)
CASES = [
    ("no hearts", lambda r: p_no_hearts(r), lambda hs, k, r: hearts_in(hs[0]) == 0, False),
    ("someone no hearts", lambda r: p_no_hearts(r, some_seat=True), lambda hs, k, r: any(hearts_in(h) == 0 for h in hs), False),
    ("void in some suit", lambda r: p_void(r), lambda hs, k, r: {c.suit for c in r.deck()} - {c.suit for c in hs[0]} != set(), False),
    ("void in clubs", lambda r: p_void(r, "C"), lambda hs, k, r: all(c.suit != "C" for c in hs[0]), False),
    ("void in spades", lambda r: p_void(r, "♠"), lambda hs, k, r: all(c.suit != "S" for c in hs[0]), False),
    *[
        (f"Q♠ and ≥{k} hearts", lambda r, k=k: p_queen_with_hearts(r, k),
         lambda hs, kitty, r, k=k: QUEEN_OF_SPADES in hs[0] and hearts_in(hs[0]) >= k, False)
        for k in (0, 1, 2, 3)
    ],
    ("dealt the moon", lambda r: p_dealt_moon(r), lambda hs, k, r: moon_in(hs[0], r.deck()), False),
    ("someone dealt the moon", lambda r: p_dealt_moon(r, some_seat=True), lambda hs, k, r: any(moon_in(h, r.deck()) for h in hs), False),
    ("kitty holds points", lambda r: p_kitty_points(r), lambda hs, k, r: any(r.points_of(c) for c in k), False),
    ("kitty points (mean)", lambda r: expected_kitty_points(r), lambda hs, k, r: sum(r.points_of(c) for c in k), True),
    ("a pair", lambda r: p_pair(r), lambda hs, k, r: pairs_in(hs[0]) > 0, False),
    ("pairs (mean)", lambda r: expected_pairs(r), lambda hs, k, r: pairs_in(hs[0]), True),
    ("both Q♠", lambda r: p_both_queens(r), lambda hs, k, r: hs[0].count(QUEEN_OF_SPADES) == 2, False),
    ("someone both Q♠", lambda r: p_both_queens(r, some_seat=True), lambda hs, k, r: any(h.count(QUEEN_OF_SPADES) == 2 for h in hs), False),
]


# -- 1. exact agreement with enumeration ---------------------------------------------------


@pytest.mark.parametrize("cards,players", SMALL_DECKS)
@pytest.mark.parametrize("name,exact,test,is_mean", CASES, ids=[c[0] for c in CASES])
def test_formula_matches_enumeration(cards, players, name, exact, test, is_mean):
    rules = small(cards, players)
    answer = exact(rules)
    if is_mean:
        expected = brute_mean(cards, players, lambda hs, k: test(hs, k, rules))
    else:
        expected = brute_probability(cards, players, lambda hs, k: test(hs, k, rules))
    assert answer.fraction == expected, f"{name} on {cards} / {players}: {answer} vs enumeration {expected}"


@pytest.mark.parametrize("cards,players", SMALL_DECKS)
def test_distributions_match_enumeration(cards, players):
    rules = small(cards, players)
    for i, answer in enumerate(hearts_distribution(rules)):
        assert answer.fraction == brute_probability(cards, players, lambda hs, k, i=i: hearts_in(hs[0]) == i)
    dist = pairs_distribution(rules)
    for j, answer in enumerate(dist):
        assert answer.fraction == brute_probability(cards, players, lambda hs, k, j=j: pairs_in(hs[0]) == j)
    assert sum(a.value for a in dist) == 1


@pytest.mark.parametrize("cards,players", SMALL_DECKS)
def test_deal_and_hand_counts_match_enumeration(cards, players):
    rules = small(cards, players)
    deals = physical_deals(cards, players)
    assert physical_deal_count(rules).value == len(deals)
    assert deal_count(rules).value == len(set(deals))  # identical copies: equal tuples
    assert hand_count(rules).value == len({piles[0] for piles in deals})
    assert physical_hand_count(rules).value == comb(len(rules.deck()), rules.hand_size)


@pytest.mark.parametrize("cards,players", SMALL_DECKS[:4])
def test_package_enumeration_lists_the_same_deals(cards, players):
    rules = small(cards, players)
    listed = Counter(tuple(tuple(sorted(h, key=Card.sort_key)) for h in (*d.hands, d.kitty)) for d in enumerate_deals(rules))
    assert listed == Counter(physical_deals(cards, players))
    assert by_enumeration(ev.no_hearts(), rules) == p_no_hearts(rules).fraction
    assert by_enumeration(ev.pair_count(), rules) == expected_pairs(rules).fraction


def test_enumeration_refuses_a_big_deck():
    with pytest.raises(CountingError, match="limit"):
        next(enumerate_deals(Rules.preset("standard", players=4)))


# -- 2. agreement with the engine's dealing -------------------------------------------------

SAMPLED = [("standard", 3), ("standard", 4), ("lowest-clubs", 6), ("cancellation", 6), ("cancellation", 7), ("cancellation", 11)]
DEALS = 3000
Z999 = 3.2905


@cache
def engine_deals(name: str, players: int):
    rules = Rules.preset(name, players=players)
    return rules, tuple((d.hands, d.kitty) for d in sample_deals(rules, DEALS, seed=2024))


@pytest.mark.parametrize("name,players", SAMPLED)
@pytest.mark.parametrize("case,exact,test,is_mean", CASES, ids=[c[0] for c in CASES])
def test_formula_agrees_with_engine_sample(name, players, case, exact, test, is_mean):
    rules, deals = engine_deals(name, players)
    answer = float(exact(rules))
    outcomes = [test(hs, k, rules) for hs, k in deals]
    if is_mean:
        mean = sum(outcomes) / len(outcomes)
        sd = (sum((x - mean) ** 2 for x in outcomes) / (len(outcomes) - 1)) ** 0.5
        half = Z999 * sd / len(outcomes) ** 0.5
        assert mean - half <= answer <= mean + half or sd == 0 == answer - mean
    else:
        low, high = wilson_interval(sum(outcomes), len(outcomes), 0.999)
        assert low <= answer <= high, f"{case}: exact {answer:.5f} outside [{low:.5f}, {high:.5f}]"


def test_estimate_uses_the_engine_deal_and_covers_the_exact_value():
    rules = Rules.preset("cancellation", players=9)
    est = estimate(ev.pair(), rules, deals=2000, seed=11, confidence=0.999)
    assert est.hits is not None and est.deals == 2000
    assert est.contains(p_pair(rules))
    again = estimate(ev.pair(), rules, deals=2000, seed=11, confidence=0.999)
    assert again == est  # seeded
    mean = estimate(ev.pair_count(), rules, deals=2000, seed=11, confidence=0.999)
    assert mean.hits is None and mean.contains(expected_pairs(rules))


@pytest.mark.parametrize("name,players", [("standard", 5), ("cancellation", 7)])
def test_sample_deals_are_hand_deal(name, players):
    rules = Rules.preset(name, players=players)
    for i, deal in enumerate(sample_deals(rules, 5, seed="class")):
        hand = Hand.deal(rules, seed="class", hand_number=i)
        assert deal.hands == tuple(hand.dealt(s) for s in range(players))
        assert deal.kitty == hand.kitty


def test_engine_dealing_matches_enumeration_on_a_small_two_pack_deck():
    cards, players = "2H 2H 3H QS QS 2C 3C 3C", 3
    rules = small(cards, players)
    for event, exact in [(ev.pair(), p_pair(rules)), (ev.both_queens(None), p_both_queens(rules, some_seat=True))]:
        assert by_enumeration(event, rules) == exact.fraction
        assert estimate(event, rules, deals=3000, seed=5, confidence=0.999).contains(exact)


def test_wilson_interval():
    low, high = wilson_interval(50, 100)
    assert low < 0.5 < high and abs((0.5 - low) - (high - 0.5)) < 1e-12
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    with pytest.raises(CountingError, match="trials"):
        wilson_interval(0, 0)


# -- 3. full-size counts ------------------------------------------------------------------------


def multiset_deals_dp(rules: Rules) -> int:
    """Distinct deals by a different route: deal pile by pile, tracking how many faces
    still have both copies (u) and how many have exactly one copy left (w)."""
    c = composition(rules)
    piles = c.piles

    @cache
    def ways(index: int, u: int, w: int) -> int:
        if index == len(piles):
            return 1 if u == w == 0 else 0
        m = piles[index]
        total = 0
        for d2 in range(min(u, m // 2) + 1):
            for d1 in range(min(u - d2, m - 2 * d2) + 1):
                e = m - 2 * d2 - d1
                if e > w:
                    continue
                total += comb(u, d2) * comb(u - d2, d1) * comb(w, e) * ways(index + 1, u - d2 - d1, w + d1 - e)
        return total

    return ways(0, c.pairs, c.singles)


@pytest.mark.parametrize("name,players", ALL_PRESETS)
def test_deal_count_full_size(name, players):
    rules = Rules.preset(name, players=players)
    n_cards, h, k = len(rules.deck()), rules.hand_size, rules.kitty_size
    physical = factorial(n_cards) // (factorial(h) ** players * factorial(k))
    assert physical_deal_count(rules).value == physical
    distinct = deal_count(rules).value
    assert distinct == multiset_deals_dp(rules)
    if rules.decks == 1:
        assert distinct == physical
    else:
        # every distinct deal arises from 1 to 2^52 physical ones
        assert physical / 2**52 < distinct < physical


@pytest.mark.parametrize("name,players", ALL_PRESETS)
def test_hand_count_full_size(name, players):
    rules = Rules.preset(name, players=players)
    c = composition(rules)
    x = sympy.Symbol("x")
    poly = sympy.expand((1 + x) ** c.singles * (1 + x + x**2) ** c.pairs)
    assert hand_count(rules).value == poly.coeff(x, rules.hand_size)


def test_known_counts():
    four = Rules.preset("standard", players=4)
    assert deal_count(four).text == "52!/(13!)^4"
    assert deal_count(four).value == 53644737765488792839237440000
    assert hand_count(four).value == 635013559600
    six = Rules.preset("cancellation", players=6)
    assert physical_deal_count(six).text == "104!/((17!)^6*2!)"
    assert deal_count(six).text == "(Σ[j=0..52] C(52, j)*F(j))/2^52"
    assert r"\left(13!\right)^{4}" in deal_count(four).latex
    # two identical cards dealt one each: one deal, two physical deals
    pair = small_deck_rules("AH AH", players=2)
    assert (deal_count(pair).value, physical_deal_count(pair).value) == (1, 2)


def every_answer(rules: Rules) -> list[Exact]:
    out = [deal_count(rules), physical_deal_count(rules), hand_count(rules), physical_hand_count(rules)]
    out += [p_no_hearts(rules), p_no_hearts(rules, some_seat=True), p_void(rules), p_void(rules, "D")]
    out += [p_queen_with_hearts(rules, k) for k in (0, 3, 6)]
    out += [p_dealt_moon(rules), p_dealt_moon(rules, some_seat=True), p_kitty_points(rules), expected_kitty_points(rules)]
    out += [p_pair(rules), expected_pairs(rules), p_both_queens(rules), p_both_queens(rules, some_seat=True)]
    out += [*hearts_distribution(rules), *pairs_distribution(rules)]
    return out


@pytest.mark.parametrize("name,players", [("standard", 3), ("lowest-clubs", 5), ("cancellation", 6), ("cancellation", 11)])
def test_every_formula_evaluates_to_its_value(name, players):
    for answer in every_answer(Rules.preset(name, players=players)):
        assert answer.formula.doit() == answer.value, answer
        assert isinstance(answer.value, sympy.Rational)
        assert answer.description and answer.text and str(answer).startswith(answer.description)
        if not answer.value.is_Integer:
            assert 0 <= answer.value <= 1 or "expected" in answer.description


@pytest.mark.parametrize("cards,players", SMALL_DECKS[3:6])
def test_small_deck_formulas_evaluate_to_their_values(cards, players):
    for answer in every_answer(small(cards, players)):
        assert answer.formula.doit() == answer.value, answer


def test_probabilities_add_up():
    for name, players in ALL_PRESETS:
        rules = Rules.preset(name, players=players)
        c = composition(rules)
        hearts = hearts_distribution(rules)
        assert sum(a.value for a in hearts) == 1
        assert sum(i * a.value for i, a in enumerate(hearts)) == sympy.Rational(c.hand_size * c.hearts, c.cards)
        pairs = pairs_distribution(rules)
        assert sum(a.value for a in pairs) == 1
        assert sum(j * a.value for j, a in enumerate(pairs)) == expected_pairs(rules).value
        assert 1 - pairs[0].value == p_pair(rules).value
        assert p_void(rules, "H").value == p_no_hearts(rules).value
        assert p_no_hearts(rules).value <= p_no_hearts(rules, some_seat=True).value <= players * p_no_hearts(rules).value


# -- 4. stripped decks and presets ------------------------------------------------------------


@pytest.mark.parametrize("name,players", ALL_PRESETS)
def test_strip_report_arithmetic(name, players):
    rules = Rules.preset(name, players=players)
    rep = strip_report(rules)
    assert rep.remainder == (52 * rules.decks) % players
    assert rep.keeps_all_hearts and rep.keeps_queen
    assert rep.opening_card is None or rep.opening_card in rules.deck()
    assert rep.deck_size == rep.hand_size * players + rep.kitty_size
    if rules.decks == 1:
        assert len(rep.removed) == rep.remainder and rep.even
        assert rules.total_points == 26
    else:
        assert rep.removed == () and rep.kitty_size == rep.remainder
    assert str(rep.hand_size) in rep.explain()


def test_rulebooks_strip_differently():
    std = {r.rules.players: r for r in strip_reports("standard")}
    low = {r.rules.players: r for r in strip_reports("lowest-clubs")}
    assert std[5].removed == tuple(parse_cards("2C 2D")) and low[5].removed == tuple(parse_cards("2C 3C"))
    assert str(std[5].opening_card) == "3♣" and str(low[5].opening_card) == "4♣"
    assert std[6].suit_sizes == {"C": 11, "D": 11, "H": 13, "S": 13}
    assert low[6].suit_sizes == {"C": 9, "D": 13, "H": 13, "S": 13}
    assert [r.kitty_size for r in strip_reports("cancellation")] == [2, 6, 0, 5, 4, 5]
    assert [r.hand_size for r in strip_reports("cancellation")] == [17, 14, 13, 11, 10, 9]


def test_strip_report_sees_house_rules():
    rules = Rules.preset("standard", players=4, removed=("2H",))
    rep = strip_report(rules)
    assert not rep.keeps_all_hearts and "fewer points" in rep.explain()
    assert composition(rules).hearts == 12 and p_no_hearts(rules).value == sympy.Rational(comb(39, 12), comb(51, 12))


def test_moon_deal_possible_only_with_few_players():
    possible = [(name, n) for name, n in ALL_PRESETS if moon_deal_possible(Rules.preset(name, players=n))]
    assert possible == [("standard", 3), ("lowest-clubs", 2), ("lowest-clubs", 3)]
    six = p_dealt_moon(Rules.preset("cancellation", players=6))
    assert six.value == 0 and "28 cards" in six.description
    assert p_dealt_moon(Rules.preset("lowest-clubs", players=2)).value == sympy.Rational(comb(38, 12), comb(52, 26))


def test_tables_cover_every_preset():
    deals = deal_table()
    assert [(r[0], r[1]) for r in deals.rows] == ALL_PRESETS
    assert "<table>" in deals._repr_html_() and "cancellation" in str(deals)
    odds = odds_table()
    assert len(odds.rows) == len(ALL_PRESETS)


def test_card_values_change_the_point_cards():
    rules = Rules.preset("cancellation", players=7, card_points="omnibus")
    assert composition(rules).point_cards == 26 + 2 + 2
    assert p_kitty_points(rules).value == 1 - sympy.Rational(comb(74, 6), comb(104, 6))


# -- 5. errors and printing -----------------------------------------------------------------------


def test_errors_name_the_argument():
    rules = Rules.preset("standard", players=4)
    with pytest.raises(CountingError, match="^k:"):
        p_queen_with_hearts(rules, -1)
    with pytest.raises(CountingError, match="^suit:"):
        p_void(rules, "X")
    with pytest.raises(ValueError, match="^cards:"):
        small_deck_rules("AH AH AH", players=2)
    assert p_queen_with_hearts(rules, 13).value == 0  # the Q♠ and 13 hearts do not fit 13 cards
    assert p_queen_with_hearts(Rules.preset("standard", players=3), 13).value > 0


def test_exact_views():
    answer = p_both_queens(Rules.preset("cancellation", players=8))
    assert answer.fraction == Fraction(3, 206) and float(answer) == answer.float == 3 / 206
    assert str(answer) == "one seat is dealt both Q♠: C(102, 11)/C(104, 13) = 3/206 ≈ 0.0145631"
    assert answer._repr_latex_().startswith("$") and r"\frac{3}{206}" in answer._repr_latex_()
    assert repr(answer) == "Exact(3/206, 'C(102, 11)/C(104, 13)')"
    with pytest.raises(TypeError):
        Exact(0.5, sympy.Integer(1), "not exact")  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        answer.value = 1  # type: ignore[misc]


# -- 6. notebook helpers ----------------------------------------------------------------------------


def test_reused_sample_gives_the_same_estimates_as_fresh_dealing():
    from hearts_lab.combinatorics import compare, deal_sample, estimates

    rules = Rules.preset("standard", players=5)
    sample = deal_sample(rules, 800, seed=4)
    fresh = estimates([ev.no_hearts(), ev.void()], rules, deals=800, seed=4)
    reused = estimates([ev.no_hearts(), ev.void()], rules, deals=sample)
    assert fresh == reused
    table = compare(zip([p_no_hearts(rules), p_void(rules)], reused))
    assert table.column("inside?") == [e.contains(x) for e, x in zip(reused, [p_no_hearts(rules), p_void(rules)])]
    with pytest.raises(CountingError, match="other rules"):
        estimates([ev.no_hearts()], Rules.preset("standard", players=4), deals=sample)


def test_remainders_and_strip_choices():
    from hearts_lab.combinatorics import compare_strips, remainder_table, strip_choices

    table = remainder_table(range(2, 14))
    assert table.column("left over") == [52 % n for n in range(2, 14)]
    assert [row[4] for row in table.rows] == [104 % n for n in range(2, 14)]
    six = Rules.preset("standard", players=6)
    assert strip_choices(six).value == comb(38, 4)
    assert strip_choices(six, keep_opening_club=True).value == comb(37, 4)
    assert strip_choices(Rules.preset("standard", players=3)).description.startswith("ways to choose 1 card to")
    rows = compare_strips().rows
    assert [r[0] for r in rows] == [3, 4, 5, 6] and [r[-1] for r in rows] == [True, True, False, False]



@pytest.mark.parametrize("make", ["void", "pair", "pair_count", "hearts_count", "no_hearts", "both_queens", "dealt_moon"])
@pytest.mark.parametrize("seat", [True, 1.5, -1, "0", float("nan")])
def test_an_events_seat_is_checked_when_it_is_made(make, seat):
    # void(seat=True) counted seat 1 under the label 'seat True', seat=-1 the last seat, 1.5 a bare TypeError.
    from hearts_lab import combinatorics
    from hearts_lab.arguments import ArgumentError

    with pytest.raises(ArgumentError, match="seat"):
        getattr(combinatorics, make)(seat=seat)


def test_an_events_seat_beyond_the_deal_and_an_endless_enumeration_are_refused():
    import numpy as np

    from hearts_lab.arguments import ArgumentError
    from hearts_lab.combinatorics import queen_with_hearts, void

    rules = Rules.preset("standard", players=4)
    with pytest.raises(ArgumentError, match="deal 4 hands"):  # was a bare IndexError
        estimate(void(seat=7), rules, deals=10)
    assert estimate(void(seat=3), rules, deals=50, seed=1).value == estimate(void(seat=np.int64(3)), rules, deals=50, seed=1).value
    for limit in (float("nan"), float("inf")):  # compared False with 5e28 deals: by_enumeration listed them for ever
        with pytest.raises(ArgumentError, match="limit"):
            by_enumeration(void(), rules, limit=limit)
    with pytest.raises(ArgumentError, match="k"):
        queen_with_hearts(True)
