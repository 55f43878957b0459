"""PassingExplorer, headless: rotation diagrams and tables per preset, a real pass through the engine."""
from __future__ import annotations

import re

import pytest

from hearts_lab import Rules
from hearts_lab.render import FOUR_COLOURS
from hearts_lab.rules import PRESET_PLAYERS
from hearts_lab.widgets import PassingExplorer

VALID = [(preset, n) for preset, allowed in PRESET_PLAYERS.items() for n in allowed]


def pick(explorer: PassingExplorer, count: int) -> list:
    for toggle in explorer.card_toggles[:count]:
        toggle.value = True
    return explorer.selected


@pytest.mark.parametrize("preset,players", VALID)
def test_every_valid_combination_draws_the_rotation(preset, players):
    explorer = PassingExplorer(preset, players)
    rules = Rules.preset(preset, players=players)
    assert explorer.rules == rules and explorer.error.message == ""
    cycle = len(rules.pass_schedule)
    assert explorer.cycle.value.count("<tr") == cycle + 1
    for h in range(cycle):
        explorer.hand_number.value = h + 1   # the box counts hands from 1
        offset = rules.pass_offset(h)
        arrows = explorer.diagram.value.count("<line")
        assert arrows == (players if offset else 0)
        # the shaded row is this hand's row, and every seat's target is listed
        shaded = re.search(r"<tr style='background:#fff4cc[^']*'>(.*?)</tr>", explorer.cycle.value).group(1)
        targets = [int(t) for t in re.findall(r"&rarr; (\d+)", shaded)]
        assert targets == ([(s + offset) % players for s in range(players)] if offset else [])
    assert len(explorer.card_toggles) == rules.hand_size


@pytest.mark.parametrize("preset,players", [("standard", 11), ("standard", 2), ("lowest-clubs", 7), ("cancellation", 5)])
def test_invalid_combinations_show_the_rules_error(preset, players):
    explorer = PassingExplorer("standard", 4)
    explorer.preset.value = preset
    explorer.players.value = players
    with pytest.raises(ValueError) as expected:
        Rules.preset(preset, players=players)
    assert explorer.error.message == str(expected.value)
    assert explorer.rules is None and explorer.hand is None
    assert explorer.diagram.value == "" and explorer.picker.layout.display == "none"
    explorer.pass_button.click()  # nothing to pass: no crash
    explorer.players.value = PRESET_PLAYERS[preset].start
    assert explorer.error.message == "" and explorer.rules is not None


def test_a_student_pass_goes_through_the_engine_and_bots_pass_the_rest():
    explorer = PassingExplorer("standard", 4, hand_number=0, seed=3)
    hand = explorer.hand
    chosen = pick(explorer, 3)
    assert "Selected 3" in explorer.prompt.value
    explorer.pass_button.click()
    assert explorer.error.message == ""
    assert hand.phase == "play" and hand.passes[0] == tuple(chosen)
    assert all(len(p) == 3 for p in hand.passes)
    assert hand.received(1) == tuple(chosen)  # standard, hand 0: pass left
    for card in chosen:
        assert card in hand.cards(1)
    assert "The exchange is done" in explorer.prompt.value
    assert explorer.result.value.count("from seat") == 4
    assert all(t.disabled for t in explorer.card_toggles) and explorer.pass_button.disabled


@pytest.mark.parametrize("count", [0, 2, 4])
def test_a_wrong_size_pass_shows_the_engines_message_and_changes_nothing(count):
    explorer = PassingExplorer("standard", 4, seed=3)
    hand = explorer.hand
    before = [hand.cards(s) for s in range(4)]
    pick(explorer, count)
    explorer.pass_button.click()
    # the refusal shows under the button the student pressed, not at the widget's top
    assert explorer.pass_error.message == f"Seat 0 must pass exactly 3 cards, not {count}."
    assert explorer.error.message == ""
    buttons = next(i for i, c in enumerate(explorer.picker.children) if explorer.pass_button in getattr(c, "children", ()))
    assert explorer.picker.children[buttons + 1] is explorer.pass_error
    assert hand.phase == "pass" and hand.waiting_to_pass == (0, 1, 2, 3)
    assert [hand.cards(s) for s in range(4)] == before
    # fixing the selection then passing works and clears the message
    for toggle in explorer.card_toggles:
        toggle.value = False
    pick(explorer, 3)
    explorer.pass_button.click()
    assert explorer.pass_error.message == "" and hand.phase == "play"


def test_lowest_clubs_three_players_pass_four():
    explorer = PassingExplorer("lowest-clubs", 3, seed=2)
    pick(explorer, 4)
    explorer.pass_button.click()
    assert explorer.error.message == "" and len(explorer.hand.passes[0]) == 4


def test_a_hold_hand_says_so_and_the_engine_refuses_a_pass():
    explorer = PassingExplorer("standard", 4, hand_number=3)
    assert explorer.rules.pass_offset(3) == 0
    assert "hold hand" in explorer.prompt.value
    assert "hold: no pass" in explorer.diagram.value
    explorer.pass_button.click()
    assert explorer.pass_error.message == "Seat 0 cannot pass now: this is a hold hand, nobody passes."


def test_typing_hand_4_announces_hand_4_as_the_hold_hand():
    explorer = PassingExplorer("standard", 4, seed=1)
    explorer.hand_number.value = 4
    assert explorer.hand.hand_number == 3 and explorer.hand.passes is None
    assert "Hand 4 is a hold hand" in explorer.prompt.value and "Hand 3" not in explorer.prompt.value


def test_a_refusal_is_cleared_by_a_new_deal():
    explorer = PassingExplorer("standard", 4, seed=3)
    explorer.pass_button.click()
    assert explorer.pass_error.message
    explorer.seed.value = 4
    assert explorer.pass_error.message == "" and explorer.pass_error.value == ""


def test_card_toggles_are_wide_enough_for_a_10():
    explorer = PassingExplorer("standard", 4, seed=2)
    tens = [t for t in explorer.card_toggles if t.description.startswith("10")]
    assert tens, "seed 2 deals seat 0 a 10"
    # 17 px bold "10♥" needs about 44 px of text; the toggle leaves 66 - 2 * 2 (padding) - 6 (borders) px
    assert all(int(t.layout.width.rstrip("px")) >= 66 for t in tens)


def test_two_packs_let_the_student_pass_both_copies():
    explorer = PassingExplorer("cancellation", 6, seed=4)
    dealt = explorer.hand.dealt(0)
    twins = [i for i in range(len(dealt) - 1) if dealt[i] == dealt[i + 1]]
    assert twins, "seed 4 deals seat 0 a duplicate card"
    i = twins[0]
    explorer.card_toggles[i].value = True
    explorer.card_toggles[i + 1].value = True
    other = next(j for j in range(len(dealt)) if dealt[j] != dealt[i])
    explorer.card_toggles[other].value = True
    explorer.pass_button.click()
    assert explorer.error.message == ""
    assert list(explorer.hand.passes[0]).count(dealt[i]) == 2


def test_redeal_restores_the_same_deal_and_controls_redeal():
    explorer = PassingExplorer("standard", 5, seed=7)
    dealt = explorer.hand.dealt(0)
    pick(explorer, 3)
    explorer.pass_button.click()
    explorer.redeal_button.click()
    assert explorer.hand.phase == "pass" and explorer.hand.dealt(0) == dealt
    explorer.seed.value = 8
    assert explorer.hand.dealt(0) != dealt


def test_four_colour_and_labels():
    explorer = PassingExplorer("standard", 4)
    clubs = [t for t in explorer.card_toggles if t.description.endswith("♣")]
    assert clubs and all(t.style.text_color == "#1a1a1a" for t in clubs)
    assert all(t.tooltip.endswith("of clubs") for t in clubs)
    explorer.four_colour.value = True
    assert all(t.style.text_color == FOUR_COLOURS["C"] for t in clubs)
    assert 'aria-label="pass diagram, 4 seats: left' in explorer.diagram.value
