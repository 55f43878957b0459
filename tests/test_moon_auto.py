"""RULES.md §4 as now worded: the ``auto`` moon counts every point each player took this hand,
moon cards aside, so house card values (black-maria, omnibus) decide it correctly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st
from suite_size import examples  # a quarter of the examples under make check (tests/suite_size.py)
from test_scoring_game import moon_hand

from hearts_lab import Game, Rules, RulesError
from hearts_lab.bots import RandomBot, play_hand
from hearts_lab.scoring import auto_moon, moon_decision, moon_deltas, score_hand


def game_after(card_points: str, before: tuple[int, ...]) -> Game:
    rules = Rules.preset("standard", players=4, card_points=card_points)
    game = Game(rules, seed=1, scores=before)
    game.add_hand(moon_hand(rules))
    return game


def test_black_maria_shooter_also_took_the_spade_honours():
    # Seat 0 took every card: 26 moon points plus K♠ 10 and A♠ 7.
    game = game_after("black-maria", (80, 60, 90, 90))
    assert game.history[0].hand.points() == (43, 0, 0, 0)
    # Old would give 97 against 86: the game would end with seat 1 winning. Auto takes new.
    assert game.history[0].moon == "new"
    assert game.scores == (80 + 43 - 26 - 26, 60, 90, 90) and not game.is_over


def test_omnibus_shooter_with_the_jack_of_diamonds():
    # Seat 0 took every card: 26 moon points and the J♦'s -10.
    game = game_after("omnibus", (80, 50, 90, 90))
    assert game.history[0].hand.points() == (16, 0, 0, 0)
    # Old gives 70 against 76, 116, 116: the shooter strictly lowest, so auto takes old (the rule
    # before this fix compared 80 - 26 = 54 with 50 and took new).
    assert game.history[0].moon == "old"
    assert game.scores == (70, 76, 116, 116) and game.is_over and game.winners == (0,)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.sampled_from(["standard", "omnibus", "spot-hearts", "black-maria"]),
    st.lists(st.integers(-60, 140), min_size=4, max_size=4),
    st.lists(st.integers(-10, 30), min_size=4, max_size=4),
    st.integers(0, 3),
)
def test_auto_is_old_exactly_when_old_leaves_the_shooter_strictly_lowest(values, scores, extra, shooter):
    rules = Rules.preset("standard", players=4, card_points=values)
    points = [e for e in extra]
    points[shooter] += rules.moon_points
    totals = [s + p + (rules.moon_reward if seat != shooter else -rules.moon_points) for seat, (s, p) in enumerate(zip(scores, points))]
    expected = "old" if all(totals[shooter] < t for seat, t in enumerate(totals) if seat != shooter) else "new"
    assert auto_moon(rules, points, shooter, scores) == expected
    assert moon_decision(rules, points, shooter, scores) == expected
    assert score_hand(rules, points, shooter, scores).deltas == moon_deltas(rules, points, shooter, expected)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.integers(-60, 140), min_size=4, max_size=4), st.integers(0, 3))
def test_under_standard_values_auto_is_the_score_minus_26_rule(scores, shooter):
    rules = Rules.preset("standard", players=4)
    points = [26 if s == shooter else 0 for s in range(4)]
    mine = scores[shooter] - 26
    expected = "old" if all(mine < scores[s] for s in range(4) if s != shooter) else "new"
    assert auto_moon(rules, points, shooter, scores) == expected


def test_moon_choice_is_refused_when_nobody_shot_the_moon():
    rules = Rules.preset("standard", players=4, moon="choice")
    game = Game(rules, seed=3)
    hand = game.next_hand()
    play_hand(hand, [RandomBot(seed=s) for s in range(4)])
    assert hand.moon_shooter is None
    with pytest.raises(RulesError, match="nobody shot the moon") as raised:
        game.add_hand(hand, moon_choice="old")
    assert raised.value.field == "moon_choice"
    assert game.history == [] and game.scores == (0, 0, 0, 0)
    game.add_hand(hand)
    assert game.history[0].moon_choice is None


@pytest.mark.parametrize(
    "points, shooter, scores, field",
    [((26, 0, 0), 0, (0, 0, 0, 0), "points"), ((26, 0, 0, 0), 9, (0, 0, 0, 0), "shooter"),
     ((26, 0, 0, 0), 0, "0000", "scores"), ((26.0, 0, 0, 0), 0, (0, 0, 0, 0), "points"),
     (None, 0, (0, 0, 0, 0), "points"), ((26, 0, 0, 0), 0, None, "scores")],
)
def test_score_hand_checks_its_input(points, shooter, scores, field):
    with pytest.raises(RulesError) as raised:
        score_hand(Rules.preset("standard", players=4), points, shooter, scores)
    assert raised.value.field == field
