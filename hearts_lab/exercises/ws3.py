"""Worksheet 3 checks: counting stripped decks and deals with sympy.

Expected values come from :mod:`hearts_lab.combinatorics` at check time
(``hand_count``, ``deal_count``, ``physical_deal_count``, ``p_both_queens``,
``p_kitty_points``). The usual wrong formulas are computed here only to
recognise them and give a targeted hint.

>>> import sympy
>>> check_q1(sympy.binomial(50, 10)).status
'correct'
>>> check_q1(sympy.binomial(52, 10)).message
'That counts hands from a full pack of 52. With 5 players two cards are stripped first: how many are left?'
"""

from __future__ import annotations

from math import comb

import sympy

from ..combinatorics import deal_count, hand_count, p_both_queens, p_kitty_points, physical_deal_count
from ..rules import Rules
from .checks import Wrong, question, read_exact, same_exact

__all__ = ["check_q1", "check_q2", "check_q3", "check_q4", "check_q5", "check_q6", "check_q7", "check_q8"]

WS = "ws3"
F = sympy.factorial
C = sympy.binomial


def _exact(answer: object) -> sympy.Expr:
    value = read_exact(answer)
    if not value.is_number:
        raise Wrong(f"{answer!r} is not a number.")
    return value


def _is(value: sympy.Expr, other: object) -> bool:
    return same_exact(value, other)


@question(WS, "Q1", "Hands for one seat (standard, 5 players)")
def check_q1(answer: object) -> None:
    """Distinct 10-card hands seat 0 can be dealt in standard 5-player Hearts."""
    rules = Rules.preset("standard", players=5)
    got = _exact(answer)
    n, h = len(rules.deck()), rules.hand_size
    if _is(got, hand_count(rules).value):
        return
    if _is(got, C(52, h)):
        raise Wrong("That counts hands from a full pack of 52. With 5 players two cards are stripped first: how many are left?")
    if _is(got, F(n) / F(n - h)):
        raise Wrong("That counts ordered sequences of cards. A hand is a set: the order it was dealt in does not matter.")
    raise Wrong("Choose the hand's cards from the cards in the deck: a binomial coefficient.")


@question(WS, "Q2", "Deals (standard, 4 players)")
def check_q2(answer: object) -> None:
    """Distinct deals of standard 4-player Hearts (which cards each seat gets)."""
    rules = Rules.preset("standard", players=4)
    got = _exact(answer)
    if _is(got, deal_count(rules).value):
        return
    if _is(got, F(52)):
        raise Wrong("52! orders the whole deck. Each seat's 13 cards form a set, so divide out the orders within each hand.")
    if _is(got, F(52) / F(13) ** 4 / F(4)):
        raise Wrong("The seats are different people: giving seat 0's cards to seat 1 is a different deal, so do not divide by 4!.")
    if _is(got, C(52, 13)):
        raise Wrong("That is the number of hands for one seat. A deal fixes all four hands.")
    raise Wrong("Choose seat 0's 13 cards, then seat 1's from the rest, and so on (or use a multinomial coefficient).")


@question(WS, "Q3", "Deals of a stripped deck (lowest-clubs, 6 players)")
def check_q3(answer: object) -> None:
    """Distinct deals of lowest-clubs with 6 players (4 clubs stripped, 8 cards each)."""
    rules = Rules.preset("lowest-clubs", players=6)
    got = _exact(answer)
    n, h, p = len(rules.deck()), rules.hand_size, rules.players
    if _is(got, deal_count(rules).value):
        return
    if _is(got, F(52) / (F(h) ** p * F(52 - h * p))) or _is(got, F(52) / F(h) ** p):
        raise Wrong(f"The stripped cards are not dealt at all: the deck has {n} cards, not 52.")
    if _is(got, F(n) / (F(h) ** p * F(p))):
        raise Wrong("Seats are different people: do not divide by the orders of the seats.")
    raise Wrong(f"Same idea as Q2, with {n} cards dealt {h} to each of {p} seats.")


@question(WS, "Q4", "Physical deals with a kitty (cancellation, 7 players)")
def check_q4(answer: object) -> None:
    """Deals of the 104 physical cards (copies told apart) in 7-player Cancellation Hearts, kitty included."""
    rules = Rules.preset("cancellation", players=7)
    got = _exact(answer)
    n, h, p, k = len(rules.deck()), rules.hand_size, rules.players, rules.kitty_size
    if _is(got, physical_deal_count(rules).value):
        return
    if _is(got, F(n) / F(h) ** p):
        raise Wrong(f"The {k} kitty cards form a pile too: the order they lie in does not matter.")
    if _is(got, deal_count(rules).value):
        raise Wrong("That counts deals with identical copies not told apart; this question tells the 104 physical cards apart.")
    raise Wrong(f"Deal {n} distinct cards into {p} hands of {h} and a kitty of {k}: a multinomial coefficient.")


def _multiset_hands(faces: int, size: int) -> int:
    """Hands of ``size`` cards from ``faces`` card faces present twice each (a wrong model for Q6)."""
    return sum(comb(faces, d) * comb(faces - d, size - 2 * d) for d in range(size // 2 + 1))


@question(WS, "Q5", "Distinct hands from two packs (cancellation, 8 players)")
def check_q5(answer: object) -> None:
    """Distinct 13-card hands (identical copies not told apart) in 8-player Cancellation Hearts."""
    rules = Rules.preset("cancellation", players=8)
    got = _exact(answer)
    h = rules.hand_size
    if _is(got, hand_count(rules).value):
        return
    if _is(got, C(104, h)):
        raise Wrong(
            "C(104, 13) tells the two copies of each card apart. Two hands that differ only in which copy of "
            "the 7♣ they hold look identical: count each hand once."
        )
    if _is(got, C(52, h)):
        raise Wrong("That allows each card at most once, but a hand can hold both copies of a card.")
    if _is(got, C(52 + h - 1, h)):
        raise Wrong("That allows any number of copies of a card; there are only two of each.")
    raise Wrong("Split by d, the number of faces held twice: choose those d faces, then 13 - 2d other faces once.")


@question(WS, "Q6", "Seat 0 holds both Q♠ (cancellation, 8 players)")
def check_q6(answer: object) -> None:
    """Probability that seat 0 is dealt both Q♠ in 8-player Cancellation Hearts."""
    rules = Rules.preset("cancellation", players=8)
    got = _exact(answer)
    h = rules.hand_size
    if _is(got, p_both_queens(rules).value):
        return
    if _is(got, sympy.Rational(_multiset_hands(51, h - 2), _multiset_hands(52, h))):
        raise Wrong(
            "You divided counts of distinct hands, but distinct hands are not equally likely with two packs "
            "(a hand with a pair can be dealt in fewer ways). Count over the 104 physical cards instead."
        )
    if _is(got, p_both_queens(rules, some_seat=True).value):
        raise Wrong("That is the chance that *some* seat holds both. The question names one seat: seat 0.")
    if _is(got, sympy.Rational(h, 104) ** 2):
        raise Wrong("The two queens are not independent: once one is in seat 0's hand, only 12 of the other 103 cards are.")
    raise Wrong("Over the 104 physical cards: seat 0's other 11 cards come from the other 102. Divide by all C(104, 13) hands.")


@question(WS, "Q7", "Some seat holds both Q♠ (cancellation, 8 players)")
def check_q7(answer: object) -> None:
    """Probability that some seat is dealt both Q♠ in 8-player Cancellation Hearts."""
    rules = Rules.preset("cancellation", players=8)
    got = _exact(answer)
    one = p_both_queens(rules).value
    if _is(got, p_both_queens(rules, some_seat=True).value):
        return
    if _is(got, one):
        raise Wrong("That is the chance for a given seat (Q6). Here any of the 8 seats will do.")
    if _is(got, 1 - (1 - one) ** rules.players):
        raise Wrong(
            "The 8 events are not independent - they are disjoint: two seats cannot both hold both queens. "
            "For disjoint events the probabilities add."
        )
    raise Wrong("At most one seat can hold both Q♠, so the events for the 8 seats are disjoint.")


@question(WS, "Q8", "A point card in the kitty (cancellation, 7 players)")
def check_q8(answer: object) -> None:
    """Probability that the 6-card kitty of 7-player Cancellation Hearts holds at least one point card."""
    rules = Rules.preset("cancellation", players=7)
    got = _exact(answer)
    n, k = len(rules.deck()), rules.kitty_size
    points = sum(1 for c in rules.deck() if rules.points_of(c))
    if _is(got, p_kitty_points(rules).value):
        return
    if _is(got, C(n - points, k) / C(n, k)):
        raise Wrong("That is the chance that the kitty holds *no* point card. The question asks for the opposite.")
    if _is(got, sympy.Rational(k * points, n)):
        raise Wrong(
            "Adding the chances of each kitty card double-counts kitties with several point cards (that sum is "
            "the expected number of point cards). Use the complement: 1 - P(no point card)."
        )
    raise Wrong(f"There are {points} point cards (26 hearts and 2 Q♠) among {n}. Find P(no point card in {k}) first.")
