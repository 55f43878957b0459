"""Every sentence a view shows about the opening lead, the kitty and passing comes from Rules, and
the engine plays what the sentence says: every preset and player count, every option value."""

from __future__ import annotations

import html
import itertools
import random

import pytest

from hearts_lab import Hand, Rules, RulesError
from hearts_lab.cards import CLUBS, POINT_CARDS
from hearts_lab.render import pass_cycle_html
from hearts_lab.rules import HEARTS_BROKEN_BY, KITTY_TO, OPENING_LEADS, PRESET_PLAYERS

pytest.importorskip("ipywidgets")
from hearts_lab.widgets.explorers import DeckExplorer
from hearts_lab.widgets.rules_lab import RulesLab

TABLES = [(name, players) for name, seats in PRESET_PLAYERS.items() for players in seats]
OPTIONS = list(itertools.product(OPENING_LEADS, (False, True), HEARTS_BROKEN_BY, KITTY_TO))


def _variants(name: str, players: int):
    for lead, first_lead_points, broken_by, kitty_to in OPTIONS:
        try:
            yield Rules.preset(
                name, players=players, opening_lead=lead, first_lead_points=first_lead_points,
                hearts_broken_by=broken_by, kitty_to=kitty_to,
            )
        except RulesError:  # e.g. a club lead on a deck without clubs
            continue


def _opening_is_as_said(rules: Rules, hand: Hand) -> None:
    """The engine's first lead against ``rules.opening_lead_text``."""
    text = rules.opening_lead_text
    leader = hand.to_play
    legal = hand.legal_moves()
    mine = hand.cards(leader)
    if rules.opening_lead == "left-of-dealer":
        assert text.endswith("by the player left of the dealer")
        assert leader == (hand.dealer + 1) % rules.players
        safe = [c for c in mine if c not in POINT_CARDS]
        if text.startswith("any card but a heart or Q♠"):
            assert set(legal) == set(safe or mine)
        elif text.startswith("any card but a heart"):
            assert all(c.suit != "H" for c in legal) or all(c in POINT_CARDS for c in mine)
        else:
            assert text.startswith("any card,") and set(legal) == set(mine)
        return
    lowest = hand.opening_card
    dealt_clubs = [c for s in range(rules.players) for c in hand.cards(s) if c.suit == CLUBS]
    assert lowest == min(dealt_clubs)
    assert lowest == rules.opening_card or (rules.opening_card in hand.kitty and "kitty" in text)
    assert lowest in mine
    assert f"the {rules.opening_card}" in text
    if rules.opening_lead == "lowest-club":
        assert text.startswith(f"the {rules.opening_card}") and legal == (lowest,)
    else:
        assert text.startswith("any club,") and set(legal) == {c for c in mine if c.suit == CLUBS}


def _kitty_is_as_said(rules: Rules, hand: Hand) -> None:
    """The kitty first shows up with the trick ``rules.kitty_text`` names."""
    text = rules.kitty_text
    if not hand.kitty:
        assert text == ""
        return
    seen = [t.number for t in hand.tricks if t.took_kitty or t.kitty_pending]
    # A set-aside last trick leaves its cards, the kitty with them, unclaimed.
    which = seen[0] if seen else hand.tricks[-1].number
    if not seen:
        assert hand.tricks[-1].set_aside and set(hand.kitty) <= set(hand.unclaimed)
    assert which == rules.kitty_trick
    assert (f"trick {which + 1}" in text) and (("last trick" in text) == (which == rules.hand_size - 1))


@pytest.mark.parametrize("name,players", TABLES)
def test_opening_lead_and_kitty_sentences_are_what_the_engine_plays(name, players):
    rng = random.Random(players)
    for rules in _variants(name, players):
        for seed in range(3):
            hand = Hand.deal(rules, seed=seed, hand_number=3 if rules.pass_offset(3) == 0 else 0, dealer=seed % players)
            if hand.phase == "pass":
                for seat in range(players):
                    hand.pass_cards(seat, rng.sample(hand.cards(seat), rules.pass_count))
            _opening_is_as_said(rules, hand)
            while hand.phase == "play":
                hand.play(rng.choice(hand.legal_moves()))
            _kitty_is_as_said(rules, hand)
        facts = RulesLab.facts(rules)
        assert html.escape(rules.opening_lead_text) in facts
        assert (html.escape(rules.kitty_text) in facts) if rules.kitty_size else "face down" not in facts


@pytest.mark.parametrize("name,players", TABLES)
def test_deck_explorer_says_what_the_rules_say(name, players):
    rules = Rules.preset(name, players=players)
    explorer = DeckExplorer(name, players)
    shown = explorer.view.value
    assert html.escape(rules.opening_lead_text) in shown
    if rules.kitty_size:
        assert html.escape(rules.kitty_text) in shown
    assert "trick 1" not in shown.replace("trick 1 is led with", "") or rules.kitty_trick == 0


@pytest.mark.parametrize("name,players", TABLES)
def test_passing_and_the_cycle_are_the_engines(name, players):
    for changes in ({}, {"pass_count": 0}, {"pass_schedule": (0,)}, {"pass_schedule": (1, 0, 0)}):
        rules = Rules.preset(name, players=players, **changes)
        offsets = [rules.pass_offset(h) for h in range(12)]
        passes = [Hand.deal(rules, seed=1, hand_number=h).phase == "pass" for h in range(12)]
        assert passes == [o != 0 for o in offsets]
        assert rules.passes_cards == any(passes)
        cycle = rules.pass_cycle
        assert all(offsets[h] == offsets[h % cycle] for h in range(12))
        schedule = RulesLab.schedule(rules)
        assert ("No passing" in schedule) == (not rules.passes_cards)
        if rules.passes_cards:
            assert f"repeating every {cycle} hand" in schedule
        assert pass_cycle_html(rules).count("<tr") == cycle + 1


def test_the_rules_lab_has_a_control_and_a_help_line_for_every_rule_field():
    import dataclasses

    from hearts_lab.rules import field_help
    from hearts_lab.widgets.rules_lab import FIELD_HELP

    fields = [f.name for f in dataclasses.fields(Rules) if f.init]
    assert list(field_help()) == fields and all(field_help().values())
    lab = RulesLab()
    for name in fields:
        assert name in lab.controls, name
        assert FIELD_HELP[name] == field_help()[name] == lab.controls[name].tooltip
