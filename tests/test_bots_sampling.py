"""The sampling bot, the one registry of bot names, and the duplicate match runner (small, fast runs)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from statistics import fmean

import pytest

from hearts_lab import Hand, Rules
from hearts_lab.bots import (
    ALIASES,
    BOTS,
    LEVELS,
    SITE_LEVEL,
    HeuristicBot,
    LowestCardBot,
    SamplingBot,
    bot_names,
    canonical_name,
    hand_score,
    make_bot,
    match,
    play_hand,
)
from hearts_lab.rules import PRESET_PLAYERS
from hearts_lab.table import Table


def _one_per_preset():
    for preset, players in PRESET_PLAYERS.items():
        yield preset, players[0]
        yield preset, players[-1]


@pytest.mark.parametrize("preset,players", list(_one_per_preset()))
def test_sampling_bot_plays_legal_hands_under_every_preset(preset, players):
    rules = Rules.preset(preset, players=players)
    hand = Hand.deal(rules, seed=3, hand_number=0)
    bots = [SamplingBot(seed=1, worlds=2, pass_worlds=1), *(HeuristicBot(seed=s) for s in range(1, players))]
    play_hand(hand, bots)  # an illegal pass or card would raise
    assert hand.phase == "over"
    assert Hand.from_json(hand.to_json()).history == hand.history


def test_sampling_bot_is_repeatable_under_its_seed():
    rules = Rules.preset("standard", players=4)

    def record(seed):
        hand = Hand.deal(rules, seed=12, hand_number=0)
        play_hand(hand, [SamplingBot(seed=seed, worlds=4, pass_worlds=2), *(HeuristicBot(seed=s) for s in (1, 2, 3))])
        return hand.to_json()

    assert record(5) == record(5)
    assert len({record(s) for s in (5, 6, 7)}) > 1


def test_sampling_bot_refuses_bad_settings():
    with pytest.raises(ValueError, match="worlds: expected a whole number"):
        SamplingBot(worlds=0)
    with pytest.raises(ValueError, match="time_limit: expected a number of seconds"):
        SamplingBot(time_limit=-1)
    with pytest.raises(ValueError, match="pass_worlds"):
        SamplingBot(pass_worlds=-2)


def test_sampling_bot_takes_the_card_its_rollouts_score_best():
    rules = Rules.preset("standard", players=4)
    hand = Hand.deal(rules, seed=9, hand_number=3)
    bots = [HeuristicBot(seed=s) for s in range(4)]
    while hand.phase == "play" and len(hand.legal_moves()) < 3:
        hand.play(bots[hand.to_play].choose_play(hand.view(hand.to_play)))
    bot = SamplingBot(seed=2, worlds=5)
    card = bot.choose_play(hand.view(hand.to_play))
    assert bot.last_worlds == 5 and card in bot.last
    assert bot.last[card] == min(bot.last.values())


def test_hand_score_applies_the_moon():
    rules = Rules.preset("standard", players=4)
    for seed in range(400):
        hand = Hand.deal(rules, seed=seed, hand_number=3)
        play_hand(hand, [HeuristicBot(seed=s) for s in range(4)])
        if hand.moon_shooter is not None:
            scores = [hand_score(hand, s) for s in range(4)]
            assert scores[hand.moon_shooter] == 0 and sorted(scores) == [0, 26, 26, 26]
            return
    pytest.fail("no moon in 400 hands")


def test_one_registry_of_bot_names_everywhere():
    assert bot_names() == ("random", "lowest", "heuristic", "easy", "medium", "expert")
    assert set(LEVELS) <= set(BOTS) and SITE_LEVEL in LEVELS
    assert canonical_name("HeuristicBot") == "heuristic" and all(canonical_name(a) in BOTS for a in ALIASES)
    assert isinstance(make_bot("lowest"), LowestCardBot)
    assert make_bot("easy", seed=1).moon_defence and not make_bot("heuristic", seed=1).moon_defence
    assert make_bot("expert").worlds > make_bot("medium").worlds
    from hearts_lab.simulate import BOT_NAMES

    assert BOT_NAMES == bot_names()
    with pytest.raises(ValueError, match="'clever' is not a bot name; choose one of 'random', 'lowest', 'heuristic'"):
        make_bot("clever")
    table = Table(Rules.preset("standard", players=4), seat=0, seed=1, bots="medium")
    assert all(isinstance(b, SamplingBot) for b in table.bots[1:])
    from hearts_lab.cli import build_parser

    for name in LEVELS:
        assert build_parser().parse_args(["play", "--bots", name]).bots == name


def test_a_line_up_against_itself_differs_by_exactly_nothing():
    result = match([("heuristic",) * 4], 3, seed=4, baseline="heuristic")
    line = result.lines["heuristic"]
    assert line.seat_hands == 3 * 4 * 4  # deals x rotations x seats
    assert line.versus_baseline.mean == 0 and line.versus_baseline.half_width == 0


def test_match_arithmetic_on_a_tiny_run():
    result = match([("lowest", "easy", "easy", "easy")], 3, seed=2)
    rows = result.rows
    assert len(rows) == 3 * 4 * 4
    low = [r for r in rows if r[4] == "lowest"]
    assert len(low) == 12 and sorted({r[3] for r in low}) == [0, 1, 2, 3]  # in every seat
    per_deal = [fmean(r[5] - r[6] for r in low if r[0] == d) for d in range(3)]
    line = result.lines["lowest"]
    assert line.versus_baseline.mean == pytest.approx(fmean(per_deal))
    assert line.points.mean == pytest.approx(fmean(fmean(r[5] for r in low if r[0] == d) for d in range(3)))
    assert line.versus_baseline.n == 3 and line.versus_baseline.low < line.versus_baseline.mean < line.versus_baseline.high
    # each hand's scores add up as the engine scored them: 26, or 78 after a moon
    for d in range(3):
        for rot in range(4):
            hand_rows = [r for r in rows if r[0] == d and r[2] == rot]
            assert sum(r[5] for r in hand_rows) in (26, 78)
    assert line.moons == sum(r[7] for r in low)
    assert "lowest" in str(result)


def test_difference_of_two_bots_is_paired_on_the_same_deals():
    """MatchResult.difference (notebook 11's cheat minus sampler): per deal, one bot's mean minus the other's."""
    result = match([("lowest", "easy", "easy", "easy"), ("random", "easy", "easy", "easy")], 3, seed=2)
    per_deal = [fmean(r[5] for r in result.rows if r[4] == "lowest" and r[0] == d)
                - fmean(r[5] for r in result.rows if r[4] == "random" and r[0] == d) for d in range(3)]
    d = result.difference("lowest", "random")
    assert d.n == 3 and d.mean == pytest.approx(fmean(per_deal)) and d.low < d.mean < d.high
    assert result.difference("random", "lowest").mean == pytest.approx(-d.mean)
    with pytest.raises(ValueError, match="no bot named 'expert' played in this match"):
        result.difference("expert", "lowest")


def test_cheating_bot_can_pass_as_the_sampler_does():
    """rev-ws6 #1: raced against SamplingBot(pass_worlds=0), CheatingBot(pass_worlds=0) differs only in what it sees."""
    from hearts_lab.bots import CheatingBot

    for seed in range(4):
        hand = Hand.deal(Rules.preset("standard", players=4), seed=seed, hand_number=seed)
        if hand.phase != "pass":
            continue
        view = hand.view(1)
        assert CheatingBot(seed=seed, pass_worlds=0).choose_pass(view) == SamplingBot(seed=seed, pass_worlds=0).choose_pass(view)
    with pytest.raises(ValueError, match="pass_worlds: expected 0"):
        CheatingBot(pass_worlds=2)


def test_match_gives_the_same_rows_on_an_executor():
    plain = match([("lowest", "heuristic", "heuristic", "heuristic")], 4, seed=1, chunk_size=2)
    with ThreadPoolExecutor(2) as pool:
        pooled = match([("lowest", "heuristic", "heuristic", "heuristic")], 4, seed=1, chunk_size=2, executor=pool)
    assert pooled.rows == plain.rows


def test_match_refuses_bad_input():
    with pytest.raises(ValueError, match=r"lineups\[0\]: 3 bots for 4 seats"):
        match([("easy", "easy", "easy")], 1)
    with pytest.raises(ValueError, match="is not a bot name"):
        match([("easy", "easy", "easy", "grandmaster")], 1)
    with pytest.raises(ValueError, match="deals: expected a whole number"):
        match([("easy",) * 4], 0)
    hand = Hand.deal(Rules.preset("standard", players=4), seed=1, hand_number=3)
    hand.play("2C")
    with pytest.raises(ValueError, match="fresh"):
        match([("easy",) * 4], [hand])
