"""Strategy fusion measured exactly (hearts_lab.bots.fusion): the checker, and the lesson's position.

The position of notebook 11 section 4 must keep showing strategy fusion: the sampler (average
double-dummy value over the worlds) picks the 3♥, and one strategy for both worlds does better
with the A♥. A change to the engine, the solver or the sampler that breaks it fails here.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from hearts_lab import Card, Hand, Rules
from hearts_lab.arguments import ArgumentError
from hearts_lab.bots import distinct_worlds, fusion_example, fusion_table, knowledge, world_consistent
from hearts_lab.bots.sampling import hand_score
from hearts_lab.errors import RulesError
from hearts_lab.solve import best_moves

RULES = Rules.preset("standard", players=4)


def _plays(hand: Hand) -> list[tuple[int, Card]]:
    return [p for t in hand.tricks for p in t.plays] + list(hand.current_trick.plays)


def _all_consistent_deals(hand: Hand) -> list[tuple[tuple[Card, ...], ...]]:
    """Every deal of seat 0's unseen cards (any seats, the right counts) that the engine accepts and
    that agrees with what seat 0 knows: found by trying them all, not by the sampler."""
    view = hand.view(0)
    info = knowledge(view)
    unseen = list(info.unseen)
    deals = []
    for first in itertools.combinations(unseen, info.counts[1]):
        rest = [c for c in unseen if c not in first]
        for second in itertools.combinations(rest, info.counts[2]):
            third = [c for c in rest if c not in second]
            now = [list(view.cards), list(first), list(second), third]
            try:
                world = Hand.from_position(RULES, now, _plays(hand), hand_number=hand.hand_number)
            except RulesError:
                continue  # a seat would have broken a rule earlier in the hand
            if world_consistent(view, world):
                deals.append(tuple(world.cards(s) for s in range(4)))
    return deals


def test_the_example_leaves_seat_0_exactly_two_deals():
    hand = fusion_example()
    worlds = distinct_worlds(hand.view(0))
    assert sorted(tuple(w.cards(s) for s in range(4)) for w in worlds) == sorted(_all_consistent_deals(hand))
    assert len(worlds) == 2
    assert all(world_consistent(hand.view(0), w) for w in worlds)
    assert any(w.cards(s) == hand.cards(s) for w in worlds for s in (1, 2, 3))  # the real deal is one of them
    info = knowledge(hand.view(0))
    assert "S" in info.voids[1] and "D" in info.voids[2] and set(info.pinned[3]) == {Card.parse("2D"), Card.parse("QS")}


def test_the_example_shows_strategy_fusion():
    hand = fusion_example()
    worlds = distinct_worlds(hand.view(0))
    rows = {str(r.card): r for r in fusion_table(worlds)}
    assert hand.points() == (0, 0, 3, 4)  # two seats have points: nobody can shoot the moon
    # Double dummy: ducking is free in every world, winning costs the trick's 4 points.
    for world in worlds:
        assert {str(c): v for c, v in best_moves(world).as_dict().items()} == {"3♥": 0, "A♥": 4}
    sampler_choice = min(rows.values(), key=lambda r: r.double_dummy)
    assert sampler_choice.card == Card.parse("3H") and sampler_choice.double_dummy == 0
    # One strategy for both worlds: the duck costs 7 on average (0 in one world, 14 in the other), the A♥ 4.
    assert rows["3♥"].information_set == 7 and sorted(rows["3♥"].per_world) == [0, 14]
    assert rows["A♥"].information_set == 4 and rows["A♥"].per_world == (4, 4)
    best = min(rows.values(), key=lambda r: r.information_set)
    assert best.card != sampler_choice.card


def _naive(worlds: list[Hand]) -> dict[Card, Fraction]:
    """The information-set values by brute force: every strategy of the seat (one card per play
    history it can see), each world solved with the others maximising the seat's points."""
    seat = worlds[0].to_play
    decisions: dict[tuple, tuple[Card, ...]] = {}

    def explore(h: Hand) -> None:
        if h.phase == "over":
            return
        if h.to_play == seat:
            decisions[tuple(_plays(h))] = h.legal_moves()
        for card in h.legal_moves():
            child = h.copy()
            child.play(card)
            explore(child)

    for w in worlds:
        explore(w)
    keys = list(decisions)

    def value(h: Hand, strategy: dict) -> int:
        if h.phase == "over":
            return hand_score(h, seat)
        cards = [strategy[tuple(_plays(h))]] if h.to_play == seat else h.legal_moves()
        results = []
        for card in cards:
            child = h.copy()
            child.play(card)
            results.append(value(child, strategy))
        return max(results)

    best: dict[Card, Fraction] = {}
    for choice in itertools.product(*(decisions[k] for k in keys)):
        strategy = dict(zip(keys, choice))
        total = Fraction(sum(value(w, strategy) for w in worlds), len(worlds))
        root = strategy[tuple(_plays(worlds[0]))]
        best[root] = min(best.get(root, total), total)
    return best


def test_the_checker_agrees_with_brute_force_on_the_example():
    worlds = distinct_worlds(fusion_example().view(0))
    assert {r.card: r.information_set for r in fusion_table(worlds)} == _naive(worlds)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_with_one_world_the_checker_is_the_solver(seed):
    hand = Hand.deal(RULES, seed=seed, hand_number=3)
    while len(hand.cards(0)) > 2 or hand.to_play != (seed % 4):
        hand.play(hand.legal_moves()[seed % len(hand.legal_moves())])
    table = best_moves(hand).as_dict()
    rows = fusion_table([hand])
    assert {r.card: r.information_set for r in rows} == {c: Fraction(v) for c, v in table.items()}
    assert {r.card: r.double_dummy for r in rows} == {c: Fraction(v) for c, v in table.items()}


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_the_checker_agrees_with_brute_force_on_sampled_endgames(seed):
    hand = Hand.deal(RULES, seed=seed, hand_number=3)
    while len(hand.cards(1)) > 2 or hand.to_play != 1:
        hand.play(hand.legal_moves()[0])
    worlds = distinct_worlds(hand.view(1), k=6, rng=seed)
    rows = fusion_table(worlds)
    assert {r.card: r.information_set for r in rows} == _naive(worlds)
    # One strategy for every world can never beat choosing after seeing each one.
    assert all(r.information_set >= r.double_dummy for r in rows)


def test_worlds_that_show_the_seat_different_positions_are_refused():
    hand = fusion_example()
    other = Hand.deal(RULES, seed=1, hand_number=3)
    other.play(other.legal_moves()[0])
    with pytest.raises(ArgumentError, match="worlds"):
        fusion_table([hand, other])
    with pytest.raises(ArgumentError, match="worlds"):
        fusion_table([])
    with pytest.raises(ArgumentError, match="worlds"):
        fusion_table(["not a hand"])  # type: ignore[list-item]
