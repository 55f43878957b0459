"""One legality decision: legal_moves(), why_illegal(), verify_play(), can_play() and play() read
the same decision, and the rule quoted for a refused card is the rule that removed it."""

from __future__ import annotations

import pytest
from engine_helpers import small_hand
from hypothesis import given
from test_properties import SETTINGS, do_passes, hands

from hearts_lab import Card, Hand, IllegalMove, Rules
from hearts_lab.cards import CLUBS, HEARTS, POINT_CARDS
from hearts_lab.core import Core, cards_of
from hearts_lab.rules import PRESET_PLAYERS, PRESETS


def test_any_club_with_the_only_club_in_the_kitty_quotes_the_hearts_rule():
    # Found in issue 11: the legal cards came from the hearts-not-broken rule while
    # why_illegal said "the first trick must be led with a club".
    hand = small_hand("standard", ["5H 3D", "4D 6S", "7S 8S", "9S 10S"], kitty="2C", opening_lead="any-club", dealer=3)
    assert hand.rules.opening_lead == "any-club" and hand.kitty == (Card.parse("2C"),)
    assert hand.to_play == 0 and hand.legal_moves() == (Card.parse("3D"),)
    error = hand.why_illegal("5H")
    assert error is not None and error.rule == "hearts-not-broken"
    assert "hearts are not broken" in str(error) and "club" not in str(error)
    with pytest.raises(IllegalMove) as raised:
        hand.play("5H")
    assert raised.value.rule == "hearts-not-broken" and hand.history == ()
    assert hand.legality.rule == "hearts-not-broken"


def test_no_rule_is_quoted_when_nothing_is_removed():
    hand = small_hand("standard", ["2C 3C", "4C 5C", "6C 7C", "8C 9C"], first_trick_points=True, moon="off")
    hand.play("2C")
    assert hand.legality.rule is None and hand.legality.legal == hand.cards(1)


def _filtered_by(hand: Hand, card: Card, rule: str) -> bool:
    """An independent reading of RULES.md: does ``rule`` forbid ``card`` for the seat to play here?"""
    rules = hand.rules
    held = hand.cards(hand.to_play)
    plays = hand.current_trick.plays
    first = hand.trick_number == 0
    non_point = [c for c in held if c not in POINT_CARDS]
    if rule == "follow-suit":
        led = plays[0][1].suit if plays else None
        return bool(plays) and card.suit != led and any(c.suit == led for c in held)
    if rule == "first-trick-points":
        led = plays[0][1].suit if plays else None
        return (
            bool(plays) and first and not rules.first_trick_points and card in POINT_CARDS
            and not any(c.suit == led for c in held) and bool(non_point)
        )
    if plays:
        return False
    opening = first and (
        (rules.opening_lead == "lowest-club" and any(c.suit == CLUBS for h in range(hand.players) for c in hand.cards(h)))
        or (rules.opening_lead == "any-club" and any(c.suit == CLUBS for c in held))
        or (rules.opening_lead == "left-of-dealer" and not rules.first_lead_points)
    )
    if rule == "opening-lead":
        if not opening:
            return False
        if rules.opening_lead == "lowest-club":
            lowest = min(c for h in range(hand.players) for c in hand.cards(h) if c.suit == CLUBS)
            return card != lowest
        if rules.opening_lead == "any-club":
            return card.suit != CLUBS
        return card in POINT_CARDS and bool(non_point)
    if rule == "hearts-not-broken":
        return not opening and not hand.hearts_broken and card.suit == HEARTS and bool(non_point)
    return False


@SETTINGS
@given(hands())
def test_the_rule_quoted_is_the_rule_that_filtered_the_card(case):
    hand, rng = case
    do_passes(hand, rng)
    while hand.phase == "play":
        decision = hand.legality
        assert decision.legal == hand.legal_moves() and decision.seat == hand.to_play
        held = set(hand.cards(hand.to_play))
        refused = held - set(decision.legal)
        assert (decision.rule is None) == (not refused)
        for card in held:
            error = hand.why_illegal(card)
            assert hand.can_play(card) == (error is None) == (card in decision.legal)
            if error is not None:
                assert error.rule == decision.rule, (card, error)
                assert _filtered_by(hand, card, error.rule), (card, error.rule, hand.current_trick)
                assert error.legal == decision.legal and error.seat == hand.to_play
        for card in decision.legal:
            assert decision.rule is None or not _filtered_by(hand, card, decision.rule)
        hand.play(rng.choice(decision.legal))


@pytest.mark.parametrize("preset", PRESETS)
def test_the_hands_inlined_decisions_are_the_cores(preset):
    """Hand.play and Hand._finish_trick make the next turn's decision inline (the engine's hot path reads
    Core.legal's follow-suit branch as one mask): at every turn of random hands of every preset, player
    count and option that changes legality, the cards offered are exactly Core.legal's."""
    import random

    variants = [{}, {"first_trick_points": True}, {"opening_lead": "any-club"}, {"opening_lead": "left-of-dealer"},
                {"hearts_broken_by": "nothing"}, {"first_lead_points": True, "opening_lead": "left-of-dealer"}]
    turns = 0
    for players in PRESET_PLAYERS[preset]:
        for k, changes in enumerate(variants):
            rules = Rules.preset(preset, players=players, **changes)
            core = Core.of(rules)
            hand = Hand.deal(rules, seed=players * 31 + k, hand_number=k)
            rng = random.Random(players * 100 + k)
            do_passes(hand, rng)
            while hand.phase == "play":
                seat = hand.to_play
                plays = hand.current_trick.plays
                led = "CDHS".index(plays[0][1].suit) if plays else -1
                held = 0
                for c in hand.cards(seat):
                    held |= 1 << ("CDHS".index(c.suit) * 16 + c.rank)
                first = hand.trick_number == 0
                opening = 0
                if rules.opening_lead == "lowest-club" and hand.opening_card is not None:
                    opening = 1 << hand.opening_card.rank
                mask, rule = core.legal(held, led, first, hand.hearts_broken, opening)
                assert hand.legal_moves() == cards_of(mask) and hand.legality.rule == rule, (preset, players, changes)
                hand.play(rng.choice(hand.legal_moves()))
                turns += 1
    assert turns > 1000


def test_a_card_the_seat_does_not_hold_is_not_in_hand():
    hand = Hand.deal(Rules.preset("standard", players=4), seed=7, hand_number=3)
    other = next(c for c in hand.cards((hand.to_play + 1) % 4))
    error = hand.why_illegal(other)
    assert error.rule == "not-in-hand" and "do not hold" in str(error)


def test_play_for_the_wrong_seat_is_refused_as_turn():
    hand = Hand.deal(Rules.preset("standard", players=4), seed=7, hand_number=3)
    before = hand.to_json()
    wrong = (hand.to_play + 1) % 4
    with pytest.raises(IllegalMove) as raised:
        hand.play("2C", seat=wrong)
    assert raised.value.rule == "turn" and raised.value.seat == wrong
    assert f"seat {hand.to_play}'s turn" in str(raised.value)
    assert hand.to_json() == before
    for bad in (99, "1", 1.5, None if False else -1):
        with pytest.raises(IllegalMove) as raised:
            hand.play("2C", seat=bad)
        assert raised.value.rule in ("seat", "turn")
    assert hand.to_json() == before
    hand.play("2C", seat=hand.to_play)
    assert hand.history == (Card.parse("2C"),)


def test_play_outside_the_play_phase_names_the_phase():
    hand = Hand.deal(Rules.preset("standard", players=4), seed=7, hand_number=0)
    with pytest.raises(IllegalMove) as raised:
        hand.play("2C")
    assert raised.value.rule == "phase"
    assert hand.legality.rule == "phase" and hand.legality.legal == ()
