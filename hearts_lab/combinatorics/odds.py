"""Exact probabilities about the deal, as sympy rationals with their formulas.

Every probability counts over the *physical* cards: a shuffle makes each of
the ``C(N, h)`` sets of physical cards equally likely for one seat, also
with two packs where two copies look the same (see DESIGN.md, "A pitfall for
the worksheets"). "One seat" means a seat named in advance (seat 0, say);
"some seat" means at least one of the seats.

>>> from hearts_lab import Rules
>>> rules = Rules.preset("standard", players=4)
>>> print(p_no_hearts(rules))
one seat is dealt no hearts: C(39, 13)/C(52, 13) = 17063919/1334062100 ≈ 0.0127909
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Iterable

import sympy

from ..arguments import check_flag, check_names
from ..cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, Suit, _quote
from ..errors import HeartsLabError, check_rules
from ..rules import PRESET_PLAYERS, PRESETS, PresetName, Rules
from ..wording import counted
from .deck import composition
from .exact import Exact, binom, frac, plus, power, times
from .table import Table

__all__ = [
    "CountingError",
    "p_queen_with_hearts",
    "p_void",
    "p_no_hearts",
    "moon_deal_possible",
    "p_dealt_moon",
    "p_kitty_points",
    "expected_kitty_points",
    "p_pair",
    "expected_pairs",
    "p_both_queens",
    "hearts_distribution",
    "pairs_distribution",
    "odds_table",
]

_i = sympy.Symbol("i", integer=True, nonnegative=True)
_j = sympy.Symbol("j", integer=True, nonnegative=True)


class CountingError(HeartsLabError):
    """A question the counting functions cannot answer as asked (the message names the argument)."""


def _rational(numerator: int, denominator: int) -> sympy.Rational:
    return sympy.Rational(numerator, denominator)


def _zero(description: str, reason: str) -> Exact:
    return Exact(sympy.Integer(0), sympy.Integer(0), f"{description} ({reason})")


def _suit(suit: str) -> Suit:
    if not isinstance(suit, str) or len(suit) > 20:
        raise CountingError(f"suit: {_quote(suit)} is not a suit; write C, D, H, S, a symbol ♣ ♦ ♥ ♠ or a name like 'hearts'.")
    text = suit.strip()
    for code in SUITS:
        if text.upper() == code or text == SUIT_SYMBOLS[code] or text.lower() == SUIT_NAMES[code]:
            return code
    raise CountingError(f"suit: {_quote(suit)} is not a suit; write C, D, H, S, a symbol ♣ ♦ ♥ ♠ or a name like 'hearts'.")


def _who(some_seat: bool) -> str:
    return "some seat" if some_seat else "one seat"


# -- one seat, one pack or two ------------------------------------------------


def p_queen_with_hearts(rules: Rules, k: int = 1) -> Exact:
    """One seat is dealt the Q♠ (at least one copy) and at least ``k`` hearts.

    Sum over the number of hearts i ≥ k: choose the i hearts, and fill the
    rest of the hand with non-hearts that include a Q♠. With one Q♠ that is
    ``Σ_i C(H, i) C(N-H-1, h-1-i) / C(N, h)``; with q copies, "some non-hearts"
    minus "non-hearts without a Q♠": ``C(N-H, h-i) - C(N-H-q, h-i)``.

    >>> from hearts_lab import Rules
    >>> p_queen_with_hearts(Rules.preset("standard", players=4), k=0).value   # just the Q♠: 13/52
    1/4
    >>> p_queen_with_hearts(Rules.preset("standard", players=4), k=5).text
    '(Σ[i=5..12] C(13, i)*C(38, 12 - i))/C(52, 13)'
    """
    check_rules(rules)
    if not isinstance(k, int) or isinstance(k, bool) or k < 0:
        raise CountingError(f"k: expected a whole number of hearts from 0 up, not {k!r}.")
    c = composition(rules)
    n_cards, h, hearts, q = c.cards, c.hand_size, c.hearts, c.queens
    what = f"one seat is dealt the Q♠ and at least {counted(k, 'heart')}"
    if q == 0:
        return _zero(what, "no Q♠ in the deck")
    others = n_cards - hearts
    top = min(hearts, h - 1 if q == 1 else h)
    if k > top:
        return _zero(what, f"a hand of {h} cannot hold the Q♠ and {k} hearts" if k <= hearts else f"the deck has {hearts} hearts")
    count = sum(comb(hearts, i) * (comb(others, h - i) - comb(others - q, h - i)) for i in range(k, top + 1))
    if q == 1:
        term = sympy.binomial(hearts, _i, evaluate=False) * sympy.binomial(others - 1, h - 1 - _i, evaluate=False)
    else:
        term = sympy.binomial(hearts, _i, evaluate=False) * (
            sympy.binomial(others, h - _i, evaluate=False) - sympy.binomial(others - q, h - _i, evaluate=False)
        )
    formula = frac(sympy.Sum(term, (_i, k, top)), binom(n_cards, h))
    return Exact(_rational(count, comb(n_cards, h)), formula, what)


def p_void(rules: Rules, suit: str | None = None) -> Exact:
    """One seat is dealt no card of ``suit``, or (``suit=None``) is void in at least one suit.

    One suit: the hand avoids its ``n_s`` cards, ``C(N - n_s, h)/C(N, h)``.
    Some suit: inclusion–exclusion over the sets S of suits the hand avoids,
    ``Σ_S (-1)^(|S|+1) C(N - n_S, h) / C(N, h)`` (equal terms grouped).

    >>> from hearts_lab import Rules
    >>> p_void(Rules.preset("standard", players=4)).text
    '(4*C(39, 13) - 6*C(26, 13) + 4*C(13, 13))/C(52, 13)'
    >>> p_void(Rules.preset("standard", players=4), "spades").value == p_no_hearts(Rules.preset("standard", players=4)).value
    True
    """
    check_rules(rules)
    c = composition(rules)
    n_cards, h = c.cards, c.hand_size
    if suit is not None:
        code = _suit(suit)
        size = c.suit_size(code)
        what = f"one seat is dealt no {SUIT_NAMES[code]}"
        formula = frac(binom(n_cards - size, h), binom(n_cards, h))
        return Exact(_rational(comb(n_cards - size, h), comb(n_cards, h)), formula, what)
    present = [s for s in SUITS if c.suit_size(s)]
    coefficients: dict[int, int] = {}
    order: list[int] = []
    for r in range(1, len(present) + 1):
        for chosen in combinations(present, r):
            rest = n_cards - sum(c.suit_size(s) for s in chosen)
            if rest < h:
                continue
            if rest not in coefficients:
                coefficients[rest] = 0
                order.append(rest)
            coefficients[rest] += (-1) ** (r + 1)
    terms = [times(coefficients[m], binom(m, h)) for m in order if coefficients[m]]
    count = sum(coefficients[m] * comb(m, h) for m in order)
    formula = frac(plus(*terms), binom(n_cards, h)) if terms else sympy.Integer(0)
    return Exact(_rational(count, comb(n_cards, h)), formula, "one seat is void in at least one suit")


def p_no_hearts(rules: Rules, some_seat: bool = False) -> Exact:
    """A seat is dealt no hearts (``some_seat=True``: at least one seat is).

    One seat: ``C(N - H, h)/C(N, h)``. Some seat: any t seats together hold a
    uniformly random set of t·h cards, so by inclusion–exclusion
    ``Σ_t (-1)^(t+1) C(n, t) C(N - H, t h)/C(N, t h)``.

    >>> from hearts_lab import Rules
    >>> p_no_hearts(Rules.preset("standard", players=4), some_seat=True).text
    '4*C(39, 13)/C(52, 13) - 6*C(39, 26)/C(52, 26) + 4*C(39, 39)/C(52, 39)'
    """
    check_rules(rules)
    check_flag(some_seat, "some_seat")
    c = composition(rules)
    n_cards, h, hearts, n = c.cards, c.hand_size, c.hearts, c.players
    if not some_seat:
        formula = frac(binom(n_cards - hearts, h), binom(n_cards, h))
        return Exact(_rational(comb(n_cards - hearts, h), comb(n_cards, h)), formula, "one seat is dealt no hearts")
    value = sympy.Integer(0)
    terms = []
    for t in range(1, n + 1):
        if n_cards - hearts < t * h:
            break
        sign = (-1) ** (t + 1)
        value += sign * comb(n, t) * _rational(comb(n_cards - hearts, t * h), comb(n_cards, t * h))
        terms.append(times(sign * comb(n, t), frac(binom(n_cards - hearts, t * h), binom(n_cards, t * h))))
    return Exact(value, plus(*terms) if terms else sympy.Integer(0), "some seat is dealt no hearts")


def moon_deal_possible(rules: Rules) -> bool:
    """Whether one hand can hold every moon card of the deck (:attr:`Rules.moon_card_set`: every
    heart and Q♠, or under ``moon_cards="all-points"`` every card worth points).

    >>> from hearts_lab import Rules
    >>> [n for n in range(3, 8) if moon_deal_possible(Rules.preset("standard", players=n))]
    [3]
    """
    check_rules(rules)
    return rules.moon_card_count <= composition(rules).hand_size


def p_dealt_moon(rules: Rules, some_seat: bool = False) -> Exact:
    """A seat is *dealt* every moon card (:attr:`Rules.moon_card_set`; with one pack and the usual
    moon cards, all 13 hearts and the Q♠).

    The other ``h - M`` cards come from the ``N - M`` others:
    ``C(N - M, h - M)/C(N, h)``, possible only when ``h ≥ M``. At most one seat
    can hold them all, so "some seat" is ``n`` times "one seat".

    >>> from hearts_lab import Rules
    >>> print(p_dealt_moon(Rules.preset("standard", players=3)))
    one seat is dealt every heart and the Q♠: C(37, 3)/C(51, 17) = 2/3802076985 ≈ 5.2603e-10
    """
    check_rules(rules)
    check_flag(some_seat, "some_seat")
    c = composition(rules)
    n_cards, h, n = c.cards, c.hand_size, c.players
    need = rules.moon_card_count
    if rules.moon_cards == "hearts-and-queens":
        queens = "the Q♠" if c.queens == 1 else "both Q♠" if c.queens == 2 else "no Q♠"
        what = f"{_who(some_seat)} is dealt every heart and {queens}"
    else:
        what = f"{_who(some_seat)} is dealt every card worth points ({need} cards)"
    if need > h:
        return _zero(what, f"impossible: that is {need} cards and a hand holds {h}")
    one = frac(binom(n_cards - need, h - need), binom(n_cards, h))
    value = _rational(comb(n_cards - need, h - need), comb(n_cards, h))
    if some_seat:
        return Exact(value * n, times(n, one), what)
    return Exact(value, one, what)


def p_kitty_points(rules: Rules) -> Exact:
    """The kitty holds at least one point card (any card with a non-zero value).

    The kitty is a uniformly random set of k of the N cards:
    ``1 - C(N - P, k)/C(N, k)`` with P point cards.

    >>> from hearts_lab import Rules
    >>> p_kitty_points(Rules.preset("cancellation", players=6)).text
    '1 - C(76, 2)/C(104, 2)'
    """
    check_rules(rules)
    c = composition(rules)
    n_cards, k, points = c.cards, c.kitty_size, c.point_cards
    what = "the kitty holds at least one point card"
    if k == 0:
        return _zero(what, "there is no kitty")
    formula = plus(1, times(-1, frac(binom(n_cards - points, k), binom(n_cards, k))))
    return Exact(1 - _rational(comb(n_cards - points, k), comb(n_cards, k)), formula, what)


def expected_kitty_points(rules: Rules) -> Exact:
    """Expected points in the kitty: each card lands there with chance k/N, so ``k × total / N``.

    >>> from hearts_lab import Rules
    >>> expected_kitty_points(Rules.preset("cancellation", players=7)).value
    3
    """
    check_rules(rules)
    c = composition(rules)
    total = rules.total_points
    formula = frac(times(c.kitty_size, total), c.cards)
    return Exact(_rational(c.kitty_size * total, c.cards), formula, "expected points in the kitty")


def hearts_distribution(rules: Rules) -> tuple[Exact, ...]:
    """P(one seat is dealt exactly i hearts) for i = 0, 1, ...: ``C(H, i) C(N-H, h-i)/C(N, h)``.

    >>> from hearts_lab import Rules
    >>> dist = hearts_distribution(Rules.preset("standard", players=4))
    >>> len(dist), sum(e.value for e in dist)
    (14, 1)
    """
    check_rules(rules)
    c = composition(rules)
    n_cards, h, hearts = c.cards, c.hand_size, c.hearts
    out = []
    for i in range(min(hearts, h) + 1):
        count = comb(hearts, i) * comb(n_cards - hearts, h - i)
        formula = frac(times(binom(hearts, i), binom(n_cards - hearts, h - i)), binom(n_cards, h))
        out.append(Exact(_rational(count, comb(n_cards, h)), formula, f"one seat is dealt exactly {i} hearts"))
    return tuple(out)


# -- two packs ---------------------------------------------------------------------


def _no_pairs(singles: int, pairs: int, h: int) -> int:
    """Physical hands of size h with no two copies of one card: pick h faces, and a copy of each doubled face."""
    return sum(comb(pairs, i) * 2**i * comb(singles, h - i) for i in range(min(pairs, h) + 1))


def p_pair(rules: Rules) -> Exact:
    """One seat is dealt both copies of at least one card (two packs).

    Inclusion–exclusion over the sets of j doubled faces the hand contains
    in full: ``Σ_j (-1)^(j+1) C(b, j) C(N - 2j, h - 2j) / C(N, h)``.

    >>> from hearts_lab import Rules
    >>> p_pair(Rules.preset("cancellation", players=8)).text
    '(Σ[j=1..6] (-1)^(1 + j)*C(52, j)*C(104 - 2*j, 13 - 2*j))/C(104, 13)'
    >>> p_pair(Rules.preset("standard", players=4)).value
    0
    """
    check_rules(rules)
    c = composition(rules)
    n_cards, h, b = c.cards, c.hand_size, c.pairs
    what = "one seat is dealt both copies of some card"
    top = min(b, h // 2)
    if top == 0:
        return _zero(what, "no card is in the deck twice" if b == 0 else f"a hand of {h} cannot hold a pair")
    value = 1 - _rational(_no_pairs(c.singles, b, h), comb(n_cards, h))
    term = (
        (-1) ** (_j + 1)
        * sympy.binomial(b, _j, evaluate=False)
        * sympy.binomial(n_cards - 2 * _j, h - 2 * _j, evaluate=False)
    )
    formula = frac(sympy.Sum(term, (_j, 1, top)), binom(n_cards, h))
    return Exact(value, formula, what)


def expected_pairs(rules: Rules) -> Exact:
    """Expected number of cards one seat holds both copies of.

    Linearity of expectation: each of the b doubled faces is a full pair in
    the hand with chance ``C(N-2, h-2)/C(N, h) = h(h-1)/(N(N-1))``.

    >>> from hearts_lab import Rules
    >>> print(expected_pairs(Rules.preset("cancellation", players=8)))
    expected pairs in one seat's hand: 52*C(102, 11)/C(104, 13) = 78/103 ≈ 0.757282
    """
    check_rules(rules)
    c = composition(rules)
    n_cards, h, b = c.cards, c.hand_size, c.pairs
    what = "expected pairs in one seat's hand"
    if b == 0 or h < 2:
        return _zero(what, "no card is in the deck twice" if b == 0 else "a hand of one card")
    formula = times(b, frac(binom(n_cards - 2, h - 2), binom(n_cards, h)))
    return Exact(b * _rational(comb(n_cards - 2, h - 2), comb(n_cards, h)), formula, what)


def pairs_distribution(rules: Rules) -> tuple[Exact, ...]:
    """P(one seat holds exactly j full pairs) for j = 0, 1, ...

    Choose the j doubled faces held twice, then i more doubled faces held
    once (2 ways each) and the rest from single faces:
    ``C(b, j) Σ_i C(b-j, i) 2^i C(s, h-2j-i) / C(N, h)``; with no single
    faces (a full two-pack deck) the sum has one term, ``C(b-j, h-2j) 2^(h-2j)``.

    >>> from hearts_lab import Rules
    >>> dist = pairs_distribution(Rules.preset("cancellation", players=11))
    >>> dist[0].text, sum(e.value for e in dist)
    ('C(52, 9)*2^9/C(104, 9)', 1)
    """
    check_rules(rules)
    c = composition(rules)
    n_cards, h, b, s = c.cards, c.hand_size, c.pairs, c.singles
    out = []
    for j in range(min(b, h // 2) + 1):
        rest = h - 2 * j
        count = comb(b, j) * _no_pairs(s, b - j, rest)
        if s == 0:
            inner = times(binom(b - j, rest), power(2, rest)) if rest else sympy.Integer(1)
            formula = frac(times(binom(b, j), inner) if j else inner, binom(n_cards, h))
        else:
            inner = sympy.Sum(
                sympy.binomial(b - j, _i, evaluate=False)
                * sympy.Pow(2, _i, evaluate=False)
                * sympy.binomial(s, rest - _i, evaluate=False),
                (_i, 0, min(b - j, rest)),
            )
            formula = frac(times(binom(b, j), inner), binom(n_cards, h))
        out.append(Exact(_rational(count, comb(n_cards, h)), formula, f"one seat holds exactly {j} pairs"))
    return tuple(out)


def p_both_queens(rules: Rules, some_seat: bool = False) -> Exact:
    """A seat is dealt both Q♠ (two packs): ``C(N-2, h-2)/C(N, h)``; some seat: n times that.

    >>> from hearts_lab import Rules
    >>> p_both_queens(Rules.preset("cancellation", players=8)).value
    3/206
    """
    check_rules(rules)
    check_flag(some_seat, "some_seat")
    c = composition(rules)
    n_cards, h, n = c.cards, c.hand_size, c.players
    what = f"{_who(some_seat)} is dealt both Q♠"
    if c.queens < 2:
        return _zero(what, "the deck has one Q♠" if c.queens == 1 else "the deck has no Q♠")
    if h < 2:
        return _zero(what, "a hand of one card")
    one = frac(binom(n_cards - 2, h - 2), binom(n_cards, h))
    value = _rational(comb(n_cards - 2, h - 2), comb(n_cards, h))
    if some_seat:
        return Exact(value * n, times(n, one), what)
    return Exact(value, one, what)


# -- tables ------------------------------------------------------------------------


def odds_table(presets: Iterable[PresetName] = PRESETS, k: int = 3) -> Table:
    """The probabilities of this module for every preset and player count (values rounded).

    >>> table = odds_table(["cancellation"])
    >>> [round(float(p), 4) for p in table.column("both Q♠")]
    [0.0254, 0.017, 0.0146, 0.0103, 0.0084, 0.0067]
    """
    rows = []
    for preset in check_names(presets, tuple(PRESET_PLAYERS), "presets"):
        for players in PRESET_PLAYERS[preset]:
            r = Rules.preset(preset, players=players)
            rows.append(
                (
                    preset,
                    players,
                    r.hand_size,
                    p_no_hearts(r),
                    p_no_hearts(r, some_seat=True),
                    p_void(r),
                    p_queen_with_hearts(r, k),
                    p_dealt_moon(r),
                    p_kitty_points(r),
                    p_pair(r),
                    expected_pairs(r),
                    p_both_queens(r),
                )
            )
    return Table(
        (
            "preset",
            "players",
            "each",
            "no hearts",
            "someone no hearts",
            "a void",
            f"Q♠ + ≥{k} hearts",
            "dealt the moon",
            "kitty has points",
            "a pair",
            "E[pairs]",
            "both Q♠",
        ),
        rows,
        title="Exact odds for one seat (rounded) for every preset and player count",
    )
