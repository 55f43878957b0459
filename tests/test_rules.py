"""Rules as data: every preset's deck, deal, pass schedule and opening card (RULES.md §1-3),
and a RulesError naming the field for every invalid value."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from hearts_lab import Card, Rules, RulesError, parse_cards
from hearts_lab.cards import QUEEN_OF_SPADES, full_pack
from hearts_lab.rules import CARD_VALUES, PRESET_PLAYERS

ALL_PRESETS = [(name, n) for name, players in PRESET_PLAYERS.items() for n in players]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text), key=Card.sort_key))


# -- decks, hand sizes and kitties ------------------------------------------------

STANDARD = {  # RULES.md §1.1
    3: ("2D", 17),
    4: ("", 13),
    5: ("2D 2C", 10),
    6: ("2D 3D 3C 4C", 8),
    7: ("2D 3D 3C", 7),
}
LOWEST_CLUBS = {  # RULES.md §2.1
    2: ("", 26),
    3: ("2D", 17),
    4: ("", 13),
    5: ("2C 3C", 10),
    6: ("2C 3C 4C 5C", 8),
}
CANCELLATION = {6: (17, 2), 7: (14, 6), 8: (13, 0), 9: (11, 5), 10: (10, 4), 11: (9, 5)}  # RULES.md §3.2


def test_preset_player_ranges():
    assert PRESET_PLAYERS == {"standard": range(3, 8), "lowest-clubs": range(2, 7), "cancellation": range(6, 12)}


@pytest.mark.parametrize("players", sorted(STANDARD))
def test_standard_removed_cards_and_hand_size(players):
    removed, size = STANDARD[players]
    rules = Rules.preset("standard", players=players)
    assert rules.removed == cards(removed)
    assert rules.hand_size == size
    assert rules.kitty_size == 0
    assert rules.decks == 1
    deck = rules.deck()
    assert len(deck) == 52 - len(rules.removed) == size * players
    assert set(deck) == set(full_pack()) - set(rules.removed)
    # No heart and not the Q♠ is ever removed: every hand carries 26 points.
    assert rules.total_points == 26
    assert sum(1 for c in deck if c.suit == "H") == 13 and QUEEN_OF_SPADES in deck


@pytest.mark.parametrize("players", sorted(LOWEST_CLUBS))
def test_lowest_clubs_removed_cards_and_hand_size(players):
    removed, size = LOWEST_CLUBS[players]
    rules = Rules.preset("lowest-clubs", players=players)
    assert rules.removed == cards(removed)
    assert rules.hand_size == size
    assert rules.kitty_size == 0
    assert len(rules.deck()) == size * players
    assert rules.total_points == 26


@pytest.mark.parametrize("players", sorted(CANCELLATION))
def test_cancellation_two_packs_and_kitty_table(players):
    size, kitty = CANCELLATION[players]
    rules = Rules.preset("cancellation", players=players)
    assert rules.decks == 2
    assert rules.removed == ()
    deck = rules.deck()
    assert len(deck) == 104
    assert Counter(deck) == Counter(full_pack() * 2)
    assert rules.hand_size == size == 104 // players
    assert rules.kitty_size == kitty == 104 % players
    assert rules.total_points == 52
    assert rules.moon_card_set == Counter({c: 2 for c in full_pack() if c.is_point_card})


# -- passing ------------------------------------------------------------------------

PASS_SCHEDULES = {
    ("standard", 3): (3, (1, 2)),
    ("standard", 4): (3, (1, 3, 2, 0)),
    ("standard", 5): (3, (1, 4)),
    ("standard", 6): (3, (1, 5)),
    ("standard", 7): (3, (1, 6)),
    ("lowest-clubs", 2): (3, (1, 0)),
    ("lowest-clubs", 3): (4, (1, 2, 0)),
    ("lowest-clubs", 4): (3, (1, 3, 2, 0)),
    ("lowest-clubs", 5): (3, (1, 4, 2, 3, 0)),
    ("lowest-clubs", 6): (3, (1, 5, 2, 4, 3, 0)),
    **{("cancellation", n): (3, (1, n - 1)) for n in range(6, 12)},
}


def test_every_preset_has_a_pass_schedule_case():
    assert set(PASS_SCHEDULES) == set(ALL_PRESETS)


@pytest.mark.parametrize("preset,players", ALL_PRESETS)
def test_pass_count_and_schedule(preset, players):
    count, schedule = PASS_SCHEDULES[preset, players]
    rules = Rules.preset(preset, players=players)
    assert rules.pass_count == count
    assert rules.pass_schedule == schedule
    # The schedule repeats by hand number.
    for h in range(3 * len(schedule)):
        assert rules.pass_offset(h) == schedule[h % len(schedule)]


def test_standard_four_players_left_right_across_hold():
    rules = Rules.preset("standard", players=4)
    assert [rules.pass_offset(h) for h in range(8)] == [1, 3, 2, 0, 1, 3, 2, 0]


@pytest.mark.parametrize("players", [3, 5, 6, 7])
def test_standard_other_counts_never_hold(players):
    rules = Rules.preset("standard", players=players)
    assert 0 not in {rules.pass_offset(h) for h in range(20)}


@pytest.mark.parametrize("players", [5, 6])
def test_lowest_clubs_many_players_pass_to_each_opponent_once_then_hold(players):
    schedule = Rules.preset("lowest-clubs", players=players).pass_schedule
    assert sorted(schedule[:-1]) == list(range(1, players))
    assert schedule[-1] == 0


def test_no_passing_when_pass_count_zero():
    rules = Rules.preset("standard", players=4, pass_count=0)
    assert [rules.pass_offset(h) for h in range(4)] == [0, 0, 0, 0]


# -- opening lead --------------------------------------------------------------------

OPENING = {
    ("standard", 3): "2C",
    ("standard", 4): "2C",
    ("standard", 5): "3C",  # the ruling: lowest club in the deck, not "3♣ with 3 players"
    ("standard", 6): "2C",
    ("standard", 7): "2C",
    ("lowest-clubs", 2): "2C",
    ("lowest-clubs", 3): "2C",
    ("lowest-clubs", 4): "2C",
    ("lowest-clubs", 5): "4C",
    ("lowest-clubs", 6): "6C",
}


@pytest.mark.parametrize("preset,players", ALL_PRESETS)
def test_opening_card_is_lowest_club_in_deck(preset, players):
    rules = Rules.preset(preset, players=players)
    if preset == "cancellation":
        assert rules.opening_lead == "left-of-dealer"
        assert rules.opening_card is None
    else:
        assert rules.opening_lead == "lowest-club"
        assert rules.opening_card == Card.parse(OPENING[preset, players])
        assert rules.opening_card == min(c for c in rules.deck() if c.suit == "C")


# -- the differences between presets --------------------------------------------------


def test_preset_fields_that_differ():
    std = Rules.preset("standard", players=4)
    low = Rules.preset("lowest-clubs", players=4)
    can = Rules.preset("cancellation", players=8)
    assert std.hearts_broken_by == "heart-or-queen"
    assert low.hearts_broken_by == "heart"  # RULES.md §2.5: the Q♠ does not break hearts
    assert can.hearts_broken_by == "heart-or-queen"
    assert not std.first_trick_points and not low.first_trick_points
    assert can.first_trick_points  # §3.4: no restriction on discards to trick 1
    assert not can.first_lead_points
    assert (std.cancellation, low.cancellation, can.cancellation) == (False, False, True)
    assert (std.target, low.target, can.target) == (100, 100, 150)
    assert std.moon == low.moon == can.moon == "auto"
    assert can.last_trick_set_aside == "nobody" and can.kitty_to == "first-trick"
    assert std.ties == "shared"
    assert low.changes_from(std) == {"hearts_broken_by": ("heart-or-queen", "heart")}


def test_card_values_tables():
    assert dict(CARD_VALUES["standard"]) == {**{Card(r, "H"): 1 for r in range(2, 15)}, QUEEN_OF_SPADES: 13}
    omnibus = dict(CARD_VALUES["omnibus"])
    assert omnibus[Card.parse("JD")] == -10
    spot = dict(CARD_VALUES["spot-hearts"])
    assert spot[Card.parse("2H")] == 2 and spot[Card.parse("10H")] == 10
    assert spot[Card.parse("JH")] == 11 and spot[Card.parse("AH")] == 14
    maria = dict(CARD_VALUES["black-maria"])
    assert maria[Card.parse("AS")] == 7 and maria[Card.parse("KS")] == 10 and maria[QUEEN_OF_SPADES] == 13


def test_card_points_accepts_name_mapping_or_pairs():
    by_name = Rules.preset("standard", players=4, card_points="omnibus")
    by_map = Rules.preset("standard", players=4, card_points={str(c): v for c, v in CARD_VALUES["omnibus"]})
    by_pairs = Rules.preset("standard", players=4, card_points=list(CARD_VALUES["omnibus"]))
    assert by_name == by_map == by_pairs
    assert by_name.total_points == 16
    assert by_name.points_of(Card.parse("JD")) == -10 and by_name.points_of(Card.parse("2C")) == 0


def test_replace_and_equality():
    rules = Rules.preset("standard", players=4)
    house = dataclasses.replace(rules, target=50)
    assert house.target == 50 and house != rules
    assert dataclasses.replace(house, target=100) == rules
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 10  # type: ignore[misc]


@pytest.mark.parametrize("preset,players", ALL_PRESETS)
def test_to_dict_from_dict_round_trip(preset, players):
    rules = Rules.preset(preset, players=players)
    assert Rules.from_dict(rules.to_dict()) == rules
    house = dataclasses.replace(rules, card_points="black-maria", moon="avoid-end", ties="play-on")
    assert Rules.from_dict(house.to_dict()) == house


def test_removed_one_copy_with_two_packs():
    rules = Rules(players=6, decks=2, removed=("2C", "2C", "3C"), pass_schedule=(1, 5), opening_lead="left-of-dealer")
    deck = Counter(rules.deck())
    assert deck[Card.parse("2C")] == 0 and deck[Card.parse("3C")] == 1 and deck[Card.parse("4C")] == 2
    assert len(rules.deck()) == 101


def test_summary_mentions_deck_and_passing():
    assert Rules.preset("standard", players=5).summary() == (
        "standard, 5 players: 50 cards (1 pack, without 2♣ 2♦), 10 each, pass 3 (offsets 1, 4)"
    )
    assert "no passing" in Rules.preset("standard", players=4, pass_count=0).summary()


# -- errors -----------------------------------------------------------------------------


def test_unknown_preset():
    with pytest.raises(RulesError) as info:
        Rules.preset("omnibus", players=4)
    assert info.value.field == "preset"
    assert "omnibus" in str(info.value) and "standard" in str(info.value)


@pytest.mark.parametrize(
    "preset,players",
    [("standard", 2), ("standard", 8), ("lowest-clubs", 1), ("lowest-clubs", 7), ("cancellation", 5),
     ("cancellation", 12), ("standard", "4"), ("standard", 4.0), ("standard", True)],
)
def test_wrong_player_count(preset, players):
    with pytest.raises(RulesError) as info:
        Rules.preset(preset, players=players)
    assert info.value.field == "players"
    assert str(info.value).startswith("players:")
    assert repr(players) in str(info.value)


BAD_FIELDS = [
    ("players", 0),
    ("players", 53),
    ("decks", 3),
    ("decks", 0),
    ("name", ""),
    ("removed", ["ZZ"]),
    ("removed", ["2C", "2C"]),  # one pack has one 2♣
    ("pass_count", -1),
    ("pass_count", 14),  # more than the 13-card hand
    ("pass_count", "3"),
    ("pass_schedule", 1),
    ("pass_schedule", ()),
    ("pass_schedule", (1, 4)),
    ("pass_schedule", (-1,)),
    ("pass_schedule", (True,)),
    ("opening_lead", "highest-club"),
    ("first_trick_points", "no"),
    ("first_lead_points", 1),
    ("hearts_broken_by", "queen"),
    ("card_points", "whist"),
    ("card_points", {"QS": 13, "ZZ": 1}),
    ("card_points", {"QS": 1.5}),
    ("card_points", [("QS", 13), ("QS", 10)]),
    ("moon", "sideways"),
    ("moon_reward", -1),
    ("moon_cards", "hearts"),
    ("cancellation", None),
    ("last_trick_set_aside", "dealer"),
    ("kitty_to", "nobody"),
    ("target", 0),
    ("target", 10.5),
    ("ties", "coin-toss"),
]


@pytest.mark.parametrize("field,value", BAD_FIELDS, ids=[f"{f}={v!r}" for f, v in BAD_FIELDS])
def test_invalid_field_raises_rules_error_naming_it(field, value):
    rules = Rules.preset("standard", players=4)
    with pytest.raises(RulesError) as info:
        dataclasses.replace(rules, **{field: value})
    assert isinstance(info.value, ValueError)
    assert info.value.field == field
    assert str(info.value).startswith(f"{field}:")


def test_every_init_field_has_an_invalid_case():
    covered = {f for f, _ in BAD_FIELDS}
    fields = {f.name for f in dataclasses.fields(Rules) if f.init}
    assert fields - covered == set()


def test_preset_keyword_changes_are_validated_too():
    with pytest.raises(RulesError) as info:
        Rules.preset("cancellation", players=8, kitty_to="dealer")
    assert info.value.field == "kitty_to"


def test_opening_lead_needs_a_club():
    no_clubs = [str(c) for c in full_pack() if c.suit == "C"]
    with pytest.raises(RulesError) as info:
        Rules(players=3, removed=no_clubs, pass_schedule=(1, 2))
    assert info.value.field == "opening_lead"
    Rules(players=3, removed=no_clubs, pass_schedule=(1, 2), opening_lead="left-of-dealer")


def test_moon_needs_a_moon_card():
    with pytest.raises(RulesError) as info:
        Rules(players=4, card_points={"JD": -10}, moon_cards="all-points")
    assert info.value.field == "moon_cards"
    assert Rules(players=4, card_points={"JD": -10}, moon_cards="all-points", moon="off").moon == "off"


def test_from_dict_rejects_unknown_and_missing_fields():
    data = Rules.preset("standard", players=4).to_dict()
    with pytest.raises(RulesError) as info:
        Rules.from_dict({**data, "trumps": "spades"})
    assert info.value.field == "trumps"
    del data["players"]
    with pytest.raises(RulesError) as info:
        Rules.from_dict(data)
    assert info.value.field == "players"
    with pytest.raises(RulesError):
        Rules.from_dict(["players", 4])  # type: ignore[arg-type]
