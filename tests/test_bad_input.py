"""Bad input never escapes as a bare Python error (issue 11): each call raises a clear error naming
the field or rule, state unchanged."""

from __future__ import annotations

import pytest

from hearts_lab import Card, CardError, Game, Hand, IllegalMove, IllegalPass, Rules, RulesError, trick_winner
from hearts_lab.bots import RandomBot, play_hand
from hearts_lab.errors import RulesTypeError

STANDARD4 = Rules.preset("standard", players=4)
CANCELLATION6 = Rules.preset("cancellation", players=6)


@pytest.mark.parametrize("bad", [["QS"], {"rank": 12}, ("Q", "S"), 12, None, b"QS", "Q" * 10_000_000])
def test_card_parse_refuses_anything_but_text(bad):
    with pytest.raises(CardError) as info:
        Card.parse(bad)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("rank, suit", [(2, "X"), (2.0, "C"), (True, "C"), (1, "H"), (15, "S"), (12, "s")])
def test_card_constructor_validates(rank, suit):
    with pytest.raises(CardError):
        Card(rank, suit)


def test_pass_cards_refuses_none_and_changes_nothing():
    hand = Hand.deal(STANDARD4, seed=1)
    before = hand.to_json()
    for bad in (None, 5, Card.parse("2C"), b"2C 3C 4C"):
        with pytest.raises(IllegalPass) as info:
            hand.pass_cards(0, bad)
        assert info.value.rule == "not-a-card"
    with pytest.raises(IllegalPass, match="exactly 3 cards, not 13"):
        hand.pass_cards(0, hand.cards(0))
    assert hand.to_json() == before


@pytest.mark.parametrize("call, field", [
    (lambda: Hand.deal(None), "rules"),
    (lambda: Hand.deal(STANDARD4, dealer="1"), "dealer"),
    (lambda: Hand.deal(STANDARD4, dealer=4), "dealer"),
    (lambda: Hand.deal(STANDARD4, hand_number=-1), "hand_number"),
    (lambda: Hand.deal(STANDARD4, seed=1.5), "seed"),
    (lambda: Hand.deal(STANDARD4, seed=float("nan")), "seed"),
    (lambda: Hand.deal(STANDARD4, seed=[1]), "seed"),
    (lambda: Hand.deal(STANDARD4, seed="x" * 10_000), "seed"),
    (lambda: Hand.deal(STANDARD4, seed=10**100), "seed"),
    (lambda: Rules.preset(["standard"], 4), "preset"),
    (lambda: Rules.preset("standard", "4"), "players"),
    (lambda: Rules.preset("standard", 4, card_points=["omnibus"]), "card_points"),
    (lambda: Game(None), "rules"),
    (lambda: Game(STANDARD4, seed=None), "seed"),
    (lambda: Game(STANDARD4, dealer="1"), "dealer"),
    (lambda: Game(STANDARD4, scores=None if False else 5), "scores"),
    (lambda: Hand.from_cards(STANDARD4, None), "hands"),
    (lambda: Hand.from_cards(STANDARD4, [[["QS"]]] * 4), "hands"),
])
def test_bad_arguments_name_their_field(call, field):
    with pytest.raises(RulesError) as info:
        call()
    assert info.value.field == field, str(info.value)
    assert len(str(info.value)) < 300


def test_not_rules_is_both_a_rules_error_and_a_type_error():
    with pytest.raises(TypeError):
        Hand.deal("standard")
    assert issubclass(RulesTypeError, RulesError) and issubclass(RulesTypeError, ValueError)


def test_undo_and_at_refuse_non_numbers_and_change_nothing():
    hand = Hand.deal(STANDARD4, seed=1, hand_number=3)
    hand.play(hand.legal_moves()[0])
    before = hand.to_json()
    for bad in ("1", 1.5, True, -1, 2, None):
        with pytest.raises(RulesError) as info:
            hand.undo(bad)
        assert info.value.field == "plays"
        with pytest.raises(RulesError) as info:
            hand.at(bad)
        assert info.value.field == "plays"
    assert hand.to_json() == before


@pytest.mark.parametrize("plays, message", [
    ([(0, "QS"), (1, "QS"), (2, "QS"), (3, "QS")], "Q♠ is played 4 times but the one pack holds only 1"),
    ([(0, "QS"), (99, "2C")], "no seat 99"),
    ([(0, "QS"), (0, "2C")], "seat 0 has already played"),
    ([(0, "QS"), (1, "2C"), (2, "3C"), (3, "4C"), (0, "5C")], "at most 4 cards"),
    ([(0, "QS"), ("1", "2C")], "no seat '1'"),
    ([(0, ["Q", "S"])], "is not a card"),
    ([(0,)], "pair"),
    ("QS 2C", "pairs"),
    ([], "at least one card"),
])
def test_trick_winner_checks_the_trick(plays, message):
    with pytest.raises(RulesError, match=message) as info:
        trick_winner(STANDARD4, plays)
    assert info.value.field == "plays"


def test_trick_winner_cancellation_copies():
    assert trick_winner(CANCELLATION6, [(0, "QS"), (1, "QS"), (2, "2S")]) == 2
    with pytest.raises(RulesError, match="2 packs hold only 2"):
        trick_winner(CANCELLATION6, [(0, "QS"), (1, "QS"), (2, "QS")])
    with pytest.raises(RulesError, match="not in the deck"):
        trick_winner(Rules.preset("standard", players=3), [(0, "2D"), (1, "3D")])


def test_game_add_hand_refuses_non_hands():
    game = Game(STANDARD4, seed=1)
    for bad in (None, "hand", 5):
        with pytest.raises(RulesError) as info:
            game.add_hand(bad)
        assert info.value.field == "hand"
    assert game.history == []


def test_play_refuses_junk_cards_with_a_rule():
    hand = Hand.deal(STANDARD4, seed=1, hand_number=3)
    before = hand.to_json()
    for bad in (None, ["2C"], {"c": 1}, 3, "Z" * 1_000_000):
        with pytest.raises(IllegalMove) as info:
            hand.play(bad)
        assert info.value.rule == "not-a-card" and len(str(info.value)) < 300
    assert hand.to_json() == before
    play_hand(hand, [RandomBot(seed=s) for s in range(4)])


def test_more_of_the_same_kind():
    from hearts_lab.deal import deal_cards
    from hearts_lab.scoring import game_ends

    with pytest.raises(RulesError) as info:
        STANDARD4.pass_offset("1")
    assert info.value.field == "hand_number"
    assert STANDARD4.points(["QS", "2H"]) == 14 and STANDARD4.points_of("QS") == 13
    assert STANDARD4.breaks_hearts("QS")
    for bad in (None, "QS", [["QS"]]):
        with pytest.raises(RulesError) as info:
            STANDARD4.points(bad)
        assert info.value.field == "cards"
    with pytest.raises(RulesError) as info:
        Hand.deal(STANDARD4, seed=1).view(99)
    assert info.value.field == "seat"
    for kwargs, field in (({"dealer": "1"}, "dealer"), ({"hand_number": "0"}, "hand_number")):
        with pytest.raises(RulesError) as info:
            deal_cards(STANDARD4, 1, **kwargs)
        assert info.value.field == field
    with pytest.raises(RulesError) as info:
        game_ends(STANDARD4, None)
    assert info.value.field == "scores"


def test_pass_choice_and_record_indent_refuse_junk():
    from hearts_lab import RecordError

    hand = Hand.deal(STANDARD4, seed=1)
    with pytest.raises(RulesError):
        hand.pass_choice([])
    for bad in (1.5, "  ", 10**100, -1):
        with pytest.raises(RecordError) as info:
            hand.to_json(indent=bad)
        assert info.value.field == "indent"
        with pytest.raises(RecordError):
            Game(STANDARD4).to_json(indent=bad)
    assert "\n  " in hand.to_json(indent=2)
