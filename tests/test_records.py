"""Records: hands and games as JSON that replay exactly, and RecordError for anything wrong."""

from __future__ import annotations

import json

import pytest
from engine_helpers import finish_lowest, small_hand

from hearts_lab import Game, Hand, RecordError, Rules
from hearts_lab.bots import HeuristicBot, RandomBot, play_game, play_hand

STANDARD4 = Rules.preset("standard", players=4)


def same_hand(a: Hand, b: Hand) -> None:
    assert a.to_json() == b.to_json()
    assert a.phase == b.phase and a.to_play == b.to_play
    assert [a.cards(s) for s in range(a.players)] == [b.cards(s) for s in range(b.players)]
    assert a.tricks == b.tricks and a.current_trick == b.current_trick
    assert a.points() == b.points() and a.pending == b.pending and a.unclaimed == b.unclaimed
    assert a.hearts_broken == b.hearts_broken and a.kitty_holder == b.kitty_holder
    assert a.legal_moves() == b.legal_moves()


def round_trip(hand: Hand) -> Hand:
    back = Hand.from_json(hand.to_json())
    same_hand(hand, back)
    return back


def test_round_trip_mid_pass():
    hand = Hand.deal(STANDARD4, seed=7)
    round_trip(hand)
    hand.pass_cards(2, hand.cards(2)[:3])
    back = round_trip(hand)
    assert back.pass_choice(2) == hand.cards(2)[:3] and back.waiting_to_pass == (0, 1, 3)
    # The replayed hand carries on like the original.
    for s in (0, 1, 3):
        hand.pass_cards(s, hand.cards(s)[-3:])
        back.pass_cards(s, back.cards(s)[-3:])
    same_hand(hand, back)


def test_round_trip_mid_play_and_over():
    hand = Hand.deal(Rules.preset("cancellation", players=7), seed=3, dealer=4)
    bots = [RandomBot(seed=s) for s in range(7)]
    play_hand(hand, bots, until_seat=None)
    full = json.loads(hand.to_json())
    for k in (0, 1, 7, 40, len(hand.history)):
        round_trip(hand.at(k))
    assert hand.phase == "over"
    back = round_trip(hand)
    assert back.moon_shooter == hand.moon_shooter
    assert json.loads(back.to_json()) == full


def test_round_trip_hold_hand_and_no_passing():
    hold = Hand.deal(STANDARD4, seed=2, hand_number=3)
    assert hold.pass_offset == 0
    hold.play(hold.legal_moves()[0])
    round_trip(hold)
    scenario = small_hand("cancellation", ["10S 5C AD", "9H 5C KD", "9H 4H 2D", "10S 7H 3D", "2C QH 4D", "3D 6H 5D"], kitty="8H JS", dealer=5)
    finish_lowest(scenario)
    back = round_trip(scenario)
    assert back.rules == scenario.rules and back.dealer == 5


def test_record_is_plain_json():
    hand = Hand.deal(STANDARD4, seed=7)
    play_hand(hand, [HeuristicBot(seed=s) for s in range(4)])
    data = json.loads(hand.to_json())
    assert data["format"] == "hearts-lab/hand" and data["version"] == 1
    assert data["rules"]["name"] == "standard" and data["rules"]["players"] == 4
    assert data["deal"][1] == [str(c) for c in hand.dealt(1)]
    assert data["plays"] == [str(c) for c in hand.history] and len(data["plays"]) == 52
    assert data["passes"] == [[str(c) for c in p] for p in hand.passes]
    assert data["seed"] == 7 and data["hand_number"] == 0 and data["dealer"] == 0
    # Pretty-printed records read back too.
    same_hand(Hand.from_json(hand.to_json(indent=2)), hand)
    same_hand(Hand.from_json(hand.to_json().encode()), hand)


def test_game_round_trip():
    game = Game(Rules.preset("standard", players=4, target=60, moon="choice"), seed=5, dealer=1)
    play_game(game, [HeuristicBot(seed=s) for s in range(4)], moon_choice="old")
    assert game.is_over
    back = Game.from_json(game.to_json())
    assert back.to_json() == game.to_json()
    assert back.scores == game.scores and back.winners == game.winners and back.hand_number == game.hand_number
    assert [h.deltas for h in back.history] == [h.deltas for h in game.history]
    # A game in progress too.
    early = Game(STANDARD4, seed=5, scores=(10, -5, 0, 3))
    hand = early.next_hand()
    play_hand(hand, [RandomBot(seed=s) for s in range(4)])
    early.add_hand(hand)
    again = Game.from_json(early.to_json(indent=1))
    assert again.scores == early.scores and not again.is_over
    assert again.next_hand().hand_number == 1


# -- broken records -----------------------------------------------------------------------------------


def finished_record() -> dict:
    hand = Hand.deal(STANDARD4, seed=7)
    play_hand(hand, [RandomBot(seed=s) for s in range(4)])
    return json.loads(hand.to_json())


def load_error(data) -> str:
    text = data if isinstance(data, (str, bytes)) else json.dumps(data)
    with pytest.raises(RecordError) as info:
        Hand.from_json(text)
    assert isinstance(info.value, ValueError)
    return str(info.value)


def test_malformed_and_truncated_json():
    text = Hand.deal(STANDARD4, seed=7).to_json()
    assert "not valid JSON" in load_error(text[: len(text) // 2])
    assert "not valid JSON" in load_error("{format: hearts}")
    assert "not valid JSON" in load_error("")
    assert "not valid JSON" in load_error(b"\xff\xfe")
    assert "JSON object" in load_error("[1, 2]")


def test_wrong_format_or_version():
    data = finished_record()
    assert "Not a hand record" in load_error({**data, "format": "hearts-lab/game"})
    assert "version 2" in load_error({**data, "version": 2})
    missing = dict(data)
    del missing["plays"]
    assert "missing 'plays'" in load_error(missing)


def test_bad_rules_in_record():
    data = finished_record()
    data["rules"]["moon"] = "sideways"
    message = load_error(data)
    assert "rules are invalid" in message and "moon" in message


def test_tampered_deal_duplicate_card():
    data = finished_record()
    data["deal"][0][0] = data["deal"][1][0]
    message = load_error(data)
    assert "deal is invalid" in message and "missing" in message


def test_tampered_deal_missing_card_or_not_a_card():
    data = finished_record()
    data["deal"][2] = data["deal"][2][:-1]
    assert "seat 2 has 12 cards" in load_error(data)
    data = finished_record()
    data["deal"][3][0] = "11Z"
    assert "deal[3]" in load_error(data)
    data = finished_record()
    data["deal"] = "everything"
    assert "deal" in load_error(data)


def test_tampered_illegal_play():
    data = finished_record()
    hand = Hand.from_json(json.dumps(data))
    first_leader = hand.tricks[0].leader
    # Swap the opening 2♣ with another card of the same seat.
    other = next(str(c) for c in hand.dealt(first_leader) if str(c) not in data["passes"][first_leader] and str(c) != "2♣")
    data["plays"][0] = other
    message = load_error(data)
    assert message.startswith(f"plays[0] ({other}) breaks the rules:") and "must lead it" in message


def test_tampered_play_not_held_and_extra_play():
    data = finished_record()
    data["plays"][5] = data["plays"][1]
    assert "plays[5]" in load_error(data)
    data = finished_record()
    data["plays"].append("2♣")
    assert "plays[52]" in load_error(data) and "over" in load_error(data)


def test_tampered_pass():
    data = finished_record()
    data["passes"][1] = data["passes"][1][:2]
    assert "passes[1] breaks the rules" in load_error(data)
    data = finished_record()
    data["passes"][1] = [data["passes"][0][0], *data["passes"][1][:2]]
    assert "passes[1]" in load_error(data)
    data = finished_record()
    data["passes"] = data["passes"][:3]
    assert "passes" in load_error(data)


def test_game_record_errors():
    game = Game(STANDARD4, seed=5)
    hand = game.next_hand()
    play_hand(hand, [RandomBot(seed=s) for s in range(4)])
    game.add_hand(hand)
    good = json.loads(game.to_json())

    def game_error(data) -> str:
        with pytest.raises(RecordError) as info:
            Game.from_json(data if isinstance(data, str) else json.dumps(data))
        return str(info.value)

    text = game.to_json()
    assert "not valid JSON" in game_error(text[:-10])
    assert "game record" in game_error({**good, "format": "hearts-lab/hand"})
    assert "game record" in game_error({**good, "version": 9})
    assert "missing 'hands'" in game_error({k: v for k, v in good.items() if k != "hands"})
    assert "settings are invalid" in game_error({**good, "scores": [0, 0]})
    assert "seed" in game_error({**good, "seed": [1]})
    assert "dealer" in game_error({**good, "dealer": 7})
    # A hand with the wrong number for its place in the game.
    wrong = json.loads(text)
    wrong["hands"][0]["hand"]["hand_number"] = 1
    assert "hands[0]" in game_error(wrong)
    # A tampered hand inside a game.
    tampered = json.loads(text)
    tampered["hands"][0]["hand"]["plays"][0] = "A♠"
    assert "plays[0]" in game_error(tampered)
