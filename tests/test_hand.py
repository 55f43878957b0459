"""Scenario tests: every rule and worked case of RULES.md, on hand-crafted deals.

Most scenarios use a preset with a stripped deck (``engine_helpers.small_hand``)
so that every card of every seat is visible in the test; the remaining rules
of the preset are unchanged.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from engine_helpers import cards, finish_lowest, one_suit_each, play, small_hand

from hearts_lab import Card, Hand, IllegalMove, IllegalPass, Rules, RulesError, resolve_trick, trick_winner
from hearts_lab.cards import QUEEN_OF_SPADES
from hearts_lab.rules import PRESET_PLAYERS

ALL_PRESETS = [(name, n) for name, players in PRESET_PLAYERS.items() for n in players]
GOLDEN = json.loads((Path(__file__).parent / "golden_deals.json").read_text(encoding="utf-8"))["deals"]
QS = QUEEN_OF_SPADES


def hand_state(hand: Hand) -> str:
    return hand.to_json()


# -- golden deals ----------------------------------------------------------------------


@pytest.mark.parametrize("deal", GOLDEN, ids=[f"{d['preset']}-{d['players']}p-seed{d['seed']}-h{d['hand_number']}" for d in GOLDEN])
def test_golden_deal(deal):
    rules = Rules.preset(deal["preset"], players=deal["players"])
    hand = Hand.deal(rules, seed=deal["seed"], hand_number=deal["hand_number"], dealer=deal["dealer"])
    assert [" ".join(map(str, hand.cards(s))) for s in range(rules.players)] == deal["hands"]
    assert " ".join(map(str, hand.kitty)) == deal["kitty"]


def test_deal_is_deterministic_and_depends_on_seed_and_hand_number():
    rules = Rules.preset("standard", players=4)
    a = Hand.deal(rules, seed=11, hand_number=2)
    b = Hand.deal(rules, seed=11, hand_number=2)
    assert [a.cards(s) for s in range(4)] == [b.cards(s) for s in range(4)]
    assert [a.cards(s) for s in range(4)] != [Hand.deal(rules, seed=12, hand_number=2).cards(s) for s in range(4)]
    assert [a.cards(s) for s in range(4)] != [Hand.deal(rules, seed=11, hand_number=3).cards(s) for s in range(4)]
    # Dealing starts left of the dealer: moving the dealer rotates the seats.
    c = Hand.deal(rules, seed=11, hand_number=2, dealer=1)
    assert [c.cards((s + 1) % 4) for s in range(4)] == [a.cards(s) for s in range(4)]


@pytest.mark.parametrize("preset,players", ALL_PRESETS)
def test_hand_deal_deals_what_deal_cards_deals(preset, players):
    """Hand.deal deals the deck's bits with one pack (deal.deal_order on Core.deck_bits), sorted Card
    lists with two: both are the deal of hearts_lab.deal.deal_cards, seat for seat, kitty included."""
    from hearts_lab.deal import deal_cards

    rules = Rules.preset(preset, players=players)
    for k in range(25):
        seed, number, dealer = f"x{k}" if k % 3 else k * 7919, k % 6, k % players
        hands, kitty = deal_cards(rules, seed, number, dealer)
        hand = Hand.deal(rules, seed=seed, hand_number=number, dealer=dealer)
        assert [hand.dealt(s) for s in range(players)] == [tuple(h) for h in hands]
        assert [hand.cards(s) for s in range(players)] == [tuple(h) for h in hands]
        assert hand.kitty == kitty


@pytest.mark.parametrize("preset,players", ALL_PRESETS)
def test_the_core_table_is_what_rules_say(preset, players):
    """The per-Rules table the hand reads (hearts_lab.core.Core) holds Rules' own answers."""
    from hearts_lab.core import BIT, Core

    rules = Rules.preset(preset, players=players)
    core = Core.of(rules)
    assert core.next_seat == tuple(rules.play_order(s)[1] for s in range(players))
    assert core.play_from == tuple(rules.play_order(d)[1:] + (d,) for d in range(players))
    for offset in {*rules.pass_schedule, 0}:
        assert core.pass_targets[offset] == tuple(rules.pass_target(s, offset) for s in range(players))
    assert (core.pass_count, core.opening_card, core.one_pack) == (rules.pass_count, rules.opening_card, rules.decks == 1)
    assert core.hearts_open == (rules.hearts_broken_by == "nothing")
    assert core.deck_bits == (tuple(BIT[c] for c in rules.deck()) if rules.decks == 1 else ())


@pytest.mark.parametrize("preset,players", ALL_PRESETS)
def test_the_hands_inlined_settlements_are_the_cores(preset, players):
    """Hand._finish_trick settles a won trick with no pile and no kitty inline (the engine's hot path): its
    winner collects it (Core.collector's first branch), and a trick without a moon card leaves who may
    shoot the moon as it was (Core.moon_owner's). At every trick of random hands, under each option that
    changes collection or the moon, the collector and the moon owner are what the core's functions say."""
    import random

    from hearts_lab.core import CODE, Core

    variants = [{}, {"moon": "off"}, {"moon_cards": "all-points"}, {"card_points": "omnibus"},
                {"last_trick_set_aside": "leader"}, {"kitty_to": "last-trick"}]
    tricks = 0
    for k, changes in enumerate(variants):
        rules = Rules.preset(preset, players=players, **changes)
        core = Core.of(rules)
        for h in range(3):
            hand = Hand.deal(rules, seed=k * 10 + h, hand_number=h)
            rng = random.Random(k * 10 + h)
            if hand.phase == "pass":
                for seat in range(players):
                    hand.pass_cards(seat, rng.sample(hand.cards(seat), rules.pass_count))
            owner = -1  # nobody has collected a moon card (with moon="off", no card is one)
            while hand.phase == "play":
                number = hand.trick_number
                hand.play(rng.choice(hand.legal_moves()))
                if hand.trick_number == number:
                    continue
                trick = hand.tricks[-1]
                winner = -1 if trick.winner is None else trick.winner
                collector = core.collector(winner, trick.leader, number)
                assert (None if collector < 0 else collector) == trick.collector, (changes, number)
                pile = trick.collected if collector >= 0 else hand.unclaimed if hand.phase == "over" else ()
                if collector >= 0 or hand.phase == "over":
                    codes = [CODE[c] for c in pile]
                    owner = core.moon_owner(owner, collector, any(core.moon[c] for c in codes), any(core.positive[c] for c in codes))
                assert hand._owner == owner, (changes, number)
                tricks += 1
    assert tricks > 100


@pytest.mark.parametrize("preset,players", ALL_PRESETS)
def test_deal_conserves_the_deck(preset, players):
    rules = Rules.preset(preset, players=players)
    hand = Hand.deal(rules, seed=3)
    dealt = Counter(c for s in range(players) for c in hand.cards(s)) + Counter(hand.kitty)
    assert dealt == Counter(rules.deck())
    assert all(len(hand.cards(s)) == rules.hand_size for s in range(players))
    assert len(hand.kitty) == rules.kitty_size


# -- from_cards validation -------------------------------------------------------------------


def test_from_cards_rejects_a_deal_that_is_not_the_deck():
    rules = Rules.preset("standard", players=4)
    seats = one_suit_each()
    with pytest.raises(RulesError) as info:
        Hand.from_cards(rules, [seats[0].replace("2♣", "3♣"), *seats[1:]])
    assert info.value.field == "hands"
    assert "missing: 2♣" in str(info.value)
    with pytest.raises(RulesError, match="seat 0 has 12 cards"):
        Hand.from_cards(rules, [seats[0].replace("2♣", ""), *seats[1:]])
    with pytest.raises(RulesError, match="4 players need 4 hands"):
        Hand.from_cards(rules, seats[:3])
    with pytest.raises(RulesError) as info:
        Hand.from_cards(rules, [seats[0].replace("2♣", "2X"), *seats[1:]])
    assert info.value.field == "hands"
    with pytest.raises(RulesError) as info:
        Hand.from_cards(rules, seats, kitty="2C")
    assert info.value.field == "kitty"
    with pytest.raises(RulesError) as info:
        Hand.from_cards(rules, seats, dealer=4)
    assert info.value.field == "dealer"


# -- passing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("preset,players", ALL_PRESETS)
def test_pass_schedule_moves_cards_by_the_offset(preset, players):
    rules = Rules.preset(preset, players=players)
    for h in range(len(rules.pass_schedule)):
        hand = Hand.deal(rules, seed=5, hand_number=h)
        offset = rules.pass_offset(h)
        assert hand.pass_offset == offset
        if offset == 0:
            assert hand.phase == "play" and hand.passes is None
            continue
        assert hand.phase == "pass" and hand.to_play is None
        chosen = {s: hand.cards(s)[: rules.pass_count] for s in range(players)}
        for s in range(players):
            assert hand.waiting_to_pass == tuple(range(s, players))
            hand.pass_cards(s, chosen[s])
        assert hand.phase == "play"
        for s in range(players):
            giver = (s - offset) % players
            assert hand.pass_target(giver) == s
            assert hand.received(s) == chosen[giver]
            assert Counter(hand.cards(s)) == Counter(hand.dealt(s)) - Counter(chosen[s]) + Counter(chosen[giver])


def test_pass_choices_stay_private_until_everyone_has_chosen():
    hand = Hand.deal(Rules.preset("standard", players=4), seed=7)
    before = [hand.cards(s) for s in range(4)]
    hand.pass_cards(0, hand.cards(0)[:3])
    hand.pass_cards(0, hand.cards(0)[-3:])  # a seat may change its mind
    hand.pass_cards(1, hand.cards(1)[:3])
    assert [hand.cards(s) for s in range(4)] == before
    assert hand.received(1) is None and hand.passes is None
    assert hand.pass_choice(0) == before[0][-3:]
    assert hand.waiting_to_pass == (2, 3)
    assert hand.view(2).received() is None
    hand.pass_cards(2, hand.cards(2)[:3])
    hand.pass_cards(3, hand.cards(3)[:3])
    assert hand.received(1) == before[0][-3:]


def test_opening_lead_goes_to_whoever_receives_the_two_of_clubs():
    hand = Hand.deal(Rules.preset("standard", players=4), seed=7)  # seat 1 holds 2♣, passes left
    assert Card.parse("2C") in hand.cards(1)
    hand.pass_cards(0, hand.cards(0)[:3])
    hand.pass_cards(1, ["2C", "AC", "KC"])
    hand.pass_cards(2, hand.cards(2)[:3])
    hand.pass_cards(3, hand.cards(3)[:3])
    assert hand.to_play == hand.leader == 2
    assert hand.legal_moves() == cards("2C")


def bad_pass(hand: Hand, seat: int, chosen, rule: str) -> IllegalPass:
    before = hand_state(hand)
    with pytest.raises(IllegalPass) as info:
        hand.pass_cards(seat, chosen)
    assert info.value.rule == rule
    assert isinstance(info.value, IllegalMove) and isinstance(info.value, ValueError)
    assert hand_state(hand) == before
    return info.value


def test_bad_passes_are_refused_and_change_nothing():
    hand = Hand.deal(Rules.preset("standard", players=4), seed=7)
    hand.pass_cards(3, hand.cards(3)[:3])
    mine = hand.cards(0)
    error = bad_pass(hand, 0, mine[:2], "pass-count")
    assert str(error) == "Seat 0 must pass exactly 3 cards, not 2."
    bad_pass(hand, 0, mine[:4], "pass-count")
    error = bad_pass(hand, 0, [mine[0], mine[1], hand.cards(1)[0]], "not-in-hand")
    assert error.card == hand.cards(1)[0] and "do not hold" in str(error)
    error = bad_pass(hand, 0, [mine[0], mine[0], mine[1]], "repeated-card")
    assert error.card == mine[0] and str(error) == f"Seat 0 cannot pass {mine[0]} 2 times: they hold 1."
    bad_pass(hand, 0, "5C 6C ZZ", "not-a-card")
    bad_pass(hand, 4, mine[:3], "seat")
    assert hand.pass_choice(3) == hand.cards(3)[:3] and hand.waiting_to_pass == (0, 1, 2)


def test_passing_outside_the_pass_phase():
    rules = Rules.preset("standard", players=4)
    hold = Hand.deal(rules, seed=7, hand_number=3)
    error = bad_pass(hold, 0, hold.cards(0)[:3], "pass-phase")
    assert "hold hand" in str(error)
    played = Hand.deal(rules, seed=7)
    for s in range(4):
        played.pass_cards(s, played.cards(s)[:3])
    error = bad_pass(played, 0, played.cards(0)[:3], "pass-phase")
    assert "passing is over" in str(error)


def test_two_packs_may_pass_both_copies_held():
    hand = Hand.deal(Rules.preset("cancellation", players=8), seed=3)
    # Golden deal: seat 0 holds both 5♥, seat 3 both 2♣.
    assert Counter(hand.cards(0))[Card.parse("5H")] == 2
    hand.pass_cards(0, "5H 5H 10H")
    assert hand.pass_choice(0) == cards("5H 5H 10H")
    bad_pass(hand, 1, "6C 6C 9C", "repeated-card")  # seat 1 holds one 6♣
    for s in range(1, 8):
        hand.pass_cards(s, hand.cards(s)[:3])
    assert Counter(hand.cards(1))[Card.parse("5H")] == 2
    assert Counter(hand.cards(0))[Card.parse("5H")] == 0


def test_passing_false_and_pass_count_zero_start_play():
    rules = Rules.preset("standard", players=4)
    assert Hand.from_cards(rules, one_suit_each(), passing=False).phase == "play"
    assert Hand.deal(Rules.preset("standard", players=4, pass_count=0), seed=1).phase == "play"


# -- opening lead ------------------------------------------------------------------------------


OPENING = {
    ("standard", 3): "2C", ("standard", 4): "2C", ("standard", 5): "3C", ("standard", 6): "2C", ("standard", 7): "2C",
    ("lowest-clubs", 2): "2C", ("lowest-clubs", 3): "2C", ("lowest-clubs", 4): "2C", ("lowest-clubs", 5): "4C",
    ("lowest-clubs", 6): "6C",
}


@pytest.mark.parametrize("preset,players", [k for k in ALL_PRESETS if k[0] != "cancellation"])
@pytest.mark.parametrize("seed", [0, 1])
def test_holder_of_lowest_club_must_lead_it(preset, players, seed):
    rules = Rules.preset(preset, players=players)
    opening = Card.parse(OPENING[preset, players])
    hand = Hand.deal(rules, seed=seed, hand_number=0)
    for s in range(players):
        hand.pass_cards(s, hand.cards(s)[-rules.pass_count:])
    assert opening in hand.cards(hand.to_play)
    assert hand.legal_moves() == (opening,)
    other = next(c for c in hand.cards(hand.to_play) if c != opening)
    before = hand_state(hand)
    with pytest.raises(IllegalMove) as info:
        hand.play(other)
    assert info.value.rule == "opening-lead"
    assert f"the holder of {opening} must lead it to the first trick" in str(info.value)
    assert hand_state(hand) == before


def test_five_player_standard_opens_with_three_of_clubs():
    # Ruling (RULES.md §1.3): the lowest club in the deck, 3♣ with five players.
    rules = Rules.preset("standard", players=5)
    hand = Hand.deal(rules, seed=2, hand_number=0)
    for s in range(5):
        hand.pass_cards(s, hand.cards(s)[-3:])
    assert hand.legal_moves() == cards("3C")
    hand.play("3C")
    assert hand.tricks == () and hand.current_trick.plays[0][1] == Card.parse("3C")


def test_any_club_option():
    hand = small_hand("standard", ["2C 5C 9D", "3C 4D 5D", "4C 6D 7D", "8D 2H QS"], opening_lead="any-club")
    assert hand.to_play == 0
    assert hand.legal_moves() == cards("2C 5C")
    with pytest.raises(IllegalMove) as info:
        hand.play("9D")
    assert info.value.rule == "opening-lead"
    hand.play("5C")


@pytest.mark.parametrize("players", range(6, 12))
@pytest.mark.parametrize("dealer", [0, 3])
def test_cancellation_left_of_dealer_leads_no_heart_or_queen(players, dealer):
    rules = Rules.preset("cancellation", players=players)
    hand = Hand.deal(rules, seed=1, hand_number=0, dealer=dealer)
    for s in range(players):
        hand.pass_cards(s, hand.cards(s)[:3])
    leader = (dealer + 1) % players
    assert hand.to_play == hand.leader == leader
    held = hand.cards(leader)
    legal = hand.legal_moves()
    assert set(legal) == {c for c in held if c.suit != "H" and c != QS}
    for bad in {c for c in held if c.suit == "H" or c == QS}:
        with pytest.raises(IllegalMove) as info:
            hand.play(bad)
        assert info.value.rule == "opening-lead"
        assert "may not be led with a heart or Q♠" in str(info.value)


def test_cancellation_opening_leader_with_only_hearts_and_queens_may_lead_any():
    hand = small_hand(
        "cancellation",
        ["2H QS QS", "2C 3C 4C", "5C 6C 7C", "8C 9C 10C", "JC QC KC", "AC 2D 3D"],
        kitty="2H 4D",
        dealer=5,
    )
    assert hand.to_play == 0
    assert hand.legal_moves() == cards("2H QS")
    hand.play("2H")


def test_cancellation_two_of_clubs_does_not_lead():
    hand = small_hand(
        "cancellation", ["3C 4C 4D", "2C 5C 5D", "6C 7C 6D", "8C 9C 7D", "10C JC 8D", "QC KC 9D"], kitty="AC 10D", dealer=1, moon="off"
    )
    assert hand.to_play == 2
    assert hand.legal_moves() == cards("6C 7C 6D")


# -- trick 1 --------------------------------------------------------------------------------------


FIRST_TRICK = ["2C 3C 5D 6D", "QS 2H 3H 4H", "7D 2S 5H QH", "4C 7H 8H 9H"]


def test_first_trick_no_points_on_a_discard():
    hand = small_hand("standard", FIRST_TRICK)
    play(hand, "0:2C")
    # Seat 1 holds nothing but hearts and the Q♠: any card.
    assert hand.legal_moves() == cards("2H 3H 4H QS")
    play(hand, "1:QS")
    # Seat 2 is void in clubs but holds 7♦ and 2♠: no heart.
    assert hand.legal_moves() == cards("7D 2S")
    before = hand_state(hand)
    with pytest.raises(IllegalMove) as info:
        hand.play("QH")
    error = info.value
    assert (error.seat, error.card, error.rule, error.legal) == (2, Card.parse("QH"), "first-trick-points", cards("7D 2S"))
    assert str(error) == "Seat 2 cannot play Q♥: no hearts or Q♠ may be played to the first trick. Legal: 7♦, 2♠."
    assert hand_state(hand) == before
    play(hand, "2:2S 3:4C")
    assert hand.tricks[0].winner == 3
    assert hand.points() == (0, 0, 0, 13)


def test_first_trick_exception_full_deck():
    # Standard, 4 players: seat 1 holds the Q♠ and twelve hearts, void in clubs.
    hearts = [str(Card(r, "H")) for r in range(2, 14)]
    seats = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        " ".join(["QS", *hearts]),
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "AH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
    ]
    hand = Hand.from_cards(Rules.preset("standard", players=4), seats, passing=False)
    play(hand, "0:2C")
    assert len(hand.legal_moves()) == 13
    play(hand, "1:KH 2:AD")
    assert Card.parse("AH") not in hand.legal_moves() and len(hand.legal_moves()) == 12
    play(hand, "3:AS")
    assert hand.points() == (1, 0, 0, 0)


def test_first_trick_points_allowed_in_cancellation():
    hand = small_hand(
        "cancellation", ["2C 3C 4D", "QS 5D 6D", "2H 7D 8D", "4C 9D 10D", "5C JD QD", "6C KD AD"], kitty="7C 8C", dealer=5
    )
    play(hand, "0:2C")
    assert hand.legal_moves() == cards("5D 6D QS")
    play(hand, "1:QS")
    assert hand.legal_moves() == cards("7D 8D 2H")
    play(hand, "2:2H 3:4C 4:5C 5:6C")
    assert hand.tricks[0].winner == 5
    assert hand.points() == (0, 0, 0, 0, 0, 14)


def test_first_trick_points_option():
    hand = small_hand("standard", FIRST_TRICK, first_trick_points=True)
    play(hand, "0:2C 1:QS")
    assert hand.legal_moves() == cards("7D 2S 5H QH")


# -- leading, the Q♠ and breaking hearts --------------------------------------------------------------

QUEEN_LEAD = ["2C 3S 2H 5D", "AC QS 3H 4D", "3C KS 4H 8D", "4C 2S 5H 9D"]


def test_queen_of_spades_may_be_led_before_hearts_are_broken():
    hand = small_hand("standard", QUEEN_LEAD)
    play(hand, "0:2C 1:AC 2:3C 3:4C")
    assert not hand.hearts_broken
    assert hand.to_play == 1 and hand.legal_moves() == cards("4D QS")
    before = hand_state(hand)
    with pytest.raises(IllegalMove) as info:
        hand.play("3H")
    assert info.value.rule == "hearts-not-broken"
    assert str(info.value) == "Seat 1 cannot play 3♥: hearts are not broken, so a heart may not be led. Legal: 4♦, Q♠."
    assert hand_state(hand) == before
    play(hand, "1:QS")
    assert hand.legal_moves() == cards("KS")  # following suit
    play(hand, "2:KS 3:2S 0:3S")
    assert hand.tricks[1].winner == 2


def test_standard_queen_of_spades_breaks_hearts():
    hand = small_hand("standard", QUEEN_LEAD)
    play(hand, "0:2C 1:AC 2:3C 3:4C 1:QS 2:KS 3:2S 0:3S")
    assert hand.hearts_broken
    assert hand.to_play == 2 and hand.legal_moves() == cards("8D 4H")
    play(hand, "2:4H")


def test_lowest_clubs_queen_of_spades_does_not_break_hearts():
    hand = small_hand("lowest-clubs", QUEEN_LEAD)
    play(hand, "0:2C 1:AC 2:3C 3:4C")
    assert hand.legal_moves() == cards("4D QS")  # Q♠ may be led any time after trick 1
    play(hand, "1:QS 2:KS 3:2S 0:3S")
    assert not hand.hearts_broken
    assert hand.to_play == 2 and hand.legal_moves() == cards("8D")
    play(hand, "2:8D 3:9D 0:5D 1:4D")
    # Seat 3 holds nothing but a heart: it may lead it.
    assert hand.legal_moves() == cards("5H")


def test_lowest_clubs_heart_discard_breaks_hearts():
    hand = small_hand("lowest-clubs", ["2C 3S 2H 5D", "AC QS 3H 4D", "3C KS 4H 8D", "4C 5H 9D 10D"])
    play(hand, "0:2C 1:AC 2:3C 3:4C 1:QS 2:KS")
    assert hand.legal_moves() == cards("9D 10D 5H")  # void in spades: any card after trick 1
    play(hand, "3:5H 0:3S")
    assert hand.hearts_broken
    assert hand.legal_moves() == cards("8D 4H")


def test_hearts_broken_by_a_heart_discard_in_standard():
    hand = small_hand("standard", ["2C 3S 2H 5D", "AC 4S 3H 4D", "3C KS 4H 8D", "4C 5H 9D 10D"])
    play(hand, "0:2C 1:AC 2:3C 3:4C")
    assert hand.legal_moves() == cards("4D 4S")
    play(hand, "1:4S 2:KS 3:5H")
    assert not hand.hearts_broken  # a heart in the current trick counts only once the trick is over
    play(hand, "0:3S")
    assert hand.hearts_broken and hand.legal_moves() == cards("8D 4H")


def test_leader_holding_only_hearts_and_queen_may_lead_any():
    hand = small_hand("standard", ["2C 5D 6D 7D", "AC QS 3H 4H", "3C 8D 9D 10D", "4C JD QD KD"])
    play(hand, "0:2C 1:AC 2:3C 3:4C")
    assert not hand.hearts_broken
    assert hand.legal_moves() == cards("3H 4H QS")
    play(hand, "1:3H")
    assert hand.legal_moves() == cards("8D 9D 10D")


def test_hearts_broken_by_nothing_option():
    hand = small_hand("standard", ["2C 5D 6D 7D", "AC 2H 3H 4D", "3C 8D 9D 10D", "4C JD QD KD"], hearts_broken_by="nothing")
    assert hand.hearts_broken
    play(hand, "0:2C 1:AC 2:3C 3:4C")
    assert hand.legal_moves() == cards("4D 2H 3H")


def test_following_suit():
    hand = small_hand("standard", ["2C 3C 5D 6D", "AC 7D 2H 3H", "4C 8D 9D 10D", "5C JD QD QS"])
    play(hand, "0:2C 1:AC 2:4C 3:5C 1:7D")
    assert hand.legal_moves() == cards("8D 9D 10D")
    before = hand_state(hand)
    with pytest.raises(IllegalMove) as info:
        hand.play("4C")
    assert info.value.rule == "not-in-hand"
    with pytest.raises(IllegalMove) as info:
        hand.play("AC")
    assert info.value.rule == "not-in-hand" and "they do not hold it" in str(info.value)
    assert hand_state(hand) == before
    play(hand, "2:10D 3:QD 0:5D")
    assert hand.tricks[1].winner == 3
    # Seat 3 leads Q♠; seat 0 holds 3♣ 6♦ — no spade — so may discard anything.
    play(hand, "3:QS")
    assert hand.legal_moves() == cards("3C 6D")


# -- IllegalMove messages ----------------------------------------------------------------------------

MESSAGE = re.compile(r"^Seat \d+ cannot play \S+: [^.]+\. Legal: (\S+, )*\S+\.$")


def test_illegal_move_fields_and_one_sentence_message():
    hand = small_hand("standard", ["2C 3C 5D 6D", "AC 7D 2H 3H", "4C 8D 9D 10D", "5C JD QD QS"])
    play(hand, "0:2C")
    with pytest.raises(IllegalMove) as info:
        hand.play("7D")
    error = info.value
    assert isinstance(error, ValueError)
    assert error.seat == 1 and error.card == Card.parse("7D") and error.rule == "follow-suit"
    assert error.legal == cards("AC") == hand.legal_moves()
    assert str(error) == "Seat 1 cannot play 7♦: they hold a club and must follow suit. Legal: A♣."
    assert error.to_you == "You cannot play 7♦: you hold a club and must follow suit. Legal: A♣."  # said to seat 1
    assert MESSAGE.match(str(error))


def test_play_accepts_text_and_rejects_non_cards():
    hand = small_hand("standard", ["2C 3C 5D 6D", "AC 7D 2H 3H", "4C 8D 9D 10D", "5C JD QD QS"])
    with pytest.raises(IllegalMove) as info:
        hand.play("1C")
    assert info.value.rule == "not-a-card" and info.value.legal == cards("2C")
    hand.play("2c")
    hand.play(Card.parse("AC"))
    assert hand.history == cards("2C AC")


def test_no_play_before_the_pass_or_after_the_end():
    hand = Hand.deal(Rules.preset("standard", players=4), seed=7)
    assert hand.legal_moves() == ()
    with pytest.raises(IllegalMove) as info:
        hand.play("2C")
    assert info.value.rule == "phase" and "have not been passed" in str(info.value)
    done = Hand.from_cards(Rules.preset("standard", players=4), one_suit_each(), passing=False)
    finish_lowest(done)
    assert done.phase == "over" and done.to_play is None and done.legal_moves() == ()
    with pytest.raises(IllegalMove) as info:
        done.play("2C")
    assert info.value.rule == "phase" and "the hand is over" in str(info.value)


# -- winning tricks, turn order, points and the moon ------------------------------------------------------


def test_highest_card_of_the_led_suit_wins_and_leads_next():
    rules = Rules.preset("standard", players=4)
    assert trick_winner(rules, [(2, "5C"), (3, "KC"), (0, "AD"), (1, "2C")]) == 3
    assert trick_winner(rules, [(1, "2H"), (2, "AS"), (3, "3H"), (0, "KD")]) == 3
    result = resolve_trick(rules, [(1, "2H"), (2, "AS"), (3, "3H"), (0, "KD")])
    assert result.winning_card == Card.parse("3H") and result.reason == "3♥ wins: the highest heart."
    assert resolve_trick(rules, [(0, "2H")]).reason == "2♥ wins: the only card."
    # Standard never cancels, even with two identical cards (a house two-pack deck).
    two = Rules(players=4, decks=2, pass_schedule=(1,))
    assert trick_winner(two, [(0, "9S"), (1, "9S"), (2, "2S"), (3, "3S")]) == 0


def test_turn_order_is_clockwise_from_the_leader():
    hand = small_hand("standard", ["3C 5D 6D 7D", "AC 2H 3H 4D", "4C 8D 9D 10D", "2C JD QD KD"])
    assert hand.to_play == 3
    play(hand, "3:2C 0:3C 1:AC 2:4C")
    assert [s for s, _ in hand.tricks[0].plays] == [3, 0, 1, 2]
    assert hand.leader == hand.to_play == 1


def test_one_suit_each_deal_shoots_the_moon():
    rules = Rules.preset("standard", players=4)
    hand = Hand.from_cards(rules, one_suit_each(), passing=False)
    finish_lowest(hand)
    assert [t.winner for t in hand.tricks] == [0] * 13
    assert hand.points() == (26, 0, 0, 0)
    assert hand.moon_shooter == 0
    assert Counter(hand.collected(0)) == Counter(rules.deck())
    # The hearts seat held nothing but hearts: it discarded one on trick 1.
    assert hand.tricks[0].card_of(2).suit == "H"


def test_moon_needs_every_heart_and_the_queen():
    rules = Rules.preset("standard", players=4)
    seats = one_suit_each()
    # Swap 2♥ with 2♦: seat 1 now holds a heart, which it will discard to seat 0 - still a moon.
    swapped = [seats[0], seats[1].replace("2♦", "2♥"), seats[2].replace("2♥", "2♦"), seats[3]]
    hand = Hand.from_cards(rules, swapped, passing=False)
    finish_lowest(hand)
    assert hand.moon_shooter == 0
    # Without a moon: the Q♠ and the hearts end with different seats.
    hand = small_hand("standard", ["2C KS 2H", "AC QS 4D", "3C 5D 3H", "4C 6D 4H"])
    play(hand, "0:2C 1:AC 2:3C 3:4C 1:QS 2:5D 3:6D 0:KS 0:2H 1:4D 2:3H 3:4H")
    assert hand.points() == (13, 0, 0, 3) and hand.moon_shooter is None


def test_moon_off_has_no_shooter_and_points_count():
    rules = Rules.preset("standard", players=4, moon="off")
    hand = Hand.from_cards(rules, one_suit_each(), passing=False)
    finish_lowest(hand)
    assert hand.moon_shooter is None and hand.points() == (26, 0, 0, 0)


def test_moon_cards_all_points_option():
    # Omnibus: the J♦ is worth -10. With moon_cards="all-points" it is not needed for the moon.
    base = Rules.preset("standard", players=4, card_points="omnibus")
    assert Card.parse("JD") not in Rules.preset("standard", players=4, card_points="omnibus", moon_cards="all-points").moon_card_set
    hand = Hand.from_cards(base, one_suit_each(), passing=False)
    finish_lowest(hand)
    assert hand.points() == (16, 0, 0, 0) and hand.moon_shooter == 0


@pytest.mark.parametrize("preset,players", ALL_PRESETS)
def test_points_total_26_or_52(preset, players):
    rules = Rules.preset(preset, players=players)
    hand = Hand.deal(rules, seed=4, hand_number=0)
    for s in range(players):
        hand.pass_cards(s, hand.cards(s)[:rules.pass_count])
    finish_lowest(hand)
    unclaimed = sum(rules.points_of(c) for c in hand.unclaimed)
    assert sum(hand.points()) + unclaimed == (26 if rules.decks == 1 else 52)
    assert len(hand.tricks) == rules.hand_size


# -- cancellation ------------------------------------------------------------------------------------------


def test_rulebook_example_both_pairs_cancel_trick_set_aside():
    # RULES.md §3.7, four cards for brevity: 10♠ led, 9♥, 9♥, 10♠.
    rules = Rules.preset("cancellation", players=6)
    result = resolve_trick(rules, [(0, "10S"), (1, "9H"), (2, "9H"), (3, "10S")])
    assert result.winner is None and result.winning_card is None
    assert set(result.cancelled) == set(cards("10S 9H"))
    assert result.reason == "Set aside: both 10♠ cancel, both 9♥ cancel, and no other spade was played."


def test_led_card_cancelled_lower_spade_wins():
    rules = Rules.preset("cancellation", players=6)
    plays = [(0, "KS"), (1, "3S"), (2, "KS"), (3, "AH"), (4, "2S"), (5, "AD")]
    result = resolve_trick(rules, plays)
    assert result.winner == 1 and result.winning_card == Card.parse("3S")
    assert result.reason == "3♠ wins: both K♠ cancel."


def test_off_suit_uncancelled_cards_never_win():
    rules = Rules.preset("cancellation", players=6)
    plays = [(0, "5D"), (1, "AS"), (2, "5D"), (3, "KH"), (4, "QS"), (5, "2C")]
    assert trick_winner(rules, plays) is None
    assert resolve_trick(rules, plays).reason == "Set aside: both 5♦ cancel, and no other diamond was played."


def test_highest_uncancelled_card_wins_over_a_cancelled_higher_pair():
    rules = Rules.preset("cancellation", players=7)
    plays = [(3, "4C"), (4, "AC"), (5, "AC"), (6, "KC"), (0, "KC"), (1, "7C"), (2, "2C")]
    assert trick_winner(rules, plays) == 1


# A six-player deal of three cards each (kitty 2):
#   trick 1: 10♠ 9♥ 9♥ 10♠ 2♣ 3♦ -> set aside (the rulebook's example)
#   trick 2: 5♣ 5♣ 4♥ 7♥ Q♥ 6♥ -> set aside again; the pile grows
#   trick 3: A♦ K♦ 2♦ 3♦ 4♦ 5♦ -> seat 0 collects all three tricks and the kitty
CANCEL_RUN = ["10S 5C AD", "9H 5C KD", "9H 4H 2D", "10S 7H 3D", "2C QH 4D", "3D 6H 5D"]
CANCEL_KITTY = "8H JS"


def cancel_run(**changes) -> Hand:
    return small_hand("cancellation", CANCEL_RUN, kitty=CANCEL_KITTY, dealer=5, **changes)


def test_set_aside_tricks_accumulate_and_the_next_winner_collects_them():
    hand = cancel_run()
    assert hand.to_play == 0
    play(hand, "0:10S 1:9H 2:9H 3:10S 4:2C 5:3D")
    first = hand.tricks[0]
    assert first.winner is None and first.set_aside and first.collected == ()
    assert "no other spade" in first.reason
    # Kitty travels with trick 1 into the pending pile.
    assert Counter(hand.pending) == Counter(cards("10S 9H 9H 10S 2C 3D") + cards(CANCEL_KITTY))
    assert hand.kitty_holder is None
    # Set-aside tricks break hearts; the same player leads again.
    assert hand.hearts_broken
    assert hand.to_play == hand.leader == 0
    play(hand, "0:5C 1:5C 2:4H 3:7H 4:QH 5:6H")
    assert hand.tricks[1].winner is None
    assert len(hand.pending) == 14
    assert hand.to_play == 0
    assert hand.points() == (0,) * 6
    play(hand, "0:AD 1:KD 2:2D 3:3D 4:4D 5:5D")
    last = hand.tricks[2]
    assert last.winner == 0 and len(last.collected) == 20
    assert hand.pending == () and hand.unclaimed == ()
    assert hand.kitty_holder == 0
    assert Counter(hand.collected(0)) == Counter(hand.rules.deck())
    assert hand.points() == (7, 0, 0, 0, 0, 0)
    assert hand.phase == "over"
    assert hand.moon_shooter == 0


def test_kitty_to_last_trick_option():
    hand = cancel_run(kitty_to="last-trick")
    play(hand, "0:10S 1:9H 2:9H 3:10S 4:2C 5:3D")
    assert len(hand.pending) == 6  # no kitty in the pile
    play(hand, "0:5C 1:5C 2:4H 3:7H 4:QH 5:6H 0:AD 1:KD 2:2D 3:3D 4:4D 5:5D")
    assert hand.kitty_holder == 0 and hand.points()[0] == 7


# Six players, two cards each, kitty 2♥ 3♥:
#   trick 1: seat 0 wins A♣ with the Q♠ and 8♥ on it, and the kitty
#   trick 2 (the last): 10♠ 9♥ 9♥ 10♠ 5♦ 6♦ -> set aside
LAST_ASIDE = ["AC 10S", "2C 9H", "3C 9H", "4C 10S", "QS 5D", "8H 6D"]
LAST_ASIDE_PLAYS = "0:AC 1:2C 2:3C 3:4C 4:QS 5:8H 0:10S 1:9H 2:9H 3:10S 4:5D 5:6D"


def test_last_trick_set_aside_is_unclaimed_and_blocks_the_moon():
    hand = small_hand("cancellation", LAST_ASIDE, kitty="2H 3H", dealer=5)
    play(hand, LAST_ASIDE_PLAYS)
    assert hand.phase == "over"
    assert hand.tricks[1].winner is None and hand.tricks[1].collected == ()
    assert hand.kitty_holder == 0
    assert Counter(hand.unclaimed) == Counter(cards("10S 9H 9H 10S 5D 6D"))
    assert hand.points() == (16, 0, 0, 0, 0, 0)
    assert hand.rules.total_points == 18
    assert sum(hand.points()) == hand.rules.total_points - sum(hand.rules.points_of(c) for c in hand.unclaimed)
    # Seat 0 took every point that was claimed, but two hearts went unclaimed: no moon.
    assert hand.moon_shooter is None
    collected = Counter(c for s in range(6) for c in hand.collected(s))
    assert collected + Counter(hand.unclaimed) == Counter(hand.rules.deck())


def test_last_trick_set_aside_to_leader_option():
    hand = small_hand("cancellation", LAST_ASIDE, kitty="2H 3H", dealer=5, last_trick_set_aside="leader")
    play(hand, LAST_ASIDE_PLAYS)
    assert hand.tricks[1].winner is None and len(hand.tricks[1].collected) == 6
    assert hand.unclaimed == ()
    assert hand.points() == (18, 0, 0, 0, 0, 0)
    assert hand.moon_shooter == 0


def test_kitty_to_last_trick_set_aside_goes_unclaimed():
    hand = small_hand("cancellation", LAST_ASIDE, kitty="2H 3H", dealer=5, kitty_to="last-trick")
    play(hand, LAST_ASIDE_PLAYS)
    assert hand.kitty_holder is None
    assert Counter(hand.unclaimed) == Counter(cards("10S 9H 9H 10S 5D 6D 2H 3H"))
    assert hand.points() == (14, 0, 0, 0, 0, 0)


# Kitty 8♥ Q♠ collected with trick 1 does not break hearts; trick 3 all hearts.
KITTY = ["AC 2D 2H", "2C KD 3H", "3C 3D 4H", "4C 4D 5H", "5C 5D 6H", "6C 6D 7H"]
KITTY_PLAYS = "0:AC 1:2C 2:3C 3:4C 4:5C 5:6C 0:2D 1:KD 2:3D 3:4D 4:5D 5:6D 1:3H 2:4H 3:5H 4:6H 5:7H 0:2H"


def test_kitty_never_breaks_hearts():
    hand = small_hand("cancellation", KITTY, kitty="QS 8H", dealer=5)
    play(hand, "0:AC 1:2C 2:3C 3:4C 4:5C 5:6C")
    assert hand.kitty_holder == 0 and hand.points()[0] == 14
    assert not hand.hearts_broken
    assert hand.legal_moves() == cards("2D")
    play(hand, KITTY_PLAYS.split(" ", 6)[6])
    assert hand.points() == (14, 0, 0, 0, 0, 6)
    assert hand.moon_shooter is None


def test_kitty_to_last_trick_goes_to_the_last_winner():
    hand = small_hand("cancellation", KITTY, kitty="QS 8H", dealer=5, kitty_to="last-trick")
    play(hand, KITTY_PLAYS)
    assert hand.kitty_holder == 5
    assert hand.points() == (0, 0, 0, 0, 0, 20)
    assert hand.moon_shooter == 5


def test_pending_pile_with_kitty_collected_later_makes_that_seat_kitty_holder():
    hand = small_hand("cancellation", ["10S 2D", "9H 3D", "9H 4D", "10S 5D", "2C AD", "3D 6D"], kitty="8H JS", dealer=5)
    play(hand, "0:10S 1:9H 2:9H 3:10S 4:2C 5:3D")
    assert hand.kitty_holder is None and hand.to_play == 0
    play(hand, "0:2D 1:3D 2:4D 3:5D 4:AD 5:6D")
    assert hand.kitty_holder == 4
    assert hand.points() == (0, 0, 0, 0, 3, 0)


def test_three_identical_cards_cannot_be_dealt_in_two_packs():
    rules = Rules.preset("cancellation", players=6)
    assert max(Counter(rules.deck()).values()) == 2


def test_first_lead_points_option_leaves_only_the_hearts_rule():
    # Cancellation with first_lead_points: the Q♠ may open trick 1, a heart still needs broken hearts.
    hand = small_hand(
        "cancellation",
        ["2H QS 3D", "2C 3C 4C", "5C 6C 7C", "8C 9C 10C", "JC QC KC", "AC 2D 4D"],
        kitty="5D 6D",
        dealer=5,
        first_lead_points=True,
    )
    assert hand.legal_moves() == cards("3D QS")
    with pytest.raises(IllegalMove) as info:
        hand.play("2H")
    assert info.value.rule == "hearts-not-broken"
    assert str(info.value) == "Seat 0 cannot play 2♥: hearts are not broken, so a heart may not be led. Legal: 3♦, Q♠."
    hand.play("QS")


def test_cancellation_queen_of_spades_may_be_led_after_trick_1():
    hand = small_hand(
        "cancellation",
        ["AC QS 2H 10D", "2C 3D 3H 8S", "3C 4D 4H 9S", "4C 5D 5H 10S", "5C 6D 6H JS", "6C 7D 7H KS"],
        kitty="8D 9D",
        dealer=5,
    )
    assert hand.legal_moves() == cards("AC 10D")  # trick 1: no heart or Q♠ lead
    play(hand, "0:AC 1:2C 2:3C 3:4C 4:5C 5:6C")
    assert not hand.hearts_broken
    assert hand.legal_moves() == cards("10D QS")
    play(hand, "0:QS 1:8S 2:9S 3:10S 4:JS 5:KS")
    assert hand.hearts_broken and hand.points() == (0, 0, 0, 0, 0, 13)


@pytest.mark.parametrize("preset,players", [("standard", 4), ("lowest-clubs", 3), ("cancellation", 8)])
def test_a_pass_of_cards_and_the_same_pass_as_text_make_the_same_hand(preset, players):
    """pass_cards takes a list of Cards the seat holds on a short path (one pack) and text on the
    checked one: the same choice makes the same hand, and a Card the seat lacks is refused by either."""
    rules = Rules.preset(preset, players=players)
    as_cards, as_text = Hand.deal(rules, seed=5, hand_number=0), Hand.deal(rules, seed=5, hand_number=0)
    for seat in range(players):
        chosen = list(as_cards.cards(seat)[1 : 1 + rules.pass_count])
        as_cards.pass_cards(seat, chosen)
        as_text.pass_cards(seat, " ".join(c.ascii for c in chosen))
    assert as_cards.to_json() == as_text.to_json() and as_cards.phase == "play"
    fresh = Hand.deal(rules, seed=5, hand_number=0)
    other = next(c for c in fresh.cards(1) if c not in fresh.cards(0))
    with pytest.raises(IllegalPass, match="do not hold"):
        fresh.pass_cards(0, [other, *fresh.cards(0)[: rules.pass_count - 1]])
    assert fresh.pass_choice(0) is None


def test_a_hand_keeps_its_state_in_slots_and_copies_all_of_it():
    """A Hand keeps its state in __slots__ (the hot path's attribute loads and stores are slot accesses,
    and a new hand allocates no dict; CPython 3.11 keeps a dict-based object's attributes inline only
    while its class has at most 29 names). copy() and undo() carry every slot over."""
    assert not hasattr(Hand.deal(Rules.preset("standard", players=4)), "__dict__")
    rules = Rules.preset("cancellation", players=7)
    for hand in (Hand.deal(rules, seed=1, hand_number=0), Hand.deal(Rules.preset("standard", players=4), seed=1, hand_number=3)):
        while hand.phase == "pass":
            for seat in range(hand.players):
                hand.pass_cards(seat, hand.cards(seat)[: hand.rules.pass_count])
        while len(hand.history) < 9:
            hand.play(hand.legal_moves()[0])
        hand.dealt(0), hand.tricks, hand.passes  # every lazily made attribute
        twin = hand.copy()
        assert all(hasattr(twin, name) for name in Hand.__slots__)
        hand.play(hand.legal_moves()[0])
        hand.undo()
        assert hand.to_json() == twin.to_json() and hand.legal_moves() == twin.legal_moves()
