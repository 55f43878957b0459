"""What a seat knows, and the worlds sampled from it: legal, consistent with the view, repeatable."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hearts_lab import Card, Hand, Rules
from hearts_lab.bots import HeuristicBot, RandomBot, knowledge, play_hand, sample_worlds, world_consistent
from hearts_lab.rules import PRESET_PLAYERS


def _cases():
    for preset, players in PRESET_PLAYERS.items():
        for n in players:
            yield preset, n


@pytest.mark.parametrize("preset,players", list(_cases()))
def test_sampled_worlds_are_legal_and_consistent_at_every_turn(preset, players):
    rules = Rules.preset(preset, players=players)
    hand = Hand.deal(rules, seed=f"{preset}{players}", hand_number=1)
    bots = [RandomBot(seed=s) for s in range(players)]
    rng = random.Random(players)
    checked = 0
    # the pass phase, then every few plays until the end
    views = [hand.view(s) for s in range(players)] if hand.phase == "pass" else []
    for view in views:
        for world in sample_worlds(view, 2, rng):
            assert world.phase == "pass" and world_consistent(view, world)
            checked += 1
    for seat in list(hand.waiting_to_pass):
        hand.pass_cards(seat, bots[seat].choose_pass(hand.view(seat)))
    step = 0
    while hand.phase == "play":
        if step % 3 == 0:
            view = hand.view(hand.to_play)
            for world in sample_worlds(view, 2, rng):
                assert world_consistent(view, world)
                assert world.legal_moves() == view.legal_moves()  # the engine agrees on what is legal
                assert Counter(c for s in range(players) for c in world.cards(s)) + Counter(world.kitty) + Counter(
                    world.history
                ) == Counter(rules.deck())
                checked += 1
        hand.play(bots[hand.to_play].choose_play(hand.view(hand.to_play)))
        step += 1
    assert checked > 0


def test_not_following_suit_shows_a_void_and_worlds_respect_it():
    rules = Rules.preset("standard", players=4)
    for seed in range(40):
        hand = Hand.deal(rules, seed=seed, hand_number=3)
        bots = [HeuristicBot(seed=s) for s in range(4)]
        while hand.phase == "play" and not any(
            c.suit != t.plays[0][1].suit for t in hand.tricks for _, c in t.plays
        ):
            hand.play(bots[hand.to_play].choose_play(hand.view(hand.to_play)))
        if hand.phase != "play":
            continue
        trick = next(t for t in hand.tricks if any(c.suit != t.plays[0][1].suit for _, c in t.plays))
        led = trick.plays[0][1].suit
        shower = next(s for s, c in trick.plays if c.suit != led)
        observer = hand.to_play if hand.to_play != shower else (shower + 1) % 4
        info = knowledge(hand.view(observer))
        assert led in info.voids[shower]
        for world in sample_worlds(hand.view(observer), 20, seed):
            assert not any(c.suit == led for c in world.cards(shower))
        return
    pytest.fail("no hand showed a void")


def test_a_heart_on_trick_one_shows_a_hand_of_nothing_but_hearts_and_queen():
    rules = Rules.preset("standard", players=4)
    clubs = [Card.parse(c) for c in ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]]
    hearts = [Card.parse(c) for c in ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"]]
    rest = [c for c in rules.deck() if c not in clubs and c not in hearts]
    # seat 1 holds every heart: on trick 1 it must shed one, so it holds nothing else
    hand = Hand.from_cards(rules, [clubs, hearts, rest[:13], rest[13:]], passing=False)
    hand.play("2C")
    hand.play("2H")
    info = knowledge(hand.view(2))
    assert 1 in info.only_points and "C" in info.voids[1]
    assert not info.can_hold(1, Card.parse("KD"))
    assert not info.can_hold(1, Card.parse("AS")) and info.can_hold(1, Card.parse("QS"))
    for world in sample_worlds(hand.view(2), 5, 1):
        assert all(c.suit == "H" or c == Card.parse("QS") for c in world.cards(1))


def test_passed_cards_are_pinned_to_their_receiver():
    rules = Rules.preset("standard", players=4)
    hand = Hand.deal(rules, seed=8, hand_number=0)  # pass left
    for seat in range(4):
        hand.pass_cards(seat, hand.cards(seat)[-3:])
    passed = hand.passes[2]
    for world in sample_worlds(hand.view(2), 10, 3):
        assert set(passed) <= set(world.cards(3))


def test_sampling_is_repeatable_under_a_seed():
    rules = Rules.preset("cancellation", players=9)
    hand = Hand.deal(rules, seed=2, hand_number=0)
    play_hand(hand, [HeuristicBot(seed=s) for s in range(9)])
    early = Hand.from_json(hand.to_json()).at(30)
    one = [w.to_json() for w in sample_worlds(early.view(early.to_play), 3, 77)]
    two = [w.to_json() for w in sample_worlds(early.view(early.to_play), 3, 77)]
    other = [w.to_json() for w in sample_worlds(early.view(early.to_play), 3, 78)]
    assert one == two and one != other


def test_bad_world_count_is_refused():
    hand = Hand.deal(Rules.preset("standard", players=4), seed=1)
    with pytest.raises(ValueError, match="k: expected a whole number"):
        sample_worlds(hand.view(0), -1, 1)
