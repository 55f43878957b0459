"""The heuristic bot goes for the moon with a strong hand (issue: "tries the moon with a strong hand")."""

from __future__ import annotations

import random

from hearts_lab import Hand, Rules, parse_cards
from hearts_lab.bots import HeuristicBot, play_hand
from hearts_lab.cards import full_pack

# Strong but not overwhelming: seven hearts with the top five, three aces, the K♠ and K♣.
STRONG = parse_cards("AH KH QH JH 10H 7H 5H AS KS AC KC AD 4D")


class NoMoonPlan(HeuristicBot):
    """The same bot with its moon plan switched off: the control."""

    @staticmethod
    def _moon_hand(cards, rules) -> bool:
        return False


def _moons(seat0_bot, deals: int = 40, opponents=HeuristicBot) -> int:
    rules = Rules.preset("standard", players=4)
    rest = [c for c in full_pack() if c not in STRONG]
    moons = 0
    for seed in range(deals):
        random.Random(seed).shuffle(rest)
        hand = Hand.from_cards(rules, [STRONG, rest[0:13], rest[13:26], rest[26:39]], hand_number=3)  # hold hand
        play_hand(hand, [seat0_bot, *(opponents(seed=s) for s in (1, 2, 3))])
        moons += hand.moon_shooter == 0
    return moons


def test_the_bot_sees_a_moon_hand():
    assert HeuristicBot._moon_hand(STRONG, Rules.preset("standard", players=4))


def test_heuristic_bot_shoots_the_moon_far_more_often_with_its_plan():
    with_plan, without = _moons(HeuristicBot(seed=0)), _moons(NoMoonPlan(seed=0))
    assert with_plan >= 20 and without <= 10, (with_plan, without)


def test_heuristic_bots_defend_against_the_moon():
    """The same strong hand against opponents who defend (the "easy" level) shoots the moon far less often."""
    defending = lambda seed: HeuristicBot(seed=seed, moon_defence=True)  # noqa: E731
    undefended, defended = _moons(HeuristicBot(seed=0)), _moons(HeuristicBot(seed=0), opponents=defending)
    assert defended <= undefended // 3, (undefended, defended)


def test_the_rules_lab_scores_a_bots_choice_with_the_one_bot_policy():
    """Under moon="choice" the lab's bots choose as every bot does (Bot.choose_moon), not a fixed "new"."""
    from engine_helpers import moon_deal

    from hearts_lab import Rules
    from hearts_lab.bots import LowestCardBot, bot_moon_choice, play_hand
    from hearts_lab.widgets.rules_lab import RulesLab

    rules = Rules.preset("standard", players=4, moon="choice")
    hand = moon_deal(rules)
    play_hand(hand, [LowestCardBot() for _ in range(4)])
    assert hand.moon_shooter == 0
    result = RulesLab(bot="LowestCardBot")._score(hand)
    assert result.moon == bot_moon_choice(LowestCardBot(), rules, hand.points(), 0, (0, 0, 0, 0)) == "old"
    assert result.deltas == (0, 26, 26, 26)
    assert "scored as the old moon (the shooting bot's choice)" in RulesLab._notes(hand, result)


def test_every_moon_choice_asks_the_shooting_bots_policy(monkeypatch):
    """Under moon="choice" the rules lab, the batch scoring and play_game all ask the one bot moon
    policy (Bot.choose_moon through the one moon-choice path): change the policy and all three follow."""
    import numpy as np
    from engine_helpers import moon_deal

    from hearts_lab import Game, Rules
    from hearts_lab.bots import Bot, LowestCardBot, play_game, play_hand
    from hearts_lab.simulate import score_batch
    from hearts_lab.widgets.rules_lab import RulesLab

    rules = Rules.preset("standard", players=4, moon="choice")
    hand = moon_deal(rules)
    play_hand(hand, [LowestCardBot() for _ in range(4)])
    start = (0, 0, 0, 0)
    assert Bot.choose_moon(LowestCardBot(), rules, hand.points(), 0, start) == "old"  # the real policy says old here
    asked = []

    def always_new(self, rules, points, shooter, scores):
        asked.append(shooter)
        return "new"

    monkeypatch.setattr(Bot, "choose_moon", always_new)
    assert RulesLab(bot="LowestCardBot")._score(hand).moon == "new"
    batch = score_batch(rules, np.array([hand.points()]), np.array([0]), np.array([start]))
    assert batch.tolist() == [[-26, 0, 0, 0]]
    assert asked == [0, 0]
    # play_game: with only Q♠ and A♥ worth points (both taken = a moon), seed 1 is a 5-hand game with 3 moons.
    two_cards = Rules.preset(
        "standard", players=4, moon="choice", card_points=(("QS", 13), ("AH", 1)), moon_cards="all-points", target=14
    )
    game = play_game(Game(two_cards, seed=1), [LowestCardBot() for _ in range(4)])
    moons = [h for h in game.history if h.hand.moon_shooter is not None]
    assert moons and all(h.moon == "new" for h in moons) and len(asked) == 2 + len(moons)


def test_the_table_asks_a_shooting_bot_through_the_one_path_and_names_its_failure():
    """At the table a bot's moon answer goes through Game.score; a bot answering nonsense is the
    bot's failure (BotFailed, seat named), and the game stays unscored."""
    from engine_helpers import moon_deal

    from hearts_lab import Rules
    from hearts_lab.bots import LowestCardBot
    from hearts_lab.table import BotFailed, Table

    class Sideways(LowestCardBot):
        def choose_moon(self, rules, points, shooter, scores):
            return "sideways"

    rules = Rules.preset("standard", players=4, moon="choice")
    for shooter, says in ((LowestCardBot(), "Seat 0 shot the moon and chose the old moon."), (Sideways(), None)):
        table = Table(rules, seat=1, seed=1, bots=[shooter, None, LowestCardBot(), LowestCardBot()])
        table.load_hand(moon_deal(rules))
        reports = []
        while table.my_turn and len(reports) < 13:
            reports.append(table.play(table.legal_moves()[0]))
        last = reports[-1]
        if says:
            assert table.hand.phase == "over" and table.hand.moon_shooter == 0
            assert last.ok and says in last.text and table.game.history[-1].deltas == (0, 26, 26, 26)
        else:  # the action is undone whole: the last card is back in the student's hand, nothing scored
            assert not last.ok and isinstance(last.error, BotFailed) and last.error.seat == 0
            assert "sideways" in str(last.error.error) and table.game.history == [] and table.scored is None
            assert table.hand.phase == "play" and table.my_turn and len(table.hand.cards(1)) == 1
