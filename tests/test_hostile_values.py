"""Wrong values accepted or bare Python errors escaping, found by the adversarial run: each is now refused
with the package's error naming the field, before any work is done."""

from __future__ import annotations

import dataclasses
import math
import time
from fractions import Fraction

import numpy as np
import pytest

from hearts_lab import CardError, Game, Hand, HeartsLabError, Rules, RulesError
from hearts_lab.bots import RandomBot, play_hand
from hearts_lab.cards import format_cards, parse_cards
from hearts_lab.rules import MAX_CARD_VALUE
from hearts_lab.scoring import auto_moon, game_ends, moon_deltas, no_game_ends, score_hand
from hearts_lab.simulate import simulate, simulate_games

RULES = Rules.preset("standard", players=4)
OPTION_FIELDS = ("opening_lead", "hearts_broken_by", "moon", "moon_cards", "last_trick_set_aside", "kitty_to", "ties")


@pytest.mark.parametrize("field", OPTION_FIELDS)
def test_an_option_field_given_an_array_or_junk_is_a_rules_error(field):
    for junk in (np.array(["old", "new"]), np.array("auto"), ["old"], 3, None, b"old"):
        with pytest.raises(RulesError) as refused:
            dataclasses.replace(RULES, **{field: junk})
        assert refused.value.field == field


def test_rules_from_dict_with_junk_keys_is_a_rules_error():
    for data in ({1: 2, "players": 4}, {1: 2, "x": 3, "players": 4}, {(1,): 2, "players": 4}):
        with pytest.raises(RulesError):
            Rules.from_dict(data)


def test_card_values_are_range_checked():
    assert Rules.preset("standard", players=4, card_points={"QS": MAX_CARD_VALUE}).points_of("QS") == MAX_CARD_VALUE
    for value in (10**100, MAX_CARD_VALUE + 1, -(10**19), 1.5, True):
        with pytest.raises(RulesError) as refused:
            Rules.preset("standard", players=4, card_points={"QS": value})
        assert refused.value.field == "card_points"


@pytest.mark.parametrize("changes", [
    dict(moon="new", moon_cards="all-points", card_points={"QS": 13}),
    dict(moon="avoid-end", moon_cards="all-points", card_points={"AH": 5, "2C": -1}),
    dict(moon="off", card_points={}),
    dict(moon="new", card_points={}),
    dict(moon="old", moon_reward=0, card_points={}),
])
def test_rules_under_which_no_game_can_end_are_refused_before_any_hand(changes):
    rules = Rules.preset("standard", players=4, **changes)
    assert no_game_ends(rules) is not None
    start = time.process_time()
    for call in (lambda: Game(rules), lambda: simulate_games(rules, 2, bots="random"), lambda: simulate_games(rules, 2, bots="heuristic")):
        with pytest.raises(RulesError) as refused:
            call()
        assert refused.value.field == "card_points"
    assert time.process_time() - start < 1.0
    # ... and the claim is true: 60 hands scored one after another never end a game to a low target.
    low = dataclasses.replace(rules, target=30)
    scores = (0, 0, 0, 0)
    for seed in range(60):
        hand = Hand.deal(low, seed=seed, hand_number=3)
        play_hand(hand, [RandomBot(seed * 4 + s) for s in range(4)])
        scores = tuple(s + d for s, d in zip(scores, score_hand(low, hand.points(), hand.moon_shooter, scores).deltas))
        assert not game_ends(low, scores), (changes, seed, scores)


@pytest.mark.parametrize("changes", [
    dict(moon="old", moon_cards="all-points", card_points={"QS": 13}),
    dict(moon="choice", card_points={}),
    dict(moon="off", card_points={"QS": 13}),
    dict(moon="new", moon_cards="all-points", card_points={"QS": 13, "AH": 1}),
])
def test_rules_under_which_a_game_can_end_are_kept(changes):
    rules = Rules.preset("standard", players=4, target=30, **changes)
    assert no_game_ends(rules) is None
    Game(rules)


def test_moon_scoring_calls_check_their_arguments():
    for call, field in (
        (lambda: moon_deltas(RULES, (26, 0, 0, 0), 0, "sideways"), "moon"),
        (lambda: moon_deltas(RULES, (26, 0, 0), 0, "old"), "points"),
        (lambda: moon_deltas(RULES, (26, 0, 0, 0), 7, "old"), "shooter"),
        (lambda: moon_deltas(RULES, (26, 0, 0, 0), True, "old"), "shooter"),
        (lambda: auto_moon(RULES, (26, 0, 0, 0), 0, (1, 2)), "scores"),
        (lambda: auto_moon(RULES, (26, 0, 0, 0), 0, {"a": 1}), "scores"),
        (lambda: auto_moon(RULES, "abcd", 0, (0, 0, 0, 0)), "points"),
        (lambda: game_ends(RULES, (1.5, 0, 0, 0)), "scores"),
    ):
        with pytest.raises(RulesError) as refused:
            call()
        assert refused.value.field == field


def test_cards_calls_refuse_non_cards_with_a_card_error():
    for call in (lambda: parse_cards(3), lambda: parse_cards(None), lambda: format_cards([5]), lambda: format_cards(5),
                 lambda: format_cards(["QS"]), lambda: parse_cards([["QS"]])):
        with pytest.raises(CardError):
            call()


def test_from_cards_refuses_megabytes_of_text_before_splitting_it():
    start = time.process_time()
    with pytest.raises(RulesError) as refused:
        Hand.from_cards(RULES, ["QS " * 5_000_000] * 4)
    assert refused.value.field == "hands" and time.process_time() - start < 0.5


def test_a_factory_named_like_a_batch_policy_is_still_called():
    calls = []

    def random(seed):  # the user's own bots, under the name of a batch policy
        calls.append(seed)
        return RandomBot(seed)

    result = simulate(RULES, 20, bots=random, seed=3)
    assert result.method == "engine" and calls
    with pytest.raises(HeartsLabError, match="method"):
        simulate(RULES, 20, bots=random, seed=3, method="batch")


def test_simulate_refuses_junk_with_the_package_error():
    for kwargs in (dict(hands=0), dict(hands=1.5), dict(hands=True), dict(hands=10**30), dict(hands=10, seed=-1),
                   dict(hands=10, seed="x"), dict(hands=10, chunk_size=0), dict(hands=10, method="gpu"), dict(hands=10, bots=5),
                   dict(hands=10, bots=[None] * 4), dict(hands=10, executor="x"), dict(hands=10, progress="yes")):
        with pytest.raises(HeartsLabError):
            simulate(RULES, **kwargs)
    with pytest.raises(HeartsLabError):
        simulate("standard", 10)  # type: ignore[arg-type]


def test_combinatorics_refuse_junk_with_the_package_error():
    from hearts_lab import combinatorics as C

    for call in (lambda: C.deal_count(None), lambda: C.p_void(RULES, suit=[]), lambda: C.p_void(RULES, suit=True),
                 lambda: C.deal_table(["x"]), lambda: C.deal_table(None), lambda: C.odds_table(["standard", 5]),
                 lambda: C.p_no_hearts(RULES, np.array([1, 2])), lambda: C.strip_reports([]), lambda: C.compare_strips(None),
                 lambda: C.remainder_table(None), lambda: C.compare(None), lambda: C.compare(["x"]),
                 lambda: C.estimate(None, RULES, deals=10), lambda: C.estimates(None, RULES), lambda: C.as_latex(Fraction(1, 3)),
                 lambda: C.wilson_interval(1, 10**5000), lambda: C.wilson_interval(1, 10, None)):
        with pytest.raises(HeartsLabError):
            call()


def test_dealing_many_samples_is_refused_before_any_deal():
    from hearts_lab import combinatorics as C

    start = time.process_time()
    for call in (lambda: C.deal_sample(RULES, 10**8), lambda: C.estimate(C.pair(), RULES, deals=10**30),
                 lambda: list(C.sample_deals(RULES, 10**30))):
        with pytest.raises(HeartsLabError) as refused:
            call()
        assert refused.value.field == "deals"
    assert time.process_time() - start < 0.5


@pytest.mark.parametrize("make", [
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).DeckExplorer(players=1),
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).DeckExplorer(preset=True),
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).RulesLab(bot="x"),
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).RulesLab(seed=math.nan),
    lambda: __import__("hearts_lab.widgets.solver", fromlist=["x"]).SolverPanel(hand=5),
    lambda: __import__("hearts_lab.widgets.solver", fromlist=["x"]).SolverPanel(max_nodes=math.nan),
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).PassingExplorer(seat=None),
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).PassingExplorer(hand_number=math.nan),
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).SimulationExplorer(hands=None),
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).SimulationExplorer(event=True),
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).CancellationExplorer(case=None),
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).CancellationExplorer(four_colour=1.5),
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).PlayPage(seed="x"),
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).PlayPage(preset=True),
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).PlayTable(four_colour=np.array([1, 2])),
    lambda: __import__("hearts_lab.widgets", fromlist=["x"]).DealStepper(Hand.deal(RULES, seed=1), step=-1),
])
def test_widget_constructors_refuse_junk_with_the_package_error(make):
    with pytest.raises(HeartsLabError):
        make()


@pytest.mark.parametrize("command, closed, status, said", [
    ("deal", ">&-", 74, "standard output is closed"),
    ("play --seat 0", "<&-", 0, "Bye."),
])
def test_the_command_line_with_a_closed_standard_stream_ends_without_a_traceback(command, closed, status, said):
    import os
    import shlex
    import subprocess
    import sys
    from pathlib import Path

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run(f"{shlex.quote(sys.executable)} -m hearts_lab.cli {command} {closed}", shell=True,
                          capture_output=closed == "<&-", stderr=subprocess.PIPE if closed == ">&-" else None,
                          text=True, env=env, timeout=120)
    out = (done.stdout or "") + (done.stderr or "")
    assert done.returncode == status and said in out and "Traceback" not in out, out[-500:]


def test_an_answer_far_longer_than_any_answer_is_not_digested(monkeypatch):
    # Each of the digest's rounds hashes the whole text: a 4,001-digit number cost 2.8 s a question on the
    # teacher's side. Such a value is judged "not the answer" without digesting it.
    from hearts_lab.exercises import checks

    def no_digest(*_):
        raise AssertionError("digested")

    monkeypatch.setattr(checks, "digest", no_digest)
    assert checks._matches("ws3", "Q3", 10 ** 4000) is None
    with pytest.raises(AssertionError):
        checks._matches("ws3", "Q3", 10 ** 40)
