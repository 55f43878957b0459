"""Edge cases of bad input and house rules: clear errors that name the field, and nothing changed."""

from __future__ import annotations

import pytest

from hearts_lab import Game, Hand, IllegalMove, Rules, RulesError
from hearts_lab.bots import RandomBot, play_hand
from hearts_lab.cards import full_pack


def test_an_unknown_option_of_a_preset_names_itself():
    with pytest.raises(RulesError, match="^bogus: not a rule field") as info:
        Rules.preset("standard", players=4, bogus=1)
    assert info.value.field == "bogus"


@pytest.mark.parametrize("seat", [-1, 4, True, "0", 1.0])
def test_a_seat_that_does_not_exist_is_refused(seat):
    hand = Hand.deal(Rules.preset("standard", players=4), seed=1)
    with pytest.raises(RulesError, match="^seat: there is no seat"):
        hand.cards(seat)


def test_a_bad_kitty_card_is_reported_under_kitty():
    rules = Rules.preset("cancellation", players=6)
    with pytest.raises(RulesError, match="^kitty: 'ZZ' is not a card"):
        Hand.from_cards(rules, [["2C"] * 17] * 6, kitty="ZZ 2D")


def test_undoing_a_scored_hand_does_not_change_the_game():
    rules = Rules.preset("standard", players=4)
    game = Game(rules, seed=3)
    hand = game.next_hand()
    play_hand(hand, [RandomBot(seed=s) for s in range(4)])
    game.add_hand(hand)
    record = game.to_json()
    hand.undo(5)
    assert game.history[0].hand.phase == "over"
    assert game.to_json() == record
    assert Game.from_json(record).scores == game.scores


def test_the_opening_lead_falls_back_when_every_club_lies_in_the_kitty():
    # A five-card deck for two players: two cards each, and the only club goes to the kitty.
    keep = {"2C", "5D", "6D", "4H", "AH"}
    rules = Rules(players=2, removed=[c for c in full_pack() if c.ascii not in keep], pass_count=0, pass_schedule=(0,))
    hand = Hand.from_cards(rules, ["5D 4H", "6D AH"], kitty="2C")
    assert hand.to_play == 1 and [str(c) for c in hand.legal_moves()] == ["6♦"]
    with pytest.raises(IllegalMove) as info:
        hand.play("AH")
    assert info.value.rule == "hearts-not-broken"
    assert str(info.value) == "Seat 1 cannot play A♥: hearts are not broken, so a heart may not be led. Legal: 6♦."


@pytest.mark.parametrize("ties, expected", [("shared", "new"), ("play-on", "old")])
def test_avoid_end_knows_a_tie_does_not_end_a_play_on_game(ties, expected):
    from hearts_lab.scoring import moon_decision

    # Old moon gives 90 106 90 96: the target is reached but seats 0 and 2 tie for lowest.
    rules = Rules.preset("standard", players=4, moon="avoid-end", ties=ties)
    assert moon_decision(rules, (26, 0, 0, 0), 0, (90, 80, 64, 70)) == expected


@pytest.mark.parametrize("ties", ["shared", "play-on"])
def test_batch_scoring_agrees_on_the_tie_case(ties):
    np = pytest.importorskip("numpy")
    from hearts_lab.scoring import score_hand
    from hearts_lab.simulate.run import score_batch

    rules = Rules.preset("standard", players=4, moon="avoid-end", ties=ties)
    batch = score_batch(rules, np.array([[26, 0, 0, 0]]), np.array([0]), np.array([[90, 80, 64, 70]]))
    assert tuple(batch[0].tolist()) == score_hand(rules, (26, 0, 0, 0), 0, (90, 80, 64, 70)).deltas


@pytest.mark.parametrize("preset, players", [("standard", 4), ("lowest-clubs", 5), ("cancellation", 7)])
def test_why_illegal_is_what_play_raises(preset, players):
    hand = Hand.deal(Rules.preset(preset, players=players), seed=5, hand_number=3)
    bots = [RandomBot(seed=s) for s in range(players)]
    play_hand(hand, bots, until_seat=hand.to_play if hand.phase == "play" else None)
    while hand.phase == "play":
        legal = set(hand.legal_moves())
        for card in set(hand.cards(hand.to_play)):
            error = hand.why_illegal(card)
            assert (error is None) == (card in legal)
            if error is not None:
                before = hand.to_json()
                with pytest.raises(IllegalMove) as raised:
                    hand.play(card)
                assert str(raised.value) == str(error) and raised.value.rule == error.rule
                assert hand.to_json() == before
        hand.play(bots[hand.to_play].choose_play(hand.view(hand.to_play)))
