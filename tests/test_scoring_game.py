"""Scoring and games: moon policies (RULES.md §4, with its worked cases), game end and ties."""

from __future__ import annotations

import dataclasses

import pytest
from engine_helpers import finish_lowest, one_suit_each

from hearts_lab import Game, Hand, MoonChoiceRequired, Rules, RulesError, score_hand
from hearts_lab.bots import RandomBot, play_hand
from hearts_lab.cards import full_pack
from hearts_lab.scoring import HandScore, moon_decision

STANDARD4 = Rules.preset("standard", players=4)


def moon_hand(rules: Rules = STANDARD4, hand_number: int = 0, shooter: int = 0) -> Hand:
    """A finished hand in which ``shooter`` collects all 52 cards (see one_suit_each)."""
    seats = one_suit_each()
    rotated = [seats[(s - shooter) % 4] for s in range(4)]
    hand = Hand.from_cards(rules, rotated, hand_number=hand_number, passing=False)
    finish_lowest(hand)
    assert hand.moon_shooter == (shooter if rules.moon != "off" else None)
    return hand


def game_after_moon(policy: str, before: tuple[int, ...], moon_choice: str | None = None) -> Game:
    rules = dataclasses.replace(STANDARD4, moon=policy)
    game = Game(rules, seed=1, scores=before)
    game.add_hand(moon_hand(rules), moon_choice)
    return game


# -- RULES.md §4 worked cases (standard, 4 players, target 100, seat 0 shoots) -----------------------


def test_worked_case_1_auto_old_ends_game_seat_0_wins():
    game = game_after_moon("auto", (90, 80, 85, 70))
    assert game.scores == (90, 106, 111, 96)
    assert game.history[-1].moon == "old"
    assert game.is_over and game.winners == (0,)


def test_worked_case_1_avoid_end_new():
    game = game_after_moon("avoid-end", (90, 80, 85, 70))
    assert game.scores == (64, 80, 85, 70)
    assert game.history[-1].moon == "new"
    assert not game.is_over and game.winners == ()


def test_worked_case_2_auto_new():
    game = game_after_moon("auto", (50, 20, 30, 40))
    assert game.scores == (24, 20, 30, 40)
    assert game.history[-1].moon == "new"


def test_worked_case_2_avoid_end_old():
    game = game_after_moon("avoid-end", (50, 20, 30, 40))
    assert game.scores == (50, 46, 56, 66)
    assert game.history[-1].moon == "old"


def test_worked_case_3_auto_not_strictly_lower_is_new():
    # 46 - 26 = 20 is not strictly lower than 20.
    game = game_after_moon("auto", (46, 20, 30, 40))
    assert game.history[-1].moon == "new"
    assert game.scores == (20, 20, 30, 40)
    # One point less and it is strictly lower: old.
    game = game_after_moon("auto", (45, 20, 30, 40))
    assert game.history[-1].moon == "old"
    assert game.scores == (45, 46, 56, 66)


@pytest.mark.parametrize(
    "policy,deltas,moon",
    [("old", (0, 26, 26, 26), "old"), ("new", (-26, 0, 0, 0), "new"), ("off", (26, 0, 0, 0), None)],
)
def test_fixed_moon_policies(policy, deltas, moon):
    game = game_after_moon(policy, (90, 80, 85, 70))
    assert game.history[-1].deltas == deltas
    assert game.history[-1].moon == moon
    assert game.scores == tuple(b + d for b, d in zip((90, 80, 85, 70), deltas))


def test_new_moon_can_never_end_the_game():
    game = game_after_moon("new", (99, 99, 99, 99))
    assert game.scores == (73, 99, 99, 99) and not game.is_over


def test_moon_choice_without_a_choice_raises_and_changes_nothing():
    rules = dataclasses.replace(STANDARD4, moon="choice")
    game = Game(rules, seed=1, scores=(10, 20, 30, 40))
    hand = moon_hand(rules)
    with pytest.raises(MoonChoiceRequired) as info:
        game.add_hand(hand)
    assert isinstance(info.value, ValueError)
    assert "moon_choice" in str(info.value) and "Seat 0" in str(info.value)
    assert game.scores == (10, 20, 30, 40) and game.history == [] and game.hand_number == 0
    with pytest.raises(MoonChoiceRequired):
        game.preview(hand)
    assert game.preview(hand, "old") == HandScore((0, 26, 26, 26), "old")
    assert game.scores == (10, 20, 30, 40)
    scored = game.add_hand(hand, moon_choice="new")
    assert scored.deltas == (-26, 0, 0, 0) and scored.moon == "new" and scored.moon_choice == "new"
    assert game.scores == (-16, 20, 30, 40)  # scores may be negative


def test_moon_choice_old():
    game = game_after_moon("choice", (10, 20, 30, 40), moon_choice="old")
    assert game.scores == (10, 46, 56, 66)


def test_moon_choice_refused_when_the_rules_decide_or_bad_value():
    game = Game(STANDARD4, seed=1)
    hand = moon_hand()
    with pytest.raises(ValueError, match="moon_choice"):
        game.add_hand(hand, moon_choice="old")
    choice_game = Game(dataclasses.replace(STANDARD4, moon="choice"), seed=1)
    with pytest.raises(ValueError, match="moon_choice"):
        choice_game.add_hand(moon_hand(choice_game.rules), moon_choice="sideways")
    assert game.history == [] and choice_game.history == []


def test_moon_choice_not_needed_without_a_shooter():
    rules = dataclasses.replace(STANDARD4, moon="choice")
    game = Game(rules, seed=3)
    hand = game.next_hand()
    play_hand(hand, [RandomBot(seed=s) for s in range(4)])
    assert hand.moon_shooter is None
    game.add_hand(hand)
    assert game.scores == hand.points()


def test_score_hand_directly():
    assert score_hand(STANDARD4, (26, 0, 0, 0), 0, (90, 80, 85, 70)) == HandScore((0, 26, 26, 26), "old")
    assert score_hand(STANDARD4, (10, 6, 5, 5), None, (0, 0, 0, 0)) == HandScore((10, 6, 5, 5), None)
    rules = dataclasses.replace(STANDARD4, moon="avoid-end")
    assert moon_decision(rules, (26, 0, 0, 0), 0, (90, 80, 85, 70)) == "new"
    assert moon_decision(rules, (26, 0, 0, 0), 0, (50, 20, 30, 40)) == "old"


def test_moon_reward_option():
    rules = dataclasses.replace(STANDARD4, moon="old", moon_reward=13)
    # the shooter's moon points never count against them
    assert score_hand(rules, (0, 0, 26, 0), 2, (0, 0, 0, 0)) == HandScore((13, 13, 0, 13), "old")


def test_cancellation_moon_needs_52_points_and_uses_26_reward():
    rules = Rules.preset("cancellation", players=6, moon="new")
    assert score_hand(rules, (52, 0, 0, 0, 0, 0), 0, (0,) * 6) == HandScore((-26, 0, 0, 0, 0, 0), "new")


# -- game end and ties ---------------------------------------------------------------------------------


def points_hand(rules: Rules, taker: int, hand_number: int) -> Hand:
    """A finished hand where ``taker`` takes all 26 points (use with moon='off')."""
    seats = one_suit_each()
    rotated = [seats[(s - taker) % 4] for s in range(4)]
    hand = Hand.from_cards(rules, rotated, hand_number=hand_number, dealer=hand_number % 4, passing=False)
    finish_lowest(hand)
    return hand


def test_game_ends_when_a_score_reaches_the_target():
    rules = dataclasses.replace(STANDARD4, moon="off")
    game = Game(rules, scores=(73, 0, 0, 0))
    game.add_hand(points_hand(rules, 0, 0))
    assert game.scores == (99, 0, 0, 0) and not game.is_over
    game.add_hand(points_hand(rules, 1, 1))
    assert game.scores == (99, 26, 0, 0) and not game.is_over
    game.add_hand(points_hand(rules, 0, 2))
    assert game.scores == (125, 26, 0, 0) and game.is_over
    assert game.winners == (2, 3)  # shared lowest score
    with pytest.raises(ValueError, match="over"):
        game.next_hand()
    with pytest.raises(ValueError, match="over"):
        game.add_hand(points_hand(rules, 0, 3))


def test_exactly_the_target_ends_the_game():
    rules = dataclasses.replace(STANDARD4, moon="off", target=26)
    game = Game(rules)
    game.add_hand(points_hand(rules, 3, 0))
    assert game.is_over and game.winners == (0, 1, 2)


def test_ties_play_on_until_the_lowest_score_is_unique():
    rules = dataclasses.replace(STANDARD4, moon="off", ties="play-on")
    game = Game(rules, scores=(80, 10, 10, 50))
    game.add_hand(points_hand(rules, 0, 0))
    assert game.scores == (106, 10, 10, 50)
    assert not game.is_over and game.winners == ()
    game.add_hand(points_hand(rules, 0, 1))
    assert not game.is_over
    game.add_hand(points_hand(rules, 1, 2))
    assert game.scores == (132, 36, 10, 50)
    assert game.is_over and game.winners == (2,)


def test_ties_shared_by_default():
    rules = dataclasses.replace(STANDARD4, moon="off")
    game = Game(rules, scores=(80, 10, 10, 50))
    game.add_hand(points_hand(rules, 0, 0))
    assert game.is_over and game.winners == (1, 2)


def test_game_checks_the_hand_it_is_given():
    game = Game(STANDARD4, seed=2)
    hand = game.next_hand()
    with pytest.raises(ValueError, match="not over"):
        game.add_hand(hand)
    with pytest.raises(ValueError, match="hand number 0, not 1"):
        game.add_hand(moon_hand(hand_number=1))
    other = Rules.preset("standard", players=4, target=50)
    with pytest.raises(ValueError, match="different rules"):
        game.add_hand(moon_hand(other))
    assert game.history == [] and game.scores == (0, 0, 0, 0)


def test_next_hand_deals_in_turn_and_moves_the_dealer():
    game = Game(STANDARD4, seed=9, dealer=2)
    for h in range(5):
        hand = game.next_hand()
        assert hand.hand_number == h and hand.dealer == (2 + h) % 4
        assert hand.pass_offset == STANDARD4.pass_offset(h)
        same = Hand.deal(STANDARD4, seed=9, hand_number=h, dealer=(2 + h) % 4)
        assert [hand.cards(s) for s in range(4)] == [same.cards(s) for s in range(4)]
        play_hand(hand, [RandomBot(seed=s + 10 * h) for s in range(4)])
        game.add_hand(hand)
    assert game.hand_number == 5
    assert sum(game.scores) == sum(sum(h.deltas) for h in game.history)


def test_game_validates_its_settings():
    with pytest.raises(RulesError) as info:
        Game(STANDARD4, scores=(0, 0, 0))
    assert info.value.field == "scores"
    with pytest.raises(RulesError) as info:
        Game(STANDARD4, dealer=4)
    assert info.value.field == "dealer"
    with pytest.raises(RulesError) as info:
        Game(STANDARD4, seed=[1])  # type: ignore[arg-type]
    assert info.value.field == "seed"
    with pytest.raises(TypeError):
        Game("standard")  # type: ignore[arg-type]


def test_score_table_lists_each_hand():
    game = game_after_moon("auto", (90, 80, 85, 70))
    table = game.score_table().splitlines()
    assert table[0] == "hand  seat 0  seat 1  seat 2  seat 3"
    assert table[1].split() == ["1", "90", "106", "111", "96", "(moon:", "old)"]  # hands numbered from 1 for people


@pytest.mark.parametrize("preset,players", [("standard", 3), ("lowest-clubs", 2), ("cancellation", 9)])
def test_whole_games_with_bots_reach_the_target(preset, players):
    rules = Rules.preset(preset, players=players, target=60)
    game = Game(rules, seed=4)
    from hearts_lab.bots import play_game

    play_game(game, [RandomBot(seed=s) for s in range(players)])
    assert game.is_over and max(game.scores) >= 60
    assert game.winners == tuple(s for s in range(players) if game.scores[s] == min(game.scores))
    deck = len(full_pack()) * rules.decks - len(rules.removed)
    assert all(len(h.hand.history) == deck - rules.kitty_size for h in game.history)
