"""Headless tests of the rules lab: set control values, read the rules it builds and the HTML it shows."""

from __future__ import annotations

import dataclasses
import html

import pytest

from hearts_lab import Card, Hand, Rules, RulesError
from hearts_lab.bots import HeuristicBot, LowestCardBot, play_hand
from hearts_lab.rules import CARD_VALUES
from hearts_lab.widgets.rules_lab import FIELD_HELP, RulesLab

STANDARD = Rules.preset("standard", players=4)


def played(rules: Rules, seed: int, bot: str = "HeuristicBot") -> Hand:
    hand = Hand.deal(rules, seed=seed)
    bots = [HeuristicBot(seed=f"{seed}/{s}") if bot == "HeuristicBot" else LowestCardBot() for s in range(rules.players)]
    play_hand(hand, bots)
    return hand


def test_every_rule_field_has_a_control_with_help():
    lab = RulesLab()
    fields = {f.name for f in dataclasses.fields(Rules) if f.init}
    assert fields <= set(lab.controls)
    assert {"preset", "seed", "bot", "card_point_changes"} <= set(lab.controls)
    assert all(name in FIELD_HELP for name in fields)


def test_starts_on_the_preset_and_shows_its_facts():
    lab = RulesLab()
    assert lab.rules == STANDARD == lab.preset_rules
    assert lab.controls["pass_schedule"].value == "1, 3, 2, 0"
    assert lab.controls["removed"].value == ""
    assert STANDARD.summary() in lab.status_html.value
    assert "<td>52 cards (1 pack)</td>" in lab.facts_html.value
    assert "13 cards each" in lab.facts_html.value and "<td>0 cards</td>" in lab.facts_html.value
    cells = "<td>left (1)</td><td>right (3)</td><td>across (2)</td><td>hold (0)</td>"
    assert cells in lab.schedule_html.value
    assert "None: these are the preset's rules." in lab.changes_html.value
    assert "both columns show the same hand" in lab.compare_html.value


def test_players_reloads_the_preset_for_that_count():
    lab = RulesLab()
    lab.controls["players"].value = 5
    assert lab.rules == Rules.preset("standard", players=5)
    assert lab.controls["removed"].value == "2♣ 2♦"
    assert lab.controls["pass_schedule"].value == "1, 4"
    assert "<td>50 cards (1 pack)</td>" in lab.facts_html.value and "10 cards each" in lab.facts_html.value
    assert "the 3♣, by its holder" in lab.facts_html.value  # Rules.opening_lead_text
    assert "<td>left (1)</td><td>right (4)</td><td>left (1)</td><td>right (4)</td>" in lab.schedule_html.value


def test_a_preset_change_moves_players_into_its_range():
    lab = RulesLab()
    lab.controls["preset"].value = "cancellation"
    assert lab.controls["players"].value == 6 and lab.rules == Rules.preset("cancellation", players=6)
    assert "so players is now 6" in lab.status_html.value
    assert "<td>104 cards (2 packs)</td>" in lab.facts_html.value and "<td>2 cards</td>" in lab.facts_html.value
    lab.controls["players"].value = 9
    assert lab.rules.kitty_size == 5 and lab.rules.hand_size == 11
    assert "<td>5 cards</td>" in lab.facts_html.value


def test_an_invalid_player_count_is_named_and_the_last_rules_kept():
    lab = RulesLab(preset="cancellation", players=8)
    before = lab.rules
    lab.controls["players"].value = 4
    assert lab.error_field == "players"
    assert lab.error == "players: the 'cancellation' preset is for 6 to 11 players, not 4."
    assert lab.rules == before
    assert "Problem with players" in lab.status_html.value and "last valid rules" in lab.status_html.value
    assert "hl-invalid" in lab.controls["players"]._dom_classes
    lab.controls["players"].value = 10
    assert lab.error == "" and lab.rules.players == 10 and "hl-invalid" not in lab.controls["players"]._dom_classes


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("pass_schedule", "1, 7", "pass_schedule: 7 is not a seat offset from 0 to 3."),
        ("pass_schedule", "left", "pass_schedule: 'left' is not a seat offset from 0 to 3."),
        ("pass_schedule", "", "pass_schedule: needs at least one offset; use (0,) for no passing."),
        ("removed", "2C 2C", "removed: 2♣ is removed 2 times but the deck has 1."),
        ("removed", "ZZ", "removed: 'ZZ' is not a card"),
        ("pass_count", 14, "pass_count: expected a whole number from 0 to 13, not 14."),
        ("card_point_changes", "JD-10", "card_points: 'JD-10' should look like J♦=-10"),
        ("card_point_changes", "JD=lots", "card_points: the value of JD must be a whole number, not 'lots'."),
        ("card_point_changes", "XX=3", "card_points: 'XX' is not a card"),
    ],
)
def test_invalid_values_show_the_engine_error_naming_the_field(field, value, message):
    lab = RulesLab()
    lab.controls["target"].value = 60  # a valid change first: it must survive the bad one
    kept = lab.rules
    lab.controls[field].value = value
    assert lab.error.startswith(message)
    assert lab.error_field == message.split(":")[0]
    assert lab.rules == kept and lab.rules.target == 60
    assert html.escape(message.split(":")[0]) in lab.status_html.value
    assert "hl-invalid" in lab.controls[field]._dom_classes


def test_changes_from_the_preset_are_listed():
    lab = RulesLab()
    lab.controls["hearts_broken_by"].value = "heart"
    lab.controls["target"].value = 50
    lab.controls["first_trick_points"].value = True
    assert lab.rules == dataclasses.replace(STANDARD, hearts_broken_by="heart", target=50, first_trick_points=True)
    changes = lab.changes_html.value
    assert "<th>hearts_broken_by</th><td>heart-or-queen</td><td>heart</td>" in changes
    assert "<th>target</th><td>100</td><td>50</td>" in changes
    assert "<th>first_trick_points</th><td>False</td><td>True</td>" in changes


def test_card_values_named_table_and_extra_values():
    lab = RulesLab()
    lab.controls["card_points"].value = "omnibus"
    assert lab.rules.card_points == CARD_VALUES["omnibus"]
    assert "<td>16</td>" in lab.facts_html.value  # 26 - 10
    lab.controls["card_points"].value = "standard"
    lab.controls["card_point_changes"].value = "J♦=-10"
    assert lab.rules.card_points == CARD_VALUES["omnibus"]  # the same rules, reached the other way
    lab.controls["card_point_changes"].value = "KS=10 AS=7"
    assert lab.rules.card_points == CARD_VALUES["black-maria"]
    assert "K♠=10" in lab.changes_html.value


def test_reset_and_reloading_a_variant_into_the_controls():
    lab = RulesLab()
    lab.controls["moon"].value = "off"
    lab.controls["decks"].value = 2
    assert lab.rules.decks == 2 and len(lab.rules.deck()) == 104 and lab.rules.moon == "off"
    assert "<td>104 cards (2 packs)</td>" in lab.facts_html.value
    lab.reset_button.click()
    assert lab.rules == STANDARD and lab.controls["moon"].value == "auto" and lab.controls["decks"].value == 1
    variant = dataclasses.replace(STANDARD, card_points={**dict(CARD_VALUES["standard"]), Card.parse("JD"): -5})
    lab._load(variant)
    assert lab.controls["card_points"].value == "standard" and lab.controls["card_point_changes"].value == "J♦=-5"


def test_no_passing_schedule():
    lab = RulesLab()
    lab.controls["pass_count"].value = 0
    assert lab.rules.pass_offset(0) == 0
    assert "No passing" in lab.schedule_html.value


def test_sample_hand_is_the_seeded_hand_under_both_rule_sets():
    lab = RulesLab()
    lab.controls["seed"].value = 5
    mine = played(STANDARD, 5)
    for s, p in enumerate(mine.points()):
        assert f"<tr><th>seat {s}</th><td class='hl-num'>{p}</td>" in lab.compare_html.value
    lab.controls["card_points"].value = "spot-hearts"
    changed = played(lab.rules, 5)
    preset = played(STANDARD, 5)
    assert changed.points() != preset.points() and sum(changed.points()) == 117
    deltas = lab._score(changed).deltas
    for s in range(4):
        assert (
            f"<tr><th>seat {s}</th><td class='hl-num'>{changed.points()[s]}</td><td class='hl-num'>{deltas[s]:+d}</td>"
            f"<td class='hl-num'>{preset.points()[s]}</td>"
        ) in lab.compare_html.value
    assert "both columns show the same hand" not in lab.compare_html.value


def test_lowest_card_bot_and_the_moon_column():
    lab = RulesLab()
    lab.controls["bot"].value = "LowestCardBot"
    hand = played(STANDARD, 1, "LowestCardBot")
    assert "played by LowestCardBots" in lab.compare_html.value
    for s, p in enumerate(hand.points()):
        assert f"<tr><th>seat {s}</th><td class='hl-num'>{p}</td>" in lab.compare_html.value
    assert "Moon: nobody shot the moon." in lab.compare_html.value
    lab.controls["moon"].value = "off"
    assert "Moon: off." in lab.compare_html.value


def test_cancellation_sample_shows_set_aside_tricks():
    lab = RulesLab(preset="cancellation", players=6, bot="LowestCardBot")
    found = None
    for seed in range(30):
        lab.controls["seed"].value = seed
        hand = played(lab.rules, seed, "LowestCardBot")
        aside = [t for t in hand.tricks if t.set_aside]
        if aside:
            found = (seed, aside)
            break
    assert found, "some seed in 0..29 sets a trick aside"
    seed, aside = found
    for trick in aside:
        assert f"Trick {trick.number + 1}: {html.escape(trick.reason)}" in lab.compare_html.value
    assert "Set aside: " in lab.compare_html.value
    lab.controls["cancellation"].value = False
    assert lab.rules.cancellation is False
    assert "<th>cancellation</th><td>True</td><td>False</td>" in lab.changes_html.value


def test_the_queen_not_breaking_hearts_is_a_lowest_clubs_rule():
    lab = RulesLab(preset="lowest-clubs", players=3)
    assert lab.controls["hearts_broken_by"].value == "heart"
    assert lab.controls["pass_count"].value == 4 and lab.controls["removed"].value == "2♦"
    assert "<td>left (1)</td><td>right (2)</td><td>hold (0)</td><td>left (1)</td>" in lab.schedule_html.value


def test_the_controls_are_the_rule_fields_in_order_grouped_by_their_docs_section():
    """One list: the lab's rule-field controls are rules.rule_fields(), in its order, each made from
    its metadata and placed in the group of its docs/rules.md §5 section."""
    import ipywidgets as widgets

    from hearts_lab.rules import OPTION_SECTIONS, rule_fields

    lab = RulesLab()
    fields = rule_fields()
    assert [name for name in lab.controls if name in fields] == [f.name for f in dataclasses.fields(Rules) if f.init] == list(fields)
    kinds = {"flag": widgets.Checkbox, "choice": widgets.Dropdown, "card-values": widgets.Dropdown, "text": widgets.Text,
             "cards": widgets.Text, "offsets": widgets.Text}
    for name, info in fields.items():
        control = lab.controls[name]
        if info.kind in kinds:
            assert isinstance(control, kinds[info.kind]), name
        if info.kind == "choice":
            assert tuple(control.options) == info.choices, name
        if info.kind == "count" and name != "players":
            if info.labels:
                assert [v for _, v in control.options] == list(range(info.low, info.high + 1)), name
            else:
                assert (control.min, control.max) == (info.low, info.high if info.high is not None else 52), name
    grid = lab.children[1].children[0]
    titles = [box.children[0].value for box in grid.children]
    assert [t.split(">")[1].split("<")[0] for t in titles] == [*OPTION_SECTIONS.values(), "Sample hand"]
    for box, section in zip(grid.children, OPTION_SECTIONS):
        shown = [name for name, control in lab.controls.items() if control in box.children and name in fields]
        assert shown == [name for name, info in fields.items() if info.section == section]


def test_a_new_rule_field_appears_in_the_lab_with_no_other_edit():
    """A subclass of Rules adding two house options with their metadata: the lab builds their
    controls, puts them in their sections, and builds rules with the values set."""
    import ipywidgets as widgets

    from hearts_lab.rules import INFO, RuleField

    @dataclasses.dataclass(frozen=True)
    class HouseRules(Rules):
        jokers: str = dataclasses.field(default="none", metadata={INFO: RuleField("choice", "5.6", "what jokers do", choices=("none", "wild"))})
        bonus: int = dataclasses.field(default=0, metadata={INFO: RuleField("count", "5.7", "points off the winner", low=0, high=50)})

    lab = RulesLab(rules_type=HouseRules)
    assert isinstance(lab.rules, HouseRules) and lab.rules.jokers == "none"
    assert isinstance(lab.controls["jokers"], widgets.Dropdown) and list(lab.controls["jokers"].options) == ["none", "wild"]
    assert (lab.controls["bonus"].min, lab.controls["bonus"].max) == (0, 50)
    assert lab.controls["jokers"].tooltip == "what jokers do"
    lab.controls["jokers"].value = "wild"
    lab.controls["bonus"].value = 7
    assert (lab.rules.jokers, lab.rules.bonus) == ("wild", 7)
    assert lab.rules.changes_from(lab.preset_rules) == {"jokers": ("none", "wild"), "bonus": (0, 7)}
    assert "<th>jokers</th><td>none</td><td>wild</td>" in lab.changes_html.value
    lab.controls["players"].value = 5  # a preset reload keeps the house field's control and resets it
    assert isinstance(lab.rules, HouseRules) and lab.rules.jokers == "none" and lab.controls["jokers"].value == "none"
    grid = lab.children[1].children[0]
    assert lab.controls["jokers"] in grid.children[5].children and lab.controls["bonus"] in grid.children[6].children
    with pytest.raises(RulesError, match="^rules_type: "):
        RulesLab(rules_type=dict)
