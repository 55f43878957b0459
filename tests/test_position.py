"""Hand.copy (cheap, independent) and Hand.from_position (a hand from the middle of its play)."""

from __future__ import annotations

import random

import pytest

from hearts_lab import Hand, Rules, RulesError
from hearts_lab.rules import PRESET_PLAYERS

TABLES = [(name, players) for name, seats in PRESET_PLAYERS.items() for players in seats]
# Rule options that change the kitty, the pile and the opening, on top of the presets.
VARIANTS = [
    {},
    {"kitty_to": "last-trick"},
    {"last_trick_set_aside": "leader", "opening_lead": "any-club"},
    {"opening_lead": "left-of-dealer", "first_lead_points": False, "hearts_broken_by": "nothing"},
]


def _rules(name: str, players: int, variant: dict) -> Rules:
    try:
        return Rules.preset(name, players=players, **variant)
    except RulesError:
        return Rules.preset(name, players=players)


def _played(hand: Hand) -> list:
    return [p for t in hand.tricks for p in t.plays] + list(hand.current_trick.plays)


def _state(hand: Hand) -> tuple:
    n = hand.players
    return (
        hand.phase, hand.to_play, hand.leader, hand.legality, hand.history, hand.tricks, hand.current_trick,
        hand.pending, hand.unclaimed, hand.kitty_holder, hand.hearts_broken, hand.points(), hand.moon_shooter,
        hand.opening_card, tuple(hand.cards(s) for s in range(n)), tuple(hand.collected(s) for s in range(n)),
    )


def _random_hand(rules: Rules, seed: int, hand_number: int) -> tuple[Hand, random.Random]:
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed=seed, hand_number=hand_number, dealer=seed % rules.players)
    if hand.phase == "pass":
        for seat in range(rules.players):
            hand.pass_cards(seat, rng.sample(hand.cards(seat), rules.pass_count))
    return hand, rng


@pytest.mark.parametrize("name,players", TABLES)
def test_from_position_is_the_same_hand_at_every_point(name, players):
    for v, variant in enumerate(VARIANTS):
        rules = _rules(name, players, variant)
        hand, rng = _random_hand(rules, seed=players * 10 + v, hand_number=v)
        stops = set(rng.sample(range(len(rules.deck()) - rules.kitty_size + 1), 6)) | {0}
        while True:
            if len(hand.history) in stops or hand.phase == "over":
                cards = [hand.cards(s) for s in range(players)]
                for passes in (None, hand.passes):
                    same = Hand.from_position(
                        rules, cards, _played(hand), hand.kitty, passes=passes, hand_number=hand.hand_number, dealer=hand.dealer
                    )
                    assert _state(same) == _state(hand)
                    if passes is not None:
                        assert same.passes == hand.passes and same.dealt(0) == hand.dealt(0)
                    # and it plays on exactly as the original does
                    a, b = hand.copy(), same
                    while a.phase == "play":
                        card = rng.choice(a.legal_moves())
                        a.play(card)
                        b.play(card)
                    assert _state(a) == _state(b)
            if hand.phase == "over":
                break
            hand.play(rng.choice(hand.legal_moves()))


def test_from_position_refuses_an_impossible_position_and_names_the_field():
    rules = Rules.preset("standard", players=4)
    hand = Hand.deal(rules, seed=5, hand_number=3)
    first = hand.legal_moves()[0]
    seat = hand.to_play
    hand.play(first)
    cards = [hand.cards(s) for s in range(4)]
    with pytest.raises(RulesError, match="hands: seat") as error:
        Hand.from_position(rules, cards, [], hand_number=3)  # the 2♣ is missing
    assert error.value.field == "hands"
    skip = (seat + 2) % 4  # plays out of turn
    early = [list(c) for c in cards]
    card = early[skip].pop()
    with pytest.raises(RulesError, match=r"plays\[1\].*turn") as error:
        Hand.from_position(rules, early, [(seat, first), (skip, card)], hand_number=3)
    assert error.value.field == "plays"
    wrong = [list(c) for c in cards]
    other = next(c for c in wrong[seat] if c != first)
    wrong[seat].remove(other)
    wrong[seat].append(first)
    with pytest.raises(RulesError, match="plays"):
        Hand.from_position(rules, wrong, [(seat, other)], hand_number=3)  # leads something else than 2♣
    with pytest.raises(RulesError, match="passes"):
        Hand.from_position(rules, cards, [(seat, first)], passes=[[], [], [], []], hand_number=3)


def test_copy_shares_no_mutable_state_and_plays_on_like_a_replay():
    for name, players in [("standard", 4), ("cancellation", 7), ("lowest-clubs", 2)]:
        rules = Rules.preset(name, players=players)
        hand, rng = _random_hand(rules, seed=players, hand_number=0)
        for _ in range(len(hand.cards(0)) * players // 2):
            hand.play(rng.choice(hand.legal_moves()))
        _ = hand.tricks  # fill the trick cache
        copy = hand.copy()
        seen = set()

        def containers(value):
            if isinstance(value, (list, dict, set)):
                yield id(value)
                for v in (value.values() if isinstance(value, dict) else value):
                    yield from containers(v)

        for name in Hand.__slots__:  # a hand's whole state
            seen.update(containers(getattr(hand, name)))
        for name in Hand.__slots__:
            assert not seen & set(containers(getattr(copy, name))), name
        replay = hand.at(len(hand.history))
        before = _state(hand)
        while copy.phase == "play":
            card = rng.choice(copy.legal_moves())
            copy.play(card)
            replay.play(card)
        assert _state(copy) == _state(replay) and copy.to_json() == replay.to_json()
        assert _state(hand) == before


def test_the_solver_refuses_a_rule_field_it_does_not_know():
    import dataclasses

    from hearts_lab.solve import best_moves

    @dataclasses.dataclass(frozen=True)
    class JokerRules(Rules):
        jokers: int = 0

    plain = JokerRules(players=4, name="jokers", pass_count=0)
    hand = Hand.deal(plain, seed=1)
    while len(hand.cards(0)) > 2:
        hand.play(hand.legal_moves()[0])
    assert best_moves(hand).complete  # the default value is the rules the solver searches
    wild = dataclasses.replace(plain, jokers=2)
    hand = Hand.deal(wild, seed=1)
    with pytest.raises(RulesError, match="^jokers: the solver does not implement") as error:
        best_moves(hand)
    assert error.value.field == "jokers"
