"""Property tests (hypothesis) over every preset and player count: the facts of RULES.md §6.

One random hand per example: a seeded deal, random passes, random legal plays.
Along the way every card in the hand of the seat to play is tried: ``play``
accepts it exactly when ``legal_moves`` lists it, and a refused card changes
nothing (the JSON record is identical before and after).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st
from suite_size import examples  # a quarter of the examples under make check (tests/suite_size.py)

from hearts_lab import Hand, IllegalMove, Rules
from hearts_lab.rules import PRESET_PLAYERS

ALL_PRESETS = [(name, n) for name, players in PRESET_PLAYERS.items() for n in players]

OPTIONS = {
    "hearts_broken_by": ["heart", "heart-or-queen", "nothing"],
    "first_trick_points": [False, True],
    "last_trick_set_aside": ["nobody", "leader"],
    "kitty_to": ["first-trick", "last-trick"],
    "card_points": ["standard", "omnibus", "spot-hearts", "black-maria"],
    "moon_cards": ["hearts-and-queens", "all-points"],
    "opening_lead": ["lowest-club", "any-club", "left-of-dealer"],
    "first_lead_points": [False, True],
    "pass_count": [0, 1, 2],
    "cancellation": [False, True],
}


@st.composite
def rules_strategy(draw) -> Rules:
    preset, players = draw(st.sampled_from(ALL_PRESETS))
    rules = Rules.preset(preset, players=players)
    if draw(st.booleans()):
        # A house variant: change one or two options of the preset.
        for name in draw(st.lists(st.sampled_from(sorted(OPTIONS)), min_size=1, max_size=3, unique=True)):
            rules = dataclasses.replace(rules, **{name: draw(st.sampled_from(OPTIONS[name]))})
    return rules


@st.composite
def hands(draw) -> tuple[Hand, random.Random]:
    rules = draw(rules_strategy())
    hand = Hand.deal(
        rules,
        seed=draw(st.integers(0, 10**6)),
        hand_number=draw(st.integers(0, 11)),
        dealer=draw(st.integers(0, rules.players - 1)),
    )
    return hand, random.Random(draw(st.integers(0, 2**32)))


def deck_of(rules: Rules) -> Counter:
    return Counter(rules.deck())


def do_passes(hand: Hand, rng: random.Random) -> None:
    if hand.phase == "pass":
        for seat in rng.sample(range(hand.players), hand.players):
            hand.pass_cards(seat, rng.sample(hand.cards(seat), hand.rules.pass_count))
    assert hand.phase == "play"


def in_hands(hand: Hand) -> Counter:
    return Counter(c for s in range(hand.players) for c in hand.cards(s))


SETTINGS = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(hands())
def test_cards_conserved_and_legal_moves_agree_with_play(case):
    hand, rng = case
    rules = hand.rules
    deck = deck_of(rules)
    assert in_hands(hand) + Counter(hand.kitty) == deck
    do_passes(hand, rng)
    assert in_hands(hand) + Counter(hand.kitty) == deck
    step = 0
    while hand.phase == "play":
        seat = hand.to_play
        legal = hand.legal_moves()
        # A legal move always exists while the hand is not over.
        assert legal, f"no legal move for seat {seat}"
        assert len(set(legal)) == len(legal) and set(legal) <= set(hand.cards(seat))
        before = hand.to_json()
        for card in set(hand.cards(seat)) - set(legal):
            try:
                hand.play(card)
            except IllegalMove as error:
                assert error.seat == seat and error.card == card and error.legal == legal
            else:  # pragma: no cover - the failure being tested for
                raise AssertionError(f"play accepted {card}, which legal_moves does not list")
            assert hand.to_json() == before
        # Every listed card is accepted (tried on copies).
        for card in legal:
            other = hand.copy()
            other.play(card)
            assert other.history == (*hand.history, card)
        hand.play(legal[rng.randrange(len(legal))])
        step += 1
        # Cards in hands + cards played + kitty = the deck, all along.
        assert in_hands(hand) + Counter(hand.history) + Counter(hand.kitty) == deck
        trick = hand.tricks[-1] if hand.tricks and not hand.current_trick.plays else None
        if trick is not None and trick.complete:
            # Three identical cards never meet in a trick.
            assert max(Counter(trick.cards).values()) <= 2
            assert trick.winner is None or trick.card_of(trick.winner).suit == trick.led_suit
    assert hand.phase == "over" and hand.to_play is None and hand.legal_moves() == ()
    assert len(hand.tricks) == rules.hand_size
    collected = sum((Counter(hand.collected(s)) for s in range(hand.players)), Counter())
    assert collected + Counter(hand.unclaimed) + Counter(hand.pending) == deck
    assert hand.pending == ()


@SETTINGS
@given(hands())
def test_points_add_up(case):
    hand, rng = case
    rules = hand.rules
    do_passes(hand, rng)
    while hand.phase == "play":
        moves = hand.legal_moves()
        hand.play(moves[rng.randrange(len(moves))])
    points = hand.points()
    for seat in range(hand.players):
        assert points[seat] == sum(rules.points_of(c) for c in hand.collected(seat))
    unclaimed = sum(rules.points_of(c) for c in hand.unclaimed)
    assert sum(points) + unclaimed == rules.total_points
    if rules.card_points == Rules.preset("standard", players=4).card_points:
        assert rules.total_points == (26 if rules.decks == 1 else 52)
    shooter = hand.moon_shooter
    if shooter is not None:
        assert not (rules.moon_card_set - Counter(hand.collected(shooter)))
        if rules.moon_cards == "hearts-and-queens":
            assert not any(c.suit == "H" or (c.rank, c.suit) == (12, "S") for c in hand.unclaimed)
    if rules.moon_cards == "hearts-and-queens" and any(rules.moon_card_set[c] for c in hand.unclaimed):
        assert shooter is None


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(), st.floats(0, 1))
def test_records_round_trip(case, where):
    hand, rng = case
    assert Hand.from_json(hand.to_json()).to_json() == hand.to_json()
    do_passes(hand, rng)
    total = len(hand.rules.deck()) - hand.rules.kitty_size
    stop = int(where * total)
    while hand.phase == "play" and len(hand.history) < stop:
        moves = hand.legal_moves()
        hand.play(moves[rng.randrange(len(moves))])
    back = Hand.from_json(hand.to_json())
    assert back.to_json() == hand.to_json()
    assert back.legal_moves() == hand.legal_moves()
    assert back.points() == hand.points() and back.tricks == hand.tricks
    # at(k) and undo agree with replaying from the start.
    k = rng.randrange(len(hand.history) + 1)
    earlier = hand.at(k)
    assert len(earlier.history) == k
    copy = hand.copy()
    copy.undo(len(hand.history) - k)
    assert copy.to_json() == earlier.to_json()
