"""Headless tests of the play table: build it, click its buttons, read the engine state and the HTML."""

from __future__ import annotations

import dataclasses

import ipywidgets as widgets
import pytest
from engine_helpers import moon_deal

from hearts_lab import Card, Hand, IllegalMove, Rules
from hearts_lab.bots import HeuristicBot, RandomBot
from hearts_lab.render import FOUR_COLOURS, SUIT_COLOURS
from hearts_lab.widgets.play_table import PlayTable, seat_direction

STANDARD = Rules.preset("standard", players=4)


def visible(button: widgets.Button) -> bool:
    return button.layout.display != "none"


def shown_text(table: PlayTable) -> str:
    return "".join(
        w.value for w in (table.header, table.seats_html, table.centre_html, table.hand_title, table.why_html,
                          table.message_html, table.scoreboard_html)
    )


def pass_by_clicks(table: PlayTable, cards) -> None:
    for card in cards:
        index = table._button_cards.index(Card.parse(card))
        table.card_buttons[index].value = True
    table.pass_button.click()


def button_for(table: PlayTable, card) -> widgets.Button:
    return table.card_buttons[table._button_cards.index(Card.parse(card))]


def play_out(table: PlayTable) -> None:
    """The student plays their first legal card until the hand is over."""
    while table.hand.phase == "play":
        assert table.hand.to_play == table.seat
        table.play(table.hand.legal_moves()[0])


# -- construction and what is shown --------------------------------------------------------


def test_defaults_and_first_screen():
    table = PlayTable()
    assert table.rules == STANDARD
    assert table.seat == 0
    assert table.hand.phase == "pass"
    assert table.hand.waiting_to_pass == (0,)  # the bots have chosen already
    assert all(isinstance(b, HeuristicBot) for b in table.bots[1:]) and table.bots[0] is None
    assert len(table.card_buttons) == 13
    assert all(isinstance(b, widgets.ToggleButton) for b in table.card_buttons)
    assert [b.description for b in table.card_buttons] == [str(c) for c in table.hand.cards(0)]
    assert visible(table.pass_button) and not visible(table.next_button) and not visible(table.moon_old_button)
    assert "choose 3 cards to pass left (to seat 1)" in table.message
    assert "Scoreboard" in table.scoreboard_html.value


def test_bad_arguments_are_refused_with_the_field_named():
    with pytest.raises(ValueError, match="seat: expected a seat from 0 to 3"):
        PlayTable(seat=4)
    with pytest.raises(ValueError, match="bots: 'clever' is not a bot name"):
        PlayTable(bots="clever")
    with pytest.raises(TypeError, match="rules"):
        PlayTable(rules="standard")


def test_random_bots_and_a_bot_list():
    assert all(isinstance(b, RandomBot) for b in PlayTable(bots="random").bots[1:])
    table = PlayTable(bots=[HeuristicBot(1), None, RandomBot(2), RandomBot(3)], seat=1)
    assert table.bots[1] is None and isinstance(table.bots[0], HeuristicBot)
    with pytest.raises(ValueError, match="bots: seat 0 needs a bot"):
        PlayTable(bots=[None, HeuristicBot(1), RandomBot(2), RandomBot(3)], seat=1)


def test_card_buttons_have_suit_colours_and_screen_reader_names():
    table = PlayTable(seed=3)
    for card, button in zip(table.hand.cards(0), table.card_buttons):
        assert button.style.text_color == SUIT_COLOURS[card.suit]
        assert card.name in button.tooltip
        assert "hl-card-button" in button._dom_classes
    four = PlayTable(seed=3, four_colour=True)
    assert {b.style.text_color for b in four.card_buttons} <= set(FOUR_COLOURS.values())
    clubs = [b for c, b in zip(four.hand.cards(0), four.card_buttons) if c.suit == "C"]
    assert clubs and all(b.style.text_color == FOUR_COLOURS["C"] for b in clubs)
    four.four_colour_box.value = False  # the checkbox switches the deck's colours back
    assert all(b.style.text_color == SUIT_COLOURS[c.suit] for c, b in zip(four.hand.cards(0), four.card_buttons))


def test_bots_cards_are_never_shown():
    table = PlayTable(seed=2)
    pass_by_clicks(table, table.hand.cards(0)[:3])
    for _ in range(4):
        table.play(table.hand.legal_moves()[0])
        text = shown_text(table)
        for seat in (1, 2, 3):
            for card in table.hand.cards(seat):
                assert f'aria-label="{card.name}' not in text
            assert f"{len(table.hand.cards(seat))} card" in table.seats_html.value


# -- passing -------------------------------------------------------------------------------


def test_pass_by_selecting_toggle_buttons():
    table = PlayTable(seed=5)
    mine = table.hand.cards(0)
    chosen = mine[-3:]
    for card in chosen[:2]:
        button_for(table, card).value = True
    assert "2 of 3" in table.hand_title.value
    table.pass_button.click()  # two cards: the engine refuses and nothing changes
    assert table.hand.phase == "pass"
    assert table.message == "Seat 0 must pass exactly 3 cards, not 2."
    assert "hl-error" in table.message_html.value
    button_for(table, chosen[2]).value = True
    assert table.pass_button.description == "Pass these 3"
    table.pass_button.click()
    assert table.hand.phase == "play"
    assert table.hand.passes[0] == tuple(chosen)
    received = table.hand.received(0)
    assert "You passed " + " ".join(map(str, chosen)) in table.message
    assert "received " + " ".join(map(str, received)) in table.message
    assert table.hand.to_play == 0  # the bots played up to the student's turn
    assert not visible(table.pass_button)
    assert all(isinstance(b, widgets.Button) and not isinstance(b, widgets.ToggleButton) for b in table.card_buttons)
    marked = [c for c, b in zip(table._button_cards, table.card_buttons) if "hl-received" in b._dom_classes]
    assert sorted(marked) == sorted(received)


def test_pass_of_a_card_not_held_shows_the_engine_error():
    table = PlayTable(seed=5)
    not_mine = next(c for c in STANDARD.deck() if c not in table.hand.cards(0))
    before = table.hand.to_json()
    table.pass_cards([*table.hand.cards(0)[:2], not_mine])
    assert table.message == f"Seat 0 cannot pass {not_mine}: they do not hold it."
    assert table.hand.to_json() == before
    table.pass_cards("zz yy xx")
    assert "is not a card" in table.message and table.hand.to_json() == before


def test_hold_hand_starts_with_play():
    rules = dataclasses.replace(STANDARD, pass_schedule=(0,))
    table = PlayTable(rules)
    assert table.hand.phase == "play" and table.hand.to_play == 0
    assert "a hold hand, nobody passes" in table.message
    assert not visible(table.pass_button)


# -- playing ------------------------------------------------------------------------------


def test_only_legal_cards_are_enabled_and_disabled_ones_say_why():
    table = PlayTable(seed=1)
    pass_by_clicks(table, table.hand.cards(0)[-3:])
    legal = set(table.hand.legal_moves())
    assert legal and len(legal) < 13
    for card, button in zip(table._button_cards, table.card_buttons):
        assert button.disabled == (card not in legal)
        if card not in legal:
            with pytest.raises(IllegalMove) as caught:
                table.hand.copy().play(card)
            assert caught.value.to_you in button.tooltip and caught.value.seat == 0
            assert "hl-illegal" in button._dom_classes
    assert "Why some cards are grey" in table.why_html.value
    assert "you hold a" in table.why_html.value and "must follow suit" in table.why_html.value
    assert "Seat 0" not in table.why_html.value and "they hold" not in table.why_html.value


def test_forced_click_on_a_disabled_card_changes_nothing_and_shows_the_engine_message():
    table = PlayTable(seed=1)
    pass_by_clicks(table, table.hand.cards(0)[-3:])
    card, button = next((c, b) for c, b in zip(table._button_cards, table.card_buttons) if b.disabled)
    before = table.hand.to_json()
    expected = table.reason_for(card)
    button.click()  # Button.click() runs the handler even when the button is disabled
    assert table.hand.to_json() == before
    assert table.message == expected
    assert expected.startswith(f"You cannot play {card}:")  # the student is seat 0: said to them (rev-ws6 #14)
    assert "hl-error" in table.message_html.value


def test_playing_a_card_lets_the_bots_reply_and_reports_the_trick():
    table = PlayTable(seed=1)
    pass_by_clicks(table, table.hand.cards(0)[-3:])
    card = table.hand.legal_moves()[0]
    plays_before = len(table.hand.history)
    button_for(table, card).click()
    assert card in table.hand.history and card not in table.hand.cards(0)
    assert len(table.hand.history) > plays_before + 1  # the bots replied at once
    assert table.hand.to_play == 0 or table.hand.phase == "over"
    first = table.hand.tricks[0]
    assert f"Trick 1: {first.reason}" in table.message
    assert "Last trick" in table.centre_html.value and first.reason in table.centre_html.value


def test_a_late_second_click_on_a_played_card_is_ignored():
    table = PlayTable(seed=1)
    pass_by_clicks(table, table.hand.cards(0)[-3:])
    card = table.hand.legal_moves()[0]
    button = button_for(table, card)
    button.click()
    after = (table.hand.to_json(), table.message)
    assert button not in table.card_row.children  # its button left the row; no other card took it over
    button.click()  # a double click arriving late
    assert (table.hand.to_json(), table.message) == after
    toggle = table._toggle_pool[(table.hand.passes[0][0], 0)]
    toggle.value = not toggle.value  # a late toggle after the pass changes nothing either
    assert "click one to play it" in table.hand_title.value


def test_bad_card_text_and_wrong_phase_do_not_crash():
    table = PlayTable(seed=1)
    before = table.hand.to_json()
    table.play("Q♠")  # still passing
    assert "the cards have not been passed yet" in table.message and table.hand.to_json() == before
    table.play("nonsense")
    assert "is not a card" in table.message and table.hand.to_json() == before
    table.choose_moon("old")
    assert "no moon to choose" in table.message
    table.next_hand()
    assert "Finish this hand first" in table.message and table.game.hand_number == 0


def test_a_whole_hand_through_the_widget():
    table = PlayTable(seed=4)
    pass_by_clicks(table, table.hand.cards(0)[:3])
    while table.hand.phase == "play":
        enabled = [b for b in table.card_buttons if not b.disabled]
        assert enabled, "it is always the student's turn while the hand is on"
        enabled[0].click()
    assert table.hand.phase == "over"
    assert table.scored is not None and len(table.game.history) == 1
    assert sum(table.hand.points()) == 26
    assert table.game.scores == table.scored.scores_after
    assert visible(table.next_button)
    assert "Hand over" in table.message and "Press Next hand" in table.message
    assert "Hand 1 (left)" in table.scoreboard_html.value
    table.next_button.click()
    assert table.hand.hand_number == 1 and table.hand.pass_offset == 3
    assert "pass 3 right" in table.header.value


def test_a_whole_short_game_to_the_target():
    rules = dataclasses.replace(STANDARD, target=40)
    table = PlayTable(rules, seat=2, seed=7)
    hands = 0
    while not table.game.is_over:
        if table.hand.phase == "pass":
            table.pass_cards(table.hand.cards(2)[-3:])
        play_out(table)
        assert table.scored is not None, table.message
        hands += 1
        if not table.game.is_over:
            table.next_hand()
        assert hands < 30
    assert hands == len(table.game.history) >= 2
    assert max(table.game.scores) >= 40
    winners = table.game.winners
    assert table.game_over_sentence().startswith("Game over, winners: ")
    assert table.game_over_sentence() in table.message and table.game_over_sentence() in table.scoreboard_html.value
    assert table.game_over_sentence() in table.centre_html.value
    assert (("you (seat 2)" in table.game_over_sentence()) == (2 in winners))
    assert not visible(table.next_button) and visible(table.new_game_button)
    table.next_hand()
    assert "The game is over" in table.message
    table.new_game_button.click()
    assert table.seed == 8 and table.game.hand_number == 0 and not table.game.history


# -- undo ------------------------------------------------------------------------------------


def test_undo_takes_back_the_students_card_and_the_bots_replies():
    table = PlayTable(seed=1)
    pass_by_clicks(table, table.hand.cards(0)[-3:])
    table.play(table.hand.legal_moves()[0])
    snapshot = table.hand.to_json()
    history = table.hand.history
    card = table.hand.legal_moves()[-1]
    table.play(card)
    assert table.hand.history[: len(history)] == history and len(table.hand.history) > len(history) + 1
    table.undo_button.click()
    assert table.hand.to_json() == snapshot
    assert table.hand.to_play == 0
    assert table.message.startswith(f"Took back your {card} and the ")


def test_undo_after_bots_moved_first_keeps_their_earlier_cards():
    table = PlayTable(seed=1)
    pass_by_clicks(table, table.hand.cards(0)[-3:])
    while table.hand.phase == "play" and table.hand.current_trick.plays == ():
        table.play(table.hand.legal_moves()[0])
    # Now some bots have led into this trick before the student's turn.
    waiting = table.hand.to_json()
    before = table.hand.current_trick.plays
    table.play(table.hand.legal_moves()[0])
    table.undo()
    assert table.hand.to_json() == waiting and table.hand.current_trick.plays == before


def test_undo_the_pass_and_pass_again():
    table = PlayTable(seed=6)
    bot_choices = None
    pass_by_clicks(table, table.hand.cards(0)[:3])
    bot_choices = [table.hand.passes[s] for s in (1, 2, 3)]
    table.undo()
    assert table.hand.phase == "pass" and table.hand.waiting_to_pass == (0,)
    assert [table.hand.pass_choice(s) for s in (1, 2, 3)] == bot_choices
    assert "Took back your pass" in table.message
    pass_by_clicks(table, table.hand.cards(0)[-3:])
    assert table.hand.passes[0] == table.hand.dealt(0)[-3:]


def test_nothing_to_undo():
    table = PlayTable(seed=1)
    assert table.undo_button.disabled
    before = table.hand.to_json()
    table.undo()
    assert "Nothing to undo" in table.message and table.hand.to_json() == before


def test_undo_after_the_hand_is_scored_unscores_it():
    table = PlayTable(seed=4)
    pass_by_clicks(table, table.hand.cards(0)[:3])
    play_out(table)
    assert len(table.game.history) == 1 and table.game.scores != (0, 0, 0, 0)
    table.undo()
    assert table.game.history == [] and table.game.scores == (0, 0, 0, 0)
    assert table.hand.phase == "play" and table.scored is None and not visible(table.next_button)
    play_out(table)
    assert len(table.game.history) == 1


# -- the moon -----------------------------------------------------------------------------


@pytest.mark.parametrize("choice, expected", [("old", (0, 26, 26, 26)), ("new", (-26, 0, 0, 0))])
def test_student_shoots_the_moon_and_chooses(choice, expected):
    rules = dataclasses.replace(STANDARD, moon="choice")
    table = PlayTable(rules, seed=1)
    table.load_hand(moon_deal(rules))
    assert table.hand.to_play == 0 and table.hand.legal_moves() == (Card.parse("A♣"),)
    play_out(table)
    assert table.hand.moon_shooter == 0 and table.hand.points()[0] == 26
    assert table.moon_pending and table.scored is None and table.game.history == []
    assert visible(table.moon_old_button) and visible(table.moon_new_button)
    assert table.moon_old_button.description == "old: +26 to everyone else"
    assert table.moon_new_button.description == "new: −26 to me"
    assert not visible(table.next_button)
    assert "You shot the moon!" in table.message
    assert "Scores after <b>old</b>: 0, 26, 26, 26" in table.centre_html.value  # Game.preview of each choice
    assert "Scores after <b>new</b>: -26, 0, 0, 0" in table.centre_html.value
    table.next_hand()  # not before the choice
    assert "choose how your moon scores" in table.message
    (table.moon_old_button if choice == "old" else table.moon_new_button).click()
    assert table.game.scores == expected
    assert table.scored.moon == choice and table.scored.moon_choice == choice
    assert not table.moon_pending and not visible(table.moon_old_button) and visible(table.next_button)
    assert f"moon ({choice})" in table.scoreboard_html.value


def test_a_bot_that_shoots_under_choice_uses_the_auto_policy():
    rules = dataclasses.replace(STANDARD, moon="choice")
    table = PlayTable(rules, seat=1, seed=1)
    table.load_hand(moon_deal(rules))
    play_out(table)
    assert table.hand.moon_shooter == 0
    assert not table.moon_pending and not visible(table.moon_old_button)
    # auto: 0 - 26 is strictly below every other score, so the old moon.
    assert table.scored.moon == "old" and table.game.scores == (0, 26, 26, 26)
    assert "Seat 0 shot the moon and chose the old moon." in table.message


def test_moon_without_choice_is_scored_by_the_rules():
    table = PlayTable(STANDARD, seed=1)
    table.load_hand(moon_deal(STANDARD))
    play_out(table)
    assert not table.moon_pending and table.scored.moon in ("old", "new")
    assert table.game.scores == table.scored.scores_after


def test_load_hand_checks_the_rules_and_number():
    table = PlayTable(seed=1)
    table.load_hand(moon_deal(dataclasses.replace(STANDARD, moon="choice")))
    assert "rules differ" in table.message
    table.load_hand(Hand.deal(STANDARD, seed=1, hand_number=2))
    assert "next hand is number 0, not 2" in table.message


def test_seat_direction_words():
    assert [seat_direction(2, s, 6) for s in range(6)] == ["2 to the right", "right", "you", "left", "2 to the left", "across"]


def test_cancellation_table_shows_kitty_and_pile():
    rules = Rules.preset("cancellation", players=7)
    table = PlayTable(rules, seed=3, bots="random")
    assert len(table.card_buttons) == 14
    table.pass_cards(table.hand.cards(0)[:3])
    assert "Kitty: 6 cards" in table.centre_html.value
    play_out(table)
    assert table.scored is not None
    assert sum(table.hand.points()) + sum(rules.points_of(c) for c in table.hand.unclaimed) == 52


# -- the widget is a view: whatever is clicked, it shows exactly the table's state ---------------

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402
from suite_size import examples  # noqa: E402  (a quarter of the examples under make check: tests/suite_size.py)

from hearts_lab.table import Table  # noqa: E402


def check_view(table: PlayTable) -> None:
    session = table.table
    assert isinstance(session, Table)
    assert table.message == session.message
    assert session.message.strip() and html_text(session.message) in table.message_html.value
    assert table._button_cards == list(session.hand.cards(table.seat))
    assert [b.description for b in table.card_buttons] == [str(c) for c in session.hand.cards(table.seat)]
    if session.my_turn:
        enabled = {c for c, b in zip(table._button_cards, table.card_buttons) if not b.disabled}
        assert enabled == set(session.legal_moves())
    elif not session.passing:
        assert all(b.disabled for b in table.card_buttons)
    assert visible(table.pass_button) == session.passing
    assert visible(table.moon_old_button) == visible(table.moon_new_button) == session.moon_pending
    assert visible(table.next_button) == (session.scored is not None and not session.game.is_over)
    assert visible(table.new_game_button) == session.game.is_over
    assert table.undo_button.disabled == (not session.can_undo)


def html_text(text: str) -> str:
    import html

    return html.escape(text.strip())


CLICKS = ("enabled-card",) * 12 + ("card",) * 4 + ("toggle-pass",) * 2 + ("next",) * 2 + ("undo", "next", "new", "moon-old", "moon-new", "four-colour")


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from([
        dataclasses.replace(STANDARD, moon="choice", target=30),
        Rules.preset("cancellation", players=7, target=40),
        Rules.preset("lowest-clubs", players=3, target=30),
    ]),
    seed=st.integers(0, 1000),
    clicks=st.lists(st.tuples(st.sampled_from(CLICKS), st.integers(0, 10**6)), min_size=10, max_size=80),
)
def test_random_clicks_always_show_the_tables_state(rules, seed, clicks):
    import random

    table = PlayTable(rules, seed=seed, bots="random")
    check_view(table)
    for what, k in clicks:
        rng = random.Random(k)
        enabled = [b for b in table.card_buttons if not b.disabled and not isinstance(b, widgets.ToggleButton)]
        if what == "enabled-card" and enabled:
            rng.choice(enabled).click()
        elif what == "card" and table.card_buttons:
            button = rng.choice(table.card_buttons)
            if isinstance(button, widgets.ToggleButton):
                button.value = not button.value
            else:
                button.click()  # disabled buttons too: a forced click changes nothing but the message
        elif what == "toggle-pass":
            if table.table.passing:
                for button in table.card_buttons:
                    button.value = False
                for button in rng.sample(table.card_buttons, rules.pass_count):
                    button.value = True
            table.pass_button.click()
        elif what == "undo":
            table.undo_button.click()
        elif what == "next":
            table.next_button.click()
        elif what == "new" and visible(table.new_game_button):  # hidden mid-game: a student cannot press it
            table.new_game_button.click()
        elif what in ("moon-old", "moon-new"):
            (table.moon_old_button if what == "moon-old" else table.moon_new_button).click()
        else:
            table.four_colour_box.value = not table.four_colour_box.value
        check_view(table)


def test_the_table_carries_its_keyboard_guard():
    """rev-ws6 #5: the listener that keeps JupyterLab's shortcuts out of the table is drawn with every table
    (its behaviour is tested in JupyterLab: tests/browser/test_play_table_lab_keys.py)."""
    from hearts_lab.widgets.play_table import KEY_GUARD

    table = PlayTable(seed=1)
    assert KEY_GUARD in table.children[0].value and "stopPropagation" in KEY_GUARD and "ctrlKey" in KEY_GUARD
