"""The table session (hearts_lab.table): actions, sentences, the moon, undo, and all-or-nothing."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from engine_helpers import moon_deal
from hypothesis import HealthCheck, given, settings, strategies as st
from suite_size import examples  # a quarter of the examples under make check (tests/suite_size.py)

from hearts_lab import Hand, IllegalMove, Rules
from hearts_lab.bots import BOT_MOON_POLICY, Bot, HeuristicBot, LowestCardBot, RandomBot, bot_moon_choice
from hearts_lab.errors import IllegalPass, MoonChoiceRequired
from hearts_lab.scoring import moon_decision
from hearts_lab.table import Controls, Report, Table, seat_direction

STANDARD = Rules.preset("standard", players=4)
CHOICE = dataclasses.replace(STANDARD, moon="choice")


def state(table: Table) -> tuple[Any, ...]:
    """Everything an action may change, as comparable values (the message aside)."""
    rngs = tuple(bot.rng.getstate() for bot in table.bots if isinstance(getattr(bot, "rng", None), random.Random))
    scored = None if table.scored is None else (table.scored.deltas, table.scored.moon, table.scored.scores_after)
    return (
        table.hand.to_json(), table.game.to_json(), table.game.scores, scored, table.moon_pending,
        table.received, table.seed, tuple(map(id, table.bots)), rngs,
    )


def check_whole(table: Table) -> None:
    """A table between actions is never half-way through one."""
    hand, game, seat = table.hand, table.game, table.seat
    assert Hand.from_json(hand.to_json()).to_json() == hand.to_json()  # a complete, replayable hand
    if seat is not None:
        if hand.phase == "pass":
            assert hand.waiting_to_pass == (seat,), "the bots choose their passes at once"
        if hand.phase == "play":
            assert hand.to_play == seat, "the bots reply up to the human's turn"
    else:
        assert hand.phase == "over"
    if hand.phase == "over":
        assert (table.scored is not None) != table.moon_pending
        if table.moon_pending:
            assert table.rules.moon == "choice" and hand.moon_shooter == seat and seat is not None
    else:
        assert table.scored is None and not table.moon_pending
    if table.scored is not None:
        assert game.history[-1].hand.to_json() == hand.to_json()
        assert game.hand_number == hand.hand_number + 1
    else:
        assert game.hand_number == hand.hand_number
    totals = list(game.starting_scores)
    for scored in game.history:
        totals = [t + d for t, d in zip(totals, scored.deltas)]
        assert tuple(totals) == scored.scores_after
    assert tuple(totals) == game.scores


def play_out(table: Table) -> None:
    while table.my_turn:
        assert table.play(table.legal_moves()[0]).ok, table.message


# -- construction ------------------------------------------------------------------------------


def test_defaults_and_the_first_sentence():
    table = Table()
    assert table.rules == STANDARD and table.seat == 0 and table.seed == 1
    assert table.hand.phase == "pass" and table.passing and not table.my_turn
    assert table.hand.waiting_to_pass == (0,)
    assert table.bots[0] is None and all(isinstance(b, HeuristicBot) for b in table.bots[1:])
    assert table.message == "Hand 1: choose 3 cards to pass left (to seat 1), then press Pass."
    assert table.report.ok and table.report.kind == "info"
    assert repr(table).startswith("<Table seat 0: <Hand standard 4p hand 1 (hand_number=0): pass>")


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"seat": 4}, ValueError, r"seat: expected a seat from 0 to 3 \(or None\), not 4"),
        ({"seat": True}, ValueError, "seat: expected a seat"),
        ({"seat": "0"}, ValueError, "seat: expected a seat"),
        ({"bots": "clever"}, ValueError, "bots: 'clever' is not a bot name"),
        ({"bots": [RandomBot(1)] * 3}, ValueError, r"bots: expected one bot per seat \(4\), got 3"),
        ({"bots": [None, None, RandomBot(2), RandomBot(3)]}, ValueError, "bots: seat 1 needs a bot"),
        ({"bots": 7}, ValueError, "bots: expected a bot name .* or a list of bots, not 7"),
        ({"rules": "standard"}, TypeError, "rules: expected a Rules value"),
        ({"seed": 1.5}, ValueError, "seed:"),
        ({"dealer": 99}, ValueError, "dealer: expected a seat from 0 to 3, not 99"),
    ],
)
def test_bad_arguments_name_the_field(kwargs, error, match):
    with pytest.raises(error, match=match):
        Table(**kwargs)


def test_a_bot_list_keeps_its_bots_and_ignores_the_humans_entry():
    bots = [HeuristicBot(1), LowestCardBot(), RandomBot(2), RandomBot(3)]
    table = Table(bots=bots, seat=1)
    assert table.bots[1] is None and table.bots[0] is bots[0] and table.bots[3] is bots[3]
    assert bots[1] is not None  # the caller's list is not changed


def test_dealer_and_controls():
    controls = Controls(pass_="type them", play="type a card", next_hand="press Enter", new_game="type new")
    table = Table(dealer=2, controls=controls)
    assert table.hand.dealer == 2 and table.game.first_dealer == 2
    assert table.message.endswith("then type them.")
    report = table.pass_cards(table.hand.cards(0)[:3])
    assert report.ok
    if table.my_turn:
        assert report.text.endswith("Your turn: type a card.")


# -- passing and playing ----------------------------------------------------------------------


def test_pass_then_the_bots_play_up_to_the_human():
    table = Table(seed=5)
    chosen = table.hand.cards(0)[-3:]
    report = table.pass_cards(chosen)
    assert report.ok and report.kind == "info"
    assert table.hand.passes[0] == tuple(chosen)
    received = table.hand.received(0)
    assert table.received == received
    source = (0 - table.hand.pass_offset) % 4
    assert report.text.startswith(
        f"You passed {' '.join(map(str, chosen))} to seat 1 and received {' '.join(map(str, received))} from seat {source}"
    )
    assert table.my_turn and table.legal_moves() == table.hand.legal_moves()
    table.play(table.legal_moves()[0])
    assert table.received == ()  # marked only until the first card


@pytest.mark.parametrize(
    "cards, rule, text",
    [
        (lambda t: t.hand.cards(0)[:2], "pass-count", "Seat 0 must pass exactly 3 cards, not 2."),
        (lambda t: "zz yy xx", "not-a-card", "is not a card"),
        (lambda t: [*t.hand.cards(0)[:2], next(c for c in STANDARD.deck() if c not in t.hand.cards(0))], "not-in-hand",
         "they do not hold it"),
    ],
)
def test_a_refused_pass_changes_nothing_and_reports_the_engine(cards, rule, text):
    table = Table(seed=5)
    before = state(table)
    report = table.pass_cards(cards(table))
    assert not report.ok and report.kind == "error" and isinstance(report.error, IllegalPass)
    assert text in report.text and table.message == report.text
    assert state(table) == before


def test_an_illegal_card_reports_the_engines_sentence_and_changes_nothing():
    table = Table(seed=1)
    table.pass_cards(table.hand.cards(0)[-3:])
    illegal = next(c for c in table.hand.cards(0) if c not in table.legal_moves())
    before = state(table)
    report = table.play(illegal)
    assert isinstance(report.error, IllegalMove)
    assert report.error.rule == table.why_illegal(illegal).rule
    assert report.text == table.why_illegal(illegal).to_you  # the engine's sentence, said to the human seat
    assert report.text.startswith(f"You cannot play {illegal}: ") and str(report.error).startswith(f"Seat 0 cannot play {illegal}: ")
    assert state(table) == before
    for bad in ("nonsense", "Z9"):
        assert "is not a card" in table.play(bad).text and state(table) == before


def test_playing_reports_each_trick_and_the_bots_reply_at_once():
    table = Table(seed=1)
    table.pass_cards(table.hand.cards(0)[-3:])
    before = len(table.hand.history)
    report = table.play(table.legal_moves()[0])
    assert len(table.hand.history) > before + 1
    first = table.hand.tricks[0]
    assert report.text.startswith(f"Trick 1: {first.reason}")
    assert table.collect_clause(first) in report.text
    assert report.text.endswith("Your turn: click a card.")


def test_a_whole_hand_is_scored_and_next_hand_deals_the_next():
    table = Table(seed=4)
    table.pass_cards(table.hand.cards(0)[:3])
    play_out(table)
    assert table.hand.phase == "over" and table.scored is not None
    assert table.message.endswith(f"Hand over: your score is now {table.game.scores[0]}. Press Next hand.")
    check_whole(table)
    before = state(table)
    assert "The hand is over: press Next hand" in table.play("2C").text and state(table) == before
    report = table.next_hand()
    assert report.ok and table.hand.hand_number == 1 and table.hand.pass_offset == 3
    assert "choose 3 cards to pass right (to seat 3)" in report.text


def test_wrong_moments_are_refused():
    table = Table(seed=1)
    before = state(table)
    assert "the cards have not been passed yet" in table.play("Q♠").text
    assert "no moon to choose" in table.choose_moon("old").text
    assert isinstance(table.report.error, MoonChoiceRequired)
    assert table.next_hand().text == "Finish this hand first."
    assert table.undo().text == "Nothing to undo: you have not passed or played a card in this hand yet."
    assert not table.can_undo
    assert state(table) == before


def test_a_hold_hand_starts_with_play():
    table = Table(dataclasses.replace(STANDARD, pass_schedule=(0,)))
    assert table.my_turn and table.message == "Hand 1: a hold hand, nobody passes. Your turn: click a card."


def test_a_short_game_to_the_end_and_a_new_game():
    table = Table(dataclasses.replace(STANDARD, target=40), seat=2, seed=7)
    for _ in range(30):
        if table.passing:
            assert table.pass_cards(table.hand.cards(2)[-3:]).ok
        play_out(table)
        check_whole(table)
        if table.game.is_over:
            break
        assert table.next_hand().ok
    assert table.game.is_over
    assert table.message.endswith(table.game_over_sentence())
    assert ("you (seat 2)" in table.game_over_sentence()) == (2 in table.game.winners)
    assert table.next_hand().text == "The game is over: press New game to play again."
    old_bots = table.bots
    report = table.new_game()
    assert report.text.startswith("New game (seed 8). Hand 1:")
    assert table.seed == 8 and table.game.hand_number == 0 and not table.game.history
    assert table.bots is not old_bots
    assert table.new_game("lesson").ok and table.seed == "lesson"
    assert table.new_game().ok and table.seed == "lesson+"


def test_new_game_with_a_bad_seed_changes_nothing():
    table = Table(seed=3)
    before = state(table)
    report = table.new_game(seed=[1])  # type: ignore[arg-type]
    assert "seed" in report.text and state(table) == before


def test_nobody_seated_the_bots_play_the_whole_game():
    table = Table(Rules.preset("cancellation", players=7, target=60), seat=None, seed=3, bots="random")
    assert table.hand.phase == "over" and table.scored is not None
    assert table.message.startswith("Hand 1: the bots played it. Hand over. Scores: ")
    before = state(table)
    for action in (lambda: table.play("2C"), lambda: table.pass_cards("2C 3C 4C"), table.undo, lambda: table.choose_moon("old")):
        report = action()
        assert not report.ok and state(table) == before
    assert "Nobody sits at this table" in table.play("2C").text
    while not table.game.is_over:
        assert table.next_hand().ok
        check_whole(table)
    assert table.message.endswith(table.game_over_sentence())


# -- undo ------------------------------------------------------------------------------------------


def test_undo_a_card_with_the_bots_replies():
    table = Table(seed=1)
    table.pass_cards(table.hand.cards(0)[-3:])
    table.play(table.legal_moves()[0])
    snapshot = table.hand.to_json()
    card = table.legal_moves()[-1]
    table.play(card)
    assert table.can_undo
    report = table.undo()
    assert report.ok and table.hand.to_json() == snapshot and table.my_turn
    assert report.text.startswith(f"Took back your {card} and the ")
    assert report.text.endswith("Your turn: click a card.")


def test_undo_the_pass_keeps_the_bots_choices():
    table = Table(seed=6)
    table.pass_cards(table.hand.cards(0)[:3])
    bot_choices = [table.hand.passes[s] for s in (1, 2, 3)]
    report = table.undo()
    assert report.text == "Took back your pass: choose 3 cards again."
    assert table.passing and [table.hand.pass_choice(s) for s in (1, 2, 3)] == bot_choices
    assert table.received == ()


def test_undo_after_scoring_unscores_the_hand():
    table = Table(seed=4)
    table.pass_cards(table.hand.cards(0)[:3])
    play_out(table)
    assert len(table.game.history) == 1
    scored_game = table.game
    assert table.undo().ok
    assert table.game.history == [] and table.game.scores == (0, 0, 0, 0) and table.scored is None
    assert len(scored_game.history) == 1  # a new game object: the old one is untouched
    check_whole(table)


# -- the moon ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("choice, expected", [("old", (0, 26, 26, 26)), ("new", (-26, 0, 0, 0))])
def test_the_human_shoots_and_chooses(choice, expected):
    table = Table(CHOICE, seed=1)
    assert table.load_hand(moon_deal(CHOICE)).ok
    play_out(table)
    assert table.moon_pending and table.scored is None and table.game.history == []
    assert table.message.endswith("You shot the moon! Choose how it scores: old (+26 to everyone else) or new (−26 to you).")
    assert table.moon_preview() == {"old": (0, 26, 26, 26), "new": (-26, 0, 0, 0)}
    before = state(table)
    assert table.next_hand().text == "Finish this hand first and choose how your moon scores."
    assert "choose how your moon scores" in table.play("2C").text
    bad = table.choose_moon("sideways")
    assert "moon_choice: expected 'old' or 'new'" in bad.text and state(table) == before
    report = table.choose_moon(choice)
    assert report.kind == "good" and report.text.startswith(f"You chose the {choice} moon. Moon ({choice}) applied.")
    assert table.game.scores == expected and table.scored.moon_choice == choice and not table.moon_pending
    assert table.moon_preview() == {}
    check_whole(table)


def test_a_bot_that_shoots_under_choice_asks_its_choose_moon():
    class NewMoonBot(LowestCardBot):
        def choose_moon(self, rules, points, shooter, scores):
            return "new"

    bots = [NewMoonBot(), None, RandomBot(2), RandomBot(3)]
    table = Table(CHOICE, seat=1, seed=1, bots=bots)
    table.load_hand(moon_deal(CHOICE))
    play_out(table)
    assert table.scored.moon == "new" and table.game.scores == (-26, 0, 0, 0)
    assert "Seat 0 shot the moon and chose the new moon." in table.message


def test_a_default_bot_takes_the_auto_decision():
    table = Table(CHOICE, seat=1, seed=1)
    table.load_hand(moon_deal(CHOICE))
    play_out(table)
    # auto: 0 - 26 is strictly below every other score, so the old moon.
    assert table.scored.moon == "old" and table.game.scores == (0, 26, 26, 26)
    assert "Seat 0 shot the moon and chose the old moon." in table.message


def test_a_bots_bad_moon_answer_is_refused_whole():
    class Confused(LowestCardBot):
        def choose_moon(self, rules, points, shooter, scores):
            return "sideways"

    table = Table(CHOICE, seat=1, seed=1, bots=[Confused(), None, RandomBot(2), RandomBot(3)])
    table.load_hand(moon_deal(CHOICE))
    before = state(table)
    while True:
        card = table.legal_moves()[0]
        report = table.play(card)
        if not report.ok:
            break
        before = state(table)
    assert "seat 0's Confused.choose_moon answered 'sideways'" in report.text
    assert state(table) == before  # the last card and every reply to it are rolled back


@pytest.mark.parametrize("scores", [(90, 80, 85, 70), (50, 20, 30, 40), (46, 20, 30, 40), (0, 0, 0, 0)])
@pytest.mark.parametrize("card_points", ["standard", "omnibus", "black-maria"])
def test_bot_moon_policy_is_the_engines_auto_decision(scores, card_points):
    rules = Rules.preset("standard", players=4, moon="choice", card_points=card_points)
    auto = dataclasses.replace(rules, moon=BOT_MOON_POLICY)
    points = (26, 0, 0, 0) if card_points == "standard" else (36, -10, 0, 0)
    expected = moon_decision(auto, points, 0, scores)
    assert LowestCardBot().choose_moon(rules, points, 0, scores) == expected
    assert HeuristicBot(seed=1).choose_moon(rules, points, 0, scores) == expected
    assert bot_moon_choice(object(), rules, points, 0, scores) == expected  # a bot without choose_moon


def test_rules_sections_worked_cases_for_the_bot_policy():
    # RULES.md §4: 90 80 85 70 -> old; 50 20 30 40 -> new; 46 20 -> not strictly lower -> new.
    bot: Bot = RandomBot(seed=0)
    assert bot.choose_moon(CHOICE, (26, 0, 0, 0), 0, (90, 80, 85, 70)) == "old"
    assert bot.choose_moon(CHOICE, (26, 0, 0, 0), 0, (50, 20, 30, 40)) == "new"
    assert bot.choose_moon(CHOICE, (26, 0, 0, 0), 0, (46, 20, 30, 40)) == "new"


# -- load_hand -------------------------------------------------------------------------------------


def test_load_hand_checks_and_copies():
    table = Table(seed=1)
    before = state(table)
    assert "rules differ" in table.load_hand(moon_deal(CHOICE)).text
    assert "next hand is number 0, not 2" in table.load_hand(Hand.deal(STANDARD, seed=1, hand_number=2)).text
    report = table.load_hand("hand")  # type: ignore[arg-type]
    assert report.text == "load_hand: expected a Hand (from Hand.deal or Hand.from_cards), not str."
    assert isinstance(report.error, ValueError)
    assert state(table) == before
    mine = moon_deal(STANDARD)
    assert table.load_hand(mine).ok
    play_out(table)
    assert mine.history == ()  # the caller's hand is not played on
    assert table.scored is not None and table.next_hand().ok


def test_load_hand_refuses_a_hand_the_game_could_never_score():
    """Another dealer or another seed's deal would be refused at scoring, after the last card: refused at once instead."""
    table = Table(seed=1)
    table.pass_cards(table.hand.cards(0)[:3])
    play_out(table)
    table.next_hand()  # hand 1: seat 1 deals
    before = state(table)
    wrong_dealer = table.load_hand(moon_deal(STANDARD, hand_number=1, dealer=0))
    assert wrong_dealer.text == "load_hand: the game cannot score this hand: dealer: seat 1 deals hand 1 of this game, not seat 0."
    other_seed = table.load_hand(Hand.deal(STANDARD, seed=9, hand_number=1, dealer=1))
    assert other_seed.text.startswith("load_hand: the game cannot score this hand: seed:")
    assert state(table) == before
    assert table.load_hand(moon_deal(STANDARD, hand_number=1, dealer=1)).ok
    play_out(table)
    assert table.scored is not None and table.hand.moon_shooter == 0


# -- all or nothing ---------------------------------------------------------------------------------


class Flaky(RandomBot):
    """A random bot that raises on its ``fail_at``-th decision (counting passes and plays)."""

    def __init__(self, seed: int, fail_at: int, error: type[BaseException] = RuntimeError) -> None:
        super().__init__(seed=seed)
        self.calls = 0
        self.fail_at = fail_at
        self.error = error

    def _tick(self) -> None:
        self.calls += 1
        if self.calls == self.fail_at:
            raise self.error("the bot broke")

    def choose_pass(self, view):
        self._tick()
        return super().choose_pass(view)

    def choose_play(self, view):
        self._tick()
        return super().choose_play(view)


def test_a_bot_failing_half_way_rolls_the_whole_action_back():
    flaky = Flaky(seed=2, fail_at=3)  # its pass, its first reply, then it breaks in the second reply
    table = Table(seed=1, bots=[None, flaky, RandomBot(2), RandomBot(3)])
    table.pass_cards(table.hand.cards(0)[-3:])
    failures = 0
    for _ in range(13):
        if not table.my_turn:
            break
        before = state(table)
        report = table.play(table.legal_moves()[0])
        if not report.ok:
            failures += 1
            assert report.text == "Something went wrong and nothing was changed: the bot at seat 1 failed: RuntimeError: the bot broke"
            assert state(table) == before
            assert table.play(table.legal_moves()[0]).ok  # the same card again: the bot works now
        check_whole(table)
    assert failures == 1


def test_ctrl_c_during_the_bots_replies_restores_then_stops():
    flaky = Flaky(seed=2, fail_at=2, error=KeyboardInterrupt)
    table = Table(seed=1, bots=[None, flaky, RandomBot(2), RandomBot(3)])
    table.pass_cards(table.hand.cards(0)[-3:])
    while table.my_turn and flaky.calls < 2:
        before = state(table)
        try:
            table.play(table.legal_moves()[0])
        except KeyboardInterrupt:
            assert state(table) == before
            break
    else:
        pytest.fail("the bot was never asked to reply")


def test_a_bot_failing_on_the_first_deal_raises():
    with pytest.raises(RuntimeError, match="the bot broke"):
        Table(seed=1, bots=[None, Flaky(seed=2, fail_at=1), RandomBot(2), RandomBot(3)])


def test_report_and_seat_direction():
    assert Report("x").ok and not Report("x", "error", ValueError("x")).ok
    assert [seat_direction(2, s, 6) for s in range(6)] == ["2 to the right", "right", "you", "left", "2 to the left", "across"]


# -- random sessions: never a half-applied state ---------------------------------------------------

TABLES = {
    "standard-4-choice": (dataclasses.replace(CHOICE, target=30), 0),
    "lowest-clubs-3": (Rules.preset("lowest-clubs", players=3, target=30), 2),
    "cancellation-7": (Rules.preset("cancellation", players=7, target=40, moon="choice"), 3),
}

# "advance" does what a student would (pass, play a legal card, choose the moon, next hand): most steps move on.
ACTIONS = ("advance",) * 12 + ("play-legal", "play-any", "play-text", "pass-held", "pass-any", "undo", "next", "new", "moon-old",
           "moon-new", "moon-bad", "load-moon", "load-bad")


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(TABLES)),
    seed=st.integers(0, 10**6),
    script=st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(0, 10**6)), min_size=30, max_size=200),
    flaky_at=st.one_of(st.none(), st.integers(1, 80)),
)
def test_random_sessions_never_leave_a_half_applied_state(name, seed, script, flaky_at):
    rules, seat = TABLES[name]
    n = rules.players
    bots = [RandomBot(seed=f"{seed}/{s}") for s in range(n)]
    if flaky_at is not None:
        bots[(seat + 1) % n] = Flaky(seed=seed, fail_at=flaky_at)
    try:
        table = Table(rules, seat=seat, seed=seed, bots=bots)
    except RuntimeError:
        return  # the bot broke on the very first deal: no table, nothing to check
    check_whole(table)
    for action, k in script:
        rng = random.Random(k)
        held = table.hand.cards(seat)
        before = state(table)
        if action == "advance":
            if table.passing:
                report = table.pass_cards(rng.sample(held, rules.pass_count))
            elif table.my_turn:
                report = table.play(rng.choice(table.legal_moves()))
            elif table.moon_pending:
                report = table.choose_moon(rng.choice(["old", "new"]))
            elif table.game.is_over:
                report = table.new_game()
            else:
                report = table.next_hand()
            assert report.ok or isinstance(report.error, RuntimeError), report.text  # only the flaky bot may stop it
        elif action == "play-legal":
            moves = table.legal_moves()
            report = table.play(rng.choice(moves) if moves else "2C")
        elif action == "play-any":
            report = table.play(rng.choice(rules.deck()))
        elif action == "play-text":
            report = table.play(rng.choice(["", "QS", "10h", "11H", "♠", "2C 3C"]))
        elif action == "pass-held":
            count = rules.pass_count + rng.choice([0, 0, 0, -1, 1])
            report = table.pass_cards(rng.sample(held, max(0, min(count, len(held)))))
        elif action == "pass-any":
            report = table.pass_cards(rng.sample(rules.deck(), rules.pass_count))
        elif action == "undo":
            report = table.undo()
        elif action == "next":
            report = table.next_hand()
        elif action == "new":
            report = table.new_game()
        elif action in ("moon-old", "moon-new", "moon-bad"):
            report = table.choose_moon({"moon-old": "old", "moon-new": "new", "moon-bad": "both"}[action])
        elif action == "load-moon" and n == 4:
            report = table.load_hand(moon_deal(rules, table.game.hand_number, table.game.dealer))
        else:
            report = table.load_hand(Hand.deal(rules, seed=k, hand_number=table.game.hand_number + 1))
        assert isinstance(report, Report) and table.report is report and report.text
        if not report.ok:
            assert report.kind == "error"
            assert state(table) == before, (action, report.text)
        check_whole(table)


def test_collect_clause_for_set_aside_tricks_follows_the_engines_pile():
    from hearts_lab.bots import play_hand

    seen = {"waits": 0, "nobody": 0}
    for seed in range(400):
        rules = Rules.preset("cancellation", players=6 + seed % 6)
        hand = Hand.deal(rules, seed=seed)
        play_hand(hand, [RandomBot(seed=s) for s in range(rules.players)])
        table = Table(rules, seat=None, seed=seed, bots="random")
        for trick in hand.tricks:
            if trick.collector is None:
                clause = table.collect_clause(trick)
                if trick.number < rules.hand_size - 1:
                    assert clause == " The cards wait for the next trick's winner."
                    seen["waits"] += 1
                else:
                    assert clause == " Nobody collects them."
                    seen["nobody"] += 1
        if all(seen.values()):
            break
    assert all(seen.values()), seen
