"""Derived rule facts live on the engine, one place each (issue 11): Rules.points, moon_points,
moon_card_count, kitty_trick, pass_direction, suit names, Trick.points/took_kitty/pending,
Hand.pass_source."""

from __future__ import annotations

import pytest
from engine_helpers import play, small_hand

from hearts_lab import Card, Hand, Rules, RulesError, parse_cards
from hearts_lab.cards import CardError, suit_name
from hearts_lab.cases import kitty_with_trick_one
from hearts_lab.render import offset_name
from hearts_lab.rules import PRESET_PLAYERS


def all_rules():
    return [Rules.preset(name, players=n) for name, players in PRESET_PLAYERS.items() for n in players]


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: f"{r.name}-{r.players}")
def test_points_and_moon_facts(rules):
    assert rules.points(rules.deck()) == rules.total_points == 26 * rules.decks
    assert rules.moon_points == 26 * rules.decks
    assert rules.moon_card_count == 14 * rules.decks == sum(rules.moon_card_set.values())


def test_moon_facts_follow_the_options():
    spot = Rules.preset("standard", players=4, card_points="spot-hearts")
    assert spot.moon_points == sum(range(2, 15)) + 13
    maria = Rules.preset("standard", players=4, card_points="black-maria", moon_cards="all-points")
    assert maria.moon_card_count == 16 and maria.moon_points == 26 + 17
    omnibus = Rules.preset("standard", players=4, card_points="omnibus")
    assert omnibus.points(parse_cards("JD QS 2H")) == 4 and omnibus.moon_points == 26


def test_moon_card_set_is_a_copy():
    rules = Rules.preset("standard", players=4)
    rules.moon_card_set.clear()
    assert rules.moon_card_count == 14


def test_kitty_trick():
    assert Rules.preset("standard", players=4).kitty_trick is None
    assert Rules.preset("cancellation", players=9).kitty_trick == 0
    assert Rules.preset("cancellation", players=9, kitty_to="last-trick").kitty_trick == 10


def test_pass_direction_is_the_render_convention():
    six = Rules.preset("lowest-clubs", players=6)
    # The CLI used to say "4 to the left" where render said "2 to the right".
    assert six.pass_direction(4) == "2 to the right" == offset_name(4, 6)
    assert [six.pass_direction(six.pass_offset(h)) for h in range(6)] == [
        "left", "right", "2 to the left", "2 to the right", "across", "hold"
    ]
    assert Rules.preset("lowest-clubs", players=2).pass_direction(1) == "left"
    for n in range(2, 12):
        for k in range(n):
            assert offset_name(k, n) == Rules.preset("standard", players=4).pass_direction(k) if n == 4 else True
    with pytest.raises(RulesError):
        six.pass_direction("1")


def test_suit_names():
    assert [suit_name(s) for s in "CDHS"] == ["clubs", "diamonds", "hearts", "spades"]
    assert suit_name("D", plural=False) == "diamond"
    with pytest.raises(CardError):
        suit_name("X")


def test_trick_facts_on_a_kitty_hand():
    hand = kitty_with_trick_one().hand
    first, second = hand.tricks[0], hand.tricks[1]
    assert first.set_aside and first.kitty_pending and not first.took_kitty
    assert len(first.pending) == 6 + 2 and first.points == 0
    assert second.took_kitty and second.collector == hand.kitty_holder
    assert second.points == hand.rules.points(second.collected) == 14 and second.pending == ()
    assert first.next_leader == first.leader and second.next_leader == second.winner
    assert sum(t.points for t in hand.tricks) == sum(hand.points())
    # Another seat's view keeps the kitty face down, in the pile and in what was collected.
    other = next(s for s in range(hand.players) if s != hand.kitty_holder)
    view = hand.view(other).tricks
    assert len(view[0].pending) == 6 and len(view[1].collected) == len(second.collected) - 2
    assert hand.view(hand.kitty_holder).tricks == hand.tricks


def test_current_trick_pending_hides_the_kitty_from_a_view():
    hand = kitty_with_trick_one().hand.at(6)
    assert len(hand.current_trick.pending) == 8
    assert len(hand.view(0).current_trick.pending) == 6 == len(hand.view(0).pending)


def test_trick_points_with_a_set_aside_last_trick():
    hand = small_hand(
        "cancellation", ["9H 2C", "9H 3C", "QS 4C", "QS 5C", "AS 6C", "AS 7C"], moon="off", dealer=5,
    )
    play(hand, "0:2C 1:3C 2:4C 3:5C 4:6C 5:7C")
    play(hand, "5:AS 0:9H 1:9H 2:QS 3:QS 4:AS")
    last = hand.tricks[-1]
    assert last.set_aside and last.points == 0 and last.collector is None
    assert hand.rules.points(hand.unclaimed) == 28


def test_pass_source_and_target_are_inverse():
    for rules in all_rules():
        for h in range(len(rules.pass_schedule)):
            hand = Hand.deal(rules, seed=1, hand_number=h)
            for seat in range(rules.players):
                assert hand.pass_source(hand.pass_target(seat)) == seat
    with pytest.raises(RulesError):
        hand.pass_source(99)


def test_received_comes_from_the_pass_source():
    hand = Hand.deal(Rules.preset("standard", players=4), seed=2, hand_number=1)
    for seat in range(4):
        hand.pass_cards(seat, hand.cards(seat)[:3])
    for seat in range(4):
        assert hand.received(seat) == hand.passes[hand.pass_source(seat)]


def test_cards_are_the_52_values():
    assert Card(12, "S") is Card.parse("QS") is Card.parse("Q♠")
    assert Card.parse("QS")._replace(rank=13) is Card.parse("KS")
    for bad in [(2, "X"), (2.0, "C"), (True, "C"), (1, "S"), (15, "H"), ("Q", "S")]:
        with pytest.raises(CardError):
            Card(*bad)
