"""The play page (notebooks/play.ipynb) headless, and the rules card it shows."""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from hearts_lab import Rules
from hearts_lab.rules import PRESET_PLAYERS
from hearts_lab.rules_card import rules_card
from hearts_lab.table import BOT_KINDS
from hearts_lab.widgets import PlayPage

ROOT = Path(__file__).resolve().parents[1]
ALL_TABLES = [(name, n) for name, allowed in PRESET_PLAYERS.items() for n in allowed]


@pytest.mark.parametrize("preset,players", ALL_TABLES)
def test_rules_card_says_what_the_engine_plays(preset, players):
    rules = Rules.preset(preset, players=players)
    card = rules_card(rules)
    assert card[0].startswith(f"Deck: {len(rules.deck())} cards")
    assert f"{rules.hand_size} each" in card[0]
    assert ("kitty" in card[0]) == bool(rules.kitty_size)
    for card_text in map(str, rules.removed if len(rules.removed) <= 8 else ()):
        assert card_text in card[0]
    passing = card[1]
    assert passing.startswith(f"Passing: {rules.pass_count} cards")
    # one entry per hand of the cycle, numbered from 1 as people number hands
    assert re.findall(r"hand (\d+):", passing) == [str(h) for h in range(1, len(rules.pass_schedule) + 1)]
    for h, offset in enumerate(rules.pass_schedule, start=1):
        direction = rules.pass_direction(offset)
        words = "no pass" if direction == "hold" else direction.split()[-1]   # left, right, across
        assert re.search(rf"hand {h}: [^;]*{words}", passing), (h, direction, passing)
    if rules.opening_card is not None and rules.opening_lead == "lowest-club":
        assert f"holds the {rules.opening_card} leads it" in card[2]
    assert f"reaches {rules.target} points" in card[-1]
    assert any("cancel" in line for line in card) == rules.cancellation


def test_rules_card_follows_house_rules():
    base = Rules.preset("standard", players=4)
    house = dataclasses.replace(base, card_points="omnibus", moon="off", hearts_broken_by="nothing", first_trick_points=True, target=50)
    card = "\n".join(rules_card(house))
    assert "J♦ −10" in card
    assert "No shooting the moon" in card
    assert "Hearts may be led at any time." in card
    assert "On trick 1 nobody may play" not in card and "On trick 1 nobody may play" in "\n".join(rules_card(base))
    assert "reaches 50 points" in card
    choice = "\n".join(rules_card(dataclasses.replace(base, moon="choice")))
    assert "you choose" in choice


def test_the_page_opens_with_the_teachers_settings():
    page = PlayPage(preset="cancellation", players=8, bots="random", seed=5)
    assert (page.preset.value, page.players.value, page.bots.value, page.seed.value) == ("cancellation", 8, "random", 5)
    assert page.play_table.rules == Rules.preset("cancellation", players=8)
    assert page.play_table.seed == 5
    assert "Cancellation Hearts, 8 players" in page.rules_card.value
    assert sorted(page.bots.options, key=str) == sorted(((label, kind) for label, kind in page.bots.options), key=str)
    assert [kind for _, kind in page.bots.options] == list(BOT_KINDS)


def test_a_bad_opening_setting_is_an_error_naming_the_field():
    with pytest.raises(ValueError, match="players: the 'lowest-clubs' preset is for 2 to 6 players, not 7"):
        PlayPage(preset="lowest-clubs", players=7)
    with pytest.raises(ValueError, match="bots"):
        PlayPage(bots="genius")


def test_settings_wait_for_start_and_a_game_in_progress_is_kept():
    page = PlayPage()
    table = page.play_table
    table.pass_cards(table.hand.cards(0)[-3:])
    table.play(table.hand.legal_moves()[0])
    page.preset.value = "lowest-clubs"
    page.players.value = 3
    assert page.play_table is table and table.rules.players == 4    # nothing happens before Start
    assert list(page.players.options) == list(PRESET_PLAYERS["lowest-clubs"])
    page.start.click()
    assert page.play_table is not table
    assert page.play_table.rules == Rules.preset("lowest-clubs", players=3)
    assert len(page.play_table.hand.cards(0)) == 17
    assert page.table_box.children == (page.play_table,)
    assert "the Q♠ does not count" in page.rules_card.value


def test_the_player_count_follows_the_rule_set():
    page = PlayPage()
    page.players.value = 7
    page.preset.value = "lowest-clubs"   # 2-6: 7 becomes 6
    assert page.players.value == 6
    page.preset.value = "cancellation"   # 6-11
    assert page.players.value == 6 and page.players.options[-1] == 11
    page.preset.value = "standard"
    assert page.players.value == 6


def test_refused_settings_change_nothing():
    page = PlayPage()
    table, card = page.play_table, page.rules_card.value
    page.new_game(preset="cancellation", players=4)
    assert page.error.message == "players: the 'cancellation' preset is for 6 to 11 players, not 4."
    assert page.play_table is table and page.rules_card.value == card
    assert (page.preset.value, page.players.value) == ("standard", 4)
    page.new_game(preset="standard", players=5)
    assert page.error.message == "" and page.play_table.rules.players == 5


def test_the_solver_button_is_hidden_unless_asked_for():
    student = PlayPage().play_table
    assert student.solve_toggle not in student.actions.children and student.solver_box not in student.children
    assert student.solve_toggle.disabled
    teacher = PlayPage(solver=True).play_table
    assert teacher.solve_toggle in teacher.actions.children and teacher.solver_box in teacher.children


def test_the_play_notebook_is_the_page_and_nothing_else():
    nb = json.loads((ROOT / "notebooks" / "play.ipynb").read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code" and "jupyterlite" not in c["metadata"].get("tags", [])]
    assert len(code) == 1
    source = "".join(code[0]["source"])
    assert "PlayPage(" in source
    outputs = code[0]["outputs"]
    assert ["".join(o["data"]["text/plain"]) for o in outputs if "text/plain" in o.get("data", {})] == ["PlayPage('standard', players=4, bots='easy', seed=1)"]


@pytest.mark.parametrize("bots", ["heuristic", "easy", "random"])
def test_the_bots_menu_and_the_tables_opponents_menu_name_the_bots_alike(bots):
    page = PlayPage(bots=bots)
    chosen = dict((kind, label) for label, kind in page.bots.options)[bots]
    opponents = dict((kind, label) for label, kind in page.play_table.level_menu.options)[bots]
    assert chosen == bots and opponents.split(":")[0] == bots
