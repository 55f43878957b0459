"""DealStepper, headless: set .value, .click() buttons, read engine state and the displayed HTML."""
from __future__ import annotations

import re

import pytest

from hearts_lab import Hand, Rules
from hearts_lab.bots import HeuristicBot, play_hand
from hearts_lab.render import FOUR_COLOURS
from hearts_lab.widgets import DealStepper
from hearts_lab.widgets.stepper import load_hand

PRESETS = [("standard", 4), ("standard", 7), ("lowest-clubs", 2), ("lowest-clubs", 5), ("cancellation", 6), ("cancellation", 11)]


def played(preset: str, players: int, seed: int = 5) -> Hand:
    hand = Hand.deal(Rules.preset(preset, players=players), seed=seed)
    play_hand(hand, [HeuristicBot(seed=s) for s in range(players)])
    return hand


def seats_shown(html: str) -> int:
    return len(re.findall(r"aria-label='seat \d+'", html))


@pytest.mark.parametrize("preset,players", PRESETS)
def test_every_preset_steps_to_the_end(preset, players):
    hand = played(preset, players)
    stepper = DealStepper(hand)
    assert stepper.step == 0 and stepper.slider.max == len(hand.history) == players * hand.rules.hand_size
    assert seats_shown(stepper.table.value) == players
    assert stepper.back.disabled and stepper.first.disabled and not stepper.next.disabled
    stepper.last.click()
    assert stepper.step == stepper.plays
    assert stepper.state.phase == "over"
    assert stepper.next.disabled and stepper.last.disabled
    assert "Hand over" in stepper.info.value
    for seat, points in enumerate(hand.points()):
        assert f"seat {seat}: <strong>{points}</strong>" in stepper.info.value
    assert hand.tricks[-1].reason in stepper.table.value


def test_buttons_move_by_card_and_by_trick():
    hand = played("standard", 4)
    stepper = DealStepper(hand)
    stepper.next.click()
    assert stepper.step == 1
    assert stepper.state.history == hand.history[:1]
    stepper.next_trick.click()
    assert stepper.step == 4
    stepper.next_trick.click()
    assert stepper.step == 8
    stepper.back.click()
    assert stepper.step == 7
    stepper.prev_trick.click()
    assert stepper.step == 4
    stepper.prev_trick.click()
    assert stepper.step == 0
    stepper.first.click()  # already at the start: stays there
    assert stepper.step == 0
    stepper.slider.value = 30
    assert stepper.state.history == hand.history[:30]
    assert "Card 30 of 52" in stepper.status.value


def test_a_finished_trick_shows_the_engines_sentence_and_winner():
    hand = played("standard", 4)
    stepper = DealStepper(hand)
    stepper.go(4)
    first = hand.tricks[0]
    assert first.reason in stepper.status.value
    assert first.reason in stepper.table.value
    assert "wins the trick" in stepper.table.value  # the winning card's screen-reader label
    assert f"Seat {first.winner} collects 4 cards" in stepper.status.value


def test_step_zero_shows_the_pass():
    hand = played("standard", 4)
    stepper = DealStepper(hand)
    assert hand.passes is not None
    assert "The pass" in stepper.info.value
    assert "received in the pass" in stepper.table.value
    for seat in range(4):
        assert f"&rarr; seat {hand.pass_target(seat)}" in stepper.info.value


def test_a_hold_hand_has_no_pass_to_show():
    hand = Hand.deal(Rules.preset("standard", players=4), seed=2, hand_number=3)
    play_hand(hand, [HeuristicBot(seed=s) for s in range(4)])
    stepper = DealStepper(hand)
    assert "no pass this hand" in stepper.status.value
    assert "The pass" not in stepper.info.value


def test_cancellation_marks_cancelled_cards_pending_pile_and_kitty():
    hand = played("cancellation", 6, seed=2)  # the seed whose last trick is set aside (see hearts_lab.cases)
    stepper = DealStepper(hand)
    assert "face down, goes with trick 1" in stepper.info.value
    stepper.go(6)
    holder = stepper.state.kitty_holder
    if holder is not None:
        assert f"collected by seat {holder}" in stepper.info.value
    cancelled_at = next(i for i, t in enumerate(hand.tricks) if t.cancelled)
    stepper.go((cancelled_at + 1) * 6)
    assert "cancelled" in stepper.table.value
    stepper.last.click()
    assert hand.tricks[-1].set_aside
    assert "Nobody collects it" in stepper.status.value
    assert "unclaimed" in stepper.info.value


def test_records_load_from_json_and_paths(tmp_path):
    hand = played("lowest-clubs", 3)
    stepper = DealStepper(hand.to_json())
    assert stepper.hand.history == hand.history
    path = tmp_path / "hand.json"
    path.write_text(hand.to_json(), encoding="utf-8")
    assert DealStepper(path).plays == len(hand.history)
    assert DealStepper(str(path)).plays == len(hand.history)
    assert load_hand(hand) is hand


def test_the_stepper_keeps_its_own_copy():
    hand = played("standard", 4)
    stepper = DealStepper(hand)
    stepper.last.click()
    hand.undo(20)  # the original changes; the stepper still replays the record it was given
    stepper.go(50)
    assert len(stepper.state.history) == 50  # beyond what the undone original holds
    assert stepper.plays == 52 and len(hand.history) == 32
    stepper.load(hand)
    assert stepper.plays == 32


def test_a_bad_record_shows_the_engines_message_and_changes_nothing():
    hand = played("standard", 4)
    stepper = DealStepper(hand)
    stepper.go(9)
    truncated = hand.to_json()[:-40]
    stepper.record.value = truncated
    stepper.load_button.click()
    # the refusal shows under "Load record" (not at the stepper's top), what to paste first, then the engine's reason
    assert stepper.error.message == ""
    loader = stepper.loader.children[0].children
    assert loader[loader.index(stepper.load_button) + 1] is stepper.record_error
    assert stepper.record_error.message.startswith("This text is not a hand record the stepper can replay: paste the whole text that hand.to_json() prints.")
    assert "not valid JSON" in stepper.record_error.message
    assert "Not allowed" in stepper.record_error.value
    assert stepper.hand.to_json() == hand.to_json() and stepper.step == 9
    # a rule-breaking record: the engine names the play
    other = played("standard", 4, seed=6)
    data = other.to_json().replace(f'"plays": ["{other.history[0]}"', f'"plays": ["{other.history[5]}"')
    stepper.record.value = data
    stepper.load_button.click()
    assert "plays[0]" in stepper.record_error.message
    assert stepper.hand.to_json() == hand.to_json()
    # a good record clears the message and starts at the deal
    stepper.record.value = other.to_json()
    stepper.load_button.click()
    assert stepper.record_error.message == "" and stepper.hand.history == other.history and stepper.step == 0


def test_a_hand_in_progress_and_a_hand_still_passing():
    hand = Hand.deal(Rules.preset("standard", players=5), seed=1)
    stepper = DealStepper(hand)
    assert stepper.plays == 0 and stepper.next.disabled
    assert "waiting for seats 0, 1, 2, 3, 4" in stepper.status.value
    play_hand(hand, [HeuristicBot(seed=s) for s in range(5)])
    hand.undo(7)
    stepper.load(hand)
    stepper.last.click()
    assert stepper.state.phase == "play"
    assert f"Seat {hand.to_play} to play" in stepper.status.value
    assert "hl-seat-turn" in stepper.table.value


def test_four_colour_toggle_recolours_the_cards():
    stepper = DealStepper(played("standard", 4))
    assert FOUR_COLOURS["C"] not in stepper.table.value
    stepper.four_colour.value = True
    assert FOUR_COLOURS["C"] in stepper.table.value and FOUR_COLOURS["D"] in stepper.table.value


def test_every_card_has_a_screen_reader_label():
    stepper = DealStepper(played("cancellation", 8))
    stepper.go(13)
    html = stepper.table.value
    assert html.count('role="img" aria-label="') >= 8 * 13 - 13
    assert "aria-label=\"queen of spades" in html or "aria-label=\"ace of" in html


def test_static_html_for_stored_notebooks():
    from IPython.core.formatters import DisplayFormatter

    stepper = DealStepper(played("standard", 4))
    data, _ = DisplayFormatter().format(stepper)
    assert "application/vnd.jupyter.widget-view+json" in data
    assert "hl-table" in data["text/html"]


@pytest.mark.parametrize("source", [True, 1.5, None, [], 10**12])
def test_a_source_that_is_not_a_hand_is_refused_naming_the_argument(source):
    from hearts_lab import RecordError

    with pytest.raises(RecordError, match="^source: expected a Hand"):
        DealStepper(source)
