"""The opponents' level and "what would the expert play?" (issue 18, item 5): at the table, the play-table
widget and ``hearts-lab play --seat 0``. The hint is a question: a game in which it is asked before every
card is the same game, card for card and random state for random state, as one in which it never is."""
from __future__ import annotations

import io
import random
import sys

import pytest

from hearts_lab import Rules
from hearts_lab.bots import HeuristicBot, SamplingBot
from hearts_lab.bots.registry import BOTS, EXPERT_WORLDS
from hearts_lab.cli import main
from hearts_lab.table import HINT_HONESTY, Table, TableError
from hearts_lab.widgets import PlayTable


def bot_states(table: Table) -> list[object]:
    return [None if bot is None else getattr(bot, "rng", None) and bot.rng.getstate() for bot in table.bots]


def play_on(table: Table, hints: bool, cards: int) -> list[str]:
    """Play the human's first legal card ``cards`` times (asking for the hint first when ``hints``); the messages."""
    said = []
    for _ in range(cards):
        if table.scored is not None:
            said.append(table.next_hand().text)
        if table.passing:
            said.append(table.pass_cards(table.hand.cards(table.seat)[:3]).text)
        if hints:
            hint = table.hint()
            assert sorted(hint.values) == sorted(table.legal_moves())
        said.append(table.play(table.legal_moves()[0]).text)
    return said


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_asking_for_the_hint_before_every_card_changes_nothing(level):
    with_hints, without = Table(seed=11, bots=level), Table(seed=11, bots=level)
    cards = 16 if level == "easy" else 6  # easy: past the end of hand 1 into hand 2
    assert play_on(with_hints, True, cards) == play_on(without, False, cards)
    assert with_hints.hand.to_json() == without.hand.to_json()
    assert with_hints.game.scores == without.game.scores and len(with_hints.game.history) == len(without.game.history)
    assert bot_states(with_hints) == bot_states(without)
    if level == "easy":
        assert all(isinstance(b.rng, random.Random) for b in with_hints.bots if b is not None)  # the states compared are real
    assert with_hints.message == without.message
    # Undo takes back the same card at both tables.
    assert with_hints.undo().text == without.undo().text


def test_the_hint_covers_every_legal_card_and_is_repeatable():
    table = Table(seed=5)
    table.pass_cards(table.hand.cards(0)[-3:])
    table.play(table.legal_moves()[0])
    first, again = table.hint(), table.hint()
    assert first == again
    assert first.worlds == EXPERT_WORLDS and first.seat == 0
    assert set(first.values) == set(table.legal_moves())
    means = [v.mean for v in first.values.values()]
    assert means == sorted(means) and first.best == next(iter(first.values))
    assert first.versus_best[first.best].mean == 0
    for card, value in first.values.items():
        assert value.n == first.worlds and value.low <= value.mean <= value.high
        assert first.versus_best[card].mean == pytest.approx(value.mean - first.values[first.best].mean)
    assert f"{EXPERT_WORLDS} sampled deals" in first.text and str(first.best) in first.text
    # The same values as the expert bot's own evaluation of the position (the hint is the registry's expert).
    bot = SamplingBot(seed=f"{table.seed}/hint", worlds=EXPERT_WORLDS)
    assert bot.evaluate(table.hand.view(0)) == {c: v.mean for c, v in first.values.items()}


def test_the_hint_names_the_card_the_expert_bot_plays_and_a_tie_as_a_tie():
    """rev-ws6 #6: the hint's card is the expert bot's own choice (its tie-break too), and when the paired
    interval against the runner-up contains 0 the sentence says there is no clear difference."""
    table = Table(seed=2)
    table.pass_cards(table.hand.cards(0)[-3:])
    kinds = set()
    while len(kinds) < 2:
        assert table.my_turn
        hint = table.hint()
        bot = SamplingBot(seed=f"{table.seed}/hint", worlds=EXPERT_WORLDS)
        assert hint.best == bot.choose_play(table.hand.view(0))
        if hint.runner_up is not None:
            gap = hint.versus_best[hint.runner_up]
            tie = gap.low <= 0
            kinds.add(tie)
            assert ("no clear difference" in hint.text) == tie
            assert ("The expert would play" in hint.text) == (not tie)
            assert f"{hint.best} and {hint.runner_up}" in hint.text if tie else f"next best {hint.runner_up}" in hint.text
            assert "+0.0 ±" not in hint.text or gap.mean == 0  # a small gap is printed with enough decimals
        table.play(table.legal_moves()[-1])


def test_the_hint_is_refused_off_turn_and_changes_nothing():
    table = Table(seed=5)
    before = (table.hand.to_json(), table.message)
    with pytest.raises(TableError, match="pass your cards first"):
        table.hint()
    assert (table.hand.to_json(), table.message) == before
    watching = Table(seat=None, seed=5)
    with pytest.raises(TableError, match="not your turn"):
        watching.hint()


def test_picking_the_level_seats_the_registrys_bots_and_a_bad_name_changes_nothing():
    table = Table(seed=2)
    assert table.level == "easy"  # the default opponents: the heuristic bot with its moon defence
    table.pass_cards(table.hand.cards(0)[-3:])
    record = table.hand.to_json()
    report = table.set_level("expert")
    assert report.ok and "expert bots" in report.text and table.level == "expert"
    assert table.hand.to_json() == record  # the hand goes on where it was
    assert [type(b) for b in table.bots] == [type(None), SamplingBot, SamplingBot, SamplingBot]
    refused = table.set_level("grandmaster")
    assert not refused.ok and "'grandmaster' is not a bot name" in refused.text
    assert table.level == "expert" and all(isinstance(b, (SamplingBot, type(None))) for b in table.bots)
    table.set_level("easy")
    assert all(b is None or (isinstance(b, HeuristicBot) and b.moon_defence) for b in table.bots)
    table.new_game()
    assert table.level == "easy" and all(b is None or b.moon_defence for b in table.bots)


def test_the_widget_menu_and_hint_button():
    table = PlayTable(Rules.preset("standard", players=4), seed=3, bots="easy")
    assert table.level_menu.value == "easy" and [v for _, v in table.level_menu.options] == ["easy", "medium", "expert"]
    # Each level's label is its registry line, whole or shortened at a word with " …" (never cut inside a word).
    for label, name in table.level_menu.options:
        full = f"{name}: {BOTS[name].description}"
        assert label == full or (label.endswith(" …") and full.startswith(label[:-2]) and full[len(label) - 2] == " "), label
    assert table.hint_button.disabled  # passing: nothing to hint yet
    table.hint_button.click()
    assert "pass your cards first" in table.message and table.hint is None
    table.pass_cards(table.hand.cards(0)[:3])
    table.level_menu.value = "medium"
    assert table.table.level == "medium" and "medium bots" in table.message
    assert "medium bot" in table.seats_html.value
    assert not table.hint_button.disabled
    record, report, version = table.hand.to_json(), table.table.report, table._version
    table.hint_button.click()
    assert table.hand.to_json() == record and table.table.report is report
    # The sentence is announced in the table's live region (a polite status), with a new data-version.
    live = table.message_html.value
    assert "role='status'" in live and "aria-live='polite'" in live and f"data-version='{version + 1}'" in live
    assert table.hint.text in live and table.message == table.hint.text
    assert "hl-bot-plays" not in live  # the announcement is the hint alone, not the bots' cards again
    shown = table.hint_html.value
    assert table.hint_html.layout.display is None
    assert shown.count("<tr") == 1 + len(table.hand.legal_moves()) and "hl-hint-best" in shown
    assert "it does not prove" in shown
    table.play(table.hand.legal_moves()[0])
    assert table.hint is None and table.hint_html.layout.display == "none"  # a stale hint is never left up
    assert not table.message.startswith("The expert would play")


def test_a_table_of_bot_objects_shows_them_and_still_offers_the_levels():
    table = PlayTable(seed=3, bots=[None, HeuristicBot(seed=1), HeuristicBot(seed=2), HeuristicBot(seed=3)])
    assert table.level_menu.value is None and table.level_menu.options[0][0] == "your bots"
    assert "HeuristicBot" in table.seats_html.value
    table.level_menu.value = "expert"
    assert table.table.level == "expert"
    table.level_menu.value = None  # "your bots" again: the bots were replaced, so the menu shows the experts
    assert table.level_menu.value == "expert" and table.table.level == "expert"


def test_hint_and_level_at_the_terminal(monkeypatch, capsys):
    table = Table(seed=4)
    pass_ = " ".join(map(str, table.hand.cards(0)[-3:]))
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"hint\n{pass_}\nlevel expert\nhint\nlevel nonsense\nquit\n"))
    assert main(["play", "--seat", "0", "--seed", "4", "--bots", "easy"]) == 0
    out = capsys.readouterr().out
    assert "The expert's hint is for your turn to play a card: pass your cards first." in out
    assert "Your opponents are now expert bots" in out
    assert f"The expert's average points over {EXPERT_WORLDS} sampled deals (lower is better):" in out
    assert "(its choice)" in out and HINT_HONESTY in out
    assert "'nonsense' is not a bot name" in out


def test_the_cheating_bot_reads_the_true_deal_and_is_repeatable():
    from hearts_lab import Hand
    from hearts_lab.bots import CheatingBot, play_hand

    hand = Hand.deal(Rules.preset("standard", players=4), seed=9, hand_number=3)
    play_hand(hand, [HeuristicBot(seed=s) for s in range(4)], until_seat=0)
    view = hand.view(0)
    bot = CheatingBot(seed=2)
    values = bot.evaluate(view)
    assert bot.last_worlds == 1 and set(values) == set(hand.legal_moves())
    # One world, the real one: whole points, and the hand it read is untouched.
    assert all(float(v).is_integer() for v in values.values())
    assert hand.to_play == 0 and len(hand.cards(0)) == 13
    assert CheatingBot(seed=2).choose_play(view) == CheatingBot(seed=2).choose_play(view)
