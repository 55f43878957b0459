"""Strategy fusion, measured exactly: what a card is worth to a seat that cannot see the cards.

Perfect-information Monte Carlo (the sampling bot's method) values each legal
card by its average double-dummy value over the worlds the seat cannot tell
apart. In each world the solver picks every later card *knowing that world*;
a real player must pick one card for every world in which the play so far
looks the same. Frank and Basin called the gap **strategy fusion**.

:func:`fusion_table` gives both values for every legal card of the seat to
play. The *information-set value* of a card is the fewest points on average
over the worlds that the seat can make sure of with one strategy -- one card
for each play history it can see, the same card in every world where that
history happens -- when the other seats play as the solver's opponents do:
each sees every card and all play together to give the seat as many points as
possible (a two-team game, the moon rule applied), answering the seat's
strategy in each world. Its double-dummy value is
:func:`~hearts_lab.solve.best_moves`'s average over the worlds.

:func:`fusion_example` is a hand-made position where the sampler's choice is the worse card:

>>> hand = fusion_example()
>>> for row in fusion_table(distinct_worlds(hand.view(0))):
...     print(row.card, row.double_dummy, row.information_set, row.per_world)
3♥ 0 7 (0, 14)
A♥ 4 4 (4, 4)

With one world the two agree (nothing is hidden):

>>> from hearts_lab import Hand, Rules
>>> from hearts_lab.solve import best_moves
>>> rules = Rules.preset("standard", players=4)
>>> hand = Hand.deal(rules, seed=5, hand_number=3)
>>> while len(hand.cards(0)) > 2:
...     hand.play(hand.legal_moves()[-1])
>>> rows = fusion_table([hand])
>>> all(row.information_set == row.double_dummy == best_moves(hand).as_dict()[row.card] for row in rows)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from ..arguments import ArgumentError
from ..cards import Card
from ..hand import Hand
from ..rules import Rules
from ..solve import _seat_delta, best_moves
from .knowledge import sample_worlds

if TYPE_CHECKING:
    from ..hand import SeatView

__all__ = ["FusionRow", "fusion_table", "fusion_example", "distinct_worlds"]

#: At most this many value vectors are kept at one node (a guard on the exhaustive search).
MAX_FRONTIER = 20_000

_Vector = tuple[int, ...]


@dataclass(frozen=True)
class FusionRow:
    """One legal card: its average double-dummy value and its information-set value, over the worlds.

    Both are exact averages (fractions of a point) over equally likely worlds, in points for the
    whole hand (the points the seat has taken so far included). ``per_world`` is what a best
    single strategy after this card costs in each world, in the order of the worlds.
    """

    card: Card
    double_dummy: Fraction
    information_set: Fraction
    per_world: tuple[int, ...]


def _public(hand: Hand) -> tuple[tuple[int, Card], ...]:
    return tuple(p for t in hand.tricks for p in t.plays) + tuple(hand.current_trick.plays)


def _pareto(vectors: set[_Vector]) -> set[_Vector]:
    """The vectors no other vector beats or equals in every world (fewer points is better)."""
    ordered = sorted(vectors, key=sum)
    kept: list[_Vector] = []
    for v in ordered:
        if not any(all(a <= b for a, b in zip(k, v)) for k in kept):
            kept.append(v)
    return set(kept)


def _frontier(worlds: list[Hand], index: list[int], seat: int) -> set[_Vector]:
    """Every value vector (the seat's points in each world of ``index``) one strategy of ``seat`` can
    hold the other seats to, from positions that share their public history; Pareto-pruned."""
    first = worlds[0]
    if first.phase == "over":
        points = _seat_delta(first.rules, first.points(), first.moon_shooter, seat, (0,) * first.players)
        return {(points,) * len(index)}
    mover = first.to_play
    assert mover is not None
    if mover == seat:  # the seat sees the same cards and play in every world: one choice for all
        out: set[_Vector] = set()
        for card in first.legal_moves():
            children = [w.copy() for w in worlds]
            for child in children:
                child.play(card)
            out |= _frontier(children, index, seat)
        return _pareto(out)
    # Another seat, who sees the world: in each world it plays whichever of its cards is worst for the seat.
    options: list[tuple[list[int], set[_Vector]]] = []
    for card in sorted({c for w in worlds for c in w.legal_moves()}):
        where = [i for i, w in enumerate(worlds) if card in w.legal_moves()]
        children = [worlds[i].copy() for i in where]
        for child in children:
            child.play(card)
        options.append((where, _frontier(children, [index[i] for i in where], seat)))
    combined: set[_Vector] = {tuple(-1 for _ in index)}
    for where, vectors in options:
        merged = set()
        for base in combined:
            for v in vectors:
                new = list(base)
                for j, i in enumerate(where):
                    new[i] = max(new[i], v[j])
                merged.add(tuple(new))
        combined = _pareto(merged)
        if len(combined) > MAX_FRONTIER:
            raise ArgumentError(f"worlds: the exact search keeps more than {MAX_FRONTIER} strategies at one position; use a smaller endgame.", "worlds")
    return combined


def fusion_table(worlds: Sequence[Hand]) -> tuple[FusionRow, ...]:
    """For each legal card of the seat to play: its average double-dummy value over ``worlds``
    and its information-set value (see the module), the worlds equally likely.

    Every world must be in play at the same public position: the same seat to play, holding the
    same cards, after the same plays. The search is exhaustive: for endgames of a few tricks.
    """
    worlds = list(worlds)
    if not worlds or not all(isinstance(w, Hand) for w in worlds):
        raise ArgumentError("worlds: expected one or more Hands.", "worlds")
    first = worlds[0]
    if first.phase != "play":
        raise ArgumentError("worlds: the worlds must be in their play phase.", "worlds")
    seat = first.to_play
    assert seat is not None
    for w in worlds:
        if w.rules != first.rules or w.phase != "play" or w.to_play != seat or w.cards(seat) != first.cards(seat) or _public(w) != _public(first):
            raise ArgumentError(f"worlds: every world must show seat {seat} the same position (its cards and the play so far).", "worlds")
    n = len(worlds)
    tables = [best_moves(w).as_dict() for w in worlds]
    rows = []
    for card in first.legal_moves():
        children = [w.copy() for w in worlds]
        for child in children:
            child.play(card)
        best = min(_frontier(children, list(range(n)), seat), key=lambda v: (sum(v), v))
        values = [t[card] for t in tables]
        if any(v is None for v in values):
            raise ArgumentError("worlds: the solver ran out of budget; use a smaller endgame.", "worlds")
        rows.append(FusionRow(card, Fraction(sum(v for v in values if v is not None), n), Fraction(sum(best), n), best))
    return tuple(rows)


def distinct_worlds(view: SeatView, k: int = 200, rng: int = 0) -> list[Hand]:
    """The different deals among ``k`` worlds of :func:`~hearts_lab.bots.knowledge.sample_worlds`, in the
    order first drawn: when a seat knows nearly everything, every deal it cannot rule out.

    >>> len(distinct_worlds(fusion_example().view(0)))
    2
    """
    seen: dict[tuple[tuple[Card, ...], ...], Hand] = {}
    for world in sample_worlds(view, k, rng):
        seen.setdefault(tuple(world.cards(s) for s in range(world.players)), world)
    return list(seen.values())


# The position of fusion_example: ten tricks (leader, then the cards in play order), the passes
# (hand 2 of the game passes to the right) and each seat's cards now. Seat 0 passed the 2♦ and Q♠
# to seat 3, so it knows where they are; seat 1 showed a spade void (trick 3), seat 2 a diamond void
# (trick 8): the other four unseen cards can lie in two ways only.
_TRICKS = (
    (2, "2C 6C JC 4C"), (0, "10C 9C KC 7C"), (2, "4S 2S 8S QD"), (0, "9S 10H JS 7S"), (2, "KS 6S 10S 10D"),
    (2, "AS 3S 7H 5H"), (2, "9H QH JH 8H"), (3, "3D JD 4D 8C"), (0, "7D 6D AC 5D"), (0, "8D KD QC 9D"),
    (1, "2H 6H KH"),
)
_PASSES = ("2D QS 5D", "10S JD 10C", "QD 8H 9C", "KS AC JS")
_NOW = ("AH 3H 5C", "AD 3C", "5S 4H", "2D QS")


def fusion_example() -> Hand:
    """A standard four-player hand at trick 11 where sampling picks the worse card (strategy fusion).

    Seat 0 holds A♥ 3♥ 5♣ and plays last to 2♥ 6♥ K♥. Only two deals of the unseen cards agree
    with what it knows; in each, ducking with the 3♥ costs nothing under perfect play, and winning
    with the A♥ costs the 4 points of the trick. But after the duck seat 0 must throw away the A♥
    or the 5♣ on trick 12 before anything tells the two deals apart, and whichever card it keeps
    wins the last trick, with the Q♠ on it, in one of the two deals.

    >>> hand = fusion_example()
    >>> hand.trick_number, hand.to_play, [str(c) for c in hand.legal_moves()]
    (10, 0, ['3♥', 'A♥'])
    """
    plays = [((leader + i) % 4, card) for leader, cards in _TRICKS for i, card in enumerate(cards.split())]
    rules = Rules.preset("standard", players=4)
    return Hand.from_position(rules, [h.split() for h in _NOW], plays, passes=[p.split() for p in _PASSES], hand_number=1)
