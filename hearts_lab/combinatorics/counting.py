"""How many deals, how many hands.

Seats are distinct and the kitty is its own pile, so a *deal* says which
cards each seat and the kitty get. With one pack every card is different and
the count is a multinomial coefficient. With two packs the two copies of a
card are identical, so swapping them gives the same deal: the number of
*distinct* deals is the number of orbits of the physical deals under those
swaps, which Burnside's lemma counts.

>>> from hearts_lab import Rules
>>> print(deal_count(Rules.preset("standard", players=4)))
distinct deals: 52!/(13!)^4 = 53644737765488792839237440000
>>> hand_count(Rules.preset("standard", players=4)).value
635013559600
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb, factorial
from typing import Any, Iterable

import sympy

from ..arguments import check_names
from ..errors import check_rules
from ..rules import PRESET_PLAYERS, PRESETS, PresetName, Rules
from .deck import composition
from .exact import Exact, binom, fact, frac, power, times
from .table import Table

__all__ = [
    "PairedDeals",
    "physical_deal_count",
    "deal_count",
    "hand_count",
    "physical_hand_count",
    "deal_table",
]

_j = sympy.Symbol("j", integer=True, nonnegative=True)
_d = sympy.Symbol("d", integer=True, nonnegative=True)


def _multinomial_formula(total: int, piles: Iterable[int]) -> sympy.Expr:
    """``N!/((h!)^n k!)``, grouping equal piles and leaving out 0! and 1!."""
    sizes: dict[int, int] = {}
    for size in piles:
        if size > 1:
            sizes[size] = sizes.get(size, 0) + 1
    below = [power(fact(size), count) for size, count in sizes.items()]
    return frac(fact(total), times(*below)) if below else fact(total)


def _multinomial(total: int, piles: Iterable[int]) -> int:
    out = factorial(total)
    for size in piles:
        out //= factorial(size)
    return out


def physical_deal_count(rules: Rules) -> Exact:
    """Deals of the *physical* cards (two copies told apart): ``N!/((h!)^n k!)``.

    Every physical deal is equally likely, so probabilities are counted
    over these. With one pack this is also the number of distinct deals.

    >>> from hearts_lab import Rules
    >>> physical_deal_count(Rules.preset("cancellation", players=6)).text
    '104!/((17!)^6*2!)'
    """
    check_rules(rules)
    c = composition(rules)
    value = _multinomial(c.cards, c.piles)
    return Exact(sympy.Integer(value), _multinomial_formula(c.cards, c.piles), "physical deals (copies told apart)")


@lru_cache(maxsize=256)
def _paired_counts(piles: tuple[int, ...]) -> tuple[int, ...]:
    """F(j) for j = 0, 1, ...: physical deals in which j chosen pairs each lie within one pile.

    F(j) = j! (N - 2j)! [t^j] prod_i sum_r t^r / (r! (size_i - 2r)!): choose for
    each pile how many of the j pairs it takes (r_i), and deal the other
    N - 2j cards into the room left.
    """
    poly = [Fraction(1)]
    for size in piles:
        factor = [Fraction(1, factorial(r) * factorial(size - 2 * r)) for r in range(size // 2 + 1)]
        out = [Fraction(0)] * (len(poly) + len(factor) - 1)
        for a, x in enumerate(poly):
            if x:
                for b, y in enumerate(factor):
                    out[a + b] += x * y
        poly = out
    total = sum(piles)
    counts = []
    for j, coefficient in enumerate(poly):
        if 2 * j > total:
            break
        value = coefficient * factorial(j) * factorial(total - 2 * j)
        assert value.denominator == 1
        counts.append(int(value))
    return tuple(counts)


class PairedDeals(sympy.Function):
    """``F(j)``: physical deals in which j chosen pairs of identical cards each stay inside one pile.

    Its second argument is the tuple of pile sizes (hands, then the kitty).
    It stays symbolic for a symbolic ``j`` and evaluates for a whole number.

    >>> PairedDeals(1, sympy.Tuple(1, 1)), PairedDeals(1, sympy.Tuple(2, 0))
    (0, 1)
    """

    nargs = 2

    @classmethod
    def eval(cls, j: Any, piles: Any) -> sympy.Integer | None:
        if not j.is_Integer:
            return None
        counts = _paired_counts(tuple(sorted(int(p) for p in piles)))
        return sympy.Integer(counts[int(j)] if 0 <= int(j) < len(counts) else 0)

    def _sympystr(self, printer: Any) -> str:
        return f"F({printer._print(self.args[0])})"

    def _latex(self, printer: Any, exp: Any = None) -> str:
        text = rf"F\left({printer._print(self.args[0])}\right)"
        return f"{text}^{{{exp}}}" if exp else text


def deal_count(rules: Rules) -> Exact:
    """Distinct deals: which cards each seat and the kitty get, identical copies not told apart.

    One pack: the multinomial ``N!/((h!)^n k!)``. Two packs (b card faces
    present twice): Burnside's lemma over the swaps of identical copies,
    ``(1/2^b) Σ_j C(b, j) F(j)``, where ``F(j)`` (:class:`PairedDeals`) counts
    the physical deals in which j chosen pairs each stay in one pile — the
    deals a swap of those j pairs leaves unchanged.

    >>> from hearts_lab import Rules
    >>> from hearts_lab.combinatorics import small_deck_rules
    >>> deal_count(small_deck_rules("AH AH", players=2)).value   # each seat gets an A♥
    1
    >>> deal_count(Rules.preset("cancellation", players=8)).text
    '(Σ[j=0..52] C(52, j)*F(j))/2^52'
    """
    check_rules(rules)
    c = composition(rules)
    if c.pairs == 0:
        return Exact(
            sympy.Integer(_multinomial(c.cards, c.piles)),
            _multinomial_formula(c.cards, c.piles),
            "distinct deals",
        )
    counts = _paired_counts(tuple(sorted(c.piles)))
    b = c.pairs
    total = sum(comb(b, j) * (counts[j] if j < len(counts) else 0) for j in range(b + 1))
    assert total % 2**b == 0
    piles = sympy.Tuple(*c.piles)
    formula = frac(sympy.Sum(binom(b, _j) * PairedDeals(_j, piles), (_j, 0, b)), power(2, b))
    # binom(b, j) with symbolic j: keep the sum readable as C(52, j)*F(j)
    return Exact(sympy.Integer(total // 2**b), formula, "distinct deals (identical copies not told apart)")


def hand_count(rules: Rules) -> Exact:
    """Distinct hands one seat can be dealt (identical copies not told apart).

    One pack: ``C(N, h)``. Two packs with ``s`` single and ``b`` double faces:
    choose ``d`` faces to hold twice, then ``h - 2d`` other faces once:
    ``Σ_d C(b, d) C(s + b - d, h - 2d)``.

    >>> from hearts_lab import Rules
    >>> print(hand_count(Rules.preset("standard", players=5)))
    distinct hands for one seat: C(50, 10) = 10272278170
    >>> hand_count(Rules.preset("cancellation", players=6)).text
    'Σ[d=0..8] C(52, d)*C(52 - d, 17 - 2*d)'
    """
    check_rules(rules)
    c = composition(rules)
    h = c.hand_size
    if c.pairs == 0:
        return Exact(sympy.Integer(comb(c.cards, h)), binom(c.cards, h), "distinct hands for one seat")
    s, b = c.singles, c.pairs
    top = min(b, h // 2)
    value = sum(comb(b, d) * comb(s + b - d, h - 2 * d) for d in range(top + 1))
    formula = sympy.Sum(
        sympy.binomial(b, _d, evaluate=False) * sympy.binomial(s + b - _d, h - 2 * _d, evaluate=False), (_d, 0, top)
    )
    return Exact(sympy.Integer(value), formula, "distinct hands for one seat")


def physical_hand_count(rules: Rules) -> Exact:
    """Equally likely hands for one seat, copies told apart: ``C(N, h)``.

    >>> from hearts_lab import Rules
    >>> physical_hand_count(Rules.preset("cancellation", players=8)).text
    'C(104, 13)'
    """
    check_rules(rules)
    c = composition(rules)
    return Exact(sympy.Integer(comb(c.cards, c.hand_size)), binom(c.cards, c.hand_size), "physical hands for one seat")


def deal_table(presets: Iterable[PresetName] = PRESETS) -> Table:
    """Deal and hand counts for every preset and player count it allows.

    >>> table = deal_table(["standard"])
    >>> [row[1] for row in table.rows]
    [3, 4, 5, 6, 7]
    """
    rows = []
    for preset in check_names(presets, tuple(PRESET_PLAYERS), "presets"):
        for players in PRESET_PLAYERS[preset]:
            rules = Rules.preset(preset, players=players)
            deals = deal_count(rules)
            hands = hand_count(rules)
            rows.append(
                (
                    preset,
                    players,
                    len(rules.deck()),
                    rules.hand_size,
                    rules.kitty_size,
                    deals,
                    hands,
                )
            )
    return Table(
        ("preset", "players", "cards", "each", "kitty", "distinct deals", "hands for one seat"),
        rows,
        title="Deals and hands for every preset and player count",
    )
